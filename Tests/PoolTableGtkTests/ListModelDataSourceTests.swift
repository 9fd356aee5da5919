import CGtk
@_spi(Hosting) @_spi(Diagnostics) import PoolTable
@_spi(Interop) @testable import PoolTableGtk
import Testing

/// `ListModelDataSource`: a `GListModel` feeding a `TableView` (API.md "GTK's own models").
/// GTK's models need GTK's types: run under `xvfb-run` like the other GTK suites.
@Suite("GListModel data source", .serialized, .enabled(if: GtkTestEnvironment.hasDisplay, "needs a display: run under xvfb-run"))
@MainActor
struct ListModelDataSourceTests {
    // MARK: Fuzzing items-changed

    @Test("Random splices of a GListStore (items leaving, arriving and coming back) keep every mounted row on its item",
          arguments: [1, 2, 3, 4])
    func fuzzItemsChanged(seed: UInt64) throws {
        try GtkTestEnvironment.require()
        var random = SplitMix(seed: seed)
        let store = ListStoreFixture(count: 60)
        var nextName = 60
        let harness = TableFixture(model: store.model)
        var unbinds = 0
        harness.source.unbind = { _, _, _ in unbinds += 1 }
        try harness.check(against: store)

        for step in 0..<150 {
            let n = store.names.count
            switch random.next(10) {
            case 0:
                // Scroll somewhere (the band moves: binds and recycles).
                let maximum = max(0, harness.table.contentSize.height - harness.table.frame.height)
                harness.table.contentOffset = Point(x: 0, y: Double(random.next(Int(maximum) + 1)))
            default:
                let position = random.next(n + 1)
                let removed = random.next(min(n - position, 25) + 1)
                let leaving = Array(store.objects[position..<(position + removed)])
                var arriving: [OpaquePointer] = []
                for _ in 0..<random.next(25) {
                    if !leaving.isEmpty, random.next(2) == 0 {
                        arriving.append(leaving[random.next(leaving.count)])      // comes back
                    } else {
                        arriving.append(store.makeObject("Item \(nextName)")); nextName += 1
                    }
                }
                // An item appears at most once (a re-sort or a filter, not duplicates).
                var seen = Set<OpaquePointer>()
                arriving = arriving.filter { seen.insert($0).inserted }
                store.splice(position, removed: removed, adding: arriving)
            }
            harness.finishAnimations()
            try harness.check(against: store, step: step)
            #expect(harness.source.bindCount - unbinds == harness.table.indexPathsForMountedRows.count, "step \(step)")
            // What the adapter asks to skip changes below the mounted rows.
            let last = harness.table.indexPathsForMountedRows.last
            #expect(harness.table.lastMountedItem?.row == last?.row && harness.table.lastMountedItem?.section == last?.section, "step \(step)")
        }
        #expect(harness.source.modelErrors == 0)
        #expect(harness.table.lastBatchUpdateError == nil)
    }

    @Test("Random splices and selection changes from both sides keep a GtkMultiSelection and the view in agreement",
          arguments: [11, 12, 13])
    func fuzzSelection(seed: UInt64) throws {
        try GtkTestEnvironment.require()
        var random = SplitMix(seed: seed)
        let store = ListStoreFixture(count: 50)
        g_object_ref(store.model.rawPointer)
        let selection = try #require(gtk_multi_selection_new(store.model))
        defer { g_object_unref(selection.rawPointer) }
        let harness = TableFixture(model: store.model, selection: selection)
        let table = harness.table
        var nextName = 50
        for step in 0..<200 {
            let n = store.names.count
            switch random.next(6) {
            case 0 where n > 0:
                let start = random.next(n)
                gtk_selection_model_select_range(selection, guint(start), guint(1 + random.next(min(8, n - start))), random.next(3) == 0 ? 1 : 0)
            case 1 where n > 0:
                gtk_selection_model_unselect_item(selection, guint(random.next(n)))
            case 2:
                // A ctrl-click on a visible row.
                if let row = table.indexPathsForVisibleRows.randomElement(using: &random)?.row {
                    let p = Point(x: 100, y: Double(row) * 44 + 22 - table.contentOffset.y)
                    table.pointerDown(at: p, modifiers: .control); table.pointerUp(at: p)
                }
            case 3:
                let maximum = max(0, table.contentSize.height - table.frame.height)
                table.contentOffset = Point(x: 0, y: Double(random.next(Int(maximum) + 1)))
            default:
                let position = random.next(n + 1)
                let removed = random.next(min(n - position, 10) + 1)
                let leaving = Array(store.objects[position..<(position + removed)])
                var arriving: [OpaquePointer] = []
                for _ in 0..<random.next(10) {
                    if !leaving.isEmpty, random.next(2) == 0 { arriving.append(leaving[random.next(leaving.count)]) } else {
                        arriving.append(store.makeObject("Item \(nextName)")); nextName += 1
                    }
                }
                var seen = Set<OpaquePointer>()
                store.splice(position, removed: removed, adding: arriving.filter { seen.insert($0).inserted })
            }
            harness.finishAnimations()
            let count = store.names.count
            let gtk = Self.selected(selection, count: count)
            let view = (0..<count).filter { table.isRowSelected(at: IndexPath(row: $0, section: 0)) }
            #expect(gtk == view, "step \(step)")
            for (indexPath, cell) in zip(table.indexPathsForMountedRows, table.mountedCells) {
                #expect(cell.isSelected == gtk.contains(indexPath.row), "step \(step): row \(indexPath.row)")
            }
            if gtk != view { break }
        }
        #expect(harness.source.modelErrors == 0)
    }

