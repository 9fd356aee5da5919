/// Makes the engine's inner life visible (the design's debug overlay): the table drawn zoomed
/// out around the viewport so the prefetch bands are on screen, with visible rows tinted one
/// colour, prepared (bound but hidden) rows another — hatched and labelled — rows that are
/// not mounted as faint outlines, the viewport outlined, floating headers marked, the pool
/// per reuse identifier, and live counters. Cells carry their numbers and colours, the pool
/// its waiting cells as cards, and a log panel streams what happens to them
/// (`DebugOverlay+CellIdentities.swift`, `DebugOverlay+EventLog.swift`). Rows whose cell shows a stale editing state
/// (only possible with `legacyVisibleCellsOnlyRefresh`) get a red "stale" mark.
///
/// The host draws it instead of `TableView.render(in:)` while the overlay is on, feeds it
/// frame timings, and maps pointer positions through `tablePoint(fromViewPoint:)` so the
/// table stays fully usable.
@MainActor
@_spi(Diagnostics) public final class DebugOverlay {
    /// Colours chosen to read on light and dark themes alike.
    @_spi(Diagnostics) public struct Palette: Sendable {
        /// Visible rows.
        @_spi(Diagnostics) public var visibleTint = Color(hex: 0x2ec27e, alpha: 0.22)
        /// Prepared rows (bound, hidden).
        @_spi(Diagnostics) public var preparedTint = Color(hex: 0xf5a623, alpha: 0.34)
        /// The hatching over prepared rows.
        @_spi(Diagnostics) public var hatch = Color(hex: 0xc67c00, alpha: 0.55)
        /// Outlines of rows that are not mounted.
        @_spi(Diagnostics) public var unmounted = Color(hex: 0x888888, alpha: 0.35)
        /// The viewport's outline.
        @_spi(Diagnostics) public var viewport = Color(hex: 0x3584e4)
        /// The prefetch bands' edges.
        @_spi(Diagnostics) public var prefetchBand = Color(hex: 0xf5a623, alpha: 0.8)
        /// Rows passed to the prefetching data source and not bound yet (data asked for ahead).
        @_spi(Diagnostics) public var dataPrefetch = Color(hex: 0x1c71d8, alpha: 0.85)
        /// Floating (sticky) headers.
        @_spi(Diagnostics) public var sticky = Color(hex: 0x9141ac)
        /// Marks on rows whose cell shows a stale state.
        @_spi(Diagnostics) public var stale = Color(hex: 0xe01b24)
        /// Outlines the live layers a row redraws alone (its static part kept).
        @_spi(Diagnostics) public var live = Color(hex: 0x1c9fd8)
        /// The panels' background.
        @_spi(Diagnostics) public var panel = Color(hex: 0x1e1e1e, alpha: 0.86)
        /// The panels' text.
        @_spi(Diagnostics) public var panelText = Color(hex: 0xf6f5f4)
        /// The panels' border.
        @_spi(Diagnostics) public var panelBorder = Color(hex: 0xffffff, alpha: 0.22)
        /// The shade behind the zoomed table.
        @_spi(Diagnostics) public var backdrop = Color(hex: 0x000000, alpha: 0.18)
        /// How strongly a mounted cell is washed with its identity colour.
        @_spi(Diagnostics) public var identityWashAlpha = 0.4
        /// The default palette.
        @_spi(Diagnostics) public init() {}
    }

    /// The colours the overlay draws with.
    @_spi(Diagnostics) public var palette = Palette()
    /// The words the overlay draws; English unless the host supplies translations.
    @_spi(Diagnostics) public var strings: Strings
    /// Frame work (ms), measured by the host.
    @_spi(Diagnostics) public var hostFrameMilliseconds = 0.0
    /// Frames per second, measured by the host.
    @_spi(Diagnostics) public var hostFramesPerSecond = 0.0
    /// Binds per second over the last second of samples.
    @_spi(Diagnostics) public private(set) var bindsPerSecond = 0.0

