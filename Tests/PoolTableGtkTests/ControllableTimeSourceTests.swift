import CGtk
import Glibc
@_spi(Hosting) @_spi(Diagnostics) import PoolTable
@_spi(Interop) @_spi(Diagnostics) @testable import PoolTableGtk
import Testing

/// The debug bar's time controls (issue 15): slow motion as a rate on the frame clock,
/// pause, and single frames.
extension TableWidgetTests {
    @Test("ControllableTimeSource: engine time is continuous across rate changes and pauses; a step is one frame at the current rate")
    func controllableTimeSourceMapping() throws {
        let source = ControllableTimeSource()
        #expect(source.engineTime(forFrameTime: 1000) == 1000, "at rate 1 the engine runs on the frame clock")
        #expect(source.engineTime(forFrameTime: 1001) == 1001)
        source.rate = ControllableTimeSource.slowMotionRate
        let e1 = try #require(source.engineTime(forFrameTime: 1002))
        #expect(e1 == 1001, "a new rate continues from the last engine time")
        let e2 = try #require(source.engineTime(forFrameTime: 1012))
        #expect(abs(e2 - 1002) < 1e-9, "ten frame-clock seconds are one engine second")
        #expect(source.frames == 4)

        source.isPaused = true
        #expect(source.engineTime(forFrameTime: 1013) == nil)
        #expect(source.engineTime(forFrameTime: 1050) == nil)
        #expect(source.frames == 4, "a paused clock holds its frame count")
        let s = source.step(from: e2)
        #expect(abs(s - (e2 + ControllableTimeSource.frameInterval * 0.1)) < 1e-12)
        #expect(source.frames == 5, "a step is one frame")
        source.isPaused = false
        let e3 = try #require(source.engineTime(forFrameTime: 1060))
        #expect(e3 == s, "resuming continues where the clock stopped, not 48 s later")
        source.rate = 1
        #expect(source.engineTime(forFrameTime: 1061) == e3)
        #expect(abs(try #require(source.engineTime(forFrameTime: 1062)) - (e3 + 1)) < 1e-9)
    }

