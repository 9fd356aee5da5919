import Testing
@testable import PoolTable

/// What a grid draws: visible items at their frames (prepared ones not at all), sticky
/// section headers, and the reflow animation of a batch update.
@MainActor
@Suite("Grid rendering")
struct GridRenderingTests {
    func ip(_ item: Int, _ section: Int = 0) -> IndexPath { IndexPath(item: item, section: section) }

    /// Where each item's text was drawn (viewport coordinates), by item id.
    func drawnItems(_ canvas: RecordingCanvas) -> [Int: Rect] {
        var out: [Int: Rect] = [:]
        for (text, rect) in canvas.texts where text.hasPrefix("item ") { if let id = Int(text.dropFirst(5)) { out[id] = rect } }
        return out
    }

    @Test("visible items are drawn at their frames; prepared items are not drawn")
    func drawsVisibleItems() {
        let source = GridSource(counts: [300])
        let grid = makeGrid(source, width: 400, height: 500)
        let canvas = RecordingCanvas()
        for y in [0.0, 55, 1234, 7777] {
            grid.contentOffset = Point(x: 0, y: y)
            canvas.reset(); grid.render(in: canvas)
            let drawn = drawnItems(canvas)
            let visible = grid.indexPathsForVisibleItems
            #expect(Set(drawn.keys) == Set(visible.compactMap(source.id)), "offset \(y)")
            for ip in visible {
                let r = grid.rectForItem(at: ip)
                #expect(drawn[source.id(at: ip)!] == Rect(x: r.minX, y: r.minY - grid.contentOffset.y, width: r.width, height: r.height))
            }
            #expect(!grid.indexPathsForPreparedItems.isEmpty)
        }
    }

    @Test("the header of the section at the top sticks until the next one pushes it up")
    func stickyHeaders() {
        let source = GridSource(counts: [30, 30], titles: true)
        let grid = makeGrid(source, width: 400, height: 300, layout: gridLayout(header: 30))
        // Each section: a 30 px header and 10 lines (10 * 100 + 9 * 10) = 1120 px.
        let canvas = RecordingCanvas()
        func headers() -> [String: Double] {
            var out: [String: Double] = [:]
            for (text, rect) in canvas.texts where text.hasPrefix("Section") { out[text] = rect.minY }
            return out
        }
        let background = { canvas.filledRects(color: canvas.theme.headerBackground).map(\.minY) }
        grid.contentOffset = Point(x: 0, y: 100)
        canvas.reset(); grid.render(in: canvas)
        #expect(background().contains(0))
        #expect(headers()["Section 0"] != nil)
        // 10 px before section 1's header reaches the top: section 0's is pushed up by 20 px.
        grid.contentOffset = Point(x: 0, y: 1110)
        canvas.reset(); grid.render(in: canvas)
        #expect(background().contains(-20), "\(background())")
        #expect(background().contains(10))
        grid.contentOffset = Point(x: 0, y: 1500)
        canvas.reset(); grid.render(in: canvas)
        #expect(background().contains(0))
        #expect(headers()["Section 0"] == nil)
        #expect(headers()["Section 1"] != nil)
    }

    @Test("a delete re-flows the items: they glide along and across to their new places, then sit exactly there")
    func reflowAnimation() throws {
        let source = GridSource(counts: [60])
        let grid = makeGrid(source, width: 400, height: 500)
        let canvas = RecordingCanvas()
        var t = 0.0
        grid.advanceAnimations(to: t)
        canvas.reset(); grid.render(in: canvas)
        let before = drawnItems(canvas)
        try grid.performBatchUpdatesThrowing({
            source.sections[0].remove(at: 0)
            grid.deleteItems(at: [ip(0)])
        }, completion: nil)
        #expect(grid.hasRunningAnimations)
        grid.advanceAnimations(to: t)          // the animations start at this frame
        // Item 3 moves from line 1, column 0 to line 0, column 2.
        let after = grid.rectForItem(at: ip(2))
        #expect(after == Rect(x: 300, y: 0, width: 100, height: 100))
        #expect(before[3] == Rect(x: 0, y: 110, width: 100, height: 100))
        t += 0.15; grid.advanceAnimations(to: t)
        canvas.reset(); grid.render(in: canvas)
        let mid = try #require(drawnItems(canvas)[3])
        #expect(mid.minX > 0 && mid.minX < 300, "\(mid)")
        #expect(mid.minY > 0 && mid.minY < 110, "\(mid)")
        // The deleted item is drawn as a fading ghost at its old place.
        #expect(drawnItems(canvas)[0].map { $0.minX == 0 && $0.minY == 0 } == true)
        for _ in 0..<20 { t += 0.05; grid.advanceAnimations(to: t) }
        #expect(!grid.hasRunningAnimations)
        canvas.reset(); grid.render(in: canvas)
        let settled = drawnItems(canvas)
        #expect(settled[3] == after)
        #expect(settled[0] == nil)
        #expect(gridStateProblems(grid, source) == [])
    }
}