    /// The host's animation clock, shown in the Engine panel; nil when the host has none.
    @_spi(Diagnostics) public var clock: Clock?
    /// A panel of the host's own, drawn under the Engine panel while it returns lines (the
    /// Photos screen's picture loader: decodes, cancels, cache bytes).
    @_spi(Diagnostics) public var hostPanel: (@MainActor () -> (title: String, lines: [String])?)?
    /// The host's bookkeeping: the accessible description it last gave its view
    /// (`accessibleSummary`), so it updates only on change.
    @_spi(Diagnostics) public var hostAccessibleDescription: String?
    /// The events the log panel shows while frozen (`setLogFrozen`).
    var frozenLog: [CellEvent]?

    /// What the host's animation clock reads: frames advanced (a paused clock holds its
    /// count; a step adds one), engine seconds, the rate, and whether it is paused.
    @_spi(Diagnostics) public struct Clock: Sendable, Equatable {
        /// Frames the host's clock has advanced.
        @_spi(Diagnostics) public var frames: Int
        /// Engine seconds per frame-clock second (0.1 in slow motion).
        @_spi(Diagnostics) public var rate: Double
        /// Whether engine time is paused.
        @_spi(Diagnostics) public var isPaused: Bool
        /// The host clock's state to show.
        @_spi(Diagnostics) public init(frames: Int, rate: Double, isPaused: Bool) {
            self.frames = frames; self.rate = rate; self.isPaused = isPaused
        }
    }

    private var samples: [(time: Double, binds: Int)] = []

    /// An overlay drawing `strings` (English by default).
    @_spi(Diagnostics) public init(strings: Strings = Strings()) { self.strings = strings }

    /// Feeds the clock so rates can be computed (call once per frame).
    @_spi(Diagnostics) public func sample(_ table: ListBase, at time: Double) {
        guard time.isFinite else { return }
        samples.append((time, table.statistics.binds))
        while let first = samples.first, time - first.time > 1.0, samples.count > 2 { samples.removeFirst() }
        if let first = samples.first, time > first.time {
            bindsPerSecond = Double(table.statistics.binds - first.binds) / (time - first.time)
        }
    }

    // MARK: Geometry of the zoomed view

    /// The zoomed view: content y `originY` maps to view y `top`, scaled by `scale`, inset by `left`.
    @_spi(Diagnostics) public struct Transform: Equatable, Sendable {
        /// Content pixels to view pixels.
        @_spi(Diagnostics) public var scale: Double
        /// The view x of content x 0.
        @_spi(Diagnostics) public var left: Double
        /// The view y of content y `originY`.
        @_spi(Diagnostics) public var top: Double
        /// The content y shown at the view's `top`.
        @_spi(Diagnostics) public var originY: Double
        /// A content point in view coordinates.
        @_spi(Diagnostics) public func view(_ p: Point) -> Point { Point(x: left + p.x * scale, y: top + (p.y - originY) * scale) }
        /// A content rectangle in view coordinates.
        @_spi(Diagnostics) public func view(_ r: Rect) -> Rect {
            let o = view(r.origin)
            return Rect(x: o.x, y: o.y, width: r.width * scale, height: r.height * scale)
        }
        /// A view point in content coordinates (the inverse of `view(_:)`).
        @_spi(Diagnostics) public func content(_ p: Point) -> Point { Point(x: (p.x - left) / scale, y: (p.y - top) / scale + originY) }
    }

    /// Space kept above and below the prefetch bands, in content pixels.
    static let margin = 40.0

    /// Scale and placement so the viewport and both prefetch bands fit the view's height,
    /// and, in a layout with carousels, the items prepared sideways fit the width the panels
    /// leave free (they would run under the panels).
    @_spi(Diagnostics) public func transform(for table: ListBase) -> Transform {
        let h = table.frame.height, w = table.frame.width
        guard h > 0, w > 0 else { return Transform(scale: 1, left: 0, top: 0, originY: 0) }
        let span = h + 2 * table.prefetchDistance + 2 * Self.margin
        // Centre the zoomed table in the space the panels on the right leave free.
        let free = w - Self.panelWidth(for: w) - 20
        let reach = table.geometry.sidewaysReach
        let sideways = reach > 0 ? reach + Self.margin : 0
        var scale = min(1, h / span)
        if sideways > 0, free > 0 { scale = min(scale, free / (w + 2 * sideways)) }
        let scene = w + 2 * sideways
        let left = scene * scale <= free ? (free - scene * scale) / 2 + sideways * scale : (w - w * scale) / 2
        let originY = table.contentOffset.y - table.prefetchDistance - Self.margin
        return Transform(scale: scale, left: max(0, left), top: 0, originY: originY)
    }

