import CGtk
import Foundation
import PoolTable
@_spi(Interop) import PoolTableGtk

// `pooltable-bench filter` (issue 35): typing into a search over 1,000,000 rows. The same
// GtkStringList is filtered by the same incremental GtkFilterListModel (a GtkStringFilter,
// substring, ignoring case), shown once by GtkListView (GtkNoSelection, a GtkLabel per row)
// and by PoolTable's TableView through ListModelDataSource, twice: as it comes (changes
// applied at once, as GtkListView applies them) and with `animatesChanges` (rows on screen
// glide and fade: the price of the animation), each in its own child process
// (`filter-one --toolkit listview|pooltable|pooltable-animated`), taking turns. A letter is
// typed ("e"), the list settles, a second letter narrows it ("el"). Per letter: the time from
// the keystroke to the first frame that shows filtered rows and to the frame after the filter
// finished (pending 0), the frames' work (before-paint to after-paint) and their spacing
// (after-paint to after-paint: a main loop busy filtering shows as a long gap) at
// p50/p99/max, binds per frame, the time in the view's items-changed, and peak RSS.

/// What one letter cost.
struct FilterLetter: Codable {
    var text: String
    var matches: Int
    var firstFilteredFrameMs: Double
    var settledMs: Double
    var frames: Int
    var workP50: Double, workP99: Double, workMax: Double
    var gapP50: Double, gapP99: Double, gapMax: Double
    var bindsPerFrameMean: Double, bindsPerFrameMax: Int
    /// `items-changed` signals until settled, and the time the toolkit spent handling them
    /// (from a handler connected before the view's to one connected after it).
    var itemsChanged: Int = 0
    var itemsChangedMs: Double = 0
    /// Main-loop iterations from the keystroke until settled (each dispatches the sources of
    /// one priority: a source above GTK's idle filter step costs an iteration per step).
    var mainLoopIterations: Int = 0
    /// PoolTable: updates of the accessible rows (nil for GtkListView).
    var accessibilityUpdates: Int?
    /// CPU time from the keystroke until settled: the main thread's, and the whole
    /// process's (with the renderer's threads: Mesa's llvmpipe rasterizes in its own).
    var mainThreadCPUMs: Double = .nan
    var processCPUMs: Double = .nan
}

struct FilterChildResult: Codable {
    var toolkit: String
    var rows: Int
    var rowHeight: Double
    var letters: [FilterLetter]
    var peakRSSKiB: Int
    /// `/proc/self/smaps_rollup` when RSS was largest among the samples taken after each
    /// letter settled and at the end.
    var rollup: MemoryRollup?
    var notes: [String]
}

/// The rows' texts: two words of a fixed vocabulary and the row number (deterministic).
func filterRowTexts(_ n: Int) -> [String] {
    let words = ["amber", "birch", "cobalt", "delta", "ember", "fjord", "granite", "harbor", "indigo", "juniper",
                 "kestrel", "lumen", "meadow", "nimbus", "onyx", "pylon", "quartz", "rowan", "sable", "tundra",
                 "umber", "violet", "willow", "xenon", "yarrow", "zephyr", "atlas", "basalt", "cinder", "dune"]
    var rng = SplitMix64(seed: 35)
    return (0..<n).map { i in "\(words[Int(rng.next() % UInt64(words.count))]) \(words[Int(rng.next() % UInt64(words.count))]) \(i)" }
}

/// The keystroke and every main-loop iteration until the list settled go through these two
/// functions, so that callgrind counts exactly a letter's work on the main thread:
/// `valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*filterBenchMeasured*'
/// pooltable-bench filter-one …` (docs/bench/FILTER.md).
@inline(never)
func filterBenchMeasuredIteration() { g_main_context_iteration(nil, 1) }

@inline(never)
func filterBenchMeasuredSetSearch(_ filter: OpaquePointer, _ text: UnsafePointer<CChar>) { gtk_string_filter_set_search(filter, text) }

