/// The table's data and delegate adapters (`ListDataAdapter`, `ListDelegateAdapter`): what
/// the shared core asks, translated to `TableViewDataSource` / `TableViewDelegate` in
/// UIKit's names. Held by the core, and only by it: the table owns its adapter, so the
/// adapter's reference back needs no reference counting (`unowned(unsafe)`, set once
/// right after the table's `init`; nothing calls the adapter before).
@MainActor
final class TableViewAdapter: ListDataAdapter, ListDelegateAdapter {
    unowned(unsafe) var table: TableView?

    // MARK: Data

    func sectionCount() -> Int {
        guard let table, let dataSource = table.dataSource else { return 0 }
        return max(0, dataSource.numberOfSections(in: table))
    }
    func itemCount(inSection section: Int) -> Int {
        guard let table, let dataSource = table.dataSource else { return 0 }
        return max(0, dataSource.tableView(table, numberOfRowsInSection: section))
    }
    func headerTitle(ofSection section: Int) -> String? {
        table.flatMap { t in t.dataSource?.tableView(t, titleForHeaderInSection: section) }
    }
    func footerTitle(ofSection section: Int) -> String? {
        table.flatMap { t in t.dataSource?.tableView(t, titleForFooterInSection: section) }
    }
    func listSections() -> [SectionLayout] { table?.loadSections() ?? [] }
    func listSection(_ section: Int) -> SectionLayout {
        table?.loadSection(section) ?? SectionLayout(headerHeight: 0, footerHeight: 0, rows: RowHeights(uniform: 44, count: 0))
    }
    func listSectionChrome(_ section: Int, into layout: inout SectionLayout) { table?.loadSectionChrome(section, into: &layout) }
    func listRowLength(at ip: ItemPath) -> (length: Double, selfSizing: Bool) {
        guard let (h, selfSizing) = table?.rowHeightForInsert(ip) else { return (44, false) }
        return (h, selfSizing)
    }

    func cell(at ip: ItemPath) -> ReusableCell? {
        guard let table, let dataSource = table.dataSource else { return nil }
        let cell = dataSource.tableView(table, cellForRowAt: ip.indexPath)
        cell.showsReorderControl = dataSource.tableView(table, canMoveRowAt: ip.indexPath)   // the grip in edit mode
        table.prepareOutline(cell, at: ip)                                                   // indentation (TableView+Outline)
        return cell
    }
    func placeholderCell() -> ReusableCell { TableViewCell(reuseIdentifier: nil) }
    func measuringBreadth(of cell: ReusableCell) -> Double { table?.measuringWidth(of: cell) ?? 0 }
    func breadthDidChange() { table?.invalidateSelfSizedRows() }
    var remeasuresOnEditingChange: Bool { table?.hasSelfSizingRows ?? false }
    var prefetchesData: Bool { table?.prefetchDataSource != nil }
    func prefetch(_ ips: [ItemPath]) { table.map { $0.prefetchDataSource?.tableView($0, prefetchRowsAt: ips.indexPaths) } }
    func cancelPrefetching(_ ips: [ItemPath]) {
        table.map { $0.prefetchDataSource?.tableView($0, cancelPrefetchingForRowsAt: ips.indexPaths) }
    }

    // MARK: Moving rows

    func canMove(_ ip: ItemPath) -> Bool {
        guard let table, let dataSource = table.dataSource else { return false }
        return dataSource.tableView(table, canMoveRowAt: ip.indexPath)
    }
    func move(_ from: ItemPath, to: ItemPath) {
        guard let table else { return }
        table.dataSource?.tableView(table, moveRowAt: from.indexPath, to: to.indexPath)
    }
    func target(forMoveFrom from: ItemPath, proposed: ItemPath) -> ItemPath {
        guard let table, let delegate = table.delegate else { return proposed }
        return ItemPath(delegate.tableView(table, targetIndexPathForMoveFromRowAt: from.indexPath, toProposedIndexPath: proposed.indexPath))
    }

    // MARK: Delegate

    func willDisplay(_ cell: ReusableCell, at ip: ItemPath) {
        guard let table else { return }
        table.delegate?.tableView(table, willDisplay: cell as! TableViewCell, forRowAt: ip.indexPath)
    }
    func didEndDisplaying(_ cell: ReusableCell, at ip: ItemPath) {
        guard let table else { return }
        table.delegate?.tableView(table, didEndDisplaying: cell as! TableViewCell, forRowAt: ip.indexPath)
    }
    func didSelect(_ ip: ItemPath) { table.map { $0.delegate?.tableView($0, didSelectRowAt: ip.indexPath) } }
    func didDeselect(_ ip: ItemPath) { table.map { $0.delegate?.tableView($0, didDeselectRowAt: ip.indexPath) } }
    func selectionDidChange() { table.map { $0.delegate?.tableViewSelectionDidChange($0); $0.notifySelectionObservers() } }
    func didActivate(_ ip: ItemPath) { table.map { $0.delegate?.tableView($0, didActivateRowAt: ip.indexPath) } }
    func didTapTarget(_ target: String, at ip: ItemPath) {
        guard let table else { return }
        if target == TableViewCell.accessoryButtonTarget {
            table.delegate?.tableView(table, accessoryButtonTappedForRowWith: ip.indexPath)
            return
        }
        table.delegate?.tableView(table, didTapTarget: target, inRowAt: ip.indexPath)
    }
    // MARK: Row actions

    func canEditItem(at ip: ItemPath) -> Bool {
        guard let table, let dataSource = table.dataSource else { return false }
        return dataSource.tableView(table, canEditRowAt: ip.indexPath)
    }
    func editingStyle(at ip: ItemPath) -> TableViewCell.EditingStyle {
        guard let table else { return .none }
        guard let delegate = table.delegate else { return table.allowsMultipleSelectionDuringEditing ? .none : .delete }
        return delegate.tableView(table, editingStyleForRowAt: ip.indexPath)
    }
    func indentsWhileEditing(at ip: ItemPath) -> Bool {
        guard let table, let delegate = table.delegate else { return true }
        return delegate.tableView(table, shouldIndentWhileEditingRowAt: ip.indexPath)
    }
    func commitEditing(_ style: TableViewCell.EditingStyle, at ip: ItemPath) {
        guard let table else { return }
        table.dataSource?.tableView(table, commit: style, forRowAt: ip.indexPath)
    }
    func swipeActions(at ip: ItemPath, leading: Bool) -> SwipeActionsConfiguration? {
        guard let table, let delegate = table.delegate else { return nil }
        return leading ? delegate.tableView(table, leadingSwipeActionsConfigurationForRowAt: ip.indexPath)
            : delegate.tableView(table, trailingSwipeActionsConfigurationForRowAt: ip.indexPath)
    }

    func contextMenu(at ip: ItemPath, point: Point) -> [MenuAction]? {
        guard let table, let delegate = table.delegate else { return nil }
        return delegate.tableView(table, contextMenuConfigurationForRowAt: ip.indexPath, point: point)
    }

    /// A drag that selects starts in the checkbox column.
    func beginsDragSelection(at ip: ItemPath, localPoint: Point) -> Bool { localPoint.x < TableViewCell.editingControlWidth }
}
