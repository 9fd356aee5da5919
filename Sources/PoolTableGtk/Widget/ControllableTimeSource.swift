import PoolTable

/// The debug bar's time source: GTK's frame clock, run at a rate (slow motion), paused, or
/// stepped one frame at a time. Engine time is continuous across every change: a new rate
/// applies from the last engine time onwards, and a paused clock resumes where it stopped.
///
/// It slows what the engine animates (edit mode, selection, batch updates, animated
/// scrolls, auto-scroll, cells' own animations). GTK's kinetic scrolling is not the
/// engine's: `GtkScrolledWindow` runs it on its own frame-clock callback and offers no way
/// to scale its time, so a fling keeps its normal speed.
@MainActor
public final class ControllableTimeSource: AnimationTimeSource {
    /// The rate of slow motion: engine time advances at a tenth of frame time.
    public static let slowMotionRate = 0.1
    /// One frame of a 60 Hz display, in seconds of frame time.
    public static let frameInterval = 1.0 / 60

    /// Engine seconds per frame-clock second.
    public var rate = 1.0 {
        didSet {
            guard rate != oldValue else { return }
            precondition(rate.isFinite && rate > 0, "ControllableTimeSource: the rate must be positive")
            base = nil      // continue from the last engine time at the new rate
        }
    }
    /// While paused, frame-clock ticks do not move the engine; `step(from:)` does.
    public var isPaused = false {
        didSet { if isPaused != oldValue { base = nil } }
    }
    /// Engine frames advanced: frame-clock ticks that moved the engine, plus steps. It
    /// holds still while paused.
    public private(set) var frames = 0
    /// The last engine time handed out; nil before the first.
    public private(set) var lastEngineTime: Double?

    /// Frame time and engine time that correspond at the current rate.
    private var base: (frame: Double, engine: Double)?

    /// Where frame time comes from: GTK's frame clock, unchanged, except in tests.
    private let frameClock: AnimationTimeSource

    /// A source running at the frame clock's rate, not paused.
    public init() {
        frameClock = FrameClockTimeSource()
    }

    /// A source that reads frame time through `frameClock` first (asked only while not
    /// paused; nil skips the tick): a test hands it a clock that advances a fixed step per
    /// tick, so rate, pause and step are checked in ticks, whatever the machine's load.
    init(frameClock: AnimationTimeSource) {
        self.frameClock = frameClock
    }

    public func engineTime(forFrameTime clockTime: Double) -> Double? {
        guard !isPaused, let frameTime = frameClock.engineTime(forFrameTime: clockTime), frameTime.isFinite else { return nil }
        let b = base ?? (frameTime, lastEngineTime ?? frameTime)
        base = b
        let time = max(lastEngineTime ?? -.infinity, b.engine + (frameTime - b.frame) * rate)
        lastEngineTime = time
        frames += 1
        return time
    }

    /// One frame of engine time (`frameInterval` at the current rate) after `now` (the
    /// engine's current time) or the last time handed out; counts a frame.
    public func step(from now: Double?) -> Double {
        let start = max(lastEngineTime ?? now ?? 0, now ?? -.infinity)
        let time = start + Self.frameInterval * rate
        lastEngineTime = time
        base = nil
        frames += 1
        return time
    }
}

extension TableWidget {
    /// Slow motion, pause and single frames need a `ControllableTimeSource`; this installs
    /// one (keeping engine time continuous) if the widget has another, and returns it.
    @discardableResult
    public func controllableTimeSource() -> ControllableTimeSource {
        if let source = timeSource as? ControllableTimeSource { return source }
        let source = ControllableTimeSource()
        timeSource = source
        return source
    }

    /// Runs the engine's animations at `rate` (1 = normal, `slowMotionRate` = 10x slower).
    public func setAnimationRate(_ rate: Double) {
        controllableTimeSource().rate = rate
        ensureTicking()
    }

    /// Pauses or resumes the engine's animations (ticks resume on their own when unpaused).
    public func setAnimationsPaused(_ paused: Bool) {
        controllableTimeSource().isPaused = paused
        if !paused { ensureTicking() }
        queueDraw()
    }

    /// While paused: advances the engine by exactly one frame of engine time and redraws.
    public func stepAnimationFrame() {
        let source = controllableTimeSource()
        guard source.isPaused else { return }
        listView.advanceAnimations(to: source.step(from: listView.animationTime))
        queueDraw()
    }
}
