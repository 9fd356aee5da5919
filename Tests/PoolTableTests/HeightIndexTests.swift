import Testing
@testable import PoolTable

@Suite("Height index")
struct HeightIndexTests {
    @Test("offsets and row lookups match a plain prefix sum through random edits")
    func randomEditsMatchModel() {
        var rng = SeededRandom(seed: 42)
        var model: [Double] = (0..<3000).map { _ in Double(Int.random(in: 0...6, using: &rng) * 10) }
        var index = RowHeights(model)
        for step in 0..<4000 {
            switch Int.random(in: 0..<4, using: &rng) {
            case 0:
                let i = Int.random(in: 0...model.count, using: &rng), h = Double(Int.random(in: 1...90, using: &rng))
                model.insert(h, at: i); index.insert(h, at: i)
            case 1 where !model.isEmpty:
                let i = Int.random(in: 0..<model.count, using: &rng)
                model.remove(at: i); index.remove(at: i)
            case 2 where !model.isEmpty:
                let i = Int.random(in: 0..<model.count, using: &rng), h = Double(Int.random(in: 0...90, using: &rng))
                model[i] = h; index.setHeight(h, ofRow: i)
            default: break
            }
            if step % 97 == 0 { check(index, model) }
        }
        check(index, model)
    }

    private func check(_ index: RowHeights, _ model: [Double]) {
        #expect(index.count == model.count)
        var y = 0.0
        for (i, h) in model.enumerated() {
            #expect(index.offset(ofRow: i) == y)
            #expect(index.height(ofRow: i) == h)
            if h > 0 {
                #expect(index.row(atOffset: y) == i)
                #expect(index.row(atOffset: y + h - 0.5) == i)
            }
            y += h
        }
        #expect(index.total == y)
    }

    @Test("uniform rows keep O(1) storage and turn variable on the first odd height")
    func uniformStorage() {
        var index = RowHeights(uniform: 44, count: 100_000_000)
        #expect(index.isUniform)
        #expect(index.offset(ofRow: 50_000_000) == 2_200_000_000)
        #expect(index.row(atOffset: 2_200_000_000 + 43.9) == 50_000_000)
        #expect(index.row(atOffset: -5) == 0)
        #expect(index.row(atOffset: 1e12) == 99_999_999)
        index.insert(44, at: 0)
        #expect(index.isUniform)
        #expect(index.count == 100_000_001)
        var small = RowHeights(uniform: 44, count: 10)
        small.setHeight(10, ofRow: 3)
        #expect(!small.isUniform)
        #expect(small.total == 44 * 9 + 10)
    }

    @Test("zero-height rows are skipped by row lookups; bad heights count as zero")
    func zeroAndBadHeights() {
        let index = RowHeights([0, 0, 10, 0, 20, .nan, -3, .infinity, 5])
        #expect(index.total == 35)
        #expect(index.row(atOffset: 0) == 2)
        #expect(index.row(atOffset: 10) == 4)
        #expect(index.row(atOffset: 30) == 8)
        #expect(index.height(ofRow: 5) == 0)
    }

    @Test("Fenwick descent finds the count of fitting elements")
    func fenwick() {
        let f = FenwickTree<Double>([10, 0, 5, 20, 0, 0, 7])
        #expect(f.prefixSum(4) == 35)
        #expect(f.countFitting(9.9).count == 0)
        #expect(f.countFitting(10).count == 2)   // the zero after 10 fits too
        #expect(f.countFitting(35).count == 6)
        #expect(f.countFitting(1000).count == 7)
    }

    @Test("range sets merge, split and shift")
    func rangeSet() {
        var s = RowRangeSet()
        s.insert(5..<10); s.insert(10..<12); s.insert(20..<25)
        #expect(s.ranges == [5..<12, 20..<25])
        s.remove(7..<8)
        #expect(s.ranges == [5..<7, 8..<12, 20..<25])
        s.shiftForInsert(at: 9, count: 3)
        #expect(s.ranges == [5..<7, 8..<9, 12..<15, 23..<28])
        s.shiftForDelete(at: 7)
        #expect(s.ranges == [5..<7, 7..<8, 11..<14, 22..<27] || s.ranges == [5..<8, 11..<14, 22..<27])
        #expect(s.count == 3 + 3 + 5)
        #expect(s.contains(11) && !s.contains(10))
    }
}

@Suite("Bit set")
struct BitSetTests {
    @Test("insert and remove shift bits in place, matching an array of Bool")
    func matchesModel() {
        var rng = SeededRandom(seed: 5)
        var model: [Bool] = []
        var bits = BitSet(count: 0)
        for _ in 0..<5000 {
            if model.isEmpty || Bool.random(using: &rng) {
                let i = Int.random(in: 0...model.count, using: &rng), v = Bool.random(using: &rng)
                model.insert(v, at: i); bits.insert(v, at: i)
            } else {
                let i = Int.random(in: 0..<model.count, using: &rng)
                model.remove(at: i); bits.remove(at: i)
            }
            #expect(bits.count == model.count)
        }
        #expect((0..<model.count).allSatisfy { bits[$0] == model[$0] })
        #expect(!bits[model.count] && !bits[-1])
    }
}

