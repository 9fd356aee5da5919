import CGtk
@_spi(Interop) import PoolTableGtk

/// The peer: GTK's own `GtkListView` showing the same rows.
///
/// - The model is a minimal `GListModel` written here (`PoolTableBenchRows`, registered
///   with `g_type_register_static` and an interface init): `get_n_items` answers the row
///   count and `get_item` makes a `GtkStringObject` on demand ("Row N", or
///   "Row N\nsecond line" for every 7th row), so nothing is allocated per row up front.
/// - A `GtkSignalListItemFactory`: setup makes a horizontal `GtkBox` with a
///   `GtkCheckButton` and a `GtkLabel`; bind sets the label text and the check state;
///   setup and teardown are counted to know how many row widgets are alive.
/// - Wrapped in a `GtkNoSelection`, in a `GtkScrolledWindow`.
@MainActor
final class ListViewHost {
    let widget: UnsafeMutablePointer<GtkWidget>
    let listView: UnsafeMutablePointer<GtkWidget>
    private(set) var setups = 0
    private(set) var teardowns = 0
    private(set) var binds = 0
    /// The highest position bound since the last `resetHighestBound()`.
    private(set) var highestBound = -1
    func resetHighestBound() { highestBound = -1 }

    var alive: Int { setups - teardowns }

    init(rows: Int) {
        LazyRowModel.rowCount = UInt32(clamping: rows)
        let model = g_object_new_with_properties(LazyRowModel.type, 0, nil, nil)!
        let selection = gtk_no_selection_new(model.opaque)!   // takes the model
        let factory = gtk_signal_list_item_factory_new()!
        listView = gtk_list_view_new(selection.opaque, factory)   // takes both
        widget = gtk_scrolled_window_new()
        gtk_scrolled_window_set_policy(OpaquePointer(widget), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(OpaquePointer(widget), listView)
        gtk_widget_set_vexpand(widget, 1)

        let f = factory
        Signal.connectPointer(f, "setup") { [unowned self] item in
            guard let item else { return }
            self.setups += 1
            let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
            let check = gtk_check_button_new()!
            let label = gtk_label_new(nil)!
            gtk_label_set_xalign(OpaquePointer(label), 0)
            gtk_box_append(box.cast(to: GtkBox.self), check)
            gtk_box_append(box.cast(to: GtkBox.self), label)
            gtk_list_item_set_child(OpaquePointer(item), box)
        }
        Signal.connectPointer(f, "bind") { [unowned self] item in
            guard let item else { return }
            self.binds += 1
            let li = OpaquePointer(item)
            guard let box = gtk_list_item_get_child(li), let check = gtk_widget_get_first_child(box),
                  let label = gtk_widget_get_last_child(box), let object = gtk_list_item_get_item(li) else { return }
            gtk_label_set_text(OpaquePointer(label), gtk_string_object_get_string(OpaquePointer(object)))
            let position = Int(gtk_list_item_get_position(li))
            self.highestBound = max(self.highestBound, position)
            gtk_check_button_set_active(check.cast(to: GtkCheckButton.self), position % 5 == 0 ? 1 : 0)
        }
        Signal.connectPointer(f, "teardown") { [unowned self] _ in
            self.teardowns += 1
        }
    }

    var vadjustment: UnsafeMutablePointer<GtkAdjustment> {
        gtk_scrolled_window_get_vadjustment(OpaquePointer(widget))
    }
}

/// The text of row `n`, shared by both toolkits.
func rowText(_ n: Int) -> String {
    n % 7 == 0 ? "Row \(n)\nsecond line" : "Row \(n)"
}

/// `PoolTableBenchRows`: a GObject implementing `GListModel` over rows made on demand.
@MainActor
enum LazyRowModel {
    /// One model per process (the bench shows one list), so the count can live here.
    static var rowCount: UInt32 = 0
    static let type: GType = register()
    /// Items handed out (each a new `GtkStringObject` the caller owns).
    static var itemsMade = 0

    private static func register() -> GType {
        var query = GTypeQuery()
        g_type_query(g_object_get_type(), &query)
        var info = GTypeInfo()
        info.class_size = guint16(query.class_size)
        info.instance_size = guint16(query.instance_size)
        let type = g_type_register_static(g_object_get_type(), "PoolTableBenchRows", &info, GTypeFlags(rawValue: 0))
        var iface = GInterfaceInfo()
        iface.interface_init = { g_iface, _ in
            guard let g_iface else { return }
            let i = g_iface.assumingMemoryBound(to: GListModelInterface.self)
            i.pointee.get_item_type = { _ in gtk_string_object_get_type() }
            i.pointee.get_n_items = { _ in MainActor.assumeIsolated { LazyRowModel.rowCount } }
            i.pointee.get_item = { _, position in
                let text: String? = MainActor.assumeIsolated {
                    guard position < LazyRowModel.rowCount else { return nil }
                    LazyRowModel.itemsMade += 1
                    return rowText(Int(position))
                }
                return text.flatMap { gtk_string_object_new($0) }.map { UnsafeMutableRawPointer($0) }
            }
        }
        g_type_add_interface_static(type, g_list_model_get_type(), &iface)
        return type
    }
}
