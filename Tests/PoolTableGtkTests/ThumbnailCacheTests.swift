import CGtk
import Glibc
import PoolTable
@testable import PoolTableGtk
import Testing

/// The desktop's thumbnail cache (issue 37): names, reading, validating, writing (keys that
/// gdk-pixbuf reads back, modes, atomic), fail records, a thumbnail another app wrote, and
/// each bad input falling back to decoding with one log line. Every cache here is under a
/// temporary folder (or a tiny tmpfs); nothing is written outside it.
extension TableWidgetTests {
    /// The app's cell: 140 pixels square.
    static func cellKey(_ path: String, side: Int = 140) -> PictureLoader.Key { .init(path: path, pixelWidth: side, pixelHeight: side) }

    static func cache(_ root: String) -> ThumbnailCache { ThumbnailCache(root: root, application: "pooltable", version: "0.1.0") }

    /// A loader with one thread reading and writing `cache`, logging into `lines`.
    static func cachingLoader(_ cache: ThumbnailCache?, log: @escaping @MainActor (String) -> Void) -> PictureLoader {
        let loader = PictureLoader(threads: 1)
        loader.thumbnailCache = cache
        loader.log = log
        return loader
    }

    @Test("Thumbnail cache: a thumbnail's name is the MD5 of its file's URI (the standard's example); the root follows XDG_CACHE_HOME")
    func thumbnailCacheNames() throws {
        #expect(ThumbnailCache.fileName(for: "file:///home/jens/photos/me.png") == "c6ee772d9e49320e97ec29a7eb5b1697.png")
        let tree = TemporaryTree()
        let file = Self.writeJPEG(tree.path + "/a photo.jpg", width: 64, height: 48, rgb: 0xd02020)
        let original = try #require(ThumbnailCache.Original(path: file))
        #expect(original.uri == "file://" + tree.path + "/a%20photo.jpg")
        #expect(original.mtime == Self.mtime(file) && original.size > 0)
        let cache = Self.cache("/x/thumbnails")
        #expect(cache.thumbnailPath(for: original, flavor: .large) == "/x/thumbnails/large/" + ThumbnailCache.fileName(for: original.uri))
        #expect(cache.thumbnailPath(for: original, flavor: .xLarge).hasPrefix("/x/thumbnails/x-large/"))
        #expect(cache.failurePath(for: original).hasPrefix("/x/thumbnails/fail/pooltable-0.1.0/"))
        let saved = getenv("XDG_CACHE_HOME").map { String(cString: $0) }
        defer { if let saved { setenv("XDG_CACHE_HOME", saved, 1) } else { unsetenv("XDG_CACHE_HOME") } }
        setenv("XDG_CACHE_HOME", "/some/cache", 1)
        #expect(ThumbnailCache.defaultRoot() == "/some/cache/thumbnails")
        setenv("XDG_CACHE_HOME", "relative/cache", 1)    // not absolute: ignored, as the XDG specification says
        #expect(ThumbnailCache.defaultRoot() == String(cString: g_get_home_dir()) + "/.cache/thumbnails")
    }

    @Test("Thumbnail cache: a miss is written back (a 0600 PNG in 0700 folders, no temporary file left) with keys gdk-pixbuf reads; the next launch reads it; nothing else is written")
    func thumbnailCacheWritesAndReadsBack() throws {
        try GtkTestEnvironment.require()
        let tree = TemporaryTree()
        let photos = tree.path + "/photos"
        mkdir(photos, 0o755)
        let file = Self.writeJPEG(photos + "/red.jpg", rgb: 0xd02020)
        let photosBefore = Self.tree(photos).map { ($0, Self.mtime(photos + $0)) }
        let root = tree.path + "/cache/thumbnails"          // missing: made on the first write
        let cache = Self.cache(root)
        var lines: [String] = []
        let first = Self.cachingLoader(cache) { lines.append($0) }
        let image = try #require(try Self.loadNow(first, Self.cellKey(file)))
        #expect(image.width == 187 && image.height == 140, "covers the cell: \(image.width) x \(image.height)")
        #expect(Self.matches(Self.centreColour(image), 0xd02020))
        #expect(first.counters.scaledDecodes == 1 && first.counters.thumbnailsWritten == 1 && lines.isEmpty, "\(first.counters) \(lines)")

        let original = try #require(ThumbnailCache.Original(path: file))
        let thumbnail = cache.thumbnailPath(for: original, flavor: .large)
        #expect(Self.tree(tree.path + "/cache") == ["/thumbnails", "/thumbnails/large", "/thumbnails/large/" + ThumbnailCache.fileName(for: original.uri)],
                "only the thumbnail, no temporary file: \(Self.tree(tree.path + "/cache"))")
        #expect(Self.mode(thumbnail) == 0o600)
        #expect(Self.mode(root) == 0o700 && Self.mode(root + "/large") == 0o700 && Self.mode(tree.path + "/cache") == 0o700)
        // Read back with gdk-pixbuf alone: the standard's keys are there.
        let png = try #require(gdk_pixbuf_new_from_file(thumbnail, nil))
        defer { g_object_unref(UnsafeMutableRawPointer(png)) }
        func key(_ name: String) -> String? { gdk_pixbuf_get_option(png, "tEXt::" + name).map { String(cString: $0) } }
        #expect(gdk_pixbuf_get_width(png) == 256 && gdk_pixbuf_get_height(png) == 192)
        #expect(key("Thumb::URI") == original.uri)
        #expect(key("Thumb::MTime") == "\(Self.mtime(file))")
        #expect(key("Thumb::Size") == "\(original.size)")
        #expect(key("Thumb::Image::Width") == "1600" && key("Thumb::Image::Height") == "1200")
        #expect(key("Software") == "pooltable 0.1.0")
        #expect(Self.tree(photos).map { ($0, Self.mtime(photos + $0)) }.elementsEqual(photosBefore, by: ==), "the photos' folder is untouched")

