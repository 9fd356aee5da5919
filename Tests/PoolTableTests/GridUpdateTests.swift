import struct Foundation.IndexSet
import Testing
@testable import PoolTable

/// Batch updates and anchoring on a grid: inserts above the viewport, re-flows, invalid batches.
@MainActor
@Suite("Grid updates and anchoring")
struct GridUpdateTests {
    func ip(_ item: Int, _ section: Int = 0) -> IndexPath { IndexPath(item: item, section: section) }

    /// Settles every animation.
    func settle(_ grid: CollectionView, _ t: inout Double) {
        for _ in 0..<200 where grid.hasRunningAnimations { t += 1.0 / 30; grid.advanceAnimations(to: t) }
    }

    @Test("inserting items above the viewport keeps the first visible item in place", arguments: [3, 5, 1, 30])
    func insertAboveKeepsAnchor(count: Int) throws {
        let source = GridSource(counts: [600, 400], titles: true)
        let grid = makeGrid(source, width: 400, height: 500, layout: gridLayout(header: 30))
        grid.contentOffset = Point(x: 0, y: 5_017)
        var t = 0.0
        grid.advanceAnimations(to: t)
        let anchorIP = try #require(firstFullyVisibleItem(grid))
        let anchorID = source.id(at: anchorIP)!
        let screenY = grid.rectForItem(at: anchorIP).minY - grid.contentOffset.y
        let visibleIDs = Set(grid.indexPathsForVisibleItems.compactMap(source.id))
        try grid.performBatchUpdatesThrowing({
            let new = (0..<count).map { 10_000 + $0 }
            source.sections[0].insert(contentsOf: new, at: 2)
            grid.insertItems(at: (2..<(2 + count)).map { ip($0) })
        }, completion: nil)
        let moved = ip(anchorIP.item + count)
        #expect(source.id(at: moved) == anchorID)
        #expect(grid.rectForItem(at: moved).minY - grid.contentOffset.y == screenY)
        // Items glide across to their new columns; a whole number of lines moves nothing on
        // screen, so nothing animates.
        #expect(grid.hasRunningAnimations == (count % grid.numberOfColumns != 0))
        settle(grid, &t)
        #expect(!grid.hasRunningAnimations)
        #expect(grid.rectForItem(at: moved).minY - grid.contentOffset.y == screenY)
        // A whole number of lines inserted: the same items are on screen, in the same places.
        if count % grid.numberOfColumns == 0 {
            #expect(Set(grid.indexPathsForVisibleItems.compactMap(source.id)) == visibleIDs)
            #expect(grid.rectForItem(at: moved).minX == grid.rectForItem(at: anchorIP).minX)
        }
        #expect(gridStateProblems(grid, source) == [])

        // Without maintainsVisibleContentPosition the offset stays and the content moves.
        grid.maintainsVisibleContentPosition = false
        let offset = grid.contentOffset.y
        try grid.performBatchUpdatesThrowing({
            source.sections[0].insert(contentsOf: [20_000, 20_001, 20_002], at: 0)
            grid.insertItems(at: [ip(0), ip(1), ip(2)])
        }, completion: nil)
        #expect(grid.contentOffset.y == offset)
        settle(grid, &t)
        #expect(gridStateProblems(grid, source) == [])
    }

    @Test("inserting a section above the viewport keeps the first visible item in place")
    func insertSectionAbove() throws {
        let source = GridSource(counts: [300, 300], titles: true)
        let grid = makeGrid(source, width: 400, height: 500, layout: gridLayout(header: 30))
        grid.contentOffset = Point(x: 0, y: 12_345)
        let anchorIP = try #require(firstFullyVisibleItem(grid))
        let anchorID = source.id(at: anchorIP)!
        let screenY = grid.rectForItem(at: anchorIP).minY - grid.contentOffset.y
        try grid.performBatchUpdatesThrowing({
            source.sections.insert(Array(50_000..<50_010), at: 0)
            grid.insertSections(IndexSet([0]))
        }, completion: nil)
        let moved = IndexPath(item: anchorIP.item, section: anchorIP.section + 1)
        #expect(source.id(at: moved) == anchorID)
        #expect(grid.rectForItem(at: moved).minY - grid.contentOffset.y == screenY)
        var t = 0.0
        settle(grid, &t)
        #expect(gridStateProblems(grid, source) == [])
    }

