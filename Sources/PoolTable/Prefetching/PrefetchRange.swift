/// Data prefetching's bookkeeping (the rules: `TableView.prefetchDataSource`): where the prefetch range lies,
/// which rows were passed to `prefetchRowsAt` and are still outstanding (not bound, not
/// cancelled), and what to tell the prefetching data source after a layout pass.
///
/// The range is `distance` viewport lengths just past the prepared band, on the side the
/// view last scrolled towards (forwards before any scroll). A row is asked for once when it
/// enters the range and is not mounted; it stays outstanding until it is bound (no call) or
/// leaves the range without being bound, is deleted, or the data is reloaded (one cancel).
/// Pure bookkeeping: the view enumerates the range's items and makes the calls.
struct PrefetchRange {
    /// Which way the range lies from the prepared band.
    enum Direction: Sendable { case forward, backward }

    /// The side of the last scroll; forward before any.
    private(set) var direction = Direction.forward
    /// Rows asked for and not bound or cancelled, in the order they were asked for.
    private var outstanding: [ItemPath] = []
    private var outstandingSet: Set<ItemPath> = []
    /// The offset the last pass saw, to tell the scroll's direction.
    private var lastOffset: Double?
    /// Cancels owed from between passes (rows deleted by a batch update, with the index
    /// paths they had), made at the next pass.
    private var owedCancels: [ItemPath] = []

    /// Rows passed to `prefetchRowsAt` and neither bound nor cancelled since, oldest first.
    var outstandingRows: [ItemPath] { outstanding }

    /// The content band to prefetch, given the view's offset along its axis (which tells the
    /// scroll's direction), the prepared band and the viewport's length; empty when `distance`
    /// is not a positive number.
    mutating func band(offset: Double, prepared: (start: Double, end: Double), viewportLength: Double,
                       distance: Double) -> (start: Double, end: Double) {
        if let last = lastOffset, offset != last { direction = offset > last ? .forward : .backward }
        lastOffset = offset
        let length = distance.isFinite && distance > 0 ? distance * max(0, viewportLength) : 0
        switch direction {
        case .forward: return (prepared.end, prepared.end + length)
        case .backward: return (prepared.start - length, prepared.start)
        }
    }

    /// One layout pass: `wanted` are the rows meeting the band, nearest to the viewport first.
    /// Returns the rows to pass to `prefetchRowsAt` (not mounted, not outstanding; nearest
    /// first) and to `cancelPrefetchingForRowsAt` (outstanding rows no longer wanted, and
    /// cancels owed from updates).
    mutating func update(wanted: [ItemPath], isMounted: (ItemPath) -> Bool) -> (prefetch: [ItemPath], cancel: [ItemPath]) {
        let wantedSet = Set(wanted)
        var cancel = owedCancels
        owedCancels.removeAll()
        if !outstanding.isEmpty {
            var kept: [ItemPath] = []
            kept.reserveCapacity(outstanding.count)
            for ip in outstanding {
                if wantedSet.contains(ip) { kept.append(ip) } else { cancel.append(ip); outstandingSet.remove(ip) }
            }
            outstanding = kept
        }
        var prefetch: [ItemPath] = []
        for ip in wanted where !outstandingSet.contains(ip) && !isMounted(ip) {
            prefetch.append(ip)
            outstanding.append(ip)
            outstandingSet.insert(ip)
        }
        return (prefetch, cancel)
    }

    /// `cellForRowAt` ran for `ip`: it is no longer outstanding (and is never cancelled).
    mutating func didBind(_ ip: ItemPath) {
        guard !outstanding.isEmpty, outstandingSet.remove(ip) != nil else { return }
        outstanding.removeAll { $0 == ip }
    }

    /// `reloadData`: every outstanding row, as it was, to cancel now; afterwards the range
    /// starts afresh (forward, nothing outstanding).
    mutating func reset() -> [ItemPath] {
        let cancel = owedCancels + outstanding
        self = PrefetchRange()
        return cancel
    }

    /// A batch update moved rows: outstanding rows follow `newPath` (nil: deleted, which owes
    /// a cancel with the index path it had).
    mutating func remap(_ newPath: (ItemPath) -> ItemPath?) {
        guard !outstanding.isEmpty else { return }
        var moved: [ItemPath] = []
        for ip in outstanding {
            if let n = newPath(ip) { moved.append(n) } else { owedCancels.append(ip) }
        }
        outstanding = moved
        outstandingSet = Set(moved)
    }
}
