/// A mutation of a `SectionSnapshot` was refused; the snapshot stayed as it was.
public enum SectionSnapshotError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `append(_:to:)` named a parent that is not in the snapshot.
    case parentNotFound(String)
    /// `append` named an item that is already in the snapshot (or twice in one call): an
    /// item has one place, so a tree cannot loop back on itself.
    case duplicateItem(String)
    /// `expand`, `collapse` or `delete` named an item that is not in the snapshot.
    case itemNotFound(String)

    /// What was refused, and that nothing changed.
    public var description: String {
        switch self {
        case let .parentNotFound(p): "append(_:to:) names the parent \(p), which is not in the section snapshot; nothing was appended"
        case let .duplicateItem(i): "the item \(i) is already in the section snapshot (an item has one place in an outline); nothing was appended"
        case let .itemNotFound(i): "the item \(i) is not in the section snapshot; nothing was changed"
        }
    }
}

/// One section's items as an outline (UIKit's `NSDiffableDataSourceSectionSnapshot`): items
/// with parents and children, each parent expanded or collapsed. A table shows
/// `visibleItems`, the items whose ancestors are all expanded, depth first; applying a
/// snapshot where a parent was expanded animates its children in like inserted rows.
///
/// A mutation with bad input (a parent or item that isn't there, an item appended twice)
/// changes nothing and is kept in `errors`; `TableViewDiffableDataSource.apply(_:to:)` then
/// throws the first of them and the table stays as it was.
public struct SectionSnapshot<Item: Hashable & Sendable>: Sendable, Equatable {
    // (roots, children, parents, members and shape are internal, not private, for
    // SectionSnapshot+Reordering.swift, which moves a subtree in place.)
    var roots: [Item] = []
    var children: [Item: [Item]] = [:]
    var parents: [Item: Item] = [:]
    private var expanded: Set<Item> = []
    /// Items marked expandable with `setExpandable(_:_:)` (children not listed yet).
    private var expandableMarks: Set<Item> = []
    /// Every item, for membership (roots and children alike).
    var members: Set<Item> = []
    /// Replaced by every change to the tree's shape (append, delete, replacing children):
    /// two snapshots holding the same token have the same items, parents and order, and
    /// differ at most in what is expanded (the diffable data source's fast path).
    var shape = ShapeToken()
    /// The refused mutations, oldest first.
    public private(set) var errors: [SectionSnapshotError] = []

    /// An empty outline.
    public init() {}

    /// Appends `items` as the last children of `parent` (at the root level when nil). Every
    /// item must be new to the snapshot and the parent must be in it; otherwise nothing is
    /// appended and the error is kept in `errors`. Children of a collapsed parent are not
    /// visible until it is expanded (a new parent starts collapsed, as in UIKit).
    public mutating func append(_ items: [Item], to parent: Item? = nil) {
        if let parent, !members.contains(parent) { return refuse(.parentNotFound("\(parent)")) }
        var fresh = Set<Item>()
        for item in items where members.contains(item) || !fresh.insert(item).inserted {
            return refuse(.duplicateItem("\(item)"))
        }
        members.formUnion(items)
        shape = ShapeToken()
        if let parent {
            children[parent, default: []].append(contentsOf: items)
            for item in items { parents[item] = parent }
        } else {
            roots.append(contentsOf: items)
        }
    }

    /// Removes `items` and everything below them.
    public mutating func delete(_ items: [Item]) {
        if let missing = items.first(where: { !members.contains($0) }) { return refuse(.itemNotFound("\(missing)")) }
        shape = ShapeToken()
        for item in items where members.contains(item) {   // an ancestor deleted earlier took it already
            if let parent = parents[item] {
                children[parent]?.removeAll { $0 == item }
                if children[parent]?.isEmpty == true { children[parent] = nil }
            } else {
                roots.removeAll { $0 == item }
            }
            for gone in subtree(of: item) {
                members.remove(gone); parents[gone] = nil; children[gone] = nil; expanded.remove(gone); expandableMarks.remove(gone)
            }
        }
    }

    /// Expands `items` (their children become visible where their own ancestors are
    /// expanded). An item without children may be expanded: its children show when they come.
    public mutating func expand(_ items: [Item]) {
        if let missing = items.first(where: { !members.contains($0) }) { return refuse(.itemNotFound("\(missing)")) }
        expanded.formUnion(items)
    }

