import Foundation
@_spi(Hosting) @_spi(Diagnostics) import PoolTable

// `pooltable-bench engine`: engine-only figures, no display. Every figure is the median of
// repeated runs timed with ContinuousClock.

// MARK: The data the engine is measured on

/// 1 section of `rows` rows; each cell shows "Row N".
@MainActor
final class BenchSource: TableViewDataSource {
    var rows: Int
    /// Rows can be moved by hand (the movement bench); moves are never committed there.
    var movable = false
    init(rows: Int) { self.rows = rows }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows }
    func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { movable }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.text = "Row \(indexPath.row)"
        return cell
    }
}

/// A grid of `items` items in sections of 3,000 (about a month of photos each).
@MainActor
final class GridBenchSource: CollectionViewDataSource {
    let items: Int
    static let perSection = 3_000
    init(items: Int) { self.items = items }
    func numberOfSections(in collectionView: CollectionView) -> Int { (items + Self.perSection - 1) / Self.perSection }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        min(Self.perSection, items - section * Self.perSection)
    }
    func collectionView(_ collectionView: CollectionView, titleForHeaderInSection section: Int) -> String? { "Section \(section)" }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
    }
}

/// Varied heights from the delegate: every 7th row 88 px, the others 44.
@MainActor
final class VariedHeights: TableViewDelegate {
    static func height(_ row: Int) -> Double { row % 7 == 0 ? 88 : 44 }
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double { Self.height(indexPath.row) }
}

/// A delegate that does not size rows: the table keeps O(1) height storage per section.
@MainActor
final class UniformHeights: TableViewDelegate {}

/// A table of `rows` rows in an 800x600 viewport, loaded.
@MainActor
struct Fixture {
    let table: TableView
    let source: BenchSource
    let delegate: TableViewDelegate

    init(rows: Int, varied: Bool) {
        table = TableView(frame: Rect(x: 0, y: 0, width: 800, height: 600))
        source = BenchSource(rows: rows)
        delegate = varied ? VariedHeights() : UniformHeights()
        table.register({ TableViewCell(reuseIdentifier: $0) }, forCellReuseIdentifier: "row")
        table.dataSource = source
        table.delegate = delegate
        table.reloadData()
    }
}

// MARK: Results

struct EngineResult: Codable {
    var key: String
    var label: String
    var value: Double
    var unit: String
    /// How many runs the median is over.
    var runs: Int
    var p99: Double?
    var target: String?
    var met: Bool?
    var detail: String?
}

struct EngineReport: Codable {
    var machine: MachineInfo
    var command: String
    var smoke: Bool
    var results: [EngineResult]
    var notes: [String]
}

/// "1M", "100k", "100M", "1,234".
func countLabel(_ n: Int) -> String {
    if n >= 1_000_000 && n % 1_000_000 == 0 { return "\(n / 1_000_000)M" }
    if n >= 1000 && n % 1000 == 0 { return "\(n / 1000)k" }
    return "\(n)"
}

// MARK: The benchmark

@MainActor
final class EngineBench {
    let smoke: Bool
    var results: [EngineResult] = []
    var notes: [String] = []
    let machine = MachineInfo.current()

    // Sizes (smoke: tiny).
    let big: Int          // 1M
    let huge: Int         // 100M
    let small: Int        // 1k
    let naiveSizes: [Int] // 10k, 100k
    let steps: Int
    let reloadRuns: Int

    init(smoke: Bool) {
        self.smoke = smoke
        big = smoke ? 10_000 : 1_000_000
        huge = smoke ? 100_000 : 100_000_000
        small = 1_000
        naiveSizes = smoke ? [1_000, 10_000] : [10_000, 100_000]
        steps = smoke ? 200 : 2000
        reloadRuns = smoke ? 3 : 11
    }

    func add(_ key: String, _ label: String, _ value: Double, _ unit: String, runs: Int, p99: Double? = nil,
             target: String? = nil, met: Bool? = nil, detail: String? = nil) {
        results.append(EngineResult(key: key, label: label, value: value, unit: unit, runs: runs, p99: p99,
                                    target: target, met: smoke ? nil : met, detail: detail))
    }

