/// Outlines through the diffable data source (API.md "Columns and outlines").
extension TableViewDiffableDataSource {
    /// Makes `snapshot`'s visible items the rows of section `section` (appending the
    /// section if the data source has none by that identifier): expanding or collapsing a
    /// parent animates its children in or out like inserted or deleted rows, and the rows
    /// above keep their place on screen. UIKit's call shape (no `try`): a refused snapshot
    /// changes nothing, and its error is logged and kept in `lastApplyError`;
    /// `applyThrowing(_:to:animatingDifferences:completion:)` throws it instead.
    public func apply(_ snapshot: SectionSnapshot<ItemID>, to section: SectionID,
                      animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        do {
            try applyThrowing(snapshot, to: section, animatingDifferences: animatingDifferences, completion: completion)
        } catch {
            noteRefusedSnapshot(error)
        }
    }

    /// `apply(_:to:)` that throws the snapshot's first refused mutation
    /// (`SectionSnapshot.errors`, as `DiffableDataSourceError.invalidSectionSnapshot`), or a duplicate identifier across sections; nothing changes
    /// then.
    public func applyThrowing(_ snapshot: SectionSnapshot<ItemID>, to section: SectionID,
                              animatingDifferences: Bool = true, completion: (() -> Void)? = nil) throws {
        if let error = snapshot.errors.first { throw DiffableDataSourceError.invalidSectionSnapshot(error) }
        var whole = self.snapshot()
        if whole.sectionIdentifiers.contains(section) {
            whole.deleteItems(whole.itemIdentifiers(inSection: section))
        } else {
            whole.appendSections([section])
        }
        whole.appendItems(snapshot.visibleItems, toSection: section)
        try applyThrowing(whole, animatingDifferences: animatingDifferences, completion: completion)
        outlines.set(snapshot, for: section)
    }

    /// The outline last applied to `section`; an outline of its rows (all roots) if none was.
    public func snapshot(for section: SectionID) -> SectionSnapshot<ItemID> {
        if let outline: SectionSnapshot<ItemID> = outlines.snapshot(for: section) { return outline }
        var flat = SectionSnapshot<ItemID>()
        flat.append(snapshot().itemIdentifiers(inSection: section))
        return flat
    }

    /// How deep the item at `indexPath` is in its section's outline (0: a root, or a
    /// section without an outline): cells indent by it.
    public func level(at indexPath: IndexPath) -> Int {
        guard let id = itemIdentifier(for: indexPath), let section = sectionIdentifier(for: indexPath.section),
              let outline: SectionSnapshot<ItemID> = outlines.snapshot(for: section) else { return 0 }
        return outline.level(of: id)
    }
}

/// The section snapshots a diffable data source applied, by section (type-erased, so the
/// data source class keeps one stored property for them).
@MainActor
final class OutlineStore {
    private var bySection: [AnyHashable: Any] = [:]
    func set<S: Hashable, I: Hashable & Sendable>(_ snapshot: SectionSnapshot<I>, for section: S) { bySection[AnyHashable(section)] = snapshot }
    func snapshot<S: Hashable, I: Hashable & Sendable>(for section: S) -> SectionSnapshot<I>? { bySection[AnyHashable(section)] as? SectionSnapshot<I> }
    /// Forgets the outlines of sections whose rows a plain snapshot changed (or removed):
    /// `unchanged` says, by section identifier, whether its rows stay the same.
    func keep<S: Hashable>(where unchanged: (S) -> Bool) {
        guard !bySection.isEmpty else { return }
        bySection = bySection.filter { key, _ in (key.base as? S).map(unchanged) ?? false }
    }
}

/// The diffable data source answers for the outlines applied with `apply(_:to:)`: each row
/// of such a section has its item's level and expanded state, and the table's expand and
/// collapse (a triangle's click, the outline keys, `expandRow(at:recursively:)`) go through
/// `sectionSnapshotHandlers` and apply the section snapshot again.
extension TableViewDiffableDataSource: TableViewOutlineDataSource {
    /// The item's level, whether it has (or is marked to have) children and whether it is
    /// expanded; nil for a row of a section without an outline.
    public func tableView(_ tableView: TableView, outlineStateForRowAt indexPath: IndexPath) -> OutlineRowState? {
        guard let id = itemIdentifier(for: indexPath), let section = sectionIdentifier(for: indexPath.section),
              let outline: SectionSnapshot<ItemID> = outlines.snapshot(for: section) else { return nil }
        return OutlineRowState(level: outline.level(of: id), isExpandable: outline.isExpandable(id), isExpanded: outline.isExpanded(id))
    }

    /// The row of the item's parent in its outline.
    public func tableView(_ tableView: TableView, parentOfRowAt indexPath: IndexPath) -> IndexPath? {
        guard let id = itemIdentifier(for: indexPath), let section = sectionIdentifier(for: indexPath.section),
              let outline: SectionSnapshot<ItemID> = outlines.snapshot(for: section),
              let parent = outline.parent(of: id) else { return nil }
        return self.indexPath(for: parent)
    }

    /// Expands or collapses the item (and, `recursively`, every expandable item below it)
    /// in its section's outline and applies it, animated. Expanding asks
    /// `shouldExpandItem` (false: nothing happens), then calls `willExpandItem` (which may
    /// apply a new outline, e.g. with the loaded children), then
    /// `snapshotForExpandingParentItem`; collapsing asks `shouldCollapseItem` and calls
    /// `willCollapseItem`. An item that is not expandable is not expanded.
    public func tableView(_ tableView: TableView, setExpanded expanded: Bool, forRowAt indexPath: IndexPath, recursively: Bool) {
        guard let id = itemIdentifier(for: indexPath), let section = sectionIdentifier(for: indexPath.section),
              let before: SectionSnapshot<ItemID> = outlines.snapshot(for: section), before.contains(id) else { return }
        let handlers = sectionSnapshotHandlers
        if expanded {
            guard before.isExpandable(id), handlers.shouldExpandItem?(id) ?? true else { return }
            handlers.willExpandItem?(id)
        } else {
            guard handlers.shouldCollapseItem?(id) ?? true else { return }
            handlers.willCollapseItem?(id)
        }
        // The handler may have applied a new outline (children loaded, a spinner row).
        guard var outline: SectionSnapshot<ItemID> = outlines.snapshot(for: section), outline.contains(id) else { return }
        if expanded {
            if let make = handlers.snapshotForExpandingParentItem {
                let below = outline.snapshot(of: id)
                let replacement = make(id, below)
                if replacement != below { outline.replaceChildren(of: id, with: replacement) }
            }
            outline.expand(recursively ? outline.subtree(of: id).filter { outline.isExpandable($0) } : [id])
        } else {
            outline.collapse(recursively ? outline.subtree(of: id).filter { outline.isExpanded($0) } : [id])
        }
        apply(outline, to: section, animatingDifferences: true)
    }
}
