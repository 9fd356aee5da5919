import CGtk
import Foundation
@_spi(Hosting) @_spi(Diagnostics) import PoolTable
@_spi(Interop) import PoolTableGtk

// `pooltable-bench gui-one --toolkit pooltable|listview`: one toolkit in one process (so its
// peak RSS is its own), driven by the frame-clock script; prints one JSON line.

/// One frame of the script, measured with the frame clock's phases.
struct FrameSample: Codable {
    /// The script step (0-based) whose change this frame laid out and painted.
    var step: Int
    /// "scroll" (+37 px), "jump25" … "jump100", "home" (back to the top), "tiny" (only the
    /// 4x4 px probe in the header bar changed) or "idle" (nothing scripted changed; PoolTable's
    /// downloads may have ticked: see `ticks`); `columns`: "random" (a random position, as
    /// GTK's testdatatable scrolls).
    var kind: String
    /// From the start of the frame (before-paint/update) to the end of after-paint.
    var workMs: Double
    /// The phases: update (tick callbacks: the scripted scroll, adjustments, engine layout
    /// for PoolTable), layout (GTK size allocation: GtkListView binds and measures here),
    /// paint (snapshot + render) and after-paint.
    var updateMs: Double
    var layoutMs: Double
    var paintMs: Double
    var afterPaintMs: Double
    /// Row binds during this frame (PoolTable: `cellForRowAt` calls; GtkListView: `bind`).
    var binds: Int
    /// Row widgets or cells alive after this frame.
    var alive: Int
    /// PoolTable: cells mounted (visible + prepared) after this frame; GtkListView: 0.
    var mounted: Int
    /// PoolTable with downloads: download timer ticks (reconfigures) since the last frame.
    var ticks: Int = 0
    /// PoolTable: cell render nodes recorded in this frame.
    var recorded: Int = 0
    /// CPU time over the same span as `workMs`: the whole process's (every thread: with the GL
    /// renderer on Mesa's llvmpipe, its rasteriser threads too, since the frame waits for them
    /// at the swap) and the main thread's. Less at the mercy of other processes than the wall
    /// clock: a frame's work, not its waiting.
    var cpuMs: Double = 0
    var mainCpuMs: Double = 0
}

struct ChildResult: Codable {
    var toolkit: String
    var rows: Int
    var downloads: Int
    /// `GSK_RENDERER` as given ("" = unset) and the renderer GTK actually used.
    var rendererRequested: String
    var renderer: String
    var timeToFirstFrameMs: Double
    var peakRSSKiB: Int
    var finalRSSKiB: Int
    var frames: [FrameSample]
    var aliveFinal: Int
    var alivePeak: Int
    /// PoolTable: cells created by the pool; GtkListView: row widgets made by setup.
    var created: Int
    var visibleAtEnd: Int
    var preparedAtEnd: Int
    var pooledAtEnd: Int
    var bindsTotal: Int
    var reconfigureCalls: Int
    var rowsReconfigured: Int
    /// Frames the clock ran while the script was running, and how many of them were scripted.
    var framesSeen: Int
    /// The last row shown after the jump to 100 % (PoolTable: last visible row; GtkListView:
    /// the highest position bound by that jump): proves the jump reached the end.
    var lastRowShown: Int
    /// Row heights in use (PoolTable: one and two lines; GtkListView: those of its row widgets).
    var rowHeights: [Double]
    var notes: [String]
    /// `columns`: the columns' widths as laid out (GtkColumnView's, passed on to PoolTable).
    var columnWidths: [Double]? = nil
    /// A host's own figures (`BenchChildHost.figures`).
    var figures: [String: Double]? = nil

