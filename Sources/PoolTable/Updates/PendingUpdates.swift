/// The changes collected inside one `performBatchUpdates` call, with UIKit's conventions:
/// deletes, reloads and move sources name old index paths; inserts and move targets name new
/// ones.
struct PendingUpdates {
    var deletedSections = Set<Int>()
    var insertedSections = Set<Int>()
    var deletedRows = Set<ItemPath>()
    var insertedRows = Set<ItemPath>()
    var reloadedRows = Set<ItemPath>()
    var moves: [ItemPath: ItemPath] = [:]
    /// Sections reloaded (old indexes); `resolvingReloadedSections` turns each into a delete
    /// of the old section and an insert at its new index, as UIKit does.
    var reloadedSections = Set<Int>()
    var conflicts: [String] = []
    /// True when any change asked for an animation (moves always animate).
    var animated = false
    /// Contiguous runs of rows inserted (new rows) or deleted (old rows) as one change each
    /// (an outline's expand or collapse): O(1) to collect and to test, however long.
    var insertedRuns: [RowRun] = []
    var deletedRuns: [RowRun] = []

    var isEmpty: Bool {
        deletedSections.isEmpty && insertedSections.isEmpty && deletedRows.isEmpty && insertedRows.isEmpty
            && reloadedRows.isEmpty && moves.isEmpty && reloadedSections.isEmpty && insertedRuns.isEmpty && deletedRuns.isEmpty
    }

    /// True if the new row `ip` was inserted (alone or in a run).
    func isInserted(_ ip: ItemPath) -> Bool {
        insertedRows.contains(ip) || insertedRuns.contains { $0.section == ip.section && $0.rows.contains(ip.row) }
    }

    mutating func insertRun(_ run: RowRun) {
        if insertedRuns.contains(where: { $0.section == run.section && $0.rows.overlaps(run.rows) }) {
            conflicts.append("inserted rows \(run.rows) of section \(run.section) are named twice")
        }
        if !run.rows.isEmpty { insertedRuns.append(run) }
    }
    mutating func deleteRun(_ run: RowRun) {
        if deletedRuns.contains(where: { $0.section == run.section && $0.rows.overlaps(run.rows) }) {
            conflicts.append("deleted rows \(run.rows) of section \(run.section) are named twice")
        }
        if !run.rows.isEmpty { deletedRuns.append(run) }
    }

    /// Single rows named inside a run as well (checked once, when the batch is validated).
    var runConflicts: String? {
        func inRun(_ runs: [RowRun], _ ip: ItemPath) -> Bool { runs.contains { $0.section == ip.section && $0.rows.contains(ip.row) } }
        if !deletedRuns.isEmpty {
            if let ip = deletedRows.first(where: { inRun(deletedRuns, $0) }) { return "deleted row \(ip) is named twice" }
            if let ip = reloadedRows.first(where: { inRun(deletedRuns, $0) }) { return "row \(ip) is both reloaded and deleted" }
            if let ip = moves.keys.first(where: { inRun(deletedRuns, $0) }) { return "row \(ip) is both moved and deleted" }
        }
        if !insertedRuns.isEmpty {
            if let ip = insertedRows.first(where: { inRun(insertedRuns, $0) }) { return "inserted row \(ip) is named twice" }
            if let ip = moves.values.first(where: { inRun(insertedRuns, $0) }) { return "row \(ip) is both a move's target and inserted" }
        }
        return nil
    }

    mutating func note(_ animation: RowAnimation) { if animation != .none { animated = true } }

    mutating func insertRows(_ ips: [ItemPath]) { insertedRows = adding(ips, to: insertedRows, what: "inserted row") }
    mutating func deleteRows(_ ips: [ItemPath]) { deletedRows = adding(ips, to: deletedRows, what: "deleted row") }
    mutating func reloadRows(_ ips: [ItemPath]) { reloadedRows = adding(ips, to: reloadedRows, what: "reloaded row") }
    mutating func insertSections(_ s: [Int]) { insertedSections = adding(s, to: insertedSections, what: "inserted section") }
    mutating func deleteSections(_ s: [Int]) { deletedSections = adding(s, to: deletedSections, what: "deleted section") }
    mutating func reloadSections(_ s: [Int]) { reloadedSections = adding(s, to: reloadedSections, what: "reloaded section") }

    /// Each reloaded section becomes a deleted old section plus an inserted section at the
    /// index it has after the batch's other section changes.
    func resolvingReloadedSections(oldSectionCount: Int) -> PendingUpdates {
        guard !reloadedSections.isEmpty else { return self }
        var p = self
        var newIndex: [Int: Int] = [:]
        var next = 0
        for s in 0..<max(0, oldSectionCount) where !deletedSections.contains(s) {
            while insertedSections.contains(next) { next += 1 }
            newIndex[s] = next
            next += 1
        }
        for s in reloadedSections.sorted() {
            if deletedSections.contains(s) { p.conflicts.append("section \(s) is both reloaded and deleted"); continue }
            p.deletedSections.insert(s)       // out of range: validation reports it
            if let t = newIndex[s] { p.insertedSections.insert(t) }
        }
        p.reloadedSections = []
        return p
    }

    mutating func moveRow(_ from: ItemPath, _ to: ItemPath) {
        if moves[from] != nil { conflicts.append("row \(from) is moved twice") }
        moves[from] = to
        animated = true
    }

    private mutating func adding<T: Hashable>(_ items: [T], to set: Set<T>, what: String) -> Set<T> {
        var set = set
        for item in items where !set.insert(item).inserted { conflicts.append("\(what) \(item) is named twice") }
        return set
    }
}

/// A contiguous run of rows of one section.
struct RowRun: Equatable {
    var section: Int
    var rows: Range<Int>
}

/// Calls `body` with each run of `rows`, first to last (or last to first when `reversed`).
func forEachRun(of rows: SortedRows, reversed: Bool = false, _ body: (Range<Int>) -> Void) {
    if reversed { for r in rows.runs.reversed() { body(r) } } else { for r in rows.runs { body(r) } }
}

/// How old rows and sections map to new ones after validated updates. Answers in
/// O(updates in the section), never O(rows).
struct UpdateMapping {
    /// Old section → new section (nil: deleted).
    var sectionMap: [Int?]
    /// Per new section: the old section it came from (nil: inserted).
    var newSectionSource: [Int?]
    /// Per new section: old rows that leave (deleted or moved away).
    var removedOld: [SortedRows]
    /// Per new section: new rows that arrive (inserted or moved in).
    var arrivingNew: [SortedRows]
    var moves: [ItemPath: ItemPath]
    var deletedRows: Set<ItemPath>

    /// Where an old row is now; nil if it was deleted (with its section or alone).
    func map(_ old: ItemPath) -> ItemPath? {
        if let to = moves[old] { return to }
        guard old.section >= 0, old.section < sectionMap.count, let t = sectionMap[old.section] else { return nil }
        if deletedRows.contains(old) { return nil }
        let removed = removedOld[t]
        if removed.contains(old.row) { return nil }
        // The k-th surviving old row fills the k-th new slot that is not an arrival.
        let k = old.row - removed.countBelow(old.row)
        return ItemPath(row: k + arrivingNew[t].arrivalsBefore(slot: k), section: t)
    }
}
