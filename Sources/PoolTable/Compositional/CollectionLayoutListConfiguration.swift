/// How a list-style compositional layout looks and behaves (UIKit's
/// `UICollectionLayoutListConfiguration`); see ``CollectionViewCompositionalLayout/list(using:)``.
public struct CollectionLayoutListConfiguration {
    /// The list's look, in GTK 4 Adwaita's terms where UIKit's differ.
    public enum Appearance: Hashable, Sendable {
        /// Rows edge to edge; headers stick while their section scrolls.
        case plain
        /// Rows edge to edge in sections set apart by space.
        case grouped
        /// Each section a rounded box inset from the edges (Adwaita's boxed list).
        case insetGrouped
        /// A sidebar: rows inset a little, selection as a rounded highlight.
        case sidebar
        /// A sidebar without the insets.
        case sidebarPlain

        /// The section insets of the appearance.
        var sectionInsets: DirectionalEdgeInsets {
            switch self {
            case .plain, .sidebarPlain: .zero
            case .grouped: DirectionalEdgeInsets(top: 18, leading: 0, bottom: 18, trailing: 0)
            case .insetGrouped: DirectionalEdgeInsets(top: 18, leading: 12, bottom: 18, trailing: 12)
            case .sidebar: DirectionalEdgeInsets(top: 6, leading: 6, bottom: 6, trailing: 6)
            }
        }
    }
    /// Where a section's header comes from.
    public enum HeaderMode: Hashable, Sendable {
        /// No header.
        case none
        /// A supplementary view of kind ``CollectionView/elementKindSectionHeader``.
        case supplementary
        /// The section's first item is drawn as its header.
        case firstItemInSection
    }
    /// Where a section's footer comes from.
    public enum FooterMode: Hashable, Sendable {
        /// No footer.
        case none
        /// A supplementary view of kind ``CollectionView/elementKindSectionFooter``.
        case supplementary
    }

    /// The look.
    public var appearance: Appearance
    /// Default `.none`.
    public var headerMode = HeaderMode.none
    /// Default `.none`.
    public var footerMode = FooterMode.none
    /// Lines between rows; default true.
    public var showsSeparators = true
    /// The actions a swipe from the leading edge reveals on a row; nil: none.
    public var leadingSwipeActionsConfigurationProvider: (@MainActor (IndexPath) -> SwipeActionsConfiguration?)?
    /// The actions a swipe from the trailing edge reveals on a row; nil: none.
    public var trailingSwipeActionsConfigurationProvider: (@MainActor (IndexPath) -> SwipeActionsConfiguration?)?

    /// A configuration of `appearance`, no headers or footers, with separators.
    public init(appearance: Appearance) { self.appearance = appearance }
}
