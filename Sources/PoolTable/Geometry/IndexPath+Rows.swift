// Foundation's IndexPath (it lives in FoundationEssentials), re-exported so a file that
// imports only PoolTable can use it, and one that also imports Foundation sees one type.
@_exported import struct FoundationEssentials.IndexPath

/// A row or item in a section, as UIKit extends `IndexPath`: two indexes, the section first.
extension IndexPath {
    /// The index path of `row` in `section`. Built by appending to a one-index path, which
    /// stays in Foundation's inline two-index storage (an array literal would allocate).
    @inlinable
    public init(row: Int, section: Int) {
        self.init(index: section)
        append(row)
    }
    /// The index path of `item` in `section` (a grid's name for a row).
    @inlinable
    public init(item: Int, section: Int) { self.init(row: item, section: section) }
    /// The first index; 0 for an index path with none.
    @inlinable
    public var section: Int {
        get { isEmpty ? 0 : self[0] }
        set { if isEmpty { self = IndexPath(indexes: [newValue, 0]) } else { self[0] = newValue } }
    }
    /// The second index; 0 for an index path with fewer than two.
    @inlinable
    public var row: Int {
        get { count > 1 ? self[1] : 0 }
        set { if count > 1 { self[1] = newValue } else { self = IndexPath(indexes: [section, newValue]) } }
    }
    /// The same number as `row`, by a grid's name.
    public var item: Int {
        get { row }
        set { row = newValue }
    }
}