    /// Collapses `items`: everything below them is hidden (and keeps its own expanded state).
    public mutating func collapse(_ items: [Item]) {
        if let missing = items.first(where: { !members.contains($0) }) { return refuse(.itemNotFound("\(missing)")) }
        expanded.subtract(items)
    }

    /// True if `item` is expanded (false for an item that isn't in the snapshot).
    public func isExpanded(_ item: Item) -> Bool { expanded.contains(item) }

    /// True if `item` is in the snapshot.
    public func contains(_ item: Item) -> Bool { members.contains(item) }

    /// How deep `item` is: 0 for a root (and for an item that isn't in the snapshot).
    public func level(of item: Item) -> Int {
        var level = 0, at = item
        while let p = parents[at] { level += 1; at = p }
        return level
    }

    /// The item `item` was appended to; nil for a root or an item that isn't there.
    public func parent(of item: Item) -> Item? { parents[item] }

    /// The direct children of `item` (the roots for nil), in order.
    public func children(of item: Item?) -> [Item] { item.map { children[$0] ?? [] } ?? roots }

    /// True if `item` has children.
    public func hasChildren(_ item: Item) -> Bool { !(children[item]?.isEmpty ?? true) }

    /// Every item, depth first (each parent before its children).
    public var items: [Item] { roots.flatMap { subtree(of: $0) } }

    /// The items whose ancestors are all expanded, depth first: what a table shows.
    public var visibleItems: [Item] {
        var out: [Item] = []
        out.reserveCapacity(members.count)
        var stack = Array(roots.reversed())
        while let item = stack.popLast() {
            out.append(item)
            if expanded.contains(item), let kids = children[item] { stack.append(contentsOf: kids.reversed()) }
        }
        return out
    }

    /// `item` and everything below it, depth first (GtkTreeExpander's `*` expands these).
    public func subtree(of item: Item) -> [Item] {
        guard members.contains(item) else { return [] }
        var out: [Item] = [], stack = [item]
        while let next = stack.popLast() {
            out.append(next)
            if let kids = children[next] { stack.append(contentsOf: kids.reversed()) }
        }
        return out
    }

    private mutating func refuse(_ error: SectionSnapshotError) { errors.append(error) }

    // MARK: Expandable items (issue 25)

    /// Marks `item` as expandable (`flag` true) although it has no children yet: a folder not
    /// listed yet shows a disclosure triangle, and expanding it asks the data source's
    /// `sectionSnapshotHandlers` (which load its children). An item with children is
    /// expandable whatever the mark says. An item that isn't there is refused (`errors`).
    public mutating func setExpandable(_ item: Item, _ flag: Bool) {
        guard members.contains(item) else { return refuse(.itemNotFound("\(item)")) }
        if flag { expandableMarks.insert(item) } else { expandableMarks.remove(item) }
    }

    /// True if `item` has children or was marked with `setExpandable(_:_:)`.
    public func isExpandable(_ item: Item) -> Bool { hasChildren(item) || expandableMarks.contains(item) }

    /// A snapshot of what is below `parent`: its children as roots, with everything under
    /// them and their expanded state (UIKit's `snapshot(of:includingParent:)`, without the
    /// parent). Empty for an item that isn't there.
    public func snapshot(of parent: Item) -> SectionSnapshot<Item> {
        var out = SectionSnapshot<Item>()
        guard members.contains(parent) else { return out }
        out.append(children(of: parent))
        for item in subtree(of: parent).dropFirst() {
            if let kids = children[item] { out.append(kids, to: item) }
            if expanded.contains(item) { out.expanded.insert(item) }
            if expandableMarks.contains(item) { out.expandableMarks.insert(item) }
        }
        return out
    }

    /// Makes `replacement`'s items the children of `parent` (everything below `parent`
    /// before goes). Refused (`errors`) when `parent` isn't there or an item of
    /// `replacement` is already elsewhere in the snapshot.
    public mutating func replaceChildren(of parent: Item, with replacement: SectionSnapshot<Item>) {
        guard members.contains(parent) else { return refuse(.parentNotFound("\(parent)")) }
        let below = Set(subtree(of: parent).dropFirst())
        if let clash = replacement.items.first(where: { members.contains($0) && !below.contains($0) }) {
            return refuse(.duplicateItem("\(clash)"))
        }
        var copy = self
        if !below.isEmpty { copy.delete(children(of: parent)) }
        copy.append(replacement.roots, to: parent)
        for item in replacement.items {
            if let kids = replacement.children[item] { copy.append(kids, to: item) }
            if replacement.expanded.contains(item) { copy.expanded.insert(item) }
            if replacement.expandableMarks.contains(item) { copy.expandableMarks.insert(item) }
        }
        copy.errors = errors
        self = copy
    }

