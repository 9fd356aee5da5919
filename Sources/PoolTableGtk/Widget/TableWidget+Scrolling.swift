import CGtk
import PoolTable

/// The engine's host: redraws, the frame clock, and the adjustments that mirror the
/// engine's scroll geometry.
extension TableWidget: TableViewHost {
    /// Wheel and arrow step of the scrollbar.
    static let scrollStep = 44.0
    /// Page step as a fraction of the viewport.
    static let pageFraction = 0.9

    public func tableViewNeedsDisplay(_ view: ListBase) {
        // A request made while drawing is for the frame being drawn; a new one would loop.
        if !isDrawing { gtk_widget_queue_draw(drawingArea) }
        setAccessibleRowsNeedUpdate()
        // Content size can change without the offset (reloads, updates below the viewport).
        needsGeometrySync = true
        ensureTicking()
    }

    public func tableViewContentDidChangeOffScreen(_ view: ListBase) {
        // What is drawn is unchanged: no redraw (GTK keeps the drawing area's render node, so
        // a frame between an incremental filter's steps does not record the rows again). The
        // accessible rows follow the count; the scrollbar follows the content's length.
        setAccessibleRowsNeedUpdate()
        countChangedOffScreen = true
        needsGeometrySync = true
        ensureTicking()
    }

    public func tableViewDidChangeScrollGeometry(_ view: ListBase) {
        // Only the content's length changed (the offset and the page are what the adjustments
        // show): the scrollbar follows at the next frame's tick, once a frame, as
        // GtkListView's adjustment does. An incremental GtkFilterListModel changes the length
        // some twenty times a frame; configuring the adjustment for each (and the window
        // layout it queues) took time from the filter's steps. Offset changes go out at once.
        if isDrawing || (gtk_widget_get_mapped(drawingArea) != 0 && adjustmentsShowOffsetAndPage()) {
            needsGeometrySync = true
            ensureTicking()
        } else {
            syncScrollGeometry()
        }
    }

    public func tableViewNeedsAnimationTicks(_ view: ListBase) {
        ensureTicking()
    }

    // MARK: Adjustments

    func installScrolling() {
        state.onAdjustmentReplaced = { [weak self] _ in self?.syncScrollGeometry() }
        state.onValueChanged = { [weak self] vertical in
            guard let self, !self.isSyncingAdjustments else { return }
            // Across: a table whose columns are wider than the view scrolls sideways.
            if !vertical, let h = self.state.hadjustment {
                self.listView.contentOffset = Point(x: gtk_adjustment_get_value(h), y: self.listView.contentOffset.y)
                return
            }
            guard let adjustment = self.state.vadjustment else { return }
            self.listView.contentOffset = Point(x: self.listView.contentOffset.x, y: gtk_adjustment_get_value(adjustment))
        }
        Signal.connectSize(drawingArea, "resize") { [weak self] width, height in
            self?.matchFrame(width: width, height: height)
        }
    }

    /// The one place the engine's frame is set: to the drawing area's size, on `resize` and
    /// on a draw that comes before it (or without it, offscreen). The adjustments follow at
    /// once, or on the next tick when this runs inside a draw.
    func matchFrame(width: Int32, height: Int32) {
        let frame = Rect(x: 0, y: 0, width: Double(max(0, width)), height: Double(max(0, height)))
        guard listView.frame != frame else { return }
        listView.frame = frame
        tableViewDidChangeScrollGeometry(listView)
    }

