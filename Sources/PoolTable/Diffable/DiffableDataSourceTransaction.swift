/// What a reorder by the user did to a diffable data source's content (UIKit's
/// `NSDiffableDataSourceTransaction`): the snapshot before and after, the difference
/// between their items, and one section transaction per section whose items changed.
/// `CollectionViewDiffableDataSource.reorderingHandlers` receive it.
public struct DiffableDataSourceTransaction<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable {
    /// The content before the reorder.
    public let initialSnapshot: DiffableSnapshot<SectionID, ItemID>
    /// The content after it (the data source's snapshot once it is done).
    public let finalSnapshot: DiffableSnapshot<SectionID, ItemID>
    /// The change from the initial items to the final ones, section by section flattened,
    /// moves inferred (a reorder is one removal and one insertion of the same item).
    public let difference: CollectionDifference<ItemID>
    /// The sections whose items changed, in section order (one for a move within a section,
    /// two for a move between sections).
    public let sectionTransactions: [DiffableDataSourceSectionTransaction<SectionID, ItemID>]

    /// The transaction that turns `initialSnapshot` into `finalSnapshot`.
    public init(initialSnapshot: DiffableSnapshot<SectionID, ItemID>, finalSnapshot: DiffableSnapshot<SectionID, ItemID>) {
        self.init(initialSnapshot: initialSnapshot, finalSnapshot: finalSnapshot, outlines: [:])
    }

    /// The transaction of a reorder in which the sections in `outlines` are outlines: their
    /// section transactions carry the section snapshots before and after (hierarchy and
    /// expanded states), and are listed when the outline changed even if its rows did not.
    init(initialSnapshot: DiffableSnapshot<SectionID, ItemID>, finalSnapshot: DiffableSnapshot<SectionID, ItemID>,
         outlines: [SectionID: (initial: SectionSnapshot<ItemID>, final: SectionSnapshot<ItemID>)]) {
        self.initialSnapshot = initialSnapshot
        self.finalSnapshot = finalSnapshot
        difference = finalSnapshot.itemIdentifiers.difference(from: initialSnapshot.itemIdentifiers).inferringMoves()
        sectionTransactions = finalSnapshot.sectionIdentifiers.compactMap { section in
            if let outline = outlines[section] {
                guard outline.initial != outline.final else { return nil }
                return DiffableDataSourceSectionTransaction(sectionIdentifier: section, initialSnapshot: outline.initial, finalSnapshot: outline.final)
            }
            let before = initialSnapshot.itemIdentifiers(inSection: section), after = finalSnapshot.itemIdentifiers(inSection: section)
            guard before != after else { return nil }
            return DiffableDataSourceSectionTransaction(sectionIdentifier: section, initialItems: before, finalItems: after)
        }
    }
}

/// What a reorder did to one section (UIKit's `NSDiffableDataSourceSectionTransaction`):
/// the section's items before and after as section snapshots, and their difference. In a
/// section whose content is an outline (`apply(_:to:)`), the snapshots are the outline's,
/// with its hierarchy and expanded states: `finalSnapshot` can be applied back as it is.
public struct DiffableDataSourceSectionTransaction<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable {
    /// The section.
    public let sectionIdentifier: SectionID
    /// The section's items before the reorder (all at the root level, unless the section is an outline).
    public let initialSnapshot: SectionSnapshot<ItemID>
    /// The section's items after it: `finalSnapshot.items` is the new order to store.
    public let finalSnapshot: SectionSnapshot<ItemID>
    /// The change from the initial items to the final ones (an outline's `items`, depth
    /// first), moves inferred.
    public let difference: CollectionDifference<ItemID>

    /// An outline section's transaction: its section snapshots before and after.
    init(sectionIdentifier: SectionID, initialSnapshot: SectionSnapshot<ItemID>, finalSnapshot: SectionSnapshot<ItemID>) {
        self.sectionIdentifier = sectionIdentifier
        self.initialSnapshot = initialSnapshot
        self.finalSnapshot = finalSnapshot
        difference = finalSnapshot.items.difference(from: initialSnapshot.items).inferringMoves()
    }

    init(sectionIdentifier: SectionID, initialItems: [ItemID], finalItems: [ItemID]) {
        self.sectionIdentifier = sectionIdentifier
        var initial = SectionSnapshot<ItemID>(), final = SectionSnapshot<ItemID>()
        initial.append(initialItems)
        final.append(finalItems)
        initialSnapshot = initial
        finalSnapshot = final
        difference = finalItems.difference(from: initialItems).inferringMoves()
    }
}
