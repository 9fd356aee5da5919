import Testing
@testable import PoolTable

/// Pointer and keyboard input on a grid: drag-to-select in edit mode, the multiple-selection
/// interaction of seed 003 (a drag that turns editing on), auto-scroll, 2-D keyboard movement.
@MainActor
@Suite("Grid input")
struct GridInputTests {
    func ip(_ item: Int, _ section: Int = 0) -> IndexPath { IndexPath(item: item, section: section) }
    /// 400 x 500, 100 px items: 3 columns at x 0, 150, 300; lines every 110 px.
    func make(_ counts: [Int] = [1000], titles: Bool = false, header: Double = 0) -> (CollectionView, GridSource) {
        let source = GridSource(counts: counts, titles: titles)
        let grid = makeGrid(source, width: 400, height: 500, layout: gridLayout(header: header))
        return (grid, source)
    }
    func selected(_ grid: CollectionView) -> [IndexPath] { grid.indexPathsForSelectedItems ?? [] }
    func range(_ a: Int, _ b: Int) -> [IndexPath] { (a...b).map { ip($0) } }

    @Test("a click outside edit mode selects one item; in edit mode clicks toggle")
    func clicks() {
        let (grid, source) = make()
        let p = viewportCenter(grid, ip(4))
        grid.pointerDown(at: p)
        #expect(grid.cellForItem(at: ip(4))?.isHighlighted == true)
        grid.pointerUp(at: p)
        #expect(selected(grid) == [ip(4)])
        #expect(source.calledDelegate.contains(.didSelect(ip(4))))
        grid.pointerDown(at: viewportCenter(grid, ip(5))); grid.pointerUp(at: viewportCenter(grid, ip(5)))
        #expect(selected(grid) == [ip(5)])
        // A click on a gap selects nothing new.
        grid.pointerDown(at: Point(x: 130, y: 50)); grid.pointerUp(at: Point(x: 130, y: 50))
        #expect(selected(grid) == [ip(5)])
        grid.setEditing(true, animated: false)
        #expect(selected(grid) == [])                       // edit mode starts with nothing selected
        for i in [1, 2, 1, 5] { grid.pointerDown(at: viewportCenter(grid, ip(i))); grid.pointerUp(at: viewportCenter(grid, ip(i))) }
        #expect(selected(grid) == [ip(2), ip(5)])
        #expect(gridStateProblems(grid, source) == [])
    }

