import CGtk
import Glibc
import PoolTable
@_spi(Interop) import PoolTableGtk
import Testing

// The "Getting started" article's code (Sources/PoolTable/PoolTable.docc/GettingStarted.md),
// verbatim between the markers; `docsExampleMatchesArticle` checks that the article still
// shows exactly this text, so the documented example always compiles.

// docs:begin
/// Ten thousand fruit, one row each.
final class FruitList: TableViewDataSource {
    var names = (1...10_000).map { "Fruit \($0)" }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        names.count
    }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "fruit", for: indexPath)
        cell.text = names[indexPath.row]
        cell.detailText = "Row \(indexPath.row)"
        return cell
    }
}

/// A window showing `fruits` in a table; keep the returned widget while the window is open.
@MainActor
func showFruits(_ fruits: FruitList, in app: UnsafeMutablePointer<GtkApplication>) -> TableWidget {
    let table = TableWidget()
    table.tableView.register({ TableViewCell(reuseIdentifier: $0) }, forCellReuseIdentifier: "fruit")
    table.tableView.dataSource = fruits          // held weakly, as in UIKit

    let window = gtk_application_window_new(app)!
    gtk_window_set_title(window.cast(), "Fruit")
    gtk_window_set_default_size(window.cast(), 360, 480)
    gtk_window_set_child(window.cast(), table.widget)
    gtk_window_present(window.cast())
    return table
}
// docs:end

extension TableWidgetTests {
    @Test("Getting started: the article's example opens a window whose table shows the fruit")
    func docsExampleRuns() throws {
        try GtkTestEnvironment.require()
        // The article's main.swift, with g_application_run replaced by register + activate
        // (which emits "activate" once and returns).
        let fruits = FruitList()
        var table: TableWidget?
        let app = gtk_application_new("org.example.Fruit", G_APPLICATION_NON_UNIQUE)!
        Signal.connect(app, "activate") { table = showFruits(fruits, in: app) }
        #expect(g_application_register(app.cast(to: GApplication.self), nil, nil) != 0)
        g_application_activate(app.cast(to: GApplication.self))
        defer { g_object_unref(app) }

        let shown = try #require(table)
        let tableView = shown.tableView
        let laidOut = GtkTestEnvironment.iterate { tableView.frame.height > 0 && !tableView.visibleCells.isEmpty }
        #expect(laidOut, "the window maps and the table lays out its first rows")
        #expect(tableView.numberOfRows(inSection: 0) == 10_000)
        #expect(tableView.visibleCells.first?.text == "Fruit 1")
        #expect(tableView.visibleCells.first?.detailText == "Row 0")
        // Rows below the viewport are bound ahead of time too (prepared).
        #expect(tableView.indexPathsForPreparedRows.first == tableView.indexPathsForVisibleRows.last.map { IndexPath(row: $0.row + 1, section: 0) })
        // And it drew something: the first row's text is in the rendered frame.
        let recording = RecordingCanvas(theme: shown.theme)
        tableView.render(in: recording)
        #expect(recording.texts.contains { $0.0 == "Fruit 1" })

        let window = gtk_widget_get_root(shown.widget)
        gtk_window_destroy(try #require(window).cast(to: GtkWindow.self))
        GtkTestEnvironment.waitForFrame()
    }

    @Test("Getting started: the article shows exactly the code this test compiles")
    func docsExampleMatchesArticle() throws {
        let here = SourcePath(#filePath)
        let source = try here.read()
        let begin = try #require(source.range(of: "// docs:begin\n"))
        let end = try #require(source.range(of: "// docs:end"))
        let example = String(source[begin.upperBound..<end.lowerBound])
        let article = try here.up(3).appending("Sources/PoolTable/PoolTable.docc/GettingStarted.md").read()
        #expect(example.count > 500)
        #expect(article.contains(example), "GettingStarted.md must contain the example between the docs markers verbatim")
    }
}

/// A file path with just what the docs test needs (no Foundation in this test target's files).
private struct SourcePath {
    var path: String
    init(_ path: String) { self.path = path }
    func up(_ levels: Int) -> SourcePath {
        var parts = path.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(levels)
        return SourcePath(parts.joined(separator: "/"))
    }
    func appending(_ relative: String) -> SourcePath { SourcePath(path + "/" + relative) }
    func read() throws -> String {
        guard let file = fopen(path, "r") else { throw ReadError(path: path) }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = fread(&buffer, 1, buffer.count, file)
            if n == 0 { break }
            bytes += buffer[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
    struct ReadError: Error { var path: String }
}
