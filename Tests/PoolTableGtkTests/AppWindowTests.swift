import CGtk
@_spi(Hosting) @_spi(Diagnostics) import PoolTable
@testable import PoolTableApp
@_spi(Interop) @_spi(Diagnostics) @testable import PoolTableGtk
import Testing

extension TableWidgetTests {
    /// The app's real window (header bar, screens, actions), made in-process.
    @MainActor
    final class AppHarness {
        let app: UnsafeMutablePointer<GtkApplication>
        let window: MainWindow

        /// Each harness registers its own application id: with a session bus, a closed
        /// harness's application can stay exported under its id, and registering that id
        /// again fails (which made every harness after the first return nil).
        private static var count = 0

        init?(options: LaunchOptions = LaunchOptions()) {
            Self.count += 1
            guard let app = gtk_application_new("io.github.pooltable.PoolTable.Tests.Harness\(Self.count)", G_APPLICATION_NON_UNIQUE) else { return nil }
            self.app = app
            guard g_application_register(app.cast(to: GApplication.self), nil, nil) != 0 else { return nil }
            window = MainWindow(application: app, options: options)
            window.present()
            _ = GtkTestEnvironment.iterate(timeout: 20) { gtk_widget_get_mapped(self.window.window) != 0 && self.window.currentTable.listView.frame.height > 0 }
            GtkTestEnvironment.waitUntilOnScreen(window.window)
        }

        /// Activates a window action (`win.NAME`), as its shortcut or header-bar button would.
        func activate(_ name: String) {
            g_action_group_activate_action(window.window.opaque, name, nil)   // GActionGroup is an interface: opaque
        }

        func close() {
            window.close()
            GtkTestEnvironment.waitForFrame()
            g_object_unref(app)
        }
    }

    @Test("The app's real window: activating win.edit and win.debug changes what GTK draws")
    func appWindowActions() throws {
        let harness = try AppHarness.open()
        defer { harness.close() }
        let table = harness.window.currentTable
        let plain = try #require(table.snapshotToImage())

        harness.activate("edit")
        #expect(table.tableView.isEditing)
        _ = GtkTestEnvironment.iterate(timeout: 20) { !table.tableView.hasRunningAnimations }
        GtkTestEnvironment.waitForFrame()
        let editing = try #require(table.snapshotToImage())
        #expect(editing.differingPixels(from: plain) > 500)

        harness.activate("debug")
        #expect(harness.window.debugOverlayEnabled)
        #expect(table.debugOverlay != nil)
        GtkTestEnvironment.waitForFrame()
        let overlay = try #require(table.snapshotToImage())
        #expect(overlay.differingPixels(from: editing) > 5000)

        harness.activate("debug")
        harness.activate("edit")
        #expect(!table.tableView.isEditing && table.debugOverlay == nil)
    }
}
