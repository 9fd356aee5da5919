import Testing
@testable import PoolTable

@MainActor
@Suite("Mounting: visible, prepared and the reuse pool (article 000)")
struct MountingTests {
    func makeTable(style: TableViewStyle = .plain, rows: [Int] = [40, 3, 60, 25], heights: ((IndexPath) -> Double)? = variedHeight) -> (TableView, ModelSource) {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 600), style: style)
        let model = ModelSource(rows: rows, heights: heights, headers: rows.indices.map { "Section \($0)" },
                                footers: rows.indices.map { $0 % 2 == 0 ? "Footer \($0)" : nil })
        model.attach(to: table)
        return (table, model)
    }

    @Test("cellForRow(at:) is non-nil exactly for the mounted rows; mounted = visible + prepared")
    func article000Assertions() {
        let (table, model) = makeTable()
        for y in stride(from: 0.0, through: table.contentSize.height, by: 173) {
            table.contentOffset = Point(x: 0, y: y)
            let mounted = Set(table.indexPathsForMountedRows)
            #expect(!table.indexPathsForPreparedRows.isEmpty || table.visibleRect.minY <= 0 || table.visibleRect.maxY >= table.contentSize.height)
            for s in 0..<table.numberOfSections {
                for r in 0..<table.numberOfRows(inSection: s) {
                    let ip = IndexPath(row: r, section: s)
                    #expect((table.cellForRow(at: ip) != nil) == mounted.contains(ip), "\(ip) at offset \(y)")
                }
            }
            #expect(mountedStateProblems(table, model: model) == [], "offset \(y)")
        }
    }

    @Test("prepared rows exist above and below the viewport, within prefetchDistance")
    func preparedBands() {
        let (table, _) = makeTable(heights: nil)
        table.contentOffset = Point(x: 0, y: 1500)
        let viewport = table.visibleRect
        let prepared = table.indexPathsForPreparedRows
        #expect(prepared.contains { table.rectForRow(at: $0).maxY <= viewport.minY })
        #expect(prepared.contains { table.rectForRow(at: $0).minY >= viewport.maxY })
        #expect(table.prefetchDistance == 300)
        table.prefetchDistance = 0
        #expect(table.indexPathsForPreparedRows.isEmpty)
        #expect(table.visibleCells.count == table.indexPathsForVisibleRows.count)
        #expect(table.visibleCells.allSatisfy { !$0.isHidden })
    }

    @Test("willDisplay / didEndDisplaying fire on entering and leaving the viewport")
    func displayCallbacks() {
        let (table, model) = makeTable(heights: nil)
        model.willDisplay = []
        model.didEndDisplaying = []
        table.contentOffset = Point(x: 0, y: 44 * 3)
        #expect(model.didEndDisplaying.count >= 1)
        #expect(model.willDisplay.count >= 1)
        // Every visible row had willDisplay called since it last ended displaying.
        for ip in table.indexPathsForVisibleRows {
            #expect(model.willDisplay.contains(ip) || !model.didEndDisplaying.contains(ip))
        }
    }

    @Test("scrolling a whole multi-section table creates few cells and reuses them")
    func boundedCellCreation() {
        let (table, model) = makeTable(rows: [500, 0, 800, 300, 1200])
        var mostMounted = 0
        var y = 0.0
        while y < table.contentSize.height {
            table.contentOffset = Point(x: 0, y: y)
            mostMounted = max(mostMounted, table.indexPathsForMountedRows.count)
            y += 37
        }
        // And back up in big jumps.
        for y in stride(from: table.contentSize.height, through: 0, by: -2000) {
            table.contentOffset = Point(x: 0, y: y)
            mostMounted = max(mostMounted, table.indexPathsForMountedRows.count)
        }
        #expect(model.createdCells <= mostMounted + 5, "created \(model.createdCells), most mounted \(mostMounted)")
        #expect(table.cellsCreated == model.createdCells)
        let reused = table.mountedCells.compactMap { $0 as? ProbeCell }.map(\.reuseCount).reduce(0, +)
        #expect(reused > 0)
        #expect(model.cellForRowCalls > 1000)
        #expect(table.pooledCellCounts.allSatisfy { $0.count <= mostMounted + ReusePool.slack })
    }

    @Test("the pool is bounded: excess cells are dropped")
    func poolBound() {
        let (table, _) = makeTable(heights: nil)
        table.frame = Rect(x: 0, y: 0, width: 400, height: 3000)
        let big = table.indexPathsForMountedRows.count
        table.frame = Rect(x: 0, y: 0, width: 400, height: 100)
        table.contentOffset = Point(x: 0, y: 10)
        let pooled = table.pooledCellCounts.first?.count ?? 0
        #expect(pooled <= big + ReusePool.slack)
        #expect(table.indexPathsForMountedRows.count < big)
    }

    @Test("indexPath(for:) is nil for pooled cells")
    func pooledCellsHaveNoIndexPath() {
        let (table, _) = makeTable(heights: nil)
        let first = table.mountedCells[0]
        table.contentOffset = Point(x: 0, y: 5000)
        #expect(table.indexPath(for: first) == nil || table.cellForRow(at: table.indexPath(for: first)!) === first)
        #expect(table.isPooled(first) || table.mountedCells.contains { $0 === first })
    }
}
