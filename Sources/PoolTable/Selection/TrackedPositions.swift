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
    /// The row or item the user is moving by hand (`beginInteractiveMovement…`), if any.
    /// Batch updates are refused while it runs, so it never needs remapping. (Read for every
    /// drawn item of a frame while it runs: exempt from dynamic exclusivity checks; touched
    /// only on the main actor by straight-line code.)
    @exclusivity(unchecked) var movement: InteractiveMovement?

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
        movement = nil
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
        pendingReconfigures = Set(pendingReconfigures.compactMap(mapping.map))
    }
}

/// A row or item being moved by hand (UIKit's reorder control and interactive movement):
/// where it comes from, where it would go, where it is drawn, and the others' glides as
/// they make room. The geometry keeps the data source's order until the movement ends; the
/// others are only drawn displaced.
@MainActor
struct InteractiveMovement {
    /// Where the item is in the data source (and the layout).
    let source: ItemPath
    /// Where it would go, in the order after the move (retargeted by the delegate).
    var destination: ItemPath
    /// The centre of the moving item, in content coordinates.
    var target: Point
    /// The moving item's own cell: it stays this item's cell throughout (no re-bind).
    let cell: ReusableCell
    /// The item's frame when the movement began.
    let home: Rect
    /// Items sit side by side (a grid with columns): the others take their neighbours' places.
    let isGrid: Bool
    /// The index path whose bind hands back `cell` without asking the data source: the
    /// source while the movement runs, the destination while it is committed.
    var claim: ItemPath
    /// Others' displacements gliding to a new destination (along, across), by index path.
    var glides = Glides()
    /// A pointer drives it: the pointer's offset from the item's centre when it was grabbed.
    var grab: Point?
    /// The last pointer position, in viewport coordinates (for auto-scroll).
    var pointer: Point?
}

/// The others' glides during a movement by hand, kept sorted by index path: a lookup is a
/// binary search (no hashing on every drawn item of every frame), and advancing and dropping
/// finished glides work in place (no allocation per frame).
struct Glides {
    private(set) var entries: [(ip: ItemPath, along: Transition, across: Transition)] = []

    var isEmpty: Bool { entries.isEmpty }
    var count: Int { entries.count }

    private func lowerBound(_ ip: ItemPath) -> Int {
        var lo = 0, hi = entries.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if entries[mid].ip < ip { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The glide of `ip` (along, across), if it has one; setting nil removes it.
    subscript(ip: ItemPath) -> (along: Transition, across: Transition)? {
        get {
            let k = lowerBound(ip)
            return k < entries.count && entries[k].ip == ip ? (entries[k].along, entries[k].across) : nil
        }
        set {
            let k = lowerBound(ip)
            let found = k < entries.count && entries[k].ip == ip
            switch (newValue, found) {
            case let (g?, true): entries[k] = (ip, g.along, g.across)
            case let (g?, false): entries.insert((ip, g.along, g.across), at: k)
            case (nil, true): entries.remove(at: k)
            case (nil, false): break
            }
        }
    }

    /// Starts the glides created since the last tick at `t`, and drops those finished at `t`.
    mutating func advance(to t: Double) {
        for k in entries.indices {
            entries[k].along.pin(at: t)
            entries[k].across.pin(at: t)
        }
        entries.removeAll { $0.along.isFinished(at: t) && $0.across.isFinished(at: t) }
    }
}