    // MARK: Items that come back

    @Test("Items re-sorted or filtered back in keep their mounted cells, not bound again")
    func returningItemsKeepTheirCells() throws {
        try GtkTestEnvironment.require()
        let store = ListStoreFixture(count: 12)
        let harness = TableFixture(model: store.model, height: 600)
        try harness.check(against: store)
        let cellsBefore = harness.cellsByItem()
        #expect(cellsBefore.count == 12)
        let binds = harness.source.bindCount

        // A re-sort: the whole list removed and added back reversed, in one items-changed.
        store.splice(0, removed: 12, adding: store.objects.reversed())
        harness.finishAnimations()
        try harness.check(against: store)
        #expect(harness.source.bindCount == binds)
        #expect(harness.cellsByItem() == cellsBefore)
        #expect(harness.table.mountedCells.map(\.text) == store.names)

        // A filter: rows 2..<8 leave and three of them come back (with one new item).
        let back = [store.objects[6], store.objects[3], store.objects[2]]
        let fresh = store.makeObject("New")
        store.splice(2, removed: 6, adding: back + [fresh])
        harness.finishAnimations()
        try harness.check(against: store)
        #expect(harness.source.bindCount == binds + 1)          // only the new item is bound
        for item in back { #expect(harness.cellsByItem()[item] == cellsBefore[item]) }
    }

    @Test("An item the model holds twice keeps both its mounted cells when it comes back: its first row's cell goes to its first new row")
    func duplicateItemKeepsBothCells() throws {
        try GtkTestEnvironment.require()
        let store = ListStoreFixture(count: 12)
        // Row 7 holds row 3's item as well.
        store.splice(7, removed: 1, adding: [store.objects[3]])
        let harness = TableFixture(model: store.model, height: 600)
        try harness.check(against: store)
        func cellsByRow() -> [Int: ObjectIdentifier] {
            var out: [Int: ObjectIdentifier] = [:]
            for (indexPath, cell) in zip(harness.table.indexPathsForMountedRows, harness.table.mountedCells) {
                out[indexPath.row] = ObjectIdentifier(cell)
            }
            return out
        }
        let before = cellsByRow()
        #expect(before.count == 12)
        let binds = harness.source.bindCount

        // A re-sort, reversed: the item lands on rows 4 (from 7) and 8 (from 3); matched in
        // row order, row 3's cell goes to row 4 and row 7's to row 8.
        store.splice(0, removed: 12, adding: store.objects.reversed())
        harness.finishAnimations()
        try harness.check(against: store)
        #expect(harness.source.bindCount == binds)
        let after = cellsByRow()
        for row in 0..<12 where row != 4 && row != 8 { #expect(after[row] == before[11 - row], "row \(row)") }
        #expect(after[4] == before[3])
        #expect(after[8] == before[7])
    }

    @Test("A GtkSortListModel's new sorter re-sorts the rows without binding any again")
    func sorterKeepsCells() throws {
        try GtkTestEnvironment.require()
        let names = ["delta", "bravo", "alpha", "echo", "charlie", "golf", "foxtrot"]
        let strings = try #require(gtk_string_list_new(nil))
        for name in names { gtk_string_list_append(strings, name) }
        let sorted = try #require(gtk_sort_list_model_new(strings, nil))      // takes `strings`
        defer { g_object_unref(sorted.rawPointer) }
        let harness = TableFixture(model: sorted, height: 600)
        #expect(harness.table.mountedCells.map(\.text) == names)
        let cellsBefore = harness.cellsByItem()
        let binds = harness.source.bindCount
        let expression = gtk_property_expression_new(gtk_string_object_get_type(), nil, "string")
        let sorter = try #require(gtk_string_sorter_new(expression))   // takes `expression`
        gtk_sort_list_model_set_sorter(sorted, sorter.cast())
        g_object_unref(sorter.rawPointer)
        harness.finishAnimations()
        #expect(harness.table.mountedCells.map(\.text) == names.sorted())
        #expect(harness.source.bindCount == binds)
        #expect(harness.cellsByItem() == cellsBefore)
    }

    @Test("A CollectionView is fed the same way: splices land, returning items keep their cells")
    func collectionView() throws {
        try GtkTestEnvironment.require()
        let store = ListStoreFixture(count: 30)
        let grid = CollectionView(frame: Rect(x: 0, y: 0, width: 330, height: 600), layout: GridLayout())
        grid.register({ CollectionViewCell(reuseIdentifier: $0) }, forCellWithReuseIdentifier: "cell")
        let source = ListModelDataSource(model: store.model)
        var shown: [ObjectIdentifier: String] = [:]
        source.bind = { cell, item, _ in shown[ObjectIdentifier(cell)] = ListModelDataSource.string(of: item) }
        source.attach(to: grid)
        grid.layoutIfNeeded()
        let mounted = grid.indexPathsForMountedItems
        #expect(!mounted.isEmpty && mounted.count < 30)
        #expect(source.itemsFetched == mounted.count)
        let cellOfItem3 = grid.cellForItem(at: IndexPath(item: 3, section: 0)).map(ObjectIdentifier.init)
        let binds = source.bindCount
        store.splice(0, removed: 5, adding: [store.objects[3], store.makeObject("New")])
        grid.advanceAnimations(to: 10)
        grid.layoutIfNeeded()
        #expect(grid.numberOfItems(inSection: 0) == 27)
        #expect(grid.cellForItem(at: IndexPath(item: 0, section: 0)).map(ObjectIdentifier.init) == cellOfItem3)
        for (indexPath, cell) in zip(grid.indexPathsForMountedItems, grid.mountedCells) {
            #expect(shown[ObjectIdentifier(cell)] == store.names[indexPath.item], "item \(indexPath.item)")
        }
        #expect(source.bindCount > binds)                       // "New" and the items moved up into the band
        #expect(source.modelErrors == 0)
    }

    // MARK: Fetching

    @Test("Only mounted items are fetched: loading, scrolling and changes far away cost what is mounted")
    func onlyMountedItemsAreFetched() throws {
        try GtkTestEnvironment.require()
        let strings = try #require(gtk_string_list_new(nil))
        defer { g_object_unref(strings.rawPointer) }
        for i in 0..<100_000 { gtk_string_list_append(strings, "Row \(i)") }
        let harness = TableFixture(model: strings)
        let mounted = harness.table.indexPathsForMountedRows.count
        #expect(mounted > 0 && mounted < 40)
        #expect(harness.source.itemsFetched == mounted)

        // Far down: every mounted row is new, each fetched once.
        harness.table.contentOffset = Point(x: 0, y: 44 * 50_000)
        harness.table.layoutIfNeeded()
        #expect(harness.source.itemsFetched == mounted + harness.table.indexPathsForMountedRows.count)
        #expect(harness.table.mountedCells.first?.text == "Row \(harness.table.indexPathsForMountedRows[0].row)")

        // 30,000 rows inserted far above and removed far below: nothing fetched.
        var before = harness.source.itemsFetched
        gtk_string_list_splice(strings, 100, 0, Self.strings(30_000))
        gtk_string_list_splice(strings, 120_000, 5_000, nil)
        harness.finishAnimations()
        #expect(harness.source.itemsFetched == before)
        #expect(harness.table.numberOfRows(inSection: 0) == 125_000)

        // A change over the mounted rows fetches about what is mounted, not the 20,000 added.
        let first = harness.table.indexPathsForMountedRows[0].row
        before = harness.source.itemsFetched
        gtk_string_list_splice(strings, guint(first - 1_000), 10_000, Self.strings(20_000))
        harness.finishAnimations()
        let fetched = harness.source.itemsFetched - before
        #expect(fetched > 0 && fetched <= 3 * mounted, "fetched \(fetched) for \(mounted) mounted")
        try harness.checkRowsShowTheirItems()
    }

    /// `count` C strings "Added i", NULL-terminated, kept alive for the process (test data).
    static func strings(_ count: Int) -> UnsafePointer<UnsafePointer<CChar>?> {
        let array = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: count + 1)
        for i in 0..<count { array[i] = UnsafePointer(strdup("Added \(i)")) }
        array[count] = nil
        return UnsafePointer(array)
    }

    // MARK: Selection

    @Test("A GtkMultiSelection and the view share the selection both ways, without echo")
    func multiSelectionBothWays() throws {
        try GtkTestEnvironment.require()
        let store = ListStoreFixture(count: 40)
        g_object_ref(store.model.rawPointer)
        let selection = try #require(gtk_multi_selection_new(store.model))
        defer { g_object_unref(selection.rawPointer) }
        let harness = TableFixture(model: store.model, selection: selection)
        let table = harness.table
        #expect(table.allowsMultipleSelection)
        var gtkSignals = 0
        Signal.connectSelectionChanged(selection) { _, _ in gtkSignals += 1 }

        // GTK → view.
        gtk_selection_model_select_range(selection, 3, 4, 0)
        #expect(table.selectedRanges(inSection: 0) == [3..<7])
        gtk_selection_model_select_item(selection, 20, 0)
        #expect(table.selectedRanges(inSection: 0) == [3..<7, 20..<21])
        #expect(table.cellForRow(at: IndexPath(row: 4, section: 0))?.isSelected == true)
        gtk_selection_model_unselect_all(selection)
        #expect(table.numberOfSelectedRows == 0)
        let signalsFromGtk = gtkSignals

        // View → GTK: a click, a ctrl-click, select-all; each one write, no echo back.
        let rowCentre = { (row: Int) in Point(x: 100, y: Double(row) * 44 + 22 - table.contentOffset.y) }
        table.pointerDown(at: rowCentre(2)); table.pointerUp(at: rowCentre(2))
        #expect(Self.selected(selection, count: 40) == [2])
        table.pointerDown(at: rowCentre(5), modifiers: .control); table.pointerUp(at: rowCentre(5))
        #expect(Self.selected(selection, count: 40) == [2, 5])
        table.selectAll(animated: false)
        #expect(Self.selected(selection, count: 40) == Array(0..<40))
        #expect(gtkSignals - signalsFromGtk == 3)
        #expect(table.numberOfSelectedRows == 40)

        // Items inserted before the selection: both sides move it the same way.
        gtk_selection_model_unselect_all(selection)
        gtk_selection_model_select_item(selection, 10, 1)
        store.splice(0, removed: 0, adding: [store.makeObject("A"), store.makeObject("B")])
        harness.finishAnimations()
        #expect(Self.selected(selection, count: 42) == [12])
        #expect(table.selectedRanges(inSection: 0) == [12..<13])
    }

    @Test("A GtkSingleSelection's selected item is the view's, and a click moves it in GTK")
    func singleSelection() throws {
        try GtkTestEnvironment.require()
        let store = ListStoreFixture(count: 20)
        g_object_ref(store.model.rawPointer)
        let single = try #require(gtk_single_selection_new(store.model))
        defer { g_object_unref(single.rawPointer) }
        let harness = TableFixture(model: store.model, selection: single)
        let table = harness.table
        #expect(!table.allowsMultipleSelection)
        #expect(table.selectedRanges(inSection: 0) == [0..<1])           // autoselect
        gtk_single_selection_set_selected(single, 7)
        #expect(table.selectedRanges(inSection: 0) == [7..<8])
        let centre = Point(x: 100, y: 3 * 44 + 22)
        table.pointerDown(at: centre); table.pointerUp(at: centre)
        #expect(gtk_single_selection_get_selected(single) == 3)
        #expect(table.selectedRanges(inSection: 0) == [3..<4])
        // The selected item leaves: GTK's autoselect picks another, and the view follows.
        store.splice(2, removed: 3, adding: [])
        harness.finishAnimations()
        let selected = Int(gtk_single_selection_get_selected(single))
        #expect(selected < 17)
        #expect(table.selectedRanges(inSection: 0) == [selected..<(selected + 1)])
    }

    static func selected(_ selection: OpaquePointer, count: Int) -> [Int] {
        (0..<count).filter { gtk_selection_model_is_selected(selection, guint($0)) != 0 }
    }

    // MARK: notify through bind and unbind

    @Test("Bind connects to the item's notify and unbind disconnects: only mounted items are listened to")
    func notifyThroughBindAndUnbind() throws {
        try GtkTestEnvironment.require()
        let store = ListStoreFixture(count: 500)
        let harness = TableFixture(model: store.model, attach: false)
        var handlers: [ObjectIdentifier: (item: OpaquePointer, id: gulong)] = [:]
        var notified: [String] = []
        let table = harness.table
        harness.source.bind = { cell, item, _ in
            let tableCell = cell as! TableViewCell
            tableCell.text = ListModelDataSource.string(of: item)
            let id = Signal.connectPointer(item, "notify") { [weak table, weak tableCell] _ in
                guard let table, let tableCell, let ip = table.indexPath(for: tableCell) else { return }
                notified.append(tableCell.text ?? "")
                table.reconfigureRows(at: [ip])
            }
            handlers[ObjectIdentifier(cell)] = (item, id)
        }
        harness.source.unbind = { cell, item, _ in
            let handler = handlers.removeValue(forKey: ObjectIdentifier(cell))
            #expect(handler?.item == item)
            if let handler { Signal.disconnect(handler.item, handler.id) }
        }
        harness.attach()
        #expect(handlers.count == table.indexPathsForMountedRows.count)

        g_object_notify(store.objects[2].rawPointer.assumingMemoryBound(to: GObject.self), "string")
        #expect(notified == ["Item 2"])
        table.layoutIfNeeded()
        g_object_notify(store.objects[300].rawPointer.assumingMemoryBound(to: GObject.self), "string")
        #expect(notified == ["Item 2"])                                   // not mounted: not listened to

        // Scrolled away: the old items' handlers are gone, the new ones are live.
        table.contentOffset = Point(x: 0, y: 44 * 290)
        harness.source.sweepUnmounted()
        #expect(handlers.count == table.indexPathsForMountedRows.count)
        g_object_notify(store.objects[2].rawPointer.assumingMemoryBound(to: GObject.self), "string")
        g_object_notify(store.objects[300].rawPointer.assumingMemoryBound(to: GObject.self), "string")
        #expect(notified == ["Item 2", "Item 300"])

        // The item leaves the model: unbound at once, its handler gone.
        store.splice(300, removed: 1, adding: [])
        harness.finishAnimations()
        #expect(handlers.values.allSatisfy { $0.item != store.removedLast })
        #expect(handlers.count == table.indexPathsForMountedRows.count)
    }

    // MARK: Bad input

    @Test("items-changed that disagrees with get_n_items: one warning and a reload, never a crash")
    func lyingItemsChanged() throws {
        try GtkTestEnvironment.require()
        let store = ListStoreFixture(count: 30)
        let harness = TableFixture(model: store.model)
        g_list_model_items_changed(store.model, 5, 0, 3)    // nothing was added
        g_list_model_items_changed(store.model, 25, 10, 0)  // past the end
        #expect(harness.source.modelErrors == 2)
        harness.finishAnimations()
        try harness.check(against: store)
        store.splice(0, removed: 2, adding: [])                           // honest again
        harness.finishAnimations()
        try harness.check(against: store)
        #expect(harness.source.modelErrors == 2)
    }

    @Test("A model that returns NULL for an index it counts: one warning and a reload, never a crash")
    func nullItem() throws {
        try GtkTestEnvironment.require()
        let lying = LyingListModel.make(count: 40, nullFrom: 25)
        defer { g_object_unref(lying.rawPointer) }
        let harness = TableFixture(model: lying)
        try harness.checkRowsShowTheirItems()
        harness.table.contentOffset = Point(x: 0, y: 44 * 20)             // rows 25… are NULL
        harness.table.layoutIfNeeded()
        #expect(GtkTestEnvironment.iterate(timeout: 2) { harness.source.modelErrors > 0 })
        harness.table.layoutIfNeeded()
        #expect(harness.table.numberOfRows(inSection: 0) == 40)
    }
}
