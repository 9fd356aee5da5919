import Logging

/// A value describing a table's sections and items by identity (UIKit's
/// `NSDiffableDataSourceSnapshot`). Identifiers must be unique across the snapshot.
public struct DiffableSnapshot<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable, Equatable {
    /// The sections, in order.
    public private(set) var sectionIdentifiers: [SectionID] = []
    @usableFromInline var items: [[ItemID]] = []
    /// Items whose cells the next apply of this snapshot makes again through the cell
    /// provider (UIKit's `reloadItems`); cleared once applied.
    public private(set) var reloadedItemIdentifiers: [ItemID] = []
    /// Items whose mounted cells the next apply of this snapshot configures again, in place,
    /// through the cell provider (UIKit's `reconfigureItems`); cleared once applied.
    public private(set) var reconfiguredItemIdentifiers: [ItemID] = []

    /// An empty snapshot.
    public init() {}

    /// Equal when the sections and their items are: the reload and reconfigure marks are
    /// requests to the next apply, not content.
    public static func == (a: DiffableSnapshot, b: DiffableSnapshot) -> Bool {
        a.sectionIdentifiers == b.sectionIdentifiers && a.items == b.items
    }

    /// The number of sections.
    public var numberOfSections: Int { sectionIdentifiers.count }
    /// The number of items in all sections.
    public var numberOfItems: Int { items.reduce(0) { $0 + $1.count } }
    /// Every item, section by section.
    public var itemIdentifiers: [ItemID] { items.flatMap { $0 } }

    /// The items of `section`, in order; empty if there is no such section.
    public func itemIdentifiers(inSection section: SectionID) -> [ItemID] {
        sectionIdentifiers.firstIndex(of: section).map { items[$0] } ?? []
    }
    /// The number of items in `section`.
    public func numberOfItems(inSection section: SectionID) -> Int { itemIdentifiers(inSection: section).count }

    /// Adds empty sections at the end.
    public mutating func appendSections(_ ids: [SectionID]) {
        sectionIdentifiers.append(contentsOf: ids)
        items.append(contentsOf: ids.map { _ in [] })
    }

    /// Inserts empty sections before `beforeSection` (nothing if it is absent).
    public mutating func insertSections(_ ids: [SectionID], beforeSection: SectionID) {
        guard let i = sectionIdentifiers.firstIndex(of: beforeSection) else { return }
        sectionIdentifiers.insert(contentsOf: ids, at: i)
        items.insert(contentsOf: ids.map { _ in [] }, at: i)
    }

    /// Removes sections and their items.
    public mutating func deleteSections(_ ids: [SectionID]) {
        let gone = Set(ids)
        let keep = sectionIdentifiers.indices.filter { !gone.contains(sectionIdentifiers[$0]) }
        sectionIdentifiers = keep.map { sectionIdentifiers[$0] }
        items = keep.map { items[$0] }
    }

    /// Appends to `section`, or to the last section when nil. Does nothing without sections.
    public mutating func appendItems(_ ids: [ItemID], toSection section: SectionID? = nil) {
        guard let s = section.flatMap({ sectionIdentifiers.firstIndex(of: $0) }) ?? (items.isEmpty ? nil : items.count - 1) else { return }
        items[s].append(contentsOf: ids)
    }

    /// Inserts items before `beforeItem`, in its section (nothing if it is absent).
    public mutating func insertItems(_ ids: [ItemID], beforeItem: ItemID) {
        guard let (s, r) = locate(beforeItem) else { return }
        items[s].insert(contentsOf: ids, at: r)
    }

    /// Inserts items after `afterItem`, in its section (nothing if it is absent).
    public mutating func insertItems(_ ids: [ItemID], afterItem: ItemID) {
        guard let (s, r) = locate(afterItem) else { return }
        items[s].insert(contentsOf: ids, at: r + 1)
    }

    /// Removes items wherever they are.
    public mutating func deleteItems(_ ids: [ItemID]) {
        let gone = Set(ids)
        for s in items.indices { items[s].removeAll { gone.contains($0) } }
    }

    /// Removes every section and item.
    public mutating func deleteAllItems() { sectionIdentifiers = []; items = [] }

    /// Moves an item before another (across sections too).
    public mutating func moveItem(_ id: ItemID, beforeItem: ItemID) {
        guard id != beforeItem, let (s, r) = locate(id) else { return }
        items[s].remove(at: r)
        guard let (t, q) = locate(beforeItem) else { items[s].insert(id, at: r); return }
        items[t].insert(id, at: q)
    }

    /// The item's position counting through all sections; nil if absent.
    public func indexOfItem(_ id: ItemID) -> Int? {
        var base = 0
        for list in items {
            if let r = list.firstIndex(of: id) { return base + r }
            base += list.count
        }
        return nil
    }

