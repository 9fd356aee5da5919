/// A view's gestures in order of precedence, and the one that claimed the press being
/// handled. The view registers its list once, at creation (`TableView.init`,
/// `CollectionView.init`): that list is the whole precedence order, in one place.
@MainActor
final class PointerInteractions {
    private var handlers: [any PointerInteraction] = []
    private var keys: [any KeyInteraction] = []
    /// The gesture that claimed (or took over) the press in progress.
    private var claimant: (any PointerInteraction)?
    /// Engine time the held press has been still since (its first tick), while a gesture
    /// waits for a hold.
    private var holdStart: Double?
    /// The shortest hold a gesture waits for, cached at registration (nil: none waits).
    private var shortestHold: Double?
    /// A gesture took the press over by holding it: the host's own long press of the same
    /// press is not also a long press.
    private(set) var heldPressTaken = false
    /// True while a held press is timed for the gestures that wait for holds.
    private(set) var isWaitingForHold = false

    /// Registers the view's gestures, first to last in precedence.
    func register(_ handlers: [any PointerInteraction], keys: [any KeyInteraction] = []) {
        self.handlers = handlers
        self.keys = keys
        shortestHold = handlers.compactMap(\.holdDuration).min()
    }

    /// Starts timing the press just claimed when a gesture waits for holds and the press is
    /// on an item (`pressHeld`); true when it did (the view then wants ticks).
    func startHoldTiming(pressHeld: Bool) -> Bool {
        isWaitingForHold = pressHeld && shortestHold != nil
        return isWaitingForHold
    }

    /// A press: the first gesture that claims it has it.
    func down(_ press: PointerPress, in list: ListBase) {
        claimant = nil
        holdStart = nil
        heldPressTaken = false
        isWaitingForHold = false
        for handler in handlers where handler.claim(press, in: list) {
            claimant = handler
            return
        }
    }

    func drag(to p: Point, in list: ListBase) { claimant?.drag(to: p, in: list) }

    func release(at p: Point, in list: ListBase) {
        let handler = claimant
        claimant = nil
        holdStart = nil
        isWaitingForHold = false
        handler?.release(at: p, in: list)
    }

    /// Every gesture drops what it holds; none holds the press any more.
    func cancel(in list: ListBase) {
        claimant = nil
        holdStart = nil
        isWaitingForHold = false
        for handler in handlers { handler.cancel(in: list) }
    }

    /// A double click reported apart from its press: the first gesture that uses it.
    func activate(at p: Point, in list: ListBase) -> Bool {
        handlers.contains { $0.activate(at: p, in: list) }
    }

    /// Offers the held press, moved past the drag threshold, to the gestures in order; the
    /// one that takes it over holds the press from now on.
    func offerMove(_ press: InteractionState.Press, to p: Point, in list: ListBase) -> Bool {
        for handler in handlers where handler !== claimant && handler.takeOver(press, movedTo: p, in: list) {
            claimant = handler
            return true
        }
        return false
    }

    /// `handler` holds the press from now on (a long press handed it over).
    func hand(to handler: any PointerInteraction) { claimant = handler }

    /// The first registered gesture of type `T`.
    func first<T: PointerInteraction>(_ type: T.Type) -> T? {
        handlers.lazy.compactMap { $0 as? T }.first
    }

    /// The engine's clock ticked at `t`: a press held still long enough (since the first
    /// tick after it) is offered to the gestures that wait for holds. True while still waiting.
    func tick(at t: Double, press: InteractionState.Press?, in list: ListBase) -> Bool {
        guard isWaitingForHold else { return false }
        guard let press, !press.moved, !heldPressTaken else { stopHoldTiming(); return false }
        let start = holdStart ?? t
        holdStart = start
        var longest = 0.0
        for handler in handlers {
            guard let needed = handler.holdDuration else { continue }
            longest = max(longest, needed)
            guard t - start >= needed, handler.takeOver(held: press, in: list) else { continue }
            claimant = handler
            heldPressTaken = true
            stopHoldTiming()
            return false
        }
        if t - start >= longest { stopHoldTiming() }
        return isWaitingForHold
    }

    /// The host recognised a long press itself (its own timing) on `press`: the gestures that
    /// wait for holds may take it now, whichever of the two timings comes first. True when one did.
    func offerHostLongPress(_ press: InteractionState.Press, in list: ListBase) -> Bool {
        guard !heldPressTaken else { return false }
        for handler in handlers where handler.holdDuration != nil && handler.takeOver(held: press, in: list) {
            claimant = handler
            heldPressTaken = true
            stopHoldTiming()
            return true
        }
        return false
    }

    private func stopHoldTiming() {
        isWaitingForHold = false
        holdStart = nil
    }

    /// Asks the key gestures in order; true when one used the key.
    func handle(_ key: TableKey, modifiers: InputModifiers, in list: ListBase) -> Bool {
        keys.contains { $0.handle(key, modifiers: modifiers, in: list) }
    }
}
