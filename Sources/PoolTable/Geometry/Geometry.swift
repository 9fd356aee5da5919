/// A point in logical pixels; y grows downwards.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate; y grows downwards.
    public var y: Double
    /// A point at `x`, `y`.
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    /// The origin.
    public static let zero = Point(x: 0, y: 0)
    public var description: String { "(\(x), \(y))" }
}

/// A width and height in logical pixels.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal extent.
    public var width: Double
    /// The vertical extent.
    public var height: Double
    /// A size of `width` by `height`.
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    /// No width and no height.
    public static let zero = Size(width: 0, height: 0)
    public var description: String { "\(width)x\(height)" }
}

/// An axis-aligned rectangle. Sizes are expected to be non-negative.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The top-left corner.
    public var origin: Point
    /// The width and height.
    public var size: Size

    /// A rectangle at `origin` of `size`.
    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    /// A rectangle whose top-left corner is at `x`, `y`.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }
    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The left edge.
    public var minX: Double { origin.x }
    /// The top edge.
    public var minY: Double { origin.y }
    /// The right edge.
    public var maxX: Double { origin.x + size.width }
    /// The bottom edge.
    public var maxY: Double { origin.y + size.height }
    /// The horizontal centre.
    public var midX: Double { origin.x + size.width / 2 }
    /// The vertical centre.
    public var midY: Double { origin.y + size.height / 2 }
    /// The width (`size.width`).
    public var width: Double { size.width }
    /// The height (`size.height`).
    public var height: Double { size.height }
    /// True unless both the width and the height are greater than zero.
    public var isEmpty: Bool { !(size.width > 0 && size.height > 0) }

    /// True when the two rectangles overlap in an area greater than zero.
    public func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }
    /// Half-open containment: the top and left edges are inside, the bottom and right are not.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }
    /// The rectangle shrunk by `dx` on the left and right and `dy` on the top and bottom (never below zero size).
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: max(0, width - 2 * dx), height: max(0, height - 2 * dy))
    }
    /// The rectangle moved by `dx`, `dy`.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }
    public var description: String { "(\(minX), \(minY), \(width), \(height))" }
}

/// Lines between a table's rows (UIKit's `UITableViewCell.SeparatorStyle`).
public enum TableViewCellSeparatorStyle: Sendable {
    /// No lines.
    case none
    /// A one-pixel line under every row but a section's last, from `separatorInsetLeft`.
    case singleLine
}

/// `.plain`: section headers float (stick to the top) while scrolling.
/// `.grouped`: sections are inset, rounded groups; nothing floats.
public enum TableViewStyle: Sendable {
    /// Rows edge to edge; section headers stick to the top while their section scrolls.
    case plain
    /// Sections as inset, rounded groups on a grouped background; nothing sticks.
    case grouped
}

extension TableViewStyle {
    /// UIKit's `.insetGrouped`: sections as inset, rounded groups. That is what PoolTable's
    /// `.grouped` draws, so this is the same style (`.insetGrouped == .grouped`); UIKit's
    /// edge-to-edge `.grouped` look has no equivalent.
    public static var insetGrouped: TableViewStyle { .grouped }
}

/// How inserted, deleted and reloaded rows appear.
public enum RowAnimation: Sendable {
    /// No animation: the change appears at once (unless another change in the same batch
    /// asks for one; a batch animates as a whole).
    case none
    /// Animated: deleted rows fade out and collapse, the others slide into place.
    case fade
    /// Animated, as `fade` (the engine has one row animation).
    case automatic
}

/// Where `scrollToRow` / `selectRow` put the row in the viewport.
public enum ScrollPosition: Sendable {
    /// Scroll the least needed to show the row whole (not at all if it already is).
    case none
    /// The row at the top of the viewport.
    case top
    /// The row in the middle of the viewport.
    case middle
    /// The row at the bottom of the viewport.
    case bottom
}

extension Double {
    /// This value if finite, otherwise `fallback`.
    @inlinable func finiteOr(_ fallback: Double) -> Double { isFinite ? self : fallback }
    /// Clamped to `lo...hi`; when `hi < lo`, `lo`.
    @inlinable func clamped(_ lo: Double, _ hi: Double) -> Double { Swift.max(lo, Swift.min(self, Swift.max(lo, hi))) }
}
