import CGtk
@_spi(Hosting) @_spi(Diagnostics) import PoolTable

/// The shell's part of the column header row (the engine draws and hit-tests it, see
/// `TableView` in Columns/ColumnHeader.swift): the column-resize cursor over a header's
/// edge, the hover highlight, Tab and Shift+Tab between cells, and the headers' accessible
/// objects (`ColumnHeaderAccessibles`).
extension TableWidget {
    /// The cursor GTK shows over a header's resize edge (CSS cursor name).
    static let columnResizeCursor = "col-resize"

    func installColumns() {
        let motion = gtk_event_controller_motion_new()!
        Signal.connectPoint(motion, "enter") { [weak self] x, y in self?.columnPointerMoved(Point(x: x, y: y)) }
        Signal.connectPoint(motion, "motion") { [weak self] x, y in self?.columnPointerMoved(Point(x: x, y: y)) }
        Signal.connect(motion, "leave") { [weak self] in self?.columnPointerMoved(nil) }
        gtk_widget_add_controller(drawingArea, motion)
    }

    /// The column-resize cursor over a resize edge (and while a resize drag holds it), the
    /// default elsewhere; the engine highlights the header under the pointer.
    private func columnPointerMoved(_ widgetPoint: Point?) {
        guard let table = listView as? TableView else { return }
        let point = widgetPoint.flatMap { tablePoint($0) }
        table.pointerMoved(to: point)
        var resize = table.isResizingColumn
        if !resize, let point, case .resizeEdge? = table.columnHeaderHit(atViewportPoint: point) { resize = true }
        let name: String? = resize ? Self.columnResizeCursor : nil
        guard name != shownCursorName else { return }
        shownCursorName = name
        gtk_widget_set_cursor_from_name(drawingArea, name)
    }

    /// The cursor name set on the drawing area (nil: the default).
    var shownCursorName: String? {
        get { columnHeaderAccessibles.cursorName }
        set { columnHeaderAccessibles.cursorName = newValue }
    }

    /// Tab and Shift+Tab (no other modifier) move the cell focus of a table with columns
    /// (`handleCellFocusKey`); false lets GTK move the focus out of the table.
    func handleColumnKey(_ keyval: guint, _ state: GdkModifierType) -> Bool {
        guard let table = listView as? TableView, !table.tableColumns.isEmpty else { return false }
        let key = Int32(bitPattern: keyval)
        let others = GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SUPER_MASK.rawValue | GDK_META_MASK.rawValue
        guard state.rawValue & others == 0 else { return false }
        let shift = state.rawValue & GDK_SHIFT_MASK.rawValue != 0
        let focusKey: CellFocusKey
        switch key {
        case GDK_KEY_Tab, GDK_KEY_KP_Tab: focusKey = shift ? .previous : .next
        case GDK_KEY_ISO_Left_Tab: focusKey = .previous
        default: return false
        }
        let handled = table.handleCellFocusKey(focusKey)
        if handled { accessibleCursorMayHaveMoved() }
        return handled
    }

    /// Describes a column header's sort state to assistive technology: `ascending` is nil
    /// for a column that does not sort the rows (default "Sorted ascending" / "Sorted
    /// descending", nothing when unsorted; the app passes translated text).
    public var accessibleColumnHeaderDescription: @MainActor (_ ascending: Bool?) -> String? {
        get { columnHeaderAccessibles.describe }
        set {
            columnHeaderAccessibles.describe = newValue
            columnHeaderAccessibles.setNeedsUpdate()
        }
    }

    /// The column headers' accessible widgets (role COLUMN_HEADER), left to right, as of
    /// the last update.
    public var columnHeaderAccessibleWidgets: [UnsafeMutablePointer<GtkWidget>] {
        columnHeaderAccessibles.update()
        return columnHeaderAccessibles.widgets
    }
}

/// The column headers as assistive technology sees them: one COLUMN_HEADER proxy per
/// column (children of the view, first in reading order, at the header's place), named by
/// the title, with GTK's SORT property and a description saying the sort direction (4.8
/// does not export SORT to AT-SPI; the description is what a screen reader reads).
@MainActor
final class ColumnHeaderAccessibles {
    private unowned let listView: ListBase
    private let view: UnsafeMutablePointer<GtkWidget>
    private var proxies: [UnsafeMutablePointer<GtkWidget>] = []
    private var shown: [(label: String, description: String?, sort: GtkAccessibleSort, rect: Rect)] = []
    /// The cursor name the widget set (kept here: extensions cannot add stored properties).
    var cursorName: String?
    /// Describes a header's sort state ("Sorted ascending"; nil when it does not sort the rows).
    var describe: @MainActor (_ ascending: Bool?) -> String? = ColumnHeaderAccessibles.defaultDescription
    /// After a frame, above GTK's idle work; for changes between frames, below it (as
    /// `AccessibleRows`: not between an incremental filter's steps).
    private lazy var idle = DeferredCall(priority: G_PRIORITY_HIGH_IDLE + 30) { [weak self] in self?.runUpdate() }
    private lazy var quiet = DeferredCall(priority: G_PRIORITY_DEFAULT_IDLE + 10) { [weak self] in self?.runUpdate() }

