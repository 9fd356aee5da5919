/// Supplies the table's sections, rows and cells (UIKit's `UITableViewDataSource`).
@MainActor
public protocol TableViewDataSource: AnyObject {
    /// Default 1.
    func numberOfSections(in tableView: TableView) -> Int
    /// The number of rows in `section`.
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int
    /// Dequeue a cell with `dequeueReusableCell(withIdentifier:for:)` and configure it.
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell
    /// Default nil: no header.
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String?
    /// Default nil: no footer.
    func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String?

    // MARK: Row actions (UIKit's editing model; RowActions.swift)

    /// Whether the row may be edited: shows its editing control, swipes open, takes Delete.
    /// Default true.
    func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool
    /// The user activated the row's delete or insert control (or pressed Delete on it).
    /// Change the model, then tell the table (`deleteRows`/`insertRows` in
    /// `performBatchUpdates`), as in UIKit. Default: nothing.
    func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath)

    // MARK: Moving rows (issue 23; UIKit's reorder control)
    /// Whether the row can be moved by hand (its grip in edit mode, Alt+Up/Down, or
    /// `beginInteractiveMovementForRow(at:)`). Default false.
    func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool
    /// The user moved a row: update the model so the row at `sourceIndexPath` is now at
    /// `destinationIndexPath` (an index path in the order after the move, as in UIKit). The
    /// table has already shown the move; do not call `moveRow(at:to:)`. Default: nothing.
    func tableView(_ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
}

extension TableViewDataSource {
    public func numberOfSections(in tableView: TableView) -> Int { 1 }
    public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { nil }
    public func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? { nil }
}

// MARK: Row actions: defaults
extension TableViewDataSource {
    public func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
    public func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {}
}

// Moving rows (issue 23): the defaults.
extension TableViewDataSource {
    public func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }
    public func tableView(_ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}
}

/// Hears about display and selection, and may size rows (UIKit's `UITableViewDelegate`).
/// Every method has a default.
@MainActor
public protocol TableViewDelegate: AnyObject {
    /// Default: `tableView.rowHeight`. Return `TableView.automaticDimension` to let the cell
    /// measure itself (`TableViewCell.sizeThatFits`).
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double
    /// Default: `sectionHeaderHeight` when the section has a header title, else 0.
    func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Double
    /// Default: `sectionFooterHeight` when the section has a footer title, else 0.
    func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> Double
    /// The row is about to intersect the viewport.
    func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath)
    /// The row stopped intersecting the viewport (it may still be mounted as prepared).
    func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath)
    /// The user selected a row.
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath)
    /// The user deselected a row.
    func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath)
    /// The selection changed in any way (click, range, select-all, drag, updates).
    func tableViewSelectionDidChange(_ tableView: TableView)
    /// The user activated a row (Enter, double click) outside edit mode.
    func tableView(_ tableView: TableView, didActivateRowAt indexPath: IndexPath)
    /// A click landed on a hit target a cell declared (`TableViewCell.hitTargets`).
    func tableView(_ tableView: TableView, didTapTarget target: String, inRowAt indexPath: IndexPath)

    // MARK: Row actions (UIKit's editing model; RowActions.swift)

    /// The control the row shows in edit mode. Default: `.none` when
    /// `allowsMultipleSelectionDuringEditing` (the checkboxes), else `.delete`, as in UIKit.
    func tableView(_ tableView: TableView, editingStyleForRowAt indexPath: IndexPath) -> TableViewCell.EditingStyle
    /// Whether the row's content moves aside for its editing control. Default true.
    func tableView(_ tableView: TableView, shouldIndentWhileEditingRowAt indexPath: IndexPath) -> Bool
    /// Actions revealed by swiping the row towards the trailing edge (from the leading edge).
    /// Default nil: none.
    func tableView(_ tableView: TableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration?
    /// Actions revealed by swiping the row towards the leading edge (from the trailing edge).
    /// Default nil: none.
    func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration?
    /// The row's context menu, asked for when the user right-clicks the row (`point` in
    /// content coordinates) or presses Shift+F10 or the Menu key on it (`point`: the row's
    /// centre). Default nil: no menu.
    func tableView(_ tableView: TableView, contextMenuConfigurationForRowAt indexPath: IndexPath, point: Point) -> [MenuAction]?

    // Porting by renames (UIKit's names; issue 22).
    /// A click landed on the row's detail button (`.detailButton`, `.detailDisclosureButton`),
    /// UIKit's `accessoryButtonTappedForRowWith`. Default: nothing.
    func tableView(_ tableView: TableView, accessoryButtonTappedForRowWith indexPath: IndexPath)

    // MARK: Columns (TableView+Columns.swift)
    /// `sortDescriptors` changed, by a header click or by code; `oldDescriptors` is what it
    /// was. Sort the data here and reload or apply. Default: nothing.
    func tableView(_ tableView: TableView, sortDescriptorsDidChange oldDescriptors: [TableSortDescriptor])
    /// The width a double click on column `column`'s resize edge gives it (AppKit's name).
    /// Default: `tableView.defaultFittingWidth(ofColumn:)`.
    func tableView(_ tableView: TableView, sizeToFitWidthOfColumn column: Int) -> Double

    // MARK: Moving rows (issue 23)
    /// Where a row being moved from `sourceIndexPath` would go when the user proposes
    /// `proposedDestinationIndexPath` (both in the order after the move): return another
    /// index path to retarget it. Default: the proposed one.
    func tableView(_ tableView: TableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
                   toProposedIndexPath proposedDestinationIndexPath: IndexPath) -> IndexPath
}

