import Testing
@testable import PoolTable

/// The grid fixture over item counts with no storage behind them: huge counts cost nothing.
/// `GridProbeCell`s show their item index; the grid is not reloaded on attach, nor delegated.
@MainActor
final class CountGridSource: GridSourceFixture {
    var counts: [Int]
    init(_ counts: [Int]) {
        self.counts = counts
        super.init(sections: [], reuseIdentifier: "probe", cell: { GridProbeCell(reuseIdentifier: $0) })
        attachStep = .nothing
        configure = { cell, ip, _ in (cell as! GridProbeCell).item = ip.item }
    }
    override var sectionCount: Int { counts.count }
    override func count(inSection section: Int) -> Int { counts[section] }
    override func id(at ip: IndexPath) -> Int? { ip.item }
}

/// `ListBase.maximumContentHeight` for grids, strips and batch updates (issue 26): a grid
/// clamps a count whose items would not fit in one column (before, `Int.max` items trapped
/// on an overflow and 10^15 drew nothing right), and a batch update whose inserted rows or
/// items would pass the maximum is refused with `.contentTooTall`, the view unchanged.
@MainActor
@Suite("Content limit: grids and batch updates")
struct ContentLimitGridTests {
    nonisolated static let layout = GridLayout()          // 100 x 100 items, 10-point spacing
    nonisolated static let maxItems = CollectionView.maximumNumberOfItems(layout: layout)

    /// Keep the source alive (`withExtendedLifetime`): the grid holds its data source weakly.
    func makeHugeGrid(_ counts: [Int], width: Double = 400) -> (CollectionView, CountGridSource) {
        let grid = CollectionView(frame: Rect(x: 0, y: 0, width: width, height: 600), layout: Self.layout)
        let source = CountGridSource(counts)
        source.attach(to: grid, asDelegate: false)
        grid.layoutIfNeeded()
        return (grid, source)
    }

    @Test("the most items of a grid are those that fit in one column under the maximum")
    func theGridLimit() {
        // n items in one column: 100 n + 10 (n - 1) <= 2^46.
        #expect(Self.maxItems == Int(((TableView.maximumContentHeight + 10) / 110).rounded(.down)))
        #expect(Double(Self.maxItems) * 110 - 10 <= TableView.maximumContentHeight)
        #expect(Double(Self.maxItems + 1) * 110 - 10 > TableView.maximumContentHeight)
        var inset = Self.layout
        inset.headerHeight = 40
        inset.sectionInset = EdgeInsets(top: 5, left: 0, bottom: 5, right: 0)
        #expect(CollectionView.maximumNumberOfItems(layout: inset) == Int(((TableView.maximumContentHeight - 50 + 10) / 110).rounded(.down)))
    }

    @Test("a grid of exactly the maximum keeps every item, warns nothing, and End reaches the last exactly", arguments: [400.0, 100.0])
    func gridAtTheMaximum(width: Double) throws {
        let (grid, source) = makeHugeGrid([Self.maxItems], width: width)
        defer { withExtendedLifetime(source) {} }
        #expect(grid.itemCount(inSection: 0) == Self.maxItems)
        #expect(!grid.warnedKinds.contains("maximumContentHeight"))
        #expect(grid.contentSize.height <= TableView.maximumContentHeight)
        #expect(grid.handleKey(.end))
        grid.layoutIfNeeded()
        let last = IndexPath(item: Self.maxItems - 1, section: 0)
        #expect(grid.indexPathsForVisibleItems.contains(last))
        let cell = try #require(grid.cellForItem(at: last))
        // The last line ends exactly at the bottom of the content, and of the viewport.
        #expect(cell.frame.maxY == grid.contentSize.height)
        #expect(cell.frame.maxY - grid.contentOffset.y == 600)
        #expect(grid.handleKey(.home))
        grid.layoutIfNeeded()
        #expect(grid.indexPathsForVisibleItems.first == IndexPath(item: 0, section: 0))
    }

    @Test("Int.max, 10^15 and one past the maximum: clamped to the maximum with a warning, End shows the last item kept",
          arguments: [Int.max, 1_000_000_000_000_000, maxItems + 1])
    func gridBeyondTheMaximum(count: Int) throws {
        let (grid, source) = makeHugeGrid([count])
        defer { withExtendedLifetime(source) {} }
        #expect(grid.itemCount(inSection: 0) == Self.maxItems)
        #expect(grid.warnedKinds.contains("maximumContentHeight"))
        #expect(grid.contentSize.height <= TableView.maximumContentHeight)
        #expect(grid.handleKey(.end))
        grid.layoutIfNeeded()
        let last = IndexPath(item: Self.maxItems - 1, section: 0)
        let cell = try #require(grid.cellForItem(at: last))
        #expect(cell.frame.maxY == grid.contentSize.height)
        #expect(grid.indexPathsForVisibleItems.count >= 4)
        // Narrowed to one column, the content still fits.
        grid.frame = Rect(x: 0, y: 0, width: 100, height: 600)
        grid.layoutIfNeeded()
        #expect(grid.numberOfColumns == 1)
        #expect(grid.contentSize.height <= TableView.maximumContentHeight)
    }

    @Test("taller items after the load: the grid reloads, clamped to what fits now")
    func tallerItemsReclamp() {
        let (grid, source) = makeHugeGrid([Self.maxItems])
        defer { withExtendedLifetime(source) {} }
        #expect(!grid.warnedKinds.contains("maximumContentHeight"))
        var taller = Self.layout
        taller.itemSize = Size(width: 100, height: 200)
        grid.layout = taller
        grid.layoutIfNeeded()
        let kept = CollectionView.maximumNumberOfItems(layout: taller)
        #expect(kept < Self.maxItems)
        #expect(grid.itemCount(inSection: 0) == kept)
        #expect(grid.warnedKinds.contains("maximumContentHeight"))
        grid.frame = Rect(x: 0, y: 0, width: 100, height: 600)
        grid.layoutIfNeeded()
        #expect(grid.contentSize.height <= TableView.maximumContentHeight)
        #expect(grid.handleKey(.end))
        #expect(grid.indexPathsForVisibleItems.last == IndexPath(item: kept - 1, section: 0))
    }

