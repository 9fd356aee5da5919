/// A snapshot was refused.
public enum DiffableDataSourceError: Error, Equatable, CustomStringConvertible {
    /// An identifier appears twice in the snapshot.
    case duplicateIdentifier(String)
    /// A section snapshot (an outline) applied with `apply(_:to:)` had a refused mutation.
    case invalidSectionSnapshot(SectionSnapshotError)
    public var description: String {
        switch self {
        case let .duplicateIdentifier(what): "The snapshot names \(what) more than once; identifiers must be unique"
        case let .invalidSectionSnapshot(error): "The section snapshot was not applied: \(error)"
        }
    }
}

/// A data source driven by identity (UIKit's `UITableViewDiffableDataSource`): apply a new
/// snapshot and the table receives the inserts, deletes and moves that turn the old one into
/// it, animated. The table holds its data source weakly: keep a reference to this object.
/// Subclass it to answer more of `TableViewDataSource` (header titles, editing): its
/// data-source methods are `open`.
@MainActor
open class TableViewDiffableDataSource<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: TableViewDataSource {
    /// The snapshot type this data source applies.
    public typealias Snapshot = DiffableSnapshot<SectionID, ItemID>
    /// Makes the cell for an item: dequeue from the table and configure it. Returning nil
    /// (UIKit's signature allows it; UIKit then stops) logs a warning and shows an empty cell.
    public typealias CellProvider = (TableView, IndexPath, ItemID) -> TableViewCell?

    /// How `apply(_:animatingDifferences:)` animates inserted and deleted rows and sections
    /// when it animates (UIKit's `defaultRowAnimation`). Default `.automatic`.
    public var defaultRowAnimation: RowAnimation = .automatic
    /// The error of the last snapshot `apply` refused (duplicate identifiers); nil until one is.
    public private(set) var lastApplyError: DiffableDataSourceError?

    /// The table this data source feeds.
    public private(set) weak var tableView: TableView?
    private let cellProvider: CellProvider
    @usableFromInline var current = Snapshot()
    /// Where each item is; rebuilt on first use after a change (`placesAreStale`), so an
    /// outline's range change does not pay O(all items) for it.
    @usableFromInline var places: [ItemID: IndexPath] = [:]
    @usableFromInline var placesAreStale = false
    /// What the data source asks before it expands or collapses an item of an outline for
    /// the user (UIKit's `sectionSnapshotHandlers`).
    public var sectionSnapshotHandlers = SectionSnapshotHandlers<ItemID>()
    /// The section snapshots applied with `apply(_:to:)` (Outline/).
    let outlines = OutlineStore()
    /// Header titles by section identifier (nil: no header).
    public var headerTitle: ((SectionID) -> String?)?
    /// Footer titles by section identifier (nil: no footer).
    public var footerTitle: ((SectionID) -> String?)?

    /// Becomes `tableView`'s data source; `cellProvider` makes each item's cell.
    public init(tableView: TableView, cellProvider: @escaping CellProvider) {
        self.tableView = tableView
        self.cellProvider = cellProvider
        tableView.dataSource = self
    }

    /// The snapshot the table shows now.
    public func snapshot() -> Snapshot { current }

