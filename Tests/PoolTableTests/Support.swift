@_spi(Hosting) @_spi(Diagnostics) @testable import PoolTable
@_exported import struct PoolTableDemoKit.SeededRandom

/// A cell that remembers which row it was configured for, and how often it was reused.
@MainActor
final class ProbeCell: TableViewCell {
    var shownRow: IndexPath?
    var reuseCount = 0
    override func prepareForReuse() {
        super.prepareForReuse()
        reuseCount += 1
        shownRow = nil
    }
}

/// A data source + delegate over a plain model: per-section row counts, optional per-row
/// heights and titles. Counts every call the table makes.
@MainActor
final class ModelSource: TableViewDataSource, TableViewDelegate {
    var rows: [Int]
    var heights: ((IndexPath) -> Double)?
    var headerTitles: [String?]
    var footerTitles: [String?]
    var cellForRowCalls = 0
    var willDisplay: [IndexPath] = []
    var didEndDisplaying: [IndexPath] = []
    var createdCells = 0
    /// `tableViewSelectionDidChange` calls.
    var selectionChanges = 0

    init(rows: [Int], heights: ((IndexPath) -> Double)? = nil, headers: [String?]? = nil, footers: [String?]? = nil) {
        self.rows = rows
        self.heights = heights
        headerTitles = headers ?? Array(repeating: nil, count: rows.count)
        footerTitles = footers ?? Array(repeating: nil, count: rows.count)
    }

    /// Sources attached to tables; the table holds its data source weakly (as UIKit does),
    /// so tests that drop their reference must not lose it.
    static var attached: [ModelSource] = []

    /// Registers the probe cell and attaches itself to `table`.
    func attach(to table: TableView) {
        Self.attached.append(self)
        table.register({ [weak self] id in
            self?.createdCells += 1
            return ProbeCell(reuseIdentifier: id)
        }, forCellReuseIdentifier: "probe")
        table.dataSource = self
        table.delegate = self
        table.reloadData()
    }

    func numberOfSections(in tableView: TableView) -> Int { rows.count }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows[section] }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        cellForRowCalls += 1
        let cell = tableView.dequeueReusableCell(withIdentifier: "probe", for: indexPath) as! ProbeCell
        cell.shownRow = indexPath
        cell.text = "Row \(indexPath.section).\(indexPath.row)"
        return cell
    }
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { headerTitles[section] }
    func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? { footerTitles[section] }
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double {
        if let heights { return heights(indexPath) }
        tableView.noteDefaultRowHeightUsed()
        return tableView.rowHeight
    }
    func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) { willDisplay.append(indexPath) }
    func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath) { didEndDisplaying.append(indexPath) }
    func tableViewSelectionDidChange(_ tableView: TableView) { selectionChanges += 1 }
}

/// Varied but deterministic heights: 44, 60, 88, 120 … by row.
func variedHeight(_ ip: IndexPath) -> Double {
    [44.0, 60, 88, 44, 120, 52, 44][(ip.row * 7 + ip.section * 3) % 7]
}

/// Checks every invariant of the mounted state that article 000 asks about; returns the
/// problems found (empty = fine).
@MainActor
func mountedStateProblems(_ table: TableView, model: ModelSource) -> [String] {
    var problems: [String] = []
    let visible = table.indexPathsForVisibleRows
    let prepared = table.indexPathsForPreparedRows
    let mounted = table.indexPathsForMountedRows
    if mounted != mounted.sorted() { problems.append("mounted rows are not in order") }
    if Set(visible).intersection(prepared).count > 0 { problems.append("visible and prepared overlap") }
    if Set(visible).union(prepared) != Set(mounted) || visible.count + prepared.count != mounted.count {
        problems.append("mounted != visible + prepared")
    }
    let viewport = table.visibleRect
    let p = table.prefetchDistance
    for ip in prepared {
        let r = table.rectForRow(at: ip)
        if r.intersects(viewport) { problems.append("prepared \(ip) intersects the viewport") }
        if r.maxY <= viewport.minY - p || r.minY >= viewport.maxY + p { problems.append("prepared \(ip) is beyond the prefetch band") }
    }
    for ip in visible where !table.rectForRow(at: ip).intersects(viewport) { problems.append("visible \(ip) is outside the viewport") }
    for (ip, cell) in zip(mounted, table.mountedCells) {
        guard let probe = cell as? ProbeCell else { problems.append("foreign cell at \(ip)"); continue }
        if probe.shownRow != ip { problems.append("cell at \(ip) shows \(String(describing: probe.shownRow))") }
        if table.indexPath(for: cell) != ip { problems.append("indexPath(for:) of \(ip) is wrong") }
        if table.cellForRow(at: ip) !== cell { problems.append("cellForRow(at: \(ip)) is not its cell") }
        if table.isPooled(cell) { problems.append("cell at \(ip) is both mounted and pooled") }
        if cell.isEditing != table.isEditing { problems.append("cell at \(ip) editing=\(cell.isEditing), table=\(table.isEditing)") }
        if cell.isSelected != table.isRowSelected(at: ip) { problems.append("cell at \(ip) selection is stale") }
    }
    return problems
}
