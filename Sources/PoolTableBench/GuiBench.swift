import Foundation

// `pooltable-bench gui`: runs each toolkit in its own child process (`gui-one`), so each
// peak RSS is its own, under each requested renderer; then prints the comparison, writes
// JSON and the frame chart.

struct ToolkitSummary: Codable {
    var name: String
    var toolkit: String
    var downloads: Int
    var renderer: String
    var frames: Int
    var medianMs: Double
    var p95Ms: Double
    var p99Ms: Double
    var maxMs: Double
    var scrollMedianMs: Double
    var scrollP99Ms: Double
    var jumpMedianMs: Double
    var jumpMaxMs: Double
    var updateMedianMs: Double
    var layoutMedianMs: Double
    var paintMedianMs: Double
    var afterPaintMedianMs: Double
    /// Update + layout (everything before paint: the scripted scroll, the engine's layout or
    /// GtkListView's binding and allocation), median per frame.
    var prePaintMedianMs: Double
    /// PoolTable: the most cells mounted (visible + prepared) after any frame.
    var mountedPeak: Int
    var framesOver8ms: Int
    var framesOver16ms: Int
    var timeToFirstFrameMs: Double
    var peakRSSMiB: Double
    var peakRSSAboveBaselineMiB: Double
    var aliveFinal: Int
    var alivePeak: Int
    var visibleAtEnd: Int
    var preparedAtEnd: Int
    var pooledAtEnd: Int
    var created: Int
    var bindsPerScrollFrame: Double
    var bindsPerJumpFrame: Double
    var rowHeights: [Double]
    var lastRowShown: Int
    var reconfigureCalls: Int
    var rowsReconfigured: Int
    var notes: [String]
    /// Work per scroll or jump frame, in script order (ms).
    var workMs: [Double]
    /// Frames where only the header bar's 4x4 px probe changed: the renderer's fixed floor.
    var tinyFrames: Int
    var tinyMedianMs: Double
    var tinyP99Ms: Double
    /// Frames where nothing scrolled but downloads ticked (PoolTable with downloads).
    var downloadsOnlyFrames: Int
    var downloadsOnlyMedianMs: Double
    var downloadsOnlyP99Ms: Double
    /// Cell render nodes recorded per frame (PoolTable): scroll frames, and downloads-only frames.
    var recordedPerScrollFrame: Double
    var recordedPerDownloadsOnlyFrame: Double

