import CGettext
import Glibc
@_spi(Hosting) @_spi(Diagnostics) import PoolTable

/// The app's gettext layer: every string the app shows goes through `tr` / `trn`, which look
/// it up in the `pooltable` catalog with glibc's `gettext` / `ngettext`.
///
/// Messages are marked for `xgettext` by the call itself: `tr("Inbox")`,
/// `trn("{count} message", "{count} messages", count: n)` (scripts/update-po.sh extracts the
/// literals; see po/README.md). Variable parts are named placeholders, `{name}`, filled
/// after the lookup so a translation can move them. A message without a translation, an
/// unknown language or a missing catalog gives the English text, silently.
public enum Localization {
    /// The gettext domain: `pooltable.mo` catalogs, `pooltable.pot` template.
    public static let domain = "pooltable"

    /// Sets the C locale from the environment and binds the `pooltable` domain to
    /// `localeDirectory` (a directory holding `<lang>/LC_MESSAGES/pooltable.mo`), UTF-8.
    /// Call once at start-up, before any string is looked up.
    ///
    /// The plain "C" locale (no `LANG` set, as in a bare shell or CI) is coerced to C.UTF-8
    /// for LC_CTYPE and LC_MESSAGES, as Python does (PEP 538): glibc ignores `LANGUAGE`
    /// while LC_MESSAGES is "C", and GLib would print non-ASCII text as "?" while LC_CTYPE is.
    /// So `LANGUAGE=zh_CN` works anywhere. Numbers, dates and collation keep the user's locale.
    public static func start(localeDirectory: String) {
        setlocale(LC_ALL, "")
        for category in [LC_CTYPE, LC_MESSAGES] {
            if let name = setlocale(category, nil).map({ String(cString: $0) }), name == "C" || name == "POSIX" {
                setlocale(category, "C.UTF-8")
            }
        }
        bindtextdomain(domain, localeDirectory)
        bind_textdomain_codeset(domain, "UTF-8")
        textdomain(domain)
    }

    /// Replaces every lookup while set (for tests: a pseudo-translation that marks each message,
    /// so a screen walk can tell which drawn strings bypassed `tr`). Called with the English
    /// message chosen for the count (`msgid` or `msgid_plural`). Set it on the main thread
    /// before the strings are made. It applies only on the thread that set it (the main
    /// thread), so tests running in parallel on other threads keep real lookups.
    @_spi(Testing) public nonisolated(unsafe) static var override: ((String) -> String)? {
        didSet { overrideThread = pthread_self() }
    }
    private nonisolated(unsafe) static var overrideThread = pthread_self()

    /// The override, when set and called on the thread that set it.
    static var activeOverride: ((String) -> String)? {
        guard let override, pthread_equal(pthread_self(), overrideThread) != 0 else { return nil }
        return override
    }
}

/// The translation of `message`, with `{name}` placeholders replaced by `values`.
public func tr(_ message: String, _ values: KeyValuePairs<String, String> = [:]) -> String {
    let translated = Localization.activeOverride?(message) ?? lookUp(message)
    return fill(translated, values)
}

/// The translation of `singular` / `plural` chosen for `count` by the language's plural rule,
/// with `{count}` replaced by the count formatted for the locale (`formatted(_:)`) and other
/// placeholders by `values`.
public func trn(_ singular: String, _ plural: String, count: Int, _ values: KeyValuePairs<String, String> = [:]) -> String {
    let n = UInt(clamping: count.magnitude)   // the plural rule wants a non-negative count
    let translated: String
    if let override = Localization.activeOverride {
        translated = override(n == 1 ? singular : plural)
    } else {
        translated = lookUp(singular, plural, n)
    }
    return fill(fill(translated, ["count": formatted(count)]), values)
}

/// gettext's answer for `message`. Without a translation gettext hands back the pointer it was
/// given — here a temporary C copy of `message` that dies with the call — so that case is
/// recognised by pointer and answered with `message` itself.
private func lookUp(_ message: String) -> String {
    message.withCString { id in
        guard let found = dgettext(Localization.domain, id), found != UnsafeMutablePointer(mutating: id) else { return message }
        return String(cString: found)
    }
}

