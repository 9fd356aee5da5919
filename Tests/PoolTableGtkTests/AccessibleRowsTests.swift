import CGtk
import PoolTable
@testable import PoolTableApp
@_spi(Interop) @testable import PoolTableGtk
import Testing

/// The accessible proxies (one child widget per mounted row) in a real window: GTK's side.
/// scripts/a11y-check.sh reads the same through AT-SPI.
extension TableWidgetTests {
    /// The view's children that are shown, with their role.
    private func shownProxies(_ table: TableWidget) -> [(widget: UnsafeMutablePointer<GtkWidget>, role: GtkAccessibleRole)] {
        var out: [(UnsafeMutablePointer<GtkWidget>, GtkAccessibleRole)] = []
        var child = gtk_widget_get_first_child(table.drawingArea)
        while let c = child {
            if gtk_widget_get_child_visible(c) != 0 { out.append((c, gtk_accessible_get_accessible_role(c.opaque))) }
            child = gtk_widget_get_next_sibling(c)
        }
        return out
    }

    /// The focused proxy when it holds a row outside the mounted band: before the first key
    /// it keeps its row while the list scrolls, as GtkListView keeps its focus item (issue 34).
    private func heldFocus(_ table: TableWidget, mounted: [IndexPath]) -> UnsafeMutablePointer<GtkWidget>? {
        guard table.listView.focusedIndexPath == nil, let root = gtk_widget_get_root(table.drawingArea),
              let focus = gtk_root_get_focus(root), let row = table.accessibleRows.spokenText(of: focus)?.label,
              !mounted.contains(where: { table.accessibleLabel(ofRowAt: $0) == row }) else { return nil }
        return focus
    }

    /// Mismatches between the mounted rows and their proxies (labels, count, placement).
    private func proxyProblems(_ harness: WindowHarness) -> [String] {
        let table = harness.table, engine = table.tableView
        var out: [String] = []
        let held = heldFocus(table, mounted: engine.indexPathsForMountedRows)
        let items = shownProxies(table).filter { $0.role == GTK_ACCESSIBLE_ROLE_LIST_ITEM && $0.widget != held }
        if items.count != engine.indexPathsForMountedRows.count {
            out.append("\(items.count) list items for \(engine.indexPathsForMountedRows.count) mounted rows")
        }
        for (ip, cell) in zip(engine.indexPathsForMountedRows, engine.mountedCells) where table.accessibleLabel(ofRowAt: ip) != cell.accessibilityLabel {
            out.append("row \(ip.row): proxy says \(table.accessibleLabel(ofRowAt: ip) ?? "nothing"), cell \(cell.accessibilityLabel ?? "nothing")")
        }
        // Each list item sits at its row's rect in the viewport.
        let rects = Set(engine.indexPathsForMountedRows.map { ip -> Int in
            Int((engine.rectForRow(at: ip).minY - engine.contentOffset.y).rounded())
        })
        for item in items {
            var bounds = graphene_rect_t()
            _ = gtk_widget_compute_bounds(item.widget, table.drawingArea, &bounds)
            if !rects.contains(Int(bounds.origin.y.rounded())) { out.append("a list item at y \(bounds.origin.y) matches no row") }
        }
        return out
    }

    @Test("The view is a LIST with one LIST_ITEM per mounted row, labelled and placed like its row, recycled while scrolling")
    func proxiesFollowMountedRows() throws {
        let harness = try WindowHarness.open(rows: 3_000)
        defer { harness.close() }
        let table = harness.table
        #expect(gtk_accessible_get_accessible_role(table.drawingArea.opaque) == GTK_ACCESSIBLE_ROLE_LIST)
        GtkTestEnvironment.iterate(timeout: 20) { proxyProblems(harness).isEmpty }
        #expect(proxyProblems(harness) == [])
        #expect(table.accessibleProxyCount == table.tableView.indexPathsForMountedRows.count)
        var peakMounted = 0
        for y in stride(from: 0.0, through: 60_000, by: 2_345) {
            gtk_adjustment_set_value(harness.adjustment, y)
            // The proxies follow after the frame (an idle reconcile, then an allocation).
            GtkTestEnvironment.iterate(timeout: 20) { proxyProblems(harness).isEmpty }
            peakMounted = max(peakMounted, table.tableView.indexPathsForMountedRows.count)
            #expect(proxyProblems(harness) == [], "offset \(y)")
        }
        // Every step replaced all mounted rows: the proxies were recycled, not made per row.
        #expect(table.accessibleProxyCount <= peakMounted + 1, "\(table.accessibleProxyCount) proxies, peak \(peakMounted) mounted")
    }

