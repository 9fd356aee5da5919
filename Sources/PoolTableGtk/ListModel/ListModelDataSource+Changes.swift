import CGtk
@_spi(Hosting) import PoolTable

/// `items-changed` → one batch update, with items that come back keeping their cells.
extension ListModelDataSource {
    /// Listens to `items-changed` on `source` (the selection model, or the model) and to
    /// `selection-changed` on the selection model.
    func connectSource() {
        disconnectSource()
        let source = self.source
        let id = Signal.connectItemsChanged(source) { [weak self] position, removed, added in
            self?.itemsChanged(position: Int(position), removed: Int(removed), added: Int(added))
        }
        itemsChangedHandler = (source, id)
        if let selectionModel {
            let id = Signal.connectSelectionChanged(selectionModel) { [weak self] position, count in
                self?.modelSelectionChanged(position: Int(position), count: Int(count))
            }
            selectionChangedHandler = (selectionModel, id)
        }
    }

    func disconnectSource() {
        if let (source, id) = itemsChangedHandler { Signal.disconnect(source, id) }
        if let (model, id) = selectionChangedHandler { Signal.disconnect(model, id) }
        itemsChangedHandler = nil
        selectionChangedHandler = nil
    }

    /// The model changed (it already has): tell the view in one batch.
    func itemsChanged(position: Int, removed: Int, added: Int) {
        let newCount = Int(g_list_model_get_n_items(source))
        guard position >= 0, removed >= 0, position + removed <= count, count - removed + added == newCount else {
            return modelBrokeContract("items-changed(\(position), \(removed), \(added)) on \(count) items, "
                                      + "but get_n_items is now \(newCount)")
        }
        guard let view = listView, view.hasLoadedData else {
            count = newCount
            return
        }
        guard removed > 0 || added > 0 else { return }

        // A change wholly after the mounted rows (an incremental filter's steps below the
        // screen) takes no mounted item away and moves no cell: no mounted row to look at,
        // nothing to match and nothing to sweep (O(1) here, not O(mounted rows) per signal).
        // (Compared plainly, not through `Optional.map`: its closure, formed on the main
        // actor, checked the executor at run time on every signal.)
        let lastMounted = view.lastMountedItem?.row
        let reachesMounted = if let lastMounted { position <= lastMounted } else { true }
        let moves = if let lastMounted, position <= lastMounted {
            returningItems(in: view, position: position, removed: removed, added: added)
        } else {
            Moves()
        }

        isSyncingSelection = true
        defer { isSyncingSelection = false }
        do {
            try performBatch(on: view) {
                count = newCount
                // The removed run less the rows whose items came back, the added run less
                // where they land; with none back, one run each (built as iterated: no array).
                for run in Self.runs(position..<(position + removed), excluding: moves.sortedFrom) {
                    view.deleteItems(in: run, section: 0)
                }
                for run in Self.runs(position..<(position + added), excluding: moves.to) {
                    view.insertItems(in: run, section: 0)
                }
                for (from, to) in zip(moves.from, moves.to) { moveItem(from, to: to) }
            }
        } catch {
            releaseFetchedAhead()
            isSyncingSelection = false
            return modelBrokeContract("the view refused its change: \(error)")
        }
        releaseFetchedAhead()
        // A change wholly after the mounted rows moved and unmounted no cell: nothing to
        // sweep (cells the batch mounted schedule one).
        if reachesMounted { sweepUnmounted() }
        isSyncingSelection = false
        // The whole selection, not just the added run: a GtkSingleSelection may pick a new
        // item anywhere when its item leaves. O(selected ranges), not O(rows).
        if selectionModel != nil { copySelectionFromModel() }
    }

