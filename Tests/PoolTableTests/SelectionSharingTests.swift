@testable import PoolTable
import Testing

/// What a selection kept elsewhere needs from the view (ListBase+SelectionSharing.swift) and
/// runs of inserts and deletes (ListBase+Runs.swift).
@Suite("Selection sharing and runs")
@MainActor
struct SelectionSharingTests {
    /// "Row r" rows in one section, the table's data source only.
    typealias Rows = CountedTableSourceFixture

    func makeTable(_ rows: Rows) -> TableView {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 300, height: 440))
        table.register({ TableViewCell(reuseIdentifier: $0) }, forCellReuseIdentifier: "row")
        table.dataSource = rows
        table.layoutIfNeeded()
        return table
    }

    @Test("Observers hear user selection changes, not programmatic ones; ranges read and write in one step")
    func observers() {
        let rows = Rows(counts: [1_000_000])
        let table = makeTable(rows)
        table.allowsMultipleSelection = true
        var heard = 0
        let token = table.addSelectionObserver { heard += 1 }
        table.setSelected(true, rows: 10..<500_000, inSection: 0, animated: false)
        #expect(heard == 0)
        #expect(table.selectedRanges(inSection: 0) == [10..<500_000])
        #expect(table.cellForRow(at: IndexPath(row: 10, section: 0))?.isSelected == true)
        table.setSelected(false, rows: 20..<30, inSection: 0, animated: false)
        #expect(table.selectedRanges(inSection: 0) == [10..<20, 30..<500_000])
        table.selectAll(animated: false)
        #expect(heard == 1)
        table.pointerDown(at: Point(x: 50, y: 22)); table.pointerUp(at: Point(x: 50, y: 22))
        #expect(heard == 2)
        #expect(table.selectedRanges(inSection: 0) == [0..<1])
        table.removeSelectionObserver(token)
        table.deselectAll()
        #expect(heard == 2)
    }

    @Test("A batch tells observers the selection changed only when there was one to move or remove")
    func batchesAndObservers() {
        let rows = Rows(counts: [100])
        let table = makeTable(rows)
        var heard = 0
        let token = table.addSelectionObserver { heard += 1 }
        defer { table.removeSelectionObserver(token) }
        rows.counts = [110]
        table.insertItems(in: 0..<10, section: 0, with: .none)
        #expect(heard == 0, "nothing selected: nothing to tell")
        table.setSelected(true, rows: 20..<22, inSection: 0, animated: false)
        rows.counts = [120]
        table.insertItems(in: 0..<10, section: 0, with: .none)
        #expect(heard == 1, "the selected rows moved")
        #expect(table.selectedRanges(inSection: 0) == [30..<32])
    }

    @Test("A run of a million inserts or deletes is one batch; rows it does not touch keep their cells")
    func runs() {
        let rows = Rows(counts: [100])
        let table = makeTable(rows)
        let cellOfRow5 = table.cellForRow(at: IndexPath(row: 5, section: 0))
        #expect(cellOfRow5 != nil)
        table.performBatchUpdates {
            rows.counts = [1_000_090]
            table.deleteItems(in: 0..<5, section: 0)
            table.insertItems(in: 40..<1_000_035, section: 0)
        }
        #expect(table.lastBatchUpdateError == nil)
        #expect(table.numberOfRows(inSection: 0) == 1_000_090)
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0)) === cellOfRow5)
        rows.counts = [90]
        table.deleteItems(in: 40..<1_000_040, section: 0, with: .none)
        #expect(table.lastBatchUpdateError == nil)
        #expect(table.numberOfRows(inSection: 0) == 90)
        // Counts that do not add up are refused like any batch.
        table.insertItems(in: 0..<3, section: 0)
        #expect(table.lastBatchUpdateError != nil)
    }
}
