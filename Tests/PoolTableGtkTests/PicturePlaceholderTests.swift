import CGtk
import Glibc
import PoolTable
@_spi(Interop) @testable import PoolTableGtk
import Testing

/// A camera's EXIF thumbnail (160x120) too small for the cell is shown at once, upscaled, as a
/// placeholder; the sharp decode follows after the other cells' placeholders; thumbnail-cache
/// writes wait until no decode does, and still happen.
extension TableWidgetTests {
    @Test("Placeholders: the small EXIF thumbnail comes first, upscaled to the cover size and upright; the sharp picture replaces it; every placeholder before any sharp decode")
    func picturePlaceholderThenSharp() throws {
        try GtkTestEnvironment.require()
        let tree = TemporaryTree()
        // Main pictures red, embedded ones green: the colour tells which is shown.
        let files = (0..<3).map { Self.writeJPEG(tree.path + "/c\($0).jpg", rgb: 0xd02020, thumbnail: (160, 120, 0x20a020), orientation: $0 == 0 ? 6 : nil) }
        let loader = PictureLoader(threads: 1)
        var events: [String] = []
        var placeholders: [Int: PoolTable.Image] = [:], sharp: [Int: PoolTable.Image] = [:]
        for (i, file) in files.enumerated() {
            loader.load(Self.cellKey(file), placeholder: { _, image in events.append("p\(i)"); placeholders[i] = image },
                        deliver: { _, image in events.append("s\(i)"); sharp[i] = image })
        }
        try #require(GtkTestEnvironment.iterate(timeout: 30) { sharp.count == 3 })
        #expect(events.count == 6 && events.prefix(3).allSatisfy { $0.hasPrefix("p") }, "placeholders first: \(events)")
        #expect(loader.counters.placeholders == 3 && loader.counters.scaledDecodes == 3 && loader.counters.decoded == 3)
        let turned = try #require(placeholders[0]), plain = try #require(placeholders[1])
        #expect(Self.matches(Self.centreColour(plain), 0x20a020) && plain.width == 187 && plain.height == 140, "upscaled to cover 140: \(plain.width) x \(plain.height)")
        #expect(Self.matches(Self.centreColour(turned), 0x20a020) && turned.width == 140 && turned.height == 187, "upright: \(turned.width) x \(turned.height)")
        #expect(sharp.values.allSatisfy { Self.matches(Self.centreColour($0), 0xd02020) }, "sharp: the file itself")
        #expect(sharp[0]?.width == 140 && sharp[0]?.height == 187)
        // The sharp picture replaced the placeholder in the cache.
        #expect(files.allSatisfy { loader.placeholderImage(for: Self.cellKey($0)) == nil && loader.cachedImage(for: Self.cellKey($0)) != nil })
        #expect(loader.cacheBytes == 3 * 187 * 140 * 4)
    }

