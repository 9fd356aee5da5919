import CGtk
@_spi(Hosting) @_spi(Diagnostics) import PoolTable

/// What assistive technology sees of a table: one proxy widget (`AccessibleProxy`) per
/// mounted row (LIST_ITEM) and titled header (LABEL), children of the view (LIST); GTK 4.8
/// builds the AT-SPI tree from widgets only (docs/ACCESSIBILITY.md).
///
/// A mapper: the engine says what changed (`MountChanges`, through the host's
/// `tableViewMountedCellsDidChange`) and what each item is (`AccessibilityModel`: position,
/// checked state, tab stop, reading order), and this puts it on the proxies. A proxy belongs
/// to a row: it follows the row's moves and keeps it when the row is put in another cell; a
/// proxy whose row left goes straight to a row that arrived, or hidden to a free list.
///
/// Focus is a roving tab stop on the model's `tabStop(keeping:)`. The proxy that holds the
/// focus never shows another row (Orca 43 ignores a focused list item's name changes): when
/// its row leaves the band it stays, detached, until the focus has moved to the target
/// row's proxy. `announce(_:)` speaks through the focused row's description (GTK 4.8 has no
/// announce call; docs/ACCESSIBILITY.md).
///
/// An orthogonal section (a carousel) is its own list: a LIST proxy named after the
/// section, described as a carousel, whose children are its items' proxies; an item's
/// position and description are then the carousel's ("Item 3 of 12, carousel").
@MainActor
final class AccessibleRows {
    /// Live label changes of one row closer together than this are held back and sent together.
    static let minimumLabelInterval = 0.5
    /// Every row says the item count ("Row 12 of 2,069"): when only the count changed, the
    /// rows are described again at most this often, and once more with the last count when
    /// the changes stop (`countFlush`). An incremental GtkFilterListModel changes the count
    /// some twenty times a frame for as long as it filters (0.6 s for a million rows), and
    /// each re-description is a D-Bus signal per row (~0.1 M instructions each with the
    /// AT-SPI bus up): once a frame, that was 15–25 ms of a letter's main thread, the whole
    /// of what PoolTable settled behind GtkListView (docs/bench/FILTER.md). Rows described
    /// for another reason (mounted, moved, rebound) say the new count at once.
    static let minimumCountInterval = 0.5
    /// How long after a held-back count the last one is sent, once nothing above
    /// `countFlush`'s priority is pending (GTK's idle filter steps are: while a filter runs,
    /// the flush waits for its last step).
    static let countFlushDelay = 1.0 / 60

    /// The screen's name, on the list itself.
    var label: String? { didSet { if label != oldValue { Accessible.setLabel(view, label) } } }
    /// The description of a row from its position ("Row 12 of 2,069", ", checked" in edit mode).
    var describe: @MainActor (AccessibleRowPosition) -> String = TableWidget.defaultRowDescription {
        didSet { describeChanged = true }
    }
    /// What an outline row adds to its description, from its level (1 for a root): "level 2".
    var describeLevel: @MainActor (Int) -> String = { "level \($0)" } { didSet { describeChanged = true } }
    /// What the focused row says first while one of its cells has the focus, from the column's
    /// title and the cell's text there: "Size, 3 bytes".
    var describeCell: @MainActor (_ column: String, _ value: String) -> String = { "\($0), \($1)" } { didSet { describeChanged = true } }
    /// What an item of a carousel adds to its description, and the carousel's own
    /// description: "carousel".
    var describeCarousel: @MainActor () -> String = { "carousel" } { didSet { describeChanged = true } }
    /// How the parts of a row's description are joined.
    var joins = DescriptionJoins() { didSet { describeChanged = true } }

