/// The mounted-items lifecycle (GTK's item manager): which cells are mounted, in index
/// order with their along extents; which of them are visible (one contiguous run); the
/// mounting algorithm that keeps them equal to the items a layout says meet the band
/// (`layOut(_:in:)`: an incremental scroll step, or a full pass); the reuse pool; binding
/// and recycling; the cell log; and the section header and footer views of the mounted
/// sections, with their pools. Its state is private: the core changes it only through the
/// operations below, each of which keeps the log and the owner's display callbacks in step.
///
/// It knows nothing of the scroll axis: extents are along, rects come from the layout.
///
/// Visibility and index paths are stored once: a mounted item's index path is its cell's
/// `mountedIndexPath` (written only here), and an item is visible exactly when its slot is
/// in `visibleSpan`; `isOffscreen` (`isHidden`) on a cell is set only by this type, from that span.
@MainActor
final class MountedItems {
    /// One mounted item: its cell and along extent (kept here so per-step loops don't touch
    /// the cells' frames).
    @MainActor
    struct Entry {
        let cell: ReusableCell
        /// Where the item starts and ends along the scroll axis.
        var start: Double
        var end: Double
        /// Scrolled out of the viewport's breadth sideways (an orthogonal section's item): prepared,
        /// never visible, even inside the visible run.
        var aside = false
        /// The item the cell shows.
        var indexPath: ItemPath { cell.mountedIndexPath! }
    }

    // The hot state is exempt from dynamic exclusivity checks (about a third of a scroll
    // step's instructions went to swift_beginAccess): it is touched only by this class's own
    // straight-line code on the main actor, never through overlapping inout accesses, and
    // debug builds check the invariants instead.

    /// Mounted items in index order.
    @exclusivity(unchecked) private(set) var entries: [Entry] = []
    /// Slots of the visible items: always one contiguous run.
    @exclusivity(unchecked) private(set) var visibleSpan: Range<Int> = 0..<0
    let pool = ReusePool()
    let log = CellLog()
    /// What happened to mounted cells since the host was last told (`MountChanges`).
    let changes = MountChangeRecorder()
    /// Binds and measures items, keeps the anchor, and hears when items start and stop
    /// being displayed.
    weak var owner: ListBase?
    private var lastCellID = 0
    /// After an update re-orders the entries, which of them were visible, until the next
    /// pass settles the run (moves can leave them non-contiguous for that moment).
    @exclusivity(unchecked) private var carriedVisibility: [Bool]?
    /// Mounted section header and footer views, by section.
    @exclusivity(unchecked) private(set) var headers: [Int: TableViewHeaderFooterView] = [:]
    @exclusivity(unchecked) private(set) var footers: [Int: TableViewHeaderFooterView] = [:]
    private var headerPool: [TableViewHeaderFooterView] = []
    private var footerPool: [TableViewHeaderFooterView] = []
    /// The sections whose headers and footers were last mounted.
    private(set) var sectionRange: Range<Int> = 0..<0
    /// What the mounted items were laid out against: the load generation, the layout's
    /// version and breadth. While they are unchanged, a pass only adds and drops items at
    /// the band's edges.
    @exclusivity(unchecked) private var laidOutAgainst = LayoutKey(generation: -1, version: -1, breadth: -1)
    /// Reused between passes so a scroll step allocates nothing.
    @exclusivity(unchecked) private var scratch: [(ItemPath, Double, Double)] = []

    /// What a layout pass is laid out against (see `laidOutAgainst`).
    struct LayoutKey: Equatable {
        var generation: Int
        var version: Int
        var breadth: Double
        /// The layout's `placementVersion` (an orthogonal section scrolled).
        var placement = 0
    }

    /// One layout pass's view of the viewport, along the scroll axis.
    struct Pass {
        /// The items to mount meet this span (the viewport grown by the prefetch distance).
        var band: AlongSpan
        /// The viewport: the items meeting it are visible.
        var visible: AlongSpan
        /// Nothing can be seen (a zero-size viewport): nothing is visible.
        var viewportIsEmpty: Bool
        var key: LayoutKey
        /// The incremental step may run (no batch-update animation moves items).
        var allowsIncrementalStep: Bool
    }

