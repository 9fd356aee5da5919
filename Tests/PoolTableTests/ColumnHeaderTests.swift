import Testing
@_spi(Hosting) @_spi(Diagnostics) @testable import PoolTable

/// The column header row, header input, cell focus and the cached column edges (issue 25,
/// `columns` branch).
@MainActor
@Suite("Columns: header row, resize, reorder, fit, cell focus, prefix sums")
struct ColumnHeaderTests {
    /// 100 "Row r" rows of `FittingCell`s; `fit` overrides a column's fitting width.
    final class Source: CountedTableSourceFixture {
        var fit: [Int: Double] = [:]
        /// `sortDescriptorsDidChange`'s old descriptors.
        var changes: [[TableSortDescriptor]] { sortChanges }
        init() {
            super.init(counts: [100], reuseIdentifier: "c", cell: { FittingCell(reuseIdentifier: $0) })
            fittingWidth = { [unowned self] in fit[$0] }
        }
    }

    /// A cell whose column parts say how wide they need to be (10 px a character + 16).
    final class FittingCell: TableViewCell, TableViewCellColumnFitting {
        var parts: [String] = []
        func fittingWidth(ofColumn column: Int, in canvas: Canvas) -> Double? {
            column < parts.count ? Double(parts[column].count * 10 + 16) : nil
        }
    }

    /// Name 200 (sorts), Size 80 (sorts), Kind 120 (no sort key): edges at 200, 280, 400.
    /// The table holds its data source weakly: the sources made here live as long as the suite.
    static var keptSources: [Source] = []