    /// Several runs of one toolkit as one: every run's frames, the median run's peak RSS and
    /// time to first frame, the highest counts. Runs of a machine that drifts (a VM's
    /// neighbours) land on both sides of a comparison when the toolkits alternate.
    static func pooled(_ runs: [ChildResult]) -> ChildResult? {
        guard var r = runs.first else { return nil }
        guard runs.count > 1 else { return r }
        r.frames = runs.flatMap(\.frames)
        r.peakRSSKiB = Int(Stats.median(runs.map { Double($0.peakRSSKiB) }))
        r.finalRSSKiB = Int(Stats.median(runs.map { Double($0.finalRSSKiB) }))
        r.timeToFirstFrameMs = Stats.median(runs.map(\.timeToFirstFrameMs))
        r.alivePeak = runs.map(\.alivePeak).max() ?? r.alivePeak
        r.created = runs.map(\.created).max() ?? r.created
        r.bindsTotal = runs.map(\.bindsTotal).reduce(0, +)
        r.reconfigureCalls = runs.map(\.reconfigureCalls).reduce(0, +)
        r.rowsReconfigured = runs.map(\.rowsReconfigured).reduce(0, +)
        r.framesSeen = runs.map(\.framesSeen).reduce(0, +)
        r.notes = Array(Set(runs.flatMap(\.notes))).sorted()
        return r
    }
}

@MainActor
final class GuiChild {
    let options: Options
    var t0 = 0
    var window: UnsafeMutablePointer<GtkWidget>!
    var benchWindow: BenchWindow!
    var poolTable: PoolTableHost?
    var listView: ListViewHost?
    /// Any other toolkit's host (`columns`: ColumnsBench.swift makes it).
    var other: BenchChildHost?
    var adjustment: UnsafeMutablePointer<GtkAdjustment>!

    struct Record {
        var start = 0, updateEnd = 0, layoutEnd = 0, paintEnd = 0, end = 0
        var painted = false
        var step = -1
        var kind = ""
        var binds = 0
        var alive = 0
        var mounted = 0
        var ticks = 0
        var recorded = 0
        /// `CLOCK_PROCESS_CPUTIME_ID` and `CLOCK_THREAD_CPUTIME_ID` (main thread) at the frame's
        /// start and end, in microseconds.
        var cpuStart = 0, cpuEnd = 0, mainCpuStart = 0, mainCpuEnd = 0
    }
    var records: [Int: Record] = [:]
    var currentFrame = -1
    var firstFrameMicros: Int?
    var framesSinceFirstPaint = 0
    var step = 0
    var settleFrames = 0
    var done = false
    var alivePeak = 0
    /// What `lastRowShown` reports, read after the layout of the jump to 100 %.
    var lastRowAfterJump = -1
    var notes: [String] = []
    /// `--movement move`: scroll steps on which a row was being moved by hand.
    var framesMoving = 0
    /// Scroll steps, jumps, then back to the top (where the downloads are) for frames where
    /// only the header bar's 4x4 px probe changes and frames where nothing scripted changes.
    lazy var script: [(kind: String, fraction: Double?)] = !options.script.isEmpty ? FramesScript.steps(options.script, frames: options.frames) :
        Array(repeating: ("scroll", nil), count: options.frames)
        + [("jump25", 0.25), ("jump50", 0.5), ("jump75", 0.75), ("jump100", 1.0), ("home", 0)]
        + Array(repeating: ("tiny", nil), count: max(20, options.frames / 5))
        + Array(repeating: ("idle", nil), count: max(30, options.frames / 3))

    init(options: Options) { self.options = options }

