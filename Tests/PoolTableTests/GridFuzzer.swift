import struct Foundation.IndexSet
@testable import PoolTable

/// The model-based fuzzer's grid half (driven by `FuzzTests`): random scrolls, resizes,
/// layout changes, selection, editing, drags, keys, batch updates (valid and not), reloads
/// and reconfigures against a `GridSource`, checking every invariant after each.
@MainActor
struct GridFuzzer {
    var rng: SeededRandom
    let grid = CollectionView(frame: Rect(x: 0, y: 0, width: 430, height: 500), layout: gridLayout(header: 24))
    let model: GridSource
    var clock = 0.0
    var nextID = 1_000_000
    var invalidUpdatesRejected = 0
    var validUpdates = 0
    var layoutChanges = 0
    var interactionsBegun = 0

    init(seed: UInt64) {
        rng = SeededRandom(seed: seed)
        var r = rng
        model = GridSource(sections: (0..<3).map { s in Array((s * 10_000)..<(s * 10_000 + Int.random(in: 0..<120, using: &r))) }, titles: true)
        rng = r
        model.movable = true
        model.attach(to: grid)
    }

    var movementsEnded = 0

    mutating func step() -> String {
        let op = Int.random(in: 0..<100, using: &rng)
        if grid.isMovingInteractively && (58..<79).contains(op) { return refusedBatch() }
        switch op {
        case 0..<2:
            grid.reloadData(); return "reload"
        case 2..<20:
            let h = grid.contentSize.height
            let y: Double = [Double.random(in: -500...(h + 500), using: &rng), grid.contentOffset.y + Double.random(in: -150...150, using: &rng),
                             -1e9, 1e12, .nan][Int.random(in: 0..<5, using: &rng)]
            if Bool.random(using: &rng) { grid.contentOffset = Point(x: 0, y: y) } else { grid.setContentOffset(Point(x: 0, y: y), animated: true) }
            return "scroll \(y)"
        case 20..<24:
            let w = [0.0, 1, 99, 250, 430, 431, 900][Int.random(in: 0..<7, using: &rng)], h = [0.0, 1, 120, 500, 1400][Int.random(in: 0..<5, using: &rng)]
            let anchor = captureTopItem()
            grid.frame = Rect(x: 0, y: 0, width: w, height: h)
            return "resize \(w)x\(h)" + anchorProblem(anchor)
        case 24..<28:
            let size = [40.0, 100, 150, 1000, 0, .nan][Int.random(in: 0..<6, using: &rng)]
            let tall = [30.0, 100, 180][Int.random(in: 0..<3, using: &rng)]
            let inset = [EdgeInsets.zero, EdgeInsets(top: 7, left: 12, bottom: 9, right: 3)][Int.random(in: 0..<2, using: &rng)]
            let anchor = captureTopItem()
            grid.layout = gridLayout(item: Size(width: size, height: tall), interitem: [0, 10, 33][Int.random(in: 0..<3, using: &rng)],
                                     line: [0, 10, 25][Int.random(in: 0..<3, using: &rng)], inset: inset, header: [0, 24, 40][Int.random(in: 0..<3, using: &rng)])
            layoutChanges += 1
            return "layout \(grid.layout)" + anchorProblem(anchor)
        case 28..<33:
            let animated = Bool.random(using: &rng)
            grid.setEditing(!grid.isEditing, animated: animated); return "edit \(grid.isEditing) animated \(animated)"
        case 33..<42:
            guard let ip = randomItem() else { return "noop" }
            if Bool.random(using: &rng) {
                grid.selectItem(at: ip, animated: Bool.random(using: &rng), scrollPosition: [.none, .top, .middle, .bottom][Int.random(in: 0..<4, using: &rng)])
            } else {
                grid.deselectItem(at: ip, animated: true)
            }
            return "select \(ip)"
        case 42..<44:
            grid.allowsMultipleSelection = Bool.random(using: &rng)
            grid.allowsMultipleSelectionDuringEditing = Int.random(in: 0..<4, using: &rng) > 0
            if Bool.random(using: &rng) { grid.selectAll(animated: true) } else { grid.deselectAll(animated: false) }
            return "select all / none"
        case 44..<50:
            return drag()
        case 50..<58:
            let keys: [TableKey] = [.up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .space, .enter, .selectAll, .deselectAll]
            let modifiers: InputModifiers = [[], [], .shift, .control][Int.random(in: 0..<4, using: &rng)]
            let key = keys.randomElement(using: &rng)!
            grid.handleKey(key, modifiers: modifiers); return "key \(key) \(modifiers.rawValue)"
        case 58..<75:
            return validUpdate()
        case 75..<79:
            return invalidUpdate()
        case 79..<82:
            let items = (0..<Int.random(in: 1...5, using: &rng)).compactMap { _ in randomItem() }
            grid.reconfigureItems(at: items); return "reconfigure \(items.count)"
        case 82..<85:
            grid.prefetchDistance = [0, 50, 250, 1000, .nan][Int.random(in: 0..<5, using: &rng)]; return "prefetch"
        case 85..<91:
            return movementStep()
        default:
            clock += Double.random(in: 0...0.4, using: &rng)
            grid.advanceAnimations(to: clock); return "advance to \(clock)"
        }
    }

