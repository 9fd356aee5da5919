/// Position tracking (gtklistitemmanager.c's trackers): anything that keeps index paths and
/// must follow its items through data changes registers a tracker with its view, and the
/// view moves every tracker in one loop — through a batch update's change list, or back to
/// nothing on a full reload. A feature with a new tracked position adds its tracker; it
/// never adds a line to the coordinator's updates.

/// Something that follows items through updates.
@MainActor
protocol PositionTracking: AnyObject {
    /// Follows a batch update: every kept item to where `mapping` puts it; deleted ones
    /// are dropped.
    func remap(_ mapping: UpdateMapping)
    /// Follows a full reload: the items are all new (`sectionCount` sections were loaded).
    func reset(sectionCount: Int)
}

/// A view's trackers, in the order they registered, moved together.
@MainActor
final class PositionTrackers {
    private var trackers: [any PositionTracking] = []

    /// Adds `tracker`: from now on it follows every update and reload.
    func register(_ tracker: any PositionTracking) {
        guard !trackers.contains(where: { $0 === tracker }) else { return }
        trackers.append(tracker)
    }

    /// Every tracker through a batch update's change list.
    func remap(_ mapping: UpdateMapping) {
        for t in trackers { t.remap(mapping) }
    }

    /// Every tracker after a full reload of `sectionCount` sections.
    func reset(sectionCount: Int) {
        for t in trackers { t.reset(sectionCount: sectionCount) }
    }
}
