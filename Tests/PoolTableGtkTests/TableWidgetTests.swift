import CGtk
import PoolTable
@_spi(Interop) @testable import PoolTableGtk
import Testing

/// The GTK shell in a real window. Needs a display: run under
/// `xvfb-run -a -s "-screen 0 1280x800x24" swift test --filter PoolTableGtkTests`.
/// All in one serialized suite: GTK is initialised once and used from the main thread.
@Suite("GTK shell", .serialized, .enabled(if: GtkTestEnvironment.hasDisplay, "needs a display (DISPLAY / WAYLAND_DISPLAY): run under xvfb-run"))
@MainActor
struct TableWidgetTests {
    // MARK: Pixels

    @Test("Entering edit mode changes the pixels (the checkbox column slides in)")
    func editingChangesPixels() throws {
        let harness = try WindowHarness.open(rows: 200)
        defer { harness.close() }
        let before = harness.table.renderToImage()
        harness.table.tableView.setEditing(true, animated: false)
        GtkTestEnvironment.waitForFrame()
        let after = harness.table.renderToImage()
        #expect(before.pixelWidth == 420)
        #expect(after.differingPixels(from: before) > 200)
        #expect(after.pixelChecksum != before.pixelChecksum)
        // The real GTK pipeline (draw function → cairo) shows the same change.
        let snapshot = try #require(harness.table.snapshotToImage())
        harness.table.tableView.setEditing(false, animated: false)
        GtkTestEnvironment.waitForFrame()
        let snapshotAfter = try #require(harness.table.snapshotToImage())
        #expect(snapshotAfter.differingPixels(from: snapshot) > 200)
    }

    @Test("Scrolling the adjustment moves the engine's offset and changes the pixels")
    func adjustmentScrollsTheTable() throws {
        let harness = try WindowHarness.open(rows: 500)
        defer { harness.close() }
        let table = harness.table.tableView
        let adjustment = harness.adjustment
        #expect(gtk_adjustment_get_upper(adjustment) == table.contentSize.height)
        #expect(gtk_adjustment_get_page_size(adjustment) == table.frame.height)
        #expect(table.contentSize.height == 500 * 44)

        let before = harness.table.renderToImage()
        gtk_adjustment_set_value(adjustment, 1_000)
        GtkTestEnvironment.waitForFrame()
        #expect(table.contentOffset.y == 1_000)
        #expect(table.indexPathsForVisibleRows.first == IndexPath(row: 22, section: 0))
        #expect(harness.table.renderToImage().differingPixels(from: before) > 200)
    }

    @Test("Engine scrolls (scrollToRow) are mirrored into the adjustment without echo")
    func engineScrollUpdatesAdjustment() throws {
        let harness = try WindowHarness.open(rows: 1_000)
        defer { harness.close() }
        let table = harness.table.tableView
        table.scrollToRow(at: IndexPath(row: 600, section: 0), at: .top, animated: false)
        GtkTestEnvironment.waitForFrame()
        #expect(table.contentOffset.y == 600 * 44)
        #expect(gtk_adjustment_get_value(harness.adjustment) == table.contentOffset.y)

        table.scrollToRow(at: IndexPath(row: 100, section: 0), at: .top, animated: true)
        let arrived = GtkTestEnvironment.iterate(timeout: 20) { !table.hasRunningAnimations }
        #expect(arrived, "the frame clock drives the animated scroll to its end")
        #expect(table.contentOffset.y == 100 * 44)
        #expect(gtk_adjustment_get_value(harness.adjustment) == table.contentOffset.y)
    }

    @Test("Rows inserted below the screen reach the adjustment's upper bound at the next frame, once for many batches; an engine scroll reaches its value at once")
    func contentLengthReachesTheAdjustmentOnceAFrame() throws {
        let harness = try WindowHarness.open(rows: 100)
        defer { harness.close() }
        let table = harness.table.tableView, adjustment = harness.adjustment
        GtkTestEnvironment.waitForFrame()
        #expect(gtk_adjustment_get_upper(adjustment) == 100 * 44)
        var changes = 0
        let handler = Signal.connect(adjustment, "changed") { changes += 1 }
        defer { Signal.disconnect(adjustment, handler) }
        // Twenty batches between two frames, as an incremental filter's steps.
        for step in 0..<20 {
            harness.source.counts[0] += 1
            table.insertRows(at: [IndexPath(row: 100 + step, section: 0)], with: .none)
        }
        #expect(table.contentSize.height == 120 * 44)
        #expect(gtk_adjustment_get_upper(adjustment) == 100 * 44, "not yet: the frame's tick configures it")
        #expect(changes == 0)
        GtkTestEnvironment.waitForFrame()
        #expect(gtk_adjustment_get_upper(adjustment) == 120 * 44)
        #expect(changes == 1, "one configure for twenty batches (\(changes))")
        // The engine moving the offset is mirrored at once, with the length.
        table.scrollToRow(at: IndexPath(row: 119, section: 0), at: .bottom, animated: false)
        #expect(gtk_adjustment_get_value(adjustment) == table.contentOffset.y)
        #expect(table.contentOffset.y == 120 * 44 - table.frame.height)
    }

