@testable import PoolTable
import Testing

/// A grid delegate with swipe actions (Archive; Delete, destructive) and a context menu on
/// every item but the ones in `withoutMenu`; records what was asked and performed.
@MainActor
final class GridRowActionsDelegate: CollectionViewDelegate, TableViewHost {
    var performed: [String] = []
    var menuAsked: [[IndexPath]] = []
    var presented: [TableView.RowContextMenu] = []
    var withoutMenu: Set<IndexPath> = []
    var selected: [IndexPath] = []

    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) { selected.append(indexPath) }
    func collectionView(_ collectionView: CollectionView, trailingSwipeActionsConfigurationForItemAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        SwipeActionsConfiguration(actions: [
            ContextualAction(style: .normal, title: "Archive") { [weak self] _, done in self?.performed.append("archive \(indexPath.item)"); done(true) },
            ContextualAction(style: .normal, title: "Flag") { [weak self] _, done in self?.performed.append("flag \(indexPath.item)"); done(true) },
        ])
    }
    func collectionView(_ collectionView: CollectionView, contextMenuConfigurationForItemsAt indexPaths: [IndexPath], point: Point) -> [MenuAction]? {
        menuAsked.append(indexPaths)
        guard let ip = indexPaths.first, !withoutMenu.contains(ip) else { return nil }
        return [MenuAction(title: "Share") { [weak self] in self?.performed.append("share \(ip.item)") }]
    }

    // Host: only what a long press's menu needs.
    func tableViewNeedsDisplay(_ view: ListBase) {}
    func tableViewDidChangeScrollGeometry(_ view: ListBase) {}
    func tableViewNeedsAnimationTicks(_ view: ListBase) {}
    func tableView(_ view: ListBase, presentContextMenu menu: TableView.RowContextMenu) { presented.append(menu) }
}

@MainActor
@Suite("Row actions on a grid: swipe actions, context menus and the long press that opens one (issue 34)")
struct GridRowActionsTests {
    private func grid() -> (CollectionView, GridSource, GridRowActionsDelegate) {
        let source = GridSource(counts: [40])
        let grid = makeGrid(source)
        let delegate = GridRowActionsDelegate()
        grid.delegate = delegate
        grid.host = delegate
        grid.layoutIfNeeded()
        return (grid, source, delegate)
    }
    private func ip(_ item: Int) -> IndexPath { IndexPath(item: item, section: 0) }

    @Test("a drag across an item swipes it open on the delegate's trailing actions, within the item's breadth; a click on one performs it; a drag all the way performs the first")
    func swipeOpensAndPerforms() {
        let (grid, _, delegate) = grid()
        let c = viewportCenter(grid, ip(4))
        grid.pointerDown(at: c)
        for dx in stride(from: 10.0, through: 70, by: 10) { grid.pointerDragged(to: Point(x: c.x - dx, y: c.y)) }
        grid.pointerUp(at: Point(x: c.x - 70, y: c.y))
        #expect(grid.swipedIndexPath == ip(4))
        #expect(grid.hasOpenSwipe)
        #expect(grid.swipeOffset == -100, "open on the item's own breadth (100), not the viewport's")
        #expect(grid.revealedSwipeActions.map(\.title) == ["Archive", "Flag"])
        #expect(grid.indexPathsForSelectedItems?.isEmpty ?? true, "a swipe does not select")
        // The first action is nearest the item's trailing edge.
        let r = grid.rectForItem(at: ip(4))
        let edge = Point(x: r.maxX - 10, y: c.y)
        grid.pointerDown(at: edge)
        grid.pointerUp(at: edge)
        #expect(delegate.performed == ["archive 4"])
        #expect(!grid.hasOpenSwipe)
        // A drag past most of the item performs the first action at once.
        let d = viewportCenter(grid, ip(1))
        grid.pointerDown(at: d)
        for dx in stride(from: 10.0, through: 150, by: 10) { grid.pointerDragged(to: Point(x: d.x - dx, y: d.y)) }
        grid.pointerUp(at: Point(x: d.x - 150, y: d.y))
        #expect(delegate.performed == ["archive 4", "archive 1"])
    }

    @Test("a right click and the keyboard ask the delegate's contextMenuConfigurationForItemsAt for one item")
    func contextMenus() throws {
        let (grid, _, delegate) = grid()
        let menu = try #require(grid.contextMenu(atViewportPoint: viewportCenter(grid, ip(6))))
        #expect(menu.indexPath == ip(6))
        #expect(menu.actions.map(\.title) == ["Share"])
        #expect(delegate.menuAsked.last == [ip(6)])
        #expect(grid.focusedIndexPath == ip(6))
        grid.performMenuAction(menu.actions[0])
        #expect(delegate.performed == ["share 6"])
        grid.handleKey(.right)
        let keyboard = try #require(grid.contextMenuForKeyboardFocus())
        #expect(keyboard.indexPath == ip(7))
        delegate.withoutMenu = [ip(7)]
        #expect(grid.contextMenuForKeyboardFocus() == nil)
    }