    init(name: String, _ r: ChildResult, baselineKiB: Int) {
        self.name = name
        toolkit = r.toolkit
        downloads = r.downloads
        renderer = r.renderer
        let tiny = r.frames.filter { $0.kind == "tiny" }
        tinyFrames = tiny.count
        tinyMedianMs = Stats.median(tiny.map(\.workMs))
        tinyP99Ms = Stats.percentile(tiny.map(\.workMs), 99)
        let ticked = r.frames.filter { $0.kind == "idle" && $0.ticks > 0 }
        downloadsOnlyFrames = ticked.count
        downloadsOnlyMedianMs = Stats.median(ticked.map(\.workMs))
        downloadsOnlyP99Ms = Stats.percentile(ticked.map(\.workMs), 99)
        recordedPerDownloadsOnlyFrame = Stats.mean(ticked.map { Double($0.recorded) })
        // The comparison proper: the scroll and jump frames.
        let measured = r.frames.filter { $0.kind == "scroll" || $0.kind.hasPrefix("jump") }
        recordedPerScrollFrame = Stats.mean(measured.filter { $0.kind == "scroll" }.map { Double($0.recorded) })
        let w = measured.map(\.workMs)
        frames = w.count
        medianMs = Stats.median(w)
        p95Ms = Stats.percentile(w, 95)
        p99Ms = Stats.percentile(w, 99)
        maxMs = w.max() ?? .nan
        let scroll = measured.filter { $0.kind == "scroll" }, jumps = measured.filter { $0.kind != "scroll" }
        scrollMedianMs = Stats.median(scroll.map(\.workMs))
        scrollP99Ms = Stats.percentile(scroll.map(\.workMs), 99)
        jumpMedianMs = Stats.median(jumps.map(\.workMs))
        jumpMaxMs = jumps.map(\.workMs).max() ?? .nan
        updateMedianMs = Stats.median(measured.map(\.updateMs))
        layoutMedianMs = Stats.median(measured.map(\.layoutMs))
        paintMedianMs = Stats.median(measured.map(\.paintMs))
        afterPaintMedianMs = Stats.median(measured.map(\.afterPaintMs))
        prePaintMedianMs = Stats.median(measured.map { $0.updateMs + $0.layoutMs })
        mountedPeak = r.frames.map(\.mounted).max() ?? 0
        framesOver8ms = w.filter { $0 > 8 }.count
        framesOver16ms = w.filter { $0 > 16.7 }.count
        timeToFirstFrameMs = r.timeToFirstFrameMs
        peakRSSMiB = Double(r.peakRSSKiB) / 1024
        peakRSSAboveBaselineMiB = Double(r.peakRSSKiB - baselineKiB) / 1024
        aliveFinal = r.aliveFinal
        alivePeak = r.alivePeak
        visibleAtEnd = r.visibleAtEnd
        preparedAtEnd = r.preparedAtEnd
        pooledAtEnd = r.pooledAtEnd
        created = r.created
        bindsPerScrollFrame = Stats.mean(scroll.map { Double($0.binds) })
        bindsPerJumpFrame = Stats.mean(jumps.map { Double($0.binds) })
        rowHeights = r.rowHeights
        lastRowShown = r.lastRowShown
        reconfigureCalls = r.reconfigureCalls
        rowsReconfigured = r.rowsReconfigured
        notes = r.notes
        workMs = w
    }
}

struct TargetCheck: Codable {
    var target: String
    var value: String
    var met: Bool?
}

struct RendererResult: Codable {
    var requested: String
    var renderer: String
    var baselineRSSMiB: Double
    var pooltable: ToolkitSummary
    var listview: ToolkitSummary
    var pooltableDownloads: ToolkitSummary?
    var ratios: [String: Double]
    var targets: [TargetCheck]
}

struct GuiReport: Codable {
    var machine: MachineInfo
    var command: String
    var smoke: Bool
    var rows: Int
    var scrollFrames: Int
    /// Runs of each toolkit, alternating, whose frames were pooled (1 in older reports).
    var rounds: Int? = nil
    var window: String
    var results: [RendererResult]
    var chart: String?
    var notes: [String]
}

@MainActor
final class GuiBench {
    let options: Options
    let rows: Int
    let frames: Int
    let downloads = 500
    var notes: [String] = []

    init(options: Options) {
        self.options = options
        rows = options.smoke ? 10_000 : 1_000_000
        frames = options.smoke ? 60 : 600
    }

