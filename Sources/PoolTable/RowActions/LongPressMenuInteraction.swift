/// A press held still on an item outside edit mode opens the item's context menu (touch's
/// way to it, as UIKit's context-menu interaction): the press is taken over after
/// `duration` of engine time (`advanceAnimations(to:)`, the frame clock) and the host is
/// asked to show the menu (`TableViewHost.tableView(_:presentContextMenu:)`). An item
/// without a menu leaves the press alone (it may still become the host's long press).
@MainActor
final class LongPressMenuInteraction: PointerInteraction {
    /// How long the press is held still before the menu opens: under GTK's long-press time
    /// (0.5 s), so the menu wins over entering edit mode.
    static let duration = 0.4

    var holdDuration: Double? { Self.duration }

    func claim(_ press: PointerPress, in list: ListBase) -> Bool { false }

    func takeOver(held press: InteractionState.Press, in list: ListBase) -> Bool {
        guard !list.isEditing, press.target == nil, press.modifiers.isEmpty, !press.onGrip, !press.swiping,
              list.interaction.drag == nil, list.presentItemContextMenu(atViewportPoint: press.start) else { return false }
        list.unhighlight(press)
        return true
    }
}
