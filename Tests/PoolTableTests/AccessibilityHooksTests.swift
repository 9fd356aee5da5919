import Testing
@_spi(Hosting) @_spi(Diagnostics) @testable import PoolTable

/// The engine's hooks for hosts that mirror cells to assistive technology.
@MainActor
@Suite("Accessibility hooks: display generation, mounted header views")
struct AccessibilityHooksTests {
    func makeTable() -> (TableView, ModelSource) {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 600))
        let model = ModelSource(rows: [40, 3, 60], heights: nil, headers: ["First", "Second", "Third"], footers: [nil, nil, nil])
        model.attach(to: table)
        return (table, model)
    }

    @Test("displayGeneration moves when a cell's content or state changes, and only then")
    func displayGeneration() {
        let (table, _) = makeTable()
        table.allowsMultipleSelection = true
        let ip = IndexPath(row: 2, section: 0)
        let cell = table.cellForRow(at: ip)!
        let start = cell.displayGeneration
        table.contentOffset = Point(x: 0, y: 10)
        #expect(table.cellForRow(at: ip) === cell)
        #expect(cell.displayGeneration == start, "scrolling a mounted row does not touch its cell")
        table.selectRow(at: ip, animated: false, scrollPosition: .none)
        #expect(cell.displayGeneration > start, "selection changed")
        let selected = cell.displayGeneration
        cell.text = "Renamed"
        #expect(cell.displayGeneration > selected, "content changed")
        let renamed = cell.displayGeneration
        cell.text = "Renamed"
        #expect(cell.displayGeneration == renamed, "setting the same text is no change")
    }

    @Test("headerView(forSection:) gives the mounted header with its title and where it is drawn")
    func headerViews() {
        let (table, _) = makeTable()
        table.contentOffset = Point(x: 0, y: 500)
        #expect(table.mountedHeaderSections == [0])
        let floating = table.headerView(forSection: 0)
        #expect(floating?.title == "First")
        #expect(floating?.isFloating == true)
        #expect(floating?.frame.minY == 500, "a plain header floats at the top of the viewport")
        #expect(table.headerView(forSection: 2) == nil, "not mounted")
        table.contentOffset = Point(x: 0, y: table.rectForHeaderInSection(2).minY - 100)
        #expect(table.headerView(forSection: 2)?.title == "Third")
        #expect(table.headerView(forSection: 2)?.frame == table.rectForHeaderInSection(2))
        #expect(table.footerView(forSection: 2) == nil, "no footer title, no footer view")
    }
}
