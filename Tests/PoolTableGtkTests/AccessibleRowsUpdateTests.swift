import CGtk
@_spi(Hosting) @_spi(Diagnostics) import PoolTable
@_spi(Interop) @testable import PoolTableGtk
import Testing

/// Rows whose text is their own, so a proxy that lost its row shows it (the table fixture
/// over names in one section, used as the data source only).
@MainActor
private final class NamedRows: TableSourceFixture<String> {
    var names: [String] {
        get { sections[0] }
        set { sections[0] = newValue }
    }
    init(_ n: Int) { super.init(sections: [(0..<n).map { "Item \($0)" }]) }
}

/// The proxies follow the engine's change lists through batch updates (issue 21): a row's
/// proxy moves with the row, the focused one keeps its row and its focus.
extension TableWidgetTests {
    @Test("Batch inserts, deletes and moves: every mounted row's proxy says its row, the focused proxy moves with its row and keeps the focus")
    func proxiesFollowBatchUpdates() throws {
        let harness = try WindowHarness.open(rows: 10)
        defer { harness.close() }
        let table = harness.table, engine = table.tableView, rows = table.accessibleRows
        let source = NamedRows(200)
        engine.dataSource = source
        engine.reloadData()
        table.grabFocus()
        GtkTestEnvironment.waitForFrame()
        let root = try #require(gtk_widget_get_root(table.drawingArea))
        for _ in 0..<5 { engine.handleKey(.down) }
        GtkTestEnvironment.waitForFrame()
        let focused = try #require(gtk_root_get_focus(root))
        #expect(rows.spokenText(of: focused)?.label == "Item 5")

        func problems() -> [String] {
            var out: [String] = []
            for (ip, cell) in engine.laidOutRows where table.accessibleLabel(ofRowAt: ip) != cell.accessibilityLabel {
                out.append("row \(ip.row): proxy says \(table.accessibleLabel(ofRowAt: ip) ?? "nothing"), cell \(cell.accessibilityLabel ?? "nothing")")
            }
            return out
        }
        func check(_ what: String, focusedRow: Int, count: Int) {
            GtkTestEnvironment.iterate(timeout: 20) { problems().isEmpty }
            #expect(problems() == [], "\(what)")
            #expect(gtk_root_get_focus(root) == focused, "\(what): the focused proxy is the same widget")
            #expect(rows.spokenText(of: focused)?.label == "Item 5", "\(what)")
            #expect(rows.spokenText(of: focused)?.description == "Row \(focusedRow) of \(count)", "\(what)")
        }
        source.names.insert(contentsOf: ["New A", "New B", "New C"], at: 2)
        engine.insertRows(at: (2..<5).map { IndexPath(row: $0, section: 0) }, with: .none)
        check("insert three above", focusedRow: 9, count: 203)
        source.names.removeSubrange(0..<2)
        engine.deleteRows(at: [IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0)], with: .fade)
        check("delete two above", focusedRow: 7, count: 201)
        let moved = source.names.remove(at: 6)
        source.names.insert(moved, at: 1)
        engine.moveRow(at: IndexPath(row: 6, section: 0), to: IndexPath(row: 1, section: 0))
        check("move the focused row up", focusedRow: 2, count: 201)
        source.names[1] = "Item 5"   // reconfigure: same text, same proxy
        engine.reconfigureRows(at: [IndexPath(row: 1, section: 0)])
        check("reconfigure", focusedRow: 2, count: 201)
    }
}
