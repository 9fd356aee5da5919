/// A grid of equal items in sections that keeps only the items near the viewport bound to
/// cells (UIKit's `UICollectionView` with a flow layout). The machinery is `ListBase`'s,
/// shared with `TableView`: the same pool, prepared items (whole lines), editing, selection,
/// batch updates, anchoring and cell log; this class holds the grid geometry and speaks
/// `CollectionViewDataSource` / `CollectionViewDelegate`.
@MainActor
public final class CollectionView: ListBase {
    /// Supplies sections, items and cells; held weakly, as in UIKit. Setting it reloads.
    public weak var dataSource: CollectionViewDataSource? { didSet { setNeedsReload() } }
    /// Hears about display, selection and the multiple-selection interaction; held weakly.
    public weak var delegate: CollectionViewDelegate? { didSet { setNeedsReload() } }
    /// Told which items are coming before they are bound, nearest first, and which of them are
    /// no longer needed (the rules of `TableView.prefetchDataSource`): an item is passed to `prefetchItemsAt` once
    /// when it enters the range `dataPrefetchDistance` viewport heights past the prepared band
    /// (on the side of the last scroll, downwards before any) and is not mounted; it gets one
    /// `cancelPrefetchingForItemsAt` if it leaves the range unbound, is deleted, or is
    /// outstanding at `reloadData()`. Calls come at the end of a layout pass, never from
    /// inside `cellForItemAt`.
    public weak var prefetchDataSource: CollectionViewDataSourcePrefetching? { didSet { forgetPrefetching(); setNeedsLayout() } }

    /// Setting it re-flows the items, keeping the first visible item where it was. A layout
    /// under which the items no longer fit in `maximumContentHeight` in one column (taller
    /// items, more spacing) reloads the data, clamped again (see `maximumNumberOfItems(layout:)`).
    public var layout: GridLayout {
        get { grid.parameters }
        set {
            let clean = Self.sanitized(newValue) { self.warn("gridLayout", $0) }
            guard geometry === grid else { warn("gridLayout", "a strip has no grid layout; ignored"); return }
            guard clean != grid.parameters else { return }
            var anchor = pass.needsReload ? nil : captureAnchor()
            grid.setParameters(clean)
            if grid.oneColumnContentLength > Self.maximumContentHeight {
                anchor = nil
                reloadData()
            }
            if let anchor { restoreAnchor(anchor) }
            setOffset(offset, reason: .clamp)
            setNeedsLayout()
            host?.tableViewDidChangeScrollGeometry(self)
        }
    }

    /// The grid geometry (the same object as the core's layout).
    let grid: GridGeometry
    /// Headers, footers, badges and decorations of a compositional layout (Supplementary/).
    let supplementaries = MountedSupplementaries()
    /// Sideways-scrolling sections' gesture and settles (Compositional/OrthogonalScrolling.swift).
    let orthogonalScrolling = OrthogonalScrolling()

    override func didLayOutItems() { mountSupplementaries() }
    override func revealAcross(_ ip: ItemPath) { revealOrthogonally(ip) }
    override func advanceViewAnimations(to t: Double) -> Bool { advanceOrthogonalScrolling(to: t) }
    override var hasViewAnimations: Bool { orthogonalScrolling.isAnimating }

    override var hasOtherMountedViews: Bool { !supplementaries.mounted.isEmpty }
    override var accessibleHeaders: [AccessibleHeader] { mountedSupplementaryHeaders(adding: titledHeaders) }
    override func pinnedHeaderApart(on canvas: Canvas) -> PinnedHeader? {
        geometry is CompositionalGeometry ? pinnedBoundaryHeaderApart(on: canvas) : super.pinnedHeaderApart(on: canvas)
    }

    /// Decorations beneath the items, the other supplementary views over them (Supplementary/).
    override func drawItems(_ visible: [Int], in canvas: Canvas) {
        let order = supplementaries.drawingOrder   // sorted once for both passes
        drawSupplementaries(order, in: canvas, below: true)
        super.drawItems(visible, in: canvas)
        drawSupplementaries(order, in: canvas, below: false)
    }

