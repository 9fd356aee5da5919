import CGtk
import Foundation
@_spi(Hosting) @_spi(Diagnostics) import PoolTable
@_spi(Interop) import PoolTableGtk

// `pooltable-bench columns` (issue 25):
// 1. GTK's tests/testdatatable.c: 20 columns x 10,000 rows, each cell a label with its text
//    ("C42"), a random scroll position every frame (set from a tick callback, as there), in
//    the same window (1700x900, testdatatable's size) — GtkColumnView against PoolTable's
//    TableView with 20 TableColumns whose cells draw each column's text in rectForColumn.
//    Each toolkit runs in its own `gui-one` child (GuiChild measures the frame clock's
//    phases), alternating over rounds, under each renderer.
// 2. Sorting 524,288 rows by a string column: PoolTable (sortByColumn → the data source
//    sorts in sortDescriptorsDidChange and reloads → the table laid out and drawn) against
//    GtkSortListModel + GtkStringSorter on the same strings, both with GtkStringSorter's
//    comparison (g_utf8_casefold, then g_utf8_collate_key, compared with strcmp).

/// One toolkit's frames of one kind of script step (several children pooled): `columns`'
/// random-scroll frames, `gui-move`'s scroll steps.
struct FrameWorkSummary: Codable {
    var toolkit: String
    var renderer: String
    var frames: Int
    var medianMs: Double
    var p95Ms: Double
    var p99Ms: Double
    var maxMs: Double
    var updateMedianMs: Double
    var layoutMedianMs: Double
    var paintMedianMs: Double
    var afterPaintMedianMs: Double
    var framesOver16ms: Int
    var bindsPerFrame: Double
    /// Frames where only the header bar's 4x4 px probe changed: the renderer's floor.
    var tinyMedianMs: Double
    var visibleRows: Int
    var rowHeights: [Double]
    var columnWidths: [Double]
    var widgetsCreated: Int
    var timeToFirstFrameMs: Double
    var peakRSSMiB: Double
    var notes: [String]

    /// The frames of script step `kind` in `r` (`columns`: "random"; `gui-move`: "scroll").
    init(_ r: ChildResult, name: String, kind: String = "random") {
        toolkit = name
        renderer = r.renderer
        let random = r.frames.filter { $0.kind == kind }
        let w = random.map(\.workMs)
        frames = w.count
        medianMs = Stats.median(w)
        p95Ms = Stats.percentile(w, 95)
        p99Ms = Stats.percentile(w, 99)
        maxMs = w.max() ?? .nan
        updateMedianMs = Stats.median(random.map(\.updateMs))
        layoutMedianMs = Stats.median(random.map(\.layoutMs))
        paintMedianMs = Stats.median(random.map(\.paintMs))
        afterPaintMedianMs = Stats.median(random.map(\.afterPaintMs))
        framesOver16ms = w.filter { $0 > 16.7 }.count
        bindsPerFrame = Stats.mean(random.map { Double($0.binds) })
        tinyMedianMs = Stats.median(r.frames.filter { $0.kind == "tiny" }.map(\.workMs))
        visibleRows = r.visibleAtEnd
        rowHeights = r.rowHeights
        columnWidths = r.columnWidths ?? []
        widgetsCreated = r.created
        timeToFirstFrameMs = r.timeToFirstFrameMs
        peakRSSMiB = Double(r.peakRSSKiB) / 1024
        notes = r.notes
    }
}

struct ColumnsRendererResult: Codable {
    var requested: String
    var pooltable: FrameWorkSummary
    var columnview: FrameWorkSummary
    /// PoolTable / GtkColumnView frame work median, per round and pooled.
    var medianRatio: Double
    var medianRatioPerRound: [Double]
    var p99Ratio: Double
}

struct SortResult: Codable {
    var rows: Int
    var runs: Int
    var locale: String
    /// PoolTable, keys not yet made: sortByColumn to the table laid out and drawn.
    var coldMs: [Double]
    var coldKeysMs: [Double]
    var coldSortMs: [Double]
    var coldReloadMs: [Double]
    /// PoolTable, keys made before the click (when the rows were loaded, as Nautilus keeps a
    /// collation key per file, or by an earlier sort): the first click (ascending) and the
    /// same header clicked again (descending).
    var keptMs: [Double]
    var keptSortMs: [Double]
    var flipMs: [Double]
    /// GtkSortListModel: gtk_sort_list_model_set_sorter with a new GtkStringSorter.
    var gtkMs: [Double]
    /// Threads PoolTable's data source made the keys on; the same keys made on one thread.
    var threads: Int
    var oneThreadKeysMs: [Double]
    /// Both orders compared string by string.
    var sameOrder: Bool
    /// The descending order is the ascending one reversed, key by key (equal keys, e.g. "Abc"
    /// and "abc", stay in row order both ways).
    var flipReversesOrder = true
}

