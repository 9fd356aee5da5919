import Dispatch

/// The layout pass: which rows are mounted (visible or prepared), binding the ones that
/// arrive and recycling the ones that leave. Costs O(log n + mounted rows).
extension TableView {
    /// The viewport in content coordinates.
    public var visibleRect: Rect { Rect(x: 0, y: offsetY, width: frame.width, height: frame.height) }

    public var visibleCells: [TableViewCell] { layoutIfNeeded(); return mounted.filter(\.isVisible).map(\.cell) }
    public var indexPathsForVisibleRows: [IndexPath] { layoutIfNeeded(); return mounted.filter(\.isVisible).map(\.indexPath) }
    public var preparedCells: [TableViewCell] { layoutIfNeeded(); return mounted.filter { !$0.isVisible }.map(\.cell) }
    public var indexPathsForPreparedRows: [IndexPath] { layoutIfNeeded(); return mounted.filter { !$0.isVisible }.map(\.indexPath) }
    public var mountedCells: [TableViewCell] { layoutIfNeeded(); return mounted.map(\.cell) }
    public var indexPathsForMountedRows: [IndexPath] { layoutIfNeeded(); return mounted.map(\.indexPath) }

    /// Any mounted cell, visible or prepared; nil otherwise.
    public func cellForRow(at indexPath: IndexPath) -> TableViewCell? {
        layoutIfNeeded()
        return mountedIndex(of: indexPath).map { mounted[$0].cell }
    }

    /// The row a mounted cell shows; nil for pooled or foreign cells.
    public func indexPath(for cell: TableViewCell) -> IndexPath? {
        layoutIfNeeded()
        guard cell.tableView === self, let ip = cell.mountedIndexPath, let i = mountedIndex(of: ip), mounted[i].cell === cell else { return nil }
        return ip
    }

    /// Header views currently mounted, by section.
    public var mountedHeaderSections: [Int] { layoutIfNeeded(); return mountedHeaders.keys.sorted() }

