import Foundation
import PoolTable

// Small shared pieces: command-line options, statistics, timing, output.

/// The parsed command line. Hand-parsed: the package has no argument-parser dependency.
struct Options {
    var mode = ""
    var json = false
    var smoke = false
    var chartPath = "bench-frames.png"
    /// `gui`, `frames`: which renderers to run (`cairo`, `gl`, `default`: GSK_RENDERER unset);
    /// empty = `gui`: cairo and default (smoke: cairo only), `frames`: cairo.
    var renderers: [String] = []
    /// `gui`: rounds of the toolkits' children, alternating, pooled (nil: 3; smoke: 1).
    var rounds: Int?
    /// `gui-one` (the internal child mode): the toolkit and its knobs.
    var toolkit = "pooltable"
    var rows = 1_000_000
    var frames = 600
    var downloads = 0
    /// `gui-one` for PoolTable: row heights (one line, two lines) to use, as measured in the
    /// GtkListView child; nil = measure the row content here.
    var rowHeights: (Double, Double)?
    /// `gui-one` for `columns`: the columns' widths to use (GtkColumnView's, measured).
    var columnWidths: [Double]?
    /// `filter-one`: the searches typed, one after another (nil: "e", then "el").
    var filterTexts: [String]?
    /// `filter-one --at-once`: the GtkFilterListModel filters in one step (not incremental):
    /// each search is one `items-changed` over the whole list.
    var filterAtOnce = false
    /// `gui-one` for PoolTable (`gui-move`): "" (as `gui`), "scroll" (edit mode, grips shown,
    /// scrolling only), "move" (the same, with a row lifted and dragged along every frame) or
    /// "drag" (the list still, a row lifted and dragged up and down across it every frame).
    var movement = ""
    /// `gui-one`: "" (the `gui` script: scroll, jumps, tiny and idle frames), "frames"
    /// (`pooltable-bench frames`: every frame type of issue 36, FramesBench.swift), "pacing"
    /// (ticks and tinies after one idle frame and after two) or, for
    /// callgrind, one frame type `--frames` times (`FramesScript.countedKinds`) or
    /// its baseline, the same frames with nothing changed ("idle-KIND"; "idles" = "idle-ticks").
    var script = ""
    /// `soak`: how long to run (seconds; the soak is 600).
    var seconds = 600
    /// `soak`: sample RSS without trimming the heap first (`--no-trim`).
    var noTrim = false
    /// `photos`: camera-sized JPEGs (4000x3000 with detail, a camera's 160x120 EXIF thumbnail
    /// in each) instead of flat 1600x1200 ones (`--camera`).
    var camera = false
    /// `photos --camera`: the EXIF thumbnails: "camera" (160x120 in every file, as cameras
    /// embed), "none", or "mixed" (320x240 in every odd file: the first camera folder) (`--exif`).
    var exif = "camera"
    /// `photos-one`: the fling's speed in px/ms (`--fling-speed`; default 8, 4 with `--camera`).
    var flingSpeed: Double?
    /// `photos-one`: the fling starts once the first screen is sharp (`--fling-after sharp`)
    /// instead of full (placeholders count as full), to time the first sharp screen alone.
    var flingAfterSharp = false
    /// `photos`: instead of the grid, what a frame costs each renderer with its pictures as
    /// texture nodes or as cairo nodes around cached surfaces (`--image-nodes`).
    var imageNodes = false
    /// `photos-one`: the thumbnail cache's folder for PoolTable (`--thumbnails DIR`; none: off).
    var thumbnails: String?
    /// `report`: the JSON files, and the command line to print in the report.
    var positional: [String] = []
    var command: String?

