import CGtk
import Foundation
import PoolTableGtk
@_spi(Hosting) @_spi(Diagnostics) import PoolTable

// `pooltable-bench frames` (issue 36): every frame type, PoolTable beside GtkListView where
// GTK has an equivalent, in one run. Each toolkit runs `gui-one --script frames` in its own
// process (GuiChild.swift drives the frame clock; FramesScript below says what each scripted
// frame does); the apply rows come from `EngineBench.measureDiff` (the `apply` mode), in
// this process.

/// The `frames` script: which change each frame makes, for both toolkits.
@MainActor
enum FramesScript {
    /// The first row of the shift-click range, and its length.
    static let rangeStart = 0, rangeLength = 50
    /// Rows inserted above the viewport by each insert.
    static let insertCount = 10

    /// Scroll steps, the jumps, then (at the top, where the live rows are) ticks, Select All,
    /// shift-click ranges, edit-mode slides, and inserts above the viewport from the middle.
    /// Idle frames between let each change finish; "editing" and "inserting" are the
    /// animation frames that follow a slide or an insert.
    ///
    /// `pacing`: ticks and tinies alternating, each after one idle frame and after two
    /// (the wall clock of a GL frame depends on the pause before it; RESULTS.md).
    ///
    /// For callgrind, one frame type `n` times from the top: `ticks` (a tick, two idle
    /// frames), `tinies` (the header bar's 4x4 px probe, two idle frames), `scrolls` (a
    /// +37 px step), `slides` (an animated edit-mode slide in, 15 frames, then edit mode
    /// off at once and two idle frames), `selects` (Select All, an idle frame, Deselect
    /// All, an idle frame: two repaints of every row), `jumps` (a jump to 50 % or 25 % of
    /// the list in turn, every row new, two idle frames), `inserts` (from the middle of
    /// the list, 10 rows inserted above the viewport and the 24 frames of its animation) or
    /// `scrolled-tinies` (`tinies` after ten +37 px steps and five idle frames, in the
    /// baseline too: the floor once a scroll has come to rest);
    /// `idles` or `idle-KIND`: the same frames with
    /// nothing changed, the baseline a frame type's cost is measured against (`idles` is
    /// `idle-ticks`).
    static func steps(_ script: String, frames n: Int) -> [(kind: String, fraction: Double?)] {
        let reps = max(6, n / 20)
        let idle: (kind: String, fraction: Double?) = ("idle", nil)
        if script == "pacing" {
            // Ticks and tinies, each after one idle frame and after two, in turn (`n` of each
            // kind after each): whether a frame's wall time depends on the pause before it.
            var s: [(kind: String, fraction: Double?)] = [("home", 0)] + Array(repeating: idle, count: 5)
            for _ in 0..<n { s += [("tick", nil), idle, ("tiny", nil), idle, ("tick", nil), idle, idle, ("tiny", nil), idle, idle] }
            return s
        }
        if let counted = countedKind(script) {
            // The inserts start from the middle, as the `frames` script's do (baseline included).
            var s: [(kind: String, fraction: Double?)] = [("home", counted == "inserts" ? 0.5 : 0)] + Array(repeating: idle, count: 5)
            if counted == "scrolled-tinies" { s += Array(repeating: ("scroll", nil), count: 10) + Array(repeating: idle, count: 5) }
            let start = s.count
            for i in 0..<n {
                switch counted {
                case "ticks": s += [("tick", nil), idle, idle]
                case "tinies", "scrolled-tinies": s += [("tiny", nil), idle, idle]
                case "scrolls": s += [("scroll", nil)]
                case "selects": s += [("selectall", nil), idle, ("deselectall", nil), idle]
                case "jumps": s += [i % 2 == 0 ? ("jump50", 0.5) : ("jump25", 0.25), idle, idle]
                case "inserts": s += [("insert", nil)] + Array(repeating: ("inserting", nil), count: 24)
                default: s += [("edit", nil)] + Array(repeating: ("editing", nil), count: 15) + [("editoff", nil), idle, idle]
                }
            }
            let baseline = script == "idles" || script.hasPrefix("idle-")
            return baseline ? Array(s[..<start]) + s[start...].map { _ in idle } : s
        }
        var s: [(kind: String, fraction: Double?)] = Array(repeating: ("scroll", nil), count: n)
        s += [("jump25", 0.25), ("jump50", 0.5), ("jump75", 0.75), ("jump100", 1.0), ("home", 0)]
        s += Array(repeating: idle, count: 5)
        for _ in 0..<reps * 3 { s += [("tick", nil), idle, idle] }
        // The floor: only the header bar's 4x4 px probe changes (the table is not touched).
        for _ in 0..<reps * 2 { s += [("tiny", nil), idle] }
        for _ in 0..<reps { s += [("selectall", nil), idle, ("deselectall", nil), idle] }
        for _ in 0..<reps { s += [("rangeanchor", nil), idle, ("rangescroll", nil), idle, idle, ("shiftrange", nil), idle, ("rangeclear", nil), idle, idle] }
        // 0.25 s slides: 15 frames on the bench's fixed 1/60 s step, every one of them moving.
        for _ in 0..<max(2, reps / 3) {
            s += [("edit", nil)] + Array(repeating: ("editing", nil), count: 15) + [("editoff", nil), idle, idle]
        }
        s += [("jump50", 0.5), idle, idle]
        for _ in 0..<reps { s += [("insert", nil)] + Array(repeating: ("inserting", nil), count: 24) }
        return s
    }

