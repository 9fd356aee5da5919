/// Where a `TableWidget`'s animations get their time from.
///
/// On every tick of GTK's frame clock (`GdkFrameClock`) while the engine animates, the
/// widget asks its time source which engine time the frame stands for and advances the
/// engine there (`TableView.advanceAnimations(to:)`). The mapping from frame time to engine
/// time lives entirely in the source, so a source can scale it (slow motion), hold it
/// (pause, single steps) or hand time over to someone else (tests).
///
/// The engine's time never goes back: a source must return non-decreasing times for one
/// widget (the engine ignores a step back and stays where it was).
@MainActor
public protocol AnimationTimeSource: AnyObject {
    /// The engine time (seconds) for a frame-clock tick whose frame time is `frameTime`
    /// (seconds on GLib's monotonic clock, i.e. since boot), or nil when the frame clock must
    /// not move the engine: nothing advances, and the widget stops ticking for animations
    /// (it still ticks for redraws and scroll geometry).
    func engineTime(forFrameTime frameTime: Double) -> Double?
}

/// The default: the engine runs on GTK's frame clock, one engine second per second.
@MainActor
public final class FrameClockTimeSource: AnimationTimeSource {
    public init() {}

    public func engineTime(forFrameTime frameTime: Double) -> Double? { frameTime }
}

/// Time owned by the caller (a test): frame-clock ticks never move the engine, whatever the
/// machine's uptime, so the engine's animations are exactly where the caller put them with
/// `tableView.advanceAnimations(to:)`. Nothing keeps ticking for animations in between.
///
/// `start` is the time the caller begins at. It defaults to 400,000 s (about 4.6 days), the
/// monotonic time of a machine that has been up for days: tests run at the absolute times a
/// user's desktop shows, not near zero, and since no frame-clock tick reaches the engine the
/// real uptime makes no difference.
@MainActor
public final class ManualTimeSource: AnimationTimeSource {
    /// Where the caller's time begins (seconds); see the type's documentation.
    public let start: Double

    public init(start: Double = 400_000) {
        self.start = start
    }

    public func engineTime(forFrameTime frameTime: Double) -> Double? { nil }
}
