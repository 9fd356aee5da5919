/// Edit mode and selection. Both live in the table, never in cells; the table applies them
/// to every mounted cell, prepared ones included, and again on every dequeue
/// (field note 000, DocC "The life of a row"), so no cell can show stale state.
extension ListBase {
    /// Duration of the edit-mode transition (ease-out).
    public static let editingAnimationDuration = 0.25
    /// Duration of a checkbox's check animation.
    public static let selectionAnimationDuration = 0.22

    /// Whether the view is in edit mode (checkboxes shown); see `setEditing(_:animated:)`.
    public var isEditing: Bool { interaction.isEditing }

    /// Enters or leaves edit mode. Animated: every mounted row moves together over 250 ms;
    /// rows that mount mid-way join at the current phase. Entering edit mode starts with
    /// nothing selected (UIKit's editing, GNOME's selection mode: a row highlighted while
    /// browsing is not a checked row); leaving it clears the selection unless multiple
    /// selection is allowed outside edit mode.
    public func setEditing(_ editing: Bool, animated: Bool) {
        defer { checkInvariantsAfterMutation() }
        reloadIfNeeded()
        guard editing != isEditing else { return }
        let from = editingProgress
        interaction.setEditing(editing)
        // Self-sizing rows measure at the content width, which the checkbox column changes.
        if dataAdapter.remeasuresOnEditingChange {
            let anchor = captureAnchor()
            dataAdapter.breadthDidChange()
            setNeedsLayout()
            layoutIfNeeded()
            if let anchor { restoreAnchor(anchor) }
        }
        clock.startEditingTransition(animated ? Transition(from: from, to: editing ? 1 : 0, duration: Self.editingAnimationDuration) : nil)
        cancelInteraction()
        if editing || !allowsMultipleSelection { deselectAll(animated: false, notify: true) }
        dropSwipe()
        let targets = editingRefreshTargets
        for m in targets {
            applyEditingControl(to: m.cell, at: m.indexPath)
            m.cell.setEditing(editing, animated: animated)
            m.cell.appliedEditingState = editing
        }
        updateAnimatedCellState()
        if animated { host?.tableViewNeedsAnimationTicks(self) }
        setNeedsDisplay()
    }

    /// The shared, eased edit-mode phase: 0 = normal, 1 = editing.
    public var editingProgress: Double { clock.editingProgress(isEditing: isEditing) }

    /// Allows selecting several rows outside edit mode. Default false.
    public var allowsMultipleSelection: Bool {
        get { interaction.allowsMultipleSelection }
        set { interaction.setAllowsMultipleSelection(newValue) }
    }
    /// Allows selecting several rows in edit mode (checkboxes). Default false, as in UIKit.
    public var allowsMultipleSelectionDuringEditing: Bool {
        get { interaction.allowsMultipleSelectionDuringEditing }
        set { interaction.setAllowsMultipleSelectionDuringEditing(newValue) }
    }
    /// Whether several rows may be selected in the current mode.
    public var isMultipleSelectionActive: Bool { isEditing ? allowsMultipleSelectionDuringEditing : allowsMultipleSelection }

    /// Selects a row (nil deselects all). In single-selection mode the others are deselected.
    /// Does not call the delegate, as in UIKit.
    func select(_ indexPath: ItemPath?, animated: Bool, scrollPosition: ScrollPosition) {
        defer { checkInvariantsAfterMutation() }
        reloadIfNeeded()
        guard let indexPath else { deselectAll(animated: animated, notify: false); return }
        guard geometry.contains(indexPath) else { warn("select", "selecting \(indexPath) is out of range; ignored"); return }
        if !isMultipleSelectionActive { deselectAll(animated: animated, notify: false, except: indexPath) }
        setSelected(true, rows: indexPath.row..<(indexPath.row + 1), section: indexPath.section, animated: animated)
        if scrollPosition != .none { scroll(to: indexPath, at: scrollPosition, animated: animated) }
    }

    func deselect(_ indexPath: ItemPath, animated: Bool) {
        defer { checkInvariantsAfterMutation() }
        reloadIfNeeded()
        guard geometry.contains(indexPath) else { return }
        setSelected(false, rows: indexPath.row..<(indexPath.row + 1), section: indexPath.section, animated: animated)
    }

    /// Selected rows in order; nil when none (as UIKit). Materializes every selected row:
    /// use `numberOfSelectedRows` / `isRowSelected` for large selections.
    var selectedIndexPaths: [ItemPath]? {
        reloadIfNeeded()
        let out = Array(selection.indexPaths)
        return out.isEmpty ? nil : out
    }

