import CGtk
import PoolTable
@testable import PoolTableApp
@testable import PoolTableGtk
import Testing

extension TableWidgetTests {
    /// The app's real window (header bar, screens, actions), made in-process.
    @MainActor
    final class AppHarness {
        let app: UnsafeMutablePointer<GtkApplication>
        let window: MainWindow

        /// Harnesses made so far: each gets its own application id (a process cannot
        /// register the same id twice).
        private static var made = 0

        init?() {
            Self.made += 1
            let id = "io.github.pooltable.PoolTable.Tests" + (Self.made > 1 ? "\(Self.made)" : "")
            guard let app = gtk_application_new(id, G_APPLICATION_NON_UNIQUE) else { return nil }
            self.app = app
            guard g_application_register(app.cast(to: GApplication.self), nil, nil) != 0 else { return nil }
            window = MainWindow(application: app, options: LaunchOptions())
            window.present()
            _ = GtkTestEnvironment.iterate(timeout: 5) { gtk_widget_get_mapped(self.window.window) != 0 && self.window.currentTable.tableView.frame.height > 0 }
            GtkTestEnvironment.settle(0.3)
        }

        /// Activates a window action (`win.NAME`), as its shortcut or header-bar button would.
        func activate(_ name: String) {
            g_action_group_activate_action(window.window.opaque, name, nil)   // GActionGroup is an interface: opaque
        }

        func close() {
            window.close()
            GtkTestEnvironment.settle()
            g_object_unref(app)
        }
    }

    @Test("The app's real window: activating win.edit and win.debug changes what GTK draws")
    func appWindowActions() throws {
        guard GtkTestEnvironment.start(), let harness = AppHarness() else { return }
        defer { harness.close() }
        let table = harness.window.currentTable
        let plain = try #require(table.snapshotToImage())

        harness.activate("edit")
        #expect(table.tableView.isEditing)
        _ = GtkTestEnvironment.iterate(timeout: 2) { !table.tableView.hasRunningAnimations }
        GtkTestEnvironment.settle()
        let editing = try #require(table.snapshotToImage())
        #expect(editing.differingPixels(from: plain) > 500)

        harness.activate("debug")
        #expect(harness.window.debugOverlayEnabled)
        #expect(table.debugOverlay != nil)
        GtkTestEnvironment.settle(0.3)
        let overlay = try #require(table.snapshotToImage())
        #expect(overlay.differingPixels(from: editing) > 5000)

        harness.activate("debug")
        harness.activate("edit")
        #expect(!table.tableView.isEditing && table.debugOverlay == nil)
    }
}
