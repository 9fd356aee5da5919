import Testing
@_spi(Hosting) @_spi(Diagnostics) @testable import PoolTable

/// A host that keeps every non-empty change list the engine hands it.
@MainActor
final class MountChangeListener: TableViewHost {
    var lists: [MountChanges] = []
    var hookCalls = 0

    func tableViewNeedsDisplay(_ view: ListBase) {}
    func tableViewDidChangeScrollGeometry(_ view: ListBase) {}
    func tableViewNeedsAnimationTicks(_ view: ListBase) {}
    func tableViewMountedCellsDidChange(_ view: ListBase) {
        hookCalls += 1
        let changes = view.mountChanges
        if !changes.isEmpty { lists.append(changes) }
    }

    /// The change lists `action` caused (after asking for any left over).
    func changes(of view: ListBase, _ action: () throws -> Void) rethrows -> [MountChanges] {
        view.reportMountChanges()
        lists = []
        try action()
        view.reportMountChanges()
        return lists
    }
}

/// The mounted items with their cells and frames, for working out what a change list must say.
@MainActor
struct MountedSnapshot {
    var items: [(indexPath: IndexPath, cell: ReusableCell, frame: Rect)]

    init(_ view: ListBase) {
        items = view.laidOutRows.map { ($0.indexPath, $0.cell, $0.cell.frame) }
    }

    /// What `MountChanges` must report between `before` and `after` when items map from
    /// their old index paths to new ones by `map` (nil: the item was deleted or reloaded):
    /// a cell at the mapped place of its item moved (or, at the same place, was updated if
    /// its frame changed); every other cell that left an item is unmounted there, every
    /// cell showing an item it did not show before is mounted.
    static func expected(from before: MountedSnapshot, to after: MountedSnapshot,
                         map: (IndexPath) -> IndexPath?) -> MountChanges {
        var out = MountChanges()
        let now = Dictionary(uniqueKeysWithValues: after.items.map { (ObjectIdentifier($0.cell), ($0.indexPath, $0.frame)) })
        var continued = Set<ObjectIdentifier>()
        for old in before.items {
            let id = ObjectIdentifier(old.cell)
            if let (ip, frame) = now[id], let target = map(old.indexPath), target == ip {
                continued.insert(id)
                if ip != old.indexPath { out.moved.append(.init(from: old.indexPath, to: ip, cell: id)) }
                else if frame != old.frame { out.updated.append(.init(ip, cell: id)) }
            } else {
                out.unmounted.append(.init(old.indexPath, cell: id))
            }
        }
        for new in after.items where !continued.contains(ObjectIdentifier(new.cell)) {
            out.mounted.append(.init(new.indexPath, cell: ObjectIdentifier(new.cell)))
        }
        out.moved.sort { $0.to < $1.to }
        return out
    }
}

