import Foundation

/// A row's view. Cells are recycled: the table keeps only the mounted ones (visible +
/// prepared) plus a small pool, and hands a pooled cell out again through
/// `dequeueReusableCell(withIdentifier:for:)` after calling `prepareForReuse()`.
///
/// Engine state a cell shows (editing, selection, their animation progress) is set by the
/// table on every mounted cell and again on every dequeue; a cell never owns it.
@MainActor
open class TableViewCell {
    /// What the default content draws on the trailing edge.
    public enum Accessory: Sendable { case none, disclosureIndicator, checkmark }

    /// A named clickable area of the cell, in the cell's own coordinates. Clicks on it reach
    /// `TableViewDelegate.tableView(_:didTapTarget:inRowAt:)` instead of selecting the row.
    public struct HitTarget: Hashable, Sendable {
        public var name: String
        public var rect: Rect
        public init(name: String, rect: Rect) { self.name = name; self.rect = rect }
    }

    /// The width of the checkbox column that slides in during editing.
    public static let editingControlWidth = 44.0

    public let reuseIdentifier: String?

    /// The default content: a title, an optional detail line and an accessory.
    public var text: String? { didSet { if text != oldValue { setNeedsDisplay() } } }
    public var detailText: String? { didSet { if detailText != oldValue { setNeedsDisplay() } } }
    public var accessory: Accessory = .none { didSet { if accessory != oldValue { setNeedsDisplay() } } }

    open internal(set) var isEditing = false { didSet { if isEditing != oldValue { invalidateContent() } } }
    open internal(set) var isSelected = false
    /// Pressed but not yet released.
    public internal(set) var isHighlighted = false

    /// 0 = not editing, 1 = editing; follows the table's shared, eased timeline, so every
    /// mounted cell is at the same phase.
    public internal(set) var editingProgress = 0.0 { didSet { if editingProgress != oldValue { invalidateContent() } } }
    /// 0 = unchecked, 1 = checked; animates per row when the selection changes.
    public internal(set) var selectionProgress = 0.0
    /// The frame in content coordinates while mounted.
    public internal(set) var frame = Rect.zero { didSet { if frame.size != oldValue.size { invalidateContent() } } }
    /// True while the cell is mounted but outside the viewport ("prepared").
    public internal(set) var isHidden = true
    /// The table that owns the cell (mounted or pooled).
    public internal(set) weak var tableView: TableView?

    /// Layout slots the canvas may keep text in between frames.
    public let titleCache = TextCache()
    public let detailCache = TextCache()

    /// Set when the table binds the cell, cleared when it goes back to the pool. A bind
    /// (new, or again for a reconfigure) changes the content version; a row moved by an
    /// update keeps its content.
    var mountedIndexPath: IndexPath? {
        didSet { if let path = mountedIndexPath, oldValue == nil || oldValue == path { invalidateContent() } }
    }

    /// Changes whenever what `drawContent` (and the accessory) would draw may have changed:
    /// the cell was bound or reconfigured, `setNeedsDisplay()` was called, its size or
    /// editing state (or that animation's progress) changed, or it animates its content
    /// (`animateContent(for:)`). Selection, highlight and the checkbox do not change it:
    /// they are drawn around the content. Unique across cells, so a (cell, version) pair
    /// never repeats. The table draws the content through `Canvas.drawCached` with it.
    public private(set) var contentVersion = 0
    /// The last version handed out (shared by all cells).
    private static var lastContentVersion = 0
    /// Engine time until which the cell animates its own content (`animateContent(for:)`).
    private var contentAnimationDeadline: Double?
    /// What the overlay's "stale" diagnostic compares against.
    var appliedEditingState = false

    public init(reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
    }

    /// Called when a pooled cell is about to be handed out again. Reset per-row state here.
    open func prepareForReuse() {}

    /// Called by the table when editing is toggled; `isEditing` is already the new value's
    /// source of truth for drawing through `editingProgress`.
    open func setEditing(_ editing: Bool, animated: Bool) {
        isEditing = editing
        setNeedsDisplay()
    }

    /// Selection is drawn around the content (tint, checkbox): the base implementation
    /// redraws without changing `contentVersion`. An override whose `drawContent` shows
    /// selection should call `setNeedsDisplay()`.
    open func setSelected(_ selected: Bool, animated: Bool) {
        isSelected = selected
        redraw()
    }

    /// Clickable areas (buttons) inside the cell, in its own coordinates.
    open var hitTargets: [HitTarget] { [] }

    /// The height the cell wants at `width` when the row height is `automaticDimension`.
    open func heightThatFits(width: Double, canvas: Canvas) -> Double {
        let inner = max(0, width - 32 - accessoryWidth)
        var h = 22.0
        if let text { h += canvas.measureText(text, width: inner, style: titleStyle(canvas.theme), cache: nil).height }
        if let detailText { h += 2 + canvas.measureText(detailText, width: inner, style: detailStyle(canvas.theme), cache: nil).height }
        return max(44, h.rounded(.up))
    }

