/// Something that happened to a cell (`recentCellEvents`): the story of the reuse pool
/// (field note 001, DocC "The life of a row") as it happens.
public struct CellEvent: Hashable, Sendable, CustomStringConvertible {
    /// What happened, in the order of a cell's life.
    public enum Kind: Hashable, Sendable {
        /// The factory made a new cell (a pool miss), or the data source made one itself.
        case created
        /// Taken from the pool; `prepareForReuse` has just run.
        case reused
        /// The data source configured it for `indexPath`.
        case bound
        /// It entered the viewport.
        case willDisplay
        /// It left the viewport (it may stay mounted as prepared).
        case didEndDisplaying
        /// It left the prefetch band and went back to the pool.
        case recycled
        /// The pool was full; the cell was released.
        case discarded
    }
    /// What happened.
    public var kind: Kind
    /// The cell's serial number (`cellID(of:)`).
    public var cellID: Int
    /// The row or item concerned, where there is one.
    public var indexPath: IndexPath?

    /// An event about cell `cellID`.
    public init(kind: Kind, cellID: Int, indexPath: IndexPath?) {
        self.kind = kind; self.cellID = cellID; self.indexPath = indexPath
    }

    public var description: String { "#\(cellID) \(kind)" + (indexPath.map { " \($0)" } ?? "") }
}

/// A bounded ring of the latest cell events. Recording is a store into a preallocated
/// buffer, so it costs nothing measurable when nobody reads the log.
@MainActor
final class CellLog {
    static let capacity = 512
    /// What is stored: the event with the engine's key, made into a `CellEvent` when read.
    private struct Record {
        var kind: CellEvent.Kind
        var cellID: Int
        var itemPath: ItemPath?
    }
    // Exempt from dynamic exclusivity checks: only `record` and `events` touch it, on the main actor.
    @exclusivity(unchecked) private var buffer: [Record]
    @exclusivity(unchecked) private var next = 0
    @exclusivity(unchecked) private(set) var total = 0

    init() {
        buffer = []
        buffer.reserveCapacity(Self.capacity)
    }

    @inline(__always)
    func record(_ kind: CellEvent.Kind, _ cellID: Int, _ itemPath: ItemPath?) {
        let event = Record(kind: kind, cellID: cellID, itemPath: itemPath)
        if buffer.count < Self.capacity { buffer.append(event) } else { buffer[next] = event }
        next = (next + 1) % Self.capacity
        total &+= 1
    }

    /// Oldest first.
    var events: [CellEvent] {
        let ordered = buffer.count < Self.capacity ? buffer : Array(buffer[next...] + buffer[..<next])
        return ordered.map { CellEvent(kind: $0.kind, cellID: $0.cellID, indexPath: $0.itemPath?.indexPath) }
    }
}