struct ColumnsReport: Codable {
    var machine: MachineInfo
    var command: String
    var smoke: Bool
    var rows: Int
    var columns: Int
    var frames: Int
    var rounds: Int
    var window: String
    var results: [ColumnsRendererResult]
    var sort: SortResult?
    var targets: [TargetCheck]
    var notes: [String]
}

@MainActor
final class ColumnsBench {
    static let columns = 20
    static let window = (width: 1700, height: 900)
    /// The random scroll positions: the same sequence for both toolkits and every run.
    static let seed: UInt64 = 25

    let options: Options
    let rows = 10_000
    let frames: Int
    let rounds: Int
    let sortRows: Int
    var notes: [String] = []

    init(options: Options) {
        self.options = options
        frames = options.smoke ? 20 : 300
        rounds = options.rounds ?? (options.smoke ? 1 : 3)
        sortRows = options.smoke ? 16_384 : 524_288
    }

    // MARK: The children (`gui-one --toolkit columnview|datatable`)

    /// Called by `GuiChild.run` for the two toolkits of this bench: sizes the window as
    /// testdatatable's, replaces the script with random positions, makes the host.
    static func makeChildHost(_ child: GuiChild) -> BenchChildHost {
        let o = child.options
        gtk_window_set_default_size(child.window.cast(to: GtkWindow.self), Int32(window.width), Int32(window.height))
        var rng = SplitMix64(seed: seed)
        child.script = (0..<o.frames).map { _ in ("random", Double.random(in: 0..<1, using: &rng)) }
            + Array(repeating: ("tiny", nil), count: 20)
        if o.toolkit == "columnview" { return ColumnViewHost(rows: o.rows, columns: columns) }
        let host = DataTableHost(rows: o.rows, columns: columns, widths: o.columnWidths, rowHeight: o.rowHeights?.0)
        // The same rows area as GtkColumnView's: the window is taller or shorter by the
        // difference between the header rows (the engine's is its own fixed height).
        if let gtkHeader = o.rowHeights?.1, gtkHeader > 1 {
            let delta = Int((host.tableView.columnHeaderHeight - gtkHeader).rounded())
            if delta != 0 {
                gtk_window_set_default_size(child.window.cast(to: GtkWindow.self), Int32(window.width), Int32(window.height + delta))
                host.notes.append("PoolTable's window is \(window.width)x\(window.height + delta): its header row is "
                                  + "\(fmt(host.tableView.columnHeaderHeight, 0)) px, GtkColumnView's \(fmt(gtkHeader, 0)) px; the rows get the same area")
            }
        }
        return host
    }

    func child(_ toolkit: String, renderer: String, heights: [Double], widths: [Double]?) -> ChildResult? {
        var args = ["gui-one", "--toolkit", toolkit, "--rows", "\(rows)", "--frames", "\(frames)"]
        if heights.count == 2 { args += ["--heights", "\(heights[0]),\(max(1, heights[1]))"] }
        if let widths { args += ["--widths", widths.map { "\($0)" }.joined(separator: ",")] }
        return runBenchChild(args, renderer: renderer, what: "\(toolkit) (renderer \(renderer))", notes: &notes)
    }

    // MARK: Run

