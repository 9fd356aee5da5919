/// The smallest piece of a compositional layout (UIKit's `NSCollectionLayoutItem`): one cell,
/// sized relative to the group it sits in.
@MainActor
open class CollectionLayoutItem {
    /// The item's size; fractions are of its group's size.
    public let layoutSize: CollectionLayoutSize
    /// Badges and other views anchored to the item.
    public let supplementaryItems: [CollectionLayoutSupplementaryItem]
    /// Shrinks the item's frame inside the slot its size gives it; the slot stays where it was.
    public var contentInsets = DirectionalEdgeInsets.zero

    /// An item of `layoutSize`, with `supplementaryItems` anchored to it.
    public init(layoutSize: CollectionLayoutSize, supplementaryItems: [CollectionLayoutSupplementaryItem] = []) {
        self.layoutSize = layoutSize
        self.supplementaryItems = supplementaryItems
    }
}

/// A row or column of items (UIKit's `NSCollectionLayoutGroup`), itself an item so groups
/// nest. A section repeats its group until its items are used up.
@MainActor
open class CollectionLayoutGroup: CollectionLayoutItem {
    /// The direction a group lays its subitems out in.
    enum Direction: Sendable { case horizontal, vertical }
    let direction: Direction
    /// The items (and nested groups) in order.
    public let subitems: [CollectionLayoutItem]
    /// For `repeatingSubitem:count:`: how many times the one subitem repeats (its size along
    /// the group is then the group's share), nil otherwise.
    let repeatCount: Int?
    /// The space between subitems; nil is none.
    public var interItemSpacing: CollectionLayoutSpacing?

    init(direction: Direction, layoutSize: CollectionLayoutSize, subitems: [CollectionLayoutItem], repeatCount: Int?) {
        self.direction = direction
        self.subitems = subitems
        self.repeatCount = repeatCount
        super.init(layoutSize: layoutSize)
    }

    /// Subitems side by side, leading to trailing.
    public class func horizontal(layoutSize: CollectionLayoutSize, subitems: [CollectionLayoutItem]) -> CollectionLayoutGroup {
        CollectionLayoutGroup(direction: .horizontal, layoutSize: layoutSize, subitems: subitems, repeatCount: nil)
    }
    /// Subitems one above another, top to bottom.
    public class func vertical(layoutSize: CollectionLayoutSize, subitems: [CollectionLayoutItem]) -> CollectionLayoutGroup {
        CollectionLayoutGroup(direction: .vertical, layoutSize: layoutSize, subitems: subitems, repeatCount: nil)
    }
    /// `count` copies of `repeatingSubitem` side by side, each as wide as the group's width
    /// (less spacing) divided by `count`.
    public class func horizontal(layoutSize: CollectionLayoutSize, repeatingSubitem: CollectionLayoutItem, count: Int) -> CollectionLayoutGroup {
        CollectionLayoutGroup(direction: .horizontal, layoutSize: layoutSize, subitems: [repeatingSubitem], repeatCount: count)
    }
    /// `count` copies of `repeatingSubitem` one above another, each as high as the group's
    /// height (less spacing) divided by `count`.
    public class func vertical(layoutSize: CollectionLayoutSize, repeatingSubitem: CollectionLayoutItem, count: Int) -> CollectionLayoutGroup {
        CollectionLayoutGroup(direction: .vertical, layoutSize: layoutSize, subitems: [repeatingSubitem], repeatCount: count)
    }
    /// UIKit's name before iOS 16 for `horizontal(layoutSize:repeatingSubitem:count:)`, which
    /// code written for iOS 14 and 15 uses: `count` copies of `subitem`, evenly shared.
    public class func horizontal(layoutSize: CollectionLayoutSize, subitem: CollectionLayoutItem, count: Int) -> CollectionLayoutGroup {
        horizontal(layoutSize: layoutSize, repeatingSubitem: subitem, count: count)
    }
    /// UIKit's name before iOS 16 for `vertical(layoutSize:repeatingSubitem:count:)`.
    public class func vertical(layoutSize: CollectionLayoutSize, subitem: CollectionLayoutItem, count: Int) -> CollectionLayoutGroup {
        vertical(layoutSize: layoutSize, repeatingSubitem: subitem, count: count)
    }
}

/// A view anchored to an item, such as a badge (UIKit's `NSCollectionLayoutSupplementaryItem`).
@MainActor
open class CollectionLayoutSupplementaryItem: CollectionLayoutItem {
    /// The kind the view is registered and asked for under.
    public let elementKind: String
    /// Where it is pinned to its item.
    public let containerAnchor: CollectionLayoutAnchor
    /// Drawing order against the item: above it by default.
    public var zIndex = 1

    /// A supplementary item of `layoutSize` (fractions are of its item's size) pinned by `containerAnchor`.
    public init(layoutSize: CollectionLayoutSize, elementKind: String, containerAnchor: CollectionLayoutAnchor) {
        self.elementKind = elementKind
        self.containerAnchor = containerAnchor
        super.init(layoutSize: layoutSize)
    }
}

/// A header or footer of a section (UIKit's `NSCollectionLayoutBoundarySupplementaryItem`):
/// `.top` sits above the section's groups, `.bottom` below them.
@MainActor
open class CollectionLayoutBoundarySupplementaryItem: CollectionLayoutSupplementaryItem {
    /// Which side of the section it sits on.
    public let alignment: RectAlignment
    /// True: it sticks to the top of the viewport while its section is on screen.
    public var pinToVisibleBounds = false
    /// True (the default): the section makes room for it; false: it overlaps the groups.
    public var extendsBoundary = true

    /// A boundary item of `layoutSize` (fractions are of the section's effective width and the
    /// view's height) on `alignment`'s side.
    public init(layoutSize: CollectionLayoutSize, elementKind: String, alignment: RectAlignment) {
        self.alignment = alignment
        super.init(layoutSize: layoutSize, elementKind: elementKind, containerAnchor: CollectionLayoutAnchor(edges: []))
        zIndex = 2
    }
}

/// A view drawn behind a section, such as its background (UIKit's `NSCollectionLayoutDecorationItem`).
@MainActor
open class CollectionLayoutDecorationItem: CollectionLayoutItem {
    /// The kind the view is registered under.
    public let elementKind: String
    /// Drawing order: behind the cells by default.
    public var zIndex = -1

    /// A decoration of `elementKind` covering its section (less `contentInsets`).
    public required init(elementKind: String) {
        self.elementKind = elementKind
        super.init(layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
    }

    /// A background of `elementKind` behind a whole section.
    public class func background(elementKind: String) -> Self { Self(elementKind: elementKind) }
}
