import Glibc
import PoolTable
@testable import PoolTableDemoKit
import Testing

/// The Files screen's model (issue 25): sorting with folders first, the synthetic tree, and
/// listing real folders (a temporary tree made here), unreadable ones and link cycles.
@MainActor
@Suite("Files: the tree model")
struct FileTreeTests {
    /// A tree whose root lists `entries` (given as name, size, modified, folder).
    static func tree(_ entries: [(String, Int64, Int64, Bool)], kind: (String) -> String = { FileKinds.guess(name: $0) }) -> FileTree {
        let tree = FileTree(rootPath: "/virtual")
        let list = entries.map { FileEntry(name: $0.0, size: $0.1, modified: $0.2, isDirectory: $0.3,
                                           kind: $0.3 ? FileKinds.folder : kind($0.0)) }
        #expect(tree.beginLoading(FileTree.root))
        tree.finishLoading(FileTree.root, with: .success(FolderListing(entries: list, identity: nil)))
        return tree
    }

    static func names(_ tree: FileTree, _ folder: FileNodeID = FileTree.root) -> [String] {
        (tree.children(of: folder) ?? []).map { tree.name(of: $0) }
    }

    @Test("Names compare as file managers do: case-insensitive, digit runs by value")
    func naturalNames() {
        #expect(FileName.compare("file 2", "file 10") < 0)
        #expect(FileName.compare("File 10", "file 9") > 0)
        #expect(FileName.compare("apple", "Banana") < 0)
        #expect(FileName.compare("a", "a") == 0)
        #expect(FileName.compare("a", "ab") < 0)
        #expect(FileName.compare("x007", "x7") != 0)
        #expect(FileName.compare("x007", "x8") < 0)
    }

    @Test("Each key, both directions, folders first; ties by name, then stable")
    func sorting() {
        let t = Self.tree([
            ("b.txt", 300, 10, false), ("Zeta", 0, 50, true), ("a.png", 100, 30, false),
            ("c.txt", 100, 20, false), ("alpha", 0, 5, true), ("file 10.txt", 50, 40, false), ("file 9.txt", 50, 40, false),
        ])
        #expect(Self.names(t) == ["alpha", "Zeta", "a.png", "b.txt", "c.txt", "file 9.txt", "file 10.txt"])
        t.sortOrder = FileSortOrder(key: .name, ascending: false)
        #expect(Self.names(t) == ["Zeta", "alpha", "file 10.txt", "file 9.txt", "c.txt", "b.txt", "a.png"])
        t.sortOrder = FileSortOrder(key: .size)
        // Folders have no size: by name among themselves; equal sizes by name.
        #expect(Self.names(t) == ["alpha", "Zeta", "file 9.txt", "file 10.txt", "a.png", "c.txt", "b.txt"])
        t.sortOrder = FileSortOrder(key: .size, ascending: false)
        #expect(Self.names(t) == ["alpha", "Zeta", "b.txt", "a.png", "c.txt", "file 9.txt", "file 10.txt"])
        t.sortOrder = FileSortOrder(key: .modified)
        #expect(Self.names(t) == ["alpha", "Zeta", "b.txt", "c.txt", "a.png", "file 9.txt", "file 10.txt"])
        t.sortOrder = FileSortOrder(key: .modified, ascending: false)
        #expect(Self.names(t) == ["Zeta", "alpha", "file 9.txt", "file 10.txt", "a.png", "c.txt", "b.txt"])
        t.sortOrder = FileSortOrder(key: .kind)
        // "Plain text document" before "PNG image" (case-insensitive: "pl" < "pn"), folders first.
        #expect(Self.names(t) == ["alpha", "Zeta", "b.txt", "c.txt", "file 9.txt", "file 10.txt", "a.png"])
        t.sortOrder = FileSortOrder(key: .kind, ascending: false)
        #expect(Self.names(t) == ["alpha", "Zeta", "a.png", "b.txt", "c.txt", "file 9.txt", "file 10.txt"])
    }

    @Test("Equal keys keep their previous order (stable), names equal too")
    func stable() {
        // Same name twice cannot happen in one folder on disk, but the model must not
        // shuffle equals: give identical names and sizes and check the listing order stays.
        let t = Self.tree((0..<50).map { _ in ("same", Int64(7), Int64(1), false) })
        let before = t.children(of: FileTree.root)!
        t.sortOrder = FileSortOrder(key: .size, ascending: false)
        #expect(t.children(of: FileTree.root)! == before)
        t.sortOrder = FileSortOrder(key: .modified)
        #expect(t.children(of: FileTree.root)! == before)
        t.sortOrder = FileSortOrder.byName
        #expect(t.children(of: FileTree.root)! == before)
    }

