import Testing
@testable import PoolTable

@MainActor
@Suite("Columns: geometry and sort descriptors")
struct ColumnTests {
    /// 100 rows; `sortChanges` records `sortDescriptorsDidChange`.
    func makeTable() -> (TableView, CountedTableSourceFixture, [TableColumn]) {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 600, height: 400))
        let watcher = CountedTableSourceFixture(counts: [100], text: { _, _ in nil })
        watcher.attachStep = .nothing
        watcher.attach(to: table)
        let name = TableColumn(identifier: "name", title: "Name"); name.width = 200; name.sortKey = "name"
        let size = TableColumn(identifier: "size", title: "Size"); size.width = 80; size.sortKey = "size"
        let kind = TableColumn(identifier: "kind", title: "Kind"); kind.width = 120
        for c in [name, size, kind] { table.addTableColumn(c) }
        table.layoutIfNeeded()
        return (table, watcher, [name, size, kind])
    }

    @Test("Columns sit side by side from x = 0, widths clamped to min/max; move and remove reorder them")
    func geometry() {
        let (table, _, cols) = makeTable()
        #expect(table.tableColumns.map(\.identifier) == ["name", "size", "kind"])
        let row = table.rectForRow(at: IndexPath(row: 3, section: 0))
        #expect(table.rectForColumn(0, inRowAt: IndexPath(row: 3, section: 0)) == Rect(x: 0, y: row.minY, width: 200, height: row.height))
        #expect(table.rectForColumn(2, inRowAt: IndexPath(row: 3, section: 0)) == Rect(x: 280, y: row.minY, width: 120, height: row.height))
        cols[1].width = 5                          // below minWidth 20
        #expect(table.rectForColumn(1, inRowAt: IndexPath(row: 0, section: 0)).width == 20)
        cols[1].maxWidth = 60; cols[1].width = 500
        #expect(cols[1].effectiveWidth == 60)
        cols[1].width = .nan
        #expect(cols[1].effectiveWidth == 20)
        #expect(table.totalColumnWidth == 200 + 20 + 120)
        #expect(table.column(atX: 210) == 1 && table.column(atX: -1) == nil && table.column(atX: 10_000) == nil)

        table.moveColumn(2, toColumn: 0)
        #expect(table.tableColumns.map(\.identifier) == ["kind", "name", "size"])
        #expect(table.columnSpan(1)?.x == 120)
        table.moveColumn(0, toColumn: 9)           // out of range: nothing
        #expect(table.tableColumns.map(\.identifier) == ["kind", "name", "size"])
        table.removeTableColumn(cols[2])
        #expect(table.tableColumns.map(\.identifier) == ["name", "size"])
        #expect(table.rectForColumn(5, inRowAt: IndexPath(row: 0, section: 0)) == .zero)
        #expect(table.rectForColumn(0, inRowAt: IndexPath(row: 500, section: 0)) == .zero)
        #expect(table.column(withIdentifier: "size") == 1)
    }

    @Test("Header clicks sort: first click ascending, again flips, another column goes first; every change tells the delegate the old value")
    func headerClicks() {
        let (table, watcher, _) = makeTable()
        #expect(table.sortByColumn(0))
        #expect(table.sortDescriptors == [TableSortDescriptor(key: "name", ascending: true)])
        table.sortByColumn(0)
        #expect(table.sortDescriptors == [TableSortDescriptor(key: "name", ascending: false)])
        table.sortByColumn(1)
        #expect(table.sortDescriptors == [TableSortDescriptor(key: "size", ascending: true), TableSortDescriptor(key: "name", ascending: false)])
        #expect(!table.sortByColumn(2))             // Kind has no sort key
        #expect(watcher.sortChanges == [[], [TableSortDescriptor(key: "name", ascending: true)], [TableSortDescriptor(key: "name", ascending: false)]])
        table.sortDescriptors = [TableSortDescriptor(key: "name", ascending: true)]   // by code: told too
        #expect(watcher.sortChanges.count == 4)
        table.sortDescriptors = table.sortDescriptors    // no change: not told
        #expect(watcher.sortChanges.count == 4)
    }

    @Test("Bad input: a sort key no column has is dropped with a warning; a duplicate column identifier is refused")
    func badInput() {
        let (table, watcher, _) = makeTable()
        table.sortDescriptors = [TableSortDescriptor(key: "colour", ascending: true), TableSortDescriptor(key: "size", ascending: false)]
        #expect(table.sortDescriptors == [TableSortDescriptor(key: "size", ascending: false)])
        #expect(table.warnedKinds.contains("sort:unknown:colour"))
        #expect(watcher.sortChanges.count == 1)
        table.addTableColumn(TableColumn(identifier: "name", title: "Again"))
        #expect(table.tableColumns.count == 3)
        #expect(table.warnedKinds.contains("column:duplicate:name"))
        // Removing the column a descriptor sorts by drops the descriptor (and tells the delegate).
        table.removeTableColumn(table.tableColumns[1])
        #expect(table.sortDescriptors.isEmpty && watcher.sortChanges.count == 2)
    }

    @Test("A column moves between tables: it belongs to one at a time")
    func columnOwnership() {
        let (a, _, cols) = makeTable()
        let b = TableView(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        b.addTableColumn(cols[0])
        #expect(a.tableColumns.map(\.identifier) == ["size", "kind"])
        #expect(b.tableColumns.map(\.identifier) == ["name"])
    }
}