    func run() {
        note("engine: reload")
        let reloadBig = measureReload(rows: big, varied: true, runs: reloadRuns)
        add("reload_delegate_\(countLabel(big))", "reload, \(countLabel(big)) rows, delegate heights", reloadBig.median / 1000, "ms",
            runs: reloadRuns, target: "<= 50 ms", met: reloadBig.median / 1000 <= 50)
        let reloadHuge = measureReload(rows: huge, varied: false, runs: reloadRuns)
        add("reload_uniform_\(countLabel(huge))", "reload, \(countLabel(huge)) rows, uniform (no heightForRowAt)", reloadHuge.median / 1000, "ms",
            runs: reloadRuns)

        note("engine: scroll steps")
        var stepMedians: [Int: Double] = [:]
        for n in [small, big, huge] {
            let f = Fixture(rows: n, varied: false)
            let s = scrollSteps(f.table, steps: steps)
            stepMedians[n] = Stats.median(s)
            add("step_uniform_\(countLabel(n))", "scroll step +37 px, \(countLabel(n)) rows, uniform", Stats.median(s), "µs",
                runs: s.count, p99: Stats.percentile(s, 99))
        }
        let ratio = stepMedians[huge]! / stepMedians[small]!
        add("step_ratio_\(countLabel(huge))_\(countLabel(small))", "scroll step ratio \(countLabel(huge)) / \(countLabel(small))", ratio, "x",
            runs: 1, target: "<= 2x", met: ratio <= 2)
        for n in [small, big] {
            let f = Fixture(rows: n, varied: true)
            let s = scrollSteps(f.table, steps: steps)
            add("step_delegate_\(countLabel(n))", "scroll step +37 px, \(countLabel(n)) rows, delegate heights", Stats.median(s), "µs",
                runs: s.count, p99: Stats.percentile(s, 99))
        }

        note("engine: grid scroll steps")
        measureGridSteps()

        note("engine: insert at top")
        measureInsertAtTop(rows: big)

        note("engine: scroll through \(countLabel(big)) rows")
        measureScrollThrough(rows: big)

        note("engine: moving a row by hand")
        measureMovement(rows: big)

        note("engine: snapshot diff")
        measureDiff()

        note("engine: naive reference")
        measureNaive()

    }

    // MARK: Reload

    /// Median and spread of `reloadData()` (which also lays out the first screen), in µs.
    func measureReload(rows: Int, varied: Bool, runs: Int) -> (median: Double, samples: [Double]) {
        let f = Fixture(rows: rows, varied: varied)
        var samples: [Double] = []
        for _ in 0..<runs {
            samples.append(timeMicros { f.table.reloadData() })
        }
        return (Stats.median(samples), samples)
    }

    // MARK: Scroll step

    /// Times `steps` single steps of +37 px (setting contentOffset lays out), after a warm-up,
    /// starting in the middle of the content and wrapping to the top at the end (untimed).
    /// A grid (`CollectionView`) of 120x140 items, 6 columns, month-sized sections of 3,000
    /// items with sticky headers: the step at 10M items against the step at 1k.
    func measureGridSteps() {
        var medians: [Int: Double] = [:]
        let sizes = [small, smoke ? 100_000 : 10_000_000]
        for n in sizes {
            let source = GridBenchSource(items: n)
            var layout = GridLayout()
            layout.itemSize = Size(width: 120, height: 140)
            layout.headerHeight = 30
            let grid = CollectionView(frame: Rect(x: 0, y: 0, width: 800, height: 600), layout: layout)
            grid.register({ CollectionViewCell(reuseIdentifier: $0) }, forCellWithReuseIdentifier: "item")
            grid.dataSource = source
            grid.reloadData()
            let s = scrollSteps(grid, steps: steps)
            medians[n] = Stats.median(s)
            add("grid_step_\(countLabel(n))", "grid scroll step +37 px, \(countLabel(n)) items", Stats.median(s), "µs",
                runs: s.count, p99: Stats.percentile(s, 99))
        }
        let ratio = medians[sizes[1]]! / medians[sizes[0]]!
        add("grid_step_ratio", "grid scroll step ratio \(countLabel(sizes[1])) / \(countLabel(sizes[0]))", ratio, "x",
            runs: 1, target: "<= 2x", met: ratio <= 2)
    }

