/* Explicit registration of the generated GResource bundle.
 * pooltable-resources.c is generated with --manual-register (no constructor),
 * so nothing is registered until pooltable_resources_register() runs. */
#include <gio/gio.h>
#include "PoolTableResources.h"

/* Defined in the generated pooltable-resources.c. */
GResource *pooltable_resources_get_resource(void);
void pooltable_resources_register_resource(void);
void pooltable_resources_unregister_resource(void);

const char *const pooltable_resources_base_path = "/io/github/pooltable/PoolTable";

G_LOCK_DEFINE_STATIC(registration);
static gboolean registered = FALSE;

void pooltable_resources_register(void)
{
    G_LOCK(registration);
    if (!registered) {
        /* g_static_resource_init() queues the bundle; g_static_resource_get_resource()
         * then performs the g_resources_register() at once. */
        pooltable_resources_register_resource();
        if (pooltable_resources_get_resource() == NULL)
            g_critical("PoolTableResources: the compiled GResource bundle could not be loaded");
        registered = TRUE;
    }
    G_UNLOCK(registration);
}

void pooltable_resources_unregister(void)
{
    G_LOCK(registration);
    if (registered) {
        pooltable_resources_unregister_resource();
        registered = FALSE;
    }
    G_UNLOCK(registration);
}
