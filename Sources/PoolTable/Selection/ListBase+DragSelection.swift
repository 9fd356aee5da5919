/// A drag that selects (Selection/SelectionInteractions): from a checkbox or grid item in
/// edit mode, or begun outside edit mode as a multiple-selection interaction (seed 003).
/// One provisional range over the selection as it was, committed on release.
extension ListBase {
    /// Starts a drag that selects (or, from a selected item, deselects) every item between
    /// where it began and the pointer, with auto-scroll at the edges.
    func beginDragSelection(at ip: ItemPath, pointer p: Point) {
        let selecting = !isSelected(ip)
        selection.beginDrag()
        interaction.beginDrag(InteractionState.DragSelection(anchor: ip, current: ip, selecting: selecting, pointer: p))
        applyDrag()
    }

    /// The drag-select's pointer moved to `p`: auto-scroll follows it, the range extends.
    func extendDragSelection(to p: Point) {
        guard interaction.drag != nil else { return }
        interaction.moveDragPointer(to: p)
        updateAutoScroll(for: p)
        extendDrag(to: p)
    }

    /// The pointer was cancelled during a drag-select: the delegate hears the selection as
    /// it stands (the press and the drag are dropped by `pointerCancelled`).
    func cancelDragSelection() {
        if interaction.drag != nil { delegateAdapter.selectionDidChange() }
    }

    /// Seed 003: a press outside edit mode that moved begins multiple selection (and edit
    /// mode) when the delegate agrees; the press goes on as a drag-select. False otherwise.
    func beginMultipleSelectionInteraction(by press: InteractionState.Press) -> Bool {
        unhighlight(press)
        guard interaction.drag == nil, press.target == nil, press.modifiers.isEmpty, !isEditing,
              allowsMultipleSelectionDuringEditing, delegateAdapter.shouldBeginMultipleSelectionInteraction(at: press.indexPath) else { return false }
        setEditing(true, animated: true)
        interaction.track(press)           // setEditing cancels any press; this one goes on as the drag
        interaction.beginMultipleSelectionInteraction()
        delegateAdapter.didBeginMultipleSelectionInteraction(at: press.indexPath)
        beginDragSelection(at: press.indexPath, pointer: press.start)
        return true
    }

    func extendDrag(to p: Point) {
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
}
