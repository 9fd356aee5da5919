/// Cells waiting to be handed out again, per reuse identifier, and the factories that
/// make new ones. The pool is bounded: it keeps at most as many cells of one identifier as
/// were ever mounted at once plus a little slack, so a jump (every mounted cell leaves at
/// once) reuses them all, but nothing is hoarded.
///
/// Identifiers are interned to slots, and the last one used is remembered, so recycling a
/// cell on a scroll step costs an array push or pop rather than string hashing.
@MainActor
final class ReusePool {
    private struct Slot {
        let identifier: String
        let make: (String) -> ReusableCell
        var cells: [ReusableCell] = []
    }
    private var slotOfIdentifier: [String: Int] = [:]
    @exclusivity(unchecked) private var slots: [Slot] = []   // hot; touched by this class only
    @exclusivity(unchecked) private var lastIdentifier: String?
    @exclusivity(unchecked) private var lastSlot = 0

    /// Cells returned beyond the bound are dropped.
    var limitPerIdentifier = 8
    static let slack = 4

    /// Counters for the debug overlay and the benchmarks.
    private(set) var cellsCreated = 0
    private(set) var hits = 0
    private(set) var misses = 0
    private(set) var dropped = 0

    func register(_ make: @escaping (String) -> ReusableCell, for identifier: String) {
        if let i = slotOfIdentifier[identifier] {
            slots[i] = Slot(identifier: identifier, make: make, cells: slots[i].cells)
        } else {
            slotOfIdentifier[identifier] = slots.count
            slots.append(Slot(identifier: identifier, make: make))
        }
    }

    func isRegistered(_ identifier: String) -> Bool { slot(for: identifier) != nil }

    /// A pooled cell (after `prepareForReuse`) or a new one (`isNew`); nil if the
    /// identifier is unknown.
    func dequeue(_ identifier: String) -> (cell: ReusableCell, isNew: Bool)? {
        guard let i = slot(for: identifier) else { return nil }
        if let cell = slots[i].cells.popLast() {
            hits += 1
            cell.prepareForReuse()
            return (cell, false)
        }
        misses += 1
        cellsCreated += 1
        return (slots[i].make(identifier), true)
    }

    /// Notes a cell the data source made itself, without dequeuing.
    func noteCreatedOutsidePool() { cellsCreated += 1 }

    /// Pools a cell; false when it was dropped (no registered identifier, or the pool is full).
    @discardableResult
    func enqueue(_ cell: ReusableCell) -> Bool {
        guard let id = cell.reuseIdentifier, let i = slot(for: id) else { dropped += 1; return false }
        if slots[i].cells.count >= limitPerIdentifier { dropped += 1; return false }
        slots[i].cells.append(cell)
        return true
    }

    /// Raises the bound to fit `mounted` cells of one identifier.
    func noteMounted(_ mounted: Int) {
        if mounted + Self.slack > limitPerIdentifier { limitPerIdentifier = mounted + Self.slack }
    }

    /// Cells waiting per identifier, sorted by identifier.
    var counts: [(identifier: String, count: Int)] {
        slots.filter { !$0.cells.isEmpty }.map { ($0.identifier, $0.cells.count) }.sorted { $0.identifier < $1.identifier }
    }
    /// The waiting cells per identifier (oldest first), sorted by identifier.
    var pooledCells: [(identifier: String, cells: [ReusableCell])] {
        slots.filter { !$0.cells.isEmpty }.map { ($0.identifier, $0.cells) }.sorted { $0.identifier < $1.identifier }
    }
    var totalCount: Int {
        var n = 0
        for slot in slots { n += slot.cells.count }   // a loop: no executor check per slot
        return n
    }
    func contains(_ cell: ReusableCell) -> Bool {
        guard let id = cell.reuseIdentifier, let i = slot(for: id) else { return false }
        return slots[i].cells.contains { $0 === cell }
    }
    func removeAll() { for i in slots.indices { slots[i].cells.removeAll() } }

    private func slot(for identifier: String) -> Int? {
        if identifier == lastIdentifier { return lastSlot }
        guard let i = slotOfIdentifier[identifier] else { return nil }
        lastIdentifier = identifier
        lastSlot = i
        return i
    }
}
