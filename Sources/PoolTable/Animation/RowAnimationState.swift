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
    @exclusivity(unchecked) private(set) var offsets: [ItemPath: Transition] = [:]
    /// Across displacement of grid items that change column, easing to zero.
    @exclusivity(unchecked) private(set) var xOffsets: [ItemPath: Transition] = [:]
    /// Inserted / reloaded rows: 0 → 1 (alpha and height fraction).
    @exclusivity(unchecked) private(set) var appear: [ItemPath: Transition] = [:]
    /// Rows with no place of their own to glide from (mounted by the update or while rows
    /// glide): drawn after the presented end of the row before them, as appearing rows are.
    /// A mounted row in none of `offsets`, `appear` and this set stays at its layout place:
    /// a row that did not move costs nothing.
    @exclusivity(unchecked) private(set) var followers: Set<ItemPath> = []
    @exclusivity(unchecked) private(set) var ghosts: [Ghost] = []
    /// Section headers and footers glide like rows (screen-space offsets by new section);
    /// those of inserted sections fade in.
    @exclusivity(unchecked) private(set) var headerOffsets: [Int: Transition] = [:]
    @exclusivity(unchecked) private(set) var footerOffsets: [Int: Transition] = [:]
    @exclusivity(unchecked) private(set) var sectionAppear: [Int: Transition] = [:]
    /// Headers and footers of deleted sections, fading out where they were drawn.
    @exclusivity(unchecked) private(set) var sectionGhosts: [(view: TableViewHeaderFooterView, frame: Rect, fade: Transition)] = []
    @exclusivity(unchecked) private(set) var completions: [(Bool) -> Void] = []

    /// Ends everything at once (a reload), handing back the ghosts' cells to recycle.
    func reset() -> [ReusableCell] {
        let cells = ghosts.map(\.cell)
        offsets = [:]; xOffsets = [:]; appear = [:]; ghosts = []; followers = []
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
        if !followers.isEmpty { followers = Set(followers.compactMap { mapping.map($0) }) }
        var movedSections: [Int: Transition] = [:]
        for (s, t) in sectionAppear { if let n = mapping.sectionMap[safe: s] ?? nil { movedSections[n] = t } }
        sectionAppear = movedSections
    }
    var hasGhosts: Bool { !ghosts.isEmpty }

    // MARK: Starting

    /// `ip` is drawn `along` from its place, easing to it; from 0, it is drawn at its place
    /// (no record: a row that does not move is not animated).
    func glide(_ ip: ItemPath, from along: Double) {
        offsets[ip] = along == 0 ? nil : Transition(from: along, to: 0, duration: Self.duration)
    }
    /// `ip` keeps gliding as it was (`along`, `across`: its running transitions, if any),
    /// under its new index path: an update that does not move it does not restart it.
    func carry(_ ip: ItemPath, along: Transition?, across: Transition?) {
        if let along { offsets[ip] = along }
        if let across { xOffsets[ip] = across }
    }
    /// `ip` has no earlier place to glide from: it follows the row before it.
    func follow(_ ip: ItemPath) { followers.insert(ip) }
    /// `ip` has a place of its own to glide from (or stays at its place).
    func unfollow(_ ip: ItemPath) { if !followers.isEmpty { followers.remove(ip) } }
    /// `ip` is drawn after the presented end of the row before it (it appears, or follows).
    func follows(_ ip: ItemPath) -> Bool { followers.contains(ip) || appear[ip] != nil }
    /// `ip` is drawn `across` from its place across (0: not displaced), easing to it.
    func glideAcross(_ ip: ItemPath, from across: Double) {
        xOffsets[ip] = across == 0 ? nil : Transition(from: across, to: 0, duration: Self.duration)
    }
    /// `ip` grows and fades in.
    func appearItem(_ ip: ItemPath) { appear[ip] = Transition(from: 0, to: 1, duration: Self.duration) }
    /// `ip` is drawn whole at once (its fade-in, if any, ends).
    func endAppearance(of ip: ItemPath) { appear[ip] = nil }
    /// Section `s`'s header and footer fade in.
    func appearSection(_ s: Int) { sectionAppear[s] = Transition(from: 0, to: 1, duration: Self.duration) }
    /// Section `s`'s header (or footer) is drawn `along` from its place, easing to it.
    func glideSectionView(_ s: Int, header: Bool, from along: Double) {
        let t = Transition(from: along, to: 0, duration: Self.duration)
        if header { headerOffsets[s] = t } else { footerOffsets[s] = t }
    }
    /// A deleted item's cell stays drawn while it collapses and fades.
    func addGhost(_ ghost: Ghost) { ghosts.append(ghost) }
    /// The ghosts' places move along by `delta` (the offset changed under them).
    func shiftGhosts(by delta: Double) {
        for i in ghosts.indices { ghosts[i].modelStart += delta }
    }
    /// A deleted section's header or footer fades out where it was drawn (`frame`, in
    /// viewport space).
    func fadeOut(_ view: TableViewHeaderFooterView, frame: Rect) {
        sectionGhosts.append((view, frame, Transition(from: 1, to: 0, duration: Self.duration)))
    }
    /// Items and section views start a new update from their places (what is drawn was
    /// captured before).
    func clearGlides() {
        offsets = [:]; xOffsets = [:]; headerOffsets = [:]; footerOffsets = [:]
    }
    /// No item glides along any more.
    func clearItemGlides() { offsets = [:] }
    /// `completion` runs when the animations end.
    func addCompletion(_ completion: @escaping (Bool) -> Void) { completions.append(completion) }

    // MARK: Advancing

    /// Advances every transition to `t`, dropping finished ones; hands back the ghosts'
    /// cells and the section views that finished fading, to recycle.
    func advance(to t: Double) -> (cells: [ReusableCell], sectionViews: [TableViewHeaderFooterView]) {
        func step<K>(_ d: inout [K: Transition]) {
            for (k, var tr) in d { tr.pin(at: t); d[k] = tr.isFinished(at: t) ? nil : tr }
        }
        step(&offsets); step(&xOffsets); step(&appear); step(&headerOffsets); step(&footerOffsets); step(&sectionAppear)
        var finished: [ReusableCell] = []
        var alive: [Ghost] = []
        for var g in ghosts {
            g.offset.pin(at: t); g.fade.pin(at: t)
            if g.fade.isFinished(at: t) { finished.append(g.cell) } else { alive.append(g) }
        }
        ghosts = alive
        var views = sectionGhosts
        for i in views.indices { views[i].fade.pin(at: t) }
        sectionGhosts = views.filter { !$0.fade.isFinished(at: t) }
        if !isRunning { followers = [] }
        return (finished, views.filter { $0.fade.isFinished(at: t) }.map(\.view))
    }

    /// The completions to run now that nothing runs (none while something does), handed over.
    func takeCompletionsIfDone() -> [(Bool) -> Void] {
        guard !isRunning else { return [] }
        defer { completions = [] }
        return completions
    }
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
