/// A row's view (UIKit's `UITableViewCell`): the default content is a title, an optional
/// detail line and an accessory; in edit mode a checkbox column slides in on the leading
/// edge. See `ReusableCell` for what the table sets on it.
@MainActor
open class TableViewCell: ReusableCell {
    /// What the default content draws on the trailing edge (UIKit's `AccessoryType`).
    public enum Accessory: Hashable, Sendable {
        /// Nothing.
        case none
        /// A chevron: selecting the row shows more.
        case disclosureIndicator
        /// An info button and a chevron; a click on the button reaches the delegate's
        /// `accessoryButtonTappedForRowWith`.
        case detailDisclosureButton
        /// A check mark.
        case checkmark
        /// An info button; a click on it reaches the delegate's `accessoryButtonTappedForRowWith`.
        case detailButton
    }
    /// UIKit's name for `Accessory`.
    public typealias AccessoryType = Accessory

    /// How the default content lays out its title and detail line (UIKit's
    /// `UITableViewCell.CellStyle`).
    public enum CellStyle: Hashable, Sendable {
        /// A title; a detail line, when set, goes under it.
        case `default`
        /// The title on the leading edge, the detail line on the trailing edge, on one line.
        case value1
        /// Drawn as `.value1` (UIKit's small leading label beside the title has no equivalent).
        case value2
        /// The title with the detail line under it.
        case subtitle
    }

    /// The name of the hit target over a detail button (`.detailButton`,
    /// `.detailDisclosureButton`); a click on it reaches `accessoryButtonTappedForRowWith`.
    public static let accessoryButtonTarget = "PoolTable.accessoryButton"

    /// The width of the checkbox column that slides in during editing.
    public static let editingControlWidth = 44.0
    /// Backs `showsReorderControl` (issue 23).
    var reorderControlShown = false

    // MARK: Row actions: the leading edit-mode control
    /// The control the row shows in edit mode when multiple selection during editing is off
    /// (the delegate's `editingStyleForRowAt`, `.none` when `canEditRowAt` says no); set by
    /// the table, as UIKit's read-only `editingStyle`.
    public internal(set) var editingStyle: EditingStyle = .delete
    /// Whether the content moves aside for the control in edit mode (the delegate's
    /// `shouldIndentWhileEditingRowAt`); set by the table.
    @exclusivity(unchecked) public internal(set) var shouldIndentWhileEditing = true
    /// True when edit mode shows the multiple-selection checkbox rather than `editingStyle`'s control.
    @exclusivity(unchecked) public internal(set) var showsEditingCheckbox = true
    /// How far the content moves aside at the end of the edit-mode transition. (The stored
    /// properties it and `outlineContentInset` read are unchecked for exclusivity, as
    /// `ReusableCell`'s are: read for every cell on every frame, written only by the table.)
    public var editingIndent: Double { showsEditingCheckbox || shouldIndentWhileEditing ? Self.editingControlWidth : 0 }

    // MARK: Outlines (TableView+Outline.swift)
    /// How many levels deep the row's content is indented (UIKit's name). The table sets it
    /// from the row's outline state when the data source is an outline data source (the
    /// diffable data source's outlines included); other data sources set it themselves.
    @exclusivity(unchecked) public var indentationLevel = 0 { didSet { if indentationLevel != oldValue { setNeedsDisplay() } } }
    /// The width of one indentation level (UIKit's name). Default 16.
    @exclusivity(unchecked) public var indentationWidth = 16.0 { didSet { if indentationWidth != oldValue { setNeedsDisplay() } } }
    /// Set by the table: the row belongs to an outline (it leaves room for the triangle).
    @exclusivity(unchecked) var isInOutline = false { didSet { if isInOutline != oldValue { setNeedsDisplay() } } }
    /// How far the outline column's content starts from the column's leading edge: the
    /// indentation (`indentationLevel * indentationWidth`) plus, in an outline, the
    /// disclosure triangle's width (`TableView.disclosureWidth`). Computed by the table;
    /// cells that draw columns offset the outline column's content by it (a table without
    /// columns shifts the whole default content by it).
    public var outlineContentInset: Double {
        Double(max(0, indentationLevel)) * (indentationWidth.isFinite ? max(0, indentationWidth) : 0) + (isInOutline ? TableView.disclosureWidth : 0)
    }

