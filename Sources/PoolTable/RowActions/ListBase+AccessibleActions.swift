/// An item's row actions for assistive technology, the same for a table's rows and a grid's
/// items: its swipe actions, leading then trailing, then the enabled context-menu entries
/// whose titles the swipe actions do not already have (`TableView.RowAccessibilityAction`).
extension ListBase {
    /// The actions of the item at `ip` (none in edit mode, or for an item not laid out).
    func itemAccessibilityActions(at ip: ItemPath) -> [TableView.RowAccessibilityAction] {
        guard !isEditing, geometry.contains(ip) else { return [] }
        var actions: [TableView.RowAccessibilityAction] = []
        if delegateAdapter.canEditItem(at: ip) {
            for leading in [true, false] {
                for (i, action) in (delegateAdapter.swipeActions(at: ip, leading: leading)?.actions ?? []).enumerated() {
                    guard let title = action.title, !title.isEmpty else { continue }
                    actions.append(TableView.RowAccessibilityAction(title: title, isDestructive: action.style == .destructive,
                                                                    kind: .swipe(leading: leading, index: i)))
                }
            }
        }
        let titles = Set(actions.map(\.title))
        let r = itemRect(ip)
        let entries = delegateAdapter.contextMenu(at: ip, point: Point(x: r.midX, y: r.midY)) ?? []
        for entry in entries where entry.isEnabled && !titles.contains(entry.title) {
            actions.append(TableView.RowAccessibilityAction(title: entry.title, isDestructive: entry.isDestructive, kind: .menu(entry)))
        }
        return actions
    }

    /// Performs `action` on the item at `ip`, as a click on its swipe button (the item opened
    /// to that side first) or on its menu entry; false when the item can no longer do it.
    func performItemAccessibilityAction(_ action: TableView.RowAccessibilityAction, at ip: ItemPath) -> Bool {
        defer { checkInvariantsAfterMutation() }
        layoutIfNeeded()
        guard !isEditing, geometry.contains(ip) else { return false }
        switch action.kind {
        case .menu(let entry):
            performItemMenuAction(entry)
            return true
        case .swipe(let leading, let index):
            guard delegateAdapter.canEditItem(at: ip), let config = delegateAdapter.swipeActions(at: ip, leading: leading),
                  config.actions.indices.contains(index), openSwipe(at: ip, leading: leading, config) else { return false }
            performSwipeAction(at: index)
            return true
        }
    }
}
