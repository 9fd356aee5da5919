/// The engine's own key for a row or item: two machine integers, compared and hashed
/// inline. Foundation's `IndexPath` is what the API speaks; its accessors are calls into
/// FoundationEssentials that cannot be inlined, which made a scroll step 40 % and a reload
/// 60 % more expensive when the core used it directly (instruction counts under callgrind).
/// So the core keys everything by `ItemPath` and converts at the API: once per call into
/// or out of the data source, delegate and public members.
struct ItemPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    var section: Int
    var row: Int

    @inline(__always) init(row: Int, section: Int) { self.row = row; self.section = section }
    /// From the API's index path (its first two indexes).
    @inline(__always) init(_ indexPath: IndexPath) { self.init(row: indexPath.row, section: indexPath.section) }

    /// The API's index path.
    var indexPath: IndexPath { IndexPath(row: row, section: section) }
    /// The same number as `row`, by a grid's name.
    var item: Int { row }

    @inline(__always) static func < (a: ItemPath, b: ItemPath) -> Bool {
        a.section != b.section ? a.section < b.section : a.row < b.row
    }
    var description: String { "[\(section), \(row)]" }
}

extension Sequence where Element == IndexPath {
    /// The engine's keys for the API's index paths.
    var itemPaths: [ItemPath] { map(ItemPath.init) }
}

extension Sequence where Element == ItemPath {
    /// The API's index paths for the engine's keys.
    var indexPaths: [IndexPath] { map(\.indexPath) }
}
