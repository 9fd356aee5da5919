import CGtk
@_spi(Hosting) @_spi(Diagnostics) import PoolTable

/// A GTK 4 widget showing a `TableView`.
///
/// The table is drawn by a viewport-sized drawing area (a `GtkScrollable`) inside a
/// `GtkScrolledWindow`, so overlay scrollbars and kinetic scrolling come from GTK while
/// the engine does everything else. The vertical `GtkAdjustment` *is* the engine's
/// `contentOffset`: value = offset, upper = content height, page size = viewport height.
/// The widget translates GTK events into engine calls and holds no table logic.
///
/// Keep the `TableWidget` alive as long as its `widget` is on screen: GTK callbacks hold
/// it weakly.
///
/// ```swift
/// let table = TableWidget()
/// table.tableView.dataSource = model
/// gtk_window_set_child(window, table.widget)
/// ```
@MainActor
public final class TableWidget {
    /// The engine view shown: a `TableView` or a `CollectionView`. The widget is its `host`.
    public let listView: ListBase
    /// The table, when the widget shows one (`init(style:)`). Set its data source and delegate.
    public var tableView: TableView { listView as! TableView }
    /// The grid, when the widget shows one (`init(gridLayout:)`).
    public var collectionView: CollectionView? { listView as? CollectionView }
    /// The `GtkScrolledWindow` to place in a window (the `TableWidget` holds a reference).
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// The drawing area showing the table (the scrolled window's child); it takes focus.
    public let drawingArea: UnsafeMutablePointer<GtkWidget>
    /// The colours read from the GTK theme; refreshed when the style changes.
    public private(set) var theme: Theme
    /// Called with the new theme after a style change (dark mode, theme switch).
    public var onThemeChange: (@MainActor (Theme) -> Void)?
    /// Draws each frame instead of `listView.render(in:)` when set (e.g. the debug
    /// overlay's zoomed-out view of the table), in viewport coordinates.
    public var customRenderer: (@MainActor (_ canvas: Canvas, _ viewport: Rect) -> Void)? {
        didSet { queueDraw() }
    }
    /// Drawn after the table (or `customRenderer`) on each frame, in viewport coordinates.
    public var overlayDrawer: (@MainActor (_ canvas: Canvas, _ viewport: Rect) -> Void)? {
        didSet { queueDraw() }
    }
    /// Maps pointer positions in the widget to the table's viewport coordinates when the
    /// picture is not the table 1:1 (e.g. through the debug overlay's zoom); nil means the
    /// point hits nothing of the table.
    public var pointerTransform: (@MainActor (Point) -> Point?)?
    /// The engine's debug overlay: while set, the widget draws it instead of the table (it
    /// takes over `customRenderer` and `pointerTransform`), feeds it the measured frame work
    /// and rate, and redraws it a few times a second so its counters stay live. Nil: the
    /// table as usual. See `TableWidget+DebugOverlay.swift`.
    @_spi(Diagnostics) public var debugOverlay: DebugOverlay? {
        didSet { if debugOverlay !== oldValue { debugOverlayDidChange() } }
    }

    /// Where animations get their time: GTK's frame clock by default; a `ManualTimeSource`
    /// leaves the engine's clock to the caller (tests). See `AnimationTimeSource`.
    public var timeSource: AnimationTimeSource = FrameClockTimeSource() {
        didSet { if timeSource !== oldValue { ensureTicking() } }
    }

    /// Milliseconds the last snapshot spent (engine layout and building render nodes; GTK
    /// renders them afterwards).
    public internal(set) var frameWorkMilliseconds = 0.0
    /// Frames drawn by GTK so far (snapshots; offscreen renders do not count).
    public internal(set) var framesDrawn = 0
    /// Draw callbacks over the last second (0 when idle: the widget redraws only on change).
    public var framesPerSecond: Double { frameMeter.rate(now: MonotonicClock.seconds) }