/// A CPU-time clock (`CLOCK_THREAD_CPUTIME_ID`: the calling thread's) in microseconds.
func cpuMicroseconds(_ clock: clockid_t) -> Int {
    var t = timespec()
    clock_gettime(clock, &t)
    return t.tv_sec * 1_000_000 + t.tv_nsec / 1_000
}

/// The parent: runs the children, taking turns, and prints the side-by-side table.
@MainActor
struct FilterBench {
    let options: Options
    /// The children, in turn: GtkListView, PoolTable as it comes (changes at once), PoolTable
    /// with `animatesChanges`.
    static let toolkits = ["listview", "pooltable", "pooltable-animated"]

    func run(command: String) {
        var notes: [String] = []
        let machine = MachineInfo.current()
        let rounds = options.rounds ?? (options.smoke ? 1 : 2)
        let rows = options.smoke ? 20_000 : options.rows
        var results: [String: [FilterChildResult]] = [:]
        var rowHeight: Double?
        for round in 0..<rounds {
            // Every other round PoolTable's child runs before GtkListView's: which child runs
            // first moves GTK's own filter steps by tens of ms (docs/bench/FILTER.md), so
            // neither toolkit always gets the same place. The first round measures GtkListView's
            // row height first, for PoolTable's children.
            let order = round % 2 == 0 ? Self.toolkits : ["pooltable", "listview", "pooltable-animated"]
            for toolkit in order {
                var arguments = ["filter-one", "--toolkit", toolkit, "--rows", "\(rows)"]
                if toolkit != "listview", let rowHeight { arguments += ["--heights", "\(rowHeight),\(rowHeight)"] }
                let r: FilterChildResult? = runBenchChild(arguments, renderer: "default", what: "filter \(toolkit)", notes: &notes)
                if let r {
                    results[toolkit, default: []].append(r)
                    if toolkit == "listview" { rowHeight = rowHeight ?? r.rowHeight }
                }
            }
        }
        var out = "Filtering \(groupedDigits(rows)) GtkStringList rows through an incremental GtkFilterListModel "
            + "(GtkStringFilter), typing \"e\" then \"el\"; 800x600 window, default renderer; "
            + "medians over \(rounds) run(s) per toolkit\n"
        out += "machine: \(machine.cpu), \(machine.cores) cores; load average at start \(machine.loadAverage) (a shared machine: not quiet)\n\n"
        let header = ["letter", "figure", "GtkListView", "PoolTable", "PoolTable animated"]
        var table: [[String]] = []
        func median(_ toolkit: String, _ letter: Int, _ decimals: Int, _ f: (FilterLetter) -> Double) -> String {
            var xs: [Double] = []   // a loop, not a closure over `f` (the release build refuses sending it)
            for r in results[toolkit] ?? [] where r.letters.indices.contains(letter) && !f(r.letters[letter]).isNaN { xs.append(f(r.letters[letter])) }
            return xs.isEmpty ? "—" : fmt(Stats.median(xs), decimals)
        }
        let figures: [(String, Int, (FilterLetter) -> Double)] = [
            ("matches", 0, { Double($0.matches) }),
            ("first filtered frame (ms)", 1, { $0.firstFilteredFrameMs }),
            ("settled (ms)", 1, { $0.settledMs }),
            ("frames until settled", 1, { Double($0.frames) }),
            ("frame work p50 (ms)", 1, { $0.workP50 }), ("frame work p99 (ms)", 1, { $0.workP99 }), ("frame work max (ms)", 1, { $0.workMax }),
            ("frame gap p50 (ms)", 1, { $0.gapP50 }), ("frame gap p99 (ms)", 1, { $0.gapP99 }), ("frame gap max (ms)", 1, { $0.gapMax }),
            ("binds per frame, mean", 1, { $0.bindsPerFrameMean }), ("binds per frame, max", 1, { Double($0.bindsPerFrameMax) }),
            ("items-changed signals", 0, { Double($0.itemsChanged) }), ("time in the view's items-changed (ms)", 1, { $0.itemsChangedMs }),
            ("time per items-changed (ms)", 3, { $0.itemsChanged > 0 ? $0.itemsChangedMs / Double($0.itemsChanged) : .nan }),
            ("main-loop iterations", 0, { Double($0.mainLoopIterations) }),
            ("accessibility updates", 0, { $0.accessibilityUpdates.map(Double.init) ?? .nan }),
            ("main-thread CPU (ms)", 1, { $0.mainThreadCPUMs }), ("process CPU (ms)", 1, { $0.processCPUMs }),
        ]
        for (letter, text) in ["e", "el"].enumerated() {
            for (name, decimals, f) in figures {
                table.append([text, name] + Self.toolkits.map { median($0, letter, decimals, f) })
            }
        }
        func rss(_ toolkit: String) -> String {
            let xs = (results[toolkit] ?? []).map { Double($0.peakRSSKiB) / 1024 }
            return xs.isEmpty ? "—" : fmt(Stats.median(xs), 1)
        }
        table.append(["", "peak RSS (MiB)"] + Self.toolkits.map(rss))
        let memoryFigures: [(String, KeyPath<MemoryRollup, Int>)] = [
            ("largest RSS sampled (MiB, smaps_rollup)", \.rss), ("  of it anonymous (MiB)", \.anonymous),
            ("  of it file-backed (MiB)", \.fileBacked), ("  private dirty (MiB)", \.privateDirty),
        ]
        for (name, field) in memoryFigures {
            var cells: [String] = []
            for toolkit in Self.toolkits {
                var xs: [Double] = []
                for r in results[toolkit] ?? [] { if let m = r.rollup { xs.append(Double(m[keyPath: field]) / 1024) } }
                cells.append(xs.isEmpty ? "—" : fmt(Stats.median(xs), 1))
            }
            table.append(["", name] + cells)
        }
        out += renderTable(header: header, rows: table, rightAligned: [false, false, true, true, true])
        let allNotes = notes + (results.values.flatMap { $0.flatMap(\.notes) })
        out += Set(allNotes).sorted().map { "note: " + $0 }.joined(separator: "\n")
        out += "\ncommand: \(command)\n"
        print(out)
    }
}

