import CGtk
import PoolTable
import PoolTableDemoKit
import PoolTableGtk

/// The bar at the bottom of the window while Debug is on: the prefetch distance (0 to 2
/// viewport heights, live) and the "Legacy refresh" diagnostic switch.
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

    private let scale: UnsafeMutablePointer<GtkWidget>
    private let valueLabel: UnsafeMutablePointer<GtkWidget>
    private let legacySwitch: UnsafeMutablePointer<GtkWidget>
    /// The current table's prefetch distance in pixels, shown next to the slider.
    private var pixels: Int?

    init() {
        widget = gtk_action_bar_new()!
        scale = gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, Self.prefetchRange.lowerBound, Self.prefetchRange.upperBound, 0.05)!
        valueLabel = gtk_label_new(nil)!
        legacySwitch = gtk_switch_new()!
        build()
    }

    /// Slides the bar in or out.
    var isRevealed: Bool {
        get { gtk_action_bar_get_revealed(widget.opaque) != 0 }
        set { gtk_action_bar_set_revealed(widget.opaque, newValue.gboolean) }
    }

    /// The prefetch distance set, in viewport heights.
    var prefetchViewports: Double { gtk_range_get_value(scale.cast(to: GtkRange.self)) }
    var legacyRefresh: Bool { gtk_switch_get_active(legacySwitch.opaque) != 0 }

    /// Shows the prefetch distance the table on screen uses, in pixels, next to the slider.
    func showPrefetch(pixels: Int) {
        self.pixels = pixels
        updateValueLabel()
    }

    // MARK: Building

    private func build() {
        let bar = widget.opaque
        gtk_widget_add_css_class(widget, "pooltable-debug-bar")

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
        gtk_widget_set_size_request(scale, 160, -1)
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

        // End: Legacy refresh (iOS 15 bug) [switch]
        gtk_widget_set_valign(legacySwitch, GTK_ALIGN_CENTER)
        gtk_widget_set_focus_on_click(legacySwitch, 0)
        gtk_widget_set_tooltip_text(legacySwitch, Self.legacyTooltip)
        Signal.connectPointer(legacySwitch, "notify::active") { [weak self] _ in
            guard let self else { return }
            self.onLegacyRefreshChange?(self.legacyRefresh)
        }
        gtk_action_bar_pack_end(bar, legacySwitch)
        let legacyLabel = gtk_label_new_with_mnemonic(tr("_Legacy refresh (iOS 15 bug)"))!
        // In a narrow window the label gives way, not the window's minimum width.
        gtk_label_set_ellipsize(legacyLabel.opaque, PANGO_ELLIPSIZE_END)
        gtk_label_set_xalign(legacyLabel.opaque, 1)
        gtk_label_set_mnemonic_widget(legacyLabel.opaque, legacySwitch)
        gtk_widget_set_tooltip_text(legacyLabel, Self.legacyTooltip)
        gtk_action_bar_pack_end(bar, legacyLabel)

        gtk_action_bar_set_revealed(bar, 0)
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
/// off restores the defaults (prefetch half a viewport, legacy refresh off), so a
/// diagnostic cannot stay in effect unseen.
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
        for table in tables {
            // The distance is a fraction of the viewport: keep it one as the window resizes.
            Signal.connectSize(table.drawingArea, "resize") { [weak self, weak table] _, _ in
                guard let self, let table else { return }
                self.applyPrefetch(to: table)
                self.updateBarFigure()
            }
        }
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
        for table in tables {
            applyPrefetch(to: table)
            if table.listView.legacyVisibleCellsOnlyRefresh != legacy {
                table.listView.legacyVisibleCellsOnlyRefresh = legacy
                table.queueDraw()
            }
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
