import CGtk
@_spi(Interop) import PoolTableGtk

/// The window every toolkit is measured in: 800x600, not resizable, with a `GtkHeaderBar`
/// above the list as the app has (so no frame's damage covers the entire X window: on X11
/// with cairo that costs a shared-memory copy per frame, which a list under a header bar
/// never pays), and in the header bar a 4x4 px square whose colour `flipProbe()` changes:
/// a frame where only it changed measures the renderer's fixed cost per frame.
@MainActor
final class BenchWindow {
    let window: UnsafeMutablePointer<GtkWidget>
    /// The 4x4 px drawing area in the header bar.
    let probe: UnsafeMutablePointer<GtkWidget>
    private let state = ProbeState()

    private final class ProbeState { var lit = false }

    init(title: String) {
        window = gtk_window_new()
        gtk_window_set_default_size(window.cast(to: GtkWindow.self), 800, 600)
        gtk_window_set_title(window.cast(to: GtkWindow.self), title)
        gtk_window_set_resizable(window.cast(to: GtkWindow.self), 0)
        let header = gtk_header_bar_new()!
        probe = gtk_drawing_area_new()
        gtk_drawing_area_set_content_width(probe.cast(to: GtkDrawingArea.self), 4)
        gtk_drawing_area_set_content_height(probe.cast(to: GtkDrawingArea.self), 4)
        gtk_widget_set_valign(probe, GTK_ALIGN_CENTER)
        MainLoop.setDrawFunction(probe) { [state] cairo, width, height in
            let lit = state.lit
            cairo_set_source_rgb(cairo, lit ? 0.9 : 0.1, 0.4, lit ? 0.1 : 0.9)
            cairo_rectangle(cairo, 0, 0, Double(width), Double(height))
            cairo_fill(cairo)
        }
        gtk_header_bar_pack_start(header.opaque, probe)
        gtk_window_set_titlebar(window.cast(to: GtkWindow.self), header)
    }

    func setChild(_ child: UnsafeMutablePointer<GtkWidget>) {
        gtk_window_set_child(window.cast(to: GtkWindow.self), child)
    }

    /// Changes the probe's colour: the next frame damages those 4x4 px only.
    func flipProbe() {
        state.lit.toggle()
        gtk_widget_queue_draw(probe)
    }
}
