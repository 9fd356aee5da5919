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
