/// Row actions in the engine (declared in RowActions/RowActions.swift): the edit-mode delete and insert
/// controls and `commit`, the Delete key, swipe actions (an open row, its revealed actions,
/// full swipes) and what completing an action does to the table. The host translates its
/// events into these calls; the subclass's delegate adapter asks the data source and
/// delegate in UIKit's names.

extension ListBase {
    /// The width of one swipe action's button when the row is open.
    public static let swipeActionWidth = 80.0
    /// How long a released row takes to ease open or closed.
    public static let swipeSettleDuration = 0.2

    /// The row a swipe moves or holds open; nil when none.
    public var swipedIndexPath: IndexPath? { rowActions.swipe?.indexPath.indexPath }
    /// How far the swiped row's content is moved across (x in a table): > 0 shows the
    /// leading actions, < 0 the trailing ones; 0 when no row is swiped.
    public var swipeOffset: Double { rowActions.swipe?.offset ?? 0 }
    /// True when a row stays open (not tracking) with its actions showing.
    public var hasOpenSwipe: Bool { rowActions.swipe.map { !$0.isTracking && $0.offset != 0 } ?? false }
    /// The actions on the side the swipe shows, the first nearest the row's edge.
    public var revealedSwipeActions: [ContextualAction] { rowActions.swipe?.revealed?.actions ?? [] }
    /// The inconsistency the last row action or `commit` caused: a destructive action that
    /// completed `true`, or a commit, left the data source's counts unlike the table's
    /// (e.g. the row was not removed from the data source). It is the error a bad batch
    /// update throws, and the table was left exactly as it was. Nil after one that went well.
    public var lastRowActionError: BatchUpdateError? { rowActions.lastError }

    // MARK: Swiping

    /// Starts tracking a swipe of the row under a viewport point (a horizontal drag or
    /// touchpad scroll began there). An open row under the point resumes from where it is;
    /// any other open row closes. Returns false (and tracks nothing) in edit mode, off the
    /// rows, or when the row has no swipe actions or cannot be edited (`canEditRowAt`).
    @discardableResult
    @_spi(Hosting) public func beginSwipe(atViewportPoint p: Point) -> Bool {
        defer { checkInvariantsAfterMutation() }
        layoutIfNeeded()
        guard !isEditing, let ip = itemPath(atViewportPoint: p), geometry.contains(ip), let cell = mountedCell(at: ip) else {
            closeSwipe()
            return false
        }
        if var s = rowActions.swipe, s.indexPath == ip, s.cell == ObjectIdentifier(cell) {
            s.isTracking = true
            s.startOffset = s.offset
            rowActions.hold(s, resumed: true)
            return true
        }
        closeSwipe()
        guard delegateAdapter.canEditItem(at: ip) else { return false }
        let leading = delegateAdapter.swipeActions(at: ip, leading: true).flatMap { $0.actions.isEmpty ? nil : $0 }
        let trailing = delegateAdapter.swipeActions(at: ip, leading: false).flatMap { $0.actions.isEmpty ? nil : $0 }
        guard leading != nil || trailing != nil else { return false }
        rowActions.hold(RowActionState.Swipe(indexPath: ip, cell: ObjectIdentifier(cell), offset: 0, startOffset: 0,
                                             leading: leading, trailing: trailing, isTracking: true))
        return true
    }

    /// A press that moved past the drag threshold to `p` swipes its row when the drag runs
    /// mostly across the rows, outside edit mode, with no modifier and no drag-select (the
    /// row must have swipe actions). The press then tracks the swipe.
    func beginSwipe(by press: InteractionState.Press, movedTo p: Point) -> Bool {
        let axis = viewport.axis
        let across = abs(axis.across(p) - axis.across(press.start))
        let along = abs(axis.along(p) - axis.along(press.start))
        guard !isEditing, interaction.drag == nil, press.modifiers.isEmpty, across > along * 1.5,
              beginSwipe(atViewportPoint: press.start) else { return false }
        if let c = mountedCell(at: press.indexPath), c.isHighlighted { c.isHighlighted = false }
        var swiping = press
        swiping.swiping = true
        interaction.track(swiping)
        updateSwipe(translation: axis.across(p) - axis.across(press.start))
        return true
    }

