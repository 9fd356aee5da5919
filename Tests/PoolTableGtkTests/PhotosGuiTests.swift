import CGtk
import Glibc
import PoolTable
@testable import PoolTableApp
@_spi(Interop) @testable import PoolTableGtk
import Testing

/// The Photos screen (issue 12, seed 003) in the app's real window, driven by real X input:
/// a grid of at least three columns; a drag across photos outside edit mode begins multiple
/// selection (editing turns on) and selects exactly the swept photos, which the subtitle
/// counts; resizing the window re-flows the columns and keeps the top photo on screen.
extension TableWidgetTests {
    @Test("Photos: ≥ 3 columns; an xdotool drag outside edit mode selects the swept photos; a resize re-flows and keeps the top photo")
    func photosDragAndReflow() throws {
        let harness = try AppHarness.open(realInput: true)
        defer { harness.close() }
        harness.window.show(screen: "photos")
        GtkTestEnvironment.waitForFrame()
        let widget = harness.window.currentTable
        let grid = try #require(widget.collectionView, "the Photos screen shows a grid")
        #expect(grid.numberOfColumns >= 3, "\(grid.numberOfColumns) columns at the default size")
        #expect(!grid.isEditing && grid.numberOfSelectedItems == 0)

        // Scroll a little so the first line is a whole one below the sticky header.
        grid.contentOffset = Point(x: 0, y: grid.rectForItem(at: IndexPath(item: 0, section: 1)).minY - 40)
        GtkTestEnvironment.waitForFrame()
        let columns = grid.numberOfColumns
        let first = IndexPath(item: 0, section: 1)
        let last = IndexPath(item: columns + 2, section: 1)         // second line, third column
        func viewportCenter(_ ip: IndexPath) -> Point {
            let r = grid.rectForItem(at: ip)
            return Point(x: r.midX, y: r.midY - grid.contentOffset.y)
        }
        let title = harness.uniqueTitle()
        var drag = XScript(title: title, windowPoint: harness.windowPoint(in: widget))
        drag.press(at: viewportCenter(first))
        for step in 1...6 {
            let a = viewportCenter(first), b = viewportCenter(last), t = Double(step) / 6
            drag.move(to: Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))
        }
        drag.pause(0.2)
        drag.release()
        let status = XDoTool.run(drag.arguments)
        #expect(status == 0, "xdotool ran")
        GtkTestEnvironment.waitThenFrame(for: "the drag to turn editing on") { grid.isEditing }

        let expected = (first.item...last.item).map { IndexPath(item: $0, section: 1) }
        #expect(grid.isEditing, "the drag turned editing on")
        #expect(grid.indexPathsForSelectedItems == expected, "selected \(grid.indexPathsForSelectedItems ?? [])")
        #expect(harness.window.subtitleText == "\(expected.count) selected", "subtitle: \(harness.window.subtitleText)")
        saveScreenshot(try #require(widget.snapshotToImage()), "photos-drag-select.png")

        // Narrower: fewer columns; the photo at the top stays on screen.
        let top = try #require(grid.indexPathsForVisibleItems.first { grid.rectForItem(at: $0).minY >= grid.contentOffset.y })
        var resize = XScript(title: title, windowPoint: harness.windowPoint(in: widget))
        resize.resizeWindow(width: 640, height: 700)
        #expect(XDoTool.run(resize.arguments) == 0)
        _ = GtkTestEnvironment.iterate(timeout: 20) { grid.numberOfColumns < columns }
        GtkTestEnvironment.waitForFrame()
        #expect(grid.numberOfColumns < columns, "re-flowed from \(columns) to \(grid.numberOfColumns) columns at width \(grid.frame.width), widget \(gtk_widget_get_width(widget.widget))")
        #expect(grid.numberOfColumns >= 2)
        #expect(grid.indexPathsForVisibleItems.contains(top), "\(top) is still on screen after the re-flow")
        let r = grid.rectForItem(at: top)
        #expect(r.minY >= grid.contentOffset.y - 1 && r.maxY <= grid.contentOffset.y + grid.frame.height + 1)
        saveScreenshot(try #require(widget.snapshotToImage()), "photos-reflowed.png")
    }
}

extension TableWidgetTests.AppHarness {
    /// Gives the window a title no other window has, for `xdotool search`.
    func uniqueTitle() -> String {
        GuiTestCounter.next += 1
        let title = "PoolTable app test \(getpid())-\(GuiTestCounter.next)"
        gtk_window_set_title(window.window.cast(to: GtkWindow.self), title)
        GtkTestEnvironment.waitForFrame()
        return title
    }

    /// Maps viewport points of `table` to the X window's coordinates.
    func windowPoint(in table: TableWidget) -> (Point) -> (x: Int, y: Int) {
        let window = self.window.window
        return { p in xWindowPoint(p, of: table.drawingArea, in: window) }
    }
}
