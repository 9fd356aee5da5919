import CGtk

/// Work to run once on the main loop, at the next idle or after a delay: however often it is
/// scheduled meanwhile, one GLib source is pending at a time.
@MainActor
final class DeferredCall {
    private var sourceID: guint = 0
    private let priority: Int32
    private let body: @MainActor () -> Void

    /// Runs `body` at `priority` when scheduled (capture the owner weakly).
    init(priority: Int32, _ body: @escaping @MainActor () -> Void) {
        self.priority = priority
        self.body = body
    }

    /// True while a run is pending.
    var isScheduled: Bool { sourceID != 0 }

    /// Runs the body at the next idle (`after` nil) or `after` seconds from now, unless a run
    /// is already pending.
    func schedule(after seconds: Double? = nil) {
        guard sourceID == 0 else { return }
        let box = Box<@MainActor () -> Void> { [weak self] in
            guard let self else { return }
            self.sourceID = 0
            self.body()
        }
        let run: GSourceFunc = { data in
            guard let data else { return GLibConstant.sourceRemove }
            nonisolated(unsafe) let box = data
            onMainThread { Box<@MainActor () -> Void>.from(box).body() }   // a GLib source: the main thread
            return GLibConstant.sourceRemove
        }
        if let seconds {
            let ms = guint(max(1, (seconds * 1000).rounded(.up)))
            sourceID = g_timeout_add_full(priority, ms, run, box.retainedPointer(), releaseBox)
        } else {
            sourceID = g_idle_add_full(priority, run, box.retainedPointer(), releaseBox)
        }
    }

    /// Drops the pending run, if any.
    func cancel() {
        if sourceID != 0 { g_source_remove(sourceID); sourceID = 0 }
    }
}
