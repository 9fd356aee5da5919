import CGtk
import PoolTable

/// The outline keys (GtkTreeExpander's bindings, GtkTreeView's Left/Right), translated to
/// `TableView.handleOutlineKey(_:)`. No outline logic lives here.
extension TableWidget {
    /// Handles a key that acts on the outline; nil when the key is not an outline key or
    /// the table did not take it (the caller then handles it as usual).
    func handleOutlineKey(_ keyval: guint, _ state: GdkModifierType) -> Bool? {
        guard let table = listView as? TableView, let key = Self.outlineKey(for: keyval, state) else { return nil }
        guard table.handleOutlineKey(key) else { return nil }
        accessibleCursorMayHaveMoved()
        return true
    }

    /// The outline key for a GDK keyval and modifiers (GTK 4's gtktreeexpander.c: +, KP_Add
    /// expand; −, KP_Subtract, /, KP_Divide collapse; Shift(+Ctrl)+Right/Left expand/collapse;
    /// Ctrl+Space toggles; * and KP_Multiply here expand everything below, as GtkTreeView's do).
    static func outlineKey(for keyval: guint, _ state: GdkModifierType) -> OutlineKey? {
        let shift = state.rawValue & GDK_SHIFT_MASK.rawValue != 0
        let control = state.rawValue & GDK_CONTROL_MASK.rawValue != 0
        let foreign = GDK_ALT_MASK.rawValue | GDK_SUPER_MASK.rawValue | GDK_META_MASK.rawValue
        guard state.rawValue & foreign == 0 else { return nil }
        switch Int32(bitPattern: keyval) {
        case GDK_KEY_Right, GDK_KEY_KP_Right: return shift ? .expand : (control ? nil : .right)
        case GDK_KEY_Left, GDK_KEY_KP_Left: return shift ? .collapse : (control ? nil : .left)
        case GDK_KEY_plus, GDK_KEY_KP_Add: return control ? nil : .expand
        case GDK_KEY_minus, GDK_KEY_KP_Subtract: return control ? nil : .collapse
        case GDK_KEY_slash, GDK_KEY_KP_Divide: return control || shift ? nil : .collapse
        case GDK_KEY_asterisk, GDK_KEY_KP_Multiply: return control ? nil : .expandAll
        case GDK_KEY_space, GDK_KEY_KP_Space: return control && !shift ? .toggle : nil
        default: return nil
        }
    }
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

extension Accessible {
    /// `GTK_ACCESSIBLE_STATE_EXPANDED`: true or false, or nil for "not expandable" (reset).
    public static func setExpanded(_ widget: some GPointer, _ expanded: Bool?) {
        guard let expanded else {
            gtk_accessible_reset_state(widget.opaque, GTK_ACCESSIBLE_STATE_EXPANDED)
            return
        }
        var value = GValue()
        gtk_accessible_state_init_value(GTK_ACCESSIBLE_STATE_EXPANDED, &value)
        defer { g_value_unset(&value) }
        switch g_type_fundamental(value.g_type) {
        case GObjectProperty.booleanType: g_value_set_boolean(&value, expanded ? 1 : 0)
        default: g_value_set_int(&value, expanded ? 1 : 0)
        }
        var state = GTK_ACCESSIBLE_STATE_EXPANDED
        gtk_accessible_update_state_value(widget.opaque, 1, &state, &value)
    }

    /// `GTK_ACCESSIBLE_PROPERTY_LEVEL` (from 1), or nil to reset it.
    public static func setOutlineLevel(_ widget: some GPointer, _ level: Int?) {
        guard let level else {
            gtk_accessible_reset_property(widget.opaque, GTK_ACCESSIBLE_PROPERTY_LEVEL)
            return
        }
        var value = GValue()
        gtk_accessible_property_init_value(GTK_ACCESSIBLE_PROPERTY_LEVEL, &value)
        defer { g_value_unset(&value) }
        switch g_type_fundamental(value.g_type) {
        case g_type_from_name("guint"): g_value_set_uint(&value, guint(max(1, level)))
        default: g_value_set_int(&value, Int32(clamping: max(1, level)))
        }
        var property = GTK_ACCESSIBLE_PROPERTY_LEVEL
        gtk_accessible_update_property_value(widget.opaque, 1, &property, &value)
    }
}
