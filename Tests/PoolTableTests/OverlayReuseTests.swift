import Testing
@_spi(Hosting) @_spi(Diagnostics) @testable import PoolTable

/// The overlay shows reuse happening (issue 15), checked on the recording canvas: every
/// mounted cell's label is its `cellID(of:)`, the pool cards are the pooled cells with the
/// rows they last showed, and the log panel shows the latest events, frozen on request.
@MainActor
@Suite("Debug overlay: cell identities, pool cards, event log")
struct OverlayReuseTests {
    func makeTable() -> TableView {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 900, height: 700))
        ModelSource(rows: [500], heights: variedHeight).attach(to: table)
        table.prefetchDistance = 150
        for y in stride(from: 0.0, through: 1200, by: 40) { table.contentOffset = Point(x: 0, y: y) }
        table.frame = Rect(x: 0, y: 0, width: 900, height: 560)      // some cells go to the pool
        return table
    }

    /// Texts "#N" drawn left of the panels (on the zoomed table) and in the panels.
    func numberTexts(_ canvas: RecordingCanvas, panelsLeft: Double) -> (table: [(Int, Rect)], panels: [(Int, Rect)]) {
        let numbers = canvas.texts.compactMap { text, rect -> (Int, Rect)? in
            guard text.hasPrefix("#"), let n = Int(text.dropFirst()) else { return nil }
            return (n, rect)
        }
        return (numbers.filter { $0.1.minX < panelsLeft }, numbers.filter { $0.1.minX >= panelsLeft })
    }

    func panelsLeft(_ table: ListBase) -> Double { table.frame.width - DebugOverlay.panelWidth(for: table.frame.width) - 10 }

    @Test("each mounted cell carries a label equal to cellID(of:), inside its zoomed frame, tinted with its own colour")
    func labels() {
        let table = makeTable()
        let overlay = DebugOverlay()
        let canvas = RecordingCanvas()
        overlay.render(table, in: canvas)
        let t = overlay.transform(for: table)
        let drawn = numberTexts(canvas, panelsLeft: panelsLeft(table)).table
        let mounted = table.mountedCells
        #expect(mounted.count > 8)
        #expect(drawn.map(\.0).sorted() == mounted.map { table.cellID(of: $0) }.sorted())
        for cell in mounted {
            let id = table.cellID(of: cell)
            let r = t.view(cell.frame)
            #expect(drawn.contains { $0.0 == id && r.contains($0.1.origin) }, "#\(id) is drawn on its own row")
            let tint = DebugOverlay.identityColor(forCellID: id)
            #expect(canvas.filledRects(color: tint.withAlpha(overlay.palette.identityWashAlpha)).contains { $0 == DebugOverlay.identityWash(of: r) })
        }
        // Colours: stable per number, and neighbouring numbers differ.
        #expect(DebugOverlay.identityColor(forCellID: 7) == DebugOverlay.identityColor(forCellID: 7))
        for id in 1..<40 { #expect(DebugOverlay.identityColor(forCellID: id) != DebugOverlay.identityColor(forCellID: id + 1)) }
    }

    @Test("after a scroll, the same number is drawn on another row: the cell left one end and came back at the other")
    func sameCellAnotherRow() {
        let table = makeTable()
        let before = Dictionary(uniqueKeysWithValues: zip(table.mountedCells.map { table.cellID(of: $0) }, table.indexPathsForMountedRows))
        table.contentOffset = Point(x: 0, y: table.contentOffset.y + 400)
        let after = Dictionary(uniqueKeysWithValues: zip(table.mountedCells.map { table.cellID(of: $0) }, table.indexPathsForMountedRows))
        let moved = before.keys.filter { after[$0] != nil && after[$0] != before[$0] }
        #expect(!moved.isEmpty, "a cell that showed a row near the top now shows one at the bottom")
        for id in moved { #expect(after[id]! > before[id]!) }
    }

    @Test("the pool cards are exactly the pooled cells, with the row each last showed")
    func poolCards() {
        let table = makeTable()
        let overlay = DebugOverlay()
        let pooled = table.pooledCells
        #expect(!pooled.isEmpty)
        let cards = overlay.poolCards(table)
        #expect(cards.map(\.identifier) == pooled.map(\.identifier))
        for (group, expected) in zip(cards, pooled) {
            #expect(group.cards.map(\.cellID) == expected.cells.map { table.cellID(of: $0 as! TableViewCell) })
            #expect(group.cards.map(\.lastIndexPath) == expected.cells.map(\.lastIndexPath))
            #expect(group.cards.allSatisfy { $0.lastIndexPath != nil })
        }
        // Each card's last row is the row its recycling was logged with.
        for card in cards.flatMap(\.cards) {
            #expect(table.recentCellEvents.last { $0.cellID == card.cellID }.map { $0.kind == .recycled && $0.indexPath == card.lastIndexPath } == true)
        }
        let canvas = RecordingCanvas()
        overlay.render(table, in: canvas)
        let shown = numberTexts(canvas, panelsLeft: panelsLeft(table)).panels.map(\.0)
        let texts = canvas.texts.map(\.0)
        for card in cards.flatMap(\.cards) {
            #expect(shown.contains(card.cellID), "card #\(card.cellID) is drawn")
            #expect(texts.contains("row \(card.lastIndexPath!.row)"))
        }
        #expect(texts.contains("probe  ×\(pooled[0].cells.count)"))
    }

    @Test("the log panel shows the latest events in words, newest at the bottom; frozen, it stops")
    func logPanel() throws {
        let table = makeTable()
        let overlay = DebugOverlay()
        let canvas = RecordingCanvas()
        overlay.render(table, in: canvas)
        let texts = canvas.texts
        let lines = overlay.logLines(table, count: 4)
        #expect(lines.count == 4)
        #expect(lines.last == overlay.sentence(table.recentCellEvents.last!, grid: false))
        // Drawn in order, one under the other, the newest lowest.
        let positions = try lines.map { line in try #require(texts.last { $0.0 == line }?.1.minY) }
        #expect(positions == positions.sorted())
        let heading = try #require(texts.first { $0.0 == "Cell events" }?.1)
        #expect(positions.allSatisfy { $0 > heading.minY })

        // The words of each kind.
        #expect(overlay.sentence(CellEvent(kind: .recycled, cellID: 7, indexPath: IndexPath(row: 3, section: 0)), grid: false) == "#7 recycled (row 3)")
        #expect(overlay.sentence(CellEvent(kind: .reused, cellID: 7, indexPath: nil), grid: false) == "#7 reused → prepareForReuse")
        #expect(overlay.sentence(CellEvent(kind: .bound, cellID: 7, indexPath: IndexPath(row: 31, section: 0)), grid: false) == "#7 bound to row 31")
        #expect(overlay.sentence(CellEvent(kind: .bound, cellID: 7, indexPath: IndexPath(row: 31, section: 2)), grid: true) == "#7 bound to item 2:31")

        // Freeze: scrolling goes on, the panel does not.
        overlay.setLogFrozen(true, table: table)
        let frozen = overlay.logLines(table, count: 10)
        table.contentOffset = Point(x: 0, y: table.contentOffset.y + 300)
        #expect(overlay.logLines(table, count: 10) == frozen)
        let frozenCanvas = RecordingCanvas()
        overlay.render(table, in: frozenCanvas)
        #expect(frozenCanvas.texts.contains { $0.0 == "Cell events (frozen)" })
        #expect(frozenCanvas.texts.contains { $0.0 == frozen.last! })
        overlay.setLogFrozen(false, table: table)
        #expect(overlay.logLines(table, count: 10).last == overlay.sentence(table.recentCellEvents.last!, grid: false))
        #expect(overlay.logLines(table, count: 10) != frozen)
    }

    @Test("the grid: labels on its items, item cards, item words")
    func grid() {
        let grid = CollectionView(frame: Rect(x: 0, y: 0, width: 900, height: 600), layout: GridLayout())
        GridSourceFixture(counts: [2000]).attach(to: grid, asDelegate: false)
        grid.prefetchDistance = 120
        for y in stride(from: 0.0, through: 1500, by: 90) { grid.contentOffset = Point(x: 0, y: y) }
        grid.frame = Rect(x: 0, y: 0, width: 900, height: 380)
        let overlay = DebugOverlay()
        let canvas = RecordingCanvas()
        overlay.render(grid, in: canvas)
        let drawn = numberTexts(canvas, panelsLeft: panelsLeft(grid))
        #expect(drawn.table.map(\.0).sorted() == grid.mountedCells.map { grid.cellID(of: $0) }.sorted())
        let cards = overlay.poolCards(grid).flatMap(\.cards)
        #expect(!cards.isEmpty)
        let texts = canvas.texts.map(\.0)
        // The cards that fit (three rows of them; with more, the last place says "+N").
        let perRow = Int((DebugOverlay.panelWidth(for: 900) - 16) / (DebugOverlay.cardSize.width + 4))
        let fitting = cards.count <= 3 * perRow ? cards : Array(cards.prefix(3 * perRow - 1))
        #expect(fitting.allSatisfy { card in texts.contains("item \(card.lastIndexPath!.item)") })
        if fitting.count < cards.count { #expect(texts.contains("+\(cards.count - fitting.count)")) }
        #expect(overlay.logLines(grid, count: 300).contains { $0.contains("bound to item") })
    }

    @Test("the Engine panel reads the host's clock: frames, rate, paused")
    func clockLine() {
        let table = makeTable()
        let overlay = DebugOverlay()
        #expect(!overlay.counterLines(table).contains { $0.hasPrefix("engine clock") })
        overlay.clock = DebugOverlay.Clock(frames: 12, rate: 0.1, isPaused: true)
        #expect(overlay.counterLines(table).last!.hasSuffix("frame 12 · 0.1× · paused"))
        overlay.clock = DebugOverlay.Clock(frames: 13, rate: 1, isPaused: false)
        #expect(overlay.counterLines(table).last!.hasSuffix("  frame 13"))
    }
}

extension OverlayReuseTests {
    @Test("the overlay in words for screen readers: counters, every pool card, the latest events")
    func accessibleSummary() {
        let table = makeTable()
        let overlay = DebugOverlay()
        let summary = overlay.accessibleSummary(table)
        #expect(summary.contains("cells created \(table.cellsCreated)"))
        for card in overlay.poolCards(table).flatMap(\.cards) {
            #expect(summary.contains("#\(card.cellID) (row \(card.lastIndexPath!.row))"))
        }
        #expect(summary.hasSuffix(overlay.logLines(table, count: 3).joined(separator: "\n")))
    }
}
