import Testing
@testable import PoolTable

@MainActor
@Suite("Diffable data source")
struct DiffTests {
    typealias Snap = DiffableSnapshot<String, Int>

    func randomSnapshot(_ rng: inout SeededRandom, pool: [Int]) -> Snap {
        var snap = Snap()
        let sections = ["a", "b", "c", "d"].filter { _ in Bool.random(using: &rng) || true }.shuffled(using: &rng).prefix(Int.random(in: 1...4, using: &rng))
        snap.appendSections(Array(sections))
        var items = pool.shuffled(using: &rng).prefix(Int.random(in: 0...pool.count, using: &rng))
        for s in sections {
            let n = Int.random(in: 0...items.count, using: &rng)
            snap.appendItems(Array(items.prefix(n)), toSection: s)
            items = items.dropFirst(n)
        }
        return snap
    }

    @Test("random snapshot pairs: the changes, applied to the table, give the new snapshot")
    func randomPairs() throws {
        var rng = SeededRandom(seed: 7)
        let table = TableView(frame: Rect(x: 0, y: 0, width: 360, height: 400))
        table.register({ ItemCell(reuseIdentifier: $0) }, forCellReuseIdentifier: "item")
        let source = TableViewDiffableDataSource<String, Int>(tableView: table) { table, ip, id in
            let cell = table.dequeueReusableCell(withIdentifier: "item", for: ip) as! ItemCell
            cell.item = id
            return cell
        }
        let pool = Array(0..<60)
        try source.applyThrowing(randomSnapshot(&rng, pool: pool), animatingDifferences: false)
        for step in 0..<300 {
            let next = randomSnapshot(&rng, pool: pool)
            try source.applyThrowing(next, animatingDifferences: Bool.random(using: &rng))
            table.contentOffset = Point(x: 0, y: Double.random(in: 0...max(1, table.contentSize.height), using: &rng))
            #expect(table.numberOfSections == next.numberOfSections, "step \(step)")
            for (s, id) in next.sectionIdentifiers.enumerated() {
                #expect(table.numberOfRows(inSection: s) == next.numberOfItems(inSection: id))
            }
            for (ip, cell) in zip(table.indexPathsForMountedRows, table.mountedCells) {
                #expect((cell as! ItemCell).item == source.itemIdentifier(for: ip), "step \(step) \(ip)")
                #expect(source.indexPath(for: (cell as! ItemCell).item!) == ip)
            }
            table.advanceAnimations(to: Double(step))
        }
    }

    @Test("a single displaced item is one move, not a cascade")
    func minimalMoves() {
        var a = Snap(); a.appendSections(["a"]); a.appendItems(Array(0..<100))
        var b = a; b.moveItem(99, beforeItem: 0)
        let changes = a.changes(to: b)
        #expect(changes.moves.count == 1)
        #expect(changes.insertedRows.isEmpty && changes.deletedRows.isEmpty)
    }

    @Test("duplicate identifiers are refused and nothing changes")
    func duplicates() throws {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 360, height: 400))
        table.register({ ItemCell(reuseIdentifier: $0) }, forCellReuseIdentifier: "item")
        let source = TableViewDiffableDataSource<String, Int>(tableView: table) { t, ip, _ in t.dequeueReusableCell(withIdentifier: "item", for: ip) }
        var good = Snap(); good.appendSections(["a"]); good.appendItems([1, 2, 3])
        try source.applyThrowing(good)
        var bad = good; bad.appendItems([2])
        #expect(throws: DiffableDataSourceError.duplicateIdentifier("item 2")) { try source.applyThrowing(bad) }
        #expect(source.snapshot() == good)
        #expect(table.numberOfRows(inSection: 0) == 3)
    }

    @Test("100,000 items with 1 % changes diff without quadratic blow-up")
    func largeDiff() {
        var rng = SeededRandom(seed: 3)
        var a = Snap(); a.appendSections(["all"]); a.appendItems(Array(0..<100_000))
        var b = a
        b.deleteItems((0..<500).map { _ in Int.random(in: 0..<100_000, using: &rng) })
        b.appendItems(Array(200_000..<200_500))
        let changes = a.changes(to: b)
        #expect(changes.insertedRows.count == 500)
        #expect(changes.deletedRows.count == 100_000 - (b.numberOfItems - 500))
        #expect(changes.moves.isEmpty)
    }
}
