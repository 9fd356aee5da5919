import CGtk
import Glibc

/// The thumbnail cache GNOME's apps share (the freedesktop Thumbnail Managing Standard,
/// https://specifications.freedesktop.org/thumbnail-spec/latest/): PNG thumbnails under
/// `$XDG_CACHE_HOME/thumbnails` (by default `~/.cache/thumbnails`), one folder per size
/// (`normal`, `large`, `x-large`, `xx-large`: 128, 256, 512 and 1024 pixels on the longer
/// side), each named by the MD5 of its file's URI.
///
/// - A thumbnail is used only while its `Thumb::URI` key names the file and its
///   `Thumb::MTime` (and `Thumb::Size`, when present) still match the file's; one made by
///   another app (Nautilus, Shotwell, gThumb…) counts as much as ours.
/// - Writes are atomic: the PNG goes to a temporary file (mode 0600) in the thumbnail's
///   folder, then is renamed over the thumbnail, so no reader ever sees half a file; on any
///   error the temporary file is removed. Folders are made with mode 0700.
/// - A file that could not be read is recorded under `fail/<application>-<version>/`, so it
///   is not tried again until it changes.
/// - The cache is a value of paths: any thread may use it.
public struct ThumbnailCache: Sendable {
    /// A size folder of the cache.
    public enum Flavor: Int, CaseIterable, Sendable {
        /// `normal`: 128 pixels.
        case normal = 128
        /// `large`: 256 pixels.
        case large = 256
        /// `x-large`: 512 pixels.
        case xLarge = 512
        /// `xx-large`: 1024 pixels.
        case xxLarge = 1024
        /// The longest side of its thumbnails, in pixels.
        public var side: Int { rawValue }
        /// Its folder's name.
        public var folder: String {
            switch self {
            case .normal: "normal"
            case .large: "large"
            case .xLarge: "x-large"
            case .xxLarge: "xx-large"
            }
        }
    }

    /// A file as the cache knows it: its URI and, from `stat`, its modification time and size.
    public struct Original: Sendable, Equatable {
        /// The file's path.
        public let path: String
        /// Its `file://` URI (what the thumbnail's name is the MD5 of).
        public let uri: String
        /// Its modification time, in whole seconds (`Thumb::MTime`).
        public let mtime: Int
        /// Its size in bytes (`Thumb::Size`).
        public let size: Int

        /// The file at `path` as it is now; nil if it cannot be `stat`ed.
        public init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            self.init(path: path, info: info)
        }