    func run(command: String) {
        let machine = MachineInfo.current()
        let env = ProcessInfo.processInfo.environment
        guard env["DISPLAY"] != nil || env["WAYLAND_DISPLAY"] != nil else {
            Options.fail("columns needs a display; run it under: xvfb-run -a -s \"-screen 0 1920x1080x24\" ...")
        }
        let renderers = options.renderers.isEmpty ? (options.smoke ? ["cairo"] : ["cairo", "default"]) : options.renderers
        var results: [ColumnsRendererResult] = []
        for renderer in renderers {
            var cvRuns: [ChildResult] = [], ptRuns: [ChildResult] = []
            var heights: [Double] = [], widths: [Double]?
            for round in 1...rounds {
                func columnView() {
                    note("columns: renderer \(renderer), round \(round)/\(rounds): GtkColumnView")
                    guard let r = child("columnview", renderer: renderer, heights: [], widths: nil) else { return }
                    cvRuns.append(r)
                    // PoolTable's rows and columns get the sizes GtkColumnView laid out.
                    if widths == nil, let w = r.columnWidths, w.count == Self.columns, r.rowHeights.count == 2, r.rowHeights[0] > 0 {
                        widths = w
                        heights = r.rowHeights
                    }
                }
                func poolTable() {
                    note("columns: renderer \(renderer), round \(round)/\(rounds): PoolTable")
                    if let r = child("datatable", renderer: renderer, heights: heights, widths: widths) { ptRuns.append(r) }
                }
                if round % 2 == 1 || cvRuns.isEmpty { columnView(); poolTable() } else { poolTable(); columnView() }
            }
            if widths == nil { notes.append("\(renderer): GtkColumnView reported no row or column sizes; PoolTable measured its own") }
            guard let cv = ChildResult.pooled(cvRuns), let pt = ChildResult.pooled(ptRuns) else { continue }
            let ptSummary = FrameWorkSummary(pt, name: "PoolTable"), cvSummary = FrameWorkSummary(cv, name: "GtkColumnView")
            let perRound = zip(ptRuns, cvRuns).map {
                FrameWorkSummary($0, name: "").medianMs / FrameWorkSummary($1, name: "").medianMs
            }
            results.append(ColumnsRendererResult(
                requested: renderer, pooltable: ptSummary, columnview: cvSummary,
                medianRatio: ptSummary.medianMs / cvSummary.medianMs, medianRatioPerRound: perRound,
                p99Ratio: ptSummary.p99Ms / cvSummary.p99Ms))
        }

        note("columns: sorting \(countLabel(sortRows)) strings")
        let sort = SortBench(rows: sortRows, runs: options.smoke ? 1 : 3).run()

        var targets: [TargetCheck] = []
        let judged = !options.smoke
        if let cairo = results.first(where: { $0.requested == "cairo" }) {
            targets.append(TargetCheck(target: "median frame <= 0.5x GtkColumnView's, random scroll, cairo",
                                       value: "\(fmt(cairo.pooltable.medianMs, 3)) vs \(fmt(cairo.columnview.medianMs, 3)) ms = \(fmt(cairo.medianRatio, 2))x",
                                       met: judged ? cairo.medianRatio <= 0.5 : nil))
        }
        let cold = Stats.median(sort.coldMs), kept = Stats.median(sort.keptMs), gtk = Stats.median(sort.gtkMs)
        targets.append(TargetCheck(target: "sort \(countLabel(sort.rows)) rows by a string column < 300 ms, collation keys made at load (sorted, reloaded, laid out, drawn)",
                                   value: "\(fmt(kept, 1)) ms median of \(sort.runs) (GtkSortListModel, keys made in set_sorter: \(fmt(gtk, 1)) ms)",
                                   met: judged ? kept < 300 : nil))
        targets.append(TargetCheck(target: "sort \(countLabel(sort.rows)) rows by a string column < 300 ms, collation keys made in the click",
                                   value: "\(fmt(cold, 1)) ms median of \(sort.runs) (keys \(fmt(Stats.median(sort.coldKeysMs), 1)) ms on \(sort.threads) threads; "
                                       + "GtkSortListModel \(fmt(gtk, 1)) ms)",
                                   met: judged ? cold < 300 : nil))
        var report = ColumnsReport(machine: machine, command: command, smoke: options.smoke, rows: rows, columns: Self.columns,
                                   frames: frames, rounds: rounds, window: "\(Self.window.width)x\(Self.window.height)",
                                   results: results, sort: sort, targets: targets, notes: notes)
        report.machine.loadAverage = machine.loadAverage + " (start), " + MachineInfo.current().loadAverage + " (end)"
        let text = Self.renderText(report)
        if options.json {
            note(text)
            print(jsonString(report))
        } else {
            print(text)
        }
    }

    // MARK: Text

