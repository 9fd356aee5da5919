import CGtk
import Glibc
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

    /// A cropped picture's geometry, in device pixels: its size, where the picture's corner is
    /// in it, and the corners' radius.
    struct RoundedKey: Equatable { var width: Int, height: Int, dx: Int, dy: Int, radius: Double }

    /// Gives `image` the cairo surface made for it off the main thread (`CairoSurface.make`),
    /// so its first draw under the cairo renderer does not convert its pixels.
    static func adopt(_ surface: CairoSurface, for image: Image) {
        let cache = of(image)
        if cache.surface == nil { cache.surface = surface }
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
        let made: CairoSurface?
        if let pixels = image.pixels {
            made = CairoSurface.make(width: image.width, height: image.height) { data, stride in
                let row = image.width * 4
                pixels.withUnsafeBytes { src in
                    for y in 0..<image.height {
                        (data + y * stride).update(from: src.baseAddress!.assumingMemoryBound(to: UInt8.self) + y * row, count: row)
                    }
                }
            }
        } else if let backing = image.backing as? Texture {
            made = CairoSurface.make(from: backing)
        } else {
            made = nil
        }
        cache.surface = made
        return made?.surface
    }
}

/// A cairo ARGB32 image surface owned from Swift. Made on any thread (a decoding worker makes
/// a picture's surface beside its texture), used on the main thread.
final class CairoSurface: @unchecked Sendable {
    let surface: OpaquePointer
    init(adopting surface: OpaquePointer) { self.surface = surface }
    deinit { cairo_surface_destroy(surface) }

    /// A new surface filled by `fill` (its data and stride); nil if cairo could not make one.
    /// Its pixels have a mapping of their own (`PixelMapping`) from `PixelMapping.minimumBytes` up.
    static func make(width: Int, height: Int, fill: (UnsafeMutablePointer<UInt8>, Int) -> Void) -> CairoSurface? {
        guard width > 0, height > 0,
              let surface = PixelMapping.surface(width: width, height: height) ?? cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        cairo_surface_flush(surface)
        fill(data, Int(cairo_image_surface_get_stride(surface)))
        cairo_surface_mark_dirty(surface)
        return CairoSurface(adopting: surface)
    }

    /// A texture over this surface's pixels (no copy: it keeps the surface alive), in
    /// `GDK_MEMORY_B8G8R8A8_PREMULTIPLIED`, which is cairo's ARGB32 on a little-endian machine.
    /// The surface must not be drawn into any more. Nil on a big-endian machine.
    func sharingTexture() -> Texture? {
        guard 1.littleEndian == 1, let data = cairo_image_surface_get_data(surface) else { return nil }
        let width = cairo_image_surface_get_width(surface), height = cairo_image_surface_get_height(surface)
        let stride = cairo_image_surface_get_stride(surface)
        cairo_surface_reference(surface)
        guard let bytes = g_bytes_new_with_free_func(data, gsize(Int(stride) * Int(height)),
                                                     { cairo_surface_destroy(OpaquePointer($0)) }, UnsafeMutableRawPointer(surface)) else {
            cairo_surface_destroy(surface)
            return nil
        }
        defer { g_bytes_unref(bytes) }
        return gdk_memory_texture_new(width, height, GDK_MEMORY_B8G8R8A8_PREMULTIPLIED, bytes, gsize(stride)).map(Texture.init(adopting:))
    }

    /// `texture`'s pixels converted to cairo's premultiplied ARGB32 (any thread: a texture is immutable).
    static func make(from texture: Texture) -> CairoSurface? {
        let size = texture.pixelSize
        return make(width: size.width, height: size.height) { data, stride in gdk_texture_download(texture.texture, data, gsize(stride)) }
    }
}

/// The pixels of a picture's cairo surface in an anonymous mapping of their own, unmapped
/// when the surface goes, instead of in malloc's heap.
///
/// Pictures are made on the decoding threads, and glibc gives each thread an arena of its own:
/// a cached picture (105 KB for a 140 px cell) lived between the decoder's short-lived buffers
/// (the scaled decode, the upright and scaled copies, a few hundred KB each), and the arenas
/// held about twice the pictures' bytes (docs/bench/PHOTOS.md, issue 37: 18.6 MiB of arenas for
/// 10.7 MiB of pictures and waiting thumbnails). A mapping of its own costs the page rounding
/// (under 4 %) and goes back to the system the moment the picture is dropped.
enum PixelMapping {
    /// Surfaces smaller than this stay in malloc's heap (icons, badges).
    static let minimumBytes = 32 << 10

