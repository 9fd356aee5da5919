import Logging

/// The machinery `TableView` and `CollectionView` share (GTK's `GtkListBase`): items in
/// sections of which only those near the viewport are bound to cells, recycled through a
/// reuse pool; prepared items; editing and selection; batch updates; anchoring; the
/// animation clock; input; drawing. Geometry comes from an `ItemLayout` (a list or a grid),
/// the mounted cells' lifecycle from `MountedItems`; the subclasses only speak UIKit's
/// names to their data source and delegate. Pure Swift: a host (the GTK widget, or a test)
/// sets `frame` and `contentOffset`, drives `advanceAnimations(to:)`, and draws through
/// `render(in:)`.
@MainActor
public class ListBase {
    /// Whatever puts the view on screen; told when to redraw and when to tick.
    public weak var host: TableViewHost?

    /// The viewport: its size is what is shown; its origin is ignored.
    public var frame: Rect {
        didSet {
            // Assigning inside didSet does not re-enter it: sanitise, then carry on.
            let clean = Rect(x: 0, y: 0, width: max(0, frame.width.finiteOr(0)), height: max(0, frame.height.finiteOr(0)))
            if clean != frame { frame = clean }
            guard frame != oldValue else { return }
            if frame.width != oldValue.width && !needsReload {
                // A grid re-flows: keep the first fully visible item (in the old viewport) where it was.
                let anchor = captureAnchor(viewportHeight: oldValue.height)
                geometry.width = frame.width
                widthDidChange()
                if let anchor { restoreAnchor(anchor) }
            }
            setOffsetY(offsetY, reason: .clamp)
            setNeedsLayout()
        }
    }

    /// The top of the viewport in content coordinates. Setting it lays out at once (binds,
    /// prepares, recycles), is clamped to the content, and cancels an animated scroll.
    public var contentOffset: Point {
        get { Point(x: 0, y: offsetY) }
        set {
            guard newValue.y.isFinite else { warn("contentOffset", "ignored a non-finite content offset \(newValue)"); return }
            scrollAnimation = nil
            setOffsetY(newValue.y, reason: .external)
        }
    }

    /// The whole content's size: the viewport's width by the sum of all sections.
    public var contentSize: Size {
        reloadIfNeeded()
        return Size(width: frame.width, height: geometry.totalHeight)
    }

    /// Updates, inserts above the viewport and corrections of estimated heights keep the first
    /// fully visible row at the same place on screen (seeds/002_9848c4aae18f326c.txt).
    public var maintainsVisibleContentPosition = true

    /// How far beyond the viewport, above and below, rows are bound ahead of time
    /// ("prepared": cellForRowAt has run, the cell is laid out, but it is hidden).
    /// Default: half a viewport height.
    public var prefetchDistance: Double {
        get { explicitPrefetchDistance ?? frame.height / 2 }
        set {
            explicitPrefetchDistance = newValue.isFinite ? max(0, newValue) : nil
            setNeedsLayout()
        }
    }

    /// Goes back to the default prefetch distance (half a viewport height, following resizes).
    public func resetPrefetchDistance() {
        explicitPrefetchDistance = nil
        setNeedsLayout()
    }

    /// The bug replicas switched on (`Diagnostics/`); all off by default.
    var replicas = BugReplicas()

    /// A canvas the table may use to measure text while laying out self-sizing rows.
    /// The GTK shell sets one backed by Pango; without one, cells measure with the
    /// `RecordingCanvas` model.
    public var measuringCanvas: Canvas?

    /// Counters of the engine's work, for the debug overlay and benchmarks.
    public internal(set) var statistics = Statistics()

    /// The geometry (a list or a grid); shared by reference with the subclass.
    /// (A diagnostic may swap in a wrapper between passes: `chameleonLayoutReplica`. Read
    /// on every scroll step and only ever written outside a pass on the main actor, so the
    /// dynamic exclusivity check a `var` would add to those reads is switched off.)
    @exclusivity(unchecked) var geometry: any ItemLayout
    /// The mounted cells and the pool.
    let items: MountedItems

    init(frame: Rect, layout: any ItemLayout) {
        self.frame = .zero
        self.geometry = layout
        self.items = MountedItems()
        self.frame = frame   // sanitised by didSet
        items.owner = self
    }

    // MARK: Registration and dequeue

    /// Makes cells for `identifier` with `make` when the pool has none.
    func registerCell(_ make: @escaping (String) -> ReusableCell, for identifier: String) {
        items.pool.register(make, for: identifier)
    }

