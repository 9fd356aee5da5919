/// One dimension of an item, group or supplementary item (UIKit's
/// `NSCollectionLayoutDimension`): a fraction of its container's width or height, a fixed
/// number of points, or an estimate the cell's measured size replaces.
public struct CollectionLayoutDimension: Hashable, Sendable, CustomStringConvertible {
    /// How the dimension is resolved.
    enum Kind: Hashable, Sendable { case fractionalWidth, fractionalHeight, absolute, estimated }
    let kind: Kind
    let value: Double

    /// `fraction` of the container's width (an item's container is its group; a group's, the
    /// section's effective width).
    public static func fractionalWidth(_ fraction: Double) -> Self { Self(kind: .fractionalWidth, value: fraction) }
    /// `fraction` of the container's height.
    public static func fractionalHeight(_ fraction: Double) -> Self { Self(kind: .fractionalHeight, value: fraction) }
    /// A fixed number of points.
    public static func absolute(_ points: Double) -> Self { Self(kind: .absolute, value: points) }
    /// `points` until the cell is measured; then the measured size. Heights are measured
    /// everywhere (`ReusableCell.heightThatFits(width:canvas:)`); widths in a section that
    /// scrolls sideways (`ReusableCell.sizeThatFits(_:canvas:)`), where an estimated width
    /// elsewhere stays at its estimate. As in UIKit, an item not yet measured (never mounted)
    /// keeps its estimate, so nothing is laid out item by item.
    public static func estimated(_ points: Double) -> Self { Self(kind: .estimated, value: points) }

    /// True for a fraction of the container's width.
    public var isFractionalWidth: Bool { kind == .fractionalWidth }
    /// True for a fraction of the container's height.
    public var isFractionalHeight: Bool { kind == .fractionalHeight }
    /// True for a fixed size.
    public var isAbsolute: Bool { kind == .absolute }
    /// True for an estimate.
    public var isEstimated: Bool { kind == .estimated }
    /// The fraction or the points.
    public var dimension: Double { value }

    /// The dimension in points inside a container of `container`.
    func resolved(in container: Size) -> Double {
        switch kind {
        case .fractionalWidth: value * container.width
        case .fractionalHeight: value * container.height
        case .absolute, .estimated: value
        }
    }

    /// The dimension as Swift code would write it, e.g. `.fractionalWidth(0.5)`.
    public var description: String { ".\(kind)(\(value))" }
}

/// The width and height of an item, group or supplementary item (UIKit's `NSCollectionLayoutSize`).
public struct CollectionLayoutSize: Hashable, Sendable {
    /// The width.
    public var widthDimension: CollectionLayoutDimension
    /// The height.
    public var heightDimension: CollectionLayoutDimension
    /// A size of `widthDimension` by `heightDimension`.
    public init(widthDimension: CollectionLayoutDimension, heightDimension: CollectionLayoutDimension) {
        self.widthDimension = widthDimension
        self.heightDimension = heightDimension
    }
    /// The size in points inside a container of `container`.
    func resolved(in container: Size) -> Size {
        Size(width: widthDimension.resolved(in: container), height: heightDimension.resolved(in: container))
    }
}

/// Insets in reading-direction terms (UIKit's `NSDirectionalEdgeInsets`): leading is the left
/// in a left-to-right locale.
public struct DirectionalEdgeInsets: Hashable, Sendable {
    /// The inset from each edge, in points.
    public var top, leading, bottom, trailing: Double
    /// Insets from each edge.
    public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
    /// No inset.
    public static let zero = DirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
    /// Every value finite.
    var isFinite: Bool { top.isFinite && leading.isFinite && bottom.isFinite && trailing.isFinite }
    /// `r` shrunk by the insets (never below zero size).
    func inset(_ r: Rect) -> Rect {
        Rect(x: r.origin.x + leading, y: r.origin.y + top,
             width: max(0, r.size.width - leading - trailing), height: max(0, r.size.height - top - bottom))
    }
}

/// The space between a group's items (UIKit's `NSCollectionLayoutSpacing`).
public enum CollectionLayoutSpacing: Hashable, Sendable {
    /// Exactly this many points.
    case fixed(Double)
    /// At least this many points; the group's spare room is shared out between its items.
    case flexible(Double)
    /// The points given.
    var points: Double {
        switch self {
        case let .fixed(p), let .flexible(p): p
        }
    }
}