    func scrollSteps(_ table: ListBase, steps: Int, warmup: Int = 200) -> [Double] {
        let maxY = table.contentSize.height - table.frame.height
        var y = (maxY / 2).rounded(.down)
        table.contentOffset = Point(x: 0, y: y)
        var samples: [Double] = []
        samples.reserveCapacity(steps)
        for i in 0..<(warmup + steps) {
            if y + 37 > maxY {
                y = 0
                table.contentOffset = Point(x: 0, y: y)
            }
            y += 37
            let target = Point(x: 0, y: y)
            let t = timeMicros { table.contentOffset = target }
            if i >= warmup { samples.append(t) }
        }
        return samples
    }

    // MARK: Moving a row by hand (issue 23)

    /// A frame while a row is moved by hand against a frame of plain scrolling, on the same
    /// table in the same run, interleaved (scroll, move, scroll, move): each frame moves the
    /// viewport +37 px, ticks the clock and draws into a RecordingCanvas; while moving, the
    /// lifted row's target goes along, so the destination changes every frame or two (the
    /// others' glides retarget) and every frame draws displaced rows and the lifted one.
    ///
    /// Twice: into a `RecordingCanvas`, which draws every cached unit (a row's content) again
    /// each frame, and into a `RetainingCanvas`, which keeps them as the GTK shell's
    /// `RenderNodeCache` does (a unit drawn last frame with the same version and size is not
    /// drawn again), so that pair counts what the shell's snapshot does on top of its nodes.
    func measureMovement(rows: Int) {
        // `POOLTABLE_BENCH_CANVAS=recording|retaining`: one canvas only (for callgrind).
        let only = ProcessInfo.processInfo.environment["POOLTABLE_BENCH_CANVAS"]
        if only != "retaining" { measureMovement(rows: rows, retaining: false) }
        if only != "recording" { measureMovement(rows: rows, retaining: true) }
    }

