import CExif
import CGtk
import Glibc
import PoolTable
@testable import PoolTableGtk
import Testing

/// What the thumbnail cache's tests build on: temporary folders removed with everything in
/// them, a tiny tmpfs (full or read-only disks), PNG thumbnails "from another app", JPEGs with
/// an EXIF thumbnail written by libexif, and file modes.
extension TableWidgetTests {
    /// A temporary folder, removed with all it holds when the value goes.
    final class TemporaryTree {
        let path: String
        init(_ prefix: String = "pooltable-thumbs") {
            var template = Array("/tmp/\(prefix)-XXXXXX".utf8CString)
            path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
        }
        deinit { Self.remove(path) }

        /// Removes `path` and, for a folder, all it holds (made writable first).
        nonisolated static func remove(_ path: String) {
            var info = stat()
            guard lstat(path, &info) == 0 else { return }
            if info.st_mode & S_IFMT == S_IFDIR {
                chmod(path, 0o700)
                for name in TableWidgetTests.names(in: path) { remove(path + "/" + name) }
                rmdir(path)
            } else {
                unlink(path)
            }
        }
    }

    /// A tmpfs of `kilobytes` mounted on a new temporary folder (needs root, as CI runs),
    /// unmounted when the value goes; nil if it cannot be mounted.
    final class TinyTmpfs {
        let path: String
        private let folder = TemporaryTree("pooltable-tmpfs")
        init?(kilobytes: Int) {
            path = folder.path
            guard mount("tmpfs", path, "tmpfs", 0, "size=\(kilobytes)k,mode=0700") == 0 else { return nil }
        }
        deinit { umount2(path, Int32(MNT_DETACH)) }

        /// Makes the file system read-only (true if it worked).
        func makeReadOnly() -> Bool {
            mount("tmpfs", path, "tmpfs", UInt(MS_REMOUNT | MS_RDONLY), nil) == 0
        }

        /// Fills the file system with one file until it is full; returns the bytes written.
        @discardableResult
        func fill() -> Int {
            guard let f = fopen(path + "/filler", "wb") else { return 0 }
            defer { fclose(f) }
            let chunk = [UInt8](repeating: 0x55, count: 4096)
            var total = 0
            while chunk.withUnsafeBytes({ fwrite($0.baseAddress, 1, 4096, f) }) == 4096, fflush(f) == 0 { total += 4096 }
            // The last partial page.
            while fwrite(chunk, 1, 1, f) == 1, fflush(f) == 0 { total += 1 }
            clearerr(f)
            return total
        }
    }

    /// The names in folder `path` (not "." or "..").
    nonisolated static func names(in path: String) -> [String] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// Every path under `root`, relative to it, folders included.
    nonisolated static func tree(_ root: String, _ prefix: String = "") -> [String] {
        names(in: root + prefix).flatMap { name -> [String] in
            let relative = prefix + "/" + name
            var info = stat()
            lstat(root + relative, &info)
            return [relative] + (info.st_mode & S_IFMT == S_IFDIR ? tree(root, relative) : [])
        }
    }

