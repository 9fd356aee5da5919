import CGtk
@_spi(Hosting) @_spi(Diagnostics) import PoolTable
@_spi(Diagnostics) import PoolTableDemoKit
@_spi(Interop) @_spi(Diagnostics) import PoolTableGtk

/// The bar at the bottom of the window while Debug is on: the prefetch distance (0 to 2
/// viewport heights, live); the time controls (slow motion, pause, step one frame); the
/// overlay's "freeze log"; and, behind a Diagnostics button, the switches that replicate
/// seeds' bugs (Chameleon layout, legacy refresh). Every control is reachable with Tab and
/// named for screen readers (its own text, or the label it is the mnemonic widget of, plus a
/// tooltip).
///
/// The diagnostic switches live in a popover: beside the slider and the time controls, at
/// the default window width (900 px) their labels had 67 px between them and showed "…" and
/// "L…"; in the popover they keep their whole labels at any width and in any language. The
/// button turns red while one of them is on, so a diagnostic in effect is never out of sight.
///
/// A `GtkActionBar`, which slides itself in and out (`revealed`). It only reports what the
/// user set; `DebugTools` applies it to the tables.
@MainActor
final class DebugBar {
    /// The bar's range, in viewport heights.
    static let prefetchRange = 0.0...2.0
    /// The engine's default prefetch distance: half a viewport.
    static let defaultPrefetch = 0.5

    static var legacyTooltip: String {
        tr("A diagnostic that reproduces a bug on purpose; off by default, and only in effect while Debug is on. With it on, toggling edit mode refreshes only the visible cells, as the first attempt in article 000 did on iOS 15: the prepared rows bound just outside the viewport keep the old state. The overlay marks them with a red “stale”; scroll them into view to see the wrong state. PoolTable itself refreshes every bound cell.")
    }

    let widget: UnsafeMutablePointer<GtkWidget>
    /// Called with the new prefetch distance in viewport heights.
    var onPrefetchChange: (@MainActor (Double) -> Void)?
    /// Called when the legacy refresh switch flips.
    var onLegacyRefreshChange: (@MainActor (Bool) -> Void)?
    /// Called when slow motion, pause, the log freeze or the Chameleon switch change.
    var onTimeControlsChange: (@MainActor () -> Void)?
    /// Called when Step is pressed (while paused).
    var onStep: (@MainActor () -> Void)?
    var onFreezeLogChange: (@MainActor (Bool) -> Void)?
    var onChameleonChange: (@MainActor (Bool) -> Void)?

    static var slowMotionTooltip: String {
        tr("Runs every engine animation ten times slower (edit mode, selection, inserts and deletes, animated scrolls) so a slide or a recycle can be followed by eye. GTK's kinetic scrolling keeps its speed: the scrolled window runs it on its own clock.")
    }
    static var chameleonTooltip: String {
        tr("A diagnostic that reproduces the layout pass of Chameleon's UITableView (article 001): every row height is read and summed again on every layout pass, O(n) instead of O(log n). The rows shown are the same; watch the Engine panel's layout pass time climb on a huge list (pooltable --rows 1000000).")
    }

    private let scale: UnsafeMutablePointer<GtkWidget>
    private let valueLabel: UnsafeMutablePointer<GtkWidget>
    private let legacySwitch: UnsafeMutablePointer<GtkWidget>
    /// Opens the popover with the diagnostic switches (Chameleon layout, legacy refresh).
    let diagnosticsButton: UnsafeMutablePointer<GtkWidget>
    let slowMotionButton: UnsafeMutablePointer<GtkWidget>
    let pauseButton: UnsafeMutablePointer<GtkWidget>
    let stepButton: UnsafeMutablePointer<GtkWidget>
    let freezeLogButton: UnsafeMutablePointer<GtkWidget>
    let chameleonSwitch: UnsafeMutablePointer<GtkWidget>
    /// Naive picture loading (issue 24): the Photos screen hands late pictures to the cell
    /// that asked, whatever it shows by then.
    let naivePicturesSwitch: UnsafeMutablePointer<GtkWidget>
    /// Called when the naive picture loading switch flips.
    var onNaivePicturesChange: (@MainActor (Bool) -> Void)?
    /// The current table's prefetch distance in pixels, shown next to the slider.
    private var pixels: Int?

