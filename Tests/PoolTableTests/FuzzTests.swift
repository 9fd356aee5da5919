import class Foundation.ProcessInfo
import struct Foundation.IndexSet
import Testing
@testable import PoolTable

/// Random operations against a plain model, checking every invariant after each one, on a
/// table (`Fuzzer`) and on a grid (`GridFuzzer`). `POOLTABLE_FUZZ_OPS` sets the number of
/// operations across both views and all seeds (default 100,000); `POOLTABLE_FUZZ_SEED`
/// replays one seed.
@MainActor
@Suite("Model-based fuzzing")
struct FuzzTests {
    nonisolated static var operationCount: Int { ProcessInfo.processInfo.environment["POOLTABLE_FUZZ_OPS"].flatMap(Int.init) ?? 100_000 }
    nonisolated static var seeds: [UInt64] {
        if let s = ProcessInfo.processInfo.environment["POOLTABLE_FUZZ_SEED"].flatMap(UInt64.init) { return [s] }
        return [0xC0FFEE, 0xBEEF]
    }

    /// Operations per view and seed: the total is shared by the table and the grid.
    nonisolated static var operationsPerRun: Int { max(1, operationCount / (seeds.count * 2)) }

    @Test("random operations keep every invariant", arguments: FuzzTests.seeds)
    func fuzz(seed: UInt64) {
        let ops = Self.operationsPerRun
        var fuzzer = Fuzzer(seed: seed)
        for i in 0..<ops {
            let name = fuzzer.step()
            let problems = (name.hasPrefix("FAIL") ? [name] : []) + fuzzer.check(full: i % 16 == 0)
            if !problems.isEmpty {
                Issue.record("fuzz seed \(seed) (replay with POOLTABLE_FUZZ_SEED=\(seed)), operation \(i) \(name): \(problems.prefix(3))")
                return
            }
        }
        #expect(fuzzer.invalidUpdatesRejected > 0)
        #expect(fuzzer.validUpdates > 0)
        if ops >= 5_000 { #expect(fuzzer.movementsEnded > 0) }
    }

    /// Debug builds trap on a broken engine invariant at the entry point that broke it, so
    /// the fuzzers' own checks see one only in release builds. Here the engine is broken
    /// behind its back (no entry point runs, nothing traps): both checks must say so.
    @Test("the fuzzers' checks report a broken engine invariant (they are not dead code)")
    func checksCanReport() throws {
        let fuzzer = Fuzzer(seed: 0xC0FFEE)
        #expect(fuzzer.check(full: true) == [])
        let cell = try #require(fuzzer.table.mountedCells.first)
        cell.isSelected.toggle()
        #expect(fuzzer.check(full: true).contains { $0.hasPrefix("engine invariant:") })
        cell.isSelected.toggle()

        let source = GridSource(counts: [50])
        let grid = makeGrid(source)
        #expect(gridStateProblems(grid, source) == [])
        let item = try #require(grid.mountedCells.first)
        item.isOffscreen.toggle()   // the engine's half of isHidden (the app's is refused on a mounted cell)
        #expect(gridStateProblems(grid, source).contains { $0.hasPrefix("engine invariant:") })
        item.isOffscreen.toggle()
    }

    @Test("random operations keep every invariant on a grid", arguments: FuzzTests.seeds)
    func fuzzGrid(seed: UInt64) {
        let ops = Self.operationsPerRun
        var fuzzer = GridFuzzer(seed: seed)
        for i in 0..<ops {
            let name = fuzzer.step()
            let problems = (name.contains("FAIL") ? [name] : []) + fuzzer.check()
            if !problems.isEmpty {
                Issue.record("grid fuzz seed \(seed) (replay with POOLTABLE_FUZZ_SEED=\(seed)), operation \(i) \(name): \(problems.prefix(3))")
                return
            }
        }
        if ops >= 5_000 {
            #expect(fuzzer.invalidUpdatesRejected > 0)
            #expect(fuzzer.validUpdates > 0)
            #expect(fuzzer.layoutChanges > 0)
            #expect(fuzzer.interactionsBegun > 0)
            #expect(fuzzer.movementsEnded > 0)
        }
    }
}

@MainActor
struct Fuzzer {
    var rng: SeededRandom
    let table = TableView(frame: Rect(x: 0, y: 0, width: 360, height: 500))
    let model: ItemSource
    var clock = 0.0
    var nextID = 100_000
    var invalidUpdatesRejected = 0
    var validUpdates = 0
    /// The selection as item ids, tracked through updates.
    init(seed: UInt64) {
        rng = SeededRandom(seed: seed)
        var r = rng
        model = ItemSource(sections: (0..<3).map { s in Array((s * 1000)..<(s * 1000 + Int.random(in: 0..<30, using: &r))) })
        rng = r
        table.allowsMultipleSelectionDuringEditing = true
        model.movable = true
        model.attach(to: table)
    }

