@_spi(Hosting) @_spi(Diagnostics) @testable import PoolTable
@_exported import struct PoolTableDemoKit.SeededRandom
@_exported import PoolTableTestSupport

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

/// The counted table fixture (no storage: counts past memory, and bad ones, reach the table)
/// with optional per-row heights and titles; cells are `ProbeCell`s titled "Row s.r".
@MainActor
final class ModelSource: CountedTableSourceFixture {
    /// The rows in each section (`counts`).
    var rows: [Int] {
        get { counts }
        set { counts = newValue }
    }
    var headerTitles: [String?]
    var footerTitles: [String?]
    var heights: ((IndexPath) -> Double)? {
        didSet { heightForRow = heights.map { heights in { ip, _ in heights(ip) } } }
    }

    init(rows: [Int], heights: ((IndexPath) -> Double)? = nil, headers: [String?]? = nil, footers: [String?]? = nil) {
        headerTitles = headers ?? Array(repeating: nil, count: rows.count)
        footerTitles = footers ?? Array(repeating: nil, count: rows.count)
        super.init(counts: rows, reuseIdentifier: "probe", cell: { ProbeCell(reuseIdentifier: $0) },
                   text: { ip, _ in "Row \(ip.section).\(ip.row)" })
        headerTitle = { [unowned self] in headerTitles[$0] }
        footerTitle = { [unowned self] in footerTitles[$0] }
        configure = { cell, ip, _ in (cell as! ProbeCell).shownRow = ip }
        heightForRow = heights.map { heights in { ip, _ in heights(ip) } }   // (didSet does not run in init)
    }
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
