#include <gtk/gtk.h>
#include <pango/pangocairo.h>
#include <glib-unix.h>
#include <malloc.h>   /* malloc_trim (PoolTableGtk HeapTrimmer) */
