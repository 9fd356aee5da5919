import Testing
@testable import PoolTable

/// Outlines in the table (issue 25): expanding and collapsing rows, the outline keys, the
/// section snapshot handlers, the disclosure triangles, anchoring, and the run fast path.
@MainActor
@Suite("Outlines: expanding and collapsing rows (issue 25)")
struct OutlineInteractionTests {
    typealias Outline = SectionSnapshot<String>
    typealias Source = TableViewDiffableDataSource<Int, String>

    /// The outline tests' tree (`OutlineTests.sample`).
    func sample() -> Outline { OutlineTests().sample() }

    func makeTable(_ o: Outline, height: Double = 400) throws -> (TableView, Source) {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 320, height: height))
        table.register({ TableViewCell(reuseIdentifier: $0) }, forCellReuseIdentifier: "row")
        let source = Source(tableView: table) { table, ip, id in
            let cell = table.dequeueReusableCell(withIdentifier: "row", for: ip)
            cell.text = id
            return cell
        }
        try source.applyThrowing(o, to: 0, animatingDifferences: false)
        table.layoutIfNeeded()
        return (table, source)
    }

    func rows(_ table: TableView, _ source: Source) -> [String] {
        (0..<table.numberOfRows(inSection: 0)).compactMap { source.itemIdentifier(for: IndexPath(row: $0, section: 0)) }
    }

    func ip(_ row: Int) -> IndexPath { IndexPath(row: row, section: 0) }

    func settle(_ table: TableView, from t: Double = 100) {
        table.advanceAnimations(to: t); table.advanceAnimations(to: t + 1)
    }

    @Test("expandRow/collapseRow/isRowExpanded: nested expand and collapse, recursively, states and indentation")
    func expansionAPI() throws {
        let (table, source) = try makeTable(sample())
        #expect(table.outlineState(forRowAt: ip(0)) == OutlineRowState(level: 0, isExpandable: true, isExpanded: false))
        #expect(table.outlineState(forRowAt: ip(2))?.isExpandable == false)          // c: a leaf
        #expect(table.expandRow(at: ip(0)))
        #expect(rows(table, source) == ["a", "a1", "a2", "b", "c"])
        #expect(table.isRowExpanded(at: ip(0)) && !table.isRowExpanded(at: ip(1)))
        #expect(table.hasRunningAnimations)                                           // children animate in
        settle(table)
        #expect(table.expandRow(at: ip(1)))                                           // nested: a1
        #expect(rows(table, source) == ["a", "a1", "a1x", "a2", "b", "c"])
        table.layoutIfNeeded()
        let deep = try #require(table.cellForRow(at: ip(2)))
        #expect(deep.indentationLevel == 2)
        #expect(deep.outlineContentInset == 2 * 16 + TableView.disclosureWidth)
        #expect(table.outlineState(forRowAt: ip(2))?.level == 2)
        settle(table, from: 200)
        #expect(table.collapseRow(at: ip(0)))                                         // collapses a's subtree, keeps a1's state
        #expect(rows(table, source) == ["a", "b", "c"])
        #expect(source.snapshot(for: 0).isExpanded("a1"))
        settle(table, from: 300)
        #expect(table.expandRow(at: ip(0)))
        #expect(rows(table, source) == ["a", "a1", "a1x", "a2", "b", "c"])          // a1 comes back expanded
        settle(table, from: 400)
        #expect(table.collapseRow(at: ip(0)))
        #expect(table.expandRow(at: ip(1), recursively: false))                       // b
        #expect(rows(table, source) == ["a", "b", "b1", "c"])
        #expect(table.collapseRow(at: ip(1)))
        #expect(table.expandRow(at: ip(0), recursively: true))                        // everything below a
        #expect(rows(table, source) == ["a", "a1", "a1x", "a2", "b", "c"])
        #expect(source.snapshot(for: 0).isExpanded("a1") && source.snapshot(for: 0).isExpanded("a"))
    }

    @Test("Bad input: a leaf, an expanded row expanded again, a collapsed row collapsed, rows that aren't there: nothing changes")
    func badInput() throws {
        let (table, source) = try makeTable(sample())
        let before = source.snapshot(for: 0)
        #expect(!table.expandRow(at: ip(2)))                  // c has no children and isn't marked expandable
        #expect(!table.collapseRow(at: ip(0)))                // a is collapsed
        #expect(!table.expandRow(at: ip(99)))
        #expect(!table.collapseRow(at: IndexPath(row: 0, section: 5)))
        #expect(!table.isRowExpanded(at: ip(-1)))
        #expect(table.outlineState(forRowAt: ip(99)) == nil)
        #expect(rows(table, source) == ["a", "b", "c"])
        #expect(source.snapshot(for: 0) == before)
        #expect(!table.hasRunningAnimations)
        #expect(table.expandRow(at: ip(0)))
        #expect(!table.expandRow(at: ip(0)))                  // already expanded
        #expect(rows(table, source) == ["a", "a1", "a2", "b", "c"])
        var marked = sample()
        marked.setExpandable("ghost", true)                   // refused: kept as an error
        #expect(marked.errors == [.itemNotFound("ghost")])
    }

    @Test("A plain data source (no outline) has no outline state; the keys pass")
    func plainDataSource() throws {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 300))
        let source = Source(tableView: table) { t, ip, _ in t.dequeueReusableCell(withIdentifier: "row", for: ip) }
        table.register({ TableViewCell(reuseIdentifier: $0) }, forCellReuseIdentifier: "row")
        var s = DiffableSnapshot<Int, String>()
        s.appendSections([0]); s.appendItems(["x", "y"])
        source.apply(s, animatingDifferences: false)
        table.layoutIfNeeded()
        #expect(table.outlineState(forRowAt: ip(0)) == nil)
        #expect(!table.handleOutlineKey(.right) && !table.handleOutlineKey(.expandAll))
        #expect(!table.expandRow(at: ip(0)))
        #expect(table.cellForRow(at: ip(0))?.outlineContentInset == 0)
    }

    @Test("Keys: Right expands, then moves to the first child; Left collapses, on a leaf moves to the parent; +, −, *, toggle")
    func keys() throws {
        let (table, source) = try makeTable(sample())
        #expect(table.handleKey(.home))                        // focus a (first row)
        #expect(table.focusedIndexPath == ip(0))
        #expect(table.handleOutlineKey(.right))                // expands a
        #expect(rows(table, source) == ["a", "a1", "a2", "b", "c"])
        #expect(table.focusedIndexPath == ip(0))
        #expect(table.handleOutlineKey(.right))                // a is expanded: to its first child a1
        #expect(table.focusedIndexPath == ip(1) && table.indexPathForSelectedRow == ip(1))
        #expect(table.handleOutlineKey(.right))                // expands a1
        #expect(rows(table, source) == ["a", "a1", "a1x", "a2", "b", "c"])
        #expect(table.handleOutlineKey(.right))                // to a1x
        #expect(table.focusedIndexPath == ip(2))
        #expect(!table.handleOutlineKey(.right))               // a1x is a leaf: Right does nothing (passes)
        #expect(table.handleOutlineKey(.left))                 // leaf: to its parent a1
        #expect(table.focusedIndexPath == ip(1))
        #expect(table.handleOutlineKey(.left))                 // a1 expanded: collapses
        #expect(rows(table, source) == ["a", "a1", "a2", "b", "c"])
        #expect(table.handleOutlineKey(.left))                 // a1 collapsed: to a
        #expect(table.focusedIndexPath == ip(0))
        #expect(table.handleOutlineKey(.collapse))             // − collapses a
        #expect(rows(table, source) == ["a", "b", "c"])
        #expect(!table.handleOutlineKey(.collapse))            // nothing left to collapse
        #expect(!table.handleOutlineKey(.left))                // a root, collapsed: no parent
        #expect(table.handleOutlineKey(.expandAll))            // * expands everything below a
        #expect(rows(table, source) == ["a", "a1", "a1x", "a2", "b", "c"])
        #expect(table.handleOutlineKey(.toggle))               // Ctrl+Space collapses
        #expect(rows(table, source) == ["a", "b", "c"])
        #expect(table.handleOutlineKey(.expand))               // + expands (a1 stays expanded inside)
        #expect(rows(table, source) == ["a", "a1", "a1x", "a2", "b", "c"])
    }

    @Test("Handlers: shouldExpandItem false refuses; willExpandItem loads children of an item marked expandable; collapse handlers; snapshotForExpandingParentItem")
    func handlers() throws {
        var o = sample()
        o.setExpandable("c", true)                             // a folder not listed yet
        let (table, source) = try makeTable(o)
        #expect(table.outlineState(forRowAt: ip(2))?.isExpandable == true)
        var asked: [String] = []
        source.sectionSnapshotHandlers.shouldExpandItem = { asked.append("should \($0)"); return $0 != "b" }
        source.sectionSnapshotHandlers.willExpandItem = { item in
            asked.append("will \(item)")
            guard item == "c" else { return }
            var loaded = source.snapshot(for: 0)
            loaded.append(["c1", "c2"], to: "c")
            source.apply(loaded, to: 0, animatingDifferences: false)
        }
        source.sectionSnapshotHandlers.shouldCollapseItem = { _ in false }
        #expect(!table.isRowExpanded(at: ip(1)))
        table.expandRow(at: ip(1))                             // b refused
        #expect(rows(table, source) == ["a", "b", "c"])
        #expect(!table.isRowExpanded(at: ip(1)))
        table.expandRow(at: ip(2))                             // c: loaded by willExpand, then expanded
        #expect(rows(table, source) == ["a", "b", "c", "c1", "c2"])
        #expect(asked == ["should b", "should c", "will c"])
        table.collapseRow(at: ip(2))                           // refused by shouldCollapseItem
        #expect(rows(table, source) == ["a", "b", "c", "c1", "c2"])
        var collapsed: [String] = []
        source.sectionSnapshotHandlers.shouldCollapseItem = nil
        source.sectionSnapshotHandlers.willCollapseItem = { collapsed.append($0) }
        table.collapseRow(at: ip(2))
        #expect(rows(table, source) == ["a", "b", "c"] && collapsed == ["c"])
        source.sectionSnapshotHandlers.snapshotForExpandingParentItem = { item, below in
            var replaced = Outline()
            replaced.append(below.items.map { $0 + "!" })
            return item == "a" ? replaced : below
        }
        table.expandRow(at: ip(0))
        #expect(rows(table, source) == ["a", "a1!", "a1x!", "a2!", "b", "c"])
    }

    @Test("A click on the triangle toggles the row (and does not select it); elsewhere on the row selects; the triangle is drawn and turns")
    func clickAndDraw() throws {
        let (table, source) = try makeTable(sample())
        let row = table.rectForRow(at: ip(0))
        // The triangle of a root: the first disclosureWidth points of the row.
        table.pointerDown(at: Point(x: TableView.disclosureWidth / 2, y: row.midY))
        table.pointerUp(at: Point(x: TableView.disclosureWidth / 2, y: row.midY))
        #expect(rows(table, source) == ["a", "a1", "a2", "b", "c"])
        #expect(table.indexPathForSelectedRow == nil)
        table.advanceAnimations(to: 0.5)                       // the children grow in; the triangle turns
        table.advanceAnimations(to: 0.6)
        #expect(table.hasRunningAnimations)
        let canvas = RecordingCanvas()
        table.render(in: canvas)
        let strokes = canvas.operations.compactMap { op -> Rect? in if case let .strokePath(r, _, _) = op { return r } else { return nil } }
        // Chevrons: a (expanded) and a1 (collapsed, level 1), b; not a2 or c (leaves).
        let chevrons = strokes.filter { $0.width <= 9 && $0.height <= 9 }
        #expect(chevrons.count == 3)
        #expect(chevrons.contains { $0.minX > 16 && $0.minX < 16 + TableView.disclosureWidth })   // a1's is indented one level
        table.advanceAnimations(to: 2)
        #expect(!table.hasRunningAnimations)
        // Away from the triangle a click selects as usual.
        table.pointerDown(at: Point(x: 200, y: row.midY))
        table.pointerUp(at: Point(x: 200, y: row.midY))
        #expect(table.indexPathForSelectedRow == ip(0))
        #expect(rows(table, source) == ["a", "a1", "a2", "b", "c"])
        // The title moved right by the inset.
        canvas.reset()
        table.render(in: canvas)
        let a1 = try #require(canvas.texts.first { $0.0 == "a1" })
        let a = try #require(canvas.texts.first { $0.0 == "a" })
        #expect(abs((a1.1.minX - a.1.minX) - 16) < 0.5)
    }

    @Test("Anchoring: the toggled row stays where it is on screen; a collapse above the viewport keeps the first visible row")
    func anchoring() throws {
        var o = Outline()
        o.append((0..<40).map { "r\($0)" })
        o.append((0..<30).map { "r5-\($0)" }, to: "r5")
        o.append((0..<30).map { "r1-\($0)" }, to: "r1")
        let (table, source) = try makeTable(o, height: 300)
        table.contentOffset = Point(x: 0, y: 44 * 3 + 10)
        table.layoutIfNeeded()
        let r5 = ip(5)
        let y5 = table.rectForRow(at: r5).minY - table.contentOffset.y
        table.expandRow(at: r5)
        #expect(abs((table.rectForRow(at: r5).minY - table.contentOffset.y) - y5) < 0.5)
        settle(table)
        table.collapseRow(at: r5)
        #expect(abs((table.rectForRow(at: r5).minY - table.contentOffset.y) - y5) < 0.5)
        settle(table, from: 200)
        // r1 above the viewport: expanding it keeps the first visible row in place.
        let top = try #require(table.indexPathsForVisibleRows.first)
        let topItem = try #require(source.itemIdentifier(for: top))
        let yTop = table.rectForRow(at: top).minY - table.contentOffset.y
        #expect(table.expandRow(at: ip(1)))
        let moved = try #require(source.indexPath(for: topItem))
        #expect(moved.row == top.row + 30)
        #expect(abs((table.rectForRow(at: moved).minY - table.contentOffset.y) - yTop) < 0.5)
        settle(table, from: 300)
        #expect(table.collapseRow(at: ip(1)))
        let back = try #require(source.indexPath(for: topItem))
        #expect(back.row == top.row)
        #expect(abs((table.rectForRow(at: back).minY - table.contentOffset.y) - yTop) < 0.5)
    }

    /// A tree with a node of `n` children among `roots` roots.
    func bigOutline(roots: Int, children n: Int, at parent: Int) -> SectionSnapshot<Int> {
        var o = SectionSnapshot<Int>()
        o.append(Array(0..<roots))
        o.append(Array(1_000_000..<(1_000_000 + n)), to: parent)
        return o
    }

    func intTable(_ o: SectionSnapshot<Int>) throws -> (TableView, TableViewDiffableDataSource<Int, Int>) {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 400))
        table.register({ TableViewCell(reuseIdentifier: $0) }, forCellReuseIdentifier: "row")
        let source = TableViewDiffableDataSource<Int, Int>(tableView: table) { t, ip, _ in t.dequeueReusableCell(withIdentifier: "row", for: ip) }
        try source.applyThrowing(o, to: 0, animatingDifferences: false)
        table.layoutIfNeeded()
        return (table, source)
    }

    @Test("The run fast path gives what the full diff gives: rows, geometry, content size, selection, cursor")
    func fastPathEqualsSlowPath() throws {
        let base = bigOutline(roots: 50, children: 5_000, at: 3)
        var expanded = base
        expanded.expand([3])
        // Fast: the same tree, one item expanded (no diff).
        let (fast, fastSource) = try intTable(base)
        fast.contentOffset = Point(x: 0, y: 44 * 10)
        fast.selectRow(at: ip(20), animated: false, scrollPosition: .none)
        try fastSource.applyThrowing(expanded, to: 0, animatingDifferences: true)
        // Slow: a snapshot with a different tree shape goes through the full diff.
        let (slow, slowSource) = try intTable(base)
        slow.contentOffset = Point(x: 0, y: 44 * 10)
        slow.selectRow(at: ip(20), animated: false, scrollPosition: .none)
        var rebuilt = SectionSnapshot<Int>()
        rebuilt.append(expanded.items.filter { expanded.parent(of: $0) == nil })
        rebuilt.append(expanded.children(of: 3), to: 3)
        rebuilt.expand([3])
        #expect(!rebuilt.hasSameShape(as: base))
        try slowSource.applyThrowing(rebuilt, to: 0, animatingDifferences: true)
        for table in [fast, slow] { table.layoutIfNeeded() }
        #expect(fast.numberOfRows(inSection: 0) == 5_050 && slow.numberOfRows(inSection: 0) == 5_050)
        #expect(fastSource.snapshot().itemIdentifiers == slowSource.snapshot().itemIdentifiers)
        #expect(fast.contentSize == slow.contentSize)
        #expect(fast.contentOffset == slow.contentOffset)
        #expect(fast.indexPathsForVisibleRows == slow.indexPathsForVisibleRows)
        #expect(fast.indexPathForSelectedRow == IndexPath(row: 5_020, section: 0))
        #expect(fast.indexPathForSelectedRow == slow.indexPathForSelectedRow)
        #expect(fastSource.indexPath(for: 1_000_000) == IndexPath(row: 4, section: 0))
        for r in [0, 4, 2_000, 5_003, 5_049] { #expect(fast.rectForRow(at: ip(r)) == slow.rectForRow(at: ip(r))) }
        // Collapse both: back where they started.
        try fastSource.applyThrowing(base, to: 0, animatingDifferences: true)
        var slowBack = SectionSnapshot<Int>()
        slowBack.append(Array(0..<50))
        slowBack.append(Array(1_000_000..<1_005_000), to: 3)
        try slowSource.applyThrowing(slowBack, to: 0, animatingDifferences: true)
        #expect(fastSource.snapshot().itemIdentifiers == Array(0..<50))
        #expect(fastSource.snapshot().itemIdentifiers == slowSource.snapshot().itemIdentifiers)
        #expect(fast.contentSize == slow.contentSize && fast.contentOffset == slow.contentOffset)
        #expect(fast.indexPathForSelectedRow == ip(20) && slow.indexPathForSelectedRow == ip(20))
    }

    @Test("The table's run batch: a range insert or delete equals the same rows named one by one")
    func runBatchEqualsRows() throws {
        func make() -> (TableView, CountedTableSourceFixture) {
            let t = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 400))
            t.register({ TableViewCell(reuseIdentifier: $0) }, forCellReuseIdentifier: "row")
            let d = CountedTableSourceFixture(counts: [100], text: { _, _ in nil })
            t.dataSource = d
            t.layoutIfNeeded()
            t.contentOffset = Point(x: 0, y: 44 * 20)
            t.selectRow(at: ip(30), animated: false, scrollPosition: .none)
            return (t, d)
        }
        let (a, da) = make(), (b, db) = make()
        try a.performBatchUpdatesThrowing { da.counts = [150]; a.batchInsertRun(10..<60, section: 0, .automatic) }
        try b.performBatchUpdatesThrowing { db.counts = [150]; b.insertRows(at: (10..<60).map { ip($0) }, with: .automatic) }
        #expect(a.contentSize == b.contentSize && a.contentOffset == b.contentOffset)
        #expect(a.indexPathForSelectedRow == ip(80) && b.indexPathForSelectedRow == ip(80))
        #expect(a.indexPathsForVisibleRows == b.indexPathsForVisibleRows)
        try a.performBatchUpdatesThrowing { da.counts = [100]; a.batchDeleteRun(70..<120, section: 0, .automatic) }
        try b.performBatchUpdatesThrowing { db.counts = [100]; b.deleteRows(at: (70..<120).map { ip($0) }, with: .automatic) }
        #expect(a.contentSize == b.contentSize && a.contentOffset == b.contentOffset)
        #expect(a.indexPathForSelectedRow == nil && b.indexPathForSelectedRow == nil)   // row 80 was deleted
        // Bad input: a run past the end, a count that does not match: refused, nothing changes.
        #expect(throws: BatchUpdateError.self) { try a.performBatchUpdatesThrowing { a.batchDeleteRun(90..<200, section: 0, .none) } }
        #expect(throws: BatchUpdateError.self) { try a.performBatchUpdatesThrowing { da.counts = [105]; a.batchInsertRun(0..<4, section: 0, .none) } }
        da.counts = [100]
        #expect(throws: BatchUpdateError.self) {
            try a.performBatchUpdatesThrowing { a.batchDeleteRun(0..<4, section: 0, .none); a.deleteRows(at: [ip(2)], with: .none) }
        }
        #expect(a.numberOfRows(inSection: 0) == 100)
    }
}
