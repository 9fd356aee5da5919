/// A collection view's data source driven by identity (UIKit's
/// `UICollectionViewDiffableDataSource`): apply a new snapshot and the collection view
/// receives the inserts, deletes and moves that turn the old one into it, animated.
///
/// It shares the table's diffable machinery (one engine: the diff, applies off the main
/// thread through `applyScheduler`, ordered completions, outlines through section
/// snapshots); only the data-source answers are the collection view's. The collection view
/// holds its data source weakly: keep a reference to this object. Subclass it to answer more
/// of `CollectionViewDataSource`: its data-source methods are `open`.
@MainActor
open class CollectionViewDiffableDataSource<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: CollectionViewDataSource {
    /// The snapshot type this data source applies.
    public typealias Snapshot = DiffableSnapshot<SectionID, ItemID>
    /// Makes the cell for an item: dequeue it (`dequeueConfiguredReusableCell`) and configure
    /// it. Returning nil (UIKit's signature allows it; UIKit then stops) logs a warning and
    /// shows an empty cell.
    public typealias CellProvider = @MainActor (CollectionView, IndexPath, ItemID) -> CollectionViewCell?
    /// Makes the supplementary view (a header, a footer, a badge, …) of `kind` at an index path.
    public typealias SupplementaryViewProvider = @MainActor (CollectionView, String, IndexPath) -> CollectionReusableView?

    /// The collection view this data source feeds.
    public private(set) weak var collectionView: CollectionView?
    /// Headers, footers and badges (UIKit's `supplementaryViewProvider`); nil: none are shown.
    public var supplementaryViewProvider: SupplementaryViewProvider?
    /// The shared diffable engine: snapshots and applies (Diffable/, Outline/).
    @usableFromInline let engine: TableViewDiffableDataSource<SectionID, ItemID>
    private let cellProvider: CellProvider

    /// Becomes `collectionView`'s data source; `cellProvider` makes each item's cell.
    public init(collectionView: CollectionView, cellProvider: @escaping CellProvider) {
        self.collectionView = collectionView
        self.cellProvider = cellProvider
        engine = TableViewDiffableDataSource(engineFor: collectionView)
        collectionView.dataSource = self
    }

    // MARK: Applying

