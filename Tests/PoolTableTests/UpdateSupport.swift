@testable import PoolTable

/// A cell showing one item; measures itself from the item's "text length".
@MainActor
final class ItemCell: TableViewCell {
    var item: Int?
    var measuredHeight: Double = 44
    override func heightThatFits(width: Double, canvas: Canvas) -> Double { measuredHeight }
}

/// The table fixture over sections of item ids, with heights by id (or self-sizing): a
/// plain-array model that tests mutate, then tell the table about. Cells are `ItemCell`s.
@MainActor
final class ItemSource: TableSourceFixture<Int> {
    /// The height of an item before it grew.
    var height: (Int) -> Double
    /// Items whose content grew since the last reload (a reload keeps the identity).
    var grown = Set<Int>()
    /// The item's height as the cell will measure / the delegate reports it.
    func rowHeight(_ id: Int) -> Double { height(id) + (grown.contains(id) ? 12 : 0) }
    /// `cellForRowAt` calls.
    var binds: Int { cellForRowCalls }
    /// Whether every row moves by hand (issue 23); the moves are in `moves`.
    var movable: Bool {
        get { canMove != nil }
        set { canMove = newValue ? { _ in true } : nil }
    }

    init(sections: [[Int]], height: @escaping (Int) -> Double = { 40 + Double(($0 * 37) % 5) * 16 }) {
        self.height = height
        super.init(sections: sections, reuseIdentifier: "item", cell: { ItemCell(reuseIdentifier: $0) },
                   text: { _, id in "Item \(id)" })
        heightForRow = { [unowned self] _, id in rowHeight(id) }
        headerTitle = { "S\($0)" }
        configure = { [unowned self] cell, _, id in
            let cell = cell as! ItemCell
            cell.item = id
            cell.measuredHeight = rowHeight(id)
        }
    }
}

/// Every invariant after an update: geometry equals the model's sums, mounted cells show their
/// own item, selection and editing are current. Returns the problems.
@MainActor
func itemStateProblems(_ table: TableView, _ model: ItemSource, selected: Set<Int>? = nil) -> [String] {
    var problems: [String] = []
    if table.numberOfSections != model.sections.count { problems.append("sections \(table.numberOfSections) != \(model.sections.count)") }
    var y = 0.0
    for (s, items) in model.sections.enumerated() {
        if table.numberOfRows(inSection: s) != items.count { problems.append("rows in \(s): \(table.numberOfRows(inSection: s)) != \(items.count)") ; continue }
        y += table.rectForHeaderInSection(s).height
        if !model.selfSizing {
            for (r, id) in items.enumerated() {
                let rect = table.rectForRow(at: IndexPath(row: r, section: s))
                if abs(rect.minY - y) > 1e-6 || rect.height != model.rowHeight(id) { problems.append("geometry of [\(s), \(r)]: \(rect) vs y \(y) h \(model.rowHeight(id))"); return problems }
                y += rect.height
            }
        } else {
            y += (0..<items.count).reduce(0.0) { $0 + table.rectForRow(at: IndexPath(row: $1, section: s)).height }
        }
        y += table.rectForFooterInSection(s).height
    }
    if abs(table.contentSize.height - y) > 1e-6 { problems.append("content height \(table.contentSize.height) != \(y)") }
    let mounted = table.indexPathsForMountedRows
    if mounted != mounted.sorted() { problems.append("mounted out of order") }
    if Set(table.indexPathsForVisibleRows).union(table.indexPathsForPreparedRows) != Set(mounted) { problems.append("mounted != visible ∪ prepared") }
    for (ip, cell) in zip(mounted, table.mountedCells) {
        let id = model.sections[ip.section][ip.row]
        if (cell as? ItemCell)?.item != id { problems.append("cell at \(ip) shows \(String(describing: (cell as? ItemCell)?.item)), not \(id)") }
        if cell.isEditing != table.isEditing { problems.append("stale editing at \(ip)") }
        if cell.isSelected != table.isRowSelected(at: ip) { problems.append("stale selection at \(ip)") }
        if let selected, table.isRowSelected(at: ip) != selected.contains(id) { problems.append("selection of item \(id) at \(ip) lost") }
        if table.isPooled(cell) { problems.append("cell at \(ip) is pooled") }
    }
    let offset = table.contentOffset.y
    if offset < 0 || offset > max(0, table.contentSize.height - table.frame.height) + 1e-6 { problems.append("offset \(offset) out of range") }
    return problems
}

/// The selected item ids.
@MainActor
func selectedItems(_ table: TableView, _ model: ItemSource) -> Set<Int> {
    Set((table.indexPathsForSelectedRows ?? []).map { model.sections[$0.section][$0.row] })
}
