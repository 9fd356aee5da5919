import Testing
@_spi(Hosting) @_spi(Diagnostics) @testable import PoolTable

/// The axis, proved: a horizontal strip (along = x) mounted, recycled and scrolled by the
/// same `MountedItems` as every vertical list and grid. Frames, the visible and prepared
/// sets, the pool's bound, the cell log and updates, all headless.
@MainActor
@Suite("Horizontal strip")
struct StripTests {
    func ip(_ item: Int, _ section: Int = 0) -> IndexPath { IndexPath(item: item, section: section) }

    /// 100 pt cards 10 pt apart, inset 5 left/right and 4 top/bottom, in a 330 × 120 view.
    func makeStrip(_ source: GridSource, width: Double = 330, height: Double = 120) -> CollectionView {
        var layout = StripLayout()
        layout.itemWidth = 100
        layout.itemSpacing = 10
        layout.horizontalInset = 5
        layout.verticalInset = 4
        let strip = CollectionView(frame: Rect(x: 0, y: 0, width: width, height: height), stripLayout: layout)
        source.attach(to: strip)
        return strip
    }

    /// Everything a strip at `x` must show, from the frames alone.
    func problems(_ strip: CollectionView, _ source: GridSource) -> [String] {
        var out: [String] = []
        let x = strip.contentOffset.x, width = strip.frame.width, p = strip.prefetchDistance
        #expect(strip.contentOffset.y == 0)
        let mounted = strip.indexPathsForMountedItems
        // Mounted: exactly the items whose x-extent meets the band.
        let all = (0..<strip.numberOfSections).flatMap { s in (0..<strip.numberOfItems(inSection: s)).map { ip($0, s) } }
        let band = all.filter { let r = strip.rectForItem(at: $0); return r.maxX > x - p && r.minX < x + width + p }
        if mounted != band { out.append("mounted \(mounted.count) items are not the band's \(band.count) at x=\(x)") }
        let visible = all.filter { let r = strip.rectForItem(at: $0); return r.maxX > x && r.minX < x + width }
        if strip.indexPathsForVisibleItems != visible { out.append("visible \(strip.indexPathsForVisibleItems) != \(visible) at x=\(x)") }
        if Set(strip.indexPathsForPreparedItems) != Set(band).subtracting(visible) { out.append("prepared differ at x=\(x)") }
        for cell in strip.mountedCells {
            guard let at = strip.indexPath(for: cell) else { out.append("a mounted cell has no index path"); continue }
            if (cell as! GridProbeCell).item != source.id(at: at) { out.append("\(at) shows another item") }
            if cell.frame != strip.rectForItem(at: at) { out.append("\(at): frame \(cell.frame) is not the layout's") }
            if cell.isHidden == visible.contains(at) { out.append("\(at): hidden \(cell.isHidden) while visible \(visible.contains(at))") }
        }
        return out
    }

    @Test("items run along x: frames, content size and hit-testing come from the axis")
    func frames() {
        let source = GridSource(counts: [50, 30])
        let strip = makeStrip(source)
        #expect(strip.rectForItem(at: ip(0)) == Rect(x: 5, y: 4, width: 100, height: 112))
        #expect(strip.rectForItem(at: ip(3)) == Rect(x: 335, y: 4, width: 100, height: 112))
        // Section 1 follows section 0 directly: 5 + 50 × 110 = 5505.
        #expect(strip.rectForItem(at: ip(0, 1)) == Rect(x: 5505, y: 4, width: 100, height: 112))
        // The last item ends 5 pt before the content does (no trailing gap).
        let last = strip.rectForItem(at: ip(29, 1))
        #expect(strip.contentSize == Size(width: last.maxX + 5, height: 120))
        #expect(strip.indexPathForItem(at: Point(x: 120, y: 60)) == ip(1))
        #expect(strip.indexPathForItem(at: Point(x: 107, y: 60)) == nil, "the gap between two cards")
        #expect(strip.indexPathForItem(at: Point(x: 120, y: 2)) == nil, "the inset above the cards")
        #expect(strip.indexPathsForItems(in: Rect(x: 100, y: 0, width: 130, height: 10)) == [ip(0), ip(1), ip(2)])
        #expect(strip.numberOfColumns == 1)
    }