    func run() -> Never {
        gtk_init()
        t0 = MonotonicClock.microseconds
        benchWindow = BenchWindow(title: "pooltable-bench: \(options.toolkit)")
        window = benchWindow.window

        switch options.toolkit {
        case "baseline":
            // An empty window: the memory every GTK process here pays before showing a row.
            let scrolled = gtk_scrolled_window_new()!
            gtk_scrolled_window_set_child(scrolled.opaque, gtk_label_new("baseline"))
            benchWindow.setChild(scrolled)
            adjustment = gtk_scrolled_window_get_vadjustment(scrolled.opaque)
        case "listview":
            let frames = !options.script.isEmpty
            let host = ListViewHost(rows: options.rows, multiSelection: frames, liveRows: frames ? options.downloads : 0)
            listView = host
            benchWindow.setChild(host.widget)
            adjustment = host.vadjustment
        case "columnview", "datatable", "layouts-pooltable", "layouts-gridview", "layouts-carousels", "layouts-carousels-listview":
            let host = options.toolkit.hasPrefix("layouts") ? LayoutsBench.makeChildHost(self) : ColumnsBench.makeChildHost(self)
            other = host
            benchWindow.setChild(host.widget)
            adjustment = host.vadjustment
        default:
            let host = PoolTableHost(rows: options.rows, downloads: options.downloads, heights: options.rowHeights)
            poolTable = host
            benchWindow.setChild(host.widget)
            adjustment = host.vadjustment
            if !options.script.isEmpty {
                host.tableView.allowsMultipleSelection = true   // Select All, shift-click ranges; the ticks come from the script
                // Animations advance 1/60 s a frame however slow the frames are (load, valgrind):
                // a slide is always its 15 frames, and its instructions compare.
                host.table.timeSource = FixedStepTimeSource()
            } else {
                host.startDownloads()
            }
            if !options.movement.isEmpty { host.movable = true; host.tableView.setEditing(true, animated: false) }
        }

        Signal.connect(window, "realize", after: true) { [unowned self] in self.watchFrameClock() }
        gtk_window_present(window.cast(to: GtkWindow.self))
        MainLoop.addTickCallback(window) { [unowned self] clock in self.tick(clock) }

        while !done { g_main_context_iteration(nil, 1) }

        let result = collect()
        print("BENCH-RESULT " + jsonLine(result))
        fflush(nil)
        exit(0)
    }

    // MARK: Frame clock

    private func watchFrameClock() {
        guard let clock = gtk_widget_get_frame_clock(window) else {
            notes.append("no frame clock at realize")
            return
        }
        Signal.connect(clock, "before-paint") { [unowned self] in
            self.currentFrame = Int(gdk_frame_clock_get_frame_counter(clock))
            // The CPU clocks (system calls) are read outside the wall-clock span.
            self.records[self.currentFrame, default: Record()].cpuStart = Self.cpuMicros(CLOCK_PROCESS_CPUTIME_ID)
            self.records[self.currentFrame, default: Record()].mainCpuStart = Self.cpuMicros(CLOCK_THREAD_CPUTIME_ID)
            self.records[self.currentFrame, default: Record()].start = MonotonicClock.microseconds
        }
        Signal.connect(clock, "update", after: true) { [unowned self] in self.records[self.currentFrame]?.updateEnd = MonotonicClock.microseconds }
        Signal.connect(clock, "layout", after: true) { [unowned self] in self.records[self.currentFrame]?.layoutEnd = MonotonicClock.microseconds }
        Signal.connect(clock, "paint", after: true) { [unowned self] in
            self.records[self.currentFrame]?.paintEnd = MonotonicClock.microseconds
            self.records[self.currentFrame]?.painted = true
        }
        Signal.connect(clock, "after-paint", after: true) { [unowned self] in self.afterPaint() }
    }

    private func afterPaint() {
        guard var r = records[currentFrame] else { return }
        r.end = MonotonicClock.microseconds
        r.cpuEnd = Self.cpuMicros(CLOCK_PROCESS_CPUTIME_ID)
        r.mainCpuEnd = Self.cpuMicros(CLOCK_THREAD_CPUTIME_ID)
        r.binds = bindsSoFar
        r.alive = aliveNow
        let table = poolTable?.table ?? other?.tableWidget
        r.mounted = table.map { $0.listView is TableView || $0.listView is CollectionView ? $0.listView.mountedCellCount : 0 } ?? 0
        r.ticks = poolTable?.reconfigureCalls ?? 0
        r.recorded = table?.nodeCache.recordings ?? 0
        alivePeak = max(alivePeak, r.alive)
        records[currentFrame] = r
        if firstFrameMicros == nil && r.painted && gtk_widget_get_mapped(window) != 0 {
            firstFrameMicros = r.end
        }
    }

