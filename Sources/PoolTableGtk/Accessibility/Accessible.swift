import CGtk

/// Setting `GtkAccessible` properties and states from Swift.
///
/// C's `gtk_accessible_update_property` / `_state` are variadic, which Swift cannot call;
/// these go through the `*_value` variants with `GValue`s that
/// `gtk_accessible_*_init_value` initialises to the type GTK expects.
@MainActor
@_spi(Interop) public enum Accessible {
    /// `GTK_ACCESSIBLE_PROPERTY_LABEL`: the name a screen reader says. Nil resets it.
    public static func setLabel(_ widget: some GPointer, _ label: String?) {
        setString(widget, GTK_ACCESSIBLE_PROPERTY_LABEL, label)
    }

    /// `GTK_ACCESSIBLE_PROPERTY_DESCRIPTION`: said after the name. Nil resets it.
    public static func setDescription(_ widget: some GPointer, _ description: String?) {
        setString(widget, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description)
    }

    /// `GTK_ACCESSIBLE_PROPERTY_MULTI_SELECTABLE`.
    public static func setMultiSelectable(_ widget: some GPointer, _ on: Bool) {
        setIntegerProperty(widget, GTK_ACCESSIBLE_PROPERTY_MULTI_SELECTABLE, on ? 1 : 0)
    }

    /// `GTK_ACCESSIBLE_STATE_SELECTED`.
    public static func setSelected(_ widget: some GPointer, _ selected: Bool) {
        setBooleanState(widget, GTK_ACCESSIBLE_STATE_SELECTED, selected)
    }

    /// `GTK_ACCESSIBLE_STATE_HIDDEN`: a hidden widget leaves the AT-SPI tree (its parent
    /// announces the child removed) without the relayout `gtk_widget_set_visible` queues.
    public static func setHidden(_ widget: some GPointer, _ hidden: Bool) {
        setBooleanState(widget, GTK_ACCESSIBLE_STATE_HIDDEN, hidden)
    }

    /// `GTK_ACCESSIBLE_STATE_CHECKED`: true or false, or nil for "not checkable" (reset).
    public static func setChecked(_ widget: some GPointer, _ checked: Bool?) {
        guard let checked else {
            gtk_accessible_reset_state(widget.opaque, GTK_ACCESSIBLE_STATE_CHECKED)
            return
        }
        // Not `gtk_accessible_state_init_value`: GTK 4.8 initialises tristates as the
        // GtkAccessibleTristate enum but reads them back with g_value_get_int (a critical).
        var value = GValue()
        g_value_init(&value, GObjectProperty.intType)
        defer { g_value_unset(&value) }
        let tristate = checked ? GTK_ACCESSIBLE_TRISTATE_TRUE : GTK_ACCESSIBLE_TRISTATE_FALSE
        g_value_set_int(&value, Int32(bitPattern: tristate.rawValue))
        var state = GTK_ACCESSIBLE_STATE_CHECKED
        gtk_accessible_update_state_value(widget.opaque, 1, &state, &value)
    }

    /// `GTK_ACCESSIBLE_STATE_EXPANDED`: true or false, or nil for "not expandable" (reset).
    public static func setExpanded(_ widget: some GPointer, _ expanded: Bool?) {
        guard let expanded else { return gtk_accessible_reset_state(widget.opaque, GTK_ACCESSIBLE_STATE_EXPANDED) }
        setBooleanState(widget, GTK_ACCESSIBLE_STATE_EXPANDED, expanded)
    }

    /// `GTK_ACCESSIBLE_PROPERTY_LEVEL` (from 1), or nil to reset it.
    public static func setOutlineLevel(_ widget: some GPointer, _ level: Int?) {
        guard let level else { return gtk_accessible_reset_property(widget.opaque, GTK_ACCESSIBLE_PROPERTY_LEVEL) }
        setIntegerProperty(widget, GTK_ACCESSIBLE_PROPERTY_LEVEL, Int32(clamping: max(1, level)))
    }

    /// A new, floating, childless widget that exists only to be seen by assistive
    /// technology: a drawing area (draws nothing) with `role`, which pointer events pass
    /// through (`can-target` false) and which is not focusable until made so.
    public static func makeProxy(role: GtkAccessibleRole) -> UnsafeMutablePointer<GtkWidget> {
        var value = GValue()
        g_value_init(&value, gtk_accessible_role_get_type())
        defer { g_value_unset(&value) }
        g_value_set_enum(&value, Int32(bitPattern: role.rawValue))
        let widget = withUnsafePointer(to: &value) { valuePointer in
            "accessible-role".withCString { name in
                var names: [UnsafePointer<CChar>?] = [name]
                return g_object_new_with_properties(gtk_drawing_area_get_type(), 1, &names, valuePointer)!.widget
            }
        }
        gtk_widget_set_can_target(widget, 0)
        gtk_widget_set_focusable(widget, 0)
        gtk_widget_set_focus_on_click(widget, 0)
        return widget
    }

    // MARK: Private

    private static func setIntegerProperty(_ widget: some GPointer, _ property: GtkAccessibleProperty, _ n: Int32) {
        var value = GValue()
        gtk_accessible_property_init_value(property, &value)
        defer { g_value_unset(&value) }
        setInteger(&value, n)
        var property = property
        gtk_accessible_update_property_value(widget.opaque, 1, &property, &value)
    }

    private static func setBooleanState(_ widget: some GPointer, _ state: GtkAccessibleState, _ on: Bool) {
        var value = GValue()
        gtk_accessible_state_init_value(state, &value)
        defer { g_value_unset(&value) }
        setInteger(&value, on ? 1 : 0)
        var state = state
        gtk_accessible_update_state_value(widget.opaque, 1, &state, &value)
    }

    /// GTK initialises boolean attributes that may also be "undefined", and tristates, as
    /// `gint`s; plain booleans as `gboolean`; tokens as enums.
    private static func setInteger(_ value: inout GValue, _ n: Int32) {
        switch g_type_fundamental(value.g_type) {
        case GObjectProperty.booleanType: g_value_set_boolean(&value, n)
        case GObjectProperty.intType: g_value_set_int(&value, n)
        case g_type_from_name("guint"): g_value_set_uint(&value, guint(bitPattern: n))
        default: g_value_set_enum(&value, n)
        }
    }

    private static func setString(_ widget: some GPointer, _ property: GtkAccessibleProperty, _ text: String?) {
        guard let text else {
            gtk_accessible_reset_property(widget.opaque, property)
            return
        }
        var value = GValue()
        gtk_accessible_property_init_value(property, &value)
        defer { g_value_unset(&value) }
        g_value_set_string(&value, text)
        var property = property
        gtk_accessible_update_property_value(widget.opaque, 1, &property, &value)
    }
}
