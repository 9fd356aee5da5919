import CGtk
import Glibc
import PoolTable
@_spi(Interop) @testable import PoolTableGtk
import Testing

/// Outlines in a real window (issue 25): a click on a disclosure triangle and the Right and
/// Left keys, sent with xdotool, expand and collapse rows; the rows' accessible objects
/// carry GTK_ACCESSIBLE_PROPERTY_LEVEL and GTK_ACCESSIBLE_STATE_EXPANDED.
extension TableWidgetTests {
    @Test("xdotool: a click on a triangle expands the folder; Left collapses it, Right expands it and then moves to its first child; the proxies carry level and expanded state")
    func xdotoolOutlineTrianglesAndKeys() throws {
        let harness = try WindowHarness.open(rows: 1, realInput: true)
        defer { harness.close() }
        let table = harness.table.tableView
        table.register({ TableViewCell(reuseIdentifier: $0) }, forCellReuseIdentifier: "node")
        let source = TableViewDiffableDataSource<Int, String>(tableView: table) { t, ip, id in
            let cell = t.dequeueReusableCell(withIdentifier: "node", for: ip)
            cell.text = id
            return cell
        }
        var outline = SectionSnapshot<String>()
        outline.append((0..<8).map { "Folder \($0)" })
        outline.append(["File 1.a", "File 1.b", "File 1.c"], to: "Folder 1")
        outline.append(["File 2.a"], to: "Folder 2")
        source.apply(outline, to: 0, animatingDifferences: false)
        GtkTestEnvironment.waitForFrame()
        func rows() -> [String] { (0..<table.numberOfRows(inSection: 0)).compactMap { source.itemIdentifier(for: IndexPath(row: $0, section: 0)) } }
        func ip(_ r: Int) -> IndexPath { IndexPath(row: r, section: 0) }
        let title = harness.uniqueTitle()
        let row1 = table.rectForRow(at: ip(1))
        let screenY = row1.minY - table.contentOffset.y

        // A click on Folder 1's triangle (the first disclosureWidth points of the row).
        var click = XScript(title: title, harness: harness)
        click.click(at: Point(x: TableView.disclosureWidth / 2, y: row1.midY - table.contentOffset.y))
        #expect(XDoTool.run(click.arguments) == 0)
        GtkTestEnvironment.waitThenFrame(for: "the triangle click to expand Folder 1") { table.isRowExpanded(at: ip(1)) && rows().count == 11 && !table.hasRunningAnimations }
        #expect(rows() == ["Folder 0", "Folder 1", "File 1.a", "File 1.b", "File 1.c", "Folder 2", "Folder 3", "Folder 4", "Folder 5", "Folder 6", "Folder 7"])
        #expect(table.isRowExpanded(at: ip(1)))
        #expect(table.indexPathForSelectedRow == nil, "the triangle does not select")
        #expect(abs((table.rectForRow(at: ip(1)).minY - table.contentOffset.y) - screenY) < 0.5, "the row stayed in place")

        if let shot = getenv("POOLTABLE_OUTLINE_SHOT") { _ = XDoTool.run(["import", "-window", "root", String(cString: shot)]) }

        // The accessible objects: Folder 1 expanded at level 1, its child at level 2, a leaf not expandable.
        let a11y = harness.table.accessibleRows
        a11y.update()
        let folder = try #require(a11y.proxyOutline(at: ip(1)))
        #expect(folder.sent == .some(OutlineRowState(level: 0, isExpandable: true, isExpanded: true)))
        #expect(gtk_test_accessible_has_state(OpaquePointer(folder.widget), GTK_ACCESSIBLE_STATE_EXPANDED) != 0)
        #expect(gtk_test_accessible_has_property(OpaquePointer(folder.widget), GTK_ACCESSIBLE_PROPERTY_LEVEL) != 0)
        let child = try #require(a11y.proxyOutline(at: ip(2)))
        #expect(child.sent == .some(OutlineRowState(level: 1, isExpandable: false, isExpanded: false)))
        #expect(gtk_test_accessible_has_state(OpaquePointer(child.widget), GTK_ACCESSIBLE_STATE_EXPANDED) == 0)

        // Keys: the click put the cursor on Folder 1. Left collapses it, Right expands it, Right again goes to File 1.a.
        var keys = XScript(title: title, harness: harness)
        keys.focusWindow()
        keys.key("Left")
        #expect(XDoTool.run(keys.arguments) == 0)
        GtkTestEnvironment.waitThenFrame(for: "Left to collapse Folder 1") { rows().count == 8 && !table.hasRunningAnimations }
        #expect(rows() == (0..<8).map { "Folder \($0)" })
        a11y.update()
        #expect(a11y.proxyOutline(at: ip(1))?.sent == .some(OutlineRowState(level: 0, isExpandable: true, isExpanded: false)))
        var more = XScript(title: title, harness: harness)
        more.key("Right")
        more.key("Right")
        #expect(XDoTool.run(more.arguments) == 0)
        GtkTestEnvironment.waitThenFrame(for: "Right, Right to expand Folder 1 and enter it") { rows().count == 11 && table.focusedIndexPath == ip(2) && !table.hasRunningAnimations }
        #expect(rows().count == 11)
        #expect(table.focusedIndexPath == ip(2) && table.indexPathForSelectedRow == ip(2))
        // + and * (GtkTreeExpander's keys) on Folder 2, reached with Down.
        var plus = XScript(title: title, harness: harness)
        plus.key("Left")          // File 1.a: to its parent, Folder 1
        plus.key("Left")          // collapses Folder 1
        plus.key("Down")          // Folder 2
        plus.key("plus")
        #expect(XDoTool.run(plus.arguments) == 0)
        GtkTestEnvironment.waitThenFrame(for: "Left, Down, plus to expand Folder 2") { rows().count == 9 && rows().contains("File 2.a") && !table.hasRunningAnimations }
        #expect(rows() == ["Folder 0", "Folder 1", "Folder 2", "File 2.a", "Folder 3", "Folder 4", "Folder 5", "Folder 6", "Folder 7"])
    }
}
