/// What happened to the mounted items since the host was last told: the change list a host
/// that keeps per-item objects (accessible proxies) applies instead of comparing everything
/// it holds with `laidOutRows` after every frame.
///
/// `MountedItems` records each bind, recycle, detach, move and display change of a mounted
/// cell as it happens (during layout passes, batch updates, reconfigures, reloads) and nets
/// them per cell when the list is read, so a cell bound and recycled within one window is
/// not reported at all. Read it in `TableViewHost.tableViewMountedCellsDidChange(_:)`
/// (`ListBase.mountChanges`): the list starts again after each call.
///
/// Every item is reported in at most one of `mounted`, `rebound` and `updated`; a cell that
/// left one row and came back for another within the window (recycled, then reused) is
/// `unmounted` at the old row and `mounted` at the new one, with the same `cell`. Lists are
/// in index-path order (`moved` by destination).
@_spi(Hosting) public struct MountChanges: Sendable, Equatable, CustomStringConvertible {
    /// One mounted item: its index path and the identity of the cell that shows it.
    @_spi(Hosting) public struct Item: Sendable, Hashable, CustomStringConvertible {
        /// The row or item (for `unmounted`, where it was when its cell left).
        @_spi(Hosting) public var indexPath: IndexPath
        /// The cell (`ObjectIdentifier(cell)`).
        @_spi(Hosting) public var cell: ObjectIdentifier

        /// An item shown by `cell` at `indexPath`.
        @_spi(Hosting) public init(_ indexPath: IndexPath, cell: ObjectIdentifier) {
            self.indexPath = indexPath
            self.cell = cell
        }

        /// "0-12".
        @_spi(Hosting) public var description: String { "\(indexPath.section)-\(indexPath.row)" }
    }

    /// A mounted item whose index path changed while it stayed mounted (a batch update moved
    /// it, or inserted or deleted items before it).
    @_spi(Hosting) public struct Move: Sendable, Hashable, CustomStringConvertible {
        /// Where the item was.
        @_spi(Hosting) public var from: IndexPath
        /// Where it is now.
        @_spi(Hosting) public var to: IndexPath
        /// Its cell, the same before and after.
        @_spi(Hosting) public var cell: ObjectIdentifier

        /// `cell` went from `from` to `to`.
        @_spi(Hosting) public init(from: IndexPath, to: IndexPath, cell: ObjectIdentifier) {
            self.from = from
            self.to = to
            self.cell = cell
        }

        /// "0-3→0-5".
        @_spi(Hosting) public var description: String { "\(from.section)-\(from.row)→\(to.section)-\(to.row)" }
    }

    /// Items whose cell was bound to them and is mounted now (they arrived in the band, or
    /// their row was reloaded into another cell).
    @_spi(Hosting) public var mounted: [Item] = []
    /// Items whose cell left them: recycled, or kept as a ghost of a deleted or reloaded row.
    @_spi(Hosting) public var unmounted: [Item] = []
    /// Items that stayed mounted in the same cell, which the data source configured again
    /// (`reconfigureRows`).
    @_spi(Hosting) public var rebound: [Item] = []
    /// Items that stayed mounted in the same cell under another index path.
    @_spi(Hosting) public var moved: [Move] = []
    /// Items that stayed mounted in the same cell at the same index path, not bound again,
    /// whose cell changed what it shows or where: its content or `accessibilityLabel`,
    /// selection, highlight or editing state (its `displayGeneration` moved), or its frame.
    /// (Items in `moved` have new frames anyway and are not listed again.)
    @_spi(Hosting) public var updated: [Item] = []

    /// No changes.
    @_spi(Hosting) public init() {}

    /// True when nothing changed.
    @_spi(Hosting) public var isEmpty: Bool {
        mounted.isEmpty && unmounted.isEmpty && rebound.isEmpty && moved.isEmpty && updated.isEmpty
    }