    static func renderText(_ report: ColumnsReport) -> String {
        var out = "testdatatable: \(report.columns) columns x \(countLabel(report.rows)) rows, a label per cell, "
            + "a random scroll position every frame (seed \(seed)), \(report.window) window, \(report.frames) frames a run, "
            + "\(report.rounds) run(s) per toolkit alternating, frames pooled\n"
            + "frame work = frame clock before-paint (start of update) to end of after-paint\n"
            + "machine: \(report.machine.cores) cores, \(report.machine.cpu); load \(report.machine.loadAverage)\n"
        for r in report.results {
            out += "\nrenderer: \(r.pooltable.renderer) (GSK_RENDERER=\(r.requested == "default" ? "unset" : r.requested))\n\n"
            func row(_ name: String, _ f: (FrameWorkSummary) -> String, _ ratio: Double? = nil) -> [String] {
                [name, f(r.pooltable), f(r.columnview), ratio.map { fmt($0, 2) + "x" } ?? ""]
            }
            let rows: [[String]] = [
                row("frame work median (ms)", { fmt($0.medianMs, 3) }, r.medianRatio),
                row("frame work p95 (ms)", { fmt($0.p95Ms, 3) }, r.pooltable.p95Ms / r.columnview.p95Ms),
                row("frame work p99 (ms)", { fmt($0.p99Ms, 3) }, r.p99Ratio),
                row("frame work max (ms)", { fmt($0.maxMs, 2) }),
                row("  phases median: update / layout / paint / after (ms)",
                    { "\(fmt($0.updateMedianMs, 2)) / \(fmt($0.layoutMedianMs, 2)) / \(fmt($0.paintMedianMs, 2)) / \(fmt($0.afterPaintMedianMs, 2))" }),
                row("frames over 16.7 ms", { "\($0.framesOver16ms) of \($0.frames)" }),
                row("binds per frame (PoolTable: rows; GTK: cells)", { fmt($0.bindsPerFrame, 1) }),
                row("tiny-damage frame (4x4 px) median (ms)", { fmt($0.tinyMedianMs, 3) }),
                row("rows visible at the end", { "\($0.visibleRows)" }),
                row("row height / header row height (px)", { $0.rowHeights.map { fmt($0, 0) }.joined(separator: " / ") }),
                row("columns' total width (px)", { fmt($0.columnWidths.reduce(0, +), 0) }),
                row("cells/widgets created", { "\($0.widgetsCreated)" }),
                row("time to first frame (ms)", { fmt($0.timeToFirstFrameMs, 1) }),
                row("peak RSS (MiB)", { fmt($0.peakRSSMiB, 1) }),
            ]
            out += renderTable(header: ["", "PoolTable", "GtkColumnView", "PoolTable/GtkColumnView"], rows: rows,
                               rightAligned: [false, true, true, true])
            if r.medianRatioPerRound.count > 1 {
                out += "median ratio per round: " + r.medianRatioPerRound.map { fmt($0, 2) + "x" }.joined(separator: ", ") + "\n"
            }
            for n in Set(r.pooltable.notes + r.columnview.notes).sorted() { out += "note: \(n)\n" }
        }
        if let s = report.sort {
            let list = { (xs: [Double]) in xs.map { fmt($0, 1) }.joined(separator: ", ") }
            out += "\nsort \(countLabel(s.rows)) rows by a string column (GtkStringSorter's comparison: g_utf8_casefold + "
                + "g_utf8_collate_key, strcmp; LC_COLLATE \(s.locale)), \(s.runs) run(s), ms:\n\n"
            out += renderTable(header: ["", "median", "runs"], rows: [
                ["PoolTable, keys made: sortByColumn to laid out + drawn", fmt(Stats.median(s.coldMs), 1), list(s.coldMs)],
                ["  making the keys (\(s.threads) threads)", fmt(Stats.median(s.coldKeysMs), 1), list(s.coldKeysMs)],
                ["  (the same keys on one thread, as GtkSortListModel makes them)", fmt(Stats.median(s.oneThreadKeysMs), 1), list(s.oneThreadKeysMs)],
                ["  sorting the rows", fmt(Stats.median(s.coldSortMs), 1), list(s.coldSortMs)],
                ["  reloadData + layout + drawing", fmt(Stats.median(s.coldReloadMs), 2), list(s.coldReloadMs)],
                ["PoolTable, keys made before (at load): sortByColumn to laid out + drawn", fmt(Stats.median(s.keptMs), 1), list(s.keptMs)],
                ["  sorting the rows", fmt(Stats.median(s.keptSortMs), 1), list(s.keptSortMs)],
                ["PoolTable, the header clicked again (descending)", fmt(Stats.median(s.flipMs), 1), list(s.flipMs)],
                ["GtkSortListModel + GtkStringSorter (set_sorter)", fmt(Stats.median(s.gtkMs), 1), list(s.gtkMs)],
            ], rightAligned: [false, true, false])
            out += "same order as GtkSortListModel (string by string): \(s.sameOrder ? "yes" : "NO"); "
                + "descending = ascending reversed (key by key): \(s.flipReversesOrder ? "yes" : "NO")\n"
        }
        out += "\ntargets:\n"
        for t in report.targets {
            out += "  \(t.met.map { $0 ? "met   " : "MISSED" } ?? "(smoke)")  \(t.target): \(t.value)\n"
        }
        for n in report.notes { out += "note: \(n)\n" }
        if report.smoke { out += "note: smoke run (\(report.frames) frames, 1 renderer, \(countLabel(report.sort?.rows ?? 0)) rows sorted): targets not judged\n" }
        return out
    }
}

