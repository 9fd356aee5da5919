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

/// A window's table over 200 named rows, once every row on screen is described: the table,
/// its source, the rows on screen, and which of them do not yet say "Row N of `count`".
@MainActor
private func describedRows(in harness: WindowHarness) throws
    -> (TableWidget, NamedRows, [IndexPath], (Int) -> [String]) {
    let table = harness.table, engine = table.tableView, rows = table.accessibleRows
    let source = NamedRows(200)
    engine.dataSource = source
    engine.reloadData()
    GtkTestEnvironment.waitForFrame()
    let shown = engine.laidOutRows.map(\.indexPath)
    try #require(shown.count > 2)
    func stale(_ count: Int) -> [String] {
        shown.compactMap { ip in
            let said = rows.proxyOutline(at: ip).flatMap { rows.spokenText(of: $0.widget) }?.description
            return said == "Row \(ip.row + 1) of \(groupedDigits(count))" ? nil : "row \(ip.row): \(said ?? "nothing")"
        }
    }
    GtkTestEnvironment.wait(for: "the rows described", until: { stale(200).isEmpty })
    return (table, source, shown, stale)
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

    @Test("A burst of count changes (rows added below the screen, one main-loop turn each, as a filter's steps) re-describes the rows at most once a frame, and every row ends up saying the last count")
    func countChangesAreCoalesced() throws {
        let harness = try WindowHarness.open(rows: 10)
        defer { harness.close() }
        let (table, source, shown, stale) = try describedRows(in: harness)
        let engine = table.tableView, rows = table.accessibleRows
        let before = rows.descriptionUpdates
        let steps = 60
        for step in 0..<steps {
            source.names.append("Added \(step)")
            engine.insertRows(at: [IndexPath(row: source.names.count - 1, section: 0)], with: .none)
            while g_main_context_iteration(nil, 0) != 0 {}   // the accessibility idle runs between steps
        }
        GtkTestEnvironment.wait(for: "every row saying the last count", until: { stale(200 + steps).isEmpty })
        #expect(stale(200 + steps) == [])
        // Once per step would be steps × rows descriptions.
        #expect(rows.descriptionUpdates - before < steps * shown.count,
                "\(rows.descriptionUpdates - before) descriptions for \(steps) count changes of \(shown.count) rows")
    }

    @Test("A count that changes between every two frames while GTK's idle work keeps the main loop busy (a running filter) re-describes the rows at most every half second, and once more with the last count when it stops")
    func countChangingWhileBusyIsDescribedSeldom() throws {
        let harness = try WindowHarness.open(rows: 10)
        defer { harness.close() }
        let (table, source, shown, stale) = try describedRows(in: harness)
        let engine = table.tableView, rows = table.accessibleRows
        // An idle at GTK's idle priority that is always ready, as GtkFilterListModel's step is
        // while it filters: work below it (the accessible rows' quiet update and count flush)
        // waits; frames come.
        let busy = g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, { _ in 1 }, nil, nil)
        // Frames of the frame clock, not drawn ones: rows added below the screen change
        // nothing drawn, so the table is not drawn again (its update still runs each frame).
        let clock = try #require(gtk_widget_get_frame_clock(table.drawingArea))
        let before = rows.descriptionUpdates, framesBefore = gdk_frame_clock_get_frame_counter(clock)
        let start = monotonicSeconds()
        while gdk_frame_clock_get_frame_counter(clock) - framesBefore < 12 {
            source.names.append("Added \(source.names.count)")
            engine.insertRows(at: [IndexPath(row: source.names.count - 1, section: 0)], with: .none)
            g_main_context_iteration(nil, 1)
        }
        let elapsed = monotonicSeconds() - start
        let busyDescriptions = rows.descriptionUpdates - before
        g_source_remove(busy)
        let last = source.names.count
        GtkTestEnvironment.wait(for: "every row saying the last count", until: { stale(last).isEmpty })
        #expect(stale(last) == [])
        // Once a frame would be about 12 × rows; at most every half second is the first and
        // one per half second passed.
        let allowed = shown.count * (1 + Int(elapsed / 0.5))
        #expect(busyDescriptions <= allowed,
                "\(busyDescriptions) descriptions over 12 frames (\(elapsed) s) of \(shown.count) rows; at most \(allowed)")
        #expect(rows.descriptionUpdates - before <= allowed + shown.count, "the last count once, when the busy idle stopped")
    }

    @Test("An incremental GtkFilterListModel's items-changed (one per idle step) are mirrored to the proxies once a frame, not once per step, and afterwards every mounted row's proxy says its row and the last count")
    func filterStepsUpdateProxiesOnceAFrame() throws {
        let harness = try WindowHarness.open(rows: 10)
        defer { harness.close() }
        let table = harness.table, engine = table.tableView, rows = table.accessibleRows
        let strings = try #require(gtk_string_list_new(nil))
        for i in 0..<60_000 { gtk_string_list_append(strings, "Item \(i)") }
        let expression = gtk_property_expression_new(gtk_string_object_get_type(), nil, "string")
        let filter = try #require(gtk_string_filter_new(expression))
        let filtered = try #require(gtk_filter_list_model_new(strings, filter.cast()))   // takes both
        defer { g_object_unref(filtered.rawPointer) }
        gtk_filter_list_model_set_incremental(filtered, 1)
        engine.register({ TableViewCell(reuseIdentifier: $0) }, forCellReuseIdentifier: "cell")
        let source = ListModelDataSource(model: filtered)
        source.attach(to: engine)
        defer { withExtendedLifetime(source) {} }
        GtkTestEnvironment.waitThenFrame(for: "the first rows") { engine.visibleCells.first?.text == "Item 0" }

        func problems() -> [String] {
            let count = engine.numberOfRows(inSection: 0)
            var out: [String] = []
            for (ip, cell) in engine.laidOutRows {
                let said = rows.proxyOutline(at: ip).flatMap { rows.spokenText(of: $0.widget) }
                if said?.label != cell.accessibilityLabel || said?.description != "Row \(groupedDigits(ip.row + 1)) of \(groupedDigits(count))" {
                    out.append("row \(ip.row): proxy says \(said?.label ?? "nothing") / \(said?.description ?? "nothing"), cell \(cell.accessibilityLabel ?? "nothing")")
                }
            }
            return out
        }
        var signals = 0
        Signal.connectItemsChanged(filtered) { _, _, _ in signals += 1 }
        let updatesBefore = rows.updatesRun, framesBefore = table.framesDrawn
        gtk_string_filter_set_search(filter, "7")
        GtkTestEnvironment.wait(for: "the filter to finish") { gtk_filter_list_model_get_pending(filtered) == 0 }
        let updates = rows.updatesRun - updatesBefore, frames = table.framesDrawn - framesBefore
        #expect(signals > 50, "the filter changes the model in many idle steps (\(signals))")
        // Between every two steps (the old priority) would be about one update a signal.
        #expect(updates <= frames + 2, "\(updates) updates for \(signals) items-changed over \(frames) frames")
        let matches = (0..<60_000).filter { String($0).contains("7") }.count
        GtkTestEnvironment.waitThenFrame(for: "every match in the table") { engine.numberOfRows(inSection: 0) == matches }
        GtkTestEnvironment.wait(for: "every proxy saying its row and the last count") { problems().isEmpty }
        #expect(problems() == [])
        #expect(engine.laidOutRows.first?.cell.accessibilityLabel == "Item 7")
    }
}

