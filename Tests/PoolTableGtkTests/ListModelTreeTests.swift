import CGtk
@_spi(Hosting) @_spi(Diagnostics) import PoolTable
@_spi(Interop) @testable import PoolTableGtk
import Testing

/// `ListModelDataSource` with a `GtkTreeListModel` (issue 35): the tree's rows are the
/// table's outline, and expanding a row expands the GtkTreeListRow.
extension ListModelDataSourceTests {
    /// A `GtkTreeListModel` over "Folder 0", "File 1", "Folder 2": each folder has three
    /// children ("child 0 of Folder 0" …), files none.
    static func makeTree() -> OpaquePointer {
        let root = ["Folder 0", "File 1", "Folder 2"].withCStringArray { gtk_string_list_new($0) }!
        let children: @convention(c) (gpointer?, gpointer?) -> OpaquePointer? = { item, _ in
            guard let item, let text = gtk_string_object_get_string(OpaquePointer(item)).map({ String(cString: $0) }),
                  text.hasPrefix("Folder") else { return nil }
            return (0..<3).map { "child \($0) of \(text)" }.withCStringArray { gtk_string_list_new($0) }
        }
        return gtk_tree_list_model_new(root, 0, 0, children, nil, nil)   // takes root
    }

    @Test("A GtkTreeListModel is an outline: levels and triangles from its rows, expanding and collapsing through gtk_tree_list_row_set_expanded, parents in O(1)")
    func treeListModelIsAnOutline() throws {
        try #require(GtkTestEnvironment.start())
        let tree = Self.makeTree()
        defer { g_object_unref(tree.rawPointer) }
        let harness = TableFixture(model: tree)
        let table = harness.table, source = harness.source
        func texts() -> [String] { (0..<table.numberOfRows(inSection: 0)).map { table.cellForRow(at: IndexPath(row: $0, section: 0))?.text ?? "·" } }
        #expect(texts() == ["Folder 0", "File 1", "Folder 2"], "a tree row shows its item's string")
        #expect(table.outlineState(forRowAt: IndexPath(row: 0, section: 0)) == OutlineRowState(level: 0, isExpandable: true, isExpanded: false))
        #expect(table.outlineState(forRowAt: IndexPath(row: 1, section: 0))?.isExpandable == false)

        #expect(table.expandRow(at: IndexPath(row: 2, section: 0)))
        harness.finishAnimations()
        #expect(texts() == ["Folder 0", "File 1", "Folder 2", "child 0 of Folder 2", "child 1 of Folder 2", "child 2 of Folder 2"])
        #expect(table.outlineState(forRowAt: IndexPath(row: 4, section: 0)) == OutlineRowState(level: 1, isExpandable: false, isExpanded: false))
        #expect(table.isRowExpanded(at: IndexPath(row: 2, section: 0)))
        #expect(table.cellForRow(at: IndexPath(row: 4, section: 0))?.indentationLevel == 1)
        #expect(source.tableView(table, parentOfRowAt: IndexPath(row: 5, section: 0)) == IndexPath(row: 2, section: 0))
        #expect(source.tableView(table, parentOfRowAt: IndexPath(row: 1, section: 0)) == nil)

        #expect(table.expandRow(at: IndexPath(row: 0, section: 0)))
        harness.finishAnimations()
        #expect(table.numberOfRows(inSection: 0) == 9)
        #expect(texts()[1] == "child 0 of Folder 0" && texts()[5] == "Folder 2")

        #expect(table.collapseRow(at: IndexPath(row: 5, section: 0)))
        harness.finishAnimations()
        #expect(texts() == ["Folder 0", "child 0 of Folder 0", "child 1 of Folder 0", "child 2 of Folder 0", "File 1", "Folder 2"])
        #expect(source.modelErrors == 0)
    }

    @Test("Rows of a model that is no GtkTreeListModel are no outline: no triangle, no level")
    func plainModelIsNoOutline() throws {
        try #require(GtkTestEnvironment.start())
        let store = ListStoreFixture(count: 5)
        let harness = TableFixture(model: store.model)
        #expect(harness.table.outlineState(forRowAt: IndexPath(row: 0, section: 0)) == nil)
        #expect(!harness.table.expandRow(at: IndexPath(row: 0, section: 0)))
    }
}

private extension Array where Element == String {
    /// A NULL-terminated `char **` of the strings for the length of `body`.
    func withCStringArray<R>(_ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
        let duplicated = map { strdup($0) }
        defer { for p in duplicated { free(p) } }
        let array: [UnsafePointer<CChar>?] = duplicated.map { UnsafePointer($0) } + [nil]
        return array.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
