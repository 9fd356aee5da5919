import CGtk
import Foundation
import PoolTable
@_spi(Interop) import PoolTableGtk

// `pooltable-bench soak [--seconds N] [--json]`: PoolTable in the bench window with 500
// downloads ticking (100 ms timer) while the table scrolls back and forth over the download
// rows and past them, sampling the process's RSS every second. The issue's soak is ten
// minutes (the default); CI's bench smoke runs it for 90 s (the lowest RSS of 60-90 s
// against the lowest of 30-60 s, after a 30 s warm-up).

struct SoakSample: Codable {
    var seconds: Double
    var rssKiB: Int
    /// What the RSS is made of (/proc/self/status): anonymous memory (the heaps), pages of
    /// mapped files (libraries' code: llvmpipe's and LLVM's grow as new paths run), shared
    /// memory (the X server's shared images).
    var anonKiB: Int?
    var fileKiB: Int?
    var shmemKiB: Int?
}

struct SoakReport: Codable {
    var machine: MachineInfo
    var command: String
    var renderer: String
    var seconds: Int
    var frames: Int
    var downloadTicks: Int
    var nodeRecordings: Int
    var samples: [SoakSample]
    /// RSS at (or just after) the first minute, at the end, and the most after the first minute.
    var rssAfterFirstMinuteKiB: Int
    var rssFinalKiB: Int
    var rssMaxAfterFirstMinuteKiB: Int
    var peakKiB: Int
    /// Final minus the first-minute sample: one sample each, so it lands anywhere in the
    /// swing of the memory the frames being drawn hold.
    var growthAfterFirstMinuteKiB: Int
    /// The lowest sample of the last minute minus the lowest of the second minute (60-120 s):
    /// what the process keeps, whatever frame the samples catch (the target: under 1 MiB).
    var floorGrowthKiB: Int?
    /// The same for anonymous memory only (the heaps: what a leak would raise).
    var anonFloorGrowthKiB: Int?
    /// The windows compared (seconds from the start).
    var floorWindows: [Double]?
    var notes: [String]
}

@MainActor
final class SoakBench {
    let options: Options
    private var host: PoolTableHost!
    private var window: BenchWindow!
    private var samples: [SoakSample] = []
    private var start = 0
    private var frames = 0
    private var direction = 1.0
    private var done = false

    /// The scroll sweeps from the top to this far down and back (the downloads are the first
    /// 500 rows, so most frames show ticking bars; the rest recycle cells onto plain rows).
    private let sweepRows = 800.0

    init(options: Options) { self.options = options }

    func run() -> Never {
        gtk_init()
        window = BenchWindow(title: "pooltable-bench: soak")
        host = PoolTableHost(rows: options.smoke ? 10_000 : 1_000_000, downloads: 500, heights: nil)
        window.setChild(host.widget)
        host.startDownloads()
        gtk_window_present(window.window.cast(to: GtkWindow.self))
        start = MonotonicClock.microseconds
        sample()
        // Every second (a hundredth of a short soak, at least every 250 ms).
        MainLoop.addTimeout(milliseconds: UInt32(max(250, min(1_000, options.seconds * 10)))) { [unowned self] in
            self.sample()
            if self.elapsed >= Double(self.options.seconds) { self.done = true }
            return !self.done
        }
        MainLoop.addTickCallback(window.window) { [unowned self] _ in self.scroll() }
        while !done { g_main_context_iteration(nil, 1) }
        sample()
        let report = makeReport()
        if options.json {
            note(summary(report))
            print(jsonString(report))
        } else {
            print(summary(report))
        }
        fflush(nil)
        exit(0)
    }

    private var elapsed: Double { Double(MonotonicClock.microseconds - start) / 1e6 }

    /// RSS now; unless `--no-trim`, right after trimming the heap (`HeapTrimmer`, which the
    /// app runs every 30 s): what glibc keeps of freed GL frame buffers is not counted, only
    /// what is held.
    private func sample() {
        if !options.noTrim { HeapTrimmer.trim() }
        let m = memoryStatus()
        samples.append(SoakSample(seconds: elapsed, rssKiB: m.currentKiB, anonKiB: m.anonKiB, fileKiB: m.fileKiB, shmemKiB: m.shmemKiB))
    }

