import CGtk
import class Foundation.ProcessInfo
import Glibc
import PoolTable
@_spi(Interop) @testable import PoolTableGtk
import Testing

/// A mailbox of rows with trailing swipe actions (Delete, destructive; Archive) and a
/// context menu, for the row-action GUI tests (issue 22).
/// (The table fixture over the mails in one section.)
@MainActor
final class SwipeRowsSource: TableSourceFixture<String> {
    var rows: [String] {
        get { sections[0] }
        set { sections[0] = newValue }
    }
    var performed: [String] = []
    var menuAsked: [IndexPath] = []

    init(count: Int) {
        super.init(sections: [(0..<count).map { "Mail \($0)" }])
        onCommit = { [unowned self] _, editingStyle, indexPath in
            performed.append("commit \(rows[indexPath.row])")
            if editingStyle == .delete { rows.remove(at: indexPath.row) }
        }
        trailing = { [weak self] indexPath in
            let delete = ContextualAction(style: .destructive, title: "Delete") { [weak self] _, done in
                guard let self else { return done(false) }
                self.performed.append("delete \(self.rows[indexPath.row])")
                self.rows.remove(at: indexPath.row)
                done(true)
            }
            let archive = ContextualAction(style: .normal, title: "Archive") { [weak self] _, done in
                self?.performed.append("archive \(indexPath.row)")
                done(false)
            }
            archive.backgroundColor = Color(hex: 0x3584e4)
            return SwipeActionsConfiguration(actions: [delete, archive])
        }
        menu = { [unowned self] indexPath, _ in
            menuAsked.append(indexPath)
            return [MenuAction(title: "Mark as Read") { [weak self] in self?.performed.append("read \(indexPath.row)") },
                    MenuAction(title: "Delete", isDestructive: true) { [weak self] in self?.performed.append("menu delete \(indexPath.row)") }]
        }
    }

    func install(in tableView: TableView) {
        // Single selection in edit mode: the rows' editing style is `.delete` (UIKit's default).
        tableView.allowsMultipleSelectionDuringEditing = false
        attach(to: tableView)
    }
}

extension TableWidgetTests {
    /// Saves what the X screen shows when POOLTABLE_SHOT_DIR is set (ImageMagick's `import`).
    func screenshot(_ name: String) {
        guard let dir = ProcessInfo.processInfo.environment["POOLTABLE_SHOT_DIR"] else { return }
        _ = XDoTool.run(["import", "-window", "root", "\(dir)/\(name).png"])
    }

    @Test("xdotool: a drag swipes a row open, clicking Delete deletes it with the animation (counts consistent), a horizontal wheel swipes and a vertical one closes")
    func xdotoolSwipeActions() throws {
        let harness = try WindowHarness.open(rows: 1, realInput: true)
        defer { harness.close() }
        let source = SwipeRowsSource(count: 60)
        let table = harness.table.tableView
        source.install(in: table)
        GtkTestEnvironment.waitForFrame()
        let title = harness.uniqueTitle()
        let width = table.frame.width
        func row(_ r: Int, x: Double) -> Point { Point(x: x, y: table.rectForRow(at: IndexPath(row: r, section: 0)).midY - table.contentOffset.y) }

        // A drag from right to left across row 3 opens it on its two actions.
        var drag = XScript(title: title, harness: harness)
        drag.press(at: row(3, x: width - 40))
        for x in stride(from: width - 60, through: width - 200, by: -20) { drag.move(to: row(3, x: x)) }
        drag.release()
        #expect(XDoTool.run(drag.arguments) == 0)
        GtkTestEnvironment.waitThenFrame(for: "the drag to open the swipe") { table.hasOpenSwipe && table.swipeOffset == -2 * ListBase.swipeActionWidth }
        #expect(table.swipedIndexPath == IndexPath(row: 3, section: 0))
        #expect(table.hasOpenSwipe)
        #expect(table.swipeOffset == -2 * ListBase.swipeActionWidth)
        #expect(table.indexPathsForSelectedRows == nil, "a swipe does not select")
        screenshot("swipe-open")

        // Clicking Delete (at the edge) performs it: the row animates out; counts agree.
        var click = XScript(title: title, harness: harness)
        click.moveOnly(to: row(3, x: width - 30))
        click.pause(0.05)
        var sawAnimation = false
        let watch = { sawAnimation = sawAnimation || table.hasRunningAnimations }
        #expect(XDoTool.run(click.arguments + ["click", "1"], whileRunning: watch) == 0)
        GtkTestEnvironment.waitThenFrame(for: "the delete to be performed and its animation to run and end") {
            watch()
            return source.performed == ["delete Mail 3"] && sawAnimation && !table.hasRunningAnimations
        }
        #expect(source.performed == ["delete Mail 3"])
        #expect(sawAnimation, "the delete animated")
        #expect(table.numberOfRows(inSection: 0) == 59)
        #expect(table.numberOfRows(inSection: 0) == source.rows.count)
        #expect(table.lastRowActionError == nil)
        #expect(!table.hasRunningAnimations)
        #expect(table.visibleCells.map(\.text) == table.indexPathsForVisibleRows.map { source.rows[$0.row] })
        #expect(!table.hasOpenSwipe)

        // A horizontal wheel (buttons 6/7, what a touchpad's horizontal scroll also reaches
        // through GtkEventControllerScroll) swipes the row under the pointer open.
        var wheel = XScript(title: title, harness: harness)
        wheel.move(to: row(5, x: width / 2))
        #expect(XDoTool.run(wheel.arguments + ["click", "--repeat", "4", "--delay", "40", "7"]) == 0)
        GtkTestEnvironment.waitThenFrame(for: "the horizontal wheel to open row 5") { table.swipedIndexPath == IndexPath(row: 5, section: 0) && table.hasOpenSwipe && !table.hasRunningAnimations }
        #expect(table.swipedIndexPath == IndexPath(row: 5, section: 0))
        #expect(table.hasOpenSwipe)
        // A vertical scroll closes it.
        var down = XScript(title: title, harness: harness)
        down.moveOnly(to: row(5, x: width / 2))
        down.wheelDown(times: 2)
        #expect(XDoTool.run(down.arguments) == 0)
        GtkTestEnvironment.waitThenFrame(for: "the vertical wheel to scroll and close the swipe") { table.contentOffset.y > 0 && !table.hasOpenSwipe && !table.hasRunningAnimations }
        #expect(table.contentOffset.y > 0)
        #expect(!table.hasOpenSwipe && table.swipedIndexPath == nil)
        #expect(source.performed == ["delete Mail 3"])
    }

