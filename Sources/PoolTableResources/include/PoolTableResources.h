/* PoolTableResources: the app's GResource bundle (style.css, the shortcuts
 * window gtk/help-overlay.ui and the app icon) compiled into the binary under
 * /io/github/pooltable/PoolTable.
 *
 * Deliberately free of GLib headers, so that Swift can import this module
 * without any pkg-config flags.
 */
#ifndef POOLTABLE_RESOURCES_H
#define POOLTABLE_RESOURCES_H

#ifdef __cplusplus
extern "C" {
#endif

/* Registers the bundle with g_resources_register(). Idempotent and
 * thread-safe; call it once at start-up, before g_application_run(). */
void pooltable_resources_register(void);

/* Removes the bundle again (rarely needed; for tests). */
void pooltable_resources_unregister(void);

/* The resource path prefix, "/io/github/pooltable/PoolTable". */
extern const char *const pooltable_resources_base_path;

#ifdef __cplusplus
}
#endif

#endif