// MARK: PoolTable's data table

/// PoolTable's side of testdatatable: a `TableWidget` with `columns` `TableColumn`s ("A",
/// "B", …) over `rows` rows; a row's cell draws each column's text ("C42") in
/// `rectForColumn`, in GTK's default font, 6 px in from the leading edge as GtkColumnView's
/// cells show it, and a 1 px line on each column's trailing edge
/// (GtkColumnView's `show-column-separators`). Rows have row separators (the table's
/// default) edge to edge.
@MainActor
final class DataTableHost: BenchChildHost, TableViewDataSource, TableViewDelegate {
    let table = TableWidget()
    let rows: Int
    var notes: [String] = []

    var widget: UnsafeMutablePointer<GtkWidget> { table.widget }
    var tableWidget: TableWidget? { table }
    var tableView: TableView { table.tableView }
    var vadjustment: UnsafeMutablePointer<GtkAdjustment> { gtk_scrolled_window_get_vadjustment(OpaquePointer(widget)) }

    init(rows: Int, columns: Int, widths: [Double]?, rowHeight: Double?) {
        self.rows = rows
        let style = DataTableCell.style(Theme.light)
        let measured = tableView.measuringCanvas.map { canvas in
            { (k: Int) in canvas.measureText(dataTableColumnName(k) + "\(max(0, rows - 1))", width: .infinity, style: style, cache: nil) }
        }
        if widths == nil || rowHeight == nil { notes.append("PoolTable measured its own row height and column widths") }
        for k in 0..<columns {
            let column = TableColumn(identifier: dataTableColumnName(k), title: dataTableColumnName(k))
            column.width = widths.flatMap { k < $0.count ? $0[k] : nil } ?? ((measured?(k).width ?? 40) + 2 * DataTableCell.padding).rounded(.up)
            tableView.addTableColumn(column)
        }
        tableView.rowHeight = rowHeight ?? ((measured?(0).height ?? 17) + 5).rounded(.up)
        tableView.separatorInsetLeft = 0
        tableView.register({ DataTableCell(reuseIdentifier: $0) }, forCellReuseIdentifier: "row")
        tableView.dataSource = self
        tableView.delegate = self
    }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        (cell as? DataTableCell)?.row = indexPath.row
        return cell
    }

    var binds: Int { tableView.statistics.binds }
    var alive: Int { tableView.cellsAlive }
    var created: Int { tableView.cellsCreated }
    var visibleRows: Int { tableView.indexPathsForVisibleRows.count }
    /// The rows' height, then the header row's.
    var rowHeights: [Double] { [tableView.rowHeight, tableView.columnHeaderHeight] }
    var columnWidths: [Double]? { tableView.tableColumns.map(\.effectiveWidth) }
}

/// A row of the data table: each column's "<letter><row>" in that column's rect.
@MainActor
final class DataTableCell: TableViewCell {
    /// Space on both sides of the text in a column.
    static let padding = 6.0
    /// GTK's default font size (`gtk-font-name`) in pixels: a GtkLabel's text. 14 px if unset.
    static let fontSize: Double = {
        guard let settings = gtk_settings_get_default() else { return 14 }
        var value = GValue()
        g_value_init(&value, GObjectProperty.stringType)
        defer { g_value_unset(&value) }
        g_object_get_property(settings.object, "gtk-font-name", &value)
        guard let name = g_value_get_string(&value), let description = pango_font_description_from_string(name) else { return 14 }
        defer { pango_font_description_free(description) }
        let size = Double(pango_font_description_get_size(description)) / Double(PANGO_SCALE)
        guard size > 0 else { return 14 }
        return pango_font_description_get_size_is_absolute(description) != 0 ? size : size * 96 / 72
    }()
    static func style(_ theme: Theme) -> TextStyle {
        TextStyle(font: Font(size: fontSize), color: theme.foreground, alignment: .leading, maxLines: 1)
    }

    var row = -1 { didSet { if row != oldValue { setNeedsDisplay() } } }
    /// One text layout slot per column.
    private var caches: [TextCache] = []

