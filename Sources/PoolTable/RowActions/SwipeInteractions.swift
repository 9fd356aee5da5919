/// A press while a row is held open: on one of its actions it performs that action on
/// release (if released on the same action); anywhere else it just closes the row.
@MainActor
final class OpenSwipeInteraction: PointerInteraction {
    func claim(_ press: PointerPress, in list: ListBase) -> Bool {
        guard list.hasOpenSwipe else { return false }
        list.pressOpenRow(at: press.point)
        return true
    }
    func release(at p: Point, in list: ListBase) { list.releaseOpenRow(at: p) }
    func cancel(in list: ListBase) { list.cancelPressOnOpenRow() }
}

/// A drag mostly across the rows, outside edit mode, swipes the row (row actions): it takes
/// over a press that moved, and the row follows the pointer until the release settles it.
@MainActor
final class SwipeStartInteraction: PointerInteraction {
    func claim(_ press: PointerPress, in list: ListBase) -> Bool { false }

    func takeOver(_ press: InteractionState.Press, movedTo p: Point, in list: ListBase) -> Bool {
        list.beginSwipe(by: press, movedTo: p)
    }
    func drag(to p: Point, in list: ListBase) {
        guard let press = list.interaction.press, press.swiping else { return }
        list.updateSwipe(translation: list.viewport.axis.across(p) - list.viewport.axis.across(press.start))
    }
    func release(at p: Point, in list: ListBase) {
        if list.interaction.press?.swiping == true { list.endSwipe() }
    }
    func cancel(in list: ListBase) {
        if list.interaction.press?.swiping == true { list.endSwipe() }
    }
}
