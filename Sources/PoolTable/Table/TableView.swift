/// A list of rows in sections that keeps only the rows near the viewport bound to cells,
/// recycling cells through a reuse pool (UIKit's `UITableView`). The machinery is
/// `ListBase`'s, shared with `CollectionView`; this class holds the list layout (the
/// height index, grouped style, sticky headers) and speaks `TableViewDataSource` /
/// `TableViewDelegate`.
@MainActor
public final class TableView: ListBase {
    /// Return this from `heightForRowAt` to have the cell measure itself.
    public static let automaticDimension = -1.0

    /// Plain (headers stick) or grouped; fixed at creation, as in UIKit.
    public let style: TableViewStyle
    /// Supplies sections, rows and cells; held weakly, as in UIKit. Setting it reloads.
    public weak var dataSource: TableViewDataSource? { didSet { setNeedsReload() } }
    /// Sizes rows and hears about display and selection; held weakly. Setting it reloads.
    public weak var delegate: TableViewDelegate? { didSet { setNeedsReload() } }
    /// Told which rows are coming before they are bound, nearest first, and which of them are
    /// no longer needed: a row is passed to `prefetchRowsAt` once
    /// when it enters the range `dataPrefetchDistance` viewport heights past the prepared band
    /// (on the side of the last scroll, downwards before any) and is not mounted; it gets one
    /// `cancelPrefetchingForRowsAt` if it leaves the range unbound, is deleted, or is
    /// outstanding at `reloadData()`. Calls come at the end of a layout pass, never from
    /// inside `cellForRowAt`.
    public weak var prefetchDataSource: TableViewDataSourcePrefetching? { didSet { forgetPrefetching(); setNeedsLayout() } }

    /// The height of every row when the delegate does not size rows. Default 44.
    public var rowHeight = 44.0 { didSet { if rowHeight != oldValue { setNeedsReload() } } }
    /// Stands in for rows sized `automaticDimension` until they are measured. Default 44.
    public var estimatedRowHeight = 44.0
    /// Header and footer height for sections with a title (when the delegate does not say).
    public var sectionHeaderHeight = 30.0 { didSet { if sectionHeaderHeight != oldValue { setNeedsReload() } } }
    /// Footer height for sections with a footer title (when the delegate does not say).
    public var sectionFooterHeight = 30.0 { didSet { if sectionFooterHeight != oldValue { setNeedsReload() } } }
    /// Whether rows are divided by separator lines (UIKit's `separatorStyle`). Default `.singleLine`.
    public var separatorStyle = TableViewCellSeparatorStyle.singleLine { didSet { if separatorStyle != oldValue { setNeedsDisplay() } } }
    /// The left inset of the separator lines between rows.
    public var separatorInsetLeft = 16.0

    /// The list geometry (the same object as `layout`).
    let listLayout: ListLayout
    var defaultRowHeightUsed = false
    /// The columns and sort descriptors (TableView+Columns.swift).
    let columnSet = TableColumnSet()
    /// The outline column and the disclosure triangles' turns (TableView+Outline.swift).
    let outline = OutlineInteraction()
    /// The titles of the sections being loaded, for the delegate's default header and
    /// footer heights (which ask for them before the geometry holds them).
    var titlesBeingLoaded: (headers: [String?], footers: [String?])?
    /// The same while one section's titles load (`loadSectionChrome`, `loadSection`): the
    /// sections before it have none, those after it their geometry's. No arrays: a batch
    /// update re-reads every surviving section's chrome.
    var sectionTitlesBeingLoaded: (section: Int, header: String?, footer: String?)?

    /// A table with a viewport of `frame`'s size.
    public init(frame: Rect, style: TableViewStyle = .plain) {
        self.style = style
        listLayout = ListLayout(style: style)
        let adapter = TableViewAdapter()
        var presentation = ListPresentation()
        presentation.headersStick = style == .plain
        presentation.headerStyle = style
        // A plain table is the cells' colour edge to edge (UIKit's plain style: cells and table
        // share one background), so no cell repaints it and a scrolled frame damages only what
        // rows draw on top, in a theme whose `background` differs from `cellBackground`
        // (`Theme.dark`) as in one where they are the same. Grouped rows sit on their
        // section's rounded group: both are filled with the cell background.
        if style == .grouped { presentation.background = { theme in theme.groupedBackground } } else {
            presentation.background = { theme in theme.cellBackground }
        }
        presentation.itemBackdrop = { theme in theme.cellBackground }
        super.init(frame: frame, layout: listLayout, presentation: presentation, data: adapter, delegate: adapter)
        adapter.table = self
        trackers.register(outline)
        pointerInteractions.register(pointerGestures, keys: [CellFocusKeyInteraction(table: self)])
    }

