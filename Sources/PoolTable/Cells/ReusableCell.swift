/// What `TableViewCell` and `CollectionViewCell` share: a view the core recycles. Cells are
/// kept only while mounted (visible + prepared) plus a small pool, and handed out again by
/// `dequeueReusableCell` after `prepareForReuse()`.
///
/// Engine state a cell shows (editing, selection, their animation progress) is set by the
/// view on every mounted cell and again on every dequeue; a cell never owns it.
@MainActor
open class ReusableCell {
    /// A named clickable area of the cell, in the cell's own coordinates. Clicks on it reach
    /// the delegate's `didTapTarget` instead of selecting the row.
    public struct HitTarget: Hashable, Sendable {
        /// What the delegate's `didTapTarget` receives.
        public var name: String
        /// Where the target is, in the cell's coordinates.
        public var rect: Rect
        /// A target called `name` covering `rect`.
        public init(name: String, rect: Rect) { self.name = name; self.rect = rect }
    }

    /// The identifier the cell was registered and dequeued under; it goes back to that pool.
    /// A view made with `init(frame:)` has none until the registration or registered class
    /// that made it sets it (right after `init(frame:)` returns). Read on every recycle,
    /// written only by the engine, so without a dynamic exclusivity check.
    @exclusivity(unchecked) public final internal(set) var reuseIdentifier: String?

    // The state the core sets on every bind and scroll step is exempt from dynamic
    // exclusivity checks (they cost more than the assignments): only the core writes it.
    /// Whether the view is in edit mode; set by the view on every mounted cell and on every dequeue.
    @exclusivity(unchecked) open internal(set) var isEditing = false {
        didSet { if isEditing != oldValue { invalidateContent(); configurationStateDidChange() } }
    }
    /// Whether the row or item is selected; set by the view, never kept by the cell across rows.
    @exclusivity(unchecked) open internal(set) var isSelected = false { didSet { if isSelected != oldValue { configurationStateDidChange() } } }
    /// Pressed but not yet released.
    public internal(set) var isHighlighted = false { didSet { if isHighlighted != oldValue { configurationStateDidChange() } } }

    /// Selection, highlight or edit mode changed: the content configuration follows the new
    /// state (a collection cell then runs its `configurationUpdateHandler`).
    func configurationStateDidChange() { updateHostedContentForState() }

    // MARK: Content configurations (ContentConfiguration/ContentConfigurationCell.swift)
    /// The content configuration and its view (`contentConfiguration` of the cells).
    var hostedContent = HostedContent()
    /// Backs `automaticallyUpdatesContentConfiguration`.
    var automaticallyUpdatesContent = true
    /// The state configurations are updated for (a collection cell's `configurationState`).
    var contentConfigurationState: CellConfigurationState {
        CellConfigurationState(isSelected: isSelected, isHighlighted: isHighlighted, isEditing: isEditing)
    }
    /// Whether `configuration` is drawn by its content view (a table cell draws a list
    /// configuration itself).
    func hostsContentView(for configuration: (any ContentConfiguration)?) -> Bool { true }
    /// The content configuration changed: redraw.
    func contentConfigurationDidChange() { setNeedsDisplay() }

    /// 0 = not editing, 1 = editing; follows the view's shared, eased timeline, so every
    /// mounted cell is at the same phase.
    @exclusivity(unchecked) public internal(set) var editingProgress = 0.0 { didSet { if editingProgress != oldValue { invalidateContent() } } }
    /// 0 = unchecked, 1 = checked; animates per item when the selection changes.
    @exclusivity(unchecked) public internal(set) var selectionProgress = 0.0 {
        didSet { if contentShowsSelection && selectionProgress != oldValue { invalidateContent() } }
    }
    /// The frame in content coordinates while mounted.
    public internal(set) var frame: Rect {
        get { layoutFrame }
        set {
            let old = layoutFrame
            layoutFrame = newValue
            if newValue.size != old.size { invalidateContent() } else if newValue.origin != old.origin { noteChangeWhileMounted() }
        }
    }
    /// `frame`'s storage, which the engine reads directly: a `CollectionReusableView`
    /// overrides `frame`, and every read through it is a dynamic call.
    @exclusivity(unchecked) final private(set) var layoutFrame = Rect.zero
    /// True while the view that mounts the cell sets its frame (`place(_:)`): a
    /// `CollectionReusableView` showing an item takes its frame from there only.
    @exclusivity(unchecked) final var isBeingPlaced = false
    /// The layout places the cell: `frame` set by the view that mounts it.
    @inline(__always) final func place(_ newFrame: Rect) {
        isBeingPlaced = true
        frame = newFrame
        isBeingPlaced = false
    }
    /// True unless the cell is mounted and intersects the viewport (pooled and prepared
    /// cells are hidden); a `CollectionReusableView` is also hidden while its `isHidden` is
    /// set (UIKit's meaning: not drawn, not exposed to assistive technologies).
    public var isHidden: Bool { isOffscreen || isHiddenByApp }
    /// The view's half of `isHidden`: not mounted, or mounted off the viewport. Set only by
    /// the view that mounts the cell (`MountedItems`, the supplementary views).
    @exclusivity(unchecked) final var isOffscreen = true
    /// The app's half of `isHidden` (`CollectionReusableView.isHidden`'s setter).
    @exclusivity(unchecked) final var isHiddenByApp = false
    /// The view that made the cell (mounted or pooled).
    public internal(set) weak var listView: ListBase?
    /// The cell's serial number in its view (`cellID(of:)`), given when it is first mounted.
    public internal(set) var cellID = 0
    /// The row or item the cell showed when it last went back to the pool (the debug
    /// overlay's pool cards); nil for a cell that never left a row. Written once per recycle
    /// on the main actor, without a dynamic exclusivity check (the scroll step's budget).
    @exclusivity(unchecked) public internal(set) var lastIndexPath: IndexPath?