/// ngettext's answer for `singular` / `plural` and `n` (see `lookUp(_:)` for the pointers).
private func lookUp(_ singular: String, _ plural: String, _ n: UInt) -> String {
    singular.withCString { one in
        plural.withCString { many in
            guard let found = dngettext(Localization.domain, one, many, n) else { return n == 1 ? singular : plural }
            if found == UnsafeMutablePointer(mutating: one) { return singular }
            if found == UnsafeMutablePointer(mutating: many) { return plural }
            return String(cString: found)
        }
    }
}

/// `n` with the locale's digit grouping ("2,069" in English; LC_NUMERIC's separator and
/// grouping when the locale defines them, as de_DE's "2.069").
public func formatted(_ n: Int) -> String {
    var separator = ","
    var groups: [Int] = [3]
    if let conv = localeconv()?.pointee, let sep = conv.thousands_sep, sep.pointee != 0,
       let grouping = conv.grouping, grouping.pointee > 0 {
        separator = String(cString: sep)
        groups = []
        var p = grouping
        while p.pointee > 0 && p.pointee < CChar.max { groups.append(Int(p.pointee)); p += 1 }
    }
    let digits = Array(String(n.magnitude))
    var out: [Character] = []
    var end = digits.count
    var groupIndex = 0
    while end > 0 {
        let size = groups.isEmpty ? end : groups[min(groupIndex, groups.count - 1)]
        let start = max(0, end - size)
        if end < digits.count { out.insert(contentsOf: separator, at: 0) }
        out.insert(contentsOf: digits[start..<end], at: 0)
        end = start
        groupIndex += 1
    }
    return (n < 0 ? "-" : "") + String(out)
}

/// `text` with each `{key}` replaced by its value.
func fill(_ text: String, _ values: KeyValuePairs<String, String>) -> String {
    guard !values.isEmpty, text.contains("{") else { return text }
    return DebugOverlay.Strings.fill(text, values)
}

/// `value` rounded to `fractionDigits` decimals, with the locale's decimal point ("0.50").
public func formatted(_ value: Double, fractionDigits: Int) -> String {
    guard value.isFinite else { return String(value) }
    var scale = 1.0
    for _ in 0..<max(0, fractionDigits) { scale *= 10 }
    let scaled = (value.magnitude * scale).rounded()
    let whole = Int(scaled / scale)
    let fraction = Int(scaled - Double(whole) * scale)
    var text = formatted(whole)
    if fractionDigits > 0 {
        var point = "."
        if let p = localeconv()?.pointee.decimal_point, p.pointee != 0 { point = String(cString: p) }
        let digits = String(fraction)
        text += point + String(repeating: "0", count: fractionDigits - digits.count) + digits
    }
    return (value < 0 && scaled > 0 ? "-" : "") + text
}

/// A file size in decimal units, as file managers show it: "999 bytes", "12 kB", "4.7 MB", "1.2 GB".
public func formattedByteCount(_ bytes: Int64) -> String {
    let b = Double(max(0, bytes))
    if b < 1_000 { return trn("{count} byte", "{count} bytes", count: Int(b)) }
    if b < 1_000_000 { return tr("{size} kB", ["size": formatted(b / 1_000, fractionDigits: 0)]) }
    if b < 1_000_000_000 { return tr("{size} MB", ["size": formatted(b / 1_000_000, fractionDigits: 1)]) }
    return tr("{size} GB", ["size": formatted(b / 1_000_000_000, fractionDigits: 1)])
}

extension Array where Element == String {
    /// The sentences run together as the language writes them: "One. Two." in English,
    /// "一。二。" in Chinese (no space after a full-width full stop).
    public func joinedSentences() -> String {
        guard var text = first else { return "" }
        // Translators: how two sentences follow each other in a paragraph; Chinese drops the space.
        let pattern = tr("{sentence} {next}")
        for next in dropFirst() { text = fill(pattern, ["sentence": text, "next": next]) }
        return text
    }
}
