/// Moving rows and items by hand (issue 23; UIKit's reorder control and
/// `UICollectionView`'s interactive movement). While a movement runs the layout keeps the
/// data source's order: the moving item's cell is drawn where the target position puts it,
/// the items between its place and the proposed destination are drawn displaced by one
/// place (gliding with the row animations' duration), and batch updates are refused. `end`
/// calls the data source's move once and then applies it as an animated batch move, in
/// which every cell keeps its item: the moving one included (it is never re-bound).
extension ListBase {
    // MARK: Public API (the subclasses name `begin` as UIKit does)

    /// True while a row or item is being moved by hand (between `beginInteractiveMovement…`
    /// and `endInteractiveMovement()` / `cancelInteractiveMovement()`).
    public var isMovingInteractively: Bool { tracked.movement != nil }

    /// True while the pointer holds a movable row's grip in edit mode (or has lifted an item
    /// with a long press): its drag moves the row. A touch host claims such a press.
    public var isPressingReorderControl: Bool { interaction.press?.onGrip == true }

    /// The row or item being moved by hand, where it is in the data source; nil when none is.
    public var interactiveMovementSource: IndexPath? { tracked.movement?.source.indexPath }

    /// Where the row or item being moved would go now (in the order after the move,
    /// retargeted by the delegate); nil when none is moving.
    public var interactiveMovementDestination: IndexPath? { tracked.movement?.destination.indexPath }

    /// The place the moving row or item would drop into now (the gap the others made), in
    /// content coordinates; nil when none is moving.
    public var interactiveMovementPlace: Rect? {
        guard let m = tracked.movement, m.claim == m.source else { return nil }
        let s = m.source, d = m.destination
        let axis = viewport.axis
        let pitch = axis.length(of: m.home.size)
        if d == s { return m.home }
        let n = geometry.numberOfItems(in: d.section)
        if d.row < n && (d > s ? d.section == s.section : true) { return geometry.itemFrame(d) }
        if d.row < n { return axis.offset(geometry.itemFrame(d), by: -pitch) }          // into a later section, before `d`
        if n > 0 {                                                                        // after a section's last item
            let last = geometry.itemFrame(ItemPath(row: n - 1, section: d.section))
            return d > s ? last : axis.offset(last, by: pitch)
        }
        return axis.rect(along: geometry.itemsStart(ofSection: d.section), length: pitch, across: axis.acrossStart(of: m.home), breadth: axis.breadth(of: m.home))
    }

    /// Where the moving row or item is drawn, in content coordinates; nil when none is moving.
    @_spi(Diagnostics) public var interactiveMovementFrame: Rect? { tracked.movement.map(movingFrame) }

    /// Moves the moving row (or item) so that its centre is at `targetPosition` (content
    /// coordinates): the others make room around the destination it proposes, and the view
    /// auto-scrolls while it is near the viewport's start or end. Ignored when nothing moves.
    public func updateInteractiveMovementTargetPosition(_ targetPosition: Point) {
        defer { checkInvariantsAfterMutation() }
        guard tracked.movement != nil, targetPosition.x.isFinite, targetPosition.y.isFinite else { return }
        moveTarget(to: targetPosition)
        updateAutoScroll(for: viewportPoint(ofContent: targetPosition), moving: true)
    }

    /// Ends the movement: calls the data source's `moveRowAt` / `moveItemAt` exactly once with
    /// the final destination (none when it is the item's own place), and shows the new order
    /// with the same cell still showing the moved item. Ignored when nothing moves.
    public func endInteractiveMovement() {
        defer { checkInvariantsAfterMutation() }
        guard let m = tracked.movement else { return }
        stopMovementAutoScroll()
        guard m.destination != m.source, geometry.contains(m.source) else { settleMovement(); return }
        commitMovement(m)
    }

