import Testing
@testable import PoolTable

/// An animated batch animates only what can be seen to change (UIKit's rule): a row whose
/// place does not change gets no glide, a batch wholly below the mounted rows animates
/// nothing and takes the shortcut, rows that move on screen glide as before.
@MainActor
@Suite("Animated batches animate only what is seen to change")
struct VisibleChangeAnimationTests {
    func makeTable(rows: Int = 3_000) -> (TableView, ModelSource) {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 440))
        let model = ModelSource(rows: [rows], heights: variedHeight)
        model.attach(to: table)
        table.prefetchDistance = 120
        table.layoutIfNeeded()
        table.advanceAnimations(to: 0)
        return (table, model)
    }

    func insert(_ rows: Range<Int>, _ table: TableView, _ model: ModelSource, completion: ((Bool) -> Void)? = nil) {
        table.performBatchUpdates({
            model.rows[0] += rows.count
            table.insertItems(in: rows, section: 0, with: .automatic)
        }, completion: completion)
        table.layoutIfNeeded()
    }

    @Test("an animated insert far below the screen: no animation record, the shortcut, completion at once")
    func offScreenInsert() throws {
        let (table, model) = makeTable()
        let before = ListBase.batchesKeepingMountedItems
        let frames = table.mountedCells.map(\.frame)
        var done: Bool?
        insert(2_000..<2_004, table, model) { done = $0 }
        #expect(!table.rowAnimations.isRunning)
        #expect(table.rowAnimations.offsets.isEmpty && table.rowAnimations.appear.isEmpty && table.rowAnimations.followers.isEmpty)
        #expect(ListBase.batchesKeepingMountedItems == before + 1)
        #expect(done == true)
        #expect(table.mountedCells.map(\.frame) == frames)
    }

    @Test("an animated insert on screen: rows above get no record, the new row appears, the rows below glide from where they were")
    func onScreenInsert() throws {
        let (table, model) = makeTable()
        let mounted = table.indexPathsForMountedRows
        let last = try #require(mounted.last)
        let y5 = table.rectForRow(at: IndexPath(row: 5, section: 0)).minY
        insert(3..<4, table, model)
        #expect(table.rowAnimations.isRunning)
        let glides = Set(table.rowAnimations.offsets.keys)
        for row in 0..<3 { #expect(!glides.contains(ItemPath(row: row, section: 0)), "row \(row) does not move") }
        #expect(table.rowAnimations.appear[ItemPath(row: 3, section: 0)] != nil)
        // Every row that was mounted below the insert moved down by its height: each glides.
        for row in 4...(last.row + 1) where table.mountedIndex(of: ItemPath(row: row, section: 0)) != nil {
            #expect(glides.contains(ItemPath(row: row, section: 0)), "row \(row) moved")
        }
        table.advanceAnimations(to: 0.001)
        let slot = try #require(table.mountedIndex(of: ItemPath(row: 6, section: 0)))
        #expect(abs(table.presentationFrame(ofSlot: slot).minY - y5) < 1e-6)   // starts where it was
        let still = try #require(table.mountedIndex(of: ItemPath(row: 1, section: 0)))
        #expect(table.presentationFrame(ofSlot: still) == table.mountedCells[still].frame)
        table.advanceAnimations(to: 0.15)
        #expect(table.presentationFrame(ofSlot: slot).minY > y5)
        table.advanceAnimations(to: 1)
        #expect(!table.rowAnimations.isRunning)
    }

    @Test("a still row after a moved one stays at its place while the moved row glides")
    func stillRowAfterMove() throws {
        let (table, model) = makeTable()
        let frame7 = table.rectForRow(at: IndexPath(row: 7, section: 0))
        table.performBatchUpdates({
            table.moveRow(at: IndexPath(row: 1, section: 0), to: IndexPath(row: 6, section: 0))
        }, completion: nil)
        table.layoutIfNeeded()
        #expect(model.rows == [3_000])
        #expect(table.rowAnimations.offsets[ItemPath(row: 6, section: 0)] != nil)   // the moved row glides
        #expect(table.rowAnimations.offsets[ItemPath(row: 7, section: 0)] == nil)
        for t in [0.001, 0.1, 0.2] {
            table.advanceAnimations(to: t)
            let slot = try #require(table.mountedIndex(of: ItemPath(row: 7, section: 0)))
            #expect(table.presentationFrame(ofSlot: slot) == frame7, "at \(t)")
        }
    }

    @Test("an animated change below the screen while rows glide leaves their glides running as they were")
    func offScreenInsertMidAnimation() throws {
        let (table, model) = makeTable()
        insert(2..<4, table, model)
        table.advanceAnimations(to: 0.001)
        table.advanceAnimations(to: 0.1)
        let glides = table.rowAnimations.offsets
        let drawn = table.presentedFrames()
        let before = ListBase.batchesKeepingMountedItems
        insert(2_000..<2_010, table, model)
        #expect(ListBase.batchesKeepingMountedItems == before + 1)
        #expect(table.rowAnimations.offsets.keys.sorted() == glides.keys.sorted())
        for (ip, t) in glides { #expect(table.rowAnimations.offsets[ip]?.value(at: 0.2) == t.value(at: 0.2)) }
        #expect(table.presentedFrames() == drawn)
        table.advanceAnimations(to: 1)
        #expect(!table.rowAnimations.isRunning)
    }

    /// What both tables must agree on, what is drawn included.
    func state(_ table: TableView) -> [String] {
        // (Records of rows no longer mounted draw nothing: the full path drops them, the
        // shortcut leaves them to end.)
        let mounted = Set(table.indexPathsForMountedRows.map { ItemPath($0) })
        func shown(_ keys: Dictionary<ItemPath, Transition>.Keys) -> [ItemPath] { keys.filter(mounted.contains).sorted() }
        return [
            "offset \(table.contentOffset) size \(table.contentSize)",
            "mounted \(table.indexPathsForMountedRows)",
            "visible \(table.indexPathsForVisibleRows)",
            "frames \(table.mountedCells.map(\.frame))",
            "drawn \(table.presentedFrames())",
            "shown \(table.mountedCells.map { ($0 as! ProbeCell).shownRow.map { "\($0)" } ?? "-" })",
            "events \(table.recentCellEvents.suffix(64))",
            "glides \(shown(table.rowAnimations.offsets.keys)) appear \(shown(table.rowAnimations.appear.keys))",
            "followers \(table.rowAnimations.followers.filter(mounted.contains).sorted()) ghosts \(table.rowAnimations.ghosts.count)",
        ]
    }

    @Test("random animated batches, mostly below the screen, some on it, with time passing: the shortcut draws exactly what the full path draws",
          arguments: [UInt64(11), 0xBEEF])
    func animatedShortcutMatchesFullPath(seed: UInt64) throws {
        var rng = SeededRandom(seed: seed)
        func random(_ n: Int) -> Int { Int.random(in: 0..<max(1, n), using: &rng) }
        let (fast, fastModel) = makeTable()
        let (full, fullModel) = makeTable()
        var time = 0.0
        let shortcutsBefore = ListBase.batchesKeepingMountedItems
        var animatedSteps = 0
        for step in 0..<250 {
            if step % 25 == 0 {
                let y = Double(random(40_000))
                fast.contentOffset = Point(x: 0, y: y); full.contentOffset = Point(x: 0, y: y)
                fast.layoutIfNeeded(); full.layoutIfNeeded()
            }
            let first = try #require(fast.indexPathsForMountedRows.first)
            let last = try #require(fast.indexPathsForMountedRows.last)
            let rows = fastModel.rows[0]
            let onScreen = random(6) == 0
            let start = onScreen ? min(rows, first.row + random(8)) : min(rows, last.row + 1 + random(rows - last.row))
            let deleted = min(rows - start, random(3))
            let inserted = random(4)
            func batch(_ table: TableView, _ model: ModelSource) {
                table.performBatchUpdates {
                    model.rows[0] += inserted - deleted
                    if deleted > 0 { table.deleteItems(in: start..<(start + deleted), section: 0, with: .automatic) }
                    if inserted > 0 { table.insertItems(in: start..<(start + inserted), section: 0, with: .automatic) }
                }
                table.layoutIfNeeded()
            }
            batch(fast, fastModel)
            ListBase.forcesFullBatchPath = true
            batch(full, fullModel)
            ListBase.forcesFullBatchPath = false
            if fast.rowAnimations.isRunning { animatedSteps += 1 }
            // Time passes by less than an animation, so batches land inside running ones.
            time += [0.0, 0.05, 0.12, 0.4][random(4)]
            fast.advanceAnimations(to: time); full.advanceAnimations(to: time)
            fast.layoutIfNeeded(); full.layoutIfNeeded()
            let a = state(fast), b = state(full)
            for (x, y) in zip(a, b) where x != y {
                Issue.record("seed \(seed) step \(step) (on screen \(onScreen), rows \(start)+\(deleted)-/\(inserted)+):\n shortcut \(x)\n full     \(y)")
                return
            }
        }
        #expect(animatedSteps > 20)       // batches landed inside running animations
        #expect(ListBase.batchesKeepingMountedItems - shortcutsBefore > 100)
    }
}
