import CGtk
import PoolTable
import PoolTableDemoKit
@_spi(Interop) import PoolTableGtk

/// Dragging files out of the Files screen to other applications, as a file manager's list
/// does: `text/uri-list` (RFC 2483: `file://` URIs, one per line, CRLF) of the row under the
/// pointer, or of every selected row when that row is selected. Outside edit mode only: in
/// edit mode a drag across rows selects them, as before.
///
/// Not a `GtkDragSource`: the table's own drag gesture claims a mouse press at once (it
/// selects and drag-selects), which denies every other gesture on the widget. So a
/// `GtkEventControllerLegacy` in the capture phase watches the primary button's press and
/// motion (it lets every event through, and is no gesture to deny) and starts the drag
/// itself with `gdk_drag_begin` (what GtkDragSource calls) once the pointer has moved past
/// GTK's drag threshold, ending the table's press (`pointerCancelled`).
@MainActor
final class FileDragSource {
    private let controller: FilesController
    private weak var widget: TableWidget?
    private let watcher: OpaquePointer
    private var start: Point?
    /// The drag under way (+1 reference until it finishes or is cancelled).
    private var drag: OpaquePointer?
    /// Drags begun, and the `text/uri-list` the last one offered (tests, the trace).
    private(set) var dragsBegun = 0
    private(set) var lastOffered: String?

    /// Watches `widget`'s drawing area for drags that leave with files.
    init(widget: TableWidget, controller: FilesController) {
        self.controller = controller
        self.widget = widget
        watcher = gtk_event_controller_legacy_new()!
        gtk_event_controller_set_propagation_phase(watcher, GTK_PHASE_CAPTURE)
        Signal.connectPointerReturningInt(watcher, "event") { [weak self] event in
            if let self, let event { self.saw(OpaquePointer(event)) }
            return 0   // always on to the table
        }
        gtk_widget_add_controller(widget.drawingArea, watcher)
    }

    isolated deinit {
        if let drag { g_object_unref(drag.rawPointer) }
    }

    /// The files a drag starting at `point` (the drawing area's coordinates) carries: the row
    /// there, or all the selected rows when it is one of them; none in edit mode, on a header,
    /// on a spinner or error row.
    func paths(at point: Point) -> [String] {
        guard let table = widget?.tableView, !table.isEditing, let ip = table.indexPath(atViewportPoint: point),
              controller.node(at: ip) != nil else { return [] }
        let rows = table.isRowSelected(at: ip) ? (table.indexPathsForSelectedRows ?? [ip]) : [ip]
        return rows.compactMap { controller.node(at: $0) }.map(controller.tree.path(of:))
    }

    /// `paths` as `text/uri-list`.
    static func uriList(_ paths: [String]) -> String {
        paths.compactMap { path -> String? in
            guard let uri = g_filename_to_uri(path, nil, nil) else { return nil }
            defer { g_free(uri) }
            return String(cString: uri)
        }.map { $0 + "\r\n" }.joined()
    }

    /// A press of the primary button starts watching; motion with it held past the threshold
    /// starts the drag; a release stops watching.
    private func saw(_ event: OpaquePointer) {
        guard let area = widget?.drawingArea else { return }
        switch gdk_event_get_event_type(event) {
        case GDK_BUTTON_PRESS where gdk_button_event_get_button(event) == guint(GDK_BUTTON_PRIMARY):
            start = position(of: event, in: area)
        case GDK_MOTION_NOTIFY:
            guard let start, gdk_event_get_modifier_state(event).rawValue & GDK_BUTTON1_MASK.rawValue != 0,
                  let p = position(of: event, in: area) else { return }
            moved(from: start, to: p)
        case GDK_BUTTON_RELEASE:
            start = nil
        default: break
        }
    }

    /// The event's position in `area`'s coordinates (events come in the surface's).
    private func position(of event: OpaquePointer, in area: UnsafeMutablePointer<GtkWidget>) -> Point? {
        guard let native = gtk_widget_get_native(area) else { return nil }
        var ex = 0.0, ey = 0.0, sx = 0.0, sy = 0.0, x = 0.0, y = 0.0
        guard gdk_event_get_position(event, &ex, &ey) != 0 else { return nil }
        gtk_native_get_surface_transform(native, &sx, &sy)
        guard gtk_widget_translate_coordinates(native.cast(to: GtkWidget.self), area, ex - sx, ey - sy, &x, &y) != 0 else { return nil }
        return Point(x: x, y: y)
    }

    private func moved(from start: Point, to p: Point) {
        guard drag == nil, let widget else { return }
        let area = widget.drawingArea
        guard gtk_drag_check_threshold(area, Int32(start.x), Int32(start.y), Int32(p.x), Int32(p.y)) != 0 else { return }
        self.start = nil
        let paths = paths(at: start)
        guard !paths.isEmpty,
              let native = gtk_widget_get_native(area), let surface = gtk_native_get_surface(native),
              let device = gtk_event_controller_get_current_event_device(watcher) else { return }
        // The start point in the surface's coordinates, as GtkDragSource passes it.
        var x = 0.0, y = 0.0, sx = 0.0, sy = 0.0
        _ = gtk_widget_translate_coordinates(area, native.cast(to: GtkWidget.self), start.x, start.y, &x, &y)
        gtk_native_get_surface_transform(native, &sx, &sy)
        let list = Self.uriList(paths)
        let bytes = list.withCString { g_bytes_new($0, gsize(strlen($0))) }
        let content = gdk_content_provider_new_for_bytes("text/uri-list", bytes)
        g_bytes_unref(bytes)
        defer { if let content { g_object_unref(content) } }
        guard let made = gdk_drag_begin(surface, device, content, GDK_ACTION_COPY, x + sx, y + sy) else { return }
        widget.tableView.pointerCancelled()   // the press became a drag: no selection, no click
        drag = made
        dragsBegun += 1
        lastOffered = list
        // The icon: the first file's name (and how many more), as a label under the pointer.
        let names = paths.map { String($0.split(separator: "/").last ?? "") }
        let label = gtk_label_new(names.count == 1 ? names[0] : "\(names[0]) (+\(formatted(names.count - 1)))")!
        gtk_drag_icon_set_child(OpaquePointer(gtk_drag_icon_get_for_drag(made)), label)
        for signal in ["dnd-finished", "cancel"] {
            Signal.connectPointer(made, signal) { [weak self] _ in self?.finished() }
        }
    }

    private func finished() {
        guard let drag else { return }
        self.drag = nil
        g_object_unref(drag.rawPointer)
    }
}
