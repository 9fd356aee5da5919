import CGtk
import Glibc
import PoolTable
import Synchronization

/// Decodes picture files into thumbnails off the main thread and keeps the most recently
/// used ones in memory, within a byte budget.
///
/// - Decoding runs on a GLib thread pool of at most `threads` workers (by default one per
///   core): gdk-pixbuf reads the file at the size that covers the requested pixel size (never
///   larger than the file), turns it upright from its EXIF orientation, and makes a texture.
/// - Results come back on the main thread through the GLib main loop (not Swift
///   concurrency, which GTK's loop does not drain). Each `load` call gets exactly one
///   delivery: the picture, or nil if the file could not be read; none after `cancel`.
/// - Deliveries name the key, never a cell: the caller routes a picture to whichever cell
///   shows that photo *now* (or to none), so a cell that moved on never shows a late picture.
/// - Requests for the same key share one decode; a key is never decoding twice at once.
///   `cancel` drops a key's waiting deliveries and, if it had not started, its decode; a
///   decode already running is dropped by its worker at the next stage (before the EXIF read,
///   the scaled decode, the thumbnail write) unless the key is asked for again first.
/// - Placeholders: a JPEG whose EXIF thumbnail is too small for the cell (a camera's 160x120)
///   gets it first, upscaled (bilinear) to the cover size, delivered to `load`'s `placeholder`
///   and kept (`placeholderImage(for:)`); its sharp decode waits again, after the first passes
///   of the other cells, so a fling shows something in every cell long before the decodes
///   catch up. With two threads or more, sharp decodes of placeholders take all but one while
///   first passes are being asked for (the view moves), and every thread for cells on screen
///   (not bound cells' nor prefetches') once none has been for `restInterval` (at rest: a
///   screen left alone turns sharp about twice as fast on 2 cores).
///   The sharp picture replaces the placeholder in the cache.
/// - What starts next (`DecodeQueue`): pictures whose cell is on screen (`show`), then those
///   of cells bound in the prepared band (`load`), each newest first (while the user flings,
///   where the list is now before where it was); then prefetches (`prefetch`) in the order
///   asked for: the prefetching data source asks nearest to the viewport first, in the
///   scroll's direction. Decodes start from the main loop after the call that asked (a layout
///   pass binds and shows its cells first, then the most wanted ones start).
/// - The workers run at a lower priority (`decodingNiceness`), so that on a machine with few
///   cores the main thread keeps its frame budget.
/// - With a `thumbnailCache`, pictures come from the desktop's thumbnail cache when it holds a
///   valid one and misses are written back to it (`PictureDecoder`), after the decodes cells
///   wait for and before prefetches (at most `maxDeferredWrites` wait, beyond that the worker
///   writes at once; those still waiting when the loader goes are not written); a bad thumbnail is
///   decoded again with one log line; the first failed write (a read-only or full disk) is
///   logged once and stops writing for the loader's life; a cache folder that cannot be read
///   is logged once.
/// - `POOLTABLE_DECODE_TRACE` set: one line on stderr per decode asked for, started and
///   finished (its wait for a thread, its work, its wait for the main loop), for measuring.
/// - Bad input never reaches the decoder's full size: a file that cannot be read, is empty,
///   is not a picture gdk-pixbuf knows, or says in its header that it has more than
///   `maxPixels` pixels fails on the worker with a reason (`failure(for:)`), logged once per
///   file; later requests for it are answered at once, without reading it again.
@MainActor
public final class PictureLoader {
    /// A picture file at a pixel size.
    public struct Key: Hashable, Sendable {
        /// The file's path.
        public var path: String
        /// The size the picture must cover, in device pixels (a thumbnail is scaled so that it
        /// covers it, keeping its aspect ratio; never larger than the file itself).
        public var pixelWidth: Int, pixelHeight: Int
        /// A picture file at a pixel size.
        public init(path: String, pixelWidth: Int, pixelHeight: Int) {
            self.path = path
            self.pixelWidth = max(1, pixelWidth)
            self.pixelHeight = max(1, pixelHeight)
        }
    }