    /// An ARGB32 image surface over a new mapping; nil if the size is under `minimumBytes` or
    /// the mapping failed (then make one the usual way).
    static func surface(width: Int, height: Int) -> OpaquePointer? {
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        guard stride > 0, height > 0, stride * height >= minimumBytes else { return nil }
        let length = stride * height
        guard let data = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), data != MAP_FAILED else { return nil }
        guard let surface = cairo_image_surface_create_for_data(data.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                                                Int32(width), Int32(height), Int32(stride)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            munmap(data, length)
            return nil
        }
        let mapping = Unmanaged.passRetained(Mapping(data: data, length: length)).toOpaque()
        guard cairo_surface_set_user_data(surface, &key, mapping, { Unmanaged<Mapping>.fromOpaque($0!).release() }) == CAIRO_STATUS_SUCCESS else {
            Unmanaged<Mapping>.fromOpaque(mapping).release()
            cairo_surface_destroy(surface)
            return nil
        }
        return surface
    }

    /// The mapping, unmapped when the surface that owns it is finalized.
    private final class Mapping {
        let data: UnsafeMutableRawPointer, length: Int
        init(data: UnsafeMutableRawPointer, length: Int) { self.data = data; self.length = length }
        deinit { munmap(data, length) }
    }

    /// The surface's user-data key (only its address matters).
    nonisolated(unsafe) private static var key = cairo_user_data_key_t()
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
    /// Whether cairo nodes put a picture drawn at its own size on whole pixels, unfiltered
    /// (see `append`); `POOLTABLE_IMAGE_SNAP=0` turns it off (for measuring and comparing
    /// screenshots). Read once.
    static let snapsPicturesAtOwnSize: Bool = getenv("POOLTABLE_IMAGE_SNAP").map { String(cString: $0) != "0" } ?? true

    /// Appends `image` drawn into `bounds` (the snapshot's coordinates; the image's size scaled
    /// to that rectangle) to `snapshot` as `kind` says; false if the image has nothing to draw from.
    ///
    /// A cairo node drawing the image at its own size (`bounds` is its pixel size at
    /// `pixelScale`, as a thumbnail decoded for its cell is) puts it on whole device pixels and
    /// samples it with `CAIRO_FILTER_FAST`: GSK's cairo renderer replays the node every frame,
    /// and at a fractional position (a scrolled cell, a picture centred in a cell it
    /// overflows by an odd number of pixels) the default filter interpolated every pixel of
    /// every picture every frame — most of a scrolling Photos frame (docs/bench/PHOTOS.md).
    /// Pixels land on pixels either way; a fractional scroll offset moves the picture by
    /// under half a pixel instead of blurring it.
    static func append(_ image: Image, in bounds: graphene_rect_t, to snapshot: OpaquePointer, kind: ImageNodeKind? = nil,
                       pixelScale: Double = 1) -> Bool {
        let kind = kind ?? .current
        var bounds = bounds
        switch kind {
        case .texture:
            guard let texture = texture(for: image) else { return false }
            gtk_snapshot_append_texture(snapshot, texture, &bounds)
        case .cairo:
            let atOwnSize = snapsPicturesAtOwnSize && pixelScale > 0 && Int((Double(bounds.size.width) * pixelScale).rounded()) == image.width
                && Int((Double(bounds.size.height) * pixelScale).rounded()) == image.height
            if atOwnSize {
                bounds.origin.x = Float((Double(bounds.origin.x) * pixelScale).rounded() / pixelScale)
                bounds.origin.y = Float((Double(bounds.origin.y) * pixelScale).rounded() / pixelScale)
            }
            guard let surface = surface(for: image), let cairo = gtk_snapshot_append_cairo(snapshot, &bounds) else { return false }
            cairo_translate(cairo, Double(bounds.origin.x), Double(bounds.origin.y))
            cairo_scale(cairo, Double(bounds.size.width) / Double(image.width), Double(bounds.size.height) / Double(image.height))
            cairo_set_source_surface(cairo, surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cairo), atOwnSize ? CAIRO_FILTER_FAST : CAIRO_FILTER_GOOD)
            cairo_paint(cairo)
            cairo_destroy(cairo)
        }
        return true
    }
}

