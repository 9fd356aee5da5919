#include <gtk/gtk.h>
#include <pango/pangocairo.h>
#include <glib-unix.h>
