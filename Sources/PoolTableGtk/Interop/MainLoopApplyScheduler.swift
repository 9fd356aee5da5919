import CGtk
import Dispatch
import PoolTable
import Synchronization

/// The diffable data sources' scheduler under GTK (issue 36): a large snapshot's diff runs on
/// Dispatch's global queue, and its batch update comes back through a GLib idle source on
/// the default main context, because GLib's loop owns the main thread and neither
/// `DispatchQueue.main` nor the main actor's tasks run under it (GTK-NOTES.md, "Pitfall").
/// One idle source drains a queue, so hand-backs run in the order they were asked for.
/// `TableWidget` installs it as `DiffableApply.defaultScheduler`.
@_spi(Interop) public final class MainLoopApplyScheduler: DiffableApplyScheduler {
    private struct Queue {
        var jobs: [@MainActor @Sendable () -> Void] = []
        var sourceAdded = false
    }
    private let queue = Mutex(Queue())

    /// The scheduler `TableWidget` installs.
    public static let shared = MainLoopApplyScheduler()

    /// A scheduler on GLib's default main context.
    public init() {}

    /// Makes `shared` the default of every diffable data source that was given no scheduler.
    public static func installAsDefault() {
        if !(DiffableApply.defaultScheduler is MainLoopApplyScheduler) { DiffableApply.defaultScheduler = shared }
    }

    public func runInBackground(_ work: @escaping @Sendable () -> Void) {
        DispatchQueue.global(qos: .userInitiated).async(execute: work)
    }

    public func runOnMain(_ work: @escaping @MainActor @Sendable () -> Void) {
        let addSource = queue.withLock { queue -> Bool in
            queue.jobs.append(work)
            defer { queue.sourceAdded = true }
            return !queue.sourceAdded
        }
        // g_idle_add_full is thread-safe: it wakes the main context from any thread.
        if addSource { g_idle_add_full(G_PRIORITY_DEFAULT, drainThunk, Unmanaged.passRetained(self).toOpaque(), nil) }
    }

    /// Runs the queued jobs (on the main thread, from the idle source), jobs they queue included.
    fileprivate func drain() {
        while true {
            let jobs = queue.withLock { queue -> [@MainActor @Sendable () -> Void] in
                defer { queue.jobs = [] }
                if queue.jobs.isEmpty { queue.sourceAdded = false }
                return queue.jobs
            }
            if jobs.isEmpty { return }
            MainActor.assumeIsolated { for job in jobs { job() } }
        }
    }
}

private let drainThunk: GSourceFunc = { data in
    Unmanaged<MainLoopApplyScheduler>.fromOpaque(data!).takeRetainedValue().drain()
    return 0
}
