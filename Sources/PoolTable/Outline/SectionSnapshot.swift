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
    private var roots: [Item] = []
    private var children: [Item: [Item]] = [:]
    private var parents: [Item: Item] = [:]
    private var expanded: Set<Item> = []
    /// Every item, for membership (roots and children alike).
    private var members: Set<Item> = []
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
        for item in items where members.contains(item) {   // an ancestor deleted earlier took it already
            if let parent = parents[item] {
                children[parent]?.removeAll { $0 == item }
                if children[parent]?.isEmpty == true { children[parent] = nil }
            } else {
                roots.removeAll { $0 == item }
            }
            for gone in subtree(of: item) {
                members.remove(gone); parents[gone] = nil; children[gone] = nil; expanded.remove(gone)
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
}
