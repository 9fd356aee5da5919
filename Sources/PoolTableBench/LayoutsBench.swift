import CGtk
import Foundation
@_spi(Hosting) @_spi(Diagnostics) import PoolTable
import PoolTableDemoKit

// `pooltable-bench layouts` (issue 38's bench), side by side in one run:
// 1. the Layout Gallery's swatch grid of 1,000,000 items scrolled in the real window, PoolTable
//    against GtkGridView on the same content (each toolkit its own `gui-one` child: GuiChild.swift
//    drives the frame clock; LayoutsHosts.swift builds the two grids);
// 2. the engine's scroll step (layout + mount of one frame's 37 px) on the same grid at 1k, 1M
//    and 100M items, headless, in this process;
// 3. 1,000 carousels of 1,000 items: a frame while one carousel pages, and memory
//    (LayoutsCarousels.swift).

@MainActor
final class LayoutsBench {
    let options: Options
    let items: Int
    let frames: Int
    let rounds: Int
    var notes: [String] = []

    init(options: Options) {
        self.options = options
        items = options.smoke ? 2_000 : 1_000_000
        frames = options.smoke ? 20 : 300
        rounds = options.rounds ?? (options.smoke ? 1 : 3)
    }

    /// The grid script `gui-one` runs for both toolkits: `frames` scroll steps of 37 px, the
    /// jumps to 25/50/75/100 % and back home, a few idle frames.
    static func script(frames: Int) -> [(kind: String, fraction: Double?)] {
        Array(repeating: ("scroll", nil), count: frames)
            + [("jump25", 0.25), ("jump50", 0.5), ("jump75", 0.75), ("jump100", 1.0), ("home", 0)]
            + Array(repeating: ("idle", nil), count: 3)
    }

    /// `gui-one --toolkit layouts-pooltable|layouts-gridview|layouts-carousels`: the host for `child`.
    static func makeChildHost(_ child: GuiChild) -> BenchChildHost {
        if child.options.toolkit.hasPrefix("layouts-carousels") { return makeCarouselHost(child) }
        child.script = script(frames: child.options.frames)
        if child.options.toolkit == "layouts-gridview" { return SwatchGridViewHost(count: child.options.rows) }
        return SwatchGridHost(count: child.options.rows)
    }

    // MARK: Report

    /// One toolkit's grid frames.
    struct GridFigures: Codable {
        var toolkit: String
        var renderer: String
        var runs: Int
        var scrollFrames: Int
        var scrollMedianMs: Double
        var scrollP99Ms: Double
        var jumpMedianMs: Double
        var bindsPerScrollFrame: Double
        var alivePeak: Int
        var cellSize: [Double]
        var peakRSSKiB: Int
        var timeToFirstFrameMs: Double
    }

    /// The scroll step at one item count.
    struct StepFigures: Codable {
        var items: Int
        var steps: Int
        var medianMicros: Double
        var p99Micros: Double
        var firstLayoutMs: Double
        var mountedAfter: Int
        var contentHeight: Double
        var rssGrowthKiB: Int
    }

    struct Report: Codable {
        var machine: MachineInfo
        var command: String
        var smoke: Bool
        var gridItems: Int
        var loadBefore: String
        var loadAfter: String
        var grid: [GridFigures]
        var steps: [StepFigures]
        var carousels: CarouselFigures?
        /// The same carousels as nested GtkListViews (LayoutsCarouselsGtk.swift).
        var carouselsListView: CarouselFigures?
        var notes: [String]
    }

    func run(command: String) {
        let env = ProcessInfo.processInfo.environment
        guard env["DISPLAY"] != nil || env["WAYLAND_DISPLAY"] != nil else {
            Options.fail("layouts needs a display; run it under: xvfb-run -a -s \"-screen 0 1280x800x24\" ...")
        }
        let loadBefore = FramesBench.loadAverage()
        let grid = measureGrid()
        note("layouts: the scroll step at 1k / 1M / 100M items (headless)")
        let steps = measureSteps()
        note("layouts: carousels")
        let carousels = measureCarousels(toolkit: "layouts-carousels")
        let carouselsListView = measureCarousels(toolkit: "layouts-carousels-listview")
        let report = Report(machine: MachineInfo.current(), command: command, smoke: options.smoke, gridItems: items,
                            loadBefore: loadBefore, loadAfter: FramesBench.loadAverage(),
                            grid: grid, steps: steps, carousels: carousels, carouselsListView: carouselsListView, notes: notes)
        let text = render(report)
        if options.json {
            note(text)
            print(jsonString(report))
        } else {
            print(text)
        }
        if options.smoke, let problem = smokeProblem(report) {
            note("layouts --smoke: " + problem)
            exit(1)
        }
    }

