/// Moving an item of an outline by the user (issue 38: the reorder accessory in a section
/// whose content is a section snapshot). The item moves with everything below it, its
/// expanded state and its descendants' kept; where it lands is read from the visible rows.
extension SectionSnapshot {
    /// Where a moved item goes: a child of `parent` (a root when nil) at `index` among that
    /// parent's children, counted without the moved item.
    struct Placement: Equatable, Sendable {
        var parent: Item?
        var index: Int
    }

    /// True when `item` is `ancestor` or below it.
    func isInSubtree(_ item: Item, of ancestor: Item) -> Bool {
        var at: Item? = item
        while let a = at {
            if a == ancestor { return true }
            at = parents[a]
        }
        return false
    }

    /// `parent`'s children (the roots for nil) without `item`.
    private func siblings(under parent: Item?, without item: Item) -> [Item] {
        children(of: parent).filter { $0 != item }
    }

    /// The placement of a drop at `row` of the visible rows once the item's own row is taken
    /// out (the collection view's destination in the order after a one-row move). `item` may
    /// be new to the outline (a leaf moved in from another section). The drop lands beside
    /// the row it displaced, as that row's sibling:
    /// - moving up (`movingDown` false), or at the top: before the row below it;
    /// - moving down: after the row above it, or, when the row below is that row's first
    ///   child (an expanded parent), as its first child;
    /// - at the end: after the last row, at its level.
    /// Nil when the drop would put the item into its own subtree (a row above or below the
    /// gap is one of its expanded descendants).
    func dropPlacement(of item: Item, atVisibleRow row: Int, movingDown: Bool) -> Placement? {
        var rows = visibleItems
        if let s = rows.firstIndex(of: item) { rows.remove(at: s) }
        guard row >= 0, row <= rows.count else { return nil }
        let above = row > 0 ? rows[row - 1] : nil, below = row < rows.count ? rows[row] : nil
        if let above, isInSubtree(above, of: item) { return nil }
        if let below, isInSubtree(below, of: item) { return nil }
        if let below, !movingDown || above == nil || parents[below] == above {
            let parent = parents[below]
            guard let index = siblings(under: parent, without: item).firstIndex(of: below) else { return nil }
            return Placement(parent: parent, index: index)
        }
        guard let above else { return Placement(parent: nil, index: 0) }   // an empty outline
        let parent = parents[above]
        guard let index = siblings(under: parent, without: item).firstIndex(of: above) else { return nil }
        return Placement(parent: parent, index: index + 1)
    }

    /// Alt+Up/Down: the item moves a place among its siblings (before the previous one, after
    /// the next one, with their subtrees), never changing its parent; nil at the first (up)
    /// or last (down) sibling.
    func siblingStepPlacement(of item: Item, down: Bool) -> Placement? {
        guard members.contains(item) else { return nil }
        let parent = parents[item]
        let siblings = children(of: parent)
        guard let i = siblings.firstIndex(of: item) else { return nil }
        if down { return i + 1 < siblings.count ? Placement(parent: parent, index: i + 1) : nil }
        return i > 0 ? Placement(parent: parent, index: i - 1) : nil
    }

    /// This outline with `item` (and everything below it, expanded states and marks kept)
    /// moved to `placement`; an item new to the outline is added there as a leaf. Nil when
    /// the parent isn't in the outline, is the item or below it, or the index is out of range.
    func placing(_ item: Item, at placement: Placement) -> SectionSnapshot? {
        if let p = placement.parent {
            guard members.contains(p), !isInSubtree(p, of: item) else { return nil }
        }
        var copy = self
        if members.contains(item) {
            if let old = parents[item] {
                copy.children[old]?.removeAll { $0 == item }
                if copy.children[old]?.isEmpty == true { copy.children[old] = nil }
            } else {
                copy.roots.removeAll { $0 == item }
            }
        } else {
            copy.members.insert(item)
        }
        var siblings = copy.children(of: placement.parent)
        guard placement.index >= 0, placement.index <= siblings.count else { return nil }
        siblings.insert(item, at: placement.index)
        if let p = placement.parent {
            copy.children[p] = siblings
            copy.parents[item] = p
        } else {
            copy.roots = siblings
            copy.parents[item] = nil
        }
        copy.shape = ShapeToken()
        return copy
    }

    /// This outline without `item` and everything below it (a leaf moved to another section);
    /// unchanged when the item isn't in it.
    func removing(_ item: Item) -> SectionSnapshot {
        guard members.contains(item) else { return self }
        var copy = self
        copy.delete([item])
        return copy
    }

    /// The destination row of the one-row move that shows `item`'s move from this outline to
    /// `moved` (the item's descendants follow it afterwards): the row, in these visible rows
    /// without the item, of the row that follows the item's subtree in `moved`; the end when
    /// none does. Nil when the item isn't visible in `moved`.
    func flatDestination(of item: Item, movedTo moved: SectionSnapshot) -> Int? {
        let after = moved.visibleItems
        guard let r = after.firstIndex(of: item) else { return nil }
        var rows = visibleItems
        if let s = rows.firstIndex(of: item) { rows.remove(at: s) }
        let next = r + 1 + moved.visibleDescendantCount(of: item)
        guard next < after.count else { return rows.count }
        return rows.firstIndex(of: after[next])
    }
}
