import struct Foundation.IndexSet
@testable import PoolTable

/// A grid cell that remembers which item it was configured for and how often it was reused.
@MainActor
final class GridProbeCell: CollectionViewCell {
    /// The model's item id; nil for an index path the model does not have.
    var item: Int?
    var reuseCount = 0
    override func prepareForReuse() {
        super.prepareForReuse()
        reuseCount += 1
        item = nil
    }
    /// Draws "item <id>" over the whole cell, so a recording canvas shows where it was drawn.
    override func drawContent(in canvas: Canvas, bounds: Rect) {
        super.drawContent(in: canvas, bounds: bounds)
        canvas.drawText("item \(item.map(String.init) ?? "?")", in: bounds, style: TextStyle())
    }
}

/// The grid fixture over sections of item ids with `GridProbeCell`s (reuse identifier
/// "photo"): records every delegate call in order (`calls`), and what a cell showed when it
/// was displayed.
@MainActor
final class GridSource: GridSourceFixture {
    init(sections: [[Int]], titles: Bool = false) {
        super.init(sections: sections, reuseIdentifier: "photo", cell: { GridProbeCell(reuseIdentifier: $0) })
        configure = { cell, _, id in (cell as! GridProbeCell).item = id }
        self.titles = titles
    }

    /// `count` items per section, ids 0, 1, 2, … across sections.
    convenience init(counts: [Int], titles: Bool = false) {
        self.init(sections: consecutiveIDs(counts), titles: titles)
    }

    /// Section headers titled "Section s".
    var titles: Bool {
        get { headerTitle != nil }
        set { headerTitle = newValue ? { "Section \($0)" } : nil }
    }
    /// Whether every item moves by hand (issue 23); the moves are in `moves`.
    var movable: Bool {
        get { canMove != nil }
        set { canMove = newValue ? { _ in true } : nil }
    }
}

/// A delegate that keeps every default (no method implemented).
@MainActor
final class DefaultGridDelegate: CollectionViewDelegate {}

/// A grid layout in one expression.
func gridLayout(item: Size = Size(width: 100, height: 100), interitem: Double = 10, line: Double = 10,
                inset: EdgeInsets = .zero, header: Double = 0) -> GridLayout {
    var l = GridLayout()
    l.itemSize = item
    l.minimumInteritemSpacing = interitem
    l.minimumLineSpacing = line
    l.sectionInset = inset
    l.headerHeight = header
    return l
}

/// A grid over `source`, laid out.
@MainActor
func makeGrid(_ source: GridSource, width: Double = 400, height: Double = 600, layout: GridLayout = gridLayout()) -> CollectionView {
    let grid = CollectionView(frame: Rect(x: 0, y: 0, width: width, height: height), layout: layout)
    source.attach(to: grid)
    return grid
}

/// Article 000's assertions ported to items, beyond the engine's own invariants: visible
/// and prepared partition the mounted items, mounted lines are whole, every mounted cell shows its own item through the public lookups and
/// carries the grid's editing state, the offset is in range. Order, pooling, duplicates,
/// hiding, selection, the band, the visible run and frames are engine invariants
/// (`invariantViolation()`): debug builds trap on them at the entry point that broke them,
/// release-mode fuzzing (scripts/fuzz-release.sh) reports them here. Returns the problems
/// found (empty = fine).
@MainActor
func gridStateProblems(_ grid: CollectionView, _ source: GridSource) -> [String] {
    var problems: [String] = []
    let visible = grid.indexPathsForVisibleItems
    let prepared = grid.indexPathsForPreparedItems
    let mounted = grid.indexPathsForMountedItems
    let cells = grid.mountedCells
    if !Set(visible).isDisjoint(with: prepared) { problems.append("visible and prepared overlap") }
    if Set(visible).union(prepared) != Set(mounted) || visible.count + prepared.count != mounted.count {
        problems.append("mounted != visible + prepared")
    }
    let animating = grid.rowAnimations.isRunning
    let lines = Dictionary(grouping: mounted, by: { grid.rectForItem(at: $0).minY })
    for (_, line) in lines {
        let first = line.min()!
        let columns = grid.numberOfColumns
        let lineStart = first.item - first.item % columns
        let lineCount = min(columns, grid.numberOfItems(inSection: first.section) - lineStart)
        if !animating && line.count != lineCount { problems.append("line at \(first) is mounted in part (\(line.count) of \(lineCount))") }
    }
    for (ip, cell) in zip(mounted, cells) {
        guard let probe = cell as? GridProbeCell else { problems.append("foreign cell at \(ip)"); continue }
        if probe.item != source.id(at: ip) { problems.append("cell at \(ip) shows item \(String(describing: probe.item)), not \(String(describing: source.id(at: ip)))") }
        if grid.indexPath(for: cell) != ip { problems.append("indexPath(for:) of \(ip) is wrong") }
        if grid.cellForItem(at: ip) !== cell { problems.append("cellForItem(at: \(ip)) is not its cell") }
        if cell.isEditing != grid.isEditing { problems.append("cell at \(ip) editing=\(cell.isEditing), grid=\(grid.isEditing)") }
    }
    let offset = grid.contentOffset.y
    if offset < 0 || offset > max(0, grid.contentSize.height - grid.frame.height) + 1e-6 { problems.append("offset \(offset) out of range") }
    if let v = grid.invariantViolation() { problems.append("engine invariant: \(v)") }
    return problems
}

/// The selected item ids.
@MainActor
func selectedIDs(_ grid: CollectionView, _ source: GridSource) -> Set<Int> {
    Set((grid.indexPathsForSelectedItems ?? []).compactMap { source.id(at: $0) })
}

/// The center of an item in viewport coordinates.
@MainActor
func viewportCenter(_ grid: CollectionView, _ ip: IndexPath) -> Point {
    let r = grid.rectForItem(at: ip)
    return Point(x: r.midX, y: r.midY - grid.contentOffset.y)
}

/// The first item whose top edge is inside the viewport (what anchoring keeps in place).
@MainActor
func firstFullyVisibleItem(_ grid: CollectionView) -> IndexPath? {
    let top = grid.contentOffset.y
    return grid.indexPathsForVisibleItems.first { grid.rectForItem(at: $0).minY >= top }
}
