import CGtk

/// Reading and writing GObject properties through `GValue`s (C's variadic
/// `g_object_get` / `g_object_set` are not callable from Swift).
@_spi(Interop) public enum GObjectProperty {
    /// Fundamental types, looked up by name (`G_TYPE_STRING` and friends are macros).
    @_spi(Interop) public static var stringType: GType { g_type_from_name("gchararray") }
    /// `G_TYPE_BOOLEAN`.
    @_spi(Interop) public static var booleanType: GType { g_type_from_name("gboolean") }
    /// `G_TYPE_INT`.
    @_spi(Interop) public static var intType: GType { g_type_from_name("gint") }

    /// The string property `name` of `object` (nil when unset).
    @_spi(Interop) public static func string(_ object: some GPointer, _ name: String) -> String? {
        var value = GValue()
        g_value_init(&value, stringType)
        defer { g_value_unset(&value) }
        g_object_get_property(object.object, name, &value)
        return g_value_get_string(&value).map { String(cString: $0) }
    }

    /// The boolean property `name` of `object`.
    @_spi(Interop) public static func bool(_ object: some GPointer, _ name: String) -> Bool {
        var value = GValue()
        g_value_init(&value, booleanType)
        defer { g_value_unset(&value) }
        g_object_get_property(object.object, name, &value)
        return g_value_get_boolean(&value) != 0
    }

    /// Sets the boolean property `name` of `object`.
    @_spi(Interop) public static func set(_ object: some GPointer, _ name: String, bool: Bool) {
        var value = GValue()
        g_value_init(&value, booleanType)
        defer { g_value_unset(&value) }
        g_value_set_boolean(&value, bool.gboolean)
        g_object_set_property(object.object, name, &value)
    }

    /// Sets the string property `name` of `object`.
    @_spi(Interop) public static func set(_ object: some GPointer, _ name: String, string: String) {
        var value = GValue()
        g_value_init(&value, stringType)
        defer { g_value_unset(&value) }
        g_value_set_string(&value, string)
        g_object_set_property(object.object, name, &value)
    }

    /// Sets the integer property `name` of `object`.
    @_spi(Interop) public static func set(_ object: some GPointer, _ name: String, int: Int32) {
        var value = GValue()
        g_value_init(&value, intType)
        defer { g_value_unset(&value) }
        g_value_set_int(&value, int)
        g_object_set_property(object.object, name, &value)
    }
}
