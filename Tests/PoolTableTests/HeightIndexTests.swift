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