    /// Runs the edit-mode slide under `widget`'s clock, a `SteppedFrameClock` under its
    /// `ControllableTimeSource`; the frame-clock seconds it took (ticks of `clock.interval`,
    /// whatever the machine's load) and the engine's edit progress at a few moments (frame-clock seconds
    /// since the toggle). With `POOLTABLE_SCREENSHOTS=DIR`, the widget's picture at each
    /// moment is kept as `slide-NAME-<ms>.png` (docs/screenshots/overlay-slow-motion.png is
    /// made of them).
    func timeEditSlide(_ widget: TableWidget, clock: SteppedFrameClock, sampleAt moments: [Double],
                       name: String = "") throws -> (seconds: Double, progress: [Double]) {
        let table = widget.tableView
        let start = clock.now
        table.setEditing(!table.isEditing, animated: true)
        var progress: [Double] = []
        let dir = getenv("POOLTABLE_SCREENSHOTS").map { String(cString: $0) } ?? ""
        for m in moments {
            // Each tick advances the clock and the engine in one dispatch: stop at the first
            // frame at or after the moment (or at the end of the slide).
            try #require(GtkTestEnvironment.wait(for: "frame-clock time \(m) s into the \(name) slide") {
                clock.now - start >= m - 1e-9 || !table.hasRunningAnimations
            })
            progress.append(table.editingProgress)
            if !dir.isEmpty, !name.isEmpty, let image = widget.snapshotToImage() {
                mkdir(dir, 0o755)
                _ = image.writePNG(to: "\(dir)/slide-\(name)-\(Int((m * 1000).rounded()))ms.png")
            }
        }
        try #require(GtkTestEnvironment.wait(for: "the end of the \(name) slide", timeout: 60) { !table.hasRunningAnimations })
        return (clock.now - start, progress)
    }

    @Test("slow motion: the edit-mode slide takes ten times as many frame-clock seconds; pause freezes it and the frame counter; Step advances one frame")
    func slowMotionPauseStep() throws {
        try GtkTestEnvironment.require()
        // GTK's frame clock ticks for real; the time each tick stands for is a fixed step
        // after the last (SteppedFrameClock), so a slow or loaded machine takes longer in wall
        // time but the slide is the same number of ticks.
        let clock = SteppedFrameClock()
        let source = ControllableTimeSource(frameClock: clock)
        let harness = try #require(WindowHarness(rows: 80, width: 900, height: 560, timeSource: source))
        defer { harness.close() }
        let widget = harness.table, table = widget.tableView
        let duration = TableView.editingAnimationDuration
        let tick = clock.interval
        // The overlay on: its Engine panel shows the clock (frames, rate, paused).
        widget.debugOverlay = DebugOverlay()

        let normal = try timeEditSlide(widget, clock: clock, sampleAt: [0.1, 0.3, 0.6], name: "normal")
        #expect(normal.seconds >= duration - 1e-9 && normal.seconds <= duration + 2 * tick + 1e-9, "normal speed: \(normal.seconds) s of frame clock for a \(duration) s slide")

        table.setEditing(false, animated: false)     // both runs slide the checkboxes in
        widget.setAnimationRate(ControllableTimeSource.slowMotionRate)
        let slow = try timeEditSlide(widget, clock: clock, sampleAt: [0.1, 0.3, 0.6, 1.2, 1.8, 3.0], name: "slow")
        #expect(slow.seconds >= duration * 10 - 1e-9 && slow.seconds <= duration * 10 + 2 * tick + 1e-9, "slow motion: \(slow.seconds) s of frame clock for a \(duration) s slide")
        // The progress rises steadily, far from done at 1.8 s, done by 3 s.
        #expect(slow.progress == slow.progress.sorted(), "\(slow.progress)")
        #expect(slow.progress[1...4].allSatisfy { $0 > 0.02 && $0 < 0.98 }, "\(slow.progress)")
        #expect(slow.progress[5] == 1, "over by 3 s")
        #expect(normal.progress[1...].allSatisfy { $0 == 1 }, "normal speed: over by 0.3 s, \(normal.progress)")
        #expect(table.isEditing && table.editingProgress == 1)

        // Pause in the middle of a slow slide (back out of edit mode): 0.8 s of frame clock in.
        let outStart = clock.now
        table.setEditing(false, animated: true)
        try #require(GtkTestEnvironment.wait(for: "0.8 s of frame clock into the slide out") { clock.now - outStart >= 0.8 })
        widget.setAnimationsPaused(true)
        let frames = source.frames, ticks = clock.ticks, progress = table.editingProgress, time = try #require(table.animationTime)
        #expect(progress > 0 && progress < 1)
        // Paused: the widget keeps drawing (the overlay, a queued redraw) but nothing moves.
        try #require(GtkTestEnvironment.waitForFrame("frames drawn while paused", frames: 5))
        #expect(source.frames == frames, "paused: the frame counter holds")
        #expect(clock.ticks == ticks, "paused: no tick asks for time")
        #expect(table.editingProgress == progress, "paused: the slide holds")
        widget.stepAnimationFrame()
        #expect(source.frames == frames + 1, "Step: one frame")
        #expect(abs(try #require(table.animationTime) - (time + ControllableTimeSource.frameInterval * ControllableTimeSource.slowMotionRate)) < 1e-9)
        #expect(table.editingProgress < progress, "one frame further out")
        widget.setAnimationsPaused(false)
        #expect(GtkTestEnvironment.wait(for: "the resumed slide to finish", timeout: 60) { !table.hasRunningAnimations }, "resumed, the slide finishes")
        #expect(table.editingProgress == 0)
        #expect(source.frames > frames + 10)
    }
}

/// A frame clock for tests, under a `ControllableTimeSource`: every tick of GTK's real frame
/// clock stands for `interval` seconds after the last, however long the machine took to run
/// it. The default is two 60 Hz frames: half the frames to draw (a slow-motion slide is 75
/// ticks, not 150; the test ran 37 s at GDK_SCALE=2 under load with one frame a tick), and
/// samples still 33 ms apart.
@MainActor
final class SteppedFrameClock: AnimationTimeSource {
    /// The frame time before the first tick (a machine up for days, like `ManualTimeSource`).
    let start: Double
    /// Frame-clock seconds per tick.
    let interval: Double
    /// Ticks so far.
    private(set) var ticks = 0

    init(start: Double = 400_000, interval: Double = 2 * ControllableTimeSource.frameInterval) {
        self.start = start
        self.interval = interval
    }

    /// The frame time of the last tick.
    var now: Double { start + Double(ticks) * interval }

    func engineTime(forFrameTime frameTime: Double) -> Double? {
        ticks += 1
        return now
    }
}
