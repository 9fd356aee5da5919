import CGtk
import PoolTable

/// Where a row is in the whole table, for its accessible description.
public struct AccessibleRowPosition: Sendable, Equatable {
    /// The row's place among all rows of all sections, from 1.
    public var number: Int
    /// All rows of all sections.
    public var count: Int
    /// The row or item.
    public var indexPath: IndexPath
    /// In edit mode, whether the row is checked (selected); nil outside edit mode.
    public var checked: Bool?

    /// A position outside edit mode unless `checked` is given.
    public init(number: Int, count: Int, indexPath: IndexPath, checked: Bool? = nil) {
        self.number = number
        self.count = count
        self.indexPath = indexPath
        self.checked = checked
    }
}

/// What assistive technology sees of a table: one small proxy widget per mounted row
/// (role LIST_ITEM) and per mounted section header (role LABEL), children of the view
/// (role LIST), kept in step with the engine's mounted cells.
///
/// GTK 4.8 builds the AT-SPI tree from widgets only (`../shared/ACCESSIBILITY.md`), so each
/// proxy is a childless drawing area that draws nothing, takes no pointer events, and is
/// allocated at its row's rect. After every change the engine reports, `update` reconciles
/// the proxies with the mounted cells by cell identity: a proxy follows its cell while the
/// cell stays mounted, a recycled cell's proxy goes back to a free list (hidden), and a
/// proxy is relabelled only when its cell's `displayGeneration` moved and the label text
/// really changed — live updates (download progress) at most `minimumLabelInterval` apart.
///
/// Focus is a roving tab stop on the engine's `keyboardFocusIndexPath` (the cursor row, or
/// the first visible one before there is a cursor): only that row's proxy is focusable; when
/// the cursor moves, the new row's proxy takes the focus if the old one had it. The proxy
/// that holds the focus never shows another row: Orca 43 ignores a focused list item's name
/// changes and reads its description alone, so a rebound focused proxy would be heard as the
/// old row with a new number. It stays with its row, detached from the recycled cell, until
/// the focus has moved to the target row's proxy. The view itself is focusable only while it
/// has no rows.
///
/// `announce(_:)` speaks through the focused row: GTK 4.8 has no announce call, and Orca
/// speaks a changed description of the item it has focus on (measured, ACCESSIBILITY.md).
@MainActor
final class AccessibleRows {
    /// Live label changes of one row closer together than this are held back and sent
    /// together: screen readers cannot speak faster than that anyway.
    static let minimumLabelInterval = 0.5
    /// Proxies that moved (the list scrolled, or a proxy went from a row that left to one
    /// that arrived) are placed again together, at most this long after: where a row is
    /// matters to assistive technology (its extents), but not at 60 frames a second, and
    /// allocating proxies every frame cost a scrolled frame 0.1–0.4 ms (an A/B of 5 runs
    /// each, twice). Newly shown proxies and resized ones are placed at once.
    static let movedPlacementDelay = 0.15

    /// The screen's name, on the list itself.
    var label: String? { didSet { if label != oldValue { Accessible.setLabel(view, label) } } }
    /// Said after the list's name (e.g. what the debug overlay shows).
    var viewDescription: String? {
        didSet { if viewDescription != oldValue { Accessible.setDescription(view, viewDescription) } }
    }
    /// The description of a row from its position (default: "Row 12 of 2,069", with
    /// ", checked" or ", not checked" in edit mode).
    var describe: @MainActor (AccessibleRowPosition) -> String = AccessibleRows.defaultDescription

