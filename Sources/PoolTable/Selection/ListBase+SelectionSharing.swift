/// What a selection kept elsewhere (GTK's `GtkSelectionModel`) needs to mirror the view's:
/// the selected ranges, range changes without the delegate, and a callback on every
/// selection change the delegate hears of.
extension ListBase {
    /// The selected rows of `section` as sorted, disjoint ranges: O(ranges).
    public func selectedRanges(inSection section: Int) -> [Range<Int>] {
        reloadIfNeeded()
        return selection.ranges(inSection: section)
    }

    /// Selects or deselects the rows `rows` of `section` (clipped to the section) in one
    /// step, whatever the selection mode, without calling the delegate (as `selectRow`).
    public func setSelected(_ selected: Bool, rows: Range<Int>, inSection section: Int, animated: Bool) {
        defer { checkInvariantsAfterMutation() }
        reloadIfNeeded()
        setSelected(selected, rows: rows, section: section, animated: animated, notify: false)
    }

    /// Calls `body` after every selection change the delegate's `selectionDidChange` hears of
    /// (clicks, keys, drags, select-all, batch updates), after the delegate. Programmatic
    /// `selectRow`/`setSelected` do not call it, as they do not call the delegate. Returns a
    /// token for `removeSelectionObserver(_:)`.
    @discardableResult
    public func addSelectionObserver(_ body: @escaping @MainActor () -> Void) -> Int {
        selection.addObserver(body)
    }

    /// Stops calling the observer `token` names.
    public func removeSelectionObserver(_ token: Int) {
        selection.removeObserver(token)
    }

    /// Tells the selection observers (the adapters call it after the delegate).
    func notifySelectionObservers() {
        selection.notifyObservers()
    }
}
