import Foundation

// `pooltable-bench report ENGINE.json GUI.json [--command "..."]`: the Markdown page
// docs/bench/RESULTS.md is made of (scripts/bench.sh calls it).

enum MarkdownReport {
    static func decode<T: Decodable>(_ type: T.Type, _ path: String) -> T? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let dec = JSONDecoder()
        dec.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        do { return try dec.decode(T.self, from: data) } catch {
            note("report: cannot read \(path): \(error)")
            return nil
        }
    }

    static func cell(_ s: String) -> String { s.replacingOccurrences(of: "|", with: "\\|") }

    static func table(_ header: [String], _ rows: [[String]]) -> String {
        var out = "| " + header.map(cell).joined(separator: " | ") + " |\n"
        out += "|" + header.map { _ in "---" }.joined(separator: "|") + "|\n"
        for r in rows { out += "| " + r.map(cell).joined(separator: " | ") + " |\n" }
        return out
    }

    static func make(enginePath: String, guiPath: String, soakPath: String?, command: String, chart: String) -> String {
        let engine = decode(EngineReport.self, enginePath)
        let gui = decode(GuiReport.self, guiPath)
        let soak = soakPath.flatMap { decode(SoakReport.self, $0) }
        let machine = engine?.machine ?? gui?.machine ?? .current()
        var md = "# PoolTable benchmarks\n\n"
        md += "- Date: \(machine.date)\n"
        md += "- Machine: \(machine.cores) cores (`nproc`), \(machine.cpu), Linux \(machine.kernel); "
            + "load average at start \(engine?.machine.loadAverage ?? machine.loadAverage) (engine), \(gui?.machine.loadAverage ?? "?") (gui)\n"
        if let gui {
            let renderers = gui.results.map { "\($0.renderer) (GSK_RENDERER=\($0.requested == "default" ? "unset" : $0.requested))" }
            md += "- Renderers: \(renderers.joined(separator: ", ")); display: Xvfb 1280x800x24, window 800x600 with a header bar "
                + "(both toolkits the same window)\n"
        }
        md += "- Command: `\(command)`\n"
        if engine?.smoke == true || gui?.smoke == true { md += "- **Smoke run** (tiny counts): targets not judged\n" }
        md += "\nA benchmark, not a test: nothing here is asserted in CI. Regenerate with the command above.\n"

        if let engine {
            md += "\n## Engine (no display)\n\n`\(engine.command)` — medians of repeated runs, viewport 800x600.\n\n"
            md += table(["metric", "median", "unit", "p99", "runs", "target", "status", "detail"], engine.results.map { r in
                let status = r.met.map { $0 ? "met" : "**missed**" } ?? ""
                return [r.label, r.value.isFinite ? fmtAuto(r.value) : "n/a", r.unit, r.p99.map(fmtAuto) ?? "", "\(r.runs)",
                        r.target ?? "", status, r.detail ?? ""]
            })
            for n in engine.notes { md += "\n- \(n)" }
            md += "\n"
        }

        if let gui {
            md += "\n## PoolTable vs GtkListView (GUI)\n\n`\(gui.command)` — \(countLabel(gui.rows)) rows (a checkbox and \"Row N\", every 7th "
            md += "row two lines), \(gui.window) window, \(gui.scrollFrames) frames scrolling 37 px each, then jumps to 25/50/75/100 %. "
            md += "Frame work: from the frame clock's before-paint (start of update) to the end of after-paint, per scripted frame. "
            md += "Each toolkit ran in its own process (peak RSS = VmHWM of that process)"
            if let rounds = gui.rounds, rounds > 1 {
                md += ", \(rounds) times, alternating with the other (GtkListView first in odd rounds); each toolkit's frames are pooled "
                md += "and its peak RSS is the median run's"
            }
            md += ".\n"
            if gui.chart != nil { md += "\n![frame work per frame](\(chart))\n" }
            for r in gui.results {
                md += "\n### \(r.renderer) (GSK_RENDERER=\(r.requested == "default" ? "unset" : r.requested))\n\n"
                let hasDownloads = r.pooltableDownloads != nil
                func row(_ name: String, _ f: (ToolkitSummary) -> String, _ ratio: Double? = nil) -> [String] {
                    [name, f(r.pooltable), f(r.listview), ratio.map { fmt($0, 2) + "x" } ?? ""]
                        + (r.pooltableDownloads.map { [f($0)] } ?? [])
                }
                let rows: [[String]] = [
                    row("frame work median (ms)", { fmt($0.medianMs, 3) }, r.ratios["frameMedian"]),
                    row("frame work p95 (ms)", { fmt($0.p95Ms, 3) }, r.ratios["frameP95"]),
                    row("frame work p99 (ms)", { fmt($0.p99Ms, 3) }, r.ratios["frameP99"]),
                    row("frame work max (ms)", { fmt($0.maxMs, 2) }),
                    row("before paint (update + layout) median (ms)", { fmt($0.prePaintMedianMs, 3) }, r.ratios["prePaintMedian"]),
                    row("paint median (ms)", { fmt($0.paintMedianMs, 3) }, r.ratios["paintMedian"]),
                    row("frames over 8 ms / 16.7 ms", { "\($0.framesOver8ms) / \($0.framesOver16ms) of \($0.frames)" }),
                    row("tiny-damage frame (4x4 px in the header bar) median / p99 (ms)", { "\(fmt($0.tinyMedianMs, 3)) / \(fmt($0.tinyP99Ms, 2))" }),
                    row("frame where only downloads ticked, median / p99 (ms)",
                        { $0.downloadsOnlyFrames > 0 ? "\(fmt($0.downloadsOnlyMedianMs, 3)) / \(fmt($0.downloadsOnlyP99Ms, 2))" : "" }),
                    row("cell nodes recorded per scroll frame (mean)", { $0.toolkit == "pooltable" ? fmt($0.recordedPerScrollFrame, 2) : "" }),
                    row("time to first frame (ms)", { fmt($0.timeToFirstFrameMs, 1) }, r.ratios["timeToFirstFrame"]),
                    row("peak RSS (MiB)", { fmt($0.peakRSSMiB, 1) }, r.ratios["peakRSS"]),
                    row("peak RSS above an empty window (MiB)", { fmt($0.peakRSSAboveBaselineMiB, 1) }, r.ratios["peakRSSAboveBaseline"]),
                    row("cells / row widgets alive, peak", { "\($0.alivePeak)" }, r.ratios["alivePeak"]),
                    row("binds per scroll frame (mean)", { fmt($0.bindsPerScrollFrame, 2) }, r.ratios["bindsPerScrollFrame"]),
                    row("binds per jump frame (mean)", { fmt($0.bindsPerJumpFrame, 1) }),
                ]
                md += table(["", "PoolTable", "GtkListView", "PoolTable / GtkListView"]
                            + (hasDownloads ? [r.pooltableDownloads!.name] : []), rows)
                md += "\nTargets:\n\n"
                for t in r.targets {
                    md += "- \(t.met.map { $0 ? "met" : "**missed**" } ?? "(smoke)"): \(t.target) — \(t.value)\n"
                }
            }
            for n in gui.notes { md += "\n- \(n)" }
            md += "\n"
        }

        if let soak {
            let mib = { (k: Int) in fmt(Double(k) / 1024, 2) }
            md += "\n## Soak\n\n`\(soak.command)` — PoolTable in the same window, 500 downloads ticking every 100 ms while "
            md += "the table scrolls back and forth over the download rows, renderer \(soak.renderer): \(soak.frames) frames, "
            md += "\(soak.downloadTicks) download ticks, \(soak.nodeRecordings) cell nodes recorded.\n\n"
            // Growth over the second half of the run too: on a starved machine the first minute
            // is a few hundred frames, still warming up.
            let half = soak.samples.first { $0.seconds >= Double(soak.seconds) / 2 } ?? soak.samples[0]
            let opt = { (k: Int?) in k.map { mib($0) + " MiB" } ?? "n/a" }
            md += table(["RSS after the first minute", "at the end", "max after the first minute", "growth after the first minute (end − 60 s sample)",
                         "growth over the second half (from \(fmt(half.seconds, 0)) s)",
                         "growth after the first minute, lowest to lowest (RSS / anonymous)", "target", "status (lowest to lowest)"], [[
                mib(soak.rssAfterFirstMinuteKiB) + " MiB", mib(soak.rssFinalKiB) + " MiB", mib(soak.rssMaxAfterFirstMinuteKiB) + " MiB",
                mib(soak.growthAfterFirstMinuteKiB) + " MiB", mib(soak.rssFinalKiB - half.rssKiB) + " MiB",
                opt(soak.floorGrowthKiB) + " / " + opt(soak.anonFloorGrowthKiB),
                "< 1 MiB after the first minute", soak.floorGrowthKiB.map { $0 < 1024 ? "met" : "**missed**" } ?? "n/a",
            ]])
            md += "\n\(soak.frames) frames in \(soak.seconds) s (\(fmt(Double(soak.frames) / Double(soak.seconds), 1)) frames a second); "
                + "load average at the end \(soak.machine.loadAverage).\n"
            md += "\nRSS samples (s: MiB): " + soak.samples.enumerated().filter { $0.offset % max(1, soak.samples.count / 20) == 0 || $0.offset == soak.samples.count - 1 }
                .map { "\(fmt($0.element.seconds, 0)): \(mib($0.element.rssKiB))" }.joined(separator: ", ") + "\n"
            for n in soak.notes { md += "\n- \(n)" }
            md += "\n"
        }
        return md
    }
}
