import Testing
@testable import PoolTable

@MainActor
@Suite("Outlines: section snapshots")
struct OutlineTests {
    typealias Outline = SectionSnapshot<String>

    /// a ─ a1 ─ a1x
    ///   └ a2
    /// b ─ b1
    /// c
    func sample() -> Outline {
        var o = Outline()
        o.append(["a", "b", "c"])
        o.append(["a1", "a2"], to: "a")
        o.append(["a1x"], to: "a1")
        o.append(["b1"], to: "b")
        return o
    }

    @Test("Items depth first, levels and parents; only expanded parents show their children")
    func semantics() {
        var o = sample()
        #expect(o.items == ["a", "a1", "a1x", "a2", "b", "b1", "c"])
        #expect(o.visibleItems == ["a", "b", "c"])
        #expect(o.level(of: "a") == 0 && o.level(of: "a1") == 1 && o.level(of: "a1x") == 2)
        #expect(o.parent(of: "a1x") == "a1" && o.parent(of: "a") == nil)
        #expect(o.children(of: "a") == ["a1", "a2"] && o.children(of: nil) == ["a", "b", "c"])
        #expect(o.hasChildren("a1") && !o.hasChildren("a2"))

        o.expand(["a1"])                          // a nested item expanded under a collapsed parent: still hidden
        #expect(o.visibleItems == ["a", "b", "c"])
        o.expand(["a"])
        #expect(o.visibleItems == ["a", "a1", "a1x", "a2", "b", "c"])
        o.collapse(["a"])                         // collapsing hides everything below, keeps a1's state
        #expect(o.visibleItems == ["a", "b", "c"])
        #expect(o.isExpanded("a1") && !o.isExpanded("a"))
        o.expand(["a", "b"])
        #expect(o.visibleItems == ["a", "a1", "a1x", "a2", "b", "b1", "c"])
        #expect(o.subtree(of: "a") == ["a", "a1", "a1x", "a2"])

        o.delete(["a1"])                          // deletes the subtree
        #expect(o.items == ["a", "a2", "b", "b1", "c"])
        #expect(!o.contains("a1x") && !o.isExpanded("a1"))
        #expect(o.errors.isEmpty)
    }