    init() {
        widget = gtk_action_bar_new()!
        scale = gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, Self.prefetchRange.lowerBound, Self.prefetchRange.upperBound, 0.05)!
        valueLabel = gtk_label_new(nil)!
        legacySwitch = gtk_switch_new()!
        slowMotionButton = Self.mnemonicButton(gtk_toggle_button_new()!, tr("Slo_w motion"))
        pauseButton = Self.mnemonicButton(gtk_toggle_button_new()!, tr("Pa_use"))
        stepButton = Self.mnemonicButton(gtk_button_new()!, tr("S_tep"))
        freezeLogButton = Self.mnemonicButton(gtk_toggle_button_new()!, tr("Free_ze log"))
        chameleonSwitch = gtk_switch_new()!
        naivePicturesSwitch = gtk_switch_new()!
        diagnosticsButton = gtk_menu_button_new()!
        build()
        buildTimeControls()
        buildDiagnostics()
    }

    /// `button` with a mnemonic label as its child. (GTK 4.8 names a button made with
    /// `gtk_button_new_with_mnemonic` by its raw label and then its text, "Pa_use Pause", and
    /// one given an accessible label as well by both, "Pause animations Pause": a label child
    /// leaves the button named by its text alone, "Pause".)
    private static func mnemonicButton(_ button: UnsafeMutablePointer<GtkWidget>, _ text: String) -> UnsafeMutablePointer<GtkWidget> {
        let label = gtk_label_new_with_mnemonic(text)!
        gtk_label_set_mnemonic_widget(label.opaque, button)
        gtk_button_set_child(button.cast(to: GtkButton.self), label)
        return button
    }

    /// Slides the bar in or out.
    var isRevealed: Bool {
        get { gtk_action_bar_get_revealed(widget.opaque) != 0 }
        set { gtk_action_bar_set_revealed(widget.opaque, newValue.gboolean) }
    }

    /// The prefetch distance set, in viewport heights.
    var prefetchViewports: Double { gtk_range_get_value(scale.cast(to: GtkRange.self)) }
    var legacyRefresh: Bool { gtk_switch_get_active(legacySwitch.opaque) != 0 }
    var slowMotion: Bool { gtk_toggle_button_get_active(slowMotionButton.cast(to: GtkToggleButton.self)) != 0 }
    var isPaused: Bool { gtk_toggle_button_get_active(pauseButton.cast(to: GtkToggleButton.self)) != 0 }
    var freezeLog: Bool { gtk_toggle_button_get_active(freezeLogButton.cast(to: GtkToggleButton.self)) != 0 }
    var chameleonLayout: Bool { gtk_switch_get_active(chameleonSwitch.opaque) != 0 }
    /// Whether the naive picture loading replica is on.
    var naivePictures: Bool { gtk_switch_get_active(naivePicturesSwitch.opaque) != 0 }

    static var naivePicturesTooltip: String {
        tr("A bug on purpose, on Photos with a folder open (Open Folder…): a picture that finishes decoding is handed to the cell that asked for it, whatever photo that cell shows by then, and nothing is cancelled. Fling the grid and watch wrong photos flash; the overlay's Pictures panel counts the mismatches.")
    }

    /// Shows the prefetch distance the table on screen uses, in pixels, next to the slider.
    func showPrefetch(pixels: Int) {
        self.pixels = pixels
        updateValueLabel()
    }

    // MARK: Building

    private func build() {
        let bar = widget.opaque
        gtk_widget_add_css_class(widget, "pooltable-debug-bar")
        AccessibleName.set(widget, "Debug settings")

        // Start: Prefetch [slider] 0.50× = 320 px
        let prefetchLabel = gtk_label_new_with_mnemonic(tr("_Prefetch"))!
        gtk_label_set_mnemonic_widget(prefetchLabel.opaque, scale)
        gtk_action_bar_pack_start(bar, prefetchLabel)

        let range = scale.cast(to: GtkRange.self)
        gtk_range_set_value(range, Self.defaultPrefetch)
        gtk_range_set_round_digits(range, 2)
        gtk_range_set_increments(range, 0.05, 0.25)
        gtk_scale_set_draw_value(scale.cast(to: GtkScale.self), 0)
        for mark in [0.0, 0.5, 1.0, 1.5, 2.0] { gtk_scale_add_mark(scale.cast(to: GtkScale.self), mark, GTK_POS_BOTTOM, nil) }
        gtk_widget_set_size_request(scale, 150, -1)
        gtk_widget_set_valign(scale, GTK_ALIGN_CENTER)
        gtk_widget_set_tooltip_text(scale, tr("How far above and below the viewport rows are bound ahead of time (“prepared”): 0 to 2 viewport heights. Default: half a viewport."))
        Signal.connect(scale, "value-changed") { [weak self] in
            guard let self else { return }
            self.onPrefetchChange?(self.prefetchViewports)
            self.updateValueLabel()
        }
        // A click on the bar's controls leaves keyboard focus on the table (Tab still reaches them).
        gtk_widget_set_focus_on_click(scale, 0)
        gtk_action_bar_pack_start(bar, scale)

        gtk_widget_set_tooltip_text(valueLabel, tr("The prefetch distance in viewport heights and in pixels"))
        gtk_widget_add_css_class(valueLabel, "dim-label")
        gtk_widget_add_css_class(valueLabel, "numeric")
        gtk_label_set_xalign(valueLabel.opaque, 0)
        gtk_label_set_width_chars(valueLabel.opaque, 15)
        gtk_action_bar_pack_start(bar, valueLabel)
        updateValueLabel()

        gtk_action_bar_set_revealed(bar, 0)
    }

    /// Centre: [Slow motion] [Pause] [Step] [Freeze log].
    private func buildTimeControls() {
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 4)!
        gtk_widget_add_css_class(box, "linked")
        // Named by their own text ("Pause"); the tooltip is their description.
        let controls: [(UnsafeMutablePointer<GtkWidget>, String)] = [
            (slowMotionButton, Self.slowMotionTooltip),
            (pauseButton, tr("Freezes the engine's time and the overlay's frame counter; Step then advances one frame.")),
            (stepButton, tr("While paused: advances the engine's animations by exactly one frame.")),
            (freezeLogButton, tr("Stops the overlay's cell event log where it is, so a fast scroll can be read.")),
        ]
        for (button, tooltip) in controls {
            gtk_widget_set_tooltip_text(button, tooltip)
            gtk_widget_set_focus_on_click(button, 0)
            gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
            gtk_box_append(box.cast(to: GtkBox.self), button)
        }
        gtk_widget_set_sensitive(stepButton, 0)
        for button in [slowMotionButton, pauseButton] {
            Signal.connect(button, "toggled") { [weak self] in
                guard let self else { return }
                gtk_widget_set_sensitive(self.stepButton, self.isPaused.gboolean)
                self.onTimeControlsChange?()
            }
        }
        Signal.connect(stepButton, "clicked") { [weak self] in self?.onStep?() }
        Signal.connect(freezeLogButton, "toggled") { [weak self] in
            guard let self else { return }
            self.onFreezeLogChange?(self.freezeLog)
        }
        gtk_action_bar_set_center_widget(widget.opaque, box)
    }

    /// End: [Diagnostics ▴], a popover of two rows, each a label (the switch's mnemonic) and
    /// its switch: Chameleon layout (article 001), Legacy refresh (iOS 15 bug).
    private func buildDiagnostics() {
        let grid = gtk_grid_new()!
        let table = grid.cast(to: GtkGrid.self)
        gtk_grid_set_row_spacing(table, 8)
        gtk_grid_set_column_spacing(table, 24)
        for side in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start, gtk_widget_set_margin_end] {
            side(grid, 6)
        }
        let heading = gtk_label_new(tr("Reproduce a bug on purpose (only while Debug is on)"))!
        gtk_widget_add_css_class(heading, "dim-label")
        gtk_label_set_xalign(heading.opaque, 0)
        gtk_grid_attach(table, heading, 0, 0, 2, 1)

        let rows: [(UnsafeMutablePointer<GtkWidget>, String, String)] = [
            (chameleonSwitch, tr("C_hameleon layout"), Self.chameleonTooltip),
            (legacySwitch, tr("_Legacy refresh (iOS 15 bug)"), Self.legacyTooltip),
            (naivePicturesSwitch, tr("_Naive picture loading"), Self.naivePicturesTooltip),
        ]
        for (row, (toggle, text, tooltip)) in rows.enumerated() {
            let label = gtk_label_new_with_mnemonic(text)!
            gtk_label_set_xalign(label.opaque, 0)
            gtk_widget_set_hexpand(label, 1)
            gtk_label_set_mnemonic_widget(label.opaque, toggle)
            gtk_widget_set_tooltip_text(label, tooltip)
            gtk_grid_attach(table, label, 0, gint(row + 1), 1, 1)
            gtk_widget_set_valign(toggle, GTK_ALIGN_CENTER)
            gtk_widget_set_halign(toggle, GTK_ALIGN_END)
            gtk_widget_set_tooltip_text(toggle, tooltip)
            gtk_grid_attach(table, toggle, 1, gint(row + 1), 1, 1)
        }
        Accessible.setLabel(chameleonSwitch, tr("Chameleon layout (article 001)"))
        Signal.connectPointer(chameleonSwitch, "notify::active") { [weak self] _ in
            guard let self else { return }
            self.updateDiagnosticsButton()
            self.onChameleonChange?(self.chameleonLayout)
        }
        Signal.connectPointer(legacySwitch, "notify::active") { [weak self] _ in
            guard let self else { return }
            self.updateDiagnosticsButton()
            self.onLegacyRefreshChange?(self.legacyRefresh)
        }
        Accessible.setLabel(naivePicturesSwitch, tr("Naive picture loading"))
        Signal.connectPointer(naivePicturesSwitch, "notify::active") { [weak self] _ in
            guard let self else { return }
            self.updateDiagnosticsButton()
            self.onNaivePicturesChange?(self.naivePictures)
        }

        let popover = gtk_popover_new()!
        gtk_popover_set_child(popover.cast(to: GtkPopover.self), grid)
        // Its right edge under the button's, which sits at the window's right end: the
        // popover opens over the window, not past its edge.
        gtk_widget_set_halign(popover, GTK_ALIGN_END)
        let button = diagnosticsButton.opaque
        gtk_menu_button_set_label(button, tr("Dia_gnostics"))
        gtk_menu_button_set_use_underline(button, 1)
        // The bar is at the bottom of the window: the popover opens upwards.
        gtk_menu_button_set_direction(button, GTK_ARROW_UP)
        gtk_menu_button_set_popover(button, popover)
        gtk_widget_set_valign(diagnosticsButton, GTK_ALIGN_CENTER)
        gtk_widget_set_tooltip_text(diagnosticsButton, tr("Switches that reproduce known bugs on purpose: Chameleon's layout pass, the iOS 15 legacy refresh"))
        // The menu button itself would be "GtkMenuButton" in the tree; its inner toggle button
        // (what takes the focus) is named by its own text.
        Accessible.setLabel(diagnosticsButton, tr("Diagnostics"))
        gtk_action_bar_pack_end(widget.opaque, diagnosticsButton)
    }

    /// The Diagnostics button is red while a diagnostic is on. (GTK 4.8's theme styles
    /// `destructive-action` on a button, not on a menu button: the class goes on the menu
    /// button's own `button.toggle` child, its documented CSS node.)
    private func updateDiagnosticsButton() {
        guard let inner = gtk_widget_get_first_child(diagnosticsButton) else { return }
        if legacyRefresh || chameleonLayout || naivePictures {
            gtk_widget_add_css_class(inner, "destructive-action")
        } else {
            gtk_widget_remove_css_class(inner, "destructive-action")
        }
    }

    private func updateValueLabel() {
        let value = prefetchViewports
        let factor = formatted(value, fractionDigits: 2)
        // Translators: the prefetch distance in viewport heights, "0.50×".
        var text = tr("{factor}×", ["factor": factor])
        if let pixels {
            // Translators: the prefetch distance in both units, "0.50× = 320 px".
            text = tr("{factor}× = {pixels} px", ["factor": factor, "pixels": formatted(pixels)])
        }
        gtk_label_set_text(valueLabel.opaque, text)
    }
}