    @Test("mounted, visible and prepared sets are exact at every offset, scrolling both ways and jumping",
          arguments: [0.0, 55.0, 400.0])
    func scrolling(prefetch: Double) {
        let source = GridSource(counts: [400, 0, 120])
        let strip = makeStrip(source)
        strip.prefetchDistance = prefetch
        let maxX = strip.contentSize.width - strip.frame.width
        var rng = SeededRandom(seed: UInt64(prefetch) + 11)
        var offsets = Array(stride(from: 0.0, through: maxX, by: 23))
        offsets += offsets.reversed()
        offsets += (0..<150).map { _ in Double.random(in: -200...(maxX + 200), using: &rng) }
        for x in offsets {
            strip.contentOffset = Point(x: x, y: 999)       // y is not this view's axis: ignored
            #expect(strip.contentOffset.x == min(max(0, x), maxX))
            let found = problems(strip, source)
            #expect(found.isEmpty, "\(found.prefix(3))")
            if !found.isEmpty { return }
            if prefetch == 0 { #expect(strip.indexPathsForPreparedItems.isEmpty) }
        }
        #expect(source.staleOnDisplay.isEmpty)
    }

    @Test("scrolling recycles: thousands of steps across 100,000 items make a bounded number of cells")
    func recyclingBounded() {
        let source = GridSource(counts: [100_000])
        let strip = makeStrip(source)
        strip.prefetchDistance = 200
        var x = 0.0
        for _ in 0..<3_000 {
            x += 37
            strip.contentOffset = Point(x: x, y: 0)
        }
        for _ in 0..<1_000 {
            x -= 53
            strip.contentOffset = Point(x: x, y: 0)
        }
        // The band is 330 + 2 × 200 = 730 pt: at most 8 cards of 110 pt meet it.
        #expect(strip.indexPathsForMountedItems.count <= 8)
        #expect(source.createdCells <= 10, "cells made: \(source.createdCells)")
        #expect(strip.poolHits > 1_000)
        #expect(strip.pooledCellCounts.allSatisfy { $0.count <= 10 })
        #expect(problems(strip, source).isEmpty)
        // The step was incremental: binds are one per arriving card, not per mounted card.
        #expect(strip.statistics.binds < 3_000 * 37 / 110 + 1_000 * 53 / 110 + 40)
    }

    @Test("an animated scroll, a scroll to an item and the keys move along x")
    func scrollingAPI() {
        let source = GridSource(counts: [300])
        let strip = makeStrip(source)
        strip.advanceAnimations(to: 0)
        strip.scrollToItem(at: ip(100), at: .top, animated: false)
        #expect(strip.contentOffset.x == strip.rectForItem(at: ip(100)).minX, "a vertical option alone: the leading edge")
        strip.scrollToItem(at: ip(50), at: .right, animated: false)
        #expect(strip.contentOffset.x == strip.rectForItem(at: ip(50)).maxX - strip.frame.width)
        strip.scrollToItem(at: ip(60), at: [.top, .centeredHorizontally], animated: false)
        #expect(strip.contentOffset.x == strip.rectForItem(at: ip(60)).midX - strip.frame.width / 2, "the horizontal option wins")
        strip.scrollToItem(at: ip(100), at: .left, animated: false)
        #expect(strip.contentOffset.x == strip.rectForItem(at: ip(100)).minX)
        #expect(strip.indexPathsForVisibleItems.first == ip(100))
        strip.setContentOffset(Point(x: 0, y: 0), animated: true)
        #expect(strip.targetContentOffset == Point(x: 0, y: 0))
        strip.advanceAnimations(to: 0.01)
        strip.advanceAnimations(to: 0.5)
        #expect(strip.contentOffset.x == 0 && !strip.hasRunningAnimations)
        #expect(problems(strip, source).isEmpty)
        // Right moves along (the next card); End scrolls the last card into view.
        strip.selectItem(at: ip(0), animated: false, scrollPosition: .none)
        #expect(strip.handleKey(.right))
        #expect(strip.focusedIndexPath == ip(1) && strip.indexPathsForSelectedItems == [ip(1)])
        #expect(strip.handleKey(.end))
        #expect(strip.focusedIndexPath == ip(299))
        #expect(strip.indexPathsForVisibleItems.last == ip(299))
        #expect(strip.contentOffset.x == strip.rectForItem(at: ip(299)).maxX - strip.frame.width, "the least scroll that shows it whole")
        #expect(problems(strip, source).isEmpty)
    }

    @Test("a click selects the card under the pointer; batch updates insert and delete with the strip's geometry")
    func inputAndUpdates() throws {
        let source = GridSource(counts: [40])
        let strip = makeStrip(source)
        strip.contentOffset = Point(x: 500, y: 0)
        // Viewport x 20 + offset 500 = content x 520: the fifth card (445..<545).
        strip.pointerDown(at: Point(x: 20, y: 50))
        strip.pointerUp(at: Point(x: 20, y: 50))
        #expect(strip.indexPathsForSelectedItems == [ip(4)])
        try strip.performBatchUpdatesThrowing({
            source.sections[0].insert(contentsOf: [1000, 1001], at: 0)
            source.sections[0].remove(at: 10)
            strip.insertItems(at: [ip(0), ip(1)])
            strip.deleteItems(at: [ip(8)])
        }, completion: nil)
        #expect(strip.numberOfItems(inSection: 0) == 41)
        #expect(strip.indexPathsForSelectedItems == [ip(6)], "the selection followed its card")
        strip.advanceAnimations(to: 10)
        strip.advanceAnimations(to: 20)
        #expect(!strip.hasRunningAnimations)
        #expect(problems(strip, source).isEmpty)
    }

    @Test("a resize changes the cards' height, not the mounted set's logic")
    func resize() {
        let source = GridSource(counts: [200])
        let strip = makeStrip(source)
        strip.contentOffset = Point(x: 1000, y: 0)
        strip.frame = Rect(x: 0, y: 0, width: 700, height: 200)
        #expect(strip.rectForItem(at: ip(0)).height == 192)
        #expect(problems(strip, source).isEmpty)
        #expect(strip.mountedCells.allSatisfy { $0.frame.height == 192 })
    }
}
