/// A grid's row actions (UIKit's list configurations give collection views both): swipe
/// actions come from a list section's configuration providers, else the delegate's
/// `leading`/`trailingSwipeActionsConfigurationForItemAt`
/// and work as a table's (ListBase+RowActions); context menus from
/// `contextMenuConfigurationForItemsAt:point:` (ListBase+ContextMenus).
extension CollectionView: ContextMenuProviding {
    /// The context menu of the item under a viewport point (a right click, a long press):
    /// the item becomes the keyboard cursor; an open swipe closes. Nil off the items, or when
    /// the delegate gives no entries.
    public func contextMenu(atViewportPoint p: Point) -> TableView.RowContextMenu? { itemContextMenu(atViewportPoint: p) }

    /// The context menu of the keyboard cursor's item (Shift+F10, the Menu key), asked for at
    /// the item's centre; nil when there is no such item or no entries.
    public func contextMenuForKeyboardFocus() -> TableView.RowContextMenu? { itemContextMenuForKeyboardFocus() }

    /// Performs a context-menu entry the user chose (disabled entries do nothing).
    public func performMenuAction(_ action: MenuAction) { performItemMenuAction(action) }

    /// The item's actions for assistive technology: its swipe actions, then the enabled menu
    /// entries (none in edit mode, or for an item not laid out).
    public func accessibilityActions(forRowAt indexPath: IndexPath) -> [TableView.RowAccessibilityAction] {
        itemAccessibilityActions(at: ItemPath(indexPath))
    }

    /// Performs one of the item's actions as its swipe button or menu entry would; false
    /// when the item can no longer do it.
    @discardableResult
    public func performAccessibilityAction(_ action: TableView.RowAccessibilityAction, forRowAt indexPath: IndexPath) -> Bool {
        performItemAccessibilityAction(action, at: ItemPath(indexPath))
    }
}

extension CollectionView {
    /// The swipe-action provider for one edge of a compositional list section (UIKit's
    /// `leading`/`trailingSwipeActionsConfigurationProvider`), nil when the section is no
    /// list section or its configuration leaves that edge's provider nil.
    func listSwipeProvider(forSection section: Int, leading: Bool) -> (@MainActor (IndexPath) -> SwipeActionsConfiguration?)? {
        guard let geometry = geometry as? CompositionalGeometry, section >= 0, section < geometry.numberOfSections,
              let configuration = geometry.sections[section].section.listConfiguration else { return nil }
        return leading ? configuration.leadingSwipeActionsConfigurationProvider : configuration.trailingSwipeActionsConfigurationProvider
    }
}
