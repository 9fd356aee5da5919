// libexif (Debian: libexif-dev) for Swift: the EXIF block of a JPEG, its embedded thumbnail
// (IFD1) and tags. Used by PoolTableGtk's Pictures/ExifThumbnail.swift.
#include <libexif/exif-data.h>
#include <libexif/exif-loader.h>
