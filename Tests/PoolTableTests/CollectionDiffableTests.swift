import Testing
@testable import PoolTable

/// A cell a registration configures with its item's title; draws "title <text>".
@MainActor
final class TitleCell: CollectionViewCell {
    var text: String?
    var configurations = 0
    override func prepareForReuse() { super.prepareForReuse(); text = nil }
    override func drawContent(in canvas: Canvas, bounds: Rect) {
        super.drawContent(in: canvas, bounds: bounds)
        canvas.drawText("title \(text ?? "?")", in: bounds, style: TextStyle())
    }
}

/// A compositional grid (three across, 60 high) fed by a `CollectionViewDiffableDataSource`
/// whose cells come from a registration, titled from `titles`.
@MainActor
final class DiffableGrid {
    typealias Snap = DiffableSnapshot<String, Int>
    let view: CollectionView
    let source: CollectionViewDiffableDataSource<String, Int>
    /// The titles by item (an item without one is titled by its number), and how often the cell provider ran.
    final class Model {
        var titles: [Int: String] = [:]
        var provided = 0
    }
    let model = Model()
    var titles: [Int: String] { get { model.titles } set { model.titles = newValue } }
    var provided: Int { model.provided }

    init(width: Double = 300, height: Double = 400) {
        let item = CollectionLayoutItem(layoutSize: size(.fractionalWidth(1.0 / 3), .fractionalHeight(1)))
        let group = CollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(60)), subitems: [item])
        view = CollectionView(frame: Rect(x: 0, y: 0, width: width, height: height),
                              collectionViewLayout: CollectionViewCompositionalLayout(section: CollectionLayoutSection(group: group)))
        let registration = CollectionView.CellRegistration<TitleCell, String> { cell, _, title in
            cell.text = title
            cell.configurations += 1
        }
        let model = model
        source = CollectionViewDiffableDataSource(collectionView: view) { view, indexPath, id in
            model.provided += 1
            return view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: model.titles[id] ?? "\(id)")
        }
    }

    static func snap(_ sections: KeyValuePairs<String, [Int]>) -> Snap {
        var s = Snap()
        for (id, items) in sections { s.appendSections([id]); s.appendItems(items, toSection: id) }
        return s
    }

    /// What each mounted cell shows, by index path, checked against the data source's identity.
    func problems() -> [String] {
        var out: [String] = []
        for (ip, cell) in zip(view.indexPathsForMountedItems, view.mountedCells) {
            guard let id = source.itemIdentifier(for: ip) else { out.append("\(ip): no item"); continue }
            let shown = (cell as? TitleCell)?.text
            if shown != (titles[id] ?? "\(id)") { out.append("\(ip): shows \(shown ?? "nil") for item \(id)") }
            if cell.frame != view.layoutAttributesForItem(at: ip)?.frame { out.append("\(ip): frame \(cell.frame)") }
        }
        if let v = view.invariantViolation() { out.append(v) }
        return out
    }

    /// The titles drawn, by text, in viewport coordinates.
    func drawn() -> [String: Rect] {
        let canvas = RecordingCanvas()
        view.render(in: canvas)
        var out: [String: Rect] = [:]
        for (text, rect) in canvas.texts where text.hasPrefix("title ") { out[String(text.dropFirst(6))] = rect }
        return out
    }

    func finishAnimations() {
        var t = 0.0
        for _ in 0..<400 where view.hasRunningAnimations { t += 1.0 / 60; view.advanceAnimations(to: t) }
    }
}

/// `CollectionViewDiffableDataSource` (issue 38, rule 4): snapshots applied to a
/// compositional collection view through the table's diffable engine.
@MainActor
@Suite("Collection view diffable data source")
struct CollectionDiffableTests {
    func ip(_ item: Int, _ section: Int = 0) -> IndexPath { IndexPath(item: item, section: section) }