    func measureMovement(rows: Int, retaining: Bool) {
        let f = Fixture(rows: rows, varied: false)
        f.source.movable = true
        f.table.setEditing(true, animated: false)
        let recording = RecordingCanvas()
        let retainer = retaining ? RetainingCanvas(recording) : nil
        func draw() {
            if let retainer { retainer.reset(); f.table.render(in: retainer) } else { recording.reset(); f.table.render(in: recording) }
        }
        var clock = 1_000.0
        var drawn: [Bool: Int] = [:], operations: [Bool: Int] = [:]
        func frames(moving: Bool) -> [Double] {
            let start = (f.table.contentSize.height / 2).rounded(.down)
            f.table.contentOffset = Point(x: 0, y: start)
            clock += 1; f.table.advanceAnimations(to: clock)
            if moving, let ip = f.table.indexPathsForVisibleRows.dropFirst(3).first {
                _ = f.table.beginInteractiveMovementForRow(at: ip)
            }
            var samples: [Double] = []
            samples.reserveCapacity(steps)
            for i in 0..<(200 + steps) {
                let y = start + 37 * Double(i + 1)
                let t = timeMicros {
                    f.table.contentOffset = Point(x: 0, y: y)
                    if moving { f.table.updateInteractiveMovementTargetPosition(Point(x: 400, y: y + 150)) }
                    clock += 1.0 / 60
                    f.table.advanceAnimations(to: clock)
                    draw()
                }
                if i >= 200 {
                    samples.append(t)
                    // What the frame drew (untimed): one title per row, the lifted one included.
                    drawn[moving, default: 0] += recording.texts.count
                    operations[moving, default: 0] += recording.operations.count
                }
            }
            if moving { f.table.cancelInteractiveMovement() }
            clock += 1; f.table.advanceAnimations(to: clock)
            clock += 1; f.table.advanceAnimations(to: clock)
            return samples
        }
        var scrolling: [Double] = [], moving: [Double] = []
        // `POOLTABLE_BENCH_ONLY=scroll|move`: one kind only (to profile it alone under callgrind).
        let only = ProcessInfo.processInfo.environment["POOLTABLE_BENCH_ONLY"]
        for _ in 0..<2 {
            if only != "move" { scrolling += frames(moving: false) }
            if only != "scroll" { moving += frames(moving: true) }
        }
        guard !scrolling.isEmpty, !moving.isEmpty else {
            let s = scrolling.isEmpty ? moving : scrolling
            print("\(only ?? "") only: median \(fmt(Stats.median(s), 3)) µs over \(s.count) frames")
            return
        }
        func perFrame(_ counts: [Bool: Int], _ moving: Bool, _ n: Int) -> String { fmt(Double(counts[moving] ?? 0) / Double(max(1, n)), 2) }
        let drawnDetail = retaining
            ? "cached units kept as the shell keeps them; canvas operations per frame (drawn afresh): "
                + "scrolling \(perFrame(operations, false, scrolling.count)), moving \(perFrame(operations, true, moving.count))"
            : "rows drawn per frame: scrolling \(perFrame(drawn, false, scrolling.count)), moving \(perFrame(drawn, true, moving.count)) "
                + "(the lifted one included); canvas operations per frame: \(perFrame(operations, false, scrolling.count)) vs \(perFrame(operations, true, moving.count))"
        let suffix = retaining ? "_retaining" : "", kind = retaining ? "retaining canvas" : "recording canvas"
        let s = Stats.median(scrolling), m = Stats.median(moving)
        add("frame_scroll_\(countLabel(rows))\(suffix)", "frame: scroll +37 px and draw, \(countLabel(rows)) rows, edit mode, \(kind)", s, "µs",
            runs: scrolling.count, p99: Stats.percentile(scrolling, 99))
        add("frame_move_\(countLabel(rows))\(suffix)", "frame: the same while moving a row by hand, \(kind)", m, "µs",
            runs: moving.count, p99: Stats.percentile(moving, 99))
        add("frame_move_ratio\(suffix)", "moving / scrolling frame, \(kind)", m / s, "x", runs: 1, target: "<= 1x", met: m / s <= 1, detail: drawnDetail)
    }

    // MARK: Insert at the top with anchoring

