import struct Foundation.IndexSet
import Testing
@_spi(Hosting) @_spi(Diagnostics) @testable import PoolTable

@MainActor
@Suite("Batch updates, anchoring and self-sizing (article 002)")
struct UpdateTests {
    func makeFeed(count: Int = 2000) -> (TableView, ItemSource) {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 700))
        let model = ItemSource(sections: [Array(0..<count)])
        model.attach(to: table)
        return (table, model)
    }

    /// The first fully visible row and its screen y.
    func topStory(_ table: TableView, _ model: ItemSource) -> (item: Int, screenY: Double) {
        let ip = table.indexPathsForVisibleRows.first { table.rectForRow(at: $0).minY >= table.contentOffset.y }!
        return (model.sections[ip.section][ip.row], table.rectForRow(at: ip).minY - table.contentOffset.y)
    }
    func screenY(of item: Int, _ table: TableView, _ model: ItemSource) -> Double {
        let r = model.sections[0].firstIndex(of: item)!
        return table.rectForRow(at: IndexPath(row: r, section: 0)).minY - table.contentOffset.y
    }

    @Test("ads inserted every 7 rows above and below keep the story under the top edge in place", arguments: [RowAnimation.none, .automatic])
    func adsDoNotMoveTheStory(animation: RowAnimation) throws {
        let (table, model) = makeFeed()
        table.contentOffset = Point(x: 0, y: 30_000.5)
        let before = topStory(table, model)
        // Ads at new rows 5, 12, 19, … across the whole feed (above and below the viewport).
        var items = model.sections[0]
        var inserted: [IndexPath] = []
        var row = 5
        var adID = 1_000_000
        while row <= items.count {
            items.insert(adID, at: row); inserted.append(IndexPath(row: row, section: 0))
            adID += 1; row += 7
        }
        try table.performBatchUpdatesThrowing({
            model.sections[0] = items
            table.insertRows(at: inserted, with: animation)
        }, completion: nil)
        #expect(abs(screenY(of: before.item, table, model) - before.screenY) <= 0.5)
        #expect(itemStateProblems(table, model) == [])
        table.advanceAnimations(to: 100); table.advanceAnimations(to: 101)
        #expect(abs(screenY(of: before.item, table, model) - before.screenY) <= 0.5)
        #expect(itemStateProblems(table, model) == [])
    }

    @Test("without maintainsVisibleContentPosition the same insert makes the story jump")
    func jumpWithoutAnchoring() throws {
        let (table, model) = makeFeed()
        table.maintainsVisibleContentPosition = false
        table.contentOffset = Point(x: 0, y: 30_000)
        let before = topStory(table, model)
        try table.performBatchUpdatesThrowing({
            model.sections[0].insert(contentsOf: [5000, 5001, 5002], at: 0)
            table.insertRows(at: (0..<3).map { IndexPath(row: $0, section: 0) }, with: .none)
        }, completion: nil)
        let inserted = [5000, 5001, 5002].map(model.height).reduce(0, +)
        #expect(abs(screenY(of: before.item, table, model) - before.screenY - inserted) < 1e-9)
    }

    @Test("estimated heights corrected while scrolling upward do not move what is on screen")
    func selfSizingScrollUp() {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 600))
        table.estimatedRowHeight = 60
        let model = ItemSource(sections: [Array(0..<3000)], height: { 30 + Double(($0 * 53) % 7) * 20 })
        model.selfSizing = true
        model.attach(to: table)
        table.contentOffset = Point(x: 0, y: table.contentSize.height)    // jump to the end (estimates above)
        #expect(table.statistics.measurements > 0)
        var worst = 0.0
        for _ in 0..<400 {
            let anchor = topStory(table, model)
            table.contentOffset = Point(x: 0, y: table.contentOffset.y - 25)
            if table.contentOffset.y == 0 { break }
            let moved = screenY(of: anchor.item, table, model) - anchor.screenY
            worst = max(worst, abs(moved - 25))
            // Every mounted row is measured: its height is the cell's own.
            for ip in table.indexPathsForMountedRows {
                #expect(table.rectForRow(at: ip).height == model.height(model.sections[0][ip.row]))
            }
        }
        #expect(worst <= 0.5, "content moved by up to \(worst) px beyond the scroll")
        #expect(itemStateProblems(table, model) == [])
    }

    @Test("an inconsistent update throws, names the counts, and changes nothing")
    func inconsistentUpdateChangesNothing() {
        let (table, model) = makeFeed(count: 50)
        table.allowsMultipleSelectionDuringEditing = true
        table.setEditing(true, animated: false)
        table.selectRow(at: IndexPath(row: 10, section: 0), animated: false, scrollPosition: .none)
        table.contentOffset = Point(x: 0, y: 300)
        let state = (table.contentSize, table.indexPathsForMountedRows, table.contentOffset, table.indexPathsForSelectedRows, table.mountedCells.map(ObjectIdentifier.init))
        do {
            try table.performBatchUpdatesThrowing({
                model.sections[0].append(contentsOf: [900, 901])          // two added…
                table.insertRows(at: [IndexPath(row: 50, section: 0)], with: .automatic)   // …one announced
            }, completion: nil)
            Issue.record("no error thrown")
        } catch let error as BatchUpdateError {
            #expect(error.kind == .rowCountMismatch)
            #expect(error.section == 0 && error.before == 50 && error.inserted == 1 && error.expected == 51 && error.reported == 52)
            #expect(error.description.contains("section 0") && error.description.contains("52"))
        } catch { Issue.record("unexpected \(error)") }
        #expect(table.contentSize == state.0)
        #expect(table.indexPathsForMountedRows == state.1)
        #expect(table.contentOffset == state.2)
        #expect(table.indexPathsForSelectedRows == state.3)
        #expect(table.mountedCells.map(ObjectIdentifier.init) == state.4)
        // Out-of-range and duplicate changes are refused the same way.
        model.sections[0].removeLast(2)
        #expect(throws: BatchUpdateError.self) { try table.performBatchUpdatesThrowing({ table.deleteRows(at: [IndexPath(row: 99, section: 0)], with: .none) }, completion: nil) }
        #expect(throws: BatchUpdateError.self) {
            try table.performBatchUpdatesThrowing({ table.deleteRows(at: [IndexPath(row: 1, section: 0), IndexPath(row: 1, section: 0)], with: .none) }, completion: nil)
        }
        #expect(table.indexPathsForSelectedRows == state.3)
    }

    @Test("deleting a row above shifts the selection with its rows")
    func selectionFollowsDeletes() throws {
        let (table, model) = makeFeed(count: 40)
        table.allowsMultipleSelectionDuringEditing = true
        table.setEditing(true, animated: false)
        for r in [5, 6, 20] { table.selectRow(at: IndexPath(row: r, section: 0), animated: false, scrollPosition: .none) }
        let chosen = selectedItems(table, model)
        try table.performBatchUpdatesThrowing({
            model.sections[0].remove(at: 2)
            table.deleteRows(at: [IndexPath(row: 2, section: 0)], with: .automatic)
        }, completion: nil)
        #expect(table.indexPathsForSelectedRows == [5, 4, 19].sorted().map { IndexPath(row: $0, section: 0) })
        #expect(selectedItems(table, model) == chosen)
        #expect(itemStateProblems(table, model, selected: chosen) == [])
    }

    @Test("insert and delete animations: rows grow and fade in, ghosts collapse, rows below glide; completion at the end")
    func animationFrames() throws {
        let (table, model) = makeFeed(count: 40)
        table.advanceAnimations(to: 0)
        let below = model.sections[0][3]
        let y0 = screenY(of: below, table, model)
        var done = false
        try table.performBatchUpdatesThrowing({
            model.sections[0].insert(500, at: 2)
            table.insertRows(at: [IndexPath(row: 2, section: 0)], with: .automatic)
        }, completion: { done = $0 })
        #expect(table.hasRunningAnimations && !done)
        let insertedIP = IndexPath(row: 2, section: 0)
        let belowIP = IndexPath(row: 4, section: 0)
        func presented(_ ip: IndexPath) -> Rect { table.presentationFrame(ofSlot: table.mountedIndex(of: ItemPath(ip))!) }
        table.advanceAnimations(to: 1)
        #expect(presented(insertedIP).height == 0)
        #expect(abs(presented(belowIP).minY - y0) < 1e-9)           // starts where it was
        table.advanceAnimations(to: 1.15)
        let mid = presented(insertedIP).height
        #expect(mid > 0 && mid < model.height(500))
        #expect(presented(belowIP).minY > y0)                       // gliding down
        #expect(table.rowAnimations.alpha(for: ItemPath(insertedIP), at: table.animationTime) < 1)
        table.advanceAnimations(to: 1.31)
        #expect(done && !table.hasRunningAnimations)
        #expect(presented(belowIP).minY == table.rectForRow(at: belowIP).minY)

        // Delete: the deleted row's cell stays as a collapsing ghost, then returns to the pool.
        let victim = table.cellForRow(at: IndexPath(row: 1, section: 0))!
        try table.performBatchUpdatesThrowing({
            model.sections[0].remove(at: 1)
            table.deleteRows(at: [IndexPath(row: 1, section: 0)], with: .fade)
        }, completion: nil)
        #expect(table.rowAnimations.ghosts.count == 1)
        table.advanceAnimations(to: 2)
        table.advanceAnimations(to: 2.03)
        let canvas = RecordingCanvas()
        table.render(in: canvas)
        #expect(canvas.texts.contains { $0.0 == "Item 1" })   // the ghost is still drawn
        table.advanceAnimations(to: 2.4)
        #expect(table.rowAnimations.ghosts.isEmpty)
        #expect(table.isPooled(victim))
        #expect(itemStateProblems(table, model) == [])
    }

    @Test("an update mid-animation starts from where rows are drawn (no jump)")
    func retargeting() throws {
        let (table, model) = makeFeed(count: 60)
        table.advanceAnimations(to: 0)
        try table.performBatchUpdatesThrowing({
            model.sections[0].insert(contentsOf: [700, 701], at: 0)
            table.insertRows(at: [IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0)], with: .automatic)
        }, completion: nil)
        table.advanceAnimations(to: 1); table.advanceAnimations(to: 1.1)
        let ip = IndexPath(row: 6, section: 0)
        let item = model.sections[0][6]
        let drawnBefore = table.presentationFrame(ofSlot: table.mountedIndex(of: ItemPath(ip))!).minY
        try table.performBatchUpdatesThrowing({
            model.sections[0].remove(at: 3)
            table.deleteRows(at: [IndexPath(row: 3, section: 0)], with: .automatic)
        }, completion: nil)
        let newIP = IndexPath(row: model.sections[0].firstIndex(of: item)!, section: 0)
        let drawnAfter = table.presentationFrame(ofSlot: table.mountedIndex(of: ItemPath(newIP))!).minY
        #expect(abs(drawnAfter - drawnBefore) < 1e-6)
        table.advanceAnimations(to: 3); table.advanceAnimations(to: 4)
        #expect(!table.hasRunningAnimations)
        #expect(itemStateProblems(table, model) == [])
    }

    @Test("reconfigureRows re-binds into the same cell, coalesces, and skips rows that are not mounted")
    func reconfigure() {
        let (table, model) = makeFeed(count: 100)
        let ip = IndexPath(row: 2, section: 0)
        let cell = table.cellForRow(at: ip)!
        let binds = model.binds
        model.sections[0][2] = 4242
        for _ in 0..<5 { table.reconfigureRows(at: [ip, IndexPath(row: 90, section: 0)]) }
        table.layoutIfNeeded()
        #expect(model.binds == binds + 1)
        #expect(table.cellForRow(at: ip) === cell)
        #expect((cell as! ItemCell).item == 4242)
        #expect(table.cellsCreated == table.cellsCreated)
        #expect(itemStateProblems(table, model) == [])
    }

    @Test("moves and section inserts/deletes keep everything consistent")
    func movesAndSections() throws {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 500))
        let model = ItemSource(sections: [Array(0..<10), Array(10..<30), Array(30..<35)])
        model.attach(to: table)
        table.allowsMultipleSelectionDuringEditing = true
        table.setEditing(true, animated: false)
        table.selectRow(at: IndexPath(row: 3, section: 1), animated: false, scrollPosition: .none)
        let chosen = selectedItems(table, model)
        try table.performBatchUpdatesThrowing({
            let moved = model.sections[1].remove(at: 3)          // item 13
            model.sections[0].insert(moved, at: 0)
            model.sections.remove(at: 2)
            model.sections.insert([100, 101], at: 1)
            table.moveRow(at: IndexPath(row: 3, section: 1), to: IndexPath(row: 0, section: 0))
            table.deleteSections(IndexSet([2]), with: .automatic)
            table.insertSections(IndexSet([1]), with: .automatic)
        }, completion: nil)
        #expect(itemStateProblems(table, model, selected: chosen) == [])
        #expect(table.indexPathsForSelectedRows == [IndexPath(row: 0, section: 0)])
    }
}

