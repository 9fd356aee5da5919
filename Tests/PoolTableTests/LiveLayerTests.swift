import Testing
@_spi(Diagnostics) @testable import PoolTable

/// Live layers (`LiveLayer`): a tick that marks only a cell's live layer re-records that
/// layer's unit and keeps the cell's static content (the `RecordingCanvas` keeps the same
/// books as the GTK shell's node cache).
@MainActor
@Suite("Retained rendering: live layers")
struct LiveLayerTests {
    static let meter = LiveLayer("meter")

    /// A row with a title (static) and a meter (live).
    final class MeterCell: TableViewCell {
        var row = -1
        var level = 0.0
        override var liveLayers: [LiveLayer] { [LiveLayerTests.meter] }
        override func frame(of layer: LiveLayer, in bounds: Rect) -> Rect {
            Rect(x: bounds.maxX - 120, y: bounds.midY - 3, width: 100, height: 6)
        }
        override func drawLiveLayer(_ layer: LiveLayer, in canvas: Canvas, bounds: Rect) {
            canvas.fill(Rect(x: 0, y: 0, width: bounds.width * level, height: bounds.height), color: .black)
        }
    }

    /// The levels, and whether a reconfigure that changes only the level says so.
    final class Source: TableViewDataSource {
        var levels = [Double](repeating: 0.1, count: 200)
        var marksLiveOnly = true
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { levels.count }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "meter", for: indexPath) as! MeterCell
            let sameRow = cell.row == indexPath.row
            cell.row = indexPath.row
            cell.text = "Row \(indexPath.row)"
            cell.level = levels[indexPath.row]
            if sameRow && marksLiveOnly { cell.setNeedsDisplay(LiveLayerTests.meter) }
            return cell
        }
    }

    func makeTable() -> (TableView, Source, RecordingCanvas) {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 800, height: 440))
        table.register({ MeterCell(reuseIdentifier: $0) }, forCellReuseIdentifier: "meter")
        let source = Source()
        table.dataSource = source
        table.reloadData()
        return (table, source, RecordingCanvas())
    }

    /// Draws one frame; returns the units it would re-record (the background left out).
    @discardableResult
    func frame(_ table: TableView, _ canvas: RecordingCanvas) -> Set<ObjectIdentifier> {
        canvas.reset()
        table.render(in: canvas)
        return Set(canvas.cachedDraws.filter { $0.rebuilt && $0.key != ObjectIdentifier(table) }.map(\.key))
    }

    func visible(_ table: TableView) -> [MeterCell] {
        table.indexPathsForVisibleRows.compactMap { table.cellForRow(at: $0) as? MeterCell }
    }

    @Test("a tick of 10 live rows re-records their 10 meters only; the picture is still whole")
    func tickRecordsLiveLayersOnly() throws {
        let (table, source, canvas) = makeTable()
        let cells = visible(table)
        try #require(cells.count >= 10)
        let first = frame(table, canvas)
        #expect(first == Set(cells.map(ObjectIdentifier.init) + cells.map { $0.cacheKey(of: Self.meter) }))
        #expect(frame(table, canvas).isEmpty)

        let ticked = Array(cells.prefix(10))
        for c in ticked { source.levels[c.row] = 0.7 }
        table.reconfigureRows(at: ticked.map { IndexPath(row: $0.row, section: 0) })
        let rebuilt = frame(table, canvas)
        #expect(rebuilt == Set(ticked.map { $0.cacheKey(of: Self.meter) }))
        #expect(rebuilt.isDisjoint(with: cells.map(ObjectIdentifier.init)), "no static content re-recorded")
        // Every row's title and meter is still drawn (the kept units are re-emitted).
        #expect(canvas.texts.count == cells.count)
        #expect(canvas.filledRects(color: .black).filter { $0.width == 70 }.count == 10)
        #expect(ticked.allSatisfy { $0.isRedrawingLiveLayersOnly })
        #expect(ticked.allSatisfy { $0.liveLayersRedrawnAlone == [Self.meter] })
        #expect(frame(table, canvas).isEmpty)
    }

    @Test("a reconfigure that does not mark live layers only, setNeedsDisplay() and a fresh bind re-record the whole cell")
    func wholeContentChanges() throws {
        let (table, source, canvas) = makeTable()
        frame(table, canvas)
        let cell = try #require(visible(table).dropFirst(2).first)
        let whole: Set = [ObjectIdentifier(cell), cell.cacheKey(of: Self.meter)]
        source.marksLiveOnly = false
        table.reconfigureRows(at: [IndexPath(row: cell.row, section: 0)])
        #expect(frame(table, canvas) == whole)
        #expect(!cell.isRedrawingLiveLayersOnly)
        cell.setNeedsDisplay()
        #expect(frame(table, canvas) == whole)
        // Marked outside a bind, then reconfigured without the mark: the mark does not carry over.
        cell.setNeedsDisplay(Self.meter)
        #expect(frame(table, canvas) == [cell.cacheKey(of: Self.meter)])
        table.reconfigureRows(at: [IndexPath(row: cell.row, section: 0)])
        #expect(frame(table, canvas) == whole)
        // A reload binds every row anew, whatever the cells mark.
        source.marksLiveOnly = true
        table.reloadData()
        #expect(frame(table, canvas).isSuperset(of: visible(table).map(ObjectIdentifier.init)))
    }

    @Test("a live layer's animation re-records the layer on each frame up to its deadline, then nothing")
    func liveAnimation() throws {
        let (table, _, canvas) = makeTable()
        table.advanceAnimations(to: 0)
        frame(table, canvas)
        let cell = try #require(visible(table).first)
        cell.animateContent(Self.meter, for: 0.1)
        #expect(table.hasRunningAnimations)
        for t in [0.03, 0.06, 0.1] {
            table.advanceAnimations(to: t)
            #expect(frame(table, canvas) == [cell.cacheKey(of: Self.meter)], "t=\(t)")
        }
        table.advanceAnimations(to: 0.2)
        #expect(frame(table, canvas).isEmpty)
        #expect(!table.hasRunningAnimations)
        #expect(cell.contentVersion(of: Self.meter) > cell.contentVersion)
    }

    @Test("the debug overlay outlines the live layers of rows that redrew only them, and tags those rows")
    func overlayMarksLiveRows() throws {
        let (table, source, _) = makeTable()
        let cells = visible(table)
        try #require(cells.count >= 10)
        let overlay = DebugOverlay()
        func marks() -> (outlines: Int, tags: Int) {
            let canvas = RecordingCanvas()
            overlay.render(table, in: canvas)
            let outlines = canvas.operations.filter { if case let .strokePath(_, c, _) = $0 { return c == overlay.palette.live } else { return false } }.count
            let tag = DebugOverlay.Strings.fill(overlay.strings.liveLayersOnly, ["layers": "meter"])
            return (outlines, canvas.texts.filter { $0.0 == tag }.count)
        }
        #expect(marks().outlines == 0)
        let ticked = Array(cells.prefix(4))
        for c in ticked { source.levels[c.row] = 0.5 }
        table.reconfigureRows(at: ticked.map { IndexPath(row: $0.row, section: 0) })
        table.layoutIfNeeded()
        let m = marks()
        #expect(m.outlines == 4)
        #expect(m.tags == 4)
        ticked[0].setNeedsDisplay()                           // the whole row: no longer live-only
        #expect(marks().outlines == 3)
    }
}
