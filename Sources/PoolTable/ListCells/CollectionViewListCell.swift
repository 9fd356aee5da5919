/// A row of a list-configured collection view (UIKit's `UICollectionViewListCell`): a
/// `ListContentConfiguration` (image, text, secondary text), accessories at its edges,
/// indentation, and the look of its section's list appearance: separators for plain and
/// grouped lists, a rounded box per section for inset-grouped (Adwaita's boxed list), a
/// rounded highlight for sidebars.
@MainActor
open class CollectionViewListCell: CollectionViewCell {
    /// The hit target of an outline disclosure accessory: a click expands or collapses the
    /// row's children through the diffable data source's section snapshot.
    public static let outlineDisclosureTarget = "PoolTable.outlineDisclosure"
    /// The accessories: on each edge the first one is nearest the edge (the outermost).
    public var accessories: [CellAccessory] = [] { didSet { if accessories != oldValue { invalidateContent() } } }
    /// The list configuration the cell shows, drawn by a `ListContentView`; nil: nothing but
    /// its background and accessories (or another type of configuration, set through
    /// `ContentConfigurationCell`'s `contentConfiguration`, which this one reads and writes).
    public var contentConfiguration: ListContentConfiguration? {
        get { hostedContent.configuration as? ListContentConfiguration }
        set { setHostedContentConfiguration(newValue) }
    }
    /// How many indentation steps the content is moved in by (an outline's level).
    public var indentationLevel = 0 { didSet { if indentationLevel != oldValue { invalidateContent() } } }
    /// The width of one indentation step. Default 16.
    public var indentationWidth = 16.0

    /// A list cell with `frame` and no reuse identifier (UIKit's `init(frame:)`). Subclass it
    /// as in UIKit: `override init(frame:)` calling `super.init(frame:)`; registrations make
    /// the subclass through the inherited `init(reuseIdentifier:)`, which runs it.
    public override init(frame: Rect) {
        super.init(frame: frame)
    }

    /// A list cell for the given reuse identifier (what registrations and `register`
    /// factories call): `init(frame: .zero)`, then the identifier. Inherited by every
    /// subclass that overrides `init(frame:)` (or declares no initialiser).
    public required convenience init(reuseIdentifier: String?) {
        self.init(frame: .zero)
        self.reuseIdentifier = reuseIdentifier
    }

    /// A configuration in the style of the cell's list (a sidebar row in a sidebar), to fill and
    /// assign to `contentConfiguration`.
    public func defaultContentConfiguration() -> ListContentConfiguration {
        ListContentConfiguration.cell()
    }

    open override func prepareForReuse() {
        super.prepareForReuse()
        accessories = []
        contentConfiguration = nil
        indentationLevel = 0
    }

    /// What a screen reader says for the row: the configuration's text and secondary text,
    /// then the label accessories' texts shown now, joined by ", " (nil when all are empty);
    /// a set label wins.
    open override var accessibilityLabel: String? {
        get {
            if let label = explicitAccessibilityLabel { return label }
            var parts = [activeContentView?.accessibilityLabel].compactMap { $0 }
            for accessory in accessories where accessory.isShown(editing: isEditing) {
                if case let .label(text) = accessory.kind { parts.append(text) }
            }
            parts.removeAll { $0.isEmpty }
            return parts.isEmpty ? nil : parts.joined(separator: ", ")
        }
        set { super.accessibilityLabel = newValue }
    }

    /// No grid check badge in edit mode: it would cover the trailing accessories.
    override var drawsEditingBadge: Bool { false }

    /// The outline disclosure accessory's hit target, where there is one: the chevron, or
    /// the whole row for a `header` style.
    open override var hitTargets: [HitTarget] {
        let bounds = Rect(origin: .zero, size: frame.size)
        return accessoryRects(in: bounds, canvas: nil).compactMap { accessory, rect in
            guard accessory.kind == .outlineDisclosure else { return nil }
            return HitTarget(name: Self.outlineDisclosureTarget, rect: togglesFromAnywhere(accessory) ? bounds : rect)
        }
    }

