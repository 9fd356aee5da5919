/// Presentation state of batch-update animations. The layout (model) moves at once; what is
/// drawn catches up: every row that was mounted keeps its old on-screen position as an
/// offset that eases to zero ("rows below glide"); inserted and reloaded rows grow and fade
/// in; deleted rows stay as ghosts that collapse and fade out. A second update mid-way
/// starts from where things are drawn, so animations retarget without jumps.
@MainActor
struct RowAnimationState {
    static let duration = 0.3

    /// A deleted row still being drawn while it collapses.
    struct Ghost {
        var cell: ReusableCell
        /// The cell's frame when it was deleted (its across placement: x and width).
        var frame: Rect
        var section: Int
        /// Where the ghost sits in the new layout (the top of the row that followed it).
        var modelY: Double
        var height: Double
        var offset: Transition
        var fade: Transition
        /// Deleted rows collapse; a reloaded row's old cell keeps its height and only fades
        /// (a cross-fade with the new cell fading in beneath).
        var collapses = true
    }

    /// Screen-space displacement of rows, easing to zero, by new index path.
    var offsets: [ItemPath: Transition] = [:]
    /// Across displacement of grid items that change column, easing to zero.
    var xOffsets: [ItemPath: Transition] = [:]
    /// Inserted / reloaded rows: 0 → 1 (alpha and height fraction).
    var appear: [ItemPath: Transition] = [:]
    var ghosts: [Ghost] = []
    /// Section headers and footers glide like rows (screen-space offsets by new section);
    /// those of inserted sections fade in.
    var headerOffsets: [Int: Transition] = [:]
    var footerOffsets: [Int: Transition] = [:]
    var sectionAppear: [Int: Transition] = [:]
    /// Headers and footers of deleted sections, fading out where they were drawn.
    var sectionGhosts: [(view: TableViewHeaderFooterView, frame: Rect, fade: Transition)] = []
    var completions: [(Bool) -> Void] = []

    var isRunning: Bool {
        !offsets.isEmpty || !xOffsets.isEmpty || !appear.isEmpty || !ghosts.isEmpty || !headerOffsets.isEmpty || !footerOffsets.isEmpty
            || !sectionAppear.isEmpty || !sectionGhosts.isEmpty
    }

    /// A later batch update moves the rows and sections still appearing (their fade-ins
    /// follow them; those of rows it deletes end).
    mutating func remapAppearances(_ mapping: UpdateMapping) {
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
    func heightFraction(for ip: ItemPath, at now: Double?) -> Double { appear[ip]?.value(at: now) ?? 1 }
}

extension ListBase {
    /// Where the mounted item in slot `k` is drawn now (its layout frame while nothing animates).
    func presentationFrame(ofSlot k: Int) -> Rect {
        var f = items[k].cell.frame
        guard rowAnimations.isRunning else { return f }
        let (top, height) = presentedExtents()[k]
        f.origin.y = top
        f.size.height = height
        f.origin.x += rowAnimations.xOffsets[items[k].indexPath]?.value(at: now) ?? 0
        return f
    }

    /// The drawn top and height of every mounted row, in one running pass: a row that was
    /// on screen before the update is where its own transition puts it; an inserted row, or
    /// one that mounted since, follows the presented bottom of the row above it (keeping
    /// the layout's gap, e.g. a header), so consecutive rows stay stacked while they grow.
    func presentedExtents() -> [(top: Double, height: Double)] {
        var out: [(top: Double, height: Double)] = []
        out.reserveCapacity(items.count)
        var cursor: Double?
        var previousModelBottom = 0.0
        for m in items.entries {
            let f = m.cell.frame
            let height = f.height * rowAnimations.heightFraction(for: m.indexPath, at: now)
            let top: Double
            if let t = rowAnimations.offsets[m.indexPath] {
                top = f.minY + t.value(at: now)
            } else if let cursor {
                top = cursor + (f.minY - previousModelBottom)
            } else {
                top = f.minY
            }
            out.append((top, height))
            cursor = top + height
            previousModelBottom = f.maxY
        }
        return out
    }

