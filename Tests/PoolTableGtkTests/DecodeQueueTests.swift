@testable import PoolTableGtk
import Testing

/// The picture loader's queue policy, headless (no GTK, no threads): on-screen pictures first,
/// then bound cells newest first, then prefetches in the order asked; cancellation before
/// and during a decode; and no key started twice.
@Suite("Decode queue")
struct DecodeQueueTests {
    /// Starts everything waiting, in order.
    func drain(_ q: inout DecodeQueue<Int>) -> [Int] {
        var started: [Int] = []
        while let k = q.next() { started.append(k) }
        return started
    }

    @Test("On-screen pictures start first, then bound cells newest first, then prefetches nearest first")
    func ordering() {
        var q = DecodeQueue<Int>()
        // The prefetching data source asks for 20, 21, 22 (nearest to the viewport first)…
        for k in [20, 21, 22] { q.request(k, .prefetch) }
        // …then a layout pass binds 1…4 (2 and 3 on screen, 1 and 4 prepared).
        for k in [1, 2, 3, 4] { q.request(k, .bound) }
        q.show(2)
        q.show(3)
        #expect(drain(&q) == [3, 2, 4, 1, 20, 21, 22])
        #expect(q.runningCount == 7 && q.waitingCount == 0)
    }

    @Test("Ranking bound cells with those on screen (the measured alternative): newest first across both, prefetches still last")
    func boundWithVisible() {
        var q = DecodeQueue<Int>()
        q.ranksBoundWithVisible = true
        q.request(20, .prefetch)
        for k in [1, 2, 3, 4] { q.request(k, .bound) }
        q.show(2)                            // shown after 4 was bound: the newest
        #expect(drain(&q) == [2, 4, 3, 1, 20])
    }

    @Test("A prefetched picture whose cell is bound and shown moves up; a repeated prefetch keeps its place")
    func promotion() {
        var q = DecodeQueue<Int>()
        for k in [10, 11, 12] { q.request(k, .prefetch) }
        q.request(10, .prefetch)             // asked again: still first of the prefetches, not last
        q.request(12, .bound)                // its cell was bound
        q.show(12)
        q.show(99)                           // not queued: nothing
        #expect(q.demand(of: 12) == .visible && q.demand(of: 99) == nil)
        #expect(drain(&q) == [12, 10, 11])
        // A weaker request never lowers a key's demand.
        var r = DecodeQueue<Int>()
        r.request(1, .visible)
        r.request(1, .prefetch)
        r.request(2, .bound)
        #expect(r.demand(of: 1) == .visible && drain(&r) == [1, 2])
    }

    @Test("Cancel removes a waiting decode before it starts and marks a running one unwanted")
    func cancellation() {
        var q = DecodeQueue<Int>()
        for k in [1, 2, 3] { q.request(k, .bound) }
        #expect(q.next() == 3)
        #expect(q.cancel(2) == .beforeStart && !q.contains(2))
        #expect(q.cancel(3) == .whileRunning && !q.isWanted(3))
        #expect(q.cancel(3) == .none, "already unwanted")
        #expect(q.cancel(42) == .none)
        #expect(drain(&q) == [1])
        #expect(q.finish(3) == false, "ended unwanted")
        #expect(q.finish(1) == true)
        #expect(q.runningCount == 0 && q.waitingCount == 0)
    }

    @Test("Nothing starts twice: a running key asked for again joins its decode, a cancelled running one is revived")
    func noDoubleStart() {
        var q = DecodeQueue<Int>()
        var started: [Int] = []
        q.request(7, .bound)
        started += drain(&q)
        #expect(q.request(7, .visible) == false, "joins the running decode")
        #expect(q.request(7, .prefetch) == false)
        #expect(q.cancel(7) == .whileRunning)
        q.request(7, .bound)                 // asked again before the worker dropped it
        #expect(q.isWanted(7))
        started += drain(&q)
        #expect(started == [7])
        #expect(q.finish(7) == true, "wanted at the end: delivered, not decoded again")
        // A scroll back and forth over the same keys: each starts at most once while queued.
        var r = DecodeQueue<Int>()
        var log: [Int] = []
        for round in 0..<20 {
            for k in 0..<10 { r.request(k, round % 3 == 0 ? .prefetch : .bound) }
            if round % 2 == 0 { for k in stride(from: 0, to: 10, by: 3) { r.cancel(k) } }
            if let k = r.next() { log.append(k) }
        }
        log += drain(&r)
        #expect(Set(log).count == log.count, "no key handed out twice while it runs: \(log)")
    }
}

/// Placeholders (a camera's small EXIF thumbnail shown while the file decodes): a key whose
/// placeholder is shown waits again for its sharp decode, after every cell's first pass.
extension DecodeQueueTests {
    @Test("A refined key waits again after the first passes of cells on screen and bound, before prefetches; cancelled while running it is dropped")
    func refining() {
        var q = DecodeQueue<Int>()
        q.request(20, .prefetch)
        for k in [1, 2, 3] { q.request(k, .bound) }
        q.show(1)
        q.show(2)
        #expect(q.next() == 2 && q.next() == 1)
        // 2 and 1 gave placeholders: their sharp decodes wait behind 3's first pass.
        #expect(q.refine(2) && q.refine(1))
        #expect(q.isRefining(1) && q.isRefining(2) && !q.isRefining(3))
        #expect(drain(&q) == [3, 2, 1, 20], "first pass of the bound cell, then the on-screen refinements newest first (2 was shown last), then the prefetch")
        // A running first pass cancelled before its placeholder came: refine drops it.
        q.request(7, .bound)
        #expect(q.next() == 7)
        #expect(q.cancel(7) == .whileRunning)
        #expect(!q.refine(7) && !q.contains(7))
        // A key asked for again with its placeholder already shown starts as a refinement.
        q.request(8, .bound, refining: true)
        q.request(9, .bound)
        #expect(q.next() == 9 && q.next() == 8)
        // Passing refinements over (the loader's worker kept for first passes).
        q.request(10, .visible, refining: true)
        q.request(11, .prefetch)
        #expect(q.next(refinements: false) == 11 && q.next(refinements: false) == nil && q.next() == 10)
        // Passing over the refinements of all but cells on screen (the loader's kept worker at rest).
        q.request(12, .prefetch, refining: true)
        q.request(13, .bound, refining: true)
        q.request(15, .visible, refining: true)
        q.request(14, .prefetch)
        #expect(q.next(refinementsAtLeast: .visible) == 15 && q.next(refinementsAtLeast: .visible) == 14)
        #expect(q.next(refinementsAtLeast: .visible) == nil && q.next() == 13 && q.next() == 12)
    }
}
