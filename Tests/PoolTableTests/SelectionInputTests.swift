import Testing
@testable import PoolTable

@MainActor
@Suite("Selecting with pointer and keyboard (article 003)")
struct SelectionInputTests {
    func makeTable(rows: Int = 1000) -> (TableView, ModelSource) {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 440))
        table.allowsMultipleSelectionDuringEditing = true
        let model = ModelSource(rows: [rows])
        model.attach(to: table)
        return (table, model)
    }
    /// The viewport point on row `row`'s checkbox (44 px rows, no header).
    func checkbox(_ table: TableView, _ row: Int) -> Point {
        Point(x: 20, y: Double(row) * 44 + 22 - table.contentOffset.y)
    }
    func selectedRows(_ table: TableView) -> [Int] { (table.indexPathsForSelectedRows ?? []).map(\.row) }

    @Test("outside edit mode a click selects one row and highlights while pressed")
    func clickSelectsOne() {
        let (table, _) = makeTable()
        table.pointerDown(at: Point(x: 200, y: 50))
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 0))?.isHighlighted == true)
        table.pointerUp(at: Point(x: 200, y: 50))
        #expect(selectedRows(table) == [1])
        table.pointerDown(at: Point(x: 200, y: 100)); table.pointerUp(at: Point(x: 200, y: 100))
        #expect(selectedRows(table) == [2])
        #expect(table.cellForRow(at: IndexPath(row: 2, section: 0))?.isHighlighted == false)
    }

    @Test("in edit mode clicks toggle; Shift+click extends a range from the anchor; Space toggles the focused row")
    func toggleAndRange() {
        let (table, _) = makeTable()
        table.setEditing(true, animated: false)
        table.pointerDown(at: Point(x: 200, y: 50)); table.pointerUp(at: Point(x: 200, y: 50))
        table.pointerDown(at: Point(x: 200, y: 50 + 44 * 3)); table.pointerUp(at: Point(x: 200, y: 50 + 44 * 3))
        #expect(selectedRows(table) == [1, 4])
        table.pointerDown(at: Point(x: 200, y: 50 + 44 * 3)); table.pointerUp(at: Point(x: 200, y: 50 + 44 * 3))
        #expect(selectedRows(table) == [1])
        // The anchor is the last row clicked (row 4), as in GTK and macOS lists.
        table.pointerDown(at: Point(x: 200, y: 50 + 44 * 6), modifiers: .shift); table.pointerUp(at: Point(x: 200, y: 50 + 44 * 6))
        #expect(selectedRows(table) == [1, 4, 5, 6, 7])
        table.handleKey(.down, modifiers: .shift)
        table.handleKey(.down, modifiers: .shift)
        #expect(selectedRows(table) == [1] + Array(4...9))
        table.handleKey(.space)
        #expect(selectedRows(table) == [1] + Array(4...8))
    }

    @Test("Ctrl+A on 1,000,000 rows is one range: instant, bounded memory; scrolling keeps it")
    func selectAllMillion() {
        let (table, _) = makeTable(rows: 1_000_000)
        table.setEditing(true, animated: false)
        table.selectAll(animated: false)
        #expect(table.numberOfSelectedRows == 1_000_000)
        #expect(table.selection.ranges(inSection: 0) == [0..<1_000_000])
        table.contentOffset = Point(x: 0, y: 20_000_000)
        #expect(table.mountedCells.allSatisfy { $0.isSelected })
        table.deselectRow(at: IndexPath(row: 454_546, section: 0), animated: false)
        #expect(table.selection.ranges(inSection: 0).count == 2)
        #expect(table.numberOfSelectedRows == 999_999)
        table.deselectAll(animated: false)
        #expect(table.indexPathsForSelectedRows == nil)
    }

    @Test("drag across 200 checkboxes with auto-scroll selects them as one range, committed on release")
    func dragSelectWithAutoScroll() {
        let (table, _) = makeTable()
        table.setEditing(true, animated: false)
        table.selectRow(at: IndexPath(row: 500, section: 0), animated: false, scrollPosition: .none)   // untouched by the drag
        table.advanceAnimations(to: 0)
        table.pointerDown(at: checkbox(table, 2))
        #expect(table.isDragSelecting)
        // Move down through the rows on screen, then hold near the bottom edge.
        var y = checkbox(table, 2).y
        while y < 420 { y += 11; table.pointerDragged(to: Point(x: 22, y: y)) }
        #expect(table.hasRunningAnimations)                  // auto-scrolling
        var t = 0.0
        var lastOffset = table.contentOffset.y
        var speeds: [Double] = []
        while table.indexPath(atViewportPoint: Point(x: 22, y: y)).map({ $0.row < 230 }) ?? true {
            t += 1.0 / 60
            table.advanceAnimations(to: t)
            speeds.append(table.contentOffset.y - lastOffset)
            lastOffset = table.contentOffset.y
            if t > 30 { break }
        }
        // Deeper into the edge zone scrolls faster.
        table.pointerDragged(to: Point(x: 22, y: 436))
        t += 1.0 / 60; table.advanceAnimations(to: t)
        t += 1.0 / 60; table.advanceAnimations(to: t)
        let fast = table.contentOffset.y - lastOffset
        #expect(fast / 2 > speeds.last!)
        // Back out of the edge: scrolling stops; release commits.
        table.pointerDragged(to: Point(x: 22, y: 370))
        let stopped = table.contentOffset.y
        t += 0.5; table.advanceAnimations(to: t)
        #expect(table.contentOffset.y == stopped)
        let end = table.indexPath(atViewportPoint: Point(x: 22, y: 370))!.row
        table.pointerUp(at: Point(x: 22, y: 370))
        #expect(!table.isDragSelecting)
        #expect(selectedRows(table) == Array(2...end) + [500])
        #expect(end >= 201)
        // Every mounted cell agrees with the model.
        #expect(table.mountedCells.allSatisfy { $0.isSelected == table.isRowSelected(at: table.indexPath(for: $0)!) })
    }

    @Test("a drag that starts on a selected row deselects; moving back shrinks the provisional range")
    func deselectDrag() {
        let (table, _) = makeTable()
        table.setEditing(true, animated: false)
        table.selectAll(animated: false)
        table.pointerDown(at: checkbox(table, 1))
        table.pointerDragged(to: checkbox(table, 5))
        #expect(selectedRows(table).prefix(2) == [0, 6])
        table.pointerDragged(to: checkbox(table, 3))           // back up: 4 and 5 are selected again
        #expect(Array(selectedRows(table).prefix(3)) == [0, 4, 5])
        table.pointerUp(at: checkbox(table, 3))
        #expect(table.numberOfSelectedRows == 1000 - 3)
    }

    @Test("a long press outside edit mode enters edit mode with that row selected")
    func longPress() {
        let (table, _) = makeTable()
        #expect(table.longPress(at: Point(x: 200, y: 44 * 3 + 10)))
        #expect(table.isEditing)
        #expect(selectedRows(table) == [3])
    }

    @Test("with no cursor the keys act from the first visible row: Down moves on from it, Space toggles it")
    func firstKeyActsFromFirstVisibleRow() {
        let (table, _) = makeTable()
        table.contentOffset = Point(x: 0, y: 44 * 50 + 10)     // row 50 is partly visible at the top
        #expect(table.focusedIndexPath == nil)
        #expect(table.keyboardFocusIndexPath == IndexPath(row: 50, section: 0))
        table.handleKey(.down)
        #expect(table.focusedIndexPath == IndexPath(row: 51, section: 0))
        #expect(selectedRows(table) == [51])

        let (fresh, _) = makeTable()
        fresh.allowsMultipleSelectionDuringEditing = true
        fresh.setEditing(true, animated: false)
        fresh.handleKey(.space)
        #expect(selectedRows(fresh) == [0], "Space checks the row a screen reader announced")
        fresh.handleKey(.space)
        #expect(selectedRows(fresh) == [])
    }

    @Test("entering edit mode starts with nothing selected, and says so to the delegate")
    func editModeStartsEmpty() {
        let (table, source) = makeTable()
        table.allowsMultipleSelectionDuringEditing = true
        table.handleKey(.down); table.handleKey(.down)
        #expect(selectedRows(table) == [2], "browsing selects")
        let changes = source.selectionChanges
        table.setEditing(true, animated: true)
        #expect(table.indexPathsForSelectedRows == nil, "the browse highlight is not a checked row")
        #expect(source.selectionChanges == changes + 1)
        #expect(table.focusedIndexPath == IndexPath(row: 2, section: 0), "the cursor stays")
        table.handleKey(.space)
        #expect(selectedRows(table) == [2], "the first Space checks the row")
    }

    @Test("keyboard: arrows, Page Down, Home and End move focus and keep it on screen")
    func keyboard() {
        let (table, _) = makeTable()
        table.handleKey(.down)                              // no cursor: on from the first visible row
        #expect(table.focusedIndexPath == IndexPath(row: 1, section: 0))
        #expect(selectedRows(table) == [1])
        table.handleKey(.down)
        #expect(selectedRows(table) == [2])
        table.handleKey(.pageDown)
        #expect(table.focusedIndexPath!.row > 5)
        table.handleKey(.end)
        #expect(table.focusedIndexPath == IndexPath(row: 999, section: 0))
        #expect(table.indexPathsForVisibleRows.contains(IndexPath(row: 999, section: 0)))
        table.handleKey(.home)
        #expect(table.contentOffset.y == 0)
    }
}

