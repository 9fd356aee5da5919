/// An item's view in a `CollectionView` (UIKit's `UICollectionViewCell`). Override
/// `drawContent`; the cell draws the selection and, in edit mode, a check badge in its top
/// trailing corner over it. See `ReusableCell` for what the grid sets on it.
@MainActor
open class CollectionViewCell: CollectionReusableView {
    /// The badge's diameter.
    public static let badgeSize = 22.0

    /// A cell for the given reuse identifier (what `register` factories and registrations
    /// call). A subclass overrides it (`required`, calling `super`), or overrides
    /// `init(frame:)` as UIKit code does and adds
    /// `required convenience init(reuseIdentifier: String?) { self.init(frame: .zero) }` so
    /// that registrations make it through its `init(frame:)` (a `CollectionViewListCell`
    /// subclass needs no such line).
    public required init(reuseIdentifier: String?) {
        super.init(frame: .zero)
        self.reuseIdentifier = reuseIdentifier
    }

    /// A cell with `frame` and no reuse identifier (UIKit's `init(frame:)`): what a subclass
    /// overriding `init(frame:)` calls. The view that mounts it sets its frame and, when a
    /// registration or registered class made it, its reuse identifier.
    public override init(frame: Rect) {
        super.init(frame: frame)
    }

    /// Called with the cell and its state whenever selection, highlight or edit mode changes,
    /// and when set (UIKit's `configurationUpdateHandler`): restyle the cell there.
    public typealias ConfigurationUpdateHandler = @MainActor (CollectionViewCell, CellConfigurationState) -> Void
    /// See ``ConfigurationUpdateHandler``; nil: none.
    public var configurationUpdateHandler: ConfigurationUpdateHandler? { didSet { setNeedsUpdateConfiguration() } }
    /// The cell's background (UIKit's `backgroundConfiguration`); nil: the default (the theme's
    /// cell background, or the list appearance's for a list cell).
    public var backgroundConfiguration: BackgroundConfiguration? { didSet { if backgroundConfiguration != oldValue { invalidateContent() } } }

    /// Runs `configurationUpdateHandler` for `state`; override to restyle in a subclass
    /// (call `super`). Called when selection, highlight or edit mode changes, when the handler
    /// is set, and on `setNeedsUpdateConfiguration()`.
    open func updateConfiguration(using state: CellConfigurationState) {
        configurationUpdateHandler?(self, state)
    }

    /// The state the cell shows now: selection, highlight and edit mode. Override it to add
    /// custom states (`state[key] = value`, starting from `super.configurationState`), and call
    /// `setNeedsUpdateConfiguration()` when what they are made from changes.
    open var configurationState: CellConfigurationState {
        CellConfigurationState(isSelected: isSelected, isHighlighted: isHighlighted, isEditing: isEditing)
    }

    /// Selection, highlight or edit mode changed: `updateConfiguration(using:)` runs (a
    /// subclass may override it without setting a handler).
    override func configurationStateDidChange() {
        super.configurationStateDidChange()
        setNeedsUpdateConfiguration()
    }

    /// Content configurations are updated for `configurationState` (custom states included).
    override var contentConfigurationState: CellConfigurationState { configurationState }

    /// With a content configuration: its view's height at `width`; else 44.
    open override func heightThatFits(width: Double, canvas: Canvas) -> Double {
        guard activeContentView != nil else { return super.heightThatFits(width: width, canvas: canvas) }
        return contentViewSize(Size(width: width, height: 44), canvas: canvas).height
    }

    /// With a content configuration: the size its view wants when offered `size`; else the
    /// offered width and `heightThatFits(width:canvas:)`.
    open override func sizeThatFits(_ size: Size, canvas: Canvas) -> Size {
        guard activeContentView != nil else { return super.sizeThatFits(size, canvas: canvas) }
        return contentViewSize(size, canvas: canvas)
    }