    private unowned let listView: ListBase
    private let view: UnsafeMutablePointer<GtkWidget>
    /// Proxies of mounted rows, by cell identity.
    private var rows: [ObjectIdentifier: Proxy] = [:]
    /// Proxies of mounted section headers, by section.
    private var headers: [Int: Proxy] = [:]
    private var freeRows: [Proxy] = []
    private var freeHeaders: [Proxy] = []
    /// The one focusable proxy. It may have lost its cell (the cursor row scrolled out of
    /// the mounted band): then it stays, at the row's place, until the cursor moves.
    private var tabStop: Proxy?
    private var multiSelectable: Bool?
    /// Row numbers before each section, valid for `sectionStartsKey`.
    private var sectionStarts: [Int] = []
    private var sectionStartsKey: (reloads: Int, updates: Int, sections: Int) = (-1, -1, -1)
    /// Proxies in the order they were last put in (for the AT-SPI child order).
    private var childOrder: [ObjectIdentifier] = []
    private var idleSourceID: guint = 0
    private var flushSourceID: guint = 0
    /// The focus must move to the tab stop at the next idle (a change found during layout).
    private var pendingFocusMove = false
    /// A proxy appeared or changed size since the last `allocate()`: place it now.
    private var needsAllocation = false
    /// Proxies only moved: place them all within `movedPlacementDelay`.
    private var movedSinceAllocation = false
    /// The next `allocate()` places every proxy, not only new or resized ones.
    private var placeAll = true
    private var moveSourceID: guint = 0
    /// A message for the focused row's description, not yet applied (`announce`).
    private var pendingAnnouncement: String?

    /// Every proxy made (rows and headers, in use or free).
    private var allProxies: [Proxy] = []
    /// Widgets made so far (rows and headers), for tests and the benchmark notes.
    var proxiesCreated: Int { allProxies.count }
    /// Label updates sent to GTK so far.
    private(set) var labelUpdates = 0

    init(view listView: ListBase, widget view: UnsafeMutablePointer<GtkWidget>) {
        self.listView = listView
        self.view = view
    }

    /// Removes the pending GLib sources; the widgets go with the view.
    func invalidate() {
        if idleSourceID != 0 { g_source_remove(idleSourceID); idleSourceID = 0 }
        if moveSourceID != 0 { g_source_remove(moveSourceID); moveSourceID = 0 }
        if flushSourceID != 0 { g_source_remove(flushSourceID); flushSourceID = 0 }
        rows = [:]; headers = [:]; freeRows = []; freeHeaders = []; tabStop = nil; allProxies = []
    }

    /// "Row 1,234 of 100,000,000" (", checked" or ", not checked" in edit mode).
    static func defaultDescription(_ position: AccessibleRowPosition) -> String {
        let text = "Row \(groupedDigits(position.number)) of \(groupedDigits(position.count))"
        guard let checked = position.checked else { return text }
        return text + (checked ? ", checked" : ", not checked")
    }

    // MARK: Announcing

    /// Says `message` after the focused row's description: the next reconcile appends it to
    /// the description of the row that then holds the focus (the key's target), so a screen
    /// reader hears the row and the message as one utterance. It stays there until the focus
    /// moves on, when the row's own description comes back (unheard: the row no longer has
    /// the focus). Ignored while the focus is outside the list, where nothing would speak it.
    func announce(_ message: String) {
        guard containsFocus, !message.isEmpty else { return }
        pendingAnnouncement = message
        scheduleIdle()
    }

    // MARK: Reconciling