    /// A table's pointer gestures, in order of precedence: the first that claims a press has
    /// it, and a press that moves is offered to the takeovers (swipe start, multiple
    /// selection) in this order. The table owns its header's gestures and its outline's, as
    /// GtkColumnView does; the rest are every list's.
    private var pointerGestures: [any PointerInteraction] {
        [
            ColumnHeaderInteraction(table: self),   // Columns/: resize, reorder, sort
            OpenSwipeInteraction(),                 // RowActions/: a press on the row held open
            DisclosureInteraction(table: self),     // Outline/: the expand triangle
            ReorderGripInteraction(),               // Movement/: the grip in edit mode
            ActivationInteraction(),                // Selection/: a double click
            DragSelectInteraction(),                // Selection/: across the checkboxes
            SwipeStartInteraction(),                // RowActions/: a drag across the row
            MultipleSelectionInteraction(),         // Selection/: a drag outside edit mode (seed 003)
            TapInteraction(),                       // Selection/: click, hit target, edit control
        ]
    }

    // MARK: Cells

    /// Makes cells for `identifier` with `make` when the pool has none.
    public func register(_ make: @escaping (String) -> TableViewCell, forCellReuseIdentifier identifier: String) {
        registerCell(make, for: identifier)
    }

    /// Makes cells of `cellClass` for `identifier` when the pool has none, with its
    /// `init(style: .default, reuseIdentifier:)` (UIKit's `register(_:forCellReuseIdentifier:)`).
    public func register(_ cellClass: TableViewCell.Type, forCellReuseIdentifier identifier: String) {
        registerCell({ cellClass.init(style: .default, reuseIdentifier: $0) }, for: identifier)
    }

    /// A cell for `indexPath`: the cell being reconfigured for that row, a pooled one (after
    /// `prepareForReuse()`), or a new one. Stops with a message if `identifier` is unregistered.
    public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> TableViewCell {
        dequeueCell(withIdentifier: identifier, for: ItemPath(indexPath), registerHint: "register(_:forCellReuseIdentifier:)") as! TableViewCell
    }

    /// UIKit's older form, without an index path: inside `cellForRowAt`, a cell for the row
    /// being bound (as `dequeueReusableCell(withIdentifier:for:)` gives); nil when nothing is
    /// registered for `identifier` (the caller then makes its own cell, as UIKit code does);
    /// outside `cellForRowAt`, a pooled or new cell with no row state applied.
    public func dequeueReusableCell(withIdentifier identifier: String) -> TableViewCell? {
        guard items.pool.isRegistered(identifier) else { return nil }
        guard let ip = binding.bindingIndexPath else { return items.dequeue(identifier) as? TableViewCell }
        return dequeueCell(withIdentifier: identifier, for: ip, registerHint: "register(_:forCellReuseIdentifier:)") as? TableViewCell
    }

    /// Cells whose row intersects the viewport, top to bottom.
    public var visibleCells: [TableViewCell] { visibleEntries.map { $0.cell as! TableViewCell } }
    /// The rows intersecting the viewport, top to bottom.
    public var indexPathsForVisibleRows: [IndexPath] { visibleEntries.map(\.indexPath.indexPath) }
    /// Cells bound ahead of time outside the viewport (hidden), within `prefetchDistance`; the rows iOS 15 binds without listing them.
    public var preparedCells: [TableViewCell] { preparedEntries.map { $0.cell as! TableViewCell } }
    /// The prepared rows, top to bottom.
    public var indexPathsForPreparedRows: [IndexPath] { preparedEntries.map(\.indexPath.indexPath) }
    /// Visible and prepared cells, in row order: every cell that shows a row.
    public var mountedCells: [TableViewCell] { mountedEntries.map { $0.cell as! TableViewCell } }
    /// The mounted (visible and prepared) rows, in order.
    public var indexPathsForMountedRows: [IndexPath] { mountedEntries.map(\.indexPath.indexPath) }