    /// Cancels the movement: everything glides back to its place and nothing is called.
    public func cancelInteractiveMovement() {
        defer { checkInvariantsAfterMutation() }
        guard tracked.movement != nil else { return }
        stopMovementAutoScroll()
        settleMovement()
    }

    // MARK: Beginning

    /// Begins moving `ip` by hand; false (and nothing changes) when the data source says it
    /// cannot move, a movement already runs, or a batch update is open.
    func beginMovement(at ip: ItemPath) -> Bool {
        defer { checkInvariantsAfterMutation() }
        layoutIfNeeded()
        guard tracked.movement == nil, !openBatch.isOpen, geometry.contains(ip), dataAdapter.canMove(ip) else { return false }
        let cell: ReusableCell
        if let k = mountedIndex(of: ip) {
            cell = items[k].cell
        } else {
            // Off the band (moved by code): its cell is bound once, and set aside.
            cell = bind(ip)
            cell.frame = geometry.itemFrame(ip)
            items.setAside(cell)
        }
        let home = geometry.itemFrame(ip)
        let isGrid = geometry.item(from: ip, across: 1) != nil || geometry.item(from: ip, across: -1) != nil
        tracked.movement = InteractiveMovement(source: ip, destination: ip, target: Point(x: home.midX, y: home.midY),
                                               cell: cell, home: home, isGrid: isGrid, claim: ip)
        items.retained = cell
        setNeedsDisplay()
        return true
    }

    // MARK: Following the target

    /// The target moved (by the caller, the pointer or auto-scroll): a new proposal, and the
    /// others glide to make room when it changes.
    func moveTarget(to p: Point) {
        tracked.movement?.target = p
        guard let m = tracked.movement else { return }
        let proposed = proposedDestination(for: p, m)
        var destination = dataAdapter.target(forMoveFrom: m.source, proposed: proposed)
        if !isValidDestination(destination, from: m.source) {
            warn("move-target", "targetIndexPathForMove returned \(destination), which is out of range; using \(proposed)")
            destination = proposed
        }
        if destination != m.destination { retarget(to: destination) }
        setNeedsDisplay()
    }

    /// Whether `d` is a place the item at `source` can go (in the order after the move).
    func isValidDestination(_ d: ItemPath, from source: ItemPath) -> Bool {
        guard d.section >= 0, d.section < geometry.numberOfSections, d.row >= 0 else { return false }
        let n = geometry.numberOfItems(in: d.section)
        return d.row <= (d.section == source.section ? n - 1 : n)
    }

    /// The destination the moving item's centre at `p` proposes: the place of the item under
    /// it (the nearest in reading order over gaps and headers; an empty section's first).
    private func proposedDestination(for p: Point, _ m: InteractiveMovement) -> ItemPath {
        let axis = viewport.axis
        let along = axis.along(p).clamped(0, max(0, geometry.contentLength - 0.5))
        let across = axis.across(p).clamped(0, max(0, viewport.breadth - 0.5))
        let point = axis.point(along: along, across: across)
        if let s = geometry.section(atOffset: along), geometry.numberOfItems(in: s) == 0, s != m.source.section {
            return ItemPath(row: 0, section: s)
        }
        guard let h = geometry.indexPath(at: point) ?? geometry.itemForDrag(at: point), h != m.source else { return m.source }
        if h > m.source {
            // Moving on: the items up to `h` move back a place; in another section the item
            // under the target keeps its index and the moving one goes after it.
            return h.section == m.source.section ? h : ItemPath(row: h.row + 1, section: h.section)
        }
        return h
    }