    /// Brings the proxies in line with the engine: which rows are mounted, their labels,
    /// states, positions and the tab stop. During the view's size allocation (`inLayout`),
    /// focus moves and child reordering wait for an idle callback, since they would
    /// queue another layout in the middle of this one.
    func update(inLayout: Bool) {
        // As the engine's last layout pass left them: reading must not lay out (that would
        // move the engine's work, e.g. flushing live updates, to this moment).
        guard listView.hasLoadedData else { return }
        let laidOut = listView.laidOutRows
        let editing = listView.isEditing
        let now = monotonicSeconds()
        refreshSectionStarts()
        // A message for the row that keeps the focus joins its state changes of this pass
        // (one description change, one utterance); one for a row the focus moves to waits
        // for the move (`updateTabStop`).
        if pendingAnnouncement != nil, let stop = tabStop, stop.indexPath == listView.keyboardFocusIndexPath {
            stop.announcement = pendingAnnouncement
            pendingAnnouncement = nil
        }

        // Cells still mounted keep their proxies; the others' proxies are released.
        var released = rows
        rows = [:]
        var arrivals: [(ReusableCell, IndexPath)] = []
        for (ip, cell) in laidOut {
            let id = ObjectIdentifier(cell)
            if let proxy = released.removeValue(forKey: id) {
                if proxy === tabStop && proxy.indexPath != ip {
                    // The cursor row's proxy keeps its row while its cell moves on.
                    proxy.cell = nil
                    arrivals.append((cell, ip))
                    continue
                }
                rows[id] = proxy
                refresh(proxy, cell: cell, at: ip, editing: editing, now: now)
            } else {
                arrivals.append((cell, ip))
            }
        }
        // A row whose cell was replaced keeps its proxy (same accessible object for the row).
        var releasedByRow: [IndexPath: Proxy] = [:]
        for proxy in released.values { if let ip = proxy.indexPath { releasedByRow[ip] = proxy } }
        var kept: [ObjectIdentifier: Proxy] = [:]
        for (cell, ip) in arrivals {
            if let same = releasedByRow.removeValue(forKey: ip) { kept[ObjectIdentifier(cell)] = same }
        }
        // The other released proxies go straight to the new rows (while scrolling, as many
        // rows arrive as leave): they stay shown, only their name, states and place change.
        // Hiding and showing each would unmap and map a widget and send two more events.
        var spare: [Proxy] = []
        for proxy in releasedByRow.values {
            proxy.cell = nil
            if proxy === tabStop { continue }   // stays with its row until the cursor moves
            spare.append(proxy)
        }
        for (cell, ip) in arrivals {
            let id = ObjectIdentifier(cell)
            let proxy: Proxy
            if let same = kept[id] {
                proxy = same
            } else if let stop = tabStop, stop.cell == nil, stop.indexPath == ip {
                proxy = stop
            } else {
                proxy = spare.popLast() ?? freeRows.popLast() ?? makeProxy(role: GTK_ACCESSIBLE_ROLE_LIST_ITEM)
            }
            proxy.cell = id
            rows[id] = proxy
            show(proxy)
            refresh(proxy, cell: cell, at: ip, editing: editing, now: now, newCell: true)
        }
        for proxy in spare { retire(proxy, into: &freeRows) }

        updateHeaders()
        updateTabStop(inLayout: inLayout)
        if let stop = tabStop, stop.cell == nil { sendDescription(stop, checked: stop.position?.checked ?? nil) }
        if !inLayout { pendingAnnouncement = nil }   // said, or nowhere to say it
        if let stop = tabStop, stop.cell == nil { placeDetached(stop) }

        let multi = listView.isMultipleSelectionActive
        if multi != multiSelectable {
            multiSelectable = multi
            Accessible.setMultiSelectable(view, multi)
        }
        if inLayout { if childOrderChanged() { scheduleIdle() } } else { reorderChildren() }
    }

    /// Reconciles at the next idle, then has the view place the proxies (size_allocate →
    /// `allocate()`) if any moved. Not in the view's size allocation itself: reading the
    /// engine may lay it out, and what that tells GTK (scroll geometry, delegates changing
    /// labels) must not happen in the middle of GTK's layout.
    func setNeedsUpdate() { scheduleIdle() }

    /// Places the proxies at their rects (called from the view's size_allocate): new and
    /// resized ones always, the others when their batched move is due (`movedPlacementDelay`)
    /// or when nothing is waiting to move.
    func allocate() {
        let all = placeAll || !movedSinceAllocation
        needsAllocation = false
        placeAll = false
        if all { movedSinceAllocation = false }
        for proxy in rows.values { allocate(proxy, all: all) }
        for proxy in headers.values { allocate(proxy, all: all) }
        if let stop = tabStop, stop.cell == nil { allocate(stop, all: all) }
    }

