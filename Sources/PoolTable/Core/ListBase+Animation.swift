/// The animation clock. The host calls `advanceAnimations(to:)` from its frame clock while
/// `hasRunningAnimations`; tests call it by hand.
extension ListBase {
    /// Moves every animation to `time` (seconds, monotonic). An animation begun since the
    /// last call starts at `time`.
    public func advanceAnimations(to time: Double) {
        defer { checkInvariantsAfterMutation() }
        guard time.isFinite else { return }
        let t = clock.advance(to: time)
        var changed = false

        if clock.tickEditing(t) { changed = true }
        if selection.isAnimating {
            selection.advanceAnimations(to: t)
            changed = true
        }
        if let scrolled = clock.tickScroll(t) {
            setOffset(scrolled, reason: .engine)
            changed = true
        }
        if advanceAutoScroll(to: t) { changed = true }
        if clock.tickCellAnimations(t) { changed = true }
        if advanceRowAnimations(to: t) { changed = true }
        if advanceViewAnimations(to: t) { changed = true }
        // The others' glides during a movement by hand move cells, never change their state.
        let glided = advanceMovement(to: t)
        if pointerInteractions.isWaitingForHold { _ = pointerInteractions.tick(at: t, press: interaction.press, in: self) }
        if changed { updateAnimatedCellState() }
        if changed || glided { setNeedsDisplay() }
    }

    /// True while anything moves: keep calling `advanceAnimations(to:)` every frame.
    public var hasRunningAnimations: Bool {
        clock.isEditingAnimating || selection.isAnimating || clock.isScrolling
            || interaction.autoScrollVelocity != 0 || rowAnimations.isRunning || clock.cellAnimationsPending || isMovementGliding
            || pointerInteractions.isWaitingForHold || hasViewAnimations
    }

    /// Keeps frames coming for `duration` seconds of engine time, for cells that animate
    /// their own content (e.g. a progress bar easing to its new value). Like every animation
    /// begun between frames, the time counts from the next `advanceAnimations(to:)`, not from
    /// `animationTime`, which may be long past (the table was idle) or unset.
    public func keepAnimating(for duration: Double) {
        guard duration.isFinite, duration > 0 else { return }
        clock.requestCellFrames(for: duration)
        host?.tableViewNeedsAnimationTicks(self)
        setNeedsDisplay()
    }

    /// The engine's time (the last `advanceAnimations(to:)`); nil before the first.
    var now: Double? { clock.now }

    /// The engine's current time (the last `advanceAnimations(to:)`).
    public var animationTime: Double? { clock.now }
}
