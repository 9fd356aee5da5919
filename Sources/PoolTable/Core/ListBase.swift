import Logging

/// The machinery `TableView` and `CollectionView` share (GTK's `GtkListBase`): items in
/// sections of which only those near the viewport are bound to cells, recycled through a
/// reuse pool; prepared items; editing and selection; batch updates; anchoring; the
/// animation clock; input; drawing. A coordinator: geometry comes from an `ItemLayout` (a
/// list, a grid or a strip, along either `Axis`), the mounted cells and the mounting
/// algorithm from `MountedItems`, the data and the delegate's answers from two adapters
/// (`ListDataAdapter`, `ListDelegateAdapter`) the subclasses provide in UIKit's names.
/// Pure Swift: a host (the GTK widget, or a test) sets `frame` and `contentOffset`, drives
/// `advanceAnimations(to:)`, and draws through `render(in:)`.
@MainActor
public class ListBase {
    // MARK: State
    // Each group of state is a small type with private state of its own; ListBase
    // coordinates them. The scroll step's hot fields live in `Viewport`, `LayoutPass` and
    // `MountedItems`, exempt there from dynamic exclusivity checks.

    private weak var hostObject: TableViewHost?
    /// The viewport's size and where it is along the content.
    let viewport: Viewport
    /// Whether a load or a pass is due or running, and the load generation.
    let pass = LayoutPass()
    /// The geometry (a list, a grid, a strip); shared by reference with the subclass.
    /// (A diagnostic may swap in a wrapper between passes: `replaceLayout(_:)`. Read on every
    /// scroll step and only ever written outside a pass on the main actor, so the dynamic
    /// exclusivity check a `var` would add to those reads is switched off.)
    @exclusivity(unchecked) private(set) var geometry: any ItemLayout
    /// The mounted cells, their headers and footers, the pools, and the mounting algorithm.
    let items: MountedItems
    /// Counts, cells, the layout's loading questions, measuring (the subclass's data source).
    let dataAdapter: any ListDataAdapter
    /// Display, selection, activation and taps (the subclass's delegate).
    let delegateAdapter: any ListDelegateAdapter
    /// Sticky headers, header style, backgrounds.
    let presentation: ListPresentation
    /// What is selected, its check animations and a drag's provisional range.
    let selection = SelectionModel()
    /// The cursor, the range anchor, the goal column and pending reconfigures: items that
    /// follow their rows through updates.
    let tracked = TrackedPositions()
    /// Edit mode, the multiple-selection switches and gestures in progress (Core/InteractionState).
    let interaction = InteractionState()
    /// Item animations of batch updates (ListBase+Updates).
    let rowAnimations = RowAnimationState()
    /// The swiped (open) row and the last row-action error (RowActions/).
    let rowActions = RowActionState()
    /// The engine's time, the edit-mode transition, an animated scroll, cells' frame requests.
    let clock = AnimationClock()
    /// The cell a reconfigure re-binds and the cell dequeued last.
    let binding = BindingContext()
    /// The open `performBatchUpdates` and its collected changes.
    let openBatch = BatchCollector()
    /// Counters of the engine's work.
    let counters = EngineCounters()
    /// Data prefetching: the range ahead of the prepared band and its settings.
    let prefetching = DataPrefetching()
    /// The bug replicas switched on (`Diagnostics/`); all off by default.
    let replicas = BugReplicas()
    /// The item moved by hand, if any, and its shadow's cache key (Movement/).
    let movement = MovementController()
    /// The pointer and key gestures in order of precedence, registered by the subclass
    /// (Interactions/), and the one that holds the press.
    let pointerInteractions = PointerInteractions()
    /// The header `render` draws over the scrolled content, apart from it, while it draws a
    /// frame (Core/ListBase+PinnedHeader); the content's own passes skip it.
    var headerDrawnApart: ObjectIdentifier?
    /// Settable options that have no other home, and the warnings already logged.
    private var options = Options()
    /// Everything that follows items through updates (selection, the cursor, the open
    /// swipe…), moved in one loop by a batch update or a reload (Updates/PositionTracking).
    let trackers = PositionTrackers()

    private struct Options {
        var maintainsVisibleContentPosition = true
        var measuringCanvas: Canvas?
        var warned: Set<String> = []
    }

    init(frame: Rect, layout: any ItemLayout, presentation: ListPresentation,
         data: any ListDataAdapter, delegate: any ListDelegateAdapter) {
        viewport = Viewport(axis: layout.axis)
        geometry = layout
        items = MountedItems()
        dataAdapter = data
        delegateAdapter = delegate
        self.presentation = presentation
        viewport.resize(to: Self.sanitized(frame))
        items.owner = self
        for tracker: any PositionTracking in [selection, tracked, movement, rowActions, prefetching, rowAnimations] {
            trackers.register(tracker)
        }
    }