    static func panelWidth(for width: Double) -> Double { min(320, width * 0.42) }
    /// The most lines the log panel shows.
    static let maxLogLines = 24

    /// Maps a pointer position in the view to the table's viewport coordinates, so input
    /// keeps working while the overlay is shown; nil outside the zoomed table (over the
    /// panels or the margins), where a press must not reach a row.
    @_spi(Diagnostics) public func tablePoint(fromViewPoint p: Point, table: ListBase) -> Point? {
        let t = transform(for: table)
        guard p.x >= t.left, p.x < t.left + table.frame.width * t.scale else { return nil }
        let c = t.content(p)
        return Point(x: c.x, y: c.y - table.contentOffset.y)
    }

    // MARK: Drawing

    /// Draws the whole overlay into a view of the table's frame size.
    @_spi(Diagnostics) public func render(_ table: ListBase, in canvas: Canvas) {
        table.layoutIfNeeded()
        let size = table.frame.size
        guard size.width > 0, size.height > 0 else { return }
        let t = transform(for: table)
        let theme = canvas.theme
        canvas.save()
        canvas.clip(to: Rect(origin: .zero, size: size))
        canvas.fill(Rect(origin: .zero, size: size), color: theme.isDark ? theme.background.mixed(with: .black, 0.35) : theme.groupedBackground)
        canvas.fill(Rect(origin: .zero, size: size), color: palette.backdrop)
        // In a layout with carousels the scene stops at the panels (an item prepared sideways
        // may overhang the room it is scaled into).
        canvas.save()
        if table.geometry.sidewaysReach > 0 {
            canvas.clip(to: Rect(x: 0, y: 0, width: max(0, size.width - Self.panelWidth(for: size.width) - 10), height: size.height))
        }

        let bandTop = table.contentOffset.y - table.prefetchDistance
        let bandBottom = table.contentOffset.y + size.height + table.prefetchDistance
        let shownTop = bandTop - Self.margin, shownBottom = bandBottom + Self.margin

        // Rows that are not mounted: faint outlines; those whose data was asked for ahead
        // (the prefetching data source's outstanding rows), blue.
        let mountedSet = Set(table.mountedEntries.map(\.indexPath))
        let asked = Set(table.prefetching.range.outstandingRows)
        for ip in table.items(in: Rect(x: 0, y: shownTop, width: size.width, height: shownBottom - shownTop)) where !mountedSet.contains(ip) {
            let r = t.view(table.itemRect(ip)).insetBy(dx: 0.5, dy: 0.5)
            if asked.contains(ip) {
                canvas.fill(r, color: palette.dataPrefetch.withAlpha(0.18))
                canvas.stroke(r, color: palette.dataPrefetch, lineWidth: 1.5)
            } else {
                canvas.stroke(r, color: palette.unmounted, lineWidth: 1)
            }
        }

        // Mounted rows, drawn by their own cells (prepared ones too: they are bound).
        let visible = Set(table.visibleEntries.map(\.indexPath))
        for (ip, cell) in table.mountedEntries.map({ ($0.indexPath, $0.cell) }) {
            let frame = cell.frame
            canvas.save()
            canvas.translate(x: t.view(frame.origin).x, y: t.view(frame.origin).y)
            canvas.scale(x: t.scale, y: t.scale)
            canvas.clip(to: Rect(x: 0, y: 0, width: frame.width, height: frame.height))
            cell.draw(in: canvas, bounds: Rect(x: 0, y: 0, width: frame.width, height: frame.height))
            canvas.restore()
            let r = t.view(frame)
            drawIdentity(cellID: table.serialNumber(of: cell), in: r, canvas: canvas)
            if visible.contains(ip) {
                canvas.fill(r, color: palette.visibleTint)
            } else {
                canvas.fill(r, color: palette.preparedTint)
                drawHatch(in: r, canvas: canvas)
                let tagStyle = TextStyle(font: Font(size: 10, weight: .bold, monospaced: true), color: palette.hatch.withAlpha(1), alignment: .trailing)
                let tag = Strings.fill(strings.preparedRow, ["indexPath": "\(ip)"])
                let tagWidth = max(124, canvas.measureText(tag, width: .infinity, style: tagStyle).width + 2)
                // Left of the cell's number, where it fits (not on a grid's small items).
                if r.width >= tagWidth + Self.identityPillRoom + 50 {
                    canvas.drawText(tag, in: Rect(x: r.maxX - Self.identityPillRoom - tagWidth - 6, y: r.minY + 2, width: tagWidth, height: 14), style: tagStyle)
                }
            }
            if cell.isRedrawingLiveLayersOnly { drawLiveLayers(of: cell, at: frame.origin, transform: t, row: r, canvas: canvas) }
            if cell.isEditing != table.isEditing {
                // Outlined, with the badge on the right: the wrong checkbox on the left stays visible.
                canvas.stroke(r.insetBy(dx: 1, dy: 1), color: palette.stale, lineWidth: 2)
                let badgeStyle = TextStyle(font: Font(size: 10, weight: .bold), color: .white, alignment: .center)
                let badgeWidth = max(46, canvas.measureText(strings.stale, width: .infinity, style: badgeStyle).width + 12)
                let badge = Rect(x: r.maxX - badgeWidth - 6, y: r.maxY - 17, width: badgeWidth, height: 14)
                canvas.fillRoundedRect(badge, radius: 4, color: palette.stale)
                canvas.drawText(strings.stale, in: badge, style: badgeStyle)
            }
        }

        // Headers: where they are drawn; the floating one marked.
        for s in table.mountedHeaderSections {
            guard let view = table.items.headers[s] else { continue }
            let r = t.view(view.frame)
            canvas.save()
            canvas.translate(x: r.minX, y: r.minY)
            canvas.scale(x: t.scale, y: t.scale)
            view.draw(in: canvas, bounds: Rect(x: 0, y: 0, width: view.frame.width, height: view.frame.height), style: table.presentation.headerStyle)
            canvas.restore()
            if view.isFloating {
                canvas.stroke(r.insetBy(dx: 1, dy: 1), color: palette.sticky, lineWidth: 2)
                let stickyStyle = TextStyle(font: Font(size: 10, weight: .bold), color: palette.sticky, alignment: .trailing)
                let stickyWidth = max(104, canvas.measureText(strings.stickyHeader, width: .infinity, style: stickyStyle).width + 2)
                canvas.drawText(strings.stickyHeader, in: Rect(x: r.maxX - stickyWidth - 6, y: r.minY + 1, width: stickyWidth, height: 14),
                                style: stickyStyle)
            }
        }

        // A row moved by hand (issue 23): where it is drawn, and the place it would drop into.
        if let source = table.interactiveMovementSource, let moving = table.interactiveMovementFrame,
           let destination = table.interactiveMovementDestination, let place = table.interactiveMovementPlace {
            let slot = t.view(place).insetBy(dx: 2, dy: 2)
            canvas.fill(slot, color: palette.sticky.withAlpha(0.15))
            canvas.stroke(slot, color: palette.sticky, lineWidth: 2)
            label(Strings.fill(strings.moveDestination, ["indexPath": "\(destination)"]), at: Point(x: slot.minX + 4, y: slot.minY + 2),
                  color: palette.sticky, canvas: canvas)
            let r = t.view(moving)
            canvas.stroke(r.insetBy(dx: 1, dy: 1), color: palette.viewport, lineWidth: 3)
            label(Strings.fill(strings.movingRow, ["indexPath": "\(source)"]), at: Point(x: r.minX + 4, y: r.minY + 2), color: palette.viewport, canvas: canvas)
        }

        // The viewport and the prefetch band.
        let viewport = t.view(table.visibleRect)
        let band = t.view(Rect(x: 0, y: bandTop, width: size.width, height: bandBottom - bandTop))
        canvas.stroke(band, color: palette.prefetchBand, lineWidth: 1)
        canvas.stroke(viewport, color: palette.viewport, lineWidth: 3)
        label(strings.viewport, at: Point(x: viewport.minX + 4, y: viewport.minY - 17), color: palette.viewport, canvas: canvas)
        label(Strings.fill(strings.prefetchBand, ["distance": "\(Int(table.prefetchDistance))"]), at: Point(x: band.minX + 4, y: max(2, band.minY + 2)),
              color: palette.prefetchBand.withAlpha(1), canvas: canvas)

        canvas.restore()

        drawPrefetchColumn(table, transform: t, band: (bandTop, bandBottom), in: canvas, size: size)
        drawPanels(table, in: canvas, size: size)
        canvas.restore()
    }

