/// The column header row (GtkColumnView's header): drawn by the engine over the rows at
/// the top of the viewport (sticky; rows and floating section headers scroll under it),
/// one title per column with the first sort descriptor's arrow, a thin line between the
/// headers and under the row. Pointer input on it: a click sorts (`sortByColumn`), a drag
/// on a header's right edge resizes the column, a double click there fits it
/// (`tableView(_:sizeToFitWidthOfColumn:)`), a drag sideways on a title reorders
/// (`moveColumn`).

/// What is under a point of the header row.
@_spi(Hosting) public enum ColumnHeaderHit: Equatable, Sendable {
    /// The title of column `column`: a click sorts by it, a drag sideways moves it.
    case title(column: Int)
    /// The resize handle on column `column`'s right edge: a drag resizes it, a double click
    /// fits it. The host shows a column-resize cursor here.
    case resizeEdge(column: Int)
}

/// A cell that can say how wide its content in a column wants to be: the default
/// `tableView(_:sizeToFitWidthOfColumn:)` takes the widest answer of the mounted cells.
@MainActor
public protocol TableViewCellColumnFitting: AnyObject {
    /// The width column `column`'s content of this cell needs, measured with `canvas`
    /// (padding included); nil: no opinion.
    func fittingWidth(ofColumn column: Int, in canvas: Canvas) -> Double?
}

/// A press on the header row, from `pointerDown` to `pointerUp` or `pointerCancelled`.
struct ColumnHeaderPress {
    enum Kind {
        /// On a title: a click sorts; moved past the threshold it drags the column.
        case title
        /// On a resize edge: the column's width when the press began.
        case resize(startWidth: Double)
    }
    var kind: Kind
    /// The pressed column (follows it while it is dragged to another place).
    var column: Int
    var start: Point
    /// Where the pointer is now (viewport coordinates).
    var current: Point
    /// The pointer's distance from the pressed column's leading edge when the press began.
    var grab: Double
    var moved = false
}

extension TableView {
    /// Half the width of the zone on a header's right edge that resizes the column.
    public static let columnResizeHandleHalfWidth = 4.0
    /// Padding before a header's title and after its sort arrow (Adwaita's `padding: 0 6px`).
    static let columnHeaderPadding = 6.0
    /// The sort arrow's width.
    static let sortArrowWidth = 8.0

    /// Whether the column header row is shown (when the table has columns). Default true.
    public var showsColumnHeaders: Bool {
        get { columnSet.showsHeaders }
        set {
            guard newValue != columnSet.showsHeaders else { return }
            columnSet.showsHeaders = newValue
            updateColumnHeaderInset()
            setNeedsDisplay()
        }
    }

    /// The header row's height: the header font's line plus GtkColumnView's padding
    /// (about 32 px); 0 when no header row is shown (no columns, or `showsColumnHeaders` off).
    public var columnHeaderHeight: Double { isShowingColumnHeaders ? Self.standardColumnHeaderHeight : 0 }

    /// The header row's height when shown.
    static let standardColumnHeaderHeight = 32.0

    var isShowingColumnHeaders: Bool { columnSet.showsHeaders && !columnSet.columns.isEmpty }

    /// The header's font (GtkColumnView's titles: the UI font, bold in Adwaita).
    static let columnHeaderFont = Font(size: 13, weight: .bold)

    /// Where the header row is, in viewport coordinates; `.zero` when none is shown.
    public var columnHeaderRect: Rect {
        guard isShowingColumnHeaders else { return .zero }
        return Rect(x: 0, y: 0, width: frame.width, height: columnHeaderHeight)
    }

    /// Where column `column`'s header is, in viewport coordinates; `.zero` for a column
    /// that isn't there or without a header row.
    public func rectForColumnHeader(_ column: Int) -> Rect {
        guard isShowingColumnHeaders, let span = columnSpan(column) else { return .zero }
        return Rect(x: span.x - viewport.acrossOffset, y: 0, width: span.width, height: columnHeaderHeight)
    }

