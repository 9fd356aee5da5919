import CGtk
import Foundation
import PoolTable
import PoolTableDemoKit
@_spi(Interop) import PoolTableGtk

// `pooltable-bench photos` (issue 24): the Photos grid on a generated folder of JPEGs
// (1600x1200, one distinct colour each, made with gdk-pixbuf into /tmp and kept there between
// runs), flung at 8 px/ms, against GtkGridView + GtkPicture on the same folder, each in the
// same 800x600 bench window in its own child process (so each peak RSS is its own), cairo.

/// One toolkit's run.
struct PhotosChildResult: Codable {
    var toolkit: String
    /// "cold" or "warm" (the thumbnail cache, `--camera`); nil without it.
    var variant: String?
    var photos: Int
    var renderer: String
    /// Frames painted while flinging.
    var flingFrames: Int
    /// The fling's speed as run (px/ms of wall-clock time), and how far it went.
    var flingSpeed: Double
    var flungPixels: Double
    /// Per fling frame: visible items showing nothing / visible items (a placeholder is not blank).
    var blankMean: Double
    /// Per fling frame: visible items showing a placeholder (the EXIF thumbnail, upscaled) / visible items.
    var placeholderMean: Double
    /// From presenting the window to the first frame with every visible picture sharp.
    var timeToSharpScreenMs: Double
    /// After the fling stopped, until every visible picture was sharp.
    var timeToSharpAfterStopMs: Double
    var blankMax: Double
    /// Fling frames where some visible item had no picture.
    var framesWithBlank: Int
    /// The blank area weighted by how long each frame stayed on screen (until the next frame,
    /// or the fling's end), over the fling: a toolkit that paints few frames is not measured
    /// by those few alone.
    var blankTimeWeighted: Double
    /// Between consecutive frames painted during the fling (after-paint to after-paint): p99
    /// and longest. Main-thread work outside the paint (deliveries, binds) shows here, not in
    /// the frame work.
    var frameIntervalP99Ms: Double
    var frameIntervalMaxMs: Double
    /// From presenting the window to the first frame with something (a placeholder or the picture) in every visible cell.
    var timeToFullScreenMs: Double
    /// After the fling stopped, until every visible cell showed something.
    var timeToFullAfterStopMs: Double
    /// Main-thread work per fling frame (before-paint to after-paint).
    var frameMedianMs: Double
    /// Per fling frame, the frame clock's phases: before-paint to the end of layout (the
    /// update phase, where the fling's offset is set, and the layout pass: binding and
    /// mounting cells), and the paint phase (snapshot and render), medians.
    var frameLayoutMedianMs: Double
    var framePaintMedianMs: Double
    var frameP99Ms: Double
    var frameMaxMs: Double
    /// Pictures decoded during the fling, per second of fling.
    var decodesPerSecond: Double
    var decoded: Int
    var cancelled: Int
    var cacheBudgetMiB: Double
    var cachePeakMiB: Double
    var rssAtFirstFrameMiB: Double
    var peakRSSMiB: Double
    var notes: [String]
}

@MainActor
final class PhotosBench {
    let options: Options
    var notes: [String] = []

    init(options: Options) { self.options = options }

    var photoCount: Int { options.smoke ? 300 : options.camera ? 2_000 : 5_000 }

