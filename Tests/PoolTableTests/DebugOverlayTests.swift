import Testing
@_spi(Hosting) @_spi(Diagnostics) @testable import PoolTable

@MainActor
@Suite("Debug overlay (recording Canvas)")
struct DebugOverlayTests {
    func makeTable() -> (TableView, ModelSource) {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 800, height: 600))
        let model = ModelSource(rows: [300, 300], heights: variedHeight, headers: ["One", "Two"])
        model.attach(to: table)
        table.prefetchDistance = 200
        table.contentOffset = Point(x: 0, y: 4000)
        return (table, model)
    }

    func fills(_ canvas: RecordingCanvas, _ color: Color) -> Int { canvas.filledRects(color: color).count }

    @Test("after the table drew (skipping backgrounds its own backdrop hides), the overlay's cells paint theirs")
    func overlayCellsPaintTheirBackground() {
        let (table, _) = makeTable()
        let canvas = RecordingCanvas()
        table.render(in: canvas)
        let cellBackground = canvas.theme.cellBackground
        #expect(canvas.filledRects(color: cellBackground).filter { $0.width == 800 }.count == 1, "only the view's background")
        canvas.reset()
        DebugOverlay().render(table, in: canvas)
        // Every mounted cell, zoomed out over the overlay's grey, fills its own white.
        #expect(fills(canvas, cellBackground) >= table.mountedCells.count, "\(fills(canvas, cellBackground)) fills for \(table.mountedCells.count) cells")
    }

    @Test("visible rows in the visible tint, exactly the prepared rows in the prepared tint, labelled")
    func tints() {
        let (table, _) = makeTable()
        let overlay = DebugOverlay()
        let canvas = RecordingCanvas()
        overlay.render(table, in: canvas)
        let prepared = table.indexPathsForPreparedRows
        #expect(!prepared.isEmpty)
        #expect(fills(canvas, overlay.palette.visibleTint) == table.indexPathsForVisibleRows.count)
        #expect(fills(canvas, overlay.palette.preparedTint) == prepared.count)
        let labels = Set(canvas.texts.map(\.0).filter { $0.hasPrefix("[") && $0.hasSuffix(" prepared") })
        #expect(labels == Set(prepared.map { "\($0) prepared" }))
        // The prepared tints lie outside the outlined viewport, above and below it.
        let t = overlay.transform(for: table)
        let viewport = t.view(table.visibleRect)
        let tinted = canvas.filledRects(color: overlay.palette.preparedTint)
        #expect(tinted.allSatisfy { $0.maxY <= viewport.minY + 1e-9 || $0.minY >= viewport.maxY - 1e-9 })
        #expect(tinted.contains { $0.maxY <= viewport.minY } && tinted.contains { $0.minY >= viewport.maxY })
        // The whole band fits on screen.
        #expect(tinted.allSatisfy { $0.minY >= 0 && $0.maxY <= 600 })
    }

    @Test("beside the zoomed table: the prepared band, and the data prefetch range past it on the side scrolled towards, a tick per row asked for")
    func prefetchRangeColumn() throws {
        let log = PrefetchingTests.Log(count: 10_000)
        let prefetching = PrefetchingTests()
        let table = prefetching.table(log)
        table.prefetchDistance = 100
        table.contentOffset = Point(x: 0, y: 5_000)
        table.layoutIfNeeded()
        let overlay = DebugOverlay()
        let canvas = RecordingCanvas()
        overlay.render(table, in: canvas)
        let ahead = canvas.filledRects(color: overlay.palette.dataPrefetch.withAlpha(0.35))
        // (The legend's swatch has the prepared colour too: the column is 8 px wide.)
        let prepared = canvas.filledRects(color: overlay.palette.preparedTint.withAlpha(0.9)).filter { $0.width == 8 }
        let column = try #require(ahead.first, "the range is drawn")
        let band = try #require(prepared.first, "the prepared band is drawn")
        #expect(ahead.count == 1 && prepared.count == 1)
        #expect(abs(column.minX - band.minX) < 1e-9 && abs(column.minY - band.maxY) < 1, "the range starts where the band ends (scrolled down): \(column) after \(band)")
        // 2 viewports long past the band, drawn at the band's scale.
        #expect(abs(column.height / band.height - 2 * 440 / (440 + 2 * 100)) < 0.05, "\(column.height) vs \(band.height)")
        let ticks = canvas.filledRects(color: overlay.palette.dataPrefetch.withAlpha(1)).filter { $0.height == 1 && $0.minX == column.minX }
        #expect(ticks.count == table.indexPathsForOutstandingPrefetches.count && !ticks.isEmpty)
        #expect(ticks.allSatisfy { $0.minY >= column.minY - 1 && $0.maxY <= column.maxY + 1 })
        #expect(canvas.texts.map(\.0).contains("data ahead 880 px"))
        // Scrolled back up: the range lies above the band.
        table.contentOffset = Point(x: 0, y: 4_000)
        table.layoutIfNeeded()
        canvas.reset()
        overlay.render(table, in: canvas)
        let above = try #require(canvas.filledRects(color: overlay.palette.dataPrefetch.withAlpha(0.35)).first)
        let band2 = try #require(canvas.filledRects(color: overlay.palette.preparedTint.withAlpha(0.9)).first { $0.width == 8 })
        #expect(abs(above.maxY - band2.minY) < 1, "the range ends where the band starts (scrolled up)")
        // No prefetching data source: no column.
        table.prefetchDataSource = nil
        table.layoutIfNeeded()
        canvas.reset()
        overlay.render(table, in: canvas)
        #expect(canvas.filledRects(color: overlay.palette.dataPrefetch.withAlpha(0.35)).isEmpty)
        #expect(log.problems.isEmpty)
    }

    @Test("counters match counted calls")
    func counters() {
        let (table, model) = makeTable()
        let overlay = DebugOverlay()
        let lines = overlay.counterLines(table)
        #expect(lines[0] == "cells created  \(model.createdCells)")
        #expect(lines[2].hasPrefix("binds          \(model.cellForRowCalls)"))
        #expect(lines[1].contains("(\(table.poolHits) hit, \(table.poolMisses) miss)"))
        #expect(table.poolMisses == model.createdCells)
        let mounted = table.indexPathsForMountedRows.count, visible = table.indexPathsForVisibleRows.count
        #expect(lines[3] == "mounted        \(mounted) = \(visible) vis + \(mounted - visible) prep")
        overlay.sample(table, at: 0)
        table.contentOffset = Point(x: 0, y: 9000)
        overlay.sample(table, at: 0.5)
        #expect(overlay.bindsPerSecond > 0)
        let canvas = RecordingCanvas()
        overlay.render(table, in: canvas)
        #expect(canvas.texts.contains { $0.0 == overlay.counterLines(table)[2] })
        #expect(canvas.texts.contains { $0.0 == "Reuse pool" })
        #expect(overlay.poolLines(table).allSatisfy { line in canvas.texts.contains { $0.0 == line } })
        table.frame = Rect(x: 0, y: 0, width: 800, height: 200)      // mounted cells go to the pool
        let pooled = table.pooledCellCounts.first?.count ?? 0
        #expect(pooled > 0)
        #expect(overlay.poolLines(table) == ["probe  ×\(pooled)"])
    }

    @Test("legacy refresh leaves exactly the prepared rows stale after an edit toggle; none without it", arguments: [false, true])
    func staleMarks(legacy: Bool) {
        let (table, _) = makeTable()
        table.legacyVisibleCellsOnlyRefresh = legacy
        table.setEditing(true, animated: true)
        table.advanceAnimations(to: 0); table.advanceAnimations(to: 1)
        let overlay = DebugOverlay()
        let canvas = RecordingCanvas()
        overlay.render(table, in: canvas)
        let staleMarks = canvas.texts.filter { $0.0 == "stale" }.count
        if legacy {
            #expect(table.indexPathsForStaleRows == table.indexPathsForPreparedRows)
            #expect(staleMarks == table.indexPathsForPreparedRows.count)
            // Scrolling a stale prepared row into view shows the wrong state (the bug, on demand).
            let ip = table.indexPathsForPreparedRows.last!
            table.scrollToRow(at: ip, at: .bottom, animated: false)
            #expect(table.cellForRow(at: ip)?.isEditing == false)
            #expect(table.cellForRow(at: ip)?.editingProgress == 0)
        } else {
            #expect(table.indexPathsForStaleRows.isEmpty)
            #expect(staleMarks == 0)
            // Prepared rows got their checkboxes too: their content is drawn shifted.
            #expect(table.preparedCells.allSatisfy { $0.editingProgress == 1 })
        }
    }

    @Test("pointer positions map back to the table so it stays usable")
    func pointerMapping() {
        let (table, _) = makeTable()
        let overlay = DebugOverlay()
        let t = overlay.transform(for: table)
        let ip = table.indexPathsForVisibleRows[3]
        let rect = table.rectForRow(at: ip)
        let viewPoint = t.view(Point(x: rect.midX, y: rect.midY))
        let p = overlay.tablePoint(fromViewPoint: viewPoint, table: table)
        #expect(p.flatMap { table.indexPath(atViewportPoint: $0) } == ip)
        // Over the panels on the right, nothing is hit.
        #expect(overlay.tablePoint(fromViewPoint: Point(x: 790, y: viewPoint.y), table: table) == nil)
    }
}
