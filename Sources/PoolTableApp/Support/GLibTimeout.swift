import CGtk

/// A repeating GLib timeout (`g_timeout_add_full`) that runs a Swift closure on the main
/// loop until the closure returns false or `stop()` is called. GLib timers, not Swift
/// concurrency: tasks hopping to the main actor never run while GLib owns the main thread.
@MainActor
final class GLibTimeout {
    private nonisolated(unsafe) var sourceID: guint = 0
    /// Bumped on every start, so a closure that stops its own source cannot clear a newer one.
    private var generation = 0

    var isRunning: Bool { sourceID != 0 }

    /// (Re)starts the timer: `body` runs every `milliseconds` until it returns false.
    func start(milliseconds: UInt32, _ body: @escaping @MainActor () -> Bool) {
        stop()
        generation += 1
        let mine = generation
        let box = TimeoutBox { [weak self] in
            let again = body()
            if !again, let self, self.generation == mine { self.sourceID = 0 }
            return again
        }
        sourceID = g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, { data in
            guard let data else { return 0 }
            nonisolated(unsafe) let d = data
            return MainActor.assumeIsolated { Unmanaged<TimeoutBox>.fromOpaque(d).takeUnretainedValue().body() ? 1 : 0 }
        }, Unmanaged.passRetained(box).toOpaque(), { data in
            guard let data else { return }
            Unmanaged<TimeoutBox>.fromOpaque(data).release()
        })
    }

    /// Runs `body` once after `milliseconds`.
    func once(after milliseconds: UInt32, _ body: @escaping @MainActor () -> Void) {
        start(milliseconds: milliseconds) { body(); return false }
    }

    func stop() {
        guard sourceID != 0 else { return }
        g_source_remove(sourceID)
        sourceID = 0
    }

    deinit {
        if sourceID != 0 { g_source_remove(sourceID) }
    }
}

private final class TimeoutBox {
    let body: @MainActor () -> Bool
    init(_ body: @escaping @MainActor () -> Bool) { self.body = body }
}

/// Seconds on GLib's monotonic clock.
func monotonicNow() -> Double { Double(g_get_monotonic_time()) / 1_000_000 }
