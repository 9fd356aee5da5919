/// Easing curves for engine animations.
public enum Easing: Sendable {
    case linear, easeOut, easeInOut
    public func callAsFunction(_ t: Double) -> Double {
        let x = t.finiteOr(1).clamped(0, 1)
        switch self {
        case .linear: return x
        case .easeOut: return 1 - Math.pow(1 - x, 3)
        case .easeInOut: return x < 0.5 ? 4 * x * x * x : 1 - Math.pow(-2 * x + 2, 3) / 2
        }
    }
}

/// A value moving from `from` to `to` over `duration` seconds of engine time. Its start is
/// pinned by the first clock tick after it was created, so an animation begun between
/// frames starts on the next frame instead of being half over already.
struct Transition: Sendable {
    var from: Double
    var to: Double
    var duration: Double
    var easing: Easing
    private(set) var start: Double?

    init(from: Double, to: Double, duration: Double, easing: Easing = .easeOut) {
        self.from = from; self.to = to; self.duration = duration; self.easing = easing
    }

    mutating func pin(at now: Double) { if start == nil { start = now } }

    /// Raw (un-eased) fraction done at `now`.
    func fraction(at now: Double?) -> Double {
        guard let start, let now, duration > 0 else { return start == nil ? 0 : 1 }
        return ((now - start) / duration).clamped(0, 1)
    }

    func value(at now: Double?) -> Double { from + (to - from) * easing(fraction(at: now)) }
    func isFinished(at now: Double?) -> Bool { start != nil && fraction(at: now) >= 1 }
}