    @Test("an applied snapshot becomes the collection view's items; cells from the registration are drawn at their frames")
    func applyLoads() throws {
        let grid = DiffableGrid()
        try grid.source.applyThrowing(DiffableGrid.snap(["a": Array(0..<30), "b": Array(100..<110)]), animatingDifferences: false)
        grid.view.layoutIfNeeded()
        #expect(grid.view.numberOfSections == 2)
        #expect(grid.view.numberOfItems(inSection: 1) == 10)
        #expect(grid.source.itemIdentifier(for: ip(4, 1)) == 104)
        #expect(grid.source.indexPath(for: 7) == ip(7))
        #expect(grid.source.indexPath(for: 999) == nil)
        #expect(grid.source.sectionIdentifier(for: 1) == "b" && grid.source.index(for: "b") == 1)
        #expect(grid.source.snapshot().sectionIdentifier(containingItem: 105) == "b")
        #expect(grid.source.snapshot().sectionIdentifier(containingItem: 5) == "a")
        #expect(grid.source.snapshot().sectionIdentifier(containingItem: -1) == nil)
        #expect(grid.problems() == [])
        let drawn = grid.drawn()
        #expect(!drawn.isEmpty)
        for ip in grid.view.indexPathsForVisibleItems {
            let id = grid.source.itemIdentifier(for: ip)!, frame = grid.view.layoutAttributesForItem(at: ip)!.frame
            #expect(drawn["\(id)"] == frame, "\(ip)")
        }
    }