    /// Moves keyboard focus to the tab stop; false when the table has no rows to focus.
    @discardableResult
    func focusTabStop() -> Bool {
        update(inLayout: false)
        guard let stop = tabStop else { return false }
        return gtk_widget_grab_focus(stop.widget) != 0
    }

    /// True when the keyboard focus is on one of the proxies (or the view).
    var containsFocus: Bool {
        guard let root = gtk_widget_get_root(view), let focus = gtk_root_get_focus(root) else { return false }
        return focus == view || gtk_widget_is_ancestor(focus, view) != 0
    }

    /// The label a row's proxy shows now (tests).
    func proxyLabel(at indexPath: IndexPath) -> String? {
        rows.values.first { $0.indexPath == indexPath }?.label
    }

    /// What a proxy widget says now, name and description (tests); nil for other widgets.
    func spokenText(of widget: UnsafeMutablePointer<GtkWidget>) -> (label: String?, description: String?)? {
        allProxies.first { $0.widget == widget }.map { ($0.label, $0.description) }
    }

    // MARK: Private

    /// One proxy widget and what was last told to GTK about it.
    private final class Proxy {
        let widget: UnsafeMutablePointer<GtkWidget>
        /// The cell it mirrors (nil for headers and a detached tab stop).
        var cell: ObjectIdentifier?
        var indexPath: IndexPath?
        var section: Int?
        var generation = -1
        var label: String?
        var labelTime = -Double.infinity
        var selected: Bool?
        var checked: Bool?? = .none
        var position: (number: Int, count: Int, checked: Bool?, announcement: String?)?
        /// A message said after the description while this proxy has the focus (`announce`).
        var announcement: String?
        /// The description last sent.
        var description: String?
        /// In viewport coordinates.
        var rect = Rect.zero
        var isShown = true
        var isFocusable = false
        /// The rect it was last allocated at (nil: not since it was shown).
        var placed: Rect?

        init(widget: UnsafeMutablePointer<GtkWidget>) { self.widget = widget }
    }

    private func makeProxy(role: GtkAccessibleRole) -> Proxy {
        let widget = Accessible.makeProxy(role: role)
        gtk_widget_set_parent(widget, view)
        let proxy = Proxy(widget: widget)
        allProxies.append(proxy)
        return proxy
    }

    private func show(_ proxy: Proxy) {
        guard !proxy.isShown else { return }
        proxy.isShown = true
        needsAllocation = true
        gtk_widget_set_child_visible(proxy.widget, 1)
        Accessible.setHidden(proxy.widget, false)
    }

    /// Hides a proxy that mirrors nothing any more and keeps it for reuse.
    private func retire(_ proxy: Proxy, into pool: inout [Proxy]) {
        proxy.cell = nil
        proxy.indexPath = nil
        proxy.section = nil
        proxy.generation = -1
        proxy.placed = nil
        proxy.announcement = nil
        if proxy.isShown {
            proxy.isShown = false
            // (Not drawn, and not in the AT-SPI tree either: child-visible alone leaves a
            // recycled proxy among the list's children with its old name and place.)
            gtk_widget_set_child_visible(proxy.widget, 0)
            Accessible.setHidden(proxy.widget, true)
        }
        pool.append(proxy)
    }

