import Testing
@testable import PoolTable

/// The runs a batch removes or adds answer as the sorted array of their rows did.
@Suite("Sorted rows kept as runs")
struct SortedRowsTests {
    @Test("random rows and runs: count below, contains and arrivals before a slot match the plain sorted array", arguments: [UInt64(3), 99])
    func matchesPlainArray(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        for _ in 0..<300 {
            var pieces: [Range<Int>] = []
            var plain = Set<Int>()
            for _ in 0..<Int.random(in: 0..<6, using: &rng) {
                let start = Int.random(in: 0..<80, using: &rng), length = Int.random(in: 1..<12, using: &rng)
                let r = start..<(start + length)
                guard !r.contains(where: plain.contains) else { continue }   // a batch's rows are distinct
                pieces.append(r); plain.formUnion(r)
            }
            let rows = SortedRows(pieces: pieces.shuffled(using: &rng))
            let sorted = plain.sorted()
            #expect(rows.rows == sorted)
            #expect(rows.count == sorted.count)
            for x in -2..<100 {
                #expect(rows.countBelow(x) == sorted.filter { $0 < x }.count)
                #expect(rows.contains(x) == plain.contains(x))
                // The k-th slot that is not a row: how many rows come before it.
                let k = max(0, x)
                var slot = 0, free = 0
                while true {
                    if !plain.contains(slot) { if free == k { break }; free += 1 }
                    slot += 1
                }
                #expect(rows.arrivalsBefore(slot: k) == sorted.filter { $0 < slot }.count)
            }
        }
    }

    @Test("a run of a million rows is one run")
    func millionIsOneRun() {
        let rows = SortedRows(pieces: [0..<1_000_000])
        #expect(rows.runs == [0..<1_000_000])
        #expect(rows.countBelow(500_000) == 500_000 && rows.arrivalsBefore(slot: 0) == 1_000_000)
    }
}