    func mountedIndex(of ip: IndexPath) -> Int? {
        var lo = 0, hi = mounted.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if mounted[mid].indexPath < ip { lo = mid + 1 } else { hi = mid }
        }
        return lo < mounted.count && mounted[lo].indexPath == ip ? lo : nil
    }

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
            let incremental = mountRowsIncrementally()
            if !incremental { mountRows() }
            mountedGeometry = (loadGeneration, layout.version, frame.width)
            mountHeadersAndFooters(geometryUnchanged: incremental)
            if !needsLayout { break }
        }
        needsLayout = false
        statistics.layoutPasses += 1
        statistics.lastLayoutMicroseconds = Double(DispatchTime.now().uptimeNanoseconds &- start) / 1000
    }

    /// The common scroll step: geometry is unchanged and the new band overlaps the mounted
    /// rows, so only rows at its edges leave or arrive; the rest just flip between visible and
    /// prepared. Returns false (having changed nothing) when the full pass is needed.
    private func mountRowsIncrementally() -> Bool {
        guard let first = mounted.first, let last = mounted.last, !rowAnimations.isRunning,
              mountedGeometry == (loadGeneration, layout.version, frame.width), frame.height > 0 else { return false }
        let band = mountingBand
        let top = first.top, bottom = last.bottom
        guard band.minY < bottom, band.maxY > top else { return false }     // a jump: nothing overlaps

        // Rows arriving above and below the mounted ones (collected in a local that owns the
        // reused scratch buffer, so appending neither allocates nor re-enters `self`).
        var arrivals = scratchRows
        scratchRows = []
        defer { arrivals.removeAll(keepingCapacity: true); scratchRows = arrivals }
        let firstIP = first.indexPath, lastIP = last.indexPath
        layout.forEachRow(from: band.minY, to: min(top, band.maxY)) { ip, y, h in
            if ip < firstIP { arrivals.append((ip, y, h)) }
        }
        let above = arrivals.count
        layout.forEachRow(from: max(bottom, band.minY), to: band.maxY) { ip, y, h in
            if ip > lastIP { arrivals.append((ip, y, h)) }
        }
        for (ip, _, _) in arrivals where layout.needsMeasuring(ip) { return false }

        // Drop rows that left the band (from both ends), then bind the arrivals.
        var dropFront = 0
        while dropFront < mounted.count, mounted[dropFront].bottom <= band.minY { unmount(mounted[dropFront]); dropFront += 1 }
        var dropBack = 0
        while dropBack < mounted.count - dropFront, mounted[mounted.count - 1 - dropBack].top >= band.maxY {
            unmount(mounted[mounted.count - 1 - dropBack]); dropBack += 1
        }
        if dropBack > 0 { mounted.removeLast(dropBack) }
        if dropFront > 0 { mounted.removeFirst(dropFront) }
        let shift = -dropFront + above          // where the old visible run sits now
        if above > 0 {
            var arriving: [MountedRow] = []
            arriving.reserveCapacity(above)
            for (ip, y, h) in arrivals[..<above] { arriving.append(mountNew(ip, y: y, height: h)) }
            mounted.insert(contentsOf: arriving, at: 0)
        }
        for (ip, y, h) in arrivals[above...] { mounted.append(mountNew(ip, y: y, height: h)) }
        pool.noteMounted(mounted.count)
        let count = mounted.count
        let lower = min(max(0, visibleSpan.lowerBound + shift), count)
        let upper = min(max(lower, visibleSpan.upperBound + shift), count)
        updateVisibility(from: lower..<upper)
        return true
    }

    /// Binds a row that arrives and places its cell (not yet visible).
    private func mountNew(_ ip: IndexPath, y: Double, height: Double) -> MountedRow {
        let cell = bind(ip)
        cell.frame = rowFrame(y: y, height: height)
        return MountedRow(indexPath: ip, cell: cell, isVisible: false, top: y, bottom: y + height)
    }

    /// Moves the visible run to the rows that intersect the viewport, with willDisplay /
    /// didEndDisplaying for each row that flips. Rows are sorted and don't overlap, so the
    /// visible ones are one contiguous run: its new ends are found by binary search and only
    /// the rows between the old and new ends are touched (usually one or two per step).
    /// `old` is where the previous run lies in `mounted` now.
    private func updateVisibility(from old: Range<Int>) {
        let minY = offsetY, maxY = offsetY + frame.height
        let (a, b): (Int, Int) = mounted.withUnsafeBufferPointer { rows in
            var lo = 0, hi = rows.count
            while lo < hi { let mid = (lo + hi) / 2; if rows[mid].bottom > minY { hi = mid } else { lo = mid + 1 } }
            let first = lo
            hi = rows.count
            while lo < hi { let mid = (lo + hi) / 2; if rows[mid].top >= maxY { hi = mid } else { lo = mid + 1 } }
            return (first, lo)
        }
        let span = a..<b
        visibleSpan = span
        for range in [min(a, old.lowerBound)..<max(a, old.lowerBound), min(b, old.upperBound)..<max(b, old.upperBound)] {
            for k in range where mounted[k].isVisible != span.contains(k) {
                let visible = span.contains(k)
                mounted[k].isVisible = visible
                let cell = mounted[k].cell, ip = mounted[k].indexPath
                cell.isHidden = !visible
                if visible {
                    delegate?.tableView(self, willDisplay: cell, forRowAt: ip)
                } else {
                    delegate?.tableView(self, didEndDisplaying: cell, forRowAt: ip)
                }
            }
        }
        if editingTransition != nil || !selectionTransitions.isEmpty { updateAnimatedCellState() }
    }

    /// The full pass (after a jump, a reload, an update or a geometry change): mounts exactly
    /// the rows in the band, keeping the cells of rows that stay, measuring self-sizing rows
    /// as they are bound, and anchoring the first fully visible row while estimates correct.
    private func mountRows() {
        let band = mountingBand
        let viewport = visibleRect
        var wanted: [(IndexPath, Double, Double)] = []
        wanted.reserveCapacity(mounted.count + 8)
        layout.forEachRow(from: band.minY, to: band.maxY) { wanted.append(($0, $1, $2)) }

        // Merge the old and new sorted lists: recycle the rows that left first, so the rows
        // that arrive can reuse their cells.
        var kept: [TableViewCell?] = Array(repeating: nil, count: wanted.count)
        var wasVisible = Array(repeating: false, count: wanted.count)
        var i = 0
        for (k, (ip, _, _)) in wanted.enumerated() {
            while i < mounted.count && mounted[i].indexPath < ip { unmount(mounted[i]); i += 1 }
            if i < mounted.count && mounted[i].indexPath == ip {
                kept[k] = mounted[i].cell
                wasVisible[k] = mounted[i].isVisible
                i += 1
            }
        }
        while i < mounted.count { unmount(mounted[i]); i += 1 }

        // Self-sizing rows are measured as they are bound (before they are seen); the
        // first fully visible row is kept in place while their estimates are corrected.
        var needsMeasuring = false
        for (ip, _, _) in wanted where layout.needsMeasuring(ip) { needsMeasuring = true; break }
        let anchor = needsMeasuring ? captureAnchor() : nil
        var next: [MountedRow] = []
        next.reserveCapacity(wanted.count)
        for (k, (ip, _, _)) in wanted.enumerated() {
            let cell = kept[k] ?? bind(ip)
            if layout.needsMeasuring(ip) { measure(cell, at: ip) }
            next.append(MountedRow(indexPath: ip, cell: cell, isVisible: false))
        }
        mounted = next
        pool.noteMounted(mounted.count)
        if let anchor { restoreAnchor(anchor) }

        for k in mounted.indices {
            let (y, h) = layout.rowExtent(mounted[k].indexPath)
            let m = mounted[k]
            m.cell.frame = rowFrame(y: y, height: h)
            mounted[k].top = y
            mounted[k].bottom = y + h
            let visible = frame.height > 0 && y < viewport.maxY && y + h > viewport.minY
            mounted[k].isVisible = visible
            m.cell.isHidden = !visible
            let was = wasVisible[k]
            if visible && !was {
                delegate?.tableView(self, willDisplay: m.cell, forRowAt: m.indexPath)
            } else if !visible && was {
                delegate?.tableView(self, didEndDisplaying: m.cell, forRowAt: m.indexPath)
            }
        }
        let first = mounted.firstIndex(where: \.isVisible) ?? 0
        visibleSpan = first..<(mounted[first...].firstIndex { !$0.isVisible } ?? mounted.count)
        updateAnimatedCellState()
    }

    /// Returns a mounted row's cell to the pool (its `prepareForReuse` runs when it is
    /// handed out again).
    func unmount(_ row: MountedRow) {
        let cell = row.cell
        if row.isVisible {
            delegate?.tableView(self, didEndDisplaying: cell, forRowAt: row.indexPath)
            cell.isHidden = true                 // prepared cells are hidden already
        }
        cell.mountedIndexPath = nil
        if cell.isHighlighted { cell.isHighlighted = false }
        pool.enqueue(cell)
    }

    func unmountEverything() {
        for m in mounted { unmount(m) }
        mounted = []
        visibleSpan = 0..<0
        for (_, h) in mountedHeaders { h.prepareForReuse(); headerPool.append(h) }
        for (_, f) in mountedFooters { f.prepareForReuse(); footerPool.append(f) }
        mountedHeaders = [:]
        mountedFooters = [:]
        mountedSectionRange = 0..<0
    }

    /// Asks the data source for the row's cell and applies the table's state to it.
    func bind(_ ip: IndexPath) -> TableViewCell {
        statistics.binds += 1
        lastDequeued = nil
        if !pendingReconfigures.isEmpty && reconfiguringCell == nil { pendingReconfigures.remove(ip) }
        guard let dataSource else { return TableViewCell(reuseIdentifier: nil) }
        var cell = dataSource.tableView(self, cellForRowAt: ip)
        if cell !== lastDequeued && cell !== reconfiguringCell {
            if cell.mountedIndexPath != nil || pool.contains(cell) {
                warn("cell-reused", "cellForRowAt(\(ip)) returned a cell that is already in use; showing an empty cell instead")
                cell = TableViewCell(reuseIdentifier: nil)
            }
            pool.noteCreatedOutsidePool()
        }
        if cell !== lastDequeued { cell.tableView = self }
        cell.mountedIndexPath = ip
        if cell === lastDequeued {
            // State was applied at dequeue; re-apply only what the data source may have changed.
            if cell.isEditing != editingState || cell.isSelected != isRowSelected(at: ip) { applyState(to: cell, at: ip, animated: false) }
        } else {
            applyState(to: cell, at: ip, animated: false)
        }
        return cell
    }

    func rowFrame(y: Double, height: Double) -> Rect {
        style == .grouped
            ? Rect(x: groupInset, y: y, width: max(0, frame.width - 2 * groupInset), height: height)
            : Rect(x: 0, y: y, width: frame.width, height: height)
    }

    /// Horizontal inset of the rounded groups in `.grouped` style.
    var groupInset: Double { frame.width > 600 ? 32 : 16 }

    private func mountHeadersAndFooters(geometryUnchanged: Bool) {
        let band = mountingBand
        let range = layout.sections(overlapping: band.minY, band.maxY)
        if geometryUnchanged && range == mountedSectionRange {
            positionHeaders()
            return
        }
        mountedSectionRange = range
        for (s, h) in mountedHeaders where !range.contains(s) || layout.sections[s].headerHeight <= 0 {
            h.prepareForReuse(); headerPool.append(h); mountedHeaders[s] = nil
        }
        for (s, f) in mountedFooters where !range.contains(s) || layout.sections[s].footerHeight <= 0 {
            f.prepareForReuse(); footerPool.append(f); mountedFooters[s] = nil
        }
        for s in range {
            let sec = layout.sections[s]
            if sec.headerHeight > 0 {
                let view = mountedHeaders[s] ?? headerPool.popLast() ?? TableViewHeaderFooterView(kind: .header)
                view.section = s
                view.title = sec.headerTitle
                mountedHeaders[s] = view
            }
            if sec.footerHeight > 0 {
                let view = mountedFooters[s] ?? footerPool.popLast() ?? TableViewHeaderFooterView(kind: .footer)
                view.section = s
                view.title = sec.footerTitle
                mountedFooters[s] = view
            }
        }
        positionHeaders()
    }

    /// Where each mounted header is drawn: in `.plain` style the header of the section at
    /// the top of the viewport floats there until the next section's header pushes it up.
    func positionHeaders() {
        if mountedHeaders.isEmpty && mountedFooters.isEmpty { return }
        for (s, view) in mountedHeaders {
            guard s < layout.numberOfSections else { continue }
            let top = layout.top(ofSection: s), sec = layout.sections[s]
            var y = top
            if style == .plain {
                let sectionBottom = top + sec.total
                y = max(top, min(offsetY, sectionBottom - sec.headerHeight))
            }
            view.isFloating = y > top
            view.frame = Rect(x: 0, y: y, width: frame.width, height: sec.headerHeight)
        }
        for (s, view) in mountedFooters {
            guard s < layout.numberOfSections else { continue }
            let sec = layout.sections[s]
            view.frame = Rect(x: 0, y: layout.top(ofSection: s) + sec.total - sec.footerHeight, width: frame.width, height: sec.footerHeight)
        }
    }

    // MARK: Self-sizing

    /// Measures a self-sizing row's cell (before it is ever seen) and stores its height.
    func measure(_ cell: TableViewCell, at ip: IndexPath) {
        let canvas = measuringCanvas ?? fallbackMeasuringCanvas
        // In edit mode the checkbox column takes part of the row: measure the content's width.
        let width = max(0, rowFrame(y: 0, height: 0).width - (editingState ? TableViewCell.editingControlWidth : 0))
        let h = cell.heightThatFits(width: width, canvas: canvas)
        statistics.measurements += 1
        let before = layout.rowExtent(ip).height
        layout.setHeight(sanitizedHeight(h, "measured height"), of: ip)
        if layout.rowExtent(ip).height != before { needsLayout = true }
        layout.setMeasured(ip)
    }

    private var fallbackMeasuringCanvas: Canvas {
        if let c = interaction.fallbackCanvas { return c }
        let c = RecordingCanvas()
        interaction.fallbackCanvas = c
        return c
    }

    /// After a width change every self-sized row must be measured again.
    func invalidateSelfSizedRows() {
        for s in 0..<layout.numberOfSections {
            guard let sizing = layout.sections[s].selfSizing else { continue }
            var measured = BitSet(count: sizing.count)
            for r in 0..<sizing.count where !sizing[r] { measured[r] = true }
            var sec = layout.sections[s]
            sec.measured = measured
            layout.replaceSection(sec, at: s)
        }
    }
}

extension Array {
    subscript(safe i: Int) -> Element? { i >= 0 && i < count ? self[i] : nil }
}
