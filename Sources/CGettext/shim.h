// glibc's gettext (libintl.h) and locale.h for Swift: Swift's Glibc module leaves libintl out.
// Nothing to link: both are part of the C library.
#include <libintl.h>
#include <locale.h>