    private static func sanitized(_ frame: Rect) -> Rect {
        Rect(x: 0, y: 0, width: max(0, frame.width.finiteOr(0)), height: max(0, frame.height.finiteOr(0)))
    }

    // MARK: Public configuration

    /// Whatever puts the view on screen; told when to redraw and when to tick.
    public var host: TableViewHost? {
        get { hostObject }
        set { hostObject = newValue }
    }

    /// The viewport: its size is what is shown; its origin is ignored.
    public var frame: Rect {
        get { viewport.frame }
        set {
            let clean = Self.sanitized(newValue)
            let old = viewport.frame
            guard clean != old else { return }
            viewport.resize(to: clean)
            let axis = viewport.axis
            if axis.breadth(of: clean.size) != axis.breadth(of: old.size) && !pass.needsReload {
                // A grid re-flows: keep the first fully visible item (in the old viewport) where it was.
                let anchor = captureAnchor(viewportLength: axis.length(of: old.size))
                geometry.breadth = viewport.breadth
                dataAdapter.breadthDidChange()
                if let anchor { restoreAnchor(anchor) }
            }
            _ = viewport.moveAcross(to: viewport.acrossOffset)   // clamped to the new width
            setOffset(offset, reason: .clamp)
            setNeedsLayout()
        }
    }

    /// The start of the viewport in content coordinates. Setting it lays out at once (binds,
    /// prepares, recycles), is clamped to the content, and cancels an animated scroll.
    /// Across, it is 0 unless the content is wider than the view (a table's columns).
    public var contentOffset: Point {
        get { viewport.contentOffset }
        set {
            let along = viewport.axis.along(newValue)
            guard along.isFinite else { warn("contentOffset", "ignored a non-finite content offset \(newValue)"); return }
            if viewport.moveAcross(to: viewport.axis.across(newValue)) { setNeedsDisplay() }
            clock.cancelScroll()
            // A scroll along the rows closes an open swipe (UIKit's too).
            if rowActions.swipe != nil && along != offset { closeSwipe() }
            setOffset(along, reason: .external)
        }
    }

    /// The whole content's size: the sum of all sections along, the viewport across (or the
    /// content's breadth when wider: a table's columns).
    public var contentSize: Size {
        reloadIfNeeded()
        return viewport.axis.size(length: geometry.contentLength, breadth: viewport.breadth)
    }

    /// What the view keeps clear of content at its edges (UIKit's name): at the top, a
    /// table's column header row. Rows show in the frame less it, and scrolling pages by
    /// the frame's height less it.
    public var adjustedContentInset: EdgeInsets {
        let inset = viewport.leadingInset
        return viewport.axis == .vertical ? EdgeInsets(top: inset, left: 0, bottom: 0, right: 0)
                                          : EdgeInsets(top: 0, left: inset, bottom: 0, right: 0)
    }

    /// Updates, inserts above the viewport and corrections of estimated heights keep the first
    /// fully visible row at the same place on screen (field note 002, DocC "The life of a row").
    public var maintainsVisibleContentPosition: Bool {
        get { options.maintainsVisibleContentPosition }
        set { options.maintainsVisibleContentPosition = newValue }
    }

    /// How far beyond the viewport, above and below, rows are bound ahead of time
    /// ("prepared": cellForRowAt has run, the cell is laid out, but it is hidden).
    /// Default: half a viewport height.
    public var prefetchDistance: Double {
        get { viewport.prefetchDistance }
        set {
            viewport.setPrefetchDistance(newValue.isFinite ? max(0, newValue) : nil)
            setNeedsLayout()
        }
    }

    /// Goes back to the default prefetch distance (half a viewport height, following resizes).
    public func resetPrefetchDistance() {
        viewport.setPrefetchDistance(nil)
        setNeedsLayout()
    }

    /// A canvas the table may use to measure text while laying out self-sizing rows.
    /// The GTK shell sets one backed by Pango; without one, cells measure with the
    /// `RecordingCanvas` model.
    @_spi(Hosting) public var measuringCanvas: Canvas? {
        get { options.measuringCanvas }
        set { options.measuringCanvas = newValue }
    }

    /// Counters of the engine's work, for the debug overlay and benchmarks.
    @_spi(Diagnostics) public var statistics: Statistics { counters.statistics }

    /// Swaps the layout object between passes (a diagnostic's wrapper); the next pass is full.
    func replaceLayout(_ layout: any ItemLayout) {
        precondition(layout.axis == viewport.axis, "a replacement layout keeps the axis")
        geometry = layout
        items.invalidateLaidOutGeometry()
        setNeedsLayout()
    }

    // MARK: Registration and dequeue