    /// A grid with a viewport of `frame`'s size and `layout`. Multiple selection during editing is on.
    public init(frame: Rect, layout: GridLayout) {
        let grid = GridGeometry()
        self.grid = grid
        let adapter = CollectionViewAdapter()
        super.init(frame: frame, layout: grid, presentation: ListPresentation(), data: adapter, delegate: adapter)
        adapter.collectionView = self
        grid.setParameters(Self.sanitized(layout) { self.warn("gridLayout", $0) })
        grid.onClamp = { [unowned self] in self.warnClamped(section: $0, count: $1, kept: $2) }
        allowsMultipleSelectionDuringEditing = true
        registerInteractions()
    }

    /// A horizontal strip of equal items with a viewport of `frame`'s size: items run left
    /// to right, as tall as the view less the strip's insets, and the view scrolls along x
    /// (`contentOffset.x`). Everything else (cells, prepared items, selection, updates) is
    /// the same as a grid's. Multiple selection during editing is on.
    public init(frame: Rect, stripLayout: StripLayout) {
        grid = GridGeometry()
        let strip = StripGeometry()
        func atLeast(_ minimum: Double, _ v: Double) -> Double { v.isFinite && v >= minimum ? v : minimum }
        var clean = stripLayout
        clean.itemWidth = atLeast(1, clean.itemWidth)
        clean.itemSpacing = atLeast(0, clean.itemSpacing)
        clean.horizontalInset = atLeast(0, clean.horizontalInset)
        clean.verticalInset = atLeast(0, clean.verticalInset)
        strip.setParameters(clean)
        let adapter = CollectionViewAdapter()
        super.init(frame: frame, layout: strip, presentation: ListPresentation(), data: adapter, delegate: adapter)
        adapter.collectionView = self
        strip.onClamp = { [unowned self] in self.warnClamped(section: $0, count: $1, kept: $2) }
        allowsMultipleSelectionDuringEditing = true
        registerInteractions()
    }

    /// The gestures in precedence order, the key gestures, and what follows sections through updates.
    private func registerInteractions() {
        pointerInteractions.register(pointerGestures, keys: [
            OrthogonalKeyInteraction(),             // Compositional/: arrows in and between sideways sections
        ])
        trackers.register(orthogonalScrolling)
    }

    /// A grid's (or strip's) pointer gestures, in order of precedence: the first that claims
    /// a press has it, and a press that moves is offered to the takeovers (swipe start,
    /// multiple selection) in this order. No column headers, no outline.
    private var pointerGestures: [any PointerInteraction] {
        [
            OpenSwipeInteraction(),                 // RowActions/: a press on the item held open
            ReorderGripInteraction(),               // Movement/: an item lifted by a long press
            ActivationInteraction(),                // Selection/: a double click
            DragSelectInteraction(),                // Selection/: across items in edit mode
            OrthogonalScrollInteraction(),          // Compositional/: a drag across a section that scrolls sideways
            SwipeStartInteraction(),                // RowActions/: a drag across the item
            MultipleSelectionInteraction(),         // Selection/: a drag outside edit mode (seed 003)
            LongPressMenuInteraction(),             // RowActions/: a press held still opens the item's menu
            TapInteraction(),                       // Selection/: click, hit target
        ]
    }

    /// Warns (once) that section `s`'s `count` items were clamped to `kept`.
    private func warnClamped(section s: Int, count: Int, kept: Int) {
        warn("maximumContentHeight", "section \(s) has \(count) items, but only \(kept) fit under ListBase.maximumContentHeight "
             + "(\(Int(Self.maximumContentHeight)) points, where offsets stay exact) in one column; laying out \(kept)")
    }

