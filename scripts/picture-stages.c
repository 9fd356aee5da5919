/* The cold picture pipeline's cost per stage, in CPU time of the calling thread (so a loaded
 * machine slows it less than wall time; the load still costs cache misses): what
 * PictureDecoder does for one camera JPEG on a thumbnail-cache miss, stage by stage.
 *
 *   gcc -O2 -o /tmp/picture-stages scripts/picture-stages.c \
 *       $(pkg-config --cflags --libs gtk4 libexif)
 *   /tmp/picture-stages 256 140 /tmp/pooltable-bench-camera-2000/c0000*.jpg
 *
 * Arguments: the size folder's side (the decode's longer side: 256, `large`), the cell's side
 * (the texture covers it), then the files. Under valgrind --tool=callgrind with
 * --toggle-collect=stage_* each stage's instructions can be counted apart.
 */
#include <gtk/gtk.h>
#include <libexif/exif-data.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>

static double cpu_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

enum { READ, HEADER, EXIF, PLACEHOLDER, DECODE, COVER, TEXTURE, SURFACE, PNG, FULL, STAGES };
static const char *names[STAGES] = {
    "file read (whole file, page cache)", "header (gdk_pixbuf_get_file_info)",
    "EXIF read (libexif + its JPEG thumbnail)", "placeholder: EXIF thumbnail to cover size",
    "scaled decode (new_from_file_at_scale)", "scale to the cover size",
    "texture (gdk_texture_new_for_pixbuf)", "main thread: texture to cairo surface",
    "cache PNG write (tEXt keys, 0600)", "full decode, for comparison (new_from_file)"};
static double total[STAGES];
static int count[STAGES];

static void add(int stage, double start) { total[stage] += cpu_ms() - start; count[stage]++; }

__attribute__((noinline)) static void stage_read(const char *path) {
    gchar *data; gsize size;
    if (g_file_get_contents(path, &data, &size, NULL)) g_free(data);
}

__attribute__((noinline)) static GdkPixbuf *stage_exif(const char *path) {
    ExifData *ed = exif_data_new_from_file(path);
    if (!ed) return NULL;
    GdkPixbuf *pb = NULL;
    if (ed->data && ed->size > 4) {
        GdkPixbufLoader *l = gdk_pixbuf_loader_new_with_type("jpeg", NULL);
        if (gdk_pixbuf_loader_write(l, ed->data, ed->size, NULL) && gdk_pixbuf_loader_close(l, NULL)) {
            pb = gdk_pixbuf_loader_get_pixbuf(l);
            if (pb) g_object_ref(pb);
        }
        g_object_unref(l);
    }
    exif_data_unref(ed);
    return pb;
}

int main(int argc, char **argv) {
    if (argc < 4) { fprintf(stderr, "usage: %s FOLDER_SIDE CELL_SIDE FILE...\n", argv[0]); return 2; }
    int side = atoi(argv[1]), cell = atoi(argv[2]);
    char tmpl[] = "/tmp/picture-stages-XXXXXX";
    char *dir = g_mkdtemp(tmpl);
    int withExif = 0;
    for (int i = 3; i < argc; i++) {
        const char *path = argv[i];
        double t = cpu_ms();
        stage_read(path); add(READ, t);
        int w = 0, h = 0;
        t = cpu_ms();
        gdk_pixbuf_get_file_info(path, &w, &h); add(HEADER, t);
        double scale = (double)side / (w > h ? w : h);
        int tw = (int)(w * scale + 0.5), th = (int)(h * scale + 0.5);
        double cs = (double)cell / (tw < th ? tw : th);
        int cw = (int)(tw * cs + 0.5), ch = (int)(th * cs + 0.5);
        t = cpu_ms();
        GdkPixbuf *exif = stage_exif(path); add(EXIF, t);
        if (exif) {
            withExif++;
            t = cpu_ms();
            GdkPixbuf *p = gdk_pixbuf_scale_simple(exif, cw, ch, GDK_INTERP_BILINEAR);
            add(PLACEHOLDER, t);
            g_object_unref(p);
            g_object_unref(exif);
        }
        t = cpu_ms();
        GdkPixbuf *pb = gdk_pixbuf_new_from_file_at_scale(path, tw, th, FALSE, NULL); add(DECODE, t);
        if (!pb) { fprintf(stderr, "%s: not decoded\n", path); continue; }
        t = cpu_ms();
        GdkPixbuf *cover = gdk_pixbuf_scale_simple(pb, cw, ch, GDK_INTERP_BILINEAR); add(COVER, t);
        t = cpu_ms();
        GdkTexture *tex = gdk_texture_new_for_pixbuf(cover); add(TEXTURE, t);
        t = cpu_ms();
        cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, cw, ch);
        gdk_texture_download(tex, cairo_image_surface_get_data(s), cairo_image_surface_get_stride(s));
        cairo_surface_mark_dirty(s);
        add(SURFACE, t);
        cairo_surface_destroy(s);
        g_object_unref(tex);
        g_object_unref(cover);
        char *out = g_strdup_printf("%s/t%d.png", dir, i);
        char *uri = g_filename_to_uri(path, NULL, NULL);
        char *keys[] = {"tEXt::Thumb::URI", "tEXt::Thumb::MTime", "tEXt::Thumb::Size", NULL};
        char *values[] = {uri, "1700000000", "5000000", NULL};
        t = cpu_ms();
        gdk_pixbuf_savev(pb, out, "png", keys, values, NULL);
        chmod(out, 0600);
        add(PNG, t);
        unlink(out);
        g_free(out); g_free(uri);
        g_object_unref(pb);
        if (i < 3 + 4) {   /* the full decode is slow: four files */
            t = cpu_ms();
            GdkPixbuf *full = gdk_pixbuf_new_from_file(path, NULL); add(FULL, t);
            if (full) g_object_unref(full);
        }
    }
    rmdir(dir);
    printf("%d files (%d with an EXIF thumbnail), decoded at %d px (longer side), covering %d px; CPU ms per file:\n",
           argc - 3, withExif, side, cell);
    for (int s = 0; s < STAGES; s++)
        if (count[s]) printf("  %-46s %8.2f ms  (%d)\n", names[s], total[s] / count[s], count[s]);
    return 0;
}
