import Testing
@_spi(Hosting) @_spi(Diagnostics) @testable import PoolTable

/// The table fixture with `ProbeCell` rows labelled by ids that move (issue 23): every row
/// moves unless `canMove` refuses it, `moves` records every `moveRowAt`, `retarget` retargets
/// destinations.
@MainActor
final class MovingSource: TableSourceFixture<Int> {
    init(counts: [Int]) {
        super.init(sections: consecutiveIDs(counts), reuseIdentifier: "probe", cell: { ProbeCell(reuseIdentifier: $0) },
                   text: { _, id in "Item \(id)" })
        configure = { cell, ip, _ in (cell as! ProbeCell).shownRow = ip }
        canMove = { _ in true }
    }
}

@MainActor
@Suite("Moving rows and items by hand (issue 23)")
struct MovementTests {
    func makeTable(_ counts: [Int] = [100], height: Double = 500) -> (TableView, MovingSource) {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 400, height: height))
        let source = MovingSource(counts: counts)
        source.attach(to: table)
        table.layoutIfNeeded()
        return (table, source)
    }

    func centre(_ r: Rect) -> Point { Point(x: r.midX, y: r.midY) }

    /// Every row the table shows is the model's row at its index path, and no invariant is broken.
    func expectConsistent(_ table: TableView, _ source: MovingSource, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(table.invariantViolation() == nil, sourceLocation: sourceLocation)
        for cell in table.mountedCells {
            guard let ip = table.indexPath(for: cell) else { Issue.record("a mounted cell has no index path", sourceLocation: sourceLocation); continue }
            #expect(cell.text == "Item \(source.id(ip))", "\(ip)", sourceLocation: sourceLocation)
        }
    }

    func bounds(_ table: TableView, after cellID: Int, since mark: Int) -> [CellEvent] {
        table.recentCellEvents.suffix(max(0, min(table.recentCellEvents.count, table.recentCellEvents.count - mark)))
            .filter { $0.cellID == cellID && $0.kind == .bound }
    }

    @Test("begin is refused when canMoveRowAt says no, or while a movement runs; nothing changes")
    func beginRefused() {
        let (table, source) = makeTable()
        source.canMove = { $0.row != 3 }
        #expect(!table.beginInteractiveMovementForRow(at: IndexPath(row: 3, section: 0)))
        #expect(!table.isMovingInteractively)
        #expect(table.beginInteractiveMovementForRow(at: IndexPath(row: 2, section: 0)))
        #expect(!table.beginInteractiveMovementForRow(at: IndexPath(row: 4, section: 0)))
        #expect(table.interactiveMovementSource == IndexPath(row: 2, section: 0))
        table.cancelInteractiveMovement()
        #expect(source.moves.isEmpty)
        expectConsistent(table, source)
    }

    @Test("end calls moveRowAt once with the destination; the same cell still shows the row (no re-bind)")
    func endMovesOnce() {
        let (table, source) = makeTable()
        let cell = table.cellForRow(at: IndexPath(row: 2, section: 0))!
        let id = table.cellID(of: cell)
        let mark = table.recentCellEvents.count
        #expect(table.beginInteractiveMovementForRow(at: IndexPath(row: 2, section: 0)))
        for row in [3, 5, 7, 6] {
            table.updateInteractiveMovementTargetPosition(centre(table.rectForRow(at: IndexPath(row: row, section: 0))))
            table.advanceAnimations(to: Double(row))
            expectConsistent(table, source)
        }
        #expect(table.interactiveMovementDestination == IndexPath(row: 6, section: 0))
        // The rows between make room: row 3 is drawn a row higher, row 7 stays.
        let r3 = table.rectForRow(at: IndexPath(row: 3, section: 0)), r7 = table.rectForRow(at: IndexPath(row: 7, section: 0))
        table.advanceAnimations(to: 20)
        let k3 = table.items.index(of: ItemPath(row: 3, section: 0))!, k7 = table.items.index(of: ItemPath(row: 7, section: 0))!
        #expect(table.presentationFrame(ofSlot: k3).minY == r3.minY - 44)
        #expect(table.presentationFrame(ofSlot: k7).minY == r7.minY)
        table.endInteractiveMovement()
        #expect(source.moves.count == 1)
        #expect(source.moves.first?.0 == IndexPath(row: 2, section: 0) && source.moves.first?.1 == IndexPath(row: 6, section: 0))
        #expect(table.cellForRow(at: IndexPath(row: 6, section: 0)) === cell)
        #expect(table.cellID(of: cell) == id)
        #expect(cell.text == "Item 2")
        #expect(bounds(table, after: id, since: mark).isEmpty)
        #expect((cell as? ProbeCell)?.shownRow == IndexPath(row: 2, section: 0))   // never configured again
        table.advanceAnimations(to: 30)
        table.advanceAnimations(to: 31)
        #expect(!table.hasRunningAnimations)
        expectConsistent(table, source)
        #expect(source.sections[0].prefix(8) == [0, 1, 3, 4, 5, 6, 2, 7])
    }

    @Test("cancel puts everything back and calls nothing; a move to its own place calls nothing")
    func cancelAndOwnPlace() {
        let (table, source) = makeTable()
        let before = source.sections
        let cell = table.cellForRow(at: IndexPath(row: 4, section: 0))!
        #expect(table.beginInteractiveMovementForRow(at: IndexPath(row: 4, section: 0)))
        table.updateInteractiveMovementTargetPosition(centre(table.rectForRow(at: IndexPath(row: 1, section: 0))))
        table.advanceAnimations(to: 1)
        table.cancelInteractiveMovement()
        #expect(source.moves.isEmpty)
        #expect(source.sections == before)
        #expect(table.cellForRow(at: IndexPath(row: 4, section: 0)) === cell)
        table.advanceAnimations(to: 2)
        table.advanceAnimations(to: 3)
        #expect(!table.hasRunningAnimations)
        for k in table.items.indices { #expect(table.presentationFrame(ofSlot: k) == table.items[k].cell.frame) }
        expectConsistent(table, source)

        #expect(table.beginInteractiveMovementForRow(at: IndexPath(row: 4, section: 0)))
        table.updateInteractiveMovementTargetPosition(centre(table.rectForRow(at: IndexPath(row: 8, section: 0))))
        table.updateInteractiveMovementTargetPosition(centre(table.rectForRow(at: IndexPath(row: 4, section: 0))))
        #expect(table.interactiveMovementDestination == IndexPath(row: 4, section: 0))
        table.endInteractiveMovement()
        #expect(source.moves.isEmpty)
        #expect(!table.isMovingInteractively)
        expectConsistent(table, source)
    }

    @Test("the delegate retargets: moveRowAt gets the retargeted destination")
    func retargeted() {
        let (table, source) = makeTable()
        source.retarget = { _, proposed in IndexPath(row: min(proposed.row, 3), section: proposed.section) }
        #expect(table.beginInteractiveMovementForRow(at: IndexPath(row: 0, section: 0)))
        table.updateInteractiveMovementTargetPosition(centre(table.rectForRow(at: IndexPath(row: 9, section: 0))))
        #expect(table.interactiveMovementDestination == IndexPath(row: 3, section: 0))
        table.endInteractiveMovement()
        #expect(source.moves.count == 1 && source.moves[0].1 == IndexPath(row: 3, section: 0))
        expectConsistent(table, source)
    }

    @Test("moves across sections, both ways, headers drawn out of the way")
    func acrossSections() {
        let (table, source) = makeTable([5, 5, 5])
        source.headerTitle = { "Section \($0)" }
        table.reloadData()
        let cell = table.cellForRow(at: IndexPath(row: 1, section: 0))!
        #expect(table.beginInteractiveMovementForRow(at: IndexPath(row: 1, section: 0)))
        table.updateInteractiveMovementTargetPosition(centre(table.rectForRow(at: IndexPath(row: 2, section: 1))))
        #expect(table.interactiveMovementDestination == IndexPath(row: 3, section: 1))
        #expect(table.sectionDisplacement(1, header: true) == -44)
        table.endInteractiveMovement()
        #expect(source.moves.count == 1 && source.moves[0].1 == IndexPath(row: 3, section: 1))
        #expect(source.sections.map(\.count) == [4, 6, 5])
        #expect(table.cellForRow(at: IndexPath(row: 3, section: 1)) === cell)
        table.advanceAnimations(to: 5)
        expectConsistent(table, source)

        #expect(table.beginInteractiveMovementForRow(at: IndexPath(row: 0, section: 2)))
        table.updateInteractiveMovementTargetPosition(centre(table.rectForRow(at: IndexPath(row: 1, section: 0))))
        #expect(table.interactiveMovementDestination == IndexPath(row: 1, section: 0))
        table.endInteractiveMovement()
        #expect(source.moves.count == 2 && source.moves[1].0 == IndexPath(row: 0, section: 2) && source.moves[1].1 == IndexPath(row: 1, section: 0))
        #expect(source.sections.map(\.count) == [5, 6, 4])
        table.advanceAnimations(to: 10)
        expectConsistent(table, source)
    }

    @Test("batch updates are refused while a movement runs (a clear error, nothing changes)")
    func batchRefused() throws {
        let (table, source) = makeTable()
        #expect(table.beginInteractiveMovementForRow(at: IndexPath(row: 1, section: 0)))
        var ran = false
        do {
            try table.performBatchUpdatesThrowing({ ran = true }, completion: nil)
            Issue.record("a batch update ran during a movement")
        } catch let error as BatchUpdateError {
            #expect(error.kind == .interactiveMovementInProgress)
            #expect(error.description.contains("moved by hand"))
        }
        #expect(!ran)
        table.deleteRows(at: [IndexPath(row: 5, section: 0)], with: .automatic)   // logged, refused
        #expect(table.numberOfRows(inSection: 0) == 100)
        #expect(table.isMovingInteractively)
        table.endInteractiveMovement()
        try table.performBatchUpdatesThrowing({}, completion: nil)
        expectConsistent(table, source)
    }

    @Test("row 5 to row 4,000 through auto-scroll: one moveRowAt(5 → 4000), the same cell, no re-bind")
    func longMoveThroughAutoScroll() {
        let (table, source) = makeTable([10_000])
        let cell = table.cellForRow(at: IndexPath(row: 5, section: 0))!
        let id = table.cellID(of: cell)
        let reuses = (cell as? ProbeCell)?.reuseCount
        #expect(table.beginInteractiveMovementForRow(at: IndexPath(row: 5, section: 0)))
        // Held near the bottom edge: the view auto-scrolls and the row goes along.
        table.updateInteractiveMovementTargetPosition(Point(x: 200, y: table.contentOffset.y + 490))
        var t = 0.0
        while table.contentOffset.y + 250 < table.rectForRow(at: IndexPath(row: 4000, section: 0)).midY && t < 1000 {
            t += 1.0 / 60
            table.advanceAnimations(to: t)
        }
        #expect(table.contentOffset.y > 170_000)
        #expect(cell.mountedIndexPath == nil)                 // off the band: set aside, not pooled
        #expect(!table.isPooled(cell))
        // Auto-scroll sped up on the way (it may have run past): stop it, bring row 4,000 to
        // the middle (a scroll while moving), and put the row on it.
        table.updateInteractiveMovementTargetPosition(Point(x: 200, y: table.contentOffset.y + 250))
        table.scrollToRow(at: IndexPath(row: 4000, section: 0), at: .middle, animated: false)
        table.updateInteractiveMovementTargetPosition(centre(table.rectForRow(at: IndexPath(row: 4000, section: 0))))
        table.advanceAnimations(to: t + 1)
        #expect(table.interactiveMovementDestination == IndexPath(row: 4000, section: 0))
        let offset = table.contentOffset.y
        table.endInteractiveMovement()
        #expect(source.moves.count == 1)
        #expect(source.moves.first.map { $0.0 == IndexPath(row: 5, section: 0) && $0.1 == IndexPath(row: 4000, section: 0) } == true)
        #expect(table.contentOffset.y == offset)
        #expect(table.cellForRow(at: IndexPath(row: 4000, section: 0)) === cell)
        #expect(!table.recentCellEvents.contains { $0.cellID == id && $0.kind == .bound })
        #expect((cell as? ProbeCell)?.shownRow == IndexPath(row: 5, section: 0))   // never configured again
        #expect((cell as? ProbeCell)?.reuseCount == reuses)
        #expect(source.sections[0][4000] == 5 && source.sections[0][3999] == 4000)
        table.advanceAnimations(to: t + 3)
        expectConsistent(table, source)
    }

    @Test("a grip drag in edit mode moves the row; Escape (cancel) puts it back")
    func gripDrag() {
        let (table, source) = makeTable()
        table.setEditing(true, animated: false)
        let r2 = table.rectForRow(at: IndexPath(row: 2, section: 0))
        #expect((table.cellForRow(at: IndexPath(row: 2, section: 0)))?.showsReorderControl == true)
        let grip = Point(x: r2.maxX - 20, y: r2.midY)
        table.pointerDown(at: grip)
        table.pointerDragged(to: Point(x: grip.x, y: grip.y + 10))
        #expect(table.isMovingInteractively)
        table.pointerDragged(to: Point(x: grip.x, y: grip.y + 4 * 44))
        #expect(table.interactiveMovementDestination == IndexPath(row: 6, section: 0))
        table.pointerUp(at: Point(x: grip.x, y: grip.y + 4 * 44))
        #expect(source.moves.count == 1 && source.moves[0].1 == IndexPath(row: 6, section: 0))

        table.pointerDown(at: grip)
        table.pointerDragged(to: Point(x: grip.x, y: grip.y + 100))
        #expect(table.isMovingInteractively)
        // Held in the bottom edge zone: the list auto-scrolls and the row stays under the pointer.
        table.pointerDragged(to: Point(x: grip.x, y: 497))
        for i in 1...30 {
            table.advanceAnimations(to: 100 + Double(i) / 60)
            let f = table.interactiveMovementFrame!
            #expect(abs(f.midY - table.contentOffset.y - (497 - grip.y + r2.midY)) < 0.001, "frame \(i): \(f.midY - table.contentOffset.y)")
        }
        #expect(table.contentOffset.y > 100)
        table.cancelInteractiveMovement()
        table.pointerUp(at: Point(x: grip.x, y: grip.y + 100))
        #expect(source.moves.count == 1)
        // Outside the grip a press does not lift the row.
        table.pointerDown(at: Point(x: 100, y: r2.midY))
        table.pointerDragged(to: Point(x: 100, y: r2.midY + 80))
        #expect(!table.isMovingInteractively)
        table.pointerUp(at: Point(x: 100, y: r2.midY + 80))
        expectConsistent(table, source)
    }

    @Test("Alt+Down and Alt+Up move the focused row a place through moveRowAt; focus follows")
    func keyboardMoves() {
        let (table, source) = makeTable([3, 3])
        table.handleKey(.down)
        #expect(table.focusedIndexPath == IndexPath(row: 1, section: 0))
        #expect(table.handleKey(.down, modifiers: .alt))
        #expect(source.moves.count == 1 && source.moves[0].1 == IndexPath(row: 2, section: 0))
        #expect(table.focusedIndexPath == IndexPath(row: 2, section: 0))
        #expect(table.handleKey(.down, modifiers: .alt))      // into the next section
        #expect(source.moves.last?.1 == IndexPath(row: 0, section: 1))
        #expect(table.focusedIndexPath == IndexPath(row: 0, section: 1))
        #expect(table.handleKey(.up, modifiers: .alt))        // back, after the first section's last row
        #expect(source.moves.last?.1 == IndexPath(row: 2, section: 0))
        #expect(source.sections == [[0, 2, 1], [3, 4, 5]])
        source.canMove = { _ in false }
        #expect(!table.handleKey(.up, modifiers: .alt))
        #expect(source.moves.count == 3)
        table.advanceAnimations(to: 1)
        table.advanceAnimations(to: 2)
        expectConsistent(table, source)
    }

    @Test("a reload during a movement drops it without calls")
    func reloadDrops() {
        let (table, source) = makeTable()
        #expect(table.beginInteractiveMovementForRow(at: IndexPath(row: 1, section: 0)))
        table.updateInteractiveMovementTargetPosition(centre(table.rectForRow(at: IndexPath(row: 3, section: 0))))
        table.reloadData()
        #expect(!table.isMovingInteractively)
        #expect(source.moves.isEmpty)
        expectConsistent(table, source)
    }
}

