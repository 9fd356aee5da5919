import CGtk

/// `PoolTableListItem`: what `PoolTableListView`'s `setup`, `bind`, `unbind` and `teardown`
/// signals hand their handlers, as `GtkSignalListItemFactory` hands a `GtkListItem`: one
/// per cell, kept for the cell's life. Read `item` and `position` in `bind`; write `text`
/// and `detail-text`, which the cell shows.
///
/// | property | type | |
/// |---|---|---|
/// | `item` | `GObject` | the model's item while bound, else NULL (read-only) |
/// | `position` | `guint` | the item's row while bound (read-only) |
/// | `text` | string | the row's title |
/// | `detail-text` | string | the row's second line |
@MainActor
public enum PoolTableListItem {
    /// The registered `GType` (registered on first use).
    public static let type: GType = register()

    /// The item a bound list item shows (not referenced for the caller), or nil.
    public static func item(of listItem: some GPointer) -> OpaquePointer? { state(of: listItem).item }
    /// The row a bound list item shows.
    public static func position(of listItem: some GPointer) -> Int { Int(state(of: listItem).position) }
    /// The title the cell shows.
    public static func text(of listItem: some GPointer) -> String? { state(of: listItem).text }
    /// Sets the title the cell shows (the `text` property, with its `notify`).
    public static func setText(_ text: String?, of listItem: some GPointer) {
        var value = GValue()
        g_value_init(&value, GObjectProperty.stringType)
        defer { g_value_unset(&value) }
        g_value_set_string(&value, text)
        g_object_set_property(listItem.object, "text", &value)
    }

    /// A new list item (+1).
    static func make() -> OpaquePointer {
        OpaquePointer(g_object_new_with_properties(type, 0, nil, nil)!)
    }

    /// What an instance holds.
    final class State {
        var item: OpaquePointer?
        var position: UInt32 = 0
        var text: String?
        var detailText: String?
    }

    /// The state attached to an instance (created on first access).
    static func state(of instance: some GPointer) -> State {
        let object = instance.object
        if let p = g_object_get_qdata(object, quark) { return Unmanaged<State>.fromOpaque(p).takeUnretainedValue() }
        let state = State()
        g_object_set_qdata_full(object, quark, Unmanaged.passRetained(state).toOpaque(), releaseBox)
        return state
    }

    /// Points the list item at `item` (nil: unbound) and `position`, notifying both.
    static func setItem(_ item: OpaquePointer?, position: Int, of listItem: some GPointer) {
        let state = state(of: listItem)
        state.item = item
        state.position = UInt32(clamping: position)
        g_object_notify(listItem.object, "item")
        g_object_notify(listItem.object, "position")
    }

    // MARK: Registration

    private static let quark = g_quark_from_string("pooltable-list-item-state")

    private enum Property: guint {
        case item = 1, position, text, detailText
    }

    private static func register() -> GType {
        var info = GTypeInfo()
        info.class_size = guint16(MemoryLayout<GObjectClass>.size)
        info.instance_size = guint16(MemoryLayout<GObject>.size)
        info.class_init = { klass, _ in
            let objectClass = klass!.assumingMemoryBound(to: GObjectClass.self)
            objectClass.pointee.get_property = { object, id, value, _ in
                guard let object, let value, let property = Property(rawValue: id) else { return }
                nonisolated(unsafe) let o = object, v = value
                MainActor.assumeIsolated {
                    let state = PoolTableListItem.state(of: o)
                    switch property {
                    case .item: g_value_set_object(v, state.item.map { UnsafeMutableRawPointer($0) })
                    case .position: g_value_set_uint(v, state.position)
                    case .text: g_value_set_string(v, state.text)
                    case .detailText: g_value_set_string(v, state.detailText)
                    }
                }
            }
            objectClass.pointee.set_property = { object, id, value, _ in
                guard let object, let value, let property = Property(rawValue: id) else { return }
                nonisolated(unsafe) let o = object, v = value
                MainActor.assumeIsolated {
                    let state = PoolTableListItem.state(of: o)
                    let string = g_value_get_string(v).map { String(cString: $0) }
                    switch property {
                    case .text: state.text = string
                    case .detailText: state.detailText = string
                    case .item, .position: break
                    }
                }
            }
            let readable = G_PARAM_READABLE.rawValue   // not STATIC_STRINGS: Swift strings are temporary
            let readWrite = readable | G_PARAM_WRITABLE.rawValue
            g_object_class_install_property(objectClass, Property.item.rawValue,
                g_param_spec_object("item", "Item", "The model's item while bound", g_type_from_name("GObject"), GParamFlags(rawValue: readable)))
            g_object_class_install_property(objectClass, Property.position.rawValue,
                g_param_spec_uint("position", "Position", "The item's row while bound", 0, guint.max, 0, GParamFlags(rawValue: readable)))
            g_object_class_install_property(objectClass, Property.text.rawValue,
                g_param_spec_string("text", "Text", "The row's title", nil, GParamFlags(rawValue: readWrite)))
            g_object_class_install_property(objectClass, Property.detailText.rawValue,
                g_param_spec_string("detail-text", "Detail text", "The row's second line", nil, GParamFlags(rawValue: readWrite)))
        }
        return g_type_register_static(g_type_from_name("GObject"), "PoolTableListItem", &info, GTypeFlags(rawValue: 0))
    }
}
