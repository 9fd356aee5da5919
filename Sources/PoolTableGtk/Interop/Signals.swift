import CGtk

/// Connecting Swift closures to GObject signals.
///
/// C's `g_signal_connect` is a macro; these call `g_signal_connect_data` with a retained
/// box as `user_data` (released by the closure's destroy notify when the handler or the
/// instance goes away) and one non-capturing thunk per C signature, which re-enters the
/// main actor with `MainActor.assumeIsolated` (GLib calls back on the main thread); the
/// two that run many times a frame (`connect`, `connectItemsChanged`) with `onMainThread`,
/// the same without the run-time check in release builds.
///
/// Each function's name says the handler's C signature (after the instance and before
/// `user_data`); pick the one the signal's documentation shows. `after: true` runs the
/// handler after the default handler (`G_CONNECT_AFTER`).
@MainActor
public enum Signal {
    /// `void handler(instance, user_data)`: `clicked`, `value-changed`, `activate`, `enter`, …
    @discardableResult
    public static func connect(_ instance: some GPointer, _ signal: String, after: Bool = false,
                               _ body: @escaping @MainActor () -> Void) -> gulong {
        let thunk: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
            guard let data else { return }
            nonisolated(unsafe) let box = data
            onMainThread { Box<@MainActor () -> Void>.from(box).body() }   // hot: adjustments, frame-clock signals
        }
        return connect(instance, signal, unsafeBitCast(thunk, to: GCallback.self), Box(body), after: after)
    }

    /// `gboolean handler(instance, user_data)`: `close-request`, …
    @discardableResult
    public static func connectReturningBool(_ instance: some GPointer, _ signal: String,
                                            _ body: @escaping @MainActor () -> Bool) -> gulong {
        let thunk: @convention(c) (gpointer?, gpointer?) -> gboolean = { _, data in
            guard let data else { return 0 }
            nonisolated(unsafe) let box = data
            return MainActor.assumeIsolated { Box<@MainActor () -> Bool>.from(box).body().gboolean }
        }
        return connect(instance, signal, unsafeBitCast(thunk, to: GCallback.self), Box(body))
    }

    /// `void handler(instance, gpointer arg, user_data)`: `notify` (GParamSpec*), `cancel`
    /// (GdkEventSequence*), GAction's `activate` (GVariant*), …
    @discardableResult
    public static func connectPointer(_ instance: some GPointer, _ signal: String, after: Bool = false,
                                      _ body: @escaping @MainActor (UnsafeMutableRawPointer?) -> Void) -> gulong {
        let thunk: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, arg, data in
            guard let data else { return }
            nonisolated(unsafe) let box = data, arg = arg
            MainActor.assumeIsolated { Box<@MainActor (UnsafeMutableRawPointer?) -> Void>.from(box).body(arg) }
        }
        return connect(instance, signal, unsafeBitCast(thunk, to: GCallback.self), Box(body), after: after)
    }

    /// `gint handler(instance, gpointer arg, user_data)`: GApplication's `handle-local-options`
    /// (GVariantDict*), `command-line`, …
    @discardableResult
    public static func connectPointerReturningInt(_ instance: some GPointer, _ signal: String,
                                                  _ body: @escaping @MainActor (UnsafeMutableRawPointer?) -> Int32) -> gulong {
        let thunk: @convention(c) (gpointer?, gpointer?, gpointer?) -> gint = { _, arg, data in
            guard let data else { return -1 }
            nonisolated(unsafe) let box = data, arg = arg
            return MainActor.assumeIsolated { Box<@MainActor (UnsafeMutableRawPointer?) -> Int32>.from(box).body(arg) }
        }
        return connect(instance, signal, unsafeBitCast(thunk, to: GCallback.self), Box(body))
    }

    /// `void handler(instance, double x, double y, user_data)`: GtkGestureDrag's
    /// `drag-begin` / `drag-update` / `drag-end`, GtkGestureLongPress's `pressed`, …
    @discardableResult
    public static func connectPoint(_ instance: some GPointer, _ signal: String,
                                    _ body: @escaping @MainActor (Double, Double) -> Void) -> gulong {
        let thunk: @convention(c) (gpointer?, gdouble, gdouble, gpointer?) -> Void = { _, x, y, data in
            guard let data else { return }
            nonisolated(unsafe) let box = data
            MainActor.assumeIsolated { Box<@MainActor (Double, Double) -> Void>.from(box).body(x, y) }
        }
        return connect(instance, signal, unsafeBitCast(thunk, to: GCallback.self), Box(body))
    }

    /// `gboolean handler(instance, double dx, double dy, user_data)`: GtkEventControllerScroll's
    /// `scroll`. Return true to stop the event.
    @discardableResult
    public static func connectScroll(_ instance: some GPointer, _ signal: String,
                                     _ body: @escaping @MainActor (Double, Double) -> Bool) -> gulong {
        let thunk: @convention(c) (gpointer?, gdouble, gdouble, gpointer?) -> gboolean = { _, dx, dy, data in
            guard let data else { return 0 }
            nonisolated(unsafe) let box = data
            return MainActor.assumeIsolated { Box<@MainActor (Double, Double) -> Bool>.from(box).body(dx, dy).gboolean }
        }
        return connect(instance, signal, unsafeBitCast(thunk, to: GCallback.self), Box(body))
    }

    /// `void handler(instance, int n_press, double x, double y, user_data)`: GtkGestureClick's
    /// `pressed` / `released`.
    @discardableResult
    public static func connectPressCount(_ instance: some GPointer, _ signal: String,
                                         _ body: @escaping @MainActor (Int32, Double, Double) -> Void) -> gulong {
        let thunk: @convention(c) (gpointer?, gint, gdouble, gdouble, gpointer?) -> Void = { _, n, x, y, data in
            guard let data else { return }
            nonisolated(unsafe) let box = data
            MainActor.assumeIsolated { Box<@MainActor (Int32, Double, Double) -> Void>.from(box).body(n, x, y) }
        }
        return connect(instance, signal, unsafeBitCast(thunk, to: GCallback.self), Box(body))
    }

    /// `void handler(instance, int width, int height, user_data)`: GtkDrawingArea's `resize`.
    @discardableResult
    public static func connectSize(_ instance: some GPointer, _ signal: String,
                                   _ body: @escaping @MainActor (Int32, Int32) -> Void) -> gulong {
        let thunk: @convention(c) (gpointer?, gint, gint, gpointer?) -> Void = { _, w, h, data in
            guard let data else { return }
            nonisolated(unsafe) let box = data
            MainActor.assumeIsolated { Box<@MainActor (Int32, Int32) -> Void>.from(box).body(w, h) }
        }
        return connect(instance, signal, unsafeBitCast(thunk, to: GCallback.self), Box(body))
    }

    /// `gboolean handler(instance, guint keyval, guint keycode, GdkModifierType state,
    /// user_data)`: GtkEventControllerKey's `key-pressed`. Return true to stop the event.
    @discardableResult
    public static func connectKey(_ instance: some GPointer, _ signal: String,
                                  _ body: @escaping @MainActor (UInt32, UInt32, GdkModifierType) -> Bool) -> gulong {
        let thunk: @convention(c) (gpointer?, guint, guint, GdkModifierType, gpointer?) -> gboolean = { _, keyval, keycode, state, data in
            guard let data else { return 0 }
            nonisolated(unsafe) let box = data
            return MainActor.assumeIsolated {
                Box<@MainActor (UInt32, UInt32, GdkModifierType) -> Bool>.from(box).body(keyval, keycode, state).gboolean
            }
        }
        return connect(instance, signal, unsafeBitCast(thunk, to: GCallback.self), Box(body))
    }

    /// `void handler(instance, guint position, guint removed, guint added, user_data)`:
    /// GListModel's `items-changed`.
    @discardableResult
    public static func connectItemsChanged(_ instance: some GPointer,
                                           _ body: @escaping @MainActor (UInt32, UInt32, UInt32) -> Void) -> gulong {
        let thunk: @convention(c) (gpointer?, guint, guint, guint, gpointer?) -> Void = { _, position, removed, added, data in
            guard let data else { return }
            nonisolated(unsafe) let box = data
            onMainThread { Box<@MainActor (UInt32, UInt32, UInt32) -> Void>.from(box).body(position, removed, added) }
        }
        return connect(instance, "items-changed", unsafeBitCast(thunk, to: GCallback.self), Box(body))
    }

    /// `void handler(instance, guint position, guint n_items, user_data)`: GtkSelectionModel's
    /// `selection-changed`.
    @discardableResult
    public static func connectSelectionChanged(_ instance: some GPointer,
                                               _ body: @escaping @MainActor (UInt32, UInt32) -> Void) -> gulong {
        let thunk: @convention(c) (gpointer?, guint, guint, gpointer?) -> Void = { _, position, count, data in
            guard let data else { return }
            nonisolated(unsafe) let box = data
            MainActor.assumeIsolated { Box<@MainActor (UInt32, UInt32) -> Void>.from(box).body(position, count) }
        }
        return connect(instance, "selection-changed", unsafeBitCast(thunk, to: GCallback.self), Box(body))
    }

    /// Disconnects a handler returned by one of the `connect` functions.
    public static func disconnect(_ instance: some GPointer, _ handler: gulong) {
        if handler != 0 { g_signal_handler_disconnect(instance.rawPointer, handler) }
    }

    // MARK: Private

    private static func connect<F>(_ instance: some GPointer, _ signal: String, _ callback: GCallback, _ box: Box<F>,
                                   after: Bool = false) -> gulong {
        let release: @convention(c) (gpointer?, UnsafeMutablePointer<GClosure>?) -> Void = { data, _ in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        }
        return g_signal_connect_data(instance.rawPointer, signal, callback, box.retainedPointer(), release,
                                     after ? G_CONNECT_AFTER : GConnectFlags(rawValue: 0))
    }
}

/// A Swift value handed to C as `user_data`: retained while C holds it.
final class Box<T> {
    let body: T
    init(_ body: T) { self.body = body }

    /// +1 reference for C to own; balance it with `Unmanaged<AnyObject>.fromOpaque(p).release()`.
    func retainedPointer() -> UnsafeMutableRawPointer { Unmanaged.passRetained(self).toOpaque() }

    /// The box behind `user_data` (not consuming C's reference).
    static func from(_ p: UnsafeMutableRawPointer) -> Box<T> {
        Unmanaged<Box<T>>.fromOpaque(p).takeUnretainedValue()
    }
}

/// A `GDestroyNotify` that releases a pointer made by `Box.retainedPointer()`.
let releaseBox: @convention(c) (gpointer?) -> Void = { data in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}
