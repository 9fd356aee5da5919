import CGtk
import Glibc
@_spi(Hosting) @_spi(Diagnostics) import PoolTable
@testable import PoolTableApp
@testable import PoolTableDemoKit
@_spi(Interop) @testable import PoolTableGtk
import Testing

/// Issue 35: the header bar fits the default 900 px window in English and in Chinese, on
/// every screen, in edit mode and with the search open: the window is not pushed wider, the
/// title ("PoolTable") and every other label in the bar (buttons' too) are not ellipsized,
/// and every button, switch, drop-down and label lies inside the bar
/// (`gtk_widget_compute_bounds`) and overlaps no other control.
extension TableWidgetTests {
    @Test("The header bar fits a 900 px window in English and zh_CN on every screen, in edit mode and while searching")
    func headerBarFitsAt900InBothLanguages() throws {
        try #require(GtkTestEnvironment.start())
        for language in ["en", "zh_CN"] {
            try Self.withLanguage(language) {
                // The language is in effect: a Chinese window says 编辑 for Edit.
                #expect((tr("Edit") == "Edit") == (language == "en"), "\(language): the catalog is used (\(tr("Edit")))")
                let harness = try #require(AppHarness())
                defer { harness.close() }
                let window = harness.window
                for screen in LaunchOptions.screenNames {
                    window.show(screen: screen)
                    if screen == "downloads", let startAll = window.screens.first(where: { $0.name == screen })?.headerControls.first {
                        // Downloads running, as a user would have them.
                        _ = gtk_widget_activate(startAll)
                    }
                    try checkHeaderFits(window, "\(language) \(screen)")
                    harness.activate("edit")
                    window.currentTable.listView.selectAll()
                    try checkHeaderFits(window, "\(language) \(screen), edit mode")
                    harness.activate("edit")
                    if window.screens.first(where: { $0.name == screen })?.hasSearch == true {
                        harness.activate("search")
                        try #require(GtkTestEnvironment.iterate(timeout: 10) { window.search.isActive }, "\(screen): search opened")
                        try checkHeaderFits(window, "\(language) \(screen), searching")
                        harness.activate("search")
                        #expect(!window.search.isActive)
                    }
                }
            }
        }
    }

    /// Runs `body` with the app's messages in `language` (LANGUAGE, as a user sets it), then
    /// puts the environment back.
    static func withLanguage(_ language: String, _ body: () throws -> Void) rethrows {
        let old = getenv("LANGUAGE").map { String(cString: $0) }
        setenv("LANGUAGE", language, 1)
        Localization.start(localeDirectory: CatalogLocation.localeDirectory())
        defer {
            if let old { setenv("LANGUAGE", old, 1) } else { unsetenv("LANGUAGE") }
            Localization.start(localeDirectory: CatalogLocation.localeDirectory())
        }
        try body()
    }

    private func checkHeaderFits(_ window: MainWindow, _ place: String) throws {
        GtkTestEnvironment.waitForFrame(frames: 2)
        let header = try #require(window.headerBar)
        let title = try #require(window.titleLabel)
        // GTK never gives a widget less than its minimum: a bar that does not fit makes the
        // window wider than the 900 px asked for.
        var defaultWidth: Int32 = 0, defaultHeight: Int32 = 0
        gtk_window_get_default_size(window.window.cast(to: GtkWindow.self), &defaultWidth, &defaultHeight)
        #expect(defaultWidth == 900)
        #expect(gtk_widget_get_width(window.window) <= 900, "\(place): the window stays 900 px wide (\(gtk_widget_get_width(window.window)))")
        #expect(pango_layout_is_ellipsized(gtk_label_get_layout(title.opaque)) == 0, "\(place): the title is ellipsized")
        let width = Float(gtk_widget_get_width(header))
        var controls: [(widget: UnsafeMutablePointer<GtkWidget>, rect: graphene_rect_t, name: String)] = []
        func visit(_ widget: UnsafeMutablePointer<GtkWidget>) {
            guard gtk_widget_get_mapped(widget) != 0 else { return }
            let isControl = [gtk_button_get_type(), gtk_switch_get_type(), gtk_label_get_type(), gtk_drop_down_get_type()].contains {
                g_type_check_instance_is_a(widget.cast(to: GTypeInstance.self), $0) != 0
            }
            if isControl {
                var rect = graphene_rect_t()
                let name = Self.describe(widget)
                if gtk_widget_compute_bounds(widget, header, &rect) != 0 {
                    #expect(rect.origin.x >= -0.5 && rect.origin.x + rect.size.width <= width + 0.5,
                            "\(place): \(name) lies outside the header bar (\(rect.origin.x) + \(rect.size.width) of \(width))")
                    if g_type_check_instance_is_a(widget.cast(to: GTypeInstance.self), gtk_label_get_type()) != 0 {
                        #expect(pango_layout_is_ellipsized(gtk_label_get_layout(widget.opaque)) == 0, "\(place): \(name) is ellipsized")
                    }
                    controls.append((widget, rect, name))
                }
            }
            var child = gtk_widget_get_first_child(widget)
            while let c = child {
                visit(c)
                child = gtk_widget_get_next_sibling(c)
            }
        }
        visit(header)
        #expect(controls.contains { $0.widget == title }, "\(place): the title is shown")
        for (i, a) in controls.enumerated() {
            for b in controls[(i + 1)...] where gtk_widget_is_ancestor(a.widget, b.widget) == 0 && gtk_widget_is_ancestor(b.widget, a.widget) == 0 {
                var overlap = graphene_rect_t()
                var ra = a.rect, rb = b.rect
                if graphene_rect_intersection(&ra, &rb, &overlap), overlap.size.width > 0.5, overlap.size.height > 0.5 {
                    Issue.record("\(place): \(a.name) and \(b.name) overlap by \(overlap.size.width) px")
                }
            }
        }
    }

    /// "GtkButton 'Edit'", for messages.
    private static func describe(_ widget: UnsafeMutablePointer<GtkWidget>) -> String {
        let type = String(cString: g_type_name_from_instance(widget.cast(to: GTypeInstance.self)))
        if g_type_check_instance_is_a(widget.cast(to: GTypeInstance.self), gtk_label_get_type()) != 0,
           let text = gtk_label_get_text(widget.opaque) {
            return "\(type) '\(String(cString: text))'"
        }
        if g_type_check_instance_is_a(widget.cast(to: GTypeInstance.self), gtk_button_get_type()) != 0,
           let label = gtk_button_get_label(widget.cast(to: GtkButton.self)) {
            return "\(type) '\(String(cString: label))'"
        }
        return type
    }
}
