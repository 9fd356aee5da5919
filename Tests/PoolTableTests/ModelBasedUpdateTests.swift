import struct Foundation.IndexSet
import Testing
@testable import PoolTable

@MainActor
@Suite("Model-based: random batch updates against a plain array model")
struct ModelBasedUpdateTests {
    @Test("random inserts, deletes, moves, reloads and section changes", arguments: [1 as UInt64, 2, 3, 4])
    func randomBatches(seed: UInt64) throws {
        var rng = SeededRandom(seed: seed)
        let table = TableView(frame: Rect(x: 0, y: 0, width: 360, height: 480))
        table.allowsMultipleSelectionDuringEditing = true
        var nextID = 10_000
        let model = ItemSource(sections: (0..<4).map { s in Array((s * 100)..<(s * 100 + Int.random(in: 0..<40, using: &rng))) })
        model.attach(to: table)
        table.setEditing(true, animated: false)
        var clock = 0.0
        for step in 0..<300 {
            // Selection and scrolling between updates.
            if let s = model.sections.indices.randomElement(using: &rng), !model.sections[s].isEmpty {
                table.selectRow(at: IndexPath(row: Int.random(in: 0..<model.sections[s].count, using: &rng), section: s), animated: false, scrollPosition: .none)
            }
            table.contentOffset = Point(x: 0, y: Double.random(in: 0...max(1, table.contentSize.height), using: &rng))
            let chosen = selectedItems(table, model)
            let animation: RowAnimation = Bool.random(using: &rng) ? .automatic : .none
            try table.performBatchUpdatesThrowing({
                for _ in 0..<Int.random(in: 1...4, using: &rng) {
                    randomChange(model: model, table: table, rng: &rng, nextID: &nextID, animation: animation)
                }
            }, completion: nil)
            var problems = itemStateProblems(table, model, selected: chosen.intersection(Set(model.sections.flatMap { $0 })))
            clock += Double.random(in: 0...0.2, using: &rng)
            table.advanceAnimations(to: clock)
            problems += itemStateProblems(table, model)
            if !problems.isEmpty { Issue.record("seed \(seed) step \(step): \(problems.prefix(4))"); return }
        }
    }

    /// One change to the model, announced to the table inside the open batch. Changes are
    /// made so that UIKit's index conventions hold: each one is applied to a model snapshot
    /// in "old" terms first (deletes, reloads, move sources), "new" terms last.
    private func randomChange(model: ItemSource, table: TableView, rng: inout SeededRandom, nextID: inout Int, animation: RowAnimation) {
        // Keep it to one kind of change per batch call to make old/new indices unambiguous.
        switch Int.random(in: 0..<7, using: &rng) {
        case 0, 1: // insert rows at new positions
            guard let s = model.sections.indices.randomElement(using: &rng), !table.pendingUpdatesTouch(section: s) else { return }
            let n = Int.random(in: 1...3, using: &rng)
            var ips: [IndexPath] = []
            for _ in 0..<n {
                let r = Int.random(in: 0...model.sections[s].count, using: &rng)
                model.sections[s].insert(nextID, at: r); nextID += 1
                ips = ips.map { $0.row >= r ? IndexPath(row: $0.row + 1, section: s) : $0 }
                ips.append(IndexPath(row: r, section: s))
            }
            table.insertRows(at: ips, with: animation)
        case 2, 3: // delete rows (old positions)
            guard let s = model.sections.indices.randomElement(using: &rng), !model.sections[s].isEmpty, !table.pendingUpdatesTouch(section: s) else { return }
            let rows = Set((0..<Int.random(in: 1...3, using: &rng)).map { _ in Int.random(in: 0..<model.sections[s].count, using: &rng) })
            for r in rows.sorted(by: >) { model.sections[s].remove(at: r) }
            table.deleteRows(at: rows.map { IndexPath(row: $0, section: s) }, with: animation)
        case 4: // move a row within or across sections
            guard let s = model.sections.indices.randomElement(using: &rng), !model.sections[s].isEmpty,
                  let t = model.sections.indices.randomElement(using: &rng),
                  !table.pendingUpdatesTouch(section: s), !table.pendingUpdatesTouch(section: t) else { return }
            let r = Int.random(in: 0..<model.sections[s].count, using: &rng)
            let id = model.sections[s].remove(at: r)
            let q = Int.random(in: 0...model.sections[t].count, using: &rng)
            model.sections[t].insert(id, at: q)
            table.moveRow(at: IndexPath(row: r, section: s), to: IndexPath(row: q, section: t))
        case 5: // reload a row: same item, new content (and so a new height)
            guard let s = model.sections.indices.randomElement(using: &rng), !model.sections[s].isEmpty, !table.pendingUpdatesTouch(section: s) else { return }
            let r = Int.random(in: 0..<model.sections[s].count, using: &rng)
            let id = model.sections[s][r]
            if model.grown.contains(id) { model.grown.remove(id) } else { model.grown.insert(id) }
            table.reloadRows(at: [IndexPath(row: r, section: s)], with: animation)
        default: // insert or delete a whole section
            guard !table.pendingUpdatesTouchAny else { return }
            if Bool.random(using: &rng) || model.sections.count < 2 {
                let s = Int.random(in: 0...model.sections.count, using: &rng)
                model.sections.insert((0..<Int.random(in: 0..<8, using: &rng)).map { _ in defer { nextID += 1 }; return nextID }, at: s)
                table.insertSections(IndexSet([s]), with: animation)
            } else {
                let s = Int.random(in: 0..<model.sections.count, using: &rng)
                model.sections.remove(at: s)
                table.deleteSections(IndexSet([s]), with: animation)
            }
        }
    }
}

extension TableView {
    /// Whether the open batch already changes `section` (the random test then skips, so that
    /// every change it makes has unambiguous old and new index paths).
    func pendingUpdatesTouch(section s: Int) -> Bool {
        pendingUpdatesTouchAny
    }
    var pendingUpdatesTouchAny: Bool { !pendingUpdates.isEmpty }
}