    /// Holds the item at `ip` open on `config`'s side at once (an accessibility action: as if
    /// swiped open); false when the item is not mounted.
    func openSwipe(at ip: ItemPath, leading: Bool, _ config: SwipeActionsConfiguration) -> Bool {
        guard let cell = mountedCell(at: ip) else { return false }
        closeSwipe()
        let width = revealedWidth(config, ip)
        rowActions.hold(RowActionState.Swipe(indexPath: ip, cell: ObjectIdentifier(cell), offset: leading ? width : -width,
                                             startOffset: 0, leading: leading ? config : nil,
                                             trailing: leading ? nil : config, isTracking: false))
        setNeedsDisplay()
        return true
    }

    /// Moves the tracked swipe: `translation` is how far the pointer (or scroll) has moved
    /// across since `beginSwipe` (positive: towards the trailing edge, revealing the leading
    /// actions). A side without actions does not move; without full swipes, the row resists
    /// past its actions.
    @_spi(Hosting) public func updateSwipe(translation: Double) {
        defer { checkInvariantsAfterMutation() }
        guard var s = rowActions.swipe, s.isTracking, translation.isFinite else { return }
        var o = s.startOffset + translation
        if o > 0 && s.leading == nil || o < 0 && s.trailing == nil { o = 0 }
        s.offset = o
        if let config = s.revealed, !config.performsFirstActionWithFullSwipe {
            let w = revealedWidth(config, s.indexPath)
            if abs(o) > w { o = (o > 0 ? 1 : -1) * (w + (abs(o) - w) * 0.3) }
        }
        let breadth = swipeBreadth(s.indexPath)
        s.offset = o.clamped(-breadth, breadth)
        rowActions.hold(s)
        setNeedsDisplay()
    }

    /// The pointer was released (or the touchpad scroll ended): past the full-swipe point
    /// the first action is performed (when the configuration allows it); past half its
    /// actions the row stays open showing them; otherwise it closes.
    @_spi(Hosting) public func endSwipe() {
        defer { checkInvariantsAfterMutation() }
        guard var s = rowActions.swipe, s.isTracking else { return }
        s.isTracking = false
        guard let config = s.revealed else { closeSwipe(); return }
        let w = revealedWidth(config, s.indexPath)
        let sign = s.offset > 0 ? 1.0 : -1.0
        if config.performsFirstActionWithFullSwipe && abs(s.offset) >= fullSwipeDistance(w, s.indexPath) {
            s.offset = sign * swipeBreadth(s.indexPath)
            rowActions.hold(s)
            setNeedsDisplay()
            performSwipeAction(at: 0)
            return
        }
        if abs(s.offset) > w / 2 {
            startSettling(s, to: sign * w)
            s.offset = sign * w
            rowActions.hold(s)
            setNeedsDisplay()
        } else {
            closeSwipe()
        }
    }

    /// Closes the open (or tracked) row; it eases shut when the view has a clock.
    public func closeSwipe() {
        guard let s = rowActions.swipe else { return }
        startSettling(s, to: 0)
        rowActions.close()
        setNeedsDisplay()
    }

    /// A press on the open row (OpenSwipeInteraction): on one of its actions it is kept for
    /// the release; anywhere else the row closes.
    func pressOpenRow(at p: Point) {
        let action = swipeActionIndex(atViewportPoint: p)
        rowActions.pressOpenRow(action: action, at: p)
        if action == nil { closeSwipe() }
    }

    /// The press on the open row was released at `p`: released on the action it pressed, the
    /// action is performed; otherwise the row closes.
    func releaseOpenRow(at p: Point) {
        guard let open = rowActions.takePressOnOpenRow() else { return }
        if let action = open.action, swipeActionIndex(atViewportPoint: p) == action { performSwipeAction(at: action) } else { closeSwipe() }
    }