    /// The smoke run's check: every part ran and gave figures that are numbers above zero
    /// (nothing about how fast).
    func smokeProblem(_ r: Report) -> String? {
        guard r.grid.count == 2 else { return "the grid ran for \(r.grid.count) of 2 toolkits" }
        for g in r.grid where !(g.scrollFrames > 0 && g.scrollMedianMs > 0 && g.scrollMedianMs.isFinite && g.peakRSSKiB > 0 && g.alivePeak > 0) {
            return "\(g.toolkit): no sane grid figures (\(g.scrollFrames) frames, median \(g.scrollMedianMs) ms, \(g.alivePeak) cells alive)"
        }
        guard r.steps.count == 3 else { return "the scroll step ran at \(r.steps.count) of 3 sizes" }
        for s in r.steps where !(s.medianMicros > 0 && s.medianMicros.isFinite && s.mountedAfter > 0) {
            return "the scroll step at \(s.items) items: median \(s.medianMicros) µs, \(s.mountedAfter) mounted"
        }
        for (name, c) in [("carousels", r.carousels), ("GtkListView carousels", r.carouselsListView)] {
            guard let c else { continue }
            if !(c.pagingMedianMs > 0 && c.pagingMedianMs.isFinite && c.peakRSSKiB > 0 && c.offsetMoved > 0) {
                return "\(name): no sane figures (median \(c.pagingMedianMs) ms, moved \(c.offsetMoved) px)"
            }
        }
        return nil
    }

    // MARK: 1. The grid in the real window

    func measureGrid() -> [GridFigures] {
        var runs: [String: [ChildResult]] = [:]
        let toolkits = ["layouts-gridview", "layouts-pooltable"]
        for round in 1...rounds {
            for toolkit in round % 2 == 1 ? toolkits : toolkits.reversed() {
                note("layouts: grid of \(items) swatches, round \(round)/\(rounds): \(toolkit)")
                let r: ChildResult? = runBenchChild(["gui-one", "--toolkit", toolkit, "--rows", "\(items)", "--frames", "\(frames)"],
                                                    renderer: "cairo", what: toolkit, notes: &notes)
                if let r { runs[toolkit, default: []].append(r) }
            }
        }
        return ["layouts-pooltable", "layouts-gridview"].compactMap { toolkit in
            guard let all = runs[toolkit], let r = ChildResult.pooled(all) else { return nil }
            notes += r.notes.map { "\(toolkit): \($0)" }
            let scroll = r.frames.filter { $0.kind == "scroll" }
            let jumps = r.frames.filter { $0.kind.hasPrefix("jump") }.map(\.workMs)
            return GridFigures(toolkit: toolkit == "layouts-pooltable" ? "PoolTable" : "GtkGridView", renderer: r.renderer, runs: all.count,
                               scrollFrames: scroll.count, scrollMedianMs: Stats.median(scroll.map(\.workMs)),
                               scrollP99Ms: Stats.percentile(scroll.map(\.workMs), 99), jumpMedianMs: Stats.median(jumps),
                               bindsPerScrollFrame: Stats.mean(scroll.map { Double($0.binds) }), alivePeak: r.alivePeak,
                               cellSize: (r.columnWidths ?? []) + r.rowHeights, peakRSSKiB: r.peakRSSKiB,
                               timeToFirstFrameMs: r.timeToFirstFrameMs)
        }
    }

    // MARK: 2. The scroll step, headless

    /// The item counts of the scroll-step rows.
    static let stepSizes = [1_000, 1_000_000, 100_000_000]

    /// For each size: a swatch grid in an 800x600 view (the window's size) laid out, then
    /// scroll steps of 37 px, each timed around the offset change that lays out and mounts it.
    func measureSteps() -> [StepFigures] {
        // A small grid first, untimed: the first view of the process pays one-time costs
        // (fonts, type metadata) that are not the first size's.
        _ = Self.scrollSteps(items: 100, steps: 10, warmup: 0)
        return Self.stepSizes.map { count in
            let rssBefore = memoryStatus().currentKiB
            let (view, source, samples, firstLayout) = Self.scrollSteps(items: count, steps: options.smoke ? 100 : 5_000, warmup: options.smoke ? 20 : 200)
            defer { withExtendedLifetime(source) {} }
            if view.numberOfItems(inSection: 0) != count {
                notes.append("the scroll step at \(count) items: the view lays out \(view.numberOfItems(inSection: 0))")
            }
            return StepFigures(items: count, steps: samples.count, medianMicros: Stats.median(samples),
                               p99Micros: Stats.percentile(samples, 99), firstLayoutMs: firstLayout / 1000,
                               mountedAfter: view.mountedCells.count, contentHeight: view.contentSize.height,
                               rssGrowthKiB: memoryStatus().currentKiB - rssBefore)
        }
    }

