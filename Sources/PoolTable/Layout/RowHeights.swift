/// The heights of one section's rows: O(1) memory when they are all the same, otherwise
/// chunks of cumulative heights (8 bytes a row) indexed by two Fenwick trees, so that
/// "offset of row i" and "row at offset y" cost O(log n) and an insert or delete costs
/// O(chunk size + log n) rather than a rebuild.
struct RowHeights {
    private enum Storage {
        case uniform(height: Double, count: Int)
        case variable(Chunked)
    }
    private var storage: Storage

    /// `count` rows, all `height` tall.
    init(uniform height: Double, count: Int) {
        storage = .uniform(height: Self.sanitize(height), count: max(0, count))
    }

    /// One height per row.
    init<S: Sequence>(_ heights: S) where S.Element == Double {
        storage = .variable(Chunked(heights.lazy.map(Self.sanitize)))
    }

    var count: Int {
        switch storage {
        case let .uniform(_, count): count
        case let .variable(c): c.count
        }
    }

    var isUniform: Bool { if case .uniform = storage { true } else { false } }

    var total: Double {
        switch storage {
        case let .uniform(h, count): h * Double(count)
        case let .variable(c): c.total
        }
    }

    /// The y of row `row`'s top edge, relative to the first row. `row == count` gives `total`.
    func offset(ofRow row: Int) -> Double {
        let r = min(max(0, row), count)
        switch storage {
        case let .uniform(h, _): return h * Double(r)
        case let .variable(c): return c.offset(ofRow: r)
        }
    }

    func height(ofRow row: Int) -> Double {
        guard row >= 0 && row < count else { return 0 }
        switch storage {
        case let .uniform(h, _): return h
        case let .variable(c): return c.height(ofRow: row)
        }
    }

    /// The row whose extent contains `y` (clamped to the first and last row); nil when empty.
    /// Zero-height rows are never returned when a taller row starts at the same y.
    func row(atOffset y: Double) -> Int? {
        guard count > 0 else { return nil }
        switch storage {
        case let .uniform(h, count):
            guard h > 0 else { return 0 }
            return min(count - 1, max(0, Int((y / h).rounded(.down))))
        case let .variable(c):
            return c.row(atOffset: y)
        }
    }

    mutating func setHeight(_ height: Double, ofRow row: Int) {
        guard row >= 0 && row < count else { return }
        let h = Self.sanitize(height)
        if case let .uniform(old, _) = storage, old == h { return }
        makeVariable()
        if case var .variable(c) = storage {
            storage = .uniform(height: 0, count: 0) // release the unique reference before mutating
            c.setHeight(h, ofRow: row)
            storage = .variable(c)
        }
    }

    mutating func insert(_ height: Double, at row: Int) {
        let h = Self.sanitize(height), r = min(max(0, row), count)
        if case let .uniform(old, n) = storage, old == h || n == 0 {
            storage = .uniform(height: h, count: n + 1)
            return
        }
        makeVariable()
        if case var .variable(c) = storage {
            storage = .uniform(height: 0, count: 0)
            c.insert(h, at: r)
            storage = .variable(c)
        }
    }

    mutating func remove(at row: Int) {
        guard row >= 0 && row < count else { return }
        if case let .uniform(h, n) = storage {
            storage = .uniform(height: h, count: n - 1)
            return
        }
        if case var .variable(c) = storage {
            storage = .uniform(height: 0, count: 0)
            c.remove(at: row)
            storage = .variable(c)
        }
    }

    /// Heights must be finite and non-negative; anything else counts as zero.
    static func sanitize(_ h: Double) -> Double { h.isFinite && h > 0 ? h : 0 }

    private mutating func makeVariable() {
        if case let .uniform(h, n) = storage {
            storage = .variable(Chunked(repeatElement(h, count: n)))
        }
    }
}

/// Variable heights in chunks of cumulative ends.
private struct Chunked {
    static let targetChunk = 512
    static let maxChunk = 1024