    private unowned let listView: ListBase
    private let view: UnsafeMutablePointer<GtkWidget>
    private let placement: ProxyPlacement
    private var rows: [RowKey: AccessibleProxy] = [:], headers: [Int: AccessibleProxy] = [:]
    private var freeRows: [AccessibleProxy] = [], freeHeaders: [AccessibleProxy] = [], allProxies: [AccessibleProxy] = []
    /// The list proxy of each carousel with mounted items, by section, and spare ones.
    private var carousels: [Int: AccessibleProxy] = [:], freeCarousels: [AccessibleProxy] = []
    /// The carousels of the model being applied (the engine's orthogonal sections).
    private var carouselSections: [Int: AccessibleItemGroup] = [:]
    /// The focus; its proxy is detached when it is not `rows[its row]` (the row left the band).
    private let focus: RovingTabStop
    private var tabStop: AccessibleProxy? { focus.proxy }
    /// Change lists not yet applied; nil until the proxies were first built from the mounted rows.
    private var pending: [MountChanges]?
    /// Rows to look at again (true: new to their proxy), and rows whose label is held back.
    private var dirty: [RowKey: Bool] = [:], heldBack: Set<RowKey> = []
    private var shown: (count: Int, editing: Bool, multi: Bool?, offsetY: Double) = (-1, false, nil, .nan)
    /// The content offset across the proxies were placed for (a table wider than the view).
    private var shownOffsetX = 0.0
    private var describeChanged = false, orderChanged = true
    private var childOrder: [ObjectIdentifier] = []
    /// The row and column of the focused cell last described (nil: no cell has the focus).
    private var describedCell: (row: IndexPath, column: Int)?
    /// The update after a frame (its layout pass may have mounted rows) or an announcement:
    /// at the next idle, above GTK's own idle work.
    private lazy var idle = DeferredCall(priority: G_PRIORITY_HIGH_IDLE + 20) { [weak self] in self?.runUpdate() }
    /// The update for changes between frames: below GTK's idle work, so that it runs once the
    /// main loop has nothing else to do, or after the next frame (`frameDrawn`), whichever
    /// comes first. An incremental GtkFilterListModel filters in `G_PRIORITY_DEFAULT_IDLE`
    /// steps and emits `items-changed` at each (some twenty a frame): at a higher priority
    /// this update ran between every two steps and delayed each; now it runs once a frame
    /// while they last and once after the last.
    private lazy var quiet = DeferredCall(priority: G_PRIORITY_DEFAULT_IDLE + 10) { [weak self] in self?.runUpdate() }
    private lazy var flush = DeferredCall(priority: G_PRIORITY_DEFAULT) { [weak self] in self?.update() }
    /// The held-back count re-description (`minimumCountInterval`): the last count, once the
    /// changes stop (below GTK's idle work, as `quiet`; while they go on, a frame's update
    /// re-describes at most every `minimumCountInterval`).
    private lazy var countFlush = DeferredCall(priority: G_PRIORITY_DEFAULT_IDLE + 10) { [weak self] in self?.flushCount() }
    /// True while `countFlush` runs: the held-back count is described whatever the interval.
    private var flushesCount = false
    /// When every row was last described again for a new count.
    private var countDescribedAt = -Double.infinity
    /// The row the user just moved with the focus on it (Alt+arrow), until its proxy has
    /// followed it there (`focusedRowMoved(to:)`).
    private var movedFocusRow: IndexPath?

    /// Widgets made so far (rows and headers), for tests and the benchmark notes.
    var proxiesCreated: Int { allProxies.count }
    /// Updates run so far (tests: changes between frames are reconciled together).
    private(set) var updatesRun = 0
    /// Label updates sent to GTK so far.
    private(set) var labelUpdates = 0
    /// Row and header descriptions sent to GTK so far (tests).
    var descriptionUpdates: Int { allProxies.reduce(0) { $0 + $1.descriptionsSent } }

    init(view listView: ListBase, widget view: UnsafeMutablePointer<GtkWidget>) {
        self.listView = listView
        self.view = view
        placement = ProxyPlacement(view: view)
        focus = RovingTabStop(view: view)
    }

    /// Removes the pending GLib sources; the widgets go with the view.
    func invalidate() {
        idle.cancel(); quiet.cancel(); flush.cancel(); countFlush.cancel(); placement.cancel()
        rows = [:]; headers = [:]; freeRows = []; freeHeaders = []; allProxies = []; pending = nil
        carousels = [:]; freeCarousels = []; carouselSections = [:]
        focus.reset()
    }

    /// Says `message` with the description of the row that holds the focus after the current
    /// input (`RovingTabStop`).
    func announce(_ message: String) {
        if focus.announce(message) { idle.schedule() }
    }

