import CGtk
import PoolTable

/// The selection shared with a `GtkSelectionModel`, both ways, with a guard against echo.
extension ListModelDataSource {
    /// GTK's side changed for `count` rows from `position`: copy those rows into the view.
    func modelSelectionChanged(position: Int, count changed: Int) {
        guard !isSyncingSelection, listView != nil else { return }
        copySelectionFromModel(rows: position..<min(count, position + changed))
    }

    /// Copies the selection model's selection of `rows` (all rows by default) into the view,
    /// without calling the view's delegate or echoing back.
    func copySelectionFromModel(rows: Range<Int>? = nil) {
        guard let selectionModel, let view = listView, count > 0 else { return }
        let rows = rows ?? 0..<count
        guard !rows.isEmpty else { return }
        isSyncingSelection = true
        defer { isSyncingSelection = false }
        let selected = gtk_selection_model_get_selection_in_range(selectionModel, guint(rows.lowerBound), guint(rows.count))!
        defer { gtk_bitset_unref(selected) }
        var wanted = Self.ranges(of: selected).compactMap { r -> Range<Int>? in
            let clipped = r.clamped(to: rows)
            return clipped.isEmpty ? nil : clipped
        }
        let current = view.selectedRanges(inSection: 0).compactMap { r -> Range<Int>? in
            let clipped = r.clamped(to: rows)
            return clipped.isEmpty ? nil : clipped
        }
        guard wanted != current else { return }
        view.setSelected(false, rows: rows, inSection: 0, animated: false)
        for range in wanted { view.setSelected(true, rows: range, inSection: 0, animated: false) }
        wanted.removeAll()
    }

    /// The user changed the view's selection: write it into the selection model, then read
    /// back what the model kept (a single selection that cannot unselect keeps its item).
    func viewSelectionDidChange() {
        guard !isSyncingSelection, let selectionModel, let view = listView, count > 0 else { return }
        isSyncingSelection = true
        let ranges = view.selectedRanges(inSection: 0)
        if ranges.isEmpty {
            _ = gtk_selection_model_unselect_all(selectionModel)
        } else if ranges.count == 1, ranges[0].count == 1 {
            // One item: what every selection model takes (a GtkSingleSelection ignores a
            // set_selection that selects and unselects at once).
            _ = gtk_selection_model_select_item(selectionModel, guint(ranges[0].lowerBound), 1)
        } else {
            let selected = gtk_bitset_new_empty()!
            for range in ranges { gtk_bitset_add_range(selected, guint(range.lowerBound), guint(range.count)) }
            let mask = gtk_bitset_new_range(0, guint(count))!
            _ = gtk_selection_model_set_selection(selectionModel, selected, mask)
            gtk_bitset_unref(selected)
            gtk_bitset_unref(mask)
        }
        isSyncingSelection = false
        copySelectionFromModel()
    }

    /// Whether the `length` bits from `start` are all set (and within `last`).
    private nonisolated static func isFull(_ bitset: OpaquePointer, from start: Int, length: Int, last: Int) -> Bool {
        start + length - 1 <= last
            && Int(gtk_bitset_get_size_in_range(bitset, guint(start), guint(start + length - 1))) == length
    }

    /// The runs of a bitset, each found in O(log run) (a select-all of a million items is one
    /// run, not a million steps).
    nonisolated static func ranges(of bitset: OpaquePointer) -> [Range<Int>] {
        var out: [Range<Int>] = []
        guard gtk_bitset_is_empty(bitset) == 0 else { return out }
        let last = Int(gtk_bitset_get_maximum(bitset))
        var start = Int(gtk_bitset_get_minimum(bitset))
        while start <= last {
            // Grow the run while [start, start + length) is full, then narrow to its end.
            func full(_ length: Int) -> Bool { isFull(bitset, from: start, length: length, last: last) }
            var good = 1, step = 1
            while full(good + step) { good += step; step *= 2 }
            var bad = good + step
            while bad - good > 1 {
                let mid = (good + bad) / 2
                if full(mid) { good = mid } else { bad = mid }
            }
            out.append(start..<(start + good))
            let next = start + good
            guard next <= last else { break }
            // The next set bit after the run.
            var iter = GtkBitsetIter()
            var value: guint = 0
            guard gtk_bitset_iter_init_at(&iter, bitset, guint(next), &value) != 0 else { break }
            start = Int(value)
        }
        return out
    }
}
