import CGtk
import class Foundation.ProcessInfo
import Glibc
import PoolTable
@_spi(Interop) @testable import PoolTableGtk
import Testing

/// A cell that draws each column's text in the column's rect (`rectForColumn`).
@MainActor
final class ColumnTextCell: TableViewCell {
    var values: [String] = [] { didSet { setNeedsDisplay() } }
    weak var table: TableView?
    var row = IndexPath(row: 0, section: 0)

    override func drawContent(in canvas: Canvas, bounds: Rect) {
        guard let table else { return }
        let style = TextStyle(font: .body, color: canvas.theme.foreground)
        for (k, value) in values.enumerated() {
            let r = table.rectForColumn(k, inRowAt: row)
            guard r.width > 16 else { continue }
            let h = canvas.measureText(value, width: r.width - 16, style: style).height
            canvas.drawText(value, in: Rect(x: r.minX + 8, y: bounds.midY - h / 2, width: r.width - 16, height: h), style: style)
        }
    }
}

/// 200 files (name, size, kind) behind a diffable data source: sorting applies the sorted
/// snapshot (the rows move, the focused row with them) and keeps the focused row in view.
@MainActor
final class ColumnFilesModel: TableViewDelegate {
    struct File { var name: String; var size: Int; var kind: String }
    let files: [File] = (0..<200).map { k in
        File(name: String(format: "File %03d", k), size: (k * 7919) % 1000, kind: ["Text", "Image", "Folder", "Audio"][k % 4])
    }
    var dataSource: TableViewDiffableDataSource<Int, Int>?
    var sorts = 0

    func install(in table: TableView) {
        table.register({ ColumnTextCell(reuseIdentifier: $0) }, forCellReuseIdentifier: "file")
        let name = TableColumn(identifier: "name", title: "Name"); name.width = 200; name.sortKey = "name"
        let size = TableColumn(identifier: "size", title: "Size"); size.width = 100; size.sortKey = "size"
        let kind = TableColumn(identifier: "kind", title: "Kind"); kind.width = 140; kind.sortKey = "kind"
        for c in [name, size, kind] { table.addTableColumn(c) }
        let files = files
        dataSource = TableViewDiffableDataSource(tableView: table) { table, indexPath, id in
            let cell = table.dequeueReusableCell(withIdentifier: "file", for: indexPath) as! ColumnTextCell
            cell.table = table
            cell.row = indexPath
            let f = files[id]
            cell.values = [f.name, "\(f.size) kB", f.kind]
            cell.accessibilityLabel = f.name
            return cell
        }
        table.delegate = self
        apply(Array(files.indices), in: table)
    }

    func apply(_ ids: [Int], in table: TableView) {
        var snapshot = DiffableSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(ids, toSection: 0)
        dataSource?.apply(snapshot, animatingDifferences: false)
    }

    func tableView(_ tableView: TableView, sortDescriptorsDidChange oldDescriptors: [TableSortDescriptor]) {
        sorts += 1
        guard let first = tableView.sortDescriptors.first else { return }
        let ids = Array(files.indices).sorted { a, b in
            let (x, y) = (files[a], files[b])
            let order: Bool? = switch first.key {
            case "size": x.size == y.size ? nil : x.size < y.size
            case "kind": x.kind == y.kind ? nil : x.kind < y.kind
            default: x.name == y.name ? nil : x.name < y.name
            }
            guard let order else { return a < b }
            return first.ascending ? order : !order
        }
        apply(ids, in: tableView)
        // The rows moved (the focused one with them): keep the focused row in view.
        if let focused = tableView.focusedIndexPath { tableView.scrollToRow(at: focused, at: .none, animated: false) }
    }

    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double { 36 }

    /// The file shown at `indexPath` now.
    func file(at indexPath: IndexPath) -> Int? { dataSource?.itemIdentifier(for: indexPath) }
}

@MainActor
@Suite("Columns GUI: header row under Xvfb with real input", .serialized)
struct ColumnsGuiTests {
    func screenshot(_ name: String) {
        guard let dir = ProcessInfo.processInfo.environment["POOLTABLE_SHOT_DIR"] else { return }
        _ = XDoTool.run(["import", "-window", "root", "\(dir)/\(name).png"])
    }