    var movementsEnded = 0

    mutating func step() -> String {
        let op = Int.random(in: 0..<100, using: &rng)
        if table.isMovingInteractively && (58..<80).contains(op) { return refusedBatch() }
        switch op {
        case 0..<2:
            table.reloadData(); return "reload"
        case 2..<22:
            let h = table.contentSize.height
            let y: Double = [Double.random(in: -500...(h + 500), using: &rng), table.contentOffset.y + Double.random(in: -80...80, using: &rng),
                             -1e9, 1e12][Int.random(in: 0..<4, using: &rng)]
            table.contentOffset = Point(x: 0, y: y); return "scroll \(y)"
        case 22..<26:
            let w = [0.0, 1, 200, 360, 900][Int.random(in: 0..<5, using: &rng)], h = [0.0, 1, 120, 500, 1400][Int.random(in: 0..<5, using: &rng)]
            table.frame = Rect(x: 0, y: 0, width: w, height: h); return "resize \(w)x\(h)"
        case 26..<32:
            let animated = Bool.random(using: &rng)
            table.setEditing(!table.isEditing, animated: animated); return "edit \(table.isEditing) animated \(animated)"
        case 32..<42:
            guard let ip = randomRow() else { return "noop" }
            if Bool.random(using: &rng) { table.selectRow(at: ip, animated: Bool.random(using: &rng), scrollPosition: [.none, .top, .middle, .bottom][Int.random(in: 0..<4, using: &rng)]) }
            else { table.deselectRow(at: ip, animated: true) }
            return "select \(ip)"
        case 42..<44:
            if Bool.random(using: &rng) { table.selectAll(animated: true) } else { table.deselectAll(animated: false) }
            return "select all / none"
        case 44..<50:
            guard table.isEditing, let a = randomRow() else { return "noop" }
            let p = Point(x: 20, y: table.rectForRow(at: a).midY - table.contentOffset.y)
            table.pointerDown(at: p)
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                table.pointerDragged(to: Point(x: 20, y: Double.random(in: -20...(table.frame.height + 20), using: &rng)))
                clock += 0.05; table.advanceAnimations(to: clock)
            }
            table.pointerUp(at: p); return "drag-select"
        case 50..<58:
            let keys: [TableKey] = [.up, .down, .pageUp, .pageDown, .home, .end, .space, .enter]
            table.handleKey(keys.randomElement(using: &rng)!, modifiers: Bool.random(using: &rng) ? .shift : []); return "key"
        case 58..<76:
            return validUpdate()
        case 76..<80:
            return invalidUpdate()
        case 80..<84:
            let rows = (0..<Int.random(in: 1...5, using: &rng)).compactMap { _ in randomRow() }
            for ip in rows { model.grown.formSymmetricDifference([model.sections[ip.section][ip.row]]) }
            // Content that changes height needs a reload; reconfigure keeps heights, so undo.
            for ip in rows { model.grown.formSymmetricDifference([model.sections[ip.section][ip.row]]) }
            table.reconfigureRows(at: rows); return "reconfigure"
        case 84..<87:
            table.prefetchDistance = [0, 50, 250, 1000, .nan][Int.random(in: 0..<5, using: &rng)]; return "prefetch"
        case 87..<93:
            return movementStep()
        default:
            clock += Double.random(in: 0...0.4, using: &rng)
            table.advanceAnimations(to: clock); return "advance to \(clock)"
        }
    }

