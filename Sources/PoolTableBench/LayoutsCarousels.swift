import CGtk
import Foundation
@_spi(Hosting) @_spi(Diagnostics) import PoolTable
@_spi(Interop) import PoolTableGtk
import PoolTableDemoKit

// `pooltable-bench layouts` part 3: 1,000 carousels (orthogonal sections) of 1,000 swatches
// each in the real window, the main list scrolled to the middle; one carousel pages sideways,
// animated and by touchpad swipes, frame by frame through the window's frame clock; its
// frames are timed as the grid's are (GuiChild.swift), and the process's RSS is read at the end.

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
    /// The animated pages' frames and the swipes' (drag and settle) apart.
    var animatedPageMedianMs: Double
    var swipeMedianMs: Double
    var swipesTaken: Int
    var mountedAtEnd: Int
    /// An empty window's peak RSS (`gui-one --toolkit baseline`), for reference.
    var baselinePeakRSSKiB: Int?
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

/// PoolTable's carousels in the window. `perform` pages one carousel: "page" sets its
/// orthogonal offset one view of groups on, animated ("paging": the animation's frames);
/// "swipe" begins a sideways scroll over it as a touchpad does (the Hosting SPI),
/// "swiping" moves it 30 px a frame, "swipeend" lets go at 1,500 px/s and the section
/// settles as its behaviour (`.groupPaging`) says ("paging" again).
@MainActor
final class CarouselHost: BenchChildHost {
    let table: TableWidget
    let source: CarouselSource
    var notes: [String] = []
    var view: CollectionView { table.collectionView! }
    /// The section paged, its offset before the first page, and whether a swipe was taken.
    private var paged: Int?
    private var startOffset = 0.0
    private var swipeTaken = 0

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
    var alive: Int { view.cellsAlive }
    var created: Int { view.cellsCreated }
    var visibleRows: Int { view.indexPathsForVisibleItems.count }
    var rowHeights: [Double] { [] }
    var columnWidths: [Double]? { nil }
    var figures: [String: Double] {
        let moved = paged.map { view.orthogonalContentOffset(forSection: $0) - startOffset } ?? 0
        return ["offsetMoved": moved, "sections": Double(source.sections), "items": Double(source.items),
                "mounted": Double(view.mountedCells.count), "swipesTaken": Double(swipeTaken)]
    }

    func perform(_ kind: String) -> Bool {
        switch kind {
        case "page":
            let s = section()
            // One view of groups on (five 150 px groups), eased on the animation clock.
            view.setOrthogonalContentOffset(view.orthogonalContentOffset(forSection: s) + 750, forSection: s, animated: true)
        case "swipe":
            let s = section()
            guard let item = view.layoutAttributesForItem(at: IndexPath(item: 0, section: s))?.frame else { return true }
            if view.beginOrthogonalScroll(atViewportPoint: Point(x: 400, y: item.midY - view.contentOffset.y)) { swipeTaken += 1 }
        case "swiping": view.updateOrthogonalScroll(by: 30)
        case "swipeend": view.endOrthogonalScroll(velocity: 1_500)
        case "paging": break   // the settle's frames: the engine's animation clock moves the band
        default: return false
        }
        return true
    }

    /// The carousel paged: the second one on screen when the first page begins.
    private func section() -> Int {
        if let paged { return paged }
        let s = min(source.sections - 1, (view.indexPathsForVisibleItems.map(\.section).min() ?? 0) + 1)
        paged = s
        startOffset = view.orthogonalContentOffset(forSection: s)
        return s
    }
}

extension LayoutsBench {
    /// The carousels' `gui-one` script: the main list to the middle, settle, then `pages`
    /// animated pages and as many touchpad swipes, each with its settling frames (a smoke
    /// run: shorter drags and settles, which then may not finish).
    static func carouselScript(pages: Int, smoke: Bool = false) -> [(kind: String, fraction: Double?)] {
        let settle: [(kind: String, fraction: Double?)] = Array(repeating: ("paging", nil), count: smoke ? 12 : 30)
        let page: [(kind: String, fraction: Double?)] = [("page", nil)] + settle
        let swipe: [(kind: String, fraction: Double?)] = [("swipe", nil)] + Array(repeating: ("swiping", nil), count: smoke ? 5 : 10)
            + [("swipeend", nil)] + settle
        return [("jump50", 0.5)] + Array(repeating: ("idle", nil), count: 5)
            + Array(repeating: page, count: pages).flatMap { $0 } + Array(repeating: swipe, count: pages).flatMap { $0 }
            + Array(repeating: ("idle", nil), count: 3)
    }

    /// The carousel frame kinds, for the figures.
    static let carouselKinds: Set<String> = ["page", "paging", "swipe", "swiping", "swipeend"]

