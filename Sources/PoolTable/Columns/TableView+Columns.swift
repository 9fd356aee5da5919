/// Columns (API.md "Columns and outlines"). The columns sit side by side in `tableColumns`
/// order from x = 0, each `effectiveWidth` wide; a cell draws each column's part in
/// `rectForColumn(_:inRowAt:)`. A table without columns is the plain single-column table.
extension TableView {
    /// The columns, left to right; empty for a plain table.
    public var tableColumns: [TableColumn] { columnSet.columns }

    /// Appends `column` (taking it from another table if it was in one).
    /// A second column with the same identifier is refused with a warning.
    public func addTableColumn(_ column: TableColumn) {
        guard !columnSet.columns.contains(where: { $0 === column }) else { return }
        if columnSet.columns.contains(where: { $0.identifier == column.identifier }) {
            warn("column:duplicate:\(column.identifier)", "a column named '\(column.identifier)' is already in the table; not added")
            return
        }
        column.owner?.removeTableColumn(column)
        column.owner = self
        columnSet.columns.append(column)
        columnsDidChange(geometry: true)
    }

    /// Removes `column`; its sort descriptors go with it.
    public func removeTableColumn(_ column: TableColumn) {
        guard let k = columnSet.columns.firstIndex(where: { $0 === column }) else { return }
        columnSet.columns.remove(at: k)
        column.owner = nil
        if let key = column.sortKey, !columnSet.columns.contains(where: { $0.sortKey == key }) {
            sortDescriptors.removeAll { $0.key == key }
        }
        columnsDidChange(geometry: true)
    }

    /// Moves the column at `oldIndex` so that it ends up at `newIndex` (the user dragged a
    /// header). Indices out of range change nothing.
    public func moveColumn(_ oldIndex: Int, toColumn newIndex: Int) {
        let n = columnSet.columns.count
        guard oldIndex >= 0, oldIndex < n, newIndex >= 0, newIndex < n, oldIndex != newIndex else { return }
        columnSet.columns.insert(columnSet.columns.remove(at: oldIndex), at: newIndex)
        columnsDidChange(geometry: true)
    }

    /// The index of the column named `identifier`; nil if there is none.
    public func column(withIdentifier identifier: String) -> Int? {
        columnSet.columns.firstIndex { $0.identifier == identifier }
    }

    /// How the rows are sorted, most significant first; set by header clicks
    /// (`sortByColumn(_:)`) or by code. Every change, from either, calls the delegate's
    /// `sortDescriptorsDidChange` with the old value (as AppKit does): the data source sorts
    /// there. A key that no column sorts by (while the table has columns) is dropped with a
    /// warning; a key given twice keeps its first place.
    public var sortDescriptors: [TableSortDescriptor] {
        get { columnSet.sortDescriptors }
        set {
            var seen = Set<String>(), kept: [TableSortDescriptor] = []
            let keys = Set(columnSet.columns.compactMap(\.sortKey))
            for d in newValue where seen.insert(d.key).inserted {
                if !columnSet.columns.isEmpty && !keys.contains(d.key) {
                    warn("sort:unknown:\(d.key)", "the sort key '\(d.key)' belongs to no column; it is ignored")
                    continue
                }
                kept.append(d)
            }
            let old = columnSet.sortDescriptors
            guard kept != old else { return }
            columnSet.sortDescriptors = kept
            setNeedsDisplay()
            delegate?.tableView(self, sortDescriptorsDidChange: old)
        }
    }

    /// What a click on column `index`'s header does (GtkColumnView's and AppKit's rule): the
    /// column's key becomes the first sort descriptor, ascending; if it already was first,
    /// its direction flips. Nothing for a column without a `sortKey`. Returns true if it sorted.
    @discardableResult
    public func sortByColumn(_ index: Int) -> Bool {
        guard let column = columnSet.columns[safe: index], let key = column.sortKey else { return false }
        var list = sortDescriptors
        if let first = list.first, first.key == key {
            list[0] = first.reversed
        } else {
            list.removeAll { $0.key == key }
            list.insert(TableSortDescriptor(key: key, ascending: true), at: 0)
        }
        sortDescriptors = list
        return true
    }

    /// Where column `column` of the row at `indexPath` is, in content coordinates: the row's
    /// height and the column's place across. `.zero` for a row or column that isn't there.
    public func rectForColumn(_ column: Int, inRowAt indexPath: IndexPath) -> Rect {
        let row = rectForRow(at: indexPath)
        guard row != .zero, let span = columnSpan(column) else { return .zero }
        return Rect(x: span.x, y: row.minY, width: span.width, height: row.height)
    }

    /// Where column `column` is across the table (x from the table's leading edge, width);
    /// nil for a column that isn't there.
    public func columnSpan(_ column: Int) -> (x: Double, width: Double)? {
        guard column >= 0, column < columnSet.columns.count else { return nil }
        var x = 0.0
        for c in columnSet.columns[..<column] { x += c.effectiveWidth }
        return (x, columnSet.columns[column].effectiveWidth)
    }

    /// The sum of the columns' widths (0 without columns).
    public var totalColumnWidth: Double { columnSet.columns.reduce(0) { $0 + $1.effectiveWidth } }

    /// The column under `x` (content coordinates across); nil past the last column or
    /// without columns.
    public func column(atX x: Double) -> Int? {
        var edge = 0.0
        for (k, c) in columnSet.columns.enumerated() {
            edge += c.effectiveWidth
            if x < edge { return x >= 0 ? k : nil }
        }
        return nil
    }

    /// A column's title or width changed, or the set did: redraw (every row draws its
    /// columns). Widths do not change row heights here; self-sizing rows that wrap by
    /// column width re-measure on the next reload.
    func columnsDidChange(geometry: Bool) {
        if geometry { columnSet.version &+= 1 }
        setNeedsDisplay()
    }
}

/// The columns and sort descriptors a table holds (one stored property of `TableView`).
@MainActor
final class TableColumnSet {
    var columns: [TableColumn] = []
    var sortDescriptors: [TableSortDescriptor] = []
    /// Bumped when a width or the order changes (for hosts that cache per-column layout).
    var version = 0
}

extension TableViewDelegate {
    /// Default: nothing.
    public func tableView(_ tableView: TableView, sortDescriptorsDidChange oldDescriptors: [TableSortDescriptor]) {}
}
