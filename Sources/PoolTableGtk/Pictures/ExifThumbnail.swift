import CExif
import CGtk

/// The small picture a camera stores in a JPEG's EXIF block (IFD1), read with libexif (the
/// EXIF library GNOME's image viewer uses; gdk-pixbuf reads only the orientation from EXIF).
/// libexif reads the head of the file up to the end of the EXIF block, never the picture.
struct ExifThumbnail {
    /// The embedded picture as stored (not turned upright).
    let pixbuf: Pixbuf
    /// The main picture's EXIF orientation, 1 to 8 (1 when there is none): the embedded
    /// picture is stored the same way round as the main one.
    let orientation: Int

    /// `path`'s embedded thumbnail; nil if it has no EXIF block, no JPEG thumbnail in it, or
    /// one gdk-pixbuf cannot read.
    static func read(_ path: String) -> ExifThumbnail? {
        guard let data = exif_data_new_from_file(path) else { return nil }
        defer { exif_data_unref(data) }
        guard let bytes = data.pointee.data, data.pointee.size > 4, bytes[0] == 0xff, bytes[1] == 0xd8 else { return nil }
        guard let loader = gdk_pixbuf_loader_new_with_type("jpeg", nil) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(loader)) }
        let wrote = gdk_pixbuf_loader_write(loader, bytes, gsize(data.pointee.size), nil) != 0
        let closed = gdk_pixbuf_loader_close(loader, nil) != 0
        guard wrote, closed, let made = gdk_pixbuf_loader_get_pixbuf(loader) else { return nil }
        g_object_ref(UnsafeMutableRawPointer(made))
        var orientation = 1
        if let ifd0 = data.pointee.ifd.0, let entry = exif_content_get_entry(ifd0, EXIF_TAG_ORIENTATION),
           entry.pointee.format == EXIF_FORMAT_SHORT, entry.pointee.components >= 1, let value = entry.pointee.data {
            let read = Int(exif_get_short(value, exif_data_get_byte_order(data)))
            if (1...8).contains(read) { orientation = read }
        }
        return ExifThumbnail(pixbuf: Pixbuf(adopting: made), orientation: orientation)
    }

    /// True when the embedded picture has the main picture's shape (within 2 %): cameras pad a
    /// 3:2 or 16:9 picture's thumbnail to 4:3 with black bars, which must not be shown.
    func hasShape(width: Int, height: Int) -> Bool {
        let embedded = Double(pixbuf.width) / Double(max(1, pixbuf.height)), main = Double(width) / Double(max(1, height))
        return abs(embedded - main) <= 0.02 * main
    }

    /// The embedded picture scaled to `width` x `height` and turned upright by the main
    /// picture's orientation.
    func upright(width: Int, height: Int) -> Pixbuf? {
        guard let scaled = pixbuf.scaled(width: width, height: height) else { return nil }
        // A scaled copy has no options; the original embedded one has none either.
        let target: Pixbuf
        if scaled === pixbuf {
            guard let copy = gdk_pixbuf_copy(pixbuf.pixbuf) else { return nil }
            target = Pixbuf(adopting: copy)
        } else {
            target = scaled
        }
        if orientation != 1 { gdk_pixbuf_set_option(target.pixbuf, "orientation", "\(orientation)") }
        return target.upright()
    }
}