    @Test("a re-flow (a new frame width) keeps the top item on screen, at the same height", arguments: [700.0, 250.0, 431.0, 1200.0])
    func reflowOnWidth(width: Double) throws {
        let source = GridSource(counts: [1000, 1000], titles: true)
        let grid = makeGrid(source, width: 400, height: 500, layout: gridLayout(header: 30))
        grid.contentOffset = Point(x: 0, y: 40_003)
        let top = try #require(firstFullyVisibleItem(grid))
        let screenY = grid.rectForItem(at: top).minY - grid.contentOffset.y
        let columnsBefore = grid.numberOfColumns
        grid.frame = Rect(x: 0, y: 0, width: width, height: 500)
        #expect(grid.numberOfColumns != columnsBefore)
        #expect(grid.indexPathsForVisibleItems.contains(top))
        #expect(grid.rectForItem(at: top).minY - grid.contentOffset.y == screenY)
        #expect(gridStateProblems(grid, source) == [])
        // And back: the item now first fully visible stays where it is.
        let again = try #require(firstFullyVisibleItem(grid))
        let againY = grid.rectForItem(at: again).minY - grid.contentOffset.y
        grid.frame = Rect(x: 0, y: 0, width: 400, height: 500)
        #expect(grid.indexPathsForVisibleItems.contains(again))
        #expect(grid.rectForItem(at: again).minY - grid.contentOffset.y == againY)
        #expect(gridStateProblems(grid, source) == [])
    }

    @Test("a re-flow (a new layout itemSize) keeps the top item on screen")
    func reflowOnLayout() throws {
        let source = GridSource(counts: [5000])
        let grid = makeGrid(source, width: 600, height: 500)
        grid.contentOffset = Point(x: 0, y: 30_051)
        for size in [60.0, 150.0, 33.0, 100.0] {
            let anchor = try #require(firstFullyVisibleItem(grid))
            let anchorScreenY = grid.rectForItem(at: anchor).minY - grid.contentOffset.y
            grid.layout = gridLayout(item: Size(width: size, height: size))
            #expect(grid.indexPathsForVisibleItems.contains(anchor), "item size \(size)")
            // The item that was first fully visible is now its line's: same screen height.
            #expect(abs(grid.rectForItem(at: anchor).minY - grid.contentOffset.y - anchorScreenY) < 1e-9, "item size \(size)")
            #expect(gridStateProblems(grid, source) == [])
        }
    }

    @Test("inconsistent batch updates throw and change nothing")
    func invalidUpdates() throws {
        let source = GridSource(counts: [100, 50], titles: true)
        let grid = makeGrid(source, width: 400, height: 500, layout: gridLayout(header: 30))
        grid.setEditing(true, animated: false)
        grid.selectItem(at: ip(7), animated: false, scrollPosition: .none)
        grid.selectItem(at: ip(3, 1), animated: false, scrollPosition: .none)
        grid.contentOffset = Point(x: 0, y: 1500)
        struct State: Equatable { var size: Size; var offset: Point; var mounted: [IndexPath]; var selected: [IndexPath]?; var cells: [ObjectIdentifier]; var frames: [Rect] }
        func state() -> State {
            State(size: grid.contentSize, offset: grid.contentOffset, mounted: grid.indexPathsForMountedItems,
                  selected: grid.indexPathsForSelectedItems, cells: grid.mountedCells.map(ObjectIdentifier.init), frames: grid.mountedCells.map(\.frame))
        }
        let saved = source.sections
        let before = state()
        let bad: [(String, () -> Void)] = [
            ("an item added but not announced", { source.sections[0].append(999) }),
            ("an insert without the item", { grid.insertItems(at: [ip(0)]) }),
            ("a delete out of range", { source.sections[0].removeLast(); grid.deleteItems(at: [ip(100)]) }),
            ("a delete of an item in a section that does not exist", { grid.deleteItems(at: [ip(0, 5)]) }),
            ("a section deleted in the model only", { source.sections.removeLast() }),
            ("a section insert out of range", { source.sections.append([1, 2]); grid.insertSections(IndexSet([4])) }),
            ("a move to an occupied slot", { grid.moveItem(at: ip(1), to: ip(2)); grid.moveItem(at: ip(3), to: ip(2)) }),
            ("a reload and delete of one item", { source.sections[0].removeFirst(); grid.deleteItems(at: [ip(0)]); grid.reloadItems(at: [ip(0)]) }),
        ]
        for (what, change) in bad {
            #expect(throws: BatchUpdateError.self, "\(what)") { try grid.performBatchUpdatesThrowing(change, completion: nil) }
            source.sections = saved
            #expect(state() == before, "\(what)")
            #expect(!grid.hasRunningAnimations, "\(what)")
            #expect(gridStateProblems(grid, source) == [], "\(what)")
        }
        // A valid batch after all that still works.
        var completed: Bool?
        try grid.performBatchUpdatesThrowing({
            source.sections[0].remove(at: 7)
            grid.deleteItems(at: [ip(7)])
        }, completion: { completed = $0 })
        #expect(grid.indexPathsForSelectedItems == [ip(3, 1)])
        var t = 0.0
        settle(grid, &t)
        #expect(completed == true)
        #expect(gridStateProblems(grid, source) == [])
    }

