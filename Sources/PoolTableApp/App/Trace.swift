import Glibc

/// A test hook for the GUI scripts: with `POOLTABLE_TRACE=1` in the environment the window
/// writes what its header bar says (edit mode, the subtitle) to standard error as
/// `pooltable-trace: key=value` lines, so a script driving the app with xdotool can check
/// text it cannot read from a screenshot. Silent otherwise.
enum Trace {
    static let isEnabled = getenv("POOLTABLE_TRACE").map { String(cString: $0) != "0" } ?? false

    static func log(_ key: String, _ value: @autoclosure () -> String) {
        guard isEnabled else { return }
        printError("pooltable-trace: \(key)=\(value())")
    }
}
