import CGtk
@_spi(Interop) import PoolTableGtk

/// Small builders for the screens' header-bar controls.
@MainActor
enum HeaderWidgets {
    /// A button with a mnemonic label ("_Start All" → Alt+S) and a tooltip.
    static func button(_ mnemonic: String, tooltip: String, cssClass: String? = nil,
                       _ clicked: (@MainActor () -> Void)? = nil) -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_button_new_with_mnemonic(mnemonic)!
        gtk_widget_set_tooltip_text(button, tooltip)
        if let cssClass { gtk_widget_add_css_class(button, cssClass) }
        if let clicked { Signal.connect(button, "clicked") { clicked() } }
        return button
    }

    /// A label and a switch in a box; the label's mnemonic toggles the switch. `toggled`
    /// gets the new state. Returns the box (to pack) and the switch.
    static func labeledSwitch(_ mnemonic: String, active: Bool, tooltip: String,
                              _ toggled: @escaping @MainActor (Bool) -> Void)
        -> (box: UnsafeMutablePointer<GtkWidget>, toggle: UnsafeMutablePointer<GtkWidget>) {
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        let label = gtk_label_new_with_mnemonic(mnemonic)!
        let toggle = gtk_switch_new()!
        gtk_switch_set_active(toggle.opaque, active.gboolean)
        gtk_widget_set_valign(toggle, GTK_ALIGN_CENTER)
        gtk_label_set_mnemonic_widget(label.opaque, toggle)
        gtk_box_append(box.cast(to: GtkBox.self), label)
        gtk_box_append(box.cast(to: GtkBox.self), toggle)
        gtk_widget_set_tooltip_text(box, tooltip)
        Signal.connectPointer(toggle, "notify::active") { _ in toggled(gtk_switch_get_active(toggle.opaque) != 0) }
        return (box, toggle)
    }
}