@MainActor
@Suite("Input details")
struct InputDetailTests {
    final class Recorder: TableViewHost, TableViewDelegate {
        var geometryChanges = 0, activated: [IndexPath] = [], selectionChanges = 0
        func tableViewNeedsDisplay(_ tableView: ListBase) {}
        func tableViewDidChangeScrollGeometry(_ tableView: ListBase) { geometryChanges += 1 }
        func tableViewNeedsAnimationTicks(_ tableView: ListBase) {}
        func tableView(_ tableView: TableView, didActivateRowAt indexPath: IndexPath) { activated.append(indexPath) }
        func tableViewSelectionDidChange(_ tableView: TableView) { selectionChanges += 1 }
    }

    @Test("double click activates; long press clears the highlight; drags report selection live; content height changes reach the host")
    func details() throws {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 440))
        table.allowsMultipleSelectionDuringEditing = true
        let model = ItemSource(sections: [Array(0..<100)])
        model.attach(to: table)
        let recorder = Recorder()
        table.host = recorder
        table.delegate = recorder
        table.pointerDown(at: Point(x: 200, y: 40), clickCount: 2)     // below the 30 px header
        #expect(recorder.activated == [IndexPath(row: 0, section: 0)])
        table.pointerDown(at: Point(x: 200, y: 100))
        let pressed = table.indexPath(atViewportPoint: Point(x: 200, y: 100))!
        #expect(table.cellForRow(at: pressed)?.isHighlighted == true)
        table.longPress(at: Point(x: 200, y: 100))
        #expect(table.cellForRow(at: pressed)?.isHighlighted == false)
        let before = recorder.selectionChanges
        table.pointerDown(at: Point(x: 20, y: 40))
        #expect(table.isDragSelecting)
        table.pointerDragged(to: Point(x: 20, y: 150))
        #expect(recorder.selectionChanges > before)          // before release
        table.pointerUp(at: Point(x: 20, y: 150))
        let changes = recorder.geometryChanges
        model.sections[0].append(contentsOf: [500, 501])
        try table.performBatchUpdatesThrowing({ table.insertRows(at: [IndexPath(row: 100, section: 0), IndexPath(row: 101, section: 0)], with: .none) }, completion: nil)
        #expect(recorder.geometryChanges > changes)
    }
}

extension SelectionInputTests {
    @Test("setFocusedIndexPath puts the cursor back after a reload without selecting or scrolling; the next key moves on from it; out of range is ignored")
    func setFocusedIndexPathAfterReload() {
        let (table, _) = makeTable()
        table.contentOffset = Point(x: 0, y: 4400)
        table.reloadData()
        #expect(table.focusedIndexPath == nil)
        table.setFocusedIndexPath(IndexPath(row: 105, section: 0))
        #expect(table.focusedIndexPath == IndexPath(row: 105, section: 0))
        #expect(selectedRows(table).isEmpty, "nothing selected")
        #expect(table.contentOffset.y == 4400, "not scrolled")
        table.handleKey(.down)
        #expect(table.focusedIndexPath == IndexPath(row: 106, section: 0), "the next key moves on from it")
        table.setFocusedIndexPath(IndexPath(row: 5000, section: 0))
        #expect(table.focusedIndexPath == IndexPath(row: 106, section: 0), "out of range: ignored")
        table.setFocusedIndexPath(nil)
        #expect(table.focusedIndexPath == nil)
    }
}
