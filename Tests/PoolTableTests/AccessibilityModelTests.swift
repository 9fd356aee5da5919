import Testing
@_spi(Hosting) @_spi(Diagnostics) @testable import PoolTable

/// The accessibility model a host mirrors (the GTK shell's proxies), headless.
@MainActor
@Suite("AccessibilityModel: positions, checked state, tab stop, reading order")
struct AccessibilityModelTests {
    func makeTable() -> (TableView, ModelSource) {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 600))
        let model = ModelSource(rows: [40, 3, 60], headers: ["First", "Second", "Third"], footers: [nil, nil, nil])
        model.attach(to: table)
        table.layoutIfNeeded()
        return (table, model)
    }

    @Test("Positions count across sections, from 1; the set size is every row of every section")
    func positions() {
        let (table, _) = makeTable()
        let model = AccessibilityModel(table)
        #expect(model.itemCount == 103)
        #expect(model.position(of: IndexPath(row: 0, section: 0)) == AccessibleRowPosition(number: 1, count: 103, indexPath: IndexPath(row: 0, section: 0)))
        #expect(model.position(of: IndexPath(row: 2, section: 1)).number == 43)
        #expect(model.position(of: IndexPath(row: 59, section: 2)).number == 103)
    }

    @Test("Positions follow batch updates and reloads")
    func positionsAfterUpdates() {
        let (table, source) = makeTable()
        source.rows[1] += 2
        table.insertRows(at: [IndexPath(row: 0, section: 1), IndexPath(row: 1, section: 1)], with: .none)
        #expect(AccessibilityModel(table).position(of: IndexPath(row: 0, section: 2)).number == 46)
        #expect(AccessibilityModel(table).itemCount == 105)
        source.rows = [7]
        table.reloadData()
        #expect(AccessibilityModel(table).itemCount == 7)
    }

    @Test("Checked is nil outside edit mode; in edit mode it is the row's selection")
    func checked() {
        let (table, _) = makeTable()
        table.allowsMultipleSelectionDuringEditing = true
        let ip = IndexPath(row: 4, section: 0)
        table.selectRow(at: ip, animated: false, scrollPosition: .none)
        #expect(AccessibilityModel(table).position(of: ip).checked == nil)
        #expect(AccessibilityModel(table).item(at: ip)?.isSelected == true)
        table.setEditing(true, animated: false)
        table.selectRow(at: ip, animated: false, scrollPosition: .none)
        let model = AccessibilityModel(table)
        #expect(model.isEditing && model.isMultiSelectable)
        #expect(model.position(of: ip).checked == true)
        #expect(model.position(of: IndexPath(row: 5, section: 0)).checked == false)
        #expect(model.position(of: IndexPath(row: 50, section: 2)).checked == false, "unmounted rows too")
    }

    @Test("A mounted item's label, generation and frame are its cell's; unmounted items have none")
    func items() throws {
        let (table, _) = makeTable()
        let ip = IndexPath(row: 3, section: 0)
        let cell = try #require(table.cellForRow(at: ip))
        let item = try #require(AccessibilityModel(table).item(at: ip))
        #expect(item.label == cell.accessibilityLabel && item.label == "Row 0.3")
        #expect(item.generation == cell.displayGeneration)
        #expect(item.frame == table.rectForRow(at: ip))
        #expect(item.position.number == 4)
        #expect(AccessibilityModel(table).item(at: IndexPath(row: 10, section: 2)) == nil)
        #expect(AccessibilityModel(table).frame(of: IndexPath(row: 10, section: 2)) == table.rectForRow(at: IndexPath(row: 10, section: 2)))
        #expect(AccessibilityModel(table).frame(of: IndexPath(row: 10, section: 9)) == nil)
    }

    @Test("The tab stop: the first visible row before there is a cursor, then the cursor row; a held one while scrolled away")
    func tabStop() {
        let (table, _) = makeTable()
        table.contentOffset = Point(x: 0, y: 44 * 5 + 30)   // section 0's header is 30 pt... any row will do
        let firstVisible = table.indexPathsForVisibleRows.first
        #expect(AccessibilityModel(table).tabStop(keeping: nil) == firstVisible)
        #expect(AccessibilityModel(table).focusedIndexPath == firstVisible)
        table.handleKey(.down)
        let cursor = table.focusedIndexPath
        #expect(cursor != nil)
        #expect(AccessibilityModel(table).tabStop(keeping: nil) == cursor)
        // Scrolled far away: the cursor row stays the tab stop only while the host holds it.
        table.contentOffset = Point(x: 0, y: table.rectForRow(at: IndexPath(row: 40, section: 2)).minY)
        let model = AccessibilityModel(table)
        #expect(model.isMounted(cursor!) == false)
        #expect(model.tabStop(keeping: cursor) == cursor)
        #expect(model.tabStop(keeping: nil) == table.indexPathsForVisibleRows.first)
    }

    @Test("Reading order: each header before its rows, rows top to bottom, a kept tab stop in its place")
    func listReadingOrder() {
        let (table, _) = makeTable()
        table.contentOffset = Point(x: 0, y: table.rectForRow(at: IndexPath(row: 35, section: 0)).minY)
        let model = AccessibilityModel(table)
        let order = model.readingOrder()
        let mounted = table.laidOutRows.map(\.indexPath)
        #expect(order.compactMap { if case .item(let ip) = $0 { ip } else { nil } } == mounted)
        let headers = order.compactMap { if case .header(let s) = $0 { s } else { nil } }
        #expect(headers == model.headers.map(\.section) && headers.contains(1))
        // "Second" comes right before the first row of section 1.
        let at = order.firstIndex(of: .header(section: 1))!
        #expect(order[at + 1] == .item(IndexPath(row: 0, section: 1)))
        #expect(model.headers.first { $0.section == 1 }?.title == "Second")
        // An unmounted row (a tab stop kept away from the band) is read in its place.
        let far = IndexPath(row: 50, section: 2)
        let withFar = model.readingOrder(including: far)
        #expect(withFar.last == .item(far))
        #expect(withFar.count == order.count + 1)
    }

    @Test("A grid: positions across sections; lines read top to bottom, each left to right; the tab stop follows the cursor")
    func grid() {
        let source = GridSource(counts: [10, 200], titles: true)
        let grid = makeGrid(source, layout: gridLayout(header: 30))
        grid.layoutIfNeeded()
        let model = AccessibilityModel(grid)
        #expect(model.itemCount == 210)
        #expect(model.position(of: IndexPath(item: 4, section: 1)).number == 15)
        let order = model.readingOrder()
        var previous: (section: Int, y: Double, x: Double)?
        for element in order {
            guard case .item(let ip) = element, let f = model.frame(of: ip) else { continue }
            let here = (section: ip.section, y: f.minY, x: f.minX)
            if let previous { #expect(previous < here, "\(ip) after \(previous)") }
            previous = here
        }
        #expect(order.first == .header(section: 0) || model.headers.isEmpty)
        #expect(grid.numberOfColumns == 3)
        grid.handleKey(.right)
        grid.handleKey(.down)
        #expect(AccessibilityModel(grid).tabStop(keeping: nil) == grid.focusedIndexPath)
        #expect(grid.focusedIndexPath == IndexPath(item: 4, section: 0))
    }
}