    /// What the loader has done, for the debug overlay and tests.
    public struct Counters: Equatable, Sendable {
        /// Decodes that finished with a picture.
        public var decoded = 0
        /// Files that could not be read or decoded.
        public var failed = 0
        /// Decodes dropped by `cancel` before they started.
        public var cancelledBeforeStart = 0
        /// Decodes started on a worker.
        public var started = 0
        /// Decodes a worker dropped part-way because nobody wanted them any more.
        public var droppedWhileRunning = 0
        /// Decodes that finished after every request for them was cancelled (kept in the cache).
        public var finishedUnwanted = 0
        /// `load` calls answered from the cache.
        public var cacheHits = 0
        /// Pictures dropped from the cache to stay within the budget.
        public var evicted = 0
        /// Decodes answered by the thumbnail cache.
        public var fromThumbnailCache = 0
        /// Decodes answered by the EXIF thumbnail embedded in a JPEG.
        public var fromExifThumbnail = 0
        /// Decodes of the file itself, at a reduced size.
        public var scaledDecodes = 0
        /// Thumbnails written to the thumbnail cache.
        public var thumbnailsWritten = 0
        /// Files recorded as unreadable in the thumbnail cache's fail folder.
        public var failuresRecorded = 0
        /// Placeholders made from EXIF thumbnails too small for the cell (their sharp decode followed or follows).
        public var placeholders = 0
        /// Thumbnails whose cache write waited until no decode did.
        public var thumbnailWritesDeferred = 0
    }

    /// Files with more pixels than this (as their header says) are refused, never decoded:
    /// a 20000x20000 picture would take 1.6 GB before scaling. 100 megapixels by default.
    nonisolated public static let defaultMaxPixels = 100_000_000
    /// The most pixels a file may have (by its header) to be decoded.
    public var maxPixels = PictureLoader.defaultMaxPixels
    /// Where a file's failure is reported, once per file (default: a GLib message in the
    /// "PoolTable" domain, so one line on stderr). Tests count the lines.
    public var log: @MainActor (String) -> Void = { GLog.message($0) }
    /// The desktop's thumbnail cache, read before decoding and written after (nil: not used).
    /// Set it before the first `load`: decodes already asked for keep what they were given.
    public var thumbnailCache: ThumbnailCache?
    /// Why writing to the thumbnail cache failed, if it did; the loader writes no more after
    /// the first failure (reading goes on).
    public private(set) var thumbnailWriteFailure: String?
    /// Why the thumbnail cache could not be read, the first time it could not (logged once;
    /// the loader goes on trying it, and decodes meanwhile).
    public private(set) var thumbnailReadFailure: String?
    /// Why `path` could not be shown, if it failed ("Permission denied", "not a picture"…).
    public func failure(for path: String) -> String? { failures[path] }
    /// Files that failed so far.
    public var failedCount: Int { failures.count }

    /// The cache's budget in bytes (4 bytes a pixel); the least recently used pictures go first.
    /// A grid sizes it to what it may show or prepare at once (`byteBudget(pictures:coveringSide:)`).
    public var byteBudget: Int { didSet { evictIfNeeded() } }