    /// Starts the others' glides from where they are drawn to their places for `destination`:
    /// only the items whose place changes (those between the old and the new destination)
    /// get a new glide; one still gliding to a place that stays goes on undisturbed.
    private func retarget(to destination: ItemPath) {
        guard var m = tracked.movement else { return }
        tracked.movement = nil              // `m` alone holds the glides: updated in place, not copied
        defer { tracked.movement = m }
        let old = m.destination
        let d = RowAnimationState.duration
        var started = false
        // Only the items between the old and the new destination change place.
        let entries = items.entries
        let lo = min(old, destination), hi = max(old, destination)
        var first = 0, last = entries.count
        while first < last {
            let mid = (first + last) / 2
            if entries[mid].indexPath < lo { first = mid + 1 } else { last = mid }
        }
        for e in entries[first...].prefix(while: { $0.indexPath <= hi }) where e.cell !== m.cell {
            let ip = e.indexPath
            m.destination = old
            let before = staticDisplacement(of: ip, in: m)
            m.destination = destination
            let after = staticDisplacement(of: ip, in: m)
            guard before != after else { continue }
            let was = m.glides[ip].map { (along: $0.along.value(at: now), across: $0.across.value(at: now)) } ?? before
            m.glides[ip] = (Transition(from: was.along, to: after.along, duration: d), Transition(from: was.across, to: after.across, duration: d))
            started = true
        }
        m.destination = destination
        if started { host?.tableViewNeedsAnimationTicks(self) }
    }

