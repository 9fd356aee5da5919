import PoolTable

/// The "cell-bound callbacks" bug replica (field note 004, DocC "The life of a row", the article's
/// first version): progress goes to the cell object that started a download, whichever
/// row that cell shows after being recycled. Kept out of the controller's normal path
/// (model → index path → `reconfigureRows`), which only branches here when the
/// diagnostic is on.
extension DownloadsController {
    /// The switch flipped: forget the starting cells; when it goes off, re-bind every
    /// mounted row from the model, which puts right what the callbacks drew on wrong rows.
    func cellBoundCallbacksDidChange() {
        startingCell = [:]
        if !cellBoundCallbacks, let table = tableView { table.reconfigureRows(at: table.indexPathsForMountedRows) }
    }

    /// "Start All": every mounted cell becomes the starting cell of the download it shows.
    func rememberMountedCells() {
        for cell in tableView?.mountedCells.compactMap({ $0 as? DownloadCell }) ?? [] { remember(cell) }
    }

    /// A tap on a row's button: its cell starts (or stops) that download.
    func rememberCell(at indexPath: IndexPath, in tableView: TableView) {
        if let cell = tableView.cellForRow(at: indexPath) as? DownloadCell { remember(cell) }
    }

    /// Progress for `ids`, written into each download's starting cell, whatever row it
    /// shows now (a download without one adopts the cell on its row, if mounted).
    func deliverToStartingCells(_ ids: [Int], table: TableView) {
        for id in ids {
            guard let d = store.download(id) else { continue }
            if let cell = startingCell[id] {
                cell.receiveCallback(progress: d.progress, state: d.state)   // whatever row it shows now
            } else if let r = store.row(of: id), let cell = table.cellForRow(at: IndexPath(row: r, section: 0)) as? DownloadCell {
                startingCell[id] = cell
                cell.receiveCallback(progress: d.progress, state: d.state)
            }
        }
        table.setNeedsDisplay()
    }

    private func remember(_ cell: DownloadCell) {
        if let id = cell.downloadID, startingCell[id] == nil { startingCell[id] = cell }
    }
}