    /// The frame type a callgrind script repeats (`countedKinds`), for it and its `idle-`
    /// baseline; nil for the other scripts.
    nonisolated static func countedKind(_ script: String) -> String? {
        let kind = script == "idles" ? "ticks" : script.hasPrefix("idle-") ? String(script.dropFirst(5)) : script
        return countedKinds.contains(kind) ? kind : nil
    }
    nonisolated static let countedKinds = ["ticks", "tinies", "scrolls", "slides", "selects", "jumps", "inserts", "scrolled-tinies"]

    /// Kinds that `perform` carries out (the others are GuiChild's: scroll, jumps, idle).
    static func isAction(_ kind: String) -> Bool {
        ["tick", "selectall", "deselectall", "rangeanchor", "rangescroll", "shiftrange", "rangeclear",
         "edit", "editing", "editoff", "insert", "inserting"].contains(kind)
    }

    /// Makes `kind`'s change in the update phase of its frame (this frame lays it out and paints it).
    static func perform(_ kind: String, child: GuiChild) {
        if let host = child.poolTable { performPoolTable(kind, host: host, child: child) }
        if let host = child.listView { performListView(kind, host: host, child: child) }
    }

    private static func performPoolTable(_ kind: String, host: PoolTableHost, child: GuiChild) {
        let table = host.tableView
        func rowPoint(_ row: Int) -> Point {
            let r = table.rectForRow(at: IndexPath(row: row, section: 0))
            return Point(x: 200, y: r.midY - table.contentOffset.y)
        }
        switch kind {
        case "tick": host.tickDownloads()
        case "selectall": table.selectAll(animated: false)
        case "deselectall", "rangeclear":
            table.deselectAll(animated: false)
            if kind == "rangeclear" { gtk_adjustment_set_value(child.adjustment, 0) }
        case "rangeanchor":
            table.pointerDown(at: rowPoint(rangeStart))
            table.pointerUp(at: rowPoint(rangeStart))
        case "rangescroll":
            let last = table.rectForRow(at: IndexPath(row: rangeStart + rangeLength - 1, section: 0))
            gtk_adjustment_set_value(child.adjustment, max(0, last.maxY - table.frame.height + 4))
        case "shiftrange":
            let p = rowPoint(rangeStart + rangeLength - 1)
            table.pointerDown(at: p, modifiers: .shift)
            table.pointerUp(at: p)
        case "edit": table.setEditing(true, animated: true)
        case "editoff": table.setEditing(false, animated: false)
        case "insert":
            let first = table.indexPathsForVisibleRows.first?.row ?? 0
            host.insertRows(at: max(0, first - 20), count: insertCount)
        default: break   // "editing", "inserting": the animation's own frames
        }
    }