@MainActor
@Suite("MountChanges: the engine's per-pass change list of mounted items")
struct MountChangesTests {
    func makeTable(rows: [Int] = [500]) -> (TableView, ModelSource, MountChangeListener) {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 600))
        let model = ModelSource(rows: rows)
        model.attach(to: table)
        let listener = MountChangeListener()
        table.host = listener
        table.layoutIfNeeded()
        return (table, model, listener)
    }

    func makeListenedGrid(counts: [Int] = [2_000]) -> (CollectionView, GridSource, MountChangeListener) {
        let source = GridSource(counts: counts)
        let grid = makeGrid(source)
        let listener = MountChangeListener()
        grid.host = listener
        grid.layoutIfNeeded()
        return (grid, source, listener)
    }

    /// The change list `action` caused (none if nothing changed), checked against the mounted
    /// items before and after.
    func expectOneList(_ view: ListBase, _ listener: MountChangeListener, map: @escaping (IndexPath) -> IndexPath?,
                       _ what: Comment, sourceLocation: SourceLocation = #_sourceLocation, _ action: () throws -> Void) rethrows {
        let before = MountedSnapshot(view)
        let lists = try listener.changes(of: view, action)
        let expected = MountedSnapshot.expected(from: before, to: MountedSnapshot(view), map: map)
        // One list per pass, and none when nothing changed.
        #expect(lists.count == (expected.isEmpty ? 0 : 1), "\(what): \(lists.count) change lists: \(lists)", sourceLocation: sourceLocation)
        #expect(lists.first ?? MountChanges() == expected, "\(what)", sourceLocation: sourceLocation)
    }

    @Test("Scrolling by a little mounts the items that arrive and unmounts those that leave; a jump replaces all")
    func scrolling() {
        let (table, _, listener) = makeTable()
        for y in [10.0, 44, 300, 301, 1_000, 990, 20_000, 0] {
            expectOneList(table, listener, map: { $0 }, "to \(y)") { table.contentOffset = Point(x: 0, y: y) }
        }
        // A small step really is small: at the top, the band (viewport and half a viewport
        // each way) reaches 900 pt, rows 0...20 of 44 pt; 88 pt down it reaches row 22.
        let step = listener.changes(of: table) { table.contentOffset = Point(x: 0, y: 88) }
        #expect(step.first?.mounted.map(\.indexPath.row) == [21, 22], "\(step)")
        #expect(step.first?.unmounted == [], "\(step)")
        let back = listener.changes(of: table) { table.contentOffset = Point(x: 0, y: 0) }
        #expect(back.first?.unmounted.map(\.indexPath.row) == [21, 22], "\(back)")
        #expect(back.first?.mounted == [], "\(back)")
        let idle = listener.changes(of: table) { table.contentOffset = Point(x: 0, y: 0); table.layoutIfNeeded() }
        #expect(idle.isEmpty, "nothing moved, nothing reported: \(idle)")
    }

    @Test("reconfigureRows rebinds the same cell: rebound, nothing else")
    func reconfigure() throws {
        let (table, _, listener) = makeTable()
        let ip = IndexPath(row: 3, section: 0)
        let cell = try #require(table.cellForRow(at: ip))
        let lists = listener.changes(of: table) {
            table.reconfigureRows(at: [ip, IndexPath(row: 400, section: 0)])
            table.layoutIfNeeded()
        }
        #expect(lists == [MountChanges.with(rebound: [.init(ip, cell: ObjectIdentifier(cell))])], "\(lists)")
        #expect(table.cellForRow(at: ip) === cell)
    }

    @Test("reloadRows puts the row in a cell again: unmounted and mounted at the row")
    func reloadRows() {
        let (table, _, listener) = makeTable()
        let ip = IndexPath(row: 5, section: 0)
        expectOneList(table, listener, map: { $0 == ip ? nil : $0 }, "reload") {
            table.reloadRows(at: [ip], with: .none)
        }
        expectOneList(table, listener, map: { $0 == ip ? nil : $0 }, "animated reload") {
            table.reloadRows(at: [ip], with: .fade)
        }
    }

    @Test("Batch inserts, deletes and moves: the rows after them moved, new rows mounted, rows pushed out unmounted")
    func batchUpdates() throws {
        let (table, model, listener) = makeTable(rows: [300, 40])
        table.contentOffset = Point(x: 0, y: 44 * 2)
        model.rows[0] += 2
        expectOneList(table, listener, map: { $0.section == 0 && $0.row >= 5 ? IndexPath(row: $0.row + 2, section: 0) : $0 },
                      "insert two at row 5") {
            table.insertRows(at: [IndexPath(row: 5, section: 0), IndexPath(row: 6, section: 0)], with: .none)
        }
        model.rows[0] -= 3
        let deleted: Set<Int> = [4, 8, 9]
        expectOneList(table, listener, map: { ip in
            guard ip.section == 0 else { return ip }
            return deleted.contains(ip.row) ? nil : IndexPath(row: ip.row - deleted.filter { $0 < ip.row }.count, section: 0)
        }, "delete three (animated)") {
            table.deleteRows(at: deleted.map { IndexPath(row: $0, section: 0) }, with: .fade)
        }
        // Moving row 3 below row 12: rows 4...12 move up one.
        expectOneList(table, listener, map: { ip in
            guard ip.section == 0 else { return ip }
            if ip.row == 3 { return IndexPath(row: 12, section: 0) }
            return (4...12).contains(ip.row) ? IndexPath(row: ip.row - 1, section: 0) : ip
        }, "move") {
            table.moveRow(at: IndexPath(row: 3, section: 0), to: IndexPath(row: 12, section: 0))
        }
        let moves = listener.lists.first?.moved ?? []
        #expect(moves.contains(where: { $0.from.row == 3 && $0.to.row == 12 }), "\(moves)")
        #expect(moves.contains(where: { $0.from.row == 4 && $0.to.row == 3 }), "\(moves)")

        // Rows deleted in the first section: the second section's mounted rows keep their
        // index paths but are laid out higher (updated), and none is rebound.
        table.contentOffset = Point(x: 0, y: table.rectForRow(at: IndexPath(row: 0, section: 1)).minY - 300)
        model.rows[0] -= 1
        let last = model.rows[0]
        expectOneList(table, listener, map: { $0.section == 0 && $0.row == last ? nil : $0 }, "delete above another section") {
            table.deleteRows(at: [IndexPath(row: last, section: 0)], with: .none)
        }
        #expect(listener.lists.first?.updated.contains { $0.indexPath.section == 1 } == true)
    }

    @Test("reloadData unmounts every item and mounts the new ones")
    func reloadData() {
        let (table, model, listener) = makeTable()
        table.contentOffset = Point(x: 0, y: 4_000)
        model.rows = [50]
        let before = MountedSnapshot(table)
        let lists = listener.changes(of: table) { table.reloadData() }
        let expected = MountedSnapshot.expected(from: before, to: MountedSnapshot(table)) { _ in nil }
        #expect(lists.count == 1)
        #expect(lists.first == expected)
        #expect(expected.unmounted.count == before.items.count && expected.mounted.count == table.laidOutRows.count)
    }

    @Test("Content, label and selection changes of a mounted cell are updates; the hook reports them on request")
    func updates() throws {
        let (table, _, listener) = makeTable()
        table.allowsMultipleSelection = true
        let ip = IndexPath(row: 2, section: 0), other = IndexPath(row: 7, section: 0)
        let cell = try #require(table.cellForRow(at: ip))
        let otherCell = try #require(table.cellForRow(at: other))
        let lists = listener.changes(of: table) {
            cell.text = "Renamed"
            otherCell.accessibilityLabel = "Spoken"
            table.selectRow(at: ip, animated: false, scrollPosition: .none)
        }
        #expect(lists == [MountChanges.with(updated: [.init(ip, cell: ObjectIdentifier(cell)), .init(other, cell: ObjectIdentifier(otherCell))])])
        let editing = listener.changes(of: table) { table.setEditing(true, animated: false) }
        #expect(editing.first?.updated.count == table.laidOutRows.count, "edit mode changes every mounted row")
        // A pooled cell's changes are nobody's business.
        let mountedBefore = table.laidOutRows.map(\.cell)
        table.frame = Rect(x: 0, y: 0, width: 400, height: 100)
        table.layoutIfNeeded()
        let pooled = try #require(mountedBefore.first { c in !table.laidOutRows.contains { $0.cell === c } })
        let quiet = listener.changes(of: table) { (pooled as? TableViewCell)?.text = "Elsewhere" }
        #expect(quiet == [])
    }

    @Test("The hook runs once per layout pass, with the pass's changes")
    func oncePerPass() {
        let (table, _, listener) = makeTable()
        let calls = listener.hookCalls
        let lists = listener.changes(of: table) {
            table.contentOffset = Point(x: 0, y: 30_000)   // clamped: the last rows
            table.contentOffset = Point(x: 0, y: 0)
        }
        #expect(listener.hookCalls - calls == 2)
        #expect(lists.count == 2)
        #expect(lists.last?.mounted.map(\.indexPath) == table.laidOutRows.map(\.indexPath))
        #expect(lists.last?.unmounted.count == lists.first?.mounted.count)
    }

    @Test("Netting per cell: bound then recycled is nothing; recycled then reused is unmounted and mounted; moved there and back is nothing")
    func netting() {
        let recorder = MountChangeRecorder()
        let a = TableViewCell(reuseIdentifier: "a"), b = TableViewCell(reuseIdentifier: "b"), c = TableViewCell(reuseIdentifier: "c")
        let d = TableViewCell(reuseIdentifier: "d"), e = TableViewCell(reuseIdentifier: "e")
        func row(_ r: Int) -> ItemPath { ItemPath(row: r, section: 0) }
        func item(_ r: Int, _ cell: ReusableCell) -> MountChanges.Item { .init(row(r).indexPath, cell: ObjectIdentifier(cell)) }
        // a: arrives and leaves within the window.
        recorder.bound(a); a.mountedIndexPath = row(1)
        recorder.updated(a)
        recorder.leaving(a); a.mountedIndexPath = nil
        // b: leaves row 2, comes back for row 9.
        b.mountedIndexPath = row(2)
        recorder.leaving(b); b.mountedIndexPath = nil
        recorder.bound(b); b.mountedIndexPath = row(9)
        // c: moves 3 → 4 → 3, and its content changes: an update at 3.
        c.mountedIndexPath = row(3)
        recorder.relabelling(c); c.mountedIndexPath = row(4)
        recorder.updated(c)
        recorder.relabelling(c); c.mountedIndexPath = row(3)
        // d: moves 5 → 6 and is reconfigured there.
        d.mountedIndexPath = row(5)
        recorder.relabelling(d); d.mountedIndexPath = row(6)
        recorder.bound(d)
        // e: a pooled cell: nothing.
        recorder.updated(e); recorder.leaving(e)
        var expected = MountChanges.with(mounted: [item(9, b)], unmounted: [item(2, b)], rebound: [item(6, d)], updated: [item(3, c)])
        expected.moved = [.init(from: row(5).indexPath, to: row(6).indexPath, cell: ObjectIdentifier(d))]
        #expect(recorder.changes == expected)
        recorder.reset()
        #expect(recorder.isEmpty && recorder.changes.isEmpty)
    }

    @Test("A grid: scrolling, inserts, deletes, moves, reconfigures and reloadData report exactly the right changes")
    func grid() throws {
        let (grid, source, listener) = makeListenedGrid()
        for y in [50.0, 330, 2_000, 1_900, 0] {
            expectOneList(grid, listener, map: { $0 }, "to \(y)") { grid.contentOffset = Point(x: 0, y: y) }
        }
        grid.contentOffset = Point(x: 0, y: 220)
        source.sections[0].insert(contentsOf: [9_001, 9_002, 9_003], at: 10)
        expectOneList(grid, listener, map: { $0.item >= 10 ? IndexPath(item: $0.item + 3, section: 0) : $0 }, "insert three") {
            grid.insertItems(at: (10..<13).map { IndexPath(item: $0, section: 0) })
        }
        source.sections[0].remove(at: 12)
        expectOneList(grid, listener, map: { $0.item == 12 ? nil : $0.item > 12 ? IndexPath(item: $0.item - 1, section: 0) : $0 }, "delete") {
            grid.deleteItems(at: [IndexPath(item: 12, section: 0)])
        }
        let moved = source.sections[0].remove(at: 8)
        source.sections[0].insert(moved, at: 20)
        expectOneList(grid, listener, map: { ip in
            if ip.item == 8 { return IndexPath(item: 20, section: 0) }
            return (9...20).contains(ip.item) ? IndexPath(item: ip.item - 1, section: 0) : ip
        }, "move") {
            grid.moveItem(at: IndexPath(item: 8, section: 0), to: IndexPath(item: 20, section: 0))
        }
        let ip = IndexPath(item: 9, section: 0)
        let cell = try #require(grid.cellForItem(at: ip))
        let reconfigured = listener.changes(of: grid) { grid.reconfigureItems(at: [ip]); grid.layoutIfNeeded() }
        #expect(reconfigured == [MountChanges.with(rebound: [.init(ip, cell: ObjectIdentifier(cell))])], "\(reconfigured)")
        source.sections = [Array(0..<40)]
        let before = MountedSnapshot(grid)
        let reloaded = listener.changes(of: grid) { grid.reloadData() }
        #expect(reloaded == [MountedSnapshot.expected(from: before, to: MountedSnapshot(grid)) { _ in nil }])
    }
}

extension MountChanges {
    /// A change list with only these items.
    static func with(mounted: [Item] = [], unmounted: [Item] = [], rebound: [Item] = [], updated: [Item] = []) -> MountChanges {
        var c = MountChanges()
        c.mounted = mounted
        c.unmounted = unmounted
        c.rebound = rebound
        c.updated = updated
        return c
    }
}