    func run(command: String) {
        if options.imageNodes {
            PhotosNodeBench.run(frames: options.smoke ? 40 : 300, rounds: options.smoke ? 1 : 3)
            return
        }
        let env = ProcessInfo.processInfo.environment
        guard env["DISPLAY"] != nil || env["WAYLAND_DISPLAY"] != nil else {
            Options.fail("photos needs a display; run it under: xvfb-run -a -s \"-screen 0 1280x800x24\" ...")
        }
        let folder = options.camera ? PhotosCameraFolder.path(count: photoCount, exif: options.exif) : PhotosBenchFolder.path(count: photoCount)
        let start = MonotonicClock.seconds
        let made = options.camera ? PhotosCameraFolder.ensure(count: photoCount, exif: options.exif) : PhotosBenchFolder.ensure(count: photoCount)
        if made > 0 { note("photos: generated \(made) JPEGs in \(folder) in \(Int(MonotonicClock.seconds - start)) s") }
        var results: [PhotosChildResult] = []
        if options.camera {
            // A thumbnail cache of the bench's own, empty at first: the first run fills it (cold),
            // the second reads it (warm).
            /// A new empty thumbnail cache of the bench's own (its folder removed when the run ends).
            func emptyCache() -> String {
                var template = Array("/tmp/pooltable-bench-thumbnails-XXXXXX".utf8CString)
                return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) } + "/thumbnails"
            }
            func remove(_ cache: String) { try? FileManager.default.removeItem(atPath: String(cache.dropLast("/thumbnails".count))) }
            let cache = emptyCache()
            defer { remove(cache) }
            // Cold: PoolTable on the empty cache (it fills part of it), the peer decoding every
            // file, and the text list flung the same way. Then every photo's thumbnail is
            // written (PoolTable's loader, `photos-one --toolkit prefill`) and both toolkits run
            // warm on the whole folder's cache, the peer reading the same `large` PNGs.
            let cold: [(String, String?, [String])] = [("pooltable", "cold", ["--thumbnails", cache]), ("gridview-async", "cold", []),
                                                        ("gridview-thread", "cold", []), ("text", nil, [])]
            let warm: [(String, String?, [String])] = [
                ("pooltable", "warm", ["--thumbnails", cache]), ("pooltable", "warm, 8 px/ms", ["--thumbnails", cache, "--fling-speed", "8"]),
                ("gridview-async", "warm", ["--thumbnails", cache]), ("gridview-async", "warm, 8 px/ms", ["--thumbnails", cache, "--fling-speed", "8"]),
                ("gridview-thread", "warm", ["--thumbnails", cache]), ("gridview-thread", "warm, 8 px/ms", ["--thumbnails", cache, "--fling-speed", "8"]),
            ]
            for (toolkit, variant, more) in cold {
                note("photos: \(toolkit) \(variant ?? "")")
                if var r = child(toolkit, extra: ["--camera", "--exif", options.exif] + more) { r.variant = variant; results.append(r) }
            }
            // PoolTable's fling starts once its first screen is full, placeholders included, so
            // its first sharp screen above comes after the fling. The peers have no placeholders
            // (full is sharp). Once more on another empty cache, the fling waiting for sharp
            // pictures: the first sharp screen of a folder opened and left alone.
            let stillCache = emptyCache()
            defer { remove(stillCache) }
            note("photos: pooltable cold, fling after sharp")
            if var r = child("pooltable", extra: ["--camera", "--exif", options.exif, "--thumbnails", stillCache, "--fling-after", "sharp"]) {
                r.variant = "cold, fling after sharp"
                results.append(r)
            }
            note("photos: writing every photo's thumbnail")
            let prefill: PhotosPrefillResult? = runBenchChild(["photos-one", "--toolkit", "prefill", "--rows", "\(photoCount)", "--camera", "--exif", options.exif, "--thumbnails", cache],
                                                               renderer: PhotosKnobs.renderer, what: "prefill", decoder: Self.decoder, notes: &notes)
            if let prefill { notes.append("prefill: " + prefill.summary) }
            for (toolkit, variant, more) in warm {
                note("photos: \(toolkit) \(variant ?? "")")
                if var r = child(toolkit, extra: ["--camera", "--exif", options.exif] + more) { r.variant = variant; results.append(r) }
            }
        } else {
            for toolkit in ["pooltable", "gridview"] {
                note("photos: \(toolkit)")
                if let r = child(toolkit) { results.append(r) }
            }
        }
        let machine = MachineInfo.current()
        print(table(results))
        for n in notes { print("note: " + n) }
        print("machine: \(machine.cores) cores, load \(loadAverage()); renderer \(PhotosKnobs.renderer); \(photoCount) photos in \(folder)")
        if options.json { print(jsonString(results)) }
    }

    func loadAverage() -> String {
        ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?").split(separator: " ").prefix(3).joined(separator: " ")
    }

    static var decoder: JSONDecoder {
        let d = JSONDecoder()
        d.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return d
    }

    func child(_ toolkit: String, extra: [String] = []) -> PhotosChildResult? {
        runBenchChild(["photos-one", "--toolkit", toolkit, "--rows", "\(photoCount)"] + (options.smoke ? ["--smoke"] : []) + extra,
                      renderer: PhotosKnobs.renderer, what: toolkit, decoder: Self.decoder, notes: &notes)
    }

    func table(_ results: [PhotosChildResult]) -> String {
        let rows: [(String, (PhotosChildResult) -> String)] = [
            ("fling (px/ms as run)", { fmt($0.flingSpeed, 1) + " over " + String(Int($0.flungPixels)) + " px" }),
            ("fling frames", { "\($0.flingFrames)" }),
            ("blank area, mean per frame", { fmt($0.blankMean * 100, 1) + " %" }),
            ("blank area, worst frame", { fmt($0.blankMax * 100, 1) + " %" }),
            ("frames with a blank cell", { "\($0.framesWithBlank)" }),
            ("blank area, time-weighted", { fmt($0.blankTimeWeighted * 100, 1) + " %" }),
            ("placeholder area, mean per frame", { fmt($0.placeholderMean * 100, 1) + " %" }),
            ("time to first full screen", { fmt($0.timeToFullScreenMs, 0) + " ms" }),
            ("time to first sharp screen", { fmt($0.timeToSharpScreenMs, 0) + " ms" }),
            ("full again after the stop", { fmt($0.timeToFullAfterStopMs, 0) + " ms" }),
            ("sharp again after the stop", { fmt($0.timeToSharpAfterStopMs, 0) + " ms" }),
            ("frame work median", { fmt($0.frameMedianMs, 2) + " ms" }),
            ("  update + layout / paint, medians", { fmt($0.frameLayoutMedianMs, 2) + " / " + fmt($0.framePaintMedianMs, 2) + " ms" }),
            ("frame work p99", { fmt($0.frameP99Ms, 2) + " ms" }),
            ("frame work max", { fmt($0.frameMaxMs, 2) + " ms" }),
            ("frame interval p99 / max", { fmt($0.frameIntervalP99Ms, 1) + " / " + fmt($0.frameIntervalMaxMs, 0) + " ms" }),
            ("decodes during the fling", { "\($0.decoded) (" + fmt($0.decodesPerSecond, 0) + "/s)" }),
            ("cancelled before decoding", { "\($0.cancelled)" }),
            ("cache budget / peak", { fmt($0.cacheBudgetMiB, 0) + " / " + fmt($0.cachePeakMiB, 1) + " MiB" }),
            ("RSS at first frame", { fmt($0.rssAtFirstFrameMiB, 1) + " MiB" }),
            ("peak RSS", { fmt($0.peakRSSMiB, 1) + " MiB" }),
        ]
        let names = results.map { r in
            switch r.toolkit {
            case "pooltable": "PoolTable" + (r.variant.map { ["cold", "warm"].contains($0) ? ", \($0) cache" : ", \($0)" } ?? "")
            case "gridview-async": "GtkGridView async" + (r.variant.map { ", \($0)" } ?? "")
            case "gridview-thread": "GtkGridView thread" + (r.variant.map { ", \($0)" } ?? "")
            case "text": "PoolTable text list"
            default: "GtkGridView+GtkPicture"
            }
        }
        let exifKind = ["camera": "160x120 EXIF thumbnails", "none": "no EXIF", "mixed": "320x240 EXIF thumbnails on half"][options.exif] ?? options.exif
        let kind = options.camera ? "4000x3000 with detail, " + exifKind : "1600x1200"
        return renderTable(header: ["photos, \(photoCount) JPEGs \(kind)"] + names,
                           rows: rows.map { row in [row.0] + results.map(row.1) },
                           rightAligned: [false] + names.map { _ in true })
            + "\n" + results.flatMap { r in r.notes.map { "note (\(r.toolkit)): " + $0 } }.joined(separator: "\n")
    }
}

