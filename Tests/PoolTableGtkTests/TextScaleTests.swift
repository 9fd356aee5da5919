import CGtk
import Glibc
import PoolTable
@testable import PoolTableApp
@_spi(Interop) @testable import PoolTableGtk
import Testing

/// Large text: with GTK's text scale at 1.5 (`gtk-xft-dpi`, what GNOME's "Large Text"
/// sets), the app's rows grow to fit their text.
extension TableWidgetTests {
    /// `gtk-xft-dpi` of the default settings (1024 × dots per inch; -1 = the default).
    private var xftDPI: Int32 {
        get {
            guard let settings = gtk_settings_get_default() else { return -1 }
            var value = GValue()
            g_value_init(&value, GObjectProperty.intType)
            defer { g_value_unset(&value) }
            g_object_get_property(settings.object, "gtk-xft-dpi", &value)
            return g_value_get_int(&value)
        }
        nonmutating set {
            guard let settings = gtk_settings_get_default() else { return }
            GObjectProperty.set(settings, "gtk-xft-dpi", int: newValue)
        }
    }

    /// The heights of the first rows of the Inbox and of News in a fresh app window;
    /// with POOLTABLE_SHOTS_DIR set, also writes the Inbox window's picture there as NAME.png.
    private func firstRowHeights(shot name: String) throws -> (inbox: [Double], news: [Double]) {
        let harness = try #require(AppHarness())
        defer { harness.close() }
        func heights() -> [Double] {
            let table = harness.window.currentTable.tableView
            return table.indexPathsForVisibleRows.prefix(4).map { table.rectForRow(at: $0).height }
        }
        if let dir = getenv("POOLTABLE_SHOTS_DIR").map({ String(cString: $0) }) { shoot(harness.window.window, to: "\(dir)/\(name).png") }
        let inbox = heights()
        harness.window.show(screen: "news")
        GtkTestEnvironment.waitForFrame()
        return (inbox, heights())
    }

    /// Writes what GTK draws for the whole window (header bar included) to a PNG.
    private func shoot(_ window: UnsafeMutablePointer<GtkWidget>, to path: String) {
        let width = Int(gtk_widget_get_width(window)), height = Int(gtk_widget_get_height(window))
        guard width > 0, height > 0, let paintable = gtk_widget_paintable_new(window), let snapshot = gtk_snapshot_new() else { return }
        defer { g_object_unref(paintable.rawPointer) }
        gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
        let image = CairoImage(width: width, height: height)
        cairo_set_source_rgb(image.cairo, 1, 1, 1)
        cairo_paint(image.cairo)
        if let node = gtk_snapshot_free_to_node(snapshot) {
            gsk_render_node_draw(node, image.cairo)
            gsk_render_node_unref(node)
        }
        _ = image.writePNG(to: path)
    }

    @Test("At 1.5x text scale (gtk-xft-dpi) the Inbox's and News' rows grow to fit their text")
    func largeTextGrowsRows() throws {
        try GtkTestEnvironment.require()
        let original = xftDPI
        defer { xftDPI = original }
        xftDPI = 96 * 1024
        GtkTestEnvironment.waitForFrame()
        let normal = try firstRowHeights(shot: "text-scale-1x")
        xftDPI = 144 * 1024
        GtkTestEnvironment.waitForFrame()
        let large = try firstRowHeights(shot: "text-scale-1.5x")
        #expect(normal.inbox.count == 4 && large.inbox.count == 4)
        for (a, b) in zip(normal.inbox, large.inbox) { #expect(b >= a * 1.25, "mail row \(a) → \(b) pt") }
        for (a, b) in zip(normal.news, large.news) { #expect(b >= a * 1.2, "story row \(a) → \(b) pt") }
    }
}
