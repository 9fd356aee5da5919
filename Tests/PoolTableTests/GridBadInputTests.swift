import struct Foundation.IndexSet
import Testing
@testable import PoolTable

/// Nonsense from the app degrades gracefully on a grid: no crash, the invariants hold.
@MainActor
@Suite("Grid bad input")
struct GridBadInputTests {
    func ip(_ item: Int, _ section: Int = 0) -> IndexPath { IndexPath(item: item, section: section) }

    @Test("item sizes of zero, negative, NaN or infinity become 1 px; spacings and insets that make no sense become 0",
          arguments: [0.0, -50.0, Double.nan, Double.infinity, -Double.infinity])
    func badItemSizes(bad: Double) {
        let source = GridSource(counts: [50])
        let grid = makeGrid(source, width: 400, height: 300, layout: gridLayout(item: Size(width: bad, height: bad), interitem: bad, line: bad,
                                                                               inset: EdgeInsets(top: bad, left: bad, bottom: bad, right: bad), header: bad))
        let l = grid.layout
        #expect(l.itemSize == Size(width: 1, height: 1))
        #expect(l.minimumInteritemSpacing == 0 && l.minimumLineSpacing == 0 && l.headerHeight == 0)
        #expect(l.sectionInset == .zero)
        #expect(grid.numberOfColumns == 400)
        #expect(grid.contentSize.height == 1)
        #expect(grid.indexPathsForVisibleItems.count == 50)
        #expect(gridStateProblems(grid, source) == [])
        // Setting a bad layout later keeps the view sane too, and a good one restores it.
        grid.layout = gridLayout(item: Size(width: 80, height: bad))
        #expect(grid.layout.itemSize == Size(width: 80, height: 1))
        #expect(gridStateProblems(grid, source) == [])
        grid.layout = gridLayout()
        #expect(grid.numberOfColumns == 3)
        grid.contentOffset = Point(x: 0, y: 500)
        #expect(gridStateProblems(grid, source) == [])
    }

    @Test("NaN and infinite offsets are ignored; zero-size and NaN frames mount nothing; geometry still answers")
    func nonFiniteGeometry() {
        let source = GridSource(counts: [500])
        let grid = makeGrid(source, width: 430, height: 500)
        grid.contentOffset = Point(x: 0, y: 1000)
        grid.contentOffset = Point(x: 0, y: .nan)
        #expect(grid.contentOffset.y == 1000)
        grid.contentOffset = Point(x: .nan, y: .infinity)
        #expect(grid.contentOffset.y == 1000)
        grid.setContentOffset(Point(x: 0, y: .nan), animated: true)
        #expect(!grid.hasRunningAnimations)
        grid.contentOffset = Point(x: 0, y: -1e300)
        #expect(grid.contentOffset.y == 0)
        grid.frame = Rect(x: 0, y: 0, width: .nan, height: -20)
        #expect(grid.frame == .zero)
        #expect(grid.mountedCells.isEmpty)
        #expect(grid.numberOfColumns == 1)
        #expect(grid.rectForItem(at: ip(3)).minY == 330)
        #expect(gridStateProblems(grid, source) == [])
        grid.frame = Rect(x: 0, y: 0, width: 430, height: 0)
        #expect(grid.mountedCells.isEmpty)
        #expect(gridStateProblems(grid, source) == [])
        grid.frame = Rect(x: 0, y: 0, width: 0.5, height: 500)         // narrower than any item: one column
        #expect(grid.numberOfColumns == 1)
        #expect(gridStateProblems(grid, source) == [])
        grid.frame = Rect(x: 0, y: 0, width: 430, height: 500)
        #expect(!grid.visibleCells.isEmpty)
        grid.prefetchDistance = .nan
        #expect(grid.prefetchDistance == 250)
        grid.advanceAnimations(to: .nan)
        grid.advanceAnimations(to: -.infinity)
        #expect(gridStateProblems(grid, source) == [])
    }

