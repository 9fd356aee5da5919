import Logging

/// A picture a cell draws through the canvas (`Canvas.drawImage`). Immutable: its pixels or
/// its host object never change, so a retaining canvas may keep what it made of it (a
/// texture, a cairo surface) for as long as the image lives.
///
/// The engine never decodes files. An image is either pixels in cairo's ARGB32 layout
/// (premultiplied alpha, bytes B, G, R, A on little-endian machines, rows `width * 4` bytes
/// apart), or whatever a host made (`backing`: the GTK shell's textures).
public final class Image: @unchecked Sendable {
    /// Width in pixels (never negative).
    public let width: Int
    /// Height in pixels (never negative).
    public let height: Int
    /// The pixels, premultiplied BGRA, `width * height * 4` bytes; nil for a host image.
    public let pixels: [UInt8]?
    /// What the host made the picture with (a GdkTexture's owner in the GTK shell); nil for pixels.
    public let backing: AnyObject?

    /// What a canvas made of this image for drawing (a texture, a surface), kept with it so
    /// that a frame re-drawing the same picture converts nothing. Only canvases touch it.
    @MainActor public var canvasCache: AnyObject?

    /// An image of `width` x `height` pixels in cairo's ARGB32 byte order, premultiplied.
    ///
    /// Bad sizes degrade: negative or absurd dimensions become 0 (an empty image that draws
    /// nothing), and a pixel buffer of the wrong length is cut or padded with transparent
    /// pixels, with a logged warning.
    public init(width: Int, height: Int, premultipliedBGRA pixels: [UInt8]) {
        let (w, h) = Self.sanitized(width, height)
        let expected = w * h * 4
        var bytes = pixels
        if bytes.count != expected {
            Self.logger.warning("PoolTable: Image(\(width)x\(height)) got \(pixels.count) bytes of pixels, expected \(expected); cut or padded with transparent pixels")
            if bytes.count > expected { bytes.removeLast(bytes.count - expected) } else { bytes += repeatElement(0, count: expected - bytes.count) }
        }
        self.width = w
        self.height = h
        self.pixels = bytes
        self.backing = nil
    }

    /// An image the host made: `backing` is whatever its canvases know how to draw (the GTK
    /// shell's canvases draw its textures); `width` and `height` are its size in pixels.
    public init(width: Int, height: Int, backing: AnyObject) {
        (self.width, self.height) = Self.sanitized(width, height)
        self.pixels = nil
        self.backing = backing
    }

    /// The image's size in pixels.
    public var size: Size { Size(width: Double(width), height: Double(height)) }

    /// The bytes the image holds in memory: its pixels, or `width * height * 4` for a host image.
    public var byteCount: Int { pixels?.count ?? width * height * 4 }

    /// Dimensions past this many pixels a side are refused (GTK's textures and cairo's
    /// surfaces stop at 32,767).
    public static let maximumDimension = 32_767

    private static func sanitized(_ width: Int, _ height: Int) -> (Int, Int) {
        guard width > 0, height > 0, width <= maximumDimension, height <= maximumDimension else {
            if width != 0 || height != 0 {
                logger.warning("PoolTable: an image of \(width)x\(height) pixels is not drawable (each side 1...\(maximumDimension)); it draws nothing")
            }
            return (0, 0)
        }
        return (width, height)
    }

    private static let logger = Logger(label: "PoolTable")
}

extension Image: Hashable {
    /// Two images are equal when they are the same object, as two `UIImage`s are through
    /// `NSObject`: a model value holding an image (an outline item, a content configuration)
    /// is `Hashable` by synthesis, and a snapshot's diff never reads pixels. An image's pixels
    /// never change, so the same object always shows the same picture.
    public static func == (lhs: Image, rhs: Image) -> Bool { lhs === rhs }

    /// Hashes the object's identity (see `==`).
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// How a picture fills the rectangle it is drawn in (UIKit's `UIView.ContentMode`, for images).
public enum ContentMode: Hashable, Sendable {
    /// Scaled to cover the whole rectangle, keeping its aspect ratio; what overflows is clipped.
    case scaleAspectFill
    /// Scaled to fit inside the rectangle, keeping its aspect ratio; centred.
    case scaleAspectFit
    /// Stretched to the rectangle.
    case scaleToFill
    /// At one pixel a point, centred; what overflows is clipped.
    case center

    /// Where a picture of `imageSize` lands when drawn in `rect` (the caller clips to `rect`).
    /// Empty sizes and non-finite rectangles give an empty rectangle, which draws nothing.
    public func imageRect(for imageSize: Size, in rect: Rect) -> Rect {
        let iw = imageSize.width, ih = imageSize.height
        guard iw > 0, ih > 0, iw.isFinite, ih.isFinite, rect.width > 0, rect.height > 0,
              rect.minX.isFinite, rect.minY.isFinite, rect.width.isFinite, rect.height.isFinite
        else { return Rect(x: rect.minX.finiteOr(0), y: rect.minY.finiteOr(0), width: 0, height: 0) }
        let scale: Double
        switch self {
        case .scaleToFill: return rect
        case .center: scale = 1
        case .scaleAspectFill: scale = max(rect.width / iw, rect.height / ih)
        case .scaleAspectFit: scale = min(rect.width / iw, rect.height / ih)
        }
        let w = iw * scale, h = ih * scale
        return Rect(x: rect.minX + (rect.width - w) / 2, y: rect.minY + (rect.height - h) / 2, width: w, height: h)
    }
}
