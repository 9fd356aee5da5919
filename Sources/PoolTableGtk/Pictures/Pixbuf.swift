import CGtk

/// A `GdkPixbuf` owned from Swift: one reference, dropped when the object goes. The picture
/// decoders pass these from step to step on a worker thread (a pixbuf is not shared while
/// they do).
final class Pixbuf: @unchecked Sendable {
    /// The `GdkPixbuf *` (owned: one reference).
    let pixbuf: OpaquePointer

    /// Takes over one reference to `pixbuf`.
    init(adopting pixbuf: OpaquePointer) { self.pixbuf = pixbuf }

    deinit { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }

    var width: Int { Int(gdk_pixbuf_get_width(pixbuf)) }
    var height: Int { Int(gdk_pixbuf_get_height(pixbuf)) }

    /// The option gdk-pixbuf read with the picture ("orientation", "tEXt::Thumb::URI"…), if any.
    func option(_ key: String) -> String? { gdk_pixbuf_get_option(pixbuf, key).map { String(cString: $0) } }

    /// The picture scaled to `width` x `height` (itself if it is that size already).
    func scaled(width: Int, height: Int) -> Pixbuf? {
        if width == self.width && height == self.height { return self }
        return gdk_pixbuf_scale_simple(pixbuf, Int32(width), Int32(height), GDK_INTERP_BILINEAR).map(Pixbuf.init(adopting:))
    }

    /// The picture turned upright by its "orientation" option (EXIF), or itself.
    func upright() -> Pixbuf? { gdk_pixbuf_apply_embedded_orientation(pixbuf).map(Pixbuf.init(adopting:)) }

    /// The smallest size, keeping the aspect ratio, whose shorter side is `side` (never larger
    /// than the picture): what covers a `side` x `side` square.
    func coverSize(side: Int) -> (width: Int, height: Int) {
        Self.coverSize(width: width, height: height, side: side)
    }

    /// `width` x `height` scaled so that the shorter side is `side`, never enlarged.
    static func coverSize(width: Int, height: Int, side: Int) -> (width: Int, height: Int) {
        let scale = min(1, Double(side) / Double(max(1, min(width, height))))
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }

    /// `width` x `height` scaled so that the longer side is `side`, never enlarged.
    static func fitSize(width: Int, height: Int, side: Int) -> (width: Int, height: Int) {
        let scale = min(1, Double(side) / Double(max(1, max(width, height))))
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }

    /// The message of `error`, freeing it; `fallback` when there is none.
    static func message(_ error: UnsafeMutablePointer<GError>?, or fallback: String) -> String {
        guard let error else { return fallback }
        defer { g_error_free(error) }
        return error.pointee.message.map { String(cString: $0) } ?? fallback
    }
}
