import Foundation

/// Pointer and keyboard input, in viewport coordinates. The host translates its events into
/// these calls and holds no table logic of its own.
public struct InputModifiers: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let shift = InputModifiers(rawValue: 1)
    public static let control = InputModifiers(rawValue: 2)
}

/// Keys the table handles itself.
public enum TableKey: Sendable { case up, down, pageUp, pageDown, home, end, space, enter }

/// Press, drag-select and keyboard state.
struct InteractionState {
    var allowsMultipleSelection = false
    var allowsMultipleSelectionDuringEditing = false
    var showsFocusRing = false
    /// The keyboard focus row.
    var focus: IndexPath?
    /// Where Shift ranges start.
    var rangeAnchor: IndexPath?
    var press: Press?
    var drag: DragSelection?
    /// Pixels per second, negative upwards; non-zero while a drag-select auto-scrolls.
    var autoScrollVelocity = 0.0
    var lastAutoScrollTime: Double?
    var fallbackCanvas: Canvas?

    struct Press {
        var indexPath: IndexPath
        var start: Point
        var target: String?
        var onCheckbox: Bool
        var modifiers: InputModifiers
        var moved = false
    }

    /// A drag across the checkbox column: one provisional range over the selection as it
    /// was when the drag began, committed on release.
    struct DragSelection {
        var base: [RowRangeSet]
        var anchor: IndexPath
        var current: IndexPath
        var selecting: Bool
        var pointer: Point
    }

    mutating func cancelDrag() { drag = nil; press = nil; autoScrollVelocity = 0; lastAutoScrollTime = nil }
    mutating func reset() { cancelDrag(); focus = nil; rangeAnchor = nil }
}

extension TableView {
    /// Height of the zones at the top and bottom edge where a drag-select auto-scrolls.
    public static let autoScrollEdge = 56.0
    /// Auto-scroll speed (px/s) at the very edge; it grows quadratically with depth into the zone.
    public static let autoScrollMaxSpeed = 1600.0
    static let dragThreshold = 4.0

    public var focusedIndexPath: IndexPath? { interaction.focus }
    /// True while a drag across the checkboxes is selecting or deselecting rows.
    public var isDragSelecting: Bool { interaction.drag != nil }

    /// The row under a viewport point.
    public func indexPathForRow(atViewportPoint p: Point) -> IndexPath? {
        indexPathForRow(at: Point(x: p.x, y: p.y + offsetY))
    }

    /// A primary button press (or touch) at a viewport point. A second click (`clickCount`
    /// 2) outside edit mode activates the row (`didActivateRowAt`).
    public func pointerDown(at p: Point, modifiers: InputModifiers = [], clickCount: Int = 1) {
        layoutIfNeeded()
        interaction.cancelDrag()
        guard let ip = indexPathForRow(atViewportPoint: p) else { return }
        if clickCount >= 2 && !editingState && layout.contains(ip) {
            delegate?.tableView(self, didActivateRowAt: ip)
            return
        }
        let cell = cellForRow(at: ip)
        let local = cell.map { Point(x: p.x - $0.frame.minX, y: p.y + offsetY - $0.frame.minY) }
        let target = cell.flatMap { c in c.hitTargets.first { $0.rect.contains(local!) }?.name }
        let onCheckbox = editingState && isMultipleSelectionActive && (local?.x ?? .infinity) < TableViewCell.editingControlWidth
        interaction.press = InteractionState.Press(indexPath: ip, start: p, target: target, onCheckbox: onCheckbox, modifiers: modifiers)
        if target == nil && !editingState, let cell { cell.isHighlighted = true; setNeedsDisplay() }
        if onCheckbox && modifiers.isEmpty {
            let selecting = !isRowSelected(at: ip)
            interaction.drag = InteractionState.DragSelection(base: selection, anchor: ip, current: ip, selecting: selecting, pointer: p)
            applyDrag()
        }
    }

    /// The pointer moved with the button held.
    public func pointerDragged(to p: Point) {
        guard var press = interaction.press else { return }
        if hypot(p.x - press.start.x, p.y - press.start.y) > Self.dragThreshold && !press.moved {
            press.moved = true
            interaction.press = press
            if let c = cellForRow(at: press.indexPath), c.isHighlighted { c.isHighlighted = false; setNeedsDisplay() }
        }
        guard interaction.drag != nil else { return }
        interaction.drag!.pointer = p
        updateAutoScroll(for: p)
        extendDrag(to: p)
    }

