import CGtk
import PoolTable

/// A `GtkTreeListModel` in: its rows (`GtkTreeListRow`s) become the table's outline, as
/// `GtkTreeExpander` shows them in a GtkListView. A row's depth is its level, its
/// expandable and expanded flags draw the disclosure triangle, and expanding or collapsing
/// (a click on the triangle, the outline keys) calls `gtk_tree_list_row_set_expanded`: the
/// tree model adds or removes the children and says so with `items-changed`, which becomes
/// the batch as for any model. Rows of other models are not part of an outline (nil).
extension ListModelDataSource: TableViewOutlineDataSource {
    /// The tree row's depth, and whether it is expandable and expanded; nil for rows that are
    /// not `GtkTreeListRow`s.
    public func tableView(_ tableView: TableView, outlineStateForRowAt indexPath: IndexPath) -> OutlineRowState? {
        guard let row = treeRow(at: indexPath.row) else { return nil }
        defer { g_object_unref(row.rawPointer) }
        return OutlineRowState(level: Int(gtk_tree_list_row_get_depth(row)),
                               isExpandable: gtk_tree_list_row_is_expandable(row) != 0,
                               isExpanded: gtk_tree_list_row_get_expanded(row) != 0)
    }

    /// Expands or collapses the tree row (recursively: its expandable descendants too, as
    /// they appear); the tree model's `items-changed` updates the table.
    public func tableView(_ tableView: TableView, setExpanded expanded: Bool, forRowAt indexPath: IndexPath, recursively: Bool) {
        guard let row = treeRow(at: indexPath.row) else { return }
        defer { g_object_unref(row.rawPointer) }
        gtk_tree_list_row_set_expanded(row, expanded.gboolean)
        guard recursively, expanded else { return }
        // The children are in the model now: expand each expandable one in turn (their own
        // children follow them, so walk until the depth is back to this row's).
        let depth = gtk_tree_list_row_get_depth(row)
        var position = Int(gtk_tree_list_row_get_position(row)) + 1
        while position < Int(g_list_model_get_n_items(source)), let child = treeRow(at: position) {
            defer { g_object_unref(child.rawPointer) }
            guard gtk_tree_list_row_get_depth(child) > depth else { break }
            if gtk_tree_list_row_is_expandable(child) != 0 { gtk_tree_list_row_set_expanded(child, 1) }
            position += 1
        }
    }

    /// The parent's row, from the tree row itself (O(1), not a walk up).
    public func tableView(_ tableView: TableView, parentOfRowAt indexPath: IndexPath) -> IndexPath? {
        guard let row = treeRow(at: indexPath.row) else { return nil }
        defer { g_object_unref(row.rawPointer) }
        guard let parent = gtk_tree_list_row_get_parent(row) else { return nil }
        defer { g_object_unref(parent.rawPointer) }
        return IndexPath(row: Int(gtk_tree_list_row_get_position(parent)), section: indexPath.section)
    }

    /// The `GtkTreeListRow` at `row` (+1 reference), nil when the model is no tree list model
    /// (its items are something else). A tree list model keeps its row objects: asking for
    /// one makes nothing of the user's data.
    func treeRow(at row: Int) -> OpaquePointer? {
        guard row >= 0, row < count, let raw = g_list_model_get_item(source, guint(row)) else { return nil }
        let item = OpaquePointer(raw)
        guard Self.isTreeListRow(item) else {
            g_object_unref(item.rawPointer)
            return nil
        }
        return item
    }

    static func isTreeListRow(_ item: OpaquePointer) -> Bool {
        g_type_check_instance_is_a(item.rawPointer.assumingMemoryBound(to: GTypeInstance.self), gtk_tree_list_row_get_type()) != 0
    }
}
