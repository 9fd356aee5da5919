/// A row's actions reachable without a pointer (assistive technology's actions on a row):
/// its swipe actions, leading then trailing, then the enabled context-menu entries whose
/// titles the swipe actions do not already have. Performing one does what the swipe
/// button or the menu entry does. The work is `ListBase`'s (RowActions/ListBase+AccessibleActions),
/// the same for a grid's items.
extension TableView {
    /// One action a row offers to assistive technology.
    public struct RowAccessibilityAction {
        enum Kind {
            case swipe(leading: Bool, index: Int)
            case menu(MenuAction)
        }

        /// The action's title ("Archive"); untitled swipe actions are left out.
        public let title: String
        /// Destructive (deletes the row, or is shown in red).
        public let isDestructive: Bool
        let kind: Kind
    }

    /// The actions of the row at `indexPath` (none in edit mode, or for a row not mounted).
    public func accessibilityActions(forRowAt indexPath: IndexPath) -> [RowAccessibilityAction] {
        itemAccessibilityActions(at: ItemPath(indexPath))
    }

    /// Performs `action` on the row at `indexPath`, as a click on its swipe button (the row
    /// opened to that side first) or on its menu entry; false when the row can no longer
    /// do it (edit mode, the row not mounted, the action gone).
    @discardableResult
    public func performAccessibilityAction(_ action: RowAccessibilityAction, forRowAt indexPath: IndexPath) -> Bool {
        performItemAccessibilityAction(action, at: ItemPath(indexPath))
    }
}