    func run(command: String) {
        let machine = MachineInfo.current()
        let env = ProcessInfo.processInfo.environment
        guard env["DISPLAY"] != nil || env["WAYLAND_DISPLAY"] != nil else {
            Options.fail("gui needs a display; run it under: xvfb-run -a -s \"-screen 0 1280x800x24\" ...")
        }
        let renderers = options.renderers.isEmpty ? (options.smoke ? ["cairo"] : ["cairo", "default"]) : options.renderers
        var results: [RendererResult] = []
        let rounds = options.rounds ?? (options.smoke ? 1 : 3)
        for renderer in renderers {
            note("gui: renderer \(renderer): baseline")
            guard let base = child("baseline", renderer: renderer, rows: rows, frames: min(frames, 60), downloads: 0) else { continue }
            // Each toolkit runs `rounds` times, alternating (GtkListView first in odd rounds,
            // PoolTable first in even ones), and each one's frames are pooled: a machine whose
            // speed drifts between two children cannot favour one toolkit.
            var lvRuns: [ChildResult] = [], ptRuns: [ChildResult] = [], dlRuns: [ChildResult] = []
            var heights: (Double, Double)?
            for round in 1...rounds {
                func listView() {
                    note("gui: renderer \(renderer), round \(round)/\(rounds): GtkListView")
                    guard let lv = child("listview", renderer: renderer, rows: rows, frames: frames, downloads: 0) else { return }
                    lvRuns.append(lv)
                    // PoolTable's rows get the heights GtkListView gave the same content (CSS padding included).
                    guard heights == nil else { return }
                    if let one = lv.rowHeights.first, let two = lv.rowHeights.last, two > one { heights = (one, two) }
                    else { notes.append("GtkListView reported row heights \(lv.rowHeights); PoolTable measured its own") }
                }
                func poolTable() {
                    note("gui: renderer \(renderer), round \(round)/\(rounds): PoolTable")
                    if let pt = child("pooltable", renderer: renderer, rows: rows, frames: frames, downloads: 0, heights: heights) { ptRuns.append(pt) }
                    note("gui: renderer \(renderer), round \(round)/\(rounds): PoolTable + \(downloads) downloads")
                    if let dl = child("pooltable", renderer: renderer, rows: rows, frames: frames, downloads: downloads, heights: heights) { dlRuns.append(dl) }
                }
                if round % 2 == 1 || lvRuns.isEmpty { listView(); poolTable() } else { poolTable(); listView() }
            }
            guard let lv = ChildResult.pooled(lvRuns), let pt = ChildResult.pooled(ptRuns) else { continue }
            let round = { (r: ChildResult) in ToolkitSummary(name: r.toolkit, r, baselineKiB: base.peakRSSKiB) }
            if rounds > 1, lvRuns.count == ptRuns.count {
                let perRound = zip(ptRuns, lvRuns).map { fmt(round($0).medianMs / round($1).medianMs, 2) + "x" }
                notes.append("\(renderer): frame work median PoolTable / GtkListView per round: \(perRound.joined(separator: ", ")) (pooled: the tables)")
            }
            var result = summarize(renderer: renderer, baseline: base, pooltable: pt, listview: lv, downloads: ChildResult.pooled(dlRuns))
            // The chart shows the first round's frames, in script order.
            result.pooltable.workMs = round(ptRuns[0]).workMs
            result.listview.workMs = round(lvRuns[0]).workMs
            if let first = dlRuns.first { result.pooltableDownloads?.workMs = round(first).workMs }
            results.append(result)
        }

        var chartPath: String?
        if !results.isEmpty {
            let rowsOfChart = results.map { r -> (label: String, series: [ChartSeries]) in
                var series = [ChartSeries(name: "PoolTable", color: (0.13, 0.40, 0.85), values: r.pooltable.workMs),
                              ChartSeries(name: "GtkListView", color: (0.93, 0.45, 0.05), values: r.listview.workMs)]
                if let d = r.pooltableDownloads {
                    series.append(ChartSeries(name: "PoolTable + \(downloads) downloads", color: (0.15, 0.6, 0.3), values: d.workMs))
                }
                return ("\(r.renderer) (GSK_RENDERER=\(r.requested == "default" ? "unset" : r.requested))", series)
            }
            let m = machine
            let ok = FrameChart.write(
                path: options.chartPath,
                title: "Frame work per frame: PoolTable vs GtkListView, \(countLabel(rows)) rows, 800x600",
                subtitle: "frame clock before-paint → end of after-paint, ms; \(m.date); \(m.cores) cores, \(m.cpu); Xvfb",
                xLabel: "frame of the script (\(frames) scroll steps of 37 px, then jumps to 25/50/75/100 %)",
                rows: rowsOfChart)
            if ok { chartPath = options.chartPath } else { notes.append("could not write the chart to \(options.chartPath)") }
        }

        var report = GuiReport(machine: machine, command: command, smoke: options.smoke, rows: rows, scrollFrames: frames,
                               window: "800x600", results: results, chart: chartPath, notes: notes)
        report.rounds = options.rounds ?? (options.smoke ? 1 : 3)
        let text = renderText(report)
        if options.json {
            note(text)
            print(jsonString(report))
        } else {
            print(text)
        }
    }