    @Test("an animated apply inserts, deletes and moves by identity; cells keep their items mid-animation and are recycled")
    func animatedApply() throws {
        let grid = DiffableGrid()
        try grid.source.applyThrowing(DiffableGrid.snap(["a": Array(0..<30)]), animatingDifferences: false)
        grid.view.layoutIfNeeded()
        let before = Dictionary(uniqueKeysWithValues: zip(grid.view.indexPathsForMountedItems.map { grid.source.itemIdentifier(for: $0)! },
                                                          grid.view.mountedCells.map(ObjectIdentifier.init)))
        var next = grid.source.snapshot()
        next.deleteItems([0, 1, 2, 5])
        next.insertItems([50, 51], beforeItem: 7)
        next.moveItem(20, beforeItem: 3)
        var completed = false
        grid.source.apply(next, animatingDifferences: true) { completed = true }
        #expect(grid.source.snapshot() == next)
        #expect(grid.view.hasRunningAnimations)
        #expect(!completed)
        grid.view.advanceAnimations(to: 0.1)
        #expect(grid.source.itemIdentifier(for: ip(0)) == 20)
        grid.finishAnimations()
        #expect(completed)
        #expect(grid.problems() == [])
        #expect(grid.view.numberOfItems(inSection: 0) == 28)
        #expect((0..<28).map { grid.source.itemIdentifier(for: ip($0))! } == next.itemIdentifiers)
        // Items that stayed mounted kept their cells (identity, not position).
        for (ip, cell) in zip(grid.view.indexPathsForMountedItems, grid.view.mountedCells) {
            let id = grid.source.itemIdentifier(for: ip)!
            if let old = before[id], id != 20 { #expect(old == ObjectIdentifier(cell), "item \(id)") }
        }
        // Deleted items' cells went back to the pool and came out again: no more cells than the screen needs.
        let distinct = Set(grid.view.mountedCells.map(ObjectIdentifier.init))
        #expect(distinct.count == grid.view.mountedCells.count)
    }

    @Test("a large apply is diffed off the main thread: the view changes when the scheduler hands it back, completions in order")
    func offMainThread() throws {
        let grid = DiffableGrid()
        let scheduler = ManualApplyScheduler()
        grid.source.applyScheduler = scheduler
        try grid.source.applyThrowing(DiffableGrid.snap(["a": Array(0..<20_000)]), animatingDifferences: false)
        grid.view.layoutIfNeeded()
        #expect(grid.source.synchronousApplyLimit == 8_192)
        var order: [Int] = []
        var first = grid.source.snapshot(); first.deleteItems(Array(0..<10))
        grid.source.apply(first, animatingDifferences: false) { order.append(1) }
        #expect(grid.source.hasPendingApply)
        #expect(grid.source.itemIdentifier(for: ip(0)) == 0, "unchanged until the diff comes back")
        var second = first; second.appendItems([-1, -2])
        grid.source.apply(second, animatingDifferences: false) { order.append(2) }
        #expect(grid.source.snapshot() == second)
        #expect(scheduler.drain() > 0)
        #expect(!grid.source.hasPendingApply)
        #expect(order == [1, 2])
        #expect(grid.view.numberOfItems(inSection: 0) == 19_992)
        #expect(grid.source.itemIdentifier(for: ip(0)) == 10)
        #expect(grid.source.indexPath(for: -2) == ip(19_991))
        grid.view.layoutIfNeeded()
        #expect(grid.problems() == [])
    }

    @Test("reconfigureItems configures the same cell again; reloadItems asks the cell provider for a new one")
    func reconfigureAndReload() throws {
        let grid = DiffableGrid()
        try grid.source.applyThrowing(DiffableGrid.snap(["a": Array(0..<12)]), animatingDifferences: false)
        grid.view.layoutIfNeeded()
        let cell3 = grid.view.cellForItem(at: ip(3)) as! TitleCell
        let configured = cell3.configurations
        grid.titles[3] = "three"
        grid.titles[4] = "four"
        var snap = grid.source.snapshot()
        snap.reconfigureItems([3])
        snap.reloadItems([4])
        #expect(snap.reconfiguredItemIdentifiers == [3] && snap.reloadedItemIdentifiers == [4])
        #expect(snap == grid.source.snapshot(), "marks are not content")
        let providedBefore = grid.provided
        grid.source.apply(snap, animatingDifferences: true)
        grid.view.layoutIfNeeded()
        grid.finishAnimations()
        #expect(grid.view.cellForItem(at: ip(3)) === cell3, "reconfigured in place")
        #expect(cell3.text == "three" && cell3.configurations == configured + 1)
        #expect((grid.view.cellForItem(at: ip(4)) as? TitleCell)?.text == "four")
        #expect(grid.provided == providedBefore + 2)
        #expect(grid.source.snapshot().reconfiguredItemIdentifiers.isEmpty && grid.source.snapshot().reloadedItemIdentifiers.isEmpty)
        #expect(grid.drawn()["three"] == grid.view.layoutAttributesForItem(at: ip(3))?.frame)
        #expect(grid.problems() == [])
        // The data source's own reconfigure, by identity.
        grid.titles[5] = "five"
        grid.source.reconfigureItems([5])
        grid.view.layoutIfNeeded()
        #expect((grid.view.cellForItem(at: ip(5)) as? TitleCell)?.text == "five")
    }

    @Test("a snapshot with a duplicate identifier changes nothing and is reported; a nil cell is an empty cell with a warning")
    func badInput() throws {
        let grid = DiffableGrid()
        try grid.source.applyThrowing(DiffableGrid.snap(["a": [1, 2, 3]]), animatingDifferences: false)
        grid.view.layoutIfNeeded()
        grid.source.apply(DiffableGrid.snap(["a": [1, 2, 2]]))
        #expect(grid.source.lastApplyError == .duplicateIdentifier("item 2"))
        #expect(grid.view.numberOfItems(inSection: 0) == 3)
        #expect(throws: DiffableDataSourceError.self) { try grid.source.applyThrowing(DiffableGrid.snap(["a": [4], "b": [4]])) }
        #expect(grid.problems() == [])
    }

    @Test("section snapshots make an outline in a collection view: expanding inserts the children after their parent")
    func outline() throws {
        let grid = DiffableGrid()
        var outline = SectionSnapshot<Int>()
        outline.append([1, 2, 3])
        outline.append([10, 11, 12], to: 1)
        outline.append([20], to: 2)
        grid.source.apply(outline, to: "tree", animatingDifferences: false)
        grid.view.layoutIfNeeded()
        #expect(grid.source.snapshot().itemIdentifiers == [1, 2, 3])
        outline.expand([1])
        grid.source.apply(outline, to: "tree", animatingDifferences: true)
        grid.finishAnimations()
        #expect(grid.source.snapshot().itemIdentifiers == [1, 10, 11, 12, 2, 3])
        #expect(grid.source.snapshot(for: "tree").isExpanded(1))
        #expect(grid.problems() == [])
        outline.collapse([1])
        grid.source.apply(outline, to: "tree", animatingDifferences: false)
        #expect(grid.view.numberOfItems(inSection: 0) == 3)
    }
}