/// The generated folder: `p00000.jpg`…, 1600x1200, picture `i` filled with colour `i * 3355`
/// (an odd multiplier: distinct for every `i` below 2^24). Made once; a marker file says it is whole.
enum PhotosBenchFolder {
    static func path(count: Int) -> String { "/tmp/pooltable-bench-photos-\(count)" }
    static func file(_ i: Int, count: Int) -> String { path(count: count) + "/p" + String(format: "%05d", i) + ".jpg" }
    static func colour(_ i: Int) -> UInt32 { UInt32(truncatingIfNeeded: i &* 3355) & 0xff_ffff }

    /// Makes the folder if it is not whole; returns how many files were written.
    static func ensure(count: Int) -> Int {
        let dir = path(count: count), marker = dir + "/.complete"
        if access(marker, F_OK) == 0 { return 0 }
        mkdir(dir, 0o755)
        let written = Atomic(0)
        DispatchQueue.concurrentPerform(iterations: count) { i in
            let file = Self.file(i, count: count)
            if access(file, F_OK) == 0 { return }
            guard let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, 1600, 1200) else { return }
            gdk_pixbuf_fill(pixbuf, (colour(i) << 8) | 0xff)
            let tmp = file + ".part"
            if gdk_pixbuf_savev(pixbuf, tmp, "jpeg", nil, nil, nil) != 0 { rename(tmp, file); written.add(1) }
            g_object_unref(UnsafeMutableRawPointer(pixbuf))
        }
        if let f = fopen(marker, "w") { fclose(f) }
        return written.value
    }
}

/// A counter shared by the generating threads.
final class Atomic: @unchecked Sendable {
    private var v: Int
    private let lock = NSLock()
    init(_ v: Int) { self.v = v }
    func add(_ n: Int) { lock.lock(); v += n; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return v }
}

/// The bench's pictures for PoolTable: the shell's loader at the thumbnail's pixel size (as the app's).
@MainActor
final class BenchPictureSource: PhotoPictureSource {
    let loader: PictureLoader
    let side: Int
    init(loader: PictureLoader, side: Int) { self.loader = loader; self.side = side }
    private func key(_ photo: Photo) -> PictureLoader.Key? { photo.file.map { .init(path: $0, pixelWidth: side, pixelHeight: side) } }
    func picture(for photo: Photo) -> Image? { key(photo).flatMap(loader.cachedImage(for:)) }
    func loadPicture(for photo: Photo, deliver: @escaping @MainActor (Image?) -> Void) {
        guard let key = key(photo) else { return deliver(nil) }
        loader.load(key) { _, image in deliver(image) }
    }
    func placeholderPicture(for photo: Photo) -> Image? { key(photo).flatMap(loader.placeholderImage(for:)) }

