// LD_PRELOAD damage probe (scripts/damage-width.sh): logs the extents of every region
// libgtk-4 passes to cairo_region_get_extents, with the call site's offset in libgtk-4.
// Appends (the bench's `frames` script writes a "step KIND" line to the same file before
// each scripted frame: scripts/damage-tick.sh).
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <cairo.h>
#include <string.h>
static void (*real)(const cairo_region_t *, cairo_rectangle_int_t *);
static FILE *out;
void cairo_region_get_extents(const cairo_region_t *region, cairo_rectangle_int_t *extents) {
    if (!real) real = dlsym(RTLD_NEXT, "cairo_region_get_extents");
    real(region, extents);
    void *ra = __builtin_return_address(0);
    Dl_info info;
    if (dladdr(ra, &info) && info.dli_fname && strstr(info.dli_fname, "libgtk-4")) {
        if (!out) { const char *p = getenv("DAMAGE_LOG"); out = fopen(p ? p : "/tmp/damage.log", "a"); setvbuf(out, NULL, _IOLBF, 0); }
        fprintf(out, "%lx %d %d %d %d %d\n", (unsigned long)((char *)ra - (char *)info.dli_fbase),
                extents->x, extents->y, extents->width, extents->height, cairo_region_num_rectangles(region));
    }
}