    /// Any mounted cell, visible or prepared; nil otherwise.
    public func cellForRow(at indexPath: IndexPath) -> TableViewCell? { mountedCell(at: ItemPath(indexPath)) as? TableViewCell }
    /// The row a mounted cell shows; nil for pooled or foreign cells.
    public func indexPath(for cell: TableViewCell) -> IndexPath? { mountedIndexPath(of: cell)?.indexPath }
    /// The cell's serial number: stable for its lifetime (see `recentCellEvents`).
    public func cellID(of cell: TableViewCell) -> Int { serialNumber(of: cell) }

    /// The number of rows in `section`, as the data source last reported it.
    public func numberOfRows(inSection section: Int) -> Int { itemCount(inSection: section) }

    // MARK: Geometry (O(log n))

    /// The row's frame in content coordinates; `.zero` for an invalid index path.
    public func rectForRow(at indexPath: IndexPath) -> Rect { itemRect(ItemPath(indexPath)) }
    /// Header, rows and footer of the section; `.zero` for an invalid section.
    public func rectForSection(_ section: Int) -> Rect { sectionRect(section) }
    /// The header's place in the content (not where a floating header is drawn).
    public func rectForHeaderInSection(_ section: Int) -> Rect { headerRect(section) }
    /// The section footer's frame in content coordinates.
    public func rectForFooterInSection(_ section: Int) -> Rect {
        let s = sectionRect(section)
        let h = s.isEmpty && s.height == 0 ? 0 : geometry.footerLength(ofSection: section)
        return Rect(x: 0, y: s.maxY - h, width: s.width, height: h)
    }
    /// The row under a point in content coordinates; nil over headers, footers or nothing.
    public func indexPathForRow(at point: Point) -> IndexPath? { item(at: point)?.indexPath }
    /// Every row whose frame overlaps `rect` vertically (content coordinates), in order.
    public func indexPathsForRows(in rect: Rect) -> [IndexPath] {
        items(in: Rect(x: 0, y: rect.minY, width: 0, height: rect.height)).indexPaths
    }
    /// Scrolls so the row is at `position` (eased over 300 ms of engine time when animated).
    /// `.none` scrolls the least needed to show it whole.
    public func scrollToRow(at indexPath: IndexPath, at position: ScrollPosition, animated: Bool) {
        scroll(to: ItemPath(indexPath), at: position, animated: animated)
    }

    // MARK: Selection