    /// A budget for `count` pictures of keys `side` pixels square: each picture covers the
    /// square, so it is `side` pixels on its short side and, up to a 3:2 picture, 1.5 `side` on
    /// its long one, at 4 bytes a pixel (a 4:3 camera picture at 140 takes 187x140, 105 KB).
    /// Sized to the cells a grid holds at once rather than a fixed amount, the cache's pictures
    /// are about those the cells show and prepare (docs/bench/PHOTOS.md, issue 37: 48 MiB held
    /// ~460 pictures of 140 px cells in an 800x600 window, which holds 95 at once).
    nonisolated public static func byteBudget(pictures count: Int, coveringSide side: Int) -> Int {
        let side = max(1, side)
        return max(1, count) * side * (side * 3 / 2) * 4
    }
    /// What the loader has done so far.
    public private(set) var counters = Counters()
    /// Bytes of the pictures in the cache.
    public private(set) var cacheBytes = 0
    /// Pictures in the cache.
    public var cachedCount: Int { cache.count }
    /// Decodes requested and not finished (waiting or running).
    public var outstandingCount: Int { jobs.count }
    /// The niceness of the decoding threads (`setpriority` on each worker thread; 0 = the
    /// main thread's, 19 = the lowest). Raising it keeps decodes from taking the main thread's
    /// core while it draws a frame on a machine with few cores; a worker's niceness is only
    /// ever raised (lowering it needs a privilege). Default 10 (measured: docs/bench/PHOTOS.md).
    public var decodingNiceness: Int32 = 10
    /// Decodes (and deferred thumbnail writes) running on the pool now.
    public private(set) var runningCount = 0
    /// The most decoded thumbnails kept waiting for their cache write (a 256x192 one holds
    /// 144 KiB); beyond it a decode writes its thumbnail at once, on its worker. 8 by default:
    /// 64 held 8.5 MiB through a cold fling, more than the cache's pictures (issue 37).
    public var maxDeferredWrites = 8
    /// Thumbnails waiting to be written to the thumbnail cache.
    public var deferredWriteCount: Int { pendingWrites.count }
    /// Called on the main thread after each decode finishes or is cancelled (the overlay redraws).
    public var onChange: (@MainActor () -> Void)?

    /// - Parameters:
    ///   - byteBudget: the most bytes of decoded pictures kept (default 128 MiB).
    ///   - threads: decoding threads (default: the number of cores, at least 1).
    public init(byteBudget: Int = 128 << 20, threads: Int? = nil) {
        self.byteBudget = max(0, byteBudget)
        self.threads = max(1, threads ?? Int(g_get_num_processors()))
    }

    /// The cached picture for `key`, marking it recently used; nil if it is not decoded yet
    /// (a placeholder does not count: `placeholderImage(for:)`).
    public func cachedImage(for key: Key) -> Image? {
        guard let entry = cache[key], !entry.isPlaceholder else { return nil }
        clock &+= 1
        cache[key]?.lastUse = clock
        return entry.image
    }

    /// `key`'s placeholder (its EXIF thumbnail upscaled to the cover size) while the sharp
    /// picture is not decoded; nil if there is none or the sharp one is there.
    public func placeholderImage(for key: Key) -> Image? {
        guard let entry = cache[key], entry.isPlaceholder else { return nil }
        clock &+= 1
        cache[key]?.lastUse = clock
        return entry.image
    }

    /// Asks for `key`'s picture as `load(_:deliver:)` does; if a placeholder comes first (see
    /// the type's notes), `placeholder` gets it on the main thread before `deliver` gets the
    /// sharp picture (not after `cancel`, nor when the placeholder is cached already:
    /// `placeholderImage(for:)`).
    public func load(_ key: Key, placeholder: @escaping @MainActor (Key, Image) -> Void, deliver: @escaping @MainActor (Key, Image?) -> Void) {
        if failures[key.path] != nil { return deliver(key, nil) }
        if let image = cachedImage(for: key) {
            counters.cacheHits += 1
            deliver(key, image)
            return
        }
        let job = enqueue(key, .bound)
        job.waiters.append(deliver)
        job.placeholderWaiters.append(placeholder)
    }

    /// Asks for `key`'s picture: `deliver` runs once on the main thread with it (nil if the file
    /// could not be decoded), right away if it is cached, unless `cancel(key)` comes first.
    /// The decode waits behind those of pictures on screen (`show`); call `show` too when the
    /// cell asking is on screen.
    public func load(_ key: Key, deliver: @escaping @MainActor (Key, Image?) -> Void) {
        if failures[key.path] != nil { return deliver(key, nil) }
        if let image = cachedImage(for: key) {
            counters.cacheHits += 1
            deliver(key, image)
            return
        }
        enqueue(key, .bound).waiters.append(deliver)
    }

