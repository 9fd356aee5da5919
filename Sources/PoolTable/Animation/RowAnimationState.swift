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
        var cell: TableViewCell
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
    var offsets: [IndexPath: Transition] = [:]
    /// Inserted / reloaded rows: 0 → 1 (alpha and height fraction).
    var appear: [IndexPath: Transition] = [:]
    var ghosts: [Ghost] = []
    var completions: [(Bool) -> Void] = []

    var isRunning: Bool { !offsets.isEmpty || !appear.isEmpty || !ghosts.isEmpty }
    var hasGhosts: Bool { !ghosts.isEmpty }
    var ghostSections: Set<Int> { Set(ghosts.map(\.section)) }

    func alpha(for ip: IndexPath, at now: Double?) -> Double { appear[ip]?.value(at: now) ?? 1 }
    func heightFraction(for ip: IndexPath, at now: Double?) -> Double { appear[ip]?.value(at: now) ?? 1 }
}

extension TableView {
    /// Where a mounted row is drawn now (its layout frame while nothing animates).
    func presentationFrame(of m: MountedRow) -> Rect {
        var f = m.cell.frame
        guard rowAnimations.isRunning else { return f }
        f.origin.y += presentationOffset(for: m.indexPath)
        f.size.height *= rowAnimations.heightFraction(for: m.indexPath, at: now)
        return f
    }

    /// The row's animated displacement; a row that mounted after the update takes that of
    /// the nearest animated row above it, so the list stays continuous.
    func presentationOffset(for ip: IndexPath) -> Double {
        if let t = rowAnimations.offsets[ip] { return t.value(at: now) }
        guard let i = mountedIndex(of: ip) else { return 0 }
        var k = i - 1
        while k >= 0 {
            if let t = rowAnimations.offsets[mounted[k].indexPath] { return t.value(at: now) }
            k -= 1
        }
        return 0
    }

    /// Draws the collapsing ghosts of deleted rows (of one section, or all).
    func drawGhosts(in canvas: Canvas, section: Int?) {
        for g in rowAnimations.ghosts where section == nil || g.section == section {
            let fade = g.fade.value(at: now)         // 1 → 0
            let h = g.collapses ? g.height * fade : g.height
            guard h > 0.01 else { continue }
            let y = g.modelY + g.offset.value(at: now)
            let f = rowFrame(y: y, height: h)
            canvas.save()
            canvas.translate(x: f.minX, y: f.minY)
            canvas.clip(to: Rect(x: 0, y: 0, width: f.width, height: f.height))
            canvas.multiplyAlpha(fade)
            g.cell.draw(in: canvas, bounds: Rect(x: 0, y: 0, width: f.width, height: g.height))
            canvas.restore()
        }
    }

    /// Advances row animations; finished ghosts go back to the pool and completions run.
    func advanceRowAnimations(to t: Double) -> Bool {
        guard rowAnimations.isRunning || !rowAnimations.completions.isEmpty else { return false }
        for (ip, var tr) in rowAnimations.offsets { tr.pin(at: t); rowAnimations.offsets[ip] = tr.isFinished(at: t) ? nil : tr }
        for (ip, var tr) in rowAnimations.appear { tr.pin(at: t); rowAnimations.appear[ip] = tr.isFinished(at: t) ? nil : tr }
        var alive: [RowAnimationState.Ghost] = []
        for var g in rowAnimations.ghosts {
            g.offset.pin(at: t); g.fade.pin(at: t)
            if g.fade.isFinished(at: t) {
                g.cell.isHidden = true
                pool.enqueue(g.cell)
            } else {
                alive.append(g)
            }
        }
        rowAnimations.ghosts = alive
        if !rowAnimations.isRunning {
            let done = rowAnimations.completions
            rowAnimations.completions = []
            for c in done { c(true) }
        }
        return true
    }
}
