import CGtk
import PoolTable

/// Builds the engine's `Theme` from the GTK theme a widget is styled with.
///
/// Named colours are looked up in the widget's style context, trying libadwaita-style
/// names first (`accent_bg_color`, `view_bg_color`, …) and GTK 4's built-in Adwaita names
/// after (`theme_selected_bg_color`, `theme_base_color`, …). Whatever is missing comes
/// from `Theme.light` or `Theme.dark`. Dark is decided by the background's luminance, or
/// by `gtk-application-prefer-dark-theme` when the theme names no background.
///
/// High-contrast themes (`HighContrast`, `HighContrastInverse`, GTK 4's `Default-hc`,
/// `Default-hc-dark`) also get high-contrast derived colours: secondary text close to the
/// foreground, solid separators and focus ring, a stronger selection tint.
@MainActor
public enum GtkTheme {
    /// The theme `widget` is currently styled with.
    public static func theme(for widget: some GPointer) -> Theme {
        let context = gtk_widget_get_style_context(widget.widget)
        func color(_ names: String...) -> Color? {
            guard let context else { return nil }
            for name in names {
                var rgba = GdkRGBA()
                if gtk_style_context_lookup_color(context, name, &rgba) != 0 {
                    return Color(red: Double(rgba.red), green: Double(rgba.green), blue: Double(rgba.blue), alpha: Double(rgba.alpha))
                }
            }
            return nil
        }
        let background = color("view_bg_color", "theme_base_color", "content_view_bg")
        let isDark = background.map { luminance($0) < 0.5 } ?? prefersDark
        let base = isDark ? Theme.dark : Theme.light
        let bg = background ?? base.background
        let fg = color("view_fg_color", "theme_fg_color", "theme_text_color") ?? base.foreground
        let window = color("window_bg_color", "theme_bg_color") ?? base.groupedBackground
        // `accent` colours text and marks, so it must read on the background: GTK 4's own
        // Adwaita only names a selection *background* (dark blue in the dark variant).
        let highContrast = isHighContrast
        let accent = readable(color("accent_color", "accent_bg_color", "theme_selected_bg_color") ?? base.accent, isDark: isDark,
                              highContrast: highContrast)
        let accentBackground = color("accent_bg_color", "theme_selected_bg_color") ?? base.accent
        let accentForeground = color("accent_fg_color", "theme_selected_fg_color") ?? base.accentForeground
        let destructive = color("destructive_color", "error_color") ?? base.destructive
        let headerFg = color("headerbar_fg_color", "theme_fg_color") ?? base.headerForeground
        return Theme(
            background: bg,
            groupedBackground: window,
            cellBackground: bg,
            foreground: fg,
            // GTK's dim-label is the foreground at 55 % opacity; flattened so text stays opaque.
            secondaryForeground: bg.mixed(with: fg, highContrast ? 0.85 : 0.6).withAlpha(1),
            separator: bg.mixed(with: fg, highContrast ? 0.55 : (isDark ? 0.16 : 0.13)).withAlpha(1),
            accent: accent,
            accentForeground: accentForeground,
            selectionTint: accentBackground.withAlpha(highContrast ? 0.32 : (isDark ? 0.22 : 0.14)),
            // Opaque: rows scrolling under a sticky header must not show through.
            headerBackground: window.mixed(with: bg, isDark ? 0.0 : 0.35).withAlpha(1),
            headerForeground: window.mixed(with: headerFg, highContrast ? 1 : 0.8).withAlpha(1),
            focusRing: highContrast ? fg : accentBackground.withAlpha(0.55),
            destructive: destructive,
            isDark: isDark)
    }

    /// `gtk-application-prefer-dark-theme` of the default settings.
    public static var prefersDark: Bool {
        guard let settings = gtk_settings_get_default() else { return false }
        return GObjectProperty.bool(settings, "gtk-application-prefer-dark-theme")
    }

    /// True when GTK draws with a high-contrast theme, decided as GTK 4.8 decides it:
    /// `GTK_THEME` when set (`Default-hc`, `Default-hc-dark`, `Name:hc`; GTK 4.8 does not
    /// know the GTK 3 names `HighContrast` / `HighContrastInverse` there), otherwise the
    /// `gtk-theme-name` setting (`HighContrast` and `HighContrastInverse`, which GNOME's
    /// accessibility switch sets, or a `-hc` theme).
    public static var isHighContrast: Bool {
        if let env = getenv("GTK_THEME"), env.pointee != 0 { return isHighContrastName(String(cString: env)) }
        guard let settings = gtk_settings_get_default(), let name = GObjectProperty.string(settings, "gtk-theme-name") else { return false }
        return name.lowercased().hasPrefix("highcontrast") || isHighContrastName(name)
    }

    /// Whether a theme name (or `GTK_THEME`'s `Name:variant`) names a high-contrast theme:
    /// "-hc" anywhere, or a ":hc" / ":hc-dark" variant, ignoring case.
    nonisolated static func isHighContrastName(_ name: String) -> Bool {
        let n = name.lowercased()
        // "-hc" anywhere is a part after a "-" that starts with "hc". (Not `n.contains("-hc")`:
        // that is _StringProcessing's, whose code pages every table's process would map in
        // for this one call: 192 KiB of RSS, docs/bench/FILTER.md.)
        let afterDash = n.split(separator: "-", omittingEmptySubsequences: false).dropFirst()
        return afterDash.contains { $0.hasPrefix("hc") } || n.hasSuffix(":hc") || n.hasSuffix(":hc-dark")
    }

    /// `color` lightened (on dark) or darkened (on light) until it stands out as text (more
    /// so in a high-contrast theme).
    static func readable(_ color: Color, isDark: Bool, highContrast: Bool = false) -> Color {
        var c = color
        for _ in 0..<(highContrast ? 16 : 8) {
            let l = luminance(c)
            if isDark ? l >= (highContrast ? 0.62 : 0.42) : l <= (highContrast ? 0.35 : 0.55) { break }
            c = c.mixed(with: isDark ? .white : .black, 0.12).withAlpha(color.alpha)
        }
        return c
    }

    /// Relative luminance (sRGB, not linearised: enough to tell light from dark).
    static func luminance(_ c: Color) -> Double { 0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue }
}
