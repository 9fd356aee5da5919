import Dispatch

/// The layout pass: which items are mounted (visible or prepared), binding the ones that
/// arrive and recycling the ones that leave, through `MountedItems`. Geometry comes from the
/// layout; costs O(log n + mounted items).
extension ListBase {
    /// The viewport in content coordinates.
    public var visibleRect: Rect { Rect(x: 0, y: offsetY, width: frame.width, height: frame.height) }

    /// Header views currently mounted, by section.
    public var mountedHeaderSections: [Int] { layoutIfNeeded(); return items.headers.keys.sorted() }

    // MARK: Mounted cells (the subclasses give them UIKit's names and types)

    var visibleEntries: ArraySlice<MountedItems.Entry> { layoutIfNeeded(); return items.visible }
    var preparedEntries: [MountedItems.Entry] { layoutIfNeeded(); return items.prepared }
    var mountedEntries: [MountedItems.Entry] { layoutIfNeeded(); return items.entries }

    /// Any mounted cell, visible or prepared; nil otherwise.
    func mountedCell(at indexPath: ItemPath) -> ReusableCell? {
        layoutIfNeeded()
        return items.index(of: indexPath).map { items[$0].cell }
    }

    /// The item a mounted cell shows; nil for pooled or foreign cells.
    func mountedIndexPath(of cell: ReusableCell) -> ItemPath? {
        layoutIfNeeded()
        return cell.listView === self ? items.index(of: cell).map { items[$0].indexPath } : nil
    }

    /// The cell's serial number in this view: stable for the cell's lifetime (0 for a cell
    /// this view never made).
    func serialNumber(of cell: ReusableCell) -> Int { cell.listView === self ? cell.cellID : 0 }

    /// The latest cell events, oldest first (at least the last 256).
    public var recentCellEvents: [CellEvent] { items.log.events }

    func mountedIndex(of ip: ItemPath) -> Int? { items.index(of: ip) }

    /// The band of content that is mounted: the viewport grown by `prefetchDistance`.
    var mountingBand: (minY: Double, maxY: Double) {
        guard frame.height > 0 && frame.width > 0 else { return (offsetY, offsetY) }
        let p = prefetchDistance
        return (offsetY - p, offsetY + frame.height + p)
    }

    func layoutRows() {
        let start = DispatchTime.now().uptimeNanoseconds
        isLayingOut = true
        defer { isLayingOut = false }
        // Measuring self-sizing rows may move the anchor, which moves the band: repeat
        // until stable (in practice one or two passes).
        for _ in 0..<4 {
            needsLayout = false
            let incremental = mountItemsIncrementally()
            if !incremental { mountItems() }
            mountedGeometry = (loadGeneration, geometry.version, frame.width)
            mountHeadersAndFooters(geometryUnchanged: incremental)
            if !needsLayout { break }
        }
        needsLayout = false
        statistics.layoutPasses += 1
        statistics.lastLayoutMicroseconds = Double(DispatchTime.now().uptimeNanoseconds &- start) / 1000
        checkInvariants()
        mountedCellsDidChange()
    }