    func measureInsertAtTop(rows: Int) {
        let f = Fixture(rows: rows, varied: true)
        let table = f.table, source = f.source
        table.maintainsVisibleContentPosition = true
        table.contentOffset = Point(x: 0, y: (table.contentSize.height / 2).rounded(.down) + 13)
        let runs = smoke ? 20 : 200
        var samples: [Double] = []
        var maxDrift = 0.0
        var failures = 0
        for _ in 0..<runs {
            // The anchor: the first row whose top is inside the viewport, and where it is on screen.
            let offset = table.contentOffset.y
            guard let anchor = table.indexPathsForVisibleRows.first(where: { table.rectForRow(at: $0).minY >= offset }) else { break }
            let screenY = table.rectForRow(at: anchor).minY - offset
            let t = timeMicros {
                do {
                    try table.performBatchUpdatesThrowing({
                        source.rows += 1
                        table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .none)
                    }, completion: nil)
                } catch {
                    failures += 1
                }
                table.layoutIfNeeded()
            }
            samples.append(t)
            let moved = IndexPath(row: anchor.row + 1, section: 0)
            maxDrift = max(maxDrift, abs(table.rectForRow(at: moved).minY - table.contentOffset.y - screenY))
        }
        let m = Stats.median(samples)
        add("insert_top_\(countLabel(rows))", "insert 1 row at top of \(countLabel(rows)) (anchored)", m, "µs", runs: samples.count,
            p99: Stats.percentile(samples, 99), target: "<= 1000 µs", met: m <= 1000 && maxDrift <= 0.5 && failures == 0,
            detail: "anchor drift max \(fmt(maxDrift, 3)) px" + (failures > 0 ? ", \(failures) batch updates threw" : ""))
    }

    // MARK: Scrolling through everything

    func measureScrollThrough(rows: Int) {
        let f = Fixture(rows: rows, varied: true)
        let table = f.table
        let createdAtStart = table.cellsCreated
        let maxY = table.contentSize.height - table.frame.height
        var y = 0.0
        var peakMounted = 0, peakVisible = 0, peakPrepared = 0, steps = 0
        let binds0 = table.statistics.binds
        let elapsed = timeMicros {
            while y < maxY {
                y = min(maxY, y + 37)
                table.contentOffset = Point(x: 0, y: y)
                steps += 1
                let mounted = table.mountedCells
                if mounted.count > peakMounted {
                    peakMounted = mounted.count
                    peakVisible = table.visibleCells.count
                    peakPrepared = mounted.count - peakVisible
                }
            }
        }
        let created = table.cellsCreated
        let pooled = table.pooledCellCounts.reduce(0) { $0 + $1.count }
        let lastRow = table.indexPathsForVisibleRows.last?.row ?? -1
        add("cells_created_scroll_\(countLabel(rows))", "cells created, scroll through \(countLabel(rows)) rows", Double(created), "cells",
            runs: 1, target: "<= peak mounted + 8", met: created <= peakMounted + 8,
            detail: "\(createdAtStart) at load; peak mounted \(peakMounted) (visible \(peakVisible) + prepared \(peakPrepared)); "
                + "pooled at end \(pooled); \(steps) steps, \(table.statistics.binds - binds0) binds, last row \(lastRow), "
                + "\(fmt(elapsed / 1e6, 2)) s")
        add("peak_mounted_\(countLabel(rows))", "peak mounted cells during that scroll", Double(peakMounted), "cells", runs: 1,
            detail: "visible \(peakVisible) + prepared \(peakPrepared)")
    }

    // MARK: Snapshot diff

    func measureDiff() {
        let n = smoke ? 10_000 : 100_000
        let label = "diff two \(countLabel(n))-item snapshots, 1 % changed"
        if let r = DiffBench.run(items: n, runs: smoke ? 3 : 11) {
            add("diff_\(countLabel(n))", label, r.median, "ms", runs: r.runs, detail: r.detail + " (DiffableSnapshot.changes(to:))")
            add("diff_apply_\(countLabel(n))", "apply that snapshot to a table (diff + batch update + layout)", r.applyMedian, "ms",
                runs: r.applyRuns, detail: "synchronous: TableViewDiffableDataSource.applyThrowing(_:animatingDifferences: false)")
            measureBackgroundApply(items: n)
        } else {
            add("diff_\(countLabel(n))", label, .nan, "ms", runs: 0,
                detail: "n/a (not implemented yet: TableViewDiffableDataSource / Snapshot)")
            notes.append("snapshot diff: n/a — the engine has no TableViewDiffableDataSource / Snapshot yet")
        }
    }

    /// `apply` off the main thread (issue 36): the longest main-thread stretch of an apply
    /// and its latency, through the app's hand-back (a GLib idle source).
    func measureBackgroundApply(items n: Int) {
        let r = DiffBench.runBackground(items: n, runs: smoke ? 3 : 11)
        let worst = r.mainMaxPerApply.max() ?? .nan
        add("apply_main_max_\(countLabel(n))", "apply off the main thread: main-thread time, max in any frame", Stats.median(r.mainMaxPerApply), "ms",
            runs: r.mainMaxPerApply.count, target: "<= 8 ms",
            met: worst <= 8, detail: "worst of all runs \(fmt(worst, 2)) ms; main-thread total per apply \(fmt(Stats.median(r.mainTotalPerApply), 2)) ms (median); wall clock")
        let worstCPU = r.mainMaxCPUPerApply.max() ?? .nan
        add("apply_main_max_cpu_\(countLabel(n))", "apply off the main thread: main-thread CPU time, max in any frame", Stats.median(r.mainMaxCPUPerApply), "ms",
            runs: r.mainMaxCPUPerApply.count, target: "<= 8 ms", met: worstCPU <= 8,
            detail: "worst of all runs \(fmt(worstCPU, 2)) ms; the same stretches in the main thread's CPU time (CLOCK_THREAD_CPUTIME_ID), without descheduling")
        add("apply_latency_\(countLabel(n))", "apply off the main thread: total latency (call to completion after layout)", Stats.median(r.latencies), "ms",
            runs: r.latencies.count, p99: r.latencies.max(), target: "<= 128.6 ms", met: Stats.median(r.latencies) <= 128.6,
            detail: "TableViewDiffableDataSource.apply, diff on a worker, batch update from a GLib idle source (MainLoopApplyScheduler)")
    }

    // MARK: The naive reference

    func measureNaive() {
        for n in naiveSizes {
            let label = countLabel(n)
            let source = BenchSource(rows: n)
            let naive = NaiveTable(size: Size(width: 800, height: 600), numberOfSections: { 1 }, numberOfRows: { _ in source.rows },
                                   heightForRow: { VariedHeights.height($0.row) },
                                   configure: { cell, ip in cell.text = "Row \(ip.row)" })
            // Reload.
            let runs = smoke ? 3 : (n >= 100_000 ? 11 : 21)
            var naiveReload: [Double] = []
            for _ in 0..<runs { naiveReload.append(timeMicros { naive.reloadData(); naive.layoutTableView() }) }
            let ours = measureReload(rows: n, varied: true, runs: runs)
            add("naive_reload_\(label)", "naive reference: reload, \(label) rows", Stats.median(naiveReload) / 1000, "ms", runs: runs)
            add("ours_reload_\(label)", "PoolTable: reload, \(label) rows, delegate heights", ours.median / 1000, "ms", runs: runs)
            add("speedup_reload_\(label)", "speed-up over naive, reload, \(label)", Stats.median(naiveReload) / ours.median, "x", runs: 1)

            // Scroll step.
            let naiveSteps = smoke ? 50 : (n >= 100_000 ? 500 : 2000)
            let ns = naiveScrollSteps(naive, steps: naiveSteps)
            let f = Fixture(rows: n, varied: true)
            let os = scrollSteps(f.table, steps: steps)
            add("naive_step_\(label)", "naive reference: scroll step, \(label) rows", Stats.median(ns), "µs", runs: ns.count,
                p99: Stats.percentile(ns, 99))
            add("ours_step_\(label)", "PoolTable: scroll step, \(label) rows, delegate heights", Stats.median(os), "µs", runs: os.count,
                p99: Stats.percentile(os, 99))
            let speedup = Stats.median(ns) / Stats.median(os)
            let isTargetSize = n == naiveSizes.last!
            add("speedup_step_\(label)", "speed-up over naive, scroll step, \(label)", speedup, "x", runs: 1,
                target: isTargetSize ? ">= 100x" : nil, met: isTargetSize ? speedup >= 100 : nil)
        }
        // Chameleon verbatim: rectForRowAtIndexPath re-sums from row 0 for every row (O(n²) a pass).
        let n = naiveSizes.first!
        let source = BenchSource(rows: n)
        let literal = NaiveTable(size: Size(width: 800, height: 600), numberOfSections: { 1 }, numberOfRows: { _ in source.rows },
                                 heightForRow: { VariedHeights.height($0.row) },
                                 configure: { cell, ip in cell.text = "Row \(ip.row)" })
        literal.literalRowRects = true
        literal.reloadData()
        literal.layoutTableView()
        let ls = naiveScrollSteps(literal, steps: smoke ? 5 : 21, warmup: 2)
        add("literal_chameleon_step_\(countLabel(n))", "Chameleon verbatim (rect per row re-summed, O(n²)): step, \(countLabel(n))",
            Stats.median(ls), "µs", runs: ls.count)
    }

    func naiveScrollSteps(_ naive: NaiveTable, steps: Int, warmup: Int = 20) -> [Double] {
        naive.reloadData()
        let maxY = naive.contentHeight - naive.boundsSize.height
        var y = (maxY / 2).rounded(.down)
        naive.setContentOffset(y)
        var samples: [Double] = []
        for i in 0..<(warmup + steps) {
            if y + 37 > maxY { y = 0; naive.setContentOffset(y) }
            y += 37
            let target = y
            let t = timeMicros { naive.setContentOffset(target) }
            if i >= warmup { samples.append(t) }
        }
        return samples
    }

    // MARK: Output

    func report(command: String) -> EngineReport {
        EngineReport(machine: machine, command: command, smoke: smoke, results: results, notes: notes)
    }

    func table() -> String {
        let rows: [[String]] = results.map { r in
            let status: String
            switch r.met {
            case .some(true): status = "met"
            case .some(false): status = "MISSED"
            case .none: status = r.target == nil ? "" : (smoke ? "(smoke)" : "n/a")
            }
            return [r.label, r.value.isFinite ? fmtAuto(r.value) : "n/a", r.unit, r.p99.map(fmtAuto) ?? "", "\(r.runs)",
                    r.target ?? "", status, r.detail ?? ""]
        }
        return renderTable(header: ["metric", "median", "unit", "p99", "runs", "target", "status", "detail"], rows: rows,
                           rightAligned: [false, true, false, true, true, false, false, false])
    }
}

