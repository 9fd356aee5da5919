/// One pointer gesture of a list view (GTK's one gesture per controller): it may claim a
/// press, and then receives that press's drags, its release and its cancellation. A view
/// holds its gestures in one ordered list (`PointerInteractions`): the first to claim a
/// press has it. A gesture lives in its feature's folder and is registered by the view that
/// has the feature (a table registers its column headers; a grid does not).
@MainActor
protocol PointerInteraction: AnyObject {
    /// A press (viewport coordinates): true claims it, and its drags, release and cancel
    /// come here. Gestures after this one in the list are not asked.
    func claim(_ press: PointerPress, in list: ListBase) -> Bool
    /// The held press (`InteractionState.press`, claimed by another gesture) moved past the
    /// drag threshold to `p`: true takes it over (a swipe, a multiple-selection drag).
    func takeOver(_ press: InteractionState.Press, movedTo p: Point, in list: ListBase) -> Bool
    /// Seconds a press must be held still before `takeOver(held:in:)` is asked; nil: never.
    var holdDuration: Double? { get }
    /// The held press stayed still for `holdDuration` of engine time: true takes it over.
    func takeOver(held press: InteractionState.Press, in list: ListBase) -> Bool
    /// The claimed press moved to `p`.
    func drag(to p: Point, in list: ListBase)
    /// The claimed press was released at `p`.
    func release(at p: Point, in list: ListBase)
    /// The press was taken over (scrolling) or the pointer left. Asked of every gesture,
    /// claimant or not: each drops what it holds.
    func cancel(in list: ListBase)
    /// A double click the host reports apart from the press (`activateRow(atViewportPoint:)`):
    /// true when this gesture used it.
    func activate(at p: Point, in list: ListBase) -> Bool
}

extension PointerInteraction {
    func takeOver(_ press: InteractionState.Press, movedTo p: Point, in list: ListBase) -> Bool { false }
    var holdDuration: Double? { nil }
    func takeOver(held press: InteractionState.Press, in list: ListBase) -> Bool { false }
    func drag(to p: Point, in list: ListBase) {}
    func release(at p: Point, in list: ListBase) {}
    func cancel(in list: ListBase) {}
    func activate(at p: Point, in list: ListBase) -> Bool { false }
}

/// A press as the gestures see it: where, with which modifiers, which click of a series,
/// and the item under it (nil off the items, or under a header row).
struct PointerPress {
    var point: Point
    var modifiers: InputModifiers
    var clickCount: Int
    var item: ItemPath?
}

/// A key gesture beside the view's own navigation (`handleKey`): asked, in order, before
/// the arrows move the cursor; true when it used the key (a table's cell focus).
@MainActor
protocol KeyInteraction: AnyObject {
    func handle(_ key: TableKey, modifiers: InputModifiers, in list: ListBase) -> Bool
}