    let state: ScrollableState
    /// The Pango context all the table's text is laid out in (drawing and measuring).
    let textContext: TextContext
    let measuringCanvas: CairoCanvas
    /// The cells' (and background's) render nodes and path textures kept between frames.
    public let nodeCache = RenderNodeCache()
    /// True while the draw callback runs: engine requests for redraws are for this frame.
    var isDrawing = false
    /// Set while the widget writes the engine's geometry into the adjustments, so their
    /// `value-changed` is not echoed back into the engine.
    var isSyncingAdjustments = false
    /// The scroll geometry must be mirrored into the adjustments at the next tick.
    var needsGeometrySync = true
    /// Rows changed only after the mounted ones since the last tick (no redraw was asked):
    /// the next tick schedules the accessible rows' update a drawn frame would have.
    var countChangedOffScreen = false
    /// The active tick callback, 0 if none.
    var tickCallbackID: guint = 0
    var frameMeter = FrameMeter()
    /// Where the current primary-button drag began, in widget coordinates.
    var dragStart = Point.zero
    /// The table point of the current drag (nil when the press was ignored).
    var lastTablePoint: Point?
    /// The debug overlay's low-rate redraw timer (a GLib source), 0 if none.
    var overlayRefreshSourceID: guint = 0
    /// The row's context menu while it is shown (TableWidget+RowActions.swift).
    public internal(set) var contextMenuPopover: UnsafeMutablePointer<GtkWidget>?
    /// What the sideways scroll under way moves (a carousel, a swiped row) or that it is the
    /// scrolled window's; nil between gestures (TableWidget+SidewaysScroll.swift).
    var sidewaysScroll: SidewaysScroll?
    /// Which way a wheel last scrolled the held carousel (1: content left, -1: right, 0: none).
    var wheelDirection = 0.0
    /// A touchpad's recent carousel deltas (time, points): its speed when it lifts without
    /// GTK's `decelerate` (X11 sends no scroll stop).
    var recentScroll: [(time: Double, delta: Double)] = []
    /// Where the pointer is over the drawing area (widget coordinates); nil when outside.
    var pointerPosition: Point?
    /// Ends a wheel's sideways scroll once its clicks stop (a wheel sends no `scroll-end`).
    let sidewaysScrollEnd = GLibTimeout()
    /// What assistive technology sees (Accessibility/AccessibleRows.swift).
    lazy var accessibleRows = AccessibleRows(view: listView, widget: drawingArea)
    /// The column headers' accessible objects (TableWidget+Columns.swift).
    lazy var columnHeaderAccessibles = ColumnHeaderAccessibles(view: listView, widget: drawingArea)

    private nonisolated(unsafe) let ownedReference: UnsafeMutableRawPointer
    private nonisolated(unsafe) var settingsHandlers: [gulong] = []

    /// A widget showing a new `TableView`. - Parameter style: plain (floating headers) or grouped.
    public convenience init(style: TableViewStyle = .plain) {
        self.init(hosting: TableView(frame: .zero, style: style))
    }

    /// A widget showing a new `CollectionView` with `gridLayout`.
    public convenience init(gridLayout: GridLayout) {
        self.init(hosting: CollectionView(frame: .zero, layout: gridLayout))
    }

