/// Context menus, the same for a table's rows and a grid's items: the delegate's entries
/// for the item under a point or the keyboard cursor's, with where to show them
/// (`TableView+RowActions`, `CollectionView+RowActions` name them as UIKit does).
extension ListBase {
    /// The menu of the item under a viewport point: the item becomes the keyboard cursor and
    /// an open swipe closes. Nil off the items, or when the delegate gives no entries.
    func itemContextMenu(atViewportPoint p: Point) -> TableView.RowContextMenu? {
        defer { checkInvariantsAfterMutation() }
        layoutIfNeeded()
        closeSwipe()
        guard let ip = itemPath(atViewportPoint: p), geometry.contains(ip) else { return nil }
        tracked.place(at: ip)
        setNeedsDisplay()
        return menu(for: ip, viewportPoint: p)
    }

    /// The menu of the keyboard cursor's item, asked for at its centre.
    func itemContextMenuForKeyboardFocus() -> TableView.RowContextMenu? {
        defer { checkInvariantsAfterMutation() }
        layoutIfNeeded()
        closeSwipe()
        guard let ip = keyboardFocus, geometry.contains(ip) else { return nil }
        tracked.place(at: ip)
        let r = viewportRect(of: ip)
        return menu(for: ip, viewportPoint: Point(x: r.midX, y: r.midY))
    }

    /// Performs an entry the user chose (disabled entries do nothing).
    func performItemMenuAction(_ action: MenuAction) {
        defer { checkInvariantsAfterMutation() }
        guard action.isEnabled else { return }
        action.handler()
    }

    /// Opens the menu of the item under a viewport point without a host's request (a grid
    /// item's long press): the host is asked to show it. False when there is none.
    /// Nothing changes for an item without one (the cursor stays).
    func presentItemContextMenu(atViewportPoint p: Point) -> Bool {
        defer { checkInvariantsAfterMutation() }
        layoutIfNeeded()
        guard let ip = itemPath(atViewportPoint: p), geometry.contains(ip), let menu = menu(for: ip, viewportPoint: p) else { return false }
        closeSwipe()
        tracked.place(at: ip)
        setNeedsDisplay()
        host?.tableView(self, presentContextMenu: menu)
        return true
    }

    /// An item's frame in viewport coordinates.
    func viewportRect(of ip: ItemPath) -> Rect {
        let r = itemRect(ip)
        return Rect(x: r.minX - viewport.acrossOffset, y: r.minY - offset + viewport.leadingInset, width: r.width, height: r.height)
    }

    private func menu(for ip: ItemPath, viewportPoint p: Point) -> TableView.RowContextMenu? {
        guard let actions = delegateAdapter.contextMenu(at: ip, point: contentPoint(p)), !actions.isEmpty else { return nil }
        return TableView.RowContextMenu(indexPath: ip.indexPath, actions: actions, rowRect: viewportRect(of: ip), point: p)
    }
}

/// A view whose rows or items have row actions (`TableView`, `CollectionView`): what a host
/// calls on a right click, Shift+F10 or the Menu key, when an entry is chosen, and for
/// assistive technology's actions on a row or item.
@MainActor
public protocol ContextMenuProviding: ListBase {
    /// The menu of the row or item under a viewport point; nil when it has none.
    func contextMenu(atViewportPoint p: Point) -> TableView.RowContextMenu?
    /// The menu of the keyboard cursor's row or item; nil when it has none.
    func contextMenuForKeyboardFocus() -> TableView.RowContextMenu?
    /// Performs the entry the user chose.
    func performMenuAction(_ action: MenuAction)
    /// The row's or item's actions for assistive technology (its swipe actions and menu entries).
    func accessibilityActions(forRowAt indexPath: IndexPath) -> [TableView.RowAccessibilityAction]
    /// Performs one of them as its button or entry would; false when it no longer can.
    @discardableResult
    func performAccessibilityAction(_ action: TableView.RowAccessibilityAction, forRowAt indexPath: IndexPath) -> Bool
}
