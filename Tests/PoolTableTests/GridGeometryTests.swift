import Testing
@testable import PoolTable

/// The grid's geometry to the pixel: columns, spacing, insets, headers, hit-testing.
@MainActor
@Suite("Grid geometry")
struct GridGeometryTests {
    func ip(_ item: Int, _ section: Int = 0) -> IndexPath { IndexPath(item: item, section: section) }

    @Test("columns at several widths: as many as fit, the extra width spread between them",
          arguments: [
            // width, columns, x of the second item (item 100 wide, spacing at least 10)
            (400.0, 3, 150.0),      // 3 * 100 + 2 * 10 = 320 fits; 100 px extra → spacing 50
            (320.0, 3, 110.0),      // exactly three with the minimum spacing
            (319.0, 2, 219.0),      // one pixel short: two columns, spacing 119
            (430.0, 4, 110.0),      // exactly four
            (440.0, 4, 113.33333333333333),
            (209.0, 1, 0.0),        // one column: no second item on the first line
            (1000.0, 9, 112.5),
          ])
    func columns(width: Double, columns: Int, secondX: Double) {
        let source = GridSource(counts: [40])
        let grid = makeGrid(source, width: width)
        #expect(grid.numberOfColumns == columns)
        #expect(grid.rectForItem(at: ip(0)) == Rect(x: 0, y: 0, width: 100, height: 100))
        if columns > 1 {
            #expect(abs(grid.rectForItem(at: ip(1)).minX - secondX) < 1e-9)
            // The last column ends flush with the right edge.
            #expect(abs(grid.rectForItem(at: ip(columns - 1)).maxX - width) < 1e-9)
        } else {
            #expect(grid.rectForItem(at: ip(1)) == Rect(x: 0, y: 110, width: 100, height: 100))
        }
        // The first item of the second line is under the first.
        #expect(grid.rectForItem(at: ip(columns)) == Rect(x: 0, y: 110, width: 100, height: 100))
        let lines = (40 + columns - 1) / columns
        #expect(grid.contentSize == Size(width: width, height: Double(lines) * 100 + Double(lines - 1) * 10))
        #expect(gridStateProblems(grid, source) == [])
    }

    @Test("section insets narrow the flow and pad each section; line spacing separates lines")
    func insetsAndLineSpacing() {
        let source = GridSource(counts: [7, 2])
        let inset = EdgeInsets(top: 8, left: 20, bottom: 12, right: 20)
        let grid = makeGrid(source, width: 440, layout: gridLayout(item: Size(width: 100, height: 60), interitem: 10, line: 25, inset: inset))
        // 400 px between the insets: 3 columns, spacing 50.
        #expect(grid.numberOfColumns == 3)
        #expect(grid.rectForItem(at: ip(0)) == Rect(x: 20, y: 8, width: 100, height: 60))
        #expect(grid.rectForItem(at: ip(2)) == Rect(x: 320, y: 8, width: 100, height: 60))
        #expect(grid.rectForItem(at: ip(3)) == Rect(x: 20, y: 8 + 85, width: 100, height: 60))
        #expect(grid.rectForItem(at: ip(6)) == Rect(x: 20, y: 8 + 170, width: 100, height: 60))
        // Section 0: 8 + 3 lines (3 * 60 + 2 * 25) + 12 = 250. Section 1: 8 + 60 + 12 = 80.
        #expect(grid.rectForItem(at: ip(0, 1)) == Rect(x: 20, y: 250 + 8, width: 100, height: 60))
        #expect(grid.rectForItem(at: ip(1, 1)) == Rect(x: 170, y: 250 + 8, width: 100, height: 60))
        #expect(grid.contentSize.height == 330)
        #expect(gridStateProblems(grid, source) == [])
    }