    /// The focused row was moved to `indexPath` by the user (Alt+arrow): once its proxy has
    /// followed it there, the row gets a fresh proxy and the focus moves to it. Orca 43
    /// ignores a focused list item's name changes and reads only its new description, so a
    /// move kept on the same proxy was heard as "Item 8 of 60" without the row's name; a
    /// focus change is read in full ("Wi-Fi, Home. Item 8 of 60").
    func focusedRowMoved(to indexPath: IndexPath) {
        movedFocusRow = indexPath
        quiet.schedule()
    }

    /// The engine's change list, applied at the next update (the engine may be in a layout
    /// pass, GTK in a frame).
    func mountedCellsDidChange(_ changes: MountChanges) {
        if !changes.isEmpty { pending?.append(changes) }
        quiet.schedule()
    }

    /// Reconciles when the main loop is otherwise idle or after the next frame.
    func setNeedsUpdate() { quiet.schedule() }

    /// A frame was drawn: reconcile right after it (what its layout pass mounted, and any
    /// change since the last update).
    func frameDrawn() { idle.schedule() }

    /// The deferred update (either source), then the proxies' allocation.
    private func runUpdate() {
        idle.cancel()
        quiet.cancel()
        update()
        placement.commit()
    }

    /// The held-back count, described now (the changes stopped).
    private func flushCount() {
        flushesCount = true
        defer { flushesCount = false }
        update()
    }

    /// Brings the proxies in line with the engine as its last layout pass left it (reading
    /// does not lay out: that would move the engine's work to this moment).
    func update() {
        guard listView.hasLoadedData else { return }
        updatesRun += 1
        listView.reportMountChanges()   // content and selection changes since the last pass
        let model = AccessibilityModel(listView)
        carouselSections = Dictionary(model.itemGroups.map { ($0.section, $0) }, uniquingKeysWith: { a, _ in a })
        if let lists = pending { lists.forEach(apply) } else { rebuild() }
        pending = []
        refocusMovedRow(model)
        // Proxies shown before the view had a window are exported now (`AccessibleProxy.export()`).
        for proxy in allProxies where proxy.isShown && !proxy.isExported { proxy.export() }
        updateCarousels(model)
        if listView.contentOffset.y != shown.offsetY { shown.offsetY = listView.contentOffset.y; placement.scrolled() }
        if listView.contentOffset.x != shownOffsetX { shownOffsetX = listView.contentOffset.x; placement.scrolled() }
        let now = monotonicSeconds()
        let countOnly = model.itemCount != shown.count && model.isEditing == shown.editing && !describeChanged
        if countOnly, !flushesCount, now - countDescribedAt < Self.minimumCountInterval {
            // Rows described below for other reasons say the new count already.
            countFlush.schedule(after: Self.countFlushDelay)
        } else if model.itemCount != shown.count || model.isEditing != shown.editing || describeChanged {
            if model.itemCount != shown.count { countDescribedAt = now }
            if describeChanged { allProxies.forEach { $0.forgetDescription() } }
            (shown.count, shown.editing, describeChanged) = (model.itemCount, model.isEditing, false)
            for key in rows.keys { markDirty(key) }
        }
        if let ip = focus.announceOnStop(ifAt: model.focusedIndexPath) { markDirty(ip) }
        let cell = (listView as? TableView)?.focusedColumn.flatMap { c in model.focusedIndexPath.map { (row: $0, column: c) } }
        if cell?.row != describedCell?.row || cell?.column != describedCell?.column {
            [describedCell?.row, cell?.row].compactMap { $0 }.forEach(markDirty)
            describedCell = cell
        }
        heldBack.forEach(markDirty)
        heldBack = []
        for (key, isNew) in dirty {
            guard let proxy = rows[key], let ip = proxy.indexPath, let item = model.item(at: ip) else { continue }
            if let wait = proxy.offerLabel(item.label, generation: item.generation, isNew: isNew, now: now,
                                           interval: Self.minimumLabelInterval, sent: &labelUpdates) {
                heldBack.insert(key)
                flush.schedule(after: wait)
            }
            proxy.setSelected(item.isSelected)
            proxy.setChecked(item.position.checked)
            proxy.describe(item.position, extras(ip), joins, describe)
            if proxy === tabStop { updateActions(proxy) }
            placement.place(proxy, at: item.frame)
            placeCarousel(of: proxy)
        }
        dirty = [:]
        if let table = listView as? TableView {   // level, expanded
            // (Asked per row only of an outline: for any other table each row's question was a dynamic cast.)
            let outline = table.dataSource is TableViewOutlineDataSource
            // (No `flatMap(table.outlineState(forRowAt:))`: a closure formed here and passed to
            // the standard library checks the main actor's executor at run time, every row.)
            for proxy in rows.values {
                if outline, let ip = proxy.indexPath { proxy.setOutline(table.outlineState(forRowAt: ip)) } else { proxy.setOutline(nil) }
            }
        }
        updateHeaders(model)
        updateTabStop(model)
        focus.finishUpdate()
        if model.isMultiSelectable != shown.multi {
            shown.multi = model.isMultiSelectable
            Accessible.setMultiSelectable(view, model.isMultiSelectable)
        }
        if orderChanged { reorderChildren(model) }
    }

