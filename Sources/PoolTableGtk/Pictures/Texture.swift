import CGtk
import PoolTable

/// A `GdkTexture` owned from Swift: one reference, dropped when the object goes. The shell's
/// canvases draw an `Image` whose `backing` is a `Texture` straight from it.
public final class Texture: @unchecked Sendable {
    /// The `GdkTexture *` (owned: one reference).
    public let texture: OpaquePointer

    /// Takes over one reference to `texture` (a `GdkTexture *`).
    public init(adopting texture: OpaquePointer) { self.texture = texture }

    deinit { g_object_unref(UnsafeMutableRawPointer(texture)) }

    /// The texture's size in pixels.
    public var pixelSize: (width: Int, height: Int) {
        (Int(gdk_texture_get_width(texture)), Int(gdk_texture_get_height(texture)))
    }
}

/// Images from GDK textures.
extension Image {
    /// An image the shell's canvases draw from `texture` (no copy of its pixels).
    public convenience init(texture: Texture) {
        let size = texture.pixelSize
        self.init(width: size.width, height: size.height, backing: texture)
    }
}

/// What the shell's canvases made of an `Image` (kept in `Image.canvasCache`, so a picture
/// drawn every frame is converted once): a texture for render nodes, a surface for cairo.
@MainActor
final class ImageCanvasCache {
    private var texture: Texture?
    private var surface: CairoSurface?

    /// A cairo surface owned from Swift.
    private final class CairoSurface: @unchecked Sendable {
        let surface: OpaquePointer
        init(adopting surface: OpaquePointer) { self.surface = surface }
        deinit { cairo_surface_destroy(surface) }
    }

    static func of(_ image: Image) -> ImageCanvasCache {
        if let cache = image.canvasCache as? ImageCanvasCache { return cache }
        let cache = ImageCanvasCache()
        image.canvasCache = cache
        return cache
    }

    /// The image as a `GdkTexture *` (not owned: lives as long as the image); nil for an empty image.
    static func texture(for image: Image) -> OpaquePointer? {
        guard image.width > 0 else { return nil }
        if let backing = image.backing as? Texture { return backing.texture }
        let cache = of(image)
        if let texture = cache.texture { return texture.texture }
        guard let pixels = image.pixels else { return nil }
        let made: OpaquePointer? = pixels.withUnsafeBytes { raw in
            guard let bytes = g_bytes_new(raw.baseAddress, gsize(raw.count)) else { return nil }
            defer { g_bytes_unref(bytes) }
            return gdk_memory_texture_new(Int32(image.width), Int32(image.height), GDK_MEMORY_B8G8R8A8_PREMULTIPLIED,
                                          bytes, gsize(image.width * 4))
        }
        guard let made else { return nil }
        cache.texture = Texture(adopting: made)
        return made
    }

    /// The image as a cairo ARGB32 image surface (not owned); nil for an empty image.
    static func surface(for image: Image) -> OpaquePointer? {
        guard image.width > 0 else { return nil }
        let cache = of(image)
        if let surface = cache.surface { return surface.surface }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(image.width), Int32(image.height)) else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface)), row = image.width * 4
        if let pixels = image.pixels {
            pixels.withUnsafeBytes { src in
                for y in 0..<image.height {
                    (data + y * stride).update(from: src.baseAddress!.assumingMemoryBound(to: UInt8.self) + y * row, count: row)
                }
            }
        } else if let backing = image.backing as? Texture {
            gdk_texture_download(backing.texture, data, gsize(stride))
        } else {
            cairo_surface_destroy(surface)
            return nil
        }
        cairo_surface_mark_dirty(surface)
        cache.surface = CairoSurface(adopting: surface)
        return surface
    }
}