    /// Keeps the rows' viewport below the header row.
    func updateColumnHeaderInset() {
        guard viewport.setLeadingInset(columnHeaderHeight) else { return }
        setOffset(offset, reason: .clamp)
        setNeedsLayout()
        host?.tableViewDidChangeScrollGeometry(self)
    }

    // MARK: Hit testing

    /// What of the header row is under a viewport point; nil outside it (or without one).
    /// A resize edge wins over the titles beside it.
    @_spi(Hosting) public func columnHeaderHit(atViewportPoint p: Point) -> ColumnHeaderHit? {
        guard isShowingColumnHeaders, p.y >= 0, p.y < columnHeaderHeight, p.x.isFinite else { return nil }
        let edges = columnSet.edges, half = Self.columnResizeHandleHalfWidth
        let x = p.x + viewport.acrossOffset   // content coordinates across
        // The nearest right edge within the handle's reach, of a resizable column.
        var best: (column: Int, distance: Double)?
        for k in columnSet.columns.indices where columnSet.columns[k].isResizable {
            let d = abs(x - edges[k + 1])
            if d <= half, d < (best?.distance ?? .infinity) { best = (k, d) }
        }
        if let best { return .resizeEdge(column: best.column) }
        return column(atX: x).map { .title(column: $0) }
    }

    // MARK: Pointer (called from ListBase+Input)

    /// A press on the header row: true if it was there (then the rows ignore it).
    func columnHeaderPointerDown(at p: Point, clickCount: Int) -> Bool {
        columnSet.headerPress = nil
        guard isShowingColumnHeaders, p.y >= 0, p.y < columnHeaderHeight else { return false }
        guard let hit = columnHeaderHit(atViewportPoint: p) else { return true }
        switch hit {
        case .resizeEdge(let k):
            if clickCount >= 2 { sizeColumnToFit(k); return true }
            columnSet.headerPress = ColumnHeaderPress(kind: .resize(startWidth: columnSet.columns[k].effectiveWidth),
                                                      column: k, start: p, current: p, grab: 0)
        case .title(let k):
            let x = columnSpan(k)?.x ?? 0
            columnSet.headerPress = ColumnHeaderPress(kind: .title, column: k, start: p, current: p, grab: p.x + viewport.acrossOffset - x)
        }
        setNeedsDisplay()
        return true
    }

    /// The pointer moved with the button held: true if a header press takes it.
    func columnHeaderPointerDragged(to p: Point) -> Bool {
        guard var press = columnSet.headerPress else { return false }
        press.current = p
        if !press.moved && abs(p.x - press.start.x) > Self.dragThreshold { press.moved = true }
        columnSet.headerPress = press
        switch press.kind {
        case .resize(let startWidth):
            let column = columnSet.columns[press.column]
            // Clamped here, so a drag past the limit and back resumes at the edge.
            let low = column.minWidth.isFinite ? max(0, column.minWidth) : 0
            let high = column.maxWidth.isNaN ? Double.infinity : max(low, column.maxWidth)
            let width = (startWidth + p.x - press.start.x).clamped(low, high)
            if width != column.width { column.width = width }
        case .title:
            guard press.moved else { return true }
            dragColumn(press)
        }
        setNeedsDisplay()
        return true
    }

    /// Moves the dragged column past each neighbour whose middle its centre crossed.
    private func dragColumn(_ press: ColumnHeaderPress) {
        var k = press.column
        guard let span = columnSpan(k) else { return }
        let centre = press.current.x + viewport.acrossOffset - press.grab + span.width / 2
        while let right = columnSpan(k + 1), centre > right.x + right.width / 2 {
            moveColumn(k, toColumn: k + 1)
            k += 1
        }
        while k > 0, let left = columnSpan(k - 1), centre < left.x + left.width / 2 {
            moveColumn(k, toColumn: k - 1)
            k -= 1
        }
        columnSet.headerPress?.column = k
    }

