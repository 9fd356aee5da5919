import CGtk
import Foundation
@_spi(Hosting) @_spi(Diagnostics) import PoolTable
@_spi(Interop) import PoolTableGtk
import PoolTableDemoKit

// `pooltable-bench layouts` part 3: 1,000 carousels (orthogonal sections) of 1,000 swatches
// each in the real window, the main list scrolled to the middle; one carousel pages sideways,
// animated, frame by frame through the window's frame clock; its frames are timed as the
// grid's are (GuiChild.swift), and the process's RSS is read at the end.

/// The carousels' figures.
struct CarouselFigures: Codable {
    var sections: Int
    var itemsPerSection: Int
    var pagingFrames: Int
    var pagingMedianMs: Double
    var pagingP99Ms: Double
    /// How far the paged carousel's orthogonal offset moved (proves it paged).
    var offsetMoved: Double
    var peakRSSKiB: Int
    var finalRSSKiB: Int
}

/// `sections` carousels of `items` swatches: each section one row of 150 x 120 swatch groups
/// (the gallery's `SwatchCell` through its registration) that pages group by group sideways.
@MainActor
final class CarouselSource: CollectionViewDataSource {
    let sections: Int
    let items: Int
    private let cells = LayoutsController.swatchRegistration()

    init(sections: Int, items: Int) {
        self.sections = sections
        self.items = items
    }

    static func layout() -> CollectionViewCompositionalLayout {
        CollectionViewCompositionalLayout { _, _ in
            let item = CollectionLayoutItem(layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
            item.contentInsets = DirectionalEdgeInsets(top: 4, leading: 4, bottom: 4, trailing: 4)
            let group = CollectionLayoutGroup.horizontal(
                layoutSize: CollectionLayoutSize(widthDimension: .absolute(150), heightDimension: .absolute(120)), subitems: [item])
            let section = CollectionLayoutSection(group: group)
            section.orthogonalScrollingBehavior = .groupPaging
            section.contentInsets = DirectionalEdgeInsets(top: 4, leading: 8, bottom: 4, trailing: 8)
            return section
        }
    }

    func numberOfSections(in collectionView: CollectionView) -> Int { sections }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { items }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        collectionView.dequeueConfiguredReusableCell(using: cells, for: indexPath,
                                                     item: LayoutsController.swatch(indexPath.section * items + indexPath.item))
    }
}

/// PoolTable's carousels in the window; `perform("page")` pages one carousel.
@MainActor
final class CarouselHost: BenchChildHost {
    let table: TableWidget
    let source: CarouselSource
    var notes: [String] = []
    var view: CollectionView { table.collectionView! }
    /// The section paged, and how far its orthogonal offset moved.
    private var paged: Int?
    private var moved = 0.0

    init(sections: Int, items: Int) {
        source = CarouselSource(sections: sections, items: items)
        let view = CollectionView(frame: Rect(x: 0, y: 0, width: 800, height: 600), collectionViewLayout: CarouselSource.layout())
        view.dataSource = source
        table = TableWidget(hosting: view)
    }

    var widget: UnsafeMutablePointer<GtkWidget> { table.widget }
    var vadjustment: UnsafeMutablePointer<GtkAdjustment> { gtk_scrolled_window_get_vadjustment(OpaquePointer(widget)) }
    var tableWidget: TableWidget? { table }
    var binds: Int { view.statistics.binds }
    var alive: Int { view.mountedCells.count + view.pooledCellCounts.reduce(0) { $0 + $1.count } }
    var created: Int { view.cellsCreated }
    var visibleRows: Int { view.indexPathsForVisibleItems.count }
    var rowHeights: [Double] { [] }
    var columnWidths: [Double]? { nil }
    var figures: [String: Double] { ["offsetMoved": moved, "sections": Double(source.sections), "items": Double(source.items)] }

    /// "page": the second carousel on screen moves one page on (animated; the "paging"
    /// frames after it are the animation's).
    func perform(_ kind: String) -> Bool {
        guard kind == "page" else { return kind == "paging" }
        let section = paged ?? min(source.sections - 1, (view.indexPathsForVisibleItems.map(\.section).min() ?? 0) + 1)
        paged = section
        pageCarousel(section)
        return true
    }

    /// Pages carousel `section` one view width on. Needs the engine's orthogonal sections
    /// (`setOrthogonalContentOffset(_:forSection:animated:)`, branch orth-engine): until they
    /// are merged nothing moves, `offsetMoved` stays 0, and the parent reports the part as waiting.
    private func pageCarousel(_ section: Int) {
        notes.append("carousel \(section) not paged: the engine has no orthogonal scrolling yet")
    }
}

extension LayoutsBench {
    /// The carousels' `gui-one` script: the main list to the middle, settle, then pages with
    /// their animation frames.
    static func carouselScript(pages: Int) -> [(kind: String, fraction: Double?)] {
        [("jump50", 0.5)] + Array(repeating: ("idle", nil), count: 5)
            + Array(repeating: [("page", nil)] + Array(repeating: ("paging", nil), count: 30), count: pages).flatMap { $0 }
            + Array(repeating: ("idle", nil), count: 3)
    }

    /// `gui-one --toolkit layouts-carousels`.
    static func makeCarouselHost(_ child: GuiChild) -> BenchChildHost {
        child.script = carouselScript(pages: max(1, child.options.frames / 31))
        let sections = child.options.rows / 1_000 > 0 ? 1_000 : max(1, child.options.rows / 100)
        return CarouselHost(sections: sections, items: child.options.rows / sections)
    }

    func measureCarousels() -> CarouselFigures? {
        // Orthogonal sections are not in the engine yet (branch orth-engine): nothing to page.
        notes.append("carousels: not measured: orthogonal sections are not in the engine yet (branch orth-engine); "
                     + "CarouselHost (LayoutsCarousels.swift) waits on setOrthogonalContentOffset(_:forSection:animated:)")
        return nil
    }

    func renderCarousels(_ c: CarouselFigures?) -> String {
        guard let c else { return "Carousels: not measured (see the notes)\n\n" }
        return "\(c.sections) carousels of \(c.itemsPerSection) items: paging frame median \(fmt(c.pagingMedianMs, 3)) ms, "
            + "p99 \(fmt(c.pagingP99Ms, 2)) ms over \(c.pagingFrames) frames (offset moved \(fmt(c.offsetMoved, 0)) px); "
            + "peak RSS \(fmt(Double(c.peakRSSKiB) / 1024, 1)) MiB, at the end \(fmt(Double(c.finalRSSKiB) / 1024, 1)) MiB\n\n"
    }
}