    /// Label (if the cell changed), states, description and rect of a row's proxy.
    private func refresh(_ proxy: Proxy, cell: ReusableCell, at ip: IndexPath, editing: Bool, now: Double, newCell: Bool = false) {
        let rebound = newCell || proxy.indexPath != ip
        proxy.indexPath = ip
        if cell.displayGeneration != proxy.generation || rebound {
            // The same row changing again soon (live progress) waits; a new row does not.
            if !rebound && now - proxy.labelTime < Self.minimumLabelInterval {
                scheduleFlush(after: Self.minimumLabelInterval - (now - proxy.labelTime))
            } else {
                proxy.generation = cell.displayGeneration
                let label = cell.accessibilityLabel ?? ""
                if label != proxy.label {
                    proxy.label = label
                    proxy.labelTime = rebound ? -Double.infinity : now
                    labelUpdates += 1
                    Accessible.setLabel(proxy.widget, label)
                }
            }
        }
        let selected = cell.isSelected
        if proxy.selected != selected {
            proxy.selected = selected
            Accessible.setSelected(proxy.widget, selected)
        }
        let checked: Bool? = editing ? selected : nil
        if proxy.checked != .some(checked) {
            proxy.checked = .some(checked)
            Accessible.setChecked(proxy.widget, checked)
        }
        sendDescription(proxy, checked: checked)
        place(proxy, at: viewportRect(cell.frame))
    }

    /// Sends the row's description if its position, checked state or announcement changed.
    /// Orca does not speak `checked` on list items, so the description says it.
    private func sendDescription(_ proxy: Proxy, checked: Bool?) {
        guard let ip = proxy.indexPath else { return }
        let number = (ip.section < sectionStarts.count ? sectionStarts[ip.section] : 0) + ip.row + 1
        let count = sectionStarts.last ?? 0
        let message = proxy.announcement
        guard proxy.position.map({ $0.number != number || $0.count != count || $0.checked != checked || $0.announcement != message }) ?? true
        else { return }
        proxy.position = (number, count, checked, message)
        let text = describe(AccessibleRowPosition(number: number, count: count, indexPath: ip, checked: checked))
        proxy.description = proxy.announcement.map { "\(text). \($0)" } ?? text
        Accessible.setDescription(proxy.widget, proxy.description)
    }

    private func place(_ proxy: Proxy, at rect: Rect) {
        guard proxy.rect != rect || proxy.placed == nil else { return }
        proxy.rect = rect
        if proxy.placed?.size == rect.size { movedSinceAllocation = true } else { needsAllocation = true }
    }

    /// Section header proxies: one per mounted header with a title.
    private func updateHeaders() {
        var released = headers
        headers = [:]
        for section in listView.laidOutHeaderSections {
            guard let header = listView.headerView(forSection: section), let title = header.title, !title.isEmpty else { continue }
            let proxy = released.removeValue(forKey: section) ?? freeHeaders.popLast() ?? makeProxy(role: GTK_ACCESSIBLE_ROLE_LABEL)
            headers[section] = proxy
            proxy.section = section
            show(proxy)
            if proxy.label != title {
                proxy.label = title
                labelUpdates += 1
                Accessible.setLabel(proxy.widget, title)
            }
            place(proxy, at: viewportRect(header.frame))
        }
        for proxy in released.values { retire(proxy, into: &freeHeaders) }
    }

    /// The cursor row's proxy (or the first visible row's) becomes the only focusable one,
    /// taking the focus from the old one if that had it.
    private func updateTabStop(inLayout: Bool) {
        let wanted = wantedTabStop()
        if wanted !== tabStop {
            let old = tabStop
            let hadFocus = old.map { isFocus($0.widget) } ?? (containsFocus && !rows.isEmpty)
            if hadFocus && inLayout {
                // Move the focus at the next idle; until then the old stop keeps it.
                pendingFocusMove = true
                scheduleIdle()
                return
            }
            tabStop = wanted
            if let wanted {
                setFocusable(wanted, true)
                if let message = pendingAnnouncement, hadFocus {
                    // Before the focus arrives: read with the row's name, not after it.
                    pendingAnnouncement = nil
                    wanted.announcement = message
                    sendDescription(wanted, checked: wanted.position?.checked ?? nil)
                }
            }
            if hadFocus, let wanted { gtk_widget_grab_focus(wanted.widget) }
            if let old {
                setFocusable(old, false)
                if old.announcement != nil {
                    // Its own description again, after the focus left (so it is not spoken).
                    old.announcement = nil
                    sendDescription(old, checked: old.position?.checked ?? nil)
                }
                if old.cell == nil && old.section == nil && !rows.values.contains(where: { $0 === old }) {
                    retire(old, into: &freeRows)
                }
            }
        } else if pendingFocusMove && !inLayout, let stop = tabStop, containsFocus, !isFocus(stop.widget) {
            gtk_widget_grab_focus(stop.widget)
        }
        if !inLayout { pendingFocusMove = false }
        // With no row to stop on, the view itself takes the focus (an empty list stays reachable).
        let viewFocusable = tabStop == nil
        if (gtk_widget_get_focusable(view) != 0) != viewFocusable { gtk_widget_set_focusable(view, viewFocusable.gboolean) }
    }