    /// `key`'s cell is on screen now: its decode (if waiting) starts before those of cells
    /// off screen and of prefetches. Nothing if `key` is not being decoded.
    public func show(_ key: Key) {
        if Self.tracing, queue.contains(key), queue.demand(of: key) != .visible { trace("show \(key.path.split(separator: "/").last!)") }
        queue.show(key)
        jobs[key]?.wanted.store(true, ordering: .relaxed)
    }

    /// Starts decoding `key` ahead of time (data prefetching): the picture lands in the cache
    /// and nobody is told. Prefetches start after every picture a cell asked for, in the order
    /// they were asked for.
    public func prefetch(_ key: Key) {
        guard cache[key] == nil, failures[key.path] == nil else { return }
        enqueue(key, .prefetch)
    }

    /// Drops `key`'s waiting deliveries and its decode: before it starts, or at the running
    /// decode's next stage.
    public func cancel(_ key: Key) {
        guard let job = jobs[key] else { return }
        job.waiters.removeAll()
        job.placeholderWaiters.removeAll()
        switch queue.cancel(key) {
        case .beforeStart:
            jobs[key] = nil
            counters.cancelledBeforeStart += 1
            onChange?()
        case .whileRunning:
            job.wanted.store(false, ordering: .relaxed)
        case .none:
            break
        }
    }

    /// Empties the cache (waiting and running decodes go on).
    public func removeAllCached() {
        cache.removeAll()
        cacheBytes = 0
    }

    // MARK: Private

    private let threads: Int
    /// Which decode starts next (main thread only). `POOLTABLE_DECODE_ORDER=newest` ranks bound
    /// cells with those on screen (for measuring the two orders against each other).
    private var queue: DecodeQueue<Key> = {
        var q = DecodeQueue<Key>()
        q.ranksBoundWithVisible = getenv("POOLTABLE_DECODE_ORDER").map { String(cString: $0) == "newest" } ?? false
        return q
    }()
    /// Sharp decodes of placeholders running now (at most `threads - 1` with two threads or
    /// more while pictures are being asked for, all `threads` at rest for cells on screen).
    private var runningRefinements = 0
    /// When a picture without anything to show was last asked for (a first pass; monotonic
    /// seconds): cells arriving as the view moves. Until `restInterval` has passed since, one
    /// worker is kept for first passes.
    private var lastFirstPassRequest = -Double.infinity
    /// How long without a first pass asked for before the view counts as at rest and every
    /// worker may take sharp decodes. A 4 px/ms fling brings a new row of 146 px cells every
    /// 37 ms (and its prefetches with it); 0.1 s is a few rows of a slow scroll.
    /// `POOLTABLE_DECODE_REST_MS` overrides it (`inf`: never at rest, as before; for measuring).
    var restInterval = getenv("POOLTABLE_DECODE_REST_MS").flatMap { Double(String(cString: $0)) }.map { $0 / 1000 } ?? 0.1
    /// Sharp decodes of placeholders running now (tests).
    var runningSharpDecodes: Int { runningRefinements }
    /// Whether a main-loop callback is scheduled for the moment the view comes to rest.
    private var restCheckScheduled = false
    /// Whether a main-loop callback to start decodes is scheduled.
    private var startScheduled = false
    private var cache: [Key: CacheEntry] = [:]
    /// Why each failed file failed (kept: a bad file is not read again).
    private var failures: [String: String] = [:]
    private var clock = 0
    /// Every job not finished, by key.
    private var jobs: [Key: Job] = [:]
    /// The decoding threads (made on first use). Only the main thread touches the pointer.
    nonisolated(unsafe) private var pool: UnsafeMutablePointer<GThreadPool>?

    deinit {
        // Decodes already pushed finish on their threads and find no loader to deliver to.
        if let pool { g_thread_pool_free(pool, 0, 0) }
    }

    private struct CacheEntry { var image: Image; var bytes: Int; var lastUse: Int; var isPlaceholder = false }
    /// Thumbnails decoded and not yet written, oldest first.
    private var pendingWrites: [DeferredThumbnailWrite] = []