    // MARK: Children

    /// Runs `gui-one` in a child process with `GSK_RENDERER` set (or unset for "default").
    func child(_ toolkit: String, renderer: String, rows: Int, frames: Int, downloads: Int,
               heights: (Double, Double)? = nil) -> ChildResult? {
        runBenchChild(["gui-one", "--toolkit", toolkit, "--rows", "\(rows)", "--frames", "\(frames)", "--downloads", "\(downloads)"]
                          + (heights.map { ["--heights", "\($0.0),\($0.1)"] } ?? []),
                      renderer: renderer, what: "\(toolkit) (renderer \(renderer))", notes: &notes)
    }

    // MARK: Summary

    func summarize(renderer: String, baseline: ChildResult, pooltable: ChildResult, listview: ChildResult,
                   downloads: ChildResult?) -> RendererResult {
        let b = baseline.peakRSSKiB
        let pt = ToolkitSummary(name: "PoolTable", pooltable, baselineKiB: b)
        let lv = ToolkitSummary(name: "GtkListView", listview, baselineKiB: b)
        let dl = downloads.map { ToolkitSummary(name: "PoolTable + \(self.downloads) downloads", $0, baselineKiB: b) }
        var ratios: [String: Double] = [
            "frameMedian": pt.medianMs / lv.medianMs,
            "frameP95": pt.p95Ms / lv.p95Ms,
            "frameP99": pt.p99Ms / lv.p99Ms,
            "prePaintMedian": pt.prePaintMedianMs / lv.prePaintMedianMs,
            "paintMedian": pt.paintMedianMs / lv.paintMedianMs,
            "timeToFirstFrame": pt.timeToFirstFrameMs / lv.timeToFirstFrameMs,
            "peakRSS": pt.peakRSSMiB / lv.peakRSSMiB,
            "peakRSSAboveBaseline": pt.peakRSSAboveBaselineMiB / lv.peakRSSAboveBaselineMiB,
            "alivePeak": Double(pt.alivePeak) / Double(lv.alivePeak),
            "bindsPerScrollFrame": pt.bindsPerScrollFrame / lv.bindsPerScrollFrame,
        ]
        if let dl { ratios["downloadsFrameMedian"] = dl.medianMs / lv.medianMs }
        let judged = !options.smoke
        let isCairo = pt.renderer.lowercased().contains("cairo")
        let limit = isCairo ? 0.5 : 0.7
        ratios["frameMedianVsOwnFloor"] = pt.medianMs / pt.tinyMedianMs
        var targets = [
            TargetCheck(target: "frame work median <= \(fmt(limit, 1))x GtkListView's",
                        value: "\(fmt(pt.medianMs, 3)) vs \(fmt(lv.medianMs, 3)) ms = \(fmt(ratios["frameMedian"]!, 2))x",
                        met: judged ? ratios["frameMedian"]! <= limit : nil),
        ]
        if !isCairo {
            targets.append(TargetCheck(target: "frame work median <= 1.5x the renderer's own tiny-damage floor",
                                       value: "\(fmt(pt.medianMs, 3)) vs floor \(fmt(pt.tinyMedianMs, 3)) ms = \(fmt(ratios["frameMedianVsOwnFloor"]!, 2))x"
                                           + " (GtkListView's floor \(fmt(lv.tinyMedianMs, 3)) ms)",
                                       met: judged ? ratios["frameMedianVsOwnFloor"]! <= 1.5 : nil))
        }
        targets += [
            TargetCheck(target: "p99 frame work < 8 ms (PoolTable)", value: "\(fmt(pt.p99Ms, 2)) ms", met: judged ? pt.p99Ms < 8 : nil),
            TargetCheck(target: "cells alive <= visible + prepared + a handful (8)",
                        value: "alive peak \(pt.alivePeak) vs mounted (visible + prepared) peak \(pt.mountedPeak); at end \(pt.aliveFinal) = "
                            + "visible \(pt.visibleAtEnd) + prepared \(pt.preparedAtEnd) + pooled \(pt.pooledAtEnd) (GtkListView: \(lv.alivePeak) widgets)",
                        met: judged ? pt.alivePeak <= pt.mountedPeak + 8 : nil),
            TargetCheck(target: "peak RSS above an empty window <= GtkListView's",
                        value: "\(fmt(pt.peakRSSAboveBaselineMiB, 1)) vs \(fmt(lv.peakRSSAboveBaselineMiB, 1)) MiB "
                            + "(above the \(fmt(Double(b) / 1024, 1)) MiB empty-window baseline; totals \(fmt(pt.peakRSSMiB, 1)) vs "
                            + "\(fmt(lv.peakRSSMiB, 1)) MiB)",
                        met: judged ? pt.peakRSSAboveBaselineMiB <= lv.peakRSSAboveBaselineMiB : nil),
        ]
        if let dl {
            targets.append(TargetCheck(target: "p99 < 8 ms with \(self.downloads) downloads ticking", value: "\(fmt(dl.p99Ms, 2)) ms",
                                       met: judged ? dl.p99Ms < 8 : nil))
            if isCairo {
                targets.append(TargetCheck(target: "a frame where only downloads ticked (no scroll) <= 1 ms median",
                                           value: "\(fmt(dl.downloadsOnlyMedianMs, 3)) ms over \(dl.downloadsOnlyFrames) frames "
                                               + "(p99 \(fmt(dl.downloadsOnlyP99Ms, 2)) ms; \(fmt(dl.recordedPerDownloadsOnlyFrame, 1)) cell nodes recorded a frame)",
                                           met: judged ? dl.downloadsOnlyMedianMs <= 1 : nil))
            }
        }
        return RendererResult(requested: renderer, renderer: pt.renderer, baselineRSSMiB: Double(b) / 1024, pooltable: pt, listview: lv,
                              pooltableDownloads: dl, ratios: ratios, targets: targets)
    }