    static let usage = """
    usage: pooltable-bench <mode> [options]

    modes:
      engine        engine-only figures (no display needed)
      gui           PoolTable vs GtkListView in an 800x600 window (needs a display;
                    run under: xvfb-run -a -s "-screen 0 1280x800x24" ...)
      soak          PoolTable with 500 downloads ticking, scrolling back and forth,
                    sampling RSS (needs a display)
      columns       GTK's testdatatable (20 columns x 10,000 rows, a random scroll position
                    every frame): PoolTable's table with columns against GtkColumnView, both
                    renderers; and sorting 512k rows by a string column against
                    GtkSortListModel + GtkStringSorter (needs a display)
      gui-move      a moving row's frame against a scrolling frame in the real window: PoolTable
                    in edit mode scrolled by the same script, once with a row lifted and held
                    over the scrolling list (its target moved, the others gliding), once without;
                    and the list still with the lifted row dragged across it; taking turns
                    (needs a display)
      frames        every frame type side by side with GtkListView (issue 36): scroll, jumps,
                    a tick of 10 live rows, Select All on 2,069 rows, a shift-click range of
                    50, the edit-mode slide, an animated insert of 10 rows above the viewport,
                    and the 100k-item apply (needs a display)
      apply         the snapshot rows of engine only (issue 36): diffing two 100k-item
                    snapshots with 1 % changed, the synchronous apply, and apply off the main
                    thread (main-thread time in any frame, total latency) (no display needed)
      photos        PoolTable's Photos grid against GtkGridView + GtkPicture on a generated
                    folder of 5,000 JPEGs (1600x1200, cached in /tmp), flung at 8 px/ms:
                    blank area, time to a full screen, decodes/s, frame p99, peak RSS;
                    with --camera: 2,000 4000x3000 JPEGs with detail (EXIF thumbnails on half)
                    at 4 px/ms, PoolTable with a cold then a warm thumbnail cache against
                    GtkGridView + GtkPicture decoding asynchronously at the thumbnail's size
      filter        typing "e" then "el" into an incremental GtkFilterListModel over
                    1,000,000 GtkStringList rows: GtkListView against PoolTable's table through
                    ListModelDataSource (as it comes: changes at once; and with animatesChanges),
                    each in its own process, taking turns: time to the first filtered frame and
                    until settled, frame work and gaps, binds per frame, time per items-changed,
                    peak RSS (needs a display; issue 35); its child, `filter-one --toolkit
                    listview|pooltable|pooltable-animated [--rows N] [--heights H,H]`, takes
                    --texts A,B,... to type other searches (e.g. e,el,e: narrowing, then widening)
                    and --at-once to filter in one step (one items-changed a search)
      layouts       issue 38, side by side: the Layout Gallery's swatch grid of 1,000,000 items
                    scrolled in the real window against GtkGridView on the same content (cairo);
                    the engine's scroll step on that grid at 1k / 1M / 100M items (headless);
                    1,000 carousels of 1,000 items: a frame while one pages, and memory
                    (needs a display; docs/bench/LAYOUTS.md)
      outline       expanding and collapsing outline rows through the diffable data source
                    (engine only, no display; docs/bench/OUTLINE.md)

    options:
      --json              print JSON on stdout (the table goes to stderr)
      --smoke             tiny counts and few repetitions: proves it runs, in seconds
      --chart PATH        gui: where to write the frame-work chart (default bench-frames.png)
      --renderer NAME     gui, frames: cairo, gl or default (GSK_RENDERER unset) (repeatable; gui default:
                          cairo and default, smoke: cairo; frames default: cairo)
      --rounds N          gui: run each toolkit N times, alternating, frames pooled (default 3; smoke 1)
      --seconds N         soak: how long to run (default 600)
      --no-trim           soak: sample RSS without trimming the heap first (the app trims every 30 s)
      --camera            photos: camera-sized JPEGs, the thumbnail cache, the asynchronous peer
      --exif KIND         photos --camera: camera (160x120 EXIF thumbnails, default), none, or mixed (320x240 on half)
      --image-nodes       photos: texture nodes against cairo nodes around cached surfaces, both renderers

    internal:
      report ENGINE.json GUI.json [SOAK.json] [--command CMD] [--chart NAME]   Markdown for docs/bench/RESULTS.md
      profile-step --rows N --frames STEPS                         scroll steps only (for perf/callgrind)
      profile-layouts-step --rows N --frames STEPS                 the swatch grid's scroll steps only (layouts part 2)
      profile-move --rows N                                        moving-a-row frames against scrolling frames only
      profile-diff --rows N --frames RUNS                          snapshot diffs only
      (gui runs each toolkit in its own process with:)
      gui-one --toolkit pooltable|listview|baseline [--rows N] [--frames N] [--downloads N] [--heights ONE,TWO] [--movement scroll|move|drag] [--script frames|pacing|ticks|tinies|scrolls|slides|selects|jumps|inserts|scrolled-tinies|idle-KIND]
      gui-one --toolkit columnview|datatable [--rows N] [--frames N] [--heights ROW,HEADER] [--widths W,W,...]   (for columns)
      gui-one --toolkit layouts-pooltable|layouts-gridview|layouts-carousels|layouts-carousels-listview [--rows N] [--frames N]   (for layouts; carousels: N items in all)
      photos-one --toolkit pooltable|gridview|gridview-async|gridview-thread|text|prefill --rows PHOTOS [--camera] [--exif KIND] [--thumbnails DIR] [--fling-speed PX_PER_MS] [--fling-after full|sharp]    (photos runs each toolkit in its own process; text: the text list flung the same way; prefill: writes every photo's thumbnail to --thumbnails with PictureLoader, no window; gridview-async (gdk-pixbuf's async stream loader) and gridview-thread (decoding in GIO's thread pool) with --thumbnails read the cache's large PNGs)
    """

