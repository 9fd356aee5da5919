import Testing
@testable import PoolTable

/// Prepared items, cell reuse and the cell log of a grid (article 000's and seed 003's
/// assertions, ported from rows to items).
@MainActor
@Suite("Grid mounting and reuse")
struct GridMountingTests {
    func ip(_ item: Int, _ section: Int = 0) -> IndexPath { IndexPath(item: item, section: section) }

    @Test("prepared items are honest at many offsets: whole lines within prefetchDistance, hidden, reachable by cellForItem",
          arguments: [0.0, 120.0, 600.0])
    func preparedItemsHonest(prefetch: Double) {
        let source = GridSource(counts: [200, 0, 37, 500], titles: true)
        let grid = makeGrid(source, width: 460, height: 500,
                            layout: gridLayout(item: Size(width: 90, height: 70), interitem: 8, line: 12,
                                               inset: EdgeInsets(top: 6, left: 10, bottom: 14, right: 10), header: 28))
        grid.prefetchDistance = prefetch
        var rng = SeededRandom(seed: UInt64(prefetch) + 3)
        let h = grid.contentSize.height
        var offsets = stride(from: 0.0, through: h, by: 37).map { $0 }
        offsets += (0..<200).map { _ in Double.random(in: -100...(h + 100), using: &rng) }
        for y in offsets {
            grid.contentOffset = Point(x: 0, y: y)
            let problems = gridStateProblems(grid, source)
            #expect(problems.isEmpty, "offset \(y): \(problems.prefix(3))")
            if !problems.isEmpty { return }
            for ip in grid.indexPathsForPreparedItems {
                let cell = grid.cellForItem(at: ip)
                #expect(cell != nil && cell!.isHidden, "prepared \(ip) at \(y)")
            }
            #expect(grid.visibleCells.allSatisfy { !$0.isHidden })
            if prefetch > 0 && y > 400 && y < h - 1000 { #expect(!grid.indexPathsForPreparedItems.isEmpty) }
            if prefetch == 0 { #expect(grid.indexPathsForPreparedItems.isEmpty) }
        }
    }

    @Test("edit mode and selection reach prepared cells through thousands of scroll steps both ways")
    func editingAndSelectionThroughScrolling() {
        let source = GridSource(counts: [3000, 1500], titles: true)
        let grid = makeGrid(source, width: 430, height: 480, layout: gridLayout(header: 32))
        grid.prefetchDistance = 400
        var rng = SeededRandom(seed: 42)
        var selected = Set<IndexPath>()
        var t = 0.0
        let maxY = grid.contentSize.height - grid.frame.height
        var y = 0.0
        var direction = 1.0
        for step in 0..<4000 {
            y += direction * Double.random(in: 5...60, using: &rng)
            if y > maxY { y = maxY; direction = -1 }
            if y < 0 { y = 0; direction = 1 }
            grid.contentOffset = Point(x: 0, y: y)
            if step % 97 == 0 {
                grid.setEditing(!grid.isEditing, animated: step % 2 == 0)
                if !grid.isEditing { selected = [] }     // leaving edit mode clears a multiple selection
            }
            if grid.isEditing && step % 7 == 0 {
                // Select or deselect a mounted item that is not on screen: a prepared one.
                if let target = grid.indexPathsForPreparedItems.randomElement(using: &rng) {
                    if selected.contains(target) { grid.deselectItem(at: target, animated: true); selected.remove(target) }
                    else { grid.selectItem(at: target, animated: true, scrollPosition: .none); selected.insert(target) }
                    #expect(grid.cellForItem(at: target)?.isSelected == selected.contains(target))
                }
            }
            t += 1.0 / 60
            grid.advanceAnimations(to: t)
            let problems = gridStateProblems(grid, source)
            #expect(problems.isEmpty, "step \(step) at \(y): \(problems.prefix(3))")
            if !problems.isEmpty { return }
            #expect(Set(grid.indexPathsForSelectedItems ?? []) == selected)
            if !grid.hasRunningAnimations {
                for cell in grid.mountedCells where cell.editingProgress != (grid.isEditing ? 1 : 0) {
                    Issue.record("step \(step): a mounted cell's editing phase is \(cell.editingProgress)")
                    return
                }
            }
        }
        #expect(source.staleOnDisplay.isEmpty)
    }

    @Test("selected items keep isSelected on reuse: applied on display, not in cellForItemAt (seed 003)")
    func selectionOnReuse() {
        let source = GridSource(counts: [5000])
        let grid = makeGrid(source, width: 430, height: 480)
        grid.allowsMultipleSelection = true
        let chosen = [ip(0), ip(4), ip(5), ip(2000), ip(2001), ip(4999)]
        for c in chosen { grid.selectItem(at: c, animated: false, scrollPosition: .none) }
        // Scroll down and up twice: every cell is recycled and reused for other items.
        let h = grid.contentSize.height
        for pass in 0..<2 {
            for y in Array(stride(from: 0.0, through: h, by: 53)) + Array(stride(from: h, through: 0, by: -71)) {
                grid.contentOffset = Point(x: 0, y: y)
                for (k, cell) in grid.mountedCells.enumerated() {
                    let ip = grid.indexPathsForMountedItems[k]
                    if cell.isSelected != chosen.contains(ip) { Issue.record("pass \(pass) at \(y): \(ip) isSelected \(cell.isSelected)"); return }
                }
            }
        }
        let reused = grid.mountedCells.compactMap { $0 as? GridProbeCell }.filter { $0.reuseCount > 0 }
        #expect(!reused.isEmpty)
        #expect(source.staleOnDisplay.isEmpty)
        #expect(Set(grid.indexPathsForSelectedItems ?? []) == Set(chosen))
    }

    @Test("bounded cell creation over a long scroll: cells created ≤ peak mounted + a few; created events == pool misses")
    func boundedCreation() {
        let source = GridSource(counts: [100_000])
        let grid = makeGrid(source, width: 640, height: 700, layout: gridLayout(item: Size(width: 70, height: 70), interitem: 4, line: 4))
        var peak = grid.mountedCells.count
        var y = 0.0
        for _ in 0..<5000 {
            y += 41
            grid.contentOffset = Point(x: 0, y: y)
            peak = max(peak, grid.mountedCells.count)
        }
        // A jump far away and back reuses what the pool holds.
        grid.contentOffset = Point(x: 0, y: 3_000_000)
        peak = max(peak, grid.mountedCells.count)
        grid.contentOffset = Point(x: 0, y: 10)
        peak = max(peak, grid.mountedCells.count)
        #expect(grid.cellsCreated <= peak + 8, "created \(grid.cellsCreated), peak mounted \(peak)")
        #expect(source.createdCells == grid.cellsCreated)
        #expect(grid.poolMisses == grid.cellsCreated)
        #expect(grid.poolHits > 10_000)
        // The log is bounded and still ends with the latest events.
        #expect(grid.recentCellEvents.count == CellLog.capacity)
        #expect(grid.items.log.total > CellLog.capacity * 10)
        #expect(gridStateProblems(grid, source) == [])
    }

    @Test("cellID(of:) is stable and unique; the cell log tells each recycled cell's story consistently with mountedCells")
    func cellLog() {
        let source = GridSource(counts: [2000])
        let grid = makeGrid(source, width: 430, height: 400)
        grid.prefetchDistance = 100
        // Fresh grid: one `created` event per pool miss, each for a distinct id.
        let initial = grid.recentCellEvents
        let createdIDs = initial.filter { $0.kind == .created }.map(\.cellID)
        #expect(createdIDs.count == grid.poolMisses)
        #expect(Set(createdIDs).count == createdIDs.count)
        var idOfCell: [ObjectIdentifier: Int] = [:]
        for cell in grid.mountedCells { idOfCell[ObjectIdentifier(cell)] = grid.cellID(of: cell) }
        #expect(Set(idOfCell.values).count == grid.mountedCells.count)
        #expect(!idOfCell.values.contains(0))
        // A foreign cell has no id here.
        #expect(grid.cellID(of: CollectionViewCell(reuseIdentifier: nil)) == 0)

        // One step down by a line: the top line leaves the band, the new one reuses its cells.
        let before = grid.recentCellEvents.count
        let topLine = Array(grid.indexPathsForMountedItems.prefix(grid.numberOfColumns))
        let topIDs = topLine.map { grid.cellID(of: grid.cellForItem(at: $0)!) }
        grid.contentOffset = Point(x: 0, y: 220)
        let events = Array(grid.recentCellEvents.suffix(grid.recentCellEvents.count - before))
        for (ipLeft, id) in zip(topLine, topIDs) {
            let story = events.filter { $0.cellID == id }
            guard let recycled = story.firstIndex(where: { $0.kind == .recycled }) else { Issue.record("#\(id) was not recycled: \(story)"); continue }
            #expect(story[recycled].indexPath == ipLeft)
            let after = story[(recycled + 1)...]
            // recycled → reused → bound to another item, which is mounted with this very cell.
            guard let reused = after.firstIndex(where: { $0.kind == .reused }),
                  let bound = story[(reused + 1)...].first(where: { $0.kind == .bound }), let target = bound.indexPath else {
                Issue.record("#\(id) after recycling: \(story)"); continue
            }
            #expect(target != ipLeft)
            #expect(grid.cellForItem(at: target).map { grid.cellID(of: $0) } == id)
        }
        // Ids survive reuse: every mounted cell keeps the id it had when first seen.
        for _ in 0..<300 {
            grid.contentOffset = Point(x: 0, y: grid.contentOffset.y + 37)
            for cell in grid.mountedCells {
                let id = grid.cellID(of: cell)
                if let known = idOfCell[ObjectIdentifier(cell)], known != id { Issue.record("cell id changed \(known) → \(id)") ; return }
                idOfCell[ObjectIdentifier(cell)] = id
            }
        }
        #expect(Set(idOfCell.values).count == idOfCell.count)
        // The last `bound` event of each mounted cell names the item it shows.
        let log = grid.recentCellEvents
        for (ipNow, cell) in zip(grid.indexPathsForMountedItems, grid.mountedCells) {
            let id = grid.cellID(of: cell)
            if let lastBound = log.last(where: { $0.cellID == id && $0.kind == .bound }) { #expect(lastBound.indexPath == ipNow) }
            // A mounted cell's last lifecycle event is not "recycled".
            if let lastLife = log.last(where: { $0.cellID == id && [.recycled, .reused, .bound].contains($0.kind) }) { #expect(lastLife.kind == .bound) }
            // Visible cells last heard willDisplay; prepared ones didEndDisplaying or nothing since binding.
            let lastDisplay = log.last(where: { $0.cellID == id && [.willDisplay, .didEndDisplaying, .bound].contains($0.kind) })
            if !cell.isHidden { #expect(lastDisplay?.kind == .willDisplay) } else { #expect(lastDisplay?.kind != .willDisplay) }
        }
        #expect(log.count <= CellLog.capacity)
        #expect(gridStateProblems(grid, source) == [])
    }
}
