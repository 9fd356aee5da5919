/// What a movement by hand draws (Movement/): the others displaced while they make room
/// (gliding), section headers moved with the rows between, and the lifted item itself,
/// on top of everything with its shadow.

/// The movement as `fillPresentedFrames` lays it over the row animations: where the lifted
/// item is drawn, computed once per pass.
struct MovementLayer {
    let movement: InteractiveMovement
    let gliding: Bool
    @MainActor init(_ m: InteractiveMovement) {
        movement = m
        gliding = !m.glides.isEmpty
    }
}

extension ListBase {
    /// Moves a mounted item's drawn `start` (along) and `across` shift for the movement: the
    /// moving item to the target, the others to their place (or glide) as they make room.
    func displace(_ entry: MountedItems.Entry, frame: Rect, start: inout Double, across: inout Double, by layer: MovementLayer) {
        let axis = viewport.axis
        let m = layer.movement
        if entry.cell === m.cell {
            let lifted = movingFrame(m)
            start = axis.start(of: lifted)
            across += axis.acrossStart(of: lifted) - axis.acrossStart(of: frame)
        } else {
            let d = layer.gliding ? displacement(of: entry.indexPath, in: m) : staticDisplacement(of: entry.indexPath, in: m)
            start += d.along
            across += d.across
        }
    }

    /// Where `ip` (not the moving item) is drawn relative to its layout place: its glide's
    /// value, else its place for the current destination.
    func displacement(of ip: ItemPath, in m: InteractiveMovement) -> (along: Double, across: Double) {
        if let g = m.glides[ip] { return (g.along.value(at: now), g.across.value(at: now)) }
        return staticDisplacement(of: ip, in: m)
    }

    /// -1: the item moves back a place (the moving one passed it going on); +1: on a place; 0: stays.
    private func shift(of ip: ItemPath, in m: InteractiveMovement) -> Int {
        let s = m.source, d = m.destination
        guard ip != s, d != s else { return 0 }
        if d > s {
            if d.section == s.section { return ip > s && ip.section == s.section && ip.row <= d.row ? -1 : 0 }
            return ip > s && ip < d ? -1 : 0
        }
        return ip >= d && ip < s ? 1 : 0
    }

    /// The displacement of `ip` once the others have made room for the current destination:
    /// one moving item's length along in a list; a neighbour's place in a grid.
    func staticDisplacement(of ip: ItemPath, in m: InteractiveMovement) -> (along: Double, across: Double) {
        let k = shift(of: ip, in: m)
        guard k != 0 else { return (0, 0) }
        let axis = viewport.axis
        if !m.isGrid { return (Double(k) * axis.length(of: m.home.size), 0) }
        guard let n = k < 0 ? geometry.item(before: ip) : geometry.item(after: ip) else { return (0, 0) }
        let from = geometry.itemFrame(ip), to = geometry.itemFrame(n)
        return (axis.start(of: to) - axis.start(of: from), axis.acrossStart(of: to) - axis.acrossStart(of: from))
    }

    /// How far a section's header (or footer) is drawn from its place while a list's row
    /// moves across sections (the rows between move a place, and the headers with them).
    func sectionDisplacement(_ section: Int, header: Bool) -> Double {
        guard let m = movement.state, !m.isGrid else { return 0 }
        let s = m.source.section, d = m.destination.section
        let pitch = viewport.axis.length(of: m.home.size)
        if d > s { return (header ? section > s && section <= d : section >= s && section < d) ? -pitch : 0 }
        if d < s { return (header ? section > d && section <= s : section >= d && section < s) ? pitch : 0 }
        return 0
    }

    /// Where the moving item is drawn: centred on the target (along only, in a list).
    func movingFrame(_ m: InteractiveMovement) -> Rect {
        let axis = viewport.axis
        let length = axis.length(of: m.home.size)
        if !m.isGrid { return axis.with(m.home, start: axis.along(m.target) - length / 2, length: length) }
        return Rect(x: m.target.x - m.home.width / 2, y: m.target.y - m.home.height / 2, width: m.home.width, height: m.home.height)
    }

    /// Advances the others' glides; true while any runs.
    func advanceMovement(to t: Double) -> Bool {
        guard var m = movement.state, !m.glides.isEmpty else { return false }
        movement.state = nil              // `m` alone holds the glides: updated in place, not copied
        defer { movement.state = m }
        m.glides.advance(to: t)    // finished glides rest at their item's place (`staticDisplacement`)
        return true
    }

    var isMovementGliding: Bool { !(movement.state?.glides.isEmpty ?? true) }

    /// Whether what is drawn differs from the layout (row animations or a movement).
    var isPresentationDisplaced: Bool { rowAnimations.isRunning || movement.state != nil }

    /// Draws the moving item on top of everything, lifted: its shadow, one cached unit (a
    /// retaining canvas records it once per size and theme and then only re-positions it),
    /// then its cell on the view's item backdrop (the cell's content is its own cached unit,
    /// so only the cell's edges are drawn again as it moves).
    func drawMovingItem(in canvas: Canvas) {
        guard let m = movement.state else { return }
        let f = movingFrame(m)
        let spread = LiftShadowKey.spread
        canvas.save()
        canvas.translate(x: f.minX - spread, y: f.minY - spread + LiftShadowKey.drop)
        let size = Size(width: f.width + 2 * spread, height: f.height + 2 * spread)
        canvas.drawCached(key: ObjectIdentifier(movement.shadowKey), version: 0, size: size) { canvas in
            LiftShadowKey.draw(in: canvas, size: size)
        }
        canvas.restore()
        canvas.save()
        canvas.translate(x: f.minX, y: f.minY)
        canvas.clip(to: Rect(x: 0, y: 0, width: f.width, height: f.height))
        m.cell.advanceContentAnimation(to: now)
        // Over other rows, the item is drawn on what the view paints under every item (its
        // own ground, not the rows beneath showing through a cell that leaves parts
        // unpainted, as a photo's caption does); a cell of that colour need not paint it again.
        let bounds = Rect(x: 0, y: 0, width: f.width, height: f.height)
        let backdrop = presentation.itemBackdrop(canvas.theme)
        if let backdrop { canvas.fill(bounds, color: backdrop) }
        m.cell.backdrop = backdrop.flatMap { $0.alpha < 1 ? nil : $0 }
        m.cell.draw(in: canvas, bounds: bounds)
        m.cell.backdrop = nil
        canvas.restore()
    }
}