    /// One decode: created and read on the main thread, except `key`, `decoder`, `niceness`,
    /// `makesSurface`, `outcome` and `surface`, which the worker reads and writes while the main thread leaves them alone
    /// (between `start` and the delivery the worker schedules), and `wanted`, which both use.
    private final class Job: @unchecked Sendable {
        let key: Key
        var waiters: [@MainActor (Key, Image?) -> Void] = []
        var placeholderWaiters: [@MainActor (Key, Image) -> Void] = []
        /// Whether the running decode is a placeholder's sharp one.
        var isRefinement = false
        /// A deferred thumbnail write instead of a decode (no waiters, not in `jobs`).
        var write: DeferredThumbnailWrite?
        /// Its problem, if the write failed (set by the worker).
        var writeProblem: String?
        /// Whether anybody still wants the picture (the worker stops at its next stage if not).
        let wanted = Atomic<Bool>(true)
        /// The worker thread's niceness for this decode.
        var niceness: Int32 = 0
        /// What the decode gave (set by the worker).
        var outcome: PictureDecoder.Outcome?
        /// Whether the worker also converts the picture (or placeholder) to a cairo surface:
        /// pictures are drawn as cairo nodes (`ImageNodeKind.cairo`), and the conversion
        /// would otherwise run on the main thread in the frame that first draws the picture.
        /// The picture's texture is then one over the surface's memory (4 bytes a pixel, as
        /// the cache budget counts), not a second copy.
        var makesSurface = false
        /// That surface (set by the worker).
        var surface: CairoSurface?
        /// How to decode (copied from the loader at start).
        var decoder = PictureDecoder(maxPixels: PictureLoader.defaultMaxPixels, thumbnails: nil, writesThumbnails: false)
        /// The loader to deliver to; gone if it was released while the decode ran.
        weak var owner: PictureLoader?
        /// When the decode was pushed to the pool, begun and ended on its worker (µs,
        /// monotonic; for `POOLTABLE_DECODE_TRACE`).
        var tPush: gint64 = 0, tBegin: gint64 = 0, tEnd: gint64 = 0
        /// The worker thread's CPU time for the decode (µs; for `POOLTABLE_DECODE_TRACE`).
        var cpu: gint64 = 0
        init(key: Key) { self.key = key }
    }

    /// The job for `key` (new, or the one waiting or running), asked for with `demand`; the
    /// decodes start from the main loop once the caller is done.
    @discardableResult
    private func enqueue(_ key: Key, _ demand: DecodeQueue<Key>.Demand) -> Job {
        let refining = cache[key]?.isPlaceholder ?? false
        if !refining && jobs[key] == nil { lastFirstPassRequest = MonotonicClock.seconds }
        queue.request(key, demand, refining: refining)
        if let job = jobs[key] {
            job.wanted.store(true, ordering: .relaxed)
            return job
        }
        let job = Job(key: key)
        jobs[key] = job
        trace("enqueue \(key.path.split(separator: "/").last!) \(demand) \(key.pixelWidth)x\(key.pixelHeight)")
        scheduleStart()
        return job
    }

    /// Starts the most wanted decodes at the main loop's next turn: the layout pass that bound
    /// cells (`load`) tells which are on screen (`show`) before any starts.
    private func scheduleStart() {
        guard !startScheduled else { return }
        startScheduled = true
        MainLoop.addTimeout(milliseconds: 0) { [weak self] in
            self?.startScheduled = false
            self?.startJobs()
            return false
        }
    }

