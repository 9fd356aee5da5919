import CGtk
import PoolTable
@_spi(Interop) @testable import PoolTableGtk
import Testing

/// Issue 17: the GUI tests used to take the engine's clock by jumping it to
/// `(animationTime ?? 0) + 10_000`, assuming GTK's frame clock (seconds since boot) could
/// never catch up; on a machine up longer than that, frame-clock ticks moved the animations
/// under the tests' feet. A `ManualTimeSource` gives the test the clock for real.
extension TableWidgetTests {
    @Test("Up for days: the old +10,000 s offset loses the edit animation to GTK's frame clock; under a ManualTimeSource it stays exactly where the test put it")
    func manualTimeSourceOwnsTheClock() throws {
        try GtkTestEnvironment.require()
        let duration = TableView.editingAnimationDuration

        // The old way, on a frame clock that reads 400,000 s more than this machine's uptime.
        do {
            let harness = try #require(WindowHarness(rows: 50, timeSource: DaysOfUptimeTimeSource(extra: 400_000)))
            defer { harness.close() }
            let table = harness.table.tableView
            try #require(table.animationTime == nil, "nothing has animated yet, so the old offset starts at 10,000 s")
            let t0 = (table.animationTime ?? 0) + 10_000
            table.advanceAnimations(to: t0)
            table.setEditing(true, animated: true)
            table.advanceAnimations(to: t0)
            #expect(table.editingProgress == 0)
            for _ in 0..<3 { _ = try harness.nextFrame() }
            #expect(table.editingProgress == 1, "the frame clock ended the animation the test meant to hold at 0 ms")
            #expect(!table.hasRunningAnimations)
            #expect(try #require(table.animationTime) > t0 + 300_000, "the engine runs on the (simulated) frame clock")
        }

        // A manual clock that starts at 0, which GTK's frame clock is long past on any machine:
        // a single frame-clock tick reaching the engine would end the animation.
        let harness = try #require(WindowHarness(rows: 50, timeSource: ManualTimeSource(start: 0)))
        defer { harness.close() }
        let widget = harness.table
        let table = widget.tableView
        let t0 = try #require(harness.manualClock).start
        #expect(table.animationTime == t0, "the harness started the engine at the manual clock's start")
        table.setEditing(true, animated: true)
        table.advanceAnimations(to: t0)
        table.advanceAnimations(to: t0 + 0.12)
        let held = Easing.easeOut(0.12 / duration)
        #expect(table.editingProgress == held)
        #expect(widget.tickCallbackID != 0, "a frame-clock tick is due")
        let drawn = widget.framesDrawn
        for _ in 0..<3 { _ = try harness.nextFrame() }
        #expect(widget.framesDrawn >= drawn + 3, "GTK ran real frames")
        #expect(widget.tickCallbackID == 0, "the tick ran, did not move the engine, and stopped: no frames spent on a clock GTK does not own")
        #expect(table.editingProgress == held, "still exactly where the test put it")
        #expect(table.animationTime == t0 + 0.12)
        #expect(table.hasRunningAnimations)
        #expect(table.visibleCells.allSatisfy { $0.editingProgress == held })
        // Idle: no tick, no redraw while the test does not move time. GTK may still owe the
        // window a frame of its own (focus, accessible children), so the check is that the
        // widget falls quiet: 0.3 s without a frame, which a widget ticking or redrawing on
        // its own (the bug this guards against) never reaches.
        var lastFrames = widget.framesDrawn, quietSince = MonotonicClock.seconds
        #expect(GtkTestEnvironment.wait(for: "the widget to go 0.3 s without drawing", timeout: 10) {
            if widget.framesDrawn != lastFrames { lastFrames = widget.framesDrawn; quietSince = MonotonicClock.seconds }
            return MonotonicClock.seconds - quietSince >= 0.3
        })
        #expect(widget.tickCallbackID == 0, "no tick while idle")
        #expect(table.editingProgress == held)

        // Handing the clock back to GTK resumes ticking by itself and ends the animation.
        widget.timeSource = FrameClockTimeSource()
        #expect(GtkTestEnvironment.iterate(timeout: 20) { !table.hasRunningAnimations }, "the frame clock took over")
        #expect(table.editingProgress == 1)
        #expect(try #require(table.animationTime) > t0 + 1)
    }
}

/// A frame clock on a machine that has been up `extra` seconds longer than this one.
@MainActor
private final class DaysOfUptimeTimeSource: AnimationTimeSource {
    let extra: Double
    init(extra: Double) { self.extra = extra }
    func engineTime(forFrameTime frameTime: Double) -> Double? { frameTime + extra }
}
