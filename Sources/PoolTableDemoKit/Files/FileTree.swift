/// A node of a `FileTree`: its index in the tree's arrays (0 is the root folder itself).
public typealias FileNodeID = Int

/// What a column sorts files by (the Files screen's columns' `sortKey`s).
public enum FileSortKey: String, Sendable, CaseIterable {
    case name, size, kind, modified
}

/// How a folder's children are ordered: by `key`, ascending or not, folders always before
/// files (as Nautilus's "sort folders before files"). Ties go by name, then by the order the
/// children had before (the sort is stable).
public struct FileSortOrder: Hashable, Sendable {
    /// What to compare.
    public var key: FileSortKey
    /// True: A to Z, small to large, old to new.
    public var ascending: Bool
    /// Sorts by `key`, `ascending` or not.
    public init(key: FileSortKey, ascending: Bool = true) { self.key = key; self.ascending = ascending }
    /// By name, A to Z (the default).
    public static let byName = FileSortOrder(key: .name)
}

/// Why a folder's children could not be listed.
public enum FileLoadError: Error, Equatable, Sendable {
    /// `opendir` failed with `errno` (EACCES for a folder the user may not read).
    case unreadable(errno: Int32)
    /// The folder is a link (or mount) back to a folder above it: listing it would loop.
    case cycle
    /// The folder is gone.
    case missing

    /// The error row's text (translated).
    public var message: String {
        switch self {
        case .unreadable(let code) where code == 13 /* EACCES */ || code == 1 /* EPERM */:
            return tr("You do not have permission to open this folder")
        case .unreadable(let code):
            return tr("This folder could not be opened (error {code})", ["code": String(code)])
        case .cycle: return tr("This link leads back to a folder above it")
        case .missing: return tr("This folder no longer exists")
        }
    }
}

/// Where a folder lives on disk (device and inode): two paths naming the same folder
/// (through a symbolic link) have the same identity.
public struct FileIdentity: Hashable, Sendable {
    /// `st_dev`.
    public var device: UInt64
    /// `st_ino`.
    public var inode: UInt64
    /// The identity of a folder on `device` with `inode`.
    public init(device: UInt64, inode: UInt64) { self.device = device; self.inode = inode }
}

/// One child found when listing a folder (a `DirectoryReader` result).
public struct FileEntry: Hashable, Sendable {
    /// The name in its folder.
    public var name: String
    /// Bytes (of the link itself for a broken link; 0 for folders).
    public var size: Int64
    /// The modification time, seconds since 1970 (UTC).
    public var modified: Int64
    /// A folder, or a symbolic link to one (it can be expanded).
    public var isDirectory: Bool
    /// A symbolic link (to anything).
    public var isSymlink: Bool
    /// The kind's description ("Folder", "PNG image").
    public var kind: String
    /// A child described by its parts.
    public init(name: String, size: Int64, modified: Int64, isDirectory: Bool, isSymlink: Bool = false, kind: String) {
        self.name = name; self.size = size; self.modified = modified
        self.isDirectory = isDirectory; self.isSymlink = isSymlink; self.kind = kind
    }
}

/// What listing one folder found: its children and the folder's own identity (for cycles).
public struct FolderListing: Sendable, Equatable {
    /// The children, in the order the file system gave them.
    public var entries: [FileEntry]
    /// The folder's device and inode (after following a link to it).
    public var identity: FileIdentity?
    /// A listing of `entries`.
    public init(entries: [FileEntry], identity: FileIdentity?) { self.entries = entries; self.identity = identity }
}

/// A file tree's nodes, stored column-wise so that a million of them stay compact: a folder's
/// children are listed once (`finishLoading`) and kept sorted by `sortOrder` lazily: a
/// folder's list is re-sorted when it is next asked for (`children(of:)`), so changing the
/// order of a million-node tree costs only the folders on screen.
///
/// Not thread-safe: the app uses it on the main thread and lists folders on a worker
/// (`DirectoryReader`), handing the listing back to `finishLoading`.
public final class FileTree {
    /// The root folder's node.
    public static let root: FileNodeID = 0

    /// How a folder stands.
    public enum LoadState: Equatable, Sendable {
        /// Not listed yet (or not a folder).
        case notLoaded
        /// Being listed: the screen shows a spinner row under it.
        case loading
        /// Listed; `children(of:)` has the children.
        case loaded
        /// Listing failed: the screen shows an error row under it.
        case failed(FileLoadError)
    }