    override func drawContent(in canvas: Canvas, bounds: Rect) {
        guard row >= 0, let table = tableView else { return }
        let columns = table.tableColumns.count
        while caches.count < columns { caches.append(TextCache()) }
        let style = Self.style(canvas.theme)
        let separator = canvas.theme.separator
        let indexPath = IndexPath(row: row, section: 0)
        let number = String(row)
        for k in 0..<columns {
            let rect = table.rectForColumn(k, inRowAt: indexPath)
            let text = dataTableColumnName(k) + number
            let width = max(0, rect.width - 2 * Self.padding)
            let height = canvas.measureText(text, width: width, style: style, cache: caches[k]).height
            canvas.drawText(text, in: Rect(x: bounds.minX + rect.minX + Self.padding, y: bounds.minY + ((bounds.height - height) / 2).rounded(),
                                           width: width, height: height), style: style, cache: caches[k])
            canvas.fill(Rect(x: bounds.minX + rect.maxX - 1, y: bounds.minY, width: 1, height: bounds.height), color: separator)
        }
    }
}

// MARK: Sorting 512k strings

/// The data source of the sort bench: `strings` in a table with a Name column (sort key
/// "name") and a Number column ("number", the original position). It sorts in
/// `sortDescriptorsDidChange` (as an AppKit data source does) by GtkStringSorter's
/// comparison: a key per string, `g_utf8_collate_key(g_utf8_casefold(s))` (the locale's
/// collation), compared with `strcmp`; ties by original position (a stable sort).
///
/// How it is fast: the keys are made once (the first time the column is sorted), on every
/// core, and kept; the sort is a radix sort of 16-byte entries (the key's first 8 bytes as a
/// big-endian integer, and the row), calling `strcmp` only for entries whose first 8 bytes
/// are equal ("abbreviated keys"): the same order as `strcmp` on the keys.
@MainActor
final class SortSource: TableViewDataSource, TableViewDelegate {
    let strings: [String]
    /// Row → index into `strings`.
    private(set) var order: [Int32]
    private var keys: CollationKeys?
    /// Threads the keys are made on.
    let threads: Int
    /// The last sort's parts (ms).
    var keysMs = 0.0, sortMs = 0.0

    init(strings: [String], threads: Int) {
        self.strings = strings
        self.threads = max(1, threads)
        order = (0..<Int32(strings.count)).map { $0 }
    }

    func dropKeys() { keys = nil }

    /// Whether strings `i` and `j` sort as equals (false without keys).
    func sameKey(_ i: Int, _ j: Int) -> Bool { keys?.same(i, j) ?? false }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { strings.count }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        let k = Int(order[indexPath.row])
        cell.text = strings[k]
        cell.detailText = String(k)
        return cell
    }

    func tableView(_ tableView: TableView, sortDescriptorsDidChange oldDescriptors: [TableSortDescriptor]) {
        keysMs = 0
        sortMs = 0
        guard let d = tableView.sortDescriptors.first else {
            order = (0..<Int32(strings.count)).map { $0 }
            tableView.reloadData()
            return
        }
        if d.key == "name" && keys == nil {
            keysMs = timeMicros { keys = CollationKeys(strings, threads: threads) } / 1000
        }
        let ascending = d.ascending
        sortMs = timeMicros {
            if d.key == "name", let keys {
                order = keys.sortedRows(ascending: ascending)
            } else {
                order = (0..<Int32(strings.count)).map { $0 }
                if !ascending { order.reverse() }
            }
        } / 1000
        tableView.reloadData()
    }
}

/// GtkStringSorter's keys for a list of strings (`g_utf8_collate_key(g_utf8_casefold(s))`),
/// with each key's first 8 bytes as a big-endian integer.
final class CollationKeys {
    let count: Int
    private let keys: UnsafeMutableBufferPointer<UnsafeMutablePointer<CChar>?>
    private let prefixes: UnsafeMutableBufferPointer<UInt64>

    /// Makes the keys on `threads` threads (GLib's functions are thread-safe).
    init(_ strings: [String], threads: Int) {
        count = strings.count
        keys = .allocate(capacity: count)
        prefixes = .allocate(capacity: count)
        nonisolated(unsafe) let keys = keys, prefixes = prefixes
        let n = count, chunks = threads == 1 ? 1 : threads * 8
        DispatchQueue.concurrentPerform(iterations: chunks) { c in
            for i in (n * c / chunks)..<(n * (c + 1) / chunks) {
                let folded = g_utf8_casefold(strings[i], -1)
                let key = g_utf8_collate_key(folded, -1)
                g_free(folded)
                keys[i] = key
                var p: UInt64 = 0
                if let key {
                    for j in 0..<8 {
                        let b = UInt8(bitPattern: key[j])
                        if b == 0 { break }
                        p |= UInt64(b) << (56 - 8 * UInt64(j))
                    }
                }
                prefixes[i] = p
            }
        }
    }

