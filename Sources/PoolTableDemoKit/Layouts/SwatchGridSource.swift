import PoolTable

/// The Layout Gallery's swatch grid at any size, with none of GTK: one section laid out by
/// the app's own `LayoutsController.swatchSection`, cells and badges from the app's own
/// registrations, item `n` being `LayoutsController.swatch(n)`, under the opaque pinned
/// "Colours" header. `pooltable-bench layouts` (the headless scroll step and the real window)
/// and the rendering tests use it.
@MainActor
public final class SwatchGridSource: CollectionViewDataSource {
    /// How many swatches.
    public let count: Int
    /// `cellForItemAt` calls so far.
    public private(set) var binds = 0
    private let cells = LayoutsController.swatchRegistration()
    private let badges: CollectionView.SupplementaryRegistration<CountBadgeView>
    private let headers = CollectionView.SupplementaryRegistration<LayoutsHeaderView>(elementKind: CollectionView.elementKindSectionHeader) {
        header, _, _ in
        header.text = LayoutsController.headerTitle(.swatches)
        header.isOpaque = true   // pinned: it covers the swatches scrolling under it
    }

    /// A grid of `count` swatches.
    public init(count: Int) {
        self.count = count
        badges = LayoutsController.badgeRegistration { [count] in $0.item < count ? LayoutsController.swatch($0.item) : nil }
    }

    /// The gallery's grid layout: the swatch section at the view's width.
    public static func layout() -> CollectionViewCompositionalLayout {
        CollectionViewCompositionalLayout { _, environment in
            LayoutsController.swatchSection(width: environment.container.effectiveContentSize.width)
        }
    }

    /// A collection view of `frame` showing `source`'s swatches (the caller keeps `source`:
    /// the view holds its data source weakly).
    public static func makeView(frame: Rect, source: SwatchGridSource) -> CollectionView {
        let view = CollectionView(frame: frame, collectionViewLayout: layout())
        view.dataSource = source
        return view
    }

    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }

    public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        binds += 1
        return collectionView.dequeueConfiguredReusableCell(using: cells, for: indexPath, item: LayoutsController.swatch(indexPath.item))
    }

    public func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) -> CollectionReusableView {
        if kind == CollectionView.elementKindSectionHeader {
            return collectionView.dequeueConfiguredReusableSupplementary(using: headers, for: indexPath)
        }
        return collectionView.dequeueConfiguredReusableSupplementary(using: badges, for: indexPath)
    }
}