    /// True while a drag on a header's edge resizes a column (the host keeps the resize cursor).
    public var isResizingColumn: Bool {
        if case .resize? = columnSet.headerPress?.kind { return true }
        return false
    }

    /// The button was released: true if a header press takes it. A title clicked without
    /// moving sorts by its column.
    func columnHeaderPointerUp(at p: Point) -> Bool {
        guard let press = columnSet.headerPress else { return false }
        columnSet.headerPress = nil
        if case .title = press.kind, !press.moved,
           columnHeaderHit(atViewportPoint: p) == .title(column: press.column) {
            sortByColumn(press.column)
        }
        setNeedsDisplay()
        return true
    }

    /// The press was cancelled: a drag in progress stays where it got to (as GTK's).
    func columnHeaderPointerCancelled() {
        guard columnSet.headerPress != nil else { return }
        columnSet.headerPress = nil
        setNeedsDisplay()
    }

    /// The pointer moved without a button over the viewport (nil: it left): the header
    /// under it is drawn highlighted.
    @_spi(Hosting) public func pointerMoved(to p: Point?) {
        let hovered: Int?
        if let p, case .title(let k)? = columnHeaderHit(atViewportPoint: p) { hovered = k } else { hovered = nil }
        guard hovered != columnSet.hoveredHeader else { return }
        columnSet.hoveredHeader = hovered
        setNeedsDisplay()
    }

    /// A double click on a header's resize edge: true if it was one (the column was fitted).
    func columnHeaderDoubleClick(at p: Point) -> Bool {
        guard isShowingColumnHeaders, p.y >= 0, p.y < columnHeaderHeight else { return false }
        if case .resizeEdge(let k)? = columnHeaderHit(atViewportPoint: p) { sizeColumnToFit(k) }
        return true
    }

    // MARK: Fitting

    /// Sets column `index`'s width to what the delegate's `sizeToFitWidthOfColumn` says
    /// (clamped to its limits), as a double click on its resize edge does.
    public func sizeColumnToFit(_ index: Int) {
        guard let column = columnSet.columns[safe: index] else { return }
        let asked = delegate?.tableView(self, sizeToFitWidthOfColumn: index) ?? defaultFittingWidth(ofColumn: index)
        guard asked.isFinite, asked > 0 else { return }
        column.width = asked
        column.width = column.effectiveWidth
    }

    /// What the delegate's default `sizeToFitWidthOfColumn` returns: the widest of the
    /// header's title (with its padding and sort arrow) and what the mounted cells that
    /// adopt `TableViewCellColumnFitting` say for the column.
    public func defaultFittingWidth(ofColumn index: Int) -> Double {
        guard let column = columnSet.columns[safe: index] else { return 0 }
        layoutIfNeeded()
        let canvas = measuringCanvas ?? RecordingCanvas()
        let title = canvas.measureText(column.title, width: 10_000,
                                       style: TextStyle(font: Self.columnHeaderFont, color: canvas.theme.foreground)).width
        var width = (title + 3 * Self.columnHeaderPadding + Self.sortArrowWidth).rounded(.up)
        for cell in mountedCells {
            if let fitting = cell as? TableViewCellColumnFitting, let w = fitting.fittingWidth(ofColumn: index, in: canvas), w.isFinite {
                width = max(width, w.rounded(.up))
            }
        }
        return width
    }

    // MARK: Drawing

