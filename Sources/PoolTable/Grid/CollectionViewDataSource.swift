/// Supplies a grid's sections, items and cells (UIKit's `UICollectionViewDataSource`).
@MainActor
public protocol CollectionViewDataSource: AnyObject {
    /// Default 1.
    func numberOfSections(in collectionView: CollectionView) -> Int
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
    /// Dequeue a cell with `dequeueReusableCell(withReuseIdentifier:for:)` and configure it.
    /// Selection is applied by the grid when the cell is displayed, never here (seed 003).
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell
    /// The section header's title (shown when the layout's `headerHeight` > 0). Default nil.
    func collectionView(_ collectionView: CollectionView, titleForHeaderInSection section: Int) -> String?
}

extension CollectionViewDataSource {
    public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
    public func collectionView(_ collectionView: CollectionView, titleForHeaderInSection section: Int) -> String? { nil }
}

/// Hears about display, selection and the multiple-selection interaction (UIKit's
/// `UICollectionViewDelegate`). Every method has a default.
@MainActor
public protocol CollectionViewDelegate: AnyObject {
    func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell, forItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath)
    /// Seed 003: may a drag across items that starts at `indexPath` begin multiple selection
    /// (turning editing on)? Default false.
    func collectionView(_ collectionView: CollectionView, shouldBeginMultipleSelectionInteractionAt indexPath: IndexPath) -> Bool
    /// The drag began multiple selection; editing is on now.
    func collectionView(_ collectionView: CollectionView, didBeginMultipleSelectionInteractionAt indexPath: IndexPath)
    func collectionViewDidEndMultipleSelectionInteraction(_ collectionView: CollectionView)
    /// The selection changed in any way (click, range, select-all, drag, updates).
    func collectionViewSelectionDidChange(_ collectionView: CollectionView)
    /// The user activated an item (Enter, double click) outside edit mode.
    func collectionView(_ collectionView: CollectionView, didActivateItemAt indexPath: IndexPath)
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