    @Test("Placeholders: while first passes are being asked for, one of two workers is kept for them (one sharp decode at a time); at rest both take the sharp decodes of cells on screen, not of bound cells or prefetches")
    func picturePlaceholderSharpAtRest() throws {
        try GtkTestEnvironment.require()
        let tree = TemporaryTree()
        /// The most sharp decodes running at once while 4 pictures go from placeholder to sharp.
        func mostSharpAtOnce(restInterval: Double, shown: Bool) throws -> Int {
            let files = (0..<4).map { Self.writeJPEG(tree.path + "/r\(restInterval)-\(shown)-\($0).jpg", rgb: 0xd02020, thumbnail: (160, 120, 0x20a020)) }
            let loader = PictureLoader(threads: 2)
            loader.restInterval = restInterval
            var sharp = 0, most = 0
            for file in files {
                loader.load(Self.cellKey(file), placeholder: { _, _ in }, deliver: { _, _ in sharp += 1 })
                if shown { loader.show(Self.cellKey(file)) }
            }
            try #require(GtkTestEnvironment.iterate(timeout: 30) {
                most = max(most, loader.runningSharpDecodes)
                return sharp == 4
            })
            #expect(loader.counters.placeholders == 4 && loader.counters.scaledDecodes == 4)
            return most
        }
        // Never at rest: the view is taken to be moving all along.
        #expect(try mostSharpAtOnce(restInterval: .infinity, shown: true) == 1)
        // At rest as soon as no first pass waits.
        #expect(try mostSharpAtOnce(restInterval: 0, shown: true) == 2)
        // At rest, bound cells' sharp decodes (off screen) leave a worker free for first passes.
        #expect(try mostSharpAtOnce(restInterval: 0, shown: false) == 1)
        // At rest, prefetches' sharp decodes still leave a worker free for first passes.
        let files = (0..<4).map { Self.writeJPEG(tree.path + "/p-\($0).jpg", rgb: 0xd02020, thumbnail: (160, 120, 0x20a020)) }
        let loader = PictureLoader(threads: 2)
        loader.restInterval = 0
        var most = 0
        for file in files { loader.prefetch(Self.cellKey(file)) }
        try #require(GtkTestEnvironment.iterate(timeout: 30) {
            most = max(most, loader.runningSharpDecodes)
            return loader.outstandingCount == 0
        })
        #expect(loader.counters.placeholders == 4 && loader.counters.scaledDecodes == 4 && most == 1)
    }

    @Test("Placeholders: cancelled once its placeholder is shown, the sharp decode never starts and nothing more is delivered; asked for again, it decodes sharp without a second placeholder")
    func picturePlaceholderCancel() throws {
        try GtkTestEnvironment.require()
        let tree = TemporaryTree()
        let file = Self.writeJPEG(tree.path + "/c.jpg", rgb: 0xd02020, thumbnail: (160, 120, 0x20a020))
        let loader = PictureLoader(threads: 1)
        let key = Self.cellKey(file)
        var shown = 0, delivered = 0
        loader.load(key, placeholder: { key, _ in shown += 1; loader.cancel(key) }, deliver: { _, _ in delivered += 1 })
        try #require(GtkTestEnvironment.iterate(timeout: 30) { shown == 1 && loader.outstandingCount == 0 })
        #expect(delivered == 0 && loader.counters.scaledDecodes == 0 && loader.counters.cancelledBeforeStart == 1)
        #expect(loader.placeholderImage(for: key) != nil && loader.cachedImage(for: key) == nil, "the placeholder is kept")
        let sharp = try Self.loadNow(loader, key)
        #expect(Self.matches(Self.centreColour(sharp), 0xd02020))
        #expect(loader.counters.placeholders == 1 && loader.counters.scaledDecodes == 1 && loader.placeholderImage(for: key) == nil)
    }

    @Test("Thumbnail cache writes wait until no decode does, then all happen: none written while pictures were being delivered")
    func pictureCacheWritesDeferred() throws {
        try GtkTestEnvironment.require()
        let tree = TemporaryTree()
        let files = (0..<3).map { Self.writeJPEG(tree.path + "/p\($0).jpg", rgb: 0x2040c0 + UInt32($0) * 0x10) }
        let cache = Self.cache(tree.path + "/thumbnails")
        let loader = Self.cachingLoader(cache) { _ in }
        var writtenAtDelivery: [Int] = []
        for file in files { loader.load(Self.cellKey(file)) { _, _ in writtenAtDelivery.append(loader.counters.thumbnailsWritten) } }
        try #require(GtkTestEnvironment.iterate(timeout: 30) { loader.counters.thumbnailsWritten == 3 && loader.runningCount == 0 })
        #expect(writtenAtDelivery == [0, 0, 0], "the decodes went first")
        #expect(loader.counters.thumbnailWritesDeferred == 3 && loader.deferredWriteCount == 0)
        for file in files {
            let original = try #require(ThumbnailCache.Original(path: file))
            let path = cache.thumbnailPath(for: original, flavor: .large)
            let png = try #require(gdk_pixbuf_new_from_file(path, nil), "\(path) written")
            #expect(gdk_pixbuf_get_option(png, "tEXt::Thumb::URI").map { String(cString: $0) } == original.uri)
            g_object_unref(UnsafeMutableRawPointer(png))
            #expect(Self.mode(path) == 0o600)
        }
        // With no room to wait (maxDeferredWrites 0) the worker writes at once, as before.
        let direct = Self.cachingLoader(Self.cache(tree.path + "/direct")) { _ in }
        direct.maxDeferredWrites = 0
        var written = -1
        direct.load(Self.cellKey(files[0])) { _, _ in written = direct.counters.thumbnailsWritten }
        try #require(GtkTestEnvironment.iterate(timeout: 30) { written >= 0 })
        #expect(written == 1 && direct.counters.thumbnailWritesDeferred == 0)
    }
}
