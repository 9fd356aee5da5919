/// What batch-update animations draw (the state is `RowAnimationState`): every mounted
/// item's presented frame, headers and footers gliding, the collapsing ghosts of deleted
/// items, and the animations' advance on each tick.

extension ListBase {
    /// Where the mounted item in slot `k` is drawn now (its layout frame while nothing animates).
    func presentationFrame(ofSlot k: Int) -> Rect {
        let f = items[k].cell.layoutFrame
        guard isPresentationDisplaced else { return f }
        return presentedFrames()[k]
    }

    /// `presentationFrame(ofSlot:)` of every slot, in one running pass (asking slot by slot
    /// while something animates redoes the pass for each: O(mounted²), a cost every batch
    /// update paid during a row animation).
    func presentationFramesOfSlots() -> [Rect] {
        isPresentationDisplaced ? presentedFrames() : items.indices.map { items[$0].cell.layoutFrame }
    }

    /// The drawn start and length (along) of every mounted item; see `presentedFrames()`.
    func presentedExtents() -> [(start: Double, length: Double)] {
        let axis = viewport.axis
        return presentedFrames().map { (axis.start(of: $0), axis.length(of: $0)) }
    }

    /// The drawn frame of every mounted item, in one running pass: an item that was on
    /// screen before the update is where its own transition puts it; an inserted item, or
    /// one that mounted since, follows the presented end of the item before it (keeping the
    /// layout's gap, e.g. a header), so consecutive items stay stacked while they grow; a
    /// grid item changing column is shifted across; during a movement by hand the moving
    /// item is where the target is and the others are displaced (gliding).
    func presentedFrames() -> [Rect] {
        var out: [Rect] = []
        fillPresentedFrames(&out, visibleOnly: false)
        return out
    }

    /// `presentedFrames()` into `out` (its storage reused). With `visibleOnly` (no row
    /// animation runs, so no running pass is needed) only the visible slots are computed,
    /// the others keep their layout frames: what `render` draws.
    func fillPresentedFrames(_ out: inout [Rect], visibleOnly: Bool) {
        out.removeAll(keepingCapacity: true)
        let entries = items.entries
        out.reserveCapacity(entries.count)
        let axis = viewport.axis
        let animating = rowAnimations.isRunning
        let span = visibleOnly && !animating ? items.visibleSpan : entries.indices
        var cursor: Double?
        var previousModelEnd = 0.0
        /// Where row animations put slot `k` (its layout place when none runs).
        func animated(_ k: Int) -> (frame: Rect, start: Double, length: Double, across: Double) {
            let m = entries[k]
            let f = m.cell.layoutFrame
            var start = axis.start(of: f), length = axis.length(of: f), across = 0.0
            guard animating else { return (f, start, length, across) }
            let end = axis.end(of: f)
            length *= rowAnimations.lengthFraction(for: m.indexPath, at: now)
            if let t = rowAnimations.offsets[m.indexPath] {
                start += t.value(at: now)
            } else if let cursor, rowAnimations.follows(m.indexPath) {
                start = cursor + (start - previousModelEnd)
            }
            cursor = start + length
            previousModelEnd = end
            if !rowAnimations.xOffsets.isEmpty { across = rowAnimations.xOffsets[m.indexPath]?.value(at: now) ?? 0 }
            return (f, start, length, across)
        }
        func frame(_ f: Rect, _ start: Double, _ length: Double, _ across: Double) -> Rect {
            let r = axis.with(f, start: start, length: length)
            return across == 0 ? r : axis.rect(along: start, length: length, across: axis.acrossStart(of: r) + across, breadth: axis.breadth(of: r))
        }
        // A movement by hand: the moving item where the target is, the others displaced
        // (Movement/ListBase+MovementDrawing).
        let lifting = movement.state.map(MovementLayer.init)
        for k in entries.indices {
            guard span.contains(k) else { out.append(entries[k].cell.layoutFrame); continue }
            var a = animated(k)
            if let lifting { displace(entries[k], frame: a.frame, start: &a.start, across: &a.across, by: lifting) }
            out.append(frame(a.frame, a.start, a.length, a.across))
        }
    }

    /// Where a mounted header or footer is drawn now: its layout place plus its animated
    /// offset (a floating header stays pinned to the start).
    func presentationFrame(of view: TableViewHeaderFooterView) -> Rect {
        let f = view.frame
        guard isPresentationDisplaced, let s = view.section, !view.isFloating else { return f }
        let offsets = view.kind == .header ? rowAnimations.headerOffsets : rowAnimations.footerOffsets
        let moved = movement.state == nil ? 0 : sectionDisplacement(s, header: view.kind == .header)
        guard let t = offsets[s] else { return moved == 0 ? f : viewport.axis.offset(f, by: moved) }
        return viewport.axis.offset(f, by: t.value(at: now) + moved)
    }

    /// Where each ghost is drawn: at its old place, except that ghosts of items that were
    /// adjacent collapse as a stack (each follows the shrinking one before it).
    func ghostExtents() -> [(ghost: RowAnimationState.Ghost, start: Double, length: Double)] {
        let ghosts = rowAnimations.ghosts.sorted { $0.modelStart < $1.modelStart }
        var out: [(ghost: RowAnimationState.Ghost, start: Double, length: Double)] = []
        var previous: (modelEnd: Double, drawnEnd: Double)?
        for g in ghosts {
            let fade = g.fade.value(at: now)                 // 1 → 0
            let length = g.collapses ? g.length * fade : g.length
            var start = g.modelStart + g.offset.value(at: now)
            if let previous, abs(previous.modelEnd - g.modelStart) < 0.5 { start = previous.drawnEnd }
            out.append((g, start, length))
            previous = (g.modelStart + g.length, start + length)
        }
        return out
    }

    /// Draws the collapsing ghosts of deleted items (of one section, or all), beneath the
    /// live items gliding over their place.
    func drawGhosts(in canvas: Canvas, section: Int?) {
        let axis = viewport.axis
        for (g, start, length) in ghostExtents() where section == nil || g.section == section {
            guard length > 0.01 else { continue }
            let f = axis.with(g.frame, start: start, length: length)
            let full = axis.with(g.frame, start: start, length: g.length)
            canvas.save()
            canvas.translate(x: f.minX, y: f.minY)
            canvas.clip(to: Rect(x: 0, y: 0, width: f.width, height: f.height))
            canvas.multiplyAlpha(g.fade.value(at: now))
            g.cell.draw(in: canvas, bounds: Rect(x: 0, y: 0, width: full.width, height: full.height))
            canvas.restore()
        }
    }
    /// Advances row animations; finished ghosts go back to the pool and completions run.
    func advanceRowAnimations(to t: Double) -> Bool {
        guard rowAnimations.isRunning || !rowAnimations.completions.isEmpty else { return false }
        let finished = rowAnimations.advance(to: t)
        for cell in finished.cells { items.recycle(cell, from: nil) }
        for view in finished.sectionViews { items.recycleSectionView(view) }
        for c in rowAnimations.takeCompletionsIfDone() { c(true) }
        return true
    }
}
