/// What is selected, as the view keeps it: one `RowRangeSet` per section (selecting a
/// million rows costs one range), the check animations of items whose state just changed,
/// and a drag's provisional range laid over the selection the drag began with. Cells read
/// it when they are bound (`ListBase.applyState`); a batch update remaps all of it in one
/// call (`remap(_:)`).
final class SelectionModel {
    // Read on every scroll step and bind: exempt from dynamic exclusivity checks. Its
    // owner (a view, on the main actor) calls it from straight-line code that never
    // re-enters it, and nothing is passed inout across its calls.
    @exclusivity(unchecked) private var sections: [RowRangeSet] = []
    /// Check animations of items whose selection just changed, by item.
    @exclusivity(unchecked) private var transitions: [ItemPath: Transition] = [:]
    /// The selection as it was when a drag began: the drag's range is laid over it.
    private var dragBase: [RowRangeSet]?
    /// Who hears of selection changes (`ListBase.addSelectionObserver`), by token.
    private var observers: [Int: @MainActor () -> Void] = [:]
    private var lastObserverToken = 0

    /// Nothing selected in `sectionCount` sections.
    init(sectionCount: Int = 0) {
        sections = Array(repeating: RowRangeSet(), count: max(0, sectionCount))
    }

    /// Nothing selected in `sectionCount` sections, no animations, no drag (a reload).
    func reset(sectionCount: Int) {
        sections = Array(repeating: RowRangeSet(), count: max(0, sectionCount))
        transitions = [:]
        dragBase = nil
    }

    // MARK: Reading

    var sectionCount: Int { sections.count }
    var isEmpty: Bool { sections.allSatisfy(\.isEmpty) }
    /// O(ranges), however many items are selected.
    var count: Int { sections.reduce(0) { $0 + $1.count } }

    func contains(_ ip: ItemPath) -> Bool {
        ip.section >= 0 && ip.section < sections.count && sections[ip.section].contains(ip.row)
    }

    /// The selected ranges of rows in `section` (none for an invalid section).
    func ranges(inSection section: Int) -> [Range<Int>] {
        section >= 0 && section < sections.count ? sections[section].ranges : []
    }

    /// Every selected item in order, lazily (a large selection is never materialised here).
    var indexPaths: some Sequence<ItemPath> {
        sections.indices.lazy.flatMap { s in self.sections[s].rows.lazy.map { ItemPath(row: $0, section: s) } }
    }

    var first: ItemPath? { indexPaths.first { _ in true } }

    // MARK: Changing

    /// Selects or deselects `rows` of `section`; out-of-range sections are ignored (rows are
    /// clipped by the caller, who knows the section's size).
    func set(_ selected: Bool, rows: Range<Int>, section: Int) {
        guard section >= 0 && section < sections.count, !rows.isEmpty else { return }
        if selected { sections[section].insert(rows) } else { sections[section].remove(rows) }
    }

    /// Deselects everything (and forgets a drag's base).
    func removeAll() {
        for s in sections.indices { sections[s].removeAll() }
    }

    // MARK: Check animations

    var isAnimating: Bool { !transitions.isEmpty }

    /// Starts (or, with nil, stops) the check animation of `ip`.
    func setTransition(_ transition: Transition?, for ip: ItemPath) { transitions[ip] = transition }

    /// How far `ip`'s check has gone at `now`: its animation's value, else 1 or 0.
    func progress(of ip: ItemPath, at now: Double?, selected: Bool) -> Double {
        transitions.isEmpty ? (selected ? 1 : 0) : transitions[ip]?.value(at: now) ?? (selected ? 1 : 0)
    }

    /// Pins animations begun since the last tick to `time` and drops the finished ones.
    func advanceAnimations(to time: Double) {
        for (ip, var t) in transitions {
            t.pin(at: time)
            transitions[ip] = t.isFinished(at: time) ? nil : t
        }
    }

    // MARK: A drag across items

    var isDragging: Bool { dragBase != nil }

    /// Remembers the selection a drag starts from.
    func beginDrag() { dragBase = sections }

    /// The drag's base with the rows between `a` and `b` (inclusive, across sections)
    /// selected or deselected; `itemCount` gives each section's size.
    func applyDrag(from a: ItemPath, to b: ItemPath, selecting: Bool, itemCount: (Int) -> Int) {
        guard let base = dragBase else { return }
        sections = base
        let (lo, hi) = a < b ? (a, b) : (b, a)
        for s in lo.section...hi.section where s >= 0 && s < sections.count {
            let start = s == lo.section ? lo.row : 0
            let end = s == hi.section ? hi.row + 1 : itemCount(s)
            set(selecting, rows: start..<max(start, end), section: s)
        }
    }

    /// Keeps the selection as the drag left it.
    func endDrag() { dragBase = nil }

    /// Puts the selection back as it was when the drag began.
    func cancelDrag() {
        if let base = dragBase { sections = base }
        dragBase = nil
    }

    // MARK: Batch updates

    /// Follows a batch update: deleted sections and rows leave the selection, inserted ones
    /// arrive unselected, moved rows keep their state at their new place, and the rest shift.
    /// Check animations follow their items. A drag in progress is dropped (its base is stale).
    func remap(_ mapping: UpdateMapping) {
        dragBase = nil
        // Nothing selected, nothing fading, the same sections: nothing to move (every
        // batch of an incremental filter's steps comes here).
        if transitions.isEmpty, sections.count == mapping.newSectionSource.count, sections.allSatisfy(\.isEmpty) { return }
        let selectedMoveTargets = Set(mapping.moves.filter { contains($0.key) }.map(\.value))
        var next = Array(repeating: RowRangeSet(), count: mapping.newSectionSource.count)
        for (t, source) in mapping.newSectionSource.enumerated() {
            guard let source, source < sections.count else { continue }
            var set = sections[source]
            forEachRun(of: mapping.removedOld[t], reversed: true) { set.shiftForDelete(rows: $0) }
            forEachRun(of: mapping.arrivingNew[t]) { run in
                set.shiftForInsert(at: run.lowerBound, count: run.count)
                guard !selectedMoveTargets.isEmpty else { return }
                for r in run where selectedMoveTargets.contains(ItemPath(row: r, section: t)) { set.insert(r) }
            }
            next[t] = set
        }
        sections = next
        var moved: [ItemPath: Transition] = [:]
        for (ip, t) in transitions { if let n = mapping.map(ip) { moved[n] = t } }
        transitions = moved
    }

    // MARK: Observers

    /// Adds an observer; returns its token.
    func addObserver(_ body: @escaping @MainActor () -> Void) -> Int {
        lastObserverToken += 1
        observers[lastObserverToken] = body
        return lastObserverToken
    }

    /// Removes the observer `token` names.
    func removeObserver(_ token: Int) { observers[token] = nil }

    /// Calls every observer, oldest first.
    @MainActor func notifyObservers() {
        for token in observers.keys.sorted() { observers[token]?() }
    }
}

extension SelectionModel: PositionTracking {}
