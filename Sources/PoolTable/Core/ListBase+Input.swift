/// Pointer and keyboard input, in viewport coordinates. The host translates its events into
/// these calls and holds no table logic of its own. The pointer calls go to the view's
/// gestures (`pointerInteractions`, Interactions/), registered by the view in order of
/// precedence; the keys the view's own navigation does not take go to its key gestures.
extension ListBase {
    /// Height of the zones at the top and bottom edge where a drag-select auto-scrolls.
    public static let autoScrollEdge = 56.0
    /// Auto-scroll speed (px/s) at the very edge; it grows quadratically with depth into the zone.
    public static let autoScrollMaxSpeed = 1600.0
    static let dragThreshold = 4.0
    /// How many times faster than `autoScrollMaxSpeed` a movement's auto-scroll may grow.
    public static let movementAutoScrollMaxBoost = 40.0

    /// The keyboard cursor: the row or item the arrow keys move from; nil before any keyboard or click input.
    public var focusedIndexPath: IndexPath? { tracked.focus?.indexPath }

    /// Makes `indexPath` the keyboard cursor and the range anchor, as a click would, without
    /// selecting or scrolling (nil: no cursor, as after a reload). For putting the focus back
    /// where it was after a reload, e.g. when a search is closed. Out of range: ignored.
    public func setFocusedIndexPath(_ indexPath: IndexPath?) {
        defer { checkInvariantsAfterMutation() }
        reloadIfNeeded()
        guard let indexPath else { tracked.focus(on: nil); setNeedsDisplay(); return }
        let ip = ItemPath(indexPath)
        guard geometry.contains(ip) else { warn("setFocusedIndexPath", "\(indexPath) is out of range; ignored"); return }
        tracked.moveCursor(to: ip)
        setNeedsDisplay()
    }

    /// Where the next key acts: the cursor, or before there is one the first visible row or
    /// item — the one a screen reader announces when the view takes focus, so the first
    /// arrow key moves on from it and Space toggles it. Nil when nothing is visible. Reads
    /// the last layout pass; does not lay out.
    public var keyboardFocusIndexPath: IndexPath? { keyboardFocus?.indexPath }

    var keyboardFocus: ItemPath? {
        if let focus = tracked.focus, geometry.contains(focus) { return focus }
        return items.firstVisible?.indexPath
    }
    /// True while a drag across the checkboxes is selecting or deselecting rows.
    public var isDragSelecting: Bool { interaction.drag != nil }

    /// The item under a viewport point.
    public func indexPath(atViewportPoint p: Point) -> IndexPath? { itemPath(atViewportPoint: p)?.indexPath }

    func itemPath(atViewportPoint p: Point) -> ItemPath? {
        viewport.axis.along(p) < viewport.leadingInset ? nil : item(at: contentPoint(p))   // not under a header row
    }

    /// A viewport point in content coordinates.
    func contentPoint(_ p: Point) -> Point {
        let axis = viewport.axis
        return axis.point(along: axis.along(p) - viewport.leadingInset + offset, across: axis.across(p) + viewport.acrossOffset)
    }

    // MARK: Pointer

    /// A primary button press (or touch) at a viewport point. A second click (`clickCount`
    /// 2) outside edit mode activates the row (`didActivateRowAt`).
    public func pointerDown(at p: Point, modifiers: InputModifiers = [], clickCount: Int = 1) {
        defer { checkInvariantsAfterMutation() }
        layoutIfNeeded()
        cancelInteraction()
        pointerInteractions.down(PointerPress(point: p, modifiers: modifiers, clickCount: clickCount, item: itemPath(atViewportPoint: p)), in: self)
        if pointerInteractions.startHoldTiming(pressHeld: interaction.press != nil) { host?.tableViewNeedsAnimationTicks(self) }
    }

    /// The pointer moved with the button held.
    public func pointerDragged(to p: Point) {
        defer { checkInvariantsAfterMutation() }
        pointerInteractions.drag(to: p, in: self)
    }

    /// The button was released.
    public func pointerUp(at p: Point) {
        defer { checkInvariantsAfterMutation() }
        defer { interaction.endPress() }
        pointerInteractions.release(at: p, in: self)
    }

    /// The press was taken over (e.g. by scrolling) or the pointer left.
    public func pointerCancelled() {
        defer { checkInvariantsAfterMutation() }
        pointerInteractions.cancel(in: self)
        interaction.cancelDrag()
        selection.endDrag()
        endMultipleSelectionInteraction()
        setNeedsDisplay()
    }

    /// Drops a press or drag the view can no longer honour (a new press, an update, a
    /// reload, an edit-mode change); a multiple-selection interaction it carried ends, so
    /// the delegate hears didEnd for every didBegin.
    func cancelInteraction() {
        interaction.cancelDrag()
        selection.endDrag()
        endMultipleSelectionInteraction()
    }

    /// Tells the delegate a multiple-selection interaction (seed 003) ended.
    func endMultipleSelectionInteraction() {
        guard interaction.endMultipleSelectionInteraction() else { return }
        delegateAdapter.didEndMultipleSelectionInteraction()
    }

    /// Activates the row under a viewport point (a double click outside edit mode):
    /// `didActivateRowAt`. Returns false when nothing was activated.
    @discardableResult
    public func activateRow(atViewportPoint p: Point) -> Bool {
        defer { checkInvariantsAfterMutation() }
        return pointerInteractions.activate(at: p, in: self)
    }