    /// One line per non-empty list, e.g. "mounted 0-3 0-4; unmounted 0-0".
    @_spi(Hosting) public var description: String {
        var parts: [String] = []
        func add(_ name: String, _ items: [CustomStringConvertible]) {
            if !items.isEmpty { parts.append(name + " " + items.map(\.description).joined(separator: " ")) }
        }
        add("mounted", mounted); add("unmounted", unmounted); add("rebound", rebound)
        add("moved", moved); add("updated", updated)
        return parts.isEmpty ? "no changes" : parts.joined(separator: "; ")
    }
}

/// Collects what happens to mounted cells between two reports and nets it per cell
/// (`MountChanges`). Owned by `MountedItems`, which calls it at every point where a cell's
/// binding changes; cells call `updated` when their display generation or frame moves.
@MainActor
final class MountChangeRecorder {
    /// One cell touched since the last report.
    private struct Record {
        let cell: ReusableCell
        /// Where the cell was mounted when first touched (nil: it was not).
        let before: ItemPath?
        /// It left its item at some point (recycled or detached).
        var left = false
        /// The data source configured it.
        var bound = false
        /// Its display generation or frame moved.
        var updated = false
    }

    private var records: [ObjectIdentifier: Record] = [:]

    /// True when nothing was recorded since the last `reset()`.
    var isEmpty: Bool { records.isEmpty }

    /// `cell` is about to be bound (its `mountedIndexPath` not yet set).
    func bound(_ cell: ReusableCell) { touch(cell) { $0.bound = true } }

    /// `cell` is about to leave its item (its `mountedIndexPath` still set).
    func leaving(_ cell: ReusableCell) {
        guard cell.mountedIndexPath != nil else { return }
        touch(cell) { $0.left = true }
    }

    /// `cell` is about to be given another index path (its `mountedIndexPath` still the old).
    func relabelling(_ cell: ReusableCell) {
        guard cell.mountedIndexPath != nil else { return }
        touch(cell) { _ in }
    }

    /// A mounted cell changed what it shows or where.
    func updated(_ cell: ReusableCell) {
        guard cell.mountedIndexPath != nil else { return }
        touch(cell) { $0.updated = true }
    }

    /// Forgets everything recorded (after a report).
    func reset() {
        if !records.isEmpty { records.removeAll(keepingCapacity: true) }
    }

    /// The recorded changes, netted per cell, in index-path order.
    var changes: MountChanges {
        var out = MountChanges()
        for r in records.values {
            let id = ObjectIdentifier(r.cell)
            let after = r.cell.mountedIndexPath
            if r.left || r.before == nil {
                if let b = r.before { out.unmounted.append(.init(b.indexPath, cell: id)) }
                if let a = after { out.mounted.append(.init(a.indexPath, cell: id)) }
            } else if let b = r.before, let a = after {
                if a != b { out.moved.append(.init(from: b.indexPath, to: a.indexPath, cell: id)) }
                if r.bound {
                    out.rebound.append(.init(a.indexPath, cell: id))
                } else if r.updated && a == b {
                    out.updated.append(.init(a.indexPath, cell: id))
                }
            }
        }
        // Sorted by nonisolated functions: a closure written here would be main-actor isolated
        // and check the executor at run time on every comparison.
        out.mounted.sort(by: Self.inIndexPathOrder)
        out.unmounted.sort(by: Self.inIndexPathOrder)
        out.rebound.sort(by: Self.inIndexPathOrder)
        out.moved.sort(by: Self.inDestinationOrder)
        out.updated.sort(by: Self.inIndexPathOrder)
        return out
    }

    private nonisolated static func inIndexPathOrder(_ a: MountChanges.Item, _ b: MountChanges.Item) -> Bool { a.indexPath < b.indexPath }
    private nonisolated static func inDestinationOrder(_ a: MountChanges.Move, _ b: MountChanges.Move) -> Bool { a.to < b.to }

    private func touch(_ cell: ReusableCell, _ change: (inout Record) -> Void) {
        let id = ObjectIdentifier(cell)
        var record = records[id] ?? Record(cell: cell, before: cell.mountedIndexPath)
        change(&record)
        records[id] = record
    }
}