    /// The opaque colour the view has already painted under the cell in this frame, or nil
    /// (unknown: a row animation may slide rows over each other). A cell whose background
    /// is exactly that colour need not paint it: the pixels are the same, and GTK's node
    /// diff then damages only what the cell draws on top (a scrolled frame repaints the
    /// text, not every row edge to edge). Set by the view for the duration of each `draw` of
    /// its rows; nil for any other draw (ghosts of deleted rows, the debug overlay).
    @exclusivity(unchecked) var backdrop: Color?

    /// Set by `MountedItems` when the cell is bound, cleared when it goes back to the pool.
    @exclusivity(unchecked) var mountedIndexPath: ItemPath?
    /// What the overlay's "stale" diagnostic compares against.
    var appliedEditingState = false

    /// Changes whenever what the cell's cached content may show has changed: the cell was
    /// bound or reconfigured, `setNeedsDisplay()` was called, its size or editing state (or
    /// that animation's progress) changed, or it animates its content (`animateContent(for:)`).
    /// Selection, highlight and the edit-mode control are drawn around the content and do
    /// not change it, unless `contentShowsSelection`. Unique across cells, so a (cell,
    /// version) pair never repeats: a retaining canvas keys what it recorded by it
    /// (`Canvas.drawCached`).
    public private(set) var contentVersion = 0
    /// The last version handed out (shared by all cells; the main actor's).
    private static var lastContentVersion = 0
    /// Engine time until which the cell animates its own content (`animateContent(for:)`).
    private var contentAnimationDeadline: Double?
    /// The live layers' books (versions, animations, the live-only reconfigure mark): see
    /// `ReusableCell+LiveLayers.swift`.
    @exclusivity(unchecked) var live = LiveLayerBooks()

    /// Grows on every change a host mirroring the cell may care about: content, editing or
    /// selection, and `accessibilityLabel`; a host that mirrors cells (accessible rows)
    /// rereads only the cells whose generation moved since it last looked.
    public private(set) var displayGeneration = 0

    /// What a screen reader says for the row or item: what a sighted user reads in it
    /// (UIKit's name). Default nil here; `TableViewCell` derives one from its text. Setting it
    /// overrides the default until set to nil again. Subclasses that draw their own content
    /// override the getter, returning `super.accessibilityLabel ?? their own text` so a set
    /// label still wins, and forward the setter to super.
    open var accessibilityLabel: String? {
        get { explicitAccessibilityLabel }
        set {
            explicitAccessibilityLabel = newValue
            noteDisplayChange()
        }
    }
    private(set) var explicitAccessibilityLabel: String?

    /// Counts a change in `displayGeneration`.
    func noteDisplayChange() {
        displayGeneration &+= 1
        noteChangeWhileMounted()
    }

    /// A mounted cell changed what it shows or where: its view's change list says so
    /// (`MountChanges.updated`).
    @inline(__always) private func noteChangeWhileMounted() {
        if mountedIndexPath != nil { listView?.mountedCellDidChange(self) }
    }

    /// True when the cell's cached content draws its selection (a grid's photo that shrinks
    /// when selected): selection changes then change `contentVersion` too. Default false.
    open var contentShowsSelection: Bool { false }

    /// A cell for `reuseIdentifier` (nil: a cell that is never pooled).
    public init(reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
    }

    /// Called when a pooled cell is about to be handed out again. Reset per-row state here.
    open func prepareForReuse() {}

