import Glibc
import PoolTable
@testable import PoolTableDemoKit
import Testing

/// The Files screen's controller on a headless table: the outline it applies, the spinner
/// and error rows, loading when a folder expands, sorting that keeps the focused row.
@MainActor
@Suite("Files: the controller")
struct FilesControllerTests {
    /// A loader that keeps each request until the test answers it (as a worker would, later).
    @MainActor final class HeldLoader {
        var requests: [(path: String, done: @MainActor (Result<FolderListing, FileLoadError>) -> Void)] = []
        func install(on controller: FilesController) {
            controller.loader = { [unowned self] path, done in self.requests.append((path, done)) }
        }
        /// Answers the oldest request by reading its folder now.
        func answer() {
            let r = requests.removeFirst()
            r.done(DirectoryReader.read(r.path))
        }
    }

    static func entry(_ name: String, _ size: Int64, folder: Bool = false) -> FileEntry {
        FileEntry(name: name, size: size, modified: 1_700_000_000, isDirectory: folder, kind: folder ? FileKinds.folder : FileKinds.guess(name: name))
    }

    func rows(_ controller: FilesController, _ table: TableView) -> [FileRow] {
        (0..<table.numberOfRows(inSection: 0)).compactMap { controller.dataSource?.itemIdentifier(for: IndexPath(row: $0, section: 0)) }
    }