    /// The root folder's path (for a synthetic tree, a made-up name).
    public let rootPath: String
    private var names: [String] = []
    private var sizes: [Int64] = []
    private var modifieds: [Int64] = []
    private var kindIndex: [Int32] = []
    private var flags: [UInt8] = []
    private var parents: [Int32] = []
    /// The listed children of each folder (by node), in the order of `sortedVersion[node]`.
    private var childLists: [FileNodeID: [FileNodeID]] = [:]
    private var sortedVersion: [FileNodeID: Int] = [:]
    private var states: [FileNodeID: LoadState] = [:]
    private var identities: [FileNodeID: FileIdentity] = [:]
    /// Kind descriptions, interned.
    private var kindNames: [String] = []
    private var kindLookup: [String: Int32] = [:]
    private var orderVersion = 0

    private static let directoryFlag: UInt8 = 1, symlinkFlag: UInt8 = 2

    /// How children are ordered; setting it re-sorts each folder's list when next asked for.
    public var sortOrder: FileSortOrder = .byName {
        didSet { if sortOrder != oldValue { orderVersion += 1 } }
    }

    /// A tree whose root is the folder at `rootPath`, not listed yet.
    public init(rootPath: String, rootModified: Int64 = 0) {
        self.rootPath = rootPath
        let name = rootPath == "/" ? "/" : String(rootPath.split(separator: "/").last ?? Substring(rootPath))
        _ = appendNode(name: name, size: 0, modified: rootModified, kind: FileKinds.folder, isDirectory: true, isSymlink: false, parent: -1)
    }

    /// Every node, the root included.
    public var count: Int { names.count }

    // MARK: Reading a node

    /// The node's name in its folder.
    public func name(of node: FileNodeID) -> String { names[node] }
    /// Bytes (0 for folders).
    public func size(of node: FileNodeID) -> Int64 { sizes[node] }
    /// Seconds since 1970 (UTC).
    public func modified(of node: FileNodeID) -> Int64 { modifieds[node] }
    /// The kind's description ("Folder", "PNG image").
    public func kind(of node: FileNodeID) -> String { kindNames[Int(kindIndex[node])] }
    /// A folder (or a link to one): it can be expanded.
    public func isDirectory(_ node: FileNodeID) -> Bool { flags[node] & Self.directoryFlag != 0 }
    /// A symbolic link.
    public func isSymlink(_ node: FileNodeID) -> Bool { flags[node] & Self.symlinkFlag != 0 }
    /// The folder the node is in; nil for the root.
    public func parent(of node: FileNodeID) -> FileNodeID? { parents[node] < 0 ? nil : Int(parents[node]) }
    /// How far below the root: 0 for the root's children (the table's top level), -1 for
    /// the root itself.
    public func level(of node: FileNodeID) -> Int {
        var level = -1, p = parents[node]
        while p >= 0 { level += 1; p = parents[Int(p)] }
        return level
    }
    /// The node's path on disk: the root's path and the names down to it.
    public func path(of node: FileNodeID) -> String {
        var parts: [String] = []
        var n = node
        while let p = parent(of: n) { parts.append(names[n]); n = p }
        var path = rootPath
        for part in parts.reversed() { path += path.hasSuffix("/") ? part : "/" + part }
        return path
    }
    /// How the folder's listing stands (`.notLoaded` for files).
    public func loadState(of node: FileNodeID) -> LoadState { states[node] ?? .notLoaded }
    /// Whether the node may have children to show: a folder not listed yet, being listed,
    /// failed, or listed with children.
    public func isExpandable(_ node: FileNodeID) -> Bool {
        guard isDirectory(node) else { return false }
        if case .loaded = loadState(of: node) { return !(childLists[node]?.isEmpty ?? true) }
        return true
    }
    /// The folder's children in `sortOrder` (sorted now if the order changed since they
    /// were last asked for); nil while the folder is not listed.
    public func children(of node: FileNodeID) -> [FileNodeID]? {
        guard let list = childLists[node] else { return nil }
        if sortedVersion[node] == orderVersion { return list }
        let sorted = sortedChildren(list)
        childLists[node] = sorted
        sortedVersion[node] = orderVersion
        return sorted
    }
    /// How many children the folder has listed (nil: not listed).
    public func childCount(of node: FileNodeID) -> Int? { childLists[node]?.count }
    /// Every folder that has been listed.
    public var loadedFolders: [FileNodeID] { Array(childLists.keys) }