    /// The permission bits of `path` (0o600…), or -1.
    nonisolated static func mode(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_mode & 0o7777) : -1
    }

    /// The modification time of `path` in seconds, or -1.
    nonisolated static func mtime(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_mtim.tv_sec) : -1
    }

    /// A `width` x `height` pixbuf filled with `rgb`.
    static func filledPixbuf(width: Int32, height: Int32, rgb: UInt32) -> OpaquePointer {
        let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, width, height)!
        gdk_pixbuf_fill(pixbuf, (rgb << 8) | 0xff)
        return pixbuf
    }

    /// Saves a `width` x `height` PNG of `rgb` at `path` with tEXt `keys` (the way another
    /// app's thumbnailer does), making its folder. True if it was written.
    @discardableResult
    static func writeThumbnail(_ path: String, width: Int32 = 256, height: Int32 = 192, rgb: UInt32, keys: [(String, String)]) -> Bool {
        g_mkdir_with_parents(String(path[..<path.lastIndex(of: "/")!]), 0o700)
        let pixbuf = filledPixbuf(width: width, height: height, rgb: rgb)
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let names = keys.map { strdup("tEXt::" + $0.0) }, values = keys.map { strdup($0.1) }
        defer { (names + values).forEach { free($0) } }
        var nameList = names + [nil], valueList = values + [nil]
        return gdk_pixbuf_savev(pixbuf, path, "png", &nameList, &valueList, nil) != 0
    }

    /// The keys a valid thumbnail of `original` has.
    static func validKeys(_ original: ThumbnailCache.Original, software: String = "GNOME::ThumbnailFactory") -> [(String, String)] {
        [("Thumb::URI", original.uri), ("Thumb::MTime", "\(original.mtime)"), ("Software", software)]
    }

    /// JPEG bytes of a `width` x `height` picture of `rgb`.
    static func jpegBytes(width: Int32, height: Int32, rgb: UInt32, quality: Int = 90) -> [UInt8] {
        let pixbuf = filledPixbuf(width: width, height: height, rgb: rgb)
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        var buffer: UnsafeMutablePointer<gchar>?
        var size: gsize = 0
        var names: [UnsafeMutablePointer<CChar>?] = [strdup("quality"), nil], values: [UnsafeMutablePointer<CChar>?] = [strdup("\(quality)"), nil]
        defer { free(names[0]); free(values[0]) }
        _ = gdk_pixbuf_save_to_bufferv(pixbuf, &buffer, &size, "jpeg", &names, &values, nil)
        defer { g_free(buffer) }
        return Array(UnsafeBufferPointer(start: UnsafeRawPointer(buffer!).assumingMemoryBound(to: UInt8.self), count: Int(size)))
    }

    /// An APP1 "Exif" segment made by libexif: `thumbnail` (JPEG bytes) as IFD1's picture and,
    /// if given, the orientation in IFD0.
    static func exifSegment(thumbnail: [UInt8], orientation: Int? = nil) -> [UInt8] {
        let data = exif_data_new()!
        defer { exif_data_unref(data) }
        exif_data_set_byte_order(data, EXIF_BYTE_ORDER_INTEL)
        if let orientation, let entry = exif_entry_new() {
            exif_content_add_entry(data.pointee.ifd.0, entry)
            exif_entry_initialize(entry, EXIF_TAG_ORIENTATION)
            exif_set_short(entry.pointee.data, EXIF_BYTE_ORDER_INTEL, ExifShort(orientation))
            exif_entry_unref(entry)
        }
        // libexif frees `data` with free() (its default allocator).
        let copy = malloc(thumbnail.count)!.assumingMemoryBound(to: UInt8.self)
        copy.update(from: thumbnail, count: thumbnail.count)
        data.pointee.data = copy
        data.pointee.size = UInt32(thumbnail.count)
        var out: UnsafeMutablePointer<UInt8>?
        var size: UInt32 = 0
        exif_data_save_data(data, &out, &size)
        defer { free(out) }
        let length = Int(size) + 2
        return [0xff, 0xe1, UInt8(length >> 8), UInt8(length & 0xff)] + Array(UnsafeBufferPointer(start: out, count: Int(size)))
    }

    /// Writes a JPEG of `rgb` at `path`, with an EXIF thumbnail of `thumbnailRGB` at
    /// `thumbnailSize` when given, and the orientation when given.
    @discardableResult
    static func writeJPEG(_ path: String, width: Int32 = 1600, height: Int32 = 1200, rgb: UInt32,
                          thumbnail: (width: Int32, height: Int32, rgb: UInt32)? = nil, orientation: Int? = nil) -> String {
        var bytes = jpegBytes(width: width, height: height, rgb: rgb)
        if thumbnail != nil || orientation != nil {
            let small = thumbnail.map { jpegBytes(width: $0.width, height: $0.height, rgb: $0.rgb, quality: 80) } ?? []
            bytes.insert(contentsOf: exifSegment(thumbnail: small, orientation: orientation), at: 2)   // right after SOI
        }
        write(bytes, to: path)
        return path
    }

    /// The colour of a texture-backed picture at its centre.
    static func centreColour(_ image: PoolTable.Image?) -> (Int, Int, Int)? {
        guard let image, let texture = (image.backing as? Texture)?.texture else { return nil }
        var pixels = [UInt8](repeating: 0, count: image.width * image.height * 4)
        pixels.withUnsafeMutableBufferPointer { gdk_texture_download(texture, $0.baseAddress, gsize(image.width * 4)) }
        let i = ((image.height / 2) * image.width + image.width / 2) * 4
        return (Int(pixels[i + 2]), Int(pixels[i + 1]), Int(pixels[i]))
    }

    /// True if `colour` is `rgb` within `tolerance` per channel.
    static func matches(_ colour: (Int, Int, Int)?, _ rgb: UInt32, tolerance: Int = 14) -> Bool {
        guard let colour else { return false }
        let want = (Int(rgb >> 16 & 0xff), Int(rgb >> 8 & 0xff), Int(rgb & 0xff))
        return abs(colour.0 - want.0) <= tolerance && abs(colour.1 - want.1) <= tolerance && abs(colour.2 - want.2) <= tolerance
    }

    /// Loads `key` with `loader` and runs the main loop until it is delivered and its
    /// thumbnail, if any, written (the loader writes after the decodes: nothing else waits here).
    static func loadNow(_ loader: PictureLoader, _ key: PictureLoader.Key) throws -> PoolTable.Image? {
        var delivered: PoolTable.Image??
        loader.load(key) { _, image in delivered = .some(image) }
        try #require(GtkTestEnvironment.iterate(timeout: 30) { delivered != nil && loader.deferredWriteCount == 0 && loader.runningCount == 0 },
                     "\(key.path) delivered")
        return delivered ?? nil
    }
}