    @Test("xdotool: context menus open as a GtkPopoverMenu with Shift+F10, the Menu key and a right click, on the right row")
    func xdotoolContextMenus() throws {
        let harness = try WindowHarness.open(rows: 1, realInput: true)
        defer { harness.close() }
        let source = SwipeRowsSource(count: 60)
        let table = harness.table.tableView
        source.install(in: table)
        GtkTestEnvironment.waitForFrame()
        let title = harness.uniqueTitle()
        func row(_ r: Int) -> Point { Point(x: 150, y: table.rectForRow(at: IndexPath(row: r, section: 0)).midY - table.contentOffset.y) }
        func popoverShown() -> Bool {
            harness.table.contextMenuPopover.map { gtk_widget_get_mapped($0) != 0 && $0.isA(gtk_popover_menu_get_type()) } ?? false
        }

        // Keyboard: the cursor to row 2, then Shift+F10.
        var keys = XScript(title: title, harness: harness)
        keys.click(at: row(0))
        keys.focusWindow()
        keys.key("Down")
        keys.key("Down")
        keys.key("shift+F10")
        #expect(XDoTool.run(keys.arguments) == 0)
        let shown = GtkTestEnvironment.iterate(timeout: 20) { popoverShown() }
        #expect(shown, "Shift+F10 showed the popover menu")
        #expect(source.menuAsked.last == IndexPath(row: 2, section: 0))
        screenshot("context-menu-keyboard")
        // Escape closes it; the Menu key opens it again.
        var escape = XScript(title: title, harness: harness)
        escape.key("Escape")
        #expect(XDoTool.run(escape.arguments) == 0)
        #expect(GtkTestEnvironment.iterate(timeout: 20) { !popoverShown() })
        GtkTestEnvironment.waitForFrame()
        var menuKey = XScript(title: title, harness: harness)
        menuKey.key("Menu")
        #expect(XDoTool.run(menuKey.arguments) == 0)
        #expect(GtkTestEnvironment.iterate(timeout: 20) { popoverShown() }, "the Menu key showed the popover menu")
        // (The delegate is also asked for the focused row's menu to list its entries as the
        // row's AT-SPI actions, issue 34: the Menu key asked again for row 2.)
        #expect(source.menuAsked.last == IndexPath(row: 2, section: 0))
        // Choosing an entry with the keyboard performs it.
        var choose = XScript(title: title, harness: harness)
        choose.key("Down")
        choose.key("Return")
        #expect(XDoTool.run(choose.arguments) == 0)
        _ = GtkTestEnvironment.iterate(timeout: 20) { !source.performed.isEmpty }
        #expect(source.performed.count == 1 && source.performed.first?.hasSuffix(" 2") == true, "\(source.performed)")
        #expect(GtkTestEnvironment.iterate(timeout: 20) { !popoverShown() })
        GtkTestEnvironment.waitForFrame()

        // Delete on the focused row (row 2) commits its deletion; the row animates out.
        source.performed = []
        var delete = XScript(title: title, harness: harness)
        delete.key("Delete")
        #expect(XDoTool.run(delete.arguments) == 0)
        GtkTestEnvironment.waitThenFrame(for: "Delete to commit the row") { source.performed == ["commit Mail 2"] && !table.hasRunningAnimations }
        #expect(source.performed == ["commit Mail 2"])
        #expect(table.numberOfRows(inSection: 0) == 59 && source.rows.count == 59)
        #expect(table.cellForRow(at: IndexPath(row: 2, section: 0))?.text == "Mail 3")

        // Mouse: a right click on row 6.
        var right = XScript(title: title, harness: harness)
        right.moveOnly(to: row(6))
        right.pause(0.05)
        #expect(XDoTool.run(right.arguments + ["click", "3", "sleep", "0.2"]) == 0)
        #expect(GtkTestEnvironment.iterate(timeout: 20) { popoverShown() }, "a right click showed the popover menu")
        #expect(source.menuAsked.last == IndexPath(row: 6, section: 0))
        #expect(table.focusedIndexPath == IndexPath(row: 6, section: 0))
        GtkTestEnvironment.waitForFrame()
        screenshot("context-menu-mouse")
        var close = XScript(title: title, harness: harness)
        close.key("Escape")
        #expect(XDoTool.run(close.arguments) == 0)
        #expect(GtkTestEnvironment.iterate(timeout: 20) { !popoverShown() })
    }
}