    // MARK: Loading

    /// Marks `folder` as being listed (the screen shows a spinner row). Returns false, and
    /// changes nothing, if it is not a folder or is already listed or being listed.
    @discardableResult
    public func beginLoading(_ folder: FileNodeID) -> Bool {
        guard isDirectory(folder) else { return false }
        switch loadState(of: folder) {
        case .loading, .loaded: return false
        case .notLoaded, .failed: states[folder] = .loading; return true
        }
    }

    /// Stores what listing `folder` gave: its children (hidden names, starting with ".",
    /// are left out, as Nautilus does by default) or the error. A listing whose folder is
    /// the same on disk as one of its ancestors (a link back up) fails with `.cycle`
    /// instead: it is not followed.
    public func finishLoading(_ folder: FileNodeID, with result: Result<FolderListing, FileLoadError>) {
        switch result {
        case .failure(let error):
            states[folder] = .failed(error)
        case .success(let listing):
            if let identity = listing.identity {
                var a = parent(of: folder)
                while let ancestor = a {
                    if identities[ancestor] == identity { states[folder] = .failed(.cycle); return }
                    a = parent(of: ancestor)
                }
                identities[folder] = identity
            }
            var list: [FileNodeID] = []
            list.reserveCapacity(listing.entries.count)
            for entry in listing.entries where !entry.name.hasPrefix(".") {
                list.append(appendNode(name: entry.name, size: entry.size, modified: entry.modified, kind: entry.kind,
                                       isDirectory: entry.isDirectory, isSymlink: entry.isSymlink, parent: folder))
            }
            setChildren(list, of: folder)
        }
    }

    /// Merges a newer listing of a listed `folder` (its files changed on disk): children
    /// whose names are still there keep their nodes (and so their rows, expansion and
    /// selection) with the new size, date and kind; new names get new nodes; names that are
    /// gone leave the children. A folder not listed yet is simply listed. Returns whether
    /// the children changed (names added or removed, or any size, date or kind).
    @discardableResult
    public func updateListing(_ folder: FileNodeID, with listing: FolderListing) -> Bool {
        guard case .loaded = loadState(of: folder), let old = childLists[folder] else {
            finishLoading(folder, with: .success(listing))
            return true
        }
        var byName: [String: FileNodeID] = [:]
        for node in old { byName[names[node]] = node }
        var list: [FileNodeID] = []
        list.reserveCapacity(listing.entries.count)
        var changed = false
        for entry in listing.entries where !entry.name.hasPrefix(".") {
            let k = internKind(entry.kind)
            let flag = (entry.isDirectory ? Self.directoryFlag : 0) | (entry.isSymlink ? Self.symlinkFlag : 0)
            if let node = byName.removeValue(forKey: entry.name), flags[node] == flag {
                if sizes[node] != entry.size || modifieds[node] != entry.modified || kindIndex[node] != k {
                    sizes[node] = entry.size; modifieds[node] = entry.modified; kindIndex[node] = k
                    changed = true
                }
                list.append(node)
            } else {
                list.append(appendNode(name: entry.name, size: entry.size, modified: entry.modified, kindIndex: k,
                                       isDirectory: entry.isDirectory, isSymlink: entry.isSymlink, parent: folder))
                changed = true
            }
        }
        if !byName.isEmpty { changed = true }
        if changed { setChildren(list, of: folder) }
        return changed
    }

    // MARK: Building

    /// Appends a node (no listing of its own yet) and returns it.
    func appendNode(name: String, size: Int64, modified: Int64, kind: String, isDirectory: Bool, isSymlink: Bool, parent: FileNodeID) -> FileNodeID {
        appendNode(name: name, size: size, modified: modified, kindIndex: internKind(kind), isDirectory: isDirectory, isSymlink: isSymlink, parent: parent)
    }

    func appendNode(name: String, size: Int64, modified: Int64, kindIndex k: Int32, isDirectory: Bool, isSymlink: Bool, parent: FileNodeID) -> FileNodeID {
        let id = names.count
        names.append(name)
        sizes.append(size)
        modifieds.append(modified)
        kindIndex.append(k)
        flags.append((isDirectory ? Self.directoryFlag : 0) | (isSymlink ? Self.symlinkFlag : 0))
        parents.append(Int32(parent))
        return id
    }