    /// Where a mounted header or footer is drawn now: its layout place plus its animated
    /// offset (a floating header stays pinned to the top).
    func presentationFrame(of view: TableViewHeaderFooterView) -> Rect {
        var f = view.frame
        guard rowAnimations.isRunning, let s = view.section, !view.isFloating else { return f }
        let offsets = view.kind == .header ? rowAnimations.headerOffsets : rowAnimations.footerOffsets
        if let t = offsets[s] { f.origin.y += t.value(at: now) }
        return f
    }

    /// Where each ghost is drawn: at its old place, except that ghosts of rows that were
    /// adjacent collapse as a stack (each follows the shrinking one above it).
    func ghostExtents() -> [(ghost: RowAnimationState.Ghost, top: Double, height: Double)] {
        let ghosts = rowAnimations.ghosts.sorted { $0.modelY < $1.modelY }
        var out: [(ghost: RowAnimationState.Ghost, top: Double, height: Double)] = []
        var previous: (modelBottom: Double, drawnBottom: Double)?
        for g in ghosts {
            let fade = g.fade.value(at: now)                 // 1 → 0
            let height = g.collapses ? g.height * fade : g.height
            var top = g.modelY + g.offset.value(at: now)
            if let previous, abs(previous.modelBottom - g.modelY) < 0.5 { top = previous.drawnBottom }
            out.append((g, top, height))
            previous = (g.modelY + g.height, top + height)
        }
        return out
    }

    /// Draws the collapsing ghosts of deleted rows (of one section, or all), beneath the
    /// live rows gliding over their place.
    func drawGhosts(in canvas: Canvas, section: Int?) {
        for (g, top, h) in ghostExtents() where section == nil || g.section == section {
            guard h > 0.01 else { continue }
            let f = Rect(x: g.frame.minX, y: top, width: g.frame.width, height: h)
            canvas.save()
            canvas.translate(x: f.minX, y: f.minY)
            canvas.clip(to: Rect(x: 0, y: 0, width: f.width, height: f.height))
            canvas.multiplyAlpha(g.fade.value(at: now))
            g.cell.draw(in: canvas, bounds: Rect(x: 0, y: 0, width: f.width, height: g.height))
            canvas.restore()
        }
    }

    /// Advances row animations; finished ghosts go back to the pool and completions run.
    func advanceRowAnimations(to t: Double) -> Bool {
        guard rowAnimations.isRunning || !rowAnimations.completions.isEmpty else { return false }
        for (ip, var tr) in rowAnimations.offsets { tr.pin(at: t); rowAnimations.offsets[ip] = tr.isFinished(at: t) ? nil : tr }
        for (ip, var tr) in rowAnimations.xOffsets { tr.pin(at: t); rowAnimations.xOffsets[ip] = tr.isFinished(at: t) ? nil : tr }
        for (ip, var tr) in rowAnimations.appear { tr.pin(at: t); rowAnimations.appear[ip] = tr.isFinished(at: t) ? nil : tr }
        for (s, var tr) in rowAnimations.headerOffsets { tr.pin(at: t); rowAnimations.headerOffsets[s] = tr.isFinished(at: t) ? nil : tr }
        for (s, var tr) in rowAnimations.footerOffsets { tr.pin(at: t); rowAnimations.footerOffsets[s] = tr.isFinished(at: t) ? nil : tr }
        for (s, var tr) in rowAnimations.sectionAppear { tr.pin(at: t); rowAnimations.sectionAppear[s] = tr.isFinished(at: t) ? nil : tr }
        var alive: [RowAnimationState.Ghost] = []
        for var g in rowAnimations.ghosts {
            g.offset.pin(at: t); g.fade.pin(at: t)
            if g.fade.isFinished(at: t) {
                items.recycle(g.cell, from: nil)
            } else {
                alive.append(g)
            }
        }
        rowAnimations.ghosts = alive
        var sectionGhosts = rowAnimations.sectionGhosts
        for i in sectionGhosts.indices { sectionGhosts[i].fade.pin(at: t) }
        for g in sectionGhosts where g.fade.isFinished(at: t) { items.recycleSectionView(g.view) }
        rowAnimations.sectionGhosts = sectionGhosts.filter { !$0.fade.isFinished(at: t) }
        if !rowAnimations.isRunning {
            let done = rowAnimations.completions
            rowAnimations.completions = []
            for c in done { c(true) }
        }
        return true
    }
}
