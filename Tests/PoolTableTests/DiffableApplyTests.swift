import Dispatch
import Testing
@testable import PoolTable

/// `apply` off the main thread (issue 36): the diff on a worker, the batch update on the
/// main thread, supersession, completion order, and calls from other threads. The
/// `ManualApplyScheduler` makes the worker and the hand-back run when the test says.
@MainActor
@Suite("Diffable apply off the main thread")
struct DiffableApplyTests {
    typealias Snap = DiffableSnapshot<String, Int>

    struct Fixture {
        let table: TableView
        let source: TableViewDiffableDataSource<String, Int>
        let scheduler: ManualApplyScheduler
    }

    /// A loaded table whose data source sends every apply (limit 0) to `scheduler`.
    func makeFixture(_ first: Snap = snap(["a": Array(0..<50)]), limit: Int = 0) throws -> Fixture {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 360, height: 400))
        table.register({ ItemCell(reuseIdentifier: $0) }, forCellReuseIdentifier: "item")
        let source = TableViewDiffableDataSource<String, Int>(tableView: table) { table, ip, id in
            let cell = table.dequeueReusableCell(withIdentifier: "item", for: ip) as! ItemCell
            cell.item = id
            return cell
        }
        let scheduler = ManualApplyScheduler()
        source.applyScheduler = scheduler
        try source.applyThrowing(first, animatingDifferences: false)
        table.layoutIfNeeded()
        source.synchronousApplyLimit = limit
        return Fixture(table: table, source: source, scheduler: scheduler)
    }

    static func snap(_ sections: KeyValuePairs<String, [Int]>) -> Snap {
        var s = Snap()
        for (id, items) in sections { s.appendSections([id]); s.appendItems(items, toSection: id) }
        return s
    }
    func snap(_ sections: KeyValuePairs<String, [Int]>) -> Snap { Self.snap(sections) }

    /// The table shows `expected`: its counts, and every mounted cell bound to the item the
    /// data source has at its row.
    func expectShows(_ f: Fixture, _ expected: Snap, _ note: String = "", sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(f.source.current == expected, "data source \(note)", sourceLocation: sourceLocation)
        #expect(f.table.numberOfSections == expected.numberOfSections, "sections \(note)", sourceLocation: sourceLocation)
        for (s, id) in expected.sectionIdentifiers.enumerated() where s < f.table.numberOfSections {
            #expect(f.table.numberOfRows(inSection: s) == expected.numberOfItems(inSection: id), "rows of \(id) \(note)",
                    sourceLocation: sourceLocation)
        }
        f.table.layoutIfNeeded()
        for (ip, cell) in zip(f.table.indexPathsForMountedRows, f.table.mountedCells) {
            #expect((cell as! ItemCell).item == f.source.itemIdentifier(for: ip), "cell at \(ip) \(note)", sourceLocation: sourceLocation)
        }
    }

    @Test("a large apply is diffed by the worker and changes the table only on the main thread's turn")
    func diffOffTheMainThread() throws {
        let f = try makeFixture()
        let next = snap(["a": Array(10..<70)])
        var done = false
        f.source.apply(next, animatingDifferences: false) { done = true }
        #expect(f.source.hasPendingApply)
        #expect(f.source.snapshot() == next)          // the newest snapshot, to modify and apply again
        #expect(f.scheduler.waitingBackgroundJobs == 1 && f.scheduler.waitingMainJobs == 0)
        #expect(f.table.numberOfRows(inSection: 0) == 50)
        #expect(f.scheduler.runOneBackgroundJob())
        #expect(f.table.numberOfRows(inSection: 0) == 50, "the worker does not touch the table")
        #expect(f.scheduler.waitingMainJobs == 1)
        #expect(f.scheduler.runOneMainJob())
        #expect(done)
        #expect(!f.source.hasPendingApply)
        expectShows(f, next)
    }

    @Test("small applies with nothing pending stay synchronous (under synchronousApplyLimit)")
    func smallAppliesAreSynchronous() throws {
        let f = try makeFixture(limit: 8_192)
        let next = snap(["a": Array(5..<60)])
        var done = false
        f.source.apply(next, animatingDifferences: false) { done = true }
        #expect(done && !f.source.hasPendingApply)
        #expect(f.scheduler.waitingBackgroundJobs == 0 && f.scheduler.waitingMainJobs == 0)
        expectShows(f, next)
    }

    @Test("quick applies end in the last snapshot; every completion runs once, in call order")
    func supersession() throws {
        let f = try makeFixture()
        var order: [String] = []
        let a = snap(["a": Array(0..<10)]), b = snap(["a": Array(100..<120)]), c = snap(["a": Array(5..<40), "b": [200]])
        f.source.apply(a, animatingDifferences: false) { order.append("a") }
        f.source.apply(b, animatingDifferences: false) { order.append("b") }
        f.source.apply(c, animatingDifferences: false) { order.append("c") }
        #expect(f.scheduler.waitingBackgroundJobs == 1, "one diff at a time")
        f.scheduler.drain()
        #expect(order == ["a", "b", "c"])
        expectShows(f, c)
    }

    @Test("a diff that finishes after a newer apply is dropped and the newer one diffed")
    func staleDiffIsDropped() throws {
        let f = try makeFixture()
        var order: [String] = []
        let a = snap(["a": Array(0..<10)]), b = snap(["a": Array(30..<90)])
        f.source.apply(a, animatingDifferences: false) { order.append("a") }
        f.scheduler.runOneBackgroundJob()               // a's diff is done …
        f.source.apply(b, animatingDifferences: false) { order.append("b") }
        #expect(f.scheduler.waitingBackgroundJobs == 0, "b waits for the running diff")
        f.scheduler.runOneMainJob()                      // … but b superseded it: b is diffed now
        #expect(f.table.numberOfRows(inSection: 0) == 50, "a is never shown")
        #expect(order.isEmpty)
        #expect(f.scheduler.waitingBackgroundJobs == 1)
        f.scheduler.drain()
        #expect(order == ["a", "b"])
        expectShows(f, b)
    }

    @Test("the snapshot changing under a running diff (a row moved by hand) makes it diff again")
    func baseChangedDuringDiff() throws {
        let f = try makeFixture()
        let next = snap(["a": Array(20..<80)])
        f.source.apply(next, animatingDifferences: false)
        f.scheduler.runOneBackgroundJob()
        // The user moves row 0 to row 5 meanwhile (the table already shows the move).
        f.table.moveRow(at: IndexPath(row: 0, section: 0), to: IndexPath(row: 5, section: 0))
        f.source.tableView(f.table, moveRowAt: IndexPath(row: 0, section: 0), to: IndexPath(row: 5, section: 0))
        f.scheduler.drain()
        expectShows(f, next)
    }

    @Test("applyThrowing applies at once and supersedes a pending apply, whose completion runs first")
    func synchronousSupersedes() throws {
        let f = try makeFixture()
        var order: [String] = []
        let a = snap(["a": Array(0..<10)]), b = snap(["b": Array(60..<65)])
        f.source.apply(a, animatingDifferences: false) { order.append("a") }
        try f.source.applyThrowing(b, animatingDifferences: false) { order.append("b") }
        #expect(order == ["a", "b"])
        expectShows(f, b)
        f.scheduler.drain()                              // a's diff comes back to nothing
        #expect(order == ["a", "b"])
        expectShows(f, b)
    }

    @Test("a refused apply (duplicates) found by the worker supersedes nothing: the apply before it is made")
    func refusedOffTheMainThread() throws {
        let f = try makeFixture()
        var order: [String] = []
        let a = snap(["a": [1, 2]])
        f.source.apply(a, animatingDifferences: false) { order.append("a") }
        f.source.apply(snap(["a": [1, 2, 2]]), animatingDifferences: false) { order.append("dup") }
        f.scheduler.drain()
        #expect(order == ["a"])
        #expect(f.source.lastApplyError == .duplicateIdentifier("item 2"))
        expectShows(f, a)
    }

    @Test("a refused apply alone changes nothing and its completion does not run")
    func refusedAlone() throws {
        let f = try makeFixture()
        let before = f.source.current
        var ran = false
        f.source.apply(snap(["a": [7, 7]]), animatingDifferences: false) { ran = true }
        f.scheduler.drain()
        #expect(!ran && !f.source.hasPendingApply)
        #expect(f.source.lastApplyError == .duplicateIdentifier("item 7"))
        expectShows(f, before)
    }

    @Test("an outline apply commits the pending apply first, then applies onto it")
    func outlineAfterPending() throws {
        let f = try makeFixture()
        var order: [String] = []
        f.source.apply(snap(["a": Array(0..<5), "b": [100]]), animatingDifferences: false) { order.append("plain") }
        var outline = SectionSnapshot<Int>()
        outline.append([200, 201])
        outline.append([202], to: 201)
        f.source.apply(outline, to: "b", animatingDifferences: false) { order.append("outline") }
        #expect(order == ["plain", "outline"])
        expectShows(f, snap(["a": Array(0..<5), "b": [200, 201]]))
        f.scheduler.drain()
        expectShows(f, snap(["a": Array(0..<5), "b": [200, 201]]))
    }

    @Test("fuzz: interleaved applies from the main thread always end in the last snapshot applied", arguments: [1, 2, 3, 4])
    func fuzzInterleavedApplies(seed: UInt64) throws {
        var rng = SeededRandom(seed: seed)
        let f = try makeFixture(limit: 0)
        let pool = Array(0..<80)
        var last = f.source.current
        var called: [Int] = [], expected: [Int] = [], refusedSteps: Set<Int> = []
        var clock = 0.0
        func finishAnimations() {   // an animation begun since the last call starts at the next one
            for _ in 0..<2 { clock += 10; f.table.advanceAnimations(to: clock) }
        }
        func randomSnap() -> Snap {
            var s = Snap()
            let sections = ["a", "b", "c"].shuffled(using: &rng).prefix(Int.random(in: 1...3, using: &rng))
            var items = pool.shuffled(using: &rng).prefix(Int.random(in: 0...pool.count, using: &rng))
            for id in sections {
                s.appendSections([id])
                let n = Int.random(in: 0...items.count, using: &rng)
                s.appendItems(Array(items.prefix(n)), toSection: id)
                items = items.dropFirst(n)
            }
            return s
        }
        for step in 0..<400 {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0...3:
                var next = randomSnap()
                let refused = Int.random(in: 0..<12, using: &rng) == 0 && next.numberOfItems > 0
                if refused, let dup = next.itemIdentifiers.first { next.appendItems([dup], toSection: next.sectionIdentifiers.last!) }
                f.source.synchronousApplyLimit = Bool.random(using: &rng) ? 0 : 100
                let animated = Bool.random(using: &rng)
                if refused { refusedSteps.insert(step) } else { expected.append(step); last = next }
                f.source.apply(next, animatingDifferences: animated) { called.append(step) }
            case 4:
                let next = randomSnap()
                try f.source.applyThrowing(next, animatingDifferences: Bool.random(using: &rng)) { called.append(step) }
                expected.append(step); last = next
            case 5, 6:
                f.scheduler.runOneBackgroundJob()
            case 7, 8:
                f.scheduler.runOneMainJob()
            default:
                f.scheduler.drain()
                finishAnimations()
                expectShows(f, last, "after draining at step \(step)")
                // A refused snapshot's completion does not run, unless a later apply superseded
                // it before its diff (then it is a superseded apply like any other).
                #expect(called.filter { !refusedSteps.contains($0) } == expected, "completions at step \(step)")
            }
            #expect(called == called.sorted(), "completions in call order at step \(step)")
            f.table.contentOffset = Point(x: 0, y: Double.random(in: 0...max(1, f.table.contentSize.height - 400), using: &rng))
        }
        f.scheduler.drain()
        finishAnimations()
        expectShows(f, last, "at the end")
        #expect(called.filter { !refusedSteps.contains($0) } == expected)
    }

    @Test("apply from a background queue: handed to the main thread, diffed on a worker, no misuse")
    func backgroundApply() throws {
        let f = try makeFixture()
        let next = snap(["a": Array(40..<140)])
        let source = f.source
        let sent = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var ranOnMain = false
        DispatchQueue.global().async {
            source.applyFromAnyThread(next, animatingDifferences: false) { ranOnMain = true }
            source.applyFromAnyThread(next, animatingDifferences: false)
            sent.signal()
        }
        sent.wait()
        #expect(f.table.numberOfRows(inSection: 0) == 50, "nothing changes until the main thread's turn")
        #expect(f.scheduler.waitingMainJobs == 2)
        f.scheduler.drain()
        #expect(ranOnMain)
        #expect(source.applyQueueMisuses.isEmpty)
        expectShows(f, next)
    }

    @Test("applyFromAnyThread on the main thread is apply")
    func anyThreadOnMain() throws {
        let f = try makeFixture(limit: 8_192)
        let next = snap(["a": Array(1..<9)])
        f.source.applyFromAnyThread(next)
        expectShows(f, next)
        #expect(f.source.applyQueueMisuses.isEmpty)
    }

    @Test("mixing the main thread and a background queue is reported, never a crash or a torn table")
    func mixedQueuesReported() throws {
        let f = try makeFixture()
        let source = f.source
        let fromMain = snap(["a": Array(0..<30)]), fromBackground = snap(["a": Array(60..<99)])
        source.apply(fromMain, animatingDifferences: false)
        let sent = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            source.applyFromAnyThread(fromBackground, animatingDifferences: false)
            sent.signal()
        }
        sent.wait()
        #expect(source.applyQueueMisuses.count == 1)
        #expect(source.applyQueueMisuses.first?.message.contains("from another thread after calls on the main thread") == true)
        f.scheduler.drain()
        expectShows(f, fromBackground)                   // the call that reached the main thread last
        source.apply(fromMain, animatingDifferences: false)
        #expect(source.applyQueueMisuses.count == 2)
        f.scheduler.drain()
        expectShows(f, fromMain)
    }
}