    /// The index of `kind` in the interned kinds (added if new).
    func internKind(_ kind: String) -> Int32 {
        if let known = kindLookup[kind] { return known }
        let k = Int32(kindNames.count)
        kindNames.append(kind)
        kindLookup[kind] = k
        return k
    }

    /// Makes `list` (already appended nodes) the listed children of `folder`.
    func setChildren(_ list: [FileNodeID], of folder: FileNodeID) {
        childLists[folder] = list
        sortedVersion[folder] = -1
        states[folder] = .loaded
    }

    func reserveCapacity(_ n: Int) {
        names.reserveCapacity(n); sizes.reserveCapacity(n); modifieds.reserveCapacity(n)
        kindIndex.reserveCapacity(n); flags.reserveCapacity(n); parents.reserveCapacity(n)
    }

    // MARK: Sorting

    /// `list` in `sortOrder`: folders first; then by the key; ties by name, then by their
    /// place in `list` (stable).
    func sortedChildren(_ list: [FileNodeID]) -> [FileNodeID] {
        let order = sortOrder
        var kindRank: [Int32] = []
        if order.key == .kind {
            let ranked = kindNames.indices.sorted { FileName.compare(kindNames[$0], kindNames[$1]) < 0 }
            kindRank = Array(repeating: 0, count: kindNames.count)
            for (rank, k) in ranked.enumerated() { kindRank[k] = Int32(rank) }
        }
        var places = Array(list.enumerated().map { (place: $0.offset, node: $0.element) })
        places.sort { a, b in
            let da = isDirectory(a.node), db = isDirectory(b.node)
            if da != db { return da }
            var c = 0
            switch order.key {
            case .name: c = FileName.compare(names[a.node], names[b.node])
            case .size: c = da ? 0 : (sizes[a.node] < sizes[b.node] ? -1 : sizes[a.node] > sizes[b.node] ? 1 : 0)
            case .kind:
                let ka = kindRank[Int(kindIndex[a.node])], kb = kindRank[Int(kindIndex[b.node])]
                c = ka < kb ? -1 : ka > kb ? 1 : 0
            case .modified: c = modifieds[a.node] < modifieds[b.node] ? -1 : modifieds[a.node] > modifieds[b.node] ? 1 : 0
            }
            if !order.ascending { c = -c }
            if c == 0 && order.key != .name { c = FileName.compare(names[a.node], names[b.node]) }
            if c != 0 { return c < 0 }
            return a.place < b.place
        }
        return places.map(\.node)
    }
}

/// File-name comparison as file managers order names: case-insensitive for ASCII letters,
/// runs of digits by their value ("file 2" before "file 10").
public enum FileName {
    /// -1, 0 or 1 as `a` sorts before, with, or after `b`.
    public static func compare(_ a: String, _ b: String) -> Int {
        var a = a, b = b
        return a.withUTF8 { ua in b.withUTF8 { ub in compare(ua, ub) } }
    }

    static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        var i = 0, j = 0
        var tie = 0   // the first case difference, when all else is equal
        while i < a.count && j < b.count {
            let x = a[i], y = b[j]
            if isDigit(x) && isDigit(y) {
                // Compare the digit runs by value: skip leading zeros, longer run is larger.
                var si = i, sj = j
                while si < a.count && a[si] == 48 { si += 1 }
                while sj < b.count && b[sj] == 48 { sj += 1 }
                var ei = si, ej = sj
                while ei < a.count && isDigit(a[ei]) { ei += 1 }
                while ej < b.count && isDigit(b[ej]) { ej += 1 }
                if ei - si != ej - sj { return ei - si < ej - sj ? -1 : 1 }
                var k = 0
                while k < ei - si {
                    if a[si + k] != b[sj + k] { return a[si + k] < b[sj + k] ? -1 : 1 }
                    k += 1
                }
                if tie == 0 && (ei - i) != (ej - j) { tie = (ei - i) < (ej - j) ? -1 : 1 }
                i = ei; j = ej
                continue
            }
            let lx = lower(x), ly = lower(y)
            if lx != ly { return lx < ly ? -1 : 1 }
            if tie == 0 && x != y { tie = x < y ? 1 : -1 }   // lower case first, as GLib's collation
            i += 1; j += 1
        }
        if i < a.count { return 1 }
        if j < b.count { return -1 }
        return tie
    }

    @inline(__always) private static func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }
    @inline(__always) private static func lower(_ c: UInt8) -> UInt8 { c >= 65 && c <= 90 ? c + 32 : c }
}
