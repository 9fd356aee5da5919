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

    @Test("separatorStyle .none draws no lines between rows")
    func noSeparators() {
        let (table, _) = makeTable()
        table.separatorStyle = .none
        let canvas = RecordingCanvas()
        table.render(in: canvas)
        #expect(canvas.filledRects(color: canvas.theme.separator).isEmpty)
        #expect(!canvas.texts.filter { $0.0.hasPrefix("Row") }.isEmpty)
    }

    /// Fills of a full row (the cell's background) in `color`.
    func rowBackgrounds(_ canvas: RecordingCanvas, _ color: Color, width: Double) -> [Rect] {
        canvas.filledRects(color: color).filter { $0.width == width && $0.height == 44 }
    }

    @Test("a cell does not repaint the backdrop the view already painted, unless rows may overlap")
    func cellBackgroundOverBackdrop() {
        let (table, model) = makeTable()
        let canvas = RecordingCanvas()
        let theme = canvas.theme
        #expect(theme.cellBackground == theme.background, "light theme: cells and plain table share white")
        table.render(in: canvas)
        #expect(rowBackgrounds(canvas, theme.cellBackground, width: 360).isEmpty, "same pixels: the fill is skipped")

        // The dark theme's cells differ from its `background`: the plain table is the cells'
        // colour under them, painted once, and no row repaints it.
        #expect(Theme.dark.cellBackground != Theme.dark.background)
        let dark = RecordingCanvas(theme: .dark)
        table.render(in: dark)
        #expect(rowBackgrounds(dark, Theme.dark.cellBackground, width: 360).isEmpty, "dark rows skip their fill too")
        #expect(dark.filledRects(color: Theme.dark.cellBackground) == [Rect(x: 0, y: 0, width: 360, height: 300)])
        #expect(dark.filledRects(color: Theme.dark.background).isEmpty)

        // While a row animation runs, rows may slide over each other: each paints its background.
        table.advanceAnimations(to: 0)
        model.rows[0] -= 1
        table.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
        table.advanceAnimations(to: 0.05)
        canvas.reset(); table.render(in: canvas)
        #expect(rowBackgrounds(canvas, theme.cellBackground, width: 360).count >= table.indexPathsForVisibleRows.count)
        table.advanceAnimations(to: 2)
        canvas.reset(); table.render(in: canvas)
        #expect(rowBackgrounds(canvas, theme.cellBackground, width: 360).isEmpty)

        // Grouped rows sit on their section's group, already filled with the cell background.
        let (grouped, _) = makeTable(style: .grouped)
        let g = RecordingCanvas()
        grouped.render(in: g)
        let rowWidth = grouped.rectForRow(at: IndexPath(row: 0, section: 0)).width
        #expect(rowBackgrounds(g, theme.cellBackground, width: rowWidth).isEmpty)
        #expect(!g.filledRects(color: theme.cellBackground).isEmpty, "the group is filled")
    }

    @Test("a cell with a background of its own (not the view's) still paints it")
    func tintedCellBackground() {
        final class TintedCell: TableViewCell {
            override func backgroundColor(_ theme: Theme) -> Color { Color(hex: 0xfff4d6) }
        }
        let table = TableView(frame: Rect(x: 0, y: 0, width: 360, height: 300))
        table.register({ TintedCell(reuseIdentifier: $0) }, forCellReuseIdentifier: "tinted")
        let source = CountedTableSourceFixture(counts: [20], reuseIdentifier: "tinted")
        table.dataSource = source
        let canvas = RecordingCanvas()
        table.render(in: canvas)
        #expect(rowBackgrounds(canvas, Color(hex: 0xfff4d6), width: 360).count == table.indexPathsForVisibleRows.count)
        withExtendedLifetime(source) {}
    }

    @Test("edit mode draws a checkbox column that slides in with the shared phase")
    func checkboxColumn() {
        let (table, _) = makeTable()
        table.allowsMultipleSelectionDuringEditing = true
        let canvas = RecordingCanvas()
        func titleX() -> Double { canvas.texts.first { $0.0 == "Row 0.0" }!.1.minX }
        canvas.reset(); table.render(in: canvas)
        let x0 = titleX()
        table.setEditing(true, animated: true)
        table.selectRow(at: IndexPath(row: 1, section: 0), animated: false, scrollPosition: .none)
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
