/// The collection view's data and delegate adapters (`ListDataAdapter`,
/// `ListDelegateAdapter`): what the shared core asks, translated to
/// `CollectionViewDataSource` / `CollectionViewDelegate` in UIKit's names. Held by the
/// core, and only by it: the view owns its adapter, so the adapter's reference back needs
/// no reference counting (`unowned(unsafe)`, set once right after the view's `init`;
/// nothing calls the adapter before).
@MainActor
final class CollectionViewAdapter: ListDataAdapter, ListDelegateAdapter {
    unowned(unsafe) var collectionView: CollectionView?

    // MARK: Data

    func sectionCount() -> Int {
        guard let view = collectionView, let dataSource = view.dataSource else { return 0 }
        let n = dataSource.numberOfSections(in: view)
        if n < 0 { view.warn("sections<0", "numberOfSections returned \(n); treating it as 0") }
        return max(0, n)
    }
    func itemCount(inSection section: Int) -> Int {
        guard let view = collectionView, let dataSource = view.dataSource else { return 0 }
        let n = dataSource.collectionView(view, numberOfItemsInSection: section)
        if n < 0 { view.warn("items<0", "numberOfItemsInSection(\(section)) returned \(n); treating it as 0") }
        return max(0, n)
    }
    func headerTitle(ofSection section: Int) -> String? {
        collectionView.flatMap { v in v.dataSource?.collectionView(v, titleForHeaderInSection: section) }
    }

    func cell(at ip: ItemPath) -> ReusableCell? {
        collectionView.flatMap { v in v.dataSource?.collectionView(v, cellForItemAt: ip.indexPath) }
    }
    func placeholderCell() -> ReusableCell { CollectionViewCell(reuseIdentifier: nil) }
    /// A compositional layout's estimated items are measured at their frame's width; a grid's
    /// items have the layout's size and are never measured.
    func measuringBreadth(of cell: ReusableCell) -> Double {
        if let view = collectionView, let compositional = view.geometry as? CompositionalGeometry,
           let ip = cell.mountedIndexPath, let width = compositional.measuringWidth(at: ip) { return width }
        return collectionView?.frame.width ?? 0
    }
    func breadthDidChange() {}
    var remeasuresOnEditingChange: Bool { false }
    var prefetchesData: Bool { collectionView?.prefetchDataSource != nil }
    func prefetch(_ ips: [ItemPath]) {
        collectionView.map { $0.prefetchDataSource?.collectionView($0, prefetchItemsAt: ips.indexPaths) }
    }
    func cancelPrefetching(_ ips: [ItemPath]) {
        collectionView.map { $0.prefetchDataSource?.collectionView($0, cancelPrefetchingForItemsAt: ips.indexPaths) }
    }

    // MARK: Moving items

    func canMove(_ ip: ItemPath) -> Bool {
        guard let view = collectionView, let dataSource = view.dataSource else { return false }
        return dataSource.collectionView(view, canMoveItemAt: ip.indexPath)
    }
    func move(_ from: ItemPath, to: ItemPath) {
        guard let view = collectionView else { return }
        view.dataSource?.collectionView(view, moveItemAt: from.indexPath, to: to.indexPath)
    }
    /// The delegate's retarget of the proposal; in an outline, a proposal into the item's own
    /// subtree is refused first (the item stays home).
    func target(forMoveFrom from: ItemPath, proposed: ItemPath) -> ItemPath {
        guard let view = collectionView else { return proposed }
        var proposed = proposed
        if let outline = view.dataSource as? CollectionOutlineSource {
            proposed = ItemPath(outline.outlineReorderTarget(from: from.indexPath, proposed: proposed.indexPath))
        }
        guard let delegate = view.delegate else { return proposed }
        let target = delegate.collectionView(view, targetIndexPathForMoveFromItemAt: from.indexPath, toProposedIndexPath: proposed.indexPath)
        // The delegate's retarget is refused too when it would drop the item into its own subtree.
        guard let outline = view.dataSource as? CollectionOutlineSource else { return ItemPath(target) }
        return ItemPath(outline.outlineReorderTarget(from: from.indexPath, proposed: target))
    }
    /// In an outline, Alt+arrow moves the item among its siblings.
    func keyboardMoveDestination(from: ItemPath, forward: Bool) -> ItemPath? {
        guard let view = collectionView, let outline = view.dataSource as? CollectionOutlineSource else { return nil }
        return outline.outlineStepDestination(from: from.indexPath, forward: forward).map(ItemPath.init)
    }