@MainActor
@Suite("Self-sizing details")
struct SelfSizingTests {
    @Test("scrollToRow lands exactly on a self-sizing row whose neighbours are measured on the way")
    func scrollToSelfSizingRow() {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 600))
        table.estimatedRowHeight = 44
        let model = ItemSource(sections: [Array(0..<5000)], height: { 30 + Double(($0 * 53) % 7) * 30 })
        model.selfSizing = true
        model.attach(to: table)
        for row in [2500, 4990, 10, 3333] {
            let ip = IndexPath(row: row, section: 0)
            table.scrollToRow(at: ip, at: .top, animated: false)
            let expected = min(table.rectForRow(at: ip).minY - table.sectionHeaderHeight, table.contentSize.height - 600)
            #expect(abs(table.contentOffset.y - expected) <= 0.25, "row \(row)")
            #expect(table.rectForRow(at: ip).height == model.rowHeight(model.sections[0][row]))
        }
    }
}

@MainActor
@Suite("Row animations stay stacked")
struct StackingTests {
    func makeFeed() -> (TableView, ItemSource) {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 700))
        let model = ItemSource(sections: [Array(0..<60)])
        model.attach(to: table)
        table.advanceAnimations(to: 0)
        return (table, model)
    }

    @Test("consecutive inserted rows grow as a stack: no gaps, no overlaps, at every frame")
    func insertsStack() throws {
        let (table, model) = makeFeed()
        try table.performBatchUpdatesThrowing({
            model.sections[0].insert(contentsOf: [900, 901, 902], at: 3)
            table.insertRows(at: (3..<6).map { IndexPath(row: $0, section: 0) }, with: .automatic)
        }, completion: nil)
        for t in [1.0, 1.05, 1.1, 1.2, 1.29] {
            table.advanceAnimations(to: t)
            let extents = table.presentedExtents()
            for k in 1..<extents.count where table.items[k].indexPath.row > 0 {
                let bottom = extents[k - 1].start + extents[k - 1].length
                #expect(abs(extents[k].start - bottom) < 1e-6, "t=\(t) row \(table.items[k].indexPath.row): top \(extents[k].start) vs \(bottom)")
            }
        }
    }

    @Test("consecutive deleted rows collapse as a stack that ends where the next row begins")
    func deletesStack() throws {
        let (table, model) = makeFeed()
        try table.performBatchUpdatesThrowing({
            model.sections[0].removeSubrange(2..<5)
            table.deleteRows(at: (2..<5).map { IndexPath(row: $0, section: 0) }, with: .automatic)
        }, completion: nil)
        #expect(table.rowAnimations.ghosts.count == 3)
        for t in [1.0, 1.05, 1.1, 1.2] {
            table.advanceAnimations(to: t)
            let ghosts = table.ghostExtents()
            for k in 1..<ghosts.count {
                #expect(abs(ghosts[k].start - (ghosts[k - 1].start + ghosts[k - 1].length)) < 1e-6)
            }
            let stackBottom = ghosts.last!.start + ghosts.last!.length
            let next = table.presentedExtents()[table.mountedIndex(of: ItemPath(IndexPath(row: 2, section: 0)))!]
            #expect(abs(next.start - stackBottom) < 1e-6, "t=\(t)")
        }
    }
}

