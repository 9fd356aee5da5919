import CGtk
@_spi(Interop) import PoolTableGtk

/// The peer of `pooltable-bench columns`: GTK's `tests/testdatatable.c` as GTK 4.8 ships it,
/// with labels (its `--widget label`).
///
/// - The model: a `GtkStringList` of `rows` items, item N holding "N" (testdatatable's
///   `DataTableItem` holds the int N in a `GListStore`), in a `GtkNoSelection`.
/// - A `GtkColumnView` with row and column separators and the `data-table` style class, and
///   `columns` `GtkColumnViewColumn`s titled "A", "B", …; each has its own
///   `GtkSignalListItemFactory`: setup makes a `GtkLabel`, bind sets it to the column's
///   letter and the item's number ("C42"), as testdatatable's `bind` does.
/// - In a `GtkScrolledWindow`, as there.
@MainActor
final class ColumnViewHost: BenchChildHost {
    let widget: UnsafeMutablePointer<GtkWidget>
    let columnView: UnsafeMutablePointer<GtkWidget>
    private(set) var setups = 0
    private(set) var teardowns = 0
    private(set) var binds = 0
    var notes: [String] = []

    var tableWidget: TableWidget? { nil }
    var alive: Int { setups - teardowns }
    var created: Int { setups }

    init(rows: Int, columns: Int) {
        let list = gtk_string_list_new(nil)!
        for n in 0..<rows { gtk_string_list_append(list, "\(n)") }
        let selection = gtk_no_selection_new(list)!   // takes the model
        columnView = gtk_column_view_new(selection)                   // takes the selection
        gtk_column_view_set_show_column_separators(OpaquePointer(columnView), 1)
        gtk_column_view_set_show_row_separators(OpaquePointer(columnView), 1)
        gtk_widget_add_css_class(columnView, "data-table")
        widget = gtk_scrolled_window_new()
        gtk_scrolled_window_set_child(OpaquePointer(widget), columnView)
        gtk_widget_set_vexpand(widget, 1)
        for k in 0..<columns {
            let name = dataTableColumnName(k)
            let factory = gtk_signal_list_item_factory_new()!
            Signal.connectPointer(factory, "setup") { [unowned self] item in
                guard let item else { return }
                self.setups += 1
                gtk_list_item_set_child(OpaquePointer(item), gtk_label_new(""))
            }
            Signal.connectPointer(factory, "bind") { [unowned self] item in
                guard let item else { return }
                self.binds += 1
                let li = OpaquePointer(item)
                guard let label = gtk_list_item_get_child(li), let object = gtk_list_item_get_item(li),
                      let number = gtk_string_object_get_string(OpaquePointer(object)) else { return }
                gtk_label_set_label(OpaquePointer(label), name + String(cString: number))
            }
            Signal.connectPointer(factory, "teardown") { [unowned self] _ in self.teardowns += 1 }
            let column = gtk_column_view_column_new(name, factory)!   // takes the factory
            gtk_column_view_append_column(OpaquePointer(columnView), column)
            g_object_unref(UnsafeMutableRawPointer(column))
        }
    }

    var vadjustment: UnsafeMutablePointer<GtkAdjustment> {
        gtk_scrolled_window_get_vadjustment(OpaquePointer(widget))
    }

    // MARK: What the run reports

    /// The column view's row widgets (its inner `GtkListView`'s children) that are shown.
    private var rowWidgets: [UnsafeMutablePointer<GtkWidget>] {
        guard let list = children(of: columnView).first(where: { cssName($0) == "listview" }) else { return [] }
        return children(of: list).filter { cssName($0) == "row" && gtk_widget_get_child_visible($0) != 0 }
    }

    var visibleRows: Int {
        let height = Float(gtk_widget_get_height(widget))
        return rowWidgets.filter { row in
            let b = bounds(row, in: widget)
            return b.size.height > 0 && b.origin.y < height && b.origin.y + b.size.height > 0
        }.count
    }

    /// The rows' height (a row widget's border box: CSS padding and the separator included),
    /// then the header row's.
    var rowHeights: [Double] {
        let rows = Set(rowWidgets.map { Double(bounds($0, in: columnView).size.height) }.filter { $0 > 0 }).sorted()
        if rows.count > 1 { notes.append("GtkColumnView's rows have several heights: \(rows)") }
        let header = children(of: columnView).first { cssName($0) == "header" }.map { Double(bounds($0, in: columnView).size.height) }
        return [rows.first ?? 0, header ?? 0]
    }

    /// The cells' widths in a shown row, left to right: the columns as GtkColumnView laid them out.
    var columnWidths: [Double]? {
        guard let row = rowWidgets.first(where: { bounds($0, in: columnView).size.height > 0 }) else { return nil }
        let widths = children(of: row).map { Double(bounds($0, in: row).size.width) }
        return widths.isEmpty ? nil : widths
    }

    private func children(of widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
        var out: [UnsafeMutablePointer<GtkWidget>] = []
        var child = gtk_widget_get_first_child(widget)
        while let c = child {
            out.append(c)
            child = gtk_widget_get_next_sibling(c)
        }
        return out
    }

    private func cssName(_ widget: UnsafeMutablePointer<GtkWidget>) -> String {
        gtk_widget_get_css_name(widget).map { String(cString: $0) } ?? ""
    }

    private func bounds(_ widget: UnsafeMutablePointer<GtkWidget>, in target: UnsafeMutablePointer<GtkWidget>) -> graphene_rect_t {
        var b = graphene_rect_t()
        _ = gtk_widget_compute_bounds(widget, target, &b)
        return b
    }
}

/// testdatatable's column names: "A", "B", … (its `'A' + i`).
func dataTableColumnName(_ k: Int) -> String {
    String(UnicodeScalar(UInt8(65 + k % 62)))
}
