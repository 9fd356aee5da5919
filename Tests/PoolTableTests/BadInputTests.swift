import Testing
@testable import PoolTable

@MainActor
@Suite("Bad input degrades gracefully")
struct BadInputTests {
    @Test("negative and NaN heights count as zero; such rows are never mounted")
    func badHeights() {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let model = ModelSource(rows: [6], heights: { [44, -10, .nan, .infinity, 44, 0][$0.row] })
        model.attach(to: table)
        #expect(table.contentSize.height == 88)
        #expect(table.indexPathsForMountedRows == [IndexPath(row: 0, section: 0), IndexPath(row: 4, section: 0)])
        #expect(table.rectForRow(at: IndexPath(row: 1, section: 0)).height == 0)
        #expect(mountedStateProblems(table, model: model) == [])
    }

    @Test("negative row and section counts are treated as zero")
    func negativeCounts() {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let model = ModelSource(rows: [-5, 3])
        model.attach(to: table)
        #expect(table.numberOfRows(inSection: 0) == 0)
        #expect(table.numberOfRows(inSection: 1) == 3)
        // Bespoke: a negative section count, which no fixture's model can hold.
        final class NegativeSections: TableViewDataSource {
            func numberOfSections(in tableView: TableView) -> Int { -3 }
            func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 1 }
            func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell { TableViewCell(reuseIdentifier: nil) }
        }
        let ds = NegativeSections()
        table.dataSource = ds
        #expect(table.numberOfSections == 0)
        #expect(table.contentSize.height == 0)
        #expect(table.mountedCells.isEmpty)
    }

    @Test("out-of-range index paths return nil or .zero and are otherwise ignored")
    func outOfRange() {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let model = ModelSource(rows: [3])
        model.attach(to: table)
        let bad = [IndexPath(row: 3, section: 0), IndexPath(row: -1, section: 0), IndexPath(row: 0, section: 1), IndexPath(row: 0, section: -1)]
        for ip in bad {
            #expect(table.cellForRow(at: ip) == nil)
            #expect(table.rectForRow(at: ip) == .zero)
            table.selectRow(at: ip, animated: true, scrollPosition: .middle)
            table.deselectRow(at: ip, animated: true)
            table.scrollToRow(at: ip, at: .top, animated: true)
        }
        #expect(table.rectForSection(7) == .zero)
        #expect(table.rectForHeaderInSection(-1) == .zero)
        #expect(table.rectForFooterInSection(9) == .zero)
        #expect(table.numberOfRows(inSection: 42) == 0)
        #expect(table.indexPathsForSelectedRows == nil)
        #expect(mountedStateProblems(table, model: model) == [])
    }

    @Test("non-finite offsets, frames and prefetch distances are ignored or clamped")
    func nonFiniteGeometry() {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let model = ModelSource(rows: [100])
        model.attach(to: table)
        table.contentOffset = Point(x: 0, y: 500)
        table.contentOffset = Point(x: 0, y: .nan)
        #expect(table.contentOffset.y == 500)
        table.contentOffset = Point(x: 0, y: -1e300)
        #expect(table.contentOffset.y == 0)
        table.contentOffset = Point(x: 0, y: .infinity)
        #expect(table.contentOffset.y == 0)            // ignored: not finite
        table.frame = Rect(x: 0, y: 0, width: .nan, height: -20)
        #expect(table.frame == Rect(x: 0, y: 0, width: 0, height: 0))
        #expect(table.visibleCells.isEmpty)
        table.frame = Rect(x: 0, y: 0, width: 300, height: 300)
        #expect(!table.visibleCells.isEmpty)
        table.prefetchDistance = .nan
        #expect(table.prefetchDistance == 150)
        table.prefetchDistance = -5
        #expect(table.prefetchDistance == 0)
        table.advanceAnimations(to: .nan)
        #expect(mountedStateProblems(table, model: model) == [])
    }

    @Test("a zero-size frame is not an error: nothing is mounted, geometry still answers")
    func zeroFrame() {
        let table = TableView(frame: .zero)
        let model = ModelSource(rows: [10])
        model.attach(to: table)
        #expect(table.mountedCells.isEmpty)
        #expect(table.contentSize.height == 440)
        #expect(table.rectForRow(at: IndexPath(row: 9, section: 0)).minY == 396)
    }

    @Test("a data source returning a cell already in use gets a fresh cell instead")
    func cellReturnedTwice() {
        // Bespoke: it hands back one cell for every row, which is what is under test.
        final class Sticky: TableViewDataSource {
            let shared = TableViewCell(reuseIdentifier: nil)
            func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 5 }
            func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell { shared }
        }
        let table = TableView(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let ds = Sticky()
        table.dataSource = ds
        let cells = table.mountedCells
        #expect(cells.count == 5)
        #expect(Set(cells.map { ObjectIdentifier($0) }).count == 5)
    }

    @Test("dequeuing an unregistered identifier stops with a message naming it")
    func unregisteredIdentifier() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let table = TableView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
                _ = table.dequeueReusableCell(withIdentifier: "nope", for: IndexPath(row: 0, section: 0))
            }
        }
    }
}
