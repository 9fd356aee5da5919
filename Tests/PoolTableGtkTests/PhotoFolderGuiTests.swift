import CGtk
import Glibc
import PoolTable
@testable import PoolTableApp
@testable import PoolTableDemoKit
@_spi(Interop) @testable import PoolTableGtk
import Testing

/// Issue 24's acceptance in the app's real window: the Photos screen on a generated folder of
/// distinct-colour JPEGs, flung with real wheel input; once it stops and the loads are done,
/// every visible cell's centre pixel (read from what GTK painted) is its own file's colour.
/// The naive replica runs the same test and is caught. Bad files give an error badge and one
/// log line each, and nothing blocks the main loop.
extension TableWidgetTests {
    /// The colour of generated picture `i`: a 6 x 7 x 8 lattice, neighbours at least 30 apart
    /// in one channel (JPEG keeps a flat colour within a few units).
    static func latticeColour(_ i: Int) -> (Int, Int, Int) {
        (16 + 44 * (i % 6), 16 + 38 * (i / 6 % 7), 16 + 30 * (i / 42 % 8))
    }

    /// Sets a file's modification time (so the folder spreads over months).
    static func setModificationTime(_ path: String, _ seconds: Int) {
        var times = utimbuf(actime: seconds, modtime: seconds)
        utime(path, &times)
    }

    /// The offset of the table's viewport (its drawing area) inside the widget `snapshotToImage` paints.
    static func viewportOrigin(_ widget: TableWidget) -> Point {
        var x = 0.0, y = 0.0
        _ = gtk_widget_translate_coordinates(widget.drawingArea, widget.widget, 0, 0, &x, &y)
        return Point(x: x, y: y)
    }

    /// Reads, from one painted frame, the centre pixel (or `dx` right of it) of every visible item's thumbnail that is
    /// wholly clear of the sticky header and the edges; returns the items checked and the ones
    /// whose centre is not `expected(photo)` (within `tolerance` per channel).
    static func checkCentres(_ widget: TableWidget, _ grid: CollectionView, library: PhotoLibrary, tolerance: Int = 14, dx: Double = 0,
                             expected: (Photo) -> (Int, Int, Int)?) -> (checked: Int, wrong: [String], image: CairoImage?) {
        guard let image = widget.snapshotToImage() else { return (0, ["no frame painted"], nil) }
        let origin = viewportOrigin(widget), offset = grid.contentOffset
        let header = PhotosController.gridLayout().headerHeight
        var checked = 0, wrong: [String] = []
        for ip in grid.indexPathsForVisibleItems.sorted() {
            let thumb = PhotoItemRenderer.thumbnailRect(in: grid.rectForItem(at: ip))
            let cx = thumb.midX - offset.x, cy = thumb.midY - offset.y
            guard cy > header + 8, cy < grid.frame.height - 8, cx > 8, cx < grid.frame.width - 8 else { continue }
            let photo = library.photo(at: ip)
            guard let want = expected(photo) else { continue }
            let p = image.pixel(x: Int((cx + dx + origin.x) * image.scale), y: Int((cy + origin.y) * image.scale))
            checked += 1
            let got = (Int(p.red), Int(p.green), Int(p.blue))
            if abs(got.0 - want.0) > tolerance || abs(got.1 - want.1) > tolerance || abs(got.2 - want.2) > tolerance {
                let name = photo.file.map { String($0.split(separator: "/").last ?? "") } ?? "#\(photo.id)"
                wrong.append("\(ip) \(name): want \(want), got \(got)")
            }
        }
        return (checked, wrong, image)
    }

    /// The thumbnail cache in the fling test: off, empty (every picture decoded and written) or
    /// filled beforehand (every picture read from it).
    enum ThumbnailCacheState: String, Sendable, CustomTestStringConvertible {
        case off, cold, warm
        var testDescription: String { "thumbnail cache \(rawValue)" }
    }