    @Test("Bad input: a missing parent, an item appended twice (a cycle), expanding what isn't there: refused, kept as errors, nothing changed")
    func badInput() {
        var o = sample()
        let before = o
        o.append(["x"], to: "nope")
        o.append(["a2"], to: "c")                 // already under a: one place only
        o.append(["a1"], to: "a1x")               // would make a1 its own ancestor
        o.append(["y", "y"])                      // twice in one call
        o.expand(["a", "ghost"])                  // all or nothing
        o.collapse(["ghost"])
        o.delete(["ghost"])
        #expect(o.items == before.items && o.visibleItems == before.visibleItems)
        #expect(!o.isExpanded("a"))
        #expect(o.errors == [.parentNotFound("nope"), .duplicateItem("a2"), .duplicateItem("a1"), .duplicateItem("y"),
                             .itemNotFound("ghost"), .itemNotFound("ghost"), .itemNotFound("ghost")])
        #expect(o.errors[0].description.contains("not in the section snapshot"))
    }

    func makeTable(_ o: Outline) throws -> (TableView, TableViewDiffableDataSource<Int, String>) {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 220))
        table.register({ TableViewCell(reuseIdentifier: $0) }, forCellReuseIdentifier: "row")
        let source = TableViewDiffableDataSource<Int, String>(tableView: table) { table, ip, _ in
            table.dequeueReusableCell(withIdentifier: "row", for: ip)
        }
        try source.applyThrowing(o, to: 0, animatingDifferences: false)
        table.layoutIfNeeded()
        return (table, source)
    }

    func rows(_ table: TableView, _ source: TableViewDiffableDataSource<Int, String>) -> [String] {
        (0..<table.numberOfRows(inSection: 0)).compactMap { source.itemIdentifier(for: IndexPath(row: $0, section: 0)) }
    }

    @Test("Applied to a section: the table shows the visible items; expanding animates the children in, collapsing out; levels for indenting")
    func applyToSection() throws {
        var o = sample()
        let (table, source) = try makeTable(o)
        #expect(rows(table, source) == ["a", "b", "c"])
        o.expand(["a", "a1"])
        try source.applyThrowing(o, to: 0)
        #expect(rows(table, source) == ["a", "a1", "a1x", "a2", "b", "c"])
        #expect(table.hasRunningAnimations)       // inserted like rows: animated
        table.advanceAnimations(to: 10); table.advanceAnimations(to: 11)
        #expect(!table.hasRunningAnimations)
        #expect(source.level(at: IndexPath(row: 2, section: 0)) == 2)
        #expect(source.snapshot(for: 0) == o)
        o.collapse(["a"])
        try source.applyThrowing(o, to: 0)
        #expect(rows(table, source) == ["a", "b", "c"])
        #expect(table.hasRunningAnimations)
        table.advanceAnimations(to: 20); table.advanceAnimations(to: 21)
        #expect(table.indexPathsForMountedRows.count == 3)
    }

    @Test("Expanding a parent above the viewport keeps the row at the top of the viewport in place")
    func expandKeepsAnchor() throws {
        var o = Outline()
        let roots = (0..<40).map { "r\($0)" }
        o.append(roots)
        o.append((0..<10).map { "r2-\($0)" }, to: "r2")
        let (table, source) = try makeTable(o)
        table.contentOffset = Point(x: 0, y: 44 * 10)
        table.layoutIfNeeded()
        let top = try #require(table.indexPathsForVisibleRows.first)
        let topItem = source.itemIdentifier(for: top)
        let screenY = table.rectForRow(at: top).minY - table.contentOffset.y
        o.expand(["r2"])
        try source.applyThrowing(o, to: 0, animatingDifferences: false)
        table.layoutIfNeeded()
        let item = try #require(topItem)
        let moved = try #require(source.indexPath(for: item))
        #expect(moved.row == top.row + 10)
        #expect(abs((table.rectForRow(at: moved).minY - table.contentOffset.y) - screenY) < 0.5)
    }

    @Test("A refused outline throws its error and the table stays as it was; an outline of another section keeps each section's rows")
    func applyRefused() throws {
        var o = sample()
        let (table, source) = try makeTable(o)
        o.expand(["a"])
        o.append(["z"], to: "missing")
        #expect(throws: DiffableDataSourceError.invalidSectionSnapshot(.parentNotFound("missing"))) { try source.applyThrowing(o, to: 0) }
        source.apply(o, to: 0)                    // UIKit's shape: no throw, the error kept
        #expect(source.lastApplyError == .invalidSectionSnapshot(.parentNotFound("missing")))
        #expect(rows(table, source) == ["a", "b", "c"])
        #expect(source.snapshot(for: 0).visibleItems == ["a", "b", "c"])

        var other = SectionSnapshot<String>()
        other.append(["p", "q"])
        try source.applyThrowing(other, to: 1, animatingDifferences: false)
        #expect(table.numberOfSections == 2 && table.numberOfRows(inSection: 1) == 2)
        var clash = SectionSnapshot<String>()
        clash.append(["a"])                       // "a" is in section 0 already
        #expect(throws: DiffableDataSourceError.self) { try source.applyThrowing(clash, to: 1) }
        #expect(table.numberOfRows(inSection: 1) == 2)
    }
}

@MainActor
@Suite("Diffable data source: moving rows by hand")
struct DiffableMoveTests {
    final class Movable: TableViewDiffableDataSource<Int, String> {
        override func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }
    }

    @Test("A row moved by hand (Alt+Down, an interactive movement) is moved in the snapshot too, as UIKit's diffable data source does")
    func moveUpdatesSnapshot() throws {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 400))
        table.register({ TableViewCell(reuseIdentifier: $0) }, forCellReuseIdentifier: "row")
        let source = Movable(tableView: table) { table, ip, _ in table.dequeueReusableCell(withIdentifier: "row", for: ip) }
        var snap = DiffableSnapshot<Int, String>()
        snap.appendSections([0, 1])
        snap.appendItems(["a", "b", "c"], toSection: 0)
        snap.appendItems(["x"], toSection: 1)
        try source.applyThrowing(snap, animatingDifferences: false)
        table.layoutIfNeeded()
        #expect(table.beginInteractiveMovementForRow(at: IndexPath(row: 0, section: 0)))
        table.updateInteractiveMovementTargetPosition(Point(x: 10, y: table.rectForRow(at: IndexPath(row: 0, section: 1)).midY))
        table.endInteractiveMovement()
        table.advanceAnimations(to: 10); table.advanceAnimations(to: 11)
        let after = source.snapshot()
        #expect(after.itemIdentifiers(inSection: 0) + after.itemIdentifiers(inSection: 1) == ["b", "c", "x", "a"]
                || after.itemIdentifiers(inSection: 0) + after.itemIdentifiers(inSection: 1) == ["b", "c", "a", "x"])
        #expect(after.itemIdentifiers(inSection: 1).contains("a"))
        for (ip, _) in zip(table.indexPathsForMountedRows, table.mountedCells) {
            #expect(source.itemIdentifier(for: ip) != nil)
        }
        #expect(table.numberOfRows(inSection: 1) == 2)
    }
}