    /// Draws the header row at the top of the viewport, over the rows (GtkColumnView's look
    /// in GTK 4.8's Adwaita: the view's background, bold dim titles that darken on hover and
    /// press, a full-height line on each header's leading edge and one under the row, a
    /// pan-up/pan-down chevron for the first sort descriptor's column).
    func drawColumnHeaders(in canvas: Canvas) {
        guard isShowingColumnHeaders, !viewport.isEmpty else { return }
        let theme = canvas.theme
        let h = columnHeaderHeight, width = frame.width
        canvas.save()
        canvas.clip(to: Rect(x: 0, y: 0, width: width, height: h))
        canvas.fill(Rect(x: 0, y: 0, width: width, height: h), color: theme.cellBackground)
        let sorted = sortDescriptors.first
        // Adwaita: #979a9b, hover #636769, pressed #2e3436 on white: the foreground at
        // about 45%, 68% and 90%.
        let style = TextStyle(font: Self.columnHeaderFont, color: theme.foreground.withAlpha(0.45))
        let pressed = columnSet.headerPress.flatMap { p -> Int? in if case .title = p.kind { return p.column } else { return nil } }
        let dragged = columnSet.headerPress.flatMap { $0.moved ? $0 : nil }
        let ax = viewport.acrossOffset
        for (k, column) in columnSet.columns.enumerated() {
            guard let span = columnSpan(k), span.x - ax < width else { break }
            if span.x + span.width - ax <= 0 { continue }
            var rect = Rect(x: span.x - ax, y: 0, width: span.width, height: h)
            if let dragged, dragged.column == k, case .title = dragged.kind {
                // The dragged header follows the pointer, lifted over its neighbours (drawn last).
                continue
            }
            var titleStyle = style
            if pressed == k { titleStyle.color = theme.foreground.withAlpha(0.9) }
            else if columnSet.hoveredHeader == k { titleStyle.color = theme.foreground.withAlpha(0.68) }
            drawColumnHeader(column, in: rect, sorted: sorted, style: titleStyle, canvas: canvas)
            rect = Rect(x: span.x - ax, y: 0, width: 1, height: h - 1)
            canvas.fill(rect, color: theme.separator)
        }
        if let dragged, case .title = dragged.kind, let column = columnSet.columns[safe: dragged.column], let span = columnSpan(dragged.column) {
            let x = min(max(dragged.current.x - dragged.grab, -span.width / 2), width - span.width / 2)
            let rect = Rect(x: x, y: 0, width: span.width, height: h)
            canvas.fill(rect, color: theme.cellBackground)
            canvas.fill(rect, color: theme.accent.withAlpha(0.12))
            drawColumnHeader(column, in: rect, sorted: sorted, style: style, canvas: canvas)
        }
        canvas.fill(Rect(x: 0, y: h - 1, width: width, height: 1), color: theme.separator)
        canvas.restore()
    }

    private func drawColumnHeader(_ column: TableColumn, in rect: Rect, sorted: TableSortDescriptor?,
                                  style: TextStyle, canvas: Canvas) {
        let pad = Self.columnHeaderPadding
        let arrow = sorted != nil && column.sortKey == sorted?.key
        let textWidth = max(0, rect.width - 2 * pad - (arrow ? Self.sortArrowWidth + pad / 2 : 0))
        let textHeight = canvas.measureText(column.title, width: textWidth, style: style).height
        canvas.save()
        canvas.clip(to: rect)
        canvas.drawText(column.title, in: Rect(x: rect.minX + pad, y: rect.midY - textHeight / 2, width: textWidth, height: textHeight),
                        style: style)
        if arrow, let ascending = sorted?.ascending {
            // GTK's pan-up (ascending) / pan-down (descending) chevron, at the trailing end.
            let w = Self.sortArrowWidth, cx = rect.maxX - pad - w / 2, cy = rect.midY
            var path = Path()
            let dy = ascending ? -w / 4 : w / 4
            path.move(to: Point(x: cx - w / 2, y: cy - dy))
            path.line(to: Point(x: cx, y: cy + dy))
            path.line(to: Point(x: cx + w / 2, y: cy - dy))
            canvas.stroke(path, color: canvas.theme.foreground.withAlpha(0.8), lineWidth: 1.5)
        }
        canvas.restore()
    }
}