    /// chunks[c][i] = sum of heights of rows 0...i of chunk c.
    private var chunks: [[Double]] = []
    private var counts = FenwickTree<Int>([])
    private var totals = FenwickTree<Double>([])
    private(set) var count = 0

    init<S: Sequence>(_ heights: S) where S.Element == Double {
        var chunk: [Double] = []
        chunk.reserveCapacity(Self.targetChunk)
        var running = 0.0
        for h in heights {
            running += h
            chunk.append(running)
            if chunk.count == Self.targetChunk {
                chunks.append(chunk)
                chunk = []
                chunk.reserveCapacity(Self.targetChunk)
                running = 0
            }
        }
        if !chunk.isEmpty { chunks.append(chunk) }
        reindex()
    }

    var total: Double { totals.prefixSum(chunks.count) }

    func offset(ofRow row: Int) -> Double {
        if row >= count { return total }
        let (c, i) = locate(row)
        return totals.prefixSum(c) + (i > 0 ? chunks[c][i - 1] : 0)
    }

    func height(ofRow row: Int) -> Double {
        let (c, i) = locate(row)
        return chunks[c][i] - (i > 0 ? chunks[c][i - 1] : 0)
    }

    func row(atOffset y: Double) -> Int {
        // Whole chunks that end at or before y (zero-height chunks included), then a binary
        // search inside the next one for the first row that ends below y.
        let (c, before) = totals.countFitting(max(0, y))
        if c >= chunks.count { return count - 1 }
        let local = max(0, y) - before
        let chunk = chunks[c]
        var lo = 0, hi = chunk.count - 1
        while lo < hi {                         // first i with chunk[i] > local
            let mid = (lo + hi) / 2
            if chunk[mid] > local { hi = mid } else { lo = mid + 1 }
        }
        return min(count - 1, counts.prefixSum(c) + lo)
    }

    mutating func setHeight(_ h: Double, ofRow row: Int) {
        let (c, i) = locate(row)
        let delta = h - (chunks[c][i] - (i > 0 ? chunks[c][i - 1] : 0))
        guard delta != 0 else { return }
        for j in i..<chunks[c].count { chunks[c][j] += delta }
        totals.add(delta, at: c)
    }

    mutating func insert(_ h: Double, at row: Int) {
        if chunks.isEmpty {
            chunks = [[h]]
            reindex()
            return
        }
        var (c, i) = row >= count ? (chunks.count - 1, chunks[chunks.count - 1].count) : locate(row)
        if i > chunks[c].count { i = chunks[c].count }
        let before = i > 0 ? chunks[c][i - 1] : 0
        chunks[c].insert(before + h, at: i)
        for j in (i + 1)..<chunks[c].count { chunks[c][j] += h }
        count += 1
        if chunks[c].count > Self.maxChunk {
            split(c)
        } else {
            counts.add(1, at: c)
            totals.add(h, at: c)
        }
    }

    mutating func remove(at row: Int) {
        let (c, i) = locate(row)
        let h = chunks[c][i] - (i > 0 ? chunks[c][i - 1] : 0)
        chunks[c].remove(at: i)
        for j in i..<chunks[c].count { chunks[c][j] -= h }
        count -= 1
        if chunks[c].isEmpty {
            chunks.remove(at: c)
            reindex()
        } else {
            counts.add(-1, at: c)
            totals.add(-h, at: c)
        }
    }

    // MARK: Private

    /// Chunk and index within it of `row` (0 <= row < count).
    private func locate(_ row: Int) -> (Int, Int) {
        let (c, before) = counts.countFitting(row)
        return (c, row - before)
    }

    private mutating func split(_ c: Int) {
        let chunk = chunks[c]
        let mid = chunk.count / 2
        let base = chunk[mid - 1]
        chunks[c] = Array(chunk[..<mid])
        chunks.insert(chunk[mid...].map { $0 - base }, at: c + 1)
        reindex()
    }

    private mutating func reindex() {
        counts = FenwickTree(chunks.map(\.count))
        totals = FenwickTree(chunks.map { $0.last ?? 0 })
        count = counts.prefixSum(chunks.count)
    }
}
