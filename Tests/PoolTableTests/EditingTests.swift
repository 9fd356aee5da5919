import Testing
@testable import PoolTable

@MainActor
@Suite("Editing and selection reach every mounted cell (article 000)")
struct EditingTests {
    func makeTable() -> (TableView, ModelSource) {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 500))
        table.allowsMultipleSelectionDuringEditing = true
        let model = ModelSource(rows: [30, 50, 200, 40], heights: variedHeight, headers: ["A", "B", "C", "D"])
        model.attach(to: table)
        table.contentOffset = Point(x: 0, y: 900)
        return (table, model)
    }

    @Test("setEditing reaches prepared cells and stays through thousands of scroll steps")
    func editingReachesPrepared() {
        let (table, model) = makeTable()
        #expect(!table.preparedCells.isEmpty)
        table.setEditing(true, animated: false)
        #expect(table.mountedCells.allSatisfy { $0.isEditing })
        #expect(table.preparedCells.allSatisfy { $0.isEditing && $0.editingProgress == 1 })
        var y = 900.0
        for step in 0..<3000 {
            y += step < 1500 ? 7 : -9
            table.contentOffset = Point(x: 0, y: y)
            let problems = mountedStateProblems(table, model: model)
            if !problems.isEmpty { Issue.record("step \(step): \(problems)"); break }
        }
        table.setEditing(false, animated: false)
        #expect(table.mountedCells.allSatisfy { !$0.isEditing && $0.editingProgress == 0 })
    }

    @Test("animated edit toggle: all mounted cells share one phase; late arrivals join mid-way")
    func sharedPhase() {
        let (table, model) = makeTable()
        table.setEditing(true, animated: true)
        #expect(table.hasRunningAnimations)
        for (t, expected) in [(0.0, 0.0), (0.125, Easing.easeOut(0.5)), (0.25, 1.0)] {
            table.advanceAnimations(to: 10 + t)
            let phases = Set(table.mountedCells.map(\.editingProgress))
            #expect(phases == [expected], "t=\(t): \(phases)")
            if t == 0.125 {
                // Scroll far enough to dequeue new rows mid-animation: they join at this phase.
                let before = Set(table.indexPathsForMountedRows)
                table.contentOffset = Point(x: 0, y: 2400)
                let arrivals = table.indexPathsForMountedRows.filter { !before.contains($0) }
                #expect(!arrivals.isEmpty)
                #expect(arrivals.allSatisfy { table.cellForRow(at: $0)!.editingProgress == expected })
            }
        }
        #expect(!table.hasRunningAnimations)
        #expect(mountedStateProblems(table, model: model) == [])
        // Leaving animates back the same way.
        table.setEditing(false, animated: true)
        table.advanceAnimations(to: 11)
        table.advanceAnimations(to: 11.125)
        #expect(Set(table.mountedCells.map(\.editingProgress)) == [1 - Easing.easeOut(0.5)])
        table.advanceAnimations(to: 11.3)
        #expect(table.mountedCells.allSatisfy { $0.editingProgress == 0 && !$0.isEditing })
    }

    @Test("selection follows rows, not recycled cells")
    func selectionFollowsRows() {
        let (table, model) = makeTable()
        table.setEditing(true, animated: false)
        let chosen = [IndexPath(row: 3, section: 2), IndexPath(row: 4, section: 2), IndexPath(row: 150, section: 2)]
        for ip in chosen { table.selectRow(at: ip, animated: false, scrollPosition: .none) }
        #expect(table.indexPathsForSelectedRows == chosen)
        for y in stride(from: 0.0, to: table.contentSize.height, by: 53) {
            table.contentOffset = Point(x: 0, y: y)
            #expect(mountedStateProblems(table, model: model) == [])
            for cell in table.mountedCells {
                #expect(cell.isSelected == chosen.contains(table.indexPath(for: cell)!))
            }
        }
        table.deselectRow(at: chosen[1], animated: false)
        #expect(table.indexPathsForSelectedRows == [chosen[0], chosen[2]])
    }

    @Test("single selection outside edit mode replaces the previous one; nil deselects all")
    func singleSelection() {
        let (table, _) = makeTable()
        table.selectRow(at: IndexPath(row: 1, section: 0), animated: false, scrollPosition: .none)
        table.selectRow(at: IndexPath(row: 2, section: 0), animated: false, scrollPosition: .none)
        #expect(table.indexPathsForSelectedRows == [IndexPath(row: 2, section: 0)])
        table.selectRow(at: nil, animated: false, scrollPosition: .none)
        #expect(table.indexPathsForSelectedRows == nil)
    }

    @Test("selectRow with a scroll position scrolls the row into place")
    func selectAndScroll() {
        let (table, _) = makeTable()
        let ip = IndexPath(row: 120, section: 2)
        table.selectRow(at: ip, animated: false, scrollPosition: .middle)
        let r = table.rectForRow(at: ip)
        #expect(abs((r.midY - table.contentOffset.y) - 250) < 0.001)
        #expect(table.cellForRow(at: ip)?.isSelected == true)
    }
}
