import CGtk

// The few GLib/GTK calling conventions the GUI bench needs, kept local to the bench so it
// does not depend on the shell's interop helpers (which are still moving).

/// A Swift value handed to C as `user_data`, retained while C holds it.
final class CBox<T> {
    let value: T
    init(_ value: T) { self.value = value }
    func retained() -> UnsafeMutableRawPointer { Unmanaged.passRetained(self).toOpaque() }
    static func from(_ p: UnsafeMutableRawPointer) -> CBox<T> { Unmanaged<CBox<T>>.fromOpaque(p).takeUnretainedValue() }
}

/// Releases a pointer made by `CBox.retained()` (a `GDestroyNotify`).
let releaseCBox: @convention(c) (gpointer?) -> Void = { p in
    guard let p else { return }
    Unmanaged<AnyObject>.fromOpaque(p).release()
}

/// The same, as a `GClosureNotify` for signal handlers.
let releaseCBoxClosure: @convention(c) (gpointer?, UnsafeMutablePointer<GClosure>?) -> Void = { p, _ in
    guard let p else { return }
    Unmanaged<AnyObject>.fromOpaque(p).release()
}

/// Any C pointer GTK hands out: derivable types import as `UnsafeMutablePointer<_GtkX>`,
/// final types and interfaces as `OpaquePointer`. `to(_:)` and `op` replace C's cast macros.
protocol CPtr {
    var raw: UnsafeMutableRawPointer { get }
}
extension UnsafeMutablePointer: CPtr {
    var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}
extension OpaquePointer: CPtr {
    var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}
extension UnsafeMutableRawPointer: CPtr {
    var raw: UnsafeMutableRawPointer { self }
}
extension CPtr {
    /// An unchecked cast to another C type (`GTK_WINDOW(x)`).
    func to<T>(_: T.Type) -> UnsafeMutablePointer<T> { raw.assumingMemoryBound(to: T.self) }
    /// The same address as an opaque pointer (final GTK types).
    var op: OpaquePointer { OpaquePointer(raw) }
}

func gpointerOf(_ p: some CPtr) -> UnsafeMutableRawPointer { p.raw }

@MainActor
enum GSignal {
    /// `void handler(instance, user_data)`.
    @discardableResult
    static func connect(_ instance: UnsafeMutableRawPointer, _ signal: String, after: Bool = false,
                        _ body: @escaping @MainActor () -> Void) -> gulong {
        let thunk: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
            guard let data else { return }
            nonisolated(unsafe) let d = data
            MainActor.assumeIsolated { CBox<@MainActor () -> Void>.from(d).value() }
        }
        return g_signal_connect_data(instance, signal, unsafeBitCast(thunk, to: GCallback.self), CBox(body).retained(),
                                     releaseCBoxClosure, after ? G_CONNECT_AFTER : GConnectFlags(rawValue: 0))
    }

    /// `void handler(instance, gpointer arg, user_data)`.
    @discardableResult
    static func connectPointer(_ instance: UnsafeMutableRawPointer, _ signal: String, after: Bool = false,
                               _ body: @escaping @MainActor (UnsafeMutableRawPointer?) -> Void) -> gulong {
        let thunk: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, arg, data in
            guard let data else { return }
            nonisolated(unsafe) let d = data, a = arg
            MainActor.assumeIsolated { CBox<@MainActor (UnsafeMutableRawPointer?) -> Void>.from(d).value(a) }
        }
        return g_signal_connect_data(instance, signal, unsafeBitCast(thunk, to: GCallback.self), CBox(body).retained(),
                                     releaseCBoxClosure, after ? G_CONNECT_AFTER : GConnectFlags(rawValue: 0))
    }
}

/// `gtk_widget_add_tick_callback` with a Swift closure; return false to remove it.
@MainActor
@discardableResult
func addTickCallback(_ widget: UnsafeMutablePointer<GtkWidget>, _ body: @escaping @MainActor (OpaquePointer?) -> Bool) -> guint {
    gtk_widget_add_tick_callback(widget, { _, clock, data in
        guard let data else { return 0 }
        nonisolated(unsafe) let d = data, c = clock
        return MainActor.assumeIsolated { CBox<@MainActor (OpaquePointer?) -> Bool>.from(d).value(c) ? 1 : 0 }
    }, CBox(body).retained(), releaseCBox)
}

/// `g_timeout_add_full` with a Swift closure; return false to remove it.
@MainActor
@discardableResult
func addTimeout(milliseconds: UInt32, _ body: @escaping @MainActor () -> Bool) -> guint {
    g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, { data in
        guard let data else { return 0 }
        nonisolated(unsafe) let d = data
        return MainActor.assumeIsolated { CBox<@MainActor () -> Bool>.from(d).value() ? 1 : 0 }
    }, CBox(body).retained(), releaseCBox)
}

/// Microseconds of `g_get_monotonic_time()`.
func monotonicMicros() -> Int { Int(g_get_monotonic_time()) }

/// The type name of a GObject instance (`G_OBJECT_TYPE_NAME`).
func typeName(of instance: UnsafeMutableRawPointer) -> String {
    let type = instance.assumingMemoryBound(to: GTypeInstance.self).pointee.g_class.pointee.g_type
    return g_type_name(type).map { String(cString: $0) } ?? "?"
}
