/// Supplies a grid's sections, items and cells (UIKit's `UICollectionViewDataSource`).
@MainActor
public protocol CollectionViewDataSource: AnyObject {
    /// Default 1.
    func numberOfSections(in collectionView: CollectionView) -> Int
    /// The number of items in `section`.
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
    /// Dequeue a cell with `dequeueReusableCell(withReuseIdentifier:for:)` and configure it.
    /// Selection is applied by the grid when the cell is displayed, never here (seed 003).
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell
    /// The section header's title (shown when the layout's `headerHeight` > 0). Default nil.
    func collectionView(_ collectionView: CollectionView, titleForHeaderInSection section: Int) -> String?
    /// The supplementary view of `kind` at `indexPath` in a compositional layout (a header or
    /// footer: item 0 of its section; a badge: its item), from
    /// `dequeueConfiguredReusableSupplementary(using:for:)` (UIKit's
    /// `collectionView(_:viewForSupplementaryElementOfKind:at:)`). Default nil: none (a
    /// header with a title from `titleForHeaderInSection` shows the title). Non-optional,
    /// as in UIKit, so ported code satisfies it; the default's view stands for none.
    func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) -> CollectionReusableView

    // MARK: Moving items (issue 23; UIKit's interactive movement)
    /// Whether the item can be moved by hand (a long press in edit mode, Alt+arrows, or
    /// `beginInteractiveMovementForItem(at:)`). Default false.
    func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool
    /// The user moved an item: update the model so the item at `sourceIndexPath` is now at
    /// `destinationIndexPath` (in the order after the move). The grid has already shown the
    /// move. Default: nothing.
    func collectionView(_ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
}

extension CollectionViewDataSource {
    public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
    public func collectionView(_ collectionView: CollectionView, titleForHeaderInSection section: Int) -> String? { nil }
    public func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
                               at indexPath: IndexPath) -> CollectionReusableView { NoSupplementaryView(reuseIdentifier: nil) }
}

// Moving items (issue 23): the defaults.
extension CollectionViewDataSource {
    public func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { false }
    public func collectionView(_ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}
}

/// Hears about display, selection and the multiple-selection interaction (UIKit's
/// `UICollectionViewDelegate`). Every method has a default.
@MainActor
public protocol CollectionViewDelegate: AnyObject {
    /// The item is about to intersect the viewport (its cell is already bound and selected as needed).
    func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath)
    /// The item stopped intersecting the viewport (it may still be mounted as prepared).
    func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell, forItemAt indexPath: IndexPath)
    /// The user selected an item.
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath)
    /// The user deselected an item.
    func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath)
    /// Seed 003: may a drag across items that starts at `indexPath` begin multiple selection
    /// (turning editing on)? Default false.
    func collectionView(_ collectionView: CollectionView, shouldBeginMultipleSelectionInteractionAt indexPath: IndexPath) -> Bool
    /// The drag began multiple selection; editing is on now.
    func collectionView(_ collectionView: CollectionView, didBeginMultipleSelectionInteractionAt indexPath: IndexPath)
    /// The drag that began multiple selection ended (editing stays on).
    func collectionViewDidEndMultipleSelectionInteraction(_ collectionView: CollectionView)
    /// The selection changed in any way (click, range, select-all, drag, updates).
    func collectionViewSelectionDidChange(_ collectionView: CollectionView)
    /// The user activated an item (Enter, double click) outside edit mode.
    func collectionView(_ collectionView: CollectionView, didActivateItemAt indexPath: IndexPath)

    // MARK: Moving items (issue 23)
    /// Where an item being moved from `sourceIndexPath` would go when the user proposes
    /// `proposedDestinationIndexPath`: return another index path to retarget it. Default: the proposed one.
    func collectionView(_ collectionView: CollectionView, targetIndexPathForMoveFromItemAt sourceIndexPath: IndexPath,
                        toProposedIndexPath proposedDestinationIndexPath: IndexPath) -> IndexPath

    // MARK: Row actions (RowActions/)
    /// Actions revealed by swiping the item towards the trailing edge (UIKit's list
    /// configuration's `leadingSwipeActionsConfigurationProvider`, which a compositional list
    /// section's items use instead when it is set). Default nil: none.
    func collectionView(_ collectionView: CollectionView, leadingSwipeActionsConfigurationForItemAt indexPath: IndexPath) -> SwipeActionsConfiguration?
    /// Actions revealed by swiping the item towards the leading edge
    /// (`trailingSwipeActionsConfigurationProvider`, which a list section's items use instead
    /// when it is set). Default nil: none.
    func collectionView(_ collectionView: CollectionView, trailingSwipeActionsConfigurationForItemAt indexPath: IndexPath) -> SwipeActionsConfiguration?
    /// The context menu of the items at `indexPaths` (one item: the one right-clicked,
    /// long-pressed, or the keyboard cursor's for Shift+F10 and the Menu key), `point` in
    /// content coordinates: UIKit's `contextMenuConfigurationForItemsAt:point:`. Default nil: no menu.
    func collectionView(_ collectionView: CollectionView, contextMenuConfigurationForItemsAt indexPaths: [IndexPath], point: Point) -> [MenuAction]?
}

extension CollectionViewDelegate {
    public func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell, forItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: CollectionView, shouldBeginMultipleSelectionInteractionAt indexPath: IndexPath) -> Bool { false }
    public func collectionView(_ collectionView: CollectionView, didBeginMultipleSelectionInteractionAt indexPath: IndexPath) {}
    public func collectionViewDidEndMultipleSelectionInteraction(_ collectionView: CollectionView) {}
    public func collectionViewSelectionDidChange(_ collectionView: CollectionView) {}
    public func collectionView(_ collectionView: CollectionView, didActivateItemAt indexPath: IndexPath) {}
}

// Row actions: the defaults (none).
extension CollectionViewDelegate {
    public func collectionView(_ collectionView: CollectionView, leadingSwipeActionsConfigurationForItemAt indexPath: IndexPath) -> SwipeActionsConfiguration? { nil }
    public func collectionView(_ collectionView: CollectionView, trailingSwipeActionsConfigurationForItemAt indexPath: IndexPath) -> SwipeActionsConfiguration? { nil }
    public func collectionView(_ collectionView: CollectionView, contextMenuConfigurationForItemsAt indexPaths: [IndexPath], point: Point) -> [MenuAction]? { nil }
}

// Moving items (issue 23): the default.
extension CollectionViewDelegate {
    public func collectionView(_ collectionView: CollectionView, targetIndexPathForMoveFromItemAt sourceIndexPath: IndexPath,
                               toProposedIndexPath proposedDestinationIndexPath: IndexPath) -> IndexPath { proposedDestinationIndexPath }
}
