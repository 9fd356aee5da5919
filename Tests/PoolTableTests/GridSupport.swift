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

/// A grid data source + delegate over sections of item ids. Records every delegate call in
/// order (`calls`), and what a cell showed when it was displayed.
@MainActor
final class GridSource: CollectionViewDataSource, CollectionViewDelegate {
    enum Call: Equatable {
        case willDisplay(IndexPath), didEndDisplaying(IndexPath)
        case didSelect(IndexPath), didDeselect(IndexPath)
        case shouldBegin(IndexPath), didBegin(IndexPath), didEnd
        case selectionDidChange, activate(IndexPath)
    }

    var sections: [[Int]]
    var titles: Bool
    /// What `shouldBeginMultipleSelectionInteractionAt` answers; nil uses the protocol's default.
    var beginsMultipleSelection: Bool?
    var calls: [Call] = []
    var cellForItemCalls = 0
    var createdCells = 0
    /// Index paths displayed with a cell whose `isSelected` disagreed with the grid's selection.
    var staleOnDisplay: [IndexPath] = []

    init(sections: [[Int]], titles: Bool = false) {
        self.sections = sections
        self.titles = titles
    }

    /// `count` items per section, ids 0, 1, 2, … across sections.
    convenience init(counts: [Int], titles: Bool = false) {
        var next = 0
        self.init(sections: counts.map { n in defer { next += n }; return Array(next..<(next + n)) }, titles: titles)
    }

    /// The grid holds its data source weakly (as UIKit does): keep attached sources alive.
    static var attached: [GridSource] = []

    func attach(to grid: CollectionView) {
        Self.attached.append(self)
        grid.register({ [weak self] id in
            self?.createdCells += 1
            return GridProbeCell(reuseIdentifier: id)
        }, forCellWithReuseIdentifier: "photo")
        grid.dataSource = self
        grid.delegate = self
        grid.reloadData()
    }

    func id(at ip: IndexPath) -> Int? {
        guard sections.indices.contains(ip.section), sections[ip.section].indices.contains(ip.item) else { return nil }
        return sections[ip.section][ip.item]
    }

    var calledDelegate: [Call] { calls.filter { if case .willDisplay = $0 { return false }; if case .didEndDisplaying = $0 { return false }; return true } }

    func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        sections.indices.contains(section) ? sections[section].count : 0
    }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        cellForItemCalls += 1
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "photo", for: indexPath) as! GridProbeCell
        cell.item = id(at: indexPath)        // tolerant of a grid that asks about stale counts
        return cell
    }
    func collectionView(_ collectionView: CollectionView, titleForHeaderInSection section: Int) -> String? {
        titles ? "Section \(section)" : nil
    }

    func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath) {
        calls.append(.willDisplay(indexPath))
        if cell.isSelected != collectionView.isItemSelected(at: indexPath) { staleOnDisplay.append(indexPath) }
    }
    func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell, forItemAt indexPath: IndexPath) {
        calls.append(.didEndDisplaying(indexPath))
    }
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) { calls.append(.didSelect(indexPath)) }
    func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) { calls.append(.didDeselect(indexPath)) }
    func collectionView(_ collectionView: CollectionView, shouldBeginMultipleSelectionInteractionAt indexPath: IndexPath) -> Bool {
        calls.append(.shouldBegin(indexPath))
        return beginsMultipleSelection ?? false
    }
    func collectionView(_ collectionView: CollectionView, didBeginMultipleSelectionInteractionAt indexPath: IndexPath) {
        calls.append(.didBegin(indexPath))
    }
    func collectionViewDidEndMultipleSelectionInteraction(_ collectionView: CollectionView) { calls.append(.didEnd) }
    func collectionViewSelectionDidChange(_ collectionView: CollectionView) { calls.append(.selectionDidChange) }
    func collectionView(_ collectionView: CollectionView, didActivateItemAt indexPath: IndexPath) { calls.append(.activate(indexPath)) }

    // Moving by hand (issue 23), when `movable`: every move the grid asks for.
    var movable = false
    var moves: [(from: IndexPath, to: IndexPath)] = []
    func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { movable }
    func collectionView(_ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        moves.append((sourceIndexPath, destinationIndexPath))
        sections[destinationIndexPath.section].insert(sections[sourceIndexPath.section].remove(at: sourceIndexPath.item), at: destinationIndexPath.item)
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