    /// Sizes and spacings that make sense: finite, items at least 1 px, spacings not negative.
    static func sanitized(_ layout: GridLayout, warn: (String) -> Void) -> GridLayout {
        var l = layout
        func positive(_ v: Double, _ fallback: Double, _ what: String) -> Double {
            if v.isFinite && v >= 1 { return v }
            warn("a grid \(what) of \(v) is not valid; using \(fallback)")
            return fallback
        }
        func nonNegative(_ v: Double, _ what: String) -> Double {
            if v.isFinite && v >= 0 { return v }
            warn("a grid \(what) of \(v) is not valid; using 0")
            return 0
        }
        l.itemSize = Size(width: positive(l.itemSize.width, 1, "item width"), height: positive(l.itemSize.height, 1, "item height"))
        l.minimumInteritemSpacing = nonNegative(l.minimumInteritemSpacing, "interitem spacing")
        l.minimumLineSpacing = nonNegative(l.minimumLineSpacing, "line spacing")
        l.headerHeight = nonNegative(l.headerHeight, "header height")
        l.sectionInset = EdgeInsets(top: nonNegative(l.sectionInset.top, "inset"), left: nonNegative(l.sectionInset.left, "inset"),
                                    bottom: nonNegative(l.sectionInset.bottom, "inset"), right: nonNegative(l.sectionInset.right, "inset"))
        return l
    }

    /// Columns at the current width.
    public var numberOfColumns: Int { reloadIfNeeded(); return geometry === grid ? grid.columns : 1 }

    // MARK: Cells

    /// Makes cells for `identifier` with `make` when the pool has none.
    public func register(_ make: @escaping (String) -> CollectionViewCell, forCellWithReuseIdentifier identifier: String) {
        registerCell(make, for: identifier)
    }

    /// Makes cells of `cellClass` for `identifier` when the pool has none, with its
    /// `init(reuseIdentifier:)` (UIKit's `register(_:forCellWithReuseIdentifier:)`), which
    /// runs the class's `init(frame:)` when it overrides that instead.
    public func register(_ cellClass: CollectionViewCell.Type, forCellWithReuseIdentifier identifier: String) {
        registerCell(CollectionReusableView.factory(cellClass), for: identifier)
    }

    /// A cell for `indexPath`: the cell being reconfigured for that item, a pooled one (after
    /// `prepareForReuse()`), or a new one. Stops with a message if `identifier` is unregistered.
    public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> CollectionViewCell {
        dequeueCell(withIdentifier: identifier, for: ItemPath(indexPath), registerHint: "register(_:forCellWithReuseIdentifier:)") as! CollectionViewCell
    }

    /// Cells whose item intersects the viewport, in item order.
    public var visibleCells: [CollectionViewCell] { visibleEntries.map { $0.cell as! CollectionViewCell } }
    /// The items intersecting the viewport, sorted.
    public var indexPathsForVisibleItems: [IndexPath] { visibleEntries.map(\.indexPath.indexPath) }
    /// Cells bound ahead of time outside the viewport (hidden), within `prefetchDistance`.
    public var preparedCells: [CollectionViewCell] { preparedEntries.map { $0.cell as! CollectionViewCell } }
    /// The prepared items, sorted.
    public var indexPathsForPreparedItems: [IndexPath] { preparedEntries.map(\.indexPath.indexPath) }
    /// Visible and prepared cells, in item order.
    public var mountedCells: [CollectionViewCell] { mountedEntries.map { $0.cell as! CollectionViewCell } }
    /// The mounted (visible and prepared) items, sorted.
    public var indexPathsForMountedItems: [IndexPath] { mountedEntries.map(\.indexPath.indexPath) }
    /// Any mounted cell, visible or prepared; nil otherwise.
    public func cellForItem(at indexPath: IndexPath) -> CollectionViewCell? { mountedCell(at: ItemPath(indexPath)) as? CollectionViewCell }
    /// The item a mounted cell shows; nil for pooled or foreign cells.
    public func indexPath(for cell: CollectionViewCell) -> IndexPath? { mountedIndexPath(of: cell)?.indexPath }
    /// The cell's serial number: stable for its lifetime (see `recentCellEvents`).
    public func cellID(of cell: CollectionViewCell) -> Int { serialNumber(of: cell) }

