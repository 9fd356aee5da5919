import Testing
@_spi(Hosting) @_spi(Diagnostics) @testable import PoolTable

@MainActor
@Suite("No leaks: dropped cells and tables are freed")
struct LeakTests {
    final class Weak { weak var object: AnyObject?; init(_ o: AnyObject) { object = o } }

    @Test("scrolling a million rows, then dropping the table, frees the table, its cells and the data source")
    func tableAndCellsFreed() {
        var weakCells: [Weak] = []
        var weakTable: Weak?
        var weakSource: Weak?
        do {
            let table = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 600))
            let model = ModelSource(rows: [1_000_000])
            table.register({ ProbeCell(reuseIdentifier: $0) }, forCellReuseIdentifier: "probe")
            table.dataSource = model
            table.delegate = model
            table.allowsMultipleSelectionDuringEditing = true
            table.setEditing(true, animated: true)
            table.selectAll(animated: true)
            var y = 0.0
            while y < table.contentSize.height { table.contentOffset = Point(x: 0, y: y); y += 44_000 * 7 + 31 }
            table.advanceAnimations(to: 0); table.advanceAnimations(to: 1)
            let overlay = DebugOverlay()
            overlay.render(table, in: RecordingCanvas())
            weakCells = table.mountedCells.map(Weak.init) + table.mountedCells.compactMap { _ in nil }
            weakTable = Weak(table)
            weakSource = Weak(model)
        }
        #expect(weakTable?.object == nil)
        #expect(weakSource?.object == nil)
        #expect(!weakCells.isEmpty)
        #expect(weakCells.allSatisfy { $0.object == nil })
    }

    @Test("cells dropped by the bounded pool are freed; ghosts of deleted rows are freed after their animation")
    func droppedCellsFreed() throws {
        var weak: [Weak] = []
        let table = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 3000))
        let model = ItemSource(sections: [Array(0..<500)])
        model.attach(to: table)
        weak = table.mountedCells.map(Weak.init)
        try table.performBatchUpdatesThrowing({
            model.sections[0].removeSubrange(0..<200)
            table.deleteRows(at: (0..<200).map { IndexPath(row: $0, section: 0) }, with: .automatic)
        }, completion: nil)
        table.advanceAnimations(to: 0); table.advanceAnimations(to: 1)
        table.frame = Rect(x: 0, y: 0, width: 400, height: 50)        // most cells leave
        table.layoutIfNeeded()
        let alive = weak.filter { $0.object != nil }.count
        // Whatever is alive is mounted or pooled — nothing else holds cells.
        let held = table.mountedCells.count + table.pooledCellCounts.reduce(0) { $0 + $1.count }
        #expect(alive <= held)
    }
}

@MainActor
@Suite("Data sources that lie")
struct LyingDataSourceTests {
    /// Reports counts that change between calls, and heights that change on every call.
    /// (Bespoke: the lies are what is under test.)
    final class Liar: TableViewDataSource, TableViewDelegate {
        var calls = 0
        func numberOfSections(in tableView: TableView) -> Int { 2 }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { calls += 1; return calls % 2 == 0 ? 50 : 5 }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            // Dequeues one identifier, but hands back a cell made with another.
            _ = tableView.dequeueReusableCell(withIdentifier: "a", for: indexPath)
            return TableViewCell(reuseIdentifier: indexPath.row % 2 == 0 ? "b" : "unregistered")
        }
        func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double {
            calls += 1
            return Double(20 + calls % 50)
        }
    }

    @Test("counts and heights that change without an update, and cells of another identifier, never crash")
    func liar() throws {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 300, height: 400))
        table.register({ TableViewCell(reuseIdentifier: $0) }, forCellReuseIdentifier: "a")
        table.register({ TableViewCell(reuseIdentifier: $0) }, forCellReuseIdentifier: "b")
        let liar = Liar()
        table.dataSource = liar
        table.delegate = liar
        for y in stride(from: 0.0, through: 3000, by: 97) { table.contentOffset = Point(x: 0, y: y) }
        table.reloadData()
        for y in stride(from: 3000.0, through: 0, by: -61) { table.contentOffset = Point(x: 0, y: y) }
        // Geometry stays self-consistent whatever the liar says.
        var y = 0.0
        for s in 0..<table.numberOfSections {
            y += table.rectForHeaderInSection(s).height
            for r in 0..<table.numberOfRows(inSection: s) { #expect(table.rectForRow(at: IndexPath(row: r, section: s)).minY == y); y += table.rectForRow(at: IndexPath(row: r, section: s)).height }
            y += table.rectForFooterInSection(s).height
        }
        #expect(table.contentSize.height == y)
        // Cells of other identifiers were pooled by their own identifier or dropped.
        #expect(table.pooledCellCounts.allSatisfy { ["a", "b"].contains($0.identifier) })
        // An update against a count that moved under us is refused, not applied.
        #expect(throws: BatchUpdateError.self) { try table.performBatchUpdatesThrowing({}, completion: nil) }
    }
}