    /// Selects a row (nil deselects all). In single-selection mode the others are deselected.
    /// Does not call the delegate, as in UIKit.
    public func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        select(indexPath.map(ItemPath.init), animated: animated, scrollPosition: scrollPosition)
    }
    /// Deselects a row. Does not call the delegate, as in UIKit.
    public func deselectRow(at indexPath: IndexPath, animated: Bool) { deselect(ItemPath(indexPath), animated: animated) }
    /// Selected rows in order; nil when none (as UIKit). Materializes every selected row:
    /// use `numberOfSelectedRows` / `isRowSelected` for large selections.
    public var indexPathsForSelectedRows: [IndexPath]? { selectedIndexPaths?.indexPaths }
    /// The first selected row; nil when none.
    public var indexPathForSelectedRow: IndexPath? { firstSelectedIndexPath?.indexPath }
    /// O(ranges), however many rows are selected.
    public var numberOfSelectedRows: Int { numberOfSelectedItems }
    /// Whether the row is selected; O(log ranges).
    public func isRowSelected(at indexPath: IndexPath) -> Bool { isSelected(ItemPath(indexPath)) }

    // MARK: Batch updates (see `performBatchUpdates`)

    /// Inserts rows at new index paths (in `performBatchUpdates`).
    public func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) { batchInsert(indexPaths.itemPaths, animation) }
    /// Deletes rows at old index paths (in `performBatchUpdates`).
    public func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) { batchDelete(indexPaths.itemPaths, animation) }
    /// Moves a row from an old to a new index path (in `performBatchUpdates`).
    public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) { batchMove(ItemPath(indexPath), to: ItemPath(newIndexPath)) }
    /// Rebinds rows at old index paths with a fresh cell, re-reading their heights (in `performBatchUpdates`).
    public func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) { batchReload(indexPaths.itemPaths, animation) }
    /// Inserts sections at new indexes: an `IndexSet`, `[0, 2]`, a range (in `performBatchUpdates`).
    public func insertSections(_ sections: some Sequence<Int>, with animation: RowAnimation) { batchInsertSections(sections, animation) }
    /// Deletes sections at old indexes (in `performBatchUpdates`).
    public func deleteSections(_ sections: some Sequence<Int>, with animation: RowAnimation) { batchDeleteSections(sections, animation) }
    /// Reloads sections at old indexes (in `performBatchUpdates` or alone): each is deleted
    /// and inserted again from the data source, as UIKit does, with `animation` for both.
    public func reloadSections(_ sections: some Sequence<Int>, with animation: RowAnimation) { batchReloadSections(sections, animation) }
    /// Re-runs `cellForRowAt` into the same mounted cell; rows that are not mounted cost nothing.
    public func reconfigureRows(at indexPaths: [IndexPath]) { reconfigure(indexPaths.itemPaths) }

    // MARK: Moving rows by hand (issue 23)

    /// Begins moving the row by hand (UIKit's reorder control, as code): then
    /// `updateInteractiveMovementTargetPosition(_:)` moves it, `endInteractiveMovement()` or
    /// `cancelInteractiveMovement()` ends it. Returns false, and changes nothing, when the
    /// data source's `canMoveRowAt` says no or a movement is already running.
    @discardableResult
    public func beginInteractiveMovementForRow(at indexPath: IndexPath) -> Bool { beginMovement(at: ItemPath(indexPath)) }

    // MARK: Drawing

    override func drawItems(_ visible: [Int], in canvas: Canvas) { drawTableItems(visible, in: canvas) }
    override func drawOverContent(in canvas: Canvas) { drawColumnHeaders(in: canvas) }
    override func focusRingFrame(row: Rect) -> Rect { focusedCellFrame(row: row) }

    /// Called by the delegate's default `heightForRowAt`, so the table knows the delegate
    /// does not size rows and can keep O(1) memory per section.
    @_spi(Hosting) public func noteDefaultRowHeightUsed() { defaultRowHeightUsed = true }

    /// What the delegate's default `heightForHeaderInSection` returns: `sectionHeaderHeight` with a title, else 0 (18 in grouped style).
    @_spi(Hosting) public func defaultHeaderHeight(for section: Int) -> Double {
        hasTitle(section, footer: false) ? sectionHeaderHeight : (style == .grouped ? 18 : 0)
    }
    /// What the delegate's default `heightForFooterInSection` returns: `sectionFooterHeight` with a title, else 0 (10 in grouped style).
    @_spi(Hosting) public func defaultFooterHeight(for section: Int) -> Double {
        hasTitle(section, footer: true) ? sectionFooterHeight : (style == .grouped ? 10 : 0)
    }
    /// Whether a section's header (or footer) has a title: the titles being loaded, else the
    /// geometry's. Plain code, no closures: each one passed to `Optional.map` here checked
    /// the main actor's executor at run time (~220 instructions, twice a batch).
    private func hasTitle(_ section: Int, footer: Bool) -> Bool {
        if let titles = titlesBeingLoaded {
            let list = footer ? titles.footers : titles.headers
            return section < list.count && list[section] != nil
        }
        if let one = sectionTitlesBeingLoaded {
            if one.section == section { return (footer ? one.footer : one.header) != nil }
            if section < one.section { return false }
        }
        guard section >= 0, section < geometry.numberOfSections else { return false }
        return (footer ? geometry.footerTitle(ofSection: section) : geometry.headerTitle(ofSection: section)) != nil
    }

    // MARK: Self-sizing

    /// The width a bound row's content is measured at: what it will draw in once edit mode
    /// has settled (less the editing control only for rows that indent, less the grip of a
    /// movable row, less an outline's inset).
    func measuringWidth(of cell: ReusableCell) -> Double {
        let row = listLayout.rowFrame(y: 0, height: 0).width
        guard let cell = cell as? TableViewCell else { return row - (isEditing ? TableViewCell.editingControlWidth : 0) }
        return cell.contentWidth(inRowWidth: row, editing: isEditing ? 1 : 0)
    }

    /// After a width change every self-sized row must be measured again.
    func invalidateSelfSizedRows() {
        for s in 0..<listLayout.storage.numberOfSections {
            guard let sizing = listLayout.storage.sections[s].selfSizing else { continue }
            var measured = BitSet(count: sizing.count)
            for r in 0..<sizing.count where !sizing[r] { measured[r] = true }
            var sec = listLayout.storage.sections[s]
            sec.measured = measured
            listLayout.storage.replaceSection(sec, at: s)
        }
    }

    /// True when any section has rows sized `automaticDimension`.
    var hasSelfSizingRows: Bool { listLayout.storage.sections.contains { $0.selfSizing != nil } }
}
