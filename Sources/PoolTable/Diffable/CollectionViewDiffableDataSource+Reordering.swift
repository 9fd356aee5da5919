/// Reordering by the user (UIKit's `reorderingHandlers`): a list cell's reorder accessory
/// dragged, an item moved with Alt+arrow, or `endInteractiveMovement()` after
/// `beginInteractiveMovementForItem(at:)`. The data source asks `canReorderItem` before a
/// move begins, and moves the item in its snapshot between `willReorder` and `didReorder`.
extension CollectionViewDiffableDataSource {
    /// What the data source asks and tells around a reorder by the user (UIKit's
    /// `UICollectionViewDiffableDataSource.ReorderingHandlers`). Without `canReorderItem`
    /// nothing can be reordered, as in UIKit.
    public struct ReorderingHandlers {
        /// May the user move this item? Nil (the default): no item may move.
        public var canReorderItem: ((ItemID) -> Bool)?
        /// A reorder is about to be applied to the data source's snapshot.
        public var willReorder: ((DiffableDataSourceTransaction<SectionID, ItemID>) -> Void)?
        /// A reorder was applied: `transaction.finalSnapshot` is the data source's snapshot
        /// now. Update your own store from it (each section transaction's `finalSnapshot.items`).
        public var didReorder: ((DiffableDataSourceTransaction<SectionID, ItemID>) -> Void)?

        /// No handlers: reordering is off.
        public init() {}
    }

    /// `canReorderItem` of the item at `indexPath`; false without the handler or the item.
    func canReorder(at indexPath: IndexPath) -> Bool {
        guard let can = reorderingHandlers.canReorderItem, let id = itemIdentifier(for: indexPath) else { return false }
        return can(id)
    }

    /// Moves the item in the snapshot (the collection view already shows the move), telling
    /// `willReorder` before and `didReorder` after with the transaction; `didReorder` once the
    /// view has applied the move, so that it may apply a snapshot itself.
    func reorder(from source: IndexPath, to destination: IndexPath) {
        if hasOutline(inSection: source.section) || hasOutline(inSection: destination.section) {
            return reorderInOutline(from: source, to: destination)
        }
        guard let final = engine.snapshot(moving: source, to: destination) else { return }
        let transaction = DiffableDataSourceTransaction(initialSnapshot: engine.current, finalSnapshot: final)
        reorderingHandlers.willReorder?(transaction)
        engine.setCurrent(final)
        guard let didReorder = reorderingHandlers.didReorder else { return }
        if let collectionView { collectionView.whenMoveShown { didReorder(transaction) } } else { didReorder(transaction) }
    }
}
