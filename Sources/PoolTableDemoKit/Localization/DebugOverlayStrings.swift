@_spi(Hosting) @_spi(Diagnostics) import PoolTable

extension DebugOverlay.Strings {
    /// The overlay's words in the user's language (the engine itself never calls gettext).
    public static var translated: Self {
        var s = Self()
        // Translators: the debug overlay's panels. Counter labels are drawn in a monospaced
        // column; keep them short.
        s.enginePanel = tr("Engine")
        s.cellsCreated = tr("cells created")
        s.dequeues = tr("dequeues")
        s.poolHitsAndMisses = tr("{hits} hit, {misses} miss")
        s.binds = tr("binds")
        s.perSecond = tr("{rate}/s")
        s.mounted = tr("mounted")
        s.visibleAndPrepared = tr("{visible} vis + {prepared} prep")
        s.layoutPass = tr("layout pass")
        s.dataPrefetch = tr("data ahead")
        s.frameWork = tr("frame work")
        s.framesPerSecond = tr("fps")
        // Translators: the Engine panel's line about the animation clock (slow motion, pause).
        s.clock = tr("engine clock")
        // Translators: {frame} is the number of engine frames advanced so far.
        s.clockFrame = tr("frame {frame}")
        // Translators: {rate} is the animation speed, "0.1" (slow motion).
        s.clockRate = tr("{rate}×")
        s.clockPaused = tr("paused")
        s.poolPanel = tr("Reuse pool")
        s.emptyPool = tr("(empty)")
        // Translators: a pool card's caption: the row the waiting cell last showed; {row}
        // is "3", or "2:3" (section 2, row 3).
        s.cardRow = tr("row {row}")
        // Translators: as "row {row}", for a photo grid's items.
        s.cardItem = tr("item {row}")
        // Translators: the log panel, one line per thing that happened to a cell. {id} is
        // the cell's number (drawn after "#"); {row} is "row 31" or "item 31".
        // prepareForReuse is UIKit's method name: keep it.
        s.logPanel = tr("Cell events")
        s.logPanelFrozen = tr("Cell events (frozen)")
        s.eventCreated = tr("#{id} created (pool miss)")
        s.eventReused = tr("#{id} reused → prepareForReuse")
        s.eventBound = tr("#{id} bound to {row}")
        s.eventWillDisplay = tr("#{id} shown ({row})")
        s.eventDidEndDisplaying = tr("#{id} hidden ({row})")
        s.eventRecycled = tr("#{id} recycled ({row})")
        s.eventRecycledGhost = tr("#{id} recycled")
        s.eventDiscarded = tr("#{id} discarded (pool full)")
        // Translators: a tag on a row bound outside the viewport; {indexPath} is "[0, 5]".
        s.preparedRow = tr("{indexPath} prepared")
        // Translators: a badge on a row whose cell shows an outdated editing state.
        s.stale = tr("stale")
        // Translators: a tag on a row that redraws only its live parts (a progress bar, a byte
        // count) and keeps the rest; {layers} is their names, "progress, byte count".
        s.liveLayersOnly = tr("redraws {layers} only")
        s.stickyHeader = tr("sticky header")
        // Translators: a label on the row being dragged by its grip; {indexPath} is "[0, 5]".
        s.movingRow = tr("moving {indexPath}")
        // Translators: where the dragged row would land if released now; {indexPath} is "[0, 4000]".
        s.moveDestination = tr("drops at {indexPath}")
        s.viewport = tr("viewport")
        s.prefetchBand = tr("prefetch band ±{distance} px")
        // Translators: beside the debug overlay's zoomed table, the stretch whose data is asked for ahead; {length} in pixels.
        s.dataPrefetchRange = tr("data ahead {length} px")
        s.legendPanel = tr("Legend")
        s.legendVisible = tr("visible")
        s.legendPrepared = tr("prepared (bound, hidden)")
        s.legendNotMounted = tr("not mounted")
        s.legendDataPrefetch = tr("data asked for ahead")
        s.legendStale = tr("stale cell")
        s.legendLive = tr("live layer redrawn alone")
        s.legendIdentity = tr("#7: cell number, one colour per cell")
        return s
    }
}