    /// Beside the zoomed table, a column at its own scale (the data prefetch range reaches
    /// past what the zoom shows): the prepared band with the viewport in it, and the data
    /// prefetch range past it on the side the view scrolls towards, with its rows asked for
    /// ahead as ticks. Nothing while the view asks for no data ahead.
    private func drawPrefetchColumn(_ table: ListBase, transform t: Transform, band: (Double, Double), in canvas: Canvas, size: Size) {
        guard let range = table.prefetching.lastBand else { return }
        let top = min(band.0, range.start), bottom = max(band.1, range.end)
        guard bottom > top, size.height > 40 else { return }
        let columnWidth = 8.0
        // Right of the zoomed table where there is room, else just inside its left edge.
        let tableRight = t.left + table.frame.width * t.scale
        let x = tableRight + 14 + columnWidth < size.width - Self.panelWidth(for: size.width) - 10 ? tableRight + 8 : t.left + 3
        let y0 = 18.0, y1 = size.height - 8
        func y(_ content: Double) -> Double { y0 + (content - top) / (bottom - top) * (y1 - y0) }
        canvas.fill(Rect(x: x + columnWidth / 2 - 0.5, y: y0, width: 1, height: y1 - y0), color: palette.unmounted)
        let prepared = Rect(x: x, y: y(band.0), width: columnWidth, height: y(band.1) - y(band.0))
        canvas.fill(prepared, color: palette.preparedTint.withAlpha(0.9))
        let viewport = Rect(x: x - 1, y: y(table.contentOffset.y), width: columnWidth + 2, height: y(table.contentOffset.y + table.frame.height) - y(table.contentOffset.y))
        canvas.stroke(viewport, color: palette.viewport, lineWidth: 2)
        let ahead = Rect(x: x, y: y(range.start), width: columnWidth, height: max(1, y(range.end) - y(range.start)))
        canvas.fill(ahead, color: palette.dataPrefetch.withAlpha(0.35))
        canvas.stroke(ahead, color: palette.dataPrefetch, lineWidth: 1)
        for ip in table.prefetching.range.outstandingRows {
            let r = table.itemRect(ip)
            canvas.fill(Rect(x: x, y: y(r.midY) - 0.5, width: columnWidth, height: 1), color: palette.dataPrefetch.withAlpha(1))
        }
        let text = Strings.fill(strings.dataPrefetchRange, ["length": "\(Int(range.end - range.start))"])
        // Left of the column, over the zoomed table's edge (the panels may start right of it).
        let textWidth = canvas.measureText(text, width: .infinity, style: TextStyle(font: Font(size: 10, weight: .bold))).width
        label(text, at: Point(x: max(4, x - 8 - textWidth), y: min(y1 - 14, max(y0, (ahead.minY + ahead.maxY) / 2 - 7))),
              color: palette.dataPrefetch.withAlpha(1), canvas: canvas)
    }