    @Test("section headers (headerHeight) sit above each section's inset; empty sections keep their header")
    func headers() {
        let source = GridSource(counts: [4, 0, 3], titles: true)
        let grid = makeGrid(source, width: 320, layout: gridLayout(inset: EdgeInsets(top: 5, left: 0, bottom: 5, right: 0), header: 30))
        // Section 0: 30 + 5 + 2 lines (210) + 5 = 250; section 1: 30 + 5 + 5 = 40; section 2: 30 + 5 + 100 + 5 = 140.
        #expect(grid.rectForHeaderInSection(0) == Rect(x: 0, y: 0, width: 320, height: 30))
        #expect(grid.rectForHeaderInSection(1) == Rect(x: 0, y: 250, width: 320, height: 30))
        #expect(grid.rectForHeaderInSection(2) == Rect(x: 0, y: 290, width: 320, height: 30))
        #expect(grid.rectForItem(at: ip(0)) == Rect(x: 0, y: 35, width: 100, height: 100))
        #expect(grid.rectForItem(at: ip(3)) == Rect(x: 0, y: 145, width: 100, height: 100))
        #expect(grid.rectForItem(at: ip(2, 2)) == Rect(x: 220, y: 325, width: 100, height: 100))
        #expect(grid.contentSize.height == 430)
        #expect(grid.mountedHeaderSections == [0, 1, 2])
        #expect(gridStateProblems(grid, source) == [])
    }

    @Test("an item wider than the view is narrowed to it: one column")
    func itemWiderThanView() {
        let source = GridSource(counts: [5])
        let grid = makeGrid(source, width: 300, layout: gridLayout(item: Size(width: 500, height: 80), inset: EdgeInsets(top: 0, left: 10, bottom: 0, right: 30)))
        #expect(grid.numberOfColumns == 1)
        #expect(grid.rectForItem(at: ip(0)) == Rect(x: 10, y: 0, width: 260, height: 80))
        #expect(grid.rectForItem(at: ip(4)) == Rect(x: 10, y: 360, width: 260, height: 80))
        #expect(grid.contentSize.height == 5 * 80 + 4 * 10)
        // Widening the view lets it grow back to its size, still one column.
        grid.frame = Rect(x: 0, y: 0, width: 1000, height: 600)
        #expect(grid.numberOfColumns == 1)
        #expect(grid.rectForItem(at: ip(1)) == Rect(x: 10, y: 90, width: 500, height: 80))
        #expect(gridStateProblems(grid, source) == [])
    }

    @Test("indexPathForItem(at:) hits items and returns nil over gaps, headers, insets and past the last item")
    func hitTesting() {
        let source = GridSource(counts: [5, 3])
        let grid = makeGrid(source, width: 400, layout: gridLayout(inset: EdgeInsets(top: 10, left: 20, bottom: 10, right: 20), header: 40))
        // 360 px between insets: 3 columns, spacing 30; column x: 20, 150, 280.
        // Section 0: header 0..<40, items from 50; lines at 50, 160; ends at 50 + 210 + 10 = 270.
        #expect(grid.numberOfColumns == 3)
        #expect(grid.indexPathForItem(at: Point(x: 20, y: 50)) == ip(0))              // top-left corner is inside
        #expect(grid.indexPathForItem(at: Point(x: 119.9, y: 149.9)) == ip(0))
        #expect(grid.indexPathForItem(at: Point(x: 120, y: 60)) == nil)              // right edge: the gap
        #expect(grid.indexPathForItem(at: Point(x: 135, y: 60)) == nil)              // interitem gap
        #expect(grid.indexPathForItem(at: Point(x: 150, y: 60)) == ip(1))
        #expect(grid.indexPathForItem(at: Point(x: 379, y: 60)) == ip(2))
        #expect(grid.indexPathForItem(at: Point(x: 385, y: 60)) == nil)              // right inset
        #expect(grid.indexPathForItem(at: Point(x: 10, y: 60)) == nil)               // left inset
        #expect(grid.indexPathForItem(at: Point(x: 60, y: 155)) == nil)              // line gap
        #expect(grid.indexPathForItem(at: Point(x: 160, y: 200)) == ip(4))
        #expect(grid.indexPathForItem(at: Point(x: 290, y: 200)) == nil)             // past the last item of a short line
        #expect(grid.indexPathForItem(at: Point(x: 60, y: 20)) == nil)               // header
        #expect(grid.indexPathForItem(at: Point(x: 60, y: 45)) == nil)               // top inset
        #expect(grid.indexPathForItem(at: Point(x: 60, y: 265)) == nil)              // bottom inset
        #expect(grid.indexPathForItem(at: Point(x: 60, y: 290)) == nil)              // next section's header
        #expect(grid.indexPathForItem(at: Point(x: 290, y: 330)) == ip(2, 1))        // 270 + 40 + 10 = 320
        #expect(grid.indexPathForItem(at: Point(x: 60, y: 10_000)) == nil)           // below the content
        #expect(grid.indexPathForItem(at: Point(x: 60, y: -5)) == nil)
        #expect(grid.indexPathForItem(at: Point(x: .nan, y: 60)) == nil)
        #expect(grid.indexPathForItem(at: Point(x: 60, y: .infinity)) == nil)
        // Every item's own rect hits it, at its center and corners.
        for s in 0..<2 {
            for i in 0..<grid.numberOfItems(inSection: s) {
                let r = grid.rectForItem(at: ip(i, s))
                for p in [Point(x: r.midX, y: r.midY), Point(x: r.minX, y: r.minY), Point(x: r.maxX - 0.01, y: r.maxY - 0.01)] {
                    #expect(grid.indexPathForItem(at: p) == ip(i, s))
                }
            }
        }
        // The viewport form agrees once scrolled.
        grid.frame = Rect(x: 0, y: 0, width: 400, height: 200)
        grid.contentOffset = Point(x: 0, y: 100)
        #expect(grid.indexPath(atViewportPoint: Point(x: 160, y: 100)) == ip(4))
    }

