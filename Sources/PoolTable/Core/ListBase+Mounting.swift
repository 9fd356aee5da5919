import Dispatch

/// The layout pass as the core runs it: `MountedItems` mounts (binding the items that arrive
/// and recycling the ones that leave, against the band the viewport gives), asking the core
/// here to bind and measure items and to keep the anchor while self-sizing items correct.
/// Geometry comes from the layout; costs O(log n + mounted items).
extension ListBase {
    /// The viewport in content coordinates.
    public var visibleRect: Rect {
        viewport.axis.rect(along: offset, length: viewport.length, across: 0, breadth: viewport.breadth)
    }

    /// Header views currently mounted, by section.
    public var mountedHeaderSections: [Int] { layoutIfNeeded(); return items.headers.keys.sorted() }

    // MARK: Mounted cells (the subclasses give them UIKit's names and types)

    var visibleEntries: [MountedItems.Entry] { layoutIfNeeded(); return items.visible }
    var preparedEntries: [MountedItems.Entry] { layoutIfNeeded(); return items.prepared }
    var mountedEntries: [MountedItems.Entry] { layoutIfNeeded(); return items.entries }

    /// The last mounted item's section and row (mounted items are in index order), nil when
    /// none is mounted: what `indexPathsForMountedRows.last` says, without building the list
    /// (or an `IndexPath`, whose initializer allocates). A host deciding whether a change
    /// reaches the mounted items asks this per change.
    @_spi(Hosting) public var lastMountedItem: (section: Int, row: Int)? {
        layoutIfNeeded()
        // (No closure: one formed here, passed to `Optional.map`, checked the main actor's
        // executor at run time, ~220 instructions a call.)
        guard let last = items.entries.last else { return nil }
        let ip = last.indexPath
        return (ip.section, ip.row)
    }

    /// The mounted items, in index order: each one's section, row and cell. What
    /// `indexPathsForMountedRows` and `cellForRow(at:)` say together, without building the
    /// list, an `IndexPath` per item (its initializer allocates) or a cell lookup per item.
    /// A host matching a change against its mounted items calls this per change.
    @_spi(Hosting) public func forEachMountedItem(_ body: (_ section: Int, _ row: Int, _ cell: ReusableCell) -> Void) {
        layoutIfNeeded()
        for entry in items.entries { let ip = entry.indexPath; body(ip.section, ip.row, entry.cell) }
    }

    /// How many items are mounted (visible or prepared), without building their list.
    @_spi(Hosting) public var mountedItemCount: Int { layoutIfNeeded(); return items.entries.count }

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

    /// What a pass mounts against: the band (the viewport grown by `prefetchDistance`), the
    /// viewport, and what the geometry is.
    var mountingPass: MountedItems.Pass {
        MountedItems.Pass(band: viewport.mountingSpan, visible: viewport.visibleSpan, viewportIsEmpty: viewport.isEmpty,
                          key: MountedItems.LayoutKey(generation: pass.loadGeneration, version: geometry.version, breadth: viewport.breadth,
                                                      placement: geometry.placementVersion),
                          allowsIncrementalStep: !rowAnimations.isRunning || pass.keepsMountedItems)   // (a movement only displaces what is drawn)
    }

    func layoutRows() {
        let start = DispatchTime.now().uptimeNanoseconds
        pass.begin()
        defer { pass.end() }
        // Measuring self-sizing rows may move the anchor, which moves the band: repeat
        // until stable (in practice one or two passes).
        for _ in 0..<4 {
            pass.clearNeedsLayout()
            items.layOut(geometry, in: mountingPass, headersStick: presentation.headersStick, for: self)
            if !pass.needsLayout { break }
        }
        pass.clearNeedsLayout()
        counters.noteLayoutPass(microseconds: Double(DispatchTime.now().uptimeNanoseconds &- start) / 1000)
        didLayOutItems()
        checkInvariants()
        mountedCellsDidChange()
    }

    // MARK: What MountedItems asks

    /// A scroll step moved items between visible and prepared.
    func mountedItemsDidStep() {
        if clock.isEditingAnimating || selection.isAnimating { updateAnimatedCellState() }
    }

    /// A full pass settled the mounted items.
    func mountedItemsDidSettle() { updateAnimatedCellState() }

    /// Runs `body` (which binds and measures) keeping the first fully visible item where it
    /// is on screen when `measuring`.
    func keepingAnchor(_ measuring: Bool, _ body: () -> Void) {
        let anchor = measuring ? captureAnchor() : nil
        body()
        if let anchor { restoreAnchor(anchor) }
    }

    /// Asks the data source for the item's cell and applies the view's state to it.
    func bind(_ ip: ItemPath) -> ReusableCell {
        if movement.state != nil, let cell = claimMovingCell(for: ip) { return cell }
        // Mounted while rows glide: drawn after the row before it (`fillPresentedFrames`).
        if rowAnimations.isRunning && !binding.isReconfiguring { rowAnimations.follow(ip) }
        counters.noteBind()
        binding.beginBind(ip)
        if !binding.isReconfiguring { tracked.removeReconfigure(ip) }
        prefetchedItemWasBound(ip)
        let asked = dataAdapter.cell(at: ip)
        binding.endBind()
        guard var cell = asked else {
            let empty = dataAdapter.placeholderCell()
            items.adopt(empty)
            items.noteBound(empty, at: ip)
            return empty
        }
        if binding.isForeign(cell) {
            if cell.mountedIndexPath != nil || items.pool.contains(cell) {
                warn("cell-reused", "the data source returned a cell for \(ip) that is already in use; showing an empty cell instead")
                cell = dataAdapter.placeholderCell()
            }
            items.pool.noteCreatedOutsidePool()
            if !items.owns(cell) { items.adopt(cell) }
        }
        items.noteBound(cell, at: ip)
        if cell === binding.lastDequeued {
            // State was applied at dequeue; re-apply only what the data source may have changed.
            if cell.isEditing != isEditing || cell.isSelected != isSelected(ip) { applyState(to: cell, at: ip, animated: false) }
        } else {
            applyState(to: cell, at: ip, animated: false)
        }
        return cell
    }

    // MARK: Self-sizing

    /// Measures a self-sizing row's cell (before it is ever seen) and stores its length; in
    /// a section that scrolls sideways with estimated widths, its width too (one path:
    /// `sizeThatFits`, whose default is `heightThatFits` at the proposed width).
    func measure(_ cell: ReusableCell, at ip: ItemPath) {
        let canvas = measuringCanvas ?? fallbackMeasuringCanvas
        let breadth = max(0, dataAdapter.measuringBreadth(of: cell))
        let fit = cell.sizeThatFits(Size(width: breadth, height: geometry.itemFrame(ip).height), canvas: canvas)
        let across = geometry.measuresAcross(ip), w = fit.width, h = fit.height
        counters.noteMeasurement()
        let before = geometry.itemExtent(ip).length, frameBefore = geometry.itemFrame(ip)
        if across {
            geometry.setMeasuredSize(Size(width: sanitizedHeight(w, "measured width"), height: sanitizedHeight(h, "measured height")), of: ip)
        } else {
            geometry.setMeasuredLength(sanitizedHeight(h, "measured height"), of: ip)
        }
        if geometry.itemExtent(ip).length != before || geometry.itemFrame(ip) != frameBefore { pass.invalidateLayout() }
    }

    /// The canvas text is measured with when the host gave none (headless).
    var fallbackMeasuringCanvas: Canvas {
        interaction.fallbackCanvas { RecordingCanvas() }
    }
}

extension Array {
    subscript(safe i: Int) -> Element? { i >= 0 && i < count ? self[i] : nil }
}
