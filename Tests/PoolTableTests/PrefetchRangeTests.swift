@testable import PoolTable
import Testing

/// Data prefetching's bookkeeping on its own (the rules of `TableView.prefetchDataSource`):
/// the range's side, asking once, cancelling once, binds, reloads and deletions.
@Suite("Prefetch range")
struct PrefetchRangeTests {
    func rows(_ r: ClosedRange<Int>) -> [ItemPath] { r.map { ItemPath(row: $0, section: 0) } }
    func rows(_ r: ReversedCollection<ClosedRange<Int>>) -> [ItemPath] { r.map { ItemPath(row: $0, section: 0) } }

    @Test("The band lies past the prepared band on the side of the last scroll, forward before any scroll")
    func bandFollowsTheScroll() {
        var range = PrefetchRange()
        let prepared = (start: 100.0, end: 900.0)
        #expect(range.band(offset: 300, prepared: prepared, viewportLength: 400, distance: 2) == (900, 1_700))
        #expect(range.band(offset: 300, prepared: prepared, viewportLength: 400, distance: 2) == (900, 1_700))
        #expect(range.band(offset: 250, prepared: prepared, viewportLength: 400, distance: 2) == (-700, 100))
        #expect(range.direction == .backward)
        #expect(range.band(offset: 250, prepared: prepared, viewportLength: 400, distance: 1) == (-300, 100), "no scroll keeps the side")
        #expect(range.band(offset: 260, prepared: prepared, viewportLength: 400, distance: 2) == (900, 1_700))
        for bad in [0, -1, Double.nan, .infinity] {
            let b = range.band(offset: 260, prepared: prepared, viewportLength: 400, distance: bad)
            #expect(b.start == b.end, "distance \(bad) prefetches nothing")
        }
    }

    @Test("A row is asked for once, nearest first, never when mounted; leaving the range cancels it once; binding ends it quietly")
    func askOnceCancelOnce() {
        var range = PrefetchRange()
        let mounted: Set<ItemPath> = Set(rows(0...9))
        var calls = range.update(wanted: rows(8...20)) { mounted.contains($0) }
        #expect(calls.prefetch == rows(10...20) && calls.cancel.isEmpty, "8 and 9 are mounted")
        calls = range.update(wanted: rows(10...24)) { mounted.contains($0) }
        #expect(calls.prefetch == rows(21...24) && calls.cancel.isEmpty, "not asked again")
        range.didBind(ItemPath(row: 10, section: 0))
        range.didBind(ItemPath(row: 11, section: 0))
        range.didBind(ItemPath(row: 99, section: 0))      // never asked for: nothing happens
        // The user turns back: the range is above; everything outstanding and unbound is cancelled once.
        calls = range.update(wanted: rows((0...3).reversed())) { _ in false }
        #expect(calls.cancel == rows(12...24))
        #expect(calls.prefetch == rows((0...3).reversed()))
        calls = range.update(wanted: rows((0...3).reversed())) { _ in false }
        #expect(calls.prefetch.isEmpty && calls.cancel.isEmpty)
        // 12 left the range and was cancelled: it may be asked for again.
        calls = range.update(wanted: rows(12...12)) { _ in false }
        #expect(calls.prefetch == rows(12...12) && calls.cancel == rows((0...3).reversed()), "cancelled in the order asked for")
    }

    @Test("reloadData cancels what is outstanding, as it was, and starts afresh; deleted rows are cancelled at the next pass with their old paths")
    func reloadAndDeletion() {
        var range = PrefetchRange()
        _ = range.band(offset: 10, prepared: (0, 100), viewportLength: 50, distance: 2)
        _ = range.band(offset: 5, prepared: (0, 100), viewportLength: 50, distance: 2)
        _ = range.update(wanted: rows(10...14)) { _ in false }
        // Row 11 is deleted, rows after it move up one.
        range.remap { $0.row == 11 ? nil : ($0.row > 11 ? ItemPath(row: $0.row - 1, section: 0) : $0) }
        #expect(range.outstandingRows == rows(10...10) + rows(11...13))
        let calls = range.update(wanted: rows(10...13)) { _ in false }
        #expect(calls.cancel == rows(11...11) && calls.prefetch.isEmpty)
        #expect(range.direction == .backward)
        #expect(range.reset() == rows(10...13))
        #expect(range.outstandingRows.isEmpty && range.direction == .forward)
        #expect(range.reset().isEmpty)
    }
}