    init(view listView: ListBase, widget view: UnsafeMutablePointer<GtkWidget>) {
        self.listView = listView
        self.view = view
    }

    /// "Sorted ascending" / "Sorted descending"; nil for a column that does not sort the rows.
    static func defaultDescription(_ ascending: Bool?) -> String? {
        ascending.map { $0 ? "Sorted ascending" : "Sorted descending" }
    }

    /// The header proxies' widgets, left to right (tests).
    var widgets: [UnsafeMutablePointer<GtkWidget>] { Array(proxies.prefix(shown.count)) }

    /// Updates when the main loop is otherwise idle or after the next frame.
    func setNeedsUpdate() { quiet.schedule() }

    /// A frame was drawn: update right after it.
    func frameDrawn() { idle.schedule() }

    func invalidate() { idle.cancel(); quiet.cancel(); proxies = []; shown = [] }

    private func runUpdate() {
        idle.cancel()
        quiet.cancel()
        update()
    }

    /// One proxy per column with the title, the sort state and the header's rect; the
    /// proxies first among the view's children (read before the rows).
    func update() {
        guard let table = listView as? TableView else { return }
        let columns = table.columnHeaderHeight > 0 ? table.tableColumns : []
        let first = table.sortDescriptors.first
        var changed = false
        for (k, column) in columns.enumerated() {
            if k == proxies.count {
                let proxy = Accessible.makeProxy(role: GTK_ACCESSIBLE_ROLE_COLUMN_HEADER)
                gtk_widget_set_parent(proxy, view)
                proxies.append(proxy)
            }
            let ascending = first.flatMap { column.sortKey == $0.key ? $0.ascending : nil }
            let sort = ascending.map { $0 ? GTK_ACCESSIBLE_SORT_ASCENDING : GTK_ACCESSIBLE_SORT_DESCENDING } ?? GTK_ACCESSIBLE_SORT_NONE
            let now = (label: column.title, description: describe(ascending), sort: sort, rect: table.rectForColumnHeader(k))
            let proxy = proxies[k]
            let old = k < shown.count ? shown[k] : nil
            if old == nil {
                gtk_widget_set_child_visible(proxy, 1)
                Accessible.setHidden(proxy, false)
            }
            if old?.label != now.label { Accessible.setLabel(proxy, now.label) }
            if old?.description != now.description || old == nil { Accessible.setDescription(proxy, now.description) }
            if old?.sort != now.sort { Self.setSort(proxy, now.sort) }
            if old?.rect != now.rect { changed = true }
            if k < shown.count { shown[k] = now } else { shown.append(now) }
        }
        while shown.count > columns.count {
            let proxy = proxies[shown.count - 1]
            gtk_widget_set_child_visible(proxy, 0)
            Accessible.setHidden(proxy, true)
            shown.removeLast()
        }
        // First among the children, in column order (the rows' proxies are arranged after).
        var previous: UnsafeMutablePointer<GtkWidget>?
        for proxy in proxies.prefix(shown.count) {
            if gtk_widget_get_prev_sibling(proxy) != previous || (previous == nil && gtk_widget_get_first_child(view) != proxy) {
                gtk_widget_insert_after(proxy, view, previous)
            }
            previous = proxy
        }
        if changed { gtk_widget_queue_allocate(view) }
    }

    /// Allocates the proxies at the headers' rects (viewport coordinates; from the view's
    /// size_allocate).
    func allocate() {
        for (k, item) in shown.enumerated() {
            let proxy = proxies[k]
            var minimum: Int32 = 0
            gtk_widget_measure(proxy, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, nil, nil, nil)
            gtk_widget_measure(proxy, GTK_ORIENTATION_VERTICAL, -1, &minimum, nil, nil, nil)
            var allocation = GtkAllocation(x: Int32(item.rect.minX.rounded()), y: Int32(item.rect.minY.rounded()),
                                           width: max(1, Int32(item.rect.width.rounded())), height: max(1, Int32(item.rect.height.rounded())))
            gtk_widget_size_allocate(proxy, &allocation, -1)
        }
    }

    /// `GTK_ACCESSIBLE_PROPERTY_SORT`. (Not `gtk_accessible_property_init_value`: 4.8
    /// initialises the token as its enum but reads it back with `g_value_get_int`, a critical,
    /// as for tristates in `Accessible.setChecked`.)
    private static func setSort(_ widget: UnsafeMutablePointer<GtkWidget>, _ sort: GtkAccessibleSort) {
        var value = GValue()
        g_value_init(&value, GObjectProperty.intType)
        defer { g_value_unset(&value) }
        g_value_set_int(&value, Int32(bitPattern: sort.rawValue))
        var property = GTK_ACCESSIBLE_PROPERTY_SORT
        gtk_accessible_update_property_value(widget.opaque, 1, &property, &value)
    }
}
