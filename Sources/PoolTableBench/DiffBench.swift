import PoolTable

/// A small deterministic generator (SplitMix64), so every run diffs the same snapshots.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Diff of two snapshots of `items` items with 1 % changed (a third deleted, a third
/// inserted, a third moved), through the engine's `DiffableSnapshot.changes(to:)`; and the
/// whole `TableViewDiffableDataSource.apply` (diff + batch update + layout) on a table.
@MainActor
enum DiffBench {
    typealias Snapshot = DiffableSnapshot<Int, Int>

    struct Result {
        var median: Double
        var runs: Int
        var detail: String
        var applyMedian: Double
        var applyRuns: Int
    }

    static func run(items: Int, runs: Int) -> Result? {
        var rng = SplitMix64(seed: 42)
        let old = Array(0..<items)
        let changes = max(3, items / 100)
        var new = old
        // Deletes.
        for _ in 0..<(changes / 3) { new.remove(at: Int.random(in: 0..<new.count, using: &rng)) }
        // Inserts of fresh identifiers.
        for k in 0..<(changes / 3) { new.insert(items + k, at: Int.random(in: 0...new.count, using: &rng)) }
        // Moves.
        for _ in 0..<(changes - 2 * (changes / 3)) {
            let id = new.remove(at: Int.random(in: 0..<new.count, using: &rng))
            new.insert(id, at: Int.random(in: 0...new.count, using: &rng))
        }
        var a = Snapshot(), b = Snapshot()
        a.appendSections([0]); a.appendItems(old, toSection: 0)
        b.appendSections([0]); b.appendItems(new, toSection: 0)

        var samples: [Double] = []
        var found: SnapshotChanges?
        for _ in 0..<runs {
            samples.append(timeMicros { found = a.changes(to: b) })
        }

        // The whole apply on a table (diff, validated batch update, anchoring, layout),
        // alternating between the two snapshots so every apply is a 1 % change.
        let table = TableView(frame: Rect(x: 0, y: 0, width: 800, height: 600))
        table.register({ TableViewCell(reuseIdentifier: $0) }, forCellReuseIdentifier: "row")
        let source = TableViewDiffableDataSource<Int, Int>(tableView: table) { tv, ip, id in
            let cell = tv.dequeueReusableCell(withIdentifier: "row", for: ip)
            cell.text = "Item \(id)"
            return cell
        }
        var applySamples: [Double] = []
        var applyFailures = 0
        do { try source.applyThrowing(a, animatingDifferences: false) } catch { applyFailures += 1 }
        table.reloadData()
        table.contentOffset = Point(x: 0, y: table.contentSize.height / 2)
        for i in 0..<runs {
            let target = i % 2 == 0 ? b : a
            applySamples.append(timeMicros {
                do { try source.applyThrowing(target, animatingDifferences: false) } catch { applyFailures += 1 }
                table.layoutIfNeeded()
            })
        }

        let detail = found.map { "\($0.deletedRows.count) deleted, \($0.insertedRows.count) inserted, \($0.moves.count) moved" } ?? ""
            + (applyFailures > 0 ? "; \(applyFailures) applies threw" : "")
        return Result(median: Stats.median(samples) / 1000, runs: runs, detail: detail,
                      applyMedian: Stats.median(applySamples) / 1000, applyRuns: runs)
    }
}
