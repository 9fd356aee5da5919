import PoolTable

/// The Downloads screen's data source and delegate. Every change the store reports goes
/// model → the item's current index path (if any) → `reconfigureRows`, so progress reaches
/// whichever cell shows that item now, or none (field note 004, DocC "The life of a row").
@MainActor
public final class DownloadsController: TableViewDataSource, TableViewDelegate {
    public let store: DownloadStore
    public weak var tableView: TableView?
    /// Diagnostic, off by default: progress callbacks go to whichever cell object started
    /// the download (the article's first version), so the wrong-row bug can be seen.
    /// The replica lives in `DownloadsController+CellBoundReplica.swift`.
    public var cellBoundCallbacks = false {
        didSet { if cellBoundCallbacks != oldValue { cellBoundCallbacksDidChange() } }
    }
    /// Cell-bound mode: the cell that started each download.
    var startingCell: [Int: DownloadCell] = [:]
    /// Rows reconfigured, for tests and the overlay.
    public private(set) var routedUpdates = 0
    /// Called after every change the store reported, with the ids (the app starts its
    /// downloader timer from here).
    public var didChange: (@MainActor ([Int]) -> Void)?
    /// Called when the table's selection changes.
    public var selectionDidChange: (@MainActor () -> Void)?

    public init(store: DownloadStore) {
        self.store = store
        store.onChange = { [weak self] ids in self?.storeChanged(ids) }
    }

    public func attach(to table: TableView) {
        tableView = table
        table.register({ DownloadCell(reuseIdentifier: $0) }, forCellReuseIdentifier: DownloadCell.reuseIdentifier)
        table.rowHeight = 68
        table.allowsMultipleSelectionDuringEditing = true
        table.dataSource = self
        table.delegate = self
        table.reloadData()
    }

    public func startAll() {
        if cellBoundCallbacks { rememberMountedCells() }
        store.startAll()
    }

    private func storeChanged(_ ids: [Int]) {
        defer { didChange?(ids) }
        guard let table = tableView else { return }
        if cellBoundCallbacks {
            deliverToStartingCells(ids, table: table)
            return
        }
        let rows = ids.compactMap { store.row(of: $0) }.map { IndexPath(row: $0, section: 0) }
        routedUpdates += rows.count
        table.reconfigureRows(at: rows)
    }

    // MARK: Data source
    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { store.downloads.count }
    public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: DownloadCell.reuseIdentifier, for: indexPath) as! DownloadCell
        if indexPath.row < store.downloads.count { cell.configure(with: store.downloads[indexPath.row]) }
        return cell
    }

    // MARK: Delegate
    public func tableView(_ tableView: TableView, didTapTarget target: String, inRowAt indexPath: IndexPath) {
        guard target == DownloadCell.buttonTarget, indexPath.row < store.downloads.count else { return }
        let id = store.downloads[indexPath.row].id
        if cellBoundCallbacks { rememberCell(at: indexPath, in: tableView) }
        store.toggle(id)
    }
    public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
        if !tableView.isEditing { tableView.deselectRow(at: indexPath, animated: true) }
    }
    public func tableViewSelectionDidChange(_ tableView: TableView) { selectionDidChange?() }

    // MARK: Reordering the queue (issue 23)

    /// Every download can be moved: its grip in edit mode, or Alt+Up/Down.
    public func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }
    /// The user moved a download: the queue takes the new order.
    public func tableView(_ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        store.move(from: sourceIndexPath.row, to: destinationIndexPath.row)
    }
}