    var firstSelectedIndexPath: ItemPath? { selection.first }

    /// O(ranges), however many rows are selected.
    public var numberOfSelectedItems: Int { selection.count }

    /// Whether the row or item is selected; O(log ranges).
    public func isItemSelected(at indexPath: IndexPath) -> Bool { isSelected(ItemPath(indexPath)) }

    func isSelected(_ indexPath: ItemPath) -> Bool { selection.contains(indexPath) }

    /// Selects every row (one range per section) when multiple selection is active.
    public func selectAll(animated: Bool = true) {
        defer { checkInvariantsAfterMutation() }
        reloadIfNeeded()
        guard isMultipleSelectionActive else { return }
        for s in 0..<geometry.numberOfSections { setSelected(true, rows: 0..<geometry.numberOfItems(in: s), section: s, animated: animated, notify: false) }
        delegateAdapter.selectionDidChange()
    }

    /// Deselects every row.
    public func deselectAll(animated: Bool = true) {
        defer { checkInvariantsAfterMutation() }
        deselectAll(animated: animated, notify: true)
    }

    // MARK: Internal

    func deselectAll(animated: Bool, notify: Bool, except keep: ItemPath? = nil) {
        var changed = false
        for s in 0..<selection.sectionCount {
            for range in selection.ranges(inSection: s) {
                if let keep, keep.section == s, range.contains(keep.row) {
                    setSelected(false, rows: range.lowerBound..<keep.row, section: s, animated: animated, notify: false)
                    setSelected(false, rows: (keep.row + 1)..<range.upperBound, section: s, animated: animated, notify: false)
                } else {
                    setSelected(false, rows: range, section: s, animated: animated, notify: false)
                }
                changed = true
            }
        }
        if changed && notify { delegateAdapter.selectionDidChange() }
    }

    /// Changes the selection of a range of rows in one section, updating mounted cells.
    func setSelected(_ selected: Bool, rows: Range<Int>, section s: Int, animated: Bool, notify: Bool = false) {
        guard s >= 0 && s < selection.sectionCount else { return }
        let r = max(0, rows.lowerBound)..<min(geometry.numberOfItems(in: s), rows.upperBound)
        guard !r.isEmpty else { return }
        selection.set(selected, rows: r, section: s)
        for m in items.entries where m.indexPath.section == s && r.contains(m.indexPath.row) {
            let ip = m.indexPath
            if m.cell.isSelected != selected {
                selection.setTransition(animated ? Transition(from: m.cell.selectionProgress, to: selected ? 1 : 0,
                                                              duration: Self.selectionAnimationDuration) : nil, for: ip)
                m.cell.setSelected(selected, animated: animated)
            }
        }
        updateAnimatedCellState()
        if animated && selection.isAnimating { host?.tableViewNeedsAnimationTicks(self) }
        if notify { delegateAdapter.selectionDidChange() }
        setNeedsDisplay()
    }

    /// Applies editing and selection to a cell being bound or dequeued.
    func applyState(to cell: ReusableCell, at ip: ItemPath, animated: Bool) {
        applyEditingControl(to: cell, at: ip)
        if cell.isEditing != isEditing { cell.setEditing(isEditing, animated: animated) }
        cell.appliedEditingState = isEditing
        let selected = isSelected(ip)
        if cell.isSelected != selected { cell.setSelected(selected, animated: animated) }
        cell.editingProgress = editingProgress
        cell.selectionProgress = selection.progress(of: ip, at: now, selected: selected)
    }

    /// Pushes the current animation phases to every mounted cell. A cell whose editing state
    /// is stale (only possible with `legacyVisibleCellsOnlyRefresh`) keeps its own phase.
    func updateAnimatedCellState() {
        let phase = editingProgress
        for m in items.entries {
            let cell = m.cell
            cell.editingProgress = cell.isEditing == isEditing ? phase : (cell.isEditing ? 1 : 0)
            cell.selectionProgress = selection.progress(of: m.indexPath, at: now, selected: cell.isSelected)
        }
    }

    /// Mounted rows whose cell shows an editing state other than the table's.
    @_spi(Diagnostics) public var indexPathsForStaleRows: [IndexPath] {
        layoutIfNeeded()
        return items.entries.filter { $0.cell.isEditing != isEditing }.map(\.indexPath.indexPath)
    }
}
