import PoolTable

/// `pooltable-bench outline` (issue 25): expanding and collapsing outline rows through the
/// diffable data source and the table, engine only (no window): a node with 100,000
/// children, and a tree of 1,010,100 nodes. Each figure is the median of several runs of
/// `TableView.expandRow(at:)` / `collapseRow(at:)` (the data source's handlers, the section
/// snapshot, the run fast path, the table's batch update and the layout pass that follows),
/// with the first visible row's y on screen before and after.
@MainActor
struct OutlineBench {
    let runs: Int

    init(smoke: Bool) { runs = smoke ? 3 : 15 }

    struct Row {
        var name: String
        var expand: Double
        var collapse: Double
        var rowsInserted: Int
        var pinned: String
    }

    /// A table of 800x600 with fixed 44-point rows showing `outline`.
    func makeTable(_ outline: SectionSnapshot<Int>) -> (TableView, TableViewDiffableDataSource<Int, Int>) {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 800, height: 600))
        table.register({ TableViewCell(reuseIdentifier: $0) }, forCellReuseIdentifier: "row")
        let source = TableViewDiffableDataSource<Int, Int>(tableView: table) { t, ip, id in
            let cell = t.dequeueReusableCell(withIdentifier: "row", for: ip)
            cell.text = "item \(id)"
            return cell
        }
        source.apply(outline, to: 0, animatingDifferences: false)
        table.layoutIfNeeded()
        return (table, source)
    }

    /// Expands and collapses the row at `row` `runs` times with the viewport at `offset`;
    /// animations run to their end between runs.
    func measure(_ name: String, outline: SectionSnapshot<Int>, row: Int, offset: Double, recursively: Bool = false) -> Row {
        let (table, source) = makeTable(outline)
        table.contentOffset = Point(x: 0, y: offset)
        table.layoutIfNeeded()
        let ip = IndexPath(row: row, section: 0)
        var expands: [Double] = [], collapses: [Double] = []
        var inserted = 0
        var pinned = true
        var detail = ""
        var t = 0.0
        func settle() { t += 10; table.advanceAnimations(to: t); table.advanceAnimations(to: t + 1); t += 1 }
        for k in 0..<runs {
            let top = table.indexPathsForVisibleRows.first ?? ip
            let item = source.itemIdentifier(for: top)
            let before = table.rectForRow(at: top).minY - table.contentOffset.y
            let count = table.numberOfRows(inSection: 0)
            expands.append(timeMicros { table.expandRow(at: ip, recursively: recursively) } / 1000)
            inserted = table.numberOfRows(inSection: 0) - count
            let moved = item.flatMap { source.indexPath(for: $0) } ?? top
            let after = table.rectForRow(at: moved).minY - table.contentOffset.y
            if abs(after - before) > 0.5 { pinned = false }
            if k == 0 { detail = "first visible row \(top.row) at y \(fmt(before, 1)) → row \(moved.row) at y \(fmt(after, 1))" }
            settle()
            collapses.append(timeMicros { table.collapseRow(at: ip) } / 1000)
            let back = item.flatMap { source.indexPath(for: $0) } ?? top
            if abs(table.rectForRow(at: back).minY - table.contentOffset.y - before) > 0.5 { pinned = false }
            settle()
        }
        return Row(name: name, expand: Stats.median(expands), collapse: Stats.median(collapses), rowsInserted: inserted,
                   pinned: (pinned ? "pinned: " : "MOVED: ") + detail)
    }

    /// The same expand without the fast path: a snapshot with the same items whose tree was
    /// built again (a new shape), so the data source diffs the whole section.
    func measureFullDiff(outline: SectionSnapshot<Int>, parent: Int) -> (expand: Double, collapse: Double) {
        let (table, source) = makeTable(outline)
        var expands: [Double] = [], collapses: [Double] = []
        var t = 0.0
        for _ in 0..<max(3, runs / 3) {
            var open = rebuilt(outline)
            open.expand([parent])
            expands.append(timeMicros { source.apply(open, to: 0, animatingDifferences: true) } / 1000)
            t += 10; table.advanceAnimations(to: t); table.advanceAnimations(to: t + 1)
            let closed = rebuilt(outline)
            collapses.append(timeMicros { source.apply(closed, to: 0, animatingDifferences: true) } / 1000)
            t += 10; table.advanceAnimations(to: t); table.advanceAnimations(to: t + 1)
        }
        return (Stats.median(expands), Stats.median(collapses))
    }

    /// A copy of `outline`'s tree and expanded items, built item by item (a new shape).
    func rebuilt(_ outline: SectionSnapshot<Int>) -> SectionSnapshot<Int> {
        var out = SectionSnapshot<Int>()
        out.append(outline.children(of: nil))
        for item in outline.items where outline.hasChildren(item) { out.append(outline.children(of: item), to: item) }
        out.expand(outline.items.filter { outline.isExpanded($0) })
        return out
    }

    func run() -> String {
        // 1. 50 roots; root 3 has 100,000 children.
        var wide = SectionSnapshot<Int>()
        wide.append(Array(0..<50))
        wide.append(Array(1_000_000..<1_100_000), to: 3)
        // 2. 1,010,100 nodes: 100 roots × 100 children × 100 grandchildren; every root
        //    expanded (10,100 rows visible).
        var deep = SectionSnapshot<Int>()
        deep.append(Array(0..<100))
        for r in 0..<100 {
            let kids = (0..<100).map { 1_000 + r * 100 + $0 }
            deep.append(kids, to: r)
            for k in kids { deep.append((0..<100).map { 100_000 + (k - 1_000) * 100 + $0 }, to: k) }
        }
        deep.expand(Array(0..<100))
        let rows = [
            measure("100,000 children, node above the viewport (first visible row 10)", outline: wide, row: 3, offset: 44 * 10),
            measure("100,000 children, node on screen (row 3 of 0..13)", outline: wide, row: 3, offset: 0),
            measure("1,010,100-node tree: a level-1 node (100 children) on screen", outline: deep, row: 1, offset: 0),
            measure("1,010,100-node tree: a level-1 node above the viewport", outline: deep, row: 101, offset: 44 * 5_000),
        ]
        var deepCollapsed = deep
        deepCollapsed.collapse(Array(0..<100))
        let recursive = measure("1,010,100-node tree: * on a root (10,100 rows, head/tail compare)", outline: deepCollapsed, row: 0,
                                offset: 0, recursively: true)
        let full = measureFullDiff(outline: wide, parent: 3)
        var lines = ["PoolTable outline benchmark (release; engine only; viewport 800x600, rows 44 pt; medians of \(runs) runs)", ""]
        lines.append("| case | expand ms | collapse ms | rows in/out | first visible row |")
        lines.append("|---|---|---|---|---|")
        for r in rows + [recursive] {
            lines.append("| \(r.name) | \(fmt(r.expand, 3)) | \(fmt(r.collapse, 3)) | \(r.rowsInserted) | \(r.pinned) |")
        }
        lines.append("| 100,000 children through the full diff (a rebuilt tree, no fast path) | \(fmt(full.expand, 3)) | \(fmt(full.collapse, 3)) | 100000 | |")
        let target = rows[0].expand <= 5 && rows[1].expand <= 5
        lines.append("")
        lines.append("target: expanding 100,000 children <= 5 ms with the first visible row pinned: "
                     + (target && rows[0].pinned.hasPrefix("pinned") ? "met" : "NOT met") + " (\(fmt(rows[0].expand, 3)) ms, \(fmt(rows[1].expand, 3)) ms)")
        return lines.joined(separator: "\n")
    }
}