    @Test("sections share the maximum: a later section keeps only the items left")
    func gridSectionsShare() {
        let (grid, source) = makeHugeGrid([Self.maxItems / 2, Self.maxItems, 3])
        defer { withExtendedLifetime(source) {} }
        #expect(grid.itemCount(inSection: 0) == Self.maxItems / 2)
        let second = grid.itemCount(inSection: 1)
        #expect(second > 0 && second < Self.maxItems - Self.maxItems / 2 + 1)
        #expect(grid.itemCount(inSection: 2) == 0)
        #expect(grid.warnedKinds.contains("maximumContentHeight"))
    }

    @Test("a strip clamps its items to the maximum along x")
    func stripClamps() {
        var strip = StripLayout()
        strip.itemWidth = 120
        let view = CollectionView(frame: Rect(x: 0, y: 0, width: 800, height: 160), stripLayout: strip)
        let source = CountGridSource([Int.max])
        defer { withExtendedLifetime(source) {} }
        source.attach(to: view, asDelegate: false)
        view.layoutIfNeeded()
        let kept = view.itemCount(inSection: 0)
        #expect(kept > 0 && kept < Int.max)
        #expect(view.contentSize.width <= TableView.maximumContentHeight)
        #expect(view.warnedKinds.contains("maximumContentHeight"))
    }

    // MARK: Batch updates

    @Test("a grid insert that would pass the maximum is refused with .contentTooTall; one that fits is applied")
    func gridInsertPastTheMaximum() throws {
        let (grid, source) = makeHugeGrid([Self.maxItems - 1])
        source.counts[0] += 2
        let error = #expect(throws: BatchUpdateError.self) {
            try grid.performBatchUpdatesThrowing({
                grid.insertItems(at: [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0)])
            }, completion: nil)
        }
        #expect(error?.kind == .contentTooTall)
        #expect(error?.inserted == 2)
        #expect(error?.description.contains(String(Int(TableView.maximumContentHeight))) == true)
        #expect(grid.itemCount(inSection: 0) == Self.maxItems - 1, "left unchanged")

        source.counts[0] -= 1
        try grid.performBatchUpdatesThrowing({ grid.insertItems(at: [IndexPath(item: 0, section: 0)]) }, completion: nil)
        #expect(grid.itemCount(inSection: 0) == Self.maxItems)
    }

    @Test("a table insert that would pass the maximum is refused with .contentTooTall; one that fits is applied")
    func tableInsertPastTheMaximum() throws {
        let maxRows = TableView.maximumNumberOfRows(rowHeight: 44)
        let table = TableView(frame: Rect(x: 0, y: 0, width: 800, height: 600))
        let model = ModelSource(rows: [maxRows - 1])
        model.attach(to: table)
        table.handleKey(.end)
        model.rows[0] += 2
        let error = #expect(throws: BatchUpdateError.self) {
            try table.performBatchUpdatesThrowing({
                table.insertRows(at: [IndexPath(row: 3, section: 0), IndexPath(row: maxRows, section: 0)], with: .none)
            }, completion: nil)
        }
        #expect(error?.kind == .contentTooTall)
        #expect(error?.description.contains("maximumContentHeight") == true)
        #expect(table.numberOfRows(inSection: 0) == maxRows - 1, "left unchanged")
        #expect(mountedStateProblems(table, model: model) == [])

        // Deleting as many as are inserted fits.
        model.rows[0] -= 1
        try table.performBatchUpdatesThrowing({
            table.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .none)
            table.insertRows(at: [IndexPath(row: 3, section: 0), IndexPath(row: 4, section: 0)], with: .none)
        }, completion: nil)
        #expect(table.numberOfRows(inSection: 0) == maxRows)
        #expect(table.contentSize.height == Double(maxRows) * 44)
    }

    @Test("a table insert with delegate heights counts the inserted rows' heights")
    func tableInsertDelegateHeights() {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 800, height: 600))
        // Three rows of 2^44: one more still fits (4 x 2^44 = 2^46), two do not.
        let model = ModelSource(rows: [3], heights: { _ in Double(1 << 44) })
        model.attach(to: table)
        model.rows[0] += 2
        let error = #expect(throws: BatchUpdateError.self) {
            try table.performBatchUpdatesThrowing({
                table.insertRows(at: [IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0)], with: .none)
            }, completion: nil)
        }
        #expect(error?.kind == .contentTooTall)
        #expect(table.numberOfRows(inSection: 0) == 3)
        model.rows[0] -= 1
        #expect(throws: Never.self) {
            try table.performBatchUpdatesThrowing({ table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .none) }, completion: nil)
        }
        #expect(table.contentSize.height == TableView.maximumContentHeight)
    }

    @Test("an insert past the maximum outside performBatchUpdates is logged and the table reloads, clamped")
    func tableInsertOutsideABatch() {
        let maxRows = TableView.maximumNumberOfRows(rowHeight: 44)
        let table = TableView(frame: Rect(x: 0, y: 0, width: 800, height: 600))
        let model = ModelSource(rows: [maxRows])
        model.attach(to: table)
        model.rows[0] += 1
        table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .none)
        #expect(table.numberOfRows(inSection: 0) == maxRows)
        #expect(table.warnedKinds.contains("maximumContentHeight"))
    }
}
