import Testing
@_spi(Hosting) @_spi(Diagnostics) @testable import PoolTable

/// The Chameleon replica (seed 001): the same rows mounted, at O(n) per layout pass.
@MainActor
@Suite("Chameleon layout replica")
struct ChameleonReplicaTests {
    @Test("with the replica on, every pass re-sums all heights, and the table mounts exactly the same rows as without it")
    func sameRows() {
        let plain = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 500))
        let replica = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 500))
        ModelSource(rows: [300, 200, 400], heights: variedHeight, headers: ["A", "B", "C"]).attach(to: plain)
        ModelSource(rows: [300, 200, 400], heights: variedHeight, headers: ["A", "B", "C"]).attach(to: replica)
        replica.chameleonLayoutReplica = true
        #expect(replica.chameleonLayoutReplica)
        var rng = SeededRandom(seed: 1)
        for step in 0..<80 {
            let y = step % 9 == 8 ? Double(rng.next() % 40_000) : plain.contentOffset.y + Double(rng.next() % 300)
            let resums = replica.chameleonResums, passes = replica.statistics.layoutPasses
            plain.contentOffset = Point(x: 0, y: y)
            replica.contentOffset = Point(x: 0, y: y)
            #expect(replica.indexPathsForMountedRows == plain.indexPathsForMountedRows)
            #expect(replica.indexPathsForVisibleRows == plain.indexPathsForVisibleRows)
            if replica.statistics.layoutPasses > passes { #expect(replica.chameleonResums > resums, "every pass re-sums") }
        }
        #expect(replica.chameleonResums > 80)
        let layout = replica.geometry as! ChameleonLayout
        #expect(layout.sectionRowsHeights.count == 3)
        #expect(abs(layout.sectionRowsHeights.reduce(0, +) - (0..<3).reduce(0.0) { $0 + replica.listLayout.storage.sections[$1].rows.total }) < 1e-6)
        replica.chameleonLayoutReplica = false
        #expect(replica.geometry === replica.listLayout)
        #expect(replica.chameleonResums == 0)
    }

    @Test("on a million rows the layout pass costs orders of magnitude more with the replica, and falls back when it is off")
    func cost() {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 600))
        ModelSource(rows: [1_000_000]).attach(to: table)
        func stepCost() -> Double {
            var samples: [Double] = []
            for _ in 0..<5 {
                table.contentOffset = Point(x: 0, y: table.contentOffset.y + 44)
                samples.append(table.statistics.lastLayoutMicroseconds)
            }
            return samples.sorted()[2]
        }
        let before = stepCost()
        table.chameleonLayoutReplica = true
        let on = stepCost()
        table.chameleonLayoutReplica = false
        let after = stepCost()
        #expect(on > 100 * before, "replica \(on) µs vs \(before) µs")
        #expect(on > 100 * after, "replica \(on) µs vs \(after) µs after switching off")
    }
}
