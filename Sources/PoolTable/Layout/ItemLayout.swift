/// The seam between the shared core (`ListBase`: mounting, anchoring, hit-testing,
/// rubber-band selection, keyboard movement) and a geometry. A list, a grid and a
/// horizontal strip are implementations (`ListLayout`, `GridGeometry`, `StripLayout`), as
/// GTK's `GtkListBaseClass` has `gtklistview.c` and `gtkgridview.c` (gtklistbaseprivate.h).
///
/// Phrased in GTK's along / across terms: *along* is the scroll axis (`axis`: y for a
/// vertical list or grid, x for a strip), *across* the other. The viewport always spans
/// the whole breadth, so whether an item is visible or prepared depends on its along extent
/// only: in a grid, the extent of its line. Which items meet a span is the layout's answer
/// (`forEachItem(meeting:)`): the core never assumes they are every item between two index
/// paths. The mounted-items machinery keeps the visible ones as one run found by binary
/// search, which holds for layouts whose extents do not decrease in index order (all three).
///
/// The layout loads and changes its geometry itself, asking an `ItemSource` (the view's data
/// adapter) for what it needs: counts, titles and the lengths the delegate gives.
@MainActor
protocol ItemLayout: AnyObject {
    /// The scroll axis every rect is built along.
    var axis: Axis { get }
    /// Bumped by every change of geometry, so a layout pass can tell whether it changed.
    var version: Int { get }
    /// The viewport's across extent items are laid out in (a grid re-flows its columns, a
    /// grouped list re-insets its rows).
    var breadth: Double { get set }

    var numberOfSections: Int { get }
    func numberOfItems(in section: Int) -> Int
    /// The content's along extent: every section stacked.
    var contentLength: Double { get }
    /// True for an index path of an existing item.
    func contains(_ ip: ItemPath) -> Bool

    /// The item's along extent (its line's, in a grid); the index path must be valid.
    func itemExtent(_ ip: ItemPath) -> (start: Double, length: Double)
    /// The item's frame in content coordinates when its along extent is `start`/`length`
    /// (the across placement: full breadth, inset group, grid column).
    func itemFrame(_ ip: ItemPath, start: Double, length: Double) -> Rect
    /// Calls `body` with the index path and along extent of every item of non-zero length
    /// that meets `span`, in index order (whole lines of a grid). The items need not be
    /// contiguous in index order. O(log n + items visited).
    func forEachItem(meeting span: AlongSpan, _ body: (ItemPath, Double, Double) -> Void)
    /// The item whose along extent contains `offset` (a grid's first item of that line), or
    /// nil over a header, footer, gap or outside.
    func indexPath(atOffset offset: Double) -> ItemPath?
    /// The item under a point in content coordinates; nil over headers, gaps and nothing.
    func indexPath(at point: Point) -> ItemPath?
    /// The first item that starts at or after `offset` along.
    func firstItem(startingAtOrAfter offset: Double) -> ItemPath?
    /// The item a rubber band or drag at `point` reaches: the item under it, else the nearest
    /// one in reading order (clamped into the content).
    func itemForDrag(at point: Point) -> ItemPath?

    /// The section whose extent contains `offset`, skipping empty sections; clamped to the last.
    func section(atOffset offset: Double) -> Int?
    /// Sections whose extent meets `span`.
    func sections(meeting span: AlongSpan) -> Range<Int>
    func start(ofSection s: Int) -> Double
    /// Header + items + footer (+ a grid's insets), along.
    func length(ofSection s: Int) -> Double
    func headerLength(ofSection s: Int) -> Double
    func footerLength(ofSection s: Int) -> Double
    func headerTitle(ofSection s: Int) -> String?
    func footerTitle(ofSection s: Int) -> String?

    /// The item `lines` lines before (negative) or after (positive) `ip`, in the same column
    /// where the layout has columns, crossing sections; nil when there is none.
    func item(from ip: ItemPath, along lines: Int) -> ItemPath?
    /// The item `steps` places across from `ip` in its line; nil in a list or at a line's end.
    func item(from ip: ItemPath, across steps: Int) -> ItemPath?

    /// True for a mounted item scrolled out of the viewport's breadth sideways (an orthogonal
    /// section's): it is prepared, not visible, whatever its along extent.
    func isOutsideBreadth(_ ip: ItemPath, frame: Rect) -> Bool
    /// Bumped when items move across without any other change of geometry (an orthogonal
    /// section scrolled): the mounted items are placed again by a full pass.
    var placementVersion: Int { get }
    /// How far beyond the viewport's breadth, on each side, items may be mounted (an
    /// orthogonal section's items prepared sideways); 0 when none ever is.
    var sidewaysReach: Double { get }