    /// `gui-one --toolkit layouts-carousels --rows N`: N items in all, 1,000 sections when N
    /// allows (smaller runs: sections of 100).
    static func makeCarouselHost(_ child: GuiChild) -> BenchChildHost {
        child.script = carouselScript(pages: max(1, child.options.frames / 70), smoke: child.options.smoke)
        let rows = max(1, child.options.rows)
        let sections = rows >= 1_000_000 ? 1_000 : max(1, rows / 100)
        if child.options.toolkit == "layouts-carousels-listview" { return CarouselListViewHost(sections: sections, items: rows / sections) }
        return CarouselHost(sections: sections, items: rows / sections)
    }

    /// 1,000 carousels of 1,000 swatches (smoke: 20 of 100) on `toolkit` (`layouts-carousels`:
    /// PoolTable; `layouts-carousels-listview`: nested GtkListViews), and an empty window's
    /// RSS for reference (PoolTable's run, not in a smoke run), each in its own process.
    func measureCarousels(toolkit: String) -> CarouselFigures? {
        let items = options.smoke ? 2_000 : 1_000_000
        let frames = options.smoke ? 70 : 350
        let r: ChildResult? = runBenchChild(["gui-one", "--toolkit", toolkit, "--rows", "\(items)", "--frames", "\(frames)"]
                                            + (options.smoke ? ["--smoke"] : []),
                                            renderer: "cairo", what: toolkit, notes: &notes)
        // Not in a smoke run: it would take a second of the five.
        let baseline: ChildResult? = options.smoke || toolkit != "layouts-carousels" ? nil
            : runBenchChild(["gui-one", "--toolkit", "baseline", "--rows", "0", "--frames", "20"],
                            renderer: "cairo", what: "baseline window", notes: &notes)
        guard let r, let f = r.figures else { return nil }
        notes += r.notes.map { "\(toolkit): \($0)" }
        let moving = r.frames.filter { Self.carouselKinds.contains($0.kind) }
        let paging = r.frames.filter { $0.kind == "page" || $0.kind == "paging" }
        let swiping = r.frames.filter { $0.kind.hasPrefix("swip") }
        func stats(_ fs: [FrameSample]) -> (Double, Double) { (Stats.median(fs.map(\.workMs)), Stats.percentile(fs.map(\.workMs), 99)) }
        let (m, p) = stats(moving), (pm, _) = stats(paging), (sm, _) = stats(swiping)
        return CarouselFigures(sections: Int(f["sections"] ?? 0), itemsPerSection: Int(f["items"] ?? 0), pagingFrames: moving.count,
                               pagingMedianMs: m, pagingP99Ms: p, offsetMoved: f["offsetMoved"] ?? 0,
                               peakRSSKiB: r.peakRSSKiB, finalRSSKiB: r.finalRSSKiB,
                               animatedPageMedianMs: pm, swipeMedianMs: sm, swipesTaken: Int(f["swipesTaken"] ?? 0),
                               mountedAtEnd: Int(f["mounted"] ?? 0), baselinePeakRSSKiB: baseline?.peakRSSKiB)
    }

    func renderCarousels(_ c: CarouselFigures?, listView g: CarouselFigures? = nil) -> String {
        guard let c else { return "Carousels: not measured (see the notes)\n\n" }
        let mib = { (k: Int) in fmt(Double(k) / 1024, 1) }
        func row(_ name: String, _ value: (CarouselFigures) -> String) -> [String] { [name, value(c), g.map(value) ?? "—"] }
        return "\(groupedDigits(c.sections)) carousels (orthogonal sections, .groupPaging) of \(groupedDigits(c.itemsPerSection)) swatches, "
            + "800x600 window, cairo; the main list at 50 %, one carousel paged sideways; GtkListView: a vertical GtkListView "
            + "of horizontal GtkListViews, the same steps made on the row's adjustment:\n\n"
            + renderTable(header: ["figure", "PoolTable", "GtkListView"], rows: [
                row("frames while the carousel moves: median (ms)") { fmt($0.pagingMedianMs, 3) },
                row("  p99 (ms)") { fmt($0.pagingP99Ms, 2) },
                row("  frames") { "\($0.pagingFrames)" },
                row("  animated page, median (ms)") { fmt($0.animatedPageMedianMs, 3) },
                row("  swipe + settle, median (ms)") { fmt($0.swipeMedianMs, 3) },
                row("offset moved (px); swipes taken") { "\(fmt($0.offsetMoved, 0)); \($0.swipesTaken)" },
                row("cells alive at the end") { "\($0.mountedAtEnd)" },
                row("peak RSS / at the end (MiB)") { "\(mib($0.peakRSSKiB)) / \(mib($0.finalRSSKiB))" },
                ["an empty window's peak RSS (MiB)", c.baselinePeakRSSKiB.map(mib) ?? "—", ""],
            ], rightAligned: [false, true, true]) + "\n"
    }
}
