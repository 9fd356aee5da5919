/// Where a boundary supplementary item sits on its section (UIKit's `NSRectAlignment`):
/// `.top` is a header, `.bottom` a footer.
public enum RectAlignment: Hashable, Sendable {
    /// Not aligned.
    case none
    /// Above the section (a header).
    case top
    /// At the top leading corner.
    case topLeading
    /// At the leading edge.
    case leading
    /// At the bottom leading corner.
    case bottomLeading
    /// Below the section (a footer).
    case bottom
    /// At the bottom trailing corner.
    case bottomTrailing
    /// At the trailing edge.
    case trailing
    /// At the top trailing corner.
    case topTrailing
}

/// A set of edges in reading-direction terms (UIKit's `NSDirectionalRectEdge`).
public struct DirectionalRectEdge: OptionSet, Hashable, Sendable {
    /// The edges as bits.
    public let rawValue: UInt
    /// Edges from bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The top edge.
    public static let top = DirectionalRectEdge(rawValue: 1 << 0)
    /// The leading edge.
    public static let leading = DirectionalRectEdge(rawValue: 1 << 1)
    /// The bottom edge.
    public static let bottom = DirectionalRectEdge(rawValue: 1 << 2)
    /// The trailing edge.
    public static let trailing = DirectionalRectEdge(rawValue: 1 << 3)
    /// Every edge.
    public static let all: DirectionalRectEdge = [.top, .leading, .bottom, .trailing]
}

/// Where a supplementary item (a badge) is pinned to its item (UIKit's
/// `NSCollectionLayoutAnchor`): on `edges`, moved by `fractionalOffset` times its own size.
public struct CollectionLayoutAnchor: Hashable, Sendable {
    /// The edges it is pinned to (`[.top, .trailing]`: the top trailing corner).
    public var edges: DirectionalRectEdge
    /// An offset in units of the supplementary item's size (`Point(x: 0.3, y: -0.3)`).
    public var fractionalOffset: Point
    /// An anchor on `edges`, moved by `fractionalOffset`.
    public init(edges: DirectionalRectEdge, fractionalOffset: Point = Point(x: 0, y: 0)) {
        self.edges = edges
        self.fractionalOffset = fractionalOffset
    }

    /// The frame of a supplementary item of `size` anchored to an item at `item`.
    func frame(of size: Size, on item: Rect) -> Rect {
        var x = item.origin.x + (item.size.width - size.width) / 2
        var y = item.origin.y + (item.size.height - size.height) / 2
        if edges.contains(.leading) { x = item.origin.x }
        if edges.contains(.trailing) { x = item.origin.x + item.size.width - size.width }
        if edges.contains(.top) { y = item.origin.y }
        if edges.contains(.bottom) { y = item.origin.y + item.size.height - size.height }
        return Rect(x: x + fractionalOffset.x * size.width, y: y + fractionalOffset.y * size.height,
                    width: size.width, height: size.height)
    }
}
