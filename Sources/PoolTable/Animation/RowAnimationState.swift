/// Presentation state of batch-update animations. The layout (model) moves at once; what is
/// drawn catches up: every row that was mounted keeps its old on-screen position as an
/// offset that eases to zero ("rows below glide"); inserted and reloaded rows grow and fade
/// in; deleted rows stay as ghosts that collapse and fade out. A second update mid-way
/// starts from where things are drawn, so animations retarget without jumps.
@MainActor
final class RowAnimationState {
    // Read or written on every scroll step: exempt from dynamic exclusivity checks (a
    // third of a step went to swift_beginAccess before). Touched only on the main actor by
    // straight-line code, never through overlapping inout accesses.
    static let duration = 0.3

    /// A deleted row still being drawn while it collapses.
    struct Ghost {
        var cell: ReusableCell
        /// The cell's frame when it was deleted (its across placement: x and width).
        var frame: Rect
        var section: Int
        /// Where the ghost sits in the new layout (the start of the row that followed it), along.
        var modelStart: Double
        /// Its along length.
        var length: Double
        var offset: Transition
        var fade: Transition
        /// Deleted rows collapse; a reloaded row's old cell keeps its height and only fades
        /// (a cross-fade with the new cell fading in beneath).
        var collapses = true
    }

    /// Screen-space displacement of rows, easing to zero, by new index path.
    @exclusivity(unchecked) var offsets: [ItemPath: Transition] = [:]
    /// Across displacement of grid items that change column, easing to zero.
    @exclusivity(unchecked) var xOffsets: [ItemPath: Transition] = [:]
    /// Inserted / reloaded rows: 0 → 1 (alpha and height fraction).
    @exclusivity(unchecked) var appear: [ItemPath: Transition] = [:]
    @exclusivity(unchecked) var ghosts: [Ghost] = []
    /// Section headers and footers glide like rows (screen-space offsets by new section);
    /// those of inserted sections fade in.
    @exclusivity(unchecked) var headerOffsets: [Int: Transition] = [:]
    @exclusivity(unchecked) var footerOffsets: [Int: Transition] = [:]
    @exclusivity(unchecked) var sectionAppear: [Int: Transition] = [:]
    /// Headers and footers of deleted sections, fading out where they were drawn.
    @exclusivity(unchecked) var sectionGhosts: [(view: TableViewHeaderFooterView, frame: Rect, fade: Transition)] = []
    @exclusivity(unchecked) var completions: [(Bool) -> Void] = []

    /// Ends everything at once (a reload), handing back the ghosts' cells to recycle.
    func reset() -> [ReusableCell] {
        let cells = ghosts.map(\.cell)
        offsets = [:]; xOffsets = [:]; appear = [:]; ghosts = []
        headerOffsets = [:]; footerOffsets = [:]; sectionAppear = [:]; sectionGhosts = []; completions = []
        return cells
    }

    var isRunning: Bool {
        !offsets.isEmpty || !xOffsets.isEmpty || !appear.isEmpty || !ghosts.isEmpty || !headerOffsets.isEmpty || !footerOffsets.isEmpty
            || !sectionAppear.isEmpty || !sectionGhosts.isEmpty
    }

    /// A later batch update moves the rows and sections still appearing (their fade-ins
    /// follow them; those of rows it deletes end).
    func remapAppearances(_ mapping: UpdateMapping) {
        var moved: [ItemPath: Transition] = [:]
        for (ip, t) in appear { if let n = mapping.map(ip) { moved[n] = t } }
        appear = moved
        var movedSections: [Int: Transition] = [:]
        for (s, t) in sectionAppear { if let n = mapping.sectionMap[safe: s] ?? nil { movedSections[n] = t } }
        sectionAppear = movedSections
    }
    var hasGhosts: Bool { !ghosts.isEmpty }
    var ghostSections: Set<Int> { Set(ghosts.map(\.section)) }

    func alpha(for ip: ItemPath, at now: Double?) -> Double { appear[ip]?.value(at: now) ?? 1 }
    func lengthFraction(for ip: ItemPath, at now: Double?) -> Double { appear[ip]?.value(at: now) ?? 1 }
}

extension RowAnimationState: PositionTracking {
    func remap(_ mapping: UpdateMapping) { remapAppearances(mapping) }
    /// Nothing: a reload ends the animations first, recycling the ghosts' cells
    /// (`ListBase.reloadIfNeeded`).
    func reset(sectionCount: Int) {}
}
