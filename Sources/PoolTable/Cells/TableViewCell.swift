/// A row's view (UIKit's `UITableViewCell`): the default content is a title, an optional
/// detail line and an accessory; in edit mode a checkbox column slides in on the leading
/// edge. See `ReusableCell` for what the table sets on it.
@MainActor
open class TableViewCell: ReusableCell {
    /// What the default content draws on the trailing edge.
    public enum Accessory: Sendable {
        /// Nothing.
        case none
        /// A chevron: selecting the row shows more.
        case disclosureIndicator
        /// A check mark.
        case checkmark
    }

    /// The width of the checkbox column that slides in during editing.
    public static let editingControlWidth = 44.0
    /// Backs `showsReorderControl` (issue 23).
    var reorderControlShown = false

    /// The default content: a title, an optional detail line and an accessory.
    public var text: String? { didSet { if text != oldValue { setNeedsDisplay() } } }
    /// The detail line under the title (smaller, dimmer); nil for none.
    public var detailText: String? { didSet { if detailText != oldValue { setNeedsDisplay() } } }
    /// What is drawn on the trailing edge; hidden in edit mode.
    public var accessory: Accessory = .none { didSet { if accessory != oldValue { setNeedsDisplay() } } }

    /// The table that owns the cell (mounted or pooled).
    public var tableView: TableView? { listView as? TableView }

    /// Layout slots the canvas may keep text in between frames.
    public let titleCache = TextCache()
    /// Where the canvas keeps the detail line's layout.
    public let detailCache = TextCache()

    /// A cell for the given reuse identifier (what `register` factories call).
    public override init(reuseIdentifier: String?) {
        super.init(reuseIdentifier: reuseIdentifier)
    }

    /// The height the cell wants at `width` when the row height is `automaticDimension`.
    open override func heightThatFits(width: Double, canvas: Canvas) -> Double {
        let inner = max(0, width - 32 - accessoryWidth)
        var h = 22.0
        if let text { h += canvas.measureText(text, width: inner, style: titleStyle(canvas.theme), cache: nil).height }
        if let detailText { h += 2 + canvas.measureText(detailText, width: inner, style: detailStyle(canvas.theme), cache: nil).height }
        return max(44, h.rounded(.up))
    }

    // MARK: Accessibility

    /// What a screen reader says for the row (UIKit's name). Default: `text` and
    /// `detailText`, joined by ", " (nil when both are empty); a set label wins.
    open override var accessibilityLabel: String? {
        get {
            if let label = super.accessibilityLabel { return label }
            let parts = [text, detailText].compactMap { $0 }.filter { !$0.isEmpty }
            return parts.isEmpty ? nil : parts.joined(separator: ", ")
        }
        set { super.accessibilityLabel = newValue }
    }

    // MARK: Drawing

    /// Draws the whole cell: background, selection tint, the editing checkbox column, then
    /// `drawContent` shifted right by the column's current width, then the accessory. The
    /// content and accessory are one `Canvas.drawCached` unit keyed by the cell and
    /// `contentVersion`; the rest is drawn around it each frame (plain fills and a circle).
    open override func draw(in canvas: Canvas, bounds: Rect) {
        let theme = canvas.theme
        let edit = editingProgress
        let background = backgroundColor(theme)
        if background.alpha < 1 || background != backdrop { canvas.fill(bounds, color: background) }
        if isSelected || selectionProgress > 0 {
            let tint = isEditing || edit > 0 ? selectionProgress : (isSelected ? 1 : 0)
            if tint > 0 { canvas.fill(bounds, color: theme.selectionTint.withAlpha(theme.selectionTint.alpha * tint)) }
        }
        if isHighlighted { canvas.fill(bounds, color: theme.foreground.withAlpha(0.06)) }
        if edit > 0 { drawCheckbox(in: canvas, bounds: bounds, progress: edit) }
        let shift = Self.editingControlWidth * edit
        let grip = showsReorderControl ? Self.reorderControlWidth * edit : 0
        if grip > 0 { drawReorderControl(in: canvas, bounds: bounds, progress: edit) }
        let size = Size(width: max(0, bounds.width - shift - grip), height: bounds.height)
        canvas.save()
        canvas.translate(x: bounds.minX + shift, y: bounds.minY)
        canvas.drawCached(key: ObjectIdentifier(self), version: contentVersion, size: size) { canvas in
            let content = Rect(origin: .zero, size: size)
            drawContent(in: canvas, bounds: content)
            if accessory != .none, edit < 1 {
                canvas.withState {
                    canvas.multiplyAlpha(1 - edit)
                    drawAccessory(in: canvas, bounds: content)
                }
            }
        }
        canvas.restore()
    }