    /// A CPU-time clock in microseconds (the calling thread's for `CLOCK_THREAD_CPUTIME_ID`).
    static func cpuMicros(_ clock: clockid_t) -> Int {
        var ts = timespec()
        clock_gettime(clock, &ts)
        return ts.tv_sec * 1_000_000 + ts.tv_nsec / 1000
    }

    var bindsSoFar: Int {
        if let p = poolTable { return p.tableView.statistics.binds }
        if let o = other { return o.binds }
        return listView?.binds ?? 0
    }

    /// PoolTable: the last visible row; GtkListView: the highest position bound since the reset.
    var lastRowShownNow: Int {
        if let p = poolTable { return p.tableView.indexPathsForVisibleRows.last?.row ?? -1 }
        return listView?.highestBound ?? -1
    }

    var aliveNow: Int {
        if let p = poolTable {
            return p.tableView.cellsAlive
        }
        if let o = other { return o.alive }
        return listView?.alive ?? 0
    }

    // MARK: The script

    /// Runs in the update phase of every frame: after the first frame and a short warm-up,
    /// one script step per frame; a few idle frames at the end; then stop.
    private func tick(_ clock: OpaquePointer?) -> Bool {
        guard firstFrameMicros != nil else { return true }
        framesSinceFirstPaint += 1
        if framesSinceFirstPaint <= 5 { return true }
        if step < script.count {
            let (kind, fraction) = script[step]
            let frame = clock.map { Int(gdk_frame_clock_get_frame_counter($0)) } ?? currentFrame
            records[frame, default: Record()].step = step
            records[frame, default: Record()].kind = kind
            step += 1
            markDamageLog(kind)
            if kind == "tiny" { benchWindow.flipProbe() }
            if let other, other.perform(kind) { return true }
            if !options.script.isEmpty, FramesScript.isAction(kind) {
                FramesScript.perform(kind, child: self)
                return true
            }
            if kind == "tiny" || kind == "idle" { return true }
            if options.movement == "drag" {
                if kind == "scroll" { sweepLiftedRow() }
                return true
            }
            let upper = gtk_adjustment_get_upper(adjustment), page = gtk_adjustment_get_page_size(adjustment)
            let maxValue = max(0, upper - page)
            let value = fraction.map { $0 * maxValue } ?? min(maxValue, Double(step) * 37)
            if kind == "jump100" { listView?.resetHighestBound() }
            if kind == "home" { lastRowAfterJump = lastRowShownNow }   // the jump to 100 % is laid out by now
            gtk_adjustment_set_value(adjustment, value)
            if options.movement == "move", kind == "scroll" { dragLiftedRow() }
            return true
        }
        settleFrames += 1
        if settleFrames >= 3 {
            done = true
            return false
        }
        return true
    }

    /// With `DAMAGE_LOG` set (scripts/damage-tick.sh, beside scripts/damage/probe.c, which
    /// appends each frame's damage to that file), a "step KIND" line before the frame's damage.
    private func markDamageLog(_ kind: String) {
        guard let path = damageLogPath, let f = fopen(path, "a") else { return }
        fputs("step \(kind)\n", f)
        fclose(f)
    }
    /// Read once: `ProcessInfo.environment` builds a dictionary on every call, which cost
    /// 0.4 M instructions in every scripted frame's update phase (callgrind).
    private let damageLogPath: String? = ProcessInfo.processInfo.environment["DAMAGE_LOG"]

    /// `--movement move`: on the first scroll step, lifts the row a third of the way down the
    /// viewport; on every scroll step, moves its target with the viewport to that same place
    /// on screen, so the proposed destination changes every frame or two and the rows it
    /// passes glide out of its way (as a hand holding a row while the list scrolls under it).
    /// The script ends with the jumps, still moving.
    private func dragLiftedRow() {
        guard let table = poolTable?.tableView else { return }
        let value = gtk_adjustment_get_value(adjustment)
        hold(table, at: Point(x: table.frame.width / 2, y: value + table.frame.height / 3))
    }

