/// The engine's clock and what runs on it beside row and selection animations: the
/// edit-mode transition, an animated scroll, frames cells asked for, and the drawn extents
/// of the frame being rendered.
@MainActor
final class AnimationClock {
    // Read or written on every scroll step: exempt from dynamic exclusivity checks (a
    // third of a step went to swift_beginAccess before). Touched only on the main actor by
    // straight-line code, never through overlapping inout accesses.
    /// The time of the last `advance(to:)`; nil before the first.
    @exclusivity(unchecked) private(set) var now: Double?
    @exclusivity(unchecked) private var editingTransition: Transition?
    @exclusivity(unchecked) private var scrollAnimation: Transition?
    /// Until when cells asked for frames (`keepAnimating(for:)`).
    @exclusivity(unchecked) private var cellAnimationDeadline: Double?
    /// The longest request since the last `advance(to:)`, which turns it into the deadline
    /// (the time may be stale or unset before).
    @exclusivity(unchecked) private var cellAnimationRequest: Double?
    /// The drawn frame of each mounted item while `render` draws a displaced frame (row
    /// animations or a movement by hand); nil otherwise.
    @exclusivity(unchecked) private(set) var presentedFrames: [Rect]?
    /// The buffer those frames are computed into, kept from frame to frame (no allocation
    /// per frame once it has grown to the number of mounted items).
    @exclusivity(unchecked) var framesBuffer: [Rect] = []

    /// Moves the clock to `time` (never backwards); returns the new time.
    func advance(to time: Double) -> Double {
        let t = max(now ?? time, time)
        now = t
        return t
    }

    // MARK: Edit mode

    var isEditingAnimating: Bool { editingTransition != nil }
    func startEditingTransition(_ t: Transition?) { editingTransition = t }
    /// The edit-mode phase: the transition's value, else 1 when editing, 0 when not.
    func editingProgress(isEditing: Bool) -> Double { editingTransition?.value(at: now) ?? (isEditing ? 1 : 0) }
    /// Advances the edit-mode transition; true if one ran.
    func tickEditing(_ t: Double) -> Bool {
        guard var e = editingTransition else { return false }
        e.pin(at: t)
        editingTransition = e.isFinished(at: t) ? nil : e
        return true
    }

    // MARK: Animated scroll

    var isScrolling: Bool { scrollAnimation != nil }
    /// Where an animated scroll is heading.
    var scrollTarget: Double? { scrollAnimation?.to }
    func startScroll(from: Double, to: Double) {
        scrollAnimation = Transition(from: from, to: to, duration: 0.3, easing: .easeInOut)
    }
    func cancelScroll() { scrollAnimation = nil }
    /// Advances an animated scroll: the offset to show now, or nil when none runs.
    func tickScroll(_ t: Double) -> Double? {
        guard var s = scrollAnimation else { return nil }
        s.pin(at: t)
        scrollAnimation = s.isFinished(at: t) ? nil : s
        return s.value(at: t)
    }

    // MARK: Cell content animations

    /// Frames for `duration` seconds from the next `advance(to:)`.
    func requestCellFrames(for duration: Double) {
        cellAnimationRequest = max(cellAnimationRequest ?? duration, duration)
    }
    /// Turns a request into a deadline; true while cells still want frames at `t`.
    func tickCellAnimations(_ t: Double) -> Bool {
        if let duration = cellAnimationRequest {
            cellAnimationRequest = nil
            cellAnimationDeadline = max(cellAnimationDeadline ?? t + duration, t + duration)
        }
        guard let deadline = cellAnimationDeadline else { return false }
        if t >= deadline { cellAnimationDeadline = nil }
        return true
    }
    var cellAnimationsPending: Bool {
        if cellAnimationRequest != nil { return true }
        guard let deadline = cellAnimationDeadline, let now else { return false }
        return now < deadline
    }

    // MARK: Rendering

    /// Runs `draw` with the frame's drawn frames available through `presentedFrames`
    /// (`framesBuffer` when `displaced`); the buffer is handed back afterwards.
    func rendering(displaced: Bool, _ draw: () -> Void) {
        if displaced { presentedFrames = framesBuffer; framesBuffer = [] }
        defer {
            if let frames = presentedFrames { framesBuffer = frames; presentedFrames = nil }
        }
        draw()
    }
}
