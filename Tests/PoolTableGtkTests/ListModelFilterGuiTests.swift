import CGtk
@_spi(Hosting) @_spi(Diagnostics) import PoolTable
@_spi(Interop) import PoolTableGtk
import Testing

/// GTK's filter and sort models feeding a `PoolTableListView` in a real window: the many
/// small `items-changed` of an incremental `GtkFilterListModel` (512 items per idle step)
/// and the one big one of a re-sort. Needs a display (xvfb-run).
@Suite("GTK filter and sort models in a window", .serialized, .enabled(if: GtkTestEnvironment.hasDisplay, "needs a display: run under xvfb-run"))
@MainActor
struct ListModelFilterGuiTests {
    @Test("An incremental GtkFilterListModel narrows 100,000 rows in many steps; the list ends with exactly the matches")
    func incrementalFilter() throws {
        try GtkTestEnvironment.require()
        let strings = try #require(gtk_string_list_new(nil))
        for i in 0..<100_000 { gtk_string_list_append(strings, "Row \(i)") }
        let expression = gtk_property_expression_new(gtk_string_object_get_type(), nil, "string")
        let filter = try #require(gtk_string_filter_new(expression))
        let filtered = try #require(gtk_filter_list_model_new(strings, filter.cast()))   // takes both
        gtk_filter_list_model_set_incremental(filtered, 1)
        let list = PoolTableListView.make(model: filtered)
        g_object_unref(filtered.rawPointer)
        let window = try #require(gtk_window_new())
        gtk_window_set_default_size(window.cast(), 360, 480)
        gtk_window_set_child(window.cast(), list)
        gtk_window_present(window.cast())
        defer { gtk_window_destroy(window.cast()); GtkTestEnvironment.waitForFrame() }
        let table = try #require(PoolTableListView.tableWidget(of: list)).tableView
        let source = try #require(PoolTableListView.dataSource(of: list))
        #expect(GtkTestEnvironment.iterate { table.visibleCells.first?.text == "Row 0" })
        var changes = 0
        Signal.connectItemsChanged(filtered) { _, _, _ in changes += 1 }

        let start = MonotonicClock.seconds
        gtk_string_filter_set_search(filter, "77")
        #expect(GtkTestEnvironment.iterate(timeout: 60) { gtk_filter_list_model_get_pending(filtered) == 0 })
        let seconds = MonotonicClock.seconds - start
        GtkTestEnvironment.waitThenFrame(for: "the filter's batches to be applied") {
            table.numberOfRows(inSection: 0) == Int(g_list_model_get_n_items(filtered))
        }
        let matches = (0..<100_000).filter { "Row \($0)".contains("77") }.count
        #expect(changes > 10, "an incremental filter changes the model in many steps (\(changes))")
        #expect(Int(g_list_model_get_n_items(filtered)) == matches)
        #expect(table.numberOfRows(inSection: 0) == matches)
        #expect(table.visibleCells.first?.text == "Row 77")
        for (indexPath, cell) in zip(table.indexPathsForMountedRows, table.mountedCells) {
            let item = try #require(g_list_model_get_item(filtered, guint(indexPath.row)))
            defer { g_object_unref(item) }
            #expect(cell.text == String(cString: gtk_string_object_get_string(OpaquePointer(item))))
        }
        #expect(source.modelErrors == 0)
        print("incremental filter over 100,000 rows: \(changes) items-changed in \(Int(seconds * 1000)) ms, "
              + "\(source.itemsFetched) items fetched")

        // Clearing the search brings every row back.
        gtk_string_filter_set_search(filter, nil)
        #expect(GtkTestEnvironment.iterate(timeout: 60) { gtk_filter_list_model_get_pending(filtered) == 0 })
        GtkTestEnvironment.waitThenFrame(for: "every row back") { table.numberOfRows(inSection: 0) == 100_000 }
        #expect(table.numberOfRows(inSection: 0) == 100_000)
        #expect(source.modelErrors == 0)
    }

    @Test("A re-sort of 200,000 rows is one items-changed and one batch; the mounted rows show the sorted items")
    func bigResort() throws {
        try GtkTestEnvironment.require()
        let strings = try #require(gtk_string_list_new(nil))
        for i in 0..<200_000 { gtk_string_list_append(strings, "Row \(String(String(i).reversed()))") }
        let sorted = try #require(gtk_sort_list_model_new(strings, nil))
        let list = PoolTableListView.make(model: sorted)
        g_object_unref(sorted.rawPointer)
        let window = try #require(gtk_window_new())
        gtk_window_set_default_size(window.cast(), 360, 480)
        gtk_window_set_child(window.cast(), list)
        gtk_window_present(window.cast())
        defer { gtk_window_destroy(window.cast()); GtkTestEnvironment.waitForFrame() }
        let table = try #require(PoolTableListView.tableWidget(of: list)).tableView
        let source = try #require(PoolTableListView.dataSource(of: list))
        #expect(GtkTestEnvironment.iterate { table.visibleCells.first?.text == "Row 0" })
        var changes = 0
        Signal.connectItemsChanged(sorted) { _, _, _ in changes += 1 }
        let fetchedBefore = source.itemsFetched
        let expression = gtk_property_expression_new(gtk_string_object_get_type(), nil, "string")
        let sorter = try #require(gtk_string_sorter_new(expression))
        let start = MonotonicClock.seconds
        gtk_sort_list_model_set_sorter(sorted, sorter.cast())
        let seconds = MonotonicClock.seconds - start
        g_object_unref(sorter.rawPointer)
        GtkTestEnvironment.waitThenFrame(for: "the re-sort's batch") { changes >= 1 }
        #expect(changes == 1)
        #expect(table.numberOfRows(inSection: 0) == 200_000)
        for (indexPath, cell) in zip(table.indexPathsForMountedRows, table.mountedCells) {
            let item = try #require(g_list_model_get_item(sorted, guint(indexPath.row)))
            defer { g_object_unref(item) }
            #expect(cell.text == String(cString: gtk_string_object_get_string(OpaquePointer(item))))
        }
        #expect(table.visibleCells.first?.text != "Row 0" || table.visibleCells.dropFirst().first?.text != "Row 1")
        #expect(source.itemsFetched - fetchedBefore < 100, "fetched \(source.itemsFetched - fetchedBefore)")

        // GTK's own share: the same sort with nobody listening.
        g_object_ref(strings.rawPointer)
        let alone = try #require(gtk_sort_list_model_new(strings, nil))
        defer { g_object_unref(alone.rawPointer) }
        let sorter2 = try #require(gtk_string_sorter_new(gtk_property_expression_new(gtk_string_object_get_type(), nil, "string")))
        let startAlone = MonotonicClock.seconds
        gtk_sort_list_model_set_sorter(alone, sorter2.cast())
        let secondsAlone = MonotonicClock.seconds - startAlone
        g_object_unref(sorter2.rawPointer)
        print("re-sort of 200,000 rows: \(Int(seconds * 1000)) ms with the list (GtkSortListModel alone: \(Int(secondsAlone * 1000)) ms)")
    }
}