    /// Makes cells for `identifier` with `make` when the pool has none.
    func registerCell(_ make: @escaping (String) -> ReusableCell, for identifier: String) {
        items.pool.register(make, for: identifier)
    }

    /// A cell for `indexPath`: the cell being reconfigured for that item, a pooled one (after
    /// `prepareForReuse()`), or a new one. Stops with a message if `identifier` is unregistered.
    func dequeueCell(withIdentifier identifier: String, for indexPath: ItemPath, registerHint: String) -> ReusableCell {
        if let cell = binding.takeReconfiguringCell(for: indexPath, identifier: identifier) { return cell }
        guard let cell = items.dequeue(identifier) else {
            preconditionFailure("PoolTable: dequeueReusableCell(withIdentifier: \"\(identifier)\") — no cell is registered for reuse identifier \"\(identifier)\"; call \(registerHint) first")
        }
        counters.noteDequeue()
        binding.noteDequeued(cell)
        applyState(to: cell, at: indexPath, animated: false)
        return cell
    }

    // MARK: Loading

    /// Drops every cell binding and asks the data source for everything again.
    /// Clears the selection, as UIKit does.
    public func reloadData() {
        cancelAllPrefetching()
        setNeedsReload()
        layoutIfNeeded()
    }

    /// Binds, prepares and recycles rows for the current offset if anything changed.
    public func layoutIfNeeded() {
        reloadIfNeeded()
        if pass.needsLayout { layoutRows() }
        flushReconfigures()
        if pass.contentLengthChanged(to: geometry.contentLength) { host?.tableViewDidChangeScrollGeometry(self) }
        updatePrefetching()
    }

    /// The number of sections, as the data source last reported it.
    public var numberOfSections: Int { reloadIfNeeded(); return geometry.numberOfSections }
    /// False until the data source has been asked for its content (first layout or query).
    public var hasLoadedData: Bool { !pass.needsReload }
    /// Rows or items in all sections.
    public var totalItemCount: Int {
        reloadIfNeeded()
        return (0..<geometry.numberOfSections).reduce(0) { $0 + geometry.numberOfItems(in: $1) }
    }
    /// The number of rows or items in `section`, as the data source last reported it; 0 for
    /// an invalid section.
    public func numberOfItems(inSection section: Int) -> Int { itemCount(inSection: section) }
    /// A row's or item's frame in content coordinates; `.zero` for an invalid index path.
    public func rectForItem(at indexPath: IndexPath) -> Rect { itemRect(ItemPath(indexPath)) }
    /// Items (rows) in a section; 0 for an invalid section.
    func itemCount(inSection section: Int) -> Int { reloadIfNeeded(); return geometry.numberOfItems(in: section) }

    // MARK: Drawing variant

    /// Draws the visible items (slots into `MountedItems`) and the ghosts of deleted ones.
    /// The one drawing variant a subclass may replace: a table adds separators and grouped
    /// sections.
    func drawItems(_ visible: [Int], in canvas: Canvas) {
        drawGhosts(in: canvas, section: nil)
        for k in visible { drawCell(slot: k, in: canvas) }
    }

    /// What a subclass mounts after the items of a layout pass (a collection view's
    /// supplementary views); nothing by default.
    func didLayOutItems() {}

    /// Brings an item the keyboard cursor moved to into view across, where its section
    /// scrolls sideways (a collection view's carousels); nothing by default.
    func revealAcross(_ ip: ItemPath) {}

    /// What a subclass animates on the engine's clock beside the core's animations (a
    /// collection view's sideways settles): advances it to `t`; true when something moved.
    func advanceViewAnimations(to t: Double) -> Bool { false }
    /// True while `advanceViewAnimations(to:)` has something to run.
    var hasViewAnimations: Bool { false }

    /// What a subclass draws over the content, in viewport coordinates, after it (a table's
    /// column header row); nothing by default.
    func drawOverContent(in canvas: Canvas) {}
    /// The opaque header pinned at the viewport's leading edge that this frame may draw over
    /// the scrolled content, apart from it (Core/ListBase+PinnedHeader): a table's floating
    /// section header; a compositional layout's pinned boundary header.
    func pinnedHeaderApart(on canvas: Canvas) -> PinnedHeader? { floatingHeaderApart(on: canvas) }
    /// The mounted section headers a screen reader reads, by section
    /// (Accessibility/AccessibilityModel): header views with a title; a collection view adds
    /// its supplementary section headers (`mountedSupplementaryHeaders`).
    var accessibleHeaders: [AccessibleHeader] { titledHeaders }
    /// Whether views other than the items, headers and footers are mounted (a grid's
    /// supplementary and decoration views, which may span a whole section and draw from its
    /// size): a batch below the mounted items then still asks for a redraw.
    var hasOtherMountedViews: Bool { false }
    /// Where the focus ring goes for the focused item drawn at `row` (a table with a focused
    /// cell rings the cell).
    func focusRingFrame(row: Rect) -> Rect { row }

