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
    /// The list the applies change: `tableView`, or the collection view of the
    /// `CollectionViewDiffableDataSource` this object is the engine of.
    @usableFromInline weak var list: ListBase?
    private let cellProvider: CellProvider
    @usableFromInline var current = Snapshot() { didSet { pipeline.contentVersion &+= 1 } }
    /// Applies not committed yet (TableViewDiffableDataSource+Applying.swift).
    @usableFromInline let pipeline = ApplyPipeline<SectionID, ItemID>()
    /// The completions of applies, run in call order.
    @usableFromInline let completions = OrderedCompletions()
    /// The scheduler, and where `apply` is called from (read off the main thread too).
    @usableFromInline nonisolated let callers: ApplyCallers
    /// Applies whose old and new snapshots together hold fewer items are diffed at once on
    /// the main thread (when nothing is pending); larger ones off it. Default 8,192: such a
    /// diff costs about 3 ms (0.37 µs an item, docs/bench/RESULTS.md), well inside a frame,
    /// and the hand-back to the main loop would cost a frame of latency. `Int.max` keeps
    /// every apply synchronous; 0 sends every apply to a worker.
    public var synchronousApplyLimit = 8_192
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
        self.list = tableView
        self.cellProvider = cellProvider
        self.callers = ApplyCallers()
        tableView.dataSource = self
    }

    /// The engine of a `CollectionViewDiffableDataSource`: snapshots, applies (on and off
    /// the main thread) and outlines, changing `list`; not anyone's data source itself.
    /// (A convenience initializer: a non-public designated one would stop subclasses in other
    /// modules from inheriting `init(tableView:cellProvider:)`. It passes through a detached
    /// table that never loads, then lets go of it.)
    convenience init(engineFor list: ListBase) {
        self.init(tableView: detachedEngineTable, cellProvider: { _, _, _ in nil })
        detachedEngineTable.dataSource = nil
        tableView = nil
        self.list = list
    }

    /// The newest snapshot applied: the one a pending apply is bringing in, or the one the
    /// table shows. (Modify it and apply it again, as in UIKit, without losing a pending one.)
    public func snapshot() -> Snapshot { pipeline.entries.last?.snapshot ?? current }

    @usableFromInline
    func noteRefusedSnapshot(_ error: any Error) {
        lastApplyError = error as? DiffableDataSourceError
        ListBase.logger.error("PoolTable: \(error)")
    }

    /// Re-binds the items' cells where they are mounted (the article-004 way: by identity).
    public func reconfigureItems(_ ids: [ItemID]) {
        list?.reconfigure(ids.compactMap { indexPath(for: $0) }.itemPaths)
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
        current = snapshot.withoutMarks
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
        move(from: sourceIndexPath, to: destinationIndexPath)
    }

    /// Moves an item in the current snapshot to where the list already shows it.
    func move(from sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        if let next = snapshot(moving: sourceIndexPath, to: destinationIndexPath) { setCurrent(next) }
    }

    /// The current snapshot with the item at `sourceIndexPath` moved to `destinationIndexPath`
    /// (in the order after the move); nil when either is not in it.
    func snapshot(moving sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) -> Snapshot? {
        guard let id = itemIdentifier(for: sourceIndexPath),
              let section = sectionIdentifier(for: destinationIndexPath.section) else { return nil }
        var next = current
        next.deleteItems([id])
        let rows = next.itemIdentifiers(inSection: section)
        if destinationIndexPath.row >= 0, destinationIndexPath.row < rows.count {
            next.insertItems([id], beforeItem: rows[destinationIndexPath.row])
        } else {
            next.appendItems([id], toSection: section)
        }
        return next
    }
    /// `footerTitle` of the section's identifier.
    open func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
        sectionIdentifier(for: section).flatMap { footerTitle?($0) }
    }
}

/// The table a collection view's diffable engine is made with (and detached from at once):
/// it is never laid out, drawn or loaded.
@MainActor private let detachedEngineTable = TableView(frame: .zero)