    /// Called by the view when editing is toggled; drawing follows `editingProgress`.
    open func setEditing(_ editing: Bool, animated: Bool) {
        isEditing = editing
        setNeedsDisplay()
    }

    /// Selection is drawn around the content (tint, checkbox): the base implementation
    /// redraws without changing `contentVersion` (unless `contentShowsSelection`).
    open func setSelected(_ selected: Bool, animated: Bool) {
        isSelected = selected
        if contentShowsSelection { invalidateContent() }
        redraw()
    }

    /// Clickable areas (buttons) inside the cell, in its own coordinates.
    open var hitTargets: [HitTarget] { [] }

    /// The height the cell wants at `width` when a table's row height is
    /// `TableView.automaticDimension`.
    open func heightThatFits(width: Double, canvas: Canvas) -> Double { 44 }

    /// The size the cell wants when offered `size`: asked for an item whose width is
    /// estimated in a compositional section that scrolls sideways (`size` is its estimated
    /// frame). The default keeps the offered width and asks `heightThatFits(width:canvas:)`;
    /// override it to give a width that follows the content (a tag, a caption).
    open func sizeThatFits(_ size: Size, canvas: Canvas) -> Size {
        Size(width: size.width, height: heightThatFits(width: size.width, canvas: canvas))
    }

    /// Marks the content changed and asks the host to redraw (if the cell is on screen).
    /// Call it when anything the cell draws from changes.
    public func setNeedsDisplay() {
        invalidateContent()
        redraw()
    }

    /// Declares that the content changes by itself for the next `duration` seconds of the
    /// view's clock (e.g. a progress bar easing to a new value, drawn from
    /// `animationTime`): frames keep coming and every frame until then draws the content
    /// anew. Without a view it only marks the content changed.
    public func animateContent(for duration: Double) {
        invalidateContent()
        guard let listView, duration.isFinite, duration > 0 else { return redraw() }
        let deadline = (listView.animationTime ?? 0) + duration
        contentAnimationDeadline = max(contentAnimationDeadline ?? deadline, deadline)
        listView.keepAnimating(for: duration)
    }

    /// Called by the view once per drawn frame: a content animation changes the version on
    /// every frame up to and including the one at its deadline (a live layer's animation,
    /// that layer's version only).
    /// True while `animateContent(for:)` records the content on every frame.
    var isAnimatingContent: Bool { contentAnimationDeadline != nil }

    func advanceContentAnimation(to time: Double?) {
        if live.animating > 0 { advanceLiveLayerAnimations(to: time) }
        guard let deadline = contentAnimationDeadline else { return }
        invalidateContent()
        if let time, time >= deadline { contentAnimationDeadline = nil }
    }

    /// A new content version (the core calls it on every bind).
    func invalidateContent() {
        contentVersion = Self.nextContentVersion()
        live.liveOnlyMark = false
        noteDisplayChange()
    }

    /// A version no cell has had (content and live layers share the counter, so a live
    /// layer's unit, versioned by the larger of its own and `contentVersion`, changes with either).
    static func nextContentVersion() -> Int {
        lastContentVersion &+= 1
        return lastContentVersion
    }

    /// Asks the host to redraw without touching the content (selection, highlight).
    func redraw() {
        noteDisplayChange()
        if !isOffscreen, let listView { listView.setNeedsDisplay() }
    }

    /// Draws the cell into `bounds` (its own coordinates).
    open func draw(in canvas: Canvas, bounds: Rect) {}

    // MARK: Live layers

    /// The parts of the content that change on their own, more often than the rest (a
    /// progress bar, a byte count), in drawing order: each is recorded as a unit of its own,
    /// over the cached content, and `setNeedsDisplay(_:)` or `animateContent(_:for:)` on one
    /// re-records that layer only. Default: none (the content is one unit). See `LiveLayer`.
    open var liveLayers: [LiveLayer] { [] }

    /// Where `layer` sits in the content's `bounds` (the rectangle `drawContent` gets). The
    /// layer is drawn clipped to it; its size is part of what its recording is kept for.
    /// Default: all of `bounds`.
    open func frame(of layer: LiveLayer, in bounds: Rect) -> Rect { bounds }

    /// Draws `layer` into `bounds`, the layer's own coordinates (origin at its frame's
    /// origin). Recorded again whenever the layer or the content is marked changed; draw
    /// from the cell's properties only, as `drawContent` does. Default: nothing.
    open func drawLiveLayer(_ layer: LiveLayer, in canvas: Canvas, bounds: Rect) {}

    /// The rectangle `drawContent` gets when the cell is drawn into `bounds` (a table cell's
    /// content moves right in edit mode): where the live layers' frames are measured from.
    func liveContentBounds(cellBounds bounds: Rect) -> Rect { bounds }
}