    func loadPicture(for photo: Photo, placeholder: @escaping @MainActor (Image) -> Void, deliver: @escaping @MainActor (Image?) -> Void) {
        guard let key = key(photo) else { return deliver(nil) }
        loader.load(key, placeholder: { _, image in placeholder(image) }, deliver: { _, image in deliver(image) })
    }

    func prefetchPicture(for photo: Photo) { key(photo).map(loader.prefetch) }
    func cancelPicture(for photo: Photo) { key(photo).map(loader.cancel) }
    func showPicture(for photo: Photo) { key(photo).map(loader.show) }
    func pictureFailed(for photo: Photo) -> Bool { photo.file.map { loader.failure(for: $0) != nil } ?? false }
    /// As the app's source: the cache keeps as many pictures as the grid holds at once.
    func picturesInReachDidChange(_ count: Int) { loader.byteBudget = PictureLoader.byteBudget(pictures: count, coveringSide: side) }
}

/// One toolkit in the bench window: wait for the first full screen, fling at 8 px/ms for a
/// fixed time, stop, wait until the screen is full again; print the result as JSON.
@MainActor
final class PhotosChild {
    let options: Options
    /// px per ms: `--fling-speed`, else 8, or 4 for camera JPEGs (issue 37's cold-cache target).
    var speed: Double { options.flingSpeed ?? (options.camera ? 4 : 8) }
    var flingMs: Double { options.smoke ? 800 : 3_000 }

    var benchWindow: BenchWindow!
    var adjustment: UnsafeMutablePointer<GtkAdjustment>!
    // PoolTable
    var controller: PhotosController?
    var pictures: BenchPictureSource?
    var grid: CollectionView?
    var tableWidget: TableWidget?
    // GtkGridView
    var gridView: UnsafeMutablePointer<GtkWidget>?
    var gridBinds = 0
    // The text list (`text`): PoolTable's list of the GUI bench, flung the same way.
    var textList: PoolTableHost?
    /// The peers' GtkPicture bound to each model position now (set at bind, cleared at unbind).
    var peerBound: [Int: UnsafeMutablePointer<GtkWidget>] = [:]
    /// The position each of the peers' GtkPictures is bound to now.
    var peerPosition: [UnsafeMutablePointer<GtkWidget>: Int] = [:]
    /// GtkGridView, async: the loads in flight by list item, and those finished / cancelled.
    var asyncLoads: [OpaquePointer: AsyncPictureLoad] = [:]
    var asyncFinished = 0, asyncCancelled = 0
    /// GtkGridView, async, warm: binds that read a cached thumbnail instead of the file.
    var peerCacheReads = 0

    var t0 = 0.0
    var firstFrame: Double?
    var fullAt: Double?
    var flingStart: Double?, flingStartOffset = 0.0
    var flingEnd: Double?, fullAgainAt: Double?
    var sharpAt: Double?, sharpAgainAt: Double?
    var decodedAtFlingStart = 0, cancelledAtFlingStart = 0
    var decodedAtFlingEnd = 0, cancelledAtFlingEnd = 0
    var frameStart = 0.0, layoutEnd = 0.0, paintEnd = 0.0
    var flingFrames: [(work: Double, blank: Double, placeholder: Double, at: Double, layout: Double, paint: Double)] = []
    /// Frames of the fling so far (for `POOLTABLE_BENCH_FLING_STEP`).
    var flingTicks = 0
    var cachePeak = 0
    var rssAtFirstFrame = 0
    var notes: [String] = []
    var done = false

    init(options: Options) { self.options = options }