    deinit {
        for k in keys { g_free(k) }
        keys.deallocate()
        prefixes.deallocate()
    }

    /// Whether strings `i` and `j` have equal keys.
    func same(_ i: Int, _ j: Int) -> Bool {
        guard let a = keys[i], let b = keys[j] else { return keys[i] == nil && keys[j] == nil }
        return strcmp(a, b) == 0
    }

    private struct Entry {
        var prefix: UInt64
        var row: Int32
    }

    /// The rows in key order (`strcmp` on the keys), ties by row: a stable sort. An LSD radix
    /// sort on the 8-byte prefixes (complemented for descending), then each run of equal
    /// prefixes sorted by the whole keys.
    func sortedRows(ascending: Bool) -> [Int32] {
        let flip: UInt64 = ascending ? 0 : ~0
        var a = (0..<count).map { Entry(prefix: prefixes[$0] ^ flip, row: Int32($0)) }
        var b = a
        // All eight byte histograms in one pass; a byte every entry shares needs no pass.
        var counts = [Int](repeating: 0, count: 8 * 256)
        for e in a { for d in 0..<8 { counts[d * 256 + Int((e.prefix >> (8 * UInt64(d))) & 0xff)] += 1 } }
        a.withUnsafeMutableBufferPointer { a in
            b.withUnsafeMutableBufferPointer { b in
                var source = a, target = b
                for d in 0..<8 where !counts[(d * 256)..<(d * 256 + 256)].contains(count) {
                    var offsets = [Int](repeating: 0, count: 256)
                    var sum = 0
                    for k in 0..<256 { offsets[k] = sum; sum += counts[d * 256 + k] }
                    let shift = 8 * UInt64(d)
                    for e in source {
                        let k = Int((e.prefix >> shift) & 0xff)
                        target[offsets[k]] = e
                        offsets[k] += 1
                    }
                    swap(&source, &target)
                }
                if source.baseAddress != a.baseAddress { _ = a.update(fromContentsOf: source) }
            }
        }
        // Runs of equal prefixes: the rest of the keys decide (a key shorter than 8 bytes
        // ends within those bytes: strcmp says 0 at once), then the row.
        let keys = self.keys
        var start = 0
        while start < a.count {
            var end = start + 1
            while end < a.count && a[end].prefix == a[start].prefix { end += 1 }
            if end - start > 1 {
                a[start..<end].sort { x, y in
                    if let kx = keys[Int(x.row)], let ky = keys[Int(y.row)] {
                        let c = strcmp(kx, ky)
                        if c != 0 { return ascending ? c < 0 : c > 0 }
                    }
                    return x.row < y.row
                }
            }
            start = end
        }
        return a.map(\.row)
    }
}

/// Times the sort: PoolTable's table and GtkSortListModel on the same random strings.
@MainActor
struct SortBench {
    let rows: Int
    let runs: Int

    /// Random names, 4 to 24 characters: letters (about one in ten upper case), spaces, and
    /// about one in twenty a non-ASCII letter (so case folding and normalization have work).
    static func strings(_ count: Int) -> [String] {
        var rng = SplitMix64(seed: 512)
        let lower = Array("abcdefghijklmnopqrstuvwxyz"), upper = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        let accented = Array("éèêëàâäîïôöûüçñßåøæÉÈÀÖÜÇÑÅØÆ")
        return (0..<count).map { _ in
            let n = Int.random(in: 4...24, using: &rng)
            var s = ""
            for k in 0..<n {
                let r = Int.random(in: 0..<100, using: &rng)
                if r < 5 { s.append(accented.randomElement(using: &rng)!) }
                else if r < 15 { s.append(upper.randomElement(using: &rng)!) }
                else if r < 20 && k > 0 && k < n - 1 { s.append(" ") }
                else { s.append(lower.randomElement(using: &rng)!) }
            }
            return s
        }
    }

