import CGtk
import Glibc
@_spi(Hosting) @_spi(Diagnostics) import PoolTable
@testable import PoolTableApp
@testable import PoolTableDemoKit
@_spi(Interop) @testable import PoolTableGtk
import Testing

/// Issue 35's Files on GIO's models, in the app's real window: the folder is listed through
/// a `GtkDirectoryList`, and files created, deleted and renamed in it appear and leave
/// animated within a second, while the row at the top stays put.
extension TableWidgetTests {
    @Test("Files: a file created, deleted or renamed in the shown folder appears or leaves, animated, within a second")
    func filesFollowTheFolderLive() throws {
        try GtkTestEnvironment.require()
        let filesApp = try FilesApp()
        defer { filesApp.close() }
        let root = filesApp.root, harness = filesApp.harness, screen = filesApp.screen
        let controller = screen.controller
        let table = harness.window.currentTable.tableView
        try #require(table.dataSource === controller.dataSource, "the Files screen is shown")
        try #require(GtkTestEnvironment.iterate(timeout: 10) { controller.tree.loadState(of: FileTree.root) == .loaded && table.numberOfRows(inSection: 0) == 43 },
                     "the root's 3 folders and 40 files are listed (through GtkDirectoryList)")
        let names = { (0..<table.numberOfRows(inSection: 0)).map { ip -> String in
            controller.node(at: IndexPath(row: ip, section: 0)).map { controller.tree.name(of: $0) } ?? "·"
        } }
        let topNode = controller.node(at: table.indexPathsForVisibleRows[0])
        let kind = controller.tree.kind(of: try #require(controller.node(at: IndexPath(row: 3, section: 0))))
        #expect(kind == "Plain text document" || kind == "plain text document" || kind.lowercased().contains("text"), "GIO's kind: \(kind)")

        /// Runs `change`, then waits for `done`; returns the seconds it took and whether the
        /// rows animated meanwhile.
        func measure(_ change: () -> Void, until done: @escaping () -> Bool) -> (seconds: Double, animated: Bool) {
            var animated = false
            let start = MonotonicClock.seconds
            change()
            let ok = GtkTestEnvironment.iterate(timeout: 3) {
                animated = animated || table.hasRunningAnimations
                return done()
            }
            return (ok ? MonotonicClock.seconds - start : .infinity, animated)
        }

        // Created.
        let created = measure({ if let f = fopen(root + "/file 0a.txt", "wb") { fputs("new", f); fclose(f) } },
                              until: { names().contains("file 0a.txt") })
        #expect(created.seconds < 1, "the new file's row within a second (\(created.seconds) s)")
        #expect(created.animated, "the row came in animated")
        #expect(names().count == 44)
        #expect(names()[3...4] == ["file 0.txt", "file 0a.txt"], "sorted into place")
        #expect(controller.node(at: table.indexPathsForVisibleRows[0]) == topNode, "the top row stays")

        // Deleted.
        GtkTestEnvironment.waitThenFrame(for: "the insert's animation to end") { !table.hasRunningAnimations }
        let deleted = measure({ unlink(root + "/file 7.txt") }, until: { !names().contains("file 7.txt") })
        #expect(deleted.seconds < 1, "the deleted file's row leaves within a second (\(deleted.seconds) s)")
        #expect(deleted.animated)

        // Renamed: the old name leaves, the new one comes (a file manager's rename).
        GtkTestEnvironment.waitThenFrame(for: "the delete's animation to end") { !table.hasRunningAnimations }
        let renamed = measure({ rename(root + "/file 12.txt", root + "/zz renamed.txt") },
                              until: { !names().contains("file 12.txt") && names().last == "zz renamed.txt" })
        #expect(renamed.seconds < 1, "the rename shows within a second (\(renamed.seconds) s)")
        #expect(names().count == 43)
        #expect(controller.listingUpdates >= 3)
        print("Files live: created \(Int(created.seconds * 1000)) ms, deleted \(Int(deleted.seconds * 1000)) ms, renamed \(Int(renamed.seconds * 1000)) ms")
    }
}

extension TableWidgetTests {
    @Test("Files: a shown folder deleted on disk leaves with its rows; the shown root deleted gives way to an error row")
    func filesFolderDeletedWhileShown() throws {
        try #require(GtkTestEnvironment.start())
        let filesApp = try FilesApp()
        defer { filesApp.close() }
        let root = filesApp.root, harness = filesApp.harness, screen = filesApp.screen
        let controller = screen.controller
        let table = harness.window.currentTable.tableView
        try #require(GtkTestEnvironment.iterate(timeout: 10) { table.numberOfRows(inSection: 0) == 43 })
        let alpha = try #require(controller.tree.children(of: FileTree.root)?.first)
        #expect(table.expandRow(at: try #require(controller.indexPath(of: alpha))))
        try #require(GtkTestEnvironment.iterate(timeout: 10) { table.numberOfRows(inSection: 0) == 43 + 30 }, "alpha's 30 files")

        // The expanded folder goes: its row and its files leave.
        _ = system("rm -rf '\(root)/alpha'")
        try #require(GtkTestEnvironment.iterate(timeout: 5) { table.numberOfRows(inSection: 0) == 42 },
                     "alpha and its files left (\(table.numberOfRows(inSection: 0)) rows)")
        #expect(controller.indexPath(of: alpha) == nil)

        // The root goes: one error row says so.
        _ = system("rm -rf '\(root)'")
        try #require(GtkTestEnvironment.iterate(timeout: 5) {
            table.numberOfRows(inSection: 0) == 1 && controller.dataSource?.itemIdentifier(for: IndexPath(row: 0, section: 0)) == .error(FileTree.root)
        }, "an error row for the root (\(table.numberOfRows(inSection: 0)) rows)")
        #expect(controller.content(of: .error(FileTree.root)) == .error(FileLoadError.missing.message))
    }
}