    /// The common scroll step: geometry is unchanged and the new band overlaps the mounted
    /// items, so only items at its edges leave or arrive; the rest just flip between visible
    /// and prepared. Returns false (having changed nothing) when the full pass is needed.
    private func mountItemsIncrementally() -> Bool {
        guard let first = items.first, let last = items.last, !rowAnimations.isRunning,
              mountedGeometry == (loadGeneration, geometry.version, frame.width), frame.height > 0 else { return false }
        let band = mountingBand
        let top = first.top, bottom = last.bottom
        guard band.minY < bottom, band.maxY > top else { return false }     // a jump: nothing overlaps

        // Items arriving above and below the mounted ones (collected in a local that owns the
        // reused scratch buffer, so appending neither allocates nor re-enters `self`).
        var arrivals = scratchRows
        scratchRows = []
        defer { arrivals.removeAll(keepingCapacity: true); scratchRows = arrivals }
        let firstIP = first.indexPath, lastIP = last.indexPath
        geometry.forEachItem(from: band.minY, to: min(top, band.maxY)) { ip, y, h in
            if ip < firstIP { arrivals.append((ip, y, h)) }
        }
        let above = arrivals.count
        geometry.forEachItem(from: max(bottom, band.minY), to: band.maxY) { ip, y, h in
            if ip > lastIP { arrivals.append((ip, y, h)) }
        }
        for (ip, _, _) in arrivals where geometry.needsMeasuring(ip) { return false }

        // Drop items that left the band (from both ends), then bind the arrivals.
        var dropFront = 0
        while dropFront < items.count, items[dropFront].bottom <= band.minY { dropFront += 1 }
        var dropBack = 0
        while dropBack < items.count - dropFront, items[items.count - 1 - dropBack].top >= band.maxY { dropBack += 1 }
        items.drop(front: dropFront, back: dropBack)
        if above > 0 {
            var arriving: [MountedItems.Entry] = []
            arriving.reserveCapacity(above)
            for (ip, y, h) in arrivals[..<above] { arriving.append(mountNew(ip, y: y, height: h)) }
            items.prepend(arriving)
        }
        for (ip, y, h) in arrivals[above...] { items.append(mountNew(ip, y: y, height: h)) }
        items.pool.noteMounted(items.count)
        items.updateVisibility(minY: offsetY, maxY: offsetY + frame.height, viewportIsEmpty: false)
        if editingTransition != nil || selection.isAnimating { updateAnimatedCellState() }
        return true
    }

    /// Binds an item that arrives and places its cell (not yet visible).
    private func mountNew(_ ip: ItemPath, y: Double, height: Double) -> MountedItems.Entry {
        let cell = bind(ip)
        cell.frame = geometry.itemFrame(ip, y: y, height: height)
        return MountedItems.Entry(cell: cell, top: y, bottom: y + height)
    }

    /// The full pass (after a jump, a reload, an update or a geometry change): mounts exactly
    /// the items in the band, keeping the cells of items that stay, measuring self-sizing rows
    /// as they are bound, and anchoring the first fully visible item while estimates correct.
    private func mountItems() {
        let band = mountingBand
        var wanted: [(ItemPath, Double, Double)] = []
        wanted.reserveCapacity(items.count + 8)
        geometry.forEachItem(from: band.minY, to: band.maxY) { wanted.append(($0, $1, $2)) }

        // Merge the old and new sorted lists: recycle the items that left first, so the items
        // that arrive can reuse their cells.
        var kept: [ReusableCell?] = Array(repeating: nil, count: wanted.count)
        var wasVisible = Array(repeating: false, count: wanted.count)
        var i = 0
        for (k, (ip, _, _)) in wanted.enumerated() {
            while i < items.count && items[i].indexPath < ip { items.unmount(i); i += 1 }
            if i < items.count && items[i].indexPath == ip {
                kept[k] = items[i].cell
                wasVisible[k] = items.isVisible(i)
                i += 1
            }
        }
        while i < items.count { items.unmount(i); i += 1 }

        // Self-sizing rows are measured as they are bound (before they are seen); the
        // first fully visible row is kept in place while their estimates are corrected.
        var needsMeasuring = false
        for (ip, _, _) in wanted where geometry.needsMeasuring(ip) { needsMeasuring = true; break }
        let anchor = needsMeasuring ? captureAnchor() : nil
        var next: [MountedItems.Entry] = []
        next.reserveCapacity(wanted.count)
        for (k, (ip, _, _)) in wanted.enumerated() {
            let cell = kept[k] ?? bind(ip)
            if geometry.needsMeasuring(ip) { measure(cell, at: ip) }
            next.append(MountedItems.Entry(cell: cell, top: 0, bottom: 0))
        }
        items.replaceAll(with: next, visible: 0..<0)
        items.pool.noteMounted(items.count)
        if let anchor { restoreAnchor(anchor) }

        for k in items.indices {
            let ip = items[k].indexPath
            let (y, h) = geometry.itemExtent(ip)
            items[k].cell.frame = geometry.itemFrame(ip, y: y, height: h)
            items.setExtent(k, top: y, bottom: y + h)
        }
        items.settleVisibility(minY: offsetY, maxY: offsetY + frame.height, viewportIsEmpty: frame.height <= 0, wasVisible: wasVisible)
        updateAnimatedCellState()
    }