    /// Whether a click anywhere on the row toggles `accessory` (an outline disclosure in the
    /// `header` style, or `automatic` on a section's header row).
    func togglesFromAnywhere(_ accessory: CellAccessory) -> Bool {
        switch accessory.outlineOptions.style {
        case .header: true
        case .cell: false
        case .automatic: listPlacement().isHeaderRow
        }
    }

    /// The content view's height at the content's width (one or two lines of text for a
    /// list configuration), at least 44 points.
    open override func heightThatFits(width: Double, canvas: Canvas) -> Double {
        guard let view = activeContentView else { return 44 }
        let w = max(1, contentRect(in: Rect(x: 0, y: 0, width: width, height: 44), canvas: canvas).width)
        let h = view.sizeThatFits(Size(width: w, height: 44), canvas: canvas).height
        return h.isFinite ? max(44, h) : 44
    }

    /// The offered width, and `heightThatFits(width:canvas:)`.
    open override func sizeThatFits(_ size: Size, canvas: Canvas) -> Size {
        Size(width: size.width, height: heightThatFits(width: size.width, canvas: canvas))
    }

    /// The background of the appearance, the content, the accessories and the separator.
    open override func drawContent(in canvas: Canvas, bounds: Rect) {
        let theme = canvas.theme
        let placement = listPlacement()
        if let backgroundConfiguration {
            backgroundConfiguration.draw(in: canvas, bounds: bounds)
        } else {
            drawAppearanceBackground(placement, in: canvas, bounds: bounds)
        }
        let content = contentRect(in: bounds, canvas: canvas)
        if let view = activeContentView {
            canvas.withState {
                canvas.clip(to: content)
                view.draw(in: canvas, bounds: content)
            }
        }
        for (accessory, rect) in accessoryRects(in: bounds, canvas: canvas) { draw(accessory, in: rect, canvas: canvas) }
        if placement.showsSeparators && !placement.isLast && placement.appearance != .sidebar && placement.appearance != .sidebarPlain {
            canvas.fill(Rect(x: content.minX, y: bounds.maxY - 1, width: bounds.maxX - content.minX, height: 1), color: theme.separator)
        }
    }

    /// The appearance's own background: a boxed list piece, the sidebar's or the plain cell colour.
    private func drawAppearanceBackground(_ placement: Placement, in canvas: Canvas, bounds: Rect) {
        let theme = canvas.theme
        switch placement.appearance {
        case .insetGrouped:
            // A boxed list: the section's first and last rows round their outer corners.
            canvas.fill(bounds, color: theme.groupedBackground)
            let r = 12.0
            var box = bounds
            if placement.isFirst { box.origin.y += 0 } else { box.origin.y -= r; box.size.height += r }
            if !placement.isLast { box.size.height += r }
            canvas.withState {
                canvas.clip(to: bounds)
                canvas.fill(.roundedRect(box, radius: r), color: theme.cellBackground)
            }
        case .sidebar, .sidebarPlain:
            canvas.fill(bounds, color: theme.groupedBackground)
        case .plain, .grouped:
            canvas.fill(bounds, color: theme.cellBackground)
        }
    }

    /// Sidebars show the selection as a rounded accent highlight behind the row instead of a border.
    open override func draw(in canvas: Canvas, bounds: Rect) {
        let placement = listPlacement()
        guard placement.appearance == .sidebar || placement.appearance == .sidebarPlain, isSelected, !isEditing else {
            super.draw(in: canvas, bounds: bounds)
            return
        }
        canvas.save()
        canvas.translate(x: bounds.minX, y: bounds.minY)
        drawContent(in: canvas, bounds: Rect(origin: .zero, size: bounds.size))
        canvas.restore()
        canvas.fill(.roundedRect(bounds.insetBy(dx: 4, dy: 2), radius: 6), color: canvas.theme.selectionTint)
    }

    // MARK: Layout of the row

