/// Outlines through the diffable data source (UIKit's section snapshots).
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
        commitPendingApplyNow()   // an outline applies onto the newest snapshot, in call order
        let ticket = completions.enqueue(completion)   // completions run in call order
        // Weak: this closure is queued in `completions` itself (by the plain apply below), and
        // a strong capture would keep the queue alive in a cycle while it waits.
        let completion: () -> Void = { [weak completions] in completions?.finish(ticket) }
        defer { tableView?.refreshOutlineCells() }   // (a collection view's engine has no table)
        let old: SectionSnapshot<ItemID>? = outlines.snapshot(for: section)
        // The new outline is in place while the rows change, so every cell bound during the
        // apply (rows mounted by its layout) gets its new level; a refused apply restores it.
        outlines.set(snapshot, for: section)
        outlines.applying = AnyHashable(section)
        defer { outlines.applying = nil }
        do {
            // The fast path: the rows change by one contiguous run (an expand or a collapse).
            if let list, list.hasLoadedData, let s = current.sectionIdentifiers.firstIndex(of: section),
               let old, let run = outlineRun(from: old, to: snapshot, section: s) {
                try applyRun(run, section: s, animatingDifferences: animatingDifferences, completion: completion)
                return
            }
            var whole = self.snapshot()
            if whole.sectionIdentifiers.contains(section) {
                whole.deleteItems(whole.itemIdentifiers(inSection: section))
            } else {
                whole.appendSections([section])
            }
            whole.appendItems(snapshot.visibleItems, toSection: section)
            try applyThrowing(whole, animatingDifferences: animatingDifferences, completion: completion)
        } catch {
            completions.cancel(ticket)
            if let old { outlines.set(old, for: section) } else { outlines.remove(section) }
            throw error
        }
    }

    /// How the rows of section `s` change from `old`'s visible items (its rows now) to
    /// `new`'s, when that is one contiguous run: `.unchanged`, an insert or a delete; nil
    /// otherwise (the full diff then). When the trees have the same shape and one item's
    /// expanded state differs, the run is found in O(its visible descendants); otherwise by
    /// comparing the common head and tail (O(rows), no hashing).
    func outlineRun(from old: SectionSnapshot<ItemID>, to new: SectionSnapshot<ItemID>, section s: Int) -> OutlineRun<ItemID>? {
        let rows = current.items[s]
        if old.hasSameShape(as: new) {
            switch old.expansionDifference(to: new) {
            case .same:
                return .unchanged
            case let .one(item, expands):
                guard new.isVisible(item) else { return .unchanged }     // under a collapsed parent: no row changes
                let row: Int
                if let hint = toggleHint, hint.row < rows.count, rows[hint.row] == hint.item, hint.item == item { row = hint.row }
                else if let ip = indexPath(for: item), ip.section == s { row = ip.row }
                else { return nil }
                if expands {
                    return .insert(at: row + 1, items: new.visibleDescendants(of: item))
                }
                let n = old.visibleDescendantCount(of: item)
                guard row + 1 + n <= rows.count else { return nil }
                return .delete((row + 1)..<(row + 1 + n))
            case .many:
                break
            }
        }
        let fresh = new.visibleItems
        let m = min(rows.count, fresh.count)
        var head = 0
        while head < m && rows[head] == fresh[head] { head += 1 }
        var tail = 0
        while tail < m - head && rows[rows.count - 1 - tail] == fresh[fresh.count - 1 - tail] { tail += 1 }
        if rows.count == fresh.count { return head == rows.count ? .unchanged : nil }
        if fresh.count > rows.count {
            guard head + tail == rows.count else { return nil }
            return .insert(at: head, items: Array(fresh[head..<(fresh.count - tail)]))
        }
        guard head + tail == fresh.count else { return nil }
        return .delete(head..<(rows.count - tail))
    }

    /// Applies one run to section `s`: the snapshot's rows change in place and the table
    /// gets one range insert or delete (`TableView`'s run batch: O(mounted rows) for rows
    /// of a fixed height). Items new to the section must not be in another section.
    func applyRun(_ run: OutlineRun<ItemID>, section s: Int, animatingDifferences: Bool, completion: (() -> Void)?) throws {
        guard let list else { return }
        let animation: RowAnimation = animatingDifferences ? defaultRowAnimation : .none
        switch run {
        case .unchanged:
            list.setNeedsDisplay()
            completion?()
        case let .insert(at, items):
            if current.sectionIdentifiers.count > 1, let clash = items.first(where: { indexPath(for: $0) != nil }) {
                throw DiffableDataSourceError.duplicateIdentifier("item \(clash)")
            }
            try list.performBatchUpdatesThrowing({
                current.items[s].insert(contentsOf: items, at: at)
                placesAreStale = true
                list.batchInsertRun(at..<(at + items.count), section: s, animation)
            }, completion: { _ in completion?() })
        case let .delete(range):
            try list.performBatchUpdatesThrowing({
                current.items[s].removeSubrange(range)
                placesAreStale = true
                list.batchDeleteRun(range, section: s, animation)
            }, completion: { _ in completion?() })
        }
    }

    /// The row the table is toggling (`OutlineStore.hint`), typed.
    var toggleHint: (item: ItemID, row: Int)? {
        get { outlines.hint.flatMap { h in (h.item.base as? ItemID).map { ($0, h.row) } } }
        set { outlines.hint = newValue.map { (AnyHashable($0.item), $0.row) } }
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

/// How an outline's rows change, when it is one contiguous run.
enum OutlineRun<Item> {
    case unchanged
    case insert(at: Int, items: [Item])
    case delete(Range<Int>)
}

/// The section snapshots a diffable data source applied, by section (type-erased, so the
/// data source class keeps one stored property for them).
@MainActor
final class OutlineStore {
    private var bySection: [AnyHashable: Any] = [:]
    /// The item and row being expanded or collapsed by the table (finds the row without
    /// the data source's item-to-row map).
    var hint: (item: AnyHashable, row: Int)?
    func set<S: Hashable, I: Hashable & Sendable>(_ snapshot: SectionSnapshot<I>, for section: S) { bySection[AnyHashable(section)] = snapshot }
    func snapshot<S: Hashable, I: Hashable & Sendable>(for section: S) -> SectionSnapshot<I>? { bySection[AnyHashable(section)] as? SectionSnapshot<I> }
    /// Forgets the outlines of sections whose rows a plain snapshot changed (or removed):
    /// `unchanged` says, by section identifier, whether its rows stay the same.
    /// The section whose outline `apply(_:to:)` is applying: `keep` leaves it alone.
    var applying: AnyHashable?
    func remove<S: Hashable>(_ section: S) { bySection[AnyHashable(section)] = nil }
    func keep<S: Hashable>(where unchanged: (S) -> Bool) {
        guard !bySection.isEmpty else { return }
        bySection = bySection.filter { key, _ in key == applying || ((key.base as? S).map(unchanged) ?? false) }
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
        outlineState(at: indexPath)
    }

    /// The outline state of the item at `indexPath`; nil outside an outline.
    func outlineState(at indexPath: IndexPath) -> OutlineRowState? {
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
        setExpanded(expanded, at: indexPath, recursively: recursively)
    }

    /// `tableView(_:setExpanded:forRowAt:recursively:)` for any list (a collection view's outline too).
    func setExpanded(_ expanded: Bool, at indexPath: IndexPath, recursively: Bool) {
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
        toggleHint = (id, indexPath.row)
        defer { toggleHint = nil }
        apply(outline, to: section, animatingDifferences: true)
    }
}
