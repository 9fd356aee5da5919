/// Cells waiting to be handed out again, per reuse identifier, and the factories that
/// make new ones. The pool is bounded: it keeps at most as many cells of one identifier as
/// were ever mounted at once plus a little slack, so a jump (every mounted cell leaves at
/// once) reuses them all, but nothing is hoarded.
@MainActor
final class ReusePool {
    private var factories: [String: (String) -> TableViewCell] = [:]
    private var pooled: [String: [TableViewCell]] = [:]
    /// Cells returned beyond the bound are dropped.
    var limitPerIdentifier = 8
    static let slack = 4

    /// Counters for the debug overlay and the benchmarks.
    private(set) var cellsCreated = 0
    private(set) var hits = 0
    private(set) var misses = 0
    private(set) var dropped = 0

    func register(_ make: @escaping (String) -> TableViewCell, for identifier: String) {
        factories[identifier] = make
    }

    func isRegistered(_ identifier: String) -> Bool { factories[identifier] != nil }

    /// A pooled cell (after `prepareForReuse`) or a new one; nil if the identifier is unknown.
    func dequeue(_ identifier: String) -> TableViewCell? {
        if var list = pooled[identifier], let cell = list.popLast() {
            pooled[identifier] = list
            hits += 1
            cell.prepareForReuse()
            return cell
        }
        guard let make = factories[identifier] else { return nil }
        misses += 1
        cellsCreated += 1
        return make(identifier)
    }

    /// Notes a cell the data source made itself, without dequeuing.
    func noteCreatedOutsidePool() { cellsCreated += 1 }

    func enqueue(_ cell: TableViewCell) {
        guard let id = cell.reuseIdentifier, factories[id] != nil else { dropped += 1; return }
        var list = pooled[id, default: []]
        if list.count >= limitPerIdentifier { dropped += 1; return }
        list.append(cell)
        pooled[id] = list
    }

    /// Raises the bound to fit `mounted` cells of one identifier.
    func noteMounted(_ mounted: Int) {
        limitPerIdentifier = max(limitPerIdentifier, mounted + Self.slack)
    }

    /// Cells waiting per identifier, sorted by identifier.
    var counts: [(identifier: String, count: Int)] {
        pooled.map { ($0.key, $0.value.count) }.filter { $0.count > 0 }.sorted { $0.identifier < $1.identifier }
    }
    var totalCount: Int { pooled.values.reduce(0) { $0 + $1.count } }
    func contains(_ cell: TableViewCell) -> Bool {
        guard let id = cell.reuseIdentifier else { return false }
        return pooled[id]?.contains { $0 === cell } ?? false
    }
    func removeAll() { pooled.removeAll() }
}