    private static func performListView(_ kind: String, host: ListViewHost, child: GuiChild) {
        let selection = host.selection
        switch kind {
        case "tick": host.tickLiveRows()
        case "selectall": gtk_selection_model_select_all(selection)
        case "deselectall", "rangeclear":
            gtk_selection_model_unselect_all(selection)
            if kind == "rangeclear" { gtk_adjustment_set_value(child.adjustment, 0) }
        case "rangeanchor": gtk_selection_model_select_item(selection, guint(rangeStart), 1)
        case "rangescroll":
            // Row heights as laid out (one and two lines): the same offset PoolTable scrolls to.
            let (one, two) = child.listRowHeights()
            let last = rangeStart + rangeLength - 1
            let twoLine = last / 7 + 1   // rows 0, 7, 14, … up to `last` have two lines
            let bottom = Double(last + 1 - twoLine) * one + Double(twoLine) * two
            let page = gtk_adjustment_get_page_size(child.adjustment)
            gtk_adjustment_set_value(child.adjustment, max(0, bottom - page + 4))
        case "shiftrange":
            // What a shift-click does in GtkListView: the range from the anchor, the rest unselected.
            gtk_selection_model_select_range(selection, guint(rangeStart), guint(rangeLength), 1)
        case "insert":
            // A model splice above the viewport: 20 rows above the first one shown.
            let value = gtk_adjustment_get_value(child.adjustment)
            let (one, two) = child.listRowHeights()
            let first = Int(value / ((6 * one + two) / 7))
            host.insertRows(at: max(0, first - 20), count: insertCount)
        default: break   // GtkListView has no edit-mode slide; "editing", "inserting": nothing more
        }
    }
}

extension GuiChild {
    /// GtkListView's row heights (one line, two lines) as laid out now: the row widgets' heights.
    func listRowHeights() -> (Double, Double) {
        guard let l = listView else { return (1, 1) }
        var heights = Set<Double>()
        var child = gtk_widget_get_first_child(l.listView)
        while let c = child {
            var bounds = graphene_rect_t()
            if gtk_widget_get_child_visible(c) != 0, gtk_widget_compute_bounds(c, l.listView, &bounds) != 0, bounds.size.height > 0 {
                heights.insert(Double(bounds.size.height))
            }
            child = gtk_widget_get_next_sibling(c)
        }
        let sorted = heights.sorted()
        return (sorted.first ?? 1, sorted.last ?? 1)
    }
}

/// `pooltable-bench frames`: runs the children, then prints one table of both toolkits.
@MainActor
final class FramesBench {
    let options: Options
    /// Select All's row count in the issue: the whole list is that long.
    let rows = 2_069
    let liveRows = 10
    let frames: Int
    var notes: [String] = []

    init(options: Options) {
        self.options = options
        frames = options.smoke ? 40 : 300
    }

    /// The frame types, in the table's order: the script's kind(s) each is measured on, and
    /// whether GtkListView has an equivalent.
    static let types: [(label: String, kinds: [String], listView: Bool)] = [
        ("scroll +37 px", ["scroll"], true),
        ("jump to 25/50/75/100 %", ["jump25", "jump50", "jump75", "jump100"], true),
        ("tick of 10 visible live rows", ["tick"], true),
        ("tiny damage: 4x4 px in the header bar (the floor)", ["tiny"], true),
        ("Select All, 2,069 rows", ["selectall"], true),
        ("Deselect All", ["deselectall"], true),
        ("shift-click range of 50", ["shiftrange"], true),
        ("edit-mode slide, each frame", ["edit", "editing"], false),
        ("insert 10 rows above the viewport: its frame", ["insert"], true),
        ("  the insert's animation frames after it", ["inserting"], false),
    ]

    struct KindStats: Codable {
        var frames: Int
        var medianMs: Double
        var p95Ms: Double
        var maxMs: Double
        var recordedPerFrame: Double
        /// Medians of the frames' CPU time: the whole process's (with GL on llvmpipe, its
        /// rasteriser threads too) and the main thread's (`FrameSample.cpuMs`, `mainCpuMs`).
        var cpuMedianMs: Double = .nan
        var mainCpuMedianMs: Double = .nan
    }