@Suite("Height index: compact storage")
struct HeightIndexStorageTests {
    /// Offsets, heights and lookups of `index` against a plain prefix sum of `model`.
    private func matches(_ index: RowHeights, _ model: [Double]) -> Bool {
        guard index.count == model.count else { return false }
        var y = 0.0
        for (i, h) in model.enumerated() {
            guard index.offset(ofRow: i) == y, index.height(ofRow: i) == h else { return false }
            if h > 0 && (index.row(atOffset: y) != i || index.row(atOffset: y + h * 0.99) != i) { return false }
            y += h
        }
        return index.total == y
    }

    @Test("a million rows of two heights take under 2 bytes a row, exactly")
    func fewDistinctHeights() {
        let model = (0..<1_000_000).map { $0 % 7 == 0 ? 36.5 : 20.25 }
        let index = RowHeights(model)
        #expect(index.storageBytes <= 2 * model.count)
        #expect(index.storageBytes >= model.count)          // one index byte a row is the floor
        #expect(index.offset(ofRow: 700_000) == model[..<700_000].reduce(0, +))
        #expect(index.row(atOffset: index.offset(ofRow: 123_457) + 1) == 123_457)
        #expect(index.height(ofRow: 999_998) == 20.25)
        #expect(index.height(ofRow: 999_999) == 36.5)
    }

    @Test("chunks of mostly distinct heights fall back to 8 bytes a row, still exact")
    func manyDistinctHeights() {
        var rng = SeededRandom(seed: 7)
        // Quarter pixels: exact sums, so offsets compare exactly with the model's.
        let model = (0..<20_000).map { _ in Double(Int.random(in: 80...1_600, using: &rng)) / 4 }
        let index = RowHeights(model)
        #expect(index.storageBytes >= 8 * model.count)
        #expect(index.storageBytes <= 8 * model.count + model.count / 2)
        #expect(matches(index, model))
    }

    @Test("a palette grows past 256 heights to 2-byte indices and stays exact through edits")
    func paletteGrowsAndEdits() {
        var rng = SeededRandom(seed: 11)
        // 300 distinct heights in a 1000-row chunk: too many for 1-byte indices, few enough for 2.
        var model = (0..<1000).map { Double(20 + $0 % 300) }
        var chunk = HeightChunk(model)
        #expect(chunk.bytesPerRowIndex == 2)
        var small = HeightChunk((0..<1000).map { Double(20 + $0 % 3) })
        #expect(small.bytesPerRowIndex == 1)
        for step in 0..<2000 {
            let i = Int.random(in: 0..<model.count, using: &rng)
            switch step % 3 {
            case 0:
                let h = Double(Int.random(in: 0...600, using: &rng)) / 4
                model[i] = h; chunk.setHeight(h, ofRow: i); small.setHeight(h, ofRow: i % small.count)
            case 1:
                let h = Double(Int.random(in: 1...90, using: &rng))
                model.insert(h, at: i); chunk.insert(h, at: i)
            default:
                model.remove(at: i); chunk.remove(at: i)
            }
        }
        #expect(chunk.count == model.count)
        #expect(chunk.heights == model)
        var y = 0.0
        var ok = true
        for (i, h) in model.enumerated() {
            if chunk.offset(ofRow: i) != y { ok = false }
            if h > 0 && chunk.row(atOffset: y) != i { ok = false }
            y += h
        }
        #expect(ok)
        #expect(chunk.total == y)
        // Up to 600 distinct quarter-pixel heights arrived in the small chunk: it re-encoded.
        #expect(small.bytesPerRowIndex >= 2)
    }

    @Test("random edits on compact chunks match the model, with zero heights and splits")
    func randomEditsCompact() {
        var rng = SeededRandom(seed: 5)
        var model: [Double] = (0..<5000).map { _ in [0, 44, 60, 88][Int.random(in: 0..<4, using: &rng)] }
        var index = RowHeights(model)
        for _ in 0..<3000 {
            let i = Int.random(in: 0..<max(1, model.count), using: &rng)
            switch Int.random(in: 0..<3, using: &rng) {
            case 0: let h = [0.0, 44, 61.5][Int.random(in: 0..<3, using: &rng)]; model.insert(h, at: i); index.insert(h, at: i)
            case 1 where !model.isEmpty: model.remove(at: i); index.remove(at: i)
            case 2 where !model.isEmpty: let h = Double(Int.random(in: 0...3, using: &rng)) * 22; model[i] = h; index.setHeight(h, ofRow: i)
            default: break
            }
        }
        #expect(matches(index, model))
        #expect(index.storageBytes <= 2 * model.count)
    }
}
