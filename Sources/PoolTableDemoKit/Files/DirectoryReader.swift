import Glibc

/// Kind descriptions without GIO: "Folder", and a guess from the name's extension. The app
/// passes GIO's content-type description instead (`DirectoryReader.read(_:describe:)`).
public enum FileKinds {
    /// A folder's kind.
    public static var folder: String { tr("Folder") }

    /// The kind of a file named `name` (not a folder), guessed from its extension.
    public static func guess(name: String, isSymlink: Bool = false) -> String {
        let ext = name.split(separator: ".", omittingEmptySubsequences: false).count > 1
            ? String(name[name.index(after: name.lastIndex(of: ".")!)...]).lowercased() : ""
        switch ext {
        case "txt", "text", "md": return tr("Plain text document")
        case "png": return tr("PNG image")
        case "jpg", "jpeg": return tr("JPEG image")
        case "svg": return tr("SVG image")
        case "pdf": return tr("PDF document")
        case "html", "htm": return tr("HTML document")
        case "xml": return tr("XML document")
        case "json": return tr("JSON document")
        case "ogg", "oga": return tr("Ogg audio")
        case "gz", "xz", "bz2", "zst", "zip", "tar": return tr("Compressed archive")
        case "so", "a", "o": return tr("Shared library")
        case "py", "swift", "c", "h", "sh", "js": return tr("Source code")
        default: return isSymlink ? tr("Link") : tr("Document")
        }
    }
}

/// Lists one folder with `opendir`/`readdir` and `lstat`: plain file-system calls, safe to
/// run on a worker thread. Symbolic links are not followed to list them: a link to a folder
/// is a folder to expand later, and a link that leads back up is caught then
/// (`FileTree.finishLoading` compares the folder's identity with its ancestors').
public enum DirectoryReader {
    /// The children of the folder at `path` (hidden ones included; the tree leaves them
    /// out), with the folder's own identity; or why it could not be listed. `describe`
    /// gives a file's kind from its name (folders are "Folder").
    public static func read(_ path: String, describe: (String) -> String = { FileKinds.guess(name: $0) }) -> Result<FolderListing, FileLoadError> {
        var own = stat()
        guard stat(path, &own) == 0 else { return .failure(errno == ENOENT ? .missing : .unreadable(errno: errno)) }
        guard let dir = opendir(path) else {
            let code = errno
            return .failure(code == ENOENT ? .missing : .unreadable(errno: code))
        }
        defer { closedir(dir) }
        let identity = FileIdentity(device: UInt64(own.st_dev), inode: UInt64(own.st_ino))
        var entries: [FileEntry] = []
        let folderKind = FileKinds.folder
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name == "." || name == ".." { continue }
            let child = path.hasSuffix("/") ? path + name : path + "/" + name
            var info = stat()
            guard lstat(child, &info) == 0 else { continue }   // vanished while listing
            var isLink = false, isDir = false
            switch info.st_mode & S_IFMT {
            case S_IFDIR: isDir = true
            case S_IFLNK:
                isLink = true
                var target = stat()
                if stat(child, &target) == 0 {
                    isDir = target.st_mode & S_IFMT == S_IFDIR
                    if !isDir { info = target }
                }
            default: break
            }
            entries.append(FileEntry(name: name, size: isDir ? 0 : Int64(info.st_size),
                                     modified: Int64(info.st_mtim.tv_sec), isDirectory: isDir, isSymlink: isLink,
                                     kind: isDir ? folderKind : describe(name)))
        }
        return .success(FolderListing(entries: entries, identity: identity))
    }
}

/// How the Files screen writes sizes and dates.
public enum FileFormat {
    /// A size as GLib's `g_format_size` writes it (decimal units, one decimal):
    /// "1 byte", "999 bytes", "1.0 kB", "12.3 MB", "4.7 GB".
    public static func size(_ bytes: Int64) -> String {
        let b = max(0, bytes)
        if b < 1000 { return trn("{count} byte", "{count} bytes", count: Int(b)) }
        let v = Double(b)
        // g_format_size prints "%.1f" of the value in the largest unit it reaches.
        func one(_ unit: Double) -> String { formatted(v / unit, fractionDigits: 1) }
        if v < 1e6 { return tr("{size} kB", ["size": one(1e3)]) }
        if v < 1e9 { return tr("{size} MB", ["size": one(1e6)]) }
        if v < 1e12 { return tr("{size} GB", ["size": one(1e9)]) }
        if v < 1e15 { return tr("{size} TB", ["size": one(1e12)]) }
        return tr("{size} PB", ["size": one(1e15)])
    }

    /// A folder's size column: how many items it holds, once listed.
    public static func itemCount(_ count: Int) -> String {
        trn("{count} item", "{count} items", count: count)
    }

    /// A modification time in the local time zone: the time alone for today, else the date
    /// and time, in the language's format ("%e %b %Y %H:%M" in English).
    public static func date(_ seconds: Int64, now: Int64 = Int64(time(nil))) -> String {
        var t = time_t(seconds), n = time_t(now)
        var tmT = tm(), tmN = tm()
        localtime_r(&t, &tmT)
        localtime_r(&n, &tmN)
        let today = tmT.tm_year == tmN.tm_year && tmT.tm_yday == tmN.tm_yday
        // Translators: strftime formats for the Files screen's Modified column.
        let format = today ? tr("%H:%M") : tr("%e %b %Y %H:%M")
        var buffer = [CChar](repeating: 0, count: 128)
        let n2 = strftime(&buffer, buffer.count, format, &tmT)
        let text = String(decoding: buffer[0..<n2].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.hasPrefix(" ") ? String(text.drop(while: { $0 == " " })) : text
    }
}