    @Test("A grid's proxies: one LIST_ITEM per mounted photo, in reading order (lines top to bottom, each left to right)")
    func gridProxiesInReadingOrder() throws {
        let harness = try AppHarness.open()
        defer { harness.close() }
        harness.window.show(screen: "photos")
        GtkTestEnvironment.waitForFrame()
        let widget = harness.window.currentTable
        let grid = try #require(widget.collectionView, "the Photos screen shows a grid")
        #expect(grid.numberOfColumns >= 3)
        // AT-SPI lists a widget's children in widget order: that is the order a screen reader reads.
        func problems() -> [String] {
            let held = heldFocus(widget, mounted: grid.indexPathsForMountedItems)
            let items = shownProxies(widget).filter { $0.role == GTK_ACCESSIBLE_ROLE_LIST_ITEM && $0.widget != held }
            var out: [String] = []
            if items.count != grid.indexPathsForMountedItems.count {
                out.append("\(items.count) list items for \(grid.indexPathsForMountedItems.count) mounted photos")
            }
            var previous: (y: Float, x: Float)?
            for item in items {
                var bounds = graphene_rect_t()
                _ = gtk_widget_compute_bounds(item.widget, widget.drawingArea, &bounds)
                let here = (y: bounds.origin.y, x: bounds.origin.x)
                if let previous, here < previous { out.append("a list item at \(here) follows one at \(previous)") }
                previous = here
            }
            return out
        }
        let adjustment: UnsafeMutablePointer<GtkAdjustment> = try #require(widget.verticalAdjustment)
        for y in [0.0, 4_321, 87_654] {
            gtk_adjustment_set_value(adjustment, y)
            GtkTestEnvironment.iterate(timeout: 20) { problems().isEmpty }
            #expect(problems() == [], "offset \(y)")
        }
    }

    @Test("A roving tab stop: only the cursor row's proxy is focusable, and it takes the focus when the cursor moves")
    func rovingTabStop() throws {
        let harness = try WindowHarness.open(rows: 500)
        defer { harness.close() }
        let table = harness.table
        table.grabFocus()
        GtkTestEnvironment.waitForFrame()
        func focusables() -> [UnsafeMutablePointer<GtkWidget>] {
            shownProxies(table).map(\.widget).filter { gtk_widget_get_focusable($0) != 0 }
        }
        #expect(gtk_widget_get_focusable(table.drawingArea) == 0, "the view itself is not a tab stop")
        #expect(focusables().count == 1)
        let root = gtk_widget_get_root(table.drawingArea)!
        #expect(gtk_root_get_focus(root) == focusables().first, "grabFocus lands on the tab stop")
        for _ in 0..<40 { table.tableView.handleKey(.down) }   // engine calls only: the shell follows
        GtkTestEnvironment.waitForFrame()
        let cursor = table.tableView.focusedIndexPath!
        #expect(cursor.row == 40, "the first Down moved on from row 0, the row the tab stop announced")
        #expect(focusables().count == 1)
        let focus = gtk_root_get_focus(root)
        #expect(focus == focusables().first, "the focus followed the cursor row")
        #expect(table.accessibleLabel(ofRowAt: cursor) == "Row 40")
    }