    /// Writes the engine's offset, content height and viewport into the adjustments (and
    /// the natural height GTK uses to decide whether a scrollbar is needed).
    func syncScrollGeometry() {
        needsGeometrySync = false
        // Rows scroll below a column header row: the page is the frame less it.
        let frame = listView.frame.size
        let viewport = Size(width: frame.width, height: max(0, frame.height - listView.adjustedContentInset.top))
        let content = listView.contentSize.height
        if let v = state.vadjustment {
            configure(v, value: listView.contentOffset.y, upper: max(content, viewport.height), page: viewport.height,
                      step: min(Self.scrollStep, max(1, viewport.height / 4)), pageStep: max(1, viewport.height * Self.pageFraction))
        }
        let breadth = listView.contentSize.width
        if let h = state.hadjustment {
            configure(h, value: listView.contentOffset.x, upper: max(breadth, viewport.width), page: viewport.width,
                      step: Self.scrollStep, pageStep: max(1, viewport.width))
        }
        let naturalWidth = breadth > frame.width ? Int32(min(breadth.rounded(.up), Double(Int32.max / 2))) : 0
        if naturalWidth != state.naturalWidth {
            state.naturalWidth = naturalWidth
            gtk_widget_queue_resize(drawingArea)
        }
        let natural = Int32(min((content + frame.height - viewport.height).rounded(.up), Double(Int32.max / 2)))
        if natural != state.naturalHeight {
            let wasScrollable = Double(state.naturalHeight) > frame.height
            state.naturalHeight = natural
            // Only the scrollbar's visibility depends on it; don't relayout for every change.
            if wasScrollable != (Double(natural) > frame.height) { gtk_widget_queue_resize(drawingArea) }
        }
    }

    /// Whether the adjustments hold the engine's offset and page size now (only the upper
    /// bounds may be behind).
    private func adjustmentsShowOffsetAndPage() -> Bool {
        let frame = listView.frame.size
        let pageHeight = max(0, frame.height - listView.adjustedContentInset.top)
        if let v = state.vadjustment,
           gtk_adjustment_get_value(v) != listView.contentOffset.y || gtk_adjustment_get_page_size(v) != pageHeight { return false }
        if let h = state.hadjustment,
           gtk_adjustment_get_value(h) != listView.contentOffset.x || gtk_adjustment_get_page_size(h) != frame.width { return false }
        return true
    }

    private func configure(_ adjustment: UnsafeMutablePointer<GtkAdjustment>, value: Double, upper: Double, page: Double,
                           step: Double, pageStep: Double) {
        guard gtk_adjustment_get_value(adjustment) != value || gtk_adjustment_get_upper(adjustment) != upper
            || gtk_adjustment_get_page_size(adjustment) != page || gtk_adjustment_get_lower(adjustment) != 0
            || gtk_adjustment_get_step_increment(adjustment) != step || gtk_adjustment_get_page_increment(adjustment) != pageStep
        else { return }
        isSyncingAdjustments = true
        defer { isSyncingAdjustments = false }
        gtk_adjustment_configure(adjustment, value, 0, upper, step, pageStep, page)
    }

    // MARK: Frame clock

    /// Installs the tick callback unless it runs already. Each tick advances the engine's
    /// animations to the time `timeSource` gives for the frame and mirrors the scroll
    /// geometry; the callback removes itself once nothing moves, or at once when the time
    /// source does not drive the engine (a manual clock: no frames are spent waiting on it).
    func ensureTicking() {
        guard tickCallbackID == 0 else { return }
        tickCallbackID = MainLoop.addTickCallback(drawingArea) { [weak self] clock in self?.tick(clock) ?? false }
    }

    private func tick(_ clock: OpaquePointer?) -> Bool {
        var drivesEngine = false
        if listView.hasRunningAnimations {
            let frameTime = clock.map { Double(gdk_frame_clock_get_frame_time($0)) / 1_000_000 } ?? MonotonicClock.seconds
            if let time = timeSource.engineTime(forFrameTime: frameTime) {
                listView.advanceAnimations(to: time)
                drivesEngine = true
            }
        }
        if needsGeometrySync { syncScrollGeometry() }
        if countChangedOffScreen {
            // No draw follows (nothing drawn changed): the accessible rows are mirrored after
            // this frame as a drawn frame would have them (their "of N" on its schedule).
            countChangedOffScreen = false
            accessibleRows.frameDrawn()
        }
        let keepTicking = drivesEngine && listView.hasRunningAnimations
        if !keepTicking { tickCallbackID = 0 }
        return keepTicking
    }
}

extension TableWidget {
    /// The vertical adjustment the scrolled window gave the table (value = content offset).
    public var verticalAdjustment: UnsafeMutablePointer<GtkAdjustment>? { state.vadjustment }
}