/// One toolkit, one process: builds the model, shows it, types the letters, prints one JSON line.
@MainActor
final class FilterChild {
    let options: Options
    private let window: BenchWindow
    private let strings: OpaquePointer
    private let filter: OpaquePointer
    private let model: OpaquePointer
    private var listView: UnsafeMutablePointer<GtkWidget>?
    private var listBinds = 0
    private var table: TableWidget?
    private var source: ListModelDataSource?
    private var notes: [String] = []

    /// Frame records of the letter being measured.
    private struct Frame { var start = 0; var end = 0; var binds = 0; var pending = 0; var changed = false; var animating = false; var snapshotMs = 0.0 }
    private var frames: [Frame] = []
    private var current = Frame()
    private var lastEnd = 0
    private var bindsAtLastEnd = 0
    private var firstFrameDone = false
    private var warmFrames = 0
    private var letterIndex = -1
    private var typedAt = 0
    private var changedSinceTyped = false
    private var framesAfterSettled = 0
    private var letters: [FilterLetter] = []
    private var done = false
    /// The searches typed, in order (`--texts`; "el" after "e" narrows, "e" after "el" widens).
    private let texts: [String]

    init(options: Options) {
        self.options = options
        texts = options.filterTexts ?? ["e", "el"]
        gtk_init()
        window = BenchWindow(title: "filter \(options.toolkit)")
        let rows = filterRowTexts(options.rows)
        let duplicated = rows.map { strdup($0) }
        var array: [UnsafePointer<CChar>?] = duplicated.map { UnsafePointer($0) } + [nil]
        strings = array.withUnsafeMutableBufferPointer { gtk_string_list_new($0.baseAddress) }!
        for p in duplicated { free(p) }
        filter = gtk_string_filter_new(gtk_property_expression_new(gtk_string_object_get_type(), nil, "string"))!
        gtk_string_filter_set_ignore_case(filter, 1)
        gtk_string_filter_set_match_mode(filter, GTK_STRING_FILTER_MATCH_MODE_SUBSTRING)
        g_object_ref(filter.rawPointer)
        model = gtk_filter_list_model_new(strings, UnsafeMutablePointer<GtkFilter>(filter))!   // takes strings and filter
        gtk_filter_list_model_set_incremental(model, options.filterAtOnce ? 0 : 1)
        let traces = getenv("FILTER_FRAMES") != nil
        Signal.connectItemsChanged(model) { [unowned self] position, removed, added in
            if traces && (removed > 600 || added > 600) {
                FileHandle.standardError.write(Data("items-changed \(position) -\(removed) +\(added)\n".utf8))
            }
            if self.typedAt != 0 { self.changedSinceTyped = true }
            self.handlingSince = MonotonicClock.microseconds
        }
    }