    @Test("Real keys: the first Down moves from the announced row; End, Home and Page Down move the focus to the target row's proxy, and a proxy never changes row while it holds the focus")
    func focusedProxyKeepsItsRow() throws {
        try GtkTestEnvironment.require(realInput: true)
        let harness = try #require(WindowHarness(rows: 2000))
        defer { harness.close() }
        let table = harness.table
        let rows = table.accessibleRows
        let title = harness.uniqueTitle()
        table.grabFocus()
        GtkTestEnvironment.waitForFrame()
        let root = try #require(gtk_widget_get_root(table.drawingArea))
        func text(_ widget: UnsafeMutablePointer<GtkWidget>?) -> String {
            guard let widget, let t = rows.spokenText(of: widget) else { return "(not a proxy)" }
            return "\(t.label ?? "") | \(t.description ?? "")"
        }
        // Every focus change: the proxy that had the focus must still say what it said when
        // it took it (a screen reader reads a focused proxy's changes as that row's).
        var focused: (widget: UnsafeMutablePointer<GtkWidget>?, said: String) = (gtk_root_get_focus(root), "")
        focused.said = text(focused.widget)
        var heard = [focused.said]
        var problems: [String] = []
        let handler = Signal.connectPointer(harness.window, "notify::focus-widget") { _ in
            let now = gtk_root_get_focus(root)
            guard now != focused.widget else { return }
            if text(focused.widget) != focused.said { problems.append("left '\(focused.said)' saying '\(text(focused.widget))'") }
            focused = (now, text(now))
            heard.append(focused.said)
        }
        defer { g_signal_handler_disconnect(harness.window.rawPointer, handler) }
        #expect(focused.said == "Row 0 | Row 1 of 2,000", "the tab stop is the first visible row")

        var keys = XScript(title: title, harness: harness)
        keys.focusWindow()
        for key in ["Down", "Down", "End", "Home", "Page_Down", "End", "Home"] { keys.key(key) }
        #expect(XDoTool.run(keys.arguments) == 0)
        GtkTestEnvironment.waitForFrame()
        #expect(problems == [])
        let cursor = try #require(table.tableView.focusedIndexPath)
        #expect(text(gtk_root_get_focus(root)) == "Row \(cursor.row) | Row \(cursor.row + 1) of 2,000")
        // One focus change per key, each to the key's target row.
        #expect(heard.first == "Row 0 | Row 1 of 2,000")
        #expect(Array(heard.dropFirst(1).prefix(4)) == ["Row 1 | Row 2 of 2,000", "Row 2 | Row 3 of 2,000",
                                                          "Row 1999 | Row 2,000 of 2,000", "Row 0 | Row 1 of 2,000"], "\(heard)")
        #expect(heard.count == 8, "\(heard)")
    }

    @Test("announce() rides on the focused row's description until the focus moves on; ignored while the focus is elsewhere")
    func announceThroughTheFocusedRow() throws {
        let harness = try WindowHarness.open(rows: 100)
        defer { harness.close() }
        let table = harness.table
        let rows = table.accessibleRows
        let root = try #require(gtk_widget_get_root(table.drawingArea))
        func focusedDescription() -> String? { gtk_root_get_focus(root).flatMap { rows.spokenText(of: $0)?.description } }

        gtk_root_set_focus(root, nil)
        table.announce("ignored")                   // the focus is not in the table
        table.grabFocus()
        GtkTestEnvironment.waitForFrame()
        #expect(focusedDescription() == "Row 1 of 100")
        table.tableView.setEditing(true, animated: false)
        table.announce("Edit mode on")
        GtkTestEnvironment.waitForFrame()
        #expect(focusedDescription() == "Row 1 of 100, not checked. Edit mode on")
        let first = try #require(gtk_root_get_focus(root))
        table.tableView.handleKey(.space)
        table.announce("1 selected")
        GtkTestEnvironment.waitForFrame()
        #expect(focusedDescription() == "Row 1 of 100, checked. 1 selected", "one change: the state and the message together")
        table.tableView.handleKey(.down)
        GtkTestEnvironment.waitForFrame()
        #expect(gtk_root_get_focus(root) != first)
        #expect(focusedDescription() == "Row 2 of 100, not checked")
        #expect(rows.spokenText(of: first)?.description == "Row 1 of 100, checked", "the message left with the focus")
    }

    @Test("A row's live label changes reach GTK at most about twice a second, and the last one arrives")
    func liveLabelsAreThrottled() throws {
        let harness = try WindowHarness.open(rows: 100)
        defer { harness.close() }
        let table = harness.table
        let ip = IndexPath(row: 3, section: 0)
        let cell = try #require(table.tableView.cellForRow(at: ip))
        let before = table.accessibleLabelUpdates
        let start = MonotonicClock.seconds
        for n in 1...20 {
            cell.text = "Progress \(n * 5) %"
            // Twenty changes paced over about a second (input pacing; each also waits for
            // the frame that mirrors it).
            GtkTestEnvironment.observe(for: 0.05)
            GtkTestEnvironment.waitForFrame()
        }
        let elapsed = MonotonicClock.seconds - start
        let sent = table.accessibleLabelUpdates - before
        // At most one update per interval (plus the first): a loaded machine stretches the
        // second, and the bound with it.
        let most = Int(elapsed / AccessibleRows.minimumLabelInterval) + 2
        #expect(sent >= 1 && sent <= most, "\(sent) label updates for 20 changes in \(elapsed) s (at most \(most))")
        #expect(sent < 20, "throttled: \(sent) updates for 20 changes")
        GtkTestEnvironment.wait(for: "the last label to reach GTK") { table.accessibleLabel(ofRowAt: ip) == "Progress 100 %" }
        #expect(table.accessibleLabel(ofRowAt: ip) == "Progress 100 %")
    }
}