    /// The default content: a title, an optional detail line and an accessory.
    public var text: String? { didSet { if text != oldValue { setNeedsDisplay() } } }
    /// The detail line under the title (smaller, dimmer); nil for none.
    public var detailText: String? { didSet { if detailText != oldValue { setNeedsDisplay() } } }
    /// What is drawn on the trailing edge; hidden in edit mode.
    public var accessory: Accessory = .none { didSet { if accessory != oldValue { setNeedsDisplay() } } }

    /// UIKit's name for `accessory`.
    public var accessoryType: AccessoryType {
        get { accessory }
        set { accessory = newValue }
    }

    /// A view drawn on the trailing edge instead of `accessory` (UIKit's `accessoryView`); nil
    /// (the default) draws `accessory`. It is as large as its `sizeThatFits(_:canvas:)` says
    /// when offered 44 points by the row's height (so 44 points square unless it overrides
    /// it), centred vertically 16 points from the trailing edge, and faded out in edit mode
    /// as an accessory is. The cell draws it with its content: call the cell's
    /// `setNeedsDisplay()` when what the view draws changes. It receives no input (the row
    /// does), and it is not a screen-reader element of its own.
    public var accessoryView: CollectionReusableView? {
        didSet { if accessoryView !== oldValue { setNeedsDisplay() } }
    }

    /// How the title and detail line are laid out; set at `init(style:reuseIdentifier:)`.
    public let cellStyle: CellStyle

    /// The title as a label (UIKit's `textLabel`): its `text` is the cell's `text`; its
    /// colour, font and line count restyle the title. Never nil.
    public private(set) lazy var textLabel: TableViewCellLabel? = TableViewCellLabel(cell: self, isDetail: false)
    /// The detail line as a label (UIKit's `detailTextLabel`): its `text` is the cell's
    /// `detailText`. Never nil (UIKit's is nil in `.default` style).
    public private(set) lazy var detailTextLabel: TableViewCellLabel? = TableViewCellLabel(cell: self, isDetail: true)
    /// The picture on the leading edge (UIKit's `imageView`): set its `image`. Never nil.
    public private(set) lazy var imageView: TableViewCellImageView? = TableViewCellImageView(cell: self)

    /// The picture drawn on the leading edge, before the title; nil for none.
    public var image: Image? { didSet { if image !== oldValue { setNeedsDisplay() } } }

    /// The list content configuration last set (UIKit's `contentConfiguration`): setting one
    /// sets `text`, `detailText`, `image` and the labels' styles from it; setting nil clears
    /// them. The same configuration as the `any ContentConfiguration` one of
    /// `ContentConfigurationCell` (nil here while that one holds another type).
    public var contentConfiguration: ListContentConfiguration? {
        get { hostedContent.configuration as? ListContentConfiguration }
        set { setHostedContentConfiguration(newValue) }
    }

    /// A fresh configuration in the cell's style (UIKit's `defaultContentConfiguration()`):
    /// no text, no image. Set its properties, then assign it to `contentConfiguration`.
    public func defaultContentConfiguration() -> ListContentConfiguration {
        switch cellStyle {
        case .default: .cell()
        case .subtitle: .subtitleCell()
        case .value1, .value2: .valueCell()
        }
    }

    /// The table that owns the cell (mounted or pooled).
    public var tableView: TableView? { listView as? TableView }

    /// Layout slots the canvas may keep text in between frames.
    public let titleCache = TextCache()
    /// Where the canvas keeps the detail line's layout.
    public let detailCache = TextCache()

    /// A cell for the given reuse identifier (what `register` factories call), in `.default` style.
    public override init(reuseIdentifier: String?) {
        cellStyle = .default
        super.init(reuseIdentifier: reuseIdentifier)
    }

    /// A cell laying out its title and detail line in `style` (UIKit's initializer; what
    /// `register(_ cellClass:forCellReuseIdentifier:)` calls, so it is `required`: a subclass
    /// that overrides it writes `required` where UIKit code writes `override`).
    public required init(style: CellStyle, reuseIdentifier: String?) {
        cellStyle = style
        super.init(reuseIdentifier: reuseIdentifier)
    }

    // MARK: Labels and configurations

    var titleOverrides = TextProperties()
    var detailOverrides = TextProperties()
    /// Title and detail side by side (`.value1`, `.value2`, a value-cell configuration).
    var sideBySide: Bool { contentConfiguration?.prefersSideBySideTextAndSecondaryText ?? (cellStyle == .value1 || cellStyle == .value2) }

    /// A list configuration is drawn by the cell's own text and image; others by their view.
    override func hostsContentView(for configuration: (any ContentConfiguration)?) -> Bool {
        !(configuration is ListContentConfiguration)
    }