    /// Where the content goes: inside the leading accessories and indentation, before the trailing ones.
    func contentRect(in bounds: Rect, canvas: Canvas?) -> Rect {
        var leading = 16.0 + Double(indentationLevel) * indentationWidth, trailing = 16.0
        for (accessory, rect) in accessoryRects(in: bounds, canvas: canvas) {
            if accessory.isLeading { leading = max(leading, rect.maxX + 4) } else { trailing = max(trailing, bounds.maxX - rect.minX + 4) }
        }
        return Rect(x: bounds.minX + leading, y: bounds.minY, width: max(0, bounds.width - leading - trailing), height: bounds.height)
    }

    /// The shown accessories with their rectangles: leading ones from the leading edge (after
    /// the indentation), trailing ones from the trailing edge inwards.
    func accessoryRects(in bounds: Rect, canvas: Canvas?) -> [(CellAccessory, Rect)] {
        var out: [(CellAccessory, Rect)] = []
        var lead = bounds.minX + 8 + Double(indentationLevel) * indentationWidth, trail = bounds.maxX - 8
        for accessory in accessories where accessory.isShown(editing: isEditing) {
            let w = canvas.map { accessory.width(in: $0) } ?? 32
            if accessory.isLeading {
                out.append((accessory, Rect(x: lead, y: bounds.minY, width: w, height: bounds.height)))
                lead += w
            } else {
                trail -= w
                out.append((accessory, Rect(x: trail, y: bounds.minY, width: w, height: bounds.height)))
            }
        }
        return out
    }

    /// A text style from a configuration's overrides over the cell's defaults.
    static func style(_ p: TextProperties, _ font: Font, _ color: Color) -> TextStyle {
        TextStyle(font: p.font ?? font, color: p.color ?? color, alignment: p.alignment ?? .leading, maxLines: p.numberOfLines ?? 1)
    }

    /// The part of `rect` that `text` takes, centred vertically: canvases draw text from the
    /// top of the rectangle they are given.
    static func centred(_ text: String, in rect: Rect, style: TextStyle, canvas: Canvas) -> Rect {
        let h = min(rect.height, canvas.measureText(text, width: max(1, rect.width), style: style).height)
        return Rect(x: rect.minX, y: rect.midY - h / 2, width: rect.width, height: h)
    }

    private func draw(_ accessory: CellAccessory, in rect: Rect, canvas: Canvas) {
        let theme = canvas.theme
        let c = Point(x: rect.midX, y: rect.midY)
        switch accessory.kind {
        case .disclosureIndicator:
            var p = Path(); p.move(to: Point(x: c.x - 3, y: c.y - 6)); p.line(to: Point(x: c.x + 3, y: c.y)); p.line(to: Point(x: c.x - 3, y: c.y + 6))
            canvas.stroke(p, color: theme.secondaryForeground, lineWidth: 2)
        case .outlineDisclosure:
            var p = Path()
            if outlineIsExpanded() {
                p.move(to: Point(x: c.x - 6, y: c.y - 3)); p.line(to: Point(x: c.x, y: c.y + 3)); p.line(to: Point(x: c.x + 6, y: c.y - 3))
            } else {
                p.move(to: Point(x: c.x - 3, y: c.y - 6)); p.line(to: Point(x: c.x + 3, y: c.y)); p.line(to: Point(x: c.x - 3, y: c.y + 6))
            }
            canvas.stroke(p, color: theme.foreground, lineWidth: 2)
        case .checkmark:
            canvas.stroke(Path.checkMark(center: c, scale: 0.9, drawn: 1), color: theme.accent, lineWidth: 2)
        case .delete:
            canvas.fill(.circle(center: c, radius: 10), color: Color(hex: 0xe01b24))
            canvas.fill(Rect(x: c.x - 6, y: c.y - 1, width: 12, height: 2), color: .white)
        case .reorder:
            for dy in [-5.0, 0, 5] { canvas.fill(Rect(x: c.x - 8, y: c.y + dy - 1, width: 16, height: 2), color: theme.secondaryForeground) }
        case .multiselect:
            if isSelected {
                canvas.fill(.circle(center: c, radius: 10), color: theme.accent)
                canvas.stroke(Path.checkMark(center: c, scale: 0.7, drawn: 1), color: theme.accentForeground, lineWidth: 2)
            } else {
                canvas.stroke(.circle(center: c, radius: 10), color: theme.secondaryForeground, lineWidth: 1.5)
            }
        case let .label(text):
            let style = TextStyle(font: .body, color: theme.secondaryForeground, alignment: .trailing)
            canvas.drawText(text, in: Self.centred(text, in: rect, style: style, canvas: canvas), style: style)
        case let .customView(configuration):
            // Centred in its slot (less the gap), as high as it says up to the row's height.
            let slot = Rect(x: rect.minX + 4, y: rect.minY, width: max(0, rect.width - 8), height: rect.height)
            let size = CellAccessory.customViewSize(configuration, offered: slot.size, canvas: canvas)
            guard size.width > 0, size.height > 0 else { return }
            let box = Rect(x: slot.midX - min(size.width, slot.width) / 2, y: slot.midY - size.height / 2, width: min(size.width, slot.width), height: size.height)
            canvas.withState {
                canvas.clip(to: box)
                canvas.translate(x: box.minX, y: box.minY)
                configuration.customView.draw(in: canvas, bounds: Rect(origin: .zero, size: box.size))
            }
        }
    }