    /// The press on the open row was cancelled: nothing is performed.
    func cancelPressOnOpenRow() { rowActions.takePressOnOpenRow() }

    /// Forgets the swipe at once (an update, a reload, edit mode: the row may be gone).
    func dropSwipe() {
        if rowActions.drop() { setNeedsDisplay() }
    }

    /// Eases the drawn row from where it is to `target` over `swipeSettleDuration` (only with
    /// a running clock: without one the row is drawn where it settles).
    private func startSettling(_ s: RowActionState.Swipe, to target: Double) {
        guard let now, s.offset != target else { rowActions.stopSettling(); return }
        let from = rowActions.settling.map { $0.swipe.indexPath == s.indexPath ? $0.offset.value(at: now) : s.offset } ?? s.offset
        var t = Transition(from: from, to: target, duration: Self.swipeSettleDuration)
        t.pin(at: now)
        rowActions.settle(s, along: t)
        keepAnimating(for: Self.swipeSettleDuration)
    }

    /// The index (in `revealedSwipeActions`) of the action button under a viewport point,
    /// when a row is swiped; nil elsewhere.
    @_spi(Hosting) public func swipeActionIndex(atViewportPoint p: Point) -> Int? {
        guard let s = rowActions.swipe, let config = s.revealed, itemPath(atViewportPoint: p) == s.indexPath else { return nil }
        let breadth = swipeBreadth(s.indexPath)
        let across = viewport.axis.across(p) - swipeStart(s.indexPath)
        let strip = abs(s.offset)
        // Distance from the revealed edge inwards.
        let fromEdge = s.offset > 0 ? across : breadth - across
        guard fromEdge >= 0, fromEdge < strip else { return nil }
        let n = config.actions.count
        if abs(s.offset) >= fullSwipeDistance(revealedWidth(config, s.indexPath), s.indexPath) && config.performsFirstActionWithFullSwipe { return 0 }
        return min(n - 1, Int(fromEdge / (strip / Double(n))))
    }

    /// Performs a revealed action (a click on its button, or a full swipe): its handler runs
    /// with a completion. Completing `true` closes the row and, for a destructive action,
    /// deletes the row with the delete animation, unless the handler already updated the
    /// table itself (a batch update ran); the data source must have removed the row, or
    /// nothing changes and `lastRowActionError` says why. Completing `false` closes the row.
    public func performSwipeAction(at index: Int) {
        defer { checkInvariantsAfterMutation() }
        guard let s = rowActions.swipe, let config = s.revealed, config.actions.indices.contains(index) else { return }
        let action = config.actions[index]
        let ip = s.indexPath
        let batches = statistics.batchUpdates
        var completed = false
        action.perform(from: swipeActionSource(s, config, index)) { [weak self] done in
            guard let self, !completed else { return }
            completed = true
            self.completeRowAction(done: done, destructive: action.style == .destructive, at: ip, batchesBefore: batches)
        }
    }

    /// The button of the action at `index` on the swiped row as it is drawn now (UIKit's
    /// `sourceView`): its strip of the revealed actions, or the whole strip after a full swipe.
    private func swipeActionSource(_ s: RowActionState.Swipe, _ config: SwipeActionsConfiguration, _ index: Int) -> ContextualAction.Source {
        let axis = viewport.axis
        let row = itemRect(s.indexPath)
        let breadth = swipeBreadth(s.indexPath)
        let strip = abs(s.offset)
        let full = config.performsFirstActionWithFullSwipe && strip >= fullSwipeDistance(revealedWidth(config, s.indexPath), s.indexPath)
        let segment = full ? strip : strip / Double(config.actions.count)
        let fromEdge = full ? 0 : Double(index) * segment
        let start = s.offset > 0 ? fromEdge : breadth - fromEdge - segment
        let across = swipeStart(s.indexPath) + viewport.acrossOffset + start
        let frame = axis.rect(along: axis.start(of: row), length: axis.length(of: row), across: across, breadth: segment)
        return ContextualAction.Source(listView: self, indexPath: s.indexPath.indexPath, cell: mountedCell(at: s.indexPath),
                                       frame: frame, actionIndex: index, isFullSwipe: full)
    }

