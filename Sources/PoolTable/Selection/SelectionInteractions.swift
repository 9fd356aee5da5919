/// The item gestures that select (Selection/): a double click that activates, a drag across
/// the checkboxes that selects, a drag outside edit mode that begins multiple selection
/// (seed 003), and the plain press: a tap selects, taps a hit target or presses the
/// edit-mode control.

/// A second click outside edit mode activates the item (`didActivateRowAt`).
@MainActor
final class ActivationInteraction: PointerInteraction {
    func claim(_ press: PointerPress, in list: ListBase) -> Bool {
        guard press.clickCount >= 2, !list.isEditing, let ip = press.item, list.geometry.contains(ip) else { return false }
        list.delegateAdapter.didActivate(ip)
        return true
    }
    func activate(at p: Point, in list: ListBase) -> Bool {
        guard !list.isEditing, let ip = list.itemPath(atViewportPoint: p) else { return false }
        list.delegateAdapter.didActivate(ip)
        return true
    }
}

/// In edit mode with multiple selection, a press where the delegate says a drag selects (a
/// table's checkbox column, anywhere on a grid item) selects or deselects every item
/// between it and the pointer, auto-scrolling at the edges.
@MainActor
final class DragSelectInteraction: PointerInteraction {
    func claim(_ press: PointerPress, in list: ListBase) -> Bool {
        guard let ip = press.item, press.modifiers.isEmpty else { return false }
        let held = list.heldPress(for: press, at: ip)
        guard held.onCheckbox else { return false }
        list.trackPress(held)
        list.beginDragSelection(at: ip, pointer: press.point)
        return true
    }
    func drag(to p: Point, in list: ListBase) {
        guard list.interaction.press != nil else { return }
        if let press = list.pressFirstMovedPastThreshold(to: p) { list.unhighlight(press) }
        list.extendDragSelection(to: p)
    }
    func release(at p: Point, in list: ListBase) { list.releasePress(at: p) }
    func cancel(in list: ListBase) { list.cancelDragSelection() }
}

/// Seed 003: outside edit mode a drag across items may begin multiple selection. As in
/// UIKit, the delegate is asked only when multiple selection during editing is allowed;
/// the drag then selects as a drag-select does.
@MainActor
final class MultipleSelectionInteraction: PointerInteraction {
    func claim(_ press: PointerPress, in list: ListBase) -> Bool { false }
    func takeOver(_ press: InteractionState.Press, movedTo p: Point, in list: ListBase) -> Bool {
        guard list.beginMultipleSelectionInteraction(by: press) else { return false }
        list.extendDragSelection(to: p)
        return true
    }
    func drag(to p: Point, in list: ListBase) {
        guard list.interaction.press != nil else { return }
        list.extendDragSelection(to: p)
    }
    func release(at p: Point, in list: ListBase) { list.releasePress(at: p) }
}

/// The plain press on an item, the last gesture: it highlights the item; a release on the
/// same item without moving taps its hit target, presses its edit-mode control or selects
/// it (with Shift or Ctrl, a range or a toggle). Moved past the drag threshold, the press
/// is offered to the gestures that take over a moving press (a swipe, multiple selection).
@MainActor
final class TapInteraction: PointerInteraction {
    func claim(_ press: PointerPress, in list: ListBase) -> Bool {
        guard let ip = press.item else { return false }
        list.trackPress(list.heldPress(for: press, at: ip))
        return true
    }
    func drag(to p: Point, in list: ListBase) {
        guard list.interaction.press != nil else { return }
        if let press = list.pressFirstMovedPastThreshold(to: p) {
            if list.pointerInteractions.offerMove(press, to: p, in: list) { return }
            list.unhighlight(press)
        }
        list.extendDragSelection(to: p)
    }
    func release(at p: Point, in list: ListBase) { list.releasePress(at: p) }
    func cancel(in list: ListBase) {
        if let press = list.interaction.press { list.unhighlight(press, redraw: false) }
    }
}
