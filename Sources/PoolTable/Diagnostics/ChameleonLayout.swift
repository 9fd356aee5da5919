/// The Chameleon replica (field note 001, DocC "The life of a row"): a list layout that answers the
/// layout pass the way Chameleon's `UITableView` does. Its `layoutSubviews` calls
/// `_updateSectionsCache`, which copies every row's height into a freshly allocated array
/// and re-sums the section, on every pass; then it walks every row to find those meeting
/// the visible bounds. PoolTable keeps the heights in an index and finds the band in
/// O(log n); this wrapper throws that away for the pass's queries (`forEachItem`), so a
/// pass costs O(n) — on a million rows, orders of magnitude more, which the debug
/// overlay's "layout pass" figure shows. Everything else is the wrapped list layout's.
///
/// Switched on with `TableView.chameleonLayoutReplica`; a diagnostic, never the default.
@MainActor
final class ChameleonLayout: ItemLayout {
    let list: ListLayout
    /// How many full re-sums have run (one per query of a layout pass).
    private(set) var resums = 0
    /// Each section's rows' height as the last re-sum found it (Chameleon's
    /// `sectionRecord.rowsHeight`).
    private(set) var sectionRowsHeights: [Double] = []

    init(wrapping list: ListLayout) { self.list = list }

    /// Chameleon's pass: re-read every section's heights into new arrays and re-sum them,
    /// then walk every row, reporting those meeting `minY..<maxY`.
    /// Like Chameleon, it re-sums even when the range is empty (a step that brings no row).
    func forEachItem(meeting span: AlongSpan, _ body: (ItemPath, Double, Double) -> Void) {
        let minY = span.start, maxY = span.end
        resums += 1
        var y = 0.0
        var sums: [Double] = []
        sums.reserveCapacity(list.storage.numberOfSections)
        for s in 0..<list.storage.numberOfSections {
            let section = list.storage.sections[s]
            let n = section.rows.count
            // `_updateSectionsCache`: malloc the row heights, ask for each, sum them.
            var heights = [Double](repeating: 0, count: n)
            var rowsHeight = 0.0
            for r in 0..<n {
                let h = section.rows.height(ofRow: r)
                heights[r] = h
                rowsHeight += h
            }
            y += section.headerHeight
            // `layoutSubviews`: every row's rect, tested against the visible bounds.
            for r in 0..<n {
                let h = heights[r]
                if h > 0 && y < maxY && y + h > minY { body(ItemPath(row: r, section: s), y, h) }
                y += h
            }
            y += section.footerHeight
            sums.append(rowsHeight)
        }
        sectionRowsHeights = sums
    }

    // MARK: Everything else: the wrapped list layout

    var axis: Axis { list.axis }
    var version: Int { list.version }
    var breadth: Double {
        get { list.breadth }
        set { list.breadth = newValue }
    }
    var numberOfSections: Int { list.numberOfSections }
    func numberOfItems(in section: Int) -> Int { list.numberOfItems(in: section) }
    var contentLength: Double { list.contentLength }
    func contains(_ ip: ItemPath) -> Bool { list.contains(ip) }
    func itemExtent(_ ip: ItemPath) -> (start: Double, length: Double) { list.itemExtent(ip) }
    func itemFrame(_ ip: ItemPath, start: Double, length: Double) -> Rect { list.itemFrame(ip, start: start, length: length) }
    func indexPath(atOffset y: Double) -> ItemPath? { list.indexPath(atOffset: y) }
    func indexPath(at point: Point) -> ItemPath? { list.indexPath(at: point) }
    func firstItem(startingAtOrAfter y: Double) -> ItemPath? { list.firstItem(startingAtOrAfter: y) }
    func itemForDrag(at point: Point) -> ItemPath? { list.itemForDrag(at: point) }
    func section(atOffset y: Double) -> Int? { list.section(atOffset: y) }
    func sections(meeting span: AlongSpan) -> Range<Int> { list.sections(meeting: span) }
    func start(ofSection s: Int) -> Double { list.start(ofSection: s) }
    func length(ofSection s: Int) -> Double { list.length(ofSection: s) }
    func headerLength(ofSection s: Int) -> Double { list.headerLength(ofSection: s) }
    func footerLength(ofSection s: Int) -> Double { list.footerLength(ofSection: s) }
    func headerTitle(ofSection s: Int) -> String? { list.headerTitle(ofSection: s) }
    func footerTitle(ofSection s: Int) -> String? { list.footerTitle(ofSection: s) }
    func item(from ip: ItemPath, along lines: Int) -> ItemPath? { list.item(from: ip, along: lines) }
    func item(from ip: ItemPath, across steps: Int) -> ItemPath? { list.item(from: ip, across: steps) }
    func needsMeasuring(_ ip: ItemPath) -> Bool { list.needsMeasuring(ip) }
    func setMeasuredLength(_ h: Double, of ip: ItemPath) { list.setMeasuredLength(h, of: ip) }
    func load(from source: any ItemSource) { list.load(from: source) }
    func insertSection(at s: Int, from source: any ItemSource) { list.insertSection(at: s, from: source) }
    func insertItem(at ip: ItemPath, from source: any ItemSource) { list.insertItem(at: ip, from: source) }
    func reloadItem(at ip: ItemPath, from source: any ItemSource) { list.reloadItem(at: ip, from: source) }
    func refreshSection(_ s: Int, from source: any ItemSource) { list.refreshSection(s, from: source) }
    func removeItem(at ip: ItemPath) { list.removeItem(at: ip) }
    func removeSection(at s: Int) { list.removeSection(at: s) }
}

extension TableView {
    /// Diagnostic, off by default: lays the table out the way Chameleon's `UITableView`
    /// does (seed 001), re-summing every row height on every layout pass (O(n) per pass
    /// instead of O(log n)). The rows shown are the same; only the cost differs, which the
    /// debug overlay's "layout pass" figure shows. See `ChameleonLayout`.
    @_spi(Diagnostics) public var chameleonLayoutReplica: Bool {
        get { geometry is ChameleonLayout }
        set {
            guard newValue != chameleonLayoutReplica else { return }
            // The mounted band is recomputed by the next pass, through the new queries.
            replaceLayout(newValue ? ChameleonLayout(wrapping: listLayout) : listLayout)
        }
    }

    /// Full re-sums the Chameleon replica has done (0 while it is off).
    var chameleonResums: Int { (geometry as? ChameleonLayout)?.resums ?? 0 }
}