    // MARK: Self-sizing (lists only; a grid's items have the layout's size)
    func needsMeasuring(_ ip: ItemPath) -> Bool
    func setMeasuredLength(_ length: Double, of ip: ItemPath)
    /// Whether `ip`'s measured width counts too (an estimated width along a sideways band).
    func measuresAcross(_ ip: ItemPath) -> Bool
    /// A measured width and height, where `measuresAcross(ip)`.
    func setMeasuredSize(_ size: Size, of ip: ItemPath)

    // MARK: Loading and validated batch updates
    /// Replaces everything with what `source` reports (a reload).
    func load(from source: any ItemSource)
    func insertSection(at s: Int, from source: any ItemSource)
    func insertItem(at ip: ItemPath, from source: any ItemSource)
    /// A reloaded item: its length asked again.
    func reloadItem(at ip: ItemPath, from source: any ItemSource)
    /// A surviving section's titles (and header and footer lengths) asked again: they may
    /// depend on its index.
    func refreshSection(_ s: Int, from source: any ItemSource)
    func removeItem(at ip: ItemPath)
    /// Inserts the new rows `rows` of section `section` (one run, ascending).
    func insertItems(_ rows: Range<Int>, section: Int, from source: any ItemSource)
    /// Removes the old rows `rows` of section `section` (one run).
    func removeItems(_ rows: Range<Int>, section: Int)
    func removeSection(at s: Int)
    /// How long the content would be after a validated update (`mapping`, the new counts):
    /// deleted sections and the rows leaving surviving sections gone, the rows arriving in
    /// them added (their lengths asked from `source`). Inserted sections are not counted: they
    /// are clamped to what is left when they load. A grid or strip counts its items in one
    /// line (its longest flow), as it does when it clamps. Checked against
    /// `ListBase.maximumContentHeight` before the update changes anything.
    func contentLengthAfter(_ mapping: UpdateMapping, newCounts: [Int], from source: any ItemSource) -> Double
}

extension ItemLayout {
    /// Items span the breadth: none is ever outside it.
    func isOutsideBreadth(_ ip: ItemPath, frame: Rect) -> Bool { false }
    var placementVersion: Int { 0 }
    /// Only heights are measured: an item's width is the layout's.
    func measuresAcross(_ ip: ItemPath) -> Bool { false }
    func setMeasuredSize(_ size: Size, of ip: ItemPath) { setMeasuredLength(size.height, of: ip) }
    var sidewaysReach: Double { 0 }

    /// A list's: rows leave and arrive with their own lengths (a run of rows at once).
    func contentLengthAfter(_ mapping: UpdateMapping, newCounts: [Int], from source: any ItemSource) -> Double {
        var length = contentLength
        for (old, new) in mapping.sectionMap.enumerated() where new == nil { length -= self.length(ofSection: old) }
        for t in mapping.newSectionSource.indices {
            guard let s = mapping.newSectionSource[t] else { continue }
            forEachRun(of: mapping.removedOld[t]) { run in
                let first = itemExtent(ItemPath(row: run.lowerBound, section: s)), last = itemExtent(ItemPath(row: run.upperBound - 1, section: s))
                length -= last.start + last.length - first.start
            }
            forEachRun(of: mapping.arrivingNew[t]) { length += source.listRowLengths($0, section: t).total }
        }
        return length
    }

    /// One by one (a layout that has no faster way).
    func insertItems(_ rows: Range<Int>, section: Int, from source: any ItemSource) {
        for r in rows { insertItem(at: ItemPath(row: r, section: section), from: source) }
    }
    /// One by one, last first.
    func removeItems(_ rows: Range<Int>, section: Int) {
        for r in rows.reversed() { removeItem(at: ItemPath(row: r, section: section)) }
    }
}

/// The lengths of a run of arriving rows: one length for all (a table with a fixed
/// `rowHeight`: asked once), or one each.
enum RowLengths {
    case uniform(length: Double, count: Int, selfSizing: Bool)
    case each([(length: Double, selfSizing: Bool)])
    var total: Double {
        switch self {
        case let .uniform(length, count, _): length * Double(count)
        case let .each(list): list.reduce(0) { $0 + $1.length }
        }
    }
}

