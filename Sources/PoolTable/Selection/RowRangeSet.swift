/// A set of row numbers kept as sorted, disjoint, non-adjacent half-open ranges, so that
/// selecting every one of a million rows costs one range, and shifting rows for an insert
/// or delete costs O(ranges).
struct RowRangeSet: Equatable, Sendable {
    private(set) var ranges: [Range<Int>] = []

    var isEmpty: Bool { ranges.isEmpty }
    var count: Int { ranges.reduce(0) { $0 + $1.count } }

    func contains(_ row: Int) -> Bool {
        guard let i = indexOfRange(endingAfter: row) else { return false }
        return ranges[i].contains(row)
    }

    mutating func insert(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        var lo = range.lowerBound, hi = range.upperBound
        // Ranges that touch or overlap [lo, hi) merge with it.
        let first = ranges.firstIndex { $0.upperBound >= lo } ?? ranges.count
        var last = first
        while last < ranges.count && ranges[last].lowerBound <= hi {
            lo = min(lo, ranges[last].lowerBound); hi = max(hi, ranges[last].upperBound)
            last += 1
        }
        ranges.replaceSubrange(first..<last, with: [lo..<hi])
    }

    mutating func remove(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        var out: [Range<Int>] = []
        out.reserveCapacity(ranges.count + 1)
        for r in ranges {
            if r.upperBound <= range.lowerBound || r.lowerBound >= range.upperBound { out.append(r); continue }
            if r.lowerBound < range.lowerBound { out.append(r.lowerBound..<range.lowerBound) }
            if r.upperBound > range.upperBound { out.append(range.upperBound..<r.upperBound) }
        }
        ranges = out
    }

    mutating func insert(_ row: Int) { insert(row..<(row + 1)) }
    mutating func remove(_ row: Int) { remove(row..<(row + 1)) }
    mutating func removeAll() { ranges.removeAll() }

    /// Rows at or after `row` move down by `count` (an insert of `count` rows at `row`).
    mutating func shiftForInsert(at row: Int, count n: Int) {
        guard n > 0 else { return }
        var out: [Range<Int>] = []
        for r in ranges {
            if r.upperBound <= row { out.append(r) }
            else if r.lowerBound >= row { out.append((r.lowerBound + n)..<(r.upperBound + n)) }
            else { out.append(r.lowerBound..<row); out.append((row + n)..<(r.upperBound + n)) }
        }
        ranges = out
    }

    /// Row `row` is deleted: it leaves the set and the rows after it move up by one.
    mutating func shiftForDelete(at row: Int) {
        remove(row)
        var out: [Range<Int>] = []
        for r in ranges {
            let shifted = r.lowerBound > row ? (r.lowerBound - 1)..<(r.upperBound - 1) : r
            if let last = out.last, last.upperBound == shifted.lowerBound {
                out[out.count - 1] = last.lowerBound..<shifted.upperBound
            } else {
                out.append(shifted)
            }
        }
        ranges = out
    }

    /// Rows `rows` are deleted: they leave the set and the rows after them move up.
    mutating func shiftForDelete(rows: Range<Int>) {
        guard !rows.isEmpty else { return }
        remove(rows)
        let n = rows.count
        var out: [Range<Int>] = []
        for r in ranges {
            let shifted = r.lowerBound >= rows.upperBound ? (r.lowerBound - n)..<(r.upperBound - n) : r
            if let last = out.last, last.upperBound == shifted.lowerBound {
                out[out.count - 1] = last.lowerBound..<shifted.upperBound
            } else {
                out.append(shifted)
            }
        }
        ranges = out
    }

    /// Keeps only rows below `limit`.
    mutating func clip(to limit: Int) { remove(max(0, limit)..<Int.max) }

    var rows: some Sequence<Int> { ranges.lazy.flatMap { $0 } }

    private func indexOfRange(endingAfter row: Int) -> Int? {
        var lo = 0, hi = ranges.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if ranges[mid].upperBound > row { hi = mid } else { lo = mid + 1 }
        }
        return lo < ranges.count ? lo : nil
    }
}