@MainActor
@Suite("Moving photos in a grid by hand (issue 23)")
struct GridMovementTests {
    @Test("interactive movement in a grid: others take their neighbours' places; one moveItemAt; the same cell")
    func gridMove() {
        let source = GridSource(counts: [60])
        source.movable = true
        let grid = CollectionView(frame: Rect(x: 0, y: 0, width: 400, height: 600), layout: gridLayout())
        source.attach(to: grid)
        grid.layoutIfNeeded()
        let cell = grid.cellForItem(at: IndexPath(item: 1, section: 0))!
        #expect(grid.beginInteractiveMovementForItem(at: IndexPath(item: 1, section: 0)))
        let r6 = grid.rectForItem(at: IndexPath(item: 6, section: 0))
        grid.updateInteractiveMovementTargetPosition(Point(x: r6.midX, y: r6.midY))
        #expect(grid.interactiveMovementDestination == IndexPath(item: 6, section: 0))
        grid.advanceAnimations(to: 1)
        grid.advanceAnimations(to: 2)
        // Item 4 (second row, first column) is drawn where item 3 is (end of the first row).
        let k4 = grid.items.index(of: ItemPath(row: 4, section: 0))!
        #expect(grid.presentationFrame(ofSlot: k4) == grid.rectForItem(at: IndexPath(item: 3, section: 0)))
        grid.endInteractiveMovement()
        #expect(source.moves.count == 1 && source.moves[0].1 == IndexPath(item: 6, section: 0))
        #expect(grid.cellForItem(at: IndexPath(item: 6, section: 0)) === cell)
        #expect((cell as? GridProbeCell)?.item == 1)
        grid.advanceAnimations(to: 3)
        grid.advanceAnimations(to: 4)
        #expect(grid.invariantViolation() == nil)
        for c in grid.mountedCells { #expect((c as? GridProbeCell)?.item == source.sections[0][grid.indexPath(for: c)!.item]) }
        // Alt+Right moves the focused photo a place.
        grid.handleKey(.right)
        let focus = grid.focusedIndexPath!
        #expect(grid.handleKey(.right, modifiers: .alt))
        #expect(source.moves.count == 2 && source.moves[1].0 == focus && source.moves[1].1 == IndexPath(item: focus.item + 1, section: 0))
        #expect(grid.focusedIndexPath == IndexPath(item: focus.item + 1, section: 0))
    }
}

@MainActor
@Suite("A long press lifts a photo in edit mode (issue 23)")
struct LongPressLiftTests {
    @Test("the press's drag-select is undone when the long press lifts the item: it keeps its selection")
    func longPressLiftDoesNotSelect() throws {
        let source = GridSource(counts: [60])
        source.movable = true
        let grid = CollectionView(frame: Rect(x: 0, y: 0, width: 400, height: 600), layout: gridLayout())
        source.attach(to: grid)
        grid.allowsMultipleSelectionDuringEditing = true
        grid.setEditing(true, animated: false)
        grid.layoutIfNeeded()
        grid.selectItem(at: IndexPath(item: 7, section: 0), animated: false, scrollPosition: .none)
        func point(_ item: Int) -> Point {
            let r = grid.rectForItem(at: IndexPath(item: item, section: 0))
            return Point(x: r.midX, y: r.midY - grid.contentOffset.y)
        }
        for item in [4, 7] {
            let before = grid.indexPathsForSelectedItems ?? []
            grid.pointerDown(at: point(item))
            #expect(grid.isDragSelecting)            // a press in edit mode starts a drag-select at once
            #expect((grid.indexPathsForSelectedItems ?? []) != before)
            #expect(grid.longPress(at: point(item)))
            #expect(grid.isMovingInteractively)
            #expect((grid.indexPathsForSelectedItems ?? []) == before)
            #expect(grid.cellForItem(at: IndexPath(item: 7, section: 0))?.isSelected == true)
            grid.pointerUp(at: point(item))
            #expect(!grid.isMovingInteractively)
            #expect(source.moves.isEmpty)           // released where it was lifted: no move
            #expect((grid.indexPathsForSelectedItems ?? []) == before)
        }
        // A drag-select that went on to other items before the long press keeps what it selected.
        grid.pointerDown(at: point(0))
        grid.pointerDragged(to: point(2))
        _ = grid.longPress(at: point(2))
        #expect(Set(grid.indexPathsForSelectedItems ?? []).isSuperset(of: [0, 1, 2].map { IndexPath(item: $0, section: 0) }))
        grid.pointerUp(at: point(2))
        #expect(grid.invariantViolation() == nil)
    }
}

@MainActor
@Suite("The lifted row's shadow (issue 23)")
struct LiftShadowTests {
    @Test("the shadow is drawn only around the lifted row, never under it, each pixel as dark as its layers and blended once")
    func shadowIsARing() throws {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 500))
        let source = MovingSource(counts: [200])
        source.attach(to: table)
        table.layoutIfNeeded()
        #expect(table.beginInteractiveMovementForRow(at: IndexPath(row: 2, section: 0)))
        table.updateInteractiveMovementTargetPosition(Point(x: 200, y: 213))
        let lifted = try #require(table.interactiveMovementFrame).offsetBy(dx: 0, dy: -table.contentOffset.y)
        let canvas = RecordingCanvas()
        table.render(in: canvas)
        let ink = canvas.theme.foreground
        let alphas = LiftShadowKey.layers.map(\.alpha) + (1...3).map(LiftShadowKey.alpha(ofLayers:))
        let shadow: [(rect: Rect, alpha: Double)] = canvas.operations.compactMap {
            guard case .fillRect(let r, let c) = $0, c.red == ink.red, c.green == ink.green, c.blue == ink.blue,
                  alphas.contains(where: { abs($0 - c.alpha) < 1e-9 }) else { return nil }
            return (r, c.alpha)
        }
        #expect(!shadow.isEmpty)
        for f in shadow { #expect(!f.rect.intersects(lifted)) }
        // Every pixel around the row (inside the view) is as dark as the layers over it make it;
        // away from the corner squares each is blended once. (The recording canvas keeps a rounded
        // clip as its bounds, so in the corners this counts the layers' rectangles.)
        let spread = LiftShadowKey.spread, drop = LiftShadowKey.drop, corner = LiftShadowKey.cornerExtent
        let outer = lifted.insetBy(dx: -spread, dy: -spread).offsetBy(dx: 0, dy: drop)
        var wrong = 0, twice = 0
        for y in stride(from: outer.minY + 0.5, to: outer.maxY, by: 1) {
            for x in stride(from: max(0.5, outer.minX + 0.5), to: min(399.5, outer.maxX), by: 1) {
                let p = Point(x: x, y: y)
                guard !lifted.contains(p) else { continue }
                let layers = LiftShadowKey.layers.filter { outer.insetBy(dx: $0.inset, dy: $0.inset).contains(p) }.count
                let covering = shadow.filter { $0.rect.contains(p) }
                let alpha = 1 - covering.reduce(1) { $0 * (1 - $1.alpha) }
                if abs(alpha - LiftShadowKey.alpha(ofLayers: layers)) > 1e-9 { wrong += 1 }
                let inCorner = (x < outer.minX + corner || x > outer.maxX - corner) && (y < outer.minY + corner || y > outer.maxY - corner)
                if !inCorner && covering.count > 1 { twice += 1 }
            }
        }
        #expect(wrong == 0)
        #expect(twice == 0)
        // The pieces of a ring tile it: nothing missing, nothing twice.
        var layer0: [Rect] = []
        LiftShadowKey.forEachPiece(around: lifted, within: outer, cornerSize: 0) { r, _ in layer0.append(r) }
        #expect(layer0.count == 4)
        let area = layer0.reduce(0) { $0 + $1.width * $1.height }
        #expect(abs(area - (outer.width * outer.height - lifted.width * lifted.height)) < 1e-6)
        for (i, a) in layer0.enumerated() { for b in layer0[(i + 1)...] { #expect(!a.intersects(b)) } }
        // The row is drawn on the view's own ground, once, after its shadow: the rows beneath
        // never show through it, and a cell of that colour does not paint it a second time.
        let grounds = canvas.operations.indices.filter { canvas.operations[$0] == .fillRect(lifted, canvas.theme.cellBackground) }
        #expect(grounds.count == 1)
        let lastShadow = try #require(canvas.operations.lastIndex { if case .fillRect(let r, _) = $0 { return shadow.contains { $0.rect == r } } else { return false } })
        #expect(grounds.allSatisfy { $0 > lastShadow })
        table.cancelInteractiveMovement()
    }

    @Test("a lifted grid item is drawn on the grid's own ground, so the items beneath never show through it")
    func liftedItemOnGround() throws {
        let source = GridSource(counts: [60])
        source.movable = true
        let grid = CollectionView(frame: Rect(x: 0, y: 0, width: 400, height: 600), layout: gridLayout())
        source.attach(to: grid)
        grid.layoutIfNeeded()
        #expect(grid.beginInteractiveMovementForItem(at: IndexPath(item: 1, section: 0)))
        let r6 = grid.rectForItem(at: IndexPath(item: 6, section: 0))
        grid.updateInteractiveMovementTargetPosition(Point(x: r6.midX - 20, y: r6.midY - 20))
        let lifted = try #require(grid.interactiveMovementFrame).offsetBy(dx: 0, dy: -grid.contentOffset.y)
        var theme = Theme.light
        theme.background = Color(hex: 0x203040)    // the grid's ground, unlike the cells' own
        let canvas = RecordingCanvas(theme: theme)
        grid.render(in: canvas)
        let ground = theme.background
        let at = try #require(canvas.operations.lastIndex(of: .fillRect(lifted, ground)))
        // Only the lifted item itself is drawn after its ground, all inside it.
        for op in canvas.operations[(at + 1)...] {
            if case .fillRect(let r, _) = op { #expect(r.minX >= lifted.minX && r.maxX <= lifted.maxX && r.minY >= lifted.minY && r.maxY <= lifted.maxY) }
        }
        grid.cancelInteractiveMovement()
    }

    @Test("the pieces tile the ring; only those in the outer box's corner squares are marked as corners")
    func cornerPieces() {
        let box = Rect(x: 0, y: 0, width: 100, height: 40)
        for inner in [Rect(x: 8, y: 5, width: 84, height: 24), Rect(x: -5, y: 2, width: 120, height: 3),
                      Rect(x: 0, y: 0, width: 100, height: 40), Rect(x: 200, y: 200, width: 5, height: 5),
                      Rect(x: 30, y: 10, width: 10, height: 3)] {
            var pieces: [(rect: Rect, inCorner: Bool)] = []
            LiftShadowKey.forEachPiece(around: inner, within: box, cornerSize: 14) { pieces.append(($0, $1)) }
            let overlap = max(0, min(inner.maxX, box.maxX) - max(inner.minX, box.minX)) * max(0, min(inner.maxY, box.maxY) - max(inner.minY, box.minY))
            #expect(abs(pieces.reduce(0) { $0 + $1.rect.width * $1.rect.height } - (box.width * box.height - overlap)) < 1e-9)
            for (i, a) in pieces.enumerated() {
                #expect(!a.rect.intersects(inner))
                for b in pieces[(i + 1)...] { #expect(!a.rect.intersects(b.rect)) }
                let nearX = a.rect.maxX <= 14 || a.rect.minX >= 86, nearY = a.rect.maxY <= 14 || a.rect.minY >= 26
                #expect(a.inCorner == (nearX && nearY))
            }
        }
        // The band above a row: its two corner pieces and the straight middle between them.
        var top: [Bool] = []
        LiftShadowKey.forEachPiece(around: Rect(x: 8, y: 5, width: 84, height: 24), within: box, cornerSize: 14) { r, corner in
            if r.maxY <= 5 { top.append(corner) }
        }
        #expect(top == [true, false, true])
    }
}

@MainActor
@Suite("The debug overlay shows a movement by hand (issue 23)")
struct MovementOverlayTests {
    @Test("the moving row is labelled where it is drawn, and the place it drops into is marked")
    func overlayShowsMovement() {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 500))
        let source = MovingSource(counts: [200])
        source.attach(to: table)
        table.layoutIfNeeded()
        let overlay = DebugOverlay()
        let canvas = RecordingCanvas()
        overlay.render(table, in: canvas)
        #expect(!canvas.texts.contains { $0.0.hasPrefix("moving") })
        #expect(table.beginInteractiveMovementForRow(at: IndexPath(row: 2, section: 0)))
        let r7 = table.rectForRow(at: IndexPath(row: 7, section: 0))
        table.updateInteractiveMovementTargetPosition(Point(x: r7.midX, y: r7.midY))
        #expect(table.interactiveMovementPlace == r7)
        canvas.reset()
        overlay.render(table, in: canvas)
        #expect(canvas.texts.contains { $0.0 == "moving [0, 2]" })
        #expect(canvas.texts.contains { $0.0 == "drops at [0, 7]" })
        table.cancelInteractiveMovement()
        #expect(table.interactiveMovementPlace == nil)
    }
}
