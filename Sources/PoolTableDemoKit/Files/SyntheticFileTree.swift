/// A generated file tree for scale: exactly `count` nodes below the root, every folder
/// already listed, breadth first (each folder gets 2-12 subfolders while it is less than
/// `maxFolderDepth` deep, and 0-40 files), from a seed so every run is the same tree.
extension FileTree {
    /// The synthetic tree's default size.
    public static let syntheticCount = 1_000_000
    /// The deepest level a synthetic folder has subfolders at (the root's children are level 0).
    public static let syntheticMaxFolderDepth = 6

    /// A tree of `count` generated nodes below the root "Synthetic" (not on disk).
    public static func synthetic(count: Int = syntheticCount, seed: UInt64 = 25) -> FileTree {
        let tree = FileTree(rootPath: tr("Synthetic"), rootModified: 1_700_000_000)
        tree.reserveCapacity(count + 1)
        var rng = SeededRandom(seed: seed)
        let folderKind = tree.internKind(FileKinds.folder)
        let extensions = ["txt", "png", "jpg", "pdf", "ogg", "svg", "json", "gz"]
        let fileKinds = extensions.map { tree.internKind(FileKinds.guess(name: "x." + $0)) }
        var made = 0
        var queue: [(node: FileNodeID, level: Int)] = [(FileTree.root, -1)]
        var head = 0
        let base: Int64 = 1_600_000_000
        while made < count {
            // Should the queue run dry (a tiny tree), keep filling the last folder.
            let (folder, level) = head < queue.count ? queue[head] : queue[queue.count - 1]
            if head < queue.count { head += 1 }
            let folders = level + 1 < syntheticMaxFolderDepth ? Int(rng.next() % 11) + 2 : 0
            let files = Int(rng.next() % 41)
            var list: [FileNodeID] = tree.children(of: folder) ?? []
            list.reserveCapacity(list.count + folders + files)
            for i in 0..<folders where made < count {
                let id = tree.appendNode(name: "Folder " + String(i + 1), size: 0, modified: base + Int64(rng.next() % 100_000_000),
                                         kindIndex: folderKind, isDirectory: true, isSymlink: false, parent: folder)
                list.append(id)
                queue.append((id, level + 1))
                made += 1
            }
            for i in 0..<files where made < count {
                let e = Int(rng.next() % UInt64(extensions.count))
                let id = tree.appendNode(name: "file " + String(i + 1) + "." + extensions[e], size: Int64(rng.next() % 50_000_000),
                                         modified: base + Int64(rng.next() % 100_000_000),
                                         kindIndex: fileKinds[e], isDirectory: false, isSymlink: false, parent: folder)
                list.append(id)
                made += 1
            }
            tree.setChildren(list, of: folder)
        }
        // Folders the count ran out before are listed, and empty.
        while head < queue.count { let f = queue[head].node; head += 1; if tree.childCount(of: f) == nil { tree.setChildren([], of: f) } }
        return tree
    }
}