    private func startJobs() {
        if thumbnailWriteFailure != nil { pendingWrites.removeAll() }
        let sinceFirstPass = MonotonicClock.seconds - lastFirstPassRequest
        let atRest = sinceFirstPass >= restInterval
        while runningCount < threads {
            // The thumbnails' cache writes go after the decodes cells wait for, before prefetches.
            if !pendingWrites.isEmpty && !queue.hasWaitingForCells {
                startWrite(pendingWrites.removeFirst())
                continue
            }
            // With two threads or more, one is kept for first passes (placeholders, cache reads)
            // while the view moves: a sharp decode of a camera JPEG holds its thread ~40 ms. At
            // rest it takes the sharp decodes of cells on screen too (the screen is sharp sooner),
            // not those of bound cells and prefetches (it is free as soon as the screen is sharp,
            // for the first passes of the next move).
            let allRefinements = threads < 2 || runningRefinements < threads - 1
            guard let key = queue.next(refinements: allRefinements || atRest, refinementsAtLeast: allRefinements ? .prefetch : .visible) else {
                if !atRest { scheduleRestCheck(after: restInterval - sinceFirstPass) }
                break
            }
            guard let job = jobs[key] else { queue.finish(key); continue }
            job.isRefinement = queue.isRefining(key)
            if job.isRefinement { runningRefinements += 1 }
            runningCount += 1
            counters.started += 1
            // An exclusive pool: its threads are ours alone, so their niceness stays with us.
            if pool == nil { pool = g_thread_pool_new(Self.decodeOnWorker, nil, Int32(threads), 1, nil) }
            job.owner = self
            job.niceness = decodingNiceness
            job.makesSurface = ImageNodeKind.current == .cairo
            job.decoder = PictureDecoder(maxPixels: maxPixels, thumbnails: thumbnailCache, writesThumbnails: thumbnailWriteFailure == nil,
                                         defersCacheWrite: pendingWrites.count < maxDeferredWrites,
                                         stopsAtPlaceholder: !queue.isRefining(key) && cache[key] == nil)
            job.tPush = g_get_monotonic_time()
            trace("start \(job.isRefinement ? "sharp" : "first") \(key.path.split(separator: "/").last!) demand=\(queue.demand(of: key).map { "\($0)" } ?? "-") running=\(runningCount) waiting=\(queue.waitingCount)")
            g_thread_pool_push(pool, Unmanaged.passRetained(job).toOpaque(), nil)
        }
    }

    /// Whether `POOLTABLE_DECODE_TRACE` is set.
    @_spi(Interop) nonisolated public static let tracing = getenv("POOLTABLE_DECODE_TRACE") != nil
    /// The calling thread's CPU time, µs.
    nonisolated private static func threadCPUMicroseconds() -> gint64 {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return gint64(t.tv_sec) * 1_000_000 + gint64(t.tv_nsec) / 1_000
    }

    /// Writes `s` to stderr with the monotonic time in ms, when tracing.
    private func trace(_ s: @autoclosure () -> String) {
        guard Self.tracing else { return }
        let line = "TRACE \(g_get_monotonic_time() / 1000) \(s())\n"
        _ = line.withCString { Glibc.write(2, $0, strlen($0)) }
    }

    /// Starts decodes again once the view has come to rest (`restInterval` after the last
    /// first pass asked for), when a worker was kept for first passes and sharp decodes wait.
    private func scheduleRestCheck(after seconds: Double) {
        guard !restCheckScheduled, queue.waitingCount > 0, seconds.isFinite else { return }
        restCheckScheduled = true
        MainLoop.addTimeout(milliseconds: UInt32(max(1, (seconds * 1000).rounded(.up)))) { [weak self] in
            self?.restCheckScheduled = false
            self?.startJobs()
            return false
        }
    }

    /// Starts writing one deferred thumbnail on the pool.
    private func startWrite(_ write: DeferredThumbnailWrite) {
        runningCount += 1
        if pool == nil { pool = g_thread_pool_new(Self.decodeOnWorker, nil, Int32(threads), 1, nil) }
        let job = Job(key: Key(path: write.original.path, pixelWidth: 1, pixelHeight: 1))
        job.owner = self
        job.niceness = decodingNiceness
        job.write = write
        g_thread_pool_push(pool, Unmanaged.passRetained(job).toOpaque(), nil)
    }