    // MARK: Geometry

    /// The item under a content point; nil between items.
    public func indexPathForItem(at point: Point) -> IndexPath? { item(at: point)?.indexPath }

    // MARK: Moving items by hand (issue 23)

    /// Begins moving the item by hand (UIKit's interactive movement): then
    /// `updateInteractiveMovementTargetPosition(_:)` moves it, `endInteractiveMovement()` or
    /// `cancelInteractiveMovement()` ends it. Returns false, and changes nothing, when the
    /// data source's `canMoveItemAt` says no or a movement is already running.
    @discardableResult
    public func beginInteractiveMovementForItem(at indexPath: IndexPath) -> Bool { beginMovement(at: ItemPath(indexPath)) }
    /// Every item whose frame overlaps `rect` (content coordinates), in order.
    public func indexPathsForItems(in rect: Rect) -> [IndexPath] { items(in: rect).indexPaths }
    /// The section header's frame in content coordinates (empty when the layout has no headers).
    public func rectForHeaderInSection(_ section: Int) -> Rect { headerRect(section) }
    /// Scrolls so the item's line is at `position` (eased when animated); an item of a
    /// section that scrolls sideways is also scrolled into view across, aligned as its
    /// behaviour aligns groups.
    public func scrollToItem(at indexPath: IndexPath, at position: ScrollPosition, animated: Bool) {
        scrollToItem(at: indexPath, at: alongPosition(position), animated: animated)
    }

    // MARK: Selection

    /// Selects an item (nil deselects all). Does not call the delegate, as in UIKit.
    public func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        selectItem(at: indexPath, animated: animated, scrollPosition: alongPosition(scrollPosition))
    }
    /// Deselects an item. Does not call the delegate.
    public func deselectItem(at indexPath: IndexPath, animated: Bool) { deselect(ItemPath(indexPath), animated: animated) }
    /// Selected items in order; nil when none. Materializes every selected item: use
    /// `numberOfSelectedItems` / `isItemSelected` for large selections.
    public var indexPathsForSelectedItems: [IndexPath]? { selectedIndexPaths?.indexPaths }

    // MARK: Batch updates (UIKit's semantics; items appear and disappear with a fade)

    /// Inserts items at new index paths (in `performBatchUpdates`).
    public func insertItems(at indexPaths: [IndexPath]) { batchInsert(indexPaths.itemPaths, .automatic) }
    /// Deletes items at old index paths (in `performBatchUpdates`).
    public func deleteItems(at indexPaths: [IndexPath]) { batchDelete(indexPaths.itemPaths, .automatic) }
    /// Moves an item from an old to a new index path (in `performBatchUpdates`).
    public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) { batchMove(ItemPath(indexPath), to: ItemPath(newIndexPath)) }
    /// Rebinds items at old index paths with a fresh cell (in `performBatchUpdates`).
    public func reloadItems(at indexPaths: [IndexPath]) { batchReload(indexPaths.itemPaths, .automatic) }
    /// Re-runs `cellForItemAt` into the same mounted cell; items that are not mounted cost nothing.
    public func reconfigureItems(at indexPaths: [IndexPath]) { reconfigure(indexPaths.itemPaths) }
    /// Inserts sections at new indexes: an `IndexSet`, `[0, 2]`, a range (in `performBatchUpdates`).
    public func insertSections(_ sections: some Sequence<Int>) { batchInsertSections(sections, .automatic) }
    /// Reloads sections at old indexes (in `performBatchUpdates` or alone): each is deleted
    /// and inserted again from the data source, as UIKit does; unanimated inside
    /// `ListBase.performWithoutAnimation`.
    public func reloadSections(_ sections: some Sequence<Int>) { batchReloadSections(sections, .automatic) }
    /// Deletes sections at old indexes (in `performBatchUpdates`).
    public func deleteSections(_ sections: some Sequence<Int>) { batchDeleteSections(sections, .automatic) }
}