    /// Interactive movement (issue 23): begin (sometimes by the grip in edit mode, or by
    /// Alt+arrows), random target updates (near the edges too, so it auto-scrolls), end or
    /// cancel; end must call moveRowAt exactly once with the destination shown (none for
    /// its own place), cancel never.
    mutating func movementStep() -> String {
        guard table.isMovingInteractively else {
            if Int.random(in: 0..<4, using: &rng) == 0 {
                let key: TableKey = Bool.random(using: &rng) ? .up : .down
                let before = model.moves.count
                table.handleKey(key, modifiers: .alt)
                return model.moves.count > before + 1 ? "FAIL: Alt+arrow moved twice" : "alt-move \(key)"
            }
            guard let ip = randomRow() else { return "noop" }
            return table.beginInteractiveMovementForRow(at: ip) ? "begin move \(ip)" : "FAIL: begin refused for a movable row \(ip)"
        }
        if table.beginInteractiveMovementForRow(at: randomRow() ?? IndexPath(row: 0, section: 0)) { return "FAIL: a second begin was accepted" }
        switch Int.random(in: 0..<10, using: &rng) {
        case 0..<5:
            let h = max(1, table.contentSize.height), o = table.contentOffset.y
            let y = [Double.random(in: -100...(h + 100), using: &rng), o + Double.random(in: 0...table.frame.height, using: &rng),
                     o + 3, o + table.frame.height - 3][Int.random(in: 0..<4, using: &rng)]
            table.updateInteractiveMovementTargetPosition(Point(x: Double.random(in: 0...360, using: &rng), y: y))
            return "move target \(y)"
        case 5..<7:
            clock += Double.random(in: 0...0.2, using: &rng)
            table.advanceAnimations(to: clock); return "advance (moving) to \(clock)"
        default:
            guard let from = table.interactiveMovementSource, let to = table.interactiveMovementDestination else { return "FAIL: no source or destination" }
            let before = model.moves.count
            let ends = Bool.random(using: &rng)
            if ends { table.endInteractiveMovement() } else { table.cancelInteractiveMovement() }
            movementsEnded += 1
            if table.isMovingInteractively { return "FAIL: still moving after end/cancel" }
            let expected = ends && from != to ? 1 : 0
            if model.moves.count != before + expected { return "FAIL: \(model.moves.count - before) moveRowAt calls for \(ends ? "end" : "cancel") \(from) → \(to)" }
            if expected == 1, model.moves.last!.from != from || model.moves.last!.to != to { return "FAIL: moveRowAt \(model.moves.last!) is not \(from) → \(to)" }
            return "\(ends ? "end" : "cancel") move \(from) → \(to)"
        }
    }