    func run() -> Never {
        gtk_init()
        let count = options.rows
        benchWindow = BenchWindow(title: "pooltable-bench photos: \(options.toolkit)")
        let exif = options.exif
        let path: (Int) -> String = options.camera ? { PhotosCameraFolder.file($0, count: count, exif: exif) } : { PhotosBenchFolder.file($0, count: count) }
        let files = (0..<count).map { PhotoFolder.File(path: path($0), date: PhotoDate(secondsSince1970: 1_700_000_000 - $0 * 3_600)) }
        if options.toolkit == "prefill" {
            prefill(files.map(\.path))
        }
        if options.toolkit == "text" {
            let host = PoolTableHost(rows: 1_000_000, downloads: 0, heights: nil)
            textList = host
            benchWindow.setChild(host.widget)
            adjustment = host.vadjustment
        } else if options.toolkit == "gridview" {
            makeGridView(files.map(\.path))
        } else if options.toolkit == "gridview-async" || options.toolkit == "gridview-thread" {
            makeAsyncGridView(files.map(\.path), threaded: options.toolkit == "gridview-thread")
        } else {
            let widget = TableWidget(gridLayout: PhotosController.gridLayout())
            let grid = widget.collectionView!
            let controller = PhotosController(library: PhotoLibrary(files: files))
            // The app's budget: the default until the grid says how many pictures it holds.
            let loader = PictureLoader(threads: PhotosKnobs.decodeThreads)
            if let nice = PhotosKnobs.decodeNiceness { loader.decodingNiceness = nice }
            notes.append("loader: \(PhotosKnobs.decodeThreads.map(String.init) ?? "default") threads, niceness \(loader.decodingNiceness), image nodes \(PhotosKnobs.imageNode)")
            loader.thumbnailCache = options.thumbnails.map { ThumbnailCache(root: $0, application: "pooltable", version: "bench") }
            let source = BenchPictureSource(loader: loader, side: Int(PhotosController.gridLayout().itemSize.width))
            controller.pictures = source
            controller.attach(to: grid)
            self.controller = controller
            self.pictures = source
            self.grid = grid
            tableWidget = widget
            benchWindow.setChild(widget.widget)
            adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(widget.widget))
        }
        Signal.connect(benchWindow.window, "realize", after: true) { [unowned self] in self.watchFrameClock() }
        t0 = MonotonicClock.seconds
        gtk_window_present(benchWindow.window.cast(to: GtkWindow.self))
        MainLoop.addTickCallback(benchWindow.window) { [unowned self] _ in self.tick() }
        // (Under valgrind, `POOLTABLE_BENCH_FLING_STEP`, a run takes minutes.)
        let deadline = MonotonicClock.seconds + (PhotosKnobs.flingStep == nil ? 60 : 900)
        while !done && MonotonicClock.seconds < deadline { g_main_context_iteration(nil, 1) }
        if !done { notes.append("timed out") }
        let result = collect()
        // Thumbnails still waiting for their cache write are written before the process ends
        // (as the app would go on to), so that the next, warm run finds them; not measured.
        let drainEnd = MonotonicClock.seconds + 20
        while let loader = pictures?.loader, loader.deferredWriteCount > 0, MonotonicClock.seconds < drainEnd {
            g_main_context_iteration(nil, 1)
        }
        // (the last writes started: running on the pool)
        let lastEnd = MonotonicClock.seconds + 2
        while let loader = pictures?.loader, loader.runningCount > 0, MonotonicClock.seconds < lastEnd { g_main_context_iteration(nil, 1) }
        print("BENCH-RESULT " + jsonLine(result))
        fflush(nil)
        exit(0)
    }

    // MARK: GtkGridView + GtkPicture

    /// GtkGridView (5 columns, as PoolTable's grid at this width) of GtkPicture, each bound with
    /// `gtk_picture_set_filename`: GtkPicture's own way to show a file (it loads the whole
    /// 1600x1200 file into a texture on the main thread, at bind).
    func makeGridView(_ paths: [String]) {
        makePictureGrid(paths, bind: { picture, _, path in
            gtk_picture_set_filename(OpaquePointer(picture), path)
        }, unbind: { picture, _ in
            gtk_picture_set_paintable(OpaquePointer(picture), nil)
        })
    }

    /// The peers' shared grid: GtkGridView (5 columns) over a GtkStringList of `paths`, each
    /// item a 140x140 GtkPicture (cover), in a vertical GtkScrolledWindow set as the window's
    /// child. `bind` gets the picture, the list item and the path; `unbind` the picture and item.
    func makePictureGrid(_ paths: [String],
                         bind: @escaping @MainActor (UnsafeMutablePointer<GtkWidget>, OpaquePointer, UnsafePointer<CChar>) -> Void,
                         unbind: @escaping @MainActor (UnsafeMutablePointer<GtkWidget>, OpaquePointer) -> Void) {
        let list = gtk_string_list_new(nil)!
        for p in paths { gtk_string_list_append(list, p) }
        let selection = gtk_no_selection_new(list.opaque)!
        let factory = gtk_signal_list_item_factory_new()!
        let view = gtk_grid_view_new(selection.opaque, factory)!
        gtk_grid_view_set_min_columns(OpaquePointer(view), 5)
        gtk_grid_view_set_max_columns(OpaquePointer(view), 5)
        Signal.connectPointer(factory, "setup") { item in
            guard let item else { return }
            let picture = gtk_picture_new()!
            gtk_widget_set_size_request(picture, 140, 140)
            gtk_picture_set_content_fit(OpaquePointer(picture), GTK_CONTENT_FIT_COVER)
            gtk_list_item_set_child(OpaquePointer(item), picture)
        }
        Signal.connectPointer(factory, "bind") { [unowned self] item in
            guard let item, let picture = gtk_list_item_get_child(OpaquePointer(item)),
                  let object = gtk_list_item_get_item(OpaquePointer(item)),
                  let path = gtk_string_object_get_string(OpaquePointer(object)) else { return }
            self.gridBinds += 1
            // A recycled widget leaves its old position (its unbind may already report the new one).
            if let old = self.peerPosition[picture], self.peerBound[old] == picture { self.peerBound[old] = nil }
            let position = Int(gtk_list_item_get_position(OpaquePointer(item)))
            self.peerBound[position] = picture
            self.peerPosition[picture] = position
            bind(picture, OpaquePointer(item), path)
        }
        Signal.connectPointer(factory, "unbind") { [unowned self] item in
            guard let item, let picture = gtk_list_item_get_child(OpaquePointer(item)) else { return }
            if let position = self.peerPosition.removeValue(forKey: picture), self.peerBound[position] == picture { self.peerBound[position] = nil }
            unbind(picture, OpaquePointer(item))
        }
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(OpaquePointer(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(OpaquePointer(scrolled), view)
        gtk_widget_set_vexpand(scrolled, 1)
        gridView = view
        benchWindow.setChild(scrolled)
        adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scrolled))
    }

    // MARK: Measuring

    /// The fractions of visible items showing nothing (blank) and showing a placeholder now;
    /// the rest show their sharp picture. The peer has no placeholders.
    func blankFraction() -> (blank: Double, placeholder: Double) {
        if let grid, let controller {
            let viewport = Rect(x: 0, y: grid.contentOffset.y, width: grid.frame.width, height: grid.frame.height)
            var visible = 0, blank = 0, placeholder = 0
            for ip in grid.indexPathsForVisibleItems {
                let thumb = PhotoItemRenderer.thumbnailRect(in: grid.rectForItem(at: ip))
                guard thumb.intersects(viewport) else { continue }
                visible += 1
                let cell = grid.cellForItem(at: ip) as? PhotoCell
                if cell?.picture == nil || cell?.photo?.id != controller.library.photo(at: ip).id {
                    blank += 1
                } else if cell?.pictureIsPlaceholder == true {
                    placeholder += 1
                }
            }
            return visible == 0 ? (1, 0) : (Double(blank) / Double(visible), Double(placeholder) / Double(visible))
        }
        if textList != nil { return (0, 0) }
        return (peerBlankFraction(), 0)
    }

    /// The peer's fraction of visible items without a picture: the model positions the
    /// viewport covers (from the adjustment: the grid's rows are all one height, 5 to a row),
    /// each blank unless a GtkPicture is bound to it, mapped, and has a paintable. (Counting the
    /// grid's child widgets instead missed positions GtkGridView had no widget for yet during a
    /// fast scroll: it found 4 % blank while screenshots showed a white grid.)
    func peerBlankFraction() -> Double {
        guard adjustment != nil else { return 1 }
        let count = options.rows, columns = 5
        let rows = (count + columns - 1) / columns
        let upper = gtk_adjustment_get_upper(adjustment), page = gtk_adjustment_get_page_size(adjustment)
        let value = gtk_adjustment_get_value(adjustment)
        guard rows > 0, upper > 0, page > 0 else { return 1 }
        let pitch = upper / Double(rows)
        let first = max(0, Int(value / pitch)), last = min(rows - 1, Int((value + page - 1) / pitch))
        var visible = 0, blank = 0
        for row in first...max(first, last) {
            for column in 0..<columns {
                let position = row * columns + column
                guard position < count else { continue }
                visible += 1
                guard let picture = peerBound[position], gtk_widget_get_mapped(picture) != 0,
                      gtk_picture_get_paintable(OpaquePointer(picture)) != nil else { blank += 1; continue }
            }
        }
        return visible == 0 ? 1 : Double(blank) / Double(visible)
    }

    /// A line beside the loader's `POOLTABLE_DECODE_TRACE` ones (on the same clock), when tracing.
    func trace(_ text: @autoclosure () -> String) {
        guard PictureLoader.tracing else { return }
        FileHandle.standardError.write(Data("TRACE \(g_get_monotonic_time() / 1000) \(text())\n".utf8))
    }

    func watchFrameClock() {
        guard let clock = gtk_widget_get_frame_clock(benchWindow.window) else { notes.append("no frame clock"); return }
        Signal.connect(clock, "before-paint") { [unowned self] in self.frameStart = MonotonicClock.seconds }
        Signal.connect(clock, "layout", after: true) { [unowned self] in self.layoutEnd = MonotonicClock.seconds }
        Signal.connect(clock, "paint", after: true) { [unowned self] in self.paintEnd = MonotonicClock.seconds }
        Signal.connect(clock, "after-paint", after: true) { [unowned self] in self.afterPaint() }
    }

    func afterPaint() {
        let now = MonotonicClock.seconds
        let work = (now - frameStart) * 1000
        if firstFrame == nil {
            firstFrame = now
            rssAtFirstFrame = memoryStatus().currentKiB
        }
        if let loader = pictures?.loader { cachePeak = max(cachePeak, loader.cacheBytes) }
        let (blank, placeholder) = blankFraction()
        if PictureLoader.tracing, sharpAt == nil {
            trace("bench frame blank=\(blank) placeholder=\(placeholder) work=\(Int(work * 1000))us")
        }
        if fullAt == nil, blank == 0, firstFrame != nil { fullAt = now; trace("bench full screen, \(Int((now - t0) * 1000)) ms") }
        if sharpAt == nil, blank == 0, placeholder == 0, firstFrame != nil { sharpAt = now; trace("bench sharp screen, \(Int((now - t0) * 1000)) ms") }
        if flingStart != nil, flingEnd == nil {
            flingFrames.append((work, blank, placeholder, now, max(0, layoutEnd - frameStart) * 1000, max(0, paintEnd - layoutEnd) * 1000))
        }
        if flingEnd != nil, fullAgainAt == nil, blank == 0 { fullAgainAt = now }
        if flingEnd != nil, sharpAgainAt == nil, blank == 0, placeholder == 0 { sharpAgainAt = now }
    }

    /// Each frame's update phase: the fling's offset follows the wall clock.
    func tick() -> Bool {
        let now = MonotonicClock.seconds
        guard let first = firstFrame else { return true }
        if flingStart == nil {
            // Start once the first screen is full (or sharp, with `--fling-after sharp`), or
            // after 5 s (10 s when waiting for sharp pictures).
            guard (options.flingAfterSharp ? sharpAt : fullAt) != nil || now - first > (options.flingAfterSharp ? 10 : 5) else { return true }
            flingStart = now
            photosFlingStarts()
            flingStartOffset = gtk_adjustment_get_value(adjustment)
            decodedAtFlingStart = pictures?.loader.counters.decoded ?? (options.toolkit.hasPrefix("gridview-") ? asyncFinished : gridBinds)
            cancelledAtFlingStart = pictures?.loader.counters.cancelledBeforeStart ?? asyncCancelled
            return true
        }
        if flingEnd == nil {
            var elapsed = (now - flingStart!) * 1000
            let maxValue = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
            if let step = PhotosKnobs.flingStep {
                // A fixed distance a frame (under valgrind: the frames do not depend on time).
                flingTicks += 1
                elapsed = Double(flingTicks) * step / speed
            }
            let value = min(maxValue, flingStartOffset + speed * elapsed)
            gtk_adjustment_set_value(adjustment, value)
            if elapsed >= flingMs || value >= maxValue {
                flingEnd = now
                photosFlingEnds()
                decodedAtFlingEnd = pictures?.loader.counters.decoded ?? (options.toolkit.hasPrefix("gridview-") ? asyncFinished : gridBinds)
                cancelledAtFlingEnd = pictures?.loader.counters.cancelledBeforeStart ?? asyncCancelled
            }
            return true
        }
        if sharpAgainAt != nil || now - flingEnd! > 5 {
            done = true
            return false
        }
        return true
    }

    func collect() -> PhotosChildResult {
        let work = flingFrames.map(\.work), blank = flingFrames.map(\.blank), placeholder = flingFrames.map(\.placeholder)
        let times = flingFrames.map(\.at)
        let intervals = zip(times.dropFirst(), times).map { ($0 - $1) * 1000 }
        var weighted = 0.0
        if let start = flingStart, let end = flingEnd, end > start {
            // Before the first fling frame the screen showed the full first screen (blank 0).
            for (i, frame) in flingFrames.enumerated() {
                let until = i + 1 < flingFrames.count ? flingFrames[i + 1].at : end
                weighted += frame.blank * max(0, min(until, end) - frame.at)
            }
            weighted /= end - start
        }
        let seconds = ((flingEnd ?? MonotonicClock.seconds) - (flingStart ?? MonotonicClock.seconds))
        let flung = gtk_adjustment_get_value(adjustment) - flingStartOffset
        if pictures == nil && options.toolkit == "gridview" {
            notes.append("GtkPicture loads its file at bind on the main thread: 'decodes' are binds")
        }
        if options.toolkit.hasPrefix("gridview-"), options.thumbnails != nil {
            notes.append("warm: \(peerCacheReads) of \(gridBinds) binds read the cache's large PNG instead of the JPEG")
        }
        if options.toolkit == "gridview-thread" {
            notes.append("each bind decodes with gdk_pixbuf_new_from_file_at_scale at 140 px high in GIO's thread pool (g_task_run_in_thread), skipped if unbound before it starts: 'decodes' are finished loads")
        }
        if options.toolkit == "gridview-async" {
            notes.append("each bind decodes with gdk_pixbuf_new_from_stream_at_scale_async at 140 px high (GIO's thread pool), cancelled on unbind: 'decodes' are finished loads, 'cancelled' cancelled ones")

        }
        if let loader = pictures?.loader, loader.thumbnailCache != nil {
            let c = loader.counters
            notes.append("pictures: \(c.fromThumbnailCache) from the thumbnail cache, \(c.fromExifThumbnail) from EXIF thumbnails, \(c.placeholders) EXIF placeholders, \(c.scaledDecodes) scaled decodes, \(c.thumbnailsWritten) thumbnails written (\(c.thumbnailWritesDeferred) deferred, \(loader.deferredWriteCount) still waiting at the end); \(c.started) decodes started, \(c.droppedWhileRunning) dropped while running, \(c.cancelledBeforeStart) cancelled before starting")
        }
        return PhotosChildResult(
            toolkit: options.toolkit, variant: nil, photos: options.rows, renderer: PhotosKnobs.renderer,
            flingFrames: flingFrames.count, flingSpeed: seconds > 0 ? flung / (seconds * 1000) : 0, flungPixels: flung,
            blankMean: Stats.mean(blank), placeholderMean: Stats.mean(placeholder),
            timeToSharpScreenMs: sharpAt.map { ($0 - t0) * 1000 } ?? .nan,
            timeToSharpAfterStopMs: sharpAgainAt.map { ($0 - flingEnd!) * 1000 } ?? .nan,
            blankMax: blank.max() ?? .nan, framesWithBlank: blank.filter { $0 > 0 }.count,
            blankTimeWeighted: weighted, frameIntervalP99Ms: Stats.percentile(intervals, 99), frameIntervalMaxMs: intervals.max() ?? .nan,
            timeToFullScreenMs: fullAt.map { ($0 - t0) * 1000 } ?? .nan,
            timeToFullAfterStopMs: fullAgainAt.map { ($0 - flingEnd!) * 1000 } ?? .nan,
            frameMedianMs: Stats.median(work),
            frameLayoutMedianMs: Stats.median(flingFrames.map(\.layout)), framePaintMedianMs: Stats.median(flingFrames.map(\.paint)), frameP99Ms: Stats.percentile(work, 99), frameMaxMs: work.max() ?? .nan,
            decodesPerSecond: seconds > 0 ? Double(decodedAtFlingEnd - decodedAtFlingStart) / seconds : 0,
            decoded: decodedAtFlingEnd - decodedAtFlingStart, cancelled: cancelledAtFlingEnd - cancelledAtFlingStart,
            cacheBudgetMiB: Double(pictures?.loader.byteBudget ?? 0) / 1_048_576, cachePeakMiB: Double(cachePeak) / 1_048_576,
            rssAtFirstFrameMiB: Double(rssAtFirstFrame) / 1024, peakRSSMiB: Double(memoryStatus().peakKiB) / 1024,
            notes: notes)
    }
}