        init(path: String, info: stat) {
            self.path = path
            let file = g_file_new_for_path(path)
            defer { g_object_unref(UnsafeMutableRawPointer(file)) }
            let uri = g_file_get_uri(file)
            self.uri = uri.map { String(cString: $0) } ?? "file://" + path
            g_free(uri)
            mtime = Int(info.st_mtim.tv_sec)
            size = Int(info.st_size)
        }
    }

    /// Why a thumbnail was not used, or could not be written.
    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        /// There is none.
        case absent
        /// The cache's folder cannot be looked into (a permission denied…): a problem of the
        /// cache, not of this thumbnail.
        case inaccessible(String)
        /// The file is there but is not a PNG gdk-pixbuf can read (a corrupt or cut file).
        case unreadable(String)
        /// It was made for another file or for an older version of this one.
        case stale(String)
        /// Its size does not fit its folder.
        case wrongSize(String)
        /// Writing it failed (a read-only or full disk…).
        case writeFailed(String)

        /// What went wrong, for a log line.
        public var description: String {
            switch self {
            case .absent: "no thumbnail"
            case .inaccessible(let why): why
            case .unreadable(let why): "unreadable (\(why))"
            case .stale(let why): "stale (\(why))"
            case .wrongSize(let why): "wrong size (\(why))"
            case .writeFailed(let why): why
            }
        }
    }

    /// The cache's folder (`…/thumbnails`).
    public let root: String
    /// The folder under `fail/` where this app records files it could not read ("pooltable-0.1.0").
    public let failureFolder: String
    /// The `Software` key of the thumbnails written ("PoolTable 0.1.0").
    public let software: String

    /// - Parameters:
    ///   - root: the cache's folder; by default the desktop's (`defaultRoot()`).
    ///   - application: the app's name, lower case ("pooltable"), for `fail/<application>-<version>/`.
    ///   - version: the app's version (what `--version` prints).
    public init(root: String = ThumbnailCache.defaultRoot(), application: String, version: String) {
        self.root = root
        failureFolder = "\(application)-\(version)"
        software = "\(application) \(version)"
    }

    /// `$XDG_CACHE_HOME/thumbnails`, or `~/.cache/thumbnails` when XDG_CACHE_HOME is unset or
    /// not an absolute path (as the XDG base directory specification says). Read from the
    /// environment at each call, unlike `g_get_user_cache_dir`, which keeps its first answer.
    public static func defaultRoot() -> String {
        if let value = g_getenv("XDG_CACHE_HOME").map({ String(cString: $0) }), value.hasPrefix("/") {
            return value + "/thumbnails"
        }
        return String(cString: g_get_home_dir()) + "/.cache/thumbnails"
    }

    /// The thumbnail's file name: the MD5 of the URI, in hex, and ".png".
    public static func fileName(for uri: String) -> String {
        guard let sum = g_compute_checksum_for_string(G_CHECKSUM_MD5, uri, -1) else { return "" }
        defer { g_free(sum) }
        return String(cString: sum) + ".png"
    }

    /// Where `original`'s thumbnail of `flavor` is (or would be).
    public func thumbnailPath(for original: Original, flavor: Flavor) -> String {
        "\(root)/\(flavor.folder)/\(Self.fileName(for: original.uri))"
    }

    /// Where this app records that `original` could not be read.
    public func failurePath(for original: Original) -> String {
        "\(root)/fail/\(failureFolder)/\(Self.fileName(for: original.uri))"
    }

    /// True for a file inside the cache itself (the standard says such files get no thumbnail).
    public func contains(_ path: String) -> Bool { path.hasPrefix(root + "/") }

    // MARK: Reading

    /// `original`'s thumbnail of `flavor`, upright as it was stored, if it is valid: a PNG
    /// gdk-pixbuf reads, whose keys name this file as it is now, no larger than its folder's
    /// side and, when it says the picture's size, as large as that allows.
    func read(_ original: Original, flavor: Flavor) -> Result<Pixbuf, Problem> {
        let path = thumbnailPath(for: original, flavor: flavor)
        let pixbuf: Pixbuf
        switch Self.load(path) {
        case .success(let loaded): pixbuf = loaded
        case .failure(let problem): return .failure(problem)
        }
        if let problem = Self.validate(pixbuf, for: original) { return .failure(problem) }
        let longest = max(pixbuf.width, pixbuf.height)
        if longest > flavor.side {
            return .failure(.wrongSize("\(pixbuf.width) x \(pixbuf.height) in \(flavor.folder), whose side is \(flavor.side)"))
        }
        if let width = pixbuf.option("tEXt::Thumb::Image::Width").flatMap(Int.init),
           let height = pixbuf.option("tEXt::Thumb::Image::Height").flatMap(Int.init), width > 0, height > 0 {
            let expected = Pixbuf.fitSize(width: width, height: height, side: flavor.side)
            if longest + 1 < max(expected.width, expected.height) {
                return .failure(.wrongSize("\(pixbuf.width) x \(pixbuf.height) for a \(width) x \(height) picture in \(flavor.folder)"))
            }
        }
        return .success(pixbuf)
    }

    /// True if this app recorded that `original`, as it is now, could not be read.
    public func hasFailure(for original: Original) -> Bool {
        guard case .success(let record) = Self.load(failurePath(for: original)) else { return false }
        return Self.validate(record, for: original) == nil
    }

    /// The PNG at `path`, with its tEXt keys as options.
    private static func load(_ path: String) -> Result<Pixbuf, Problem> {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { return .failure(.absent) }
            return .failure(.inaccessible("cannot read \(path): \(String(cString: strerror(errno)))"))
        }
        var error: UnsafeMutablePointer<GError>?
        guard let made = gdk_pixbuf_new_from_file(path, &error) else {
            return .failure(.unreadable(Pixbuf.message(error, or: "not a PNG")))
        }
        if let error { g_error_free(error) }
        return .success(Pixbuf(adopting: made))
    }

    /// Why `pixbuf`'s keys do not name `original` as it is now; nil if they do.
    private static func validate(_ pixbuf: Pixbuf, for original: Original) -> Problem? {
        guard let uri = pixbuf.option("tEXt::Thumb::URI") else { return .stale("no Thumb::URI") }
        guard uri == original.uri else { return .stale("made for \(uri)") }
        // The standard's MTime is whole seconds; some writers add a fraction.
        guard let mtime = pixbuf.option("tEXt::Thumb::MTime").flatMap(Double.init).map({ Int($0) }) else {
            return .stale("no Thumb::MTime")
        }
        guard mtime == original.mtime else {
            return .stale("made for the file as modified at \(mtime); it was modified at \(original.mtime)")
        }
        if let size = pixbuf.option("tEXt::Thumb::Size").flatMap(Int.init), size != original.size {
            return .stale("made for \(size) bytes; the file has \(original.size)")
        }
        return nil
    }

    // MARK: Writing

    /// Stores `pixbuf` (upright, its longer side at most `flavor`'s) as `original`'s thumbnail
    /// of `flavor`, with the keys that validate it and the picture's full size.
    func write(_ pixbuf: Pixbuf, for original: Original, flavor: Flavor, imageSize: (width: Int, height: Int)) throws(Problem) {
        try save(pixbuf, keys: keys(for: original) + [("tEXt::Thumb::Image::Width", "\(imageSize.width)"),
                                                      ("tEXt::Thumb::Image::Height", "\(imageSize.height)")],
                 to: thumbnailPath(for: original, flavor: flavor))
    }

    /// Records that `original`, as it is now, could not be read: a 1 x 1 PNG with its keys
    /// under `fail/<application>-<version>/`.
    public func recordFailure(for original: Original) throws(Problem) {
        guard let made = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 1, 8, 1, 1) else { throw .writeFailed("no memory") }
        let pixel = Pixbuf(adopting: made)
        gdk_pixbuf_fill(pixel.pixbuf, 0)
        try save(pixel, keys: keys(for: original), to: failurePath(for: original))
    }

    private func keys(for original: Original) -> [(String, String)] {
        [("tEXt::Thumb::URI", original.uri), ("tEXt::Thumb::MTime", "\(original.mtime)"),
         ("tEXt::Thumb::Size", "\(original.size)"), ("tEXt::Software", software)]
    }

    /// Encodes `pixbuf` as a PNG with `keys`, writes it to a temporary file in `path`'s folder
    /// (made with mode 0700 if missing) and renames it to `path`; removes the temporary file
    /// if any step fails.
    private func save(_ pixbuf: Pixbuf, keys: [(String, String)], to path: String) throws(Problem) {
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
        guard g_mkdir_with_parents(folder, 0o700) == 0 else {
            throw .writeFailed("cannot make \(folder): \(String(cString: strerror(errno)))")
        }
        var buffer: UnsafeMutablePointer<gchar>?
        var length: gsize = 0
        var error: UnsafeMutablePointer<GError>?
        let names = keys.map { strdup($0.0) }, values = keys.map { strdup($0.1) }
        defer { (names + values).forEach { free($0) } }
        var nameList = names + [nil], valueList = values + [nil]
        let encoded = gdk_pixbuf_save_to_bufferv(pixbuf.pixbuf, &buffer, &length, "png", &nameList, &valueList, &error)
        defer { g_free(buffer) }
        guard encoded != 0, let buffer else { throw .writeFailed("cannot encode a PNG: " + Pixbuf.message(error, or: "unknown error")) }
        if let error { g_error_free(error) }

        var template = Array((folder + "/.pooltable-thumbnail-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { g_mkstemp_full($0.baseAddress, O_WRONLY | O_CLOEXEC, 0o600) }
        guard fd >= 0 else { throw .writeFailed("cannot write in \(folder): \(String(cString: strerror(errno)))") }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        func fail(_ what: String) -> Problem {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            return .writeFailed("cannot \(what) \(path): \(reason)")
        }
        var written = 0
        while written < Int(length) {
            let n = Glibc.write(fd, buffer + written, Int(length) - written)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                let problem = fail("write")
                close(fd)
                throw problem
            }
            written += n
        }
        // No fsync: a thumbnail is a cache entry, and GLib's g_file_set_contents doesn't sync a
        // new file either. A file left short by a crash fails to load or to validate on the
        // next read and is decoded and written again (ThumbnailCacheTests, "cut short").
        // close reports a late write error (on NFS, say): a file that may be short is not renamed.
        guard close(fd) == 0 else { throw fail("write") }
        guard rename(temporary, path) == 0 else { throw fail("rename a new thumbnail to") }
    }
}
