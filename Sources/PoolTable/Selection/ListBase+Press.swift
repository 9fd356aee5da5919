/// The press on an item (Selection/SelectionInteractions): what it holds, how a release
/// ends it, and the clicks that select.
extension ListBase {
    /// The press held for a press on item `ip`: the hit target under it, and whether it
    /// starts a drag-select (edit mode, multiple selection, where the delegate says so).
    func heldPress(for press: PointerPress, at ip: ItemPath) -> InteractionState.Press {
        let cell = mountedCell(at: ip)
        let local = cell.map { localPoint(press.point, in: $0) } ?? Point(x: .infinity, y: .infinity)
        let target = cell.flatMap { c in c.hitTargets.first { $0.rect.contains(local) }?.name }
        let startsDrag = target == nil && isEditing && isMultipleSelectionActive && delegateAdapter.beginsDragSelection(at: ip, localPoint: local)
        return InteractionState.Press(indexPath: ip, start: press.point, target: target, onCheckbox: startsDrag, modifiers: press.modifiers)
    }

    /// Holds `press` from now on; off a hit target it notes the edit-mode control under it
    /// and, outside edit mode, highlights the item.
    func trackPress(_ press: InteractionState.Press) {
        interaction.track(press)
        guard press.target == nil, let cell = mountedCell(at: press.indexPath) else { return }
        interaction.pressOnEditingControl(editingControlStyle(of: cell, at: localPoint(press.start, in: cell)))
        if !isEditing { cell.isHighlighted = true; setNeedsDisplay() }
    }

    /// A viewport point in a mounted cell's coordinates.
    func localPoint(_ p: Point, in cell: ReusableCell) -> Point {
        let content = contentPoint(p)
        return Point(x: content.x - cell.frame.minX, y: content.y - cell.frame.minY)
    }

    /// Whether the pointer at `p` is past the drag threshold from where `press` began.
    func isPastDragThreshold(_ press: InteractionState.Press, _ p: Point) -> Bool {
        Math.hypot(p.x - press.start.x, p.y - press.start.y) > Self.dragThreshold
    }

    /// The held press, the first time the pointer passes the drag threshold: marked moved and
    /// returned; nil before that and after it (one place for the gestures that follow a drag).
    func pressFirstMovedPastThreshold(to p: Point) -> InteractionState.Press? {
        guard var press = interaction.press, !press.moved, isPastDragThreshold(press, p) else { return nil }
        press.moved = true
        interaction.track(press)
        return press
    }

    /// The pressed item's highlight goes (`redraw`: and the view redraws).
    func unhighlight(_ press: InteractionState.Press, redraw: Bool = true) {
        guard let c = mountedCell(at: press.indexPath), c.isHighlighted else { return }
        c.isHighlighted = false
        if redraw { setNeedsDisplay() }
    }

    /// The held press was released at `p`: a drag-select commits; a press released on its
    /// item without moving taps its hit target, presses its edit-mode control or clicks it.
    func releasePress(at p: Point) {
        guard let press = interaction.press else { return }
        unhighlight(press)
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

    // MARK: Clicks

    func click(_ ip: ItemPath, modifiers: InputModifiers) {
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
}