    /// Places the proxies (from the view's size_allocate).
    func allocate() {
        let detached = isDetached(tabStop) ? [tabStop!] : []
        // Rows show below a column header row (the viewport's top inset).
        placement.allocate(Array(carousels.values) + Array(rows.values) + Array(headers.values) + detached, offsetX: listView.contentOffset.x,
                           offsetY: listView.contentOffset.y - listView.adjustedContentInset.top)
    }

    /// Moves keyboard focus to the tab stop; false when the table has no rows to focus.
    @discardableResult
    func focusTabStop() -> Bool {
        update()
        return focus.grabFocus()
    }

    /// The label a row's proxy shows now (tests).
    func proxyLabel(at indexPath: IndexPath) -> String? { rows[RowKey(indexPath)]?.label }
    /// A row's proxy widget and the outline state last sent to it (tests; issue 25).
    func proxyOutline(at indexPath: IndexPath) -> (widget: UnsafeMutablePointer<GtkWidget>, sent: OutlineRowState??)? {
        rows[RowKey(indexPath)].map { ($0.widget, $0.outlineSent) }
    }

    /// What a proxy widget says now, name and description (tests); nil for other widgets.
    func spokenText(of widget: UnsafeMutablePointer<GtkWidget>) -> (label: String?, description: String?)? {
        allProxies.first { $0.widget == widget }.map { ($0.label, $0.description) }
    }

    // MARK: Mapping

    /// One change list onto the proxies: rows that left free their proxies, moved rows take
    /// theirs along, and an arriving row takes the proxy of the same row put in another cell,
    /// else its detached tab stop, else one whose row left, a free one or a new one.
    private func apply(_ changes: MountChanges) {
        var leaving: [RowKey: AccessibleProxy] = [:]
        for item in changes.unmounted { let key = RowKey(item.indexPath); leaving[key] = rows.removeValue(forKey: key) }
        let moving = changes.moved.compactMap { m in rows.removeValue(forKey: RowKey(m.from)).map { ($0, m.to) } }
        for (proxy, to) in moving { proxy.indexPath = to; rows[RowKey(to)] = proxy; adopt(proxy); markDirty(to) }
        (changes.rebound + changes.updated).forEach { markDirty($0.indexPath) }
        let arriving = changes.mounted.map(\.indexPath)
        let same = arriving.map { ip in leaving.removeValue(forKey: RowKey(ip)) ?? (tabStop?.indexPath == ip && isDetached(tabStop) ? tabStop : nil) }
        var spare = leaving.values.filter { $0 !== tabStop }   // the focused proxy keeps its row
        for (ip, kept) in zip(arriving, same) {
            // A proxy already in the row's list (the view or its carousel) if there is one:
            // moving to another parent takes its AT-SPI object down and up again.
            let parent = container(of: ip)?.widget ?? view
            let proxy = kept ?? Self.take(in: parent, from: &spare) ?? Self.take(in: parent, from: &freeRows)
                ?? spare.popLast() ?? freeRows.popLast() ?? makeProxy(GTK_ACCESSIBLE_ROLE_LIST_ITEM, in: parent)
            proxy.indexPath = ip
            proxy.generation = -1
            adopt(proxy)
            proxy.setShown(true)
            rows[RowKey(ip)] = proxy
            dirty[RowKey(ip)] = true
        }
        spare.forEach(retire)
        orderChanged = orderChanged || !changes.mounted.isEmpty || !changes.unmounted.isEmpty || !moving.isEmpty
    }