    // MARK: Delegate

    func willDisplay(_ cell: ReusableCell, at ip: ItemPath) {
        guard let view = collectionView else { return }
        view.delegate?.collectionView(view, willDisplay: cell as! CollectionViewCell, forItemAt: ip.indexPath)
    }
    func didEndDisplaying(_ cell: ReusableCell, at ip: ItemPath) {
        guard let view = collectionView else { return }
        view.delegate?.collectionView(view, didEndDisplaying: cell as! CollectionViewCell, forItemAt: ip.indexPath)
    }
    func didSelect(_ ip: ItemPath) { collectionView.map { $0.delegate?.collectionView($0, didSelectItemAt: ip.indexPath) } }
    func didDeselect(_ ip: ItemPath) { collectionView.map { $0.delegate?.collectionView($0, didDeselectItemAt: ip.indexPath) } }
    func selectionDidChange() { collectionView.map { $0.delegate?.collectionViewSelectionDidChange($0); $0.notifySelectionObservers() } }
    func didActivate(_ ip: ItemPath) { collectionView.map { $0.delegate?.collectionView($0, didActivateItemAt: ip.indexPath) } }
    func didTapTarget(_ target: String, at ip: ItemPath) {
        guard let view = collectionView else { return }
        if target == CollectionViewListCell.outlineDisclosureTarget {
            (view.dataSource as? CollectionOutlineSource)?.toggleOutline(at: ip.indexPath)
        }
    }

    /// In edit mode (and with multiple selection) a press anywhere on an item starts a drag
    /// that selects the items it sweeps.
    func beginsDragSelection(at ip: ItemPath, localPoint: Point) -> Bool { true }

    // MARK: Row actions

    /// Any item may swipe (when its list section's configuration or the delegate gives it
    /// actions); a grid has no editing styles.
    func canEditItem(at ip: ItemPath) -> Bool {
        guard let view = collectionView else { return false }
        return view.delegate != nil || view.listSwipeProvider(forSection: ip.section, leading: true) != nil
            || view.listSwipeProvider(forSection: ip.section, leading: false) != nil
    }
    var swipesWithinItem: Bool { true }
    /// A list section's items swipe with its configuration's provider for that edge, as
    /// UIKit's list sections do; the delegate's methods answer where the section has none
    /// (grids, strips, compositional sections that are not lists, a provider left nil).
    func swipeActions(at ip: ItemPath, leading: Bool) -> SwipeActionsConfiguration? {
        guard let view = collectionView else { return nil }
        if let provider = view.listSwipeProvider(forSection: ip.section, leading: leading) { return provider(ip.indexPath) }
        guard let delegate = view.delegate else { return nil }
        return leading ? delegate.collectionView(view, leadingSwipeActionsConfigurationForItemAt: ip.indexPath)
            : delegate.collectionView(view, trailingSwipeActionsConfigurationForItemAt: ip.indexPath)
    }
    func contextMenu(at ip: ItemPath, point: Point) -> [MenuAction]? {
        guard let view = collectionView, let delegate = view.delegate else { return nil }
        return delegate.collectionView(view, contextMenuConfigurationForItemsAt: [ip.indexPath], point: point)
    }
    func shouldBeginMultipleSelectionInteraction(at ip: ItemPath) -> Bool {
        guard let view = collectionView else { return false }
        return view.delegate?.collectionView(view, shouldBeginMultipleSelectionInteractionAt: ip.indexPath) ?? false
    }
    func didBeginMultipleSelectionInteraction(at ip: ItemPath) {
        guard let view = collectionView else { return }
        view.delegate?.collectionView(view, didBeginMultipleSelectionInteractionAt: ip.indexPath)
    }
    func didEndMultipleSelectionInteraction() {
        guard let view = collectionView else { return }
        view.delegate?.collectionViewDidEndMultipleSelectionInteraction(view)
    }
}