    @Test("with multiple selection a plain click replaces the selection and reports every item it deselects (issue 21)")
    func plainClickReportsEveryDeselection() {
        let (grid, source) = make()
        grid.allowsMultipleSelection = true
        // Ctrl+click twelve items (more than the eight the report used to stop at).
        let picked = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]
        for i in picked {
            grid.pointerDown(at: viewportCenter(grid, ip(i)), modifiers: .control)
            grid.pointerUp(at: viewportCenter(grid, ip(i)))
        }
        #expect(selected(grid) == picked.map { ip($0) })
        source.calls.removeAll()
        // A plain click on one of them keeps it alone and deselects the other eleven.
        grid.pointerDown(at: viewportCenter(grid, ip(5))); grid.pointerUp(at: viewportCenter(grid, ip(5)))
        #expect(selected(grid) == [ip(5)])
        let deselected = source.calls.compactMap { call -> IndexPath? in
            if case let .didDeselect(p) = call { return p } else { return nil }
        }
        #expect(deselected == picked.filter { $0 != 5 }.map { ip($0) })
        #expect(source.calls.contains(.didSelect(ip(5))))
        #expect(gridStateProblems(grid, source) == [])
    }

    @Test("in edit mode a press on an item dragged across others selects the swept range; moving back shrinks it")
    func dragInEditMode() {
        let (grid, source) = make()
        grid.setEditing(true, animated: false)
        grid.selectItem(at: ip(20), animated: false, scrollPosition: .none)      // outside the sweep: kept
        grid.pointerDown(at: viewportCenter(grid, ip(1)))
        #expect(grid.isDragSelecting)
        grid.pointerDragged(to: viewportCenter(grid, ip(2)))
        grid.pointerDragged(to: viewportCenter(grid, ip(7)))
        #expect(selected(grid) == range(1, 7) + [ip(20)])
        #expect(grid.mountedCells.allSatisfy { $0.isSelected == grid.isItemSelected(at: grid.indexPath(for: $0)!) })
        grid.pointerDragged(to: viewportCenter(grid, ip(3)))
        #expect(selected(grid) == range(1, 3) + [ip(20)])
        // Over a gap the drag reaches the nearest item in reading order.
        grid.pointerDragged(to: Point(x: 130, y: viewportCenter(grid, ip(9)).y))
        #expect(selected(grid) == range(1, 9) + [ip(20)])
        grid.pointerUp(at: viewportCenter(grid, ip(9)))
        #expect(!grid.isDragSelecting)
        #expect(selected(grid) == range(1, 9) + [ip(20)])
        #expect(grid.focusedIndexPath == ip(1))
        // A drag that starts on a selected item deselects.
        grid.pointerDown(at: viewportCenter(grid, ip(4)))
        grid.pointerDragged(to: viewportCenter(grid, ip(6)))
        grid.pointerUp(at: viewportCenter(grid, ip(6)))
        #expect(selected(grid) == range(1, 3) + range(7, 9) + [ip(20)])
        #expect(!source.calledDelegate.contains { if case .didBegin = $0 { return true }; return false })
        #expect(gridStateProblems(grid, source) == [])
    }

    @Test("outside edit mode, when the delegate allows it, a drag begins multiple selection: editing turns on, didBegin … didEnd in order")
    func dragBeginsMultipleSelection() {
        let (grid, source) = make()
        source.beginsMultipleSelection = true
        var t = 0.0
        grid.advanceAnimations(to: t)
        let start = viewportCenter(grid, ip(4))
        grid.pointerDown(at: start)
        #expect(!grid.isEditing)
        grid.pointerDragged(to: Point(x: start.x + 2, y: start.y + 1))       // within the threshold: nothing yet
        #expect(!grid.isEditing)
        #expect(source.calledDelegate.isEmpty)
        grid.pointerDragged(to: viewportCenter(grid, ip(5)))
        #expect(grid.isEditing)
        #expect(grid.isDragSelecting)
        grid.pointerDragged(to: viewportCenter(grid, ip(10)))
        #expect(selected(grid) == range(4, 10))
        // Prepared and visible cells alike turn to editing (animated) and show the selection.
        #expect(grid.mountedCells.allSatisfy { $0.isEditing })
        #expect(grid.hasRunningAnimations)
        grid.pointerUp(at: viewportCenter(grid, ip(10)))
        let calls = source.calledDelegate.filter { $0 != .selectionDidChange }
        #expect(calls == [.shouldBegin(ip(4)), .didBegin(ip(4)), .didEnd])
        // didEnd comes after the last selection change of the drag.
        #expect(source.calledDelegate.last == .didEnd)
        #expect(selected(grid) == range(4, 10))
        for _ in 0..<3 { t += 0.5; grid.advanceAnimations(to: t) }
        #expect(!grid.hasRunningAnimations)
        #expect(grid.mountedCells.allSatisfy { $0.editingProgress == 1 })
        #expect(!grid.isDragSelecting)
        // Now in edit mode, a second drag selects without asking the delegate again.
        grid.pointerDown(at: viewportCenter(grid, ip(0)))
        grid.pointerDragged(to: viewportCenter(grid, ip(2)))
        grid.pointerUp(at: viewportCenter(grid, ip(2)))
        #expect(selected(grid) == range(0, 2) + range(4, 10))
        #expect(source.calledDelegate.filter { if case .shouldBegin = $0 { return true }; return false }.count == 1)
        #expect(gridStateProblems(grid, source) == [])
    }

    @Test("without multiple selection during editing the delegate is not asked and a drag selects nothing")
    func interactionNeedsMultipleSelectionDuringEditing() {
        let (grid, source) = make()
        source.beginsMultipleSelection = true
        grid.allowsMultipleSelectionDuringEditing = false
        grid.pointerDown(at: viewportCenter(grid, ip(0)))
        grid.pointerDragged(to: viewportCenter(grid, ip(2)))
        grid.pointerUp(at: viewportCenter(grid, ip(2)))
        #expect(source.calledDelegate.isEmpty)
        #expect(!grid.isEditing)
        #expect(grid.indexPathsForSelectedItems == nil)
        #expect(gridStateProblems(grid, source) == [])
    }

    @Test("pointerCancelled ends the multiple-selection interaction too")
    func cancelledInteraction() {
        let (grid, source) = make()
        source.beginsMultipleSelection = true
        grid.pointerDown(at: viewportCenter(grid, ip(0)))
        grid.pointerDragged(to: viewportCenter(grid, ip(2)))
        grid.pointerCancelled()
        #expect(source.calledDelegate.filter { $0 != .selectionDidChange } == [.shouldBegin(ip(0)), .didBegin(ip(0)), .didEnd])
        #expect(!grid.isDragSelecting)
        #expect(gridStateProblems(grid, source) == [])
    }

    @Test("with the default delegate answer (false), a drag outside edit mode does not select", arguments: [false, true])
    func dragWithoutPermission(defaultDelegate: Bool) {
        let (grid, source) = make()
        let plain = DefaultGridDelegate()
        if defaultDelegate { grid.delegate = plain }
        let start = viewportCenter(grid, ip(1))
        grid.pointerDown(at: start)
        grid.pointerDragged(to: viewportCenter(grid, ip(4)))
        grid.pointerDragged(to: viewportCenter(grid, ip(8)))
        grid.pointerUp(at: viewportCenter(grid, ip(8)))
        #expect(!grid.isEditing)
        #expect(grid.indexPathsForSelectedItems == nil)
        #expect(grid.cellForItem(at: ip(1))?.isHighlighted == false)
        if !defaultDelegate { #expect(source.calledDelegate == [.shouldBegin(ip(1))]) }
        #expect(gridStateProblems(grid, source) == [])
        withExtendedLifetime(plain) {}
    }

    @Test("dragging at the bottom edge auto-scrolls and keeps extending the range; at the top edge it comes back")
    func autoScroll() {
        let (grid, source) = make([3000])
        grid.setEditing(true, animated: false)
        var t = 0.0
        grid.advanceAnimations(to: t)
        grid.pointerDown(at: viewportCenter(grid, ip(1)))
        grid.pointerDragged(to: Point(x: 215, y: 300))
        grid.pointerDragged(to: Point(x: 215, y: 495))
        #expect(grid.hasRunningAnimations)
        var offsets: [Double] = []
        for _ in 0..<120 { t += 1.0 / 60; grid.advanceAnimations(to: t); offsets.append(grid.contentOffset.y) }
        #expect(offsets.last! > 1000)
        #expect(zip(offsets, offsets.dropFirst()).allSatisfy { $0 <= $1 })
        // The range reaches the item under the pointer (clamped into the viewport), contiguous from the start.
        let under = grid.indexPath(atViewportPoint: Point(x: 215, y: 495)) ?? grid.indexPath(atViewportPoint: Point(x: 215, y: 480))
        let sel = selected(grid)
        #expect(sel.first == ip(1))
        #expect(sel == range(1, sel.last!.item))
        if let under { #expect(abs(sel.last!.item - under.item) <= 3) }
        #expect(gridStateProblems(grid, source) == [])
        // Up into the top edge: the viewport climbs back, the range shrinks.
        let peak = grid.contentOffset.y
        grid.pointerDragged(to: Point(x: 215, y: 3))
        for _ in 0..<30 { t += 1.0 / 60; grid.advanceAnimations(to: t) }
        #expect(grid.contentOffset.y < peak)
        #expect(selected(grid).count < sel.count)
        // Back to the middle: scrolling stops.
        grid.pointerDragged(to: Point(x: 215, y: 250))
        let stopped = grid.contentOffset.y
        t += 0.5; grid.advanceAnimations(to: t)
        #expect(grid.contentOffset.y == stopped)
        grid.pointerUp(at: Point(x: 215, y: 250))
        t += 1; grid.advanceAnimations(to: t)
        #expect(!grid.hasRunningAnimations)
        let final = selected(grid)
        #expect(final == range(1, final.last!.item))
        #expect(gridStateProblems(grid, source) == [])
    }

    @Test("keyboard moves the focus in two dimensions: down keeps the column and crosses sections; right at a line's end is not handled")
    func keyboard2D() {
        let (grid, source) = make([8, 5], titles: true, header: 30)
        // Section 0 lines: [0 1 2] [3 4 5] [6 7]; section 1: [0 1 2] [3 4].
        // No cursor yet: the first key moves on from the first visible item (the one a
        // screen reader announced when the grid took focus).
        #expect(grid.keyboardFocusIndexPath == ip(0))
        #expect(grid.focusedIndexPath == nil)
        #expect(grid.handleKey(.right))
        #expect(grid.focusedIndexPath == ip(1))
        #expect(selected(grid) == [ip(1)])                  // arrows select outside edit mode
        grid.handleKey(.down)
        #expect(grid.focusedIndexPath == ip(4))
        grid.handleKey(.down)
        #expect(grid.focusedIndexPath == ip(7))
        grid.handleKey(.down)
        #expect(grid.focusedIndexPath == ip(1, 1))          // crosses into section 1, same column
        grid.handleKey(.down)
        #expect(grid.focusedIndexPath == ip(4, 1))
        #expect(grid.handleKey(.down))                       // nothing below: stays
        #expect(grid.focusedIndexPath == ip(4, 1))
        #expect(!grid.handleKey(.right))                    // end of a short line
        #expect(grid.focusedIndexPath == ip(4, 1))
        grid.handleKey(.up); grid.handleKey(.up)
        #expect(grid.focusedIndexPath == ip(7))
        grid.handleKey(.up)
        #expect(grid.focusedIndexPath == ip(4))
        #expect(grid.handleKey(.right))
        #expect(grid.focusedIndexPath == ip(5))
        #expect(!grid.handleKey(.right))                    // end of a full line
        #expect(grid.focusedIndexPath == ip(5))
        grid.handleKey(.left); grid.handleKey(.left)
        #expect(grid.focusedIndexPath == ip(3))
        #expect(!grid.handleKey(.left))                     // start of a line
        #expect(selected(grid) == [ip(3)])
        // Ctrl+arrow moves the focus only.
        grid.handleKey(.right, modifiers: .control)
        grid.handleKey(.down, modifiers: .control)
        #expect(grid.focusedIndexPath == ip(7))
        #expect(selected(grid) == [ip(3)])
        // Home and End.
        grid.handleKey(.end)
        #expect(grid.focusedIndexPath == ip(4, 1))
        #expect(grid.indexPathsForVisibleItems.contains(ip(4, 1)))
        grid.handleKey(.home)
        #expect(grid.focusedIndexPath == ip(0))
        #expect(grid.contentOffset.y == 0)
        #expect(gridStateProblems(grid, source) == [])
    }

    @Test("Page Down / Page Up keep the column and the focus on screen; Shift extends in edit mode; select all / deselect all")
    func pagingAndSelectAll() {
        let (grid, source) = make([3000])
        grid.handleKey(.right)                              // from item 0 to item 1 (column 1)
        #expect(grid.focusedIndexPath == ip(1))
        var previous = 1
        for _ in 0..<5 {
            grid.handleKey(.pageDown)
            let f = grid.focusedIndexPath!.item
            #expect(f % 3 == 1, "column kept: \(f)")
            #expect(f > previous)
            #expect(grid.indexPathsForVisibleItems.contains(ip(f)))
            previous = f
        }
        grid.handleKey(.pageUp)
        #expect(grid.focusedIndexPath!.item < previous)
        #expect(grid.focusedIndexPath!.item % 3 == 1)
        #expect(grid.indexPathsForVisibleItems.contains(grid.focusedIndexPath!))
        // Select all needs multiple selection: not outside edit mode by default.
        #expect(!grid.handleKey(.selectAll))
        grid.setEditing(true, animated: false)
        let focus = grid.focusedIndexPath!
        grid.handleKey(.down, modifiers: .shift)
        grid.handleKey(.right, modifiers: .shift)
        let end = grid.focusedIndexPath!
        #expect(end == ip(focus.item + 4))
        #expect(selected(grid) == range(focus.item, end.item))
        #expect(grid.handleKey(.selectAll))
        #expect(grid.numberOfSelectedItems == 3000)
        #expect(grid.mountedCells.allSatisfy { $0.isSelected })
        #expect(grid.handleKey(.deselectAll))
        #expect(grid.indexPathsForSelectedItems == nil)
        #expect(grid.mountedCells.allSatisfy { !$0.isSelected })
        #expect(gridStateProblems(grid, source) == [])
    }

    @Test("Shift+click selects a range in reading order, Ctrl+click toggles (with allowsMultipleSelection); a long press enters edit mode")
    func modifierClicks() {
        let (grid, source) = make()
        grid.allowsMultipleSelection = true
        let click = { (i: Int, m: InputModifiers) in
            grid.pointerDown(at: viewportCenter(grid, self.ip(i)), modifiers: m); grid.pointerUp(at: viewportCenter(grid, self.ip(i)))
        }
        click(1, [])
        click(7, .shift)
        #expect(selected(grid) == range(1, 7))
        click(4, .control)
        #expect(selected(grid) == range(1, 3) + range(5, 7))
        click(9, .control)
        #expect(selected(grid) == range(1, 3) + range(5, 7) + [ip(9)])
        click(2, [])                                        // a plain click selects only that item
        #expect(selected(grid) == [ip(2)])
        grid.allowsMultipleSelection = false
        #expect(grid.longPress(at: viewportCenter(grid, ip(10))))
        #expect(grid.isEditing)
        #expect(selected(grid).contains(ip(10)))
        #expect(!grid.longPress(at: viewportCenter(grid, ip(11))))      // already editing
        #expect(gridStateProblems(grid, source) == [])
    }

    @Test("CollectionView.ScrollPosition is UIKit's option set, with UIKit's raw values")
    func scrollPositionOptionSet() {
        let all: [CollectionView.ScrollPosition] = [.top, .centeredVertically, .bottom, .left, .centeredHorizontally, .right]
        #expect(all.map(\.rawValue) == [1, 2, 4, 8, 16, 32])
        #expect(CollectionView.ScrollPosition([]).rawValue == 0)
        #expect(CollectionView.ScrollPosition([.top, .left]).contains(.left))
    }

    @Test("scrollToItem and selectItem(scrollPosition:) bring an item to the top (below its sticky header), middle or bottom")
    func scrollToItem() {
        let (grid, source) = make([500, 500], titles: true, header: 30)
        let target = ip(250, 1)
        let r = grid.rectForItem(at: target)
        grid.scrollToItem(at: target, at: .top, animated: false)
        #expect(grid.contentOffset.y == r.minY - 30)
        grid.scrollToItem(at: target, at: .centeredVertically, animated: false)
        #expect(grid.contentOffset.y == r.midY - 250)
        grid.scrollToItem(at: target, at: .bottom, animated: false)
        #expect(grid.contentOffset.y == r.maxY - 500)
        grid.scrollToItem(at: target, at: [], animated: false)      // already whole on screen: stays
        #expect(grid.contentOffset.y == r.maxY - 500)
        // A horizontal option says nothing along a vertical grid: as [].
        grid.scrollToItem(at: target, at: [.left], animated: false)
        #expect(grid.contentOffset.y == r.maxY - 500)
        grid.scrollToItem(at: target, at: [.centeredVertically, .right], animated: false)
        #expect(grid.contentOffset.y == r.midY - 250)
        // Two vertical options: logged, the first used.
        grid.scrollToItem(at: target, at: [.top, .bottom], animated: false)
        #expect(grid.contentOffset.y == r.minY - 30)
        #expect(grid.warnedKinds.contains("scrollPosition"))
        // The table's enum, which these methods took before 0.4, still works.
        grid.scrollToItem(at: target, at: PoolTable.ScrollPosition.middle, animated: false)
        #expect(grid.contentOffset.y == r.midY - 250)
        grid.scrollToItem(at: target, at: .none, animated: false)
        #expect(grid.contentOffset.y == r.midY - 250)
        var t = 0.0
        grid.advanceAnimations(to: t)
        grid.selectItem(at: ip(3), animated: true, scrollPosition: .top)
        #expect(grid.hasRunningAnimations)
        for _ in 0..<30 { t += 1.0 / 30; grid.advanceAnimations(to: t) }
        #expect(grid.contentOffset.y == grid.rectForItem(at: ip(3)).minY - 30)
        #expect(grid.cellForItem(at: ip(3))?.isSelected == true)
        #expect(gridStateProblems(grid, source) == [])
    }

    @Test("Page Down crosses sections and headers, keeping the column; End and Home reach the ends")
    func pagingAcrossSections() {
        let (grid, source) = make([10, 0, 11, 40], titles: true, header: 30)
        grid.handleKey(.right); grid.handleKey(.right); grid.handleKey(.right)   // focus item 2 (column 2)
        #expect(grid.focusedIndexPath == ip(2))
        var seen: [IndexPath] = [ip(2)]
        for _ in 0..<12 {
            grid.handleKey(.pageDown)
            let f = grid.focusedIndexPath!
            #expect(f >= seen.last!)
            #expect(grid.indexPathsForVisibleItems.contains(f))
            seen.append(f)
        }
        #expect(seen.last == IndexPath(item: 38, section: 3) || seen.last == IndexPath(item: 39, section: 3))
        // Every landing kept column 2 where the line had one.
        for f in seen where grid.numberOfItems(inSection: f.section) > f.item - f.item % 3 + 2 { #expect(f.item % 3 == 2, "\(f)") }
        #expect(gridStateProblems(grid, source) == [])
    }

    @Test("a multiple-selection interaction cut short by an update, a reload or leaving edit mode still ends (didEnd once)",
          arguments: ["update", "reload", "editing off"])
    func interactionCutShort(by interruption: String) throws {
        let (grid, source) = make()
        source.beginsMultipleSelection = true
        grid.pointerDown(at: viewportCenter(grid, ip(1)))
        grid.pointerDragged(to: viewportCenter(grid, ip(4)))
        #expect(grid.isDragSelecting)
        switch interruption {
        case "update":
            try grid.performBatchUpdatesThrowing({
                source.sections[0].insert(5000, at: 0)
                grid.insertItems(at: [ip(0)])
            }, completion: nil)
        case "reload": grid.reloadData()
        default: grid.setEditing(false, animated: false)
        }
        #expect(!grid.isDragSelecting)
        grid.pointerDragged(to: viewportCenter(grid, ip(8)))
        grid.pointerUp(at: viewportCenter(grid, ip(8)))
        let interaction = source.calledDelegate.filter { if case .didBegin = $0 { return true }; return $0 == .didEnd }
        #expect(interaction == [.didBegin(ip(1)), .didEnd])
        // The next drag begins a new interaction, which ends too.
        if !grid.isEditing {
            grid.pointerDown(at: viewportCenter(grid, ip(2)))
            grid.pointerDragged(to: viewportCenter(grid, ip(3)))
            grid.pointerUp(at: viewportCenter(grid, ip(3)))
            let all = source.calledDelegate.filter { if case .didBegin = $0 { return true }; return $0 == .didEnd }
            #expect(all == [.didBegin(ip(1)), .didEnd, .didBegin(ip(2)), .didEnd])
        }
        #expect(gridStateProblems(grid, source) == [])
    }
}