    /// The button was released.
    public func pointerUp(at p: Point) {
        defer { interaction.press = nil }
        guard let press = interaction.press else { return }
        if let c = cellForRow(at: press.indexPath), c.isHighlighted { c.isHighlighted = false; setNeedsDisplay() }
        if interaction.drag != nil {
            interaction.drag = nil
            interaction.autoScrollVelocity = 0
            interaction.lastAutoScrollTime = nil
            interaction.focus = press.indexPath
            interaction.rangeAnchor = press.indexPath
            delegate?.tableViewSelectionDidChange(self)
            return
        }
        guard !press.moved, indexPathForRow(atViewportPoint: p) == press.indexPath, layout.contains(press.indexPath) else { return }
        if let target = press.target {
            delegate?.tableView(self, didTapTarget: target, inRowAt: press.indexPath)
            return
        }
        click(press.indexPath, modifiers: press.modifiers)
    }

    /// The press was taken over (e.g. by scrolling) or the pointer left.
    public func pointerCancelled() {
        if let press = interaction.press, let c = cellForRow(at: press.indexPath) { c.isHighlighted = false }
        if interaction.drag != nil { delegate?.tableViewSelectionDidChange(self) }
        interaction.cancelDrag()
        setNeedsDisplay()
    }

    /// Activates the row under a viewport point (a double click outside edit mode):
    /// `didActivateRowAt`. Returns false when nothing was activated.
    @discardableResult
    public func activateRow(atViewportPoint p: Point) -> Bool {
        guard !editingState, let ip = indexPathForRow(atViewportPoint: p) else { return false }
        delegate?.tableView(self, didActivateRowAt: ip)
        return true
    }

    /// A long press outside edit mode enters edit mode with that row selected.
    @discardableResult
    public func longPress(at p: Point) -> Bool {
        guard !editingState, let ip = indexPathForRow(atViewportPoint: p) else { return false }
        if let press = interaction.press, let c = cellForRow(at: press.indexPath) { c.isHighlighted = false }
        interaction.cancelDrag()
        setEditing(true, animated: true)
        if isMultipleSelectionActive {
            setSelected(true, rows: ip.row..<(ip.row + 1), section: ip.section, animated: true, notify: true)
        }
        interaction.focus = ip
        interaction.rangeAnchor = ip
        return true
    }

    /// Handles a navigation or selection key; returns false if the key is not the table's.
    @discardableResult
    public func handleKey(_ key: TableKey, modifiers: InputModifiers = []) -> Bool {
        layoutIfNeeded()
        guard let first = firstIndexPath, let last = lastIndexPath else { return false }
        let current = interaction.focus.flatMap { layout.contains($0) ? $0 : nil }
        interaction.showsFocusRing = true
        var next: IndexPath?
        switch key {
        case .up: next = current.map { row(before: $0) ?? $0 } ?? first
        case .down: next = current.map { row(after: $0) ?? $0 } ?? first
        case .home: next = first
        case .end: next = last
        case .pageUp, .pageDown:
            let from = current.map { layout.rowExtent($0).y } ?? offsetY
            let y = from + (key == .pageUp ? -1 : 1) * max(1, frame.height - 44)
            next = y <= 0 ? first : (layout.indexPath(atOffset: y) ?? (y >= layout.totalHeight ? last : firstRow(atOrBelow: y) ?? last))
            let target = (offsetY + (key == .pageUp ? -1 : 1) * max(1, frame.height - 44))
            setContentOffset(Point(x: 0, y: target), animated: false)
        case .space, .enter:
            guard let ip = current else { interaction.focus = first; setNeedsDisplay(); return true }
            if key == .enter && !editingState { delegate?.tableView(self, didActivateRowAt: ip); return true }
            click(ip, modifiers: isMultipleSelectionActive ? [.control] : [])
            return true
        }
        guard let target = next else { return true }
        interaction.focus = target
        if modifiers.contains(.shift) && isMultipleSelectionActive {
            let anchor = interaction.rangeAnchor ?? current ?? target
            interaction.rangeAnchor = anchor
            selectRange(from: anchor, to: target)
        } else {
            interaction.rangeAnchor = target
            if !editingState { selectByUser(target) }
        }
        scrollToRow(at: target, at: .none, animated: false)
        setNeedsDisplay()
        return true
    }

    // MARK: Private

    private func click(_ ip: IndexPath, modifiers: InputModifiers) {
        interaction.focus = ip
        if isMultipleSelectionActive {
            if modifiers.contains(.shift), let anchor = interaction.rangeAnchor {
                selectRange(from: anchor, to: ip)
                return
            }
            interaction.rangeAnchor = ip
            if editingState || modifiers.contains(.control) {
                let selected = !isRowSelected(at: ip)
                setSelected(selected, rows: ip.row..<(ip.row + 1), section: ip.section, animated: true, notify: false)
                if selected { delegate?.tableView(self, didSelectRowAt: ip) } else { delegate?.tableView(self, didDeselectRowAt: ip) }
                delegate?.tableViewSelectionDidChange(self)
                return
            }
        }
        interaction.rangeAnchor = ip
        selectByUser(ip)
    }