    /// The content view's answer made finite and non-negative.
    private func contentViewSize(_ size: Size, canvas: Canvas) -> Size {
        guard let view = activeContentView else { return size }
        let s = view.sizeThatFits(size, canvas: canvas)
        return Size(width: s.width.isFinite ? max(0, s.width) : size.width, height: s.height.isFinite ? max(0, s.height) : 44)
    }

    /// What a screen reader says: a set label, else the content view's (when it is a view
    /// with one, as a `ListContentView` is).
    open override var accessibilityLabel: String? {
        get { super.accessibilityLabel ?? activeContentView?.accessibilityLabel }
        set { super.accessibilityLabel = newValue }
    }

    /// The grid that owns the cell (mounted or pooled).
    public var collectionView: CollectionView? { listView as? CollectionView }

    /// Draws the content (with its `liveLayers` over it), then the selection (an accent
    /// border) and the check badge.
    open override func draw(in canvas: Canvas, bounds: Rect) {
        canvas.save()
        canvas.translate(x: bounds.minX, y: bounds.minY)
        canvas.drawCached(key: ObjectIdentifier(self), version: contentVersion, size: bounds.size, changesOften: isAnimatingContent) { canvas in
            drawContent(in: canvas, bounds: Rect(origin: .zero, size: bounds.size))
        }
        drawLiveLayers(in: canvas, contentBounds: Rect(origin: .zero, size: bounds.size))
        canvas.restore()
        let theme = canvas.theme
        let s = isEditing || editingProgress > 0 ? selectionProgress : (isSelected ? 1 : 0)
        if s > 0 {
            canvas.fill(bounds, color: theme.selectionTint.withAlpha(min(1, theme.selectionTint.alpha * 2) * s))
            canvas.stroke(.roundedRect(bounds.insetBy(dx: 1.5, dy: 1.5), radius: 6), color: theme.accent.withAlpha(s), lineWidth: 3)
        }
        if isHighlighted { canvas.fill(bounds, color: theme.foreground.withAlpha(0.12)) }
        if editingProgress > 0 && drawsEditingBadge { drawBadge(in: canvas, bounds: bounds) }
    }

    /// Whether edit mode shows the grid's check badge at the top trailing corner. A list
    /// cell says no: its trailing edge holds its accessories (the reorder grip), and its
    /// selection shows as the multiselect accessory and the tint.
    var drawsEditingBadge: Bool { true }

    /// The item's own content, recorded once per `contentVersion` (see `ReusableCell`).
    /// Default: the cell background, then the content configuration's view over all of it.
    open func drawContent(in canvas: Canvas, bounds: Rect) {
        if let backgroundConfiguration { backgroundConfiguration.draw(in: canvas, bounds: bounds) } else { canvas.fill(bounds, color: canvas.theme.cellBackground) }
        if let view = activeContentView {
            canvas.withState {
                canvas.clip(to: bounds)
                view.draw(in: canvas, bounds: bounds)
            }
        }
    }

    /// The check badge: a ring that scales in with edit mode and fills with the accent colour,
    /// drawing its check mark in, as the item is selected.
    private func drawBadge(in canvas: Canvas, bounds: Rect) {
        let theme = canvas.theme
        let e = editingProgress, s = selectionProgress
        let radius = Self.badgeSize / 2 * (0.6 + 0.4 * e) * (s > 0 && s < 1 ? 1 + 0.16 * Math.sin(Double.pi * s) : 1)
        let center = Point(x: bounds.maxX - 6 - Self.badgeSize / 2, y: bounds.minY + 6 + Self.badgeSize / 2)
        canvas.withState {
            canvas.multiplyAlpha(e)
            canvas.fill(.circle(center: center, radius: radius), color: Color.black.withAlpha(0.25 * (1 - s)))
            canvas.stroke(.circle(center: center, radius: radius), color: Color.white.mixed(with: theme.accent, s), lineWidth: 1.5)
            if s > 0 {
                canvas.fill(.circle(center: center, radius: radius), color: theme.accent.withAlpha(min(1, s * 1.5)))
                canvas.stroke(Path.checkMark(center: center, scale: radius / 10, drawn: s), color: theme.accentForeground, lineWidth: 2)
            }
        }
    }
}
