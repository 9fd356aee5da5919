import Testing
@_spi(Hosting) @_spi(Diagnostics) import PoolTable
@testable import PoolTableDemoKit

@MainActor
@Suite("Downloads: live per-item updates survive reuse (article 004)")
struct DownloadsTests {
    /// Every mounted cell shows its own item's progress and state; returns the mismatches.
    func mismatches(_ table: TableView, _ store: DownloadStore) -> [String] {
        var out: [String] = []
        for (ip, cell) in zip(table.indexPathsForMountedRows, table.mountedCells) {
            let d = store.downloads[ip.row]
            let c = cell as! DownloadCell
            if c.downloadID != d.id { out.append("row \(ip.row) shows item \(String(describing: c.downloadID))") }
            if c.targetProgress != d.progress || c.state != d.state {
                out.append("row \(ip.row): cell \(c.targetProgress) \(c.state), model \(d.progress) \(d.state)")
            }
        }
        return out
    }

    /// A 600x700 table showing `count` downloads through the controller.
    func makeDownloads(count: Int = 500, seed: UInt64 = 4) -> (TableView, DownloadStore, DownloadsController) {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 600, height: 700))
        let store = DownloadStore(count: count, seed: seed)
        let controller = DownloadsController(store: store)
        controller.attach(to: table)
        return (table, store, controller)
    }

    func run(cellBound: Bool, steps: Int = 400) -> (problems: [String], controller: DownloadsController, table: TableView) {
        let (table, store, controller) = makeDownloads(seed: 11)
        controller.cellBoundCallbacks = cellBound
        var rng = SeededRandom(seed: 99)
        controller.startAll()
        var clock = 0.0
        var problems: [String] = []
        for step in 0..<steps {
            clock += 0.1
            store.tick(elapsed: 0.1)                       // the downloader's timer
            if Int.random(in: 0..<3, using: &rng) == 0 {   // the user scrolls
                table.contentOffset = Point(x: 0, y: Double.random(in: 0...table.contentSize.height, using: &rng))
            } else {
                table.contentOffset = Point(x: 0, y: table.contentOffset.y + Double.random(in: -300...300, using: &rng))
            }
            if step % 37 == 0, let ip = table.indexPathsForVisibleRows.randomElement(using: &rng) {
                controller.tableView(table, didTapTarget: DownloadCell.buttonTarget, inRowAt: ip)   // pause/resume/retry
            }
            table.advanceAnimations(to: clock)
            table.layoutIfNeeded()
            let m = mismatches(table, store)
            if !m.isEmpty { problems.append("step \(step): \(m.prefix(2))") }
        }
        return (problems, controller, table)
    }

    @Test("every mounted cell shows exactly its own item's progress and state while scrolling")
    func routedByItem() {
        let (problems, controller, _) = run(cellBound: false)
        #expect(problems.isEmpty, "\(problems.prefix(3))")
        #expect(controller.routedUpdates > 0)
    }

    @Test("with cell-bound callbacks the same check catches the article's bug (the check can fail)")
    func cellBoundShowsTheBug() {
        let (problems, _, _) = run(cellBound: true, steps: 200)
        #expect(!problems.isEmpty)
    }

    @Test("reconfigure keeps cell identity; rows that are not mounted cost nothing")
    func identityAndCost() {
        let (table, store, controller) = makeDownloads()
        defer { withExtendedLifetime(controller) {} }   // the table holds its data source weakly
        let cells = table.mountedCells.map(ObjectIdentifier.init)
        let binds = table.statistics.binds
        store.startAll()
        store.tick(elapsed: 0.1)
        table.layoutIfNeeded()
        #expect(table.mountedCells.map(ObjectIdentifier.init) == cells)
        // 500 items changed twice (start, tick); only mounted rows were bound, once each per flush.
        #expect(table.statistics.binds - binds <= 2 * table.indexPathsForMountedRows.count)
        #expect(table.pendingReconfigureCount == 0)
    }

    @Test("many updates within one frame coalesce into one bind per row")
    func coalescing() {
        let (table, store, controller) = makeDownloads()
        defer { withExtendedLifetime(controller) {} }   // the table holds its data source weakly
        store.startAll()
        table.layoutIfNeeded()
        let binds = table.statistics.binds
        for _ in 0..<10 { store.tick(elapsed: 0.01) }     // ten ticks before the next frame
        table.layoutIfNeeded()
        #expect(table.statistics.binds - binds == table.indexPathsForMountedRows.count)
    }

    @Test("a recycled cell starts at its new item's progress: the bar never jumps back")
    func noJumpBack() {
        let (table, store, controller) = makeDownloads()
        defer { withExtendedLifetime(controller) {} }   // the table holds its data source weakly
        store.startAll()
        table.advanceAnimations(to: 0)
        for i in 1...20 { store.tick(elapsed: 0.1); table.advanceAnimations(to: Double(i) * 0.1); table.layoutIfNeeded() }
        table.contentOffset = Point(x: 0, y: 68 * 200)
        for cell in table.mountedCells.compactMap({ $0 as? DownloadCell }) {
            #expect(cell.displayedProgress == store.download(cell.downloadID!)!.progress)
        }
        // Same item, new progress: eases forward, never backward.
        let cell = table.visibleCells[0] as! DownloadCell
        let before = cell.displayedProgress
        store.tick(elapsed: 0.1)
        table.layoutIfNeeded()
        table.advanceAnimations(to: 2.15)
        #expect(cell.displayedProgress >= before)
        #expect(cell.displayedProgress <= cell.targetProgress)
    }

    @Test("a tick re-records only the bar and the byte count of each ticking row; the name and button are kept")
    func tickRecordsLiveLayersOnly() throws {
        let (table, store, controller) = makeDownloads()
        defer { withExtendedLifetime(controller) {} }   // the table holds its data source weakly
        let canvas = RecordingCanvas()
        func frame() -> Set<ObjectIdentifier> {
            canvas.reset()
            table.render(in: canvas)
            return Set(canvas.cachedDraws.filter(\.rebuilt).map(\.key))
        }
        table.advanceAnimations(to: 0)
        let cells = table.indexPathsForVisibleRows.compactMap { table.cellForRow(at: $0) as? DownloadCell }
        try #require(cells.count >= 10)
        let live = cells.prefix(10)
        for c in live { store.start(c.downloadID!) }          // the state changes: the whole row
        table.advanceAnimations(to: 0.05)
        #expect(frame().isSuperset(of: live.map(ObjectIdentifier.init)))
        table.advanceAnimations(to: 1)
        _ = frame()
        #expect(frame().isEmpty)

        store.tick(elapsed: 0.1)                              // progress only
        table.layoutIfNeeded()
        table.advanceAnimations(to: 1.05)
        let rebuilt = frame()
        let layers = Set(live.flatMap { c in c.liveLayers.map { c.cacheKey(of: $0) } })
        #expect(rebuilt.isSubset(of: layers.union(live.map { ObjectIdentifier($0.detailCache) })))
        #expect(rebuilt.isSuperset(of: live.map { $0.cacheKey(of: DownloadCell.progressLayer) }))
        #expect(rebuilt.isDisjoint(with: cells.map(ObjectIdentifier.init)), "no row's static part")
        #expect(rebuilt.isDisjoint(with: cells.map { ObjectIdentifier($0.titleCache) }))
        #expect(live.allSatisfy { $0.isRedrawingLiveLayersOnly })
        #expect(cells.dropFirst(10).allSatisfy { !$0.isRedrawingLiveLayersOnly })
        // The name is still drawn on every row (the kept static part).
        #expect(cells.allSatisfy { c in canvas.texts.contains { $0.0 == c.name } })
        table.advanceAnimations(to: 2)
        _ = frame()
        #expect(frame().isEmpty)
    }
}