    /// One frame: 37 px further in the current direction, turning at either end of the sweep.
    private func scroll() -> Bool {
        frames += 1
        let adjustment = host.vadjustment
        let limit = min(sweepRows * host.oneLineHeight, gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment))
        var value = gtk_adjustment_get_value(adjustment) + 37 * direction
        if value >= limit { value = limit; direction = -1 }
        if value <= 0 { value = 0; direction = 1 }
        gtk_adjustment_set_value(adjustment, value)
        return !done
    }

    private func makeReport() -> SoakReport {
        // The first minute; for a soak shorter than two minutes, its first third, at most
        // 30 s (the RSS is at its plateau by 30 s: docs/bench/RESULTS.md's samples).
        let minute = options.seconds >= 120 ? 60 : min(30, Double(options.seconds) / 3)
        let firstMinute = samples.first { $0.seconds >= minute } ?? samples[0]
        let after = samples.filter { $0.seconds >= firstMinute.seconds }
        let final = samples.last!.rssKiB
        // The second minute against the last (for a short soak: the same spans, scaled).
        let end = samples.last!.seconds
        let windows = [minute, min(2 * minute, end), max(minute, end - minute), end]
        let second = samples.filter { $0.seconds >= windows[0] && $0.seconds < windows[1] }
        let last = samples.filter { $0.seconds >= windows[2] }
        func floor(_ s: [SoakSample], _ value: (SoakSample) -> Int?) -> Int? { s.compactMap(value).min() }
        let floorGrowth = floor(last, { $0.rssKiB }).flatMap { l in floor(second, { $0.rssKiB }).map { l - $0 } }
        let anonGrowth = floor(last, \.anonKiB).flatMap { l in floor(second, \.anonKiB).map { l - $0 } }
        let renderer = gtk_native_get_renderer(window.window.opaque).map { $0.typeName } ?? "?"
        var notes: [String] = []
        if options.seconds < 600 { notes.append("short soak (\(options.seconds) s): the first-minute sample is at \(fmt(firstMinute.seconds, 0)) s") }
        notes.append("floor growth: the lowest sample in \(fmt(windows[2], 0))-\(fmt(windows[3], 0)) s minus the lowest in "
                     + "\(fmt(windows[0], 0))-\(fmt(windows[1], 0)) s (\(second.count) and \(last.count) samples)")
        notes.append(options.noTrim ? "RSS sampled without trimming the heap (--no-trim)"
                                    : "RSS sampled right after trimming the heap (malloc_trim, as the app does every 30 s)")
        return SoakReport(
            machine: .current(), command: "pooltable-bench soak --seconds \(options.seconds)" + (options.noTrim ? " --no-trim" : ""), renderer: renderer,
            seconds: options.seconds, frames: frames, downloadTicks: host.reconfigureCalls,
            nodeRecordings: host.table.nodeCache.recordings, samples: samples,
            rssAfterFirstMinuteKiB: firstMinute.rssKiB, rssFinalKiB: final,
            rssMaxAfterFirstMinuteKiB: after.map(\.rssKiB).max() ?? final, peakKiB: memoryStatus().peakKiB,
            growthAfterFirstMinuteKiB: final - firstMinute.rssKiB, floorGrowthKiB: floorGrowth, anonFloorGrowthKiB: anonGrowth,
            floorWindows: windows, notes: notes)
    }

    private func summary(_ r: SoakReport) -> String {
        "soak: \(r.seconds) s, \(r.frames) frames, \(r.downloadTicks) download ticks, renderer \(r.renderer); RSS "
            + "\(fmt(Double(r.rssAfterFirstMinuteKiB) / 1024, 2)) MiB after the first minute, \(fmt(Double(r.rssFinalKiB) / 1024, 2)) MiB at the end "
            + "(growth \(fmt(Double(r.growthAfterFirstMinuteKiB) / 1024, 2)) MiB; max after the first minute "
            + "\(fmt(Double(r.rssMaxAfterFirstMinuteKiB) / 1024, 2)) MiB); growth after the first minute, lowest to lowest: "
            + "\(r.floorGrowthKiB.map { fmt(Double($0) / 1024, 2) } ?? "?") MiB (anonymous \(r.anonFloorGrowthKiB.map { fmt(Double($0) / 1024, 2) } ?? "?") MiB; "
            + "target < 1 MiB: \(r.floorGrowthKiB.map { $0 < 1024 ? "met" : "missed" } ?? "?"))"
    }
}
