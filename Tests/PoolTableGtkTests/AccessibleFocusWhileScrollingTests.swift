import CGtk
import PoolTable
@testable import PoolTableApp
@_spi(Interop) @testable import PoolTableGtk
import Testing

/// Issue 34: before the first key the focus stays on its row while the list scrolls (as
/// GtkListView's stays on its item), and the proxies are reordered with few moves.
extension TableWidgetTests {
    @Test("Scrolling before the first key leaves the focus on its proxy and row; the first key acts from the first visible row")
    func focusStaysWhileScrolling() throws {
        let harness = try WindowHarness.open(rows: 3_000)
        defer { harness.close() }
        let table = harness.table
        table.grabFocus()
        let root = try #require(gtk_widget_get_root(table.drawingArea))
        GtkTestEnvironment.waitThenFrame(for: "a row proxy to take the focus") {
            gtk_root_get_focus(root).flatMap { table.accessibleRows.spokenText(of: $0) } != nil
        }
        let held = try #require(gtk_root_get_focus(root))
        #expect(table.accessibleRows.spokenText(of: held)?.label == "Row 0")
        var changes = 0
        let handler = Signal.connectPointer(harness.window, "notify::focus-widget") { _ in changes += 1 }
        defer { g_signal_handler_disconnect(harness.window.rawPointer, handler) }
        for y in stride(from: 0.0, through: 4_000, by: 37) {
            gtk_adjustment_set_value(harness.adjustment, y)
            GtkTestEnvironment.iterate(timeout: 0.05) { false }
        }
        // The proxies follow at the next idle and frame: a frame drawn after the last scroll.
        GtkTestEnvironment.waitForFrame("a frame after the last scroll", frames: 2)
        #expect(changes == 0, "the focus moved \(changes) times while scrolling")
        #expect(gtk_root_get_focus(root) == held)
        #expect(table.accessibleRows.spokenText(of: held)?.label == "Row 0", "the focused proxy kept its row")
        let first = try #require(table.tableView.indexPathsForVisibleRows.first)
        #expect(first.row > 50)
        table.tableView.handleKey(.down)
        table.accessibleCursorMayHaveMoved()
        GtkTestEnvironment.waitThenFrame(for: "the focus to move to row \(first.row + 1)") {
            gtk_root_get_focus(root).flatMap { table.accessibleRows.spokenText(of: $0)?.label } == "Row \(first.row + 1)"
        }
        #expect(table.tableView.focusedIndexPath?.row == first.row + 1, "Down acts from the first visible row")
        let now = try #require(gtk_root_get_focus(root))
        #expect(table.accessibleRows.spokenText(of: now)?.label == "Row \(first.row + 1)")
    }

    @Test("The longest run already in reading order stays: one recycled proxy is one move")
    func fewestMoves() {
        #expect(AccessibleProxy.longestIncreasingRun([5, 0, 1, 2, 3, 4], count: 6) == [true, true, true, true, true, false])
        #expect(AccessibleProxy.longestIncreasingRun([1, 2, 3, 4, 5, 0], count: 6) == [false, true, true, true, true, true])
        #expect(AccessibleProxy.longestIncreasingRun([], count: 2) == [false, false])
        #expect(AccessibleProxy.longestIncreasingRun([2, 0, 1], count: 3).filter { $0 }.count == 2)
    }
}