/// A canvas that keeps `drawCached` units as the GTK shell's `RenderNodeCache` does: a unit
/// drawn in the last frame with the same key, version and size is not drawn again (the shell
/// re-appends its recorded node under a translation); everything else goes to a
/// `RecordingCanvas`. For the movement bench.
@MainActor
final class RetainingCanvas: Canvas {
    let inner: RecordingCanvas
    private struct Entry: Equatable { var version: Int; var size: Size }
    private var kept: [ObjectIdentifier: Entry] = [:]
    private var drawnThisFrame: Set<ObjectIdentifier> = []
    init(_ inner: RecordingCanvas) { self.inner = inner }

    /// Starts a frame: units not drawn in the frame that ends are forgotten.
    func reset() {
        inner.reset()
        if kept.count != drawnThisFrame.count { kept = kept.filter { drawnThisFrame.contains($0.key) } }
        drawnThisFrame.removeAll(keepingCapacity: true)
    }

    var theme: Theme { inner.theme }
    func save() { inner.save() }
    func restore() { inner.restore() }
    func translate(x: Double, y: Double) { inner.translate(x: x, y: y) }
    func scale(x: Double, y: Double) { inner.scale(x: x, y: y) }
    func clip(to rect: Rect) { inner.clip(to: rect) }
    func clip(to path: Path) { inner.clip(to: path) }
    func multiplyAlpha(_ alpha: Double) { inner.multiplyAlpha(alpha) }
    func fill(_ rect: Rect, color: Color) { inner.fill(rect, color: color) }
    func fill(_ path: Path, color: Color) { inner.fill(path, color: color) }
    func stroke(_ path: Path, color: Color, lineWidth: Double) { inner.stroke(path, color: color, lineWidth: lineWidth) }
    func drawText(_ text: String, in rect: Rect, style: TextStyle, cache: TextCache?) { inner.drawText(text, in: rect, style: style, cache: cache) }
    func measureText(_ text: String, width: Double, style: TextStyle, cache: TextCache?) -> Size {
        inner.measureText(text, width: width, style: style, cache: cache)
    }
    func drawImage(_ image: Image, in rect: Rect, contentMode: ContentMode, cornerRadius: Double) {
        inner.drawImage(image, in: rect, contentMode: contentMode, cornerRadius: cornerRadius)
    }
    func drawCached(key: ObjectIdentifier, version: Int, size: Size, _ draw: (Canvas) -> Void) {
        let entry = Entry(version: version, size: size)
        drawnThisFrame.insert(key)
        if kept[key] == entry { return }
        kept[key] = entry
        draw(self)
    }
}
