/// A point in logical pixels; y grows downwards.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = Point(x: 0, y: 0)
    public var description: String { "(\(x), \(y))" }
}

/// A width and height in logical pixels.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let zero = Size(width: 0, height: 0)
    public var description: String { "\(width)x\(height)" }
}

/// An axis-aligned rectangle. Sizes are expected to be non-negative.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var isEmpty: Bool { !(size.width > 0 && size.height > 0) }

    /// True when the two rectangles overlap in an area greater than zero.
    public func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }
    /// Half-open containment: the top and left edges are inside, the bottom and right are not.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: max(0, width - 2 * dx), height: max(0, height - 2 * dy))
    }
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }
    public var description: String { "(\(minX), \(minY), \(width), \(height))" }
}

/// `.plain`: section headers float (stick to the top) while scrolling.
/// `.grouped`: sections are inset, rounded groups; nothing floats.
public enum TableViewStyle: Sendable { case plain, grouped }

/// How inserted, deleted and reloaded rows appear.
public enum RowAnimation: Sendable { case none, fade, automatic }

/// Where `scrollToRow` / `selectRow` put the row in the viewport.
public enum ScrollPosition: Sendable { case none, top, middle, bottom }

extension Double {
    /// This value if finite, otherwise `fallback`.
    @inlinable func finiteOr(_ fallback: Double) -> Double { isFinite ? self : fallback }
    /// Clamped to `lo...hi`; when `hi < lo`, `lo`.
    @inlinable func clamped(_ lo: Double, _ hi: Double) -> Double { Swift.max(lo, Swift.min(self, Swift.max(lo, hi))) }
}