    /// The lines of the counters panel (what the HUD shows), for the host and tests.
    @_spi(Diagnostics) public func counterLines(_ table: ListBase) -> [String] {
        let stats = table.statistics
        let mounted = table.mountedEntries.count
        let visible = table.visibleEntries.count
        let s = strings
        let rows: [(String, String)] = [
            (s.cellsCreated, "\(table.cellsCreated)"),
            (s.dequeues, "\(stats.dequeues) (" + Strings.fill(s.poolHitsAndMisses, ["hits": "\(table.poolHits)", "misses": "\(table.poolMisses)"]) + ")"),
            (s.binds, "\(stats.binds)  (" + Strings.fill(s.perSecond, ["rate": "\(Int(bindsPerSecond.rounded()))"]) + ")"),
            (s.mounted, "\(mounted) = " + Strings.fill(s.visibleAndPrepared, ["visible": "\(visible)", "prepared": "\(mounted - visible)"])),
            (s.layoutPass, Strings.fixed(stats.lastLayoutMicroseconds, digits: 1) + " µs"),
            (s.dataPrefetch, "\(table.indexPathsForOutstandingPrefetches.count)"),
            (s.frameWork, Strings.fixed(hostFrameMilliseconds, digits: 2) + " ms   " + Strings.fixed(hostFramesPerSecond, digits: 0) + " " + s.framesPerSecond),
        ] + (clock.map { [(s.clock, clockText($0))] } ?? [])
        // Labels padded to one column (CJK characters take two cells of the monospaced font).
        let column = rows.map { Strings.columns($0.0) }.max() ?? 0
        return rows.map { label, value in label + String(repeating: " ", count: column - Strings.columns(label) + 2) + value }
    }

