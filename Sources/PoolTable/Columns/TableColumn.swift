/// One column of a table with columns (AppKit's `NSTableColumn`): a title for the header,
/// a width the user may change, and the key that clicking its header sorts by.
@MainActor
public final class TableColumn {
    /// Names the column for code (stable across moves and titles).
    public let identifier: String
    /// The header's text.
    public var title: String { didSet { owner?.columnsDidChange(geometry: false) } }
    /// The width asked for; the table lays the column out at `width` clamped to
    /// `minWidth...maxWidth` (`effectiveWidth`). Default 100.
    public var width: Double = 100 { didSet { owner?.columnsDidChange(geometry: true) } }
    /// The narrowest the column may be. Default 20.
    public var minWidth: Double = 20 { didSet { owner?.columnsDidChange(geometry: true) } }
    /// The widest the column may be. Default: no limit.
    public var maxWidth: Double = .infinity { didSet { owner?.columnsDidChange(geometry: true) } }
    /// False: the header has no resize handle. Default true.
    public var isResizable = true
    /// The key a click on the header sorts by; nil: the header does not sort.
    public var sortKey: String?

    /// The table the column belongs to (a column belongs to one table at a time).
    weak var owner: TableView?

    /// A column named `identifier` with the header text `title`.
    public init(identifier: String, title: String) {
        self.identifier = identifier
        self.title = title
    }

    /// `width` clamped to `minWidth...maxWidth`; nonsense (NaN, negative) counts as
    /// `minWidth`, and a `maxWidth` below `minWidth` as `minWidth`.
    public var effectiveWidth: Double {
        let low = minWidth.isFinite && minWidth > 0 ? minWidth : 0
        let high = maxWidth.isNaN ? Double.infinity : max(low, maxWidth)
        guard width.isFinite else { return width == .infinity && high.isFinite ? high : low }
        return min(max(width, low), high)
    }
}

/// How rows are sorted: by a column's `sortKey`, ascending or not (AppKit's
/// `NSSortDescriptor`; not `SortDescriptor`, which Foundation has).
public struct TableSortDescriptor: Hashable, Sendable {
    /// The sort key: a column's `sortKey`.
    public var key: String
    /// True: A to Z, small to large.
    public var ascending: Bool
    /// Sorts by `key`, `ascending` or not.
    public init(key: String, ascending: Bool) {
        self.key = key
        self.ascending = ascending
    }
    /// The same key in the other direction.
    public var reversed: TableSortDescriptor { TableSortDescriptor(key: key, ascending: !ascending) }
}
