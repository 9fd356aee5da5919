/// Reordering by the user inside an outline (issue 38): a section whose content is a section
/// snapshot (`apply(_:to:)`). The collection view moves one row, as in a flat section; the
/// data source turns that row's destination into a place in the tree:
/// - the item moves with everything below it, collapsed or expanded, and lands as a sibling
///   of the row it is dropped beside (`SectionSnapshot.dropPlacement`);
/// - a drop into its own subtree is refused while the item is dragged (the gap stays home);
/// - Alt+Up/Down moves it among its siblings, never changing its parent;
/// - an item with children stays in its section (a leaf may move in or out of an outline);
/// - the section transactions carry the outlines before and after, expanded states kept.
/// When the item's expanded children must follow it, they do so right after the drop, as an
/// animated apply of the new outline; `didReorder` comes after that apply.
extension CollectionViewDiffableDataSource {
    /// The identifier and outline of section number `s`, if an outline was applied to it.
    func outline(inSection s: Int) -> (section: SectionID, outline: SectionSnapshot<ItemID>)? {
        guard let section = sectionIdentifier(for: s), let outline: SectionSnapshot<ItemID> = engine.outlines.snapshot(for: section) else { return nil }
        return (section, outline)
    }

    /// Whether section number `s` shows an outline.
    func hasOutline(inSection s: Int) -> Bool { outline(inSection: s) != nil }

    /// The outlines of the move's sections before and after it; nil when the move cannot be
    /// made in the tree (into the item's own subtree, a parent out of its section).
    private func movedOutlines(of id: ItemID, from source: IndexPath, to destination: IndexPath)
        -> [SectionID: (initial: SectionSnapshot<ItemID>, final: SectionSnapshot<ItemID>)]? {
        let from = outline(inSection: source.section), to = outline(inSection: destination.section)
        if source.section == destination.section {
            guard let from else { return [:] }
            let placement: SectionSnapshot<ItemID>.Placement?
            if let step = pendingOutlineStep, step.item == id, step.destination == destination { placement = step.placement }
            else { placement = from.outline.dropPlacement(of: id, atVisibleRow: destination.item, movingDown: destination.item > source.item) }
            guard let placement, let moved = from.outline.placing(id, at: placement) else { return nil }
            return [from.section: (from.outline, moved)]
        }
        var out: [SectionID: (initial: SectionSnapshot<ItemID>, final: SectionSnapshot<ItemID>)] = [:]
        if let from {
            guard !from.outline.hasChildren(id) else { return nil }
            out[from.section] = (from.outline, from.outline.removing(id))
        }
        if let to {
            let down = destination.section > source.section
            guard let placement = to.outline.dropPlacement(of: id, atVisibleRow: destination.item, movingDown: down),
                  let moved = to.outline.placing(id, at: placement) else { return nil }
            out[to.section] = (to.outline, moved)
        }
        return out
    }

    /// `reorder(from:to:)` when either section is an outline. The view already shows the row
    /// moved; the snapshot follows it at once, and the new outline's rows (the item's
    /// descendants after it) are applied once the move shows. A move the tree refuses (a
    /// delegate's retarget into the item's subtree) is undone by applying the old outline.
    func reorderInOutline(from source: IndexPath, to destination: IndexPath) {
        defer { pendingOutlineStep = nil }
        guard let id = itemIdentifier(for: source), let shown = engine.snapshot(moving: source, to: destination) else { return }
        guard let outlines = movedOutlines(of: id, from: source, to: destination) else {
            collectionView?.warn("outlineReorderRefused", "PoolTable: the move of \(id) to \(destination) would put it into its own subtree (or a parent out of its section); it goes back")
            let before = [source.section, destination.section].compactMap { outline(inSection: $0) }
            engine.setCurrent(shown)
            whenMoveShown { [weak self] in
                for (section, outline) in before { self?.reapply(outline, to: section) }
            }
            return
        }
        var final = shown
        for (section, outline) in outlines {
            final.deleteItems(final.itemIdentifiers(inSection: section))
            final.appendItems(outline.final.visibleItems, toSection: section)
        }
        let transaction = DiffableDataSourceTransaction(initialSnapshot: engine.current, finalSnapshot: final, outlines: outlines)
        reorderingHandlers.willReorder?(transaction)
        engine.setCurrent(shown)
        for (section, outline) in outlines { engine.outlines.set(outline.final, for: section) }
        let touched = ([id] + outlines.values.flatMap { [$0.initial.parent(of: id), $0.final.parent(of: id)] }.compactMap { $0 })
        whenMoveShown { [weak self] in
            guard let self else { return }
            if final != shown {
                for (section, outline) in outlines where final.itemIdentifiers(inSection: section) != shown.itemIdentifiers(inSection: section) {
                    reapply(outline.final, to: section)
                }
            }
            // The moved item's level and its old and new parents' disclosures changed.
            engine.reconfigureItems(touched.filter { final.indexOfItem($0) != nil })
            collectionView?.refreshListCells()
            reorderingHandlers.didReorder?(transaction)
        }
    }

    /// Applies `outline` to `section` by a full diff (its stored outline is dropped first, so
    /// the outline fast path does not take the rows for unchanged).
    private func reapply(_ outline: SectionSnapshot<ItemID>, to section: SectionID) {
        engine.outlines.remove(section)
        engine.apply(outline, to: section, animatingDifferences: true)
    }

    /// Runs `body` once the collection view shows the move (now without a view).
    private func whenMoveShown(_ body: @escaping () -> Void) {
        if let collectionView { collectionView.whenMoveShown(body) } else { body() }
    }

    /// See `CollectionOutlineSource.outlineReorderTarget(from:proposed:)`.
    func outlineReorderTarget(from source: IndexPath, proposed: IndexPath) -> IndexPath {
        guard proposed != source, hasOutline(inSection: source.section) || hasOutline(inSection: proposed.section),
              let id = itemIdentifier(for: source) else { return proposed }
        return movedOutlines(of: id, from: source, to: proposed) == nil ? source : proposed
    }

    /// See `CollectionOutlineSource.outlineStepDestination(from:forward:)`: the step's
    /// placement is kept for the move the view asks next.
    func outlineStepDestination(from source: IndexPath, forward: Bool) -> IndexPath? {
        guard let (_, outline) = outline(inSection: source.section), let id = itemIdentifier(for: source) else { return nil }
        guard let placement = outline.siblingStepPlacement(of: id, down: forward), let moved = outline.placing(id, at: placement),
              let row = outline.flatDestination(of: id, movedTo: moved) else { return source }
        let destination = IndexPath(item: row, section: source.section)
        pendingOutlineStep = (id, placement, destination)
        return destination
    }
}
