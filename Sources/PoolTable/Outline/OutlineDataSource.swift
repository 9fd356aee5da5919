/// Where a row stands in an outline, as the table asks for it to draw the disclosure
/// triangle and the indentation, to handle the outline keys and to tell assistive
/// technologies the row's level and expanded state.
public struct OutlineRowState: Hashable, Sendable {
    /// How deep the row is: 0 for a root.
    public var level: Int
    /// True if the row has (or may have) children: it shows a disclosure triangle.
    public var isExpandable: Bool
    /// True if the row's children are shown.
    public var isExpanded: Bool

    /// A row `level` deep, expandable or not, expanded or not.
    public init(level: Int, isExpandable: Bool, isExpanded: Bool) {
        self.level = level
        self.isExpandable = isExpandable
        self.isExpanded = isExpanded
    }
}

/// A data source whose rows form an outline (AppKit's `NSOutlineViewDataSource`, in the
/// table's terms): the table asks it for each row's `OutlineRowState` and tells it to
/// expand or collapse a row when the user clicks a disclosure triangle or presses an
/// outline key. `TableViewDiffableDataSource` adopts it for sections applied from a
/// `SectionSnapshot`; a hand-written data source adopts it to show its own tree.
@MainActor
public protocol TableViewOutlineDataSource: TableViewDataSource {
    /// The row's place in the outline; nil for a row that is not part of one (no triangle,
    /// no indentation, the outline keys pass).
    func tableView(_ tableView: TableView, outlineStateForRowAt indexPath: IndexPath) -> OutlineRowState?
    /// Expand (`expanded` true) or collapse the row, and everything below it when
    /// `recursively`: change the model, then tell the table (insert or delete the rows in a
    /// batch update, or apply a snapshot), as for any other change.
    func tableView(_ tableView: TableView, setExpanded expanded: Bool, forRowAt indexPath: IndexPath, recursively: Bool)
    /// The row of the row's parent; nil for a root. Default: the nearest row above with a
    /// smaller level (a walk up; a data source that knows its parents answers in O(1)).
    func tableView(_ tableView: TableView, parentOfRowAt indexPath: IndexPath) -> IndexPath?
}

extension TableViewOutlineDataSource {
    public func tableView(_ tableView: TableView, parentOfRowAt indexPath: IndexPath) -> IndexPath? {
        guard let level = self.tableView(tableView, outlineStateForRowAt: indexPath)?.level, level > 0 else { return nil }
        var row = indexPath.row - 1
        while row >= 0 {
            let ip = IndexPath(row: row, section: indexPath.section)
            if let l = self.tableView(tableView, outlineStateForRowAt: ip)?.level, l < level { return ip }
            row -= 1
        }
        return nil
    }
}

/// What a diffable data source asks before it expands or collapses an item for the user
/// (UIKit's `NSDiffableDataSourceSectionSnapshotHandlers`). Every closure is optional.
public struct SectionSnapshotHandlers<Item: Hashable & Sendable> {
    /// May the item expand? Returning false refuses (nothing changes). Default: yes.
    public var shouldExpandItem: ((Item) -> Bool)?
    /// The item is about to expand: load its children here (apply a snapshot with them, or
    /// with a placeholder child, and apply again when they come).
    public var willExpandItem: ((Item) -> Void)?
    /// May the item collapse? Returning false refuses. Default: yes.
    public var shouldCollapseItem: ((Item) -> Bool)?
    /// The item is about to collapse.
    public var willCollapseItem: ((Item) -> Void)?
    /// The item's children as they should be when it expands: given the item and a
    /// snapshot of what is below it now (its children as roots), return what should be
    /// below it. Called after `willExpandItem`.
    public var snapshotForExpandingParentItem: ((Item, SectionSnapshot<Item>) -> SectionSnapshot<Item>)?

    /// No handlers: every item may expand and collapse.
    public init() {}
}