    /// The row the user moved (`focusedRowMoved(to:)`), once its focused proxy is there:
    /// a fresh proxy takes the row (named and described below, before `updateTabStop` moves
    /// the focus to it and retires the old one, now detached).
    private func refocusMovedRow(_ model: AccessibilityModel) {
        guard let ip = movedFocusRow else { return }
        guard model.focusedIndexPath == ip else { movedFocusRow = nil; return }   // the focus went on
        let key = RowKey(ip)
        guard let stop = tabStop, stop.indexPath == ip, rows[key] === stop else { return }   // not followed yet
        movedFocusRow = nil
        guard focus.containsFocus else { return }
        let parent = container(of: ip)?.widget ?? view
        let fresh = Self.take(in: parent, from: &freeRows) ?? makeProxy(GTK_ACCESSIBLE_ROLE_LIST_ITEM, in: parent)
        fresh.indexPath = ip
        fresh.generation = -1
        adopt(fresh)
        fresh.setShown(true)
        rows[key] = fresh
        dirty[key] = true
        orderChanged = true
    }

    /// The first time: a proxy for every mounted row.
    private func rebuild() {
        var changes = MountChanges()
        changes.mounted = listView.laidOutRows.map { MountChanges.Item($0.indexPath, cell: ObjectIdentifier($0.cell)) }
        apply(changes)
    }

    private func markDirty(_ key: RowKey) { if dirty[key] == nil { dirty[key] = false } }
    private func markDirty(_ ip: IndexPath) { markDirty(RowKey(ip)) }

    /// What a row's description says besides its position: the focused cell, the level,
    /// that it is in a carousel.
    private func extras(_ ip: IndexPath) -> RowDescriptionExtras {
        var extras = RowDescriptionExtras()
        if carouselSections[ip.section] != nil { extras.carousel = describeCarousel() }
        guard let table = listView as? TableView else { return extras }
        if let level = table.outlineState(forRowAt: ip)?.level { extras.level = describeLevel(level + 1) }
        if let cell = describedCell, cell.row == ip, cell.column < table.tableColumns.count {
            let title = table.tableColumns[cell.column].title
            let value = (table.cellForRow(at: ip) as? TableViewCellColumnAccessibility)?.accessibilityValue(ofColumn: cell.column) ?? ""
            extras.cell = value.isEmpty ? title : describeCell(title, value)
        }
        return extras
    }

    /// The row's actions (swipe actions and menu entries) on its proxy, as AT-SPI actions:
    /// on the tab stop's row only, the row a screen reader acts on (the delegate is asked for
    /// one row's swipe actions and menu per focus move, not for every row scrolled in).
    private func updateActions(_ proxy: AccessibleProxy) {
        guard let view = listView as? any ContextMenuProviding, let ip = proxy.indexPath else { return }
        proxy.actionRow = ip
        proxy.setActions(view.accessibilityActions(forRowAt: ip).map(\.title)) { [weak self, weak proxy] title in
            guard let self, let view = self.listView as? any ContextMenuProviding, let ip = proxy?.indexPath,
                  let action = view.accessibilityActions(forRowAt: ip).first(where: { $0.title == title }) else { return }
            view.performAccessibilityAction(action, forRowAt: ip)
            self.setNeedsUpdate()
        }
    }

    /// Header proxies: one per mounted header with a title.
    private func updateHeaders(_ model: AccessibilityModel) {
        var released = headers
        headers = [:]
        for header in model.headers {
            let proxy = released.removeValue(forKey: header.section) ?? freeHeaders.popLast() ?? makeProxy(GTK_ACCESSIBLE_ROLE_LABEL)
            orderChanged = orderChanged || proxy.section != header.section
            headers[header.section] = proxy
            proxy.section = header.section
            proxy.setShown(true)
            if proxy.setLabel(header.title) { labelUpdates += 1 }
            placement.place(proxy, at: header.frame)
        }
        for proxy in released.values { retire(proxy); orderChanged = true }
    }