/// What a layout asks the view's data while it loads and follows updates: counts and titles
/// (sanitised), and, for layouts that take lengths from the delegate (a list), the lengths.
@MainActor
protocol ItemSource: AnyObject {
    /// The number of sections (at least 0).
    func sectionCount() -> Int
    /// The number of items in `section` (at least 0).
    func itemCount(inSection section: Int) -> Int
    func headerTitle(ofSection section: Int) -> String?
    func footerTitle(ofSection section: Int) -> String?
    /// Every section as a list lays it out (counts, titles, header, footer and row lengths).
    func listSections() -> [SectionLayout]
    /// One section as a list lays it out (an inserted section).
    func listSection(_ section: Int) -> SectionLayout
    /// A section's titles and header and footer lengths (a list's refresh).
    func listSectionChrome(_ section: Int, into layout: inout SectionLayout)
    /// One row's length and whether it sizes itself (an inserted or reloaded row).
    func listRowLength(at ip: ItemPath) -> (length: Double, selfSizing: Bool)
    /// The lengths of a run of arriving rows of `section`.
    func listRowLengths(_ rows: Range<Int>, section: Int) -> RowLengths
}

extension ItemSource {
    func headerTitle(ofSection section: Int) -> String? { nil }
    func footerTitle(ofSection section: Int) -> String? { nil }
    func listSections() -> [SectionLayout] { (0..<sectionCount()).map(listSection) }
    func listSection(_ section: Int) -> SectionLayout {
        let n = itemCount(inSection: section)
        return SectionLayout(headerHeight: 0, footerHeight: 0, rows: RowHeights(uniform: 44, count: n),
                             headerTitle: headerTitle(ofSection: section), footerTitle: footerTitle(ofSection: section))
    }
    func listSectionChrome(_ section: Int, into layout: inout SectionLayout) {
        layout.headerTitle = headerTitle(ofSection: section)
        layout.footerTitle = footerTitle(ofSection: section)
    }
    func listRowLength(at ip: ItemPath) -> (length: Double, selfSizing: Bool) { (44, false) }
    func listRowLengths(_ rows: Range<Int>, section: Int) -> RowLengths {
        .each(rows.map { listRowLength(at: ItemPath(row: $0, section: section)) })
    }
}

extension ItemLayout {
    /// Whether the list mounts its own header and footer views for sections with a header
    /// or footer length (a compositional layout's boundary items are supplementary views instead).
    var mountsSectionViews: Bool { !(self is CompositionalGeometry) }

    func itemsStart(ofSection s: Int) -> Double { start(ofSection: s) + headerLength(ofSection: s) }

    /// The item's frame at its current extent.
    func itemFrame(_ ip: ItemPath) -> Rect {
        let (start, length) = itemExtent(ip)
        return itemFrame(ip, start: start, length: length)
    }

    var firstIndexPath: ItemPath? {
        (0..<numberOfSections).first { numberOfItems(in: $0) > 0 }.map { ItemPath(row: 0, section: $0) }
    }
    var lastIndexPath: ItemPath? {
        (0..<numberOfSections).reversed().first { numberOfItems(in: $0) > 0 }
            .map { ItemPath(row: numberOfItems(in: $0) - 1, section: $0) }
    }

    /// The next item in index order, crossing empty sections.
    func item(after ip: ItemPath) -> ItemPath? {
        if ip.row + 1 < numberOfItems(in: ip.section) { return ItemPath(row: ip.row + 1, section: ip.section) }
        var s = ip.section + 1
        while s < numberOfSections {
            if numberOfItems(in: s) > 0 { return ItemPath(row: 0, section: s) }
            s += 1
        }
        return nil
    }

    /// The previous item in index order, crossing empty sections.
    func item(before ip: ItemPath) -> ItemPath? {
        if ip.row > 0 { return ItemPath(row: ip.row - 1, section: ip.section) }
        var s = ip.section - 1
        while s >= 0 {
            let n = numberOfItems(in: s)
            if n > 0 { return ItemPath(row: n - 1, section: s) }
            s -= 1
        }
        return nil
    }

    /// The item `lines` places before or after `ip` in index order (a list's up/down).
    func item(from ip: ItemPath, stepping lines: Int) -> ItemPath? {
        var current = ip
        for _ in 0..<abs(lines) {
            guard let next = lines < 0 ? item(before: current) : item(after: current) else { return nil }
            current = next
        }
        return current
    }
}
