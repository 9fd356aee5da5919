/// The swipe in progress or the open row, and the last error an action caused.
@MainActor
final class RowActionState {
    struct Swipe {
        /// The row swiped.
        var indexPath: ItemPath
        /// The cell showing it when the swipe began (a swipe never follows a rebind).
        var cell: ObjectIdentifier
        /// How far the row's content is moved across: > 0 reveals the leading actions, < 0
        /// the trailing ones.
        var offset: Double
        /// The offset when the current tracking began (a swipe may resume an open row).
        var startOffset: Double
        var leading: SwipeActionsConfiguration?
        var trailing: SwipeActionsConfiguration?
        /// True while the user's finger or pointer (or a touchpad scroll) moves it.
        var isTracking: Bool

        /// The configuration on the side `offset` reveals.
        var revealed: SwipeActionsConfiguration? { offset > 0 ? leading : offset < 0 ? trailing : nil }
    }
    /// The swipe tracked or the row held open.
    private(set) var swipe: Swipe?
    /// What is drawn while a released row eases to where it settles (open or closed): the
    /// swipe as it was and its offset's transition. Drawing only; `swipe` is the state.
    private(set) var settling: (swipe: Swipe, offset: Transition)?
    /// A press on an open row: the action under it (nil: the press closes the row).
    private(set) var pressOnOpenRow: (action: Int?, start: Point)?
    /// The last error a row action or `commit` caused (nil after one that went well).
    private(set) var lastError: BatchUpdateError?

    /// `s` is the swipe tracked (or the row held open) from now on; a swipe taken up again
    /// stops easing.
    func hold(_ s: Swipe, resumed: Bool = false) {
        if resumed { settling = nil }
        swipe = s
    }

    /// The released row eases from `swipe` along `offset` (drawing only).
    func settle(_ swipe: Swipe, along offset: Transition) { settling = (swipe, offset) }

    /// Nothing eases any more (no clock, or the row is already where it settles).
    func stopSettling() { settling = nil }

    /// Forgets an easing that has finished at `now`.
    func dropFinishedSettling(at now: Double?) {
        if let s = settling, s.offset.isFinished(at: now) { settling = nil }
    }

    /// The row closes: no swipe, no press on it (an easing may go on).
    func close() {
        swipe = nil
        pressOnOpenRow = nil
    }

    /// A press landed on the open row: on the action at `action` (nil: elsewhere, closing it).
    func pressOpenRow(action: Int?, at start: Point) { pressOnOpenRow = (action, start) }

    /// The press on the open row, handed over (released or cancelled): none remains.
    @discardableResult
    func takePressOnOpenRow() -> (action: Int?, start: Point)? {
        defer { pressOnOpenRow = nil }
        return pressOnOpenRow
    }

    /// The outcome of the last row action or commit: its error, or nil when it went well.
    func record(_ error: BatchUpdateError?) { lastError = error }

    /// Forgets the swipe at once; false when there was none.
    @discardableResult
    func drop() -> Bool {
        guard swipe != nil || settling != nil else { return false }
        swipe = nil
        settling = nil
        pressOnOpenRow = nil
        return true
    }
}

extension RowActionState: PositionTracking {
    /// An update closes the open row at once (its row may be gone).
    func remap(_ mapping: UpdateMapping) { drop() }
    /// A reload forgets the swipe.
    func reset(sectionCount: Int) {
        swipe = nil
        settling = nil
    }
}