    func makeTable(height: Double = 400) -> (TableView, Source, [TableColumn]) {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 600, height: height))
        let source = Source()
        Self.keptSources.append(source)
        table.register({ FittingCell(reuseIdentifier: $0) }, forCellReuseIdentifier: "c")
        table.dataSource = source
        table.delegate = source
        let name = TableColumn(identifier: "name", title: "Name"); name.width = 200; name.sortKey = "name"
        let size = TableColumn(identifier: "size", title: "Size"); size.width = 80; size.sortKey = "size"
        let kind = TableColumn(identifier: "kind", title: "Kind"); kind.width = 120
        for c in [name, size, kind] { table.addTableColumn(c) }
        table.layoutIfNeeded()
        return (table, source, [name, size, kind])
    }

    func click(_ table: TableView, _ p: Point, count: Int = 1) {
        table.pointerDown(at: p, clickCount: count)
        table.pointerUp(at: p)
    }

    func drag(_ table: TableView, from a: Point, to b: Point, steps: Int = 8) {
        table.pointerDown(at: a)
        for k in 1...steps {
            let t = Double(k) / Double(steps)
            table.pointerDragged(to: Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))
        }
        table.pointerUp(at: b)
    }

    @Test("The header row is 32 px at the top; rows show below it and scroll under it; a plain table has none")
    func headerGeometry() {
        let (table, _, _) = makeTable()
        #expect(table.columnHeaderHeight == 32)
        #expect(table.adjustedContentInset.top == 32)
        #expect(table.columnHeaderRect == Rect(x: 0, y: 0, width: 600, height: 32))
        #expect(table.rectForColumnHeader(1) == Rect(x: 200, y: 0, width: 80, height: 32))
        // Rows: 44 high; the viewport for rows is 368 px, so 9 rows are visible (0...8).
        #expect(table.indexPathsForVisibleRows.first == IndexPath(row: 0, section: 0))
        #expect(table.indexPathsForVisibleRows.last == IndexPath(row: 8, section: 0))
        #expect(table.indexPath(atViewportPoint: Point(x: 10, y: 10)) == nil)       // on the header
        #expect(table.indexPath(atViewportPoint: Point(x: 10, y: 33)) == IndexPath(row: 0, section: 0))
        #expect(table.indexPath(atViewportPoint: Point(x: 10, y: 32 + 44 + 1)) == IndexPath(row: 1, section: 0))
        // The content scrolls to its end with the page 368 high, not 400.
        table.setContentOffset(Point(x: 0, y: 1_000_000), animated: false)
        #expect(table.contentOffset.y == 100 * 44 - 368)
        #expect(table.indexPathsForVisibleRows.last == IndexPath(row: 99, section: 0))
        // scrollToRow(.top) puts the row right under the header, not under it.
        table.scrollToRow(at: IndexPath(row: 50, section: 0), at: .top, animated: false)
        #expect(table.contentOffset.y == 50 * 44)
        #expect(table.indexPath(atViewportPoint: Point(x: 10, y: 33)) == IndexPath(row: 50, section: 0))
        // .none shows a row hidden under the header whole.
        table.scrollToRow(at: IndexPath(row: 49, section: 0), at: .none, animated: false)
        #expect(table.contentOffset.y == 49 * 44)
        table.showsColumnHeaders = false
        #expect(table.columnHeaderHeight == 0 && table.adjustedContentInset.top == 0)
        #expect(table.indexPath(atViewportPoint: Point(x: 10, y: 10)) == IndexPath(row: 49, section: 0))
        table.showsColumnHeaders = true
        for c in table.tableColumns { table.removeTableColumn(c) }
        #expect(table.columnHeaderHeight == 0 && table.adjustedContentInset.top == 0)
    }

    @Test("Drawing: titles, separators, the sorted column's arrow, over the rows and fixed while they scroll")
    func drawing() {
        let (table, _, _) = makeTable()
        let canvas = RecordingCanvas()
        table.render(in: canvas)
        let titles = canvas.texts.filter { ["Name", "Size", "Kind"].contains($0.0) }
        #expect(titles.map(\.0) == ["Name", "Size", "Kind"])
        #expect(titles.allSatisfy { $0.1.minY >= 0 && $0.1.maxY <= 32 })
        #expect(titles[1].1.minX == 206)          // Size's title: 6 px into its header
        // The line under the row and between headers.
        #expect(canvas.filledRects(color: Theme.light.separator).contains(Rect(x: 0, y: 31, width: 600, height: 1)))
        #expect(canvas.filledRects(color: Theme.light.separator).contains(Rect(x: 200, y: 0, width: 1, height: 31)))
        // Nothing sorted: no arrow. Sort by Size: a chevron at Size's trailing end, pointing up.
        func arrows() -> [Rect] {
            canvas.operations.compactMap { if case let .strokePath(r, _, w) = $0, w == 1.5 { r } else { nil } }
        }
        #expect(arrows().isEmpty)
        table.sortByColumn(1)
        canvas.reset()
        table.render(in: canvas)
        #expect(arrows().count == 1)
        let arrow = arrows()[0]
        #expect(arrow.minX >= 200 && arrow.maxX <= 280 - 6 + 0.01 && arrow.minY > 8 && arrow.maxY < 24)
        // Rows are drawn below the header: the first row's text is under y = 32.
        #expect(canvas.texts.first { $0.0 == "Row 0" }.map { $0.1.minY >= 32 } == true)
        // Scrolled: the header row is drawn at the same place, last (over the rows).
        table.setContentOffset(Point(x: 0, y: 500), animated: false)
        canvas.reset()
        table.render(in: canvas)
        let last = canvas.operations.lastIndex { if case .text("Kind", _, _) = $0 { true } else { false } }
        let rowText = canvas.operations.lastIndex { if case .text(let s, _, _) = $0, s.hasPrefix("Row ") { true } else { false } }
        #expect(last != nil && rowText != nil && last! > rowText!)
        #expect(canvas.texts.first { $0.0 == "Kind" }?.1.minY ?? -1 >= 0)
    }

    @Test("Hit testing: titles, resize edges ±4 px of a resizable column's right edge, nothing below the row")
    func hitTesting() {
        let (table, _, cols) = makeTable()
        #expect(table.columnHeaderHit(atViewportPoint: Point(x: 100, y: 16)) == .title(column: 0))
        #expect(table.columnHeaderHit(atViewportPoint: Point(x: 197, y: 16)) == .resizeEdge(column: 0))
        #expect(table.columnHeaderHit(atViewportPoint: Point(x: 204, y: 16)) == .resizeEdge(column: 0))
        #expect(table.columnHeaderHit(atViewportPoint: Point(x: 205, y: 16)) == .title(column: 1))
        #expect(table.columnHeaderHit(atViewportPoint: Point(x: 281, y: 2)) == .resizeEdge(column: 1))
        #expect(table.columnHeaderHit(atViewportPoint: Point(x: 399, y: 16)) == .resizeEdge(column: 2))
        #expect(table.columnHeaderHit(atViewportPoint: Point(x: 500, y: 16)) == nil)      // past the last column
        #expect(table.columnHeaderHit(atViewportPoint: Point(x: 100, y: 32)) == nil)      // the first row
        cols[0].isResizable = false
        #expect(table.columnHeaderHit(atViewportPoint: Point(x: 198, y: 16)) == .title(column: 0))
        #expect(table.columnHeaderHit(atViewportPoint: Point(x: 202, y: 16)) == .title(column: 1))
    }

    @Test("A click on a title sorts (and tells the delegate); again flips; a header click selects no row")
    func sortClick() {
        let (table, source, _) = makeTable()
        click(table, Point(x: 100, y: 16))
        #expect(table.sortDescriptors == [TableSortDescriptor(key: "name", ascending: true)])
        #expect(source.changes == [[]])
        click(table, Point(x: 100, y: 16))
        #expect(table.sortDescriptors == [TableSortDescriptor(key: "name", ascending: false)])
        click(table, Point(x: 240, y: 16))
        #expect(table.sortDescriptors.first == TableSortDescriptor(key: "size", ascending: true))
        click(table, Point(x: 300, y: 16))        // Kind: no sort key
        #expect(source.changes.count == 3)
        #expect(table.indexPathsForSelectedRows == nil)
        // A press that leaves the title before release does not sort.
        table.pointerDown(at: Point(x: 100, y: 16))
        table.pointerUp(at: Point(x: 100, y: 200))
        #expect(source.changes.count == 3)
        // A double click on a title activates no row.
        #expect(table.activateRow(atViewportPoint: Point(x: 100, y: 16)))
        #expect(source.activated.isEmpty)
        // A click on a row below still selects it.
        click(table, Point(x: 100, y: 32 + 44 + 10))
        #expect(table.indexPathsForSelectedRows == [IndexPath(row: 1, section: 0)])
    }

    @Test("Dragging a header's edge resizes the column, clamped to min/max; the columns to the right move")
    func resize() {
        let (table, source, cols) = makeTable()
        let versions = table.mountedCells.map(\.contentVersion)
        drag(table, from: Point(x: 201, y: 16), to: Point(x: 301, y: 16))
        #expect(cols[0].width == 300)
        // Cells draw their columns' parts: every mounted cell's kept content is redrawn.
        #expect(zip(versions, table.mountedCells.map(\.contentVersion)).allSatisfy { $0 != $1 })
        #expect(table.columnSpan(1)?.x == 300)
        #expect(table.rectForColumn(2, inRowAt: IndexPath(row: 0, section: 0)).minX == 380)
        #expect(source.changes.isEmpty)            // a resize does not sort
        cols[0].minWidth = 50
        drag(table, from: Point(x: 300, y: 16), to: Point(x: -400, y: 16))
        #expect(cols[0].width == 50)
        cols[1].maxWidth = 120
        drag(table, from: Point(x: 130, y: 16), to: Point(x: 530, y: 16))
        #expect(cols[1].width == 120 && cols[1].effectiveWidth == 120)
        // Past the limit and back: the width follows the pointer again from the limit.
        table.pointerDown(at: Point(x: 170, y: 16))
        table.pointerDragged(to: Point(x: 600, y: 16))
        #expect(cols[1].width == 120)
        table.pointerDragged(to: Point(x: 150, y: 16))
        #expect(cols[1].width == 100)
        #expect(table.isResizingColumn)
        table.pointerUp(at: Point(x: 150, y: 16))
        #expect(!table.isResizingColumn)
        // A column that is not resizable has no handle: the press is on a title.
        cols[2].isResizable = false
        let before = cols[2].width
        drag(table, from: Point(x: 150 + 120, y: 16), to: Point(x: 150 + 120 + 60, y: 16))
        #expect(cols[2].width == before)
    }

    @Test("Double click on a resize edge fits: the delegate's width, clamped; the default measures title and cells")
    func doubleClickFit() {
        let (table, source, cols) = makeTable()
        source.fit[1] = 150
        click(table, Point(x: 280, y: 16), count: 2)
        #expect(cols[1].width == 150)
        source.fit[1] = 5                          // below minWidth 20
        #expect(table.activateRow(atViewportPoint: Point(x: 350, y: 16)))   // the shell's double click
        #expect(cols[1].width == 20)
        #expect(source.activated.isEmpty)
        // The default: the widest of the title (+ padding and arrow) and the mounted cells' parts.
        for cell in table.mountedCells { (cell as! FittingCell).parts = ["", "", "x"] }
        (table.mountedCells[3] as! FittingCell).parts = ["", "", String(repeating: "w", count: 30)]
        #expect(table.defaultFittingWidth(ofColumn: 2) == 316)
        let titleOnly = table.defaultFittingWidth(ofColumn: 0)
        #expect(titleOnly == (RecordingCanvas.measure("Name", width: 10_000, style: TextStyle(font: TableView.columnHeaderFont)).width + 26).rounded(.up))
        let kindEdge = table.columnSpan(2)!
        click(table, Point(x: kindEdge.x + kindEdge.width, y: 16), count: 2)
        #expect(cols[2].width == 316)
    }

    @Test("Dragging a title sideways reorders the columns (no sort); the focused cell stays on its column")
    func reorderDrag() {
        let (table, source, _) = makeTable()
        table.focusedColumn = 0
        // Name (0..200) dragged right by 150: its centre (250) passes Size's middle (240).
        drag(table, from: Point(x: 100, y: 16), to: Point(x: 250, y: 16))
        #expect(table.tableColumns.map(\.identifier) == ["size", "name", "kind"])
        #expect(source.changes.isEmpty)
        #expect(table.focusedColumn == 1)
        // Further right past Kind's middle: last.
        drag(table, from: Point(x: 180, y: 16), to: Point(x: 420, y: 16))
        #expect(table.tableColumns.map(\.identifier) == ["size", "kind", "name"])
        // A small move (not past a neighbour's middle) changes nothing, and does not sort.
        drag(table, from: Point(x: 40, y: 16), to: Point(x: 60, y: 16))
        #expect(table.tableColumns.map(\.identifier) == ["size", "kind", "name"])
        #expect(source.changes.isEmpty)
        // Back to the front, in one drag leftwards.
        drag(table, from: Point(x: 300, y: 16), to: Point(x: 0, y: 16))
        #expect(table.tableColumns.map(\.identifier) == ["name", "size", "kind"])
        #expect(table.focusedColumn == 0)
        #expect(table.columnSpan(1)?.x == 200)
    }

    @Test("Cell focus: Tab/Shift+Tab walk the row's cells and leave at the ends; Left/Right move with a cell focused; the ring is the cell's")
    func cellFocusKeys() {
        let (table, _, _) = makeTable()
        #expect(table.focusedColumn == nil)
        #expect(table.handleCellFocusKey(.next) && table.focusedColumn == 0)
        #expect(table.focusedIndexPath == IndexPath(row: 0, section: 0))
        #expect(table.handleCellFocusKey(.next) && table.focusedColumn == 1)
        #expect(table.handleCellFocusKey(.next) && table.focusedColumn == 2)
        #expect(!table.handleCellFocusKey(.next) && table.focusedColumn == 2)       // out of the table
        #expect(table.handleCellFocusKey(.previous) && table.focusedColumn == 1)
        // Arrows: Left/Right move between cells; Down keeps the column on the next row.
        #expect(table.handleKey(.right) && table.focusedColumn == 2)
        #expect(table.handleKey(.right) && table.focusedColumn == 2)
        #expect(table.handleKey(.down) && table.focusedIndexPath == IndexPath(row: 1, section: 0) && table.focusedColumn == 2)
        // The ring goes around the focused cell.
        let canvas = RecordingCanvas()
        table.showsFocusRing = true
        table.render(in: canvas)
        let ring = canvas.operations.compactMap { if case let .strokePath(r, c, _) = $0, c == Theme.light.focusRing { r } else { nil } }
        #expect(ring.count == 1)
        #expect(ring.first.map { abs($0.minX - 282) < 1.5 && abs($0.maxX - 398) < 1.5 && abs($0.minY - (32 + 44 + 2)) < 1.5 } == true)
        #expect(table.handleKey(.left) && table.focusedColumn == 1)
        #expect(table.handleKey(.left) && table.focusedColumn == 0)
        #expect(table.handleKey(.left) && table.focusedColumn == nil)             // the whole row
        #expect(!table.handleCellFocusKey(.left))
        #expect(!table.handleCellFocusKey(.previous))                              // out of the table
        #expect(table.handleCellFocusKey(.right) && table.focusedColumn == 0)
        #expect(table.handleCellFocusKey(.previous) && table.focusedColumn == nil)
        // Removing columns clamps the focus; a plain table takes no cell keys.
        table.focusedColumn = 2
        table.removeTableColumn(table.tableColumns[2])
        #expect(table.focusedColumn == 1)
        table.focusedColumn = 7
        #expect(table.focusedColumn == 1)
        let plain = TableView(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        #expect(!plain.handleCellFocusKey(.next))
        // The focused row is kept in view: far below, Tab scrolls to it.
        table.setContentOffset(Point(x: 0, y: 3000), animated: false)
        #expect(table.handleCellFocusKey(.previous))
        #expect(table.indexPathsForVisibleRows.contains(IndexPath(row: 1, section: 0)))
    }

    @Test("Columns wider than the view: the content is that wide and scrolls across, the header row with it")
    func wideColumns() {
        let (table, source, cols) = makeTable()
        table.frame = Rect(x: 0, y: 0, width: 300, height: 400)
        #expect(table.contentSize.width == 400)
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)).width == 400)
        table.contentOffset = Point(x: 500, y: 0)
        #expect(table.contentOffset.x == 100)      // clamped to 400 - 300
        #expect(table.rectForColumnHeader(2) == Rect(x: 180, y: 0, width: 120, height: 32))
        #expect(table.columnHeaderHit(atViewportPoint: Point(x: 100, y: 16)) == .resizeEdge(column: 0))
        #expect(table.columnHeaderHit(atViewportPoint: Point(x: 250, y: 16)) == .title(column: 2))
        let canvas = RecordingCanvas()
        table.render(in: canvas)
        #expect(canvas.texts.first { $0.0 == "Kind" }?.1.minX == 186)
        #expect(canvas.texts.first { $0.0 == "Row 0" }.map { $0.1.minX < 0 } == true, "rows scrolled across too")
        // A click there sorts Kind's neighbour Size (content x 230), and a resize widens the content.
        click(table, Point(x: 130, y: 16))
        #expect(table.sortDescriptors.first?.key == "size")
        drag(table, from: Point(x: 100, y: 16), to: Point(x: 150, y: 16))
        #expect(cols[0].width == 250)
        #expect(table.contentSize.width == 450)
        // Narrower columns than the view: no scrolling across.
        table.frame = Rect(x: 0, y: 0, width: 800, height: 400)
        #expect(table.contentOffset.x == 0 && table.contentSize.width == 800)
        #expect(source.changes.count == 1)
    }

    /// Sorts 100 numbered items through a diffable data source (rows move, the focus with them).
    final class DiffableSorter: TableViewDelegate {
        var dataSource: TableViewDiffableDataSource<Int, Int>?
        func apply(_ ids: [Int]) {
            var snapshot = DiffableSnapshot<Int, Int>()
            snapshot.appendSections([0])
            snapshot.appendItems(ids, toSection: 0)
            dataSource?.apply(snapshot, animatingDifferences: false)
        }
        func tableView(_ tableView: TableView, sortDescriptorsDidChange oldDescriptors: [TableSortDescriptor]) {
            let ascending = tableView.sortDescriptors.first?.ascending ?? true
            apply(ascending ? Array(0..<100) : Array((0..<100).reversed()))
        }
    }

    @Test("Sorting keeps the focused row at its place on screen when the rows move (diffable data source)")
    func sortKeepsFocusedRow() throws {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 600, height: 400))
        let sorter = DiffableSorter()
        table.register({ TableViewCell(reuseIdentifier: $0) }, forCellReuseIdentifier: "c")
        sorter.dataSource = TableViewDiffableDataSource(tableView: table) { table, ip, id in
            let cell = table.dequeueReusableCell(withIdentifier: "c", for: ip)
            cell.text = "Item \(id)"
            return cell
        }
        table.delegate = sorter
        let name = TableColumn(identifier: "name", title: "Name"); name.sortKey = "name"
        table.addTableColumn(name)
        sorter.apply(Array(0..<100))
        table.layoutIfNeeded()
        table.setContentOffset(Point(x: 0, y: 30 * 44 + 10), animated: false)
        click(table, Point(x: 50, y: 32 + 3 * 44))          // a row near the top
        let focused = try #require(table.focusedIndexPath)
        let screenY = table.rectForRow(at: focused).minY - table.contentOffset.y
        click(table, Point(x: 50, y: 16))                   // ascending: nothing moves
        click(table, Point(x: 50, y: 16))                   // descending: every row moves
        #expect(table.sortDescriptors == [TableSortDescriptor(key: "name", ascending: false)])
        let now = try #require(table.focusedIndexPath)
        #expect(now.row == 99 - focused.row, "the focus followed its item")
        #expect(sorter.dataSource?.itemIdentifier(for: now) == focused.row)
        #expect(table.rectForRow(at: now).minY - table.contentOffset.y == screenY, "at the same place on screen")
        withExtendedLifetime(sorter) {}
    }

    @Test("The cached column edges equal the naive sums after random mutations")
    func prefixSums() {
        let (table, _, _) = makeTable()
        var rng = SystemRandomNumberGenerator()
        var serial = 0
        for step in 0..<400 {
            let columns = table.tableColumns
            switch Int.random(in: 0..<6, using: &rng) {
            case 0:
                serial += 1
                let c = TableColumn(identifier: "c\(serial)", title: "C\(serial)")
                c.width = Double.random(in: 0...300, using: &rng)
                table.addTableColumn(c)
            case 1 where columns.count > 1: table.removeTableColumn(columns.randomElement(using: &rng)!)
            case 2 where !columns.isEmpty: columns.randomElement(using: &rng)!.width = [Double.nan, -5, .infinity, Double.random(in: 0...500, using: &rng)].randomElement(using: &rng)!
            case 3 where !columns.isEmpty: columns.randomElement(using: &rng)!.minWidth = Double.random(in: 0...80, using: &rng)
            case 4 where !columns.isEmpty: columns.randomElement(using: &rng)!.maxWidth = Double.random(in: 10...400, using: &rng)
            case 5 where columns.count > 1: table.moveColumn(Int.random(in: 0..<columns.count, using: &rng), toColumn: Int.random(in: 0..<columns.count, using: &rng))
            default: break
            }
            var x = 0.0
            for (k, c) in table.tableColumns.enumerated() {
                let span = table.columnSpan(k)
                #expect(span?.x == x && span?.width == c.effectiveWidth, "step \(step), column \(k)")
                if let span, span.width > 0 { #expect(table.column(atX: x + span.width / 2) == k) }
                x += c.effectiveWidth
            }
            #expect(table.totalColumnWidth == x)
            #expect(table.columnSpan(table.tableColumns.count) == nil)
        }
    }
}
