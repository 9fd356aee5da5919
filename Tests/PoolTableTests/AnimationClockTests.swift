import Testing
@testable import PoolTable

/// The engine's clock is whatever its host says (GTK's frame clock counts seconds since
/// boot): nothing may assume where it starts or that the last time it saw is recent.
@MainActor
@Suite("Animation clock: no assumption about absolute time")
struct AnimationClockTests {
    func makeTable() -> TableView {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 500))
        ModelSource(rows: [100]).attach(to: table)
        return table
    }

    @Test("keepAnimating before the first advance runs for its duration from that advance, at any uptime", arguments: [0.0, 10_000, 400_000])
    func keepAnimatingBeforeFirstAdvance(uptime: Double) {
        let table = makeTable()
        #expect(table.animationTime == nil)
        table.keepAnimating(for: 0.1)
        #expect(table.hasRunningAnimations)
        table.advanceAnimations(to: uptime)
        #expect(table.hasRunningAnimations, "the 0.1 s start at the first frame, not at time 0")
        table.advanceAnimations(to: uptime + 0.05)
        #expect(table.hasRunningAnimations)
        table.advanceAnimations(to: uptime + 0.1)
        #expect(!table.hasRunningAnimations)
    }

    @Test("keepAnimating after an idle spell counts from the next frame, not from the last one seen")
    func keepAnimatingAfterIdle() {
        let table = makeTable()
        table.advanceAnimations(to: 400_000)
        table.keepAnimating(for: 0.1)
        table.advanceAnimations(to: 400_001)   // one second idle: nothing was running in between
        #expect(table.hasRunningAnimations, "frames still come for 0.1 s")
        table.advanceAnimations(to: 400_001.06)
        #expect(table.hasRunningAnimations)
        // A longer request made meanwhile extends it; a shorter one does not cut it.
        table.keepAnimating(for: 0.5)
        table.keepAnimating(for: 0.01)
        table.advanceAnimations(to: 400_001.2)
        #expect(table.hasRunningAnimations)
        table.advanceAnimations(to: 400_001.69)
        #expect(table.hasRunningAnimations)
        table.advanceAnimations(to: 400_001.7)
        #expect(!table.hasRunningAnimations)
    }
}
