/// The layout pass's bookkeeping: whether the data must be asked again, whether a pass is
/// due or running, which load the mounted items belong to, and the content length the
/// host was last told about.
@MainActor
final class LayoutPass {
    // Read or written on every scroll step: exempt from dynamic exclusivity checks (a
    // third of a step went to swift_beginAccess before). Touched only on the main actor by
    // straight-line code, never through overlapping inout accesses.
    @exclusivity(unchecked) private(set) var needsReload = true
    @exclusivity(unchecked) private(set) var needsLayout = true
    @exclusivity(unchecked) private(set) var isLayingOut = false
    /// Bumped by every load from the data source (mounted items of another load are stale).
    @exclusivity(unchecked) private(set) var loadGeneration = 0
    @exclusivity(unchecked) private var reportedContentLength = -1.0
    /// Set for the pass of a batch that kept the mounted items (`ListBase.apply`): they are
    /// laid out as they are, so that pass may be the incremental step even while a row
    /// animation runs (which otherwise asks for the full pass).
    @exclusivity(unchecked) var keepsMountedItems = false

    /// The data must be asked again (and everything laid out).
    func invalidateData() { needsReload = true; needsLayout = true }
    /// A pass is due.
    func invalidateLayout() { needsLayout = true }
    /// The pass about to run (or running) need not run again.
    func clearNeedsLayout() { needsLayout = false }

    /// True (and the reload is taken) when the data must be asked again and no pass runs.
    func beginReload() -> Bool {
        guard needsReload, !isLayingOut else { return false }
        needsReload = false
        return true
    }
    /// A load finished: a new generation, and a pass is due.
    func didLoad() {
        loadGeneration &+= 1
        needsLayout = true
    }

    func begin() { isLayingOut = true }
    func end() { isLayingOut = false }

    /// True when `length` differs from what the host was last told (and remembers it).
    func contentLengthChanged(to length: Double) -> Bool {
        guard length != reportedContentLength else { return false }
        reportedContentLength = length
        return true
    }
}