    @Test("valid batch updates animate (fade and reflow) and settle in the model's state; selection follows items")
    func validUpdatesAnimate() throws {
        let source = GridSource(counts: [60, 40], titles: true)
        let grid = makeGrid(source, width: 400, height: 700, layout: gridLayout(header: 30))
        grid.setEditing(true, animated: false)
        for i in [2, 9, 10] { grid.selectItem(at: ip(i), animated: false, scrollPosition: .none) }
        let selected = selectedIDs(grid, source)
        var t = 0.0
        grid.advanceAnimations(to: t)
        let cellOf10 = grid.cellForItem(at: ip(10))
        try grid.performBatchUpdatesThrowing({
            source.sections[0].remove(at: 4)
            source.sections[0].insert(777, at: 0)
            source.sections[0].remove(at: 1)                   // ids now: 777, 1, 2, 3, 5, …; id 10 at index 9
            grid.deleteItems(at: [ip(0), ip(4)])
            grid.insertItems(at: [ip(0)])
        }, completion: nil)
        #expect(grid.hasRunningAnimations)
        #expect(selectedIDs(grid, source) == selected)
        // Item 10 (now at index 9) kept its cell.
        #expect(grid.cellForItem(at: ip(9)) === cellOf10)
        t += 0.1; grid.advanceAnimations(to: t)
        #expect(grid.hasRunningAnimations)
        settle(grid, &t)
        #expect(!grid.hasRunningAnimations)
        #expect(grid.rowAnimations.ghosts.isEmpty)
        #expect(gridStateProblems(grid, source) == [])

        // A move across sections, a reload and a section delete in one batch.
        try grid.performBatchUpdatesThrowing({
            let id = source.sections[0].remove(at: 5)
            source.sections[1].insert(id, at: 3)
            grid.moveItem(at: ip(5), to: ip(3, 1))
            grid.reloadItems(at: [ip(0)])
        }, completion: nil)
        #expect(grid.hasRunningAnimations)
        settle(grid, &t)
        #expect(selectedIDs(grid, source) == selected)
        #expect(gridStateProblems(grid, source) == [])
        try grid.performBatchUpdatesThrowing({
            source.sections.remove(at: 0)
            grid.deleteSections(IndexSet([0]))
        }, completion: nil)
        settle(grid, &t)
        #expect(grid.numberOfSections == 1)
        #expect(grid.numberOfItems(inSection: 0) == 41)
        #expect(selectedIDs(grid, source) == [])
        #expect(gridStateProblems(grid, source) == [])
    }

    @Test("reloading a prepared item (off screen, in the band) binds it again: no hole is left in the mounted items")
    func reloadPreparedItem() throws {
        let source = GridSource(counts: [200])
        let grid = makeGrid(source, width: 400, height: 300)
        grid.prefetchDistance = 300
        grid.contentOffset = Point(x: 0, y: 1100)
        var t = 0.0
        grid.advanceAnimations(to: t)
        let prepared = try #require(grid.indexPathsForPreparedItems.last)
        let binds = source.cellForItemCalls
        try grid.performBatchUpdatesThrowing({ grid.reloadItems(at: [prepared]) }, completion: nil)
        #expect(grid.cellForItem(at: prepared) != nil)
        #expect(source.cellForItemCalls == binds + 1)
        settle(grid, &t)
        #expect(grid.invariantViolation() == nil)
        #expect(gridStateProblems(grid, source) == [])
    }
}
