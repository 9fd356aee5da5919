@testable import PoolTableGtk
import Testing

/// Theme names GTK 4.8 draws with high contrast, as `GtkTheme.isHighContrast` reads them.
struct GtkThemeTests {
    @Test func highContrastNames() {
        for name in ["Default-hc", "Default-hc-dark", "Adwaita:hc", "Adwaita:HC-dark", "-hc", "my-HCtheme"] {
            #expect(GtkTheme.isHighContrastName(name), "\(name)")
        }
        for name in ["Default", "Adwaita:dark", "hc", "Adwaita-dark", "Adw-h-c", "Adwaita:hcx", ""] {
            #expect(!GtkTheme.isHighContrastName(name), "\(name)")
        }
    }
}