    /// Dark pixels (the arrow's or text's strokes) in a box of the rendered table.
    func inkPixels(_ image: CairoImage, in box: Rect) -> Int {
        var n = 0
        let s = image.scale
        for y in Int(box.minY * s)..<Int(box.maxY * s) {
            for x in Int(box.minX * s)..<Int(box.maxX * s) where x < image.pixelWidth && y < image.pixelHeight {
                let p = image.pixel(x: x, y: y)
                if Int(p.red) + Int(p.green) + Int(p.blue) < 3 * 170 { n += 1 }
            }
        }
        return n
    }

    @Test("xdotool: a header click sorts (arrow drawn, focused row kept in view), dragging a resize handle resizes, the resize cursor shows, Tab moves the cell focus, the headers are COLUMN_HEADER accessibles")
    func xdotoolColumns() throws {
        let harness = try WindowHarness.open(rows: 1, width: 620, height: 520, realInput: true)
        defer { harness.close() }
        let model = ColumnFilesModel()
        let table = harness.table.tableView
        model.install(in: table)
        GtkTestEnvironment.waitForFrame()
        let title = harness.uniqueTitle()
        #expect(table.columnHeaderHeight == 32)
        let header = table.columnHeaderHeight

        // Click row 40 (scrolled into the middle first): it becomes the focused row.
        table.scrollToRow(at: IndexPath(row: 40, section: 0), at: .middle, animated: false)
        GtkTestEnvironment.waitForFrame()
        let rowY = table.rectForRow(at: IndexPath(row: 40, section: 0)).midY - table.contentOffset.y + header
        var click = XScript(title: title, harness: harness)
        click.click(at: Point(x: 100, y: rowY))
        #expect(XDoTool.run(click.arguments) == 0)
        GtkTestEnvironment.waitThenFrame(for: "the click to focus row 40") { table.focusedIndexPath == IndexPath(row: 40, section: 0) }
        let focused = try #require(table.focusedIndexPath)
        #expect(focused == IndexPath(row: 40, section: 0))
        let focusedFile = try #require(model.file(at: focused))
        let sizeArrowBox = Rect(x: 300 - 6 - 10, y: 8, width: 12, height: 16)
        let before = harness.table.renderToImage()
        #expect(inkPixels(before, in: sizeArrowBox) == 0, "no arrow before sorting")

        // Click the Size header: sorted by size, the arrow drawn, the focused file still focused and shown.
        var sort = XScript(title: title, harness: harness)
        sort.click(at: Point(x: 240, y: header / 2))
        #expect(XDoTool.run(sort.arguments) == 0)
        GtkTestEnvironment.waitThenFrame(for: "the Size header click to sort") { table.sortDescriptors == [TableSortDescriptor(key: "size", ascending: true)] }
        #expect(table.sortDescriptors == [TableSortDescriptor(key: "size", ascending: true)])
        #expect(model.sorts == 1)
        let after = harness.table.renderToImage()
        #expect(inkPixels(after, in: sizeArrowBox) >= 6, "the sort arrow's pixels")
        let moved = try #require(table.focusedIndexPath)
        #expect(model.file(at: moved) == focusedFile, "the focus followed its file")
        #expect(moved != focused, "the file moved")
        #expect(table.indexPathsForVisibleRows.contains(moved), "the focused row is kept in view")
        #expect(table.indexPathsForSelectedRows == [moved], "the header click selected no row")
        screenshot("columns-sorted")
        _ = harness.table.renderToPNG(path: (ProcessInfo.processInfo.environment["POOLTABLE_SHOT_DIR"] ?? "/tmp") + "/columns-table.png")

        // Hovering Name's right edge shows the resize cursor; dragging it 60 px widens Name by 60.
        var hover = XScript(title: title, harness: harness)
        hover.move(to: Point(x: 201, y: header / 2))
        #expect(XDoTool.run(hover.arguments) == 0)
        GtkTestEnvironment.waitThenFrame(for: "the resize cursor over the column edge") { harness.table.shownCursorName == "col-resize" }
        #expect(harness.table.shownCursorName == "col-resize")
        var resize = XScript(title: title, harness: harness)
        resize.press(at: Point(x: 201, y: header / 2))
        for x in stride(from: 211.0, through: 261, by: 10) { resize.move(to: Point(x: x, y: header / 2)) }
        resize.release()
        #expect(XDoTool.run(resize.arguments) == 0)
        GtkTestEnvironment.waitThenFrame(for: "the drag to resize Name to 260") { abs(table.tableColumns[0].width - 260) <= 1 }
        let name = table.tableColumns[0]
        #expect(abs(name.width - 260) <= 1, "Name is \(name.width) wide after a 60 px drag from 200")
        #expect(abs((table.columnSpan(1)?.x ?? 0) - name.width) < 0.001, "Size moved right with it")
        #expect(table.sortDescriptors == [TableSortDescriptor(key: "size", ascending: true)], "a resize does not sort")
        // The rows redrew their columns where the columns are now: the focused row's size
        // text starts 8 px into the moved Size column (and no longer at the old place).
        let rowTop = table.rectForRow(at: moved).minY - table.contentOffset.y + header
        let resized = harness.table.renderToImage()
        #expect(inkPixels(resized, in: Rect(x: 268, y: rowTop + 8, width: 12, height: 20)) > 0, "size text at its new place")
        #expect(inkPixels(resized, in: Rect(x: 208, y: rowTop + 8, width: 50, height: 20)) == 0, "nothing left at the old place")
        var away = XScript(title: title, harness: harness)
        away.move(to: Point(x: 120, y: header + 100))
        #expect(XDoTool.run(away.arguments) == 0)
        GtkTestEnvironment.waitThenFrame(for: "the cursor to be reset away from the headers") { harness.table.shownCursorName == nil }
        #expect(harness.table.shownCursorName == nil)

        // Tab moves the cell focus across the focused row; the ring is drawn around the cell.
        #expect(table.focusedColumn == nil)
        var tab = XScript(title: title, harness: harness)
        tab.key("Tab")
        #expect(XDoTool.run(tab.arguments) == 0)
        GtkTestEnvironment.waitThenFrame(for: "Tab to focus column 0") { table.focusedColumn == 0 }
        #expect(table.focusedColumn == 0)
        var tab2 = XScript(title: title, harness: harness)
        tab2.key("Tab")
        tab2.key("Right")
        #expect(XDoTool.run(tab2.arguments) == 0)
        GtkTestEnvironment.waitThenFrame(for: "Tab, Right to focus column 2") { table.focusedColumn == 2 }
        #expect(table.focusedColumn == 2)
        #expect(table.focusedIndexPath == moved, "cell keys keep the row")
        screenshot("columns-cell-focus")
        var back = XScript(title: title, harness: harness)
        back.key("shift+Tab")
        #expect(XDoTool.run(back.arguments) == 0)
        GtkTestEnvironment.waitThenFrame(for: "Shift+Tab to focus column 1") { table.focusedColumn == 1 }
        #expect(table.focusedColumn == 1)

        // The headers as accessibles: COLUMN_HEADER widgets named by the titles, sort state described.
        let headers = harness.table.columnHeaderAccessibleWidgets
        #expect(headers.count == 3)
        #expect(headers.map { gtk_accessible_get_accessible_role($0.opaque) } == Array(repeating: GTK_ACCESSIBLE_ROLE_COLUMN_HEADER, count: 3))
        #expect(gtk_widget_get_first_child(harness.table.drawingArea) == headers.first, "headers are read first")

        // Wider than the view: the horizontal adjustment spans the columns, its scrollbar
        // shows, and moving it scrolls rows and header row across.
        table.tableColumns[2].width = 400
        GtkTestEnvironment.waitForFrame()
        let total = table.totalColumnWidth
        #expect(total > table.frame.width)
        let h = try #require(harness.table.state.hadjustment)
        #expect(gtk_adjustment_get_upper(h) == total)
        #expect(gtk_adjustment_get_page_size(h) == table.frame.width)
        let bar = try #require(gtk_scrolled_window_get_hscrollbar(harness.table.widget.opaque))
        #expect(gtk_widget_get_visible(bar) != 0 && gtk_widget_get_child_visible(bar) != 0, "the horizontal scrollbar shows")
        gtk_adjustment_set_value(h, 100)
        GtkTestEnvironment.waitForFrame()
        #expect(table.contentOffset.x == 100)
        #expect(table.rectForColumnHeader(1).minX == (table.columnSpan(1)?.x ?? 0) - 100)
        // The accessibles moved across with them: the headers' and the rows' proxies (they
        // follow at the next idle and take their place at the layout after it).
        func bounds(_ w: UnsafeMutablePointer<GtkWidget>) -> graphene_rect_t {
            var r = graphene_rect_t()
            _ = gtk_widget_compute_bounds(w, harness.table.drawingArea, &r)
            return r
        }
        /// The first shown row proxy after the headers: a proxy freed when its row left the
        /// screen stays a hidden sibling (unplaced, so its bounds don't move), and which of
        /// them comes first depends on the order rows came and went.
        func firstRowProxy(after header: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
            var next = gtk_widget_get_next_sibling(header)
            while let w = next, gtk_widget_get_visible(w) == 0 || gtk_widget_get_child_visible(w) == 0 { next = gtk_widget_get_next_sibling(w) }
            return next
        }
        GtkTestEnvironment.waitThenFrame(for: "the header and row proxies to move 100 px left") {
            let heads = harness.table.columnHeaderAccessibleWidgets
            guard heads.count == 3, let row = firstRowProxy(after: heads[2]) else { return false }
            return bounds(heads[1]).origin.x == Float((table.columnSpan(1)?.x ?? 0) - 100) && bounds(row).origin.x == -100
        }
        let heads = harness.table.columnHeaderAccessibleWidgets
        #expect(heads.count == 3 && bounds(heads[1]).origin.x == Float((table.columnSpan(1)?.x ?? 0) - 100))
        let rowProxy = try #require(firstRowProxy(after: heads[2]))
        #expect(bounds(rowProxy).origin.x == -100 && bounds(rowProxy).size.width == Float(total))
        screenshot("columns-wide-scrolled")
    }