    /// The section holding `id`; nil if the snapshot does not hold it (UIKit's
    /// `sectionIdentifier(containingItem:)`).
    public func sectionIdentifier(containingItem id: ItemID) -> SectionID? {
        locate(id).map { sectionIdentifiers[$0.0] }
    }

    /// The position of `section` among the sections; nil if absent.
    public func indexOfSection(_ section: SectionID) -> Int? { sectionIdentifiers.firstIndex(of: section) }

    /// Asks the next apply to make these items' cells again through the cell provider
    /// (UIKit's `reloadItems`). Items the snapshot does not hold are ignored, with a log line.
    public mutating func reloadItems(_ ids: [ItemID]) {
        reloadedItemIdentifiers += held(ids, "reloadItems")
    }

    /// Asks the next apply to configure these items' mounted cells again in place, without a
    /// new cell (UIKit's `reconfigureItems`, cheaper than a reload). Items the snapshot does
    /// not hold are ignored, with a log line.
    public mutating func reconfigureItems(_ ids: [ItemID]) {
        reconfiguredItemIdentifiers += held(ids, "reconfigureItems")
    }

    private func held(_ ids: [ItemID], _ what: String) -> [ItemID] {
        let all = Set(items.joined())
        let kept = ids.filter { all.contains($0) }
        if kept.count < ids.count {
            Logger(label: "PoolTable").error("PoolTable: \(what) named \(ids.count - kept.count) item(s) the snapshot does not hold; ignored")
        }
        return kept
    }

    /// The snapshot without its reload and reconfigure marks (what a data source keeps).
    var withoutMarks: DiffableSnapshot {
        var s = self
        s.reloadedItemIdentifiers = []
        s.reconfiguredItemIdentifiers = []
        return s
    }

    func locate(_ id: ItemID) -> (Int, Int)? {
        for (s, list) in items.enumerated() { if let r = list.firstIndex(of: id) { return (s, r) } }
        return nil
    }

    /// The first identifier that appears twice, if any.
    @inlinable
    func firstDuplicate() -> String? {
        var seenSections = Set<SectionID>()
        for s in sectionIdentifiers where !seenSections.insert(s).inserted { return "section \(s)" }
        var seen = Set<ItemID>()
        seen.reserveCapacity(numberOfItems)
        for list in items { for i in list where !seen.insert(i).inserted { return "item \(i)" } }
        return nil
    }
}

/// The changes that turn one snapshot into another, in UIKit's batch-update terms.
public struct SnapshotChanges: Equatable, Sendable {
    /// Sections to delete (old indexes).
    public var deletedSections: [Int] = []
    /// Sections to insert (new indexes).
    public var insertedSections: [Int] = []
    /// Rows to delete (old index paths).
    public var deletedRows: [IndexPath] = []
    /// Rows to insert (new index paths).
    public var insertedRows: [IndexPath] = []
    /// Rows that move (old index path to new).
    public var moves: [(from: IndexPath, to: IndexPath)] = []

    /// No changes.
    public init() {}

    /// True when the snapshots have the same content.
    public var isEmpty: Bool {
        deletedSections.isEmpty && insertedSections.isEmpty && deletedRows.isEmpty && insertedRows.isEmpty && moves.isEmpty
    }
    public static func == (a: SnapshotChanges, b: SnapshotChanges) -> Bool {
        a.deletedSections == b.deletedSections && a.insertedSections == b.insertedSections && a.deletedRows == b.deletedRows
            && a.insertedRows == b.insertedRows && a.moves.map(\.from) == b.moves.map(\.from) && a.moves.map(\.to) == b.moves.map(\.to)
    }
}

extension DiffableSnapshot {
    /// Heckel's symbol table (one pass over each side) finds what was deleted, inserted and
    /// kept; among kept items of a section, those outside a longest increasing subsequence
    /// of old positions are the ones that moved (O(n log n) in the kept items), so a single
    /// displaced item is one move, not a cascade.
    @inlinable   // specialized in the caller's module: generic dictionaries cost 3× otherwise
    public func changes(to new: DiffableSnapshot) -> SnapshotChanges {
        difference(to: new, stoppingAtDuplicate: false).changes
    }

    /// `changes(to:)`, or, when `new` names an item or a section twice, that duplicate
    /// (found while the items are hashed anyway: no pass of its own) and no changes.
    @inlinable
    func checkedChanges(to new: DiffableSnapshot) -> (changes: SnapshotChanges, duplicate: String?) {
        var sections = Set<SectionID>()
        for s in new.sectionIdentifiers where !sections.insert(s).inserted { return (SnapshotChanges(), "section \(s)") }
        let found = difference(to: new, stoppingAtDuplicate: true)
        return (found.changes, found.duplicate.map { "item \($0)" })
    }

