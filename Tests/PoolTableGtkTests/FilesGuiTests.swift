import CGtk
import Glibc
import PoolTable
@testable import PoolTableApp
@testable import PoolTableDemoKit
@_spi(Interop) @testable import PoolTableGtk
import Testing

/// Issue 25's Files screen in the app's real window, on a temporary folder: folders expand
/// with the mouse (the disclosure triangle) and with the keyboard (Right), their children
/// come from the worker thread through the main loop, and a click on the Size header sorts
/// and keeps the focused row where it was on screen.
extension TableWidgetTests {
    /// A temporary folder tree: three folders (one with 30 files), and 40 files of sizes that
    /// sort differently from their names.
    static func makeFilesFolder() -> String {
        var template = Array("/tmp/pooltable-files-gui-XXXXXX".utf8CString)
        let root = String(cString: template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }!)
        func write(_ path: String, _ bytes: Int) {
            guard let f = fopen(path, "wb") else { return }
            if bytes > 0 { _ = [UInt8](repeating: 120, count: bytes).withUnsafeBytes { fwrite($0.baseAddress, 1, bytes, f) } }
            fclose(f)
        }
        for folder in ["alpha", "beta", "gamma"] { mkdir(root + "/" + folder, 0o755) }
        for i in 0..<30 { write(root + "/alpha/inner \(i).txt", 10 + i) }
        write(root + "/beta/only.txt", 5)
        for i in 0..<40 { write(root + "/file \(i).txt", ((i * 37) % 40 + 1) * 100) }
        return root
    }

    /// The app's real window on its Files screen over a fresh `makeFilesFolder()` tree: the
    /// one set-up of every Files GUI test. `close()` closes the window and removes the folder.
    @MainActor
    final class FilesApp {
        let root: String
        let harness: AppHarness
        let screen: FilesScreen
        var controller: FilesController { screen.controller }
        var widget: TableWidget { harness.window.currentTable }
        var table: TableView { widget.tableView }

        init(sourceLocation: SourceLocation = #_sourceLocation) throws {
            root = TableWidgetTests.makeFilesFolder()
            var options = LaunchOptions()
            options.files = root
            guard let harness = AppHarness(options: options) else {
                _ = system("rm -rf '\(root)'")
                throw FilesAppError.noWindow
            }
            self.harness = harness
            guard let screen = harness.window.screens.lazy.compactMap({ $0 as? FilesScreen }).first else {
                harness.close()
                _ = system("rm -rf '\(root)'")
                throw FilesAppError.noFilesScreen
            }
            self.screen = screen
        }

        /// Waits until the root's 3 folders and 40 files are listed.
        func waitForRoot() -> Bool {
            GtkTestEnvironment.iterate(timeout: 10) { self.table.numberOfRows(inSection: 0) == 43 }
        }

        func close() {
            harness.close()
            _ = system("rm -rf '\(root)'")
        }
    }

    enum FilesAppError: Error { case noWindow, noFilesScreen }

    @Test("Files on a temporary folder: expand with the mouse and with Right, children after async loading; clicking Size sorts and keeps the focused row in place")
    func filesScreenExpandAndSort() throws {
        try GtkTestEnvironment.require(realInput: true)
        let filesApp = try FilesApp()
        defer { filesApp.close() }
        let harness = filesApp.harness, screen = filesApp.screen
        let controller = screen.controller
        let widget = harness.window.currentTable
        let table = widget.tableView
        try #require(table.dataSource === controller.dataSource, "the Files screen is shown")
        try #require(GtkTestEnvironment.iterate(timeout: 20) { controller.tree.loadState(of: FileTree.root) == .loaded && table.numberOfRows(inSection: 0) == 43 },
                     "the root's 3 folders and 40 files are listed")
        #expect(table.tableColumns.map(\.identifier) == ["name", "size", "kind", "modified"])
        let names = { (0..<table.numberOfRows(inSection: 0)).map { ip -> String in
            controller.node(at: IndexPath(row: ip, section: 0)).map { controller.tree.name(of: $0) } ?? "·"
        } }
        #expect(Array(names().prefix(4)) == ["alpha", "beta", "gamma", "file 0.txt"])

        // Listings are read off the main thread, and alpha's is held back until the test has
        // seen its spinner row (a condition, not a delay: a loaded machine may take longer
        // than any fixed delay to draw the frame the spinner is checked in).
        var pending = 0
        var holdListings = true
        var held: [() -> Void] = []
        controller.loader = { path, done in
            pending += 1
            Background.run({ DirectoryReader.read(path) }) { result in
                let finish = { pending -= 1; done(result) }
                if holdListings { held.append(finish) } else { finish() }
            }
        }
        let title = harness.uniqueTitle()
        let point = harness.windowPoint(in: widget)
        func viewportRect(_ row: Int) -> Rect {
            let r = table.rectForRow(at: IndexPath(row: row, section: 0))
            return Rect(x: r.minX - table.contentOffset.x, y: r.minY - table.contentOffset.y + table.columnHeaderHeight, width: r.width, height: r.height)
        }

        // Mouse: click alpha's disclosure triangle (in the Name column, before the icon).
        let alpha = try #require(controller.indexPath(of: controller.tree.children(of: FileTree.root)![0]))
        let r0 = viewportRect(alpha.row)
        let span = try #require(table.columnSpan(0))
        var click = XScript(title: title, windowPoint: point)
        click.click(at: Point(x: span.x + TableView.disclosureWidth / 2, y: r0.midY))
        #expect(XDoTool.run(click.arguments) == 0, "xdotool ran")
        try #require(GtkTestEnvironment.iterate(timeout: 20) { table.isRowExpanded(at: alpha) }, "alpha expanded by the click")
        // The spinner row first, then the 30 children.
        #expect(controller.dataSource?.itemIdentifier(for: IndexPath(row: alpha.row + 1, section: 0)) == .loading(controller.tree.children(of: FileTree.root)![0]),
                "a spinner row under alpha while it loads")
        GtkTestEnvironment.waitForFrame()
        let spinnerCell = try #require(table.cellForRow(at: IndexPath(row: alpha.row + 1, section: 0)))
        #expect(spinnerCell.accessibilityLabel == "Loading…")
        #expect(spinnerCell.indentationLevel == 1)
        saveScreenshot(try #require(widget.snapshotToImage()), "files-loading.png")
        holdListings = false
        held.forEach { $0() }
        held = []
        try #require(GtkTestEnvironment.iterate(timeout: 20) { pending == 0 && table.numberOfRows(inSection: 0) == 43 + 30 }, "alpha's 30 files came")
        #expect(names()[alpha.row + 1] == "inner 0.txt")
        #expect(names()[alpha.row + 30] == "inner 29.txt")
        let firstChild = IndexPath(row: alpha.row + 1, section: 0)
        GtkTestEnvironment.waitForFrame()
        let childCell = try #require(table.cellForRow(at: firstChild))
        #expect(childCell.indentationLevel == 1)
        #expect(childCell.accessibilityLabel?.hasPrefix("inner 0.txt, Plain text document, 10 bytes, ") == true, "\(childCell.accessibilityLabel ?? "nil")")
        saveScreenshot(try #require(widget.snapshotToImage()), "files-expanded-mouse.png")

        // Keyboard: focus beta (click its name) and press Right.
        let beta = try #require(controller.indexPath(of: controller.tree.children(of: FileTree.root)![1]))
        table.scrollToRow(at: beta, at: .middle, animated: false)
        GtkTestEnvironment.waitForFrame()
        var keys = XScript(title: title, windowPoint: point)
        keys.click(at: Point(x: span.x + 120, y: viewportRect(beta.row).midY))
        keys.key("Right")
        #expect(XDoTool.run(keys.arguments) == 0, "xdotool ran")
        try #require(GtkTestEnvironment.iterate(timeout: 20) { table.isRowExpanded(at: beta) },
                     "beta \(beta) expanded by Right; focus \(String(describing: table.focusedIndexPath)), has focus \(gtk_widget_has_focus(widget.drawingArea))")
        try #require(GtkTestEnvironment.iterate(timeout: 20) { pending == 0 && table.numberOfRows(inSection: 0) == 43 + 30 + 1 }, "beta's file came")
        #expect(names()[beta.row + 1] == "only.txt")

        // Sort: focus a file in the middle of the screen, click the Size header.
        let focusRow = try #require(controller.indexPath(of: controller.tree.children(of: FileTree.root)![3 + 20]))
        table.scrollToRow(at: focusRow, at: .middle, animated: false)
        GtkTestEnvironment.waitForFrame()
        var focus = XScript(title: title, windowPoint: point)
        focus.click(at: Point(x: span.x + 120, y: viewportRect(focusRow.row).midY))
        #expect(XDoTool.run(focus.arguments) == 0)
        _ = GtkTestEnvironment.iterate(timeout: 20) { table.focusedIndexPath == focusRow }
        let focusedNode = try #require(table.focusedIndexPath.flatMap { controller.node(at: $0) })
        let yBefore = viewportRect(try #require(table.focusedIndexPath).row).minY
        let header = table.rectForColumnHeader(1)
        var sort = XScript(title: title, windowPoint: point)
        sort.click(at: Point(x: header.midX, y: header.midY))
        #expect(XDoTool.run(sort.arguments) == 0)
        try #require(GtkTestEnvironment.iterate(timeout: 20) { controller.tree.sortOrder == FileSortOrder(key: .size) }, "the Size header sorted")
        GtkTestEnvironment.waitForFrame()
        #expect(table.sortDescriptors.first == TableSortDescriptor(key: "size", ascending: true))
        let files = (0..<table.numberOfRows(inSection: 0)).compactMap { controller.node(at: IndexPath(row: $0, section: 0)) }
            .filter { controller.tree.parent(of: $0) == FileTree.root && !controller.tree.isDirectory($0) }
        #expect(zip(files, files.dropFirst()).allSatisfy { controller.tree.size(of: $0) <= controller.tree.size(of: $1) }, "root files by size")
        let now = try #require(table.focusedIndexPath)
        #expect(controller.node(at: now) == focusedNode, "the focus stayed on the same file")
        #expect(abs(viewportRect(now.row).minY - yBefore) < 1, "the focused row stayed at y \(yBefore), now \(viewportRect(now.row).minY)")
        // Every row on screen is indented by its own level (rows that moved keep theirs).
        table.scrollToRow(at: alpha, at: .top, animated: false)
        GtkTestEnvironment.waitForFrame()
        let misindented = table.indexPathsForVisibleRows.compactMap { ip -> String? in
            guard let node = controller.node(at: ip), let cell = table.cellForRow(at: ip) else { return nil }
            let level = controller.tree.level(of: node)
            return cell.indentationLevel == level ? nil : "\(controller.tree.name(of: node)): \(cell.indentationLevel) for level \(level)"
        }
        #expect(misindented.isEmpty, "\(misindented.prefix(5))")
        #expect(table.indexPathsForVisibleRows.contains { controller.node(at: $0).map { controller.tree.level(of: $0) } == 1 }, "children on screen")
        saveScreenshot(try #require(widget.snapshotToImage()), "files-sorted-size.png")
        print("files: sorted \(table.numberOfRows(inSection: 0)) rows by size in \(formatted(controller.lastSortSeconds * 1000, fractionDigits: 2)) ms; focused row kept at y \(Int(yBefore))")
    }
}

extension TableWidgetTests {
    /// What the Files screen shows that is data, not the app's text (the translation
    /// coverage walk skips it on that screen and in the debug bar shown after it): the
    /// folder's path, file names, and the kinds
    /// GIO describes (translated by shared-mime-info, not by the app).
    static func filesScreenData(_ window: MainWindow) -> [String] {
        guard let files = window.screens.lazy.compactMap({ $0 as? FilesScreen }).first else { return [] }
        let tree = files.controller.tree
        var data = Set([tree.rootPath])
        for node in 0..<tree.count {
            data.insert(tree.name(of: node))
            if !tree.isDirectory(node) { data.insert(tree.kind(of: node)) }   // "Folder" is the app's
        }
        return data.sorted { $0.count > $1.count }   // longest first: a name inside another goes with it
    }
}