    @Test("The synthetic tree: exactly 1,000,000 nodes, parents consistent, 6 levels deep, every folder listed, none overfull")
    func synthetic() {
        let start = MonotonicSeconds.now()
        let t = FileTree.synthetic()
        let seconds = MonotonicSeconds.now() - start
        #expect(t.count == 1_000_001)
        var childTotal = 0, maxLevel = 0, folders = 0
        var levels = [Int](repeating: -2, count: t.count)
        levels[FileTree.root] = -1
        for node in 1..<t.count {
            let p = t.parent(of: node)!
            #expect(p < node)   // breadth first: a parent is made before its children
            levels[node] = levels[p] + 1
            maxLevel = max(maxLevel, levels[node])
            if t.isDirectory(node) {
                folders += 1
                #expect(t.loadState(of: node) == .loaded)
                childTotal += t.childCount(of: node) ?? -1_000_000
            }
        }
        childTotal += t.childCount(of: FileTree.root)!
        #expect(childTotal == 1_000_000)
        // Breadth first, ~7 subfolders and ~20 files a folder: the million runs out while
        // level-4 folders are being filled, so the deepest nodes are at level 5.
        #expect(maxLevel == 5)
        #expect(maxLevel < FileTree.syntheticMaxFolderDepth + 1)
        // No folder took the remainder in one lump: at most 12 folders and 40 files each.
        #expect((0..<t.count).allSatisfy { (t.childCount(of: $0) ?? 0) <= 52 })
        #expect(t.level(of: t.count - 1) == levels[t.count - 1])
        #expect(folders > 10_000)
        print("synthetic tree: 1,000,000 nodes, \(folders) folders, deepest level \(maxLevel), built in \(formatted(seconds * 1000, fractionDigits: 0)) ms")
        // Same seed, same tree.
        let again = FileTree.synthetic(count: 10_000)
        let other = FileTree.synthetic(count: 10_000)
        #expect((0..<10_001).allSatisfy { again.name(of: $0) == other.name(of: $0) && again.size(of: $0) == other.size(of: $0) })
    }

    @Test("Re-sorting the synthetic tree sorts only the folders asked for")
    func lazySort() {
        let t = FileTree.synthetic(count: 100_000)
        let roots = t.children(of: FileTree.root)!
        t.sortOrder = FileSortOrder(key: .size, ascending: false)
        let sorted = t.children(of: FileTree.root)!
        #expect(Set(sorted) == Set(roots))
        let files = sorted.filter { !t.isDirectory($0) }
        #expect(zip(files, files.dropFirst()).allSatisfy { t.size(of: $0) >= t.size(of: $1) })
        #expect(sorted.prefix(while: { t.isDirectory($0) }).count == roots.filter { t.isDirectory($0) }.count)
    }

    // MARK: Real folders

    /// A fresh temporary folder, removed by `removeTree`.
    static func makeTemp() -> String {
        var template = Array("/tmp/pooltable-files-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        return String(cString: made!)
    }
    static func write(_ path: String, bytes: Int) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        if bytes > 0 { _ = [UInt8](repeating: 65, count: bytes).withUnsafeBytes { Glibc.write(fd, $0.baseAddress, bytes) } }
        close(fd)
    }
    static func removeTree(_ path: String) {
        chmodAll(path)
        _ = system("rm -rf '\(path)'")
    }
    static func chmodAll(_ path: String) { _ = system("chmod -R u+rwx '\(path)' 2>/dev/null") }

    /// Loads `folder` of `tree` synchronously with `DirectoryReader`.
    static func load(_ tree: FileTree, _ folder: FileNodeID) {
        #expect(tree.beginLoading(folder))
        #expect(tree.loadState(of: folder) == .loading)
        tree.finishLoading(folder, with: DirectoryReader.read(tree.path(of: folder)))
    }

    @Test("Listing a real folder: files with sizes, subfolders expandable, hidden names left out")
    func realFolder() {
        let root = Self.makeTemp()
        defer { Self.removeTree(root) }
        mkdir(root + "/sub", 0o755)
        mkdir(root + "/sub/deeper", 0o755)
        mkdir(root + "/empty", 0o755)
        Self.write(root + "/notes.txt", bytes: 1234)
        Self.write(root + "/.hidden", bytes: 1)
        Self.write(root + "/sub/picture.png", bytes: 10)
        let tree = FileTree(rootPath: root)
        Self.load(tree, FileTree.root)
        #expect(Self.names(tree) == ["empty", "sub", "notes.txt"])
        let notes = tree.children(of: FileTree.root)![2]
        #expect(tree.size(of: notes) == 1234)
        #expect(tree.kind(of: notes) == "Plain text document")
        #expect(tree.modified(of: notes) > 1_600_000_000)
        let sub = tree.children(of: FileTree.root)![1]
        #expect(tree.isDirectory(sub) && tree.kind(of: sub) == "Folder")
        #expect(tree.isExpandable(sub) && tree.loadState(of: sub) == .notLoaded && tree.children(of: sub) == nil)
        #expect(tree.path(of: sub) == root + "/sub")
        Self.load(tree, sub)
        #expect(Self.names(tree, sub) == ["deeper", "picture.png"])
        #expect(tree.level(of: tree.children(of: sub)![0]) == 1)
        #expect(!tree.beginLoading(sub))   // listed once
        let empty = tree.children(of: FileTree.root)![0]
        Self.load(tree, empty)
        #expect(tree.childCount(of: empty) == 0 && !tree.isExpandable(empty))
    }