    static func parse(_ args: [String]) -> Options {
        var o = Options()
        var i = 0
        func value(_ flag: String) -> String {
            i += 1
            guard i < args.count else { fail("\(flag) needs a value") }
            return args[i]
        }
        func int(_ flag: String) -> Int {
            let s = value(flag)
            guard let n = Int(s.replacingOccurrences(of: "_", with: "")), n >= 0 else { fail("\(flag): not a count: \(s)") }
            return n
        }
        while i < args.count {
            let a = args[i]
            switch a {
            case "--json": o.json = true
            case "--smoke": o.smoke = true
            case "--chart": o.chartPath = value(a)
            case "--rounds": o.rounds = max(1, int(a))
            case "--renderer":
                let r = value(a)
                guard ["cairo", "gl", "default"].contains(r) else { fail("--renderer: cairo, gl or default, not \(r)") }
                o.renderers.append(r)
            case "--toolkit":
                o.toolkit = value(a)
                guard ["pooltable", "listview", "baseline", "gridview", "gridview-async", "columnview", "datatable",
                       "layouts-pooltable", "layouts-gridview", "layouts-carousels", "layouts-carousels-listview", "pooltable-animated",
                       "text", "prefill", "gridview-thread"].contains(o.toolkit) else {
                    fail("--toolkit: pooltable, listview, baseline, gridview, gridview-async, columnview, datatable, layouts-pooltable|gridview|carousels|carousels-listview, (filter-one) pooltable-animated, or (photos-one) text, prefill or gridview-thread")
                }
            case "--rows": o.rows = int(a)
            case "--frames": o.frames = int(a)
            case "--downloads": o.downloads = int(a)
            case "--seconds": o.seconds = max(1, int(a))
            case "--no-trim": o.noTrim = true
            case "--camera": o.camera = true
            case "--exif":
                o.exif = value(a)
                guard ["camera", "none", "mixed"].contains(o.exif) else { fail("--exif: camera, none or mixed") }
            case "--fling-speed":
                guard let v = Double(value(a)), v > 0 else { fail("--fling-speed PX_PER_MS") }
                o.flingSpeed = v
            case "--fling-after":
                let m = value(a)
                guard m == "sharp" || m == "full" else { fail("--fling-after: full or sharp") }
                o.flingAfterSharp = m == "sharp"
            case "--image-nodes": o.imageNodes = true
            case "--thumbnails": o.thumbnails = value(a)
            case "--movement":
                let m = value(a)
                guard ["scroll", "move", "drag"].contains(m) else { fail("--movement: scroll, move or drag") }
                o.movement = m
            case "--script":
                let m = value(a)
                guard m == "frames" || m == "pacing" || FramesScript.countedKind(m) != nil else {
                    fail("--script: frames, pacing, ticks, tinies, scrolls, slides, selects, jumps, inserts, scrolled-tinies, idles or idle-KIND")
                }
                o.script = m
            case "--command": o.command = value(a)
            case "--heights":
                let parts = parsedNumbers(value(a))
                guard parts.count == 2, parts.allSatisfy({ $0 > 0 }) else { fail("--heights ONE,TWO (pixels)") }
                o.rowHeights = (parts[0], parts[1])
            case "--at-once": o.filterAtOnce = true
            case "--texts":
                let texts = value(a).split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                guard !texts.isEmpty else { fail("--texts A,B,... (the searches typed, in order)") }
                o.filterTexts = texts
            case "--widths":
                let widths = parsedNumbers(value(a))
                guard !widths.isEmpty, widths.allSatisfy({ $0 > 0 }) else { fail("--widths W,W,... (pixels)") }
                o.columnWidths = widths
            case "-h", "--help", "help": print(usage); exit(0)
            default:
                if a.hasPrefix("-") { fail("unknown argument: \(a)") }
                if o.mode.isEmpty { o.mode = a } else if o.mode == "report" { o.positional.append(a) } else { fail("unknown argument: \(a)") }
            }
            i += 1
        }
        return o
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("pooltable-bench: \(message)\n\n\(usage)\n".utf8))
        exit(2)
    }
}