    /// Marks the content changed and asks the host to redraw (if the cell is on screen).
    /// Call it when anything `drawContent` reads changes.
    public func setNeedsDisplay() {
        invalidateContent()
        redraw()
    }

    /// Declares that the content changes by itself for the next `duration` seconds of the
    /// table's clock (e.g. a progress bar easing to a new value, drawn from
    /// `tableView.animationTime`): frames keep coming and every frame until then draws the
    /// content anew. Without a table it only marks the content changed.
    public func animateContent(for duration: Double) {
        invalidateContent()
        guard let tableView, duration.isFinite, duration > 0 else { return redraw() }
        let deadline = (tableView.animationTime ?? 0) + duration
        contentAnimationDeadline = max(contentAnimationDeadline ?? deadline, deadline)
        tableView.keepAnimating(for: duration)
    }

    /// Called by the table once per drawn frame: a content animation changes the version
    /// on every frame up to and including the one at its deadline.
    func advanceContentAnimation(to time: Double?) {
        guard let deadline = contentAnimationDeadline else { return }
        invalidateContent()
        if let time, time >= deadline { contentAnimationDeadline = nil }
    }

    private func invalidateContent() {
        Self.lastContentVersion &+= 1
        contentVersion = Self.lastContentVersion
    }

    /// Asks the host to redraw without touching the content (selection, highlight).
    private func redraw() {
        if !isHidden, let tableView { tableView.setNeedsDisplay() }
    }

    // MARK: Drawing

    /// Draws the whole cell: background, selection tint, the editing checkbox column, then
    /// `drawContent` shifted right by the column's current width, then the accessory. The
    /// content and accessory are one `Canvas.drawCached` unit keyed by the cell and
    /// `contentVersion`; the rest is drawn around it each frame (plain fills and a circle).
    open func draw(in canvas: Canvas, bounds: Rect) {
        let theme = canvas.theme
        let edit = editingProgress
        canvas.fill(bounds, color: backgroundColor(theme))
        if isSelected || selectionProgress > 0 {
            let tint = isEditing || edit > 0 ? selectionProgress : (isSelected ? 1 : 0)
            if tint > 0 { canvas.fill(bounds, color: theme.selectionTint.withAlpha(theme.selectionTint.alpha * tint)) }
        }
        if isHighlighted { canvas.fill(bounds, color: theme.foreground.withAlpha(0.06)) }
        if edit > 0 { drawCheckbox(in: canvas, bounds: bounds, progress: edit) }
        let shift = Self.editingControlWidth * edit
        let size = Size(width: max(0, bounds.width - shift), height: bounds.height)
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

    open func titleStyle(_ theme: Theme) -> TextStyle { TextStyle(font: .body, color: theme.foreground, maxLines: 0) }
    open func detailStyle(_ theme: Theme) -> TextStyle { TextStyle(font: .caption, color: theme.secondaryForeground, maxLines: 0) }
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
        let bounce = s > 0 && s < 1 ? 1 + 0.16 * sin(Double.pi * s) : 1
        let radius = 10 * bounce
        canvas.withState {
            canvas.multiplyAlpha(progress)
            canvas.stroke(.circle(center: center, radius: radius), color: theme.secondaryForeground.mixed(with: theme.accent, s), lineWidth: 1.5)
            if s > 0 {
                canvas.fill(.circle(center: center, radius: radius), color: theme.accent.withAlpha(min(1, s * 1.5)))
                canvas.stroke(Self.checkMark(center: center, scale: bounce, drawn: s), color: theme.accentForeground, lineWidth: 2)
            }
        }
    }

    /// The check mark's two strokes, trimmed to the first `drawn` fraction of their length.
    static func checkMark(center c: Point, scale: Double, drawn: Double) -> Path {
        let a = Point(x: c.x - 4.5 * scale, y: c.y + 0.5 * scale)
        let b = Point(x: c.x - 1.5 * scale, y: c.y + 3.5 * scale)
        let e = Point(x: c.x + 4.5 * scale, y: c.y - 3.5 * scale)
        let first = hypot(b.x - a.x, b.y - a.y), second = hypot(e.x - b.x, e.y - b.y)
        let length = (first + second) * min(1, max(0, drawn))
        var p = Path()
        p.move(to: a)
        if length <= first {
            let t = length / first
            p.line(to: Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))
        } else {
            p.line(to: b)
            let t = (length - first) / second
            p.line(to: Point(x: b.x + (e.x - b.x) * t, y: b.y + (e.y - b.y) * t))
        }
        return p
    }
}

/// A section header or footer view; recycled like cells.
@MainActor
open class TableViewHeaderFooterView {
    public enum Kind: Sendable { case header, footer }
    public let kind: Kind
    public var title: String?
    public let titleCache = TextCache()
    /// The frame in content coordinates (for a floating header, where it is drawn).
    public internal(set) var frame = Rect.zero
    /// True while a plain-style header floats at the top of the viewport.
    public internal(set) var isFloating = false
    var section: Int?

    public init(kind: Kind) { self.kind = kind }

    open func prepareForReuse() { title = nil; isFloating = false }

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
