/// Pointer and keyboard input, in viewport coordinates. The host translates its events into
/// these calls and holds no table logic of its own.
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
        return items.visible.first?.indexPath
    }
    /// True while a drag across the checkboxes is selecting or deselecting rows.
    public var isDragSelecting: Bool { interaction.drag != nil }

    /// The item under a viewport point.
    public func indexPath(atViewportPoint p: Point) -> IndexPath? { itemPath(atViewportPoint: p)?.indexPath }

    func itemPath(atViewportPoint p: Point) -> ItemPath? {
        viewport.axis.along(p) < viewport.leadingInset ? nil : item(at: contentPoint(p))   // not under a header row
    }

    /// A viewport point's along (from the content's viewport start, below a leading inset)
    /// and across coordinates.
    private func axis(_ p: Point) -> (along: Double, across: Double) {
        (viewport.axis.along(p) - viewport.leadingInset, viewport.axis.across(p) + viewport.acrossOffset)
    }

    /// A viewport point in content coordinates.
    func contentPoint(_ p: Point) -> Point {
        let axis = viewport.axis
        return axis.point(along: axis.along(p) - viewport.leadingInset + offset, across: axis.across(p) + viewport.acrossOffset)
    }

    /// A primary button press (or touch) at a viewport point. A second click (`clickCount`
    /// 2) outside edit mode activates the row (`didActivateRowAt`).
    public func pointerDown(at p: Point, modifiers: InputModifiers = [], clickCount: Int = 1) {
        defer { checkInvariantsAfterMutation() }
        layoutIfNeeded()
        cancelInteraction()
        if let table = self as? TableView, table.columnHeaderPointerDown(at: p, clickCount: clickCount) { return }
        // A press on an open row performs the action under it on release; anywhere else it
        // just closes the row.
        if hasOpenSwipe {
            let action = swipeActionIndex(atViewportPoint: p)
            rowActions.pressOpenRow(action: action, at: p)
            if action == nil { closeSwipe() }
            return
        }
        guard let ip = itemPath(atViewportPoint: p) else { return }
        if (self as? TableView)?.toggleDisclosure(atViewportPoint: p) == true { return }   // a triangle (TableView+Outline)
        if clickCount >= 2 && !isEditing && geometry.contains(ip) {
            delegateAdapter.didActivate(ip)
            return
        }
        let cell = mountedCell(at: ip)
        let content = contentPoint(p)
        let local = cell.map { Point(x: content.x - $0.frame.minX, y: content.y - $0.frame.minY) } ?? Point(x: .infinity, y: .infinity)
        let target = cell.flatMap { c in c.hitTargets.first { $0.rect.contains(local) }?.name }
        let startsDrag = target == nil && isEditing && isMultipleSelectionActive && delegateAdapter.beginsDragSelection(at: ip, localPoint: local)
        // The grip is drawn over the cell's trailing edge in edit mode: it wins over hit targets there.
        if isEditing, let cell = cell as? TableViewCell, cell.showsReorderControl,
           cell.reorderControlRect(in: Rect(origin: .zero, size: cell.frame.size), progress: 1).contains(local) {
            interaction.track(InteractionState.Press(indexPath: ip, start: p, target: nil, onCheckbox: false, modifiers: modifiers, onGrip: true))
            return
        }
        interaction.track(InteractionState.Press(indexPath: ip, start: p, target: target, onCheckbox: startsDrag, modifiers: modifiers))
        if target == nil, let cell { interaction.pressOnEditingControl(editingControlStyle(of: cell, at: local)) }
        if target == nil && !isEditing, let cell { cell.isHighlighted = true; setNeedsDisplay() }
        if startsDrag && modifiers.isEmpty { beginDrag(at: ip, pointer: p) }
    }

    /// Starts a drag that selects (or, from a selected item, deselects) every item between
    /// where it began and the pointer, with auto-scroll at the edges.
    private func beginDrag(at ip: ItemPath, pointer p: Point) {
        let selecting = !isSelected(ip)
        selection.beginDrag()
        interaction.beginDrag(InteractionState.DragSelection(anchor: ip, current: ip, selecting: selecting, pointer: p))
        applyDrag()
    }

    /// The pointer moved with the button held.
    public func pointerDragged(to p: Point) {
        defer { checkInvariantsAfterMutation() }
        if let table = self as? TableView, table.columnHeaderPointerDragged(to: p) { return }
        guard var press = interaction.press else { return }
        if press.onGrip { dragMovement(press, to: p); return }
        if press.swiping {
            updateSwipe(translation: viewport.axis.across(p) - viewport.axis.across(press.start))
            return
        }
        if Math.hypot(p.x - press.start.x, p.y - press.start.y) > Self.dragThreshold && !press.moved {
            press.moved = true
            interaction.track(press)
            // A drag mostly across the rows, outside edit mode, swipes the row (row actions).
            let across = abs(viewport.axis.across(p) - viewport.axis.across(press.start))
            let along = abs(viewport.axis.along(p) - viewport.axis.along(press.start))
            if !isEditing, interaction.drag == nil, press.modifiers.isEmpty, across > along * 1.5,
               beginSwipe(atViewportPoint: press.start) {
                if let c = mountedCell(at: press.indexPath), c.isHighlighted { c.isHighlighted = false }
                press.swiping = true
                interaction.track(press)
                updateSwipe(translation: viewport.axis.across(p) - viewport.axis.across(press.start))
                return
            }
            if let c = mountedCell(at: press.indexPath), c.isHighlighted { c.isHighlighted = false; setNeedsDisplay() }
            // Seed 003: outside edit mode a drag across items may begin multiple selection. As
            // in UIKit, the delegate is asked only when multiple selection during editing is
            // allowed, so the interaction always has a drag, and its release ends it.
            if interaction.drag == nil, press.target == nil, press.modifiers.isEmpty,
               !isEditing, allowsMultipleSelectionDuringEditing, delegateAdapter.shouldBeginMultipleSelectionInteraction(at: press.indexPath) {
                setEditing(true, animated: true)
                interaction.track(press)           // setEditing cancels any press; this one goes on as the drag
                interaction.beginMultipleSelectionInteraction()
                delegateAdapter.didBeginMultipleSelectionInteraction(at: press.indexPath)
                beginDrag(at: press.indexPath, pointer: press.start)
            }
        }
        guard interaction.drag != nil else { return }
        interaction.moveDragPointer(to: p)
        updateAutoScroll(for: p)
        extendDrag(to: p)
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
    private func endMultipleSelectionInteraction() {
        guard interaction.endMultipleSelectionInteraction() else { return }
        delegateAdapter.didEndMultipleSelectionInteraction()
    }

    /// The button was released.
    public func pointerUp(at p: Point) {
        defer { checkInvariantsAfterMutation() }
        defer { interaction.endPress() }
        if let table = self as? TableView, table.columnHeaderPointerUp(at: p) { return }
        if let open = rowActions.takePressOnOpenRow() {
            if let action = open.action, swipeActionIndex(atViewportPoint: p) == action { performSwipeAction(at: action) } else { closeSwipe() }
            return
        }
        guard let press = interaction.press else { return }
        if press.onGrip {
            if movement.state?.grab != nil { endInteractiveMovement() }
            return
        }
        if press.swiping { endSwipe(); return }
        if let c = mountedCell(at: press.indexPath), c.isHighlighted { c.isHighlighted = false; setNeedsDisplay() }
        if interaction.drag != nil {
            interaction.endDrag()
            selection.endDrag()
            tracked.place(at: press.indexPath)
            delegateAdapter.selectionDidChange()
            endMultipleSelectionInteraction()
            return
        }
        guard !press.moved, itemPath(atViewportPoint: p) == press.indexPath, geometry.contains(press.indexPath) else { return }
        if let target = press.target {
            delegateAdapter.didTapTarget(target, at: press.indexPath)
            return
        }
        if let style = press.editingControl {
            tracked.place(at: press.indexPath)
            commitEditing(style, at: press.indexPath)
            return
        }
        click(press.indexPath, modifiers: press.modifiers)
    }

    /// The press was taken over (e.g. by scrolling) or the pointer left.
    public func pointerCancelled() {
        defer { checkInvariantsAfterMutation() }
        (self as? TableView)?.columnHeaderPointerCancelled()
        if interaction.press?.onGrip == true, movement.state?.grab != nil { cancelInteractiveMovement() }
        if let press = interaction.press, let c = mountedCell(at: press.indexPath) { c.isHighlighted = false }
        if interaction.press?.swiping == true { endSwipe() }
        rowActions.takePressOnOpenRow()
        if interaction.drag != nil { delegateAdapter.selectionDidChange() }
        interaction.cancelDrag()
        selection.endDrag()
        endMultipleSelectionInteraction()
        setNeedsDisplay()
    }

    /// Activates the row under a viewport point (a double click outside edit mode):
    /// `didActivateRowAt`. Returns false when nothing was activated.
    @discardableResult
    public func activateRow(atViewportPoint p: Point) -> Bool {
        defer { checkInvariantsAfterMutation() }
        if let table = self as? TableView, table.columnHeaderDoubleClick(at: p) { return true }
        guard !isEditing, let ip = itemPath(atViewportPoint: p) else { return false }
        delegateAdapter.didActivate(ip)
        return true
    }

    /// A long press outside edit mode enters edit mode with that row selected.
    @discardableResult
    public func longPress(at p: Point) -> Bool {
        defer { checkInvariantsAfterMutation() }
        if isEditing, movement.state == nil, let ip = itemPath(atViewportPoint: p), dataAdapter.canMove(ip) {
            // In edit mode a long press lifts a movable item: dragging on moves it (a grid's photos).
            if let press = interaction.press, let c = mountedCell(at: press.indexPath) { c.isHighlighted = false }
            if let drag = interaction.drag, drag.anchor == ip, drag.current == ip {
                // The press began a drag-select that has not left the item: lifting it is not
                // selecting it, so the selection goes back to what it was before the press.
                selection.cancelDrag()
                syncMountedSelection(animated: true)
            }
            cancelInteraction()
            let press = InteractionState.Press(indexPath: ip, start: p, target: nil, onCheckbox: false, modifiers: [], onGrip: true)
            interaction.track(press)
            dragMovement(press, to: p)
            return true
        }
        guard !isEditing, let ip = itemPath(atViewportPoint: p) else { return false }
        if let press = interaction.press, let c = mountedCell(at: press.indexPath) { c.isHighlighted = false }
        cancelInteraction()
        setEditing(true, animated: true)
        if isMultipleSelectionActive {
            setSelected(true, rows: ip.row..<(ip.row + 1), section: ip.section, animated: true, notify: true)
        }
        tracked.place(at: ip)
        return true
    }

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
        if let table = self as? TableView, table.handleCellFocusArrow(key, modifiers: modifiers) { return true }
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
        tracked.keyMoved(to: target, goal: keepsGoal ? goalX : nil)
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
        setNeedsDisplay()
        return true
    }

    // MARK: Private

    private func click(_ ip: ItemPath, modifiers: InputModifiers) {
        tracked.focus(on: ip)
        if isMultipleSelectionActive {
            if modifiers.contains(.shift), let anchor = tracked.rangeAnchor {
                selectRange(from: anchor, to: ip)
                return
            }
            tracked.anchorRanges(at: ip)
            if isEditing || modifiers.contains(.control) {
                let selected = !isSelected(ip)
                setSelected(selected, rows: ip.row..<(ip.row + 1), section: ip.section, animated: true, notify: false)
                if selected { delegateAdapter.didSelect(ip) } else { delegateAdapter.didDeselect(ip) }
                delegateAdapter.selectionDidChange()
                return
            }
        }
        tracked.anchorRanges(at: ip)
        selectByUser(ip)
    }

    /// A user's single selection: deselects the others, selects `ip`, tells the delegate
    /// about every item it deselected (many, when multiple selection is on) and then `ip`.
    /// The selection before is kept as ranges, so memory stays O(ranges).
    func selectByUser(_ ip: ItemPath) {
        let before = (0..<selection.sectionCount).map { selection.ranges(inSection: $0) }
        deselectAll(animated: true, notify: false, except: ip)
        setSelected(true, rows: ip.row..<(ip.row + 1), section: ip.section, animated: true)
        for (s, ranges) in before.enumerated() {
            for range in ranges {
                for row in range where s != ip.section || row != ip.row { delegateAdapter.didDeselect(ItemPath(row: row, section: s)) }
            }
        }
        delegateAdapter.didSelect(ip)
        delegateAdapter.selectionDidChange()
    }

    /// Selects exactly the rows between two index paths (inclusive, across sections),
    /// keeping the rest of the selection.
    func selectRange(from a: ItemPath, to b: ItemPath) {
        let (lo, hi) = a < b ? (a, b) : (b, a)
        for s in lo.section...hi.section where s < geometry.numberOfSections {
            let start = s == lo.section ? lo.row : 0
            let end = s == hi.section ? hi.row + 1 : geometry.numberOfItems(in: s)
            setSelected(true, rows: start..<end, section: s, animated: true)
        }
        delegateAdapter.selectionDidChange()
    }

    private func extendDrag(to p: Point) {
        guard interaction.drag != nil else { return }
        let along = axis(p).along.clamped(0, max(0, viewport.length - 1)) + offset
        let across = axis(p).across.clamped(0, max(0, viewport.breadth - 1))
        let ip = geometry.itemForDrag(at: viewport.axis.point(along: along, across: across))
        if let ip, ip != interaction.drag!.current {
            interaction.dragReached(ip)
            applyDrag()
        }
    }

    /// selection = the drag's base with the provisional range set (or cleared).
    private func applyDrag() {
        guard let drag = interaction.drag else { return }
        selection.applyDrag(from: drag.anchor, to: drag.current, selecting: drag.selecting) { self.geometry.numberOfItems(in: $0) }
        syncMountedSelection(animated: true)
        delegateAdapter.selectionDidChange()
    }

    /// Brings every mounted cell's selection in line with the model.
    func syncMountedSelection(animated: Bool) {
        for m in items.entries {
            let selected = isSelected(m.indexPath)
            guard m.cell.isSelected != selected else { continue }
            selection.setTransition(animated ? Transition(from: m.cell.selectionProgress, to: selected ? 1 : 0,
                                                          duration: Self.selectionAnimationDuration) : nil, for: m.indexPath)
            m.cell.setSelected(selected, animated: animated)
        }
        updateAnimatedCellState()
        if animated && selection.isAnimating { host?.tableViewNeedsAnimationTicks(self) }
        setNeedsDisplay()
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