    /// A row action's completion: closes the row; a destructive one that completed `true`
    /// deletes the row unless the handler's own batch update did.
    private func completeRowAction(done: Bool, destructive: Bool, at ip: ItemPath, batchesBefore: Int) {
        defer { checkInvariantsAfterMutation() }
        if statistics.batchUpdates != batchesBefore { dropSwipe() } else if rowActions.swipe?.indexPath == ip { closeSwipe() }
        guard done, destructive, statistics.batchUpdates == batchesBefore else { return }
        applyRowActionChange(deleting: true, at: ip)
    }

    // MARK: Edit mode: commit

    /// Commits the row's editing style as the user's delete or insert control (or the Delete
    /// key) asks: `commit editingStyle:forRowAt:`. A data source that updates the table
    /// itself (a batch update, as in UIKit) is left to it; one that only changed its model
    /// gets the row deleted (or inserted) with the row animation. Counts that do not add up
    /// leave the table as it was and set `lastRowActionError`.
    func commitEditing(_ style: TableViewCell.EditingStyle, at ip: ItemPath) {
        guard style != .none, geometry.contains(ip) else { return }
        dropSwipe()
        let batches = statistics.batchUpdates
        let before = geometry.numberOfItems(in: ip.section)
        delegateAdapter.commitEditing(style, at: ip)
        guard statistics.batchUpdates == batches else { return }
        guard dataAdapter.itemCount(inSection: ip.section) != before || ip.section >= dataAdapter.sectionCount() else { return }
        applyRowActionChange(deleting: style == .delete, at: ip)
    }

    /// Deletes (or inserts) one row in a batch update, animated; a refused batch is recorded
    /// in `lastRowActionError` and logged, the table staying as it was.
    private func applyRowActionChange(deleting: Bool, at ip: ItemPath) {
        do {
            try performBatchUpdatesThrowing({
                if deleting { batchDelete([ip], .automatic) } else { batchInsert([ip], .automatic) }
            }, completion: nil)
            rowActions.record(nil)
        } catch let error as BatchUpdateError {
            rowActions.record(error)
            Self.logger.error("PoolTable: a row action \(deleting ? "deleting" : "inserting") row \(ip.row) in section \(ip.section) was refused: \(error)")
        } catch {
            Self.logger.error("PoolTable: a row action failed: \(error)")
        }
    }

    /// The Delete key on the keyboard cursor's row: commits `.delete` when the row can be
    /// edited and its editing style is `.delete`.
    func deleteKey(at ip: ItemPath) -> Bool {
        guard geometry.contains(ip), delegateAdapter.canEditItem(at: ip), delegateAdapter.editingStyle(at: ip) == .delete else { return false }
        commitEditing(.delete, at: ip)
        return true
    }

    /// Whether a press at `local` (cell coordinates) in edit mode lands on the row's delete
    /// or insert control.
    func editingControlStyle(of cell: ReusableCell, at local: Point) -> TableViewCell.EditingStyle? {
        guard isEditing, !allowsMultipleSelectionDuringEditing, let cell = cell as? any EditingControlCell,
              cell.editingStyle != .none, local.x >= 0, local.x < TableViewCell.editingControlWidth else { return nil }
        return cell.editingStyle
    }

    /// Sets the row's editing control on a table cell (edit mode only): its style, whether
    /// the content indents, and whether the control is the multiple-selection checkbox.
    func applyEditingControl(to cell: ReusableCell, at ip: ItemPath) {
        guard isEditing, let cell = cell as? any EditingControlCell else { return }
        let editable = delegateAdapter.canEditItem(at: ip)
        let style = editable ? delegateAdapter.editingStyle(at: ip) : .none
        let indents = editable && delegateAdapter.indentsWhileEditing(at: ip)
        let checkbox = allowsMultipleSelectionDuringEditing
        guard cell.editingStyle != style || cell.shouldIndentWhileEditing != indents || cell.showsEditingCheckbox != checkbox else { return }
        cell.editingStyle = style
        cell.shouldIndentWhileEditing = indents
        cell.showsEditingCheckbox = checkbox
        cell.setNeedsDisplay()
    }

