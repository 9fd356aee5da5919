/// How a section scrolls across the main axis (UIKit's
/// `UICollectionLayoutSectionOrthogonalScrollingBehavior`). Anything but `.none` lays the
/// section's groups side by side in one band that scrolls sideways on its own.
public enum CollectionLayoutSectionOrthogonalScrollingBehavior: Hashable, Sendable {
    /// The section scrolls with the view (groups stack down the section).
    case none
    /// Scrolls freely sideways.
    case continuous
    /// Scrolls freely and comes to rest with a group's leading edge at the leading edge.
    case continuousGroupLeadingBoundary
    /// Settles on pages as wide as the view.
    case paging
    /// Settles on group boundaries, leading edge first.
    case groupPaging
    /// Settles on group boundaries with the group centred.
    case groupPagingCentered
}

/// The space a section is laid out in (UIKit's `NSCollectionLayoutContainer`).
public struct CollectionLayoutContainer: Hashable, Sendable {
    /// The collection view's size.
    public var contentSize: Size
    /// The size less the section's content insets (the section's effective width is what
    /// fractional group widths are fractions of).
    public var effectiveContentSize: Size
    /// A container of `contentSize` whose insets leave `effectiveContentSize`.
    public init(contentSize: Size, effectiveContentSize: Size) {
        self.contentSize = contentSize
        self.effectiveContentSize = effectiveContentSize
    }
}

/// What a section provider is told about where its section will be laid out (UIKit's
/// `NSCollectionLayoutEnvironment`). Asked again when the view's width changes.
public struct CollectionLayoutEnvironment: Hashable, Sendable {
    /// The view's size.
    public var container: CollectionLayoutContainer
    /// An environment of `container`.
    public init(container: CollectionLayoutContainer) { self.container = container }
}

/// A section of a compositional layout (UIKit's `NSCollectionLayoutSection`): its group,
/// repeated until the section's items are used up, inside `contentInsets`, with headers,
/// footers and a background.
@MainActor
open class CollectionLayoutSection {
    /// The group the section repeats.
    public let group: CollectionLayoutGroup
    /// Space around the section's groups (inside its header and footer).
    public var contentInsets = DirectionalEdgeInsets.zero
    /// The space between one group and the next.
    public var interGroupSpacing = 0.0
    /// `.none` (the default) stacks the groups down the section; anything else scrolls them sideways.
    public var orthogonalScrollingBehavior = CollectionLayoutSectionOrthogonalScrollingBehavior.none
    /// Headers (`.top`) and footers (`.bottom`).
    public var boundarySupplementaryItems: [CollectionLayoutBoundarySupplementaryItem] = []
    /// Backgrounds drawn behind the section.
    public var decorationItems: [CollectionLayoutDecorationItem] = []
    /// The list configuration a ``list(using:layoutEnvironment:)`` section was made from.
    var listConfiguration: CollectionLayoutListConfiguration?

    /// A section repeating `group`.
    public init(group: CollectionLayoutGroup) { self.group = group }

    /// A list section: every item the full effective width and an estimated 44 points high,
    /// insets by appearance, and a header or footer where the configuration asks for one.
    public static func list(using configuration: CollectionLayoutListConfiguration,
                            layoutEnvironment: CollectionLayoutEnvironment) -> CollectionLayoutSection {
        let row = CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44))
        let group = CollectionLayoutGroup.horizontal(layoutSize: row, subitems: [CollectionLayoutItem(layoutSize: row)])
        let section = CollectionLayoutSection(group: group)
        section.listConfiguration = configuration
        section.contentInsets = configuration.appearance.sectionInsets
        var boundary: [CollectionLayoutBoundarySupplementaryItem] = []
        if configuration.headerMode == .supplementary {
            let header = CollectionLayoutBoundarySupplementaryItem(layoutSize: row, elementKind: CollectionView.elementKindSectionHeader, alignment: .top)
            header.pinToVisibleBounds = configuration.appearance == .plain
            boundary.append(header)
        }
        if configuration.footerMode == .supplementary {
            boundary.append(CollectionLayoutBoundarySupplementaryItem(layoutSize: row, elementKind: CollectionView.elementKindSectionFooter, alignment: .bottom))
        }
        section.boundarySupplementaryItems = boundary
        return section
    }
}

extension CollectionView {
    /// The element kind of a section header (UIKit's `UICollectionView.elementKindSectionHeader`).
    public static let elementKindSectionHeader = "CollectionElementKindSectionHeader"
    /// The element kind of a section footer (UIKit's `UICollectionView.elementKindSectionFooter`).
    public static let elementKindSectionFooter = "CollectionElementKindSectionFooter"
}