    @Test("a press held still for LongPressMenuInteraction.duration of engine time opens the item's menu through the host; the release does not select, and it is not also the host's long press")
    func longPressOpensMenu() throws {
        let (grid, _, delegate) = grid()
        let c = viewportCenter(grid, ip(5))
        grid.pointerDown(at: c)
        #expect(grid.hasRunningAnimations, "a held press wants ticks while a gesture waits for it")
        grid.advanceAnimations(to: 10)
        grid.advanceAnimations(to: 10 + LongPressMenuInteraction.duration * 0.75)
        #expect(delegate.presented.isEmpty, "not before the hold")
        grid.advanceAnimations(to: 10 + LongPressMenuInteraction.duration + 0.01)
        let menu = try #require(delegate.presented.first)
        #expect(menu.indexPath == ip(5))
        #expect(menu.actions.map(\.title) == ["Share"])
        #expect(grid.focusedIndexPath == ip(5))
        #expect(!grid.hasRunningAnimations)
        #expect(!grid.longPress(at: c), "the host's own long press of the same press is not one")
        #expect(!grid.isEditing)
        grid.pointerUp(at: c)
        #expect(delegate.selected.isEmpty, "the release after the menu opened selects nothing")
        #expect(delegate.presented.count == 1)
    }

    @Test("a held press on an item without a menu, a press that moved, and a quick click open no menu")
    func longPressWithoutMenu() {
        let (grid, _, delegate) = grid()
        delegate.withoutMenu = [ip(2)]
        let c = viewportCenter(grid, ip(2))
        grid.pointerDown(at: c)
        grid.advanceAnimations(to: 1)
        grid.advanceAnimations(to: 2)
        #expect(delegate.presented.isEmpty)
        #expect(grid.focusedIndexPath == nil, "no menu: the cursor stays")
        #expect(!grid.hasRunningAnimations, "the wait ends after the hold")
        #expect(grid.longPress(at: c), "the host's long press still enters edit mode")
        #expect(grid.isEditing)
        grid.pointerCancelled()
        grid.setEditing(false, animated: false)

        let m = viewportCenter(grid, ip(3))
        grid.pointerDown(at: m)
        grid.advanceAnimations(to: 3)
        grid.pointerDragged(to: Point(x: m.x, y: m.y + 20))
        grid.advanceAnimations(to: 4)
        #expect(delegate.presented.isEmpty, "a press that moved is no long press")
        grid.pointerUp(at: Point(x: m.x, y: m.y + 20))

        grid.pointerDown(at: m)
        grid.advanceAnimations(to: 5)
        grid.pointerUp(at: m)
        grid.advanceAnimations(to: 6)
        #expect(delegate.presented.isEmpty)
        #expect(delegate.selected == [ip(3)], "a quick click selects")
    }

    @Test("the host's long press arriving before the engine's hold opens the menu at once (once), instead of edit mode")
    func hostLongPressFirst() {
        let (grid, _, delegate) = grid()
        let c = viewportCenter(grid, ip(8))
        grid.pointerDown(at: c)
        grid.advanceAnimations(to: 1)
        grid.pointerCancelled()            // as the GTK shell does before its long press
        #expect(grid.longPress(at: c))
        #expect(delegate.presented.map(\.indexPath) == [ip(8)])
        #expect(!grid.isEditing)
        grid.advanceAnimations(to: 2)
        #expect(delegate.presented.count == 1, "opened once")
        #expect(!grid.longPress(at: c))
        #expect(!grid.isEditing)
    }

    @Test("a table registers no held-press gesture: a press there never asks for ticks")
    func tableHasNoHoldGesture() {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 300, height: 400))
        let source = GridRowActionsTableSource()
        table.dataSource = source
        table.layoutIfNeeded()
        table.pointerDown(at: Point(x: 50, y: 10))
        #expect(!table.hasRunningAnimations)
        table.pointerUp(at: Point(x: 50, y: 10))
        #expect(table.indexPathsForSelectedRows == [IndexPath(row: 0, section: 0)])
    }
}

@MainActor
private final class GridRowActionsTableSource: TableViewDataSource {
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 20 }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell { TableViewCell(reuseIdentifier: nil) }
}
