import CGtk
import Foundation
@_spi(Hosting) @_spi(Diagnostics) import PoolTable
@testable import PoolTableApp
@_spi(Testing) @_spi(Diagnostics) import PoolTableDemoKit
@_spi(Interop) @testable import PoolTableGtk
import Testing

/// Every string the app shows is marked for translation.
///
/// A pseudo-translation replaces every gettext lookup (`Localization.override`) with the
/// message wrapped in ⟪ ⟫. The real window is then walked: every GTK label, button label,
/// tooltip, drop-down item and menu item, and every string the screens' tables and the debug
/// overlay draw through the engine's Canvas (captured by a RecordingCanvas), on every screen,
/// in and out of edit mode. Once the marked parts and the demo data (people's names, file
/// names, outlet and advertiser names) are taken out, no letter may remain: a letter left over
/// was drawn without going through `tr`/`trn`. And every message looked up must be in
/// po/pooltable.pot, so xgettext saw it (a message passed through a variable would not be).
extension TableWidgetTests {
    @Test("Every string the app shows goes through gettext and is in po/pooltable.pot")
    func everyShownStringIsMarkedForTranslation() throws {
        try GtkTestEnvironment.require()
        let looked = LookedUp()
        Localization.override = { message in
            looked.messages.insert(message)
            return "⟪" + message + "⟫"
        }
        defer { Localization.override = nil }
        let harness = try #require(AppHarness())
        defer { harness.close() }
        let window = harness.window

        var shown: [(place: String, text: String)] = []
        func collectWidgets(_ place: String) {
            walk(window.window) { widget in
                for text in Self.texts(of: widget) { shown.append(("\(place): widget", text)) }
            }
        }
        func collectTable(_ place: String) {
            let table = window.currentTable.listView
            let canvas = RecordingCanvas()
            table.render(in: canvas)
            shown += canvas.texts.map { ("\(place): table", $0.0) }
            let overlayCanvas = RecordingCanvas()
            DebugOverlay(strings: .translated).render(table, in: overlayCanvas)
            shown += overlayCanvas.texts.map { ("\(place): overlay", $0.0) }
        }

        for screen in LaunchOptions.screenNames {
            window.show(screen: screen)
            if screen == "news", let news = window.screens.lazy.compactMap({ $0 as? NewsScreen }).first {
                // News: the first ads arrive a second after the screen first shows, in one
                // animated batch.
                GtkTestEnvironment.wait(for: "the News screen's first ads") {
                    news.controller.adCount > 0 && !window.currentTable.listView.hasRunningAnimations
                }
            }
            GtkTestEnvironment.waitForFrame()
            if screen == "downloads", let startAll = firstWidget(in: window.window, where: { Self.buttonLabel($0)?.contains("Start All") == true }) {
                _ = gtk_widget_activate(startAll)
                GtkTestEnvironment.waitForFrame()
            }
            collectWidgets(screen)
            collectTable(screen)
            harness.activate("edit")
            window.currentTable.listView.selectAll()
            GtkTestEnvironment.waitForFrame()
            collectWidgets("\(screen), edit mode")
            collectTable("\(screen), edit mode")
            harness.activate("edit")
        }
        harness.activate("debug")
        GtkTestEnvironment.waitForFrame()
        collectWidgets("debug bar")
        harness.activate("debug")

        // The overlay's words: every one supplied by the app, translated.
        for child in Mirror(reflecting: DebugOverlay.Strings.translated).children {
            if let text = child.value as? String { shown.append(("DebugOverlay.Strings.\(child.label ?? "?")", text)) }
        }

        #expect(shown.count > 100, "the walk found too little to be a walk (\(shown.count) strings)")
        let data = Self.demoData()
        let files = Self.filesScreenData(window) + data   // FilesGuiTests.swift
        let unmarked = shown.filter { Self.hasUnmarkedWords($0.text, data: $0.place.hasPrefix("files") || $0.place.hasPrefix("debug bar") ? files : data) }
        for item in unmarked.prefix(20) { Issue.record("not marked for translation (\(item.place)): \"\(item.text)\"") }
        #expect(unmarked.isEmpty)

        let template = try Self.templateMessages()
        let missing = looked.messages.subtracting(template).sorted()
        #expect(missing.isEmpty, "looked up but not in po/pooltable.pot (run scripts/update-po.sh): \(missing)")
        #expect(looked.messages.count > 80)
    }

    // MARK: Helpers

    private final class LookedUp: @unchecked Sendable { var messages = Set<String>() }

    /// Whether letters remain once ⟪marked⟫ parts (innermost first) and demo data are removed.
    static func hasUnmarkedWords(_ text: String, data: [String]) -> Bool {
        var rest = text
        while let close = rest.firstIndex(of: "⟫"), let open = rest[..<close].lastIndex(of: "⟪") {
            rest.replaceSubrange(open...close, with: " ")
        }
        for item in data where rest.contains(item) { rest = rest.replacingOccurrences(of: item, with: " ") }
        return rest.unicodeScalars.contains { $0.properties.isAlphabetic }
    }

