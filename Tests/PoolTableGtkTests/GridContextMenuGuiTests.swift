import CGtk
import PoolTable
@_spi(Interop) @testable import PoolTableGtk
import Testing

/// A grid of numbered squares whose items have a context menu (Share; Delete, destructive)
/// except the ones in `withoutMenu`.
@MainActor
final class MenuGridSource: CollectionViewDataSource, CollectionViewDelegate {
    var menuAsked: [[IndexPath]] = []
    var performed: [String] = []
    var selected: [IndexPath] = []
    var withoutMenu: Set<IndexPath> = []

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 60 }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
    }
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) { selected.append(indexPath) }
    func collectionView(_ collectionView: CollectionView, contextMenuConfigurationForItemsAt indexPaths: [IndexPath], point: Point) -> [MenuAction]? {
        menuAsked.append(indexPaths)
        guard let ip = indexPaths.first, !withoutMenu.contains(ip) else { return nil }
        return [MenuAction(title: "Share") { [weak self] in self?.performed.append("share \(ip.item)") },
                MenuAction(title: "Delete", isDestructive: true) { [weak self] in self?.performed.append("delete \(ip.item)") }]
    }
}

@MainActor
@Suite("A long press on a grid item opens its context menu (issue 34's proof gesture)", .serialized)
struct GridContextMenuGuiTests {
    @Test("xdotool: holding the button still on a grid item opens its GtkPopoverMenu there (not edit mode); the entry chosen runs; a quick click selects; an item without a menu still enters edit mode")
    func longPressOpensMenu() throws {
        try #require(GtkTestEnvironment.start())
        try #require(XDoTool.isAvailable, "xdotool sends the real input (apt install xdotool)")
        var layout = GridLayout()
        layout.itemSize = Size(width: 100, height: 100)
        layout.minimumInteritemSpacing = 8
        layout.minimumLineSpacing = 8
        let widget = TableWidget(gridLayout: layout)
        let grid = try #require(widget.listView as? CollectionView)
        let source = MenuGridSource()
        grid.register({ CollectionViewCell(reuseIdentifier: $0) }, forCellWithReuseIdentifier: "item")
        grid.dataSource = source
        grid.delegate = source
        let window = gtk_window_new()!
        defer { gtk_window_destroy(window.cast(to: GtkWindow.self)); GtkTestEnvironment.waitForFrame() }
        GuiTestCounter.next += 1
        let title = "PoolTable grid menu test \(getpid())-\(GuiTestCounter.next)"
        gtk_window_set_title(window.cast(to: GtkWindow.self), title)
        gtk_window_set_default_size(window.cast(to: GtkWindow.self), 460, 500)
        gtk_window_set_child(window.cast(to: GtkWindow.self), widget.widget)
        gtk_window_present(window.cast(to: GtkWindow.self))
        let mapped = GtkTestEnvironment.iterate { gtk_widget_get_mapped(widget.drawingArea) != 0 && grid.frame.height > 0 }
        try #require(mapped, "the grid's window maps")
        GtkTestEnvironment.waitUntilOnScreen(window)
        func item(_ i: Int) -> Point {
            let r = grid.rectForItem(at: IndexPath(item: i, section: 0))
            return Point(x: r.midX, y: r.midY - grid.contentOffset.y)
        }
        func popoverShown() -> Bool {
            widget.contextMenuPopover.map { gtk_widget_get_mapped($0) != 0 && $0.isA(gtk_popover_menu_get_type()) } ?? false
        }
        func script() -> XScript { XScript(title: title) { xWindowPoint($0, of: widget.drawingArea, in: window) } }

        // Hold the button still on item 5 for a second: the menu opens on item 5.
        var hold = script()
        hold.press(at: item(5))
        hold.pause(1.0)
        hold.release()
        #expect(XDoTool.run(hold.arguments) == 0)
        #expect(GtkTestEnvironment.iterate(timeout: 20) { popoverShown() }, "a long press showed the popover menu")
        #expect(source.menuAsked.last == [IndexPath(item: 5, section: 0)])
        #expect(grid.focusedIndexPath == IndexPath(item: 5, section: 0))
        #expect(!grid.isEditing, "the long press opened the menu instead of entering edit mode")
        #expect(source.selected.isEmpty, "the release did not select")
        #expect(popoverShown(), "the release left the menu open")
        // Choosing Share (the popover's first entry, as a click on it activates it) runs it.
        let popover = try #require(widget.contextMenuPopover)
        #expect(gtk_widget_activate_action_variant(popover, "rowmenu.item0", nil) != 0)
        gtk_popover_popdown(popover.cast(to: GtkPopover.self))
        #expect(GtkTestEnvironment.iterate(timeout: 20) { source.performed == ["share 5"] }, "\(source.performed)")
        #expect(GtkTestEnvironment.iterate(timeout: 20) { !popoverShown() })
        GtkTestEnvironment.waitForFrame()

        // A quick click selects, no menu.
        var click = script()
        click.click(at: item(2))
        #expect(XDoTool.run(click.arguments) == 0)
        #expect(GtkTestEnvironment.iterate(timeout: 20) { source.selected == [IndexPath(item: 2, section: 0)] })
        #expect(!popoverShown())
        // (The delegate may be asked for item 2's menu to list its entries as the item's AT-SPI
        // actions, now that grid items have row actions: asking is not showing.)

        // An item without a menu: the long press enters edit mode, as before.
        source.withoutMenu = [IndexPath(item: 3, section: 0)]
        var plain = script()
        plain.press(at: item(3))
        plain.pause(1.0)
        plain.release()
        #expect(XDoTool.run(plain.arguments) == 0)
        #expect(GtkTestEnvironment.iterate(timeout: 20) { grid.isEditing }, "the long press entered edit mode")
        #expect(!popoverShown())
    }
}
