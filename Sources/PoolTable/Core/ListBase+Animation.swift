/// The animation clock. The host calls `advanceAnimations(to:)` from its frame clock while
/// `hasRunningAnimations`; tests call it by hand.
extension ListBase {
    /// Moves every animation to `time` (seconds, monotonic). An animation begun since the
    /// last call starts at `time`.
    public func advanceAnimations(to time: Double) {
        defer { checkInvariantsAfterMutation() }
        guard time.isFinite else { return }
        let t = max(now ?? time, time)
        now = t
        var changed = false

        if var e = editingTransition {
            e.pin(at: t)
            editingTransition = e.isFinished(at: t) ? nil : e
            changed = true
        }
        if selection.isAnimating {
            selection.advanceAnimations(to: t)
            changed = true
        }
        if var s = scrollAnimation {
            s.pin(at: t)
            scrollAnimation = s.isFinished(at: t) ? nil : s
            setOffsetY(s.value(at: t), reason: .engine)
            changed = true
        }
        if advanceAutoScroll(to: t) { changed = true }
        if let duration = cellAnimationRequest {
            cellAnimationRequest = nil
            cellAnimationDeadline = max(cellAnimationDeadline ?? t + duration, t + duration)
        }
        if let deadline = cellAnimationDeadline {
            changed = true
            if t >= deadline { cellAnimationDeadline = nil }
        }
        if advanceRowAnimations(to: t) { changed = true }
        if changed {
            updateAnimatedCellState()
            setNeedsDisplay()
        }
    }

    /// True while anything moves: keep calling `advanceAnimations(to:)` every frame.
    public var hasRunningAnimations: Bool {
        editingTransition != nil || selection.isAnimating || scrollAnimation != nil
            || interaction.autoScrollVelocity != 0 || rowAnimations.isRunning || cellAnimationsPending
    }

    /// Keeps frames coming for `duration` seconds of engine time, for cells that animate
    /// their own content (e.g. a progress bar easing to its new value). Like every animation
    /// begun between frames, the time counts from the next `advanceAnimations(to:)`, not from
    /// `animationTime`, which may be long past (the table was idle) or unset.
    public func keepAnimating(for duration: Double) {
        guard duration.isFinite, duration > 0 else { return }
        cellAnimationRequest = max(cellAnimationRequest ?? duration, duration)
        host?.tableViewNeedsAnimationTicks(self)
        setNeedsDisplay()
    }

    private var cellAnimationsPending: Bool {
        if cellAnimationRequest != nil { return true }
        guard let deadline = cellAnimationDeadline, let now else { return false }
        return now < deadline
    }

    /// The engine's current time (the last `advanceAnimations(to:)`).
    public var animationTime: Double? { now }
}
