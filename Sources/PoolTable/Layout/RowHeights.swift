/// The heights of one section's rows: O(1) memory when they are all the same, otherwise
/// chunks of exact heights (1 or 2 bytes a row where a chunk has few distinct heights, 8
/// where it has many; see `HeightChunk`) indexed by two Fenwick trees, so that
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

    /// Bytes the heights take (not counting the per-chunk Fenwick trees): 0 when uniform.
    var storageBytes: Int {
        switch storage {
        case .uniform: 0
        case let .variable(c): c.storageBytes
        }
    }

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

    /// `n` rows of `height` at `row`: O(1) when the heights are uniform and the same.
    mutating func insert(_ height: Double, count n: Int, at row: Int) {
        guard n > 0 else { return }
        let h = Self.sanitize(height)
        if case let .uniform(old, c) = storage, old == h || c == 0 {
            storage = .uniform(height: h, count: c + n)
            return
        }
        for k in 0..<n { insert(h, at: min(max(0, row), count) + k) }
    }

    /// Removes a run of rows: O(1) when the heights are uniform.
    mutating func remove(_ rows: Range<Int>) {
        guard !rows.isEmpty, rows.lowerBound >= 0, rows.upperBound <= count else { return }
        if case let .uniform(h, n) = storage {
            storage = .uniform(height: h, count: n - rows.count)
            return
        }
        for r in rows.reversed() { remove(at: r) }
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

/// Variable heights in chunks of up to `maxChunk` rows, each under the two Fenwick trees
/// (rows and heights per chunk).
private struct Chunked {
    static let targetChunk = 512
    static let maxChunk = 1024

    private var chunks: [HeightChunk] = []
    private var counts = FenwickTree<Int>([])
    private var totals = FenwickTree<Double>([])
    private(set) var count = 0

    init<S: Sequence>(_ heights: S) where S.Element == Double {
        var chunk: [Double] = []
        chunk.reserveCapacity(Self.targetChunk)
        for h in heights {
            chunk.append(h)
            if chunk.count == Self.targetChunk {
                chunks.append(HeightChunk(chunk))
                chunk.removeAll(keepingCapacity: true)
            }
        }
        if !chunk.isEmpty { chunks.append(HeightChunk(chunk)) }
        reindex()
    }

    var total: Double { totals.prefixSum(chunks.count) }

    /// Bytes the chunks hold (heights, palettes, checkpoints; not the Fenwick trees).
    var storageBytes: Int { chunks.reduce(0) { $0 + $1.storageBytes } }

    func offset(ofRow row: Int) -> Double {
        if row >= count { return total }
        let (c, i) = locate(row)
        return totals.prefixSum(c) + chunks[c].offset(ofRow: i)
    }

    func height(ofRow row: Int) -> Double {
        let (c, i) = locate(row)
        return chunks[c].height(ofRow: i)
    }

    func row(atOffset y: Double) -> Int {
        // Whole chunks that end at or before y (zero-height chunks included), then the first
        // row inside the next one that ends below y.
        let (c, before) = totals.countFitting(max(0, y))
        if c >= chunks.count { return count - 1 }
        return min(count - 1, counts.prefixSum(c) + chunks[c].row(atOffset: max(0, y) - before))
    }

    mutating func setHeight(_ h: Double, ofRow row: Int) {
        let (c, i) = locate(row)
        let delta = h - chunks[c].height(ofRow: i)
        guard delta != 0 else { return }
        chunks[c].setHeight(h, ofRow: i)
        totals.add(delta, at: c)
    }

    mutating func insert(_ h: Double, at row: Int) {
        if chunks.isEmpty {
            chunks = [HeightChunk([h])]
            reindex()
            return
        }
        let (c, i) = row >= count ? (chunks.count - 1, chunks[chunks.count - 1].count) : locate(row)
        chunks[c].insert(h, at: i)
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
        let h = chunks[c].height(ofRow: i)
        chunks[c].remove(at: i)
        count -= 1
        if chunks[c].count == 0 {
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
        let heights = chunks[c].heights
        let mid = heights.count / 2
        chunks[c] = HeightChunk(Array(heights[..<mid]))
        chunks.insert(HeightChunk(Array(heights[mid...])), at: c + 1)
        reindex()
    }

    private mutating func reindex() {
        counts = FenwickTree(chunks.map(\.count))
        totals = FenwickTree(chunks.map(\.total))
        count = counts.prefixSum(chunks.count)
    }
}

/// One chunk's heights, exact, in as few bytes a row as its values allow: a palette of the
/// distinct heights and a 1-byte index a row (up to 256 distinct heights) or a 2-byte one,
/// or plain 8-byte heights when distinct values are so many that a palette costs more. Sums
/// of every `stride` rows (checkpoints, a quarter byte a row) keep offsets and lookups
/// within the chunk to at most `stride` additions.
struct HeightChunk {
    /// Rows between checkpoints.
    static let stride = 32

    private enum Heights {
        case palette8([Double], [UInt8])
        case palette16([Double], [UInt16])
        case plain([Double])
    }
    private var storage: Heights
    /// checkpoints[k] = the sum of rows 0 ..< k * stride (checkpoints[0] = 0), summed in
    /// row order; one more entry than full strides.
    private var checkpoints: [Double] = [0]
    private(set) var total = 0.0
    private(set) var count: Int

    init(_ heights: [Double]) {
        count = heights.count
        storage = Self.encode(heights)
        recount(from: 0)
    }

    /// The representation in use: 1, 2 or 8 bytes a row.
    var bytesPerRowIndex: Int {
        switch storage {
        case .palette8: 1
        case .palette16: 2
        case .plain: 8
        }
    }

    var storageBytes: Int {
        let checkpointBytes = checkpoints.count * 8
        switch storage {
        case let .palette8(p, i): return p.count * 8 + i.count + checkpointBytes
        case let .palette16(p, i): return p.count * 8 + i.count * 2 + checkpointBytes
        case let .plain(h): return h.count * 8 + checkpointBytes
        }
    }

    /// Every height, in order.
    var heights: [Double] {
        switch storage {
        case let .palette8(p, i): i.map { p[Int($0)] }
        case let .palette16(p, i): i.map { p[Int($0)] }
        case let .plain(h): h
        }
    }

    @inline(__always)
    func height(ofRow i: Int) -> Double {
        switch storage {
        case let .palette8(p, idx): p[Int(idx[i])]
        case let .palette16(p, idx): p[Int(idx[i])]
        case let .plain(h): h[i]
        }
    }

    /// The sum of rows 0 ..< i.
    func offset(ofRow i: Int) -> Double {
        let k = i / Self.stride
        return checkpoints[k] + sum(of: (k * Self.stride)..<i)
    }

    /// The first row whose end is below `local` (the last row if none).
    func row(atOffset local: Double) -> Int {
        // The last checkpoint at or before `local`: every row before it ends at or before it.
        var lo = 0, hi = checkpoints.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if checkpoints[mid] <= local { lo = mid } else { hi = mid - 1 }
        }
        let start = lo * Self.stride, end = min(count, start + Self.stride)
        var y = checkpoints[lo]
        switch storage {
        case let .palette8(p, idx):
            for r in start..<end { y += p[Int(idx[r])]; if y > local { return r } }
        case let .palette16(p, idx):
            for r in start..<end { y += p[Int(idx[r])]; if y > local { return r } }
        case let .plain(h):
            for r in start..<end { y += h[r]; if y > local { return r } }
        }
        return count - 1
    }

    /// The sum of the heights of `rows`, in row order (one switch, then a tight loop).
    private func sum(of rows: Range<Int>) -> Double {
        var y = 0.0
        switch storage {
        case let .palette8(p, idx): for r in rows { y += p[Int(idx[r])] }
        case let .palette16(p, idx): for r in rows { y += p[Int(idx[r])] }
        case let .plain(h): for r in rows { y += h[r] }
        }
        return y
    }

    mutating func setHeight(_ h: Double, ofRow i: Int) {
        if case var .plain(values) = storage {
            storage = .plain([])                // release the unique reference before mutating
            values[i] = h
            storage = .plain(values)
        } else if !store(h, at: i, inserting: false) {
            var all = heights
            all[i] = h
            storage = Self.encode(all)
        }
        recount(from: i)
    }

    mutating func insert(_ h: Double, at i: Int) {
        count += 1
        if case var .plain(values) = storage {
            storage = .plain([])
            values.insert(h, at: i)
            storage = .plain(values)
        } else if !store(h, at: i, inserting: true) {
            var all = heights
            all.insert(h, at: i)
            storage = Self.encode(all)
        }
        recount(from: i)
    }

    mutating func remove(at i: Int) {
        count -= 1
        switch storage {
        case .palette8(let p, var idx):
            storage = .plain([])
            idx.remove(at: i)
            storage = .palette8(p, idx)
        case .palette16(let p, var idx):
            storage = .plain([])
            idx.remove(at: i)
            storage = .palette16(p, idx)
        case var .plain(values):
            storage = .plain([])
            values.remove(at: i)
            storage = .plain(values)
        }
        recount(from: i)
    }

    // MARK: Private

    /// Puts `h` at `i` through the palette when it has room; false if the chunk must be
    /// encoded again (the palette is full).
    private mutating func store(_ h: Double, at i: Int, inserting: Bool) -> Bool {
        switch storage {
        case var .palette8(p, idx):
            guard let k = Self.slot(of: h, in: &p, limit: 256) else { return false }
            storage = .plain([])
            if inserting { idx.insert(UInt8(k), at: i) } else { idx[i] = UInt8(k) }
            storage = .palette8(p, idx)
            return true
        case var .palette16(p, idx):
            guard let k = Self.slot(of: h, in: &p, limit: 65_536) else { return false }
            storage = .plain([])
            if inserting { idx.insert(UInt16(k), at: i) } else { idx[i] = UInt16(k) }
            storage = .palette16(p, idx)
            return true
        case .plain:
            return false
        }
    }

    /// The palette index of `h`, appending it if there is room.
    private static func slot(of h: Double, in palette: inout [Double], limit: Int) -> Int? {
        if let k = palette.firstIndex(of: h) { return k }
        guard palette.count < limit else { return nil }
        palette.append(h)
        return palette.count - 1
    }

    /// The smallest representation of `heights` (unused palette entries dropped). Runs of
    /// one height and small palettes (the common case: a few row kinds) cost a comparison
    /// or a short scan a row; a dictionary takes over past 16 distinct heights.
    private static func encode(_ heights: [Double]) -> Heights {
        var palette: [Double] = []
        var slots: [Double: Int] = [:]
        var indices: [UInt16] = []
        indices.reserveCapacity(heights.count)
        var last = -1.0, lastSlot: UInt16 = 0         // heights are never negative
        for h in heights {
            if h != last {
                var k = -1
                if palette.count <= 16 {
                    for j in palette.indices where palette[j] == h { k = j; break }
                } else {
                    k = slots[h] ?? -1
                }
                if k < 0 {
                    k = palette.count
                    palette.append(h)
                    if palette.count == 17 { for (j, v) in palette.enumerated() { slots[v] = j } } else if palette.count > 17 { slots[h] = k }
                    // More distinct heights than a 2-byte index pays for: plain heights.
                    if palette.count > 65_536 || palette.count * 8 >= heights.count * 6 && palette.count > 256 { return .plain(heights) }
                }
                last = h
                lastSlot = UInt16(k)
            }
            indices.append(lastSlot)
        }
        if palette.count <= 256 { return .palette8(palette, indices.map { UInt8(truncatingIfNeeded: $0) }) }
        return .palette16(palette, indices)
    }

    /// Recomputes the checkpoints from the one covering row `i` on, and the total (one
    /// switch, then a tight loop over the rows).
    private mutating func recount(from i: Int) {
        let first = min(i / Self.stride, checkpoints.count - 1)   // rows before it are unchanged
        var cps = checkpoints
        checkpoints = []                                         // keep `cps` uniquely referenced
        switch storage {
        case let .palette8(p, idx): total = Self.accumulate(into: &cps, from: first, count: count) { p[Int(idx[$0])] }
        case let .palette16(p, idx): total = Self.accumulate(into: &cps, from: first, count: count) { p[Int(idx[$0])] }
        case let .plain(h): total = Self.accumulate(into: &cps, from: first, count: count) { h[$0] }
        }
        checkpoints = cps
    }

    /// Running sums from checkpoint `first` on, written into `checkpoints` (trimmed to
    /// `count / stride + 1` entries); returns the total.
    @inline(__always)
    private static func accumulate(into checkpoints: inout [Double], from first: Int, count: Int, _ height: (Int) -> Double) -> Double {
        var y = checkpoints[first]
        var k = first + 1
        var r = first * stride
        while r < count {
            let end = min(count, r + stride)
            while r < end { y += height(r); r += 1 }
            if r % stride == 0 {
                if k < checkpoints.count { checkpoints[k] = y } else { checkpoints.append(y) }
                k += 1
            }
        }
        let needed = count / stride + 1
        if checkpoints.count > needed { checkpoints.removeLast(checkpoints.count - needed) }
        return y
    }
}