    @Test("A watching loader's newer listing merges by name: kept files keep their rows (and expanded folders their children), new ones appear, gone ones leave, animated")
    func newerListingMerges() throws {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 800, height: 600))
        let controller = FilesController(tree: FileTree(rootPath: "/nowhere"))
        var answer: (@MainActor (Result<FolderListing, FileLoadError>) -> Void)?
        var childAnswer: (@MainActor (Result<FolderListing, FileLoadError>) -> Void)?
        controller.loader = { path, done in if path == "/nowhere" { answer = done } else { childAnswer = done } }
        controller.attach(to: table)
        table.layoutIfNeeded()
        try #require(answer != nil)
        answer?(.success(FolderListing(entries: [Self.entry("docs", 0, folder: true), Self.entry("a.txt", 10), Self.entry("b.txt", 20)], identity: nil)))
        table.layoutIfNeeded()
        let tree = controller.tree
        let docs = tree.children(of: FileTree.root)![0], a = tree.children(of: FileTree.root)![1]
        table.expandRow(at: IndexPath(row: 0, section: 0), recursively: false)
        childAnswer?(.success(FolderListing(entries: [Self.entry("inner.txt", 1)], identity: nil)))
        table.advanceAnimations(to: 1)
        table.layoutIfNeeded()
        #expect(table.numberOfRows(inSection: 0) == 4)
        let cellOfA = table.cellForRow(at: IndexPath(row: 2, section: 0))

        // b.txt renamed to c.txt, a.txt grew, new.txt created.
        answer?(.success(FolderListing(entries: [Self.entry("docs", 0, folder: true), Self.entry("a.txt", 99), Self.entry("c.txt", 20),
                                                 Self.entry("new.txt", 5)], identity: nil)))
        #expect(table.hasRunningAnimations, "the rows come and go animated")
        table.advanceAnimations(to: 2)
        table.layoutIfNeeded()
        #expect(controller.listingUpdates == 1)
        let names = rows(controller, table).map { row -> String in
            if case .node(let n) = row { return tree.name(of: n) } else { return "·" }
        }
        #expect(names == ["docs", "inner.txt", "a.txt", "c.txt", "new.txt"])
        #expect(tree.children(of: FileTree.root)?.prefix(2) == [docs, a], "kept names keep their nodes")
        #expect(tree.size(of: a) == 99)
        #expect(table.cellForRow(at: IndexPath(row: 2, section: 0)) === cellOfA, "a.txt keeps its row's cell")
        #expect(controller.loadsFinished == 2)

        // The same listing again changes nothing; the folder gone gives its error row.
        answer?(.success(FolderListing(entries: [Self.entry("docs", 0, folder: true), Self.entry("a.txt", 99), Self.entry("c.txt", 20),
                                                 Self.entry("new.txt", 5)], identity: nil)))
        #expect(controller.listingUpdates == 1)
        answer?(.failure(.missing))
        table.advanceAnimations(to: 3)
        table.layoutIfNeeded()
        #expect(tree.loadState(of: FileTree.root) == .failed(.missing))
    }

    @Test("The root loads through the loader (spinner row first), then a folder expands: spinner under it, children when they come")
    func loadingRows() throws {
        let root = FileTreeTests.makeTemp()
        defer { FileTreeTests.removeTree(root) }
        mkdir(root + "/docs", 0o755)
        for i in 0..<5 { FileTreeTests.write(root + "/docs/page \(i).txt", bytes: i) }
        FileTreeTests.write(root + "/readme.txt", bytes: 2000)
        let table = TableView(frame: Rect(x: 0, y: 0, width: 800, height: 600))
        let controller = FilesController(tree: FileTree(rootPath: root))
        let loader = HeldLoader()
        loader.install(on: controller)
        controller.attach(to: table)
        table.layoutIfNeeded()
        #expect(rows(controller, table) == [.loading(FileTree.root)])
        #expect(loader.requests.map(\.path) == [root])
        loader.answer()
        table.layoutIfNeeded()
        let tree = controller.tree
        let docs = tree.children(of: FileTree.root)![0], readme = tree.children(of: FileTree.root)![1]
        #expect(rows(controller, table) == [.node(docs), .node(readme)])
        let outline = try #require(controller.dataSource?.snapshot(for: FilesController.section))
        #expect(outline.isExpandable(.node(docs)), "a folder not listed yet shows a triangle")
        #expect(!outline.isExpandable(.node(readme)))
        let cell = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)) as? FileCell)
        #expect(cell.accessibilityLabel?.hasPrefix("readme.txt, Plain text document, 2.0 kB, ") == true, "\(cell.accessibilityLabel ?? "nil")")

        table.expandRow(at: IndexPath(row: 0, section: 0), recursively: false)
        table.advanceAnimations(to: 1)
        table.layoutIfNeeded()
        #expect(table.isRowExpanded(at: IndexPath(row: 0, section: 0)))
        #expect(rows(controller, table) == [.node(docs), .loading(docs), .node(readme)])
        let spinner = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)) as? FileCell)
        #expect(spinner.content == .loading && spinner.accessibilityLabel == "Loading…")
        #expect(spinner.indentationLevel == 1)
        loader.answer()
        table.advanceAnimations(to: 2)
        table.layoutIfNeeded()
        let pages = tree.children(of: docs)!
        #expect(rows(controller, table) == [.node(docs)] + pages.map(FileRow.node) + [.node(readme)])
        #expect(tree.name(of: pages[0]) == "page 0.txt")
        let folderCell = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)) as? FileCell)
        #expect(folderCell.accessibilityLabel?.hasPrefix("docs, Folder, 5 items, ") == true, "\(folderCell.accessibilityLabel ?? "nil")")
        #expect(controller.loadsStarted == 2 && controller.loadsFinished == 2)

        // Collapse and expand again: no second listing.
        table.collapseRow(at: IndexPath(row: 0, section: 0))
        table.advanceAnimations(to: 3)
        #expect(rows(controller, table) == [.node(docs), .node(readme)])
        table.expandRow(at: IndexPath(row: 0, section: 0), recursively: false)
        table.advanceAnimations(to: 4)
        #expect(rows(controller, table).count == 7)
        #expect(loader.requests.isEmpty && controller.loadsStarted == 2)
    }

    @Test("A folder that cannot be listed shows an error row with the reason")
    func errorRow() throws {
        let tree = FileTree(rootPath: "/virtual")
        tree.beginLoading(FileTree.root)
        tree.finishLoading(FileTree.root, with: .success(FolderListing(entries: [Self.entry("locked", 0, folder: true)], identity: nil)))
        let table = TableView(frame: Rect(x: 0, y: 0, width: 800, height: 600))
        let controller = FilesController(tree: tree)
        controller.loader = { _, done in done(.failure(.unreadable(errno: EACCES))) }
        controller.attach(to: table)
        let locked = tree.children(of: FileTree.root)![0]
        table.expandRow(at: IndexPath(row: 0, section: 0), recursively: false)
        table.advanceAnimations(to: 1)
        table.layoutIfNeeded()
        #expect(rows(controller, table) == [.node(locked), .error(locked)])
        let cell = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)) as? FileCell)
        #expect(cell.content == .error("You do not have permission to open this folder"))
        #expect(cell.accessibilityLabel == "You do not have permission to open this folder")
    }

    @Test("Sorting by a header: folders first, rows re-ordered, the focused row keeps its place on screen")
    func sortKeepsFocus() throws {
        let tree = FileTree(rootPath: "/virtual")
        tree.beginLoading(FileTree.root)
        var entries = (0..<200).map { Self.entry("file \($0).txt", Int64(($0 * 7919) % 200) * 10) }
        entries.append(Self.entry("zz folder", 0, folder: true))
        tree.finishLoading(FileTree.root, with: .success(FolderListing(entries: entries, identity: nil)))
        let table = TableView(frame: Rect(x: 0, y: 0, width: 800, height: 600))
        let controller = FilesController(tree: tree)
        controller.attach(to: table)
        table.layoutIfNeeded()
        #expect(controller.node(at: IndexPath(row: 0, section: 0)).map(tree.name) == "zz folder")
        // Focus "file 120.txt" by clicking it, in the middle of the screen.
        let target = try #require(controller.indexPath(of: tree.children(of: FileTree.root)!.first { tree.name(of: $0) == "file 120.txt" }!))
        table.scrollToRow(at: target, at: .middle, animated: false)
        table.layoutIfNeeded()
        let before = table.rectForRow(at: target).minY - table.contentOffset.y
        // Viewport points: below the column header row.
        let p = Point(x: 200, y: before + table.columnHeaderHeight + 10)
        table.pointerDown(at: p)
        table.pointerUp(at: p)
        #expect(table.focusedIndexPath == target)
        let node = try #require(controller.node(at: target))

        table.sortDescriptors = [TableSortDescriptor(key: "size", ascending: false)]
        table.advanceAnimations(to: 1)
        table.layoutIfNeeded()
        #expect(tree.sortOrder == FileSortOrder(key: .size, ascending: false))
        let order = rows(controller, table).compactMap { if case .node(let n) = $0 { n } else { nil } }
        #expect(tree.name(of: order[0]) == "zz folder")
        #expect(zip(order.dropFirst(), order.dropFirst(2)).allSatisfy { tree.size(of: $0) >= tree.size(of: $1) })
        let now = try #require(table.focusedIndexPath)
        #expect(controller.node(at: now) == node, "the focus followed the file")
        #expect(now != target, "the file moved")
        let after = table.rectForRow(at: now).minY - table.contentOffset.y
        #expect(abs(after - before) < 0.5, "on screen at \(before) before, \(after) after")
    }

    @Test("The synthetic tree in the table: expanding is immediate, sorting 1,000,000 nodes re-sorts only what is shown")
    func syntheticInTable() {
        let tree = FileTree.synthetic(count: 200_000)
        let table = TableView(frame: Rect(x: 0, y: 0, width: 800, height: 600))
        let controller = FilesController(tree: tree)
        controller.attach(to: table)
        let rootCount = tree.childCount(of: FileTree.root)!
        #expect(table.numberOfRows(inSection: 0) == rootCount)
        table.expandRow(at: IndexPath(row: 0, section: 0), recursively: false)
        table.advanceAnimations(to: 1)
        let first = tree.children(of: FileTree.root)![0]
        #expect(table.numberOfRows(inSection: 0) == rootCount + tree.childCount(of: first)!)
        #expect(controller.loadsStarted == 0)
        table.sortDescriptors = [TableSortDescriptor(key: "modified", ascending: true)]
        #expect(controller.lastSortSeconds < 0.5, "re-sort took \(controller.lastSortSeconds) s")
    }
}