    @Test("out-of-range index paths return nil or .zero and are otherwise ignored")
    func outOfRange() {
        let source = GridSource(counts: [10, 0])
        let grid = makeGrid(source)
        grid.setEditing(true, animated: false)
        let bad = [ip(10), ip(-1), ip(0, 1), ip(0, 2), ip(0, -1), ip(Int.max, 0)]
        for p in bad {
            #expect(grid.cellForItem(at: p) == nil)
            #expect(grid.rectForItem(at: p) == .zero)
            grid.selectItem(at: p, animated: true, scrollPosition: .middle)
            grid.deselectItem(at: p, animated: true)
            grid.scrollToItem(at: p, at: .top, animated: true)
            grid.reconfigureItems(at: [p])
        }
        #expect(grid.rectForHeaderInSection(9) == .zero)
        #expect(grid.numberOfItems(inSection: 42) == 0)
        #expect(grid.numberOfItems(inSection: -1) == 0)
        #expect(grid.indexPathsForSelectedItems == nil)
        #expect(grid.contentOffset.y == 0)
        // Out-of-range changes outside a batch are logged and the grid reloads from its data source.
        grid.deleteItems(at: [ip(50)])
        grid.moveItem(at: ip(0, 3), to: ip(0))
        #expect(grid.numberOfItems(inSection: 0) == 10)
        #expect(gridStateProblems(grid, source) == [])
    }

    @Test("a data source whose counts change without an update: the grid keeps its counts until it reloads, and never crashes")
    func countsChangeWithoutUpdate() throws {
        let source = GridSource(counts: [300, 300])
        let grid = makeGrid(source, width: 400, height: 500)
        grid.contentOffset = Point(x: 0, y: 8000)
        // The model shrinks behind the grid's back.
        source.sections[0].removeLast(250)
        source.sections[1] = []
        for y in stride(from: 0.0, through: 25_000, by: 233) {
            grid.contentOffset = Point(x: 0, y: y)
            #expect(grid.invariantViolation() == nil)
        }
        #expect(grid.numberOfItems(inSection: 0) == 300)   // still what it was told
        // A batch update measured against the stale counts throws and changes nothing.
        let before = grid.indexPathsForMountedItems
        #expect(throws: BatchUpdateError.self) {
            try grid.performBatchUpdatesThrowing({ grid.deleteItems(at: [ip(0)]) }, completion: nil)
        }
        #expect(grid.indexPathsForMountedItems == before)
        // A reload picks the new counts up.
        grid.reloadData()
        #expect(grid.numberOfItems(inSection: 0) == 50)
        #expect(grid.numberOfItems(inSection: 1) == 0)
        #expect(grid.contentSize.height == 17 * 100 + 16 * 10)
        #expect(gridStateProblems(grid, source) == [])
        // Growing behind its back is just as harmless.
        source.sections[1] = Array(9000..<9400)
        for y in stride(from: 0.0, through: 3000, by: 97) { grid.contentOffset = Point(x: 0, y: y) }
        #expect(grid.invariantViolation() == nil)
        grid.reloadData()
        #expect(grid.numberOfItems(inSection: 1) == 400)
        #expect(gridStateProblems(grid, source) == [])
    }

    @Test("negative counts are treated as zero; a missing data source is an empty grid")
    func negativeCounts() {
        // Bespoke: negative counts of sections and items, which no fixture's model can hold.
        final class Negative: CollectionViewDataSource {
            var sections = -3
            func numberOfSections(in collectionView: CollectionView) -> Int { sections }
            func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { -7 }
            func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
                CollectionViewCell(reuseIdentifier: nil)
            }
        }
        let grid = CollectionView(frame: Rect(x: 0, y: 0, width: 300, height: 300), layout: GridLayout())
        #expect(grid.numberOfSections == 0)
        #expect(grid.mountedCells.isEmpty)
        let ds = Negative()
        grid.dataSource = ds
        #expect(grid.numberOfSections == 0)
        ds.sections = 2
        grid.reloadData()
        #expect(grid.numberOfSections == 2)
        #expect(grid.numberOfItems(inSection: 0) == 0)
        #expect(grid.contentSize.height == 0)
        #expect(grid.indexPathForItem(at: Point(x: 10, y: 10)) == nil)
        #expect(grid.handleKey(.down) == false)
        #expect(grid.invariantViolation() == nil)
        withExtendedLifetime(ds) {}
    }

    @Test("a data source returning a cell already in use gets a fresh cell instead")
    func cellReturnedTwice() {
        // Bespoke: it hands back one cell for every item, which is what is under test.
        final class Sticky: CollectionViewDataSource {
            let shared = CollectionViewCell(reuseIdentifier: nil)
            func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 7 }
            func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell { shared }
        }
        let grid = CollectionView(frame: Rect(x: 0, y: 0, width: 430, height: 500), layout: GridLayout())
        let ds = Sticky()
        grid.dataSource = ds
        let cells = grid.mountedCells
        #expect(cells.count == 7)
        #expect(Set(cells.map(ObjectIdentifier.init)).count == 7)
        #expect(Set(cells.map { grid.cellID(of: $0) }).count == 7)
        #expect(grid.invariantViolation() == nil)
        withExtendedLifetime(ds) {}
    }
}
