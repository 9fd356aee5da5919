import Testing
@_spi(Hosting) @_spi(Diagnostics) @testable import PoolTable

/// `ListBase.maximumContentHeight`: every count up to it lays out exactly, and what a data
/// source returns beyond it is clamped with a warning, never a blank or wrong screen.
@MainActor
@Suite("Content limit")
struct ContentLimitTests {
    /// The most 44-point rows (the default height) that fit.
    static let maxRows = TableView.maximumNumberOfRows(rowHeight: 44)

    func makeTable(rows: Int) -> (TableView, ModelSource) {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 800, height: 600))
        let model = ModelSource(rows: [rows])
        model.attach(to: table)
        return (table, model)
    }

    /// Where the visible rows and the separators were drawn, in viewport coordinates.
    func drawn(_ table: TableView) -> (rows: [String: Rect], separators: [Rect]) {
        let canvas = RecordingCanvas()
        table.render(in: canvas)
        var rows: [String: Rect] = [:]
        for (text, rect) in canvas.texts where text.hasPrefix("Row ") { rows[text] = rect }
        return (rows, canvas.filledRects(color: canvas.theme.separator))
    }

    @Test("the maximum is 2^46 points, and the most rows of a height are those that fit under it")
    func theLimit() {
        #expect(TableView.maximumContentHeight == 70_368_744_177_664)
        #expect(TableView.maximumContentHeight == Double(1 << 46))
        #expect(Self.maxRows == 1_599_289_640_401)
        #expect(Double(Self.maxRows) * 44 <= TableView.maximumContentHeight)
        #expect(Double(Self.maxRows + 1) * 44 > TableView.maximumContentHeight)
        #expect(TableView.maximumNumberOfRows(rowHeight: 48) == 1_466_015_503_701)
        #expect(TableView.maximumNumberOfRows(rowHeight: 0) == Int.max)
        // Offsets under the limit keep 1/128 of a point: a half-pixel line at 2x is exact.
        let top = TableView.maximumContentHeight - 600
        #expect(top + 0.5 - top == 0.5)
        #expect((top + 1.0 / 128) - top == 1.0 / 128)
    }

    @Test("at the maximum count: End, Home, Page, scroll-to and the drawn rows and separators are exact")
    func exactAtTheMaximum() throws {
        let n = Self.maxRows
        let (table, model) = makeTable(rows: n)
        #expect(table.numberOfRows(inSection: 0) == n)
        #expect(table.warnedKinds.isEmpty)
        let height = Double(n) * 44
        #expect(table.contentSize.height == height)
        let last = IndexPath(row: n - 1, section: 0)
        #expect(table.rectForRow(at: last) == Rect(x: 0, y: height - 44, width: 800, height: 44))

        // End: the last row at the bottom, its frame exact, drawn with the separator above it.
        #expect(table.handleKey(.end))
        #expect(table.contentOffset.y == height - 600)
        #expect(table.indexPathsForVisibleRows.last == last)
        #expect(table.indexPathForRow(at: Point(x: 10, y: height - 1)) == last)
        #expect(table.indexPathForRow(at: Point(x: 10, y: height - 45)) == IndexPath(row: n - 2, section: 0))
        var screen = drawn(table)
        let lastRow = try #require(screen.rows["Row 0.\(n - 1)"])
        #expect(lastRow.minY >= 556 && lastRow.maxY <= 600)
        // One separator under every visible row but the last, each exactly 44 px apart.
        let lines = screen.separators.map(\.minY).sorted()
        #expect(lines.count == table.indexPathsForVisibleRows.count - 1)
        #expect(lines.last == 555)
        for (a, b) in zip(lines, lines.dropFirst()) { #expect(b - a == 44) }
        #expect(mountedStateProblems(table, model: model) == [])

        // The debug overlay at the end: every mounted row drawn, evenly spaced.
        let overlay = RecordingCanvas()
        DebugOverlay().render(table, in: overlay)
        let tops = overlay.texts.filter { $0.0.hasPrefix("Row 0.") }
            .map { (Int($0.0.dropFirst(6))!, $0.1.minY) }.sorted { $0.0 < $1.0 }
        #expect(tops.count == table.mountedEntries.count)
        #expect(tops.last?.0 == n - 1)
        let spacing = tops[1].1 - tops[0].1
        #expect(spacing > 0)
        for (a, b) in zip(tops, tops.dropFirst()) { #expect(abs((b.1 - a.1) - spacing) < 1e-9) }

        // Page Up from the end moves a page less a line; Page Down comes back to the end.
        #expect(table.handleKey(.pageUp))
        #expect(table.contentOffset.y == height - 600 - (600 - 44))
        #expect(table.handleKey(.pageDown))
        #expect(table.contentOffset.y == height - 600)

        // Home and back.
        #expect(table.handleKey(.home))
        #expect(table.contentOffset.y == 0)
        #expect(table.indexPathsForVisibleRows.first == IndexPath(row: 0, section: 0))
        screen = drawn(table)
        #expect(screen.rows["Row 0.0"] != nil)

        // Scrolling to a row near the end, to its middle and top.
        let target = IndexPath(row: n - 1000, section: 0)
        table.scrollToRow(at: target, at: .top, animated: false)
        #expect(table.contentOffset.y == Double(n - 1000) * 44)
        table.scrollToRow(at: target, at: .middle, animated: false)
        #expect(table.contentOffset.y == Double(n - 1000) * 44 + 22 - 300)
        table.scrollToRow(at: last, at: .bottom, animated: false)
        #expect(table.contentOffset.y == height - 600)

        // A fractional offset (a 2x half pixel, a smooth scroll's 1/128) is kept exactly, and
        // the rows and lines are drawn exactly that far off the pixel grid.
        table.contentOffset = Point(x: 0, y: height - 600 - 0.5)
        #expect(table.contentOffset.y == height - 600 - 0.5)
        #expect(drawn(table).separators.map(\.minY).max() == 555.5)
        table.contentOffset = Point(x: 0, y: height - 600 - 1.0 / 128)
        #expect(drawn(table).separators.map(\.minY).max() == 555 + 1.0 / 128)
        #expect(mountedStateProblems(table, model: model) == [])
    }

    @Test("one row beyond the maximum is refused: the table lays out the maximum and warns")
    func oneBeyond() {
        let (table, model) = makeTable(rows: Self.maxRows + 1)
        #expect(table.numberOfRows(inSection: 0) == Self.maxRows)
        #expect(table.warnedKinds.contains("maximumContentHeight"))
        #expect(table.contentSize.height == Double(Self.maxRows) * 44)
        table.handleKey(.end)
        #expect(table.indexPathsForVisibleRows.last == IndexPath(row: Self.maxRows - 1, section: 0))
        #expect(mountedStateProblems(table, model: model) == [])
    }

    @Test("Int.max rows: clamped to the maximum, End shows the last row that fits (no blank screen)")
    func intMax() throws {
        let (table, model) = makeTable(rows: Int.max)
        #expect(table.numberOfRows(inSection: 0) == Self.maxRows)
        #expect(table.handleKey(.end))
        let last = IndexPath(row: Self.maxRows - 1, section: 0)
        #expect(table.indexPathsForVisibleRows.last == last)
        #expect(table.indexPathsForVisibleRows.count >= 13)
        let screen = drawn(table)
        #expect(screen.rows.count == table.indexPathsForVisibleRows.count)
        let row = try #require(screen.rows["Row 0.\(Self.maxRows - 1)"])
        #expect(row.maxY <= 600 && row.minY >= 556)
        #expect(mountedStateProblems(table, model: model) == [])
    }

    @Test("sections share the maximum: a later section keeps only the rows left, headers count")
    func sectionsShareTheMaximum() {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 800, height: 600))
        let model = ModelSource(rows: [Self.maxRows / 2, Self.maxRows, 5], headers: ["A", "B", "C"])
        model.attach(to: table)
        let header = table.rectForHeaderInSection(0).height
        #expect(header > 0)
        #expect(table.numberOfRows(inSection: 0) == Self.maxRows / 2)
        let left = TableView.maximumContentHeight - Double(Self.maxRows / 2) * 44 - 2 * header
        #expect(table.numberOfRows(inSection: 1) == Int((left / 44).rounded(.down)))
        #expect(table.contentSize.height <= TableView.maximumContentHeight)
        #expect(table.warnedKinds.contains("maximumContentHeight"))
        table.handleKey(.end)
        #expect(table.indexPathsForVisibleRows.last?.section ?? 0 >= 1)
        #expect(mountedStateProblems(table, model: model) == [])
    }

    @Test("delegate heights past the maximum: the rows that fit are kept")
    func delegateHeights() {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 800, height: 600))
        // Rows of 2^44 points: four fit exactly, the fifth would not.
        let model = ModelSource(rows: [100], heights: { _ in Double(1 << 44) })
        model.attach(to: table)
        #expect(table.numberOfRows(inSection: 0) == 4)
        #expect(table.contentSize.height == TableView.maximumContentHeight)
        #expect(table.warnedKinds.contains("maximumContentHeight"))
        table.handleKey(.end)
        #expect(table.indexPathsForVisibleRows == [IndexPath(row: 3, section: 0)])
    }
}
