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
/// - Wrapped in a `GtkNoSelection` (`frames`: a `GtkMultiSelection`), in a `GtkScrolledWindow`.
/// - `frames`: the first `liveRows` rows also show a `GtkProgressBar`, which `tickLiveRows()`
///   advances on the rows bound now (PoolTable's ticking download bars).
@MainActor
final class ListViewHost {
    let widget: UnsafeMutablePointer<GtkWidget>
    let listView: UnsafeMutablePointer<GtkWidget>
    /// The `GListModel` (not owned: the selection model holds it).
    let model: UnsafeMutablePointer<GObject>
    /// The selection model (`GtkSelectionModel *`, owned by the list view).
    let selection: OpaquePointer
    /// Rows 0..<liveRows show a progress bar.
    let liveRows: Int
    private(set) var progress: [Double]
    /// The list item bound to each live row's position, and its bar.
    private var boundLive: [Int: (item: OpaquePointer, bar: UnsafeMutablePointer<GtkWidget>)] = [:]
    private(set) var setups = 0
    private(set) var teardowns = 0
    private(set) var binds = 0
    /// The highest position bound since the last `resetHighestBound()`.
    private(set) var highestBound = -1
    func resetHighestBound() { highestBound = -1 }

    var alive: Int { setups - teardowns }

    init(rows: Int, multiSelection: Bool = false, liveRows: Int = 0) {
        LazyRowModel.rowCount = UInt32(clamping: rows)
        let model = g_object_new_with_properties(LazyRowModel.type, 0, nil, nil)!
        self.model = model
        self.liveRows = liveRows
        progress = (0..<liveRows).map { Double($0) / Double(max(1, liveRows)) / 2 }
        let selection: OpaquePointer = multiSelection ? gtk_multi_selection_new(model.opaque)!
                                                      : gtk_no_selection_new(model.opaque)!   // takes the model
        self.selection = selection
        let factory = gtk_signal_list_item_factory_new()!
        listView = gtk_list_view_new(selection, factory)   // takes both
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
            if self.liveRows > 0 {
                gtk_widget_set_hexpand(label, 1)
                let bar = gtk_progress_bar_new()!
                gtk_widget_set_size_request(bar, 200, -1)
                gtk_widget_set_valign(bar, GTK_ALIGN_CENTER)
                gtk_widget_set_margin_end(bar, 20)
                gtk_box_append(box.cast(to: GtkBox.self), bar)
            }
            gtk_list_item_set_child(OpaquePointer(item), box)
        }
        Signal.connectPointer(f, "bind") { [unowned self] item in
            guard let item else { return }
            self.binds += 1
            let li = OpaquePointer(item)
            guard let box = gtk_list_item_get_child(li), let check = gtk_widget_get_first_child(box),
                  let label = gtk_widget_get_next_sibling(check), let object = gtk_list_item_get_item(li) else { return }
            gtk_label_set_text(OpaquePointer(label), gtk_string_object_get_string(OpaquePointer(object)))
            let position = Int(gtk_list_item_get_position(li))
            self.highestBound = max(self.highestBound, position)
            gtk_check_button_set_active(check.cast(to: GtkCheckButton.self), position % 5 == 0 ? 1 : 0)
            if self.liveRows > 0, let bar = gtk_widget_get_last_child(box) {
                let live = position < self.liveRows
                gtk_widget_set_visible(bar, live ? 1 : 0)
                if live {
                    gtk_progress_bar_set_fraction(OpaquePointer(bar), self.progress[position])
                    self.boundLive[position] = (li, bar)
                }
            }
        }
        Signal.connectPointer(f, "teardown") { [unowned self] item in
            self.teardowns += 1
            if let item { self.boundLive = self.boundLive.filter { $0.value.item != OpaquePointer(item) } }
        }
    }

    var vadjustment: UnsafeMutablePointer<GtkAdjustment> {
        gtk_scrolled_window_get_vadjustment(OpaquePointer(widget))
    }

    /// Advances every live row's progress and sets it on the bars of the rows bound now.
    func tickLiveRows() {
        for i in progress.indices {
            progress[i] += 0.01
            if progress[i] >= 1 { progress[i] = 0 }
        }
        for (position, bound) in boundLive where Int(gtk_list_item_get_position(bound.item)) == position {
            gtk_progress_bar_set_fraction(OpaquePointer(bound.bar), progress[position])
        }
    }

    /// Adds `count` rows at `position` (a model splice: `items-changed`).
    func insertRows(at position: Int, count: Int) {
        LazyRowModel.rowCount += UInt32(count)
        g_list_model_items_changed(OpaquePointer(model), guint(position), 0, guint(count))
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