@MainActor
@Suite("Self-sizing and edit mode")
struct SelfSizingEditTests {
    /// A cell whose height grows as the width shrinks (text wrapping).
    final class WrappingCell: TableViewCell {
        override func heightThatFits(width: Double, canvas: Canvas) -> Double { (20_000 / max(1, width)).rounded() }
    }
    /// `count` self-sizing rows of (registered) wrapping cells.
    func wrappingRows(_ count: Int) -> CountedTableSourceFixture {
        let source = CountedTableSourceFixture(counts: [count], reuseIdentifier: "wrap", text: { _, _ in nil })
        source.selfSizing = true
        return source
    }

    @Test("entering edit mode re-measures self-sizing rows at the narrower content width, keeping the top row in place")
    func remeasure() {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 600))
        let source = wrappingRows(200)
        table.register({ WrappingCell(reuseIdentifier: $0) }, forCellReuseIdentifier: "wrap")
        table.dataSource = source
        table.delegate = source
        table.contentOffset = Point(x: 0, y: 2000)
        let ip = table.indexPathsForVisibleRows[1]
        let screenY = table.rectForRow(at: ip).minY - table.contentOffset.y
        #expect(table.rectForRow(at: ip).height == 50)                      // 20000 / 400
        table.setEditing(true, animated: false)
        #expect(table.rectForRow(at: ip).height == (20_000 / 356.0).rounded())  // 400 − 44
        #expect(abs(table.rectForRow(at: ip).minY - table.contentOffset.y - screenY) < 0.5)
        table.setEditing(false, animated: false)
        #expect(table.rectForRow(at: ip).height == 50)
        withExtendedLifetime(source) {}
    }

    /// Rows by `row % 3`: 0 does not indent while editing, 1 is movable (a grip), 2 is plain.

    @Test("in edit mode each row is measured at the width its content is drawn in: the control only where the row indents, the grip where it moves")
    func measuredAtTheDrawnWidth() {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 600))
        let source = wrappingRows(60)
        source.indents = { $0.row % 3 != 0 }
        source.canMove = { $0.row % 3 == 1 }
        table.register({ WrappingCell(reuseIdentifier: $0) }, forCellReuseIdentifier: "wrap")
        table.dataSource = source
        table.delegate = source
        table.setEditing(true, animated: false)
        table.layoutIfNeeded()
        let ips = table.indexPathsForVisibleRows
        #expect(ips.count >= 6)
        for ip in ips {
            let expected = [400.0, 400 - 44 - TableViewCell.reorderControlWidth, 356][ip.row % 3]
            #expect(table.rectForRow(at: ip).height == (20_000 / expected).rounded(), "row \(ip.row)")
            // What the cell is drawn with, once edit mode has settled, is what it was measured at.
            let cell = table.cellForRow(at: ip)!
            #expect(cell.contentWidth(inRowWidth: 400, editing: 1) == expected, "row \(ip.row)")
        }
        table.setEditing(false, animated: false)
        for ip in table.indexPathsForVisibleRows { #expect(table.rectForRow(at: ip).height == 50) }
        withExtendedLifetime(source) {}
    }
}

