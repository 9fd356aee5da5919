import CGtk

/// The one long-lived `PangoContext` a `TableWidget` lays out all its text in (drawing and
/// measuring alike), so the layouts cells keep in their `TextCache` stay valid from frame
/// to frame and only text that changed is shaped again.
///
/// It is not the widget's own context: GTK updates that one (CSS, settings) and drawing
/// code that calls `pango_cairo_update_layout` on it invalidates every layout. This one
/// changes only when `sync(with:)` finds that the widget's font options, resolution or
/// glyph-position rounding differ (a settings or scale-factor change), which costs one
/// comparison per frame.
@MainActor
public final class TextContext {
    /// The `PangoContext *` (owned).
    public nonisolated(unsafe) let context: OpaquePointer

    /// A context on the default PangoCairo font map, with default font options.
    public init() {
        context = pango_font_map_create_context(pango_cairo_font_map_get_default())!
    }

    /// A context set up like `widget`'s.
    public convenience init(like widget: UnsafeMutablePointer<GtkWidget>) {
        self.init()
        sync(with: widget)
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(context)) }

    /// Copies what matters for text from `widget`'s Pango context when it differs; true if
    /// anything changed (cached layouts then re-lay out once).
    @discardableResult
    public func sync(with widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        guard let source = gtk_widget_get_pango_context(widget) else { return false }
        var changed = false
        let theirs = pango_cairo_context_get_font_options(source)
        let ours = pango_cairo_context_get_font_options(context)
        let same: Bool
        switch (theirs, ours) {
        case (nil, nil): same = true
        case let (t?, o?): same = cairo_font_options_equal(t, o) != 0
        default: same = false
        }
        if !same {
            pango_cairo_context_set_font_options(context, theirs)
            changed = true
        }
        let resolution = pango_cairo_context_get_resolution(source)
        if resolution != pango_cairo_context_get_resolution(context) {
            pango_cairo_context_set_resolution(context, resolution)
            changed = true
        }
        let round = pango_context_get_round_glyph_positions(source)
        if round != pango_context_get_round_glyph_positions(context) {
            pango_context_set_round_glyph_positions(context, round)
            changed = true
        }
        return changed
    }
}