    @Test("Photos on a folder of 300 distinct-colour JPEGs: after a wheel fling every visible cell's centre is its own file's colour (thumbnail cache off, cold, warm); the naive replica fails the same check",
          arguments: [(false, ThumbnailCacheState.off), (false, .cold), (false, .warm), (true, .off)])
    func photosFolderFlingShowsEachCellsOwnPicture(naive: Bool, cache: ThumbnailCacheState) throws {
        try GtkTestEnvironment.require(realInput: true)
        let folder = JPEGFolder()
        var colours: [String: (Int, Int, Int)] = [:]
        let january2024 = PhotoDate(year: 2024, month: 1, day: 1).secondsSince1970
        for i in 0..<300 {
            let c = Self.latticeColour(i)
            let file = folder.add("p\(i)", width: 800, height: 600, rgb: UInt32(c.0 << 16 | c.1 << 8 | c.2))
            Self.setModificationTime(file, january2024 + i * 2 * 86_400)       // 300 photos over 20 months
            colours[file] = c
        }
        // The cache lives in its own XDG_CACHE_HOME, as the app finds it.
        let cacheHome = TemporaryTree("pooltable-fling-cache")
        setenv("XDG_CACHE_HOME", cacheHome.path, 1)
        defer { setenv("XDG_CACHE_HOME", GtkTestEnvironment.cacheHome, 1) }
        if cache == .warm {
            // Another launch filled it, at one and two device pixels a point.
            let filler = Self.cachingLoader(ThumbnailCache(application: "pooltable", version: Application.version)) { _ in }
            for file in colours.keys { filler.prefetch(Self.cellKey(file)); filler.prefetch(Self.cellKey(file, side: 280)) }
            // The writes follow the decodes: wait for them too.
            try #require(GtkTestEnvironment.iterate(timeout: 60) { filler.outstandingCount == 0 && filler.deferredWriteCount == 0 && filler.runningCount == 0 })
            // (Where x-large was written first, the 140-pixel request read it instead of writing large.)
            #expect(filler.counters.thumbnailsWritten >= 300 && filler.counters.thumbnailsWritten + filler.counters.fromThumbnailCache == 600)
        }
        var options = LaunchOptions()
        options.photos = folder.path
        options.usesThumbnailCache = cache != .off
        let harness = try #require(AppHarness(options: options))
        defer { harness.close() }
        let photos = try #require(harness.window.screens.lazy.compactMap { $0 as? PhotosScreen }.first)
        photos.controller.naivePictureLoading = naive
        let loader = photos.pictures.loader
        #expect((loader.thumbnailCache?.root) == (cache == .off ? nil : cacheHome.path + "/thumbnails"))
        try #require(GtkTestEnvironment.iterate(timeout: 20) { photos.folder != nil && photos.controller.library.count == 300 },
                     "the folder's 300 pictures were found")
        let widget = harness.window.currentTable
        let grid = try #require(widget.collectionView)
        #expect(grid.numberOfSections >= 15, "300 photos over 20 months: \(grid.numberOfSections) sections")
        try #require(GtkTestEnvironment.iterate(timeout: 30) { loader.outstandingCount == 0 && loader.counters.decoded > 0 })

        // The fling: 65 wheel clicks down 3 ms apart, then 20 back up (a turn: cancels and reuse both ways).
        let title = harness.uniqueTitle()
        var down = XScript(title: title, windowPoint: harness.windowPoint(in: widget))
        down.moveOnly(to: Point(x: grid.frame.width / 2, y: grid.frame.height / 2))
        down.pause(0.05)
        down.wheel(times: 65, delayMs: 3)
        // The events arrive as the main loop runs: follow the offset until it settles.
        var furthest = 0.0
        func follow(_ seconds: Double) {
            let end = MonotonicClock.seconds + seconds
            _ = GtkTestEnvironment.iterate(timeout: seconds + 1) {
                furthest = max(furthest, grid.contentOffset.y)
                return MonotonicClock.seconds >= end
            }
        }
        #expect(XDoTool.run(down.arguments) { furthest = max(furthest, grid.contentOffset.y) } == 0, "xdotool ran")
        follow(0.5)
        var up = XScript(title: title, windowPoint: harness.windowPoint(in: widget))
        up.wheel(up: true, times: 20, delayMs: 3)
        #expect(XDoTool.run(up.arguments) { furthest = max(furthest, grid.contentOffset.y) } == 0, "xdotool ran")
        follow(0.5)
        #expect(furthest > 4 * grid.frame.height, "the fling went \(furthest) px down, at least four screens")
        #expect(grid.contentOffset.y < furthest - grid.frame.height, "and came back up at least a screen: \(grid.contentOffset.y) of \(furthest)")

