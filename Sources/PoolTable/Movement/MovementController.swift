/// The movement by hand of one view (Movement/): the item lifted, if any, and its shadow's
/// cache key. A position tracker: a reload forgets the movement (the view aborts it first,
/// giving its cell back); batch updates are refused while it runs, and the one batch that
/// commits it leaves it to its end (`ListBase.endInteractiveMovement`).
@MainActor
final class MovementController: PositionTracking {
    /// The row or item the user is moving by hand (`beginInteractiveMovement…`), if any.
    /// (Read for every drawn item of a frame while it runs: exempt from dynamic exclusivity
    /// checks; touched only on the main actor by straight-line code.)
    @exclusivity(unchecked) var state: InteractiveMovement?
    /// The key of the lifted item's shadow as one cached drawing unit.
    let shadowKey = LiftShadowKey()

    var isRunning: Bool { state != nil }
    /// True between the data source's move and the view showing it (the batch applied).
    var isCommitting = false
    /// What waits for the move being committed to be shown (`ListBase.whenMoveShown`).
    var afterCommit: [() -> Void] = []

    func remap(_ mapping: UpdateMapping) {}
    func reset(sectionCount: Int) { state = nil }
}
