import Testing
@testable import PoolTable

/// Cell identities and the cell log (seed 001, issue 15): the log tells each cell's story
/// consistently with what is mounted and pooled; numbers are stable and unique; created
/// events are the pool's misses; the log is bounded.
@MainActor
@Suite("Cell log")
struct CellLogTests {
    func makeTable(rows: Int = 2000) -> (TableView, ModelSource) {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 440))
        let model = ModelSource(rows: [rows], heights: variedHeight)
        model.attach(to: table)
        table.prefetchDistance = 120
        table.layoutIfNeeded()
        return (table, model)
    }

    /// The latest event per cell number.
    func lastEvents(_ events: [CellEvent]) -> [Int: CellEvent] {
        var last: [Int: CellEvent] = [:]
        for e in events { last[e.cellID] = e }
        return last
    }

    /// Every mounted cell's latest bind is to the row it shows, and it was displayed or
    /// prepared since; every pooled cell's latest event is its recycling from its last row.
    func storyProblems(_ table: TableView) -> [String] {
        var problems: [String] = []
        let events = table.recentCellEvents
        var lastBound: [Int: IndexPath] = [:]
        for e in events where e.kind == .bound { lastBound[e.cellID] = e.indexPath }
        let last = lastEvents(events)
        for (ip, cell) in zip(table.indexPathsForMountedRows, table.mountedCells) {
            let id = table.cellID(of: cell)
            if let bound = lastBound[id], bound != ip { problems.append("#\(id) shows \(ip) but was last bound to \(bound)") }
            if last[id]?.kind == .recycled || last[id]?.kind == .discarded { problems.append("#\(id) is mounted but its last event is \(last[id]!)") }
        }
        for group in table.pooledCells {
            for cell in group.cells {
                let id = table.cellID(of: cell as! TableViewCell)
                guard let e = last[id] else { continue }     // its story is older than the log
                if e.kind != .recycled { problems.append("#\(id) is pooled but its last event is \(e)") }
                if e.indexPath != cell.lastIndexPath { problems.append("#\(id) recycled from \(String(describing: e.indexPath)), lastIndexPath \(String(describing: cell.lastIndexPath))") }
            }
        }
        return problems
    }

    @Test("scrolling step by step: a recycled cell's story (recycled → reused → bound to another row) matches mountedCells and the pool")
    func recycledCellStory() {
        let (table, _) = makeTable()
        var y = 0.0
        for _ in 0..<60 {
            y += 37
            table.contentOffset = Point(x: 0, y: y)
            let problems = storyProblems(table)
            #expect(problems.isEmpty, "\(problems)")
            if !problems.isEmpty { return }
        }
        // Find a full story in the log: recycled from row a, reused, bound to row b ≠ a.
        let events = table.recentCellEvents
        var stories = 0
        for (k, e) in events.enumerated() where e.kind == .recycled {
            guard let from = e.indexPath,
                  let reuse = events[(k + 1)...].firstIndex(where: { $0.cellID == e.cellID }) else { continue }
            #expect(events[reuse].kind == .reused, "after recycling, #\(e.cellID)'s next event is \(events[reuse])")
            guard let bind = events[(reuse + 1)...].firstIndex(where: { $0.cellID == e.cellID }) else { continue }
            #expect(events[bind].kind == .bound)
            #expect(events[bind].indexPath != from, "#\(e.cellID) came back for another row")
            stories += 1
        }
        #expect(stories > 20, "scrolling 60 steps recycles and reuses many cells")
        // A reused cell the table still shows: its number, its row and its ProbeCell agree.
        for cell in table.mountedCells {
            let id = table.cellID(of: cell)
            guard let bound = events.last(where: { $0.cellID == id && $0.kind == .bound }) else { continue }
            #expect((cell as! ProbeCell).shownRow == bound.indexPath)
            #expect(table.indexPath(for: cell) == bound.indexPath)
        }
    }

    @Test("cell numbers are stable for a cell's lifetime and unique among cells")
    func numbersStableAndUnique() {
        let (table, _) = makeTable()
        var idOf: [ObjectIdentifier: Int] = [:]
        var cells: [ObjectIdentifier: TableViewCell] = [:]     // keeps them alive so identifiers are not reused
        var rng = SeededRandom(seed: 15)
        for step in 0..<120 {
            let jump = step % 10 == 9
            let y = jump ? Double(rng.next() % 60_000) : table.contentOffset.y + Double(rng.next() % 200) - 60
            table.contentOffset = Point(x: 0, y: y)
            let mounted = table.mountedCells
            let ids = mounted.map { table.cellID(of: $0) }
            #expect(Set(ids).count == ids.count, "mounted cells have distinct numbers")
            #expect(ids.allSatisfy { $0 > 0 })
            for cell in mounted + table.pooledCells.flatMap({ $0.cells.map { $0 as! TableViewCell } }) {
                let key = ObjectIdentifier(cell)
                cells[key] = cell
                let id = table.cellID(of: cell)
                if let known = idOf[key] { #expect(known == id, "a cell keeps its number") } else { idOf[key] = id }
            }
        }
        #expect(Set(idOf.values).count == idOf.count, "no two cells ever share a number")
        #expect(idOf.count == table.cellsCreated)
        // A cell from another table has no number here.
        let other = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        ModelSource(rows: [10]).attach(to: other)
        #expect(table.cellID(of: other.mountedCells[0]) == 0)
    }

    @Test("created events are exactly the pool's misses (and the factory's calls)")
    func createdEqualsMisses() {
        let (table, model) = makeTable()
        for y in stride(from: 0.0, through: 3000, by: 53) { table.contentOffset = Point(x: 0, y: y) }
        table.frame = Rect(x: 0, y: 0, width: 400, height: 900)          // more cells at once: more misses
        table.contentOffset = Point(x: 0, y: 40_000)                      // a jump
        let events = table.recentCellEvents
        #expect(events.count < CellLog.capacity, "the whole story is still in the log")
        let created = events.filter { $0.kind == .created }
        #expect(created.count == table.poolMisses)
        #expect(created.count == model.createdCells)
        #expect(Set(created.map(\.cellID)).count == created.count)
        #expect(events.filter { $0.kind == .reused }.count == table.poolHits)
        // Each cell is created before anything else happens to it.
        for e in created { #expect(events.first { $0.cellID == e.cellID } == e) }
    }

    @Test("the log is bounded: it keeps the latest events, in order, however long the table runs")
    func bounded() {
        let (table, _) = makeTable(rows: 20_000)
        var y = 0.0
        for _ in 0..<400 {
            y += 61
            table.contentOffset = Point(x: 0, y: y)
        }
        let events = table.recentCellEvents
        #expect(events.count == CellLog.capacity)
        #expect(events.count >= 256)
        #expect(table.items.log.total > 4 * CellLog.capacity)
        // One more step: the ring drops exactly as many old events as the step added, keeps
        // the rest in order, and the new ones include binding the row that arrived at the bottom.
        let totalBefore = table.items.log.total
        let lastBefore = table.indexPathsForMountedRows.last!
        table.contentOffset = Point(x: 0, y: y + 61)
        let after = table.recentCellEvents
        let added = table.items.log.total - totalBefore
        #expect(after.count == CellLog.capacity)
        #expect(added > 0 && added < CellLog.capacity)
        #expect(Array(after[..<(after.count - added)]) == Array(events[added...]))
        let arrived = table.indexPathsForMountedRows.last!
        #expect(arrived > lastBefore)
        #expect(after.suffix(added).contains { $0.kind == .bound && $0.indexPath == arrived })
    }

    @Test("the grid logs the same lifecycle: created, bound, shown, recycled, reused")
    func grid() {
        let grid = CollectionView(frame: Rect(x: 0, y: 0, width: 420, height: 400), layout: GridLayout())
        let source = GridSourceFixture(counts: [3000])   // plain items; the grid keeps its default delegate
        source.attach(to: grid, asDelegate: false)
        grid.prefetchDistance = 100
        for y in stride(from: 0.0, through: 1400, by: 70) { grid.contentOffset = Point(x: 0, y: y) }
        let events = grid.recentCellEvents
        #expect(events.count < CellLog.capacity, "the whole story is still in the log")
        let kinds = Set(events.map(\.kind))
        #expect(kinds.isSuperset(of: [.created, .bound, .willDisplay, .didEndDisplaying, .recycled, .reused]))
        #expect(events.filter { $0.kind == .created }.count == grid.poolMisses)
        var lastBound: [Int: IndexPath] = [:]
        for e in events where e.kind == .bound { lastBound[e.cellID] = e.indexPath }
        for (ip, cell) in zip(grid.indexPathsForMountedItems, grid.mountedCells) {
            #expect(lastBound[grid.cellID(of: cell)] == ip)
        }
        for group in grid.pooledCells {
            for cell in group.cells { #expect(events.last { $0.cellID == cell.cellID }?.kind == .recycled) }
        }
    }
}
