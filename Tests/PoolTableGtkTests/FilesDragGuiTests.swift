import CGtk
import Glibc
@_spi(Hosting) @_spi(Diagnostics) import PoolTable
@testable import PoolTableApp
@testable import PoolTableDemoKit
@_spi(Interop) @testable import PoolTableGtk
import Testing

/// Issue 35: rows of Files drag out to other applications as `text/uri-list`.
extension TableWidgetTests {
    @Test("Files: a real mouse drag on a file's row begins a drag offering its file:// URI as text/uri-list; none in edit mode or on the header")
    func filesDragOutAsURIList() throws {
        try #require(GtkTestEnvironment.start())
        try #require(XDoTool.isAvailable, "xdotool sends the real input (apt install xdotool)")
        let filesApp = try FilesApp()
        defer { filesApp.close() }
        let root = filesApp.root, harness = filesApp.harness, screen = filesApp.screen
        let controller = screen.controller, widget = harness.window.currentTable, table = widget.tableView
        let drag = try #require(screen.dragSource)
        try #require(GtkTestEnvironment.iterate(timeout: 10) { table.numberOfRows(inSection: 0) == 43 })
        let node = try #require(controller.tree.children(of: FileTree.root)?[5])
        let row = try #require(controller.indexPath(of: node))
        let name = controller.tree.name(of: node)
        let r = table.rectForRow(at: row)
        let point = Point(x: 150, y: r.midY - table.contentOffset.y + table.columnHeaderHeight)
        #expect(drag.paths(at: point) == [root + "/" + name])
        #expect(drag.paths(at: Point(x: 150, y: 5)).isEmpty, "the column header drags nothing")
        #expect(FileDragSource.uriList([root + "/" + name]) == "file://" + root + "/" + name.replacingOccurrences(of: " ", with: "%20") + "\r\n")

        // A real press and move past the drag threshold.
        let title = harness.uniqueTitle()
        var script = XScript(title: title, windowPoint: harness.windowPoint(in: widget))
        script.press(at: point)
        for dx in stride(from: 10.0, through: 120, by: 10) { script.move(to: Point(x: point.x + dx, y: point.y + dx / 3)) }
        script.release()
        #expect(XDoTool.run(script.arguments) == 0, "xdotool ran")
        try #require(GtkTestEnvironment.iterate(timeout: 10) { drag.dragsBegun == 1 }, "a drag began")
        #expect(drag.lastOffered == FileDragSource.uriList([root + "/" + name]))

        // Edit mode: a drag selects rows instead.
        table.setEditing(true, animated: false)
        #expect(drag.paths(at: point).isEmpty)
        table.setEditing(false, animated: false)
    }
}