    /// `--movement drag`: the list stays where it is; on the first scroll step the row a fifth
    /// of the way down is lifted, and on every scroll step its target moves 37 px (the scroll
    /// steps' distance), down to four fifths of the viewport and back up, again and again: the
    /// destination changes every frame or two and the rows it passes glide out of its way, as
    /// under a hand dragging a row across a still list. It stays clear of the auto-scroll edges.
    private func sweepLiftedRow() {
        guard let table = poolTable?.tableView else { return }
        let height = table.frame.height, top = gtk_adjustment_get_value(adjustment) + height / 5
        let span = height * 3 / 5, travel = Double(framesMoving) * 37
        let along = travel.truncatingRemainder(dividingBy: 2 * span)
        hold(table, at: Point(x: table.frame.width / 2, y: top + (along <= span ? along : 2 * span - along)))
    }

    /// Moves the lifted row's target to `point` (content coordinates), lifting the row there first.
    private func hold(_ table: TableView, at point: Point) {
        if !table.isMovingInteractively {
            guard let row = table.indexPathForRow(at: point) else { return }
            table.beginInteractiveMovementForRow(at: row)
        }
        table.updateInteractiveMovementTargetPosition(point)
        if table.isMovingInteractively { framesMoving += 1 }
    }

    // MARK: Results

    private func collect() -> ChildResult {
        let ordered = records.sorted { $0.key < $1.key }
        var frames: [FrameSample] = []
        var previousBinds = 0, previousTicks = 0, previousRecorded = 0
        var scripted = 0
        for (_, r) in ordered {
            defer { previousBinds = r.binds; previousTicks = r.ticks; previousRecorded = r.recorded }
            guard r.step >= 0, r.end > 0 else { continue }
            scripted += 1
            let layoutEnd = max(r.layoutEnd, r.updateEnd, r.start)
            let paintEnd = max(r.paintEnd, layoutEnd)
            frames.append(FrameSample(
                step: r.step, kind: r.kind,
                workMs: Double(r.end - r.start) / 1000,
                updateMs: Double(max(r.updateEnd, r.start) - r.start) / 1000,
                layoutMs: Double(layoutEnd - max(r.updateEnd, r.start)) / 1000,
                paintMs: Double(paintEnd - layoutEnd) / 1000,
                afterPaintMs: Double(r.end - paintEnd) / 1000,
                binds: r.binds - previousBinds, alive: r.alive, mounted: r.mounted,
                ticks: r.ticks - previousTicks, recorded: r.recorded - previousRecorded,
                cpuMs: Double(r.cpuEnd - r.cpuStart) / 1000, mainCpuMs: Double(r.mainCpuEnd - r.mainCpuStart) / 1000))
        }
        let firstScripted = ordered.first { $0.value.step >= 0 }?.key ?? 0
        let framesSeen = ordered.filter { $0.key >= firstScripted }.count
        if scripted < script.count { notes.append("\(script.count - scripted) scripted frames were not measured") }

        if options.movement == "move" || options.movement == "drag" {
            notes.append("a row was moved by hand on \(framesMoving) of \(options.frames) scroll steps")
        }
        let renderer = gtk_native_get_renderer(window.opaque).map { $0.typeName } ?? "?"
        let mem = memoryStatus()
        var visible = 0, prepared = 0, pooled = 0, created = 0
        var reconfigureCalls = 0, rowsReconfigured = 0
        var rowHeights: [Double] = []
        var lastRow = -1
        if let p = poolTable {
            lastRow = lastRowAfterJump
            rowHeights = [p.oneLineHeight, p.twoLineHeight]
            visible = p.tableView.visibleCells.count
            prepared = p.tableView.preparedCells.count
            pooled = p.tableView.pooledCellCounts.reduce(0) { $0 + $1.count }
            created = p.tableView.cellsCreated
            reconfigureCalls = p.reconfigureCalls
            rowsReconfigured = p.rowsReconfigured
        } else if let l = listView {
            visible = visibleListRows(l)
            lastRow = lastRowAfterJump
            // Border boxes (CSS padding included) of the row widgets.
            var child = gtk_widget_get_first_child(l.listView)
            var heights = Set<Double>()
            while let c = child {
                var bounds = graphene_rect_t()
                if gtk_widget_get_child_visible(c) != 0, gtk_widget_compute_bounds(c, l.listView, &bounds) != 0, bounds.size.height > 0 {
                    heights.insert(Double(bounds.size.height))
                }
                child = gtk_widget_get_next_sibling(c)
            }
            rowHeights = heights.sorted()
            created = l.setups
        } else if let o = other {
            rowHeights = o.rowHeights
            created = o.created
            visible = o.visibleRows
            notes += o.notes
        }
        return ChildResult(
            toolkit: options.toolkit, rows: options.rows, downloads: options.downloads,
            rendererRequested: ProcessInfo.processInfo.environment["GSK_RENDERER"] ?? "",
            renderer: renderer,
            timeToFirstFrameMs: Double((firstFrameMicros ?? t0) - t0) / 1000,
            peakRSSKiB: mem.peakKiB, finalRSSKiB: mem.currentKiB,
            frames: frames, aliveFinal: aliveNow, alivePeak: alivePeak, created: created,
            visibleAtEnd: visible, preparedAtEnd: prepared, pooledAtEnd: pooled, bindsTotal: bindsSoFar,
            reconfigureCalls: reconfigureCalls, rowsReconfigured: rowsReconfigured,
            framesSeen: framesSeen, lastRowShown: lastRow, rowHeights: rowHeights, notes: notes,
            columnWidths: other?.columnWidths, figures: other?.figures)
    }

