extension DebugOverlay {
    /// The words the overlay draws, English by default. The engine never translates: a host
    /// app fills this with its own translations (PoolTable's app does through gettext).
    /// `{name}` placeholders are filled by the overlay and may be moved by a translation.
    @_spi(Diagnostics) public struct Strings: Sendable, Equatable {
        // Counters panel: labels, padded to one column, then the figures.
        /// The counters panel's title.
        @_spi(Diagnostics) public var enginePanel = "Engine"
        /// Counter: cells created.
        @_spi(Diagnostics) public var cellsCreated = "cells created"
        /// Counter: dequeues.
        @_spi(Diagnostics) public var dequeues = "dequeues"
        /// `{hits}`, `{misses}`: pool hits and misses, in parentheses after the dequeues.
        @_spi(Diagnostics) public var poolHitsAndMisses = "{hits} hit, {misses} miss"
        /// Counter: binds.
        @_spi(Diagnostics) public var binds = "binds"
        /// `{rate}`: binds per second.
        @_spi(Diagnostics) public var perSecond = "{rate}/s"
        /// Counter: mounted rows.
        @_spi(Diagnostics) public var mounted = "mounted"
        /// `{visible}`, `{prepared}`: how the mounted rows split.
        @_spi(Diagnostics) public var visibleAndPrepared = "{visible} vis + {prepared} prep"
        /// Counter: the last layout pass's duration.
        @_spi(Diagnostics) public var layoutPass = "layout pass"
        /// Counter: rows passed to the prefetching data source, not bound or cancelled yet.
        @_spi(Diagnostics) public var dataPrefetch = "data ahead"
        /// Counter: the host's frame work.
        @_spi(Diagnostics) public var frameWork = "frame work"
        /// Counter: frames per second.
        @_spi(Diagnostics) public var framesPerSecond = "fps"
        /// The host's animation clock (slow motion, pause).
        @_spi(Diagnostics) public var clock = "engine clock"
        /// `{frame}`: engine frames advanced so far.
        @_spi(Diagnostics) public var clockFrame = "frame {frame}"
        /// `{rate}`: the clock's rate, "0.1".
        @_spi(Diagnostics) public var clockRate = "{rate}×"
        /// The engine clock line's word for a paused clock.
        @_spi(Diagnostics) public var clockPaused = "paused"
        // Pool panel.
        /// The pool panel's title.
        @_spi(Diagnostics) public var poolPanel = "Reuse pool"
        /// Shown in the pool panel when no cell waits.
        @_spi(Diagnostics) public var emptyPool = "(empty)"
        /// A pool card's caption: the row (`{row}`: "3", or "2:3" outside section 0) the
        /// cell last showed; `cardItem` for a grid's items.
        @_spi(Diagnostics) public var cardRow = "row {row}"
        /// A pool card's last item (`{row}`), in a grid.
        @_spi(Diagnostics) public var cardItem = "item {row}"
        // Log panel: one line per cell event. `{id}`: the cell's number; `{row}`: the
        // row as a pool card captions it ("row 31", "item 31").
        /// The event log panel's heading.
        @_spi(Diagnostics) public var logPanel = "Cell events"
        /// The event log panel's heading while the log is frozen.
        @_spi(Diagnostics) public var logPanelFrozen = "Cell events (frozen)"
        /// Log line: a cell was created (`{id}`).
        @_spi(Diagnostics) public var eventCreated = "#{id} created (pool miss)"
        /// Log line: a cell was taken from the pool (`{id}`).
        @_spi(Diagnostics) public var eventReused = "#{id} reused → prepareForReuse"
        /// Log line: a cell was bound (`{id}`, `{row}`).
        @_spi(Diagnostics) public var eventBound = "#{id} bound to {row}"
        /// Log line: a cell entered the viewport (`{id}`, `{row}`).
        @_spi(Diagnostics) public var eventWillDisplay = "#{id} shown ({row})"
        /// Log line: a cell left the viewport (`{id}`, `{row}`).
        @_spi(Diagnostics) public var eventDidEndDisplaying = "#{id} hidden ({row})"
        /// Log line: a cell went back to the pool (`{id}`, `{row}`).
        @_spi(Diagnostics) public var eventRecycled = "#{id} recycled ({row})"
        /// A cell going back to the pool that showed no row (a finished delete animation).
        @_spi(Diagnostics) public var eventRecycledGhost = "#{id} recycled"
        /// Log line: the pool was full and a cell was released (`{id}`).
        @_spi(Diagnostics) public var eventDiscarded = "#{id} discarded (pool full)"
        // Marks on the zoomed table.
        /// `{indexPath}`: the row, as "[0, 5]".
        @_spi(Diagnostics) public var preparedRow = "{indexPath} prepared"
        /// The mark on a row whose cell shows a stale state.
        @_spi(Diagnostics) public var stale = "stale"
        /// `{layers}`: the live layers a row redraws alone, "progress, byte count".
        @_spi(Diagnostics) public var liveLayersOnly = "redraws {layers} only"
        /// The label of a floating header.
        @_spi(Diagnostics) public var stickyHeader = "sticky header"
        /// `{indexPath}`: the row being moved by hand, where it comes from (issue 23).
        @_spi(Diagnostics) public var movingRow = "moving {indexPath}"
        /// `{indexPath}`: where the row being moved would go if released now.
        @_spi(Diagnostics) public var moveDestination = "drops at {indexPath}"
        /// The viewport's label.
        @_spi(Diagnostics) public var viewport = "viewport"
        /// `{distance}`: the prefetch distance in pixels.
        @_spi(Diagnostics) public var prefetchBand = "prefetch band ±{distance} px"
        /// The column beside the zoomed table: the data prefetch range (`{length}` px long)
        /// next to the prepared band.
        @_spi(Diagnostics) public var dataPrefetchRange = "data ahead {length} px"
        // Legend.
        /// The legend's title.
        @_spi(Diagnostics) public var legendPanel = "Legend"
        /// Legend: visible rows.
        @_spi(Diagnostics) public var legendVisible = "visible"
        /// Legend: prepared rows.
        @_spi(Diagnostics) public var legendPrepared = "prepared (bound, hidden)"
        /// Legend: rows that are not mounted.
        @_spi(Diagnostics) public var legendNotMounted = "not mounted"
        /// Legend: rows whose data the prefetching data source was asked for.
        @_spi(Diagnostics) public var legendDataPrefetch = "data asked for ahead"
        /// Legend: stale cells.
        @_spi(Diagnostics) public var legendStale = "stale cell"
        /// Legend: live layers redrawn without the rest of their row.
        @_spi(Diagnostics) public var legendLive = "live layer redrawn alone"
        /// The legend's entry for cell numbers and colours.
        @_spi(Diagnostics) public var legendIdentity = "#7: cell number, one colour per cell"

        /// The English strings.
        @_spi(Diagnostics) public init() {}

        /// `template` with each `{key}` replaced by its value (the app's gettext layer fills its
        /// messages with it too).
        @_spi(Diagnostics) public static func fill(_ template: String, _ values: KeyValuePairs<String, String>) -> String {
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
