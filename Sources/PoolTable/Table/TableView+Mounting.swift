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
        let start = ContinuousClock.now
        isLayingOut = true
        defer { isLayingOut = false }
        // Measuring self-sizing rows may move the anchor, which moves the band: repeat
        // until stable (in practice one or two passes).
        for _ in 0..<4 {
            needsLayout = false
            mountRows()
            mountHeadersAndFooters()
            if !needsLayout { break }
        }
        needsLayout = false
        statistics.layoutPasses += 1
        let elapsed = ContinuousClock.now - start
        statistics.lastLayoutMicroseconds = Double(elapsed.components.attoseconds) / 1e12 + Double(elapsed.components.seconds) * 1e6
    }

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
        let anchor = wanted.contains { layout.needsMeasuring($0.0) } ? captureAnchor() : nil
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
            let visible = frame.height > 0 && y < viewport.maxY && y + h > viewport.minY
            mounted[k].isVisible = visible
            m.cell.isHidden = !visible
            let was = wasVisible[k]
            if visible && !was {
                if kept[k] != nil && !legacyVisibleCellsOnlyRefresh { refreshState(of: m.cell, at: m.indexPath) }
                delegate?.tableView(self, willDisplay: m.cell, forRowAt: m.indexPath)
            } else if !visible && was {
                delegate?.tableView(self, didEndDisplaying: m.cell, forRowAt: m.indexPath)
            }
        }
        updateAnimatedCellState()
    }

    /// Returns a mounted row's cell to the pool (its `prepareForReuse` runs when it is
    /// handed out again).
    func unmount(_ row: MountedRow) {
        if row.isVisible { delegate?.tableView(self, didEndDisplaying: row.cell, forRowAt: row.indexPath) }
        row.cell.mountedIndexPath = nil
        row.cell.isHidden = true
        row.cell.isHighlighted = false
        pool.enqueue(row.cell)
    }

    func unmountEverything() {
        for m in mounted { unmount(m) }
        mounted = []
        for (_, h) in mountedHeaders { h.prepareForReuse(); headerPool.append(h) }
        for (_, f) in mountedFooters { f.prepareForReuse(); footerPool.append(f) }
        mountedHeaders = [:]
        mountedFooters = [:]
    }

    /// Asks the data source for the row's cell and applies the table's state to it.
    func bind(_ ip: IndexPath) -> TableViewCell {
        statistics.binds += 1
        lastDequeued = nil
        if reconfiguringCell == nil { pendingReconfigures.remove(ip) }
        guard let dataSource else { return TableViewCell(reuseIdentifier: nil) }
        var cell = dataSource.tableView(self, cellForRowAt: ip)
        if cell !== lastDequeued && cell !== reconfiguringCell {
            if cell.mountedIndexPath != nil || pool.contains(cell) {
                warn("cell-reused", "cellForRowAt(\(ip)) returned a cell that is already in use; showing an empty cell instead")
                cell = TableViewCell(reuseIdentifier: nil)
            }
            pool.noteCreatedOutsidePool()
        }
        cell.tableView = self
        cell.mountedIndexPath = ip
        applyState(to: cell, at: ip, animated: false)
        return cell
    }

    func rowFrame(y: Double, height: Double) -> Rect {
        style == .grouped
            ? Rect(x: groupInset, y: y, width: max(0, frame.width - 2 * groupInset), height: height)
            : Rect(x: 0, y: y, width: frame.width, height: height)
    }

    /// Horizontal inset of the rounded groups in `.grouped` style.
    var groupInset: Double { frame.width > 600 ? 32 : 16 }

    private func mountHeadersAndFooters() {
        let band = mountingBand
        let range = layout.sections(overlapping: band.minY, band.maxY)
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
        let width = rowFrame(y: 0, height: 0).width
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