    @Test("A million rows: the adjustment reaches the last row, which is mounted, visible and drawn")
    func millionRowsScrollToEnd() throws {
        let harness = try WindowHarness.open(rows: 1_000_000)
        defer { harness.close() }
        let table = harness.table.tableView
        let adjustment = harness.adjustment
        #expect(gtk_adjustment_get_upper(adjustment) == 44_000_000)
        // The widget stays viewport-sized however long the list is.
        #expect(gtk_widget_get_height(harness.table.drawingArea) <= 600)

        let top = try #require(harness.table.snapshotToImage())
        gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment))
        GtkTestEnvironment.waitForFrame()
        let last = IndexPath(row: 999_999, section: 0)
        #expect(table.indexPathsForMountedRows.contains(last))
        #expect(table.indexPathsForVisibleRows.last == last)
        #expect(table.cellForRow(at: last)?.text == "Row 999999")

        let recording = RecordingCanvas(theme: harness.table.theme)
        table.render(in: recording)
        let drawn = try #require(recording.texts.first { $0.0 == "Row 999999" })
        #expect(drawn.1.maxY <= table.frame.height)
        #expect(drawn.1.minY >= 0)

        let bottom = try #require(harness.table.snapshotToImage())
        #expect(bottom.differingPixels(from: top) > 200)
    }

    @Test("Animated edit mode runs on the frame clock to the end, then the tick stops")
    func animatedEditingFinishes() throws {
        let harness = try WindowHarness.open(rows: 100)
        defer { harness.close() }
        let table = harness.table.tableView
        table.setEditing(true, animated: true)
        #expect(table.hasRunningAnimations)
        let finished = GtkTestEnvironment.iterate(timeout: 20) { !table.hasRunningAnimations }
        #expect(finished)
        #expect(table.editingProgress == 1)
        #expect(table.visibleCells.allSatisfy { $0.editingProgress == 1 })
        GtkTestEnvironment.waitForFrame()
        #expect(harness.table.tickCallbackID == 0)
        #expect(harness.table.frameWorkMilliseconds > 0)
    }

    @Test("Resizing the window resizes the viewport and the adjustment's page")
    func resizeUpdatesViewport() throws {
        let harness = try WindowHarness.open(rows: 300)
        defer { harness.close() }
        gtk_window_set_default_size(harness.window.cast(to: GtkWindow.self), 500, 400)
        let table = harness.table.tableView
        let resized = GtkTestEnvironment.iterate { table.frame.height < 500 && table.frame.height > 0 }
        #expect(resized)
        #expect(gtk_adjustment_get_page_size(harness.adjustment) == table.frame.height)
    }

    // MARK: Theme

    @Test("The theme follows GTK's dark preference")
    func themeFollowsDarkPreference() throws {
        let harness = try WindowHarness.open(rows: 10)
        defer { harness.close() }
        let settings = gtk_settings_get_default()!
        let light = harness.table.theme
        #expect(!light.isDark)
        GObjectProperty.set(settings, "gtk-application-prefer-dark-theme", bool: true)
        defer { GObjectProperty.set(settings, "gtk-application-prefer-dark-theme", bool: false) }
        let darkened = GtkTestEnvironment.iterate(timeout: 20) { harness.table.theme.isDark }
        #expect(darkened)
        #expect(harness.table.theme.background != light.background)
    }

    // MARK: Canvas

    @Test("CairoCanvas measures with Pango: one line, wrapping and maxLines")
    func canvasMeasuresText() throws {
        try GtkTestEnvironment.require()
        let context = pango_font_map_create_context(pango_cairo_font_map_get_default())!
        defer { g_object_unref(context.rawPointer) }
        let canvas = CairoCanvas.measuring(pangoContext: context, theme: .light)
        let text = String(repeating: "Recycled rows stay fresh. ", count: 12)
        let one = canvas.measureText("Row 1", width: .infinity, style: TextStyle(font: .body))
        #expect(one.width > 20 && one.width < 80)
        #expect(one.height >= 14 && one.height <= 24)
        let wrapped = canvas.measureText(text, width: 200, style: TextStyle(font: .body, maxLines: 0))
        #expect(wrapped.height > one.height * 4)
        #expect(wrapped.width <= 200)
        let two = canvas.measureText(text, width: 200, style: TextStyle(font: .body, maxLines: 2))
        #expect(two.height == (one.height * 2).rounded(.up) || abs(two.height - one.height * 2) <= 2)
        // A cached layout is reused across calls.
        let cache = TextCache()
        _ = canvas.measureText("Cached", width: 100, style: TextStyle(), cache: cache)
        let first = cache.payload as AnyObject?
        _ = canvas.measureText("Cached again", width: 100, style: TextStyle(), cache: cache)
        #expect(first === (cache.payload as AnyObject?))
    }

    @Test("CairoCanvas draws shapes, alpha and clipping into pixels")
    func canvasDrawsPixels() throws {
        try GtkTestEnvironment.require()
        let context = pango_font_map_create_context(pango_cairo_font_map_get_default())!
        defer { g_object_unref(context.rawPointer) }
        let image = CairoImage(width: 40, height: 20, scale: 2)
        let canvas = CairoCanvas(image: image, pangoContext: context, theme: .light)
        canvas.fill(Rect(x: 0, y: 0, width: 40, height: 20), color: .white)
        canvas.withState {
            canvas.clip(to: Rect(x: 0, y: 0, width: 10, height: 20))
            canvas.fill(Rect(x: 0, y: 0, width: 40, height: 20), color: Color(hex: 0xff0000))
        }
        canvas.withState {
            canvas.multiplyAlpha(0.5)
            canvas.fill(Rect(x: 20, y: 0, width: 10, height: 20), color: Color(hex: 0x0000ff))
        }
        canvas.finish()
        #expect(image.pixelWidth == 80)
        let red = image.pixel(x: 10, y: 10), white = image.pixel(x: 30, y: 10), blue = image.pixel(x: 50, y: 10)
        #expect(red.red == 255 && red.green == 0)
        #expect(white.red == 255 && white.green == 255 && white.blue == 255)
        #expect(blue.blue == 255 && blue.red > 120 && blue.red < 135, "half-transparent blue over white")
    }

    // MARK: Input mapping

    @Test("Navigation keys map to the engine's keys; others propagate")
    func keysMapToTableKeys() {
        #expect(TableWidget.tableKey(for: guint(GDK_KEY_Down)) == .down)
        #expect(TableWidget.tableKey(for: guint(GDK_KEY_Page_Up)) == .pageUp)
        #expect(TableWidget.tableKey(for: guint(GDK_KEY_End)) == .end)
        #expect(TableWidget.tableKey(for: guint(GDK_KEY_KP_Enter)) == .enter)
        #expect(TableWidget.tableKey(for: guint(GDK_KEY_space)) == .space)
        #expect(TableWidget.tableKey(for: guint(GDK_KEY_a)) == nil)
        #expect(TableWidget.tableKey(for: guint(GDK_KEY_a), modifiers: [.control]) == nil, "Ctrl+A is the window's select-all")
        #expect(TableWidget.tableKey(for: guint(GDK_KEY_A), modifiers: [.control, .shift]) == .deselectAll)
        #expect(TableWidget.tableKey(for: guint(GDK_KEY_backslash), modifiers: [.control]) == .deselectAll)
        #expect(TableWidget.tableKey(for: guint(GDK_KEY_Left)) == .left && TableWidget.tableKey(for: guint(GDK_KEY_Right)) == .right)
        let state = GdkModifierType(rawValue: GDK_SHIFT_MASK.rawValue | GDK_CONTROL_MASK.rawValue)
        #expect(TableWidget.modifiers(state) == [.shift, .control])
    }

    @Test("A widget that never gets a size draws nothing and does not crash")
    func zeroSizeIsFine() throws {
        try GtkTestEnvironment.require()
        let widget = TableWidget()
        let source = RowsSource(count: 10)
        source.install(in: widget.tableView)
        widget.tableView.frame = .zero
        let image = widget.renderToImage()
        #expect(image.width == 1)
        #expect(widget.snapshotToImage() == nil)
    }
}