    /// Asks the data source for the item's cell and applies the view's state to it.
    func bind(_ ip: ItemPath) -> ReusableCell {
        statistics.binds += 1
        lastDequeued = nil
        if reconfiguringCell == nil { tracked.removeReconfigure(ip) }
        guard var cell = cellFromDataSource(at: ip) else {
            let empty = makePlaceholderCell()
            items.adopt(empty)
            items.noteBound(empty, at: ip)
            return empty
        }
        if cell !== lastDequeued && cell !== reconfiguringCell {
            if cell.mountedIndexPath != nil || items.pool.contains(cell) {
                warn("cell-reused", "the data source returned a cell for \(ip) that is already in use; showing an empty cell instead")
                cell = makePlaceholderCell()
            }
            items.pool.noteCreatedOutsidePool()
            if !items.owns(cell) { items.adopt(cell) }
        }
        items.noteBound(cell, at: ip)
        if cell === lastDequeued {
            // State was applied at dequeue; re-apply only what the data source may have changed.
            if cell.isEditing != editingState || cell.isSelected != isSelected(ip) { applyState(to: cell, at: ip, animated: false) }
        } else {
            applyState(to: cell, at: ip, animated: false)
        }
        return cell
    }

    private func mountHeadersAndFooters(geometryUnchanged: Bool) {
        let band = mountingBand
        let range = geometry.sections(overlapping: band.minY, band.maxY)
        if !geometryUnchanged || range != items.sectionRange { items.mountSectionViews(range, layout: geometry) }
        positionHeaders()
    }

    /// Where each mounted header is drawn: when headers stick, the header of the section at
    /// the top of the viewport floats there until the next section's header pushes it up.
    func positionHeaders() {
        if items.headers.isEmpty && items.footers.isEmpty { return }
        for (s, view) in items.headers {
            guard s < geometry.numberOfSections else { continue }
            let top = geometry.top(ofSection: s), height = geometry.headerHeight(ofSection: s)
            var y = top
            if headersStick {
                let sectionBottom = top + geometry.height(ofSection: s)
                y = max(top, min(offsetY, sectionBottom - height))
            }
            view.isFloating = y > top
            view.frame = Rect(x: 0, y: y, width: frame.width, height: height)
        }
        for (s, view) in items.footers {
            guard s < geometry.numberOfSections else { continue }
            let height = geometry.footerHeight(ofSection: s)
            view.frame = Rect(x: 0, y: geometry.top(ofSection: s) + geometry.height(ofSection: s) - height, width: frame.width, height: height)
        }
    }

    // MARK: Self-sizing

    /// Measures a self-sizing row's cell (before it is ever seen) and stores its height.
    func measure(_ cell: ReusableCell, at ip: ItemPath) {
        let canvas = measuringCanvas ?? fallbackMeasuringCanvas
        let width = max(0, measuringWidth(for: ip))
        let h = cell.heightThatFits(width: width, canvas: canvas)
        statistics.measurements += 1
        let before = geometry.itemExtent(ip).height
        geometry.setMeasuredHeight(sanitizedHeight(h, "measured height"), of: ip)
        if geometry.itemExtent(ip).height != before { needsLayout = true }
    }

    private var fallbackMeasuringCanvas: Canvas {
        if let c = interaction.fallbackCanvas { return c }
        let c = RecordingCanvas()
        interaction.fallbackCanvas = c
        return c
    }
}

extension Array {
    subscript(safe i: Int) -> Element? { i >= 0 && i < count ? self[i] : nil }
}