    // MARK: Displacement (what is drawn)

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
        guard let m = tracked.movement, !m.isGrid else { return 0 }
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
        guard var m = tracked.movement, !m.glides.isEmpty else { return false }
        tracked.movement = nil              // `m` alone holds the glides: updated in place, not copied
        defer { tracked.movement = m }
        m.glides.advance(to: t)    // finished glides rest at their item's place (`staticDisplacement`)
        return true
    }

    var isMovementGliding: Bool { !(tracked.movement?.glides.isEmpty ?? true) }

    /// Whether what is drawn differs from the layout (row animations or a movement).
    var isPresentationDisplaced: Bool { rowAnimations.isRunning || tracked.movement != nil }

    /// Draws the moving item on top of everything, lifted: its shadow, one cached unit (a
    /// retaining canvas records it once per size and theme and then only re-positions it),
    /// then its cell on the view's item backdrop (the cell's content is its own cached unit,
    /// so only the cell's edges are drawn again as it moves).
    func drawMovingItem(in canvas: Canvas) {
        guard let m = tracked.movement else { return }
        let f = movingFrame(m)
        let spread = LiftShadowKey.spread
        canvas.save()
        canvas.translate(x: f.minX - spread, y: f.minY - spread + LiftShadowKey.drop)
        let size = Size(width: f.width + 2 * spread, height: f.height + 2 * spread)
        canvas.drawCached(key: ObjectIdentifier(liftShadowKey), version: 0, size: size) { canvas in
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

    // MARK: Ending

    /// The moving item's own cell for `ip` when it comes back on the band (nil otherwise).
    func claimMovingCell(for ip: ItemPath) -> ReusableCell? {
        guard let m = tracked.movement, m.claim == ip, m.cell.mountedIndexPath == nil else { return nil }
        items.remount(m.cell, at: ip)
        applyState(to: m.cell, at: ip, animated: false)
        return m.cell
    }

    /// The data source moves the item, then the view applies the move as an animated batch
    /// move from where everything is drawn (the viewport stays: the others already made room).
    private func commitMovement(_ m: InteractiveMovement) {
        let oldOffset = offset
        let axis = viewport.axis
        let lifted = movingFrame(m)
        dataAdapter.move(m.source, to: m.destination)
        var p = PendingUpdates()
        p.moveRow(m.source, m.destination)
        let mapping: UpdateMapping
        do {
            mapping = try validate(p)
        } catch {
            Self.logger.error("moveRowAt \(m.source) → \(m.destination): the data source's counts do not agree (\(error)); reloading")
            abortMovement()
            reloadData()
            return
        }
        tracked.movement?.claim = m.destination
        apply(p, mapping: mapping, keepsAnchor: false)
        tracked.movement = nil
        items.retained = nil
        if m.cell.mountedIndexPath == nil {
            items.recycle(m.cell, from: nil)          // its new place is off the band
        } else if let k = items.index(of: m.cell) {
            // It glides from where it was lifted to its new place.
            let f = items[k].cell.frame
            let was = axis.start(of: lifted) - oldOffset, now = axis.start(of: f) - offset
            rowAnimations.appear[m.destination] = nil
            rowAnimations.offsets[m.destination] = Transition(from: was - now, to: 0, duration: RowAnimationState.duration)
            let across = axis.acrossStart(of: lifted) - axis.acrossStart(of: f)
            rowAnimations.xOffsets[m.destination] = across == 0 ? nil : Transition(from: across, to: 0, duration: RowAnimationState.duration)
            host?.tableViewNeedsAnimationTicks(self)
        }
        setNeedsDisplay()
    }

    /// Ends the movement without a move: every mounted item glides from where it is drawn to
    /// its place (the moving one included), and a set-aside cell goes back to the pool.
    private func settleMovement() {
        guard let m = tracked.movement else { return }
        let axis = viewport.axis
        let drawn = items.indices.map { presentationFrame(ofSlot: $0) }
        tracked.movement = nil
        items.retained = nil
        if m.cell.mountedIndexPath == nil { items.recycle(m.cell, from: nil) }
        let d = RowAnimationState.duration
        var moved = false
        for k in items.indices {
            let ip = items[k].indexPath, f = items[k].cell.frame
            let along = axis.start(of: drawn[k]) - axis.start(of: f), across = axis.acrossStart(of: drawn[k]) - axis.acrossStart(of: f)
            if along != 0 || across != 0 { moved = true }
            rowAnimations.offsets[ip] = Transition(from: along, to: 0, duration: d)
            rowAnimations.xOffsets[ip] = across == 0 ? nil : Transition(from: across, to: 0, duration: d)
        }
        if !moved && !rowAnimations.hasGhosts && rowAnimations.appear.isEmpty { rowAnimations.offsets = [:] }
        if rowAnimations.isRunning { host?.tableViewNeedsAnimationTicks(self) }
        setNeedsDisplay()
    }

    /// Drops a movement at once (a reload): nothing is called, a set-aside cell is pooled.
    func abortMovement() {
        guard let m = tracked.movement else { return }
        tracked.movement = nil
        items.retained = nil
        stopMovementAutoScroll()
        if m.cell.mountedIndexPath == nil && !items.pool.contains(m.cell) { items.recycle(m.cell, from: nil) }
    }

    private func stopMovementAutoScroll() {
        guard interaction.drag == nil else { return }
        interaction.autoScrollVelocity = 0
        interaction.lastAutoScrollTime = nil
        interaction.autoScrollHeld = 0
    }

    /// The view scrolled under a held pointer (auto-scroll, the wheel, the scrollbar): the
    /// moving item stays under the pointer, so its target moves through the content.
    func movingItemFollowsPointer() {
        guard let m = tracked.movement, m.claim == m.source, let p = m.pointer, let grab = m.grab else { return }
        let axis = viewport.axis, c = contentPoint(p)
        let target = m.isGrid ? Point(x: c.x - grab.x, y: c.y - grab.y)
                              : axis.point(along: axis.along(c) - axis.along(grab), across: axis.across(m.target))
        if target != m.target { moveTarget(to: target) }
    }

    func viewportPoint(ofContent p: Point) -> Point {
        let axis = viewport.axis
        return axis.point(along: axis.along(p) - offset + viewport.leadingInset, across: axis.across(p) - viewport.acrossOffset)
    }

    // MARK: Keyboard

    /// Alt+arrow: moves the focused item one place (up/down along, left/right across in a
    /// grid) through the data source, animated; focus follows. False when the key is not
    /// for moving (nothing focused, or the item cannot move).
    func moveFocusedItem(_ key: TableKey) -> Bool {
        guard tracked.movement == nil, !openBatch.isOpen, let ip = keyboardFocus, geometry.contains(ip), dataAdapter.canMove(ip) else { return false }
        let neighbour: ItemPath?
        switch key {
        case .up: neighbour = geometry.item(from: ip, along: -1)
        case .down: neighbour = geometry.item(from: ip, along: 1)
        case .left: neighbour = geometry.item(from: ip, across: -1) ?? geometry.item(before: ip)
        case .right: neighbour = geometry.item(from: ip, across: 1) ?? geometry.item(after: ip)
        default: return false
        }
        guard let n = neighbour, n != ip else { return true }
        // The item takes the neighbour's place; into the section before, it goes after its last item.
        let proposed = n > ip || n.section == ip.section ? n : ItemPath(row: n.row + 1, section: n.section)
        var destination = dataAdapter.target(forMoveFrom: ip, proposed: proposed)
        if !isValidDestination(destination, from: ip) { destination = proposed }
        guard destination != ip else { return true }
        dataAdapter.move(ip, to: destination)
        var p = PendingUpdates()
        p.moveRow(ip, destination)
        do {
            let mapping = try validate(p)
            apply(p, mapping: mapping, keepsAnchor: true)
        } catch {
            Self.logger.error("moveRowAt \(ip) → \(destination): the data source's counts do not agree (\(error)); reloading")
            reloadData()
            return true
        }
        tracked.moveCursor(to: destination)
        scroll(to: destination, at: .none, animated: false)
        setNeedsDisplay()
        return true
    }
}

/// Identifies the lifted item's shadow as a cached drawing unit (one per view), and draws it.
@MainActor
final class LiftShadowKey {
    /// How far the shadow reaches beyond the item on each side.
    static let spread = 8.0
    /// How far below the item it is dropped.
    static let drop = 3.0

    /// The three layers' insets (from the shadow's edges) and opacities, outermost first.
    static let layers: [(inset: Double, alpha: Double)] = [(0, 0.05), (3, 0.08), (6, 0.11)]
    /// How far from the shadow's edges its rounded corners reach: a layer's corner radius is
    /// this less its inset, so every layer's corners lie in the same four squares.
    static let cornerExtent = spread + 6

    /// The opacity of `count` layers of the shadow's colour over each other (the outermost
    /// `count`: the layers are nested).
    static func alpha(ofLayers count: Int) -> Double {
        1 - layers.prefix(count).reduce(1) { $0 * (1 - $1.alpha) }
    }

    /// A soft shadow in `size` (the item grown by `spread` on each side, the item itself
    /// `drop` above the middle): three nested translucent rounded rectangles, darker towards
    /// the item, drawn only outside the item, as CSS draws an outset box-shadow (the item
    /// covers the rest).
    ///
    /// Drawn so that each pixel is blended once where it can be: away from the corners the
    /// layers' edges cut the ring into bands, each filled once with the opacity of the layers
    /// over it (plain rectangles, which GSK's cairo renderer blends on a fast path). Only in
    /// the four corner squares, where the layers' rounded corners differ, are the layers drawn
    /// over each other, each in its rounded clip.
    static func draw(in canvas: Canvas, size: Size) {
        let color = canvas.theme.foreground
        let item = Rect(x: spread, y: spread - drop, width: max(0, size.width - 2 * spread), height: max(0, size.height - 2 * spread))
        forEachBand(size: size, item: item) { band, count in canvas.fill(band, color: color.withAlpha(alpha(ofLayers: count))) }
        for (inset, opacity) in layers {
            let layer = Rect(x: inset, y: inset, width: max(0, size.width - 2 * inset), height: max(0, size.height - 2 * inset))
            let radius = cornerExtent - inset
            var corners = false
            forEachPiece(around: item, within: layer, cornerSize: radius) { _, inCorner in corners = corners || inCorner }
            guard corners else { continue }
            canvas.withState {
                canvas.clip(to: .roundedRect(layer, radius: radius))
                forEachPiece(around: item, within: layer, cornerSize: radius) { r, inCorner in
                    if inCorner { canvas.fill(r, color: color.withAlpha(opacity)) }
                }
            }
        }
    }

    /// The shadow outside `item` and outside its four corner squares, cut by every layer's and
    /// the item's edges into bands, each with how many layers cover it (at least one); a row
    /// of cells with the same count is one band. Bands do not overlap.
    static func forEachBand(size: Size, item: Rect, _ body: (Rect, Int) -> Void) {
        let w = size.width, h = size.height, c = min(cornerExtent, w / 2, h / 2)
        func edges(_ length: Double, _ itemMin: Double, _ itemMax: Double) -> [Double] {
            var e = [0, length, c, length - c, itemMin, itemMax]
            for (inset, _) in layers { e += [inset, length - inset] }
            return Array(Set(e.map { min(max($0, 0), length) })).sorted()
        }
        let xs = edges(w, item.minX, item.maxX), ys = edges(h, item.minY, item.maxY)
        for (y0, y1) in zip(ys, ys.dropFirst()) {
            let my = (y0 + y1) / 2
            var run: (x0: Double, x1: Double, count: Int)?
            for (x0, x1) in zip(xs, xs.dropFirst()) {
                let mx = (x0 + x1) / 2
                var count = 0
                let inItem = item.contains(Point(x: mx, y: my))
                let inCorner = (mx < c || mx > w - c) && (my < c || my > h - c)
                if !inItem && !inCorner {
                    for (inset, _) in layers where mx > inset && mx < w - inset && my > inset && my < h - inset { count += 1 }
                }
                if let r = run, r.count == count, r.x1 == x0 { run = (r.x0, x1, count); continue }
                if let r = run, r.count > 0 { body(Rect(x: r.x0, y: y0, width: r.x1 - r.x0, height: y1 - y0), r.count) }
                run = (x0, x1, count)
            }
            if let r = run, r.count > 0 { body(Rect(x: r.x0, y: y0, width: r.x1 - r.x0, height: y1 - y0), r.count) }
        }
    }

    /// The parts of `outer` outside `inner` (the full-width bands above and below it, then the
    /// sides between them), each cut at `cornerSize` from `outer`'s edges: `body` gets every
    /// piece, and whether it lies in one of `outer`'s corner squares, where a rounded corner of
    /// that size can cut it. The pieces tile `outer` less `inner`, without overlapping.
    static func forEachPiece(around inner: Rect, within outer: Rect, cornerSize: Double, _ body: (Rect, Bool) -> Void) {
        let c = max(0, min(cornerSize, outer.width / 2, outer.height / 2))
        // [lo, hi) cut at a + c and b - c: the pieces, each flagged when it is an end band.
        func bands(_ lo: Double, _ hi: Double, _ a: Double, _ b: Double, _ piece: (Double, Double, Bool) -> Void) {
            let m1 = min(max(a + c, lo), hi), m2 = max(min(b - c, hi), m1)
            if m1 > lo { piece(lo, m1, true) }
            if m2 > m1 { piece(m1, m2, false) }
            if hi > m2 { piece(m2, hi, true) }
        }
        func strip(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
            guard x1 > x0, y1 > y0 else { return }
            bands(y0, y1, outer.minY, outer.maxY) { top, bottom, endY in
                bands(x0, x1, outer.minX, outer.maxX) { left, right, endX in
                    body(Rect(x: left, y: top, width: right - left, height: bottom - top), endX && endY)
                }
            }
        }
        let top = min(max(inner.minY, outer.minY), outer.maxY), bottom = max(min(inner.maxY, outer.maxY), top)
        let left = min(max(inner.minX, outer.minX), outer.maxX), right = max(min(inner.maxX, outer.maxX), left)
        strip(outer.minX, outer.minY, outer.maxX, top)
        strip(outer.minX, bottom, outer.maxX, outer.maxY)
        strip(outer.minX, top, left, bottom)
        strip(right, top, outer.maxX, bottom)
    }
}