    /// A widget showing `view` (a table or a grid); the widget becomes its host.
    public init(hosting view: ListBase) {
        listView = view
        let scrolled = gtk_scrolled_window_new()!
        g_object_ref_sink(scrolled)
        ownedReference = scrolled.rawPointer
        widget = scrolled
        drawingArea = ScrollableDrawingArea.make()
        state = ScrollableDrawingArea.state(of: drawingArea)
        theme = GtkTheme.theme(for: drawingArea)
        textContext = TextContext(like: drawingArea)
        measuringCanvas = CairoCanvas.measuring(pangoContext: textContext.context, theme: theme)

        listView.host = self
        listView.measuringCanvas = measuringCanvas
        MainLoopApplyScheduler.installAsDefault()   // diffable applies come back through GLib

        installScrolling()
        installDrawing()
        installInput()
        installRowActions()
        installThemeTracking()
        installAccessibility()
        installColumns()

        gtk_widget_add_css_class(drawingArea, "pooltable-view")
        gtk_widget_set_focusable(drawingArea, 1)
        gtk_widget_set_focus_on_click(drawingArea, 1)
        gtk_widget_set_hexpand(widget, 1)
        gtk_widget_set_vexpand(widget, 1)
        // Sideways only when a table's columns are wider than the view.
        gtk_scrolled_window_set_policy(widget.opaque, GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(widget.opaque, drawingArea)
    }

    deinit {
        if let settings = gtk_settings_get_default() {
            for handler in settingsHandlers { g_signal_handler_disconnect(settings.rawPointer, handler) }
        }
        g_object_unref(ownedReference)
    }

    /// Schedules a redraw.
    public func queueDraw() {
        gtk_widget_queue_draw(drawingArea)
    }

    /// Moves keyboard focus to the table: to its cursor row (or first visible row).
    public func grabFocus() {
        if !accessibleRows.focusTabStop() { gtk_widget_grab_focus(drawingArea) }
    }

    // MARK: Drawing

    private func installDrawing() {
        state.onSnapshot = { [weak self] snapshot in
            guard let self else { return false }
            self.drawSnapshot(snapshot)
            return true
        }
    }

    /// The snapshot vfunc: the table (or the custom renderer), then the overlay, as render
    /// nodes, timed. Cells whose content did not change are their kept nodes again.
    private func drawSnapshot(_ snapshot: OpaquePointer) {
        let width = gtk_widget_get_width(drawingArea), height = gtk_widget_get_height(drawingArea)
        guard width > 0, height > 0 else { return }
        let start = MonotonicClock.seconds
        isDrawing = true
        defer { isDrawing = false }
        matchFrame(width: width, height: height)   // the draw can come before `resize`
        paint(into: snapshot, size: listView.frame.size, scale: Double(gtk_widget_get_scale_factor(drawingArea)))
        let end = MonotonicClock.seconds
        frameWorkMilliseconds = (end - start) * 1000
        frameMeter.record(end)
        framesDrawn += 1
        accessibleRows.frameDrawn()   // mirror what this frame laid out
        columnHeaderAccessibles.frameDrawn()
    }

    /// One frame into `snapshot`: the table (or the custom renderer), then the overlay,
    /// through a `SnapshotCanvas` on the widget's node cache.
    private func paint(into snapshot: OpaquePointer, size: Size, scale: Double) {
        if textContext.sync(with: drawingArea) { nodeCache.removeAll() }
        nodeCache.flattensSteadyUnits = flattensSteadyUnits ?? drawsWithCairoRenderer
        nodeCache.beginFrame()
        // A step (less than the viewport): the units it brings in will move on with it. A jump's
        // units stay where they land, so they are flattened as they are recorded.
        let offset = listView.contentOffset
        nodeCache.frameScrolls = lastPaintedOffset.map { last in
            let dx = abs(offset.x - last.x), dy = abs(offset.y - last.y)
            return (dx > 0 || dy > 0) && dx < size.width && dy < size.height
        } ?? false
        lastPaintedOffset = offset
        let canvas = SnapshotCanvas(snapshot: snapshot, pangoContext: textContext.context, theme: theme,
                                    pixelScale: scale, cache: nodeCache, fillsRoundedRectsAsBorders: drawsWithCairoRenderer)
        let viewport = Rect(origin: .zero, size: size)
        if let customRenderer { customRenderer(canvas, viewport) } else { listView.render(in: canvas) }
        overlayDrawer?(canvas, viewport)
        canvas.finish()
        nodeCache.endFrame()
    }

    /// The content offset the last frame was painted at (`RenderNodeCache.frameScrolls`:
    /// this frame scrolls by a step, less than the viewport).
    private var lastPaintedOffset: Point?

    /// Whether the node cache keeps steady units flattened; nil (the default): while GSK's
    /// cairo renderer draws the window. Tests set it to compare both ways.
    var flattensSteadyUnits: Bool?

    /// Whether GSK's cairo renderer draws the window now (`GSK_RENDERER=cairo`, or no GL):
    /// the node cache then keeps steady units flattened (`RenderNodeCache.flattensSteadyUnits`),
    /// and a rounded fill is a border node, which that renderer draws for less than a colour
    /// in a rounded clip (`SnapshotCanvas`).
    private var drawsWithCairoRenderer: Bool {
        guard let native = gtk_widget_get_native(drawingArea), let renderer = gtk_native_get_renderer(native) else { return false }
        return g_type_check_instance_is_a(UnsafeMutableRawPointer(renderer).assumingMemoryBound(to: GTypeInstance.self),
                                          gsk_cairo_renderer_get_type()) != 0
    }

    /// Forgets every kept node (they bake in colours, fonts and scale) and redraws.
    func dropRenderNodes() {
        nodeCache.removeAll()
        queueDraw()
    }

    // MARK: Offscreen rendering (tests, screenshots)

    /// Renders what the widget shows now (table and overlay) into a new image of the
    /// viewport's size, at `scale` device pixels per logical pixel: the same node tree a
    /// frame makes (and the same node cache), drawn with cairo.
    public func renderToImage(scale: Double = 1) -> CairoImage {
        let frame = listView.frame
        let image = CairoImage(width: Int(frame.width.rounded(.up)), height: Int(frame.height.rounded(.up)), scale: scale)
        guard frame.width > 0, frame.height > 0, let snapshot = gtk_snapshot_new() else { return image }
        paint(into: snapshot, size: frame.size, scale: image.scale)
        if let node = gtk_snapshot_free_to_node(snapshot) {
            gsk_render_node_draw(node, image.cairo)
            gsk_render_node_unref(node)
        }
        return image
    }

    /// What GTK itself draws for the whole widget (scrolled window, scrollbars and the
    /// table through the real draw function): queues a frame, runs the main loop until GTK
    /// has painted it (at most `timeout` seconds), and renders the widget's node from that
    /// paint with cairo. Nil while the widget has no size or is not mapped, or if no frame
    /// came in time.
    ///
    /// The node is taken inside the frame clock's `after-paint`: GTK drops a widget's node
    /// on any later `queue_draw` (a ticking animation, a live update), and a
    /// `GtkWidgetPaintable` made after that shows nothing.
    public func snapshotToImage(scale: Double = 1, timeout: Double = 5) -> CairoImage? {
        let width = Int(gtk_widget_get_width(widget)), height = Int(gtk_widget_get_height(widget))
        guard width > 0, height > 0, gtk_widget_get_mapped(widget) != 0,
              let clock = gtk_widget_get_frame_clock(drawingArea) else { return nil }
        var image: CairoImage?
        let handler = Signal.connect(clock, "after-paint") { [self] in
            if image == nil { image = paintedImage(width: width, height: height, scale: scale) }
        }
        defer { Signal.disconnect(clock, handler) }
        queueDraw()
        let deadline = MonotonicClock.seconds + timeout
        while image == nil, MonotonicClock.seconds < deadline {
            if g_main_context_iteration(nil, 0) == 0 { g_usleep(1_000) }
        }
        return image
    }

    /// The widget's node from the paint that just happened, drawn into a new image.
    private func paintedImage(width: Int, height: Int, scale: Double) -> CairoImage? {
        guard let paintable = gtk_widget_paintable_new(widget) else { return nil }
        defer { g_object_unref(paintable.rawPointer) }
        guard let snapshot = gtk_snapshot_new() else { return nil }
        gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
        let image = CairoImage(width: width, height: height, scale: scale)
        if let node = gtk_snapshot_free_to_node(snapshot) {
            gsk_render_node_draw(node, image.cairo)
            gsk_render_node_unref(node)
        }
        return image
    }

    /// Renders like `renderToImage(scale:)` and writes a PNG; false on failure.
    @discardableResult
    public func renderToPNG(path: String, scale: Double = 1) -> Bool {
        renderToImage(scale: scale).writePNG(to: path)
    }

    // MARK: Theme

    private func installThemeTracking() {
        state.onStyleChanged = { [weak self] in self?.refreshTheme() }
        guard let settings = gtk_settings_get_default() else { return }
        for property in ["gtk-application-prefer-dark-theme", "gtk-theme-name"] {
            settingsHandlers.append(Signal.connectPointer(settings, "notify::\(property)") { [weak self] _ in self?.refreshTheme() })
        }
        settingsHandlers.append(Signal.connectPointer(settings, "notify::gtk-font-name") { [weak self] _ in
            FontCatalog.shared.invalidate()
            self?.dropRenderNodes()
        })
        // Kept nodes are recorded at one scale and text direction.
        _ = Signal.connectPointer(drawingArea, "notify::scale-factor") { [weak self] _ in self?.dropRenderNodes() }
        _ = Signal.connectPointer(drawingArea, "direction-changed") { [weak self] _ in self?.dropRenderNodes() }
        // A new text scale changes every text's size: lay the rows out again (heights come
        // from the text; a reload, so the selection is cleared as on any reload).
        var textScale = FontCatalog.shared.textScale
        settingsHandlers.append(Signal.connectPointer(settings, "notify::gtk-xft-dpi") { [weak self] _ in
            FontCatalog.shared.invalidate()
            guard let self, FontCatalog.shared.textScale != textScale else { return }
            textScale = FontCatalog.shared.textScale
            if self.listView.hasLoadedData { self.listView.reloadData() }
            self.queueDraw()
        })
    }

    /// Re-reads the theme; redraws if it changed.
    func refreshTheme() {
        let new = GtkTheme.theme(for: drawingArea)
        guard new != theme else { return }
        theme = new
        measuringCanvas.theme = new
        nodeCache.removeAll()
        onThemeChange?(new)
        queueDraw()
    }
}

/// Timestamps of recent draws, for a frames-per-second figure.
struct FrameMeter {
    private var times: [Double] = []

    mutating func record(_ t: Double) {
        times.append(t)
        if times.count > 240 { times.removeFirst(times.count - 240) }
    }

    /// Draws per second over the last second before `now`.
    func rate(now: Double) -> Double {
        let recent = times.filter { now - $0 <= 1 }
        guard recent.count >= 2, let first = recent.first, let last = recent.last, last > first else { return 0 }
        // Frames in the window, with the gap since the last one counted as part of it.
        return Double(recent.count - 1) / max(last - first, now - first)
    }
}