    /// Draws the row's own content. Override this (not `draw`) to keep the edit-mode column.
    /// It is recorded once per `contentVersion`: draw from the cell's own properties, its
    /// editing state and `bounds`, and call `setNeedsDisplay()` (or `animateContent(for:)`)
    /// when anything else it reads changes.
    open func drawContent(in canvas: Canvas, bounds: Rect) {
        let theme = canvas.theme
        let inner = Rect(x: bounds.minX + 16, y: bounds.minY, width: max(0, bounds.width - 32 - accessoryWidth), height: bounds.height)
        let title = titleStyle(theme), detail = detailStyle(theme)
        let titleHeight = text.map { canvas.measureText($0, width: inner.width, style: title, cache: titleCache).height } ?? 0
        let detailHeight = detailText.map { canvas.measureText($0, width: inner.width, style: detail, cache: detailCache).height } ?? 0
        let total = titleHeight + (detailText != nil ? 2 + detailHeight : 0)
        var y = inner.minY + ((inner.height - total) / 2).rounded()
        if let text {
            canvas.drawText(text, in: Rect(x: inner.minX, y: y, width: inner.width, height: titleHeight), style: title, cache: titleCache)
            y += titleHeight + 2
        }
        if let detailText {
            canvas.drawText(detailText, in: Rect(x: inner.minX, y: y, width: inner.width, height: detailHeight), style: detail, cache: detailCache)
        }
    }

    /// How the title is drawn; override to restyle it.
    open func titleStyle(_ theme: Theme) -> TextStyle { TextStyle(font: .body, color: theme.foreground, maxLines: 0) }
    /// How the detail line is drawn; override to restyle it.
    open func detailStyle(_ theme: Theme) -> TextStyle { TextStyle(font: .caption, color: theme.secondaryForeground, maxLines: 0) }
    /// The cell's background; override to tint rows.
    open func backgroundColor(_ theme: Theme) -> Color { theme.cellBackground }

    private var accessoryWidth: Double { accessory == .none ? 0 : 24 }

    private func drawAccessory(in canvas: Canvas, bounds: Rect) {
        let theme = canvas.theme
        let cx = bounds.maxX - 22, cy = bounds.midY
        var p = Path()
        switch accessory {
        case .none: return
        case .disclosureIndicator:
            p.move(to: Point(x: cx - 3, y: cy - 6)); p.line(to: Point(x: cx + 3, y: cy)); p.line(to: Point(x: cx - 3, y: cy + 6))
            canvas.stroke(p, color: theme.secondaryForeground, lineWidth: 2)
        case .checkmark:
            p.move(to: Point(x: cx - 6, y: cy)); p.line(to: Point(x: cx - 2, y: cy + 4)); p.line(to: Point(x: cx + 6, y: cy - 5))
            canvas.stroke(p, color: theme.accent, lineWidth: 2)
        }
    }

    /// The checkbox: a circle that slides in with the column, fills with the accent colour
    /// and draws its check mark in as `selectionProgress` goes to 1, with a small bounce.
    private func drawCheckbox(in canvas: Canvas, bounds: Rect, progress: Double) {
        let theme = canvas.theme
        let w = Self.editingControlWidth
        let center = Point(x: bounds.minX + w / 2 - w * (1 - progress), y: bounds.midY)
        let s = selectionProgress
        let bounce = s > 0 && s < 1 ? 1 + 0.16 * Math.sin(Double.pi * s) : 1
        let radius = 10 * bounce
        canvas.withState {
            canvas.multiplyAlpha(progress)
            canvas.stroke(.circle(center: center, radius: radius), color: theme.secondaryForeground.mixed(with: theme.accent, s), lineWidth: 1.5)
            if s > 0 {
                canvas.fill(.circle(center: center, radius: radius), color: theme.accent.withAlpha(min(1, s * 1.5)))
                canvas.stroke(Path.checkMark(center: center, scale: bounce, drawn: s), color: theme.accentForeground, lineWidth: 2)
            }
        }
    }
}