    /// A new configuration: a list one sets the text, detail text, image and styles; any
    /// other clears them (its content view draws instead).
    override func contentConfigurationDidChange() {
        let c = contentConfiguration
        text = c?.text
        detailText = c?.secondaryText
        image = c?.image
        titleOverrides = c?.textProperties ?? TextProperties()
        detailOverrides = c?.secondaryTextProperties ?? TextProperties()
        setNeedsDisplay()
    }

    private func resolved(_ base: TextStyle, _ o: TextProperties) -> TextStyle {
        var st = base
        if let color = o.color { st.color = color }
        if let font = o.font { st.font = font }
        if let lines = o.numberOfLines { st.maxLines = lines }
        if let alignment = o.alignment { st.alignment = alignment }
        return st
    }

    /// The title's style with the label's or configuration's colour, font and lines applied.
    func effectiveTitleStyle(_ theme: Theme) -> TextStyle { resolved(titleStyle(theme), titleOverrides) }
    /// The detail line's style with the label's or configuration's overrides applied.
    func effectiveDetailStyle(_ theme: Theme) -> TextStyle {
        var st = resolved(detailStyle(theme), detailOverrides)
        if sideBySide && detailOverrides.font == nil { st.font = titleStyle(theme).font }
        return st
    }

    /// The width the leading picture takes, with its gap.
    var imageWidth: Double { image == nil ? 0 : Self.imageSide + 16 }
    /// The side of the square the leading picture is fitted into.
    public static let imageSide = 28.0

    /// The height the cell wants at `width` when the row height is `automaticDimension`.
    open override func heightThatFits(width: Double, canvas: Canvas) -> Double {
        if let view = activeContentView {
            let h = view.sizeThatFits(Size(width: max(0, width - accessoryWidth(canvas, rowHeight: 44)), height: 44), canvas: canvas).height
            return h.isFinite ? max(1, h.rounded(.up)) : 44
        }
        let inner = max(0, width - 32 - accessoryWidth(canvas, rowHeight: 44) - imageWidth)
        let theme = canvas.theme
        var h = 22.0
        let title = text.map { canvas.measureText($0, width: sideBySide ? inner / 2 : inner, style: effectiveTitleStyle(theme), cache: nil).height } ?? 0
        let detail = detailText.map { canvas.measureText($0, width: sideBySide ? inner / 2 : inner, style: effectiveDetailStyle(theme), cache: nil).height }
        if sideBySide { h += max(title, detail ?? 0) } else { h += title + (detail.map { 2 + $0 } ?? 0) }
        return max(44, h.rounded(.up))
    }

    // MARK: Accessibility

    /// What a screen reader says for the row (UIKit's name). Default: `text` and
    /// `detailText`, joined by ", " (nil when both are empty); a set label wins.
    open override var accessibilityLabel: String? {
        get {
            if let label = super.accessibilityLabel { return label }
            // The non-empty of text and detail text, joined by ", " (plain code: closures
            // passed to compactMap and filter checked the executor at run time, per row read).
            let text = self.text ?? "", detail = detailText ?? ""
            if text.isEmpty { return detail.isEmpty ? activeContentView?.accessibilityLabel : detail }
            return detail.isEmpty ? text : text + ", " + detail
        }
        set { super.accessibilityLabel = newValue }
    }

    // MARK: Drawing