    // MARK: Geometry and drawing

    /// How far across a swiped item may move: the viewport's breadth for a table's row (as
    /// UIKit's), a grid item's own breadth.
    private func swipeBreadth(_ ip: ItemPath) -> Double {
        guard delegateAdapter.swipesWithinItem else { return viewport.breadth }
        return min(viewport.breadth, viewport.axis.breadth(of: itemRect(ip)))
    }

    /// Where the swiped item starts across, in viewport coordinates (0 for a table's row,
    /// whose actions are laid out across the viewport).
    private func swipeStart(_ ip: ItemPath) -> Double {
        guard delegateAdapter.swipesWithinItem else { return 0 }
        return viewport.axis.acrossStart(of: itemRect(ip)) - viewport.acrossOffset
    }

    private func revealedWidth(_ config: SwipeActionsConfiguration, _ ip: ItemPath) -> Double {
        min(swipeBreadth(ip), Double(config.actions.count) * Self.swipeActionWidth)
    }

    /// How far a swipe must go for a full swipe: well past the actions, and most of the row.
    private func fullSwipeDistance(_ revealed: Double, _ ip: ItemPath) -> Double {
        let breadth = swipeBreadth(ip)
        return min(breadth * 0.95, max(revealed + 40, breadth * 0.6))
    }

    /// The swipe drawn on the mounted item in slot `k`, if it is the swiped one.
    func drawnSwipe(ofSlot k: Int) -> RowActionState.Swipe? {
        rowActions.dropFinishedSettling(at: now)
        var drawn = rowActions.swipe
        if let settling = rowActions.settling, !(rowActions.swipe?.isTracking ?? false) {
            drawn = settling.swipe
            drawn?.offset = settling.offset.value(at: now)
        }
        guard let s = drawn, s.offset != 0 else { return nil }
        let m = items[k]
        guard m.indexPath == s.indexPath, s.cell == ObjectIdentifier(m.cell) else { return nil }
        return s
    }

    /// Draws the revealed actions of a swiped row under it (cell coordinates, `size` the
    /// row's): equal buttons across the revealed strip, the first nearest the edge (filling
    /// the strip past the full-swipe point).
    func drawSwipeActions(_ s: RowActionState.Swipe, size: Size, in canvas: Canvas) {
        guard let config = s.revealed else { return }
        let theme = canvas.theme
        let axis = viewport.axis
        let breadth = axis.breadth(of: size), length = axis.length(of: size)
        let strip = abs(s.offset)
        let full = config.performsFirstActionWithFullSwipe && strip >= fullSwipeDistance(revealedWidth(config, s.indexPath), s.indexPath)
        let actions = full ? [config.actions[0]] : config.actions
        let segment = strip / Double(actions.count)
        for (i, action) in actions.enumerated() {
            let fromEdge = Double(i) * segment
            let start = s.offset > 0 ? fromEdge : breadth - fromEdge - segment
            let rect = axis.rect(along: 0, length: length, across: start, breadth: segment)
            let color = action.backgroundColor ?? (action.style == .destructive ? theme.destructive : Color(hex: 0x77767b))
            canvas.fill(rect, color: color)
            guard let title = action.title, segment > 8 else { continue }
            let style = TextStyle(font: Font(size: 13, weight: .semibold), color: .white, alignment: .center, maxLines: 1)
            let h = canvas.measureText(title, width: segment - 8, style: style, cache: nil).height
            canvas.drawText(title, in: Rect(x: rect.minX + 4, y: rect.midY - h / 2, width: max(0, rect.width - 8), height: h),
                            style: style, cache: nil)
        }
    }
}
