import CGtk

/// Work off the main thread whose result comes back through GLib's main loop (Swift
/// concurrency's main actor is not drained while GTK's loop runs).
@_spi(Interop) public enum Background {
    /// Runs `work` on a thread of its own, then `done` with its result on the main thread.
    @_spi(Interop) public static func run<T: Sendable>(_ work: @escaping @Sendable () -> T, then done: @escaping @MainActor (T) -> Void) {
        let slot = ResultSlot<T>()
        let job = BackgroundJob(work: { slot.value = work() }, finish: { if let value = slot.value { done(value) } })
        let thread = g_thread_new("pooltable-background", backgroundThreadMain, Unmanaged.passRetained(job).toOpaque())
        g_thread_unref(thread)
    }
}

/// A result handed from the worker to the main thread (written before the idle source is
/// added, read after it runs).
private final class ResultSlot<T>: @unchecked Sendable { var value: T? }

private final class BackgroundJob: @unchecked Sendable {
    let work: () -> Void
    let finish: @MainActor () -> Void
    init(work: @escaping () -> Void, finish: @escaping @MainActor () -> Void) { self.work = work; self.finish = finish }
}

private let backgroundThreadMain: GThreadFunc = { data in
    Unmanaged<BackgroundJob>.fromOpaque(data!).takeUnretainedValue().work()
    g_idle_add_full(G_PRIORITY_DEFAULT, backgroundFinish, data, nil)
    return nil
}

private let backgroundFinish: GSourceFunc = { data in
    let job = Unmanaged<BackgroundJob>.fromOpaque(data!).takeRetainedValue()
    MainActor.assumeIsolated { job.finish() }
    return 0
}