    struct ToolkitFrames: Codable {
        var toolkit: String
        var renderer: String
        var stats: [String: KindStats]
    }

    struct Report: Codable {
        var machine: MachineInfo
        var command: String
        var smoke: Bool
        var rows: Int
        var rounds: Int
        var loadBefore: String
        var loadAfter: String
        var results: [String: [ToolkitFrames]]
        var apply: [EngineResult]
        var notes: [String]
    }

    func run(command: String) {
        let env = ProcessInfo.processInfo.environment
        guard env["DISPLAY"] != nil || env["WAYLAND_DISPLAY"] != nil else {
            Options.fail("frames needs a display; run it under: xvfb-run -a -s \"-screen 0 1280x800x24\" ...")
        }
        let loadBefore = Self.loadAverage()
        let renderers = options.renderers.isEmpty ? ["cairo"] : options.renderers
        let rounds = options.rounds ?? (options.smoke ? 1 : 2)
        var results: [String: [ToolkitFrames]] = [:]
        for renderer in renderers {
            var lvRuns: [ChildResult] = [], ptRuns: [ChildResult] = []
            var heights: (Double, Double)?
            for round in 1...rounds {
                func listView() {
                    note("frames: renderer \(renderer), round \(round)/\(rounds): GtkListView")
                    guard let lv = child("listview", renderer: renderer) else { return }
                    lvRuns.append(lv)
                    if heights == nil, let one = lv.rowHeights.first, let two = lv.rowHeights.last, two > one { heights = (one, two) }
                }
                func poolTable() {
                    note("frames: renderer \(renderer), round \(round)/\(rounds): PoolTable")
                    if let pt = child("pooltable", renderer: renderer, heights: heights) { ptRuns.append(pt) }
                }
                if round % 2 == 1 || lvRuns.isEmpty { listView(); poolTable() } else { poolTable(); listView() }
            }
            guard let lv = ChildResult.pooled(lvRuns), let pt = ChildResult.pooled(ptRuns) else { continue }
            results[renderer] = [summarize(pt), summarize(lv)]
        }
        note("frames: the 100k-item apply (as `pooltable-bench apply`)")
        let engine = EngineBench(smoke: options.smoke)
        engine.measureDiff()
        notes += engine.notes
        let report = Report(machine: MachineInfo.current(), command: command, smoke: options.smoke, rows: rows, rounds: rounds,
                            loadBefore: loadBefore, loadAfter: Self.loadAverage(), results: results, apply: engine.results, notes: notes)
        let text = render(report)
        if options.json {
            note(text)
            print(jsonString(report))
        } else {
            print(text)
        }
    }

    func child(_ toolkit: String, renderer: String, heights: (Double, Double)? = nil) -> ChildResult? {
        runBenchChild(["gui-one", "--toolkit", toolkit, "--rows", "\(rows)", "--frames", "\(frames)", "--downloads", "\(liveRows)",
                       "--script", "frames"] + (heights.map { ["--heights", "\($0.0),\($0.1)"] } ?? []),
                      renderer: renderer, what: "\(toolkit) (renderer \(renderer))", notes: &notes)
    }

    func summarize(_ r: ChildResult) -> ToolkitFrames {
        var stats: [String: KindStats] = [:]
        for type in Self.types {
            let f = r.frames.filter { type.kinds.contains($0.kind) }
            guard !f.isEmpty else { continue }
            let w = f.map(\.workMs)
            stats[type.label] = KindStats(frames: f.count, medianMs: Stats.median(w), p95Ms: Stats.percentile(w, 95),
                                          maxMs: w.max() ?? .nan, recordedPerFrame: Stats.mean(f.map { Double($0.recorded) }),
                                          cpuMedianMs: Stats.median(f.map(\.cpuMs)), mainCpuMedianMs: Stats.median(f.map(\.mainCpuMs)))
        }
        return ToolkitFrames(toolkit: r.toolkit, renderer: r.renderer, stats: stats)
    }

