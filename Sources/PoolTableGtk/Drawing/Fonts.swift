import CGtk
import PoolTable

/// Maps the engine's `Font` requests to Pango font descriptions.
///
/// The family comes from the font the GTK settings name (`gtk-font-name`), followed by a
/// fallback list; sizes are absolute pixels times the text scale (`gtk-xft-dpi` / 96 dpi,
/// what GNOME's "Large Text" sets), so text follows the user's text size but not the
/// display's scale factor (cairo draws in logical units, crisp at any scale).
@MainActor
final class FontCatalog {
    static let shared = FontCatalog()

    /// Used after the settings' family, and alone when GTK names only a generic family.
    static let fallbackFamilies = "Cantarell, Inter, DejaVu Sans, sans"
    static let monospaceFamilies = "Source Code Pro, DejaVu Sans Mono, monospace"

    private var descriptions: [Font: OpaquePointer] = [:]
    /// Bumped by `invalidate()`, so cached layouts pick up the new descriptions.
    private(set) var generation = 0
    private var cachedDefaultFamily: String?

    /// The `PangoFontDescription *` for `font`, owned by the catalog.
    func description(for font: Font) -> OpaquePointer {
        if let d = descriptions[font] { return d }
        let d = pango_font_description_new()!
        let family = font.family ?? (font.monospaced ? Self.monospaceFamilies : defaultFamily)
        pango_font_description_set_family(d, family)
        pango_font_description_set_absolute_size(d, font.size * textScale * GLibConstant.pangoScale)
        pango_font_description_set_weight(d, PangoWeight(rawValue: UInt32(font.weight.rawValue)))
        descriptions[font] = d
        return d
    }

    /// Drops the cached descriptions (after the GTK font or text-scale setting changed).
    func invalidate() {
        for d in descriptions.values { pango_font_description_free(d) }
        descriptions.removeAll()
        cachedDefaultFamily = nil
        cachedTextScale = nil
        generation += 1
    }

    private var cachedTextScale: Double?
    private var watchesTextScale = false

    /// The user's text scale: `gtk-xft-dpi` over 96 dpi (1 when unset), within 0.5...3.
    var textScale: Double {
        if let cachedTextScale { return cachedTextScale }
        var scale = 1.0
        if let settings = gtk_settings_get_default() {
            if !watchesTextScale {
                // The catalog outlives tables: it drops its sizes itself when the scale changes.
                watchesTextScale = true
                Signal.connectPointer(settings, "notify::gtk-xft-dpi") { _ in FontCatalog.shared.invalidate() }
            }
            var value = GValue()
            g_value_init(&value, GObjectProperty.intType)
            g_object_get_property(settings.object, "gtk-xft-dpi", &value)
            let dpi = g_value_get_int(&value)
            g_value_unset(&value)
            if dpi > 0 { scale = min(3, max(0.5, Double(dpi) / 1024 / 96)) }
        }
        cachedTextScale = scale
        return scale
    }

    /// The family list for text without an explicit family.
    var defaultFamily: String {
        if let cachedDefaultFamily { return cachedDefaultFamily }
        let family = Self.familyList(settingsFamily: Self.settingsFontFamily())
        cachedDefaultFamily = family
        return family
    }

    /// The family of `gtk-font-name` ("Cantarell 11" → "Cantarell"), if GTK is initialised.
    private static func settingsFontFamily() -> String? {
        guard let settings = gtk_settings_get_default() else { return nil }
        guard let name = GObjectProperty.string(settings, "gtk-font-name") else { return nil }
        guard let desc = pango_font_description_from_string(name) else { return nil }
        defer { pango_font_description_free(desc) }
        return pango_font_description_get_family(desc).map { String(cString: $0) }
    }

    /// The settings' family first unless it is a generic alias, then the fallbacks.
    static func familyList(settingsFamily: String?) -> String {
        let generic: Set<String> = ["sans", "sans-serif", "serif", "system-ui", ""]
        guard let family = settingsFamily?.trimmingSpaces, !generic.contains(family.lowercased()) else {
            return fallbackFamilies
        }
        return "\(family), \(fallbackFamilies)"
    }
}

private extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
