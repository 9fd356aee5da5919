import Testing
@testable import PoolTable

@MainActor
@Suite("Rendering through the recording Canvas")
struct RenderingTests {
    func makeTable(style: TableViewStyle = .plain) -> (TableView, ModelSource) {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 360, height: 300), style: style)
        let model = ModelSource(rows: [10, 10, 10], headers: ["Alpha", "Beta", "Gamma"])
        model.attach(to: table)
        return (table, model)
    }

    /// Where each header's background was drawn, by title.
    func headerPositions(_ canvas: RecordingCanvas) -> [String: Double] {
        var out: [String: Double] = [:]
        for (text, rect) in canvas.texts where ["Alpha", "Beta", "Gamma"].contains(text) { out[text] = rect.minY }
        return out
    }

    @Test("the header of the section at the top sticks to the viewport until the next pushes it up")
    func stickyHeaders() {
        let (table, _) = makeTable()
        let canvas = RecordingCanvas()
        let header = table.sectionHeaderHeight
        let sectionHeight = header + 440
        let backgrounds = { canvas.filledRects(color: canvas.theme.headerBackground).map(\.minY) }

        // Inside section 0: Alpha's header is drawn at the top edge.
        table.contentOffset = Point(x: 0, y: 100)
        canvas.reset(); table.render(in: canvas)
        #expect(backgrounds().contains(0))
        #expect(table.mountedHeaderSections.contains(0))

        // 10 px before section 1's header reaches the top: Alpha is pushed up by 20 px.
        table.contentOffset = Point(x: 0, y: sectionHeight - 10)
        canvas.reset(); table.render(in: canvas)
        let bg = backgrounds()
        #expect(bg.contains(-(header - 10)), "\(bg)")        // Alpha pushed up
        #expect(bg.contains(10))                               // Beta at its natural place

        // Inside section 1: Beta sticks at 0, Alpha is gone.
        table.contentOffset = Point(x: 0, y: sectionHeight + 200)
        canvas.reset(); table.render(in: canvas)
        #expect(backgrounds().contains(0))
        let positions = headerPositions(canvas)
        #expect(positions["Alpha"] == nil)
        #expect(positions["Beta"] != nil && positions["Beta"]! < header)
        // The header is drawn after (on top of) the rows under it.
        let lastRowText = canvas.operations.lastIndex { if case let .text(s, _, _) = $0 { return s.hasPrefix("Row") } else { return false } }!
        let betaText = canvas.operations.lastIndex { if case let .text(s, _, _) = $0 { return s == "Beta" } else { return false } }!
        #expect(betaText > lastRowText)
    }

    @Test("grouped style: nothing floats; rows are inset")
    func groupedDoesNotFloat() {
        let (table, _) = makeTable(style: .grouped)
        table.contentOffset = Point(x: 0, y: 200)
        let canvas = RecordingCanvas()
        table.render(in: canvas)
        let alpha = canvas.texts.first { $0.0 == "Alpha" }
        #expect(alpha == nil || alpha!.1.maxY <= 0)
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)).minX == 16)
    }

    @Test("only visible rows are drawn, each with its own content, and separators between rows")
    func drawsVisibleRowsOnly() {
        let (table, _) = makeTable()
        table.contentOffset = Point(x: 0, y: 500)
        let canvas = RecordingCanvas()
        table.render(in: canvas)
        let drawnRows = Set(canvas.texts.map(\.0).filter { $0.hasPrefix("Row") })
        let visible = Set(table.indexPathsForVisibleRows.map { "Row \($0.section).\($0.row)" })
        #expect(drawnRows == visible)
        #expect(!canvas.filledRects(color: canvas.theme.separator).isEmpty)
    }

    @Test("edit mode draws a checkbox column that slides in with the shared phase")
    func checkboxColumn() {
        let (table, _) = makeTable()
        table.allowsMultipleSelectionDuringEditing = true
        table.selectRow(at: IndexPath(row: 1, section: 0), animated: false, scrollPosition: .none)
        let canvas = RecordingCanvas()
        func titleX() -> Double { canvas.texts.first { $0.0 == "Row 0.0" }!.1.minX }
        canvas.reset(); table.render(in: canvas)
        let x0 = titleX()
        table.setEditing(true, animated: true)
        table.advanceAnimations(to: 0)
        table.advanceAnimations(to: 0.125)
        canvas.reset(); table.render(in: canvas)
        let xHalf = titleX()
        table.advanceAnimations(to: 0.3)
        canvas.reset(); table.render(in: canvas)
        let x1 = titleX()
        #expect(x0 < xHalf && xHalf < x1)
        #expect(x1 - x0 == TableViewCell.editingControlWidth)
        // The selected row's checkbox is filled with the accent colour.
        #expect(!canvas.filledRects(color: canvas.theme.accent).isEmpty)
    }

    @Test("cells keep their text layouts between frames (TextCache)")
    func textCacheReuse() {
        let (table, _) = makeTable()
        let canvas = RecordingCanvas()
        table.render(in: canvas)
        let before = canvas.textCacheHits
        table.render(in: canvas)
        #expect(canvas.textCacheHits > before)
    }
}