    /// The clock line's figures: "frame 1234 · 0.1× · paused".
    func clockText(_ c: Clock) -> String {
        var parts = [Strings.fill(strings.clockFrame, ["frame": "\(c.frames)"])]
        if c.rate != 1 { parts.append(Strings.fill(strings.clockRate, ["rate": (c.rate == c.rate.rounded() ? String(Int(c.rate)) : Strings.fixed(c.rate, digits: c.rate < 0.1 ? 2 : 1))])) }
        if c.isPaused { parts.append(strings.clockPaused) }
        return parts.joined(separator: " · ")
    }

    /// The lines of the pool panel: cells waiting per reuse identifier.
    @_spi(Diagnostics) public func poolLines(_ table: ListBase) -> [String] {
        let counts = table.pooledCellCounts
        return counts.isEmpty ? [strings.emptyPool] : counts.map { "\($0.identifier)  ×\($0.count)" }
    }

    private func drawPanels(_ table: ListBase, in canvas: Canvas, size: Size) {
        let mono = TextStyle(font: Font(size: 11, monospaced: true), color: palette.panelText)
        let title = TextStyle(font: Font(size: 11, weight: .bold), color: palette.panelText)
        let width = Self.panelWidth(for: size.width)
        var y = 10.0
        func panel(_ heading: String, _ lines: [String]) {
            let h = 22 + Double(lines.count) * 15
            let r = Rect(x: size.width - width - 10, y: y, width: width, height: h)
            canvas.fillRoundedRect(r, radius: 8, color: palette.panel)
            canvas.stroke(.roundedRect(r.insetBy(dx: 0.5, dy: 0.5), radius: 8), color: palette.panelBorder, lineWidth: 1)
            canvas.drawText(heading, in: Rect(x: r.minX + 10, y: r.minY + 5, width: width - 20, height: 14), style: title)
            for (i, line) in lines.enumerated() {
                canvas.drawText(line, in: Rect(x: r.minX + 10, y: r.minY + 21 + Double(i) * 15, width: width - 20, height: 14), style: mono)
            }
            y += h + 8
        }
        panel(strings.enginePanel, counterLines(table))
        if let host = hostPanel?() { panel(host.title, host.lines) }
        let groups = poolCards(table)
        let poolHeight = poolPanelHeight(groups, width: width)
        drawPoolPanel(table, groups: groups, in: Rect(x: size.width - width - 10, y: y, width: width, height: poolHeight), canvas: canvas)
        y += poolHeight + 8
        // The log takes the space the legend leaves (at least a few lines).
        let legendHeight = 22 + 8 * 15.0
        let logLines = Int(max(4, min(Double(Self.maxLogLines), (size.height - y - 8 - legendHeight - 10 - 26) / Self.logLineHeight)))
        let logHeight = 26 + Double(logLines) * Self.logLineHeight
        drawLogPanel(table, lines: logLines, in: Rect(x: size.width - width - 10, y: y, width: width, height: logHeight), canvas: canvas)
        y += logHeight + 8
        // Legend.
        let items: [(Color, String)] = [(palette.visibleTint.withAlpha(0.8), strings.legendVisible), (palette.preparedTint.withAlpha(0.9), strings.legendPrepared),
                                         (palette.unmounted, strings.legendNotMounted), (palette.dataPrefetch, strings.legendDataPrefetch), (palette.viewport, strings.viewport), (palette.stale, strings.legendStale),
                                         (palette.live, strings.legendLive),
                                         (Self.identityColor(forCellID: 1), strings.legendIdentity)]
        let h = 22 + Double(items.count) * 15
        let r = Rect(x: size.width - width - 10, y: y, width: width, height: h)
        drawPanelFrame(r, canvas: canvas)
        canvas.drawText(strings.legendPanel, in: Rect(x: r.minX + 10, y: r.minY + 5, width: width - 20, height: 14), style: title)
        for (i, (color, label)) in items.enumerated() {
            let row = r.minY + 21 + Double(i) * 15
            canvas.fillRoundedRect(Rect(x: r.minX + 10, y: row + 2, width: 18, height: 10), radius: 2, color: color)
            canvas.drawText(label, in: Rect(x: r.minX + 34, y: row, width: width - 44, height: 14), style: mono)
        }
    }

