/// A row's actions reachable without a pointer (assistive technology's actions on a row):
/// its swipe actions, leading then trailing, then the enabled context-menu entries whose
/// titles the swipe actions do not already have. Performing one does what the swipe
/// button or the menu entry does.
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
        let ip = ItemPath(indexPath)
        guard !isEditing, geometry.contains(ip) else { return [] }
        var actions: [RowAccessibilityAction] = []
        if delegateAdapter.canEditItem(at: ip) {
            for leading in [true, false] {
                for (i, action) in (delegateAdapter.swipeActions(at: ip, leading: leading)?.actions ?? []).enumerated() {
                    guard let title = action.title, !title.isEmpty else { continue }
                    actions.append(RowAccessibilityAction(title: title, isDestructive: action.style == .destructive,
                                                          kind: .swipe(leading: leading, index: i)))
                }
            }
        }
        let titles = Set(actions.map(\.title))
        let r = itemRect(ip)
        let entries = delegate?.tableView(self, contextMenuConfigurationForRowAt: indexPath, point: Point(x: r.midX, y: r.midY)) ?? []
        for entry in entries where entry.isEnabled && !titles.contains(entry.title) {
            actions.append(RowAccessibilityAction(title: entry.title, isDestructive: entry.isDestructive, kind: .menu(entry)))
        }
        return actions
    }

    /// Performs `action` on the row at `indexPath`, as a click on its swipe button (the row
    /// opened to that side first) or on its menu entry; false when the row can no longer
    /// do it (edit mode, the row not mounted, the action gone).
    @discardableResult
    public func performAccessibilityAction(_ action: RowAccessibilityAction, forRowAt indexPath: IndexPath) -> Bool {
        defer { checkInvariantsAfterMutation() }
        layoutIfNeeded()
        let ip = ItemPath(indexPath)
        guard !isEditing, geometry.contains(ip) else { return false }
        switch action.kind {
        case .menu(let entry):
            performMenuAction(entry)
            return true
        case .swipe(let leading, let index):
            guard delegateAdapter.canEditItem(at: ip), let cell = mountedCell(at: ip),
                  let config = delegateAdapter.swipeActions(at: ip, leading: leading),
                  config.actions.indices.contains(index) else { return false }
            closeSwipe()
            let width = min(viewport.breadth, Double(config.actions.count) * Self.swipeActionWidth)
            rowActions.hold(RowActionState.Swipe(indexPath: ip, cell: ObjectIdentifier(cell), offset: leading ? width : -width,
                                                    startOffset: 0, leading: leading ? config : nil,
                                                    trailing: leading ? nil : config, isTracking: false))
            setNeedsDisplay()
            performSwipeAction(at: index)
            return true
        }
    }
}
