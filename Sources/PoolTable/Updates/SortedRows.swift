/// A sorted set of rows kept as runs: what a batch removes from or adds to a section. A
/// run of a million rows (a filter that empties a list) is one range, not a million
/// integers. Every question is a binary search over the runs.
struct SortedRows: Equatable, ExpressibleByArrayLiteral {
    /// Disjoint, non-adjacent, ascending.
    private(set) var runs: [Range<Int>] = []
    /// `before[j]`: how many rows come before run `j`.
    private var before: [Int] = []

    init() {}
    init(arrayLiteral rows: Int...) { self.init(pieces: rows.map { $0..<($0 + 1) }) }
    /// The union of `pieces` (rows and runs, in any order).
    init(pieces: [Range<Int>]) {
        var merged: [Range<Int>] = []
        for r in pieces.filter({ !$0.isEmpty }).sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, r.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, r.upperBound)
            } else {
                merged.append(r)
            }
        }
        runs = merged
        var total = 0
        before.reserveCapacity(merged.count)
        for r in merged { before.append(total); total += r.count }
        count = total
    }

    private(set) var count = 0
    var isEmpty: Bool { count == 0 }

    /// The index of the first run ending after `x` (runs.count if none).
    private func firstRun(endingAfter x: Int) -> Int {
        var lo = 0, hi = runs.count
        while lo < hi { let mid = (lo + hi) / 2; if runs[mid].upperBound <= x { lo = mid + 1 } else { hi = mid } }
        return lo
    }
    /// How many rows are below `x`.
    func countBelow(_ x: Int) -> Int {
        let j = firstRun(endingAfter: x)
        guard j < runs.count else { return count }
        return before[j] + max(0, x - runs[j].lowerBound)
    }
    func contains(_ x: Int) -> Bool {
        let j = firstRun(endingAfter: x)
        return j < runs.count && runs[j].lowerBound <= x
    }
    /// How many rows come before the `k`-th slot that is not one of them: within a run
    /// a_i - i is the same (its start less the rows before it), and it grows from run to
    /// run, so a binary search over the runs.
    func arrivalsBefore(slot k: Int) -> Int {
        var lo = 0, hi = runs.count
        while lo < hi { let mid = (lo + hi) / 2; if runs[mid].lowerBound - before[mid] <= k { lo = mid + 1 } else { hi = mid } }
        return lo == 0 ? 0 : before[lo - 1] + runs[lo - 1].count
    }
    /// The rows, one by one (tests).
    var rows: [Int] { runs.flatMap { Array($0) } }
}
