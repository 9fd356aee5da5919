/// Items the view must keep track of while the data changes under them: the keyboard cursor,
/// the anchor Shift ranges start from, the column an up/down run keeps (with the item it
/// last reached), and items waiting to be re-bound into their own cells. A batch update moves
/// them all with one `remap(_:)`; an item that was deleted is forgotten.
final class TrackedPositions {
    /// The keyboard cursor: where arrow keys move from (nil before any keyboard or click input).
    private(set) var focus: ItemPath?
    /// Where Shift ranges start.
    private(set) var rangeAnchor: ItemPath?
    /// The x an up/down or page run keeps, in content coordinates, and the item the last such
    /// move reached: any other move leaves the cursor elsewhere, and the goal lapses.
    private(set) var goal: (x: Double, reached: ItemPath)?
    /// Items to re-bind into their own cells at the next layout pass (`reconfigureRows`).
    private(set) var pendingReconfigures = Set<ItemPath>()

    /// The cursor and the range anchor both at `ip` (a click, a long press, a drag's end).
    func place(at ip: ItemPath) {
        focus = ip
        rangeAnchor = ip
    }

    /// The cursor, the range anchor and nothing else at `ip`, the goal column lapsed (a
    /// row moved by the keyboard, an outline key that moves to a parent or child).
    func moveCursor(to ip: ItemPath) {
        goal = nil
        place(at: ip)
    }

    /// The cursor at `ip` (nil: none), the anchor and the goal where they were (a click,
    /// Space before any row was focused, a disclosure triangle).
    func focus(on ip: ItemPath?) { focus = ip }

    /// The cursor moved by a key to `ip`, the anchor where it was; an up/down or page run
    /// keeps `goal` (its x, in content coordinates), any other key lets it lapse.
    func keyMoved(to ip: ItemPath, goal goalX: Double?) {
        focus = ip
        goal = goalX.map { (x: $0, reached: ip) }
    }

    /// The cursor at `ip` unless there is one (a key that acts on the focused row before
    /// any row was focused: the cell focus's Tab).
    func focusIfNone(_ ip: ItemPath) {
        if focus == nil { focus = ip }
    }

    /// Shift ranges start at `ip` from now on.
    func anchorRanges(at ip: ItemPath) { rangeAnchor = ip }

    /// Forgets everything (a reload).
    func reset() {
        resetCursor()
        pendingReconfigures = []
    }

    /// Forgets the cursor, the anchor and the goal.
    func resetCursor() {
        focus = nil
        rangeAnchor = nil
        goal = nil
    }

    // MARK: Reconfigures

    func addReconfigure(_ ip: ItemPath) { pendingReconfigures.insert(ip) }
    /// (On every bind: free when nothing is pending.)
    func removeReconfigure(_ ip: ItemPath) {
        guard !pendingReconfigures.isEmpty else { return }
        pendingReconfigures.remove(ip)
    }
    /// The pending reconfigures in order, handed over: none remain.
    func takeReconfigures() -> [ItemPath] {
        defer { pendingReconfigures = [] }
        return pendingReconfigures.sorted()
    }

    // MARK: Batch updates

    /// Every tracked item to where the update put it; deleted ones are dropped.
    func remap(_ mapping: UpdateMapping) {
        focus = focus.flatMap(mapping.map)
        rangeAnchor = rangeAnchor.flatMap(mapping.map)
        goal = goal.flatMap { g in mapping.map(g.reached).map { (x: g.x, reached: $0) } }
        if !pendingReconfigures.isEmpty { pendingReconfigures = Set(pendingReconfigures.compactMap(mapping.map)) }
    }
}

extension TrackedPositions: PositionTracking {
    func reset(sectionCount: Int) { reset() }
}