    /// A long press outside edit mode enters edit mode with that row selected, unless a
    /// gesture waiting for held presses takes it (a grid item's context menu). In edit mode
    /// it lifts a movable item (`liftByLongPress`). A press a gesture already took over by
    /// holding it is not also a long press (false).
    @discardableResult
    public func longPress(at p: Point) -> Bool {
        defer { checkInvariantsAfterMutation() }
        if pointerInteractions.heldPressTaken { return false }
        if isEditing, movement.state == nil { return liftByLongPress(at: p) }
        guard !isEditing, let ip = itemPath(atViewportPoint: p) else { return false }
        let held = InteractionState.Press(indexPath: ip, start: p, target: nil, onCheckbox: false, modifiers: [])
        if pointerInteractions.offerHostLongPress(held, in: self) { return true }   // e.g. a grid item's menu
        if let press = interaction.press { unhighlight(press, redraw: false) }
        cancelInteraction()
        setEditing(true, animated: true)
        if isMultipleSelectionActive {
            setSelected(true, rows: ip.row..<(ip.row + 1), section: ip.section, animated: true, notify: true)
        }
        tracked.place(at: ip)
        return true
    }

    // MARK: Keys

    /// Handles a navigation or selection key; returns false if the key is not the view's.
    /// Arrows move the cursor along (up/down) and across (left/right, in a grid) and select
    /// it outside edit mode; with Ctrl they move the cursor only; with Shift they extend the
    /// selection from the anchor.
    @discardableResult
    public func handleKey(_ pressed: TableKey, modifiers: InputModifiers = []) -> Bool {
        defer { checkInvariantsAfterMutation() }
        layoutIfNeeded()
        let axis = viewport.axis
        // Up and down move along, left and right across: on a horizontal strip they swap.
        var key = pressed
        if axis == .horizontal {
            switch pressed {
            case .left: key = .up
            case .right: key = .down
            case .up: key = .left
            case .down: key = .right
            default: break
            }
        }
        guard let first = geometry.firstIndexPath, let last = geometry.lastIndexPath else { return false }
        if modifiers.contains(.alt) {
            // Alt+arrow moves the focused item a place (issue 23); other Alt keys are not the view's.
            guard [.up, .down, .left, .right].contains(key) else { return false }
            interaction.showFocusRing()
            return moveFocusedItem(key)
        }
        if pointerInteractions.handle(key, modifiers: modifiers, in: self) { return true }   // a table's cell focus
        let current = keyboardFocus
        interaction.showFocusRing()
        var next: ItemPath?
        // Moving along (up/down, page) keeps the column the cursor set out in, like a text
        // editor's goal column, even across short last lines of a grid's sections.
        let goalX = tracked.goal.flatMap { $0.reached == current ? $0.x : nil }
            ?? current.map { let r = itemRect($0); return axis.acrossStart(of: r) + axis.breadth(of: r) / 2 }
        func inGoalColumn(_ ip: ItemPath) -> ItemPath {
            guard let goalX else { return ip }
            let line = geometry.itemExtent(ip)
            return geometry.indexPath(at: axis.point(along: line.start + line.length / 2, across: goalX)) ?? ip
        }
        var keepsGoal = false
        switch key {
        case .up, .down:
            next = current.map { geometry.item(from: $0, along: key == .up ? -1 : 1).map(inGoalColumn) ?? $0 } ?? first
            keepsGoal = true
        case .left, .right:
            guard let current else { next = first; break }
            guard let moved = geometry.item(from: current, across: key == .left ? -1 : 1) else { return false }
            next = moved
        case .home: next = first
        case .end: next = last
        case .pageUp, .pageDown:
            // A page is the viewport less one line (the cursor's), so a line stays in view.
            let line = current.map { geometry.itemExtent($0).length } ?? 0
            let page = (key == .pageUp ? -1.0 : 1.0) * max(1, viewport.length - line)
            let from = current.map { geometry.itemExtent($0).start } ?? offset
            let y = from + page
            let landed = y <= 0 ? first : (geometry.indexPath(atOffset: y)
                ?? (y >= geometry.contentLength ? last : geometry.firstItem(startingAtOrAfter: y) ?? last))
            next = current == nil ? landed : inGoalColumn(landed)
            keepsGoal = true
            scroll(toOffset: offset + page, animated: false)
        case .space, .enter:
            guard let ip = current else { tracked.focus(on: first); setNeedsDisplay(); return true }
            if key == .enter && !isEditing { delegateAdapter.didActivate(ip); return true }
            click(ip, modifiers: isMultipleSelectionActive ? [.control] : [])
            return true
        case .selectAll:
            guard isMultipleSelectionActive else { return false }
            selectAll(animated: true)
            return true
        case .deselectAll:
            deselectAll(animated: true, notify: true)
            return true
        case .delete:
            guard let ip = current else { return false }
            return deleteKey(at: ip)
        }
        guard let target = next else { return true }
        moveKeyboardCursor(from: current, to: target, goal: keepsGoal ? goalX : nil, modifiers: modifiers)
        return true
    }

    /// An arrow moved the cursor from `current` to `target`: the selection follows (extends
    /// with Shift, stays with Ctrl) and the view scrolls the target into view. `goal` is the
    /// column up and down keep (nil: none).
    func moveKeyboardCursor(from current: ItemPath?, to target: ItemPath, goal: Double?, modifiers: InputModifiers) {
        tracked.keyMoved(to: target, goal: goal)
        if modifiers.contains(.shift) && isMultipleSelectionActive {
            let anchor = tracked.rangeAnchor ?? current ?? target
            tracked.anchorRanges(at: anchor)
            selectRange(from: anchor, to: target)
        } else if modifiers.contains(.control) {
            // Ctrl+arrow: the cursor moves, the selection stays.
        } else {
            tracked.anchorRanges(at: target)
            if !isEditing { selectByUser(target) }
        }
        scroll(to: target, at: .none, animated: false)
        revealAcross(target)   // a carousel's card: Home, End and the page keys too, not only the arrows
        setNeedsDisplay()
    }
}
