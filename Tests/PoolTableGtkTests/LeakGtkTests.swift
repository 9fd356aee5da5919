import CGtk
@_spi(Hosting) @_spi(Diagnostics) import PoolTable
@testable import PoolTableApp
@_spi(Interop) @_spi(Diagnostics) @testable import PoolTableGtk
import Testing

extension TableWidgetTests {
    final class Weak { weak var object: AnyObject?; init(_ o: AnyObject?) { object = o } }

    @Test("No retain cycles through GTK: a destroyed window frees its TableWidget, TableView, cells and data source")
    func widgetFreedWithWindow() throws {
        try GtkTestEnvironment.require()
        var refs: [Weak] = []
        do {
            let harness = try #require(WindowHarness(rows: 1_000_000))
            let table = harness.table
            // Scroll through the million rows, animate edit mode, open the overlay.
            let adjustment = harness.adjustment
            let upper = gtk_adjustment_get_upper(adjustment)
            var y = 0.0
            while y < upper { gtk_adjustment_set_value(adjustment, y); y += upper / 40 }
            table.tableView.setEditing(true, animated: true)
            table.debugOverlay = DebugOverlay()
            _ = GtkTestEnvironment.iterate(timeout: 20) { !table.tableView.hasRunningAnimations }
            table.debugOverlay = nil
            refs = [Weak(table), Weak(table.tableView), Weak(harness.source)] + table.tableView.mountedCells.map(Weak.init)
            harness.close()
        }
        GtkTestEnvironment.wait(for: "the closed window's table, cells and source to be freed", timeout: 10) { refs.allSatisfy { $0.object == nil } }
        #expect(refs.count > 3)
        let alive = refs.filter { $0.object != nil }.map { String(describing: type(of: $0.object!)) }
        #expect(alive.isEmpty, "still alive: \(alive)")
    }

    @Test("No retain cycles through GTK: the app's window, after switching through every screen, frees its tables when closed")
    func appWindowFreed() throws {
        try GtkTestEnvironment.require()
        var refs: [Weak] = []
        do {
            let harness = try #require(AppHarness())
            for screen in ["news", "downloads", "huge", "inbox"] {
                harness.window.show(screen: screen)
                GtkTestEnvironment.waitForFrame()
                refs.append(Weak(harness.window.currentTable))
                refs.append(Weak(harness.window.currentTable.tableView))
            }
            refs.append(Weak(harness.window))
            harness.close()
        }
        GtkTestEnvironment.wait(for: "the closed app window and its tables to be freed", timeout: 10) { refs.allSatisfy { $0.object == nil } }
        let alive = refs.filter { $0.object != nil }.map { String(describing: type(of: $0.object!)) }
        #expect(alive.isEmpty, "still alive: \(alive)")
    }

    @Test("A screen's callback after its window closed (as the News screen's ad timer fires) reaches no destroyed widget")
    func lateCallbackAfterClose() throws {
        let harness = try AppHarness.open()
        harness.window.show(screen: "news")
        GtkTestEnvironment.waitForFrame()
        harness.close()
        // Before, the header bar's Edit button was relabelled here, after it was destroyed
        // (a GTK critical in CI's GTK suite, when the ads came during the close).
        for screen in harness.window.screens { screen.selectionDidChange?() }
        #expect(harness.window.screens.allSatisfy { $0.selectionDidChange == nil })
    }
}