    var count: Int { entries.count }
    var isEmpty: Bool { entries.isEmpty }
    var first: Entry? { entries.first }
    var last: Entry? { entries.last }
    subscript(k: Int) -> Entry { entries[k] }
    var indices: Range<Int> { entries.indices }

    func isVisible(_ k: Int) -> Bool { (carriedVisibility?[k] ?? visibleSpan.contains(k)) && !entries[k].aside }
    /// The visible items in index order (the visible run less items aside).
    var visible: [Entry] { entries[visibleSpan].filter { !$0.aside } }
    /// The slots of the visible items.
    var visibleSlots: [Int] {
        // Plain loops here and below: a closure passed to the standard library from this
        // main-actor class costs a dynamic executor check per element.
        var slots: [Int] = []
        slots.reserveCapacity(visibleSpan.count)
        for k in visibleSpan where !entries[k].aside { slots.append(k) }
        return slots
    }
    /// The first visible item (no allocation).
    var firstVisible: Entry? {
        for k in visibleSpan where !entries[k].aside { return entries[k] }
        return nil
    }
    var prepared: [Entry] { entries.indices.filter { !visibleSpan.contains($0) || entries[$0].aside }.map { entries[$0] } }

    /// The slot of a mounted index path (binary search).
    func index(of ip: ItemPath) -> Int? {
        var lo = 0, hi = entries.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if entries[mid].indexPath < ip { lo = mid + 1 } else { hi = mid }
        }
        return lo < entries.count && entries[lo].indexPath == ip ? lo : nil
    }

    /// The slot of a mounted cell.
    func index(of cell: ReusableCell) -> Int? {
        guard let ip = cell.mountedIndexPath, let k = index(of: ip), entries[k].cell === cell else { return nil }
        return k
    }

    // MARK: Cells in and out of the pool

    /// A pooled cell (after `prepareForReuse`) or a new one; nil for an unregistered identifier.
    func dequeue(_ identifier: String) -> ReusableCell? {
        guard let (cell, isNew) = pool.dequeue(identifier) else { return nil }
        if isNew { adopt(cell) } else { log.record(.reused, cell.cellID, nil) }
        return cell
    }

    /// Gives a new cell (made by the pool's factory or by the data source itself) its
    /// serial number and owner.
    func adopt(_ cell: ReusableCell) {
        lastCellID += 1
        cell.cellID = lastCellID
        cell.listView = owner
        log.record(.created, cell.cellID, nil)
    }

    /// True for a cell this view made (it has a serial number).
    func owns(_ cell: ReusableCell) -> Bool { cell.cellID != 0 && cell.listView === owner }

    /// The data source configured `cell` for `ip`.
    func noteBound(_ cell: ReusableCell, at ip: ItemPath) {
        changes.bound(cell)
        cell.mountedIndexPath = ip
        // Bound anew (or reconfigured): what it shows changed, unless a reconfigure in which
        // the cell marked only live layers changed (ReusableCell+LiveLayers.swift).
        if cell.takeLiveOnlyReconfigure() { cell.noteDisplayChange() } else { cell.invalidateContent() }
        log.record(.bound, cell.cellID, ip)
    }

    /// Returns an unmounted cell (a finished ghost, a replaced cell) to the pool.
    func recycle(_ cell: ReusableCell, from ip: ItemPath?) {
        if let ip { cell.lastIndexPath = ip.indexPath }
        changes.leaving(cell)
        cell.mountedIndexPath = nil
        cell.isOffscreen = true
        if cell.isHighlighted { cell.isHighlighted = false }
        log.record(pool.enqueue(cell) ? .recycled : .discarded, cell.cellID, ip)
    }

    // MARK: Mounting

    /// Appends newly bound items after the last one (hidden until `updateVisibility`).
    func append(_ entry: Entry) { entries.append(entry) }

    /// Inserts newly bound items before the first one; the visible run moves with them.
    func prepend(_ new: [Entry]) {
        entries.insert(contentsOf: new, at: 0)
        visibleSpan = (visibleSpan.lowerBound + new.count)..<(visibleSpan.upperBound + new.count)
    }

    /// Unmounts `n` items from the front and `m` from the back, recycling their cells.
    func drop(front n: Int, back m: Int) {
        guard n > 0 || m > 0 else { return }
        for k in 0..<n { unmount(k) }
        for k in (entries.count - m)..<entries.count { unmount(k) }
        entries.removeLast(m)
        entries.removeFirst(n)
        let lower = min(max(0, visibleSpan.lowerBound - n), entries.count)
        visibleSpan = lower..<min(max(lower, visibleSpan.upperBound - n), entries.count)
    }

    /// Replaces every entry (a full layout pass or an update): cells not in `new` must have
    /// been unmounted or detached already. The visible run is recomputed by the caller.
    func replaceAll(with new: [Entry], visible span: Range<Int>) {
        entries = new
        visibleSpan = span
        carriedVisibility = nil
    }

    /// After `replaceAll` by an update: which entries were visible, for the next pass.
    func markVisible(_ flags: [Bool]) { carriedVisibility = flags }

    /// Unmounts every item, header and footer.
    func unmountAll() {
        for k in entries.indices { unmount(k) }
        entries = []
        visibleSpan = 0..<0
        carriedVisibility = nil
        for view in Array(headers.values) + Array(footers.values) { recycleSectionView(view) }
        headers = [:]
        footers = [:]
        sectionRange = 0..<0
    }

    /// Unmounts one item: didEndDisplaying if it was visible, then back to the pool (the
    /// cell of an item being moved by hand, `retained`, is only set aside).
    func unmount(_ k: Int) {
        let e = entries[k]
        if isVisible(k) { endDisplay(e) }
        if e.cell === retained { setAside(e.cell); return }
        recycle(e.cell, from: e.indexPath)
    }

    // MARK: The cell of an item moved by hand

    /// The moving item's cell: when its item leaves the band it is set aside, not pooled.
    @exclusivity(unchecked) var retained: ReusableCell?

    /// Takes a cell off its item without pooling it (the moving item's, off the band).
    func setAside(_ cell: ReusableCell) {
        changes.leaving(cell)
        cell.mountedIndexPath = nil
        cell.isOffscreen = true
    }

    /// Mounts a set-aside cell again for `ip`, as it is: nothing is re-bound.
    func remount(_ cell: ReusableCell, at ip: ItemPath) {
        changes.bound(cell)
        cell.mountedIndexPath = ip
    }

    /// Takes an item's cell out without pooling it (a deleted row that stays as a ghost);
    /// didEndDisplaying if it was visible. The caller drops the entry with `replaceAll`.
    func detach(_ k: Int) -> ReusableCell {
        let e = entries[k]
        if isVisible(k) { endDisplay(e) }
        changes.leaving(e.cell)
        e.cell.mountedIndexPath = nil
        return e.cell
    }

    /// A mounted cell shows another index path (rows moved by an update).
    func relabel(_ cell: ReusableCell, as ip: ItemPath) {
        changes.relabelling(cell)
        cell.mountedIndexPath = ip
    }

    /// A reconfigure bound a different cell than the one mounted at `k`.
    func replaceCell(at k: Int, with cell: ReusableCell) {
        let old = entries[k]
        cell.place(old.cell.frame)
        cell.isOffscreen = old.cell.isOffscreen
        let ip = old.indexPath
        recycle(old.cell, from: ip)
        cell.mountedIndexPath = ip
        entries[k] = Entry(cell: cell, start: old.start, end: old.end)
    }

    func setExtent(_ k: Int, start: Double, end: Double) {
        entries[k].start = start
        entries[k].end = end
    }

    /// The next pass is a full one (an update left holes the incremental step would not fill,
    /// or the layout object was replaced).
    func invalidateLaidOutGeometry() { laidOutAgainst = LayoutKey(generation: -1, version: -1, breadth: -1) }
    /// The mounted items' places are still right for `key` (a batch update changed only
    /// what lies after them): the next pass may be the incremental step.
    func keepLaidOutGeometry(_ key: LayoutKey) { laidOutAgainst = key }

    /// Moves the visible run to the items meeting `span`, with willDisplay /
    /// didEndDisplaying for each item that flips. Items are sorted and their extents
    /// non-decreasing, so the run's new ends are found by binary search and only the items
    /// between the old and new ends are touched (usually one or two per step).
    func updateVisibility(_ span: AlongSpan, viewportIsEmpty: Bool) {
        let minY = span.start, maxY = span.end
        carriedVisibility = nil
        let old = visibleSpan
        // (Searched in place, not inside `withUnsafeBufferPointer`: its closure checked the
        // main actor's executor at run time on every pass.)
        var a = 0, b = 0
        if !viewportIsEmpty {
            var lo = 0, hi = entries.count
            while lo < hi { let mid = (lo + hi) / 2; if entries[mid].end > minY { hi = mid } else { lo = mid + 1 } }
            a = lo
            hi = entries.count
            while lo < hi { let mid = (lo + hi) / 2; if entries[mid].start >= maxY { hi = mid } else { lo = mid + 1 } }
            b = lo
        }
        let span = a..<b
        visibleSpan = span
        let flips = old.isEmpty || span.isEmpty
            ? [old, span]
            : [min(a, old.lowerBound)..<max(a, old.lowerBound), min(b, old.upperBound)..<max(b, old.upperBound)]
        for range in flips {
            for k in range where k < entries.count && old.contains(k) != span.contains(k) && !entries[k].aside {
                if span.contains(k) { beginDisplay(entries[k]) } else { endDisplay(entries[k]) }
            }
        }
    }

    /// After `replaceAll`: the visible run from scratch, flipping only items whose state
    /// differs from `wasVisible` (what each entry's cell showed before the pass).
    func settleVisibility(_ span: AlongSpan, viewportIsEmpty: Bool, wasVisible: [Bool]) {
        let minY = span.start, maxY = span.end
        carriedVisibility = nil
        visibleSpan = 0..<0
        var first = entries.count, end = entries.count
        if !viewportIsEmpty {
            first = entries.firstIndex { $0.end > minY && $0.start < maxY } ?? entries.count
            end = entries[first...].firstIndex { !($0.end > minY && $0.start < maxY) } ?? entries.count
        }
        visibleSpan = first..<end
        for k in entries.indices {
            let visible = visibleSpan.contains(k) && !entries[k].aside
            if visible && !wasVisible[k] { beginDisplay(entries[k]) } else if !visible && wasVisible[k] { endDisplay(entries[k]) }
        }
    }

    // MARK: Section headers and footers

    /// Mounts the header and footer views of the sections in `range` that have a height
    /// (titled from `layout`), recycling those of sections that left the range or lost it.
    private func mountSectionViews(_ range: Range<Int>, layout: any ItemLayout) {
        let range = layout.mountsSectionViews ? range : 0..<0
        sectionRange = range
        for (s, view) in headers where !range.contains(s) || layout.headerLength(ofSection: s) <= 0 {
            recycleSectionView(view); headers[s] = nil
        }
        for (s, view) in footers where !range.contains(s) || layout.footerLength(ofSection: s) <= 0 {
            recycleSectionView(view); footers[s] = nil
        }
        for s in range {
            if layout.headerLength(ofSection: s) > 0 {
                let view = headers[s] ?? headerPool.popLast() ?? TableViewHeaderFooterView(kind: .header)
                view.section = s
                view.title = layout.headerTitle(ofSection: s)
                headers[s] = view
            }
            if layout.footerLength(ofSection: s) > 0 {
                let view = footers[s] ?? footerPool.popLast() ?? TableViewHeaderFooterView(kind: .footer)
                view.section = s
                view.title = layout.footerTitle(ofSection: s)
                footers[s] = view
            }
        }
    }

    /// Takes a section's header and footer out without pooling them (a deleted section's,
    /// fading out as ghosts; `recycleSectionView` when they are done).
    func takeSectionViews(of section: Int) -> [TableViewHeaderFooterView] {
        [headers.removeValue(forKey: section), footers.removeValue(forKey: section)].compactMap { $0 }
    }

    /// Header views waiting in their pool.
    var pooledHeaderCount: Int { headerPool.count }

    /// A header or footer view back to its pool.
    func recycleSectionView(_ view: TableViewHeaderFooterView) {
        view.prepareForReuse()
        if view.kind == .header { headerPool.append(view) } else { footerPool.append(view) }
    }

    /// Where each mounted header and footer is: when headers stick, the header of the section
    /// at the start of the viewport floats there until the next section's header pushes it on.
    func positionSectionViews(layout: any ItemLayout, offset: Double, breadth: Double, headersStick: Bool) {
        if headers.isEmpty && footers.isEmpty { return }
        let axis = layout.axis
        for (s, view) in headers {
            guard s < layout.numberOfSections else { continue }
            let start = layout.start(ofSection: s), length = layout.headerLength(ofSection: s)
            var at = start
            if headersStick {
                let sectionEnd = start + layout.length(ofSection: s)
                at = max(start, min(offset, sectionEnd - length))
            }
            view.isFloating = at > start
            view.frame = axis.rect(along: at, length: length, across: 0, breadth: breadth)
        }
        for (s, view) in footers {
            guard s < layout.numberOfSections else { continue }
            let length = layout.footerLength(ofSection: s)
            let end = layout.start(ofSection: s) + layout.length(ofSection: s)
            view.frame = axis.rect(along: end - length, length: length, across: 0, breadth: breadth)
        }
    }

    // MARK: The layout pass

    /// Mounts exactly the items `layout` says meet the pass's band, binding the ones that
    /// arrive and recycling the ones that leave, then the mounted sections' headers and
    /// footers. The common scroll step only looks at the band's edges; anything else (a
    /// jump, a reload, an update, a geometry change) runs the full pass. Cells come from
    /// (and self-sizing items are measured by) `owner`, the view running the pass; costs
    /// O(log n + mounted items).
    func layOut(_ layout: any ItemLayout, in pass: Pass, headersStick: Bool, for owner: ListBase) {
        let incremental = pass.allowsIncrementalStep && mountIncrementally(layout, pass, owner)
        if !incremental { mountAll(layout, owner) }
        laidOutAgainst = pass.key
        // Against the viewport as the pass left it (anchoring may have moved it).
        let now = incremental ? pass : owner.mountingPass
        let range = layout.sections(meeting: now.band)
        if !incremental || range != sectionRange { mountSectionViews(range, layout: layout) }
        positionSectionViews(layout: layout, offset: now.visible.start, breadth: now.key.breadth, headersStick: headersStick)
    }

    /// The common scroll step: geometry is unchanged and the new band overlaps the mounted
    /// items, so only items at its edges leave or arrive; the rest just flip between visible
    /// and prepared. Returns false (having changed nothing) when the full pass is needed.
    private func mountIncrementally(_ layout: any ItemLayout, _ pass: Pass, _ owner: ListBase) -> Bool {
        guard let first = entries.first, let last = entries.last, laidOutAgainst == pass.key, !pass.viewportIsEmpty else { return false }
        let band = pass.band
        let start = first.start, end = last.end
        guard band.start < end, band.end > start else { return false }     // a jump: nothing overlaps

        // Items arriving before and after the mounted ones (collected in a local that owns
        // the reused scratch buffer, so appending neither allocates nor re-enters `self`).
        var arrivals = scratch
        scratch = []
        defer { arrivals.removeAll(keepingCapacity: true); scratch = arrivals }
        let firstIP = first.indexPath, lastIP = last.indexPath
        layout.forEachItem(meeting: AlongSpan(start: band.start, end: min(start, band.end))) { ip, a, l in
            if ip < firstIP { arrivals.append((ip, a, l)) }
        }
        let before = arrivals.count
        layout.forEachItem(meeting: AlongSpan(start: max(end, band.start), end: band.end)) { ip, a, l in
            if ip > lastIP { arrivals.append((ip, a, l)) }
        }
        for (ip, _, _) in arrivals where layout.needsMeasuring(ip) { return false }

        // Drop items that left the band (from both ends), then bind the arrivals.
        var dropFront = 0
        while dropFront < entries.count, entries[dropFront].end <= band.start { dropFront += 1 }
        var dropBack = 0
        while dropBack < entries.count - dropFront, entries[entries.count - 1 - dropBack].start >= band.end { dropBack += 1 }
        drop(front: dropFront, back: dropBack)
        if before > 0 {
            var arriving: [Entry] = []
            arriving.reserveCapacity(before)
            for (ip, a, l) in arrivals[..<before] { arriving.append(mountNew(ip, start: a, length: l, layout, owner)) }
            prepend(arriving)
        }
        for (ip, a, l) in arrivals[before...] { append(mountNew(ip, start: a, length: l, layout, owner)) }
        pool.noteMounted(entries.count)
        updateVisibility(pass.visible, viewportIsEmpty: false)
        owner.mountedItemsDidStep()
        return true
    }

    /// Binds an item that arrives and places its cell (not yet visible).
    private func mountNew(_ ip: ItemPath, start: Double, length: Double, _ layout: any ItemLayout, _ owner: ListBase) -> Entry {
        let cell = owner.bind(ip)
        let frame = layout.itemFrame(ip, start: start, length: length)
        cell.place(frame)
        return Entry(cell: cell, start: start, end: start + length, aside: layout.isOutsideBreadth(ip, frame: frame))
    }

    /// The full pass: mounts exactly the items meeting the band, keeping the cells of items
    /// that stay, measuring self-sizing items as they are bound (the owner keeps the first
    /// fully visible item in place while their estimates correct, which may move the
    /// viewport: the visible run is found against where it ends up).
    private func mountAll(_ layout: any ItemLayout, _ owner: ListBase) {
        let band = owner.mountingPass.band
        var wanted: [(ItemPath, Double, Double)] = []
        wanted.reserveCapacity(entries.count + 8)
        layout.forEachItem(meeting: band) { wanted.append(($0, $1, $2)) }

        // Merge the old and new sorted lists: recycle the items that left first, so the items
        // that arrive can reuse their cells.
        var kept: [ReusableCell?] = Array(repeating: nil, count: wanted.count)
        var wasVisible = Array(repeating: false, count: wanted.count)
        var i = 0
        for (k, (ip, _, _)) in wanted.enumerated() {
            while i < entries.count && entries[i].indexPath < ip { unmount(i); i += 1 }
            if i < entries.count && entries[i].indexPath == ip {
                kept[k] = entries[i].cell
                wasVisible[k] = isVisible(i)
                i += 1
            }
        }
        while i < entries.count { unmount(i); i += 1 }

        var needsMeasuring = false
        for (ip, _, _) in wanted where layout.needsMeasuring(ip) { needsMeasuring = true; break }
        var next: [Entry] = []
        next.reserveCapacity(wanted.count)
        owner.keepingAnchor(needsMeasuring) {
            for (k, (ip, _, _)) in wanted.enumerated() {
                let cell = kept[k] ?? owner.bind(ip)
                if layout.needsMeasuring(ip) { owner.measure(cell, at: ip) }
                next.append(Entry(cell: cell, start: 0, end: 0))
            }
            replaceAll(with: next, visible: 0..<0)
            pool.noteMounted(entries.count)
        }

        for k in entries.indices {
            let ip = entries[k].indexPath
            let (start, length) = layout.itemExtent(ip)
            let frame = layout.itemFrame(ip, start: start, length: length)
            entries[k].cell.place(frame)
            entries[k].aside = layout.isOutsideBreadth(ip, frame: frame)
            setExtent(k, start: start, end: start + length)
        }
        let now = owner.mountingPass
        settleVisibility(now.visible, viewportIsEmpty: now.viewportIsEmpty, wasVisible: wasVisible)
        owner.mountedItemsDidSettle()
    }

    private func beginDisplay(_ e: Entry) {
        e.cell.isOffscreen = false
        log.record(.willDisplay, e.cell.cellID, e.indexPath)
        owner?.delegateAdapter.willDisplay(e.cell, at: e.indexPath)
    }

    private func endDisplay(_ e: Entry) {
        e.cell.isOffscreen = true
        log.record(.didEndDisplaying, e.cell.cellID, e.indexPath)
        owner?.delegateAdapter.didEndDisplaying(e.cell, at: e.indexPath)
    }
}