extension ImageCanvasCache {
    /// Appends `image` at its own size, placed at `placed`, clipped to `clip` rounded by
    /// `radius` (all in the snapshot's coordinates), as one cairo node; false (nothing
    /// appended) unless the image is drawn at its own size at `pixelScale` and pictures are
    /// cairo nodes.
    ///
    /// The same pixels as a rounded clip node around `append`'s cairo node, at a fraction of
    /// the cost: GSK's cairo renderer clips every frame with the rounded path (antialiased
    /// spans for every row of every picture). Here the picture's surface is painted straight
    /// through whole-pixel boxes (all but the corners' squares) and the four corners through an
    /// 8-bit mask made once for all pictures of that geometry (`RoundedMasks`). Until issue 37
    /// each picture kept a cropped copy with its corners made once: a second copy of three
    /// quarters of every picture drawn (about 7 MiB in a cold Photos fling); a mask over the
    /// whole picture cost 40 % more paint time, hence the corners alone.
    static func appendRounded(_ image: Image, placed: graphene_rect_t, clip: graphene_rect_t, radius: Double,
                              to snapshot: OpaquePointer, pixelScale: Double, kind: ImageNodeKind? = nil) -> Bool {
        guard snapsPicturesAtOwnSize, (kind ?? .current) == .cairo, pixelScale > 0, image.width > 0, image.height > 0,
              Int((Double(placed.size.width) * pixelScale).rounded()) == image.width,
              Int((Double(placed.size.height) * pixelScale).rounded()) == image.height else { return false }
        func device(_ v: Float) -> Int { Int((Double(v) * pixelScale).rounded()) }
        let x = device(clip.origin.x), y = device(clip.origin.y)
        let key = RoundedKey(width: device(clip.origin.x + clip.size.width) - x, height: device(clip.origin.y + clip.size.height) - y,
                             dx: device(placed.origin.x) - x, dy: device(placed.origin.y) - y, radius: radius * pixelScale)
        guard key.width > 0, key.height > 0, let source = surface(for: image) else { return false }
        let w = key.width, h = key.height
        let corner = min(Int(min(key.radius, Double(w) / 2, Double(h) / 2).rounded(.up)), w / 2, h / 2)
        let mask = corner > 0 ? RoundedMasks.mask(width: w, height: h, radius: key.radius) : nil
        if corner > 0 && mask == nil { return false }
        var bounds = graphene_rect_t(origin: .init(x: Float(Double(x) / pixelScale), y: Float(Double(y) / pixelScale)),
                                     size: .init(width: Float(Double(w) / pixelScale), height: Float(Double(h) / pixelScale)))
        guard let cairo = gtk_snapshot_append_cairo(snapshot, &bounds) else { return false }
        cairo_translate(cairo, Double(bounds.origin.x), Double(bounds.origin.y))
        cairo_scale(cairo, 1 / pixelScale, 1 / pixelScale)
        cairo_set_source_surface(cairo, source, Double(key.dx), Double(key.dy))
        cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_FAST)
        // All but the corners' squares: whole-pixel boxes, a plain copy.
        let c = Double(corner), dw = Double(w), dh = Double(h)
        cairo_rectangle(cairo, c, 0, dw - 2 * c, dh)
        if corner > 0 {
            cairo_rectangle(cairo, 0, c, c, dh - 2 * c)
            cairo_rectangle(cairo, dw - c, c, c, dh - 2 * c)
        }
        cairo_fill(cairo)
        if let mask {
            // The corners through the mask.
            cairo_rectangle(cairo, 0, 0, c, c)
            cairo_rectangle(cairo, dw - c, 0, c, c)
            cairo_rectangle(cairo, 0, dh - c, c, c)
            cairo_rectangle(cairo, dw - c, dh - c, c, c)
            cairo_clip(cairo)
            cairo_mask_surface(cairo, mask.surface, 0, 0)
        }
        cairo_destroy(cairo)
        return true
    }

    /// Rounded-rectangle masks (A8) by size and radius, shared by every picture drawn with
    /// them; the few most recently used are kept (cells share one size; an animation that
    /// resizes them makes a new one a frame).
    @MainActor enum RoundedMasks {
        private static var masks: [(width: Int, height: Int, radius: Double, surface: CairoSurface)] = []
        /// How many masks are kept.
        static let kept = 8

        /// The mask for a `width` x `height` rectangle with corners of `radius` (device pixels).
        static func mask(width: Int, height: Int, radius: Double) -> CairoSurface? {
            if let i = masks.firstIndex(where: { $0.width == width && $0.height == height && $0.radius == radius }) {
                let found = masks.remove(at: i)
                masks.append(found)
                return found.surface
            }
            guard let made = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height)) else { return nil }
            guard cairo_surface_status(made) == CAIRO_STATUS_SUCCESS else { cairo_surface_destroy(made); return nil }
            let cairo = cairo_create(made)!
            roundedRectPath(cairo, width: Double(width), height: Double(height), radius: radius)
            cairo_set_source_rgba(cairo, 0, 0, 0, 1)
            cairo_fill(cairo)
            cairo_destroy(cairo)
            cairo_surface_flush(made)
            let surface = CairoSurface(adopting: made)
            masks.append((width, height, radius, surface))
            if masks.count > kept { masks.removeFirst() }
            return surface
        }
    }

    /// A rounded rectangle's path from (0, 0), as GSK's rounded clip draws one with equal
    /// circular corners.
    private static func roundedRectPath(_ cairo: OpaquePointer, width: Double, height: Double, radius: Double) {
        let r = min(radius, width / 2, height / 2)
        guard r > 0 else { return cairo_rectangle(cairo, 0, 0, width, height) }
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, width - r, r, r, -Double.pi / 2, 0)
        cairo_arc(cairo, width - r, height - r, r, 0, Double.pi / 2)
        cairo_arc(cairo, r, height - r, r, Double.pi / 2, Double.pi)
        cairo_arc(cairo, r, r, r, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cairo)
    }
}