    /// A row whose last redraws recorded only its live layers (`LiveLayer`): each such
    /// layer outlined, and a tag naming them where the row's top right has room.
    private func drawLiveLayers(of cell: ReusableCell, at origin: Point, transform t: Transform, row r: Rect, canvas: Canvas) {
        let layers = cell.liveLayerFramesRedrawnAlone
        guard !layers.isEmpty else { return }
        for (_, f) in layers {
            let v = t.view(Rect(x: origin.x + f.minX, y: origin.y + f.minY, width: f.width, height: f.height))
            canvas.fill(v.insetBy(dx: -1.5, dy: -1.5), color: palette.live.withAlpha(0.25))
            canvas.stroke(v.insetBy(dx: -1.5, dy: -1.5), color: palette.live, lineWidth: 1.5)
        }
        let tag = Strings.fill(strings.liveLayersOnly, ["layers": layers.map(\.layer.name).joined(separator: ", ")])
        let style = TextStyle(font: Font(size: 10, weight: .bold), color: palette.live)
        let width = canvas.measureText(tag, width: .infinity, style: style).width
        if r.width >= width + Self.identityPillRoom + 20, r.height >= 16 {
            label(tag, at: Point(x: r.maxX - Self.identityPillRoom - width - 10, y: r.minY + 2), color: palette.live, canvas: canvas)
        }
    }

    /// A small label on a pill of the panel colour, legible over rows.
    private func label(_ text: String, at p: Point, color: Color, canvas: Canvas) {
        let style = TextStyle(font: Font(size: 10, weight: .bold), color: color)
        let size = canvas.measureText(text, width: .infinity, style: style)
        let pill = Rect(x: p.x - 4, y: p.y, width: size.width + 8, height: max(14, size.height))
        canvas.fillRoundedRect(pill, radius: 4, color: palette.panel)
        canvas.drawText(text, in: Rect(x: p.x, y: p.y + (pill.height - size.height) / 2, width: size.width + 1, height: size.height), style: style)
    }

    private func drawHatch(in r: Rect, canvas: Canvas) {
        canvas.save()
        canvas.clip(to: r)
        var p = Path()
        var x = r.minX - r.height
        while x < r.maxX {
            p.move(to: Point(x: x, y: r.maxY)); p.line(to: Point(x: x + r.height, y: r.minY))
            x += 9
        }
        canvas.stroke(p, color: palette.hatch, lineWidth: 1)
        canvas.restore()
    }
}