    /// The first fully visible item (what a re-flow keeps in place), its id and screen y;
    /// nil when anchoring does not apply (at the top, mid-animation, nothing on screen).
    func captureTopItem() -> (id: Int, screenY: Double, height: Double)? {
        guard grid.maintainsVisibleContentPosition, grid.contentOffset.y > 0, !grid.rowAnimations.isRunning,
              grid.frame.width > 0, grid.frame.height > 0, let ip = firstFullyVisibleItem(grid), let id = model.id(at: ip) else { return nil }
        return (id, grid.rectForItem(at: ip).minY - grid.contentOffset.y, grid.frame.height)
    }

    /// After a re-flow: the anchor item is at the same height on screen unless the offset had
    /// to be clamped, and still on screen when the viewport kept its height.
    func anchorProblem(_ anchor: (id: Int, screenY: Double, height: Double)?) -> String {
        guard let anchor, grid.frame.width > 0, grid.frame.height > 0,
              let ip = grid.indexPathsForMountedItems.first(where: { model.id(at: $0) == anchor.id })
                ?? (0..<model.sections.count).lazy.compactMap({ s in model.sections[s].firstIndex(of: anchor.id).map { IndexPath(item: $0, section: s) } }).first
        else { return "" }
        let offset = grid.contentOffset.y
        let maxOffset = max(0, grid.contentSize.height - grid.frame.height)
        let screenY = grid.rectForItem(at: ip).minY - offset
        if offset > 0 && offset < maxOffset && abs(screenY - anchor.screenY) > 1e-6 {
            return " FAIL: the top item \(anchor.id) moved on screen from \(anchor.screenY) to \(screenY)"
        }
        if grid.frame.height == anchor.height && !grid.indexPathsForVisibleItems.contains(ip) {
            return " FAIL: the top item \(anchor.id) left the screen"
        }
        return ""
    }

    mutating func randomItem() -> IndexPath? {
        let nonEmpty = model.sections.indices.filter { !model.sections[$0].isEmpty }
        guard let s = nonEmpty.randomElement(using: &rng) else { return nil }
        return IndexPath(item: Int.random(in: 0..<model.sections[s].count, using: &rng), section: s)
    }

