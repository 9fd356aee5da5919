import CGtk
@_spi(Hosting) @_spi(Diagnostics) import PoolTable

/// One proxy widget (a row's LIST_ITEM or a header's LABEL, see `AccessibleRows`) and what
/// GTK was last told about it: each setter sends only a real change, since every one is an
/// AT-SPI event a screen reader may act on.
@MainActor
final class AccessibleProxy {
    let widget: UnsafeMutablePointer<GtkWidget>
    /// The row it mirrors (rows), or nil.
    var indexPath: IndexPath?
    /// The section whose header it mirrors (headers), or nil.
    var section: Int?
    /// The cell's `displayGeneration` its label was read at (-1: never).
    var generation = -1
    /// A message said after the description while this proxy has the focus (`announce`).
    var announcement: String?
    /// Where it is, in content coordinates.
    var rect = Rect.zero
    /// The size it was last allocated at (nil: not since it was shown).
    var placedSize: Size?
    private(set) var label: String?
    /// The description last sent.
    private(set) var description: String?
    /// Descriptions sent to GTK so far (tests).
    private(set) var descriptionsSent = 0
    private(set) var isShown = true
    private(set) var isFocusable = false
    /// When its label last changed by a live update (-infinity: never, or for a new row).
    private var labelTime = -Double.infinity
    private var selected: Bool?
    private var checked: Bool?? = .none
    /// The titles of the row's actions as last exported (AccessibleProxy+Actions.swift).
    var actionTitles: [String] = []
    /// The row its actions were last listed for.
    var actionRow: IndexPath?
    /// Their GAction group on the widget (prefix `row`), made on the first action.
    var actionGroup: UnsafeMutablePointer<GSimpleActionGroup>?
    /// The outline state last sent (TableWidget+Outline.swift).
    var outlineSent: OutlineRowState?? = .none
    /// The carousel list proxy this row's proxy is a child of (an item of an orthogonal
    /// section); nil for a child of the view.
    var container: AccessibleProxy?
    /// What the description was made from: the position, the announcement, and what the
    /// view adds around it (the focused cell before it, the outline level after it).
    private var described: (AccessibleRowPosition, String?, RowDescriptionExtras)?

    /// Whether its AT-SPI object exists now (`export()`).
    private(set) var isExported = false

    /// A new proxy of `role`, a child of `parent` (last among its children), exported at once.
    init(role: GtkAccessibleRole, parent: UnsafeMutablePointer<GtkWidget>) {
        widget = Accessible.makeProxy(role: role)
        gtk_widget_set_parent(widget, parent)
        export()
    }

    /// Makes the widget's AT-SPI object exist now, while it is shown, rather than when a screen
    /// reader first asks for it (GTK 4.8 realizes an accessible's AT context lazily; only the
    /// public `gtk_widget_set_focusable` reaches that from outside, so it is set and reset).
    ///
    /// Why: GTK 4.8 sends a `children-changed` event only for a child whose AT context is
    /// realized, while libatspi (2.46) sizes a list's cached children from the child count GTK
    /// sends when the list itself is realized (`AddAccessible`), hidden children not yet asked
    /// for included as empty slots. A proxy hidden or moved away before anyone asked for it
    /// then left a slot no event ever removed: the screen reader's child count stayed one too
    /// high, and Orca 43's ancestor speech, asking for that last child, got None
    /// (`'NoneType' object has no attribute 'getRole'`) and dropped the list's name (issue 38:
    /// the carousel's name not said on Down and End). Exported from its first showing on, a
    /// proxy's every hiding and showing reaches the screen reader's cache as an event.
    func export() {
        guard !isExported, isShown, gtk_widget_get_root(widget) != nil else { return }
        isExported = true
        // (The tab stop's context was realized when it became focusable or took the focus.)
        guard !isFocusable else { return }
        gtk_widget_set_focusable(widget, 1)
        gtk_widget_set_focusable(widget, 0)
    }

    /// Sends the label if it changed; true if it did.
    @discardableResult
    func setLabel(_ text: String) -> Bool {
        guard text != label else { return false }
        label = text
        Accessible.setLabel(widget, text)
        return true
    }

