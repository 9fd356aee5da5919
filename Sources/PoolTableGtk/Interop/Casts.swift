import CGtk

/// Anything that points at a GObject instance as C sees it: GTK imports derivable types
/// as `UnsafeMutablePointer<_GtkX>` and final types, interfaces and `cairo_t` as
/// `OpaquePointer`. These helpers replace C's `GTK_WIDGET(x)`-style cast macros.
public protocol GPointer {
    /// The same address, untyped.
    var rawPointer: UnsafeMutableRawPointer { get }
}

/// Typed C pointers (GTK's derivable types such as `GtkWidget *`) are GObject pointers.
extension UnsafeMutablePointer: GPointer {
    public var rawPointer: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

/// Opaque C pointers (GTK's final types and interfaces) are GObject pointers.
extension OpaquePointer: GPointer {
    public var rawPointer: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

/// Untyped pointers (`gpointer`) are GObject pointers.
extension UnsafeMutableRawPointer: GPointer {
    public var rawPointer: UnsafeMutableRawPointer { self }
}

extension GPointer {
    /// Reinterprets the instance as another C type (an unchecked up- or down-cast).
    @inline(__always)
    public func cast<T>(to _: T.Type = T.self) -> UnsafeMutablePointer<T> {
        rawPointer.assumingMemoryBound(to: T.self)
    }

    /// The instance as an opaque C pointer (for final GTK types).
    @inline(__always)
    public var opaque: OpaquePointer { OpaquePointer(rawPointer) }

    /// The instance as a `GObject *`.
    @inline(__always)
    public var object: UnsafeMutablePointer<GObject> { cast() }

    /// The instance as a `GtkWidget *`.
    @inline(__always)
    public var widget: UnsafeMutablePointer<GtkWidget> { cast() }

    /// C's `G_TYPE_CHECK_INSTANCE_TYPE` / `GTK_IS_*`.
    public func isA(_ type: GType) -> Bool {
        g_type_check_instance_is_a(rawPointer.assumingMemoryBound(to: GTypeInstance.self), type) != 0
    }

    /// The instance's type name (C's `G_OBJECT_TYPE_NAME`), e.g. `GskGLRenderer`.
    public var typeName: String {
        let type = rawPointer.assumingMemoryBound(to: GTypeInstance.self).pointee.g_class.pointee.g_type
        return g_type_name(type).map { String(cString: $0) } ?? "?"
    }
}

/// GLib's boolean constants and friends, which Swift does not import.
enum GLibConstant {
    static let `true`: gboolean = 1
    static let `false`: gboolean = 0
    /// `G_SOURCE_CONTINUE` / `G_SOURCE_REMOVE`.
    static let sourceContinue: gboolean = 1
    static let sourceRemove: gboolean = 0
    /// `GDK_EVENT_STOP` / `GDK_EVENT_PROPAGATE`.
    static let eventStop: gboolean = 1
    static let eventPropagate: gboolean = 0
    /// `PANGO_SCALE`.
    static let pangoScale = 1024.0
}

/// Booleans as GLib takes them.
extension Bool {
    /// As a `gboolean` (1 or 0).
    public var gboolean: gboolean { self ? 1 : 0 }
}