    // MARK: Where the row is

    /// The row's list appearance and place in its section, from the collection view's layout.
    struct Placement {
        var appearance: CollectionLayoutListConfiguration.Appearance = .plain
        var showsSeparators = true
        var isFirst = true
        var isLast = true
        /// The section's first row in a list whose header mode is `firstItemInSection`.
        var isHeaderRow = false
    }

    func listPlacement() -> Placement {
        guard let view = collectionView, let ip = mountedIndexPath ?? lastIndexPath.map(ItemPath.init),
              let geometry = view.geometry as? CompositionalGeometry, ip.section < geometry.numberOfSections,
              let configuration = geometry.sections[ip.section].section.listConfiguration else { return Placement() }
        return Placement(appearance: configuration.appearance, showsSeparators: configuration.showsSeparators,
                         isFirst: ip.row == 0, isLast: ip.row == geometry.numberOfItems(in: ip.section) - 1,
                         isHeaderRow: ip.row == 0 && configuration.headerMode == .firstItemInSection)
    }

    /// Whether the row's outline children show (asked of the diffable data source's outline).
    func outlineIsExpanded() -> Bool {
        guard let view = collectionView, let ip = mountedIndexPath,
              let outline = view.dataSource as? CollectionOutlineSource else { return false }
        return outline.outlineState(at: ip.indexPath)?.isExpanded ?? false
    }
}

/// A collection data source with outlines (the diffable one): the list cell's outline
/// disclosure reads and toggles through it.
@MainActor
protocol CollectionOutlineSource: AnyObject {
    func outlineState(at indexPath: IndexPath) -> OutlineRowState?
    func toggleOutline(at indexPath: IndexPath)
    /// A dragged item's proposed destination, refused (the source) when it would drop the
    /// item into its own subtree or take a parent out of its outline's section.
    func outlineReorderTarget(from source: IndexPath, proposed: IndexPath) -> IndexPath
    /// Alt+arrow in an outline: the destination of a step among the item's siblings (the
    /// source when there is no sibling that way); nil outside an outline.
    func outlineStepDestination(from source: IndexPath, forward: Bool) -> IndexPath?
}

extension CollectionView {
    /// Redraws the mounted list cells (an outline's expanded state or a row's place in its
    /// section changed what their accessories and corners show).
    func refreshListCells() {
        for entry in items.entries where entry.cell is CollectionViewListCell { entry.cell.invalidateContent() }
        setNeedsDisplay()
    }
}