    /// A row's label as of its cell's `generation`: sent at once for a row new to the proxy,
    /// otherwise (a live update) at most once per `interval`. Returns how long to wait before
    /// offering it again, or nil when it was taken; `sent` counts labels sent.
    func offerLabel(_ text: String?, generation: Int, isNew: Bool, now: Double, interval: Double, sent: inout Int) -> Double? {
        guard generation != self.generation else { return nil }
        if !isNew && now - labelTime < interval { return interval - (now - labelTime) }
        self.generation = generation
        if setLabel(text ?? "") {
            sent += 1
            labelTime = isNew ? -Double.infinity : now
        }
        return nil
    }

    func setSelected(_ on: Bool) {
        guard selected != on else { return }
        selected = on
        Accessible.setSelected(widget, on)
    }

    func setChecked(_ on: Bool?) {
        guard checked != .some(on) else { return }
        checked = .some(on)
        Accessible.setChecked(widget, on)
    }

    /// Forgets what the description was made from: the next `describe` sends it again (the
    /// texts or joins it is made with changed).
    func forgetDescription() { described = nil }

    /// Sends the description of `position` (the focused cell before it, the level after it,
    /// the announcement last) if any of them changed.
    func describe(_ position: AccessibleRowPosition, _ extras: RowDescriptionExtras = RowDescriptionExtras(),
                  _ joins: DescriptionJoins = DescriptionJoins(),
                  _ text: @MainActor (AccessibleRowPosition) -> String) {
        if let described, described.0 == position, described.1 == announcement, described.2 == extras { return }
        described = (position, announcement, extras)
        var base = text(position)
        if let level = extras.level { base = joins.clause(base, level) }
        if let carousel = extras.carousel { base = joins.clause(base, carousel) }
        if let cell = extras.cell { base = joins.sentence(cell, base) }
        description = announcement.map { joins.sentence(base, $0) } ?? base
        Accessible.setDescription(widget, description)
        descriptionsSent += 1
    }

    /// Sends a description that is not a row's position (a carousel's) if it changed.
    func setDescription(_ text: String) {
        guard text != description else { return }
        description = text
        Accessible.setDescription(widget, text)
        descriptionsSent += 1
    }

    func setFocusable(_ on: Bool) {
        guard isFocusable != on else { return }
        isFocusable = on
        gtk_widget_set_focusable(widget, on.gboolean)
    }

    /// Back in the tree (true) or out of it and not drawn (false).
    func setShown(_ on: Bool) {
        guard isShown != on else { return }
        isShown = on
        if !on { placedSize = nil }
        // (Not drawn, and not in the AT-SPI tree either: child-visible alone leaves a
        // recycled proxy among the list's children with its old name and place.)
        gtk_widget_set_child_visible(widget, on.gboolean)
        Accessible.setHidden(widget, !on)
        if on { export() }
    }

    /// Makes the widget a child of `parent` (the view, or a carousel's list proxy), keeping
    /// it alive across the move; placed again at the next allocation. Leaving its root
    /// unrealizes its AT context (its AT-SPI object is gone): a shown proxy is exported again
    /// at once, in its new parent (`export()`).
    func reparent(to parent: UnsafeMutablePointer<GtkWidget>) {
        guard gtk_widget_get_parent(widget) != parent else { return }
        g_object_ref(widget.rawPointer)
        gtk_widget_unparent(widget)
        gtk_widget_set_parent(widget, parent)
        g_object_unref(widget.rawPointer)
        placedSize = nil
        isExported = false
        export()
    }

    /// Forgets the row or header it mirrored (it goes back to a free list, hidden).
    func reset() {
        indexPath = nil
        section = nil
        generation = -1
        announcement = nil
        setShown(false)
    }

    /// Puts `proxies`' widgets in this order among `parent`'s children (AT-SPI lists
    /// children in widget order: the order a screen reader reads), with as few moves as
    /// possible: the longest run already in order stays, the others move next to their
    /// predecessor. A scrolled frame that recycles the top row's proxy for a row at the
    /// bottom so moves one widget, where moving each proxy after its predecessor in turn
    /// moved every one (~56 `gtk_widget_insert_after` a frame, each a children-changed pair
    /// on the bus). Other children (hidden free proxies, not listed by AT-SPI) are ignored.
    static func arrange(_ proxies: [AccessibleProxy], in parent: UnsafeMutablePointer<GtkWidget>) {
        // (Arrays and linear scans, no hashing: ~45 proxies, and this runs every scrolled frame.)
        let widgets = proxies.map(\.widget)
        var current: [Int] = []
        current.reserveCapacity(widgets.count)
        var child = gtk_widget_get_first_child(parent)
        while let c = child {
            if let r = widgets.firstIndex(of: c) { current.append(r) }
            child = gtk_widget_get_next_sibling(c)
        }
        let keep = longestIncreasingRun(current, count: widgets.count)
        var previous: UnsafeMutablePointer<GtkWidget>?
        for (i, widget) in widgets.enumerated() {
            if !keep[i] { gtk_widget_insert_after(widget, parent, previous) }
            previous = widget
        }
    }

