import Foundation

// pooltable-bench: engine figures, and PoolTable against GtkListView in a real window.
// See `pooltable-bench --help` and scripts/bench.sh.


let arguments = Array(CommandLine.arguments.dropFirst())
let options = Options.parse(arguments)
let commandLine = "pooltable-bench " + arguments.joined(separator: " ")

switch options.mode {
case "engine":
    let bench = EngineBench(smoke: options.smoke)
    bench.run()
    let table = bench.table()
    var notes = bench.notes
    if options.smoke { notes.insert("smoke run: tiny counts, targets not judged", at: 0) }
    let text = "PoolTable engine benchmark (release; medians; viewport 800x600)\n\n" + table
        + notes.map { "note: " + $0 }.joined(separator: "\n")
    if options.json {
        note(text)
        print(jsonString(bench.report(command: commandLine)))
    } else {
        print(text)
    }
case "gui":
    GuiBench(options: options).run(command: commandLine)
case "report":
    // Internal, for scripts/bench.sh: report ENGINE.json GUI.json [SOAK.json] [--command CMD] [--chart NAME]
    guard (2...3).contains(options.positional.count) else { Options.fail("report ENGINE.json GUI.json [SOAK.json]") }
    print(MarkdownReport.make(enginePath: options.positional[0], guiPath: options.positional[1],
                              soakPath: options.positional.count == 3 ? options.positional[2] : nil,
                              command: options.command ?? commandLine, chart: options.chartPath), terminator: "")
case "soak":
    SoakBench(options: options).run()
case "gui-move":
    MovingBench(options: options).run(command: commandLine)
case "columns":
    ColumnsBench(options: options).run(command: commandLine)
case "photos":
    PhotosBench(options: options).run(command: commandLine)
case "photos-one":
    PhotosChild(options: options).run()
case "gui-one":
    GuiChild(options: options).run()
case "profile-step":
    // Internal: a long run of scroll steps only, to run under perf or callgrind.
    let f = Fixture(rows: options.rows, varied: true)
    let samples = EngineBench(smoke: false).scrollSteps(f.table, steps: options.frames)
    print("median step \(fmt(Stats.median(samples), 3)) µs over \(samples.count) steps")
case "profile-move":
    // Internal: the moving-a-row frames against scrolling frames only (issue 23's bench note).
    let bench = EngineBench(smoke: false)
    bench.measureMovement(rows: options.rows)
    print(bench.table())
case "frames":
    FramesBench(options: options).run(command: commandLine)   // issue 36 (FramesBench.swift)
case "apply":
    // The snapshot diff and apply rows of `engine` only (issue 36): the diff, the synchronous
    // apply, and apply off the main thread (main-thread time per frame, latency).
    let bench = EngineBench(smoke: options.smoke)
    bench.measureDiff()
    print("PoolTable apply benchmark (release; medians; viewport 800x600)\n\n" + bench.table() + bench.notes.map { "note: " + $0 }.joined(separator: "\n"))
case "profile-diff":
    // Internal: snapshot diffs only, to run under perf or callgrind.
    if let r = DiffBench.run(items: options.rows, runs: options.frames) { print("median diff \(fmt(r.median, 3)) ms") }
case "filter":
    FilterBench(options: options).run(command: commandLine)   // issue 35 (FilterBench.swift)
case "filter-one":
    FilterChild(options: options).run()
case "layouts":
    LayoutsBench(options: options).run(command: commandLine)   // issue 38 (LayoutsBench.swift)
case "profile-layouts-step":
    // Internal: the swatch grid's scroll steps only (layouts part 2), to run under callgrind.
    let run = LayoutsBench.scrollSteps(items: options.rows, steps: options.frames, warmup: 200)
    print("median step \(fmt(Stats.median(run.samples), 3)) µs over \(run.samples.count) steps, \(run.view.mountedCells.count) mounted")
    withExtendedLifetime(run.source) {}
case "outline":
    print(OutlineBench(smoke: options.smoke).run())   // issue 25 (OutlineBench.swift)
case "":
    Options.fail("no mode given")
default:
    Options.fail("unknown mode: \(options.mode)")
}
