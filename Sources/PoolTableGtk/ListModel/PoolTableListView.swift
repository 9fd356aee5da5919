import CGtk
import PoolTable

/// `PoolTableListView`: a PoolTable list as a GTK widget a `.ui` file can name, fed like
/// `GtkListView`: set `model` to a `GListModel` (a `GtkSelectionModel` shares its selection
/// too), and fill rows from the `setup` / `bind` / `unbind` / `teardown` signals, which
/// hand over a `PoolTableListItem` as `GtkSignalListItemFactory`'s hand a `GtkListItem`.
/// Without a `bind` handler a row shows a `GtkStringObject`'s string (a `GtkStringList`).
/// The boolean property `animates-changes` (default false: changes apply at once, as in
/// GtkListView) animates the model's changes (`ListModelDataSource.animatesChanges`).
///
/// ```xml
/// <object class="PoolTableListView" id="list">
///   <property name="model">
///     <object class="GtkSingleSelection">
///       <property name="model">
///         <object class="GtkStringList"><items><item>Apples</item></items></object>
///       </property>
///     </object>
///   </property>
/// </object>
/// ```
/// Register the type before GtkBuilder reads the file: `PoolTableListView.ensureType()`.
/// From Swift, `PoolTableListView.make(model:)` builds one, and `tableWidget(of:)` reaches
/// the `TableWidget` (and through it the engine's `TableView`) inside.
@MainActor
public enum PoolTableListView {
    /// The registered `GType` (registered on first use).
    public static let type: GType = register()

    /// Registers the type (and `PoolTableListItem`) so GtkBuilder finds them by name.
    public static func ensureType() {
        g_type_ensure(type)
        g_type_ensure(PoolTableListItem.type)
    }

    /// A new, floating widget showing `model` (a `GListModel *` or `GtkSelectionModel *`).
    public static func make(model: OpaquePointer? = nil) -> UnsafeMutablePointer<GtkWidget> {
        let widget = g_object_new_with_properties(type, 0, nil, nil)!.widget
        if let model { state(of: widget).setModel(model) }
        return widget
    }

    /// The `TableWidget` inside a `PoolTableListView` (nil for other widgets).
    public static func tableWidget(of widget: some GPointer) -> TableWidget? {
        widget.isA(type) ? state(of: widget).table : nil
    }

    /// The data source feeding it (nil for other widgets).
    public static func dataSource(of widget: some GPointer) -> ListModelDataSource? {
        widget.isA(type) ? state(of: widget).source : nil
    }

    // MARK: State

    static func state(of instance: some GPointer) -> ListViewState {
        let object = instance.object
        if let p = g_object_get_qdata(object, quark) { return Unmanaged<ListViewState>.fromOpaque(p).takeUnretainedValue() }
        let state = ListViewState(widget: instance.widget)
        g_object_set_qdata_full(object, quark, Unmanaged.passRetained(state).toOpaque(), releaseBox)
        return state
    }

    private static let quark = g_quark_from_string("pooltable-list-view-state")

    // MARK: Registration

    /// The four factory signals, as `GtkSignalListItemFactory` names them.
    enum Factory: Int, CaseIterable {
        case setup, bind, unbind, teardown
        var name: String { "\(self)" }
    }

    /// The GObject properties' ids.
    private enum Property: guint {
        case model = 1, animatesChanges
    }