    /// Draws the whole cell: background, selection tint, the editing checkbox column, then
    /// `drawContent` shifted right by the column's current width, then the accessory. The
    /// content and accessory are one `Canvas.drawCached` unit keyed by the cell and
    /// `contentVersion`, each of the cell's `liveLayers` a unit of its own over it; the rest
    /// is drawn around them each frame (plain fills and a circle).
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
        if edit > 0 {
            if showsEditingCheckbox { drawCheckbox(in: canvas, bounds: bounds, progress: edit) } else { drawEditingControl(in: canvas, bounds: bounds, progress: edit) }
        }
        let shift = contentShift(editing: edit)
        if showsReorderControl && edit > 0 { drawReorderControl(in: canvas, bounds: bounds, progress: edit) }
        let size = Size(width: contentWidth(inRowWidth: bounds.width, editing: edit), height: bounds.height)
        canvas.save()
        canvas.translate(x: bounds.minX + shift, y: bounds.minY)
        // Recorded again on each frame of a content animation or of the edit-mode slide.
        let changesOften = isAnimatingContent || (edit > 0 && edit < 1)
        canvas.drawCached(key: ObjectIdentifier(self), version: contentVersion, size: size, changesOften: changesOften) { canvas in
            let content = Rect(origin: .zero, size: size)
            drawContent(in: canvas, bounds: content)
            if accessoryView != nil || accessory != .none, edit < 1 {
                canvas.withState {
                    canvas.multiplyAlpha(1 - edit)
                    drawAccessory(in: canvas, bounds: content)
                }
            }
        }
        drawLiveLayers(in: canvas, contentBounds: Rect(origin: .zero, size: size))
        canvas.restore()
    }

    /// The content's rectangle at the current editing progress (shifted and narrowed as in `draw`).
    override func liveContentBounds(cellBounds bounds: Rect) -> Rect {
        let edit = editingProgress
        return Rect(x: bounds.minX + contentShift(editing: edit), y: bounds.minY,
                    width: contentWidth(inRowWidth: bounds.width, editing: edit), height: bounds.height)
    }

    /// Draws the row's own content. Override this (not `draw`) to keep the edit-mode column.
    /// It is recorded once per `contentVersion`: draw from the cell's own properties, its
    /// editing state and `bounds`, and call `setNeedsDisplay()` (or `animateContent(for:)`)
    /// when anything else it reads changes.
    open func drawContent(in canvas: Canvas, bounds: Rect) {
        if let view = activeContentView {
            // A custom configuration's view fills the content, less the accessory.
            let box = Rect(x: bounds.minX, y: bounds.minY, width: max(0, bounds.width - accessoryWidth(canvas, rowHeight: bounds.height)), height: bounds.height)
            canvas.withState {
                canvas.clip(to: box)
                view.draw(in: canvas, bounds: box)
            }
            return
        }
        let theme = canvas.theme
        if let image {
            let box = Rect(x: bounds.minX + 16, y: bounds.midY - Self.imageSide / 2, width: Self.imageSide, height: Self.imageSide)
            canvas.drawImage(image, in: box, contentMode: .scaleAspectFit, cornerRadius: 0)
        }
        let inner = Rect(x: bounds.minX + 16 + imageWidth, y: bounds.minY,
                         width: max(0, bounds.width - 32 - accessoryWidth(canvas, rowHeight: bounds.height) - imageWidth), height: bounds.height)
        let title = effectiveTitleStyle(theme), detail = effectiveDetailStyle(theme)
        if sideBySide {
            drawSideBySide(in: canvas, inner: inner, title: title, detail: detail)
            return
        }
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

    /// `.value1`: the title on the leading edge, the detail line right-aligned on the trailing edge.
    private func drawSideBySide(in canvas: Canvas, inner: Rect, title: TextStyle, detail: TextStyle) {
        var detailStyle = detail
        detailStyle.alignment = .trailing
        let half = inner.width / 2
        if let detailText {
            let h = canvas.measureText(detailText, width: half, style: detailStyle, cache: detailCache).height
            canvas.drawText(detailText, in: Rect(x: inner.maxX - half, y: inner.midY - h / 2, width: half, height: h), style: detailStyle, cache: detailCache)
        }
        if let text {
            let w = detailText == nil ? inner.width : half
            let h = canvas.measureText(text, width: w, style: title, cache: titleCache).height
            canvas.drawText(text, in: Rect(x: inner.minX, y: inner.midY - h / 2, width: w, height: h), style: title, cache: titleCache)
        }
    }

    /// How the title is drawn; override to restyle it.
    open func titleStyle(_ theme: Theme) -> TextStyle { TextStyle(font: .body, color: theme.foreground, maxLines: 0) }
    /// How the detail line is drawn; override to restyle it.
    open func detailStyle(_ theme: Theme) -> TextStyle { TextStyle(font: .caption, color: theme.secondaryForeground, maxLines: 0) }
    /// The cell's background; override to tint rows.
    open func backgroundColor(_ theme: Theme) -> Color { theme.cellBackground }

    /// The accessory view's size in a row `rowHeight` high (finite, non-negative, at most the row's height).
    private func accessoryViewSize(_ view: CollectionReusableView, _ canvas: Canvas, rowHeight: Double) -> Size {
        let s = view.sizeThatFits(Size(width: 44, height: rowHeight), canvas: canvas)
        return Size(width: s.width.isFinite ? max(0, s.width) : 0, height: s.height.isFinite ? min(max(0, s.height), rowHeight) : 0)
    }

    /// The room the accessory (or the accessory view and its gap) takes on the trailing edge.
    private func accessoryWidth(_ canvas: Canvas, rowHeight: Double) -> Double {
        if let accessoryView {
            let w = accessoryViewSize(accessoryView, canvas, rowHeight: rowHeight).width
            return w > 0 ? w + 8 : 0
        }
        return switch accessory {
        case .none: 0
        case .disclosureIndicator, .checkmark: 24
        case .detailButton: 32
        case .detailDisclosureButton: 52
        }
    }

    /// Outside edit mode, a detail button is a hit target (`accessoryButtonTarget`) of 44 px
    /// on the trailing edge; subclasses that override this add to `super.hitTargets`.
    open override var hitTargets: [HitTarget] {
        guard accessoryView == nil, accessory == .detailButton || accessory == .detailDisclosureButton, !isEditing else { return [] }
        let cx = frame.width - (accessory == .detailButton ? 24 : 46)
        return [HitTarget(name: Self.accessoryButtonTarget, rect: Rect(x: cx - 22, y: 0, width: 44, height: frame.height))]
    }

    /// The info button: a circle with an "i", in the accent colour.
    private func drawInfoButton(in canvas: Canvas, center c: Point, color: Color) {
        canvas.stroke(.circle(center: c, radius: 9), color: color, lineWidth: 1.5)
        canvas.fill(.circle(center: Point(x: c.x, y: c.y - 4.5), radius: 1.3), color: color)
        var stem = Path()
        stem.move(to: Point(x: c.x, y: c.y - 1.5)); stem.line(to: Point(x: c.x, y: c.y + 5))
        canvas.stroke(stem, color: color, lineWidth: 2)
    }

    private func drawAccessory(in canvas: Canvas, bounds: Rect) {
        if let accessoryView {
            let size = accessoryViewSize(accessoryView, canvas, rowHeight: bounds.height)
            guard size.width > 0, size.height > 0 else { return }
            let box = Rect(x: bounds.maxX - 16 - size.width, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
            canvas.withState {
                canvas.clip(to: box)
                canvas.translate(x: box.minX, y: box.minY)
                accessoryView.draw(in: canvas, bounds: Rect(origin: .zero, size: size))
            }
            return
        }
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
        case .detailButton:
            drawInfoButton(in: canvas, center: Point(x: bounds.maxX - 24, y: cy), color: theme.accent)
        case .detailDisclosureButton:
            drawInfoButton(in: canvas, center: Point(x: bounds.maxX - 46, y: cy), color: theme.accent)
            p.move(to: Point(x: cx - 3, y: cy - 6)); p.line(to: Point(x: cx + 3, y: cy)); p.line(to: Point(x: cx - 3, y: cy + 6))
            canvas.stroke(p, color: theme.secondaryForeground, lineWidth: 2)
        }
    }

    /// The colour of the insert control (a green plus).
    public static let insertControlColor = Color(hex: 0x2ec27e)

    /// The delete (red minus) or insert (green plus) control, sliding in with the column.
    private func drawEditingControl(in canvas: Canvas, bounds: Rect, progress: Double) {
        guard editingStyle != .none else { return }
        let w = Self.editingControlWidth
        let center = Point(x: bounds.minX + w / 2 - w * (1 - progress), y: bounds.midY)
        let color = editingStyle == .delete ? canvas.theme.destructive : Self.insertControlColor
        canvas.withState {
            canvas.multiplyAlpha(progress)
            canvas.fill(.circle(center: center, radius: 10), color: color)
            canvas.fill(Rect(x: center.x - 5, y: center.y - 1, width: 10, height: 2), color: .white)
            if editingStyle == .insert { canvas.fill(Rect(x: center.x - 1, y: center.y - 5, width: 2, height: 10), color: .white) }
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

    /// How far `drawContent` is shifted right at editing progress `edit` (0...1): the editing
    /// control's column as far as it has slid in, and outside columns the outline's inset.
    func contentShift(editing edit: Double) -> Double {
        editingIndent * edit + (tableView?.tableColumns.isEmpty ?? true ? outlineContentInset : 0)
    }

    /// The width `drawContent` gets in a row `width` wide at editing progress `edit`: less
    /// `contentShift` and the grip (as far as it has slid in). Also what a self-sizing row is
    /// measured at (`heightThatFits`), at the editing state it settles in.
    func contentWidth(inRowWidth width: Double, editing edit: Double) -> Double {
        max(0, width - contentShift(editing: edit) - (showsReorderControl ? Self.reorderControlWidth * edit : 0))
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