    /// Marks the values (each in 0..<count) of a longest strictly increasing subsequence of
    /// `values` (patience sorting).
    static func longestIncreasingRun(_ values: [Int], count: Int) -> [Bool] {
        var tails: [Int] = [], tailIndex: [Int] = [], parent = [Int](repeating: -1, count: values.count)
        for (i, v) in values.enumerated() {
            var lo = 0, hi = tails.count
            while lo < hi { let mid = (lo + hi) / 2; if tails[mid] < v { lo = mid + 1 } else { hi = mid } }
            if lo > 0 { parent[i] = tailIndex[lo - 1] }
            if lo == tails.count { tails.append(v); tailIndex.append(i) } else { tails[lo] = v; tailIndex[lo] = i }
        }
        var run = [Bool](repeating: false, count: count)
        var i = tailIndex.last ?? -1
        while i >= 0 { run[values[i]] = true; i = parent[i] }
        return run
    }

    /// Allocates the widget at its rect, `offsetX`/`offsetY` being the viewport's left/top in content
    /// coordinates (GTK wants a measure before an allocation; the results are cached).
    func allocate(offsetX: Double = 0, offsetY: Double) {
        placedSize = rect.size
        var minimum: Int32 = 0
        gtk_widget_measure(widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, nil, nil, nil)
        gtk_widget_measure(widget, GTK_ORIENTATION_VERTICAL, -1, &minimum, nil, nil, nil)
        // Far outside the viewport only the order matters: keep the numbers in an int's range.
        let y = min(1_000_000, max(-1_000_000, rect.minY - offsetY))
        var allocation = GtkAllocation(x: Int32((rect.minX - offsetX).rounded()), y: Int32(y.rounded()),
                                       width: max(1, Int32(rect.width.rounded())), height: max(1, Int32(clamping: Int(rect.height.rounded()))))
        gtk_widget_size_allocate(widget, &allocation, -1)
    }
}

/// What the view says about a row besides its position: the focused cell ("Size, 3 bytes",
/// said first: it is what Tab moved to) and the outline level ("level 2": GTK 4.8's AT-SPI
/// bridge drops GTK_ACCESSIBLE_PROPERTY_LEVEL, so the description carries it), and that an
/// item is in a carousel.
/// How a row's description joins its parts: a clause ("Item 3 of 12, carousel") and a
/// sentence ("Size, 3 bytes. File 3 of 4"). Languages differ ("，" and "。" in Chinese).
struct DescriptionJoins {
    var clause: @MainActor (_ text: String, _ clause: String) -> String = { "\($0), \($1)" }
    var sentence: @MainActor (_ text: String, _ sentence: String) -> String = { "\($0). \($1)" }
}

struct RowDescriptionExtras: Equatable {
    var cell: String?
    var level: String?
    /// An item of an orthogonal section: "carousel" (its position is then within the carousel).
    var carousel: String?
}

extension AccessibleProxy {
    /// A row of an outline: GTK_ACCESSIBLE_PROPERTY_LEVEL (1 for a root, as ARIA counts) and,
    /// for an expandable row, GTK_ACCESSIBLE_STATE_EXPANDED (AT-SPI shows EXPANDABLE, and
    /// EXPANDED when it is); both reset for a row outside an outline. Sent only on a change.
    func setOutline(_ state: OutlineRowState?) {
        guard outlineSent != .some(state) else { return }
        outlineSent = .some(state)
        Accessible.setOutlineLevel(widget, state.map { $0.level + 1 })
        Accessible.setExpanded(widget, state.flatMap { $0.isExpandable ? $0.isExpanded : nil })
    }
}