/// Progress and notes for the human, on stderr (stdout may be JSON).
func note(_ s: String) {
    FileHandle.standardError.write(Data((s + "\n").utf8))
}

// MARK: Statistics

enum Stats {
    static func median(_ xs: [Double]) -> Double { percentile(xs, 50) }

    /// Linear interpolation between closest ranks (p in 0...100).
    static func percentile(_ xs: [Double], _ p: Double) -> Double {
        guard !xs.isEmpty else { return .nan }
        let s = xs.sorted()
        let pos = (p / 100) * Double(s.count - 1)
        let lo = Int(pos.rounded(.down)), hi = min(s.count - 1, lo + 1)
        return s[lo] + (s[hi] - s[lo]) * (pos - Double(lo))
    }

    static func mean(_ xs: [Double]) -> Double { xs.isEmpty ? .nan : xs.reduce(0, +) / Double(xs.count) }
}

extension Duration {
    var microseconds: Double { Double(components.seconds) * 1e6 + Double(components.attoseconds) / 1e12 }
    var milliseconds: Double { microseconds / 1000 }
}

/// Runs `body` once and returns its wall time in microseconds.
@inline(__always)
func timeMicros(_ body: () throws -> Void) rethrows -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    try body()
    return (clock.now - start).microseconds
}

// MARK: Formatting

func fmt(_ x: Double, _ digits: Int = 2) -> String {
    guard x.isFinite else { return "n/a" }
    return String(format: "%.\(digits)f", x)
}

/// A figure with up to 3 significant decimals for small values, fewer for big ones.
func fmtAuto(_ x: Double) -> String {
    guard x.isFinite else { return "n/a" }
    let a = abs(x)
    if a >= 1000 { return String(format: "%.0f", x) }
    if a >= 100 { return String(format: "%.1f", x) }
    if a >= 1 { return String(format: "%.2f", x) }
    return String(format: "%.3f", x)
}

func pad(_ s: String, _ width: Int, right: Bool = false) -> String {
    let n = s.count
    guard n < width else { return s }
    let fill = String(repeating: " ", count: width - n)
    return right ? fill + s : s + fill
}

/// Prints rows as an aligned text table; column `i` is right-aligned when `rightAligned[i]`.
func renderTable(header: [String], rows: [[String]], rightAligned: [Bool]) -> String {
    var widths = header.map(\.count)
    for r in rows { for (i, c) in r.enumerated() where i < widths.count { widths[i] = max(widths[i], c.count) } }
    func line(_ cells: [String]) -> String {
        cells.enumerated().map { i, c in pad(c, widths[i], right: rightAligned[i]) }.joined(separator: "  ")
    }
    var out = line(header) + "\n"
    out += widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "\n"
    for r in rows { out += line(r) + "\n" }
    return out
}

/// Pretty, key-sorted JSON of an `Encodable`.
func jsonString<T: Encodable>(_ value: T) -> String {
    let enc = JSONEncoder()
    enc.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    enc.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    guard let data = try? enc.encode(value), let s = String(data: data, encoding: .utf8) else { return "{}" }
    return s
}

// MARK: Machine

/// Where the numbers came from.
struct MachineInfo: Codable {
    var date: String
    var cores: Int
    var cpu: String
    var swift: String
    var kernel: String
    /// /proc/loadavg when the run started: other work on the machine skews timings.
    var loadAverage: String

