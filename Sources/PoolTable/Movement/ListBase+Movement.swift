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
    public var isMovingInteractively: Bool { movement.state != nil }

    /// True while the pointer holds a movable row's grip in edit mode (or has lifted an item
    /// with a long press): its drag moves the row. A touch host claims such a press.
    public var isPressingReorderControl: Bool { interaction.press?.onGrip == true }

    /// The row or item being moved by hand, where it is in the data source; nil when none is.
    public var interactiveMovementSource: IndexPath? { movement.state?.source.indexPath }

    /// Where the row or item being moved would go now (in the order after the move,
    /// retargeted by the delegate); nil when none is moving.
    public var interactiveMovementDestination: IndexPath? { movement.state?.destination.indexPath }

    /// The place the moving row or item would drop into now (the gap the others made), in
    /// content coordinates; nil when none is moving.
    public var interactiveMovementPlace: Rect? {
        guard let m = movement.state, m.claim == m.source else { return nil }
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
    @_spi(Diagnostics) public var interactiveMovementFrame: Rect? { movement.state.map(movingFrame) }

    /// Moves the moving row (or item) so that its centre is at `targetPosition` (content
    /// coordinates): the others make room around the destination it proposes, and the view
    /// auto-scrolls while it is near the viewport's start or end. Ignored when nothing moves.
    public func updateInteractiveMovementTargetPosition(_ targetPosition: Point) {
        defer { checkInvariantsAfterMutation() }
        guard movement.state != nil, targetPosition.x.isFinite, targetPosition.y.isFinite else { return }
        moveTarget(to: targetPosition)
        updateAutoScroll(for: viewportPoint(ofContent: targetPosition), moving: true)
    }

    /// Ends the movement: calls the data source's `moveRowAt` / `moveItemAt` exactly once with
    /// the final destination (none when it is the item's own place), and shows the new order
    /// with the same cell still showing the moved item. Ignored when nothing moves.
    public func endInteractiveMovement() {
        defer { checkInvariantsAfterMutation() }
        guard let m = movement.state else { return }
        stopMovementAutoScroll()
        guard m.destination != m.source, geometry.contains(m.source) else { settleMovement(); return }
        commitMovement(m)
    }

    /// Cancels the movement: everything glides back to its place and nothing is called.
    public func cancelInteractiveMovement() {
        defer { checkInvariantsAfterMutation() }
        guard movement.state != nil else { return }
        stopMovementAutoScroll()
        settleMovement()
    }

    // MARK: Beginning

    /// Begins moving `ip` by hand; false (and nothing changes) when the data source says it
    /// cannot move, a movement already runs, or a batch update is open.
    func beginMovement(at ip: ItemPath) -> Bool {
        defer { checkInvariantsAfterMutation() }
        layoutIfNeeded()
        guard movement.state == nil, !openBatch.isOpen, geometry.contains(ip), dataAdapter.canMove(ip) else { return false }
        let cell: ReusableCell
        if let k = mountedIndex(of: ip) {
            cell = items[k].cell
        } else {
            // Off the band (moved by code): its cell is bound once, and set aside.
            cell = bind(ip)
            cell.place(geometry.itemFrame(ip))
            items.setAside(cell)
        }
        let home = geometry.itemFrame(ip)
        let isGrid = geometry.item(from: ip, across: 1) != nil || geometry.item(from: ip, across: -1) != nil
        movement.state = InteractiveMovement(source: ip, destination: ip, target: Point(x: home.midX, y: home.midY),
                                               cell: cell, home: home, isGrid: isGrid, claim: ip)
        items.retained = cell
        setNeedsDisplay()
        return true
    }

    // MARK: Following the target

    /// The target moved (by the caller, the pointer or auto-scroll): a new proposal, and the
    /// others glide to make room when it changes.
    func moveTarget(to p: Point) {
        movement.state?.target = p
        guard let m = movement.state else { return }
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
        guard var m = movement.state else { return }
        movement.state = nil              // `m` alone holds the glides: updated in place, not copied
        defer { movement.state = m }
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

    // MARK: Ending

    /// The moving item's own cell for `ip` when it comes back on the band (nil otherwise).
    func claimMovingCell(for ip: ItemPath) -> ReusableCell? {
        guard let m = movement.state, m.claim == ip, m.cell.mountedIndexPath == nil else { return nil }
        items.remount(m.cell, at: ip)
        applyState(to: m.cell, at: ip, animated: false)
        return m.cell
    }

    /// The data source moves the item, then the view applies the move as an animated batch
    /// move from where everything is drawn (the viewport stays: the others already made room).
    private func commitMovement(_ m: InteractiveMovement) {
        beginCommittingMove()
        defer { endCommittingMove() }
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
        movement.state?.claim = m.destination
        apply(p, mapping: mapping, keepsAnchor: false)
        movement.state = nil
        items.retained = nil
        if m.cell.mountedIndexPath == nil {
            items.recycle(m.cell, from: nil)          // its new place is off the band
        } else if let k = items.index(of: m.cell) {
            // It glides from where it was lifted to its new place.
            let f = items[k].cell.frame
            let was = axis.start(of: lifted) - oldOffset, now = axis.start(of: f) - offset
            rowAnimations.endAppearance(of: m.destination)
            rowAnimations.glide(m.destination, from: was - now)
            rowAnimations.glideAcross(m.destination, from: axis.acrossStart(of: lifted) - axis.acrossStart(of: f))
            host?.tableViewNeedsAnimationTicks(self)
        }
        setNeedsDisplay()
    }

    /// Ends the movement without a move: every mounted item glides from where it is drawn to
    /// its place (the moving one included), and a set-aside cell goes back to the pool.
    private func settleMovement() {
        guard let m = movement.state else { return }
        let axis = viewport.axis
        let drawn = presentationFramesOfSlots()
        movement.state = nil
        items.retained = nil
        if m.cell.mountedIndexPath == nil { items.recycle(m.cell, from: nil) }
        var moved = false
        for k in items.indices {
            let ip = items[k].indexPath, f = items[k].cell.frame
            let along = axis.start(of: drawn[k]) - axis.start(of: f), across = axis.acrossStart(of: drawn[k]) - axis.acrossStart(of: f)
            if along != 0 || across != 0 { moved = true }
            rowAnimations.glide(ip, from: along)
            rowAnimations.glideAcross(ip, from: across)
        }
        if !moved && !rowAnimations.hasGhosts && rowAnimations.appear.isEmpty { rowAnimations.clearItemGlides() }
        if rowAnimations.isRunning { host?.tableViewNeedsAnimationTicks(self) }
        setNeedsDisplay()
    }

    /// Drops a movement at once (a reload): nothing is called, a set-aside cell is pooled.
    func abortMovement() {
        guard let m = movement.state else { return }
        movement.state = nil
        items.retained = nil
        stopMovementAutoScroll()
        if m.cell.mountedIndexPath == nil && !items.pool.contains(m.cell) { items.recycle(m.cell, from: nil) }
    }

    private func stopMovementAutoScroll() {
        guard interaction.drag == nil else { return }
        interaction.stopAutoScroll()
    }

    /// The view scrolled under a held pointer (auto-scroll, the wheel, the scrollbar): the
    /// moving item stays under the pointer, so its target moves through the content.
    func movingItemFollowsPointer() {
        guard let m = movement.state, m.claim == m.source, let p = m.pointer, let grab = m.grab else { return }
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
        guard movement.state == nil, !openBatch.isOpen, let ip = keyboardFocus, geometry.contains(ip), dataAdapter.canMove(ip) else { return false }
        let neighbour: ItemPath?
        switch key {
        case .up: neighbour = geometry.item(from: ip, along: -1)
        case .down: neighbour = geometry.item(from: ip, along: 1)
        case .left: neighbour = geometry.item(from: ip, across: -1) ?? geometry.item(before: ip)
        case .right: neighbour = geometry.item(from: ip, across: 1) ?? geometry.item(after: ip)
        default: return false
        }
        var destination: ItemPath
        if let decided = dataAdapter.keyboardMoveDestination(from: ip, forward: key == .down || key == .right) {
            // An outline: the data source steps the item among its siblings (itself: no sibling that way).
            guard decided != ip, isValidDestination(decided, from: ip) else { return true }
            destination = decided
        } else {
            guard let n = neighbour, n != ip else { return true }
            // The item takes the neighbour's place; into the section before, it goes after its last item.
            let proposed = n > ip || n.section == ip.section ? n : ItemPath(row: n.row + 1, section: n.section)
            destination = dataAdapter.target(forMoveFrom: ip, proposed: proposed)
            if !isValidDestination(destination, from: ip) { destination = proposed }
            guard destination != ip else { return true }
        }
        beginCommittingMove()
        defer { endCommittingMove() }
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

    // MARK: After the move shows

    /// Runs `body` once the user's move being committed shows (the data source moved the
    /// item and the view applied the move), or now when none is being committed. A data
    /// source's "did move" callback (the diffable's `didReorder`) comes here, so an apply it
    /// makes is not refused as an update during the movement.
    func whenMoveShown(_ body: @escaping () -> Void) {
        if movement.isCommitting { movement.afterCommit.append(body) } else { body() }
    }

    private func beginCommittingMove() { movement.isCommitting = true }

    private func endCommittingMove() {
        movement.isCommitting = false
        let waiting = movement.afterCommit
        movement.afterCommit = []
        for body in waiting { body() }
    }

    // MARK: The grip and the refusal

    /// A long press on a movable item in edit mode lifts it: dragging on moves it (a grid's
    /// photos). The press is handed to the reorder grip's gesture. False off the items or on
    /// an item that cannot move.
    func liftByLongPress(at p: Point) -> Bool {
        guard let ip = itemPath(atViewportPoint: p), dataAdapter.canMove(ip),
              let grip = pointerInteractions.first(ReorderGripInteraction.self) else { return false }
        if let press = interaction.press { unhighlight(press, redraw: false) }
        if let drag = interaction.drag, drag.anchor == ip, drag.current == ip {
            // The press began a drag-select that has not left the item: lifting it is not
            // selecting it, so the selection goes back to what it was before the press.
            selection.cancelDrag()
            syncMountedSelection(animated: true)
        }
        cancelInteraction()
        let press = InteractionState.Press(indexPath: ip, start: p, target: nil, onCheckbox: false, modifiers: [], onGrip: true)
        interaction.track(press)
        pointerInteractions.hand(to: grip)
        dragMovement(press, to: p)
        return true
    }

    /// A drag from a grip (or after a long press on a movable item in edit mode): the first
    /// move lifts the item, then its centre follows the pointer (keeping where it was
    /// grabbed) and auto-scroll runs near the edges.
    func dragMovement(_ press: InteractionState.Press, to p: Point) {
        if movement.state == nil {
            guard beginMovement(at: press.indexPath), var m = movement.state else { interaction.endPress(); return }
            let grabbed = contentPoint(press.start)
            m.grab = Point(x: grabbed.x - m.home.midX, y: grabbed.y - m.home.midY)
            movement.state = m
        }
        guard var m = movement.state, let grab = m.grab else { return }
        m.pointer = p
        movement.state = m
        let c = contentPoint(p)
        let axis = viewport.axis
        moveTarget(to: m.isGrid ? Point(x: c.x - grab.x, y: c.y - grab.y)
                                : axis.point(along: axis.along(c) - axis.along(grab), across: axis.across(m.target)))
        updateAutoScroll(for: viewportPoint(ofContent: movement.state?.target ?? c), moving: true)
    }

    /// A batch update while an item is moved by hand throws `.interactiveMovementInProgress`
    /// (the movement's own commit runs outside this check).
    func refuseUpdatesWhileMoving() throws {
        guard let m = movement.state else { return }
        throw BatchUpdateError(kind: .interactiveMovementInProgress, detail: "row \(m.source) is being moved by hand")
    }
}