    func run() -> SortResult {
        setlocale(LC_ALL, "")
        let locale = String(cString: setlocale(LC_COLLATE, nil))
        let strings = Self.strings(rows)
        let source = SortSource(strings: strings, threads: ProcessInfo.processInfo.activeProcessorCount)
        let table = TableView(frame: Rect(x: 0, y: 0, width: Double(ColumnsBench.window.width), height: Double(ColumnsBench.window.height)))
        let name = TableColumn(identifier: "name", title: "Name"), number = TableColumn(identifier: "number", title: "Number")
        name.sortKey = "name"
        name.width = 400
        number.sortKey = "number"
        table.addTableColumn(name)
        table.addTableColumn(number)
        table.register({ TableViewCell(reuseIdentifier: $0) }, forCellReuseIdentifier: "row")
        table.dataSource = source
        table.delegate = source
        table.reloadData()
        let canvas = RecordingCanvas()
        table.render(in: canvas)

        var result = SortResult(rows: rows, runs: runs, locale: locale, coldMs: [], coldKeysMs: [], coldSortMs: [], coldReloadMs: [],
                                keptMs: [], keptSortMs: [], flipMs: [], gtkMs: [], threads: source.threads,
                                oneThreadKeysMs: [], sameOrder: false)
        for _ in 0..<runs {
            table.sortDescriptors = []
            source.dropKeys()
            let cold = timeMicros {
                table.sortByColumn(0)          // ascending by name: keys made, sorted, reloaded
                table.layoutIfNeeded()
                table.render(in: canvas)
            } / 1000
            result.coldMs.append(cold)
            result.coldKeysMs.append(source.keysMs)
            result.coldSortMs.append(source.sortMs)
            result.coldReloadMs.append(cold - source.keysMs - source.sortMs)
            let ascending = source.order
            table.sortDescriptors = []         // back to the loaded order; the keys are kept
            let kept = timeMicros {
                table.sortByColumn(0)          // ascending by name, keys made before
                table.layoutIfNeeded()
                table.render(in: canvas)
            } / 1000
            result.keptMs.append(kept)
            result.keptSortMs.append(source.sortMs)
            let flip = timeMicros {
                table.sortByColumn(0)          // the same header again: descending
                table.layoutIfNeeded()
                table.render(in: canvas)
            } / 1000
            result.flipMs.append(flip)
            if !zip(source.order.reversed(), ascending).allSatisfy({ source.sameKey(Int($0), Int($1)) }) {
                result.flipReversesOrder = false
            }
            if result.sameOrder == false { result.sameOrder = gtkOrderMatches(strings, ascending) }
            result.oneThreadKeysMs.append(timeMicros { _ = CollationKeys(strings, threads: 1) } / 1000)
        }
        source.dropKeys()

        // GtkSortListModel over a GtkStringList of the same strings, with GTK's string sorter.
        let list = gtk_string_list_new(nil)!
        for s in strings { gtk_string_list_append(list, s) }
        for _ in 0..<runs {
            let model = gtk_sort_list_model_new(g_object_ref(UnsafeMutableRawPointer(list)).map(OpaquePointer.init), nil)!
            let expression = gtk_property_expression_new(gtk_string_object_get_type(), nil, "string")
            let sorter = gtk_string_sorter_new(expression)!   // takes the expression
            let ms = timeMicros {
                gtk_sort_list_model_set_sorter(model, sorter.cast(to: GtkSorter.self))
                if let first = g_list_model_get_item(model, 0) { g_object_unref(first) }
            } / 1000
            result.gtkMs.append(ms)
            g_object_unref(UnsafeMutableRawPointer(sorter))
            g_object_unref(UnsafeMutableRawPointer(model))
        }
        g_object_unref(UnsafeMutableRawPointer(list))
        return result
    }

    /// GtkSortListModel's order of `strings` against `order`, string by string (ties may be
    /// placed differently; equal strings compare equal).
    private func gtkOrderMatches(_ strings: [String], _ order: [Int32]) -> Bool {
        let list = gtk_string_list_new(nil)!
        for s in strings { gtk_string_list_append(list, s) }
        let model = gtk_sort_list_model_new(list, nil)!   // takes the list
        let sorter = gtk_string_sorter_new(gtk_property_expression_new(gtk_string_object_get_type(), nil, "string"))!
        gtk_sort_list_model_set_sorter(model, sorter.cast(to: GtkSorter.self))
        g_object_unref(UnsafeMutableRawPointer(sorter))
        defer { g_object_unref(UnsafeMutableRawPointer(model)) }
        guard Int(g_list_model_get_n_items(model)) == order.count else { return false }
        for (row, k) in order.enumerated() {
            guard let item = g_list_model_get_item(model, guint(row)) else { return false }
            defer { g_object_unref(item) }
            guard let s = gtk_string_object_get_string(OpaquePointer(item)), String(cString: s) == strings[Int(k)] else { return false }
        }
        return true
    }
}
