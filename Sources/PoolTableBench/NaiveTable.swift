import PoolTable

/// The naive reference: a table laid out the way Chameleon's `UITableView` does it
/// (field note 001, DocC "The life of a row").
///
/// - `reloadData` → `_updateSectionsCache`: asks for every row's height and caches them
///   in one array per section (plus the section's total).
/// - every layout pass (`_layoutTableView`, run on each scroll step) walks every section,
///   and for a section that intersects the viewport walks *every* row from the top,
///   summing heights to find each row's rect and testing it against the viewport: O(n).
///   Cells come from a dictionary keyed by index path (`_cachedCells`), leftovers go to a
///   reuse set (`_reusableCells`), exactly as in the article.
///
/// Chameleon's own `rectForRowAtIndexPath:` re-sums the heights from row 0 for *each* row,
/// which makes the pass O(n²); `literalRowRects` reproduces that. The default is the
/// charitable O(n) version (one running sum per pass), which is what we compare against.
@MainActor
final class NaiveTable {
    struct SectionRecord {
        var headerHeight = 0.0
        var footerHeight = 0.0
        var rowHeights: [Double] = []
        var rowsHeight = 0.0
        var total: Double { headerHeight + rowsHeight + footerHeight }
    }

    let boundsSize: Size
    var contentOffsetY = 0.0
    var literalRowRects = false

    /// The data source, as closures: row count per section, height per row, configure a cell.
    let numberOfSections: () -> Int
    let numberOfRows: (Int) -> Int
    let heightForRow: (IndexPath) -> Double
    let configure: (TableViewCell, IndexPath) -> Void

    private(set) var sections: [SectionRecord] = []
    private var cachedCells: [IndexPath: TableViewCell] = [:]
    private var reusableCells: [TableViewCell] = []
    private var cellFrames: [ObjectIdentifier: Rect] = [:]
    private(set) var contentHeight = 0.0
    private(set) var cellsCreated = 0

    init(size: Size, numberOfSections: @escaping () -> Int, numberOfRows: @escaping (Int) -> Int,
         heightForRow: @escaping (IndexPath) -> Double, configure: @escaping (TableViewCell, IndexPath) -> Void) {
        boundsSize = size
        self.numberOfSections = numberOfSections
        self.numberOfRows = numberOfRows
        self.heightForRow = heightForRow
        self.configure = configure
    }

    var visibleCount: Int { cachedCells.count }

    // MARK: reloadData / _updateSectionsCache / _setContentSize

    func reloadData() {
        // Every cell is removed from the view and both caches are emptied.
        cachedCells.removeAll()
        reusableCells.removeAll()
        cellFrames.removeAll()
        updateSectionsCache()
        contentHeight = sections.reduce(0) { $0 + $1.total }
    }

    private func updateSectionsCache() {
        sections.removeAll()
        for section in 0..<numberOfSections() {
            let n = numberOfRows(section)
            var record = SectionRecord()
            var heights = [Double](repeating: 0, count: n)
            var total = 0.0
            for row in 0..<n {
                let h = heightForRow(IndexPath(row: row, section: section))
                heights[row] = h
                total += h
            }
            record.rowHeights = heights
            record.rowsHeight = total
            sections.append(record)
        }
    }

    // MARK: Geometry, as Chameleon computes it

    private func offsetForSection(_ index: Int) -> Double {
        var offset = 0.0
        for s in 0..<index { offset += sections[s].total }
        return offset
    }

    func rectForSection(_ section: Int) -> Rect {
        Rect(x: 0, y: offsetForSection(section), width: boundsSize.width, height: sections[section].total)
    }

    /// Chameleon's `rectForRowAtIndexPath:`: O(row).
    func rectForRow(at ip: IndexPath) -> Rect {
        let record = sections[ip.section]
        var offset = offsetForSection(ip.section) + record.headerHeight
        for r in 0..<ip.row { offset += record.rowHeights[r] }
        return Rect(x: 0, y: offset, width: boundsSize.width, height: record.rowHeights[ip.row])
    }

    // MARK: Scrolling

    func setContentOffset(_ y: Double) {
        contentOffsetY = max(0, min(y, contentHeight - boundsSize.height))
        layoutTableView()   // layoutSubviews runs on every scroll
    }

    // MARK: _layoutTableView

    func layoutTableView() {
        let visibleBounds = Rect(x: 0, y: contentOffsetY, width: boundsSize.width, height: boundsSize.height)
        var availableCells = cachedCells
        cachedCells.removeAll(keepingCapacity: true)

        for section in 0..<sections.count {
            let sectionRect = rectForSection(section)
            guard sectionRect.intersects(visibleBounds) else { continue }
            let record = sections[section]
            var y = sectionRect.minY + record.headerHeight
            for row in 0..<record.rowHeights.count {
                let ip = IndexPath(row: row, section: section)
                let rowRect = literalRowRects
                    ? rectForRow(at: ip)
                    : Rect(x: 0, y: y, width: boundsSize.width, height: record.rowHeights[row])
                y += record.rowHeights[row]
                if rowRect.intersects(visibleBounds) && rowRect.height > 0 {
                    let cell = availableCells.removeValue(forKey: ip) ?? cellForRow(at: ip)
                    cachedCells[ip] = cell
                    cellFrames[ObjectIdentifier(cell)] = rowRect
                }
            }
        }

        // Cells that left the screen go to the reuse set.
        for cell in availableCells.values { reusableCells.append(cell) }

        // "Remove reusable cells that still intersect the viewport from the superview":
        // a scan of the reuse set against every cached cell, as in the article.
        let allCachedCells = Array(cachedCells.values)
        for cell in reusableCells {
            if let f = cellFrames[ObjectIdentifier(cell)], f.intersects(visibleBounds),
               !allCachedCells.contains(where: { $0 === cell }) {
                cellFrames[ObjectIdentifier(cell)] = nil
            }
        }
    }

    /// The data source's `cellForRowAtIndexPath:` with `dequeueReusableCellWithIdentifier:`.
    private func cellForRow(at ip: IndexPath) -> TableViewCell {
        let cell: TableViewCell
        if let i = reusableCells.firstIndex(where: { $0.reuseIdentifier == "row" }) {
            cell = reusableCells.remove(at: i)
            cell.prepareForReuse()
        } else {
            cell = TableViewCell(reuseIdentifier: "row")
            cellsCreated += 1
        }
        configure(cell, ip)
        return cell
    }
}
