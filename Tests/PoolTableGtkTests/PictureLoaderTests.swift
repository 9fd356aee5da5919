import CGtk
import Glibc
import PoolTable
@_spi(Interop) @testable import PoolTableGtk
import Testing

/// The shell's picture loader on real JPEG files made with gdk-pixbuf: decoded off the main
/// thread at the size asked for, upright, one decode per key, newest request first, cancel,
/// the byte budget, and one delivery per request (none after cancel).
extension TableWidgetTests {
    /// A folder of solid-colour JPEGs, removed when the value goes.
    final class JPEGFolder {
        let path: String
        init() {
            var template = Array("/tmp/pooltable-pictures-XXXXXX".utf8CString)
            path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
        }
        deinit {
            if let dir = opendir(path) {
                while let entry = readdir(dir) {
                    let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
                    if name != "." && name != ".." { unlink(path + "/" + name) }
                }
                closedir(dir)
            }
            rmdir(path)
        }

        /// Writes `name`.jpg, `width` x `height`, filled with `rgb`; with `orientation`, an EXIF
        /// APP1 segment saying so (6: the camera was turned a quarter clockwise).
        @discardableResult
        func add(_ name: String, width: Int32 = 1600, height: Int32 = 1200, rgb: UInt32, orientation: UInt8? = nil) -> String {
            let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, width, height)!
            defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
            gdk_pixbuf_fill(pixbuf, (rgb << 8) | 0xff)
            var buffer: UnsafeMutablePointer<gchar>?
            var size: gsize = 0
            #expect(gdk_pixbuf_save_to_bufferv(pixbuf, &buffer, &size, "jpeg", nil, nil, nil) != 0)
            var bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(buffer!).assumingMemoryBound(to: UInt8.self), count: Int(size)))
            g_free(buffer)
            if let orientation {
                // APP1 "Exif": a little-endian TIFF header and one IFD entry, Orientation (0x0112, SHORT).
                let exif: [UInt8] = [0xff, 0xe1, 0x00, 34] + Array("Exif".utf8) + [0, 0,
                                     0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00, 0x01, 0x00,
                                     0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00, orientation, 0x00, 0x00, 0x00,
                                     0x00, 0x00, 0x00, 0x00]
                bytes.insert(contentsOf: exif, at: 2)    // right after the SOI marker
            }
            let file = path + "/" + name + ".jpg"
            bytes.withUnsafeBufferPointer { b in
                b.withMemoryRebound(to: CChar.self) { _ = g_file_set_contents(file, $0.baseAddress, gssize(b.count), nil) }
            }
            return file
        }
    }

    /// The centre pixel of a texture-backed picture, as (red, green, blue).
    func centre(_ image: PoolTable.Image) -> (Int, Int, Int)? {
        guard let texture = (image.backing as? Texture)?.texture else { return nil }
        var pixels = [UInt8](repeating: 0, count: image.width * image.height * 4)
        pixels.withUnsafeMutableBufferPointer { gdk_texture_download(texture, $0.baseAddress, gsize(image.width * 4)) }
        let i = ((image.height / 2) * image.width + image.width / 2) * 4
        return (Int(pixels[i + 2]), Int(pixels[i + 1]), Int(pixels[i]))
    }

    @Test("Picture loader: decodes off the main thread at the covering size, upright, one decode per key, nil for a bad file")
    func pictureLoaderDecodes() throws {
        try GtkTestEnvironment.require()
        let folder = JPEGFolder()
        let red = folder.add("red", rgb: 0xd02020), turned = folder.add("turned", rgb: 0x20a020, orientation: 6)
        let loader = PictureLoader(threads: 2)
        var delivered: [(String, PoolTable.Image?)] = []
        let key = PictureLoader.Key(path: red, pixelWidth: 100, pixelHeight: 100)
        loader.load(key) { k, image in delivered.append((k.path, image)) }
        loader.load(key) { k, image in delivered.append((k.path, image)) }          // shares the decode
        loader.load(.init(path: turned, pixelWidth: 100, pixelHeight: 100)) { k, image in delivered.append((k.path, image)) }
        loader.load(.init(path: folder.path + "/missing.jpg", pixelWidth: 10, pixelHeight: 10)) { k, image in delivered.append((k.path, image)) }
        #expect(delivered.isEmpty, "nothing is decoded on the calling thread")
        #expect(loader.outstandingCount == 3)
        try #require(GtkTestEnvironment.iterate(timeout: 20) { delivered.count == 4 })
        #expect(loader.counters.decoded == 2 && loader.counters.failed == 1)
        let reds = delivered.filter { $0.0 == red }.compactMap(\.1)
        #expect(reds.count == 2 && reds[0] === reds[1])
        // 1600x1200 covering 100x100: the short side is 100.
        #expect(reds.first?.width == 133 && reds.first?.height == 100)
        if let c = reds.first.flatMap(centre) { #expect(abs(c.0 - 0xd0) < 12 && c.1 < 50 && c.2 < 50, "red: \(c)") }
        // EXIF orientation 6: the 1600x1200 file stands upright, 100x133.
        let upright = try #require(delivered.first { $0.0 == turned }?.1)
        #expect(upright.width == 100 && upright.height == 133)
        #expect(delivered.contains { $0.0.hasSuffix("missing.jpg") && $0.1 == nil })
        // Asked again: from the cache, at once.
        var again: PoolTable.Image?
        loader.load(key) { _, image in again = image }
        #expect(again === reds[0] && loader.counters.cacheHits == 1)
        #expect(loader.cacheBytes == 133 * 100 * 4 + 100 * 133 * 4 && loader.outstandingCount == 0)
    }

    @Test("Picture loader: on-screen pictures first, then bound cells newest first, then prefetches; cancel drops waiting decodes and every delivery; nothing is decoded twice; the budget evicts the least recently used")
    func pictureLoaderOrdersCancelsAndEvicts() throws {
        try GtkTestEnvironment.require()
        let folder = JPEGFolder()
        let files = (0..<7).map { folder.add("p\($0)", rgb: 0x101010 * UInt32($0 + 1)) }
        let keys = files.map { PictureLoader.Key(path: $0, pixelWidth: 64, pixelHeight: 64) }
        let thumbnailBytes = 85 * 64 * 4
        let loader = PictureLoader(byteBudget: 4 * thumbnailBytes, threads: 1)
        var order: [Int] = []
        var decodedOrder: [Int] = []
        loader.onChange = {
            // Which key landed in the cache since the last change (prefetches tell nobody else);
            // each is looked at once, right after its decode, so the LRU order stays the decode order.
            for (i, key) in keys.enumerated() where !decodedOrder.contains(i) && loader.cachedImage(for: key) != nil { decodedOrder.append(i) }
        }
        // The prefetching data source asks for p5 and p6 first; then a layout pass binds p0…p4
        // (p1 on screen), and p0 is asked for twice more (a prefetch and a load: shared).
        loader.prefetch(keys[5])
        loader.prefetch(keys[6])
        for (i, key) in keys.prefix(5).enumerated() { loader.load(key) { _, _ in order.append(i) } }
        loader.show(keys[1])
        loader.prefetch(keys[0])
        loader.load(keys[0]) { _, _ in order.append(0) }
        #expect(loader.runningCount == 0, "nothing starts before the layout pass is over")
        // p2 leaves the screen before it starts: dropped.
        loader.cancel(keys[2])
        #expect(loader.counters.cancelledBeforeStart == 1)
        try #require(GtkTestEnvironment.iterate(timeout: 20) { loader.outstandingCount == 0 })
        #expect(order == [1, 0, 0, 4, 3], "on screen first, then bound newest first (p0 was asked for last); nothing for the cancelled")
        #expect(decodedOrder == [1, 0, 4, 3, 5, 6], "prefetches last, in the order asked")
        #expect(loader.counters.started == 6 && loader.counters.decoded == 6, "one decode per key")
        // Six decoded into a budget of four: the least recently used (p1, p0: decoded first) went.
        #expect(loader.cachedCount == 4 && loader.counters.evicted == 2 && loader.cacheBytes <= loader.byteBudget)
        #expect(loader.cachedImage(for: keys[1]) == nil && loader.cachedImage(for: keys[0]) == nil)
        // Touch p3, shrink the budget to two: p4 and p5 (the least recently used now) go.
        _ = loader.cachedImage(for: keys[3])
        loader.byteBudget = 2 * thumbnailBytes
        #expect(loader.cachedImage(for: keys[3]) != nil && loader.cachedImage(for: keys[6]) != nil)
        #expect(loader.cachedImage(for: keys[4]) == nil && loader.cachedImage(for: keys[5]) == nil && loader.cachedCount == 2)
        // Asked for again after all that: from the cache, never decoded again.
        loader.load(keys[3]) { _, _ in }
        #expect(loader.counters.started == 6 && loader.counters.cacheHits == 1)
    }

    @Test("Picture decoder: a decode nobody wants stops before the EXIF read, the scaled decode or the thumbnail write, and writes nothing")
    func pictureDecoderStopsBetweenStages() throws {
        try #require(GtkTestEnvironment.start())
        let folder = JPEGFolder()
        let file = folder.add("big", rgb: 0x3060c0)
        let tree = TemporaryTree()
        let cache = ThumbnailCache(root: tree.path + "/thumbnails", application: "pooltable", version: "test")
        let decoder = PictureDecoder(maxPixels: PictureLoader.defaultMaxPixels, thumbnails: cache, writesThumbnails: true)
        let key = PictureLoader.Key(path: file, pixelWidth: 100, pixelHeight: 100)
        // Wanted for the first `n` checks only.
        func run(wantedFor n: Int) -> PictureDecoder.Outcome {
            var asked = 0
            return decoder.decode(key) { asked += 1; return asked <= n }
        }
        let stages = (0...2).map { run(wantedFor: $0) }
        #expect(stages.map(\.dropped) == [.exifRead, .scaledDecode, .cacheWrite])
        #expect(stages.allSatisfy { $0.wrote == nil && $0.origin == nil && (try? $0.result.get()) == nil })
        let original = try #require(ThumbnailCache.Original(path: file))
        #expect(ThumbnailCache.Flavor.allCases.allSatisfy { access(cache.thumbnailPath(for: original, flavor: $0), F_OK) != 0 },
                "nothing written by a dropped decode")
        // Wanted throughout: decoded and written.
        let whole = run(wantedFor: 3)
        #expect(whole.dropped == nil && whole.wrote != nil && whole.origin == .scaledDecode)
    }
}