/// Debug mode for every table of the window: the engine's overlay drawn over each one,
/// and the debug bar's settings applied to all of them while Debug is on. Turning Debug
/// off restores the defaults (prefetch half a viewport, legacy refresh and Chameleon layout
/// off, normal speed, running), so a diagnostic cannot stay in effect unseen.
///
/// The prefetch distance is kept at a fraction of each table's viewport, re-applied when
/// it resizes; the screens use the engine's default (half a viewport), which this keeps.
@MainActor
final class DebugTools {
    let bar = DebugBar()
    private(set) var isEnabled = false

    private let tables: [TableWidget]
    /// One overlay per table, kept across toggles so its rates have history.
    private let overlays: [DebugOverlay]
    /// The table whose viewport the bar's pixel figure describes.
    private var currentTable: TableWidget?

    init(tables: [TableWidget]) {
        self.tables = tables
        overlays = tables.map { _ in DebugOverlay(strings: .translated) }
        bar.onPrefetchChange = { [weak self] _ in self?.applySettings() }
        bar.onLegacyRefreshChange = { [weak self] _ in self?.applySettings() }
        bar.onTimeControlsChange = { [weak self] in self?.applySettings() }
        bar.onChameleonChange = { [weak self] _ in self?.applySettings() }
        bar.onNaivePicturesChange = { [weak self] _ in self?.applySettings() }
        bar.onStep = { [weak self] in self?.currentTable?.stepAnimationFrame() }
        bar.onFreezeLogChange = { [weak self] frozen in
            guard let self else { return }
            for (table, overlay) in zip(self.tables, self.overlays) {
                overlay.setLogFrozen(frozen, table: table.listView)
                table.queueDraw()
            }
        }
        for table in tables {
            // The distance is a fraction of the viewport: keep it one as the window resizes.
            Signal.connectSize(table.drawingArea, "resize") { [weak self, weak table] _, _ in
                guard let self, let table else { return }
                self.applyPrefetch(to: table)
                self.updateBarFigure()
            }
        }
    }