    /// The model's tab stop becomes the focusable proxy (a detached one keeps its row's
    /// place); the old one is retired if it was detached.
    private func updateTabStop(_ model: AccessibilityModel) {
        var ip = model.tabStop(keeping: tabStop?.indexPath)
        // Before the first key (no cursor) the focus stays on its row while the list scrolls,
        // as GtkListView's stays on its item (keys still act from the first visible row):
        // moving it every scrolled frame cost ~2 M instructions of AT-SPI work a frame. Without
        // the focus the stop follows the first visible row, where Tab then enters.
        if listView.focusedIndexPath == nil, let held = tabStop?.indexPath, held != ip, model.frame(of: held) != nil,
           focus.containsFocus { ip = held }
        // A cursor on its way in (an animated scroll bringing it, a carousel revealing its
        // card sideways) is not mounted yet: the focus waits on its row until it is, rather
        // than landing on the first visible row (which a screen reader would read out).
        if let cursor = listView.focusedIndexPath, cursor != ip, !model.isMounted(cursor),
           let held = tabStop?.indexPath, model.frame(of: held) != nil { ip = held }
        var wanted: AccessibleProxy?   // (not `ip.flatMap`: its closure checked the executor at run time)
        if let ip { wanted = rows[RowKey(ip)] ?? (tabStop?.indexPath == ip ? tabStop : nil) }
        if let stop = wanted, isDetached(stop), let ip {
            stop.describe(model.position(of: ip), extras(ip), joins, describe)
            if let rect = model.frame(of: ip) { placement.place(stop, at: rect) }
        }
        let old = focus.move(to: wanted, hasRows: !rows.isEmpty) { proxy in
            if let ip = proxy.indexPath { proxy.describe(model.position(of: ip), self.extras(ip), self.joins, self.describe) }
        }
        if let stop = tabStop, stop.actionRow != stop.indexPath { updateActions(stop) }
        if let old {
            orderChanged = true
            old.setActions([]) { _ in }
            if isDetached(old) { retire(old) }
        }
    }

    /// Puts the proxies' widgets in the model's reading order.
    private func reorderChildren(_ model: AccessibilityModel) {
        orderChanged = false
        let detached = isDetached(tabStop) ? tabStop : nil
        // A carousel's items are read inside its list, which stands where its first item would.
        let detachedKey = detached?.indexPath.map(RowKey.init)
        var order: [AccessibleProxy] = [], inCarousel: [Int: [AccessibleProxy]] = [:]
        order.reserveCapacity(rows.count + headers.count + 1)
        for element in model.readingOrderKeys(including: detached?.indexPath) {
            guard let row = element.row else {
                if let header = headers[element.section] { order.append(header) }
                continue
            }
            let key = RowKey(section: element.section, row: row)
            guard let proxy = rows[key] ?? (detachedKey == key ? detached : nil) else { continue }
            if let carousel = proxy.container {
                if inCarousel[key.section] == nil { order.append(carousel) }
                inCarousel[key.section, default: []].append(proxy)
            } else {
                order.append(proxy)
            }
        }
        // Plain loops: a closure passed to `map` here costs a dynamic executor check per proxy.
        var ids: [ObjectIdentifier] = []
        ids.reserveCapacity(order.count)
        for proxy in order { ids.append(ObjectIdentifier(proxy)) }
        for section in inCarousel.keys.sorted() {
            for proxy in inCarousel[section]! { ids.append(ObjectIdentifier(proxy)) }
        }
        guard ids != childOrder else { return }
        childOrder = ids
        AccessibleProxy.arrange(order, in: view)
        for (section, items) in inCarousel {
            if let carousel = carousels[section] { AccessibleProxy.arrange(items, in: carousel.widget) }
        }
    }

    // MARK: Carousels

    /// Makes a row's proxy a child of its carousel's list proxy (made when the carousel's
    /// first item arrives), or of the view for a row outside the carousels.
    private func adopt(_ proxy: AccessibleProxy) {
        guard let ip = proxy.indexPath else { return }
        let carousel = container(of: ip)
        guard proxy.container !== carousel || gtk_widget_get_parent(proxy.widget) != (carousel?.widget ?? view) else { return }
        proxy.container = carousel
        proxy.reparent(to: carousel?.widget ?? view)
        orderChanged = true
    }

    /// The list proxy of the carousel holding `ip`, or nil for a row of the view itself.
    private func container(of ip: IndexPath) -> AccessibleProxy? {
        carouselSections[ip.section].map { carouselProxy(for: $0) }
    }

