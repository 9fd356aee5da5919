import CGtk
@_spi(Interop) import PoolTableGtk

/// Names for controls whose default accessible name is their class ("GtkMenuButton").
@MainActor
enum AccessibleName {
    /// Sets `name` as the accessible label of `widget` and, for composite controls whose
    /// focusable part is an inner button (GtkMenuButton's and GtkDropDown's toggle button
    /// in GTK 4.8), of that button too: the button is what a screen reader lands on. Not for
    /// GtkMenuButton, whose inner button GTK 4.8 labels by the menu button already
    /// (gtkmenubutton.c, LABELLED_BY): a label of its own too was heard "Main Menu Main Menu".
    static func set(_ widget: some GPointer, _ name: String) {
        Accessible.setLabel(widget, name)
        if !widget.widget.isA(gtk_menu_button_get_type()),
           let inner = gtk_widget_get_first_child(widget.widget), inner.isA(gtk_button_get_type()) {
            Accessible.setLabel(inner, name)
        }
    }
}