    static let logger = Logger(label: "PoolTable")

    func setNeedsReload() { pass.invalidateData(); setNeedsDisplay() }
    func setNeedsLayout() { pass.invalidateLayout(); setNeedsDisplay() }
    /// Asks the host to redraw.
    public func setNeedsDisplay() { host?.tableViewNeedsDisplay(self) }

    /// Logs a warning about data-dependent nonsense, once per kind per view.
    /// The kinds of warning already logged (each is logged once per view); for tests.
    var warnedKinds: Set<String> { options.warned }

    func warn(_ kind: String, _ message: @autoclosure () -> String) {
        guard options.warned.insert(kind).inserted else { return }
        Self.logger.warning("\(message())")
    }

    func reloadIfNeeded() {
        guard pass.beginReload() else { return }
        abortMovement()
        items.unmountAll()
        for cell in rowAnimations.reset() { items.recycle(cell, from: nil) }
        cancelInteraction()
        geometry.breadth = viewport.breadth
        geometry.load(from: dataAdapter)
        pass.didLoad()
        trackers.reset(sectionCount: geometry.numberOfSections)
        counters.noteReload()
        setOffset(offset, reason: .clamp)
        pass.invalidateLayout()
        checkInvariants()
    }

    func sanitizedHeight(_ h: Double, _ what: String) -> Double {
        if h.isFinite && h >= 0 { return h }
        warn("height:\(what)", "a \(what) of \(h) is not a valid height; using 0")
        return 0
    }

    // MARK: Offset

    enum OffsetChange { case external, engine, clamp }

    /// Where the viewport starts along the content.
    var offset: Double { viewport.offset }
    var maxOffset: Double { max(0, geometry.contentLength - viewport.length) }

    /// Sets the offset (clamped), lays out, and tells the host when the engine moved it.
    func setOffset(_ value: Double, reason: OffsetChange) {
        reloadIfNeeded()    // clamp against the real content, not a not-yet-loaded one
        let clamped = value.finiteOr(offset).clamped(0, maxOffset)
        guard clamped != offset else { return }
        viewport.move(to: clamped)
        pass.invalidateLayout()
        if reason != .external { host?.tableViewDidChangeScrollGeometry(self) }
        if !pass.isLayingOut { layoutIfNeeded() }
        if movement.state?.pointer != nil && !pass.isLayingOut { movingItemFollowsPointer() }
        setNeedsDisplay()
    }

    /// Every engine figure the debug overlay and the benchmarks show.
    @_spi(Diagnostics) public struct Statistics: Sendable, Equatable {
        /// `cellForRowAt` calls.
        public var binds = 0
        /// `dequeueReusableCell` calls.
        public var dequeues = 0
        /// Layout passes that ran (binding, preparing or recycling).
        public var layoutPasses = 0
        /// Full reloads from the data source.
        public var reloads = 0
        /// Duration of the last layout pass that did work, in microseconds.
        public var lastLayoutMicroseconds = 0.0
        /// Rows measured for self-sizing.
        public var measurements = 0
        /// Cells re-bound in place by `reconfigureRows` / `reconfigureItems`.
        public var reconfigures = 0
        /// Batch updates applied.
        public var batchUpdates = 0
    }

    /// Cells made by the pool's factories (misses) and cells the data source made itself.
    public var cellsCreated: Int { items.pool.cellsCreated }
    /// Dequeues answered from the pool.
    public var poolHits: Int { items.pool.hits }
    /// Dequeues that had to make a new cell.
    public var poolMisses: Int { items.pool.misses }
    /// Cells waiting in the pool, per reuse identifier.
    public var pooledCellCounts: [(identifier: String, count: Int)] { layoutIfNeeded(); return items.pool.counts }
    /// The mounted cells' count (`mountedCells.count` without making the array; a benchmark
    /// reads it every frame).
    @_spi(Diagnostics) public var mountedCellCount: Int { layoutIfNeeded(); return items.count }
    /// Cells alive: the mounted cells plus every view waiting in the pool (what
    /// `mountedCells.count` plus the sum of `pooledCellCounts` give, without making either
    /// array).
    @_spi(Diagnostics) public var cellsAlive: Int { layoutIfNeeded(); return items.count + items.pool.totalCount }
    /// Cells waiting in the pool, per reuse identifier, oldest first (the debug overlay's cards).
    public var pooledCells: [(identifier: String, cells: [ReusableCell])] { layoutIfNeeded(); return items.pool.pooledCells }
    /// True if `cell` is waiting in the pool.
    public func isPooled(_ cell: ReusableCell) -> Bool { items.pool.contains(cell) }
}
