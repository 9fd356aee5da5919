import PoolTable

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
        s.frameWork = tr("frame work")
        s.framesPerSecond = tr("fps")
        s.poolPanel = tr("Reuse pool")
        s.emptyPool = tr("(empty)")
        // Translators: a tag on a row bound outside the viewport; {indexPath} is "[0, 5]".
        s.preparedRow = tr("{indexPath} prepared")
        // Translators: a badge on a row whose cell shows an outdated editing state.
        s.stale = tr("stale")
        s.stickyHeader = tr("sticky header")
        s.viewport = tr("viewport")
        s.prefetchBand = tr("prefetch band ±{distance} px")
        s.legendPanel = tr("Legend")
        s.legendVisible = tr("visible")
        s.legendPrepared = tr("prepared (bound, hidden)")
        s.legendNotMounted = tr("not mounted")
        s.legendStale = tr("stale cell")
        return s
    }
}