// MARK: The reorder control (issue 23)

extension TableViewCell {
    /// The width of the grip at the trailing edge of a movable row in edit mode.
    public static let reorderControlWidth = 44.0

    /// Whether the cell shows the grip (UIKit's reorder control) at its trailing edge in edit
    /// mode. The table sets it when it binds a row, from the data source's `canMoveRowAt`;
    /// dragging the grip moves the row. Default false.
    public var showsReorderControl: Bool {
        get { reorderControlShown }
        set { if reorderControlShown != newValue { reorderControlShown = newValue; setNeedsDisplay() } }
    }

    /// The grip's rect in the cell's bounds (it slides in from the trailing edge with edit mode).
    func reorderControlRect(in bounds: Rect, progress: Double) -> Rect {
        let w = Self.reorderControlWidth
        return Rect(x: bounds.maxX - w * progress, y: bounds.minY, width: w, height: bounds.height)
    }

    /// Three short lines, faded in with edit mode.
    func drawReorderControl(in canvas: Canvas, bounds: Rect, progress: Double) {
        let r = reorderControlRect(in: bounds, progress: progress)
        let color = canvas.theme.secondaryForeground
        canvas.withState {
            canvas.multiplyAlpha(progress)
            for i in -1...1 {
                let y = r.midY + Double(i) * 5
                canvas.fill(Rect(x: r.midX - 9, y: y - 0.75, width: 18, height: 1.5), color: color)
            }
        }
    }
}

/// A section header or footer view; recycled like cells.
@MainActor
open class TableViewHeaderFooterView {
    /// A header or a footer.
    public enum Kind: Sendable {
        /// Above the section's rows.
        case header
        /// Below the section's rows.
        case footer
    }
    /// Whether this is a header or a footer.
    public let kind: Kind
    /// The section's title, from the data source.
    public var title: String?
    /// Where the canvas keeps the title's layout.
    public let titleCache = TextCache()
    /// The frame in content coordinates (for a floating header, where it is drawn).
    public internal(set) var frame = Rect.zero
    /// True while a plain-style header floats at the top of the viewport.
    public internal(set) var isFloating = false
    var section: Int?

    /// A header or footer view.
    public init(kind: Kind) { self.kind = kind }

    /// Clears the title and the floating state before the view is used for another section.
    open func prepareForReuse() { title = nil; isFloating = false }

    /// Draws the title into `bounds` in the table's style (a header bar in plain tables, small dim text beside grouped sections).
    open func draw(in canvas: Canvas, bounds: Rect, style: TableViewStyle) {
        let theme = canvas.theme
        switch style {
        case .plain:
            if kind == .header { canvas.fill(bounds, color: theme.headerBackground) }
            if let title {
                let font = kind == .header ? Font(size: 13, weight: .semibold) : Font.caption
                let color = kind == .header ? theme.headerForeground : theme.secondaryForeground
                let st = TextStyle(font: font, color: color)
                let h = canvas.measureText(title, width: bounds.width - 32, style: st, cache: titleCache).height
                canvas.drawText(title, in: Rect(x: bounds.minX + 16, y: bounds.midY - h / 2, width: bounds.width - 32, height: h),
                                style: st, cache: titleCache)
            }
            if kind == .header {
                canvas.fill(Rect(x: bounds.minX, y: bounds.maxY - 1, width: bounds.width, height: 1), color: theme.separator.withAlpha(0.6))
            }
        case .grouped:
            if let title {
                let st = TextStyle(font: Font(size: 12, weight: kind == .header ? .semibold : .regular), color: theme.secondaryForeground)
                let h = canvas.measureText(title, width: bounds.width - 64, style: st, cache: titleCache).height
                let y = kind == .header ? bounds.maxY - h - 6 : bounds.minY + 6
                canvas.drawText(title, in: Rect(x: bounds.minX + 32, y: y, width: bounds.width - 64, height: h), style: st, cache: titleCache)
            }
        }
    }
}
