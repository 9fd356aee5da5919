/// The animation clock. The host calls `advanceAnimations(to:)` from its frame clock while
/// `hasRunningAnimations`; tests call it by hand.
extension ListBase {
    /// Moves every animation to `time` (seconds, monotonic). An animation begun since the
    /// last call starts at `time`.
    public func advanceAnimations(to time: Double) {
        guard time.isFinite else { return }
        let t = max(now ?? time, time)
        now = t
        var changed = false

        if var e = editingTransition {
            e.pin(at: t)
            editingTransition = e.isFinished(at: t) ? nil : e
            changed = true
        }
        if !selectionTransitions.isEmpty {
            for (ip, var tr) in selectionTransitions {
                tr.pin(at: t)
                selectionTransitions[ip] = tr.isFinished(at: t) ? nil : tr
            }
            changed = true
        }
        if var s = scrollAnimation {
            s.pin(at: t)
            scrollAnimation = s.isFinished(at: t) ? nil : s
            setOffsetY(s.value(at: t), reason: .engine)
            changed = true
        }
        if advanceAutoScroll(to: t) { changed = true }
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
        editingTransition != nil || !selectionTransitions.isEmpty || scrollAnimation != nil
            || interaction.autoScrollVelocity != 0 || rowAnimations.isRunning || cellAnimationsPending
    }

    /// Keeps frames coming for `duration` seconds of engine time, for cells that animate
    /// their own content (e.g. a progress bar easing to its new value).
    public func keepAnimating(for duration: Double) {
        guard duration.isFinite, duration > 0 else { return }
        let deadline = (now ?? 0) + duration
        cellAnimationDeadline = max(cellAnimationDeadline ?? deadline, deadline)
        host?.tableViewNeedsAnimationTicks(self)
        setNeedsDisplay()
    }

    private var cellAnimationsPending: Bool {
        guard let deadline = cellAnimationDeadline else { return false }
        return now.map { $0 < deadline } ?? true
    }

    /// The engine's current time (the last `advanceAnimations(to:)`).
    public var animationTime: Double? { now }
}