/// The photos bench's knobs for measuring the loader, from the environment (inherited by the
/// children): `POOLTABLE_BENCH_DECODE_THREADS` (the loader's threads; default: one per core),
/// `POOLTABLE_BENCH_DECODE_NICE` (their niceness; default: the loader's),
/// `POOLTABLE_BENCH_FLING_STEP` (pixels a frame, see below),
/// `POOLTABLE_BENCH_PHOTOS_RENDERER` (`cairo`, the default, or `default`: GTK's choice, GL) and
/// `POOLTABLE_IMAGE_NODE` (read by the shell: `texture` or `cairo` nodes for pictures).
enum PhotosKnobs {
    static func value(_ name: String) -> String? { ProcessInfo.processInfo.environment[name].flatMap { $0.isEmpty ? nil : $0 } }
    static var decodeThreads: Int? { value("POOLTABLE_BENCH_DECODE_THREADS").flatMap(Int.init) }
    static var decodeNiceness: Int32? { value("POOLTABLE_BENCH_DECODE_NICE").flatMap(Int32.init) }
    static var renderer: String { value("POOLTABLE_BENCH_PHOTOS_RENDERER") ?? "cairo" }
    /// `POOLTABLE_BENCH_FLING_STEP`: the fling moves this many pixels a frame instead of
    /// following the wall clock (the same distance in all), for instruction counts under callgrind.
    /// (Read once: `ProcessInfo.environment` builds a dictionary at every call, and `tick` runs every frame.)
    static let flingStep: Double? = value("POOLTABLE_BENCH_FLING_STEP").flatMap(Double.init)
    static var imageNode: String { value("POOLTABLE_IMAGE_NODE") ?? "by the renderer (cairo nodes under cairo)" }
}

/// Called once as the fling starts and once as it ends, for callgrind: `--zero-before='*photosFlingStarts*'
/// --dump-before='*photosFlingEnds*'` dumps the instructions of the fling's frames alone.
@inline(never) @_optimize(none) func photosFlingStarts() {}
@inline(never) @_optimize(none) func photosFlingEnds() {}