    /// The difference. Places are packed in one Int (section << 32 | row) and the new side
    /// keeps only each item's section: hashing and copying IndexPaths cost half the diff.
    @inlinable
    func difference(to new: DiffableSnapshot, stoppingAtDuplicate: Bool) -> (changes: SnapshotChanges, duplicate: ItemID?) {
        var out = SnapshotChanges()
        // Sections.
        var oldSection: [SectionID: Int] = [:]
        for (i, s) in sectionIdentifiers.enumerated() { oldSection[s] = i }
        var newSection: [SectionID: Int] = [:]
        for (i, s) in new.sectionIdentifiers.enumerated() { newSection[s] = i }
        let commonOldOrder = sectionIdentifiers.indices.filter { newSection[sectionIdentifiers[$0]] != nil }
        let keptSections = Set(Self.longestIncreasingSubsequence(commonOldOrder.map { newSection[sectionIdentifiers[$0]]! })
            .map { sectionIdentifiers[commonOldOrder[$0]] })
        var sectionMap = [Int?](repeating: nil, count: sectionIdentifiers.count)
        for (i, s) in sectionIdentifiers.enumerated() {
            if keptSections.contains(s) { sectionMap[i] = newSection[s] } else { out.deletedSections.append(i) }
        }
        for (i, s) in new.sectionIdentifiers.enumerated() where !keptSections.contains(s) { out.insertedSections.append(i) }
        let newSectionKept = new.sectionIdentifiers.map { keptSections.contains($0) }

        // Items: where each one was (packed), and which section it is in now.
        var oldPlace: [ItemID: Int] = [:]
        oldPlace.reserveCapacity(numberOfItems)
        for (s, list) in items.enumerated() { for (r, id) in list.enumerated() { oldPlace[id] = s << 32 | r } }
        var newSectionOf: [ItemID: Int] = [:]
        newSectionOf.reserveCapacity(new.numberOfItems)
        for (t, list) in new.items.enumerated() {
            for id in list where newSectionOf.updateValue(t, forKey: id) != nil && stoppingAtDuplicate {
                return (SnapshotChanges(), id)
            }
        }

        // Deleted: items of kept sections that are gone, or now live in an inserted section.
        for (s, list) in items.enumerated() where sectionMap[s] != nil {
            for (r, id) in list.enumerated() {
                if let t = newSectionOf[id], newSectionKept[t] { continue }
                out.deletedRows.append(IndexPath(row: r, section: s))
            }
        }
        let rowMask = (1 << 32) - 1
        for (t, list) in new.items.enumerated() where newSectionKept[t] {
            // Kept items arriving in this section, in new order, with their old places.
            var kept: [(row: Int, from: Int)] = []
            kept.reserveCapacity(list.count)
            for (r, id) in list.enumerated() {
                if let from = oldPlace[id], sectionMap[from >> 32] != nil {
                    kept.append((r, from))
                } else {
                    out.insertedRows.append(IndexPath(row: r, section: t))
                }
            }
            // Items that stayed in their section keep their order if on the LIS.
            let sameSection = kept.indices.filter { sectionMap[kept[$0].from >> 32] == t }
            var stays = [Bool](repeating: false, count: kept.count)
            for i in Self.longestIncreasingSubsequence(sameSection.map { kept[$0].from & rowMask }) { stays[sameSection[i]] = true }
            for (k, item) in kept.enumerated() where !stays[k] {
                out.moves.append((from: IndexPath(row: item.from & rowMask, section: item.from >> 32), to: IndexPath(row: item.row, section: t)))
            }
        }
        return (out, nil)
    }

    /// Indices (into `values`) of one longest strictly increasing subsequence. O(n log n).
    @usableFromInline
    static func longestIncreasingSubsequence(_ values: [Int]) -> [Int] {
        guard !values.isEmpty else { return [] }
        var tails: [Int] = []          // indices into values
        var previous = [Int](repeating: -1, count: values.count)
        for i in values.indices {
            var lo = 0, hi = tails.count
            while lo < hi { let mid = (lo + hi) / 2; if values[tails[mid]] < values[i] { lo = mid + 1 } else { hi = mid } }
            if lo > 0 { previous[i] = tails[lo - 1] }
            if lo == tails.count { tails.append(i) } else { tails[lo] = i }
        }
        var out: [Int] = []
        var k = tails.last!
        while k >= 0 { out.append(k); k = previous[k] }
        return out.reversed()
    }
}