    private func wantedTabStop() -> Proxy? {
        if let focus = listView.keyboardFocusIndexPath {
            if let proxy = rows.values.first(where: { $0.indexPath == focus }) { return proxy }
            if let stop = tabStop, stop.indexPath == focus { return stop }
        }
        // Nothing visible (or the cursor is far away and never had a proxy): the first row.
        let zero = IndexPath(row: 0, section: 0)
        return rows.values.min { ($0.indexPath ?? zero) < ($1.indexPath ?? zero) }
    }

    /// A tab stop whose cell left keeps the row's place (outside the viewport).
    private func placeDetached(_ proxy: Proxy) {
        guard let ip = proxy.indexPath, ip.section < listView.numberOfSections,
              ip.row < listView.numberOfItems(inSection: ip.section) else { return }
        place(proxy, at: viewportRect(listView.rectForItem(at: ip)))
    }

    private func setFocusable(_ proxy: Proxy, _ on: Bool) {
        guard proxy.isFocusable != on else { return }
        proxy.isFocusable = on
        gtk_widget_set_focusable(proxy.widget, on.gboolean)
    }

    private func isFocus(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        guard let root = gtk_widget_get_root(view) else { return false }
        return gtk_root_get_focus(root) == widget
    }

    private func allocate(_ proxy: Proxy, all: Bool) {
        guard proxy.isShown, all || proxy.placed?.size != proxy.rect.size else { return }
        proxy.placed = proxy.rect
        // GTK wants a measure before an allocation; the results are cached.
        var minimum: Int32 = 0
        gtk_widget_measure(proxy.widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, nil, nil, nil)
        gtk_widget_measure(proxy.widget, GTK_ORIENTATION_VERTICAL, -1, &minimum, nil, nil, nil)
        let r = proxy.rect
        var allocation = GtkAllocation(x: Int32(r.minX.rounded()), y: Int32(clamping: Int(r.minY.rounded())),
                                       width: max(1, Int32(r.width.rounded())), height: max(1, Int32(clamping: Int(r.height.rounded()))))
        gtk_widget_size_allocate(proxy.widget, &allocation, -1)
    }

    private func viewportRect(_ content: Rect) -> Rect {
        let y = content.minY - listView.contentOffset.y
        // Far outside the viewport only the order matters: keep the numbers in an int's range.
        return Rect(x: content.minX, y: min(1_000_000, max(-1_000_000, y)), width: content.width, height: content.height)
    }

    private func refreshSectionStarts() {
        let stats = listView.statistics
        let key = (stats.reloads, stats.batchUpdates, listView.numberOfSections)
        guard key != sectionStartsKey else { return }
        sectionStartsKey = key
        sectionStarts = [0]
        for s in 0..<key.2 { sectionStarts.append(sectionStarts[s] + listView.numberOfItems(inSection: s)) }
    }

    // MARK: Child order

    /// The proxies in reading order: top to bottom, headers before their rows, and a grid's
    /// items on one line left to right.
    private func readingOrder() -> [Proxy] {
        var all = Array(rows.values) + Array(headers.values)
        if let stop = tabStop, stop.cell == nil { all.append(stop) }
        // The keys once, then a sort of plain tuples (this runs after every frame).
        let keys = all.map { ($0.rect.minY, $0.section == nil ? 1 : 0, $0.rect.minX) }
        return all.indices.sorted { keys[$0] < keys[$1] }.map { all[$0] }
    }

