import CGtk
import PoolTable
import PoolTableDemoKit
@testable import PoolTableGtk
import Testing

/// The shell's node cache on real frames: a cell's render node is recorded again exactly
/// when its content changed.
extension TableWidgetTests {
    /// Collects the keys the widget's node cache records while `body` runs and frames settle.
    func recorded(by widget: TableWidget, _ body: () -> Void) -> [ObjectIdentifier] {
        var keys: [ObjectIdentifier] = []
        widget.nodeCache.onRecord = { keys.append($0) }
        defer { widget.nodeCache.onRecord = nil }
        body()
        widget.queueDraw()
        GtkTestEnvironment.settle()
        return keys
    }

    func visibleCellKeys(_ table: TableView) -> Set<ObjectIdentifier> {
        Set(table.indexPathsForVisibleRows.compactMap { table.cellForRow(at: $0) }.map(ObjectIdentifier.init))
    }

    @Test("Render nodes: an unchanged frame records none, a scroll only the arriving cells, a reconfigure one, a theme change all")
    func renderNodesRebuiltOnlyOnChange() {
        guard GtkTestEnvironment.start(), let harness = WindowHarness(rows: 2_000) else { return }
        defer { harness.close() }
        let widget = harness.table, table = widget.tableView
        #expect(recorded(by: widget) {}.isEmpty)
        #expect(widget.nodeCache.nodeCount == visibleCellKeys(table).count + 1)     // cells + background

        for step in 1...8 {
            let before = visibleCellKeys(table)
            let keys = recorded(by: widget) { gtk_adjustment_set_value(harness.adjustment, Double(step) * 37) }
            #expect(Set(keys) == visibleCellKeys(table).subtracting(before), "step \(step)")
            #expect(keys.count == Set(keys).count)
        }
        #expect(widget.nodeCache.nodeCount == visibleCellKeys(table).count + 1)

        let ip = table.indexPathsForVisibleRows[2]
        #expect(recorded(by: widget) { table.reconfigureRows(at: [ip]) } == [ObjectIdentifier(table.cellForRow(at: ip)!)])
        #expect(recorded(by: widget) { table.selectRow(at: ip, animated: false, scrollPosition: .none) }.isEmpty)

        let settings = gtk_settings_get_default()!
        defer { GObjectProperty.set(settings, "gtk-application-prefer-dark-theme", bool: false) }
        let keys = recorded(by: widget) {
            GObjectProperty.set(settings, "gtk-application-prefer-dark-theme", bool: true)
            _ = GtkTestEnvironment.iterate(timeout: 3) { widget.theme.isDark }
        }
        #expect(Set(keys) == visibleCellKeys(table).union([ObjectIdentifier(table)]))
    }

    @Test("Render nodes: a progress tick re-records that one download's cell, on each frame of its ease")
    func progressTickRebuildsOneCell() {
        guard GtkTestEnvironment.start(), let harness = WindowHarness(rows: 1) else { return }
        defer { harness.close() }
        let widget = harness.table, table = widget.tableView
        let store = DownloadStore(count: 500, seed: 4)
        let controller = DownloadsController(store: store)
        controller.attach(to: table)
        GtkTestEnvironment.settle()
        let row = 3, id = store.downloads[row].id
        let cell = ObjectIdentifier(table.cellForRow(at: IndexPath(row: row, section: 0))!)
        #expect(recorded(by: widget) { store.start(id) } == [cell])
        let keys = recorded(by: widget) {
            store.tick(elapsed: 2)
            _ = GtkTestEnvironment.iterate(timeout: 2) { !table.hasRunningAnimations }
        }
        #expect(!keys.isEmpty)
        #expect(Set(keys) == [cell], "only the ticking cell")
        #expect(recorded(by: widget) {}.isEmpty)
    }
}