extension FilesControllerTests {
    @Test("Activating a file's row opens it (its path to openFile); activating a folder's row expands it and opens nothing")
    func activatingOpensFilesAndExpandsFolders() throws {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 800, height: 600))
        let controller = FilesController(tree: FileTree(rootPath: "/data"))
        controller.loader = { path, done in
            done(.success(FolderListing(entries: path == "/data" ? [Self.entry("docs", 0, folder: true), Self.entry("a.txt", 3)]
                                                                : [Self.entry("inner.txt", 4)], identity: nil)))
        }
        var opened: [String] = []
        controller.openFile = { opened.append($0) }
        controller.attach(to: table)
        table.layoutIfNeeded()
        let children = try #require(controller.tree.children(of: FileTree.root))
        let lastChild = try #require(children.last), firstChild = try #require(children.first)
        let file = try #require(controller.indexPath(of: lastChild))
        controller.tableView(table, didActivateRowAt: file)
        #expect(opened == ["/data/a.txt"])
        let folder = try #require(controller.indexPath(of: firstChild))
        controller.tableView(table, didActivateRowAt: folder)
        table.layoutIfNeeded()
        #expect(table.isRowExpanded(at: folder))
        #expect(table.numberOfRows(inSection: 0) == 3)
        #expect(opened == ["/data/a.txt"], "a folder opens nothing")
    }
}