    /// How many rows `item`'s expanded descendants take in `visibleItems` (0 when it is
    /// collapsed or has no children); O(those rows).
    func visibleDescendantCount(of item: Item) -> Int {
        guard expanded.contains(item), let kids = children[item] else { return 0 }
        if let open = expandedVisibleDescendants(of: item, cheaperThan: kids.count) {
            return open.reduce(kids.count) { $0 + (children[$1]?.count ?? 0) }
        }
        var n = 0
        var stack = kids
        while let next = stack.popLast() {
            n += 1
            if expanded.contains(next), let more = children[next] { stack.append(contentsOf: more) }
        }
        return n
    }

    /// `item`'s expanded descendants in `visibleItems` order.
    func visibleDescendants(of item: Item) -> [Item] {
        guard expanded.contains(item), let kids = children[item] else { return [] }
        // Nothing below is expanded: the children array itself (shared, not copied).
        if let open = expandedVisibleDescendants(of: item, cheaperThan: kids.count), open.isEmpty { return kids }
        var out: [Item] = []
        out.reserveCapacity(kids.count)
        var stack = Array(kids.reversed())
        while let next = stack.popLast() {
            out.append(next)
            if expanded.contains(next), let more = children[next] { stack.append(contentsOf: more.reversed()) }
        }
        return out
    }

    /// The expanded items below `item` whose children show (every ancestor up to `item`
    /// expanded), found by walking up from each expanded item: O(expanded items × depth),
    /// so nil when that would cost more than `limit` (the caller walks the children then).
    func expandedVisibleDescendants(of item: Item, cheaperThan limit: Int) -> [Item]? {
        guard expanded.count <= limit else { return nil }
        var out: [Item] = []
        for e in expanded where e != item {
            var at = e, ok = true
            while let p = parents[at], p != item {
                if !expanded.contains(p) { ok = false; break }
                at = p
            }
            if ok && parents[at] == item { out.append(e) }
        }
        return out
    }

    /// True when `other` has the same tree (it was copied from this one, or this from it,
    /// and neither changed the tree's shape since).
    func hasSameShape(as other: SectionSnapshot<Item>) -> Bool { shape === other.shape }

    /// How the expanded items differ between this snapshot and `other`. O(expanded items).
    enum ExpansionDifference { case same, one(Item, expands: Bool), many }

    /// Which one item's expanded state differs between this snapshot and `other` (and
    /// whether `other` expands it), if exactly one does.
    func expansionDifference(to other: SectionSnapshot<Item>) -> ExpansionDifference {
        if other.expanded.count == expanded.count { return other.expanded == expanded ? .same : .many }
        let grows = other.expanded.count == expanded.count + 1
        guard grows || other.expanded.count + 1 == expanded.count else { return .many }
        let (small, large) = grows ? (expanded, other.expanded) : (other.expanded, expanded)
        var extra: Item?
        for item in large where !small.contains(item) {
            if extra != nil { return .many }
            extra = item
        }
        guard let extra else { return .many }
        return .one(extra, expands: grows)
    }

    /// True if every ancestor of `item` is expanded (it is one of `visibleItems`).
    func isVisible(_ item: Item) -> Bool {
        guard members.contains(item) else { return false }
        var at = item
        while let p = parents[at] {
            guard expanded.contains(p) else { return false }
            at = p
        }
        return true
    }

    /// Equal when the trees, expanded states and marks are (the shape token and the refused
    /// mutations are not compared).
    public static func == (a: SectionSnapshot<Item>, b: SectionSnapshot<Item>) -> Bool {
        a.roots == b.roots && a.children == b.children && a.expanded == b.expanded && a.expandableMarks == b.expandableMarks
            && a.errors == b.errors
    }
}

/// Identity of a section snapshot's tree shape (see `SectionSnapshot.hasSameShape(as:)`).
final class ShapeToken: Sendable {}