    /// A batch update while a row is moved by hand is refused, and nothing changes.
    func refusedBatch() -> String {
        let before = snapshot()
        do {
            try table.performBatchUpdatesThrowing({ table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .automatic) }, completion: nil)
            return "FAIL: a batch update ran while moving"
        } catch let error as BatchUpdateError where error.kind == .interactiveMovementInProgress {
            return snapshot() == before ? "refused batch" : "FAIL: a refused batch changed the table"
        } catch {
            return "FAIL: \(error)"
        }
    }

    mutating func randomRow() -> IndexPath? {
        let nonEmpty = model.sections.indices.filter { !model.sections[$0].isEmpty }
        guard let s = nonEmpty.randomElement(using: &rng) else { return nil }
        return IndexPath(row: Int.random(in: 0..<model.sections[s].count, using: &rng), section: s)
    }

    /// One of: insert rows, delete rows, move, reload, insert section, delete section.
    mutating func validUpdate() -> String {
        let animation: RowAnimation = Bool.random(using: &rng) ? .automatic : .none
        let kind = Int.random(in: 0..<6, using: &rng)
        let before = Set(model.sections.flatMap { $0 })
        let selected = selectedItems(table, model)
        do {
            switch kind {
            case 0:
                guard let s = model.sections.indices.randomElement(using: &rng) else { return "noop" }
                let r = Int.random(in: 0...model.sections[s].count, using: &rng)
                let n = Int.random(in: 1...4, using: &rng)
                let ids = (0..<n).map { _ in defer { nextID += 1 }; return nextID }
                try table.performBatchUpdatesThrowing({
                    model.sections[s].insert(contentsOf: ids, at: r)
                    table.insertRows(at: (r..<(r + n)).map { IndexPath(row: $0, section: s) }, with: animation)
                }, completion: nil)
            case 1:
                guard let ip = randomRow() else { return "noop" }
                try table.performBatchUpdatesThrowing({
                    model.sections[ip.section].remove(at: ip.row)
                    table.deleteRows(at: [ip], with: animation)
                }, completion: nil)
            case 2:
                guard let from = randomRow(), let t = model.sections.indices.randomElement(using: &rng) else { return "noop" }
                let id = model.sections[from.section][from.row]
                let q = Int.random(in: 0...(model.sections[t].count - (t == from.section ? 1 : 0)), using: &rng)
                try table.performBatchUpdatesThrowing({
                    model.sections[from.section].remove(at: from.row)
                    model.sections[t].insert(id, at: q)
                    table.moveRow(at: from, to: IndexPath(row: q, section: t))
                }, completion: nil)
            case 3:
                guard let ip = randomRow() else { return "noop" }
                try table.performBatchUpdatesThrowing({
                    model.grown.formSymmetricDifference([model.sections[ip.section][ip.row]])
                    table.reloadRows(at: [ip], with: animation)
                }, completion: nil)
            case 4:
                guard model.sections.count < 6 else { return "noop" }
                let s = Int.random(in: 0...model.sections.count, using: &rng)
                let ids = (0..<Int.random(in: 0..<12, using: &rng)).map { _ in defer { nextID += 1 }; return nextID }
                try table.performBatchUpdatesThrowing({
                    model.sections.insert(ids, at: s)
                    table.insertSections(IndexSet([s]), with: animation)
                }, completion: nil)
            default:
                guard model.sections.count > 1 else { return "noop" }
                let s = Int.random(in: 0..<model.sections.count, using: &rng)
                try table.performBatchUpdatesThrowing({
                    model.sections.remove(at: s)
                    table.deleteSections(IndexSet([s]), with: animation)
                }, completion: nil)
            }
        } catch {
            return "FAIL: unexpected throw \(error)"
        }
        validUpdates += 1
        // Selection follows items: the surviving selected items are still the selected ones.
        let survivors = selected.intersection(Set(model.sections.flatMap { $0 }))
        let now = selectedItems(table, model)
        if now != survivors { return "FAIL: selection lost after update kind \(kind): \(survivors.subtracting(now)) (before \(before.count) items)" }
        return "update \(kind)"
    }

    /// An update whose counts don't add up: must throw and change nothing.
    mutating func invalidUpdate() -> String {
        guard let s = model.sections.indices.randomElement(using: &rng) else { return "noop" }
        let saved = model.sections
        let state = snapshot()
        do {
            try table.performBatchUpdatesThrowing({
                model.sections[s].append(nextID); nextID += 1      // one row added…
                if Bool.random(using: &rng) { table.insertRows(at: [], with: .automatic) }   // …none announced
                else { table.deleteRows(at: model.sections[s].count > 1 ? [IndexPath(row: 0, section: s)] : [], with: .automatic) }
            }, completion: nil)
            return "FAIL: invalid update accepted"
        } catch {
            model.sections = saved
            invalidUpdatesRejected += 1
            return snapshot() == state ? "invalid update rejected" : "FAIL: invalid update changed the table"
        }
    }

    struct State: Equatable { var size: Size; var offset: Point; var mounted: [IndexPath]; var selected: [IndexPath]?; var cells: [ObjectIdentifier] }
    func snapshot() -> State {
        State(size: table.contentSize, offset: table.contentOffset, mounted: table.indexPathsForMountedRows,
              selected: table.indexPathsForSelectedRows, cells: table.mountedCells.map(ObjectIdentifier.init))
    }

    /// What the engine's own invariants (`invariantViolation()`) cannot see: the cells
    /// against the model, the public lists, editing, the pool's bound, the offset. Order,
    /// range, pooling, duplicates, selection, the band, the visible run and frames are
    /// engine invariants: debug builds trap on them at the entry point that broke them
    /// (ListBase+Invariants.swift), and release-mode fuzzing (scripts/fuzz-release.sh, where
    /// the engine does not check) reports them here through `invariantViolation()`.
    func check(full: Bool) -> [String] {
        var problems: [String] = []
        let mounted = table.indexPathsForMountedRows
        let cells = table.mountedCells
        let visible = table.indexPathsForVisibleRows, prepared = table.indexPathsForPreparedRows
        if Set(visible).intersection(prepared).count > 0 || visible.count + prepared.count != mounted.count { problems.append("visible/prepared not a partition") }
        for (ip, cell) in zip(mounted, cells) {
            guard model.sections.indices.contains(ip.section), model.sections[ip.section].indices.contains(ip.row) else { problems.append("mounted \(ip) is not in the model"); continue }
            if (cell as? ItemCell)?.item != model.sections[ip.section][ip.row] { problems.append("cell at \(ip) shows another item") }
            if !table.hasRunningAnimations && (cell.isEditing != table.isEditing || cell.editingProgress != (table.isEditing ? 1 : 0)) {
                problems.append("stale editing at \(ip)")
            }
        }
        if table.pooledCellCounts.contains(where: { $0.count > max(8, table.items.pool.limitPerIdentifier) }) { problems.append("pool unbounded") }
        let maxOffset = max(0, table.contentSize.height - table.frame.height)
        if table.contentOffset.y < 0 || table.contentOffset.y > maxOffset + 1e-6 { problems.append("offset \(table.contentOffset.y) out of 0...\(maxOffset)") }
        if full { problems += itemStateProblems(table, model).filter { !$0.contains("stale editing") || !table.hasRunningAnimations } }
        if let v = table.invariantViolation() { problems.append("engine invariant: \(v)") }
        return problems
    }
}
