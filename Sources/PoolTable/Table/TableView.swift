import Foundation
import Logging

/// A list of rows in sections that keeps only the rows near the viewport bound to cells,
/// recycling cells through a reuse pool (UIKit's `UITableView`). Pure Swift: a host (the GTK
/// widget, or a test) sets `frame` and `contentOffset`, drives `advanceAnimations(to:)`, and
/// draws through `render(in:)`.
@MainActor
public final class TableView {
    /// Return this from `heightForRowAt` to have the cell measure itself.
    public static let automaticDimension = -1.0

    public let style: TableViewStyle
    public weak var dataSource: TableViewDataSource? { didSet { setNeedsReload() } }
    public weak var delegate: TableViewDelegate? { didSet { setNeedsReload() } }
    /// Whatever puts the table on screen; told when to redraw and when to tick.
    public weak var host: TableViewHost?

    /// The viewport: its size is what is shown; its origin is ignored.
    public var frame: Rect {
        didSet {
            // Assigning inside didSet does not re-enter it: sanitise, then carry on.
            let clean = Rect(x: 0, y: 0, width: max(0, frame.width.finiteOr(0)), height: max(0, frame.height.finiteOr(0)))
            if clean != frame { frame = clean }
            guard frame != oldValue else { return }
            if frame.width != oldValue.width { invalidateSelfSizedRows() }
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
        return Size(width: frame.width, height: layout.totalHeight)
    }

    /// The height of every row when the delegate does not size rows. Default 44.
    public var rowHeight = 44.0 { didSet { if rowHeight != oldValue { setNeedsReload() } } }
    /// Stands in for rows sized `automaticDimension` until they are measured. Default 44.
    public var estimatedRowHeight = 44.0
    /// Header and footer height for sections with a title (when the delegate does not say).
    public var sectionHeaderHeight = 30.0 { didSet { if sectionHeaderHeight != oldValue { setNeedsReload() } } }
    public var sectionFooterHeight = 30.0 { didSet { if sectionFooterHeight != oldValue { setNeedsReload() } } }
    /// The left inset of the separator lines between rows.
    public var separatorInsetLeft = 16.0

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

    /// Diagnostic, off by default: the edit toggle then updates only `visibleCells`, as the
    /// first attempt in seeds/000_6e47c919d58f12c9.txt did on iOS 15, and cells are not
    /// refreshed as they move from prepared to visible. Prepared rows are left stale, which
    /// the debug overlay marks. Exists to show what the normal behaviour fixes.
    public var legacyVisibleCellsOnlyRefresh = false

    /// A canvas the table may use to measure text while laying out self-sizing rows.
    /// The GTK shell sets one backed by Pango; without one, cells measure with the
    /// `RecordingCanvas` model.
    public var measuringCanvas: Canvas?

    /// Counters of the engine's work, for the debug overlay and benchmarks.
    public internal(set) var statistics = Statistics()

    public init(frame: Rect, style: TableViewStyle = .plain) {
        self.frame = .zero
        self.style = style
        self.frame = frame   // sanitised by didSet
    }

    // MARK: Registration and dequeue

    /// Makes cells for `identifier` with `make` when the pool has none.
    public func register(_ make: @escaping (String) -> TableViewCell, forCellReuseIdentifier identifier: String) {
        pool.register(make, for: identifier)
    }

    /// A cell for `indexPath`: the cell being reconfigured for that row, a pooled one (after
    /// `prepareForReuse()`), or a new one. Stops with a message if `identifier` is unregistered.
    public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> TableViewCell {
        if let cell = reconfiguringCell, reconfiguringIndexPath == indexPath, cell.reuseIdentifier == identifier {
            reconfiguringCell = nil
            lastDequeued = cell
            return cell
        }
        guard let (cell, isNew) = pool.dequeue(identifier) else {
            preconditionFailure("PoolTable: dequeueReusableCell(withIdentifier: \"\(identifier)\") — no cell is registered for reuse identifier \"\(identifier)\"; call register(_:forCellReuseIdentifier:) first")
        }
        statistics.dequeues += 1
        if isNew { cell.tableView = self }     // pooled cells are this table's already
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
        if layout.totalHeight != reportedContentHeight {
            reportedContentHeight = layout.totalHeight
            host?.tableViewDidChangeScrollGeometry(self)
        }
    }

    public var numberOfSections: Int { reloadIfNeeded(); return layout.numberOfSections }
    /// False until the data source has been asked for its content (first layout or query).
    public var hasLoadedData: Bool { !needsReload }
    public func numberOfRows(inSection section: Int) -> Int { reloadIfNeeded(); return layout.numberOfRows(in: section) }

    // MARK: Internal state

    var layout = TableLayout()
    let pool = ReusePool()
    /// Mounted rows in index-path order.
    var mounted: [MountedRow] = []
    var mountedHeaders: [Int: TableViewHeaderFooterView] = [:]
    var mountedFooters: [Int: TableViewHeaderFooterView] = [:]
    var headerPool: [TableViewHeaderFooterView] = []
    var footerPool: [TableViewHeaderFooterView] = []
    var selection: [RowRangeSet] = []
    var selectionTransitions: [IndexPath: Transition] = [:]
    var editingTransition: Transition?
    var scrollAnimation: Transition?
    var editingState = false
    var offsetY = 0.0
    var explicitPrefetchDistance: Double?
    var needsReload = true
    var needsLayout = true
    var isLayingOut = false
    /// The time of the last `advanceAnimations(to:)`; nil before the first.
    var now: Double?
    var reconfiguringCell: TableViewCell?
    var reconfiguringIndexPath: IndexPath?
    var lastDequeued: TableViewCell?
    var defaultRowHeightUsed = false
    var titlesBeingLoaded: (headers: [String?], footers: [String?])?
    var warned: Set<String> = []
    /// Row interaction state (press, drag-select, keyboard anchor), see TableView+Input.
    var interaction = InteractionState()
    /// Row animations of batch updates, see TableView+Updates.
    var rowAnimations = RowAnimationState()
    /// What the mounted rows were laid out against: reload generation, layout version and
    /// width. While they are unchanged, a pass only adds and drops rows at the band's edges.
    var loadGeneration = 0
    var mountedGeometry: (generation: Int, version: Int, width: Double) = (-1, -1, -1)
    /// Reused between passes so a scroll step allocates nothing.
    var scratchRows: [(IndexPath, Double, Double)] = []
    /// Indices into `mounted` of the visible rows: always one contiguous run.
    var visibleSpan: Range<Int> = 0..<0
    /// Drawn row extents while `render` runs an animation frame.
    var presentedFramesForRender: [(top: Double, height: Double)]?
    /// The sections whose headers and footers are mounted, and against what geometry.
    var mountedSectionRange: Range<Int> = 0..<0
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
    /// Rows to re-bind into their own cells at the next layout pass.
    var pendingReconfigures = Set<IndexPath>()

    struct MountedRow {
        var indexPath: IndexPath
        var cell: TableViewCell
        var isVisible: Bool
        /// The row's extent in content coordinates (its cell's frame), kept here so the
        /// per-step loops don't touch the cells.
        var top = 0.0
        var bottom = 0.0
    }

    static let logger = Logger(label: "PoolTable")

    func setNeedsReload() { needsReload = true; needsLayout = true; setNeedsDisplay() }
    func setNeedsLayout() { needsLayout = true; setNeedsDisplay() }
    /// Asks the host to redraw.
    public func setNeedsDisplay() { host?.tableViewNeedsDisplay(self) }

    /// Logs a warning about data-dependent nonsense, once per kind per table.
    func warn(_ kind: String, _ message: @autoclosure () -> String) {
        guard warned.insert(kind).inserted else { return }
        Self.logger.warning("\(message())")
    }

    /// Called by the delegate's default `heightForRowAt`, so the table knows the delegate
    /// does not size rows and can keep O(1) memory per section.
    public func noteDefaultRowHeightUsed() { defaultRowHeightUsed = true }

    public func defaultHeaderHeight(for section: Int) -> Double {
        let title = titlesBeingLoaded.map { section < $0.headers.count ? $0.headers[section] : nil }
            ?? (section >= 0 && section < layout.numberOfSections ? layout.sections[section].headerTitle : nil)
        return title != nil ? sectionHeaderHeight : (style == .grouped ? 18 : 0)
    }
    public func defaultFooterHeight(for section: Int) -> Double {
        let title = titlesBeingLoaded.map { section < $0.footers.count ? $0.footers[section] : nil }
            ?? (section >= 0 && section < layout.numberOfSections ? layout.sections[section].footerTitle : nil)
        return title != nil ? sectionFooterHeight : (style == .grouped ? 10 : 0)
    }

    func reloadIfNeeded() {
        guard needsReload, !isLayingOut else { return }
        needsReload = false
        unmountEverything()
        selection = []
        selectionTransitions = [:]
        for g in rowAnimations.ghosts { pool.enqueue(g.cell) }
        rowAnimations = RowAnimationState()
        pendingReconfigures = []
        interaction.reset()
        layout = TableLayout(sections: loadSections())
        loadGeneration &+= 1
        selection = Array(repeating: RowRangeSet(), count: layout.numberOfSections)
        statistics.reloads += 1
        setOffsetY(offsetY, reason: .clamp)
        needsLayout = true
    }

    /// Asks the data source and delegate for every section's counts, titles and heights.
    func loadSections() -> [SectionLayout] {
        guard let dataSource else { return [] }
        var sectionCount = dataSource.numberOfSections(in: self)
        if sectionCount < 0 { warn("sections<0", "numberOfSections returned \(sectionCount); treating it as 0"); sectionCount = 0 }
        var counts: [Int] = [], headers: [String?] = [], footers: [String?] = []
        counts.reserveCapacity(sectionCount)
        for s in 0..<sectionCount {
            var n = dataSource.tableView(self, numberOfRowsInSection: s)
            if n < 0 { warn("rows<0", "numberOfRowsInSection(\(s)) returned \(n); treating it as 0"); n = 0 }
            counts.append(n)
            headers.append(dataSource.tableView(self, titleForHeaderInSection: s))
            footers.append(dataSource.tableView(self, titleForFooterInSection: s))
        }
        titlesBeingLoaded = (headers, footers)
        defer { titlesBeingLoaded = nil }
        return (0..<sectionCount).map { s in
            var section = SectionLayout(headerHeight: 0, footerHeight: 0, rows: RowHeights(uniform: rowHeight, count: 0),
                                        headerTitle: headers[s], footerTitle: footers[s])
            section.headerHeight = sanitizedHeight(delegate?.tableView(self, heightForHeaderInSection: s) ?? defaultHeaderHeight(for: s), "header")
            section.footerHeight = sanitizedHeight(delegate?.tableView(self, heightForFooterInSection: s) ?? defaultFooterHeight(for: s), "footer")
            loadRowHeights(into: &section, section: s, count: counts[s])
            return section
        }
    }

    /// Uniform storage when the delegate does not size rows (probed with the first row),
    /// otherwise one height per row; `automaticDimension` rows start at the estimate.
    private func loadRowHeights(into section: inout SectionLayout, section s: Int, count: Int) {
        let uniform = sanitizedHeight(rowHeight, "rowHeight")
        guard let delegate, count > 0 else {
            section.rows = RowHeights(uniform: uniform, count: count)
            return
        }
        defaultRowHeightUsed = false
        let first = delegate.tableView(self, heightForRowAt: IndexPath(row: 0, section: s))
        if defaultRowHeightUsed {
            section.rows = RowHeights(uniform: uniform, count: count)
            return
        }
        var measured: BitSet?
        var selfSizing: BitSet?
        let estimate = sanitizedHeight(estimatedRowHeight, "estimatedRowHeight")
        var heights: [Double] = []
        heights.reserveCapacity(count)
        for r in 0..<count {
            let h = r == 0 ? first : delegate.tableView(self, heightForRowAt: IndexPath(row: r, section: s))
            if h == Self.automaticDimension {
                if measured == nil {
                    measured = BitSet(count: count); selfSizing = BitSet(count: count)
                    for i in 0..<r { measured![i] = true }
                }
                selfSizing![r] = true
                heights.append(estimate)
            } else {
                measured?[r] = true
                heights.append(sanitizedHeight(h, "row height"))
            }
        }
        section.rows = RowHeights(heights)
        section.measured = measured
        section.selfSizing = selfSizing
    }

    func sanitizedHeight(_ h: Double, _ what: String) -> Double {
        if h.isFinite && h >= 0 { return h }
        warn("height:\(what)", "a \(what) of \(h) is not a valid height; using 0")
        return 0
    }

    // MARK: Offset

    enum OffsetChange { case external, engine, clamp }

    var maxOffsetY: Double { max(0, layout.totalHeight - frame.height) }

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
        public var dequeues = 0
        public var layoutPasses = 0
        public var reloads = 0
        /// Duration of the last layout pass that did work, in microseconds.
        public var lastLayoutMicroseconds = 0.0
        /// Rows measured for self-sizing.
        public var measurements = 0
        public var reconfigures = 0
        public var batchUpdates = 0
    }

    /// Cells made by the pool's factories (misses) and cells the data source made itself.
    public var cellsCreated: Int { pool.cellsCreated }
    public var poolHits: Int { pool.hits }
    public var poolMisses: Int { pool.misses }
    /// Cells waiting in the pool, per reuse identifier.
    public var pooledCellCounts: [(identifier: String, count: Int)] { layoutIfNeeded(); return pool.counts }
    /// True if `cell` is waiting in the pool.
    public func isPooled(_ cell: TableViewCell) -> Bool { pool.contains(cell) }
}
