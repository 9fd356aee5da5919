import CGtk
import PoolTable
@_spi(Interop) import PoolTableGtk
import Synchronization

/// A small deterministic generator (SplitMix64), so every run diffs the same snapshots.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Diff of two snapshots of `items` items with 1 % changed (a third deleted, a third
/// inserted, a third moved), through the engine's `DiffableSnapshot.changes(to:)`; the
/// whole synchronous apply (`applyThrowing`: diff + batch update + layout) on a table; and
/// `apply` off the main thread (issue 36) through the app's path, the shell's GLib scheduler.
@MainActor
enum DiffBench {
    typealias Snapshot = DiffableSnapshot<Int, Int>

    /// Two snapshots of one section, `items` items, 1 % changed.
    static func snapshots(items: Int) -> (Snapshot, Snapshot) {
        var rng = SplitMix64(seed: 42)
        let old = Array(0..<items)
        let changes = max(3, items / 100)
        var new = old
        // Deletes.
        for _ in 0..<(changes / 3) { new.remove(at: Int.random(in: 0..<new.count, using: &rng)) }
        // Inserts of fresh identifiers.
        for k in 0..<(changes / 3) { new.insert(items + k, at: Int.random(in: 0...new.count, using: &rng)) }
        // Moves.
        for _ in 0..<(changes - 2 * (changes / 3)) {
            let id = new.remove(at: Int.random(in: 0..<new.count, using: &rng))
            new.insert(id, at: Int.random(in: 0...new.count, using: &rng))
        }
        var a = Snapshot(), b = Snapshot()
        a.appendSections([0]); a.appendItems(old, toSection: 0)
        b.appendSections([0]); b.appendItems(new, toSection: 0)
        return (a, b)
    }

    /// A table of 800x600 fed by a diffable data source holding `first`, scrolled to the middle.
    static func makeTable(_ first: Snapshot) -> (TableView, TableViewDiffableDataSource<Int, Int>) {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 800, height: 600))
        table.register({ TableViewCell(reuseIdentifier: $0) }, forCellReuseIdentifier: "row")
        let source = TableViewDiffableDataSource<Int, Int>(tableView: table) { tv, ip, id in
            let cell = tv.dequeueReusableCell(withIdentifier: "row", for: ip)
            cell.text = "Item \(id)"
            return cell
        }
        try? source.applyThrowing(first, animatingDifferences: false)
        table.reloadData()
        table.contentOffset = Point(x: 0, y: table.contentSize.height / 2)
        table.layoutIfNeeded()
        return (table, source)
    }

    struct BackgroundResult {
        /// Per apply, the longest stretch of main-thread work (ms, wall clock): the `apply`
        /// call, or the hand-back that runs the batch update and the layout.
        var mainMaxPerApply: [Double]
        /// The same stretches in the main thread's CPU time (ms): what the work costs, without
        /// the time the thread was descheduled on a loaded machine.
        var mainMaxCPUPerApply: [Double]
        /// Per apply, from the `apply` call to its completion after the layout (ms).
        var latencies: [Double]
        /// Per apply, the main thread's total (ms).
        var mainTotalPerApply: [Double]
    }

    /// `apply` of `items` items with 1 % changed, diffed off the main thread, handed back by
    /// `MainLoopApplyScheduler` (a GLib idle source, as in the app) while this thread runs
    /// GLib's default main context. Every main-thread job is timed (a scheduler wrapping
    /// the shell's); waiting in the main loop is not main-thread work.
    static func runBackground(items: Int, runs: Int) -> BackgroundResult {
        let (a, b) = snapshots(items: items)
        let (table, source) = makeTable(a)
        let timed = TimedScheduler(MainLoopApplyScheduler.shared)
        source.applyScheduler = timed
        var result = BackgroundResult(mainMaxPerApply: [], mainMaxCPUPerApply: [], latencies: [], mainTotalPerApply: [])
        let clock = ContinuousClock()
        for i in 0..<runs {
            let target = i % 2 == 0 ? b : a
            timed.reset()
            var done = false
            let start = clock.now
            let cpuStart = threadCPUMicros()
            let call = timeMicros {
                source.apply(target, animatingDifferences: false) {
                    table.layoutIfNeeded()
                    done = true
                }
            }
            let callCPU = threadCPUMicros() - cpuStart
            // The main loop, as in the app (nothing animates: the apply is unanimated).
            while !done { g_main_context_iteration(nil, 1) }
            let latency = (clock.now - start).microseconds
            let slices = [call] + timed.slices
            result.mainMaxCPUPerApply.append(([callCPU] + timed.cpuSlices).max()! / 1000)
            result.mainMaxPerApply.append((slices.max() ?? 0) / 1000)
            result.mainTotalPerApply.append(slices.reduce(0, +) / 1000)
            result.latencies.append(latency / 1000)
        }
        return result
    }

    struct Result {
        var median: Double
        var runs: Int
        var detail: String
        var applyMedian: Double
        var applyRuns: Int
    }

    static func run(items: Int, runs: Int) -> Result? {
        let (a, b) = snapshots(items: items)

        var samples: [Double] = []
        var found: SnapshotChanges?
        for _ in 0..<runs {
            samples.append(timeMicros { found = a.changes(to: b) })
        }

        // The whole synchronous apply on a table (diff, validated batch update, anchoring,
        // layout), alternating between the two snapshots so every apply is a 1 % change.
        let (table, source) = makeTable(a)
        var applySamples: [Double] = []
        var applyFailures = 0
        for i in 0..<runs {
            let target = i % 2 == 0 ? b : a
            applySamples.append(timeMicros {
                do { try source.applyThrowing(target, animatingDifferences: false) } catch { applyFailures += 1 }
                table.layoutIfNeeded()
            })
        }

        let detail = found.map { "\($0.deletedRows.count) deleted, \($0.insertedRows.count) inserted, \($0.moves.count) moved" } ?? ""
            + (applyFailures > 0 ? "; \(applyFailures) applies threw" : "")
        return Result(median: Stats.median(samples) / 1000, runs: runs, detail: detail,
                      applyMedian: Stats.median(applySamples) / 1000, applyRuns: runs)
    }
}

/// A scheduler that times every main-thread job of the one it wraps.
final class TimedScheduler: DiffableApplyScheduler {
    private let base: any DiffableApplyScheduler
    private struct Times {
        var wall: [Double] = []
        var cpu: [Double] = []
    }
    private let times = Mutex(Times())
    init(_ base: any DiffableApplyScheduler) { self.base = base }
    /// The main-thread jobs' durations (µs, wall clock) since `reset()`.
    var slices: [Double] { times.withLock { $0.wall } }
    /// The same in the main thread's CPU time (µs).
    var cpuSlices: [Double] { times.withLock { $0.cpu } }
    func reset() { times.withLock { $0 = Times() } }
    func runInBackground(_ work: @escaping @Sendable () -> Void) { base.runInBackground(work) }
    func runOnMain(_ work: @escaping @MainActor @Sendable () -> Void) {
        base.runOnMain { [self] in
            let cpu0 = threadCPUMicros()
            let t = timeMicros { work() }
            let cpu = threadCPUMicros() - cpu0
            times.withLock { $0.wall.append(t); $0.cpu.append(cpu) }
        }
    }
}

/// The calling thread's CPU time, µs (CLOCK_THREAD_CPUTIME_ID).
func threadCPUMicros() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) * 1e6 + Double(ts.tv_nsec) / 1e3
}
