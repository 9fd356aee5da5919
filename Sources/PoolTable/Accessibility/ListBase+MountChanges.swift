/// The change list of the mounted items (`MountChanges`), handed to the host through
/// `TableViewHost.tableViewMountedCellsDidChange(_:)`.
extension ListBase {
    /// What happened to the mounted items since the host's hook was last called: read it
    /// inside `tableViewMountedCellsDidChange(_:)`; it starts again after each call.
    /// Does not lay out.
    @_spi(Hosting) public var mountChanges: MountChanges { items.changes.changes }

    /// Calls the host's `tableViewMountedCellsDidChange(_:)` now if anything is in
    /// `mountChanges` (a cell's content or selection changed since the last layout pass),
    /// without laying out. Layout passes and reconfigures report by themselves; a host
    /// calls this before it mirrors the cells, so it sees every change up to that moment.
    @_spi(Hosting) public func reportMountChanges() {
        guard !items.changes.isEmpty else { return }
        mountedCellsDidChange()
    }

    /// Tells the host, then starts a new change list (every layout pass ends here).
    func mountedCellsDidChange() {
        host?.tableViewMountedCellsDidChange(self)
        items.changes.reset()
    }

    /// A mounted cell changed what it shows or where (`MountChanges.updated`).
    func mountedCellDidChange(_ cell: ReusableCell) {
        items.changes.updated(cell)
    }
}