    /// Row widgets of the GtkListView that intersect its allocation.
    private func visibleListRows(_ host: ListViewHost) -> Int {
        let height = Float(gtk_widget_get_height(host.listView))
        var count = 0
        var child = gtk_widget_get_first_child(host.listView)
        while let c = child {
            var bounds = graphene_rect_t()
            if gtk_widget_get_child_visible(c) != 0, gtk_widget_compute_bounds(c, host.listView, &bounds) != 0,
               bounds.size.height > 0, bounds.origin.y < height, bounds.origin.y + bounds.size.height > 0 {
                count += 1
            }
            child = gtk_widget_get_next_sibling(c)
        }
        return count
    }
}

/// A host `gui-one` measures other than `PoolTableHost` and `ListViewHost` (the `columns`
/// bench's GtkColumnView and PoolTable table with columns; the `layouts` bench's grids).
@MainActor
protocol BenchChildHost: AnyObject {
    /// The widget to put in the window (a `GtkScrolledWindow`) and its vertical adjustment.
    var widget: UnsafeMutablePointer<GtkWidget> { get }
    var vadjustment: UnsafeMutablePointer<GtkAdjustment> { get }
    /// PoolTable's widget, for its mounted cells and node recordings; nil for a GTK widget.
    var tableWidget: TableWidget? { get }
    /// Binds so far (PoolTable: `cellForRowAt` calls; GTK: factory binds).
    var binds: Int { get }
    /// Cells or widgets alive now, and made so far.
    var alive: Int { get }
    var created: Int { get }
    /// Rows visible at the end, their heights, and the columns' widths.
    var visibleRows: Int { get }
    var rowHeights: [Double] { get }
    var columnWidths: [Double]? { get }
    var notes: [String] { get }
    /// Makes a scripted step of the host's own (`layouts`: paging a carousel) in the update
    /// phase of its frame; false for a step GuiChild makes (scroll, jumps, idle).
    func perform(_ kind: String) -> Bool
    /// Figures of the host's own, reported in `ChildResult.figures`.
    var figures: [String: Double] { get }
}

extension BenchChildHost {
    func perform(_ kind: String) -> Bool { false }
    var figures: [String: Double] { [:] }
}

/// Compact JSON on one line (for the child → parent pipe).
func jsonLine<T: Encodable>(_ value: T) -> String {
    let enc = JSONEncoder()
    enc.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    guard let data = try? enc.encode(value) else { return "{}" }
    return String(decoding: data, as: UTF8.self)
}
