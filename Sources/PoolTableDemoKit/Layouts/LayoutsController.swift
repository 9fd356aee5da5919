import PoolTable

/// The Layouts screen (issue 38): a gallery of the modern collection-view API written the
/// way an iOS developer writes it, through the UIKit renames only: a compositional layout
/// whose sections are a sidebar outline, an inset-grouped list with accessories, swipe
/// actions and reorder grips in edit mode, a grid of swatches with count badges under a pinned header, a mosaic of
/// nested groups, and one carousel
/// (an orthogonal section, scrolling sideways) per orthogonal scrolling behaviour, fed by a
/// diffable data source and cell and supplementary registrations.
@MainActor
public final class LayoutsController {
    /// The screen's sections, top to bottom.
    public enum Section: Int, CaseIterable, Hashable, Sendable {
        case sidebar, settings, swatches
        /// Tiles in nested groups: a large one beside two stacked, over a row of three.
        case mosaic
        /// The carousels, one per orthogonal scrolling behaviour.
        case continuous, continuousGroupLeadingBoundary, paging, groupPaging, groupPagingCentered

        /// How the section scrolls sideways: nil for the sections that scroll with the page.
        public var orthogonalScrollingBehavior: CollectionLayoutSectionOrthogonalScrollingBehavior? {
            switch self {
            case .sidebar, .settings, .swatches, .mosaic: nil
            case .continuous: .continuous
            case .continuousGroupLeadingBoundary: .continuousGroupLeadingBoundary
            case .paging: .paging
            case .groupPaging: .groupPaging
            case .groupPagingCentered: .groupPagingCentered
            }
        }

        /// The carousels, top to bottom.
        public static var carousels: [Section] { allCases.filter { $0.orthogonalScrollingBehavior != nil } }
    }

    /// One item of any section: a sidebar entry, a settings row or a swatch.
    public struct Item: Hashable, Sendable {
        public let id: Int
        public let title: String
        /// The settings row's value (a label accessory); a swatch's badge count as text.
        public let detail: String?
        /// A swatch's colour as 0xRRGGBB.
        public let rgb: UInt32
        init(id: Int, title: String, detail: String? = nil, rgb: UInt32 = 0) {
            self.id = id; self.title = title; self.detail = detail; self.rgb = rgb
        }
    }

    public private(set) weak var collectionView: CollectionView?
    public private(set) var dataSource: CollectionViewDiffableDataSource<Section, Item>?
    /// Settings rows flagged with the Flag swipe action (they show a checkmark).
    public private(set) var flagged: Set<Item> = []
    /// Called after a swipe action or a reorder changed the content, and after the user
    /// changed the selection (the header bar counts it in edit mode).
    public var onChange: (@MainActor () -> Void)?

    public init() {}

    // MARK: Layout

    /// The layout: each section asks for its own, in the current environment (the grid's
    /// column count follows the width).
    public func makeLayout() -> CollectionViewCompositionalLayout {
        let layout = CollectionViewCompositionalLayout { [weak self] sectionIndex, layoutEnvironment in
            guard let section = Section(rawValue: sectionIndex) else { return nil }
            switch section {
            case .sidebar:
                var configuration = CollectionLayoutListConfiguration(appearance: .sidebar)
                configuration.headerMode = .supplementary
                return CollectionLayoutSection.list(using: configuration, layoutEnvironment: layoutEnvironment)
            case .settings:
                var configuration = CollectionLayoutListConfiguration(appearance: .insetGrouped)
                configuration.headerMode = .supplementary
                configuration.trailingSwipeActionsConfigurationProvider = { indexPath in self?.trailingActions(at: indexPath) }
                configuration.leadingSwipeActionsConfigurationProvider = { indexPath in self?.leadingActions(at: indexPath) }
                let section = CollectionLayoutSection.list(using: configuration, layoutEnvironment: layoutEnvironment)
                // The boxed list sits on the grouped background, as Adwaita's does.
                section.decorationItems = [.background(elementKind: GroupedBackgroundView.elementKind)]
                return section
            case .swatches:
                return Self.swatchSection(width: layoutEnvironment.container.effectiveContentSize.width)
            case .mosaic:
                return Self.mosaicSection()
            case .continuous, .continuousGroupLeadingBoundary, .paging, .groupPaging, .groupPagingCentered:
                return Self.carouselSection(section)
            }
        }
        layout.register(GroupedBackgroundView.self, forDecorationViewOfKind: GroupedBackgroundView.elementKind)
        return layout
    }