@MainActor
@Suite("Section headers glide with their rows")
struct SectionAnimationTests {
    @Test("inserting a section above: the next section's header starts where it was and glides down; the new header fades in")
    func headersGlide() throws {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 900))
        let model = ItemSource(sections: [Array(0..<3), Array(100..<104), Array(200..<210)])
        model.attach(to: table)
        table.advanceAnimations(to: 0)
        let header = { (s: Int) in table.presentationFrame(of: table.items.headers[s]!).minY - table.contentOffset.y }
        let before = header(1)
        try table.performBatchUpdatesThrowing({
            model.sections.insert([900, 901], at: 1)
            table.insertSections(IndexSet([1]), with: .automatic)
        }, completion: nil)
        table.advanceAnimations(to: 1)
        #expect(abs(header(2) - before) < 1e-9)                       // the old section 1, now 2
        #expect(table.rowAnimations.sectionAppear[1] != nil)
        table.advanceAnimations(to: 1.15)
        let mid = header(2)
        #expect(mid > before && mid < table.rectForHeaderInSection(2).minY)
        table.advanceAnimations(to: 1.31)
        #expect(header(2) == table.rectForHeaderInSection(2).minY)
        #expect(!table.hasRunningAnimations)
        let canvas = RecordingCanvas()
        table.render(in: canvas)
        #expect(canvas.texts.contains { $0.0 == "S1" })
    }

    @Test("deleting a section: its header fades out where it was drawn, then returns to the header pool")
    func deletedHeaderFades() throws {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 900))
        let model = ItemSource(sections: [Array(0..<3), Array(100..<104), Array(200..<210)])
        model.attach(to: table)
        table.advanceAnimations(to: 0)
        try table.performBatchUpdatesThrowing({
            model.sections.remove(at: 1)
            table.deleteSections(IndexSet([1]), with: .automatic)
        }, completion: nil)
        #expect(table.rowAnimations.sectionGhosts.count == 1)
        table.advanceAnimations(to: 1)
        table.advanceAnimations(to: 1.1)
        let canvas = RecordingCanvas()
        table.render(in: canvas)
        let s1 = canvas.texts.filter { $0.0 == "S1" }
        #expect(s1.count == 2)                                    // the ghost and the new section 1
        let pooled = table.items.pooledHeaderCount
        table.advanceAnimations(to: 1.4)
        #expect(table.rowAnimations.sectionGhosts.isEmpty && !table.hasRunningAnimations)
        #expect(table.items.pooledHeaderCount == pooled + 1)
        #expect(itemStateProblems(table, model) == [])
    }
}