    /// When the current `items-changed` reached the first handler; its count and the time
    /// spent in the view's handlers this letter.
    private var handlingSince = 0
    private var itemsChangedCount = 0
    private var itemsChangedMicros = 0
    /// Main-loop iterations and accessible-rows updates since the keystroke.
    private var iterations = 0
    private var accessibilityUpdatesAtTyped = 0
    /// CPU clocks (µs) at the keystroke.
    private var threadCPUAtTyped = 0, processCPUAtTyped = 0
    private var threadCPUUntilSettled = 0, processCPUUntilSettled = 0
    /// The smaps_rollup sample with the largest RSS so far.
    private var largestRollup: MemoryRollup?

    /// Reads smaps_rollup (after a letter settled, outside the measured frames).
    private func sampleMemory() {
        let m = MemoryRollup.read()
        if m.rss > largestRollup?.rss ?? -1 { largestRollup = m }
    }

    /// Connected after the view's own handler: closes the timing of one `items-changed`.
    private func timeItemsChangedHandling() {
        Signal.connectItemsChanged(model) { [unowned self] _, _, _ in
            guard self.typedAt != 0 else { return }
            self.itemsChangedCount += 1
            self.itemsChangedMicros += MonotonicClock.microseconds - self.handlingSince
        }
    }

    /// FILTER_FRAMES=1: the memory at `what` on stderr (current, peak and anonymous RSS).
    private func traceMemory(_ what: String) {
        guard getenv("FILTER_FRAMES") != nil else { return }
        let m = memoryStatus()
        let heap = mallinfo2()
        FileHandle.standardError.write(Data("memory \(what): rss \(m.currentKiB / 1024) MiB peak \(m.peakKiB / 1024) anon \(m.anonKiB / 1024) file \(m.fileKiB / 1024) malloc in use \(heap.uordblks >> 20) free \(heap.fordblks >> 20) mmap \(heap.hblkhd >> 20) arena \(heap.arena >> 20)\n".utf8))
    }

    func run() {
        traceMemory("model built")
        if options.toolkit == "listview" { makeListView() } else { makePoolTable() }
        traceMemory("view made")
        timeItemsChangedHandling()
        Signal.connect(window.window, "realize", after: true) { [unowned self] in self.watchFrameClock() }
        gtk_window_present(window.window.cast(to: GtkWindow.self))
        _ = MainLoop.addTickCallback(window.window) { [unowned self] _ in !self.done }
        while !done {
            if typedAt != 0 {
                iterations += 1
                filterBenchMeasuredIteration()
            } else {
                g_main_context_iteration(nil, 1)
            }
        }
        sampleMemory()
        // FILTER_SMAPS=path: /proc/self/smaps now (RSS is largest at the end), to compare the
        // toolkits' mappings (docs/bench/FILTER.md).
        if let path = getenv("FILTER_SMAPS"), let input = fopen("/proc/self/smaps", "r"), let output = fopen(path, "w") {
            var buffer = [UInt8](repeating: 0, count: 1 << 16)   // read to the end: the file's size says 0
            while case let n = fread(&buffer, 1, buffer.count, input), n > 0 { fwrite(buffer, 1, n, output) }
            fclose(input)
            fclose(output)
            // FILTER_STOP=1 too: stopped there (SIGSTOP) until continued, to read /proc/PID/pagemap.
            if getenv("FILTER_STOP") != nil { raise(SIGSTOP) }
        }
        let result = FilterChildResult(toolkit: options.toolkit, rows: options.rows, rowHeight: rowHeight(), letters: letters,
                                       peakRSSKiB: memoryStatus().peakKiB, rollup: largestRollup, notes: notes)
        print("BENCH-RESULT " + jsonString(result).replacingOccurrences(of: "\n", with: ""))
        fflush(nil)
        exit(0)
    }