        // Stop; let every load finish and the last pictures land.
        // (the thumbnail-cache writes follow the decodes)
        #expect(GtkTestEnvironment.iterate(timeout: 30) { loader.outstandingCount == 0 && loader.deferredWriteCount == 0 && loader.runningCount == 0 },
                "\(loader.outstandingCount) loads, \(loader.deferredWriteCount) thumbnail writes still outstanding")
        GtkTestEnvironment.waitForFrame()
        let library = photos.controller.library
        let result = Self.checkCentres(widget, grid, library: library) { photo in photo.file.flatMap { colours[$0] } }
        if let image = result.image { saveScreenshot(image, naive ? "photos-folder-naive.png" : "photos-folder.png") }
        #expect(result.checked >= 12, "\(result.checked) cells checked")
        let mismatched = photos.controller.deliveries.mismatched
        if naive {
            // The same check, on the replica: wrong colours on screen and/or pictures that landed on a cell showing another photo.
            #expect(!result.wrong.isEmpty || mismatched > 0, "the naive replica went unnoticed: 0 wrong cells, 0 mismatches")
            print("photos fling (naive): down to \(Int(furthest)), back to \(Int(grid.contentOffset.y)); \(result.wrong.count) of \(result.checked) cells wrong, \(mismatched) mismatched deliveries")
        } else {
            #expect(result.wrong.isEmpty, "cells not showing their own picture: \(result.wrong.prefix(8))")
            #expect(mismatched == 0)
            let cells = grid.indexPathsForVisibleItems.compactMap { grid.cellForItem(at: $0) as? PhotoCell }
            #expect(cells.allSatisfy { $0.picture != nil && !$0.pictureFailed && !$0.pictureIsPlaceholder }, "every visible cell has its picture")
            let c = loader.counters
            switch cache {
            case .off: #expect(c.fromThumbnailCache == 0 && c.thumbnailsWritten == 0 && Self.tree(cacheHome.path).isEmpty)
            // Cold: every picture decoded is written back; a picture read from the cache is one
            // this run wrote, then evicted from memory (the cache holds a few screens) and met again.
            case .cold: #expect(c.thumbnailsWritten == c.scaledDecodes && c.thumbnailsWritten > 0
                                && c.fromThumbnailCache <= c.evicted && c.fromThumbnailCache + c.scaledDecodes == c.decoded, "\(c)")
            case .warm: #expect(c.fromThumbnailCache == c.decoded && c.scaledDecodes == 0 && c.thumbnailsWritten == 0, "\(c)")
            }
            print("thumbnail cache \(cache.rawValue): \(c.fromThumbnailCache) from the cache, \(c.scaledDecodes) decoded, \(c.thumbnailsWritten) written")
            print("photos fling: down to \(Int(furthest)), back to \(Int(grid.contentOffset.y)); \(result.checked) cells checked, decoded \(loader.counters.decoded), cancelled \(loader.counters.cancelledBeforeStart), unwanted \(loader.counters.finishedUnwanted)")
        }
    }

    // MARK: Bad input

    /// Writes `bytes` to `path`.
    static func write(_ bytes: [UInt8], to path: String) {
        guard let f = fopen(path, "wb") else { return }
        _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, f) }
        fclose(f)
    }

    /// A folder of bad picture files next to one good one; returns the paths by kind. The
    /// folder is readable by everyone (the unreadable ones aside), so a test running as root
    /// can read it as `nobody` (see `asNobody`).
    static func badFolder(_ folder: JPEGFolder) -> (good: String, bad: [String: String]) {
        chmod(folder.path, 0o755)
        let good = folder.add("good", width: 320, height: 240, rgb: 0x3080d0)
        var bad: [String: String] = [:]
        bad["empty"] = folder.path + "/empty.jpg"
        write([], to: bad["empty"]!)
        bad["corrupt"] = folder.path + "/corrupt.jpg"
        write([0xff, 0xd8, 0xff, 0xe0] + (0..<4000).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) }, to: bad["corrupt"]!)
        bad["not a picture"] = folder.path + "/notes.jpg"
        write(Array("These are notes, not a picture.\n".utf8), to: bad["not a picture"]!)
        // A real 16x16 JPEG whose frame header says 20000x20000.
        let huge = folder.add("huge", width: 16, height: 16, rgb: 0x808080)
        var bytes: [UInt8] = []
        if let f = fopen(huge, "rb") {
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, f) }
            bytes = Array(chunk[..<n])
            fclose(f)
        }
        if let sof = (0..<max(0, bytes.count - 9)).first(where: { bytes[$0] == 0xff && bytes[$0 + 1] == 0xc0 }) {
            bytes[sof + 5] = 0x4e; bytes[sof + 6] = 0x20          // height 20000
            bytes[sof + 7] = 0x4e; bytes[sof + 8] = 0x20          // width 20000
        }
        write(bytes, to: huge)
        bad["20000x20000"] = huge
        bad["unreadable"] = folder.add("locked", width: 64, height: 64, rgb: 0x20a020)
        chmod(bad["unreadable"]!, 0)
        let lockedFolder = folder.path + "/locked-folder"
        mkdir(lockedFolder, 0o755)
        write([0xff, 0xd8], to: lockedFolder + "/inside.jpg")
        chmod(lockedFolder, 0)
        bad["unreadable folder"] = lockedFolder
        return (good, bad)
    }

    /// Removes what `badFolder` made that `JPEGFolder` does not remove (the locked folder).
    static func cleanBadFolder(_ bad: [String: String]) {
        guard let locked = bad["unreadable folder"] else { return }
        chmod(locked, 0o755)
        unlink(locked + "/inside.jpg")
        rmdir(locked)
    }

    /// Runs `body` with the effective user `nobody` when the tests run as root (root reads a
    /// `chmod 000` file anyway); the whole process switches, so the loader's threads do too.
    static func asNobody<T>(_ body: () throws -> T) rethrows -> T {
        let root = geteuid() == 0
        if root { #expect(seteuid(65_534) == 0, "seteuid(nobody)") }
        defer { if root { _ = seteuid(0) } }
        return try body()
    }

    @Test("Picture loader, bad input: corrupt, empty, not a picture, 20000x20000 (refused by its header), unreadable file and folder: nil, a reason, one log line each")
    func pictureLoaderBadInput() throws {
        try GtkTestEnvironment.require()
        let folder = JPEGFolder()
        let (good, bad) = Self.badFolder(folder)
        defer { Self.cleanBadFolder(bad) }
        let loader = PictureLoader(threads: 2)
        var lines: [String] = []
        loader.log = { lines.append($0) }
        var delivered: [String: PoolTable.Image?] = [:]
        let start = MonotonicClock.seconds
        var longestIteration = 0.0
        try Self.asNobody {
            for path in [good] + bad.values.sorted() {
                loader.load(.init(path: path, pixelWidth: 140, pixelHeight: 140)) { key, image in delivered[key.path] = image }
            }
            try #require(GtkTestEnvironment.iterate(timeout: 20) {
                longestIteration = max(longestIteration, MonotonicClock.seconds - start)
                return delivered.count == bad.count + 1
            })
        }
        #expect(delivered[good] != nil && (delivered[good] ?? nil) != nil, "the good file decodes")
        for (kind, path) in bad.sorted(by: { $0.key < $1.key }) {
            #expect(delivered[path] != nil && (delivered[path] ?? nil) == nil, "\(kind): no picture")
            #expect(loader.failure(for: path) != nil, "\(kind): a reason")
            #expect(lines.filter { $0.hasPrefix(path + ":") }.count == 1, "\(kind): one log line (\(lines))")
        }
        #expect(loader.failure(for: bad["20000x20000"]!)?.contains("20000") == true, "refused by size: \(loader.failure(for: bad["20000x20000"]!) ?? "")")
        #expect(loader.failure(for: bad["unreadable"]!) == "Permission denied")
        #expect(loader.failure(for: bad["unreadable folder"]!)?.contains("Permission denied") == true)
        #expect(loader.failure(for: bad["empty"]!) == "empty file")
        #expect(lines.count == bad.count, "one line per bad file: \(lines)")
        // Asked again: answered at once from what is known, not read again, not logged again.
        var again = 0
        for path in bad.values { loader.load(.init(path: path, pixelWidth: 140, pixelHeight: 140)) { _, image in if image == nil { again += 1 } } }
        #expect(again == bad.count && loader.outstandingCount == 0 && lines.count == bad.count)
        #expect(loader.counters.failed == bad.count)
    }

    @Test("Photos on a folder of bad files: each gets a placeholder with the error badge and one log line; the good one its picture; the main loop never stalls")
    func photosFolderBadInputShowsErrorBadges() throws {
        try GtkTestEnvironment.require()
        let folder = JPEGFolder()
        let (good, bad) = Self.badFolder(folder)
        defer { Self.cleanBadFolder(bad) }
        let harness = try #require(AppHarness())
        defer { harness.close() }
        harness.window.show(screen: "photos")
        GtkTestEnvironment.waitForFrame()
        let photos = try #require(harness.window.screens.lazy.compactMap { $0 as? PhotosScreen }.first)
        let loader = photos.pictures.loader
        var lines: [String] = []
        loader.log = { lines.append($0) }
        // The longest the main loop went without running, and the most CPU the main thread spent
        // between two of its 5 ms ticks: a decode or a scan on the main thread would show in the
        // second; the first also counts the time a loaded machine did not schedule the process.
        func threadCPU() -> Double {
            var ts = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
            return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
        }
        var last = MonotonicClock.seconds, longestGap = 0.0
        var lastCPU = threadCPU(), longestCPU = 0.0
        let ticker = GLibTimeout()
        ticker.start(milliseconds: 5) {
            let now = MonotonicClock.seconds, cpu = threadCPU()
            longestGap = max(longestGap, now - last)
            longestCPU = max(longestCPU, cpu - lastCPU)
            last = now
            lastCPU = cpu
            return true
        }
        defer { ticker.stop() }
        try Self.asNobody {
            photos.open(folder.path)
            try #require(GtkTestEnvironment.iterate(timeout: 20) { photos.folder != nil })
            try #require(GtkTestEnvironment.iterate(timeout: 20) { loader.outstandingCount == 0 && loader.counters.decoded + loader.counters.failed >= bad.count + 1 })
        }
        GtkTestEnvironment.waitForFrame()
        let widget = harness.window.currentTable
        let grid = try #require(widget.collectionView)
        let library = photos.controller.library
        #expect(library.count == bad.count + 1, "every file and the locked folder are listed: \(library.count)")
        var indexOf: [String: IndexPath] = [:]
        for s in 0..<library.numberOfSections {
            for i in 0..<library.numberOfItems(in: s) {
                let ip = IndexPath(item: i, section: s)
                if let file = library.photo(at: ip).file { indexOf[file] = ip }
            }
        }
        for (kind, path) in bad {
            let ip = try #require(indexOf[path], "\(kind) is in the grid")
            let cell = try #require(grid.cellForItem(at: ip) as? PhotoCell, "\(kind) is on screen")
            #expect(cell.pictureFailed && cell.picture == nil, "\(kind): the error badge")
            #expect(cell.accessibilityLabel?.hasSuffix(", cannot be shown") == true, "\(kind): \(cell.accessibilityLabel ?? "")")
            #expect(lines.filter { $0.hasPrefix(path + ":") }.count == 1, "\(kind): one log line")
        }
        let goodPath = try #require(indexOf[good])
        let goodCell = try #require(grid.cellForItem(at: goodPath) as? PhotoCell)
        #expect(goodCell.picture != nil && !goodCell.pictureFailed)
        #expect(goodCell.accessibilityLabel?.contains("cannot be shown") == false)
        // What GTK painted: the badge's colour at each bad cell's centre, the picture's at the good one's.
        let badge = widget.theme.destructive
        let want = (Int(badge.red * 255), Int(badge.green * 255), Int(badge.blue * 255))
        // (7 px left of the centre: the badge's exclamation mark is white.)
        let result = Self.checkCentres(widget, grid, library: library, tolerance: 24, dx: -7) { photo in
            photo.file == good ? (0x30, 0x80, 0xd0) : want
        }
        if let image = result.image { saveScreenshot(image, "photos-bad-input.png") }
        #expect(result.checked == bad.count + 1 && result.wrong.isEmpty, "\(result.checked) checked; wrong: \(result.wrong)")
        // Bound again (a reload): no new log lines, the badges come back at once.
        grid.reloadData()
        GtkTestEnvironment.waitForFrame()
        // The test's cache folder is root's: read as nobody it cannot be opened, which the
        // thumbnail cache says once for reading and once for writing.
        let cacheLines = lines.filter { $0.hasPrefix("thumbnail cache:") }
        #expect(cacheLines.count <= 2 && cacheLines.allSatisfy { $0.contains("Permission denied") }, "\(cacheLines)")
        #expect(lines.count - cacheLines.count == bad.count, "one line per bad file, even after a reload: \(lines)")
        #expect(loader.outstandingCount == 0)
        // A decode on the main thread shows here (a 20000x20000 JPEG takes seconds of CPU; the file
        // here only claims that size: that it is refused by its header is checked by the loader's
        // test). Not the wall-clock gap: on a machine loaded by other builds it reached 1.4 s with
        // nothing of ours on the main thread. The bound is loose: 69-104 ms was usual, 399 ms was
        // seen once (the first frames of the grid in a debug build, while the tests run as nobody).
        #expect(longestCPU < 1.0, "the main thread worked \(Int(longestCPU * 1000)) ms between two ticks")
        print("bad input: longest main-loop gap \(Int(longestGap * 1000)) ms, longest main-thread CPU between ticks \(Int(longestCPU * 1000)) ms; log: \(lines)")
    }
}
