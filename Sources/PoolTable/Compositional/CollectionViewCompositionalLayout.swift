/// A layout built from sections of groups of items (UIKit's
/// `UICollectionViewCompositionalLayout`): one section for all, or a provider asked for each
/// section with the layout environment (again when the view's width changes).
///
/// A section provider that returns nil, or a section the layout cannot honour (a group with
/// no subitems, an item wider than its group, a fractional height inside an estimated group,
/// a fractional width inside a sideways group of estimated width, a size that is not a finite
/// non-negative number), is logged once as an error; that section
/// keeps its last good layout (a plain list row before it ever had one).
@MainActor
open class CollectionViewCompositionalLayout: CollectionViewLayout {
    /// Answers the section at an index in an environment.
    let sectionProvider: @MainActor (Int, CollectionLayoutEnvironment) -> CollectionLayoutSection?
    /// The list configuration of a ``list(using:)`` layout.
    let listConfiguration: CollectionLayoutListConfiguration?
    /// The layout's own copy of the configuration it was made with.
    private let ownConfiguration: CollectionViewCompositionalLayoutConfiguration
    /// What the layout applies across sections (a copy: changing it changes nothing; give
    /// another configuration to a new layout).
    public var configuration: CollectionViewCompositionalLayoutConfiguration { ownConfiguration.copy() }
    /// The space between sections (the configuration's, sanitised).
    var interSectionSpacing: Double { ownConfiguration.sanitizedInterSectionSpacing }
    /// The view classes of decoration kinds (section backgrounds), by kind.
    private(set) var decorationClasses: [String: CollectionReusableView.Type] = [:]

    /// Registers the view class drawn for decoration items of `elementKind` (UIKit's
    /// `register(_:forDecorationViewOfKind:)`); nil removes it.
    public func register(_ viewClass: CollectionReusableView.Type?, forDecorationViewOfKind elementKind: String) {
        decorationClasses[elementKind] = viewClass
    }

    /// Every section laid out as `section`.
    public init(section: CollectionLayoutSection) {
        sectionProvider = { _, _ in section }
        listConfiguration = section.listConfiguration
        ownConfiguration = CollectionViewCompositionalLayoutConfiguration()
    }

    /// Every section laid out as `section`, with `configuration` across sections.
    public init(section: CollectionLayoutSection, configuration: CollectionViewCompositionalLayoutConfiguration) {
        sectionProvider = { _, _ in section }
        listConfiguration = section.listConfiguration
        ownConfiguration = configuration.copy()
    }

    /// Each section laid out as `sectionProvider` answers for its index and environment.
    public init(sectionProvider: @escaping @MainActor (Int, CollectionLayoutEnvironment) -> CollectionLayoutSection?) {
        self.sectionProvider = sectionProvider
        listConfiguration = nil
        ownConfiguration = CollectionViewCompositionalLayoutConfiguration()
    }

    /// Each section laid out as `sectionProvider` answers, with `configuration` across sections.
    public init(sectionProvider: @escaping @MainActor (Int, CollectionLayoutEnvironment) -> CollectionLayoutSection?,
                configuration: CollectionViewCompositionalLayoutConfiguration) {
        self.sectionProvider = sectionProvider
        listConfiguration = nil
        ownConfiguration = configuration.copy()
    }

    init(listConfiguration: CollectionLayoutListConfiguration) {
        sectionProvider = { _, environment in CollectionLayoutSection.list(using: listConfiguration, layoutEnvironment: environment) }
        self.listConfiguration = listConfiguration
        ownConfiguration = CollectionViewCompositionalLayoutConfiguration()
    }

    /// A list: every section a ``CollectionLayoutSection/list(using:layoutEnvironment:)`` section.
    public static func list(using configuration: CollectionLayoutListConfiguration) -> CollectionViewCompositionalLayout {
        CollectionViewCompositionalLayout(listConfiguration: configuration)
    }
}
