import CGtk
@_spi(Hosting) @_spi(Diagnostics) import PoolTable

/// Hosting the engine's `DebugOverlay`: drawing it instead of the table, feeding it the
/// frame timings only the host can measure, mapping the pointer through its zoom, and
/// keeping it live. The overlay itself (what is drawn, how points map) is the engine's.
extension TableWidget {
    /// Milliseconds between redraws while the overlay is shown. The engine asks for a
    /// redraw when what the table shows changes, but not for everything the overlay shows:
    /// rates decay while nothing happens, and prepared (hidden) cells change without asking.
    /// A low-rate GLib timeout covers that; it runs only while an overlay is set and draws
    /// only while the widget is mapped. (It is not a tick callback, which would keep the
    /// frame clock running at full rate.)
    public static let debugOverlayRefreshInterval: guint = 250

    /// True while the overlay's redraw timer runs.
    public var isDebugOverlayRefreshing: Bool { overlayRefreshSourceID != 0 }

    func debugOverlayDidChange() {
        if let overlay = debugOverlay {
            customRenderer = { [weak self] canvas, _ in self?.drawDebugOverlay(overlay, on: canvas) }
            pointerTransform = { [weak self] point in
                guard let self else { return point }
                return overlay.tablePoint(fromViewPoint: point, table: self.listView)
            }
            startOverlayRefresh()
            updateOverlayDescription(overlay)
        } else {
            customRenderer = nil
            pointerTransform = nil
            stopOverlayRefresh()
            Accessible.setDescription(drawingArea, nil)
        }
    }

    /// The overlay is drawn, so screen readers get it in words: the view's accessible
    /// description is the overlay's summary (counters, pool, latest events), kept current
    /// by the refresh timer and set only when it changed.
    func updateOverlayDescription(_ overlay: DebugOverlay) {
        let summary = overlay.accessibleSummary(listView)
        guard summary != overlay.hostAccessibleDescription else { return }
        overlay.hostAccessibleDescription = summary
        Accessible.setDescription(drawingArea, summary)
    }

    /// One overlay frame: the host's figures first (the previous frame's work, since this
    /// one is still being measured), then the engine's drawing.
    private func drawDebugOverlay(_ overlay: DebugOverlay, on canvas: Canvas) {
        overlay.hostFrameMilliseconds = frameWorkMilliseconds
        overlay.hostFramesPerSecond = framesPerSecond
        overlay.clock = (timeSource as? ControllableTimeSource).map {
            DebugOverlay.Clock(frames: $0.frames, rate: $0.rate, isPaused: $0.isPaused)
        }
        overlay.sample(listView, at: MonotonicClock.seconds)
        overlay.render(listView, in: canvas)
    }

    private func startOverlayRefresh() {
        guard overlayRefreshSourceID == 0 else { return }
        overlayRefreshSourceID = MainLoop.addTimeout(milliseconds: Self.debugOverlayRefreshInterval) { [weak self] in
            guard let self else { return false }
            guard self.debugOverlay != nil else {
                self.overlayRefreshSourceID = 0
                return false
            }
            if gtk_widget_get_mapped(self.drawingArea) != 0 {
                self.queueDraw()
                if let overlay = self.debugOverlay { self.updateOverlayDescription(overlay) }
            }
            return true
        }
    }

    private func stopOverlayRefresh() {
        guard overlayRefreshSourceID != 0 else { return }
        g_source_remove(overlayRefreshSourceID)
        overlayRefreshSourceID = 0
    }
}