    /// The list proxy of a carousel, named after it; a spare one or a new one.
    private func carouselProxy(for carousel: AccessibleItemGroup) -> AccessibleProxy {
        if let proxy = carousels[carousel.section] { return proxy }
        let proxy = freeCarousels.popLast() ?? makeProxy(GTK_ACCESSIBLE_ROLE_LIST)
        proxy.section = carousel.section
        proxy.setShown(true)
        carousels[carousel.section] = proxy
        orderChanged = true
        return proxy
    }

    /// The carousels after an update: each is named after its section's header (what the
    /// header view's `accessibilityLabel` says, while it is mounted; no name while the app
    /// hides it: `isHidden`) and described; one whose items all left (and that holds no
    /// detached tab stop) is hidden for reuse; the items' proxies follow their carousel's
    /// sideways scroll (their rows did not change, their frames did).
    private func updateCarousels(_ model: AccessibilityModel) {
        for (section, proxy) in carousels {
            let holdsStop = isDetached(tabStop) && tabStop?.container === proxy
            guard carouselSections[section] != nil, holdsStop || rows.values.contains(where: { $0.container === proxy }) else {
                carousels[section] = nil
                proxy.reset()
                freeCarousels.append(proxy)
                orderChanged = true
                continue
            }
            let header = (listView as? CollectionView)?.supplementaryView(forElementKind: CollectionView.elementKindSectionHeader,
                                                                          at: IndexPath(item: 0, section: section))
            if let header, header.isHidden {
                if proxy.setLabel("") { labelUpdates += 1 }   // hidden by the app: not read
            } else if let title = header?.accessibilityLabel, !title.isEmpty, proxy.setLabel(title) { labelUpdates += 1 }
            proxy.setDescription(describeCarousel())
        }
        for proxy in rows.values where proxy.container != nil {
            if let ip = proxy.indexPath, let frame = model.frame(of: ip) { placement.place(proxy, at: frame) }
            placeCarousel(of: proxy)
        }
    }

    /// A carousel's list proxy spans the view's width and the lines of its items; when that
    /// changes, its items (placed relative to it) are placed again.
    private func placeCarousel(of proxy: AccessibleProxy) {
        guard let carousel = proxy.container else { return }
        var top = Double.infinity, bottom = -Double.infinity
        for child in rows.values where child.container === carousel { top = min(top, child.rect.minY); bottom = max(bottom, child.rect.maxY) }
        guard top < bottom else { return }
        let band = Rect(x: 0, y: top, width: listView.frame.width, height: bottom - top)
        guard band != carousel.rect else { return }
        placement.place(carousel, at: band)
        for child in rows.values where child.container === carousel {
            child.placedSize = nil
            placement.place(child, at: child.rect)
        }
    }

    // MARK: Proxies

    private func makeProxy(_ role: GtkAccessibleRole, in parent: UnsafeMutablePointer<GtkWidget>? = nil) -> AccessibleProxy {
        let proxy = AccessibleProxy(role: role, parent: parent ?? view)
        allProxies.append(proxy)
        return proxy
    }

    /// Removes and returns the last proxy of `proxies` that is a child of `parent`, if any.
    private static func take(in parent: UnsafeMutablePointer<GtkWidget>, from proxies: inout [AccessibleProxy]) -> AccessibleProxy? {
        proxies.lastIndex { gtk_widget_get_parent($0.widget) == parent }.map { proxies.remove(at: $0) }
    }

    /// Hides a proxy that mirrors nothing any more and keeps it for reuse.
    private func retire(_ proxy: AccessibleProxy) {
        let isHeader = proxy.section != nil
        proxy.reset()
        if isHeader { freeHeaders.append(proxy) } else { freeRows.append(proxy) }
    }

    private func isDetached(_ proxy: AccessibleProxy?) -> Bool {
        guard let proxy, let ip = proxy.indexPath else { return false }
        return rows[RowKey(ip)] !== proxy
    }
}

/// The key of a row's proxy in `AccessibleRows`: section and row as two integers. Foundation's
/// `IndexPath` hashes through calls into FoundationEssentials that cannot be inlined; keyed by
/// it, mapping the reading order back to the proxies cost more than the reading order itself.
private struct RowKey: Hashable {
    let section: Int
    let row: Int

    init(section: Int, row: Int) { (self.section, self.row) = (section, row) }
    init(_ indexPath: IndexPath) { self.init(section: indexPath.section, row: indexPath.row) }
}
