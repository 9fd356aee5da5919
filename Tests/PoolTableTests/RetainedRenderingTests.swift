import Testing
@testable import PoolTable

/// Cells' content versions and `Canvas.drawCached`: what a retaining canvas re-records
/// each frame (`RecordingCanvas` keeps the same books as the GTK shell's node cache).
@MainActor
@Suite("Retained rendering: content versions")
struct RetainedRenderingTests {
    func makeTable(rows: Int = 1_000) -> (TableView, ModelSource, RecordingCanvas) {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 360, height: 300))
        let model = ModelSource(rows: [rows])
        model.attach(to: table)
        return (table, model, RecordingCanvas())
    }

    /// Draws one frame; returns the cells it would re-record.
    @discardableResult
    func frame(_ table: TableView, _ canvas: RecordingCanvas) -> Set<ObjectIdentifier> {
        canvas.reset()
        table.render(in: canvas)
        return Set(canvas.cachedDraws.filter { $0.rebuilt && $0.key != ObjectIdentifier(table) }.map(\.key))
    }

    func visibleCells(_ table: TableView) -> Set<ObjectIdentifier> {
        Set(table.indexPathsForVisibleRows.compactMap { table.cellForRow(at: $0) }.map(ObjectIdentifier.init))
    }

    @Test("first frame records every visible cell once; an unchanged frame records nothing")
    func unchangedFrame() {
        let (table, _, canvas) = makeTable()
        #expect(frame(table, canvas) == visibleCells(table))
        #expect(canvas.cachedDraws.filter { $0.key != ObjectIdentifier(table) }.count == visibleCells(table).count)
        #expect(frame(table, canvas).isEmpty)
        #expect(canvas.rebuildCount == 0)                         // background included
    }

    @Test("scrolling re-records only the cells that arrive in the viewport")
    func scrollRecordsArrivingCells() {
        let (table, _, canvas) = makeTable()
        frame(table, canvas)
        var arrived = 0
        for step in 1...60 {
            let before = visibleCells(table)
            table.contentOffset = Point(x: 0, y: Double(step) * 37)
            let rebuilt = frame(table, canvas)
            let after = visibleCells(table)
            #expect(rebuilt == after.subtracting(before), "step \(step)")
            arrived += rebuilt.count
        }
        #expect(arrived > 40)                                     // 60 × 37 px of 44 px rows
        // Cache entries stay bounded by what one frame draws (forgotten at the next frame).
        canvas.reset()
        #expect(canvas.cacheEntryCount == visibleCells(table).count + 1)
    }

    @Test("a reconfigured row re-records its one cell; setNeedsDisplay likewise")
    func reconfigureRecordsOne() {
        let (table, _, canvas) = makeTable()
        frame(table, canvas)
        let ip = IndexPath(row: 3, section: 0)
        table.reconfigureRows(at: [ip])
        #expect(frame(table, canvas) == [ObjectIdentifier(table.cellForRow(at: ip)!)])
        table.cellForRow(at: IndexPath(row: 5, section: 0))!.setNeedsDisplay()
        #expect(frame(table, canvas) == [ObjectIdentifier(table.cellForRow(at: IndexPath(row: 5, section: 0))!)])
        #expect(frame(table, canvas).isEmpty)
    }

    @Test("a theme change re-records every cell (and the background)")
    func themeChangeRecordsAll() {
        let (table, _, canvas) = makeTable()
        frame(table, canvas)
        canvas.theme = .dark
        #expect(frame(table, canvas) == visibleCells(table))
        #expect(canvas.cachedDraws.contains { $0.key == ObjectIdentifier(table) && $0.rebuilt })
    }

    @Test("selection and highlight are drawn around the content: nothing re-records")
    func selectionKeepsContent() {
        let (table, _, canvas) = makeTable()
        frame(table, canvas)
        table.selectRow(at: IndexPath(row: 2, section: 0), animated: false, scrollPosition: .none)
        #expect(frame(table, canvas).isEmpty)
        let tint = canvas.theme.selectionTint
        #expect(canvas.filledRects(color: tint).count == 1)     // yet the tint is drawn
    }

    @Test("edit mode changes the content's width: every visible cell re-records per step of the slide, then stops")
    func editingRecordsDuringSlide() {
        let (table, _, canvas) = makeTable()
        table.advanceAnimations(to: 0)
        frame(table, canvas)
        table.setEditing(true, animated: true)
        table.advanceAnimations(to: 0.1)
        #expect(frame(table, canvas) == visibleCells(table))
        table.advanceAnimations(to: 1)
        #expect(frame(table, canvas) == visibleCells(table))     // the last step lands at full width
        #expect(frame(table, canvas).isEmpty)
    }

    @Test("a cell animating its own content re-records on each frame of the animation and not after")
    func contentAnimation() {
        let (table, _, canvas) = makeTable()
        table.advanceAnimations(to: 0)
        frame(table, canvas)
        let cell = table.cellForRow(at: IndexPath(row: 1, section: 0))!
        cell.animateContent(for: 0.1)
        #expect(table.hasRunningAnimations)
        for t in [0.03, 0.06, 0.1] {
            table.advanceAnimations(to: t)
            #expect(frame(table, canvas) == [ObjectIdentifier(cell)], "t=\(t)")
        }
        table.advanceAnimations(to: 0.2)
        #expect(frame(table, canvas).isEmpty)
        #expect(!table.hasRunningAnimations)
    }

    @Test("content versions are unique across cells, so a recycled cell never matches its old entry")
    func versionsAreUnique() {
        let (table, _, _) = makeTable()
        let versions = table.mountedCells.map(\.contentVersion)
        #expect(Set(versions).count == versions.count)
        let cell = table.mountedCells[0]
        let old = cell.contentVersion
        table.contentOffset = Point(x: 0, y: 44 * 200)           // recycle everything
        table.layoutIfNeeded()
        #expect(cell.contentVersion != old)
    }
}
