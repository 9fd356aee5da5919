import CGtk

/// An ARGB32 cairo image surface with a context on it: what tests and `renderToImage()`
/// draw into. Sizes are logical pixels; the surface holds `scale`× as many device pixels.
public final class CairoImage {
    /// The `cairo_surface_t *` (owned).
    public let surface: OpaquePointer
    /// A `cairo_t *` on the surface (owned).
    public let cairo: OpaquePointer
    /// The width in logical pixels (at least 1).
    public let width: Int
    /// The height in logical pixels (at least 1).
    public let height: Int
    /// Device pixels per logical pixel (at least 1).
    public let scale: Double

    /// A transparent image of `width` by `height` logical pixels at `scale`.
    public init(width: Int, height: Int, scale: Double = 1) {
        self.width = max(1, width)
        self.height = max(1, height)
        self.scale = max(1, scale)
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(Double(self.width) * self.scale),
                                             Int32(Double(self.height) * self.scale))
        cairo_surface_set_device_scale(surface, self.scale, self.scale)
        cairo = cairo_create(surface)
    }

    deinit {
        cairo_destroy(cairo)
        cairo_surface_destroy(surface)
    }

    /// Device pixels across.
    public var pixelWidth: Int { Int(cairo_image_surface_get_width(surface)) }
    /// Device pixels down.
    public var pixelHeight: Int { Int(cairo_image_surface_get_height(surface)) }

    /// Writes the image as a PNG; false on failure.
    @discardableResult
    public func writePNG(to path: String) -> Bool {
        cairo_surface_flush(surface)
        return cairo_surface_write_to_png(surface, path) == CAIRO_STATUS_SUCCESS
    }

    /// A 64-bit FNV-1a hash of every pixel: equal images give equal checksums.
    public var pixelChecksum: UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        forEachRow { row in
            for byte in row {
                hash ^= UInt64(byte)
                hash &*= 0x100_0000_01b3
            }
        }
        return hash
    }

    /// How many device pixels differ from `other` (images of different sizes differ everywhere).
    public func differingPixels(from other: CairoImage) -> Int {
        guard pixelWidth == other.pixelWidth, pixelHeight == other.pixelHeight else { return max(pixelWidth * pixelHeight, 1) }
        cairo_surface_flush(surface)
        cairo_surface_flush(other.surface)
        let stride = Int(cairo_image_surface_get_stride(surface)), otherStride = Int(cairo_image_surface_get_stride(other.surface))
        guard let a = cairo_image_surface_get_data(surface), let b = cairo_image_surface_get_data(other.surface) else { return 0 }
        var count = 0
        for y in 0..<pixelHeight {
            let ra = UnsafeRawPointer(a + y * stride).assumingMemoryBound(to: UInt32.self)
            let rb = UnsafeRawPointer(b + y * otherStride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<pixelWidth where ra[x] != rb[x] { count += 1 }
        }
        return count
    }

    /// The colour of a device pixel as (red, green, blue, alpha) bytes, un-premultiplied.
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        guard x >= 0, y >= 0, x < pixelWidth, y < pixelHeight, let data = cairo_image_surface_get_data(surface) else {
            return (0, 0, 0, 0)
        }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let argb = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)[x]
        let a = UInt8(argb >> 24)
        func channel(_ shift: UInt32) -> UInt8 {
            let v = UInt32((argb >> shift) & 0xff)
            return a == 0 ? 0 : UInt8(min(255, v * 255 / UInt32(a)))
        }
        return (channel(16), channel(8), channel(0), a)
    }

    private func forEachRow(_ body: (UnsafeRawBufferPointer) -> Void) {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return }
        let stride = Int(cairo_image_surface_get_stride(surface)), rowBytes = pixelWidth * 4
        for y in 0..<pixelHeight { body(UnsafeRawBufferPointer(start: data + y * stride, count: rowBytes)) }
    }
}