    /// Runs on a worker thread (not isolated: a closure written inside this main-actor class
    /// would check that it runs on the main thread): decodes, then hands the job to the main
    /// loop, where the retain taken at push is released.
    private static let decodeOnWorker: GFunc = { data, _ in
        guard let data else { return }
        let job = Unmanaged<Job>.fromOpaque(data).takeUnretainedValue()
        job.tBegin = g_get_monotonic_time()
        let cpuBegin = tracing ? threadCPUMicroseconds() : 0
        if job.niceness > 0 {
            // Linux keeps the niceness per thread: "who" 0 is the calling thread.
            let which = __priority_which_t(PRIO_PROCESS.rawValue)
            errno = 0
            let now = getpriority(which, 0)
            if errno == 0 && now < job.niceness { setpriority(which, 0, job.niceness) }
        }
        if let write = job.write {
            job.writeProblem = write.write()
        } else {
            job.outcome = job.decoder.decode(job.key) { job.wanted.load(ordering: .relaxed) }
            if job.makesSurface, job.wanted.load(ordering: .relaxed) {
                // One copy of the pixels: the surface, and a texture over the surface's memory
                // (cairo's ARGB32 is GDK's default format) in place of the decoder's RGB one.
                if let placeholder = job.outcome?.placeholder, let surface = CairoSurface.make(from: placeholder),
                   let shared = surface.sharingTexture() {
                    job.surface = surface
                    job.outcome?.placeholder = shared
                } else if case .success(let texture)? = job.outcome?.result, let surface = CairoSurface.make(from: texture),
                          let shared = surface.sharingTexture() {
                    job.surface = surface
                    job.outcome?.result = .success(shared)
                }
            }
        }
        job.tEnd = g_get_monotonic_time()
        if tracing { job.cpu = threadCPUMicroseconds() - cpuBegin }
        g_idle_add_full(G_PRIORITY_DEFAULT, PictureLoader.deliverOnMain, data, nil)
    }

    private static let deliverOnMain: GSourceFunc = { data in
        let job = Unmanaged<Job>.fromOpaque(data!).takeRetainedValue()
        MainActor.assumeIsolated { job.owner?.finished(job) }
        return 0
    }