    /// Strings the demo shows as they are: names of people, outlets, advertisers and files,
    /// the app's name, reuse identifiers (in the overlay's pool panel), unit symbols and GTK's own
    /// strings.
    static func demoData() -> [String] {
        var names = Set(MailGenerator.inbox().flatMap { $0.mails.map(\.sender) })
        names.formUnion(NewsGenerator.stories(count: 2_000).map(\.source))
        names.formUnion((1...4).flatMap { NewsGenerator.ads(batch: $0, count: 50, firstID: 0).map(\.advertiser) })
        names.formUnion(DownloadStore(count: 500).downloads.map(\.name))
        names.formUnion(["PoolTable", "mail", "story", "ad", "row", "download", "header"])
        // Unit symbols, the same in every language (the overlay's timings).
        names.formUnion(["µs", "ms"])
        // GTK's own strings inside its composite widgets (the drop-down's popover), translated
        // by GTK's catalog (gtk40), not ours.
        names.formUnion(["(None)", "Search…", "Clear entry"])
        return names.sorted { $0.count > $1.count }   // longest first: "Ada Lovelace" before "Ada"
    }

    /// The texts a widget shows: a label's text, a button's label, a tooltip, a drop-down's
    /// items, a menu button's menu.
    static func texts(of widget: UnsafeMutablePointer<GtkWidget>) -> [String] {
        var out: [String] = []
        if widget.isA(gtk_label_get_type()), let text = gtk_label_get_text(widget.opaque) {
            out.append(String(cString: text))
        }
        if let label = buttonLabel(widget) { out.append(label) }
        if let tooltip = gtk_widget_get_tooltip_text(widget) { out.append(String(cString: tooltip)) }
        if widget.isA(gtk_drop_down_get_type()), let model = gtk_drop_down_get_model(widget.opaque),
           let list = Optional(model.rawPointer), g_type_check_instance_is_a(list.assumingMemoryBound(to: GTypeInstance.self), gtk_string_list_get_type()) != 0 {
            for i in 0..<g_list_model_get_n_items(model) {
                if let s = gtk_string_list_get_string(OpaquePointer(list), i) { out.append(String(cString: s)) }
            }
        }
        if widget.isA(gtk_menu_button_get_type()), let model = gtk_menu_button_get_menu_model(widget.opaque) {
            out += menuLabels(model)
        }
        return out.filter { !$0.isEmpty }
    }

    static func buttonLabel(_ widget: UnsafeMutablePointer<GtkWidget>) -> String? {
        guard widget.isA(gtk_button_get_type()), let label = gtk_button_get_label(widget.cast(to: GtkButton.self)) else { return nil }
        return String(cString: label)
    }

    /// The labels of a menu model and its sections and submenus.
    static func menuLabels(_ model: UnsafeMutablePointer<GMenuModel>) -> [String] {
        var out: [String] = []
        for i in 0..<g_menu_model_get_n_items(model) {
            if let value = g_menu_model_get_item_attribute_value(model, i, "label", nil) {
                out.append(String(cString: g_variant_get_string(value, nil)))
                g_variant_unref(value)
            }
            for link in ["section", "submenu"] {
                if let sub = g_menu_model_get_item_link(model, i, link) {
                    out += menuLabels(sub)
                    g_object_unref(sub)
                }
            }
        }
        return out
    }

    private func walk(_ widget: UnsafeMutablePointer<GtkWidget>, _ visit: (UnsafeMutablePointer<GtkWidget>) -> Void) {
        visit(widget)
        var child = gtk_widget_get_first_child(widget)
        while let c = child {
            walk(c, visit)
            child = gtk_widget_get_next_sibling(c)
        }
    }

    private func firstWidget(in root: UnsafeMutablePointer<GtkWidget>, where test: (UnsafeMutablePointer<GtkWidget>) -> Bool) -> UnsafeMutablePointer<GtkWidget>? {
        var found: UnsafeMutablePointer<GtkWidget>?
        walk(root) { if found == nil && test($0) { found = $0 } }
        return found
    }

    /// The msgid and msgid_plural strings of po/pooltable.pot, unescaped.
    static func templateMessages() throws -> Set<String> {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let pot = try String(contentsOf: root.appendingPathComponent("po/pooltable.pot"), encoding: .utf8)
        var messages = Set<String>()
        var current: String?
        func finish() { if let c = current, !c.isEmpty { messages.insert(c) }; current = nil }
        for line in pot.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("msgid ") || line.hasPrefix("msgid_plural ") {
                finish()
                current = unquote(line.drop { $0 != "\"" })
            } else if line.hasPrefix("\""), current != nil {
                current! += unquote(line[...])
            } else {
                finish()
            }
        }
        finish()
        return messages
    }

    private static func unquote(_ quoted: Substring) -> String {
        var out = ""
        var escaped = false
        for c in quoted.dropFirst().dropLast() {
            if escaped {
                switch c {
                case "n": out.append("\n")
                case "t": out.append("\t")
                default: out.append(c)
                }
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else {
                out.append(c)
            }
        }
        return out
    }
}