        // The next launch: from the cache, not decoded.
        let second = Self.cachingLoader(cache) { lines.append($0) }
        let again = try #require(try Self.loadNow(second, Self.cellKey(file)))
        #expect(second.counters.fromThumbnailCache == 1 && second.counters.scaledDecodes == 0 && second.counters.thumbnailsWritten == 0)
        #expect(again.width == 187 && again.height == 140 && Self.matches(Self.centreColour(again), 0xd02020))
        // At scale 2 (280 pixels) large's 256 x 192 is too small: x-large is written.
        let sharp = try #require(try Self.loadNow(second, Self.cellKey(file, side: 280)))
        #expect(sharp.width == 373 && sharp.height == 280)
        #expect(second.counters.scaledDecodes == 1 && Self.mode(cache.thumbnailPath(for: original, flavor: .xLarge)) == 0o600)
        #expect(lines.isEmpty, "\(lines)")
    }

    @Test("Thumbnail cache: a thumbnail another app wrote is used (in the smallest folder that covers the cell), and left as it is")
    func thumbnailCacheUsesAnotherAppsThumbnail() throws {
        try GtkTestEnvironment.require()
        let tree = TemporaryTree()
        let root = tree.path + "/thumbnails"
        let cache = Self.cache(root)
        let file = Self.writeJPEG(tree.path + "/red.jpg", rgb: 0xd02020)
        let original = try #require(ThumbnailCache.Original(path: file))
        // Green, so that what is shown tells where it came from.
        let large = cache.thumbnailPath(for: original, flavor: .large), normal = cache.thumbnailPath(for: original, flavor: .normal)
        try #require(Self.writeThumbnail(large, rgb: 0x20a020, keys: Self.validKeys(original)))
        try #require(Self.writeThumbnail(normal, width: 128, height: 96, rgb: 0x2020d0, keys: Self.validKeys(original)))
        Self.setModificationTime(large, 1_000_000)
        var lines: [String] = []
        let loader = Self.cachingLoader(cache) { lines.append($0) }
        let image = try Self.loadNow(loader, Self.cellKey(file))
        #expect(Self.matches(Self.centreColour(image), 0x20a020), "large's green: \(String(describing: Self.centreColour(image)))")
        #expect(image?.width == 187 && image?.height == 140)
        // 90 pixels: normal's 128 x 96 covers it.
        let small = try Self.loadNow(loader, Self.cellKey(file, side: 90))
        #expect(Self.matches(Self.centreColour(small), 0x2020d0), "normal's blue")
        #expect(loader.counters.fromThumbnailCache == 2 && loader.counters.scaledDecodes == 0 && loader.counters.thumbnailsWritten == 0)
        #expect(Self.mtime(large) == 1_000_000, "not rewritten")
        #expect(lines.isEmpty)
    }

    @Test("Thumbnail cache, bad thumbnails: stale MTime, another URI, no MTime, another size, corrupt, cut short, too large, too small: each decodes the file with one log line and is replaced")
    func thumbnailCacheReplacesBadThumbnails() throws {
        try GtkTestEnvironment.require()
        let tree = TemporaryTree()
        let cache = Self.cache(tree.path + "/thumbnails")
        let kinds = ["stale MTime", "another URI", "no MTime", "another size", "corrupt", "cut short", "too large", "too small"]
        var files: [String: String] = [:]
        for (i, kind) in kinds.enumerated() {
            let file = Self.writeJPEG(tree.path + "/p\(i).jpg", rgb: 0xd02020)
            files[kind] = file
            let original = try #require(ThumbnailCache.Original(path: file))
            let path = cache.thumbnailPath(for: original, flavor: .large)
            var keys = Self.validKeys(original)
            var size: (Int32, Int32) = (256, 192)
            switch kind {
            case "stale MTime": keys[1].1 = "\(original.mtime - 100)"
            case "another URI": keys[0].1 = "file:///elsewhere/p\(i).jpg"
            case "no MTime": keys.remove(at: 1)
            case "another size": keys.append(("Thumb::Size", "\(original.size + 1)"))
            case "too large": size = (300, 225)
            case "too small": size = (64, 48); keys += [("Thumb::Image::Width", "1600"), ("Thumb::Image::Height", "1200")]
            default: break
            }
            try #require(Self.writeThumbnail(path, width: size.0, height: size.1, rgb: 0x20a020, keys: keys))
            if kind == "corrupt" { Self.write((0..<3000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }, to: path) }
            if kind == "cut short" { truncate(path, 60) }
        }
        var lines: [String] = []
        let loader = Self.cachingLoader(cache) { lines.append($0) }
        for kind in kinds {
            let image = try Self.loadNow(loader, Self.cellKey(files[kind]!))
            #expect(Self.matches(Self.centreColour(image), 0xd02020), "\(kind): the file's red, not the thumbnail's green")
            let original = try #require(ThumbnailCache.Original(path: files[kind]!))
            let path = cache.thumbnailPath(for: original, flavor: .large)
            let mine = lines.filter { $0.contains(path) }
            #expect(mine.count == 1, "\(kind): one log line: \(lines)")
            let word = ["corrupt": "unreadable", "cut short": "unreadable", "too large": "wrong size", "too small": "wrong size"][kind] ?? "stale"
            #expect(mine.first?.contains(word) == true && mine.first?.contains(files[kind]!) == true, "\(kind): \(mine)")
            // Replaced by a valid one.
            let png = try #require(gdk_pixbuf_new_from_file(path, nil), "\(kind): a PNG again")
            #expect(gdk_pixbuf_get_option(png, "tEXt::Thumb::MTime").map { String(cString: $0) } == "\(original.mtime)")
            #expect(gdk_pixbuf_get_width(png) == 256 && gdk_pixbuf_get_height(png) == 192)
            g_object_unref(UnsafeMutableRawPointer(png))
        }
        #expect(lines.count == kinds.count, "\(lines)")
        #expect(loader.counters.scaledDecodes == kinds.count && loader.counters.thumbnailsWritten == kinds.count && loader.counters.failed == 0)
    }

    @Test("Thumbnail cache: files that cannot be read are recorded under fail/pooltable-<version>/, not tried again on the next launch, tried again once they change")
    func thumbnailCacheRecordsFailures() throws {
        try GtkTestEnvironment.require()
        let tree = TemporaryTree()
        let root = tree.path + "/thumbnails"
        let cache = Self.cache(root)
        let corrupt = tree.path + "/corrupt.jpg", notes = tree.path + "/notes.jpg"
        Self.write([0xff, 0xd8, 0xff, 0xe0] + (0..<4000).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) }, to: corrupt)
        Self.write(Array("These are notes, not a picture.\n".utf8), to: notes)
        var lines: [String] = []
        let first = Self.cachingLoader(cache) { lines.append($0) }
        #expect(try Self.loadNow(first, Self.cellKey(corrupt)) == nil)
        #expect(try Self.loadNow(first, Self.cellKey(notes)) == nil)
        #expect(first.counters.failuresRecorded == 2 && first.counters.failed == 2)
        for file in [corrupt, notes] {
            let original = try #require(ThumbnailCache.Original(path: file))
            let record = cache.failurePath(for: original)
            #expect(Self.mode(record) == 0o600 && cache.hasFailure(for: original), "\(record)")
            let png = try #require(gdk_pixbuf_new_from_file(record, nil))
            #expect(gdk_pixbuf_get_option(png, "tEXt::Thumb::URI").map { String(cString: $0) } == original.uri)
            #expect(gdk_pixbuf_get_option(png, "tEXt::Thumb::MTime").map { String(cString: $0) } == "\(original.mtime)")
            g_object_unref(UnsafeMutableRawPointer(png))
        }
        #expect(Self.mode(root + "/fail") == 0o700 && Self.mode(root + "/fail/pooltable-0.1.0") == 0o700)
        #expect(lines.count == 2, "one line per file: \(lines)")

        // The next launch: answered by the records.
        let second = Self.cachingLoader(cache) { lines.append($0) }
        #expect(try Self.loadNow(second, Self.cellKey(corrupt)) == nil)
        #expect(second.failure(for: corrupt)?.contains("could not be read before") == true, "\(second.failure(for: corrupt) ?? "")")
        #expect(second.counters.failuresRecorded == 0)
        // notes.jpg becomes a picture (a new modification time): the record no longer holds.
        Self.writeJPEG(notes, width: 320, height: 240, rgb: 0x2020d0)
        Self.setModificationTime(notes, Self.mtime(notes) + 10)
        #expect(!cache.hasFailure(for: try #require(ThumbnailCache.Original(path: notes))))
        let fixed = try Self.loadNow(second, Self.cellKey(notes))
        #expect(Self.matches(Self.centreColour(fixed), 0x2020d0))
    }

    @Test("Thumbnail cache on a full disk (a tiny tmpfs): no partial thumbnail, no temporary file, the old thumbnail whole; one log line, then no more writes; every picture still shown")
    func thumbnailCacheFullDisk() throws {
        try GtkTestEnvironment.require()
        let disk = try #require(TinyTmpfs(kilobytes: 128), "mounting a tmpfs needs root (CI runs as root)")
        let photos = TemporaryTree()
        let root = disk.path + "/thumbnails"
        let cache = Self.cache(root)
        let files = (0..<3).map { Self.writeJPEG(photos.path + "/p\($0).jpg", rgb: 0xd02020) }
        // p0 has a stale thumbnail: it must survive the failed replacement whole.
        let original = try #require(ThumbnailCache.Original(path: files[0]))
        let old = cache.thumbnailPath(for: original, flavor: .large)
        var keys = Self.validKeys(original)
        keys[1].1 = "\(original.mtime - 5)"
        try #require(Self.writeThumbnail(old, rgb: 0x20a020, keys: keys))
        let oldBytes = try #require(FileManagerless.read(old))
        #expect(disk.fill() > 0)
        var lines: [String] = []
        let loader = Self.cachingLoader(cache) { lines.append($0) }
        for file in files {
            #expect(Self.matches(Self.centreColour(try Self.loadNow(loader, Self.cellKey(file))), 0xd02020), "\(file) shown")
        }
        #expect(FileManagerless.read(old) == oldBytes, "the old thumbnail is whole")
        #expect(Self.tree(root) == ["/large", "/large/" + (old.split(separator: "/").last.map(String.init) ?? "")], "no partial or temporary file: \(Self.tree(root))")
        #expect(loader.thumbnailWriteFailure?.contains("No space left on device") == true, "\(loader.thumbnailWriteFailure ?? "no failure")")
        #expect(lines.filter { $0.contains("not writing thumbnails from now on") }.count == 1, "\(lines)")
        #expect(lines.count == 2, "the stale note and the write failure: \(lines)")
        #expect(loader.counters.thumbnailsWritten == 0 && loader.counters.scaledDecodes == 3)
    }

    @Test("Thumbnail cache on a read-only disk: thumbnails are read; a miss is decoded with one log line; nothing is written")
    func thumbnailCacheReadOnly() throws {
        try GtkTestEnvironment.require()
        let disk = try #require(TinyTmpfs(kilobytes: 256), "mounting a tmpfs needs root (CI runs as root)")
        let photos = TemporaryTree()
        let cache = Self.cache(disk.path + "/thumbnails")
        let files = (0..<3).map { Self.writeJPEG(photos.path + "/p\($0).jpg", rgb: 0xd02020) }
        let original = try #require(ThumbnailCache.Original(path: files[0]))
        try #require(Self.writeThumbnail(cache.thumbnailPath(for: original, flavor: .large), rgb: 0x20a020, keys: Self.validKeys(original)))
        try #require(disk.makeReadOnly())
        let before = Self.tree(disk.path)
        var lines: [String] = []
        let loader = Self.cachingLoader(cache) { lines.append($0) }
        #expect(Self.matches(Self.centreColour(try Self.loadNow(loader, Self.cellKey(files[0]))), 0x20a020), "from the cache")
        for file in files.dropFirst() {
            #expect(Self.matches(Self.centreColour(try Self.loadNow(loader, Self.cellKey(file))), 0xd02020), "decoded")
        }
        #expect(lines.count == 1 && lines.first?.contains("Read-only file system") == true, "\(lines)")
        #expect(Self.tree(disk.path) == before)
    }

    @Test("Thumbnail cache: a missing cache folder is made (0700, with its parents); one that cannot be made is logged once and the pictures are shown")
    func thumbnailCacheMissingFolder() throws {
        try GtkTestEnvironment.require()
        let tree = TemporaryTree()
        let file = Self.writeJPEG(tree.path + "/red.jpg", rgb: 0xd02020)
        var lines: [String] = []
        let made = Self.cachingLoader(Self.cache(tree.path + "/no/such/thumbnails")) { lines.append($0) }
        #expect(try Self.loadNow(made, Self.cellKey(file)) != nil)
        #expect(made.counters.thumbnailsWritten == 1 && Self.mode(tree.path + "/no") == 0o700 && Self.mode(tree.path + "/no/such/thumbnails/large") == 0o700)
        // Its parent is a file: it cannot be made.
        Self.write([1, 2, 3], to: tree.path + "/a-file")
        let other = Self.writeJPEG(tree.path + "/blue.jpg", rgb: 0x2020d0)
        let blocked = Self.cachingLoader(Self.cache(tree.path + "/a-file/thumbnails")) { lines.append($0) }
        #expect(Self.matches(Self.centreColour(try Self.loadNow(blocked, Self.cellKey(file))), 0xd02020))
        #expect(Self.matches(Self.centreColour(try Self.loadNow(blocked, Self.cellKey(other))), 0x2020d0))
        #expect(lines.count == 1 && lines.first?.contains("Not a directory") == true, "\(lines)")
        #expect(blocked.counters.thumbnailsWritten == 0)
    }

    @Test("Thumbnail cache: a picture inside the cache itself is shown but given no thumbnail, as the standard says")
    func thumbnailCacheSkipsItself() throws {
        try GtkTestEnvironment.require()
        let tree = TemporaryTree()
        let root = tree.path + "/thumbnails"
        mkdir(root, 0o700)
        let inside = Self.writeJPEG(root + "/inside.jpg", rgb: 0xd02020)
        let loader = Self.cachingLoader(Self.cache(root)) { _ in }
        #expect(Self.matches(Self.centreColour(try Self.loadNow(loader, Self.cellKey(inside))), 0xd02020))
        #expect(loader.counters.thumbnailsWritten == 0 && Self.tree(root) == ["/inside.jpg"])
    }

    @Test("Thumbnail cache: a file replaced while shown is decoded again when next asked for (its thumbnail is stale: one log line); replaced by a broken file: a failure, recorded, no crash")
    func thumbnailCacheFileReplacedWhileShown() throws {
        try GtkTestEnvironment.require()
        let tree = TemporaryTree()
        let cache = Self.cache(tree.path + "/thumbnails")
        let file = Self.writeJPEG(tree.path + "/photo.jpg", rgb: 0xd02020)
        var lines: [String] = []
        let loader = Self.cachingLoader(cache) { lines.append($0) }
        #expect(Self.matches(Self.centreColour(try Self.loadNow(loader, Self.cellKey(file))), 0xd02020))
        // Replaced the way editors save: a new file renamed over it, a new modification time.
        Self.writeJPEG(tree.path + "/.new.jpg", rgb: 0x2020d0)
        rename(tree.path + "/.new.jpg", file)
        Self.setModificationTime(file, Self.mtime(file) + 10)
        loader.removeAllCached()                       // as the budget drops it once it scrolls away
        #expect(Self.matches(Self.centreColour(try Self.loadNow(loader, Self.cellKey(file))), 0x2020d0), "the new picture")
        #expect(lines.count == 1 && lines.first?.contains("stale") == true, "\(lines)")
        let original = try #require(ThumbnailCache.Original(path: file))
        if case .success = cache.read(original, flavor: .large) {} else { Issue.record("the thumbnail was rewritten for the new file") }
        // Replaced by a broken file.
        Self.write([0xff, 0xd8, 0xff, 0xe0] + (0..<2000).map { UInt8(truncatingIfNeeded: $0 &* 31) }, to: tree.path + "/.new.jpg")
        rename(tree.path + "/.new.jpg", file)
        Self.setModificationTime(file, Self.mtime(file) + 20)
        loader.removeAllCached()
        #expect(try Self.loadNow(loader, Self.cellKey(file)) == nil)
        #expect(lines.count == 3, "a stale note and the failure: \(lines)")
        #expect(loader.counters.failuresRecorded == 1)
    }
}

/// Whole-file reads for comparisons (Foundation is not linked by the tests).
enum FileManagerless {
    static func read(_ path: String) -> [UInt8]? {
        guard let f = fopen(path, "rb") else { return nil }
        defer { fclose(f) }
        var bytes: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, f) }
            if n == 0 { break }
            bytes += chunk[..<n]
        }
        return bytes
    }
}
