import CGtk

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
        gtk_window_set_default_size(window.to(GtkWindow.self), 800, 600)
        gtk_window_set_title(window.to(GtkWindow.self), title)
        gtk_window_set_resizable(window.to(GtkWindow.self), 0)
        let header = gtk_header_bar_new()!
        probe = gtk_drawing_area_new()
        gtk_drawing_area_set_content_width(probe.to(GtkDrawingArea.self), 4)
        gtk_drawing_area_set_content_height(probe.to(GtkDrawingArea.self), 4)
        gtk_widget_set_valign(probe, GTK_ALIGN_CENTER)
        gtk_drawing_area_set_draw_func(probe.to(GtkDrawingArea.self), { _, cairo, width, height, data in
            guard let cairo, let data else { return }
            let lit = Unmanaged<ProbeState>.fromOpaque(data).takeUnretainedValue().lit
            cairo_set_source_rgb(cairo, lit ? 0.9 : 0.1, 0.4, lit ? 0.1 : 0.9)
            cairo_rectangle(cairo, 0, 0, Double(width), Double(height))
            cairo_fill(cairo)
        }, Unmanaged.passRetained(state).toOpaque(), { p in
            guard let p else { return }
            Unmanaged<ProbeState>.fromOpaque(p).release()
        })
        gtk_header_bar_pack_start(header.op, probe)
        gtk_window_set_titlebar(window.to(GtkWindow.self), header)
    }

    func setChild(_ child: UnsafeMutablePointer<GtkWidget>) {
        gtk_window_set_child(window.to(GtkWindow.self), child)
    }

    /// Changes the probe's colour: the next frame damages those 4x4 px only.
    func flipProbe() {
        state.lit.toggle()
        gtk_widget_queue_draw(probe)
    }
}