    @Test("indexPathsForItems(in:) returns the items whose frames overlap the rect, in order")
    func itemsInRect() {
        let source = GridSource(counts: [8, 4])
        let grid = makeGrid(source, width: 320, layout: gridLayout(header: 20))
        // Columns at 0, 110, 220; section 0 lines at 20, 130, 240 (ends 340); section 1 header 340, lines at 360, 470.
        #expect(grid.indexPathsForItems(in: Rect(x: 0, y: 0, width: 320, height: 20)) == [])                 // the header only
        #expect(grid.indexPathsForItems(in: Rect(x: 0, y: 0, width: 320, height: 21)) == [ip(0), ip(1), ip(2)])
        #expect(grid.indexPathsForItems(in: Rect(x: 100, y: 120, width: 10, height: 10)) == [])              // a gap crossing
        #expect(grid.indexPathsForItems(in: Rect(x: 105, y: 100, width: 10, height: 40)) == [ip(1), ip(4)])  // column 1, two lines
        #expect(grid.indexPathsForItems(in: Rect(x: 150, y: 230, width: 100, height: 150)) == [ip(7), ip(1, 1), ip(2, 1)])
        #expect(grid.indexPathsForItems(in: Rect(x: 215, y: 230, width: 105, height: 150)) == [ip(2, 1)])
        #expect(grid.indexPathsForItems(in: Rect(x: 0, y: 0, width: 320, height: 10_000)).count == 12)
        #expect(grid.indexPathsForItems(in: Rect(x: 0, y: .nan, width: 320, height: 10)) == [])
        // Agrees with rectForItem for many random rects.
        var rng = SeededRandom(seed: 7)
        let all = (0..<8).map { ip($0) } + (0..<4).map { ip($0, 1) }
        for _ in 0..<500 {
            let r = Rect(x: Double.random(in: -20...330, using: &rng), y: Double.random(in: -20...600, using: &rng),
                         width: Double.random(in: 0.5...200, using: &rng), height: Double.random(in: 0.5...200, using: &rng))
            let expected = all.filter { grid.rectForItem(at: $0).intersects(r) }
            #expect(grid.indexPathsForItems(in: r) == expected, "rect \(r)")
        }
    }

    @Test("changing layout re-flows: spacing, size and insets take effect at once")
    func layoutChange() {
        let source = GridSource(counts: [30])
        let grid = makeGrid(source, width: 400)
        #expect(grid.numberOfColumns == 3)
        grid.layout = gridLayout(item: Size(width: 50, height: 50), interitem: 5, line: 5)
        #expect(grid.numberOfColumns == 7)                 // (400 + 5) / 55 = 7.36
        #expect(grid.rectForItem(at: ip(7)) == Rect(x: 0, y: 55, width: 50, height: 50))
        #expect(grid.contentSize.height == 5 * 50 + 4 * 5)
        #expect(gridStateProblems(grid, source) == [])
    }
}