    /// A user's single selection: deselects the others, selects `ip`, tells the delegate.
    private func selectByUser(_ ip: IndexPath) {
        for old in selectedIndexPathsNear(except: ip) { delegate?.tableView(self, didDeselectRowAt: old) }
        deselectAll(animated: true, notify: false, except: ip)
        setSelected(true, rows: ip.row..<(ip.row + 1), section: ip.section, animated: true)
        delegate?.tableView(self, didSelectRowAt: ip)
        delegate?.tableViewSelectionDidChange(self)
    }

    /// Up to a few selected rows other than `ip` (single selection has at most one).
    private func selectedIndexPathsNear(except ip: IndexPath) -> [IndexPath] {
        var out: [IndexPath] = []
        for (s, set) in selection.enumerated() {
            for r in set.rows where IndexPath(row: r, section: s) != ip {
                out.append(IndexPath(row: r, section: s))
                if out.count >= 8 { return out }
            }
        }
        return out
    }

    /// Selects exactly the rows between two index paths (inclusive, across sections),
    /// keeping the rest of the selection.
    func selectRange(from a: IndexPath, to b: IndexPath) {
        let (lo, hi) = a < b ? (a, b) : (b, a)
        for s in lo.section...hi.section where s < layout.numberOfSections {
            let start = s == lo.section ? lo.row : 0
            let end = s == hi.section ? hi.row + 1 : layout.numberOfRows(in: s)
            setSelected(true, rows: start..<end, section: s, animated: true)
        }
        delegate?.tableViewSelectionDidChange(self)
    }

    private func extendDrag(to p: Point) {
        guard interaction.drag != nil else { return }
        let y = p.y.clamped(0, max(0, frame.height - 1)) + offsetY
        let ip = layout.indexPath(atOffset: y) ?? firstRow(atOrBelow: y) ?? lastIndexPath
        if let ip, ip != interaction.drag!.current {
            interaction.drag!.current = ip
            applyDrag()
        }
    }

    /// selection = the drag's base with the provisional range set (or cleared).
    private func applyDrag() {
        guard let drag = interaction.drag else { return }
        selection = drag.base
        let (lo, hi) = drag.anchor < drag.current ? (drag.anchor, drag.current) : (drag.current, drag.anchor)
        for s in lo.section...hi.section where s < layout.numberOfSections {
            let start = s == lo.section ? lo.row : 0
            let end = s == hi.section ? hi.row + 1 : layout.numberOfRows(in: s)
            if drag.selecting { selection[s].insert(start..<end) } else { selection[s].remove(start..<end) }
        }
        syncMountedSelection(animated: true)
        delegate?.tableViewSelectionDidChange(self)
    }

    /// Brings every mounted cell's selection in line with the model.
    func syncMountedSelection(animated: Bool) {
        for m in mounted {
            let selected = isRowSelected(at: m.indexPath)
            guard m.cell.isSelected != selected else { continue }
            selectionTransitions[m.indexPath] = animated
                ? Transition(from: m.cell.selectionProgress, to: selected ? 1 : 0, duration: Self.selectionAnimationDuration) : nil
            m.cell.setSelected(selected, animated: animated)
        }
        updateAnimatedCellState()
        if animated && !selectionTransitions.isEmpty { host?.tableViewNeedsAnimationTicks(self) }
        setNeedsDisplay()
    }

    private func updateAutoScroll(for p: Point) {
        let edge = min(Self.autoScrollEdge, frame.height / 4)
        var v = 0.0
        if p.y < edge {
            let depth = min(1, (edge - p.y) / edge)
            v = -Self.autoScrollMaxSpeed * depth * depth
        } else if p.y > frame.height - edge {
            let depth = min(1, (p.y - (frame.height - edge)) / edge)
            v = Self.autoScrollMaxSpeed * depth * depth
        }
        let wasScrolling = interaction.autoScrollVelocity != 0
        interaction.autoScrollVelocity = v
        if v == 0 { interaction.lastAutoScrollTime = nil }
        if v != 0 && !wasScrolling { host?.tableViewNeedsAnimationTicks(self) }
    }

    /// Moves the viewport while a drag-select holds the pointer in an edge zone, and keeps
    /// extending the range under the (still) pointer.
    func advanceAutoScroll(to t: Double) -> Bool {
        guard interaction.autoScrollVelocity != 0, let drag = interaction.drag else { return false }
        let last = interaction.lastAutoScrollTime ?? t
        interaction.lastAutoScrollTime = t
        let dt = min(0.1, max(0, t - last))
        guard dt > 0 else { return true }
        setOffsetY(offsetY + interaction.autoScrollVelocity * dt, reason: .engine)
        extendDrag(to: drag.pointer)
        return true
    }
}