    func renderText(_ report: GuiReport) -> String {
        var out = "PoolTable vs GtkListView: \(countLabel(report.rows)) rows (checkbox + \"Row N\", every 7th two lines), "
            + "800x600 window, \(report.scrollFrames) frames of +37 px then jumps to 25/50/75/100 %"
            + ((report.rounds ?? 1) > 1 ? "; \(report.rounds ?? 1) rounds per toolkit, alternating, frames pooled" : "") + "\n"
            + "frame work = frame clock before-paint (start of update) to end of after-paint, per scripted frame\n"
        for r in report.results {
            out += "\nrenderer: \(r.renderer) (GSK_RENDERER=\(r.requested == "default" ? "unset" : r.requested))\n\n"
            func row(_ name: String, _ f: (ToolkitSummary) -> String, ratio: Double? = nil) -> [String] {
                [name] + [f(r.pooltable), f(r.listview), ratio.map { fmt($0, 2) + "x" } ?? ""]
                    + (r.pooltableDownloads.map { [f($0)] } ?? [])
            }
            let rows: [[String]] = [
                row("frame work median (ms)", { fmt($0.medianMs, 3) }, ratio: r.ratios["frameMedian"]),
                row("frame work p95 (ms)", { fmt($0.p95Ms, 3) }, ratio: r.ratios["frameP95"]),
                row("frame work p99 (ms)", { fmt($0.p99Ms, 3) }, ratio: r.ratios["frameP99"]),
                row("frame work max (ms)", { fmt($0.maxMs, 2) }),
                row("  scroll frames median / p99 (ms)", { "\(fmt($0.scrollMedianMs, 2)) / \(fmt($0.scrollP99Ms, 2))" }),
                row("  jump frames median / max (ms)", { "\(fmt($0.jumpMedianMs, 2)) / \(fmt($0.jumpMaxMs, 2))" }),
                row("  phases median: update / layout / paint / after (ms)",
                    { "\(fmt($0.updateMedianMs, 2)) / \(fmt($0.layoutMedianMs, 2)) / \(fmt($0.paintMedianMs, 2)) / \(fmt($0.afterPaintMedianMs, 2))" }),
                row("  before paint (update + layout) median (ms)", { fmt($0.prePaintMedianMs, 3) }, ratio: r.ratios["prePaintMedian"]),
                row("  paint median (ms)", { fmt($0.paintMedianMs, 3) }, ratio: r.ratios["paintMedian"]),
                row("frames over 8 ms / over 16.7 ms", { "\($0.framesOver8ms) / \($0.framesOver16ms) of \($0.frames)" }),
                row("tiny-damage frame (4x4 px) median / p99 (ms)", { "\(fmt($0.tinyMedianMs, 3)) / \(fmt($0.tinyP99Ms, 2))" }),
                row("downloads-only frame median / p99 (ms)",
                    { $0.downloadsOnlyFrames > 0 ? "\(fmt($0.downloadsOnlyMedianMs, 3)) / \(fmt($0.downloadsOnlyP99Ms, 2))" : "" }),
                row("cell nodes recorded per scroll frame", { $0.toolkit == "pooltable" ? fmt($0.recordedPerScrollFrame, 2) : "" }),
                row("time to first frame (ms)", { fmt($0.timeToFirstFrameMs, 1) }, ratio: r.ratios["timeToFirstFrame"]),
                row("peak RSS (MiB)", { fmt($0.peakRSSMiB, 1) }, ratio: r.ratios["peakRSS"]),
                row("peak RSS above empty window (MiB)", { fmt($0.peakRSSAboveBaselineMiB, 1) }, ratio: r.ratios["peakRSSAboveBaseline"]),
                row("cells/widgets alive, peak", { "\($0.alivePeak)" }, ratio: r.ratios["alivePeak"]),
                row("  mounted (visible + prepared), peak", { $0.toolkit == "pooltable" ? "\($0.mountedPeak)" : "" }),
                row("  at end: visible + prepared + pooled",
                    { $0.toolkit == "pooltable" ? "\($0.visibleAtEnd) + \($0.preparedAtEnd) + \($0.pooledAtEnd)" : "\($0.visibleAtEnd) visible of \($0.aliveFinal)" }),
                row("cells/widgets created", { "\($0.created)" }),
                row("binds per scroll frame (mean)", { fmt($0.bindsPerScrollFrame, 2) }, ratio: r.ratios["bindsPerScrollFrame"]),
                row("binds per jump frame (mean)", { fmt($0.bindsPerJumpFrame, 1) }),
                row("last row shown after the jump to 100 %", { "\($0.lastRowShown)" }),
                row("row heights (px)", { $0.rowHeights.map { fmt($0, 0) }.joined(separator: ", ") }),
            ]
            let header = ["", "PoolTable", "GtkListView", "PoolTable/ListView"] + (r.pooltableDownloads.map { [$0.name] } ?? [])
            out += renderTable(header: header, rows: rows, rightAligned: [false] + Array(repeating: true, count: header.count - 1))
            if let d = r.pooltableDownloads {
                out += "downloads: \(d.reconfigureCalls) reconfigureRows calls (100 ms timer), \(d.rowsReconfigured) mounted rows re-bound\n"
            }
            out += "\ntargets (\(r.renderer)):\n"
            for t in r.targets {
                let status = t.met.map { $0 ? "met   " : "MISSED" } ?? "(smoke)"
                out += "  \(status)  \(t.target): \(t.value)\n"
            }
        }
        if let chart = report.chart { out += "\nchart: \(chart)\n" }
        for n in report.notes { out += "note: \(n)\n" }
        if report.smoke { out += "note: smoke run (\(countLabel(report.rows)) rows, \(report.scrollFrames) frames): targets not judged\n" }
        return out
    }
}
