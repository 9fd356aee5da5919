@testable import PoolTable
import Testing

/// `SelectionModel` and `TrackedPositions` on their own, without a view.
@Suite("Selection model and tracked positions")
struct SelectionModelTests {
    func ip(_ row: Int, _ section: Int = 0) -> ItemPath { ItemPath(row: row, section: section) }

    /// Section 0 had 10 rows: row 3 deleted, a row inserted at 0, row 7 moved to section 1's
    /// row 0. Section 1 had 5 rows. New: section 0 = [new, 0, 1, 2, 4, 5, 6, 8, 9], section 1 =
    /// [old 0.7, 1.0 … 1.4].
    let mapping = UpdateMapping(sectionMap: [0, 1], newSectionSource: [0, 1], removedOld: [[3, 7], []],
                                arrivingNew: [[0], [0]], moves: [ItemPath(row: 7, section: 0): ItemPath(row: 0, section: 1)],
                                deletedRows: [ItemPath(row: 3, section: 0)])

    @Test("ranges per section: counts in O(ranges), items in order, invalid sections ignored")
    func basics() {
        let s = SelectionModel(sectionCount: 2)
        #expect(s.isEmpty && s.count == 0 && s.first == nil)
        s.set(true, rows: 0..<1_000_000, section: 1)
        s.set(true, rows: 5..<7, section: 0)
        s.set(false, rows: 10..<999_990, section: 1)
        s.set(true, rows: 0..<3, section: 7)              // no such section
        s.set(true, rows: 4..<4, section: 0)              // empty range
        #expect(s.count == 2 + 20)
        #expect(s.ranges(inSection: 1) == [0..<10, 999_990..<1_000_000])
        #expect(s.ranges(inSection: -1) == [])
        #expect(s.first == ip(5))
        #expect(Array(s.indexPaths.prefix(4)) == [ip(5), ip(6), ip(0, 1), ip(1, 1)])
        #expect(s.contains(ip(999_999, 1)) && !s.contains(ip(10, 1)) && !s.contains(ip(0, 2)) && !s.contains(ip(-1, 0)))
        s.removeAll()
        #expect(s.isEmpty && s.sectionCount == 2)
    }

    @Test("a drag lays one range over the selection it began with: growing, shrinking back, across sections, deselecting")
    func drag() {
        let s = SelectionModel(sectionCount: 2)
        s.set(true, rows: 8..<9, section: 1)                    // outside the sweep: kept
        s.beginDrag()
        #expect(s.isDragging)
        let counts = [10, 10]
        s.applyDrag(from: ip(7), to: ip(2, 1), selecting: true) { counts[$0] }
        #expect(Array(s.indexPaths) == [ip(7), ip(8), ip(9), ip(0, 1), ip(1, 1), ip(2, 1), ip(8, 1)])
        s.applyDrag(from: ip(7), to: ip(8), selecting: true) { counts[$0] }      // back: the base again
        #expect(Array(s.indexPaths) == [ip(7), ip(8), ip(8, 1)])
        s.endDrag()
        #expect(!s.isDragging)
        s.beginDrag()
        s.applyDrag(from: ip(9, 1), to: ip(8), selecting: false) { counts[$0] }    // upwards, deselecting
        #expect(Array(s.indexPaths) == [ip(7)])
        s.endDrag()
        s.applyDrag(from: ip(0), to: ip(9), selecting: true) { counts[$0] }        // no drag: nothing
        #expect(Array(s.indexPaths) == [ip(7)])
    }

    @Test("remap: deleted rows leave, inserted ones arrive unselected, a moved row keeps its state, the rest shift, checks follow")
    func remapSelection() {
        let s = SelectionModel(sectionCount: 2)
        for r in [2, 3, 7, 9] { s.set(true, rows: r..<(r + 1), section: 0) }
        s.set(true, rows: 4..<5, section: 1)
        s.setTransition(Transition(from: 0, to: 1, duration: 0.2), for: ip(9))
        s.setTransition(Transition(from: 0, to: 1, duration: 0.2), for: ip(3))
        s.beginDrag()
        s.remap(mapping)
        // Old 0.2 → 0.3, 0.3 deleted, 0.7 → 1.0, 0.9 → 0.8; old 1.4 → 1.5.
        #expect(Array(s.indexPaths) == [ip(3), ip(8), ip(0, 1), ip(5, 1)])
        #expect(Array(s.indexPaths) == [ip(2), ip(7), ip(9), ip(4, 1)].compactMap(mapping.map).sorted())
        #expect(s.progress(of: ip(8), at: 0.1, selected: true) < 1, "the check animation followed its row")
        #expect(s.progress(of: ip(3), at: 0.1, selected: true) == 1, "a deleted row's animation ended")
        #expect(!s.isDragging, "a drag's base is stale after an update")
    }

    @Test("a section deleted and one inserted: selections go and arrive with them")
    func remapSections() {
        let s = SelectionModel(sectionCount: 3)
        s.set(true, rows: 0..<2, section: 0)
        s.set(true, rows: 1..<2, section: 1)
        s.set(true, rows: 4..<6, section: 2)
        // Delete section 1, insert a new section at 0: old 0 → 1, old 2 → 2.
        let m = UpdateMapping(sectionMap: [1, nil, 2], newSectionSource: [nil, 0, 2], removedOld: [[], [], []],
                              arrivingNew: [[], [], []], moves: [:], deletedRows: [])
        s.remap(m)
        #expect(s.sectionCount == 3)
        #expect(Array(s.indexPaths) == [ip(0, 1), ip(1, 1), ip(4, 2), ip(5, 2)])
    }

    @Test("tracked positions follow their rows through one remap; deleted ones are forgotten")
    func trackedPositions() {
        let t = TrackedPositions()
        t.place(at: ip(9))
        t.keyMoved(to: ip(9), goal: 120)
        t.addReconfigure(ip(5)); t.addReconfigure(ip(3)); t.addReconfigure(ip(7))
        t.remap(mapping)
        #expect(t.focus == ip(8) && t.rangeAnchor == ip(8))
        #expect(t.goal?.reached == ip(8) && t.goal?.x == 120)
        #expect(t.takeReconfigures() == [ip(5), ip(0, 1)], "old 0.5 stays 0.5 (one gone above, one in), 0.7 moved to 1.0, 0.3 deleted")
        #expect(t.pendingReconfigures.isEmpty)
        t.anchorRanges(at: ip(2))
        t.remap(mapping)
        #expect(t.rangeAnchor == ip(3) && t.focus == ip(7))
        t.keyMoved(to: ip(3), goal: 1)
        t.remap(mapping)
        #expect(t.focus == nil && t.goal == nil, "the cursor's row was deleted")
        t.resetCursor()
        #expect(t.rangeAnchor == nil)
    }
}
