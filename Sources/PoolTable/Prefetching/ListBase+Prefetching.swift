/// A view's data prefetching: the range's bookkeeping and its two settings. The view asks its
/// data adapter (the prefetching data source, in UIKit's names) at the end of each
/// `layoutIfNeeded`, after mounting (the rules: `TableView.prefetchDataSource`).
@MainActor
final class DataPrefetching {
    /// What is outstanding and the scroll direction; changed only through the methods below.
    private(set) var range = PrefetchRange()
    private(set) var isEnabled = true
    /// Viewport lengths past the prepared band.
    private(set) var distance = 2.0
    /// The range's first item, the first item past it, its side and the layout they were
    /// found in at the last look: while they are the same, no row can have entered or left it.
    private(set) var lastLook: Look?
    /// The range at the last pass, in content coordinates along the axis (clamped to the
    /// content); nil while nothing is asked for (off, no prefetching data source, no viewport).
    /// The debug overlay draws it beside the prepared band.
    private(set) var lastBand: (start: Double, end: Double)?

    func setEnabled(_ enabled: Bool) { isEnabled = enabled }
    /// A new distance (already sanitized): the next pass looks again.
    func setDistance(_ d: Double) { distance = d; lastLook = nil }
    /// The band this pass asks for (nil: none).
    func noteBand(_ band: (start: Double, end: Double)?) { lastBand = band }
    /// Whether `look` differs from the last one; it becomes the last.
    func takeLook(_ look: Look) -> Bool {
        guard look != lastLook else { return false }
        lastLook = look
        return true
    }
    /// The range now wants `wanted`: what to prefetch and what to cancel.
    func update(wanted: [ItemPath], isMounted: (ItemPath) -> Bool) -> (prefetch: [ItemPath], cancel: [ItemPath]) {
        range.update(wanted: wanted, isMounted: isMounted)
    }
    /// The band to ask for at `offset` (the range learns the scroll direction from it).
    func band(offset: Double, prepared: (start: Double, end: Double), viewportLength: Double) -> (start: Double, end: Double) {
        range.band(offset: offset, prepared: prepared, viewportLength: viewportLength, distance: distance)
    }
    /// `ip` was bound: no longer outstanding.
    func didBind(_ ip: ItemPath) { range.didBind(ip) }
    /// Forgets everything outstanding and both looks; returns what was outstanding.
    func reset() -> [ItemPath] {
        lastLook = nil
        lastBand = nil
        return range.reset()
    }

    struct Look: Equatable {
        var first: ItemPath?, after: ItemPath?
        var forward: Bool
        var layoutVersion: Int, loadGeneration: Int, mountedCount: Int
    }
}

extension ListBase {
    /// Whether the prefetching data source is told anything (default true). Turning it off
    /// cancels what is outstanding, once; after that no prefetching calls are made at all.
    public var isPrefetchingEnabled: Bool {
        get { prefetching.isEnabled }
        set {
            guard newValue != prefetching.isEnabled else { return }
            prefetching.setEnabled(newValue)
            if !newValue { cancelAllPrefetching() } else { setNeedsLayout() }
        }
    }

    /// How far past the prepared band data is asked for, in viewport lengths (default 2;
    /// UIKit fixes it, Texture uses 2.5). Not a positive number: nothing is asked for.
    public var dataPrefetchDistance: Double {
        get { prefetching.distance }
        set {
            prefetching.setDistance(newValue.isFinite ? max(0, newValue) : 0)
            setNeedsLayout()
        }
    }

    /// Rows (items) passed to the prefetching data source and neither bound nor cancelled
    /// since, in the order they were passed (the debug overlay draws them).
    @_spi(Diagnostics) public var indexPathsForOutstandingPrefetches: [IndexPath] { prefetching.range.outstandingRows.indexPaths }

    /// Tells the prefetching data source what entered and left the range since the last look.
    func updatePrefetching() {
        guard prefetching.isEnabled, dataAdapter.prefetchesData, !pass.needsReload, !viewport.isEmpty else {
            if prefetching.isEnabled && dataAdapter.prefetchesData && pass.needsReload { return }
            prefetching.noteBand(nil)
            return
        }
        let mounted = viewport.mountingSpan, length = viewport.length
        let content = geometry.contentLength
        var band = prefetching.band(offset: viewport.offset, prepared: (mounted.start, mounted.end), viewportLength: length)
        band = (max(0, band.start), min(content, band.end))
        prefetching.noteBand(band.end > band.start ? band : nil)
        let forward = prefetching.range.direction == .forward
        let span = AlongSpan(start: band.start, end: band.end)
        // The items meeting the band run from the one at its start (or the first after it)
        // up to, not including, the first that starts at or after its end.
        let meets = band.end > band.start
        let look = DataPrefetching.Look(first: meets ? geometry.indexPath(atOffset: band.start) ?? geometry.firstItem(startingAtOrAfter: band.start) : nil,
                                        after: meets ? geometry.firstItem(startingAtOrAfter: band.end) : nil,
                                        forward: forward, layoutVersion: geometry.version,
                                        loadGeneration: pass.loadGeneration, mountedCount: items.count)
        guard prefetching.takeLook(look) else { return }
        var wanted: [ItemPath] = []
        if band.end > band.start { geometry.forEachItem(meeting: span) { ip, _, _ in wanted.append(ip) } }
        if !forward { wanted.reverse() }
        let calls = prefetching.update(wanted: wanted) { items.index(of: $0) != nil }
        if !calls.cancel.isEmpty { dataAdapter.cancelPrefetching(calls.cancel) }
        if !calls.prefetch.isEmpty { dataAdapter.prefetch(calls.prefetch) }
    }

    /// `cellForRowAt` ran for `ip`: it is no longer outstanding.
    func prefetchedItemWasBound(_ ip: ItemPath) {
        prefetching.didBind(ip)
    }

    /// Forgets what is outstanding without telling anyone (the prefetching data source was
    /// replaced: the new one was never asked for those rows).
    func forgetPrefetching() {
        _ = prefetching.reset()
    }

    /// Cancels everything outstanding (reloadData, prefetching turned off) and starts afresh.
    func cancelAllPrefetching() {
        let cancel = prefetching.reset()
        if !cancel.isEmpty { dataAdapter.cancelPrefetching(cancel) }
    }
}

extension DataPrefetching: PositionTracking {
    /// Outstanding rows follow their items; deleted ones owe a cancel.
    func remap(_ mapping: UpdateMapping) { range.remap(mapping.map) }
    /// Nothing: `reloadData` cancels what is outstanding with the data source itself
    /// (`cancelAllPrefetching`) before the reload runs.
    func reset(sectionCount: Int) {}
}