    /// A cell for `indexPath`: the cell being reconfigured for that item, a pooled one (after
    /// `prepareForReuse()`), or a new one. Stops with a message if `identifier` is unregistered.
    func dequeueCell(withIdentifier identifier: String, for indexPath: ItemPath, registerHint: String) -> ReusableCell {
        if let cell = reconfiguringCell, reconfiguringIndexPath == indexPath, cell.reuseIdentifier == identifier {
            reconfiguringCell = nil
            lastDequeued = cell
            return cell
        }
        guard let cell = items.dequeue(identifier) else {
            preconditionFailure("PoolTable: dequeueReusableCell(withIdentifier: \"\(identifier)\") — no cell is registered for reuse identifier \"\(identifier)\"; call \(registerHint) first")
        }
        statistics.dequeues += 1
        lastDequeued = cell
        applyState(to: cell, at: indexPath, animated: false)
        return cell
    }

    // MARK: Loading

    /// Drops every cell binding and asks the data source for everything again.
    /// Clears the selection, as UIKit does.
    public func reloadData() {
        setNeedsReload()
        layoutIfNeeded()
    }

    /// Binds, prepares and recycles rows for the current offset if anything changed.
    public func layoutIfNeeded() {
        reloadIfNeeded()
        if needsLayout { layoutRows() }
        flushReconfigures()
        if geometry.totalHeight != reportedContentHeight {
            reportedContentHeight = geometry.totalHeight
            host?.tableViewDidChangeScrollGeometry(self)
        }
    }

    /// The number of sections, as the data source last reported it.
    public var numberOfSections: Int { reloadIfNeeded(); return geometry.numberOfSections }
    /// False until the data source has been asked for its content (first layout or query).
    public var hasLoadedData: Bool { !needsReload }
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

    // MARK: What the subclasses answer (their data source and delegate, in UIKit's names)

    /// Asks the data source for everything and rebuilds the geometry.
    func loadLayout() { fatalError("subclass") }
    /// The data source's cell for an item; nil without a data source.
    func cellFromDataSource(at ip: ItemPath) -> ReusableCell? { nil }
    /// A blank cell for an item the data source could not give.
    func makePlaceholderCell() -> ReusableCell { ReusableCell(reuseIdentifier: nil) }
    /// The data source's current counts (checked against a batch update).
    func dataSourceSectionCount() -> Int { 0 }
    func dataSourceItemCount(inSection section: Int) -> Int { 0 }
    /// Layout changes of a validated batch update that need the data source or delegate.
    func layoutInsertSection(at section: Int) {}
    func layoutInsertItem(at ip: ItemPath) {}
    func layoutReloadItem(at ip: ItemPath) {}
    /// Re-reads a section's titles and header/footer sizes (they may depend on its index).
    func layoutRefreshSection(_ section: Int) {}
    /// The viewport's width changed (self-sized rows are measured again).
    func widthDidChange() {}
    /// The width a self-sizing item is measured at.
    func measuringWidth(for ip: ItemPath) -> Double { frame.width }
    /// Whether section headers float at the top while their section scrolls under them.
    var headersStick: Bool { true }
    /// Whether items are measured again when edit mode changes their content width.
    var remeasuresOnEditingChange: Bool { false }

    /// The view's background behind the items.
    func backgroundColor(_ theme: Theme) -> Color { theme.background }
    /// The opaque colour painted under the items before they draw (see `ReusableCell.backdrop`).
    func itemBackdrop(_ theme: Theme) -> Color? { backgroundColor(theme) }
    /// How section headers and footers draw.
    var headerStyle: TableViewStyle { .plain }
    /// Draws the visible items (slots into `MountedItems`) and the ghosts of deleted ones:
    /// a table adds separators and grouped sections.
    func drawItems(_ visible: [Int], in canvas: Canvas) {
        drawGhosts(in: canvas, section: nil)
        for k in visible { drawCell(slot: k, in: canvas) }
    }

    /// Whether a press at `localPoint` in a mounted cell (edit mode, multiple selection)
    /// starts a drag that selects: a table's checkbox column, anywhere on a grid item.
    func beginsDragSelection(at ip: ItemPath, localPoint: Point) -> Bool { false }
    /// Seed 003: whether a drag outside edit mode begins multiple selection (and editing).
    func shouldBeginMultipleSelectionInteraction(at ip: ItemPath) -> Bool { false }
    func didBeginMultipleSelectionInteraction(at ip: ItemPath) {}
    func didEndMultipleSelectionInteraction() {}

    func itemWillDisplay(_ cell: ReusableCell, at ip: ItemPath) {}
    func itemDidEndDisplaying(_ cell: ReusableCell, at ip: ItemPath) {}
    func notifyDidSelect(_ ip: ItemPath) {}
    func notifyDidDeselect(_ ip: ItemPath) {}
    func notifySelectionDidChange() {}
    func notifyActivate(_ ip: ItemPath) {}
    func notifyTapTarget(_ target: String, at ip: ItemPath) {}

    // MARK: Internal state
    // The scroll step's hot fields are exempt from dynamic exclusivity checks (they cost more
    // than the step's own work); they are only read and assigned, never passed inout across
    // calls that could touch them again.