    private func finished(_ job: Job) {
        runningCount -= 1
        trace("done \(job.write != nil ? "write" : job.outcome?.placeholder != nil ? "placeholder" : job.isRefinement ? "sharp" : "picture") \(job.key.path.split(separator: "/").last!) queued=\((job.tBegin - job.tPush) / 1000) work=\((job.tEnd - job.tBegin) / 1000) cpu=\(job.cpu / 1000) toMain=\((g_get_monotonic_time() - job.tEnd) / 1000) origin=\(job.outcome?.origin.map { "\($0)" } ?? "-") dropped=\(job.outcome?.dropped != nil)")
        if job.isRefinement { runningRefinements -= 1; job.isRefinement = false }
        if job.write != nil {
            if let problem = job.writeProblem {
                if thumbnailWriteFailure == nil {
                    thumbnailWriteFailure = problem
                    log("thumbnail cache: \(problem); not writing thumbnails from now on")
                }
                pendingWrites.removeAll()
            } else {
                counters.thumbnailsWritten += 1
            }
            startJobs()
            onChange?()
            return
        }
        if let texture = job.outcome?.placeholder {
            let placeholder = Image(texture: texture)
            if let surface = job.surface { ImageCanvasCache.adopt(surface, for: placeholder) }
            job.surface = nil
            placeholderArrived(job, placeholder)
            return
        }
        let demand = queue.demand(of: job.key) ?? .bound
        let wantedNow = queue.finish(job.key)
        jobs[job.key] = nil
        let outcome = job.outcome
        if outcome?.dropped != nil {
            counters.droppedWhileRunning += 1
            if wantedNow {
                // Asked for again after the worker had given up: it waits for a thread again.
                let again = enqueue(job.key, demand)
                again.waiters = job.waiters
            }
            startJobs()
            onChange?()
            return
        }
        for note in outcome?.notes ?? [] { log(note) }
        if let problem = outcome?.readProblem, thumbnailReadFailure == nil {
            thumbnailReadFailure = problem
            log("thumbnail cache: \(problem); decoding the files")
        }
        if let problem = outcome?.writeProblem, thumbnailWriteFailure == nil {
            thumbnailWriteFailure = problem
            log("thumbnail cache: \(problem); not writing thumbnails from now on")
        }
        if outcome?.wrote != nil { counters.thumbnailsWritten += 1 }
        if let write = outcome?.deferredWrite, thumbnailWriteFailure == nil {
            pendingWrites.append(write)
            counters.thumbnailWritesDeferred += 1
        }
        if outcome?.recordedFailure == true { counters.failuresRecorded += 1 }
        switch outcome?.origin {
        case .thumbnailCache: counters.fromThumbnailCache += 1
        case .exifThumbnail: counters.fromExifThumbnail += 1
        case .scaledDecode: counters.scaledDecodes += 1
        case nil: break
        }
        let image: Image?
        var failure: String?
        switch outcome?.result {
        case .success(let texture)?:
            image = Image(texture: texture)
            if let image, let surface = job.surface { ImageCanvasCache.adopt(surface, for: image) }
        case .failure(let error)?: image = nil; failure = error.reason
        case nil: image = nil
        }
        if let image {
            counters.decoded += 1
            clock &+= 1
            if let old = cache[job.key] { cacheBytes -= old.bytes }
            cache[job.key] = CacheEntry(image: image, bytes: image.byteCount, lastUse: clock)
            cacheBytes += image.byteCount
            evictIfNeeded(keeping: job.key)
        } else {
            counters.failed += 1
            let reason = failure ?? "could not be decoded"
            if failures[job.key.path] == nil { log("\(job.key.path): \(reason)") }
            failures[job.key.path] = reason
        }
        if image == nil, cache[job.key]?.isPlaceholder == true {
            cacheBytes -= cache[job.key]!.bytes
            cache[job.key] = nil
        }
        let waiters = job.waiters
        job.waiters.removeAll()
        job.placeholderWaiters.removeAll()
        if waiters.isEmpty && image != nil { counters.finishedUnwanted += 1 }
        startJobs()
        for deliver in waiters { deliver(job.key, image) }
        onChange?()
    }

    /// A first pass gave `placeholder`: it is kept and shown, and the sharp decode waits again
    /// (after the other cells' first passes), unless nobody wants the picture any more.
    private func placeholderArrived(_ job: Job, _ placeholder: Image) {
        counters.placeholders += 1
        clock &+= 1
        if let old = cache[job.key] { cacheBytes -= old.bytes }
        cache[job.key] = CacheEntry(image: placeholder, bytes: placeholder.byteCount, lastUse: clock, isPlaceholder: true)
        cacheBytes += placeholder.byteCount
        evictIfNeeded(keeping: job.key)
        let viewers = job.placeholderWaiters
        job.placeholderWaiters.removeAll()
        if !queue.refine(job.key) {
            // Cancelled while it ran: the placeholder stays cached for a cell that comes back.
            jobs[job.key] = nil
            counters.droppedWhileRunning += 1
        }
        // Shown before the next decodes start: a cell that moves on in its callback cancels
        // the sharp decode before it starts.
        for show in viewers { show(job.key, placeholder) }
        startJobs()
        onChange?()
    }

    /// Drops least recently used pictures until the cache fits its budget (never `keeping`,
    /// the one just decoded, unless it alone is over the budget).
    private func evictIfNeeded(keeping kept: Key? = nil) {
        guard cacheBytes > byteBudget else { return }
        for (key, entry) in cache.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
            guard cacheBytes > byteBudget else { break }
            if key == kept && entry.bytes <= byteBudget { continue }
            cache[key] = nil
            cacheBytes -= entry.bytes
            counters.evicted += 1
        }
    }

    /// Why a file could not be decoded.
    struct Failure: Error { var reason: String }
}
