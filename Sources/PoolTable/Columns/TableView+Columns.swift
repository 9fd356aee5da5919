/// Columns (AppKit's `NSTableView` model). The columns sit side by side in `tableColumns`
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
        // The focused cell stays on its column.
        if let f = columnSet.focusedColumn {
            if f == oldIndex { columnSet.focusedColumn = newIndex }
            else if oldIndex < f && f <= newIndex { columnSet.focusedColumn = f - 1 }
            else if newIndex <= f && f < oldIndex { columnSet.focusedColumn = f + 1 }
        }
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
    /// warning; a key given twice keeps its first place. When the data source sorts by moving
    /// rows (a diffable snapshot, batch moves) and the focused row was on screen, it is kept
    /// at the same place on screen (as far as the content allows).
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
            // The focused row stays where it is on screen when the data source sorts by
            // moving rows (a diffable snapshot, batch moves), which the focus follows.
            let focus = tracked.focus.flatMap { ip -> (ItemPath, Double)? in
                guard let i = mountedIndex(of: ip), items.isVisible(i) else { return nil }
                return (ip, itemRect(ip).minY - offset)
            }
            delegate?.tableView(self, sortDescriptorsDidChange: old)
            // (Also when the focused row kept its index: the batch's own anchoring may have
            // scrolled to keep another row in place.)
            if let (_, screenY) = focus, let now = tracked.focus, geometry.contains(now),
               itemRect(now).minY - offset != screenY {
                scroll(toOffset: itemRect(now).minY - screenY, animated: false)
            }
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
    /// nil for a column that isn't there. O(1): the columns' edges are cached prefix sums,
    /// rebuilt when a width or the order changes (`TableColumnSet.version`).
    public func columnSpan(_ column: Int) -> (x: Double, width: Double)? {
        let edges = columnSet.edges
        guard column >= 0, column + 1 < edges.count else { return nil }
        return (edges[column], columnSet.columns[column].effectiveWidth)
    }

    /// The sum of the columns' widths (0 without columns).
    public var totalColumnWidth: Double { columnSet.edges.last ?? 0 }

    /// The column under `x` (content coordinates across); nil past the last column or
    /// without columns. O(log columns).
    public func column(atX x: Double) -> Int? {
        let edges = columnSet.edges
        guard edges.count > 1, x >= 0, x < edges[edges.count - 1] else { return nil }
        var lo = 0, hi = edges.count - 1     // edges[lo] <= x < edges[hi]
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if edges[mid] <= x { lo = mid } else { hi = mid }
        }
        return lo
    }

    /// A column's title or width changed, or the set did: redraw (every row draws its
    /// columns, so a geometry change redraws every mounted cell's content). Widths do not change row heights here; self-sizing rows that wrap by
    /// column width re-measure on the next reload.
    func columnsDidChange(geometry: Bool) {
        if geometry {
            columnSet.version &+= 1
            // Cells draw their columns' parts where the columns are: their kept content
            // (recorded once per content version) is stale.
            for m in items.entries { m.cell.setNeedsDisplay() }
        }
        if let f = columnSet.focusedColumn, f >= columnSet.columns.count { columnSet.focusedColumn = columnSet.columns.isEmpty ? nil : columnSet.columns.count - 1 }
        updateColumnHeaderInset()
        if geometry { updateColumnContentBreadth() }
        setNeedsDisplay()
    }

    /// Columns wider than the view make the content that wide: it scrolls across
    /// (`contentOffset.x`), the header row with it.
    func updateColumnContentBreadth() {
        guard viewport.setMinimumBreadth(totalColumnWidth) else { return }
        if !pass.needsReload {
            self.geometry.breadth = viewport.breadth
            dataAdapter.breadthDidChange()
        }
        _ = viewport.moveAcross(to: viewport.acrossOffset)
        setNeedsLayout()
        host?.tableViewDidChangeScrollGeometry(self)
    }
}

/// The columns and sort descriptors a table holds (one stored property of `TableView`).
@MainActor
final class TableColumnSet {
    var columns: [TableColumn] = []
    var sortDescriptors: [TableSortDescriptor] = []
    /// Bumped when a width or the order changes (for hosts that cache per-column layout).
    var version = 0
    /// `showsColumnHeaders`.
    var showsHeaders = true
    /// `focusedColumn`.
    var focusedColumn: Int?
    /// A press on the header row in progress (ColumnHeader.swift).
    var headerPress: ColumnHeaderPress?
    /// The header the pointer is over (drawn highlighted, as GTK's :hover).
    var hoveredHeader: Int?
    private var cachedEdges: [Double] = [0]
    private var cachedVersion = -1

    /// The columns' edges across: `edges[k]` is where column k starts, `edges[count]` the
    /// total width. Rebuilt once per `version`.
    var edges: [Double] {
        if cachedVersion != version {
            var e = [0.0]
            e.reserveCapacity(columns.count + 1)
            for c in columns { e.append(e[e.count - 1] + c.effectiveWidth) }
            cachedEdges = e
            cachedVersion = version
        }
        return cachedEdges
    }
}

extension TableViewDelegate {
    /// Default: nothing.
    public func tableView(_ tableView: TableView, sortDescriptorsDidChange oldDescriptors: [TableSortDescriptor]) {}
    /// Default: `tableView.defaultFittingWidth(ofColumn: column)`.
    public func tableView(_ tableView: TableView, sizeToFitWidthOfColumn column: Int) -> Double {
        tableView.defaultFittingWidth(ofColumn: column)
    }
}
