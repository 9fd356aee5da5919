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

    /// Runs the edit-mode slide under `widget`'s clock; the frame-clock seconds it took and
    /// the engine's edit progress at a few moments. With `POOLTABLE_SCREENSHOTS=DIR`, the
    /// widget's picture at each moment is kept as `slide-NAME-<ms>.png` (the real time since
    /// the toggle; docs/screenshots/overlay-slow-motion.png is made of them).
    func timeEditSlide(_ widget: TableWidget, sampleAt moments: [Double], name: String = "") -> (seconds: Double, progress: [Double]) {
        let table = widget.tableView
        let start = MonotonicClock.seconds
        table.setEditing(!table.isEditing, animated: true)
        var progress: [Double] = []
        let dir = getenv("POOLTABLE_SCREENSHOTS").map { String(cString: $0) } ?? ""
        for m in moments {
            // At least a few frames' worth, so a slow snapshot cannot leave the sample stale.
            _ = GtkTestEnvironment.iterate(timeout: max(0.05, m - (MonotonicClock.seconds - start))) { false }
            progress.append(table.editingProgress)
            if !dir.isEmpty, !name.isEmpty, let image = widget.snapshotToImage() {
                mkdir(dir, 0o755)
                _ = image.writePNG(to: "\(dir)/slide-\(name)-\(Int(((MonotonicClock.seconds - start) * 1000).rounded()))ms.png")
            }
        }
        _ = GtkTestEnvironment.iterate(timeout: 15) { !table.hasRunningAnimations }
        return (MonotonicClock.seconds - start, progress)
    }

    @Test("slow motion: the edit-mode slide takes about ten times as long on GTK's frame clock; pause freezes it and the frame counter; Step advances one frame")
    func slowMotionPauseStep() throws {
        try #require(GtkTestEnvironment.start())
        let source = ControllableTimeSource()
        let harness = try #require(WindowHarness(rows: 80, width: 900, height: 560, timeSource: source))
        defer { harness.close() }
        let widget = harness.table, table = widget.tableView
        let duration = TableView.editingAnimationDuration
        // The overlay on: its Engine panel shows the clock (frames, rate, paused).
        widget.debugOverlay = DebugOverlay()

        let normal = timeEditSlide(widget, sampleAt: [0.1, 0.3, 0.6], name: "normal")
        #expect(normal.seconds < duration * 5, "normal speed: \(normal.seconds) s (snapshots included)")

        table.setEditing(false, animated: false)     // both runs slide the checkboxes in
        widget.setAnimationRate(ControllableTimeSource.slowMotionRate)
        let slow = timeEditSlide(widget, sampleAt: [0.1, 0.3, 0.6, 1.2, 1.8, 3.0], name: "slow")
        #expect(slow.seconds > duration * 10 * 0.85, "slow motion: \(slow.seconds) s for a \(duration) s slide")
        #expect(slow.seconds < duration * 10 * 2)
        // The progress rises steadily, far from done at 1.8 s, done by 3 s.
        #expect(slow.progress == slow.progress.sorted(), "\(slow.progress)")
        #expect(slow.progress[1...4].allSatisfy { $0 > 0.02 && $0 < 0.98 }, "\(slow.progress)")
        #expect(slow.progress[5] == 1, "over by 3 s")
        #expect(normal.progress[1...].allSatisfy { $0 == 1 }, "normal speed: over by 0.3 s, \(normal.progress)")
        #expect(table.isEditing && table.editingProgress == 1)

        // Pause in the middle of a slow slide (back out of edit mode).
        table.setEditing(false, animated: true)
        _ = GtkTestEnvironment.iterate(timeout: 0.8) { false }
        widget.setAnimationsPaused(true)
        GtkTestEnvironment.settle(0.05)
        let frames = source.frames, progress = table.editingProgress, time = try #require(table.animationTime)
        #expect(progress > 0 && progress < 1)
        _ = GtkTestEnvironment.iterate(timeout: 0.6) { false }
        #expect(source.frames == frames, "paused: the frame counter holds")
        #expect(table.editingProgress == progress, "paused: the slide holds")
        widget.stepAnimationFrame()
        #expect(source.frames == frames + 1, "Step: one frame")
        #expect(abs(try #require(table.animationTime) - (time + ControllableTimeSource.frameInterval * ControllableTimeSource.slowMotionRate)) < 1e-9)
        #expect(table.editingProgress < progress, "one frame further out")
        widget.setAnimationsPaused(false)
        #expect(GtkTestEnvironment.iterate(timeout: 10) { !table.hasRunningAnimations }, "resumed, the slide finishes")
        #expect(table.editingProgress == 0)
        #expect(source.frames > frames + 10)
    }
}