    /// Makes `snapshot` the table's content, in UIKit's call shape (no `try`). A snapshot
    /// with duplicate identifiers changes nothing: the error is logged and kept in
    /// `lastApplyError` (UIKit stops instead), and `completion` is not called. Animated with
    /// `defaultRowAnimation` unless `animatingDifferences` is false.
    /// `applyThrowing(_:animatingDifferences:completion:)` throws the error instead.
    @inlinable
    public func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        do {
            try applyThrowing(snapshot, animatingDifferences: animatingDifferences, completion: completion)
        } catch {
            noteRefusedSnapshot(error)
        }
    }

    @usableFromInline
    func noteRefusedSnapshot(_ error: any Error) {
        lastApplyError = error as? DiffableDataSourceError
        ListBase.logger.error("PoolTable: \(error)")
    }

    /// Makes `snapshot` the table's content. Throws for duplicate identifiers (nothing
    /// changes then). Animated unless `animatingDifferences` is false.
    @inlinable   // specialized for the caller's identifier types (see DiffableSnapshot.changes)
    public func applyThrowing(_ snapshot: Snapshot, animatingDifferences: Bool = true, completion: (() -> Void)? = nil) throws {
        if let dup = snapshot.firstDuplicate() { throw DiffableDataSourceError.duplicateIdentifier(dup) }
        guard let tableView, tableView.hasLoadedData else {
            setCurrent(snapshot)
            tableView?.reloadData()
            completion?()
            return
        }
        let changes = current.changes(to: snapshot)
        let animation: RowAnimation = animatingDifferences ? defaultRowAnimation : .none
        try tableView.performBatchUpdatesThrowing({
            setCurrent(snapshot)
            tableView.deleteSections(changes.deletedSections, with: animation)
            tableView.insertSections(changes.insertedSections, with: animation)
            tableView.deleteRows(at: changes.deletedRows, with: animation)
            tableView.insertRows(at: changes.insertedRows, with: animation)
            for move in changes.moves { tableView.moveRow(at: move.from, to: move.to) }
        }, completion: { _ in completion?() })
    }

    /// Re-binds the items' cells where they are mounted (the article-004 way: by identity).
    public func reconfigureItems(_ ids: [ItemID]) {
        tableView?.reconfigureRows(at: ids.compactMap { indexPath(for: $0) })
    }

    /// The item at `indexPath`; nil if there is none.
    public func itemIdentifier(for indexPath: IndexPath) -> ItemID? {
        guard indexPath.section >= 0, indexPath.section < current.items.count,
              indexPath.row >= 0, indexPath.row < current.items[indexPath.section].count else { return nil }
        return current.items[indexPath.section][indexPath.row]
    }

    /// Where `item` is now; nil if it is not in the snapshot.
    public func indexPath(for item: ItemID) -> IndexPath? {
        if placesAreStale { rebuildPlaces() }
        return places[item]
    }

    func rebuildPlaces() {
        placesAreStale = false
        places.removeAll(keepingCapacity: true)
        for (s, list) in current.items.enumerated() { for (r, id) in list.enumerated() { places[id] = IndexPath(row: r, section: s) } }
    }

    /// The identifier of section number `section`.
    public func sectionIdentifier(for section: Int) -> SectionID? { current.sectionIdentifiers[safe: section] }

    @usableFromInline
    func setCurrent(_ snapshot: Snapshot) {
        outlines.keep(where: { current.itemIdentifiers(inSection: $0) == snapshot.itemIdentifiers(inSection: $0) })
        current = snapshot
        placesAreStale = true
    }

    // MARK: TableViewDataSource (open: a subclass overrides them as UIKit subclasses do)
    /// The snapshot's number of sections.
    open func numberOfSections(in tableView: TableView) -> Int { current.numberOfSections }
    /// The number of items in the section's snapshot.
    open func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { current.items[safe: section]?.count ?? 0 }
    /// The cell provider's cell for the item (an empty cell, with a warning, when it returns nil).
    open func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        guard let id = itemIdentifier(for: indexPath) else { return TableViewCell(reuseIdentifier: nil) }
        if let cell = cellProvider(tableView, indexPath, id) { return cell }
        tableView.warn("diffableNilCell", "PoolTable: the diffable data source's cell provider returned nil for \(indexPath); showing an empty cell")
        return TableViewCell(reuseIdentifier: nil)
    }
    /// `headerTitle` of the section's identifier.
    open func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        sectionIdentifier(for: section).flatMap { headerTitle?($0) }
    }
    /// True: every row may be edited (override to say otherwise, as UIKit subclasses do).
    open func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
    /// Nothing: override it to delete or insert (apply a snapshot without the item).
    open func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {}
    /// False: rows are not moved by hand. A subclass returns true for rows the user may move.
    open func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }
    /// Moves the item in the current snapshot (the table already shows the move), as UIKit's
    /// diffable data source does; a subclass that overrides it calls `super` to keep that.
    open func tableView(_ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        guard let id = itemIdentifier(for: sourceIndexPath),
              let section = sectionIdentifier(for: destinationIndexPath.section) else { return }
        var next = current
        next.deleteItems([id])
        let rows = next.itemIdentifiers(inSection: section)
        if destinationIndexPath.row >= 0, destinationIndexPath.row < rows.count {
            next.insertItems([id], beforeItem: rows[destinationIndexPath.row])
        } else {
            next.appendItems([id], toSection: section)
        }
        setCurrent(next)
    }
    /// `footerTitle` of the section's identifier.
    open func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
        sectionIdentifier(for: section).flatMap { footerTitle?($0) }
    }
}
