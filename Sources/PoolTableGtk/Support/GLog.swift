import CGtk

/// One line in GLib's log, in the "PoolTable" domain (GLib's variadic `g_log` is not
/// callable from Swift; this goes through `g_log_structured_array`).
@_spi(Interop) public enum GLog {
    /// Logs `text` at message level: "PoolTable-Message: text" on stderr by default. For
    /// things about the user's input (a file that cannot be shown), not the program's faults,
    /// so `G_DEBUG=fatal-warnings` does not turn a bad file into a crash.
    @_spi(Interop) public static func message(_ text: String) { write(text, level: G_LOG_LEVEL_MESSAGE) }

    private static func write(_ text: String, level: GLogLevelFlags) {
        "GLIB_DOMAIN".withCString { domainKey in
            "PoolTable".withCString { domain in
                "MESSAGE".withCString { messageKey in
                    text.withCString { message in
                        var fields = [GLogField(key: domainKey, value: domain, length: -1),
                                      GLogField(key: messageKey, value: message, length: -1)]
                        g_log_structured_array(level, &fields, gsize(fields.count))
                    }
                }
            }
        }
    }
}
