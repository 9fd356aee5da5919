import CGtk
import Glibc

/// Runs `body` with a NULL-terminated `const char **` copy of `strings`
/// (for `gtk_application_set_accels_for_action` and friends).
func withCStringArray<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
    let copies = strings.map { UnsafePointer(strdup($0)) }
    defer { for c in copies { free(UnsafeMutableRawPointer(mutating: c)) } }
    let array: [UnsafePointer<CChar>?] = copies + [nil]
    return array.withUnsafeBufferPointer { body($0.baseAddress!) }
}

/// A C string that lives as long as the process (for GLib structures that keep the
/// pointer, such as `GOptionEntry`).
func permanentCString(_ s: String) -> UnsafePointer<CChar> {
    UnsafePointer(strdup(s))
}

/// Writes a line to standard error (`stderr` itself is a C global Swift 6 rejects).
func printError(_ message: String) {
    let line = message + "\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
}