    @Test("AT-SPI (a11y-dump): a real client sees the column headers with their sort state",
          .enabled(if: ProcessInfo.processInfo.environment["POOLTABLE_ATSPI"] == "1",
                   "needs the test run inside dbus-run-session with GTK_A11Y=atspi and POOLTABLE_ATSPI=1 (POOLTABLE_A11Y_DUMP: another a11y-dump than scripts/a11y-dump.py)"))
    func atspiColumnHeaders() throws {
        // The name the process has on the AT-SPI bus (GTK's root takes the program name).
        if g_get_prgname() == nil { g_set_prgname("pooltable-columns-test") }
        let harness = try WindowHarness.open(rows: 1, width: 620, height: 400)
        defer { harness.close() }
        let model = ColumnFilesModel()
        let table = harness.table.tableView
        model.install(in: table)
        table.sortByColumn(1)
        table.sortByColumn(1)
        GtkTestEnvironment.waitForFrame()
        let app = try #require(g_get_prgname().map { String(cString: $0) })
        let out = "/tmp/pooltable-columns-a11y-\(getpid()).txt"
        // This repository's scripts/a11y-dump.py (#filePath less Tests/PoolTableGtkTests/ColumnsGuiTests.swift),
        // unless POOLTABLE_A11Y_DUMP names another.
        let repo = "/" + "\(#filePath)".split(separator: "/").dropLast(3).joined(separator: "/")
        let tool = ProcessInfo.processInfo.environment["POOLTABLE_A11Y_DUMP"] ?? repo + "/scripts/a11y-dump.py"
        let status = XDoTool.run(["sh", "-c", "/usr/bin/python3 '\(tool)' '\(app)' > \(out) 2>&1"], timeout: 60)
        #expect(status == 0)
        let dump = try #require(readText(out))
        print(dump)
        // GTK 4.8 exports GTK_ACCESSIBLE_ROLE_COLUMN_HEADER as "filler" (later GTKs as
        // "column header"): the headers are the list's first children, named by their
        // titles, the sorted one described.
        let lines = dump.split(separator: "\n").map(String.init)
        let firstRow = try #require(lines.firstIndex { $0.contains("[list item]") })
        let headers = lines[..<firstRow].filter { $0.contains("[filler] '") || $0.contains("[column header] '") }
        #expect(headers.count == 3)
        #expect(headers.map { $0.split(separator: "'")[1] } == ["Name", "Size", "Kind"])
        #expect(headers[1].contains("desc='Sorted descending'"))
        #expect(!headers[0].contains("desc="))
    }

    private func readText(_ path: String) -> String? {
        guard let f = fopen(path, "r") else { return nil }
        defer { fclose(f) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = fread(&buffer, 1, buffer.count, f)
            if n <= 0 { break }
            bytes += buffer[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