    private static func register() -> GType {
        let listItemType = PoolTableListItem.type
        let parent = gtk_widget_get_type()
        var query = GTypeQuery()
        g_type_query(parent, &query)
        var info = GTypeInfo()
        info.class_size = guint16(query.class_size)
        info.instance_size = guint16(query.instance_size)
        info.class_init = { klass, _ in
            guard let klass else { return }
            ListViewParentClass.pointer = g_type_class_peek_parent(klass)
            let objectClass = klass.assumingMemoryBound(to: GObjectClass.self)
            objectClass.pointee.set_property = { object, id, value, _ in
                guard let object, let value, let property = Property(rawValue: id) else { return }
                nonisolated(unsafe) let o = object, v = value
                MainActor.assumeIsolated {
                    let state = PoolTableListView.state(of: o)
                    switch property {
                    case .model: state.setModel(g_value_get_object(v).map(OpaquePointer.init))
                    case .animatesChanges: state.setAnimatesChanges(g_value_get_boolean(v) != 0)
                    }
                }
            }
            objectClass.pointee.get_property = { object, id, value, _ in
                guard let object, let value, let property = Property(rawValue: id) else { return }
                nonisolated(unsafe) let o = object, v = value
                MainActor.assumeIsolated {
                    let state = PoolTableListView.state(of: o)
                    switch property {
                    case .model: g_value_set_object(v, state.userModel.map { UnsafeMutableRawPointer($0) })
                    case .animatesChanges: g_value_set_boolean(v, state.source.animatesChanges.gboolean)
                    }
                }
            }
            objectClass.pointee.dispose = { object in
                guard let object else { return }
                nonisolated(unsafe) let o = object
                MainActor.assumeIsolated {
                    if let p = g_object_get_qdata(o, PoolTableListView.quark) {
                        Unmanaged<ListViewState>.fromOpaque(p).takeUnretainedValue().dispose()
                    }
                }
                while let child = gtk_widget_get_first_child(object.widget) { gtk_widget_unparent(child) }
                ListViewParentClass.pointer?.assumingMemoryBound(to: GObjectClass.self).pointee.dispose?(object)
            }
            g_object_class_install_property(objectClass, Property.model.rawValue, g_param_spec_object(
                "model", "Model", "The GListModel shown (a GtkSelectionModel shares its selection)",
                g_list_model_get_type(), GParamFlags(rawValue: G_PARAM_READWRITE.rawValue)))
            g_object_class_install_property(objectClass, Property.animatesChanges.rawValue, g_param_spec_boolean(
                "animates-changes", "Animates changes",
                "Whether the model's changes animate (rows glide and fade); false applies them at once, as GtkListView does",
                0, GParamFlags(rawValue: G_PARAM_READWRITE.rawValue | G_PARAM_EXPLICIT_NOTIFY.rawValue)))
            let widgetClass = klass.assumingMemoryBound(to: GtkWidgetClass.self)
            gtk_widget_class_set_layout_manager_type(widgetClass, gtk_bin_layout_get_type())
            var parameter = [PoolTableListItem.typeForSignals]
            ListViewSignals.ids = Factory.allCases.map { signal in
                g_signal_newv(signal.name, g_type_from_name("PoolTableListView"), G_SIGNAL_RUN_LAST,
                              nil, nil, nil, nil, g_type_from_name("void"), 1, &parameter)
            }
        }
        info.instance_init = { instance, _ in
            guard let instance else { return }
            nonisolated(unsafe) let i = instance
            MainActor.assumeIsolated { _ = PoolTableListView.state(of: UnsafeMutableRawPointer(i)) }
        }
        PoolTableListItem.typeForSignals = listItemType
        return g_type_register_static(parent, "PoolTableListView", &info, GTypeFlags(rawValue: 0))
    }
}

/// The parent class (`GtkWidgetClass`) for chaining up, set once in class_init.
private enum ListViewParentClass {
    nonisolated(unsafe) static var pointer: gpointer?
}

/// The factory signals' ids (set in class_init, read on the main thread).
enum ListViewSignals {
    nonisolated(unsafe) static var ids: [guint] = []
}

extension PoolTableListItem {
    /// The list item's type as class_init (not on the main actor) reads it.
    nonisolated(unsafe) static var typeForSignals: GType = 0
}

/// What a `PoolTableListView` instance holds: the `TableWidget` (its only child), the data
/// source, and one `PoolTableListItem` per cell.
@MainActor
final class ListViewState {
    let table: TableWidget
    let source: ListModelDataSource
    /// The model set through the property (referenced by `source` while shown), or nil.
    private(set) var userModel: OpaquePointer?
    /// The widget (not referenced: this state lives in its qdata and goes with it).
    private let widget: UnsafeMutablePointer<GtkWidget>
    /// One list item per cell (+1 each), by cell.
    private var listItems: [ObjectIdentifier: OpaquePointer] = [:]
    private let empty: OpaquePointer