    /// One batch on `view`: animated with `animatesChanges`, else inside
    /// `ListBase.performWithoutAnimation` (applied at once; moved rows do not glide either).
    private func performBatch(on view: ListBase, _ updates: () -> Void) throws {
        guard !animatesChanges else { return try view.performBatchUpdatesThrowing(updates) }
        var failure: (any Error)?
        ListBase.performWithoutAnimation {
            do { try view.performBatchUpdatesThrowing(updates) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Mounted items that came back in a change: the item at old row `from[i]` is at new row
    /// `to[i]`. Empty (nothing allocated) when none came back.
    struct Moves {
        /// New rows, ascending (the added run is matched in order).
        var to: [Int] = []
        /// Old rows, in `to`'s order.
        var from: [Int] = []
        /// `from`, ascending.
        var sortedFrom: [Int] = []
    }

    /// Matches mounted items of the removed run with the added run by item pointer, as GTK
    /// does (gtk/gtklistitemmanager.c: removed widgets go into a hash table keyed by item,
    /// `gtk_list_item_change_release`, and `gtk_list_item_change_find` takes them back).
    /// Unlike GTK, which fetches every added item once a tracked one was removed, only the
    /// added rows near where the mounted rows land are fetched (kept in `fetchedAhead` for
    /// the cells the batch mounts there): an item that moves further away gets a new cell.
    /// A duplicate item matches its first mounted row.
    private func returningItems(in view: ListBase, position: Int, removed: Int, added: Int) -> Moves {
        guard added > 0 else { return Moves() }
        // Mounted items in the removed run, by pointer: candidates to come back. Each item
        // maps to its first departing row; a duplicate item's later rows are chained after
        // it (`nextSameItem`, -1 ends a chain), so no array is built per item.
        let capacity = min(view.mountedItemCount, removed)
        var departing = [OpaquePointer: Int](minimumCapacity: capacity)
        var departingRows: [Int] = [], nextSameItem: [Int] = []
        departingRows.reserveCapacity(capacity)
        nextSameItem.reserveCapacity(capacity)
        var lo = Int.max, hi = Int.min
        view.forEachMountedItem { _, row, cell in
            lo = min(lo, row)
            hi = max(hi, row)
            guard row >= position, row < position + removed, let item = item(for: cell) else { return }
            let i = departingRows.count
            departingRows.append(row)
            nextSameItem.append(-1)
            if let first = departing.updateValue(i, forKey: item) {
                // A duplicate (rare): keep the first row first, chain this one at the end.
                departing[item] = first
                var last = first
                while nextSameItem[last] >= 0 { last = nextSameItem[last] }
                nextSameItem[last] = i
            }
        }
        guard !departing.isEmpty else { return Moves() }
        // Where the mounted rows land: rows after the change shift; rows inside it stay put
        // within the added run.
        func landing(_ row: Int) -> Int {
            if row < position { return row }
            if row >= position + removed { return row - removed + added }
            return min(row, position + added - 1)
        }
        let margin = (hi - lo + 1) / 2 + 1
        let start = max(position, landing(lo) - margin), end = min(position + added, landing(hi) + margin + 1)
        guard start < end else { return Moves() }
        var moves = Moves()
        var inOrder = true                  // items came back in their old order (a filter's do)
        for row in start..<end {
            guard let item = fetchItem(at: row) else {
                // Counted but NULL: leave it to the cell's bind, which reports it.
                continue
            }
            if let k = departing.index(forKey: item), case let i = departing.values[k], i >= 0 {
                departing.values[k] = nextSameItem[i]       // its next mounted row, or -1: none left
                if moves.to.isEmpty {
                    moves.to.reserveCapacity(departingRows.count)
                    moves.from.reserveCapacity(departingRows.count)
                }
                if let previous = moves.from.last, previous > departingRows[i] { inOrder = false }
                moves.to.append(row)
                moves.from.append(departingRows[i])
                // An item that came back keeps its cell: it is not bound again, so the
                // fetched reference is not needed.
                g_object_unref(item.rawPointer)
            } else {
                fetchedAhead[row] = item
            }
        }
        moves.sortedFrom = inOrder ? moves.from : moves.from.sorted()     // in order: shared, not copied
        return moves
    }

    /// `range` less the ascending rows `excluded`, as runs.
    static func runs<Excluded: Sequence<Int>>(_ range: Range<Int>, excluding excluded: Excluded) -> Runs<Excluded.Iterator> {
        Runs(start: range.lowerBound, end: range.upperBound, excluded: excluded.makeIterator())
    }

    /// The runs of a range less some rows, built as they are iterated: nothing is allocated,
    /// and with nothing excluded the one run is the range itself (none when it is empty).
    struct Runs<Excluded: IteratorProtocol<Int>>: Sequence, IteratorProtocol {
        var start: Int
        let end: Int
        var excluded: Excluded

        mutating func next() -> Range<Int>? {
            while let row = excluded.next(), row < end {
                guard row >= start else { continue }        // before the range, or skipped already
                let run = start..<row
                start = row + 1
                if !run.isEmpty { return run }
            }
            guard start < end else { return nil }
            defer { start = end }
            return start..<end
        }
    }
}