    /// Swatches in as many columns as fit 150 points each (2 to 6), a count badge on each
    /// one's top trailing corner, and a header that stays pinned while the section shows.
    /// Public for `pooltable-bench layouts`, which lays out a million swatches with it.
    public static func swatchSection(width: Double) -> CollectionLayoutSection {
        let columns = max(2, min(6, Int(width / 150)))
        let badgeAnchor = CollectionLayoutAnchor(edges: [.top, .trailing], fractionalOffset: Point(x: 0.3, y: -0.3))
        let badgeSize = CollectionLayoutSize(widthDimension: .absolute(22), heightDimension: .absolute(22))
        let badge = CollectionLayoutSupplementaryItem(layoutSize: badgeSize, elementKind: CountBadgeView.elementKind, containerAnchor: badgeAnchor)
        let itemSize = CollectionLayoutSize(widthDimension: .fractionalWidth(1.0 / Double(columns)), heightDimension: .fractionalHeight(1.0))
        let item = CollectionLayoutItem(layoutSize: itemSize, supplementaryItems: [badge])
        item.contentInsets = DirectionalEdgeInsets(top: 10, leading: 8, bottom: 6, trailing: 8)
        let groupSize = CollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(120))
        let group = CollectionLayoutGroup.horizontal(layoutSize: groupSize, repeatingSubitem: item, count: columns)
        let section = CollectionLayoutSection(group: group)
        let headerSize = CollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(40))
        let header = CollectionLayoutBoundarySupplementaryItem(layoutSize: headerSize, elementKind: CollectionView.elementKindSectionHeader,
                                                               alignment: .top)
        header.pinToVisibleBounds = true
        section.boundarySupplementaryItems = [header]
        section.contentInsets = DirectionalEdgeInsets(top: 0, leading: 8, bottom: 16, trailing: 8)
        return section
    }

    /// The tiles of one mosaic group, in reading order: a large tile and two stacked beside it
    /// (two thirds and one third of the width), over a row of three.
    static let tilesPerMosaicGroup = 6

    /// Nested groups: each 320-point group is a vertical group of a horizontal group (a large
    /// tile beside a vertical group of two) over a horizontal group of three equal tiles.
    static func mosaicSection() -> CollectionLayoutSection {
        func tile(_ width: CollectionLayoutDimension, _ height: CollectionLayoutDimension) -> CollectionLayoutItem {
            let item = CollectionLayoutItem(layoutSize: CollectionLayoutSize(widthDimension: width, heightDimension: height))
            item.contentInsets = DirectionalEdgeInsets(top: 4, leading: 4, bottom: 4, trailing: 4)
            return item
        }
        let large = tile(.fractionalWidth(2.0 / 3), .fractionalHeight(1.0))
        let stacked = CollectionLayoutGroup.vertical(
            layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1.0 / 3), heightDimension: .fractionalHeight(1.0)),
            repeatingSubitem: tile(.fractionalWidth(1.0), .fractionalHeight(0.5)), count: 2)
        let top = CollectionLayoutGroup.horizontal(
            layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalHeight(0.6)),
            subitems: [large, stacked])
        let row = CollectionLayoutGroup.horizontal(
            layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalHeight(0.4)),
            repeatingSubitem: tile(.fractionalWidth(1.0 / 3), .fractionalHeight(1.0)), count: 3)
        let group = CollectionLayoutGroup.vertical(
            layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(320)),
            subitems: [top, row])
        let section = CollectionLayoutSection(group: group)
        section.contentInsets = DirectionalEdgeInsets(top: 0, leading: 12, bottom: 16, trailing: 12)
        let headerSize = CollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(40))
        section.boundarySupplementaryItems = [
            CollectionLayoutBoundarySupplementaryItem(layoutSize: headerSize, elementKind: CollectionView.elementKindSectionHeader, alignment: .top),
        ]
        return section
    }

    /// The carousels' leading and trailing section insets (none for Paging).
    static let carouselInset = 10.0

    /// A row of cards that scrolls sideways with `section`'s behaviour, under a header naming
    /// it. The groups are shaped so each behaviour shows: narrow cards with notes of varied
    /// length that glide freely, their height estimated (the band is as high as the tallest
    /// card measured, as in UIKit);
    /// pairs of stacked cards whose leading edges catch the glide; two cards a page, paged a
    /// whole width at a time (no section insets, so pages and cards line up); a card a group,
    /// paged a group at a time; and one wide card a group, each settling in the middle.
    static func carouselSection(_ section: Section) -> CollectionLayoutSection {
        let group: CollectionLayoutGroup
        switch section {
        case .continuousGroupLeadingBoundary:
            let itemSize = CollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalHeight(0.5))
            let item = CollectionLayoutItem(layoutSize: itemSize)
            item.contentInsets = DirectionalEdgeInsets(top: 4, leading: 6, bottom: 4, trailing: 6)
            let groupSize = CollectionLayoutSize(widthDimension: .fractionalWidth(0.3), heightDimension: .absolute(172))
            group = CollectionLayoutGroup.vertical(layoutSize: groupSize, repeatingSubitem: item, count: 2)
        default:
            let width: Double = switch section {
            case .continuous: 0.22
            case .paging: 0.5
            case .groupPagingCentered: 0.75
            default: 0.4
            }
            // The continuous carousel's cards are as high as their notes: estimated heights.
            let height: CollectionLayoutDimension = switch section {
            case .continuous: .estimated(120)
            case .groupPagingCentered: .absolute(150)
            default: .absolute(120)
            }
            let itemSize = CollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: height.isEstimated ? height : .fractionalHeight(1.0))
            let item = CollectionLayoutItem(layoutSize: itemSize)
            let side = section == .paging ? 16.0 : 6
            item.contentInsets = DirectionalEdgeInsets(top: 4, leading: side, bottom: 4, trailing: side)
            let groupSize = CollectionLayoutSize(widthDimension: .fractionalWidth(width), heightDimension: height)
            group = CollectionLayoutGroup.horizontal(layoutSize: groupSize, subitems: [item])
        }
        let carousel = CollectionLayoutSection(group: group)
        carousel.orthogonalScrollingBehavior = section.orthogonalScrollingBehavior ?? .continuous
        let inset = section == .paging ? 0.0 : carouselInset
        carousel.contentInsets = DirectionalEdgeInsets(top: 0, leading: inset, bottom: 18, trailing: inset)
        let headerSize = CollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(40))
        carousel.boundarySupplementaryItems = [
            CollectionLayoutBoundarySupplementaryItem(layoutSize: headerSize, elementKind: CollectionView.elementKindSectionHeader, alignment: .top),
        ]
        return carousel
    }

    // MARK: Swipe actions

    /// Delete (removes the row) and Flag (toggles its checkmark).
    func trailingActions(at indexPath: IndexPath) -> SwipeActionsConfiguration? {
        guard let item = dataSource?.itemIdentifier(for: indexPath) else { return nil }
        let delete = ContextualAction(style: .destructive, title: tr("Delete")) { [weak self] _, completion in
            self?.delete(item)
            completion(true)
        }
        let flag = ContextualAction(style: .normal, title: flagged.contains(item) ? tr("Unflag") : tr("Flag")) { [weak self] _, completion in
            self?.toggleFlag(item)
            completion(true)
        }
        flag.backgroundColor = Color(hex: 0xE66100)
        return SwipeActionsConfiguration(actions: [delete, flag])
    }

    /// Flag, from the other edge.
    func leadingActions(at indexPath: IndexPath) -> SwipeActionsConfiguration? {
        guard let item = dataSource?.itemIdentifier(for: indexPath) else { return nil }
        let flag = ContextualAction(style: .normal, title: flagged.contains(item) ? tr("Unflag") : tr("Flag")) { [weak self] _, completion in
            self?.toggleFlag(item)
            completion(true)
        }
        flag.backgroundColor = Color(hex: 0x3584E4)
        return SwipeActionsConfiguration(actions: [flag])
    }

    /// Removes a settings row through a snapshot.
    public func delete(_ item: Item) {
        guard let dataSource else { return }
        var snapshot = dataSource.snapshot()
        snapshot.deleteItems([item])
        flagged.remove(item)
        dataSource.apply(snapshot, animatingDifferences: true)
        onChange?()
    }

    /// Flags or unflags a settings row: its cell is configured again in place.
    public func toggleFlag(_ item: Item) {
        guard let dataSource else { return }
        if flagged.remove(item) == nil { flagged.insert(item) }
        dataSource.reconfigureItems([item])
        onChange?()
    }

    // MARK: Data

    /// Registers the cells and supplementary views, becomes the view's data source, and
    /// applies the first snapshots.
    public func attach(to collectionView: CollectionView) {
        self.collectionView = collectionView
        let sidebarRegistration = CollectionView.CellRegistration<CollectionViewListCell, Item> { [weak self] cell, _, item in
            var content = cell.defaultContentConfiguration()
            content.text = item.title
            cell.contentConfiguration = content
            let outline = self?.dataSource?.snapshot(for: .sidebar)
            cell.indentationLevel = outline?.level(of: item) ?? 0
            // In edit mode a grip at the trailing edge moves the entry (a folder with its
            // folders) within the outline; the disclosure stays beside it.
            cell.accessories = outline?.hasChildren(item) == true ? [.reorder(), .outlineDisclosure()] : [.reorder()]
        }
        let settingsRegistration = CollectionView.CellRegistration<CollectionViewListCell, Item> { [weak self] cell, _, item in
            var content = cell.defaultContentConfiguration()
            content.text = item.title
            cell.contentConfiguration = content
            // In edit mode the grip takes the chevron's place at the trailing edge.
            var accessories: [CellAccessory] = [.reorder(), .disclosureIndicator(displayed: .whenNotEditing)]
            if let detail = item.detail { accessories.append(.label(text: detail)) }
            if self?.flagged.contains(item) == true { accessories.append(.checkmark()) }
            cell.accessories = accessories
        }
        let swatchRegistration = Self.swatchRegistration()
        let cardRegistration = CollectionView.CellRegistration<CarouselCardCell, Item> { cell, indexPath, item in
            cell.title = item.title
            cell.number = item.detail ?? ""
            cell.color = Color(hex: item.rgb)
            cell.caption = indexPath.section == Section.continuous.rawValue ? Self.notes[indexPath.item % Self.notes.count] : ""
        }
        let dataSource = CollectionViewDiffableDataSource<Section, Item>(collectionView: collectionView) { collectionView, indexPath, item in
            switch Section(rawValue: indexPath.section) {
            case .sidebar: collectionView.dequeueConfiguredReusableCell(using: sidebarRegistration, for: indexPath, item: item)
            case .settings: collectionView.dequeueConfiguredReusableCell(using: settingsRegistration, for: indexPath, item: item)
            case .swatches, .mosaic, nil: collectionView.dequeueConfiguredReusableCell(using: swatchRegistration, for: indexPath, item: item)
            case .continuous, .continuousGroupLeadingBoundary, .paging, .groupPaging, .groupPagingCentered:
                collectionView.dequeueConfiguredReusableCell(using: cardRegistration, for: indexPath, item: item)
            }
        }
        let headerRegistration = CollectionView.SupplementaryRegistration<LayoutsHeaderView>(elementKind: CollectionView.elementKindSectionHeader) {
            header, _, indexPath in
            header.isOpaque = indexPath.section == Section.swatches.rawValue
            let section = Section(rawValue: indexPath.section)
            header.text = section.map(Self.headerTitle) ?? ""
            // A carousel's header names its behaviour as the code does, too.
            header.detail = section?.orthogonalScrollingBehavior.map { ".\($0)" } ?? ""
            header.textInset = section == .paging ? 16 + Self.carouselInset : 16
        }
        let badgeRegistration = Self.badgeRegistration { [weak dataSource] in dataSource?.itemIdentifier(for: $0) }
        dataSource.supplementaryViewProvider = { collectionView, elementKind, indexPath in
            if elementKind == CollectionView.elementKindSectionHeader {
                return collectionView.dequeueConfiguredReusableSupplementary(using: headerRegistration, for: indexPath)
            }
            return collectionView.dequeueConfiguredReusableSupplementary(using: badgeRegistration, for: indexPath)
        }
        // Sidebar entries and settings rows move by their grips in edit mode (and Alt+Up/Down),
        // within their section; a sidebar entry moves with its folders, among the outline's levels.
        dataSource.reorderingHandlers.canReorderItem = { [weak dataSource] item in
            let section = dataSource?.snapshot().sectionIdentifier(containingItem: item)
            return section == .settings || section == .sidebar
        }
        dataSource.reorderingHandlers.didReorder = { [weak self] _ in self?.onChange?() }
        collectionView.delegate = self
        self.dataSource = dataSource

        var snapshot = DiffableSnapshot<Section, Item>()
        snapshot.appendSections(Section.allCases)
        snapshot.appendItems(Self.settings(), toSection: .settings)
        snapshot.appendItems(Self.swatches(), toSection: .swatches)
        snapshot.appendItems(Self.mosaicTiles(), toSection: .mosaic)
        for section in Section.carousels { snapshot.appendItems(Self.cards(for: section), toSection: section) }
        dataSource.apply(snapshot, animatingDifferences: false)
        dataSource.apply(Self.sidebarOutline(), to: .sidebar, animatingDifferences: false)
    }

    /// A swatch cell shows its item's title and colour (shared with `pooltable-bench layouts`).
    public static func swatchRegistration() -> CollectionView.CellRegistration<SwatchCell, Item> {
        CollectionView.CellRegistration<SwatchCell, Item> { cell, _, item in
            cell.title = item.title
            cell.color = Color(hex: item.rgb)
        }
    }

    /// A badge shows the count of the item `item(indexPath)` answers (none: no badge).
    public static func badgeRegistration(item: @escaping @MainActor (IndexPath) -> Item?)
        -> CollectionView.SupplementaryRegistration<CountBadgeView> {
        CollectionView.SupplementaryRegistration<CountBadgeView>(elementKind: CountBadgeView.elementKind) { badge, _, indexPath in
            badge.count = item(indexPath)?.detail.flatMap { Int($0) } ?? 0
        }
    }

    /// A section's header: the list's name, or the carousel's behaviour in words.
    public static func headerTitle(_ section: Section) -> String {
        switch section {
        case .sidebar: tr("Library")
        case .settings: tr("Settings")
        case .swatches: tr("Colours")
        case .mosaic: tr("Mosaic")
        case .continuous: tr("Continuous")
        case .continuousGroupLeadingBoundary: tr("Continuous, stopping at a group")
        case .paging: tr("Paging")
        case .groupPaging: tr("Group paging")
        case .groupPagingCentered: tr("Group paging, centred")
        }
    }

    /// The continuous carousel's notes, short to long, so its cards differ in height.
    static var notes: [String] {
        [tr("New"), tr("Picked for you this week"), tr("A longer note that wraps onto several lines, so this card is taller than its neighbours"),
         tr("On sale"), tr("Seen by three friends, and saved to your list for later")]
    }

    /// Twelve cards (sixteen stacked in pairs) in the palette's colours, numbered from 1; each
    /// carousel starts three colours after the one above.
    static func cards(for section: Section) -> [Item] {
        let count = section == .continuousGroupLeadingBoundary ? 16 : 12
        let seed = 3 + (Section.carousels.firstIndex(of: section) ?? 0)
        return (0..<count).map { n in
            let c = (n + seed * 3) % palette.count
            return Item(id: 1000 * seed + n, title: colourName(c), detail: "\(n + 1)", rgb: palette[c])
        }
    }

    /// Two mosaic groups of tiles, in the palette's middle tones, from teal on.
    static func mosaicTiles() -> [Item] {
        (0..<2 * tilesPerMosaicGroup).map { n in
            let c = (n + 7) % palette.count
            return Item(id: 600 + n, title: colourName(c), rgb: palette[c])
        }
    }

    /// Mail (expanded), Photos and Music (collapsed), each with its folders.
    static func sidebarOutline() -> SectionSnapshot<Item> {
        var outline = SectionSnapshot<Item>()
        let folders: [(String, [String])] = [
            (tr("Mail"), [tr("Inbox"), tr("Drafts"), tr("Sent")]),
            (tr("Photos"), [tr("Recent"), tr("Favourites"), tr("Albums")]),
            (tr("Music"), [tr("Artists"), tr("Playlists")]),
        ]
        var id = 100
        for (k, folder) in folders.enumerated() {
            let parent = Item(id: id, title: folder.0)
            id += 1
            outline.append([parent])
            outline.append(folder.1.map { title in defer { id += 1 }; return Item(id: id, title: title) }, to: parent)
            if k == 0 { outline.expand([parent]) }
        }
        return outline
    }

    /// Settings rows, some with a value.
    static func settings() -> [Item] {
        [(tr("Wi-Fi"), tr("Home")), (tr("Bluetooth"), tr("On")), (tr("Notifications"), nil), (tr("Sound"), nil),
         (tr("Battery"), "82 %"), (tr("Privacy"), nil)]
            .enumerated().map { Item(id: 200 + $0.offset, title: $0.element.0, detail: $0.element.1) }
    }

    /// Named colours (GNOME's palette) in three tones each ("Blue 1" the lightest), each
    /// with a count for its badge.
    static func swatches() -> [Item] { (0..<palette.count * 3).map { swatch($0) } }

    /// Swatch `n` of an endless grid: colour `n / 3` of the palette (cycling) in tone
    /// `n % 3 + 1`, with a badge count of `(n * 7) % 5`; past the first round its title
    /// carries `n`, so each title is its own. The screen's 36 swatches are the first ones;
    /// `pooltable-bench layouts` shows a million.
    public static func swatch(_ n: Int) -> Item {
        let c = (n / 3) % palette.count, tone = n % 3 + 1
        let name = colourName(c)
        let title = n < palette.count * 3 ? "\(name) \(tone)" : "\(name) \(tone) · \(n)"
        return Item(id: 300 + n, title: title, detail: "\((n * 7) % 5)", rgb: Self.tone(palette[c], tone))
    }

    /// GNOME's palette: blue, green, yellow, orange, red, purple, brown, teal, pink, slate, light, dark.
    private static let palette: [UInt32] = [
        0x3584E4, 0x33D17A, 0xF6D32D, 0xFF7800, 0xE01B24, 0x9141AC, 0x986A44, 0x2190A4, 0xDC8ADD, 0x6F8396, 0xDEDDDA, 0x3D3846,
    ]

    /// Colour `c`'s name in the current language.
    private static func colourName(_ c: Int) -> String {
        switch c {
        case 0: tr("Blue")
        case 1: tr("Green")
        case 2: tr("Yellow")
        case 3: tr("Orange")
        case 4: tr("Red")
        case 5: tr("Purple")
        case 6: tr("Brown")
        case 7: tr("Teal")
        case 8: tr("Pink")
        case 9: tr("Slate")
        case 10: tr("Light")
        default: tr("Dark")
        }
    }

    /// Tone 1 mixes the colour a third of the way to white, 2 keeps it, 3 a third of the way to black.
    static func tone(_ rgb: UInt32, _ tone: Int) -> UInt32 {
        func channel(_ shift: UInt32) -> UInt32 {
            let c = Double((rgb >> shift) & 0xff)
            let mixed = tone == 1 ? c + (255 - c) / 3 : tone == 3 ? c * 2 / 3 : c
            return UInt32(mixed.rounded()) << shift
        }
        return channel(16) | channel(8) | channel(0)
    }
}

/// The gallery's own delegate answers: a settings row moved by hand stays in its section.
extension LayoutsController: CollectionViewDelegate {
    /// A destination in another section is pinned to the nearest end of the row's own section.
    public func collectionView(_ collectionView: CollectionView, targetIndexPathForMoveFromItemAt sourceIndexPath: IndexPath,
                               toProposedIndexPath proposedDestinationIndexPath: IndexPath) -> IndexPath {
        let section = sourceIndexPath.section
        if proposedDestinationIndexPath.section < section { return IndexPath(item: 0, section: section) }
        if proposedDestinationIndexPath.section > section {
            return IndexPath(item: max(0, collectionView.numberOfItems(inSection: section) - 1), section: section)
        }
        return proposedDestinationIndexPath
    }

    /// The user changed the selection (a click, a drag across items in edit mode, the keys).
    public func collectionViewSelectionDidChange(_ collectionView: CollectionView) { onChange?() }
}