    @Test("An unreadable folder, a missing one and a file listed as a folder give errors")
    func unreadable() {
        let root = Self.makeTemp()
        defer { Self.removeTree(root) }
        mkdir(root + "/locked", 0o755)
        Self.write(root + "/locked/secret", bytes: 3)
        chmod(root + "/locked", 0)
        Self.write(root + "/plain", bytes: 3)
        let tree = FileTree(rootPath: root)
        Self.load(tree, FileTree.root)
        let locked = tree.children(of: FileTree.root)![0]
        Self.load(tree, locked)
        if geteuid() == 0 {
            // root reads any folder: the permission error cannot happen; the listing works.
            #expect(tree.loadState(of: locked) == .loaded)
        } else {
            #expect(tree.loadState(of: locked) == .failed(.unreadable(errno: EACCES)))
        }
        #expect(DirectoryReader.read(root + "/plain") == .failure(.unreadable(errno: ENOTDIR)))
        #expect(DirectoryReader.read(root + "/nothing-here") == .failure(.missing))
        // The model keeps what the reader said and the row says it in words.
        let t2 = FileTree(rootPath: root)
        #expect(t2.beginLoading(FileTree.root))
        t2.finishLoading(FileTree.root, with: .failure(.unreadable(errno: EACCES)))
        #expect(t2.loadState(of: FileTree.root) == .failed(.unreadable(errno: EACCES)))
        #expect(t2.isExpandable(FileTree.root))
        #expect(FileLoadError.unreadable(errno: EACCES).message == "You do not have permission to open this folder")
        #expect(FileLoadError.unreadable(errno: ENOTDIR).message == "This folder could not be opened (error \(ENOTDIR))")
        // A failed folder can be tried again.
        #expect(t2.beginLoading(FileTree.root))
    }

    @Test("A link back to a folder above is a folder that fails with .cycle, not an endless tree")
    func symlinkCycle() {
        let root = Self.makeTemp()
        defer { Self.removeTree(root) }
        mkdir(root + "/a", 0o755)
        mkdir(root + "/a/b", 0o755)
        symlink(root + "/a", root + "/a/b/up")           // a/b/up -> a: a cycle
        symlink(root + "/a/b", root + "/side")            // side -> a/b: not a cycle
        symlink(root + "/nowhere", root + "/broken")      // a broken link is a file
        let tree = FileTree(rootPath: root)
        Self.load(tree, FileTree.root)
        #expect(Self.names(tree) == ["a", "side", "broken"])
        let kids = tree.children(of: FileTree.root)!
        let (a, side, broken) = (kids[0], kids[1], kids[2])
        #expect(tree.isSymlink(side) && tree.isDirectory(side))
        #expect(tree.isSymlink(broken) && !tree.isDirectory(broken))
        Self.load(tree, a)
        let b = tree.children(of: a)![0]
        Self.load(tree, b)
        let up = tree.children(of: b)![0]
        #expect(tree.name(of: up) == "up" && tree.isDirectory(up) && tree.isSymlink(up))
        Self.load(tree, up)
        #expect(tree.loadState(of: up) == .failed(.cycle))
        #expect(tree.children(of: up) == nil)
        // The link to a/b from the side is the same folder but not an ancestor: it lists.
        Self.load(tree, side)
        #expect(tree.loadState(of: side) == .loaded)
        #expect(Self.names(tree, side) == ["up"])
        // side/up leads to a, which is not above it: it lists...
        let sideUp = tree.children(of: side)![0]
        Self.load(tree, sideUp)
        #expect(tree.loadState(of: sideUp) == .loaded)
        // ...but its b is a/b, the folder `side` already is: a cycle.
        let sideUpB = tree.children(of: sideUp)![0]
        Self.load(tree, sideUpB)
        #expect(tree.loadState(of: sideUpB) == .failed(.cycle))
    }

    @Test("Sizes as g_format_size writes them")
    func sizes() {
        #expect(FileFormat.size(0) == "0 bytes")
        #expect(FileFormat.size(1) == "1 byte")
        #expect(FileFormat.size(999) == "999 bytes")
        #expect(FileFormat.size(1000) == "1.0 kB")
        #expect(FileFormat.size(1234) == "1.2 kB")
        #expect(FileFormat.size(999_949) == "999.9 kB")
        #expect(FileFormat.size(12_345_678) == "12.3 MB")
        #expect(FileFormat.size(4_700_000_000) == "4.7 GB")
        #expect(FileFormat.size(2_000_000_000_000) == "2.0 TB")
        #expect(FileFormat.itemCount(3) == "3 items")
    }
}

/// Wall-clock seconds for timing in tests.
enum MonotonicSeconds {
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
