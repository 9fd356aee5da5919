/// A table's context menus and its editing-control entry points (declared in RowActions.swift);
/// swipes, commits and the menus' work are `ListBase`'s (ListBase+RowActions, ListBase+ContextMenus).
extension TableView {
    /// A row's context menu as the delegate gave it, with where to show it.
    public struct RowContextMenu {
        /// The row the menu is for.
        public let indexPath: IndexPath
        /// The entries, in order (`contextMenuConfigurationForRowAt`).
        public let actions: [MenuAction]
        /// The row's frame in viewport coordinates (what a popover points at).
        public let rowRect: Rect
        /// Where the menu was asked for, in viewport coordinates: the pointer, or the row's
        /// centre for the keyboard.
        public let point: Point
    }

    /// The context menu of the row under a viewport point (a right click): the delegate's
    /// `contextMenuConfigurationForRowAt` with the point in content coordinates. The row
    /// becomes the keyboard cursor; an open swipe closes. Nil off the rows, or when the
    /// delegate gives no entries.
    public func contextMenu(atViewportPoint p: Point) -> RowContextMenu? { itemContextMenu(atViewportPoint: p) }

    /// The context menu of the keyboard cursor's row (Shift+F10, the Menu key), asked for at
    /// the row's centre; nil when there is no such row or no entries.
    public func contextMenuForKeyboardFocus() -> RowContextMenu? { itemContextMenuForKeyboardFocus() }

    /// Performs a context-menu entry the user chose (disabled entries do nothing).
    public func performMenuAction(_ action: MenuAction) { performItemMenuAction(action) }

    /// Presses the edit-mode control of a row (delete or insert), as a click on it does:
    /// `commit editingStyle:forRowAt:` with the row's editing style. Returns false outside
    /// edit mode, with multiple selection during editing on, or for a row whose style is
    /// `.none`.
    @discardableResult
    public func activateEditingControl(forRowAt indexPath: IndexPath) -> Bool {
        defer { checkInvariantsAfterMutation() }
        layoutIfNeeded()
        let ip = ItemPath(indexPath)
        guard isEditing, !allowsMultipleSelectionDuringEditing, geometry.contains(ip),
              let dataSource, dataSource.tableView(self, canEditRowAt: indexPath) else { return false }
        let style = delegateAdapter.editingStyle(at: ip)
        guard style != .none else { return false }
        commitEditing(style, at: ip)
        return true
    }
}

extension TableView: ContextMenuProviding {}