    /// A swatch grid of `items` in an 800x600 view (the window's size), its first layout
    /// timed, then `steps` timed scroll steps of 37 px after `warmup` untimed ones
    /// (`EngineBench.scrollSteps`: each timed around the offset change that lays out and mounts it).
    /// The source is returned too: the view holds it weakly.
    static func scrollSteps(items: Int, steps: Int, warmup: Int)
        -> (view: CollectionView, source: SwatchGridSource, samples: [Double], firstLayoutMicros: Double) {
        let source = SwatchGridSource(count: items)
        let view = SwatchGridSource.makeView(frame: Rect(x: 0, y: 0, width: 800, height: 600), source: source)
        let firstLayout = timeMicros { view.layoutIfNeeded() }
        let samples = EngineBench(smoke: true).scrollSteps(view, steps: steps, warmup: warmup)
        return (view, source, samples, firstLayout)
    }

    // MARK: Text

    /// "met" or "MISSED"; a smoke run's tiny counts judge nothing.
    func verdict(_ met: Bool, _ r: Report) -> String { r.smoke ? "not judged in a smoke run" : met ? "met" : "MISSED" }

    func render(_ r: Report) -> String {
        var out = "pooltable-bench layouts (issue 38): load average before \(r.loadBefore), after \(r.loadAfter) "
            + "(\(r.machine.cores) cores, shared machine)\n\n"
        out += "1. The Layout Gallery's swatch grid, \(r.gridItems) items, 800x600 window, GSK_RENDERER=cairo; "
            + "\(rounds) run(s) per toolkit, alternating, frames pooled; frame work = frame clock before-paint to the end of after-paint\n\n"
        var rows: [[String]] = []
        for g in r.grid {
            rows.append([g.toolkit, fmt(g.scrollMedianMs, 3), fmt(g.scrollP99Ms, 2), fmt(g.jumpMedianMs, 2), "\(g.scrollFrames)",
                         fmt(g.bindsPerScrollFrame, 2), "\(g.alivePeak)", g.cellSize.map { fmt($0, 1) }.joined(separator: "x"),
                         fmt(Double(g.peakRSSKiB) / 1024, 1), fmt(g.timeToFirstFrameMs, 0)])
        }
        out += renderTable(header: ["toolkit", "scroll median (ms)", "scroll p99 (ms)", "jump median (ms)", "scroll frames",
                                    "binds/frame", "cells alive peak", "cell (px)", "peak RSS (MiB)", "first frame (ms)"],
                           rows: rows, rightAligned: [false, true, true, true, true, true, true, true, true, true])
        if let pt = r.grid.first(where: { $0.toolkit == "PoolTable" }), let gv = r.grid.first(where: { $0.toolkit == "GtkGridView" }) {
            let ratio = pt.scrollMedianMs / gv.scrollMedianMs
            out += "PoolTable / GtkGridView, scroll median: \(fmt(ratio, 2))x (target <= 0.5x: \(verdict(ratio <= 0.5, r)))\n"
        }
        out += "\n2. The scroll step (layout + mount of one 37 px step), headless, the same grid in an 800x600 view\n\n"
        rows = r.steps.map { s in
            [groupedDigits(s.items), fmt(s.medianMicros, 2), fmt(s.p99Micros, 2), "\(s.steps)", fmt(s.firstLayoutMs, 2), "\(s.mountedAfter)",
             fmt(s.contentHeight, 0), fmt(Double(s.rssGrowthKiB) / 1024, 1)]
        }
        out += renderTable(header: ["items", "step median (µs)", "step p99 (µs)", "steps", "first layout (ms)", "mounted",
                                    "content height (px)", "RSS growth (MiB)"],
                           rows: rows, rightAligned: [true, true, true, true, true, true, true, true])
        if let small = r.steps.first, let huge = r.steps.last, r.steps.count == 3 {
            let ratio = huge.medianMicros / small.medianMicros
            out += "100M / 1k, step median: \(fmt(ratio, 2))x (target <= 2x: \(verdict(ratio <= 2, r)))\n"
        }
        out += "\n3. " + renderCarousels(r.carousels, listView: r.carouselsListView)
        for n in r.notes { out += "note: \(n)\n" }
        if r.smoke { out += "note: smoke run (\(r.gridItems) grid items, \(frames) scroll frames, 1 run each): proves it runs; numbers not judged\n" }
        out += "command: \(r.command)\n"
        return out
    }
}
