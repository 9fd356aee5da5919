import Dispatch
import Synchronization

/// Where a diffable data source computes a large snapshot's difference, and how it hands the
/// result back to the main thread for the batch update (issue 36).
///
/// The engine does not know who owns the main thread. Under GTK, GLib's main loop does, and
/// neither `DispatchQueue.main` nor the main actor's tasks run unless something drains them
/// (GTK-NOTES.md, "Pitfall"); so the GTK shell installs a scheduler that goes through GLib
/// (`PoolTableGtk.MainLoopApplyScheduler`), and headless tests install a
/// ``ManualApplyScheduler`` and drain it when they choose.
public protocol DiffableApplyScheduler: Sendable {
    /// Runs `work` on some thread other than the main thread, soon.
    func runInBackground(_ work: @escaping @Sendable () -> Void)
    /// Runs `work` on the main thread later (never inside this call), in the order of the calls.
    func runOnMain(_ work: @escaping @MainActor @Sendable () -> Void)
}

/// The scheduler of every `TableViewDiffableDataSource` that was given none (its `applyScheduler`).
public enum DiffableApply {
    /// Default ``DispatchApplyScheduler``; the GTK shell replaces it with one that hands work
    /// back through GLib's main loop when it creates a table widget.
    public static var defaultScheduler: any DiffableApplyScheduler {
        get { defaultSchedulerSlot.withLock { $0 } }
        set { defaultSchedulerSlot.withLock { $0 = newValue } }
    }
}

private let defaultSchedulerSlot = Mutex<any DiffableApplyScheduler>(DispatchApplyScheduler())

/// Dispatch's global queue for the diff and the main dispatch queue back. The main queue
/// runs only where something drains it (`dispatchMain()`, a run loop, or a GLib source
/// calling the main queue's callback): a GTK app uses the shell's scheduler instead.
public struct DispatchApplyScheduler: DiffableApplyScheduler {
    /// A scheduler on Dispatch's queues.
    public init() {}
    public func runInBackground(_ work: @escaping @Sendable () -> Void) {
        DispatchQueue.global(qos: .userInitiated).async(execute: work)
    }
    public func runOnMain(_ work: @escaping @MainActor @Sendable () -> Void) {
        DispatchQueue.main.async { MainActor.assumeIsolated { work() } }
    }
}

/// A scheduler that only queues: nothing runs until the owner drains it, on the main thread.
/// Headless tests use it to interleave a diff's work and its hand-back deterministically;
/// background work then runs on the draining thread, in a nonisolated closure as it would
/// on a worker.
public final class ManualApplyScheduler: DiffableApplyScheduler {
    private struct Jobs {
        var background: [@Sendable () -> Void] = []
        var main: [@MainActor @Sendable () -> Void] = []
    }
    private let jobs = Mutex(Jobs())

    /// An empty scheduler.
    public init() {}

    public func runInBackground(_ work: @escaping @Sendable () -> Void) { jobs.withLock { $0.background.append(work) } }
    public func runOnMain(_ work: @escaping @MainActor @Sendable () -> Void) { jobs.withLock { $0.main.append(work) } }

    /// How many background jobs wait.
    public var waitingBackgroundJobs: Int { jobs.withLock { $0.background.count } }
    /// How many main-thread jobs wait.
    public var waitingMainJobs: Int { jobs.withLock { $0.main.count } }

    /// Runs the oldest waiting background job; false if there was none.
    @discardableResult
    public func runOneBackgroundJob() -> Bool {
        let job = jobs.withLock { $0.background.isEmpty ? nil : $0.background.removeFirst() }
        job?()
        return job != nil
    }

    /// Runs the oldest waiting main-thread job; false if there was none.
    @MainActor @discardableResult
    public func runOneMainJob() -> Bool {
        let job = jobs.withLock { $0.main.isEmpty ? nil : $0.main.removeFirst() }
        job?()
        return job != nil
    }

    /// Runs every job, background ones first, including the jobs they add, until none is
    /// left. Returns how many ran.
    @MainActor @discardableResult
    public func drain() -> Int {
        var ran = 0
        while true {
            if runOneBackgroundJob() { ran += 1; continue }
            if runOneMainJob() { ran += 1; continue }
            return ran
        }
    }
}