    func render(_ report: Report) -> String {
        var out = "Frame types: PoolTable vs GtkListView, \(report.rows) rows (checkbox + \"Row N\", every 7th two lines; "
            + "rows 0-9 live: a progress bar), 800x600 window with a header bar; \(report.rounds) run(s) per toolkit, alternating, frames pooled\n"
            + "frame work = frame clock before-paint to end of after-paint of the frame that makes the change; load average "
            + "before \(report.loadBefore), after \(report.loadAfter) (\(report.machine.cores) cores, shared machine)\n"
        for (renderer, pair) in report.results.sorted(by: { $0.key < $1.key }) {
            guard pair.count == 2 else { continue }
            let pt = pair[0], lv = pair[1]
            out += "\nrenderer: \(pt.renderer) (GSK_RENDERER=\(renderer == "default" ? "unset" : renderer))\n\n"
            var rows: [[String]] = []
            for type in Self.types {
                guard let p = pt.stats[type.label] else { continue }
                let l = type.listView ? lv.stats[type.label] : nil
                rows.append([type.label,
                             "\(fmt(p.medianMs, 3)) / \(fmt(p.p95Ms, 2))",
                             l.map { "\(fmt($0.medianMs, 3)) / \(fmt($0.p95Ms, 2))" } ?? "—",
                             l.map { fmt(p.medianMs / $0.medianMs, 2) + "x" } ?? "",
                             "\(p.frames)" + (l.map { " / \($0.frames)" } ?? ""),
                             fmt(p.recordedPerFrame, 1)])
            }
            out += renderTable(header: ["frame type", "PoolTable median / p95 (ms)", "GtkListView median / p95 (ms)", "ratio",
                                        "frames (PT / LV)", "PT nodes recorded / frame"],
                               rows: rows, rightAligned: [false, true, true, true, true, true])
            // CPU time over the same span: work done, not waited for (a loaded machine's
            // neighbours and llvmpipe's thread hand-offs stretch the wall clock, not this).
            var cpuRows: [[String]] = []
            for type in Self.types {
                guard let p = pt.stats[type.label] else { continue }
                let l = type.listView ? lv.stats[type.label] : nil
                cpuRows.append([type.label, "\(fmt(p.cpuMedianMs, 3)) / \(fmt(p.mainCpuMedianMs, 3))",
                                l.map { "\(fmt($0.cpuMedianMs, 3)) / \(fmt($0.mainCpuMedianMs, 3))" } ?? "—"])
            }
            out += "\nCPU time, median (ms): the whole process (every thread) / the main thread\n\n"
            out += renderTable(header: ["frame type", "PoolTable process / main", "GtkListView process / main"],
                               rows: cpuRows, rightAligned: [false, true, true])
        }
        out += "\napply (no GtkListView equivalent; `pooltable-bench apply`):\n"
        for r in report.apply {
            out += "  \(r.label): \(fmt(r.value, 3)) \(r.unit)" + (r.target.map { " (target \($0): \(r.met == true ? "met" : r.met == false ? "MISSED" : "n/a"))" } ?? "")
                + (r.detail.map { "; \($0)" } ?? "") + "\n"
        }
        for n in report.notes { out += "note: \(n)\n" }
        if report.smoke { out += "note: smoke run (\(frames) scroll frames, 1 run each): proves it runs; numbers not judged\n" }
        return out
    }

    /// /proc/loadavg's three averages.
    static func loadAverage() -> String {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "?" }
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }
}

/// Engine time for the scripts: 1/60 s more on every frame-clock tick, whatever the
/// frame-clock time, so an animation lasts the same number of frames on a loaded machine
/// and under valgrind (where a frame takes far longer than 1/60 s).
@MainActor
final class FixedStepTimeSource: AnimationTimeSource {
    private var time: Double?

    func engineTime(forFrameTime frameTime: Double) -> Double? {
        let next = time.map { $0 + 1.0 / 60 } ?? frameTime
        time = next
        return next
    }
}