extension TableViewDelegate {
    public func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double {
        tableView.noteDefaultRowHeightUsed()
        return tableView.rowHeight
    }
    public func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Double {
        tableView.defaultHeaderHeight(for: section)
    }
    public func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> Double {
        tableView.defaultFooterHeight(for: section)
    }
    public func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {}
    public func tableViewSelectionDidChange(_ tableView: TableView) {}
    public func tableView(_ tableView: TableView, didActivateRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: TableView, didTapTarget target: String, inRowAt indexPath: IndexPath) {}
}

// MARK: Row actions: defaults
extension TableViewDelegate {
    public func tableView(_ tableView: TableView, editingStyleForRowAt indexPath: IndexPath) -> TableViewCell.EditingStyle {
        tableView.allowsMultipleSelectionDuringEditing ? .none : .delete
    }
    public func tableView(_ tableView: TableView, shouldIndentWhileEditingRowAt indexPath: IndexPath) -> Bool { true }
    public func tableView(_ tableView: TableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? { nil }
    public func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? { nil }
    public func tableView(_ tableView: TableView, contextMenuConfigurationForRowAt indexPath: IndexPath, point: Point) -> [MenuAction]? { nil }
}

// MARK: Porting by renames: defaults (issue 22)
extension TableViewDelegate {
    public func tableView(_ tableView: TableView, accessoryButtonTappedForRowWith indexPath: IndexPath) {}
}

// Moving rows (issue 23): the default.
extension TableViewDelegate {
    public func tableView(_ tableView: TableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
                          toProposedIndexPath proposedDestinationIndexPath: IndexPath) -> IndexPath { proposedDestinationIndexPath }
}

/// What a `TableView` or `CollectionView` needs from whatever hosts it on screen (the GTK
/// widget, or nothing in tests).
@MainActor
public protocol TableViewHost: AnyObject {
    /// Something drawn changed: schedule a redraw.
    func tableViewNeedsDisplay(_ view: ListBase)
    /// The engine changed `contentOffset` or `contentSize` itself (scrollToRow, anchoring,
    /// auto-scroll, reloads, updates, height corrections): mirror them into the scrollbar.
    func tableViewDidChangeScrollGeometry(_ view: ListBase)
    /// `hasRunningAnimations` became true: start calling `advanceAnimations(to:)` every frame.
    func tableViewNeedsAnimationTicks(_ view: ListBase)
    /// A layout pass ran, reconfigured rows were bound, or the host asked
    /// (`reportMountChanges()`): `view.mountChanges` says which items were mounted,
    /// unmounted, rebound, moved or updated since the last call (it starts again after this
    /// one). Hosts that keep per-item objects (accessible proxies) bring them in step here.
    /// Called in the middle of the engine's work (a layout pass may run while the host
    /// draws): record what changed and act on it later. Default: nothing.
    func tableViewMountedCellsDidChange(_ view: ListBase)
    /// A gesture the engine recognised (a long press on a grid item) opened `menu`: show it
    /// pointing at `menu.point`, and call the view's `performMenuAction` with the entry
    /// chosen. Default: nothing.
    func tableView(_ view: ListBase, presentContextMenu menu: TableView.RowContextMenu)
    /// A batch update changed only rows after the mounted items, and the layout pass left the
    /// mounted items as they were: nothing drawn changed, but the row count and the content
    /// size did (an incremental filter's steps below the screen). Hosts that keep anything
    /// following the count (accessible descriptions) update it; no redraw is needed.
    /// Default: `tableViewNeedsDisplay(_:)`.
    func tableViewContentDidChangeOffScreen(_ view: ListBase)
}

extension TableViewHost {
    public func tableViewMountedCellsDidChange(_ view: ListBase) {}
    public func tableViewContentDidChangeOffScreen(_ view: ListBase) { tableViewNeedsDisplay(view) }
    public func tableView(_ view: ListBase, presentContextMenu menu: TableView.RowContextMenu) {}
}
