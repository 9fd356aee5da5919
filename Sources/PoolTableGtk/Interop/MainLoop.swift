import CGtk

/// The one monotonic clock of the shell, the app and the bench: GLib's
/// `g_get_monotonic_time`, the clock GDK's frame clock and GLib's timeouts use.
@_spi(Interop) public enum MonotonicClock {
    /// Microseconds since an arbitrary start (system boot on Linux).
    @_spi(Interop) public static var microseconds: Int { Int(g_get_monotonic_time()) }

    /// The same time in seconds.
    @_spi(Interop) public static var seconds: Double { Double(g_get_monotonic_time()) / 1_000_000 }
}

/// Swift closures as GLib main-loop sources and GTK frame callbacks.
///
/// The closures run on the main thread (GLib calls back there) and are released when their
/// source goes away: when they return false, or when the caller removes the source by the
/// id they return (`g_source_remove`, `gtk_widget_remove_tick_callback`).
///
/// Timeouts and tick callbacks run every frame, so their thunks enter the main actor with
/// `onMainThread` (no run-time executor check in release builds), and each thunk is a
/// constant of its C type: a closure written inline as a C function's argument is inferred
/// main-actor isolated here and checks the executor at run time on entry.
@MainActor
@_spi(Interop) public enum MainLoop {
    /// `g_timeout_add_full`: runs `body` every `milliseconds` until it returns false.
    /// Returns the source id (for `g_source_remove`).
    @discardableResult
    @_spi(Interop) public static func addTimeout(milliseconds: UInt32, _ body: @escaping @MainActor () -> Bool) -> guint {
        let thunk: GSourceFunc = { data in
            guard let data else { return GLibConstant.sourceRemove }
            nonisolated(unsafe) let box = data
            return onMainThread {
                Box<@MainActor () -> Bool>.from(box).body() ? GLibConstant.sourceContinue : GLibConstant.sourceRemove
            }
        }
        return g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, thunk, Box(body).retainedPointer(), releaseBox)
    }

    /// `gtk_widget_add_tick_callback`: runs `body` with the widget's frame clock before
    /// every frame until it returns false. Returns the callback id (for
    /// `gtk_widget_remove_tick_callback`).
    @discardableResult
    @_spi(Interop) public static func addTickCallback(_ widget: some GPointer,
                                       _ body: @escaping @MainActor (OpaquePointer?) -> Bool) -> guint {
        let thunk: GtkTickCallback = { _, clock, data in
            guard let data else { return GLibConstant.sourceRemove }
            nonisolated(unsafe) let box = data, clock = clock
            return onMainThread {
                Box<@MainActor (OpaquePointer?) -> Bool>.from(box).body(clock) ? GLibConstant.sourceContinue : GLibConstant.sourceRemove
            }
        }
        return gtk_widget_add_tick_callback(widget.widget, thunk, Box(body).retainedPointer(), releaseBox)
    }

    /// `gtk_drawing_area_set_draw_func`: `body` draws with the `cairo_t` at the area's
    /// width and height (replacing any earlier draw function, which is released).
    @_spi(Interop) public static func setDrawFunction(_ area: some GPointer,
                                       _ body: @escaping @MainActor (OpaquePointer, Int32, Int32) -> Void) {
        gtk_drawing_area_set_draw_func(area.cast(to: GtkDrawingArea.self), { _, cr, width, height, data in
            guard let data, let cr else { return }
            nonisolated(unsafe) let box = data, cairo = cr
            MainActor.assumeIsolated { Box<@MainActor (OpaquePointer, Int32, Int32) -> Void>.from(box).body(cairo, width, height) }
        }, Box(body).retainedPointer(), releaseBox)
    }
}

/// A repeating GLib timeout that runs a Swift closure on the main loop until the closure
/// returns false or `stop()` is called; stopped when released. GLib timers, not Swift
/// concurrency: tasks hopping to the main actor never run while GLib owns the main thread.
@MainActor
@_spi(Interop) public final class GLibTimeout {
    private nonisolated(unsafe) var sourceID: guint = 0
    /// Bumped on every start, so a closure that stops its own source cannot clear a newer one.
    private var generation = 0

    /// A stopped timer.
    @_spi(Interop) public init() {}

    /// Whether the timer is scheduled.
    @_spi(Interop) public var isRunning: Bool { sourceID != 0 }

    /// (Re)starts the timer: `body` runs every `milliseconds` until it returns false.
    @_spi(Interop) public func start(milliseconds: UInt32, _ body: @escaping @MainActor () -> Bool) {
        stop()
        generation += 1
        let mine = generation
        sourceID = MainLoop.addTimeout(milliseconds: milliseconds) { [weak self] in
            let again = body()
            if !again, let self, self.generation == mine { self.sourceID = 0 }
            return again
        }
    }

    /// Runs `body` once after `milliseconds`.
    @_spi(Interop) public func once(after milliseconds: UInt32, _ body: @escaping @MainActor () -> Void) {
        start(milliseconds: milliseconds) { body(); return false }
    }

    /// Cancels the timer (nothing if it is not running).
    @_spi(Interop) public func stop() {
        guard sourceID != 0 else { return }
        g_source_remove(sourceID)
        sourceID = 0
    }

    deinit {
        if sourceID != 0 { g_source_remove(sourceID) }
    }
}

/// `MonotonicClock.seconds` under its old name, for AccessibleRows (being rewritten in
/// parallel); remove once nothing calls it.
func monotonicSeconds() -> Double { MonotonicClock.seconds }