    /// A press on a mounted item dragged around (into the edges too), in edit mode or as
    /// seed 003's interaction outside it; sometimes cancelled instead of released.
    mutating func drag() -> String {
        guard !grid.isMovingInteractively else { return movementStep() }   // its interruptions would be refused batches
        guard let ip = grid.indexPathsForVisibleItems.randomElement(using: &rng) else { return "noop" }
        model.beginsMultipleSelection = Bool.random(using: &rng)
        let wasEditing = grid.isEditing
        let start = viewportCenter(grid, ip)
        let before = model.calls.count
        grid.pointerDown(at: start)
        let moves = Int.random(in: 1...6, using: &rng)
        // Sometimes something cuts the drag short: an update, a reload, leaving edit mode.
        let interruptAt = Int.random(in: 0..<(moves * 4), using: &rng)
        var interruption = ""
        for k in 0..<moves {
            grid.pointerDragged(to: Point(x: Double.random(in: -20...(grid.frame.width + 20), using: &rng),
                                          y: Double.random(in: -20...(grid.frame.height + 20), using: &rng)))
            clock += 0.05; grid.advanceAnimations(to: clock)
            if k == interruptAt {
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: interruption = " cut by " + validUpdate()
                case 1: grid.reloadData(); interruption = " cut by a reload"
                default: grid.setEditing(false, animated: true); interruption = " cut by leaving edit mode"
                }
                if interruption.contains("FAIL") { return interruption }
            }
        }
        if Bool.random(using: &rng) { grid.pointerUp(at: start) } else { grid.pointerCancelled() }
        let calls = model.calls[before...].filter {
            switch $0 { case .didBegin, .didEnd: return true; default: return false }
        }
        if let first = calls.first {
            interactionsBegun += 1
            // UIKit asks about the interaction only when multiple selection during editing is
            // allowed; in edit mode the drag itself selects.
            if wasEditing || !grid.allowsMultipleSelectionDuringEditing { return "FAIL: the interaction began (editing \(wasEditing))" }
            guard case .didBegin = first, calls.count == 2, calls.last == .didEnd else { return "FAIL: interaction calls \(calls)\(interruption)" }
            if !grid.isEditing && interruption.isEmpty { return "FAIL: the interaction did not turn editing on" }
        }
        return "drag from \(ip) editing \(wasEditing)" + interruption
    }

    /// One or several of: insert items, delete items, move, reload, insert section, delete
    /// section, move across sections.
    mutating func validUpdate() -> String {
        let selected = selectedIDs(grid, model)
        var kinds: [Int] = []
        do {
            try grid.performBatchUpdatesThrowing({
                for _ in 0..<(Bool.random(using: &rng) ? 1 : Int.random(in: 2...3, using: &rng)) {
                    // Sections and items are both addressed in the batch's final state, so
                    // later changes only touch sections this batch has not inserted or deleted.
                    kinds.append(Int.random(in: 0..<7, using: &rng))
                }
                applyChanges(kinds)
            }, completion: nil)
        } catch {
            return "FAIL: unexpected throw \(error) for \(kinds)"
        }
        validUpdates += 1
        // Selection follows items: the surviving selected items are still the selected ones.
        let survivors = selected.intersection(Set(model.sections.flatMap { $0 }))
        let now = selectedIDs(grid, model)
        if now != survivors { return "FAIL: selection after update \(kinds): lost \(survivors.subtracting(now)), gained \(now.subtracting(survivors))" }
        return "update \(kinds)"
    }

    /// Applies changes to the model and tells the grid, UIKit-style: deletes and reloads in
    /// old index paths, inserts in new ones. To keep that simple, a batch of several changes
    /// uses item changes in distinct sections, or a single section change.
    private mutating func applyChanges(_ kinds: [Int]) {
        var touched = Set<Int>()
        if kinds.count > 1 {
            // Several item changes in distinct sections (old and new indexes agree there).
            for kind in kinds {
                let free = model.sections.indices.filter { !touched.contains($0) }
                guard let s = free.randomElement(using: &rng) else { return }
                touched.insert(s)
                itemChange(kind % 4, in: s)
            }
            return
        }
        let kind = kinds[0]
        if kind < 4 {
            guard let s = model.sections.indices.randomElement(using: &rng) else { return }
            itemChange(kind, in: s)
        } else if kind == 6 {
            // A move into another section (UIKit: from an old, to a new index path).
            guard model.sections.count > 1, let from = randomItem() else { return }
            let targets = model.sections.indices.filter { $0 != from.section }
            let t = targets.randomElement(using: &rng)!
            let to = Int.random(in: 0...model.sections[t].count, using: &rng)
            let id = model.sections[from.section].remove(at: from.item)
            model.sections[t].insert(id, at: to)
            grid.moveItem(at: from, to: IndexPath(item: to, section: t))
        } else if kind == 4 {
            guard model.sections.count < 6 else { return }
            let s = Int.random(in: 0...model.sections.count, using: &rng)
            let ids = (0..<Int.random(in: 0..<40, using: &rng)).map { _ in defer { nextID += 1 }; return nextID }
            model.sections.insert(ids, at: s)
            grid.insertSections(IndexSet([s]))
        } else {
            guard model.sections.count > 1 else { return }
            let s = Int.random(in: 0..<model.sections.count, using: &rng)
            model.sections.remove(at: s)
            grid.deleteSections(IndexSet([s]))
        }
    }

    /// 0 insert, 1 delete, 2 move within the section, 3 reload — all inside section `s`.
    private mutating func itemChange(_ kind: Int, in s: Int) {
        let n = model.sections[s].count
        switch kind {
        case 0:
            let r = Int.random(in: 0...n, using: &rng)
            let count = Int.random(in: 1...7, using: &rng)
            let ids = (0..<count).map { _ in defer { nextID += 1 }; return nextID }
            model.sections[s].insert(contentsOf: ids, at: r)
            grid.insertItems(at: (r..<(r + count)).map { IndexPath(item: $0, section: s) })
        case 1:
            guard n > 0 else { return }
            // A few distinct items, deleted in old index paths.
            let rows = Set((0..<Int.random(in: 1...min(n, 6), using: &rng)).map { _ in Int.random(in: 0..<n, using: &rng) })
            for r in rows.sorted(by: >) { model.sections[s].remove(at: r) }
            grid.deleteItems(at: rows.map { IndexPath(item: $0, section: s) })
        case 2:
            guard n > 0 else { return }
            let from = Int.random(in: 0..<n, using: &rng), to = Int.random(in: 0..<n, using: &rng)
            let id = model.sections[s].remove(at: from)
            model.sections[s].insert(id, at: to)
            grid.moveItem(at: IndexPath(item: from, section: s), to: IndexPath(item: to, section: s))
        default:
            guard n > 0 else { return }
            let r = Int.random(in: 0..<n, using: &rng)
            grid.reloadItems(at: [IndexPath(item: r, section: s)])
        }
    }

    /// An update whose counts don't add up: must throw and change nothing.
    mutating func invalidUpdate() -> String {
        guard let s = model.sections.indices.randomElement(using: &rng) else { return "noop" }
        let saved = model.sections
        let state = snapshot()
        do {
            try grid.performBatchUpdatesThrowing({
                model.sections[s].append(nextID); nextID += 1      // one item added…
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: grid.insertItems(at: [])                    // …none announced
                case 1: grid.deleteItems(at: model.sections[s].count > 1 ? [IndexPath(item: 0, section: s)] : [])
                default: grid.insertItems(at: [IndexPath(item: 0, section: s), IndexPath(item: 1, section: s)])   // …two announced
                }
            }, completion: nil)
            return "FAIL: invalid update accepted"
        } catch {
            model.sections = saved
            invalidUpdatesRejected += 1
            return snapshot() == state ? "invalid update rejected" : "FAIL: invalid update changed the grid"
        }
    }

    struct State: Equatable {
        var size: Size; var offset: Point; var mounted: [IndexPath]; var selected: [IndexPath]?; var cells: [ObjectIdentifier]; var animating: Bool
    }
    func snapshot() -> State {
        State(size: grid.contentSize, offset: grid.contentOffset, mounted: grid.indexPathsForMountedItems,
              selected: grid.indexPathsForSelectedItems, cells: grid.mountedCells.map(ObjectIdentifier.init), animating: grid.rowAnimations.isRunning)
    }

    func check() -> [String] {
        var problems = gridStateProblems(grid, model)
        if grid.numberOfSections != model.sections.count { problems.append("sections \(grid.numberOfSections) != \(model.sections.count)") }
        for (s, items) in model.sections.enumerated() where grid.numberOfItems(inSection: s) != items.count {
            problems.append("items in \(s): \(grid.numberOfItems(inSection: s)) != \(items.count)")
        }
        if !grid.hasRunningAnimations {
            for cell in grid.mountedCells where cell.editingProgress != (grid.isEditing ? 1 : 0) { problems.append("stale editing phase"); break }
        }
        if grid.pooledCellCounts.contains(where: { $0.count > max(8, grid.items.pool.limitPerIdentifier) }) { problems.append("pool unbounded") }
        return problems
    }

    /// Interactive movement (issue 23): begin (or Alt+arrows, or a long press in edit mode),
    /// random target updates (into the edges: auto-scroll), end or cancel; end calls
    /// moveItemAt exactly once with the destination shown (none for its own place).
    mutating func movementStep() -> String {
        guard grid.isMovingInteractively else {
            switch Int.random(in: 0..<5, using: &rng) {
            case 0:
                let key: TableKey = [.up, .down, .left, .right][Int.random(in: 0..<4, using: &rng)]
                let before = model.moves.count
                grid.handleKey(key, modifiers: .alt)
                return model.moves.count > before + 1 ? " FAIL: Alt+arrow moved twice" : "alt-move \(key)"
            case 1:
                guard grid.isEditing, let ip = grid.indexPathsForVisibleItems.randomElement(using: &rng) else { return "noop" }
                grid.longPress(at: viewportCenter(grid, ip))
                return "long press \(ip)"
            default:
                guard let ip = randomItem() else { return "noop" }
                return grid.beginInteractiveMovementForItem(at: ip) ? "begin move \(ip)" : " FAIL: begin refused for a movable item \(ip)"
            }
        }
        if grid.beginInteractiveMovementForItem(at: randomItem() ?? IndexPath(item: 0, section: 0)) { return " FAIL: a second begin was accepted" }
        switch Int.random(in: 0..<10, using: &rng) {
        case 0..<5:
            let h = max(1, grid.contentSize.height), o = grid.contentOffset.y
            let y = [Double.random(in: -100...(h + 100), using: &rng), o + Double.random(in: 0...max(1, grid.frame.height), using: &rng),
                     o + 3, o + grid.frame.height - 3][Int.random(in: 0..<4, using: &rng)]
            let p = Point(x: Double.random(in: -10...440, using: &rng), y: y)
            if Bool.random(using: &rng) { grid.updateInteractiveMovementTargetPosition(p) } else { grid.pointerDragged(to: Point(x: p.x, y: y - o)) }
            return "move target \(p)"
        case 5..<7:
            clock += Double.random(in: 0...0.2, using: &rng)
            grid.advanceAnimations(to: clock); return "advance (moving) to \(clock)"
        default:
            guard let from = grid.interactiveMovementSource, let to = grid.interactiveMovementDestination else { return " FAIL: no source or destination" }
            let before = model.moves.count
            let ends = Bool.random(using: &rng)
            if ends { grid.endInteractiveMovement() } else { grid.cancelInteractiveMovement() }
            grid.pointerCancelled()
            movementsEnded += 1
            if grid.isMovingInteractively { return " FAIL: still moving after end/cancel" }
            let expected = ends && from != to ? 1 : 0
            if model.moves.count != before + expected { return " FAIL: \(model.moves.count - before) moveItemAt calls for \(ends ? "end" : "cancel") \(from) → \(to)" }
            if expected == 1, model.moves.last!.from != from || model.moves.last!.to != to { return " FAIL: moveItemAt is not \(from) → \(to)" }
            return "\(ends ? "end" : "cancel") move \(from) → \(to)"
        }
    }

    /// A batch update while an item is moved by hand is refused, and nothing changes.
    func refusedBatch() -> String {
        let before = (grid.indexPathsForMountedItems, grid.contentSize, grid.contentOffset)
        do {
            try grid.performBatchUpdatesThrowing({ grid.insertItems(at: [IndexPath(item: 0, section: 0)]) }, completion: nil)
            return " FAIL: a batch update ran while moving"
        } catch let error as BatchUpdateError where error.kind == .interactiveMovementInProgress {
            let after = (grid.indexPathsForMountedItems, grid.contentSize, grid.contentOffset)
            return before == after ? "refused batch" : " FAIL: a refused batch changed the grid"
        } catch {
            return " FAIL: \(error)"
        }
    }
}