    private func makeListView() {
        g_object_ref(model.rawPointer)
        let selection = gtk_no_selection_new(model)!
        let factory = gtk_signal_list_item_factory_new()!
        Signal.connectPointer(factory, "setup") { item in
            guard let item else { return }
            let label = gtk_label_new(nil)!
            gtk_label_set_xalign(label.opaque, 0)
            gtk_list_item_set_child(OpaquePointer(item), label)
        }
        Signal.connectPointer(factory, "bind") { [unowned self] item in
            guard let item else { return }
            self.listBinds += 1
            let li = OpaquePointer(item)
            guard let label = gtk_list_item_get_child(li), let object = gtk_list_item_get_item(li) else { return }
            gtk_label_set_text(label.opaque, gtk_string_object_get_string(OpaquePointer(object)))
        }
        let list = gtk_list_view_new(selection.opaque, factory)!
        listView = list
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(scroller.opaque, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(scroller.opaque, list)
        gtk_widget_set_vexpand(scroller, 1)
        window.setChild(scroller)
    }

    private func makePoolTable() {
        let table = TableWidget()
        table.tableView.register({ TableViewCell(reuseIdentifier: $0) }, forCellReuseIdentifier: "cell")
        table.tableView.separatorStyle = .none
        if let heights = options.rowHeights { table.tableView.rowHeight = heights.0 }
        let source = ListModelDataSource(model: model)
        source.animatesChanges = options.toolkit == "pooltable-animated"
        source.attach(to: table.tableView)
        self.table = table
        self.source = source
        window.setChild(table.widget)
    }

    /// GtkListView: its first row widget's height; PoolTable: the row height it was given.
    private func rowHeight() -> Double {
        if let table { return table.tableView.rowHeight }
        guard let list = listView, let row = gtk_widget_get_first_child(list) else { return 0 }
        return Double(gtk_widget_get_height(row))
    }

    private var binds: Int { source?.bindCount ?? listBinds }

    // MARK: Frames

    private func watchFrameClock() {
        guard let clock = gtk_widget_get_frame_clock(window.window) else { notes.append("no frame clock"); return }
        Signal.connect(clock, "before-paint") { [unowned self] in
            self.current = Frame(start: MonotonicClock.microseconds)
        }
        Signal.connect(clock, "after-paint", after: true) { [unowned self] in self.afterPaint() }
    }

    private func afterPaint() {
        let now = MonotonicClock.microseconds
        var frame = current
        frame.end = now
        // Binds since the last frame ended: a model change binds where it is applied (in
        // GTK's idle filter step or in the frame's layout), both before this frame shows it.
        frame.binds = binds - bindsAtLastEnd
        bindsAtLastEnd = binds
        frame.pending = Int(gtk_filter_list_model_get_pending(model))
        frame.changed = changedSinceTyped
        frame.animating = table?.tableView.hasRunningAnimations ?? false
        frame.snapshotMs = table?.frameWorkMilliseconds ?? 0
        defer { lastEnd = now }
        if !firstFrameDone {
            firstFrameDone = gtk_widget_get_mapped(window.window) != 0
            if firstFrameDone { traceMemory("first frame") }
            return
        }
        if letterIndex < 0 || typedAt == 0 {
            warmFrames += 1
            if warmFrames >= 20 { typeNext() }
            return
        }
        frames.append(frame)
        if frame.pending == 0 && changedSinceTyped {
            if framesAfterSettled == 0 {   // the settled frame: CPU until here
                threadCPUUntilSettled = cpuMicroseconds(CLOCK_THREAD_CPUTIME_ID) - threadCPUAtTyped
                processCPUUntilSettled = cpuMicroseconds(CLOCK_PROCESS_CPUTIME_ID) - processCPUAtTyped
            }
            framesAfterSettled += 1
            if framesAfterSettled >= 2 { finishLetter() }
        }
    }

    /// Types the next letter (the search gains one), at the end of a frame.
    private func typeNext() {
        letterIndex += 1
        traceMemory("before letter \(letterIndex)")
        guard letterIndex < texts.count else { done = true; return }
        frames = []
        changedSinceTyped = false
        framesAfterSettled = 0
        itemsChangedCount = 0
        itemsChangedMicros = 0
        iterations = 0
        accessibilityUpdatesAtTyped = table?.accessibleUpdatesRun ?? 0
        threadCPUAtTyped = cpuMicroseconds(CLOCK_THREAD_CPUTIME_ID)
        processCPUAtTyped = cpuMicroseconds(CLOCK_PROCESS_CPUTIME_ID)
        typedAt = MonotonicClock.microseconds
        filterBenchMeasuredSetSearch(filter, texts[letterIndex])
    }

    private func finishLetter() {
        let ms = { (us: Int) in Double(us) / 1000 }
        // The first frame after the model changed; settled: the frame where pending reached 0.
        let firstFiltered = frames.first { $0.changed }
        let settled = frames.first { $0.pending == 0 }
        let measured = frames.prefix { $0.pending > 0 } + (settled.map { [$0] } ?? [])
        let work = measured.map { ms($0.end - $0.start) }
        var gaps: [Double] = []
        var previous = typedAt
        for f in measured { gaps.append(ms(f.end - previous)); previous = f.end }
        let bindsPerFrame = measured.map(\.binds)
        // FILTER_FRAMES=1: every measured frame on stderr (start after the keystroke, work,
        // binds, pending), to see which frames cost what.
        if getenv("FILTER_FRAMES") != nil {
            for f in measured {
                FileHandle.standardError.write(Data("frame \(texts[letterIndex]) at \(fmt(ms(f.start - typedAt), 1)) work \(fmt(ms(f.end - f.start), 2)) binds \(f.binds) pending \(f.pending)\(f.animating ? " animating" : "") snapshot \(fmt(f.snapshotMs, 2))\n".utf8))
            }
        }
        letters.append(FilterLetter(
            text: texts[letterIndex], matches: Int(g_list_model_get_n_items(model)),
            firstFilteredFrameMs: firstFiltered.map { ms($0.end - typedAt) } ?? .nan,
            settledMs: settled.map { ms($0.end - typedAt) } ?? .nan, frames: measured.count,
            workP50: Stats.percentile(work, 50), workP99: Stats.percentile(work, 99), workMax: work.max() ?? .nan,
            gapP50: Stats.percentile(gaps, 50), gapP99: Stats.percentile(gaps, 99), gapMax: gaps.max() ?? .nan,
            bindsPerFrameMean: Stats.mean(bindsPerFrame.map(Double.init)), bindsPerFrameMax: bindsPerFrame.max() ?? 0,
            itemsChanged: itemsChangedCount, itemsChangedMs: ms(itemsChangedMicros), mainLoopIterations: iterations,
            accessibilityUpdates: table.map { $0.accessibleUpdatesRun - accessibilityUpdatesAtTyped },
            mainThreadCPUMs: ms(threadCPUUntilSettled), processCPUMs: ms(processCPUUntilSettled)))
        sampleMemory()
        // The list rests ten frames, then the next letter (afterPaint), or the run ends.
        traceMemory("letter \(texts[letterIndex]) settled")
        typedAt = 0
        warmFrames = 10
        if letterIndex + 1 >= texts.count { done = true }
    }
}
