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

/// How the retained canvas (`SnapshotCanvas`) puts a picture into its render nodes: a texture
/// node, or a cairo node that paints the picture's cached cairo surface.
///
/// Measured (`pooltable-bench photos --image-nodes`, docs/bench/PHOTOS.md): GSK 4.8's cairo
/// renderer makes a new cairo surface from a texture node every frame, so a frame of 35
/// retained picture cells cost it 2.5 ms of CPU with texture nodes and 0.5 ms with cairo
/// nodes (the same pixels); the GL renderer caches either (12.1 against 11.7 ms, within the
/// noise) and a cairo node would keep a second copy of each picture, so GL keeps textures.
enum ImageNodeKind: Sendable {
    case texture, cairo

    /// The kind for this process's renderer: cairo nodes when GTK draws with cairo
    /// (`GSK_RENDERER=cairo`, or no GL for the display), texture nodes otherwise;
    /// `POOLTABLE_IMAGE_NODE=texture` or `cairo` overrides it (for measuring). Decided once,
    /// at the first picture drawn.
    @MainActor static let current: ImageNodeKind = {
        if let value = getenv("POOLTABLE_IMAGE_NODE").map({ String(cString: $0) }), value == "cairo" || value == "texture" {
            return value == "cairo" ? .cairo : .texture
        }
        return rendererIsCairo ? .cairo : .texture
    }()

    /// Whether GTK renders this process's windows with cairo: as GSK 4.8 chooses, `GSK_RENDERER`
    /// first, then GL if the display can make a GL context.
    @MainActor static var rendererIsCairo: Bool {
        if let value = getenv("GSK_RENDERER").map({ String(cString: $0) }), !value.isEmpty { return value == "cairo" }
        guard let display = gdk_display_get_default() else { return true }
        var error: UnsafeMutablePointer<GError>?
        let ok = gdk_display_prepare_gl(display, &error) != 0
        if let error { g_error_free(error) }
        return !ok
    }
}

extension ImageCanvasCache {
    /// Appends `image` drawn into `bounds` (the snapshot's coordinates; the image's size scaled
    /// to that rectangle) to `snapshot` as `kind` says; false if the image has nothing to draw from.
    static func append(_ image: Image, in bounds: graphene_rect_t, to snapshot: OpaquePointer, kind: ImageNodeKind? = nil) -> Bool {
        let kind = kind ?? .current
        var bounds = bounds
        switch kind {
        case .texture:
            guard let texture = texture(for: image) else { return false }
            gtk_snapshot_append_texture(snapshot, texture, &bounds)
        case .cairo:
            guard let surface = surface(for: image), let cairo = gtk_snapshot_append_cairo(snapshot, &bounds) else { return false }
            cairo_translate(cairo, Double(bounds.origin.x), Double(bounds.origin.y))
            cairo_scale(cairo, Double(bounds.size.width) / Double(image.width), Double(bounds.size.height) / Double(image.height))
            cairo_set_source_surface(cairo, surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_GOOD)
            cairo_paint(cairo)
            cairo_destroy(cairo)
        }
        return true
    }
}