    static func current() -> MachineInfo {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" } ?? "unknown"
        let f = ISO8601DateFormatter()
        var uts = utsname()
        uname(&uts)
        let release = withUnsafeBytes(of: &uts.release) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        let loadavg = ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "")
            .split(separator: " ").prefix(3).joined(separator: " ")
        #if compiler(>=6.3)
        let swiftVersion = "6.3+"
        #else
        let swiftVersion = "< 6.3"
        #endif
        return MachineInfo(date: f.string(from: Date()), cores: ProcessInfo.processInfo.activeProcessorCount,
                           cpu: model, swift: swiftVersion, kernel: release, loadAverage: loadavg)
    }
}

/// Peak and current resident set size in KiB, from /proc/self/status.
func memoryStatus() -> (peakKiB: Int, currentKiB: Int, anonKiB: Int, fileKiB: Int, shmemKiB: Int) {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    func field(_ name: String) -> Int {
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else { return 0 }
        return Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "") ?? 0
    }
    return (field("VmHWM"), field("VmRSS"), field("RssAnon"), field("RssFile"), field("RssShmem"))
}

/// Resident memory by kind, from `/proc/self/smaps_rollup` (KiB): what is data (anonymous,
/// private dirty) apart from mapped files' clean pages (code, read-only data).
struct MemoryRollup: Codable {
    var rss = 0, anonymous = 0, privateDirty = 0, privateClean = 0, sharedClean = 0
    /// File-backed resident pages: RSS less anonymous memory.
    var fileBacked: Int { rss - anonymous }

    static func read() -> MemoryRollup {
        let text = (try? String(contentsOfFile: "/proc/self/smaps_rollup", encoding: .utf8)) ?? ""
        var fields: [Substring: Int] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if parts.count >= 2, parts[0].hasSuffix(":"), let kib = Int(parts[1]) { fields[parts[0].dropLast()] = kib }
        }
        return MemoryRollup(rss: fields["Rss"] ?? 0, anonymous: fields["Anonymous"] ?? 0, privateDirty: fields["Private_Dirty"] ?? 0,
                            privateClean: fields["Private_Clean"] ?? 0, sharedClean: fields["Shared_Clean"] ?? 0)
    }
}

/// "16,24.5" as [16, 24.5] (parts that are no number are left out), with libc's `strtod`,
/// which GTK's CSS parser already has the process map: the standard library's
/// `Double(String)` maps 64 KiB of `libswiftCore` (and its locale code) into the one child
/// that parses `--heights`, which the memory figures would charge to its toolkit
/// (docs/bench/FILTER.md).
func parsedNumbers(_ text: String) -> [Double] {
    text.split(separator: ",").compactMap { part in
        String(part).withCString { start in
            var end: UnsafeMutablePointer<CChar>?
            let x = strtod(start, &end)
            return end != nil && end! != UnsafeMutablePointer(mutating: start) && end!.pointee == 0 ? x : nil
        }
    }
}

/// 1234567 as "1,234,567".
func groupedDigits(_ n: Int) -> String {
    let s = String(n)
    var out = ""
    for (i, c) in s.enumerated() { if i > 0 && (s.count - i) % 3 == 0 { out += "," }; out.append(c) }
    return out
}

/// Foundation also declares an `IndexPath`; in this module the name means the engine's.
typealias IndexPath = PoolTable.IndexPath

/// Runs this binary again as a child with `arguments` (a `*-one` mode), `GSK_RENDERER` set to
/// `renderer` (unset for "default"), and decodes the `BENCH-RESULT` line it prints last. On
/// failure it appends why to `notes`, prints the child's output and returns nil.
func runBenchChild<R: Decodable>(_ arguments: [String], renderer: String, what: String,
                                 decoder: JSONDecoder = JSONDecoder(), notes: inout [String]) -> R? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    env["GSK_RENDERER"] = renderer == "default" ? nil : renderer
    process.environment = env
    let pipe = Pipe()
    process.standardOutput = pipe
    do { try process.run() } catch {
        notes.append("could not start the \(what) child: \(error)")
        return nil
    }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let out = String(decoding: data, as: UTF8.self)
    guard process.terminationStatus == 0,
          let line = out.split(separator: "\n").last(where: { $0.hasPrefix("BENCH-RESULT ") }),
          let result = try? decoder.decode(R.self, from: Data(line.dropFirst("BENCH-RESULT ".count).utf8))
    else {
        notes.append("the \(what) child failed with status \(process.terminationStatus)")
        note("child output:\n" + out.suffix(2000))
        return nil
    }
    return result
}