    /// What is selected, its check animations and a drag's provisional range.
    var selection = SelectionModel()
    /// The cursor, the range anchor, the goal column and pending reconfigures: items that
    /// follow their rows through updates.
    var tracked = TrackedPositions()
    var editingTransition: Transition?
    var scrollAnimation: Transition?
    var editingState = false
    @exclusivity(unchecked) var offsetY = 0.0
    var explicitPrefetchDistance: Double?
    var needsReload = true
    @exclusivity(unchecked) var needsLayout = true
    @exclusivity(unchecked) var isLayingOut = false
    /// The time of the last `advanceAnimations(to:)`; nil before the first.
    var now: Double?
    var reconfiguringCell: ReusableCell?
    var reconfiguringIndexPath: ItemPath?
    var lastDequeued: ReusableCell?
    var warned: Set<String> = []
    /// Interaction state (press, drag-select, keyboard anchor), see ListBase+Input.
    var interaction = InteractionState()
    /// Item animations of batch updates, see ListBase+Updates.
    var rowAnimations = RowAnimationState()
    /// What the mounted items were laid out against: reload generation, layout version and
    /// width. While they are unchanged, a pass only adds and drops items at the band's edges.
    var loadGeneration = 0
    @exclusivity(unchecked) var mountedGeometry: (generation: Int, version: Int, width: Double) = (-1, -1, -1)
    /// Reused between passes so a scroll step allocates nothing.
    @exclusivity(unchecked) var scratchRows: [(ItemPath, Double, Double)] = []
    /// Drawn item extents while `render` runs an animation frame.
    var presentedFramesForRender: [(top: Double, height: Double)]?
    /// The content height the host was last told about.
    var reportedContentHeight = -1.0
    /// Until when cells asked for frames (`keepAnimating(for:)`).
    var cellAnimationDeadline: Double?
    /// The longest `keepAnimating(for:)` since the last `advanceAnimations(to:)`, which
    /// turns it into `cellAnimationDeadline` (the engine's time may be stale or unset before).
    var cellAnimationRequest: Double?
    /// Nesting depth of `performBatchUpdates` and what it has collected so far.
    var batchDepth = 0
    var pendingUpdates = PendingUpdates()

    static let logger = Logger(label: "PoolTable")

    func setNeedsReload() { needsReload = true; needsLayout = true; setNeedsDisplay() }
    func setNeedsLayout() { needsLayout = true; setNeedsDisplay() }
    /// Asks the host to redraw.
    public func setNeedsDisplay() { host?.tableViewNeedsDisplay(self) }

    /// Logs a warning about data-dependent nonsense, once per kind per view.
    func warn(_ kind: String, _ message: @autoclosure () -> String) {
        guard warned.insert(kind).inserted else { return }
        Self.logger.warning("\(message())")
    }

    func reloadIfNeeded() {
        guard needsReload, !isLayingOut else { return }
        needsReload = false
        items.unmountAll()
        for g in rowAnimations.ghosts { items.recycle(g.cell, from: nil) }
        rowAnimations = RowAnimationState()
        tracked = TrackedPositions()
        cancelInteraction()
        geometry.width = frame.width
        loadLayout()
        loadGeneration &+= 1
        selection = SelectionModel(sectionCount: geometry.numberOfSections)
        statistics.reloads += 1
        setOffsetY(offsetY, reason: .clamp)
        needsLayout = true
        checkInvariants()
    }

    func sanitizedHeight(_ h: Double, _ what: String) -> Double {
        if h.isFinite && h >= 0 { return h }
        warn("height:\(what)", "a \(what) of \(h) is not a valid height; using 0")
        return 0
    }

    // MARK: Offset

    enum OffsetChange { case external, engine, clamp }

    var maxOffsetY: Double { max(0, geometry.totalHeight - frame.height) }

    /// Sets the offset (clamped), lays out, and tells the host when the engine moved it.
    func setOffsetY(_ y: Double, reason: OffsetChange) {
        reloadIfNeeded()    // clamp against the real content, not a not-yet-loaded one
        let clamped = y.finiteOr(offsetY).clamped(0, maxOffsetY)
        guard clamped != offsetY else { return }
        offsetY = clamped
        needsLayout = true
        if reason != .external { host?.tableViewDidChangeScrollGeometry(self) }
        if !isLayingOut { layoutIfNeeded() }
        setNeedsDisplay()
    }

    /// Every engine figure the debug overlay and the benchmarks show.
    public struct Statistics: Sendable, Equatable {
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
    /// Cells waiting in the pool, per reuse identifier, oldest first (the debug overlay's cards).
    public var pooledCells: [(identifier: String, cells: [ReusableCell])] { layoutIfNeeded(); return items.pool.pooledCells }
    /// True if `cell` is waiting in the pool.
    public func isPooled(_ cell: ReusableCell) -> Bool { items.pool.contains(cell) }
}