    /// Makes `snapshot` the collection view's content, in UIKit's call shape: animated unless
    /// `animatingDifferences` is false; items marked with `reloadItems` get new cells and
    /// those marked with `reconfigureItems` are configured again in place. Large snapshots
    /// are diffed off the main thread (see `TableViewDiffableDataSource.apply`); a newer
    /// apply supersedes a pending one and every completion runs, in call order. A snapshot
    /// with duplicate identifiers changes nothing: the error is logged and kept in `lastApplyError`.
    @inlinable
    public func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        engine.apply(snapshot, animatingDifferences: animatingDifferences, completion: completion)
    }

    /// `apply` at once on the main thread, throwing a refused snapshot's error instead.
    @inlinable
    public func applyThrowing(_ snapshot: Snapshot, animatingDifferences: Bool = true, completion: (() -> Void)? = nil) throws {
        try engine.applyThrowing(snapshot, animatingDifferences: animatingDifferences, completion: completion)
    }

    /// `apply` callable from any thread, as UIKit's `apply` may be called from a background
    /// queue (see `TableViewDiffableDataSource.applyFromAnyThread`).
    @inlinable
    public nonisolated func applyFromAnyThread(_ snapshot: Snapshot, animatingDifferences: Bool = true,
                                               completion: (@MainActor () -> Void)? = nil) {
        engine.applyFromAnyThread(snapshot, animatingDifferences: animatingDifferences, completion: completion)
    }

    /// Makes a section snapshot's visible items the items of `section` (an outline: expanding
    /// a parent inserts its children, collapsing deletes them). A refused snapshot changes
    /// nothing; its error is logged and kept in `lastApplyError`.
    public func apply(_ snapshot: SectionSnapshot<ItemID>, to section: SectionID,
                      animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        engine.apply(snapshot, to: section, animatingDifferences: animatingDifferences, completion: completion)
        collectionView?.refreshListCells()   // outline disclosures show the new expanded states
    }

    /// `apply(_:to:)` that throws a refused snapshot's error instead.
    public func applyThrowing(_ snapshot: SectionSnapshot<ItemID>, to section: SectionID,
                              animatingDifferences: Bool = true, completion: (() -> Void)? = nil) throws {
        try engine.applyThrowing(snapshot, to: section, animatingDifferences: animatingDifferences, completion: completion)
        collectionView?.refreshListCells()
    }

    /// The newest snapshot applied (pending or shown), to modify and apply again.
    public func snapshot() -> Snapshot { engine.snapshot() }
    /// The outline last applied to `section`; an outline of its items (all roots) if none was.
    public func snapshot(for section: SectionID) -> SectionSnapshot<ItemID> { engine.snapshot(for: section) }

    /// Configures the mounted cells of these items again, in place (by identity).
    public func reconfigureItems(_ ids: [ItemID]) { engine.reconfigureItems(ids) }

    /// Who computes large diffs and hands them back to the main thread (see
    /// `TableViewDiffableDataSource.applyScheduler`).
    public nonisolated var applyScheduler: any DiffableApplyScheduler {
        get { engine.applyScheduler }
        set { engine.applyScheduler = newValue }
    }
    /// Applies of fewer items than this (old and new together) are diffed at once on the
    /// main thread; larger ones off it. Default 8,192.
    public var synchronousApplyLimit: Int {
        get { engine.synchronousApplyLimit }
        set { engine.synchronousApplyLimit = newValue }
    }
    /// True while an apply waits for its diff or its turn on the main thread.
    public var hasPendingApply: Bool { engine.hasPendingApply }
    /// The error of the last snapshot `apply` refused; nil until one is.
    public var lastApplyError: DiffableDataSourceError? { engine.lastApplyError }
    /// What the data source asks before the user moves an item, and tells around the move
    /// (UIKit's `reorderingHandlers`; see `ReorderingHandlers`).
    public var reorderingHandlers = ReorderingHandlers()
    /// The placement an Alt+arrow step in an outline chose, for the move it asks next
    /// (Outline/CollectionViewDiffableDataSource+OutlineReordering.swift).
    var pendingOutlineStep: (item: ItemID, placement: SectionSnapshot<ItemID>.Placement, destination: IndexPath)?
    /// What the data source asks before it expands or collapses an outline item for the user.
    public var sectionSnapshotHandlers: SectionSnapshotHandlers<ItemID> {
        get { engine.sectionSnapshotHandlers }
        set { engine.sectionSnapshotHandlers = newValue }
    }

    // MARK: Identity

    /// The item at `indexPath`; nil if there is none.
    public func itemIdentifier(for indexPath: IndexPath) -> ItemID? { engine.itemIdentifier(for: indexPath) }
    /// Where `itemIdentifier` is now; nil if it is not in the snapshot.
    public func indexPath(for itemIdentifier: ItemID) -> IndexPath? { engine.indexPath(for: itemIdentifier) }
    /// The identifier of section number `index` (UIKit's `sectionIdentifier(for:)`).
    public func sectionIdentifier(for index: Int) -> SectionID? { engine.sectionIdentifier(for: index) }
    /// The number of the section `identifier`; nil if the snapshot has none by it.
    public func index(for sectionIdentifier: SectionID) -> Int? { engine.current.indexOfSection(sectionIdentifier) }

    // MARK: CollectionViewDataSource (open: a subclass overrides them as UIKit subclasses do)

    /// The snapshot's number of sections.
    open func numberOfSections(in collectionView: CollectionView) -> Int { engine.current.numberOfSections }
    /// The number of items in the section's snapshot.
    open func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        engine.current.items[safe: section]?.count ?? 0
    }
    /// The cell provider's cell for the item (an empty cell, with a warning, when it returns nil).
    open func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        guard let id = itemIdentifier(for: indexPath) else { return CollectionViewCell(reuseIdentifier: nil) }
        if let cell = cellProvider(collectionView, indexPath, id) { return cell }
        collectionView.warn("diffableNilCell", "PoolTable: the diffable data source's cell provider returned nil for \(indexPath); showing an empty cell")
        return CollectionViewCell(reuseIdentifier: nil)
    }
    /// The `supplementaryViewProvider`'s view; none without a provider or when it returns nil.
    open func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
                             at indexPath: IndexPath) -> CollectionReusableView {
        supplementaryViewProvider?(collectionView, kind, indexPath) ?? NoSupplementaryView(reuseIdentifier: nil)
    }
    /// `reorderingHandlers.canReorderItem` of the item; false without it (items are not moved
    /// by hand). A subclass may answer instead.
    open func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
        canReorder(at: indexPath)
    }
    /// Moves the item in the current snapshot (the collection view already shows the move),
    /// as UIKit's diffable data source does, between `reorderingHandlers.willReorder` and
    /// `didReorder`; an override calls `super` to keep that.
    open func collectionView(_ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        reorder(from: sourceIndexPath, to: destinationIndexPath)
    }
}

/// Outline disclosure accessories read and toggle the outline applied with `apply(_:to:)`.
extension CollectionViewDiffableDataSource: CollectionOutlineSource {
    func outlineState(at indexPath: IndexPath) -> OutlineRowState? { engine.outlineState(at: indexPath) }
    /// Expands or collapses the item's children (asking `sectionSnapshotHandlers`), animated.
    func toggleOutline(at indexPath: IndexPath) {
        guard let state = engine.outlineState(at: indexPath), state.isExpandable else { return }
        engine.setExpanded(!state.isExpanded, at: indexPath, recursively: false)
        collectionView?.refreshListCells()
    }
}