    init(widget: UnsafeMutablePointer<GtkWidget>) {
        self.widget = widget
        empty = g_list_store_new(g_type_from_name("GObject"))
        table = TableWidget()
        source = ListModelDataSource(model: empty)
        gtk_widget_set_parent(table.widget, widget)
        table.tableView.register({ [weak self] identifier in
            let cell = TableViewCell(reuseIdentifier: identifier)
            self?.setUp(cell)
            return cell
        }, forCellReuseIdentifier: source.cellIdentifier)
        source.bind = { [weak self] cell, item, indexPath in self?.bind(cell, item, indexPath) }
        source.unbind = { [weak self] cell, _, _ in self?.unbind(cell) }
        source.attach(to: table.tableView)
    }

    /// A new model (a `GtkSelectionModel` is also the selection); nil shows nothing.
    func setModel(_ model: OpaquePointer?) {
        guard model != userModel else { return }
        userModel = model
        let shown = model ?? empty
        let isSelection = g_type_check_instance_is_a(shown.rawPointer.assumingMemoryBound(to: GTypeInstance.self),
                                                     gtk_selection_model_get_type()) != 0
        if !isSelection { source.selectionModel = nil }
        source.model = shown
        if isSelection { source.selectionModel = shown }
        g_object_notify(widget.object, "model")
    }

    /// The `animates-changes` property (notified when it changes).
    func setAnimatesChanges(_ animates: Bool) {
        guard animates != source.animatesChanges else { return }
        source.animatesChanges = animates
        g_object_notify(widget.object, "animates-changes")
    }

    private func emit(_ signal: PoolTableListView.Factory, _ listItem: OpaquePointer) {
        var values = [GValue(), GValue()]
        g_value_init(&values[0], PoolTableListView.type)
        g_value_set_object(&values[0], UnsafeMutableRawPointer(widget))
        g_value_init(&values[1], PoolTableListItem.type)
        g_value_set_object(&values[1], UnsafeMutableRawPointer(listItem))
        g_signal_emitv(&values, ListViewSignals.ids[signal.rawValue], 0, nil)
        g_value_unset(&values[0])
        g_value_unset(&values[1])
    }

    private func hasHandler(_ signal: PoolTableListView.Factory) -> Bool {
        g_signal_has_handler_pending(widget.rawPointer, ListViewSignals.ids[signal.rawValue], 0, 0) != 0
    }

    private func setUp(_ cell: TableViewCell) {
        let listItem = PoolTableListItem.make()
        listItems[ObjectIdentifier(cell)] = listItem
        emit(.setup, listItem)
    }

    private func bind(_ cell: ReusableCell, _ item: OpaquePointer, _ indexPath: IndexPath) {
        guard let cell = cell as? TableViewCell, let listItem = listItems[ObjectIdentifier(cell)] else { return }
        PoolTableListItem.setItem(item, position: indexPath.row, of: listItem)
        let state = PoolTableListItem.state(of: listItem)
        if hasHandler(.bind) {
            emit(.bind, listItem)
        } else {
            state.text = ListModelDataSource.string(of: item)
        }
        cell.text = state.text
        cell.detailText = state.detailText
    }

    private func unbind(_ cell: ReusableCell) {
        guard let listItem = listItems[ObjectIdentifier(cell)] else { return }
        emit(.unbind, listItem)
        PoolTableListItem.setItem(nil, position: 0, of: listItem)
    }

    /// The widget is going: tear every list item down and drop the model.
    func dispose() {
        source.unbindAll()
        for listItem in listItems.values {
            emit(.teardown, listItem)
            g_object_unref(listItem.rawPointer)
        }
        listItems = [:]
        if userModel != nil { setModel(nil) }
    }

    isolated deinit {
        for listItem in listItems.values { g_object_unref(listItem.rawPointer) }
        g_object_unref(empty.rawPointer)
    }
}
