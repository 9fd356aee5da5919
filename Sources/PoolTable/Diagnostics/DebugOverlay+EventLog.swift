
/// The overlay's log panel: the latest cell events (`recentCellEvents`) in words, newest at
/// the bottom — "#7 recycled (row 3)", "#7 reused → prepareForReuse", "#7 bound to row 31" —
/// and a freeze switch so a fast scroll can be read afterwards.
extension DebugOverlay {
    /// True while the log panel shows the events as they were when it was frozen.
    @_spi(Diagnostics) public var isLogFrozen: Bool { frozenLog != nil }

    /// Freezes the log panel on `table`'s events as they are now, or lets it stream again.
    @_spi(Diagnostics) public func setLogFrozen(_ frozen: Bool, table: ListBase) {
        frozenLog = frozen ? (frozenLog ?? table.recentCellEvents) : nil
    }

    /// The events the log panel shows from, oldest first (frozen or live).
    @_spi(Diagnostics) public func loggedEvents(_ table: ListBase) -> [CellEvent] { frozenLog ?? table.recentCellEvents }

    /// The log panel's lines: the last `count` events in words, newest last.
    @_spi(Diagnostics) public func logLines(_ table: ListBase, count: Int) -> [String] {
        let grid = table is CollectionView
        return loggedEvents(table).suffix(max(0, count)).map { sentence($0, grid: grid) }
    }

    /// One event in words.
    @_spi(Diagnostics) public func sentence(_ e: CellEvent, grid: Bool) -> String {
        let s = strings
        let template: String
        switch e.kind {
        case .created: template = s.eventCreated
        case .reused: template = s.eventReused
        case .bound: template = s.eventBound
        case .willDisplay: template = s.eventWillDisplay
        case .didEndDisplaying: template = s.eventDidEndDisplaying
        case .recycled: template = e.indexPath == nil ? s.eventRecycledGhost : s.eventRecycled
        case .discarded: template = s.eventDiscarded
        }
        return Strings.fill(template, ["id": "\(e.cellID)", "row": cardCaption(e.indexPath, grid: grid)])
    }

    /// The log panel's heading: frozen or live, and how many events happened in all.
    func logHeading(_ table: ListBase) -> String {
        isLogFrozen ? strings.logPanelFrozen : strings.logPanel
    }

    /// Draws the log panel at `r` with `count` lines, each after a swatch of its cell's colour.
    func drawLogPanel(_ table: ListBase, lines count: Int, in r: Rect, canvas: Canvas) {
        let mono = TextStyle(font: Font(size: 10, monospaced: true), color: palette.panelText)
        let title = TextStyle(font: Font(size: 11, weight: .bold), color: isLogFrozen ? palette.prefetchBand.withAlpha(1) : palette.panelText)
        drawPanelFrame(r, canvas: canvas)
        canvas.drawText(logHeading(table), in: Rect(x: r.minX + 10, y: r.minY + 5, width: r.width - 20, height: 14), style: title)
        let grid = table is CollectionView
        let events = loggedEvents(table).suffix(max(0, count))
        for (i, e) in events.enumerated() {
            let y = r.minY + 21 + Double(i) * Self.logLineHeight
            canvas.fillRoundedRect(Rect(x: r.minX + 10, y: y + 3, width: 6, height: 8), radius: 1.5, color: Self.identityColor(forCellID: e.cellID))
            canvas.drawText(sentence(e, grid: grid), in: Rect(x: r.minX + 20, y: y, width: r.width - 28, height: 13), style: mono)
        }
    }
    static let logLineHeight = 13.0
}