    /// Applies the naive picture loading switch (the Photos screen's replica).
    var applyNaivePictures: (@MainActor (Bool) -> Void)?

    /// Gives `table`'s overlay a panel of the host's own (e.g. the picture loader's figures).
    func setHostPanel(for table: TableWidget, _ panel: @escaping @MainActor () -> (title: String, lines: [String])?) {
        guard let k = tables.firstIndex(where: { $0 === table }) else { return }
        overlays[k].hostPanel = panel
    }

    func setEnabled(_ enabled: Bool) {
        guard enabled != isEnabled else { return }
        isEnabled = enabled
        bar.isRevealed = enabled
        for (table, overlay) in zip(tables, overlays) { table.debugOverlay = enabled ? overlay : nil }
        applySettings()
    }

    /// The table on screen changed.
    func showing(_ table: TableWidget) {
        currentTable = table
        updateBarFigure()
    }

    // MARK: Private

    private var prefetchViewports: Double { isEnabled ? bar.prefetchViewports : DebugBar.defaultPrefetch }

    private func applySettings() {
        let legacy = isEnabled && bar.legacyRefresh
        let chameleon = isEnabled && bar.chameleonLayout
        applyNaivePictures?(isEnabled && bar.naivePictures)
        let rate = isEnabled && bar.slowMotion ? ControllableTimeSource.slowMotionRate : 1
        let paused = isEnabled && bar.isPaused
        for table in tables {
            applyPrefetch(to: table)
            if table.listView.legacyVisibleCellsOnlyRefresh != legacy {
                table.listView.legacyVisibleCellsOnlyRefresh = legacy
                table.queueDraw()
            }
            if let list = table.listView as? TableView, list.chameleonLayoutReplica != chameleon {
                list.chameleonLayoutReplica = chameleon
                table.queueDraw()
            }
            let source = table.controllableTimeSource()
            if source.rate != rate { table.setAnimationRate(rate) }
            if source.isPaused != paused { table.setAnimationsPaused(paused) }
        }
        updateBarFigure()
    }

    private func updateBarFigure() {
        guard let table = currentTable, table.listView.frame.height > 0 else { return }
        bar.showPrefetch(pixels: Int(table.listView.prefetchDistance))
    }

    private func applyPrefetch(to table: TableWidget) {
        guard isEnabled else { table.listView.resetPrefetchDistance(); return }   // the engine's default
        let distance = prefetchViewports * table.listView.frame.height
        if table.listView.prefetchDistance != distance { table.listView.prefetchDistance = distance }
    }
}