    private func childOrderChanged() -> Bool {
        readingOrder().map { ObjectIdentifier($0) } != childOrder
    }

    /// Puts the proxies' widgets in reading order (AT-SPI lists children in widget order).
    private func reorderChildren() {
        let order = readingOrder()
        let ids = order.map { ObjectIdentifier($0) }
        guard ids != childOrder else { return }
        childOrder = ids
        var previous: UnsafeMutablePointer<GtkWidget>?
        for proxy in order {
            if gtk_widget_get_prev_sibling(proxy.widget) != previous || (previous == nil && gtk_widget_get_first_child(view) != proxy.widget) {
                gtk_widget_insert_after(proxy.widget, view, previous)
            }
            previous = proxy.widget
        }
    }

    // MARK: Deferred work

    /// Runs `update(inLayout: false)` at the next idle (before the next frame when the change
    /// came from an event, after the current one when it came from a frame's tick).
    private func scheduleIdle() {
        guard idleSourceID == 0 else { return }
        let box = Box<@MainActor () -> Void> { [weak self] in
            guard let self else { return }
            self.idleSourceID = 0
            self.update(inLayout: false)
            if self.needsAllocation { gtk_widget_queue_allocate(self.view) }
            if self.movedSinceAllocation { self.scheduleMovedPlacement() }
        }
        // GDK_PRIORITY_REDRAW: dispatched beside the frame clock, never starved by busy frames.
        idleSourceID = g_idle_add_full(G_PRIORITY_HIGH_IDLE + 20, { data in
            guard let data else { return GLibConstant.sourceRemove }
            nonisolated(unsafe) let box = data
            MainActor.assumeIsolated { Box<@MainActor () -> Void>.from(box).body() }
            return GLibConstant.sourceRemove
        }, box.retainedPointer(), releaseBox)
    }

    /// Places every proxy `movedPlacementDelay` from now (once, however often they move meanwhile).
    private func scheduleMovedPlacement() {
        guard moveSourceID == 0 else { return }
        let box = Box<@MainActor () -> Void> { [weak self] in
            guard let self else { return }
            self.moveSourceID = 0
            guard self.movedSinceAllocation else { return }
            self.placeAll = true
            gtk_widget_queue_allocate(self.view)
        }
        moveSourceID = g_timeout_add_full(G_PRIORITY_DEFAULT, guint(Self.movedPlacementDelay * 1000), { data in
            guard let data else { return GLibConstant.sourceRemove }
            nonisolated(unsafe) let box = data
            MainActor.assumeIsolated { Box<@MainActor () -> Void>.from(box).body() }
            return GLibConstant.sourceRemove
        }, box.retainedPointer(), releaseBox)
    }

    /// Sends held-back labels after `seconds`.
    private func scheduleFlush(after seconds: Double) {
        guard flushSourceID == 0 else { return }
        let box = Box<@MainActor () -> Void> { [weak self] in
            guard let self else { return }
            self.flushSourceID = 0
            self.update(inLayout: false)
        }
        let ms = guint(max(1, (seconds * 1000).rounded(.up)))
        flushSourceID = g_timeout_add_full(G_PRIORITY_DEFAULT, ms, { data in
            guard let data else { return GLibConstant.sourceRemove }
            nonisolated(unsafe) let box = data
            MainActor.assumeIsolated { Box<@MainActor () -> Void>.from(box).body() }
            return GLibConstant.sourceRemove
        }, box.retainedPointer(), releaseBox)
    }
}

/// "2069" → "2,069".
func groupedDigits(_ n: Int) -> String {
    let digits = String(n.magnitude)
    var out = ""
    for (i, c) in digits.enumerated() {
        if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
        out.append(c)
    }
    return n < 0 ? "-" + out : out
}
