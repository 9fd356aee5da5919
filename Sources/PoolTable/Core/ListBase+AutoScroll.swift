/// Auto-scroll at the viewport's edges, for a drag-select's pointer or an item moved by hand.
extension ListBase {
    /// A viewport point's along (from the content's viewport start, below a leading inset)
    /// and across coordinates.
    func axis(_ p: Point) -> (along: Double, across: Double) {
        (viewport.axis.along(p) - viewport.leadingInset, viewport.axis.across(p) + viewport.acrossOffset)
    }

    /// Sets the auto-scroll velocity for a pointer (or a moving item's centre) at viewport
    /// point `p`: a drag-select's, or a movement's (`moving`).
    func updateAutoScroll(for p: Point, moving: Bool = false) {
        let length = viewport.length, at = axis(p).along
        let edge = min(Self.autoScrollEdge, length / 4)
        var v = 0.0
        if at < edge {
            let depth = min(1, (edge - at) / edge)
            v = -Self.autoScrollMaxSpeed * depth * depth
        } else if at > length - edge {
            let depth = min(1, (at - (length - edge)) / edge)
            v = Self.autoScrollMaxSpeed * depth * depth
        }
        if interaction.setAutoScrollVelocity(v) { host?.tableViewNeedsAnimationTicks(self) }
    }

    /// Moves the viewport while a drag-select holds the pointer in an edge zone, and keeps
    /// extending the range under the (still) pointer.
    ///
    /// While a row is moved by hand its target moves with the content (the pointer stays).
    func advanceAutoScroll(to t: Double) -> Bool {
        guard interaction.autoScrollVelocity != 0, interaction.drag != nil || movement.state != nil else { return false }
        let dt = interaction.autoScrollTick(at: t)
        guard dt > 0 else { return true }
        let before = offset
        var velocity = interaction.autoScrollVelocity
        if interaction.drag == nil {
            // A row moved by hand speeds up the longer it is held at the edge, so it can
            // cross a long list (a million rows) in minutes, not hours.
            let held = interaction.holdAutoScroll(for: dt)
            velocity *= min(Self.movementAutoScrollMaxBoost, 1 + held * held)
        }
        setOffset(offset + velocity * dt, reason: .engine)
        if let drag = interaction.drag {
            extendDrag(to: drag.pointer)
        } else if let m = movement.state, m.pointer == nil, offset != before {
            let axis = viewport.axis
            moveTarget(to: axis.point(along: axis.along(m.target) + offset - before, across: axis.across(m.target)))
        }
        return true
    }
}
