extension DebugOverlay {
    /// The words the overlay draws, English by default. The engine never translates: a host
    /// app fills this with its own translations (PoolTable's app does through gettext).
    /// `{name}` placeholders are filled by the overlay and may be moved by a translation.
    public struct Strings: Sendable, Equatable {
        // Counters panel: labels, padded to one column, then the figures.
        public var enginePanel = "Engine"
        public var cellsCreated = "cells created"
        public var dequeues = "dequeues"
        /// `{hits}`, `{misses}`: pool hits and misses, in parentheses after the dequeues.
        public var poolHitsAndMisses = "{hits} hit, {misses} miss"
        public var binds = "binds"
        /// `{rate}`: binds per second.
        public var perSecond = "{rate}/s"
        public var mounted = "mounted"
        /// `{visible}`, `{prepared}`: how the mounted rows split.
        public var visibleAndPrepared = "{visible} vis + {prepared} prep"
        public var layoutPass = "layout pass"
        public var frameWork = "frame work"
        public var framesPerSecond = "fps"
        // Pool panel.
        public var poolPanel = "Reuse pool"
        public var emptyPool = "(empty)"
        // Marks on the zoomed table.
        /// `{indexPath}`: the row, as "[0, 5]".
        public var preparedRow = "{indexPath} prepared"
        public var stale = "stale"
        public var stickyHeader = "sticky header"
        public var viewport = "viewport"
        /// `{distance}`: the prefetch distance in pixels.
        public var prefetchBand = "prefetch band ±{distance} px"
        // Legend.
        public var legendPanel = "Legend"
        public var legendVisible = "visible"
        public var legendPrepared = "prepared (bound, hidden)"
        public var legendNotMounted = "not mounted"
        public var legendStale = "stale cell"

        public init() {}

        /// `template` with each `{key}` replaced by its value (the app's gettext layer fills its
        /// messages with it too).
        public static func fill(_ template: String, _ values: KeyValuePairs<String, String>) -> String {
            var result = template
            for (key, value) in values {
                let token = "{" + key + "}"
                var out = ""
                var rest = result[...]
                while let range = rest.firstRange(of: token) {
                    out += rest[..<range.lowerBound]
                    out += value
                    rest = rest[range.upperBound...]
                }
                result = out + rest
            }
            return result
        }

        /// `value` with exactly `digits` decimals ("12.30"), without Foundation's formatter.
        static func fixed(_ value: Double, digits: Int) -> String {
            guard value.isFinite else { return "–" }
            var scale = 1.0
            for _ in 0..<max(0, digits) { scale *= 10 }
            let scaled = (abs(value) * scale).rounded()
            let whole = Int(scaled / scale), fraction = Int(scaled.truncatingRemainder(dividingBy: scale))
            let sign = value < 0 && scaled > 0 ? "-" : ""
            guard digits > 0 else { return sign + String(whole) }
            let decimals = String(fraction)
            return sign + String(whole) + "." + String(repeating: "0", count: digits - decimals.count) + decimals
        }

        /// Terminal-style width: East Asian wide and full-width characters count two.
        static func columns(_ text: String) -> Int {
            text.unicodeScalars.reduce(0) { n, s in
                switch s.value {
                case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
                     0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD: return n + 2
                default: return n + 1
                }
            }
        }
    }
}
