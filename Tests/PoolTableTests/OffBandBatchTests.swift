import Testing
@testable import PoolTable

/// A batch update that changes only rows after the mounted ones skips the per-row steps
/// (`ListBase.changesOnlyAfterMountedItems`). Random batches, mostly below the mounted rows,
/// go through two identical tables, one forced down the full path: everything observable
/// must come out the same.
@MainActor
@Suite("Batch updates after the mounted rows")
struct OffBandBatchTests {
    func makeTable() -> (TableView, ModelSource) {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 440))
        let model = ModelSource(rows: [3_000, 400], heights: variedHeight, headers: ["A", "B"], footers: [nil, "end"])
        model.attach(to: table)
        table.prefetchDistance = 120
        table.layoutIfNeeded()
        return (table, model)
    }

    /// What both tables must agree on.
    func state(_ table: TableView) -> [String] {
        [
            "offset \(table.contentOffset) size \(table.contentSize)",
            "mounted \(table.indexPathsForMountedRows)",
            "visible \(table.indexPathsForVisibleRows)",
            "frames \(table.mountedCells.map(\.frame))",
            "shown \(table.mountedCells.map { ($0 as! ProbeCell).shownRow.map { "\($0)" } ?? "-" })",
            "selected \(table.indexPathsForSelectedRows ?? [])",
            "events \(table.recentCellEvents.suffix(64))",
            "animating \(table.rowAnimations.isRunning)",
        ]
    }

    @Test("random batches below (and sometimes among) the mounted rows: the shortcut ends exactly where the full path does", arguments: [UInt64(7), 0xFEED])
    func shortcutMatchesFullPath(seed: UInt64) throws {
        var rng = SeededRandom(seed: seed)
        func random(_ n: Int) -> Int { Int.random(in: 0..<max(1, n), using: &rng) }
        var time = 1_000.0
        let (fast, fastModel) = makeTable()
        let (full, fullModel) = makeTable()
        for ip in [IndexPath(row: 2, section: 0), IndexPath(row: 40, section: 0), IndexPath(row: 2_900, section: 0), IndexPath(row: 5, section: 1)] {
            fast.selectRow(at: ip, animated: false, scrollPosition: .none)
            full.selectRow(at: ip, animated: false, scrollPosition: .none)
        }
        let shortcutsBefore = ListBase.batchesKeepingMountedItems
        var fullPathShortcuts = 0
        for step in 0..<300 {
            if step % 10 == 0 {
                let y = step % 30 == 20 ? max(0, fast.contentSize.height - 440 - Double(random(300))) : Double(random(60_000))
                fast.contentOffset = Point(x: 0, y: y); full.contentOffset = Point(x: 0, y: y)
                fast.layoutIfNeeded(); full.layoutIfNeeded()
            }
            let last = try #require(fast.indexPathsForMountedRows.last)
            // Mostly after the last mounted row (right after it, anywhere after it, at the
            // section's end); one batch in five among the mounted rows (the full path).
            let first = try #require(fast.indexPathsForMountedRows.first)
            let mode = random(5)
            let section = mode == 0 ? first.section : max(last.section, random(2))
            let rows = fastModel.rows[section]
            let after = section > last.section ? 0 : min(rows, last.row + 1)
            let start = switch mode {
            case 0: min(rows, max(0, (section == first.section ? first.row : 0) - 3 + random(20)))
            case 1: min(rows, after + random(3))
            case 2: max(after, rows - random(5))
            default: after + random(rows - after)
            }
            let deleted = min(rows - start, random(4))
            let inserted = random(4)
            let animation: RowAnimation = random(5) == 0 ? .automatic : .none
            let moves = deleted == 0 && inserted == 0 && rows - start >= 2
            func batch(_ table: TableView, _ model: ModelSource) {
                table.performBatchUpdates {
                    if moves {
                        table.moveRow(at: IndexPath(row: start, section: section), to: IndexPath(row: rows - 1, section: section))
                    } else {
                        model.rows[section] += inserted - deleted
                        if deleted > 0 { table.deleteItems(in: start..<(start + deleted), section: section, with: animation) }
                        if inserted > 0 { table.insertItems(in: start..<(start + inserted), section: section, with: animation) }
                    }
                }
                table.layoutIfNeeded()
            }
            batch(fast, fastModel)
            ListBase.forcesFullBatchPath = true
            let before = ListBase.batchesKeepingMountedItems
            batch(full, fullModel)
            fullPathShortcuts += ListBase.batchesKeepingMountedItems - before
            ListBase.forcesFullBatchPath = false
            if fast.rowAnimations.isRunning || full.rowAnimations.isRunning {
                for t in [time + 0.001, time + 0.1, time + 10] { fast.advanceAnimations(to: t); full.advanceAnimations(to: t) }
                time += 20
                fast.layoutIfNeeded(); full.layoutIfNeeded()
            }
            let a = state(fast), b = state(full)
            for (x, y) in zip(a, b) where x != y {
                Issue.record("seed \(seed) step \(step) (mode \(mode), section \(section), rows \(start)+\(deleted)-/\(inserted)+, moves \(moves)):\n shortcut \(x)\n full     \(y)")
                return
            }
        }
        #expect(fullPathShortcuts == 0)
        // The shortcut must have been taken, or the comparison shows nothing.
        #expect(ListBase.batchesKeepingMountedItems - shortcutsBefore > 100)
    }

    /// Counts what a batch asks of the host.
    final class DisplayRecorder: TableViewHost {
        var redraws = 0, offScreen = 0
        func tableViewNeedsDisplay(_ view: ListBase) { redraws += 1 }
        func tableViewContentDidChangeOffScreen(_ view: ListBase) { offScreen += 1 }
        func tableViewDidChangeScrollGeometry(_ view: ListBase) {}
        func tableViewNeedsAnimationTicks(_ view: ListBase) {}
    }

    @Test("A batch below the mounted rows that leaves them as they were asks for no redraw; one that brings a row into the band does")
    func offScreenBatchesAskForNoRedraw() {
        let (table, model) = makeTable()
        let host = DisplayRecorder()
        table.host = host
        let mounted = table.indexPathsForMountedRows
        let last = mounted.last!.row
        // Far below the band: the host hears of it without a redraw; the content grew.
        let height = table.contentSize.height
        model.rows[0] += 5
        table.insertItems(in: (last + 500)..<(last + 505), section: 0, with: .none)
        table.layoutIfNeeded()
        #expect(host.redraws == 0 && host.offScreen == 1)
        #expect(table.contentSize.height > height)
        #expect(table.indexPathsForMountedRows == mounted)
        // Animated, far below: the same (nothing it changes can be seen).
        model.rows[0] -= 5
        table.deleteItems(in: (last + 500)..<(last + 505), section: 0, with: .automatic)
        table.layoutIfNeeded()
        #expect(host.redraws == 0 && host.offScreen == 2)
        // A short section: rows inserted after its last row arrive in the band, so they are drawn.
        let (short, shortModel) = (TableView(frame: Rect(x: 0, y: 0, width: 400, height: 440)), ModelSource(rows: [3]))
        shortModel.attach(to: short)
        short.layoutIfNeeded()
        let shortHost = DisplayRecorder()
        short.host = shortHost
        shortModel.rows[0] += 2
        short.insertItems(in: 3..<5, section: 0, with: .none)
        short.layoutIfNeeded()
        #expect(short.indexPathsForMountedRows.count == 5)
        #expect(shortHost.redraws >= 1 && shortHost.offScreen == 0)
    }
}
