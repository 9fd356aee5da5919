/// The seam between the shared core (`ListBase`: mounting, anchoring, hit-testing,
/// rubber-band selection, keyboard movement) and a geometry. A list and a grid are two
/// implementations (`ListLayout`, `GridGeometry`), as GTK's `GtkListBaseClass` has
/// `gtklistview.c` and `gtkgridview.c` (gtklistbaseprivate.h).
///
/// Phrased in GTK's along / across terms: *along* is the scroll axis (y), *across* the
/// other (x). The viewport always spans the whole width, so whether an item is visible or
/// prepared depends on its along extent only: in a grid, the extent of its line. Items in
/// index order have non-decreasing extents, which is what lets the core keep the visible
/// items as one contiguous run found by binary search.
@MainActor
protocol ItemLayout: AnyObject {
    /// Bumped by every change of geometry, so a layout pass can tell whether it changed.
    var version: Int { get }
    /// The viewport width items are laid out in (a grid re-flows its columns, a grouped list
    /// re-insets its rows).
    var width: Double { get set }

    var numberOfSections: Int { get }
    func numberOfItems(in section: Int) -> Int
    /// The content's height: every section stacked.
    var totalHeight: Double { get }
    /// True for an index path of an existing item.
    func contains(_ ip: ItemPath) -> Bool

    /// The item's along extent (its line's, in a grid); the index path must be valid.
    func itemExtent(_ ip: ItemPath) -> (y: Double, height: Double)
    /// The item's frame in content coordinates when its along extent is `y`/`height` (the
    /// across placement: full width, inset group, grid column).
    func itemFrame(_ ip: ItemPath, y: Double, height: Double) -> Rect
    /// Calls `body` for every item of non-zero extent that meets `minY..<maxY`, in index
    /// order (whole lines of a grid). O(log n + items visited).
    func forEachItem(from minY: Double, to maxY: Double, _ body: (ItemPath, Double, Double) -> Void)
    /// The item whose along extent contains `y` (a grid's first item of that line), or nil
    /// over a header, footer, gap or outside.
    func indexPath(atOffset y: Double) -> ItemPath?
    /// The item under a point in content coordinates; nil over headers, gaps and nothing.
    func indexPath(at point: Point) -> ItemPath?
    /// The first item that starts at or below `y`.
    func firstItem(atOrBelow y: Double) -> ItemPath?
    /// The item a rubber band or drag at `point` reaches: the item under it, else the nearest
    /// one in reading order (clamped into the content).
    func itemForDrag(at point: Point) -> ItemPath?

    /// The section whose extent contains `y`, skipping empty sections; clamped to the last.
    func section(atOffset y: Double) -> Int?
    /// Sections whose extent meets `minY..<maxY`.
    func sections(overlapping minY: Double, _ maxY: Double) -> Range<Int>
    func top(ofSection s: Int) -> Double
    /// Header + items + footer (+ a grid's insets).
    func height(ofSection s: Int) -> Double
    func headerHeight(ofSection s: Int) -> Double
    func footerHeight(ofSection s: Int) -> Double
    func headerTitle(ofSection s: Int) -> String?
    func footerTitle(ofSection s: Int) -> String?

    /// The item `lines` lines before (negative) or after (positive) `ip`, in the same column
    /// where the layout has columns, crossing sections; nil when there is none.
    func item(from ip: ItemPath, along lines: Int) -> ItemPath?
    /// The item `steps` places left (negative) or right of `ip` in its line; nil in a list
    /// or at a line's end.
    func item(from ip: ItemPath, across steps: Int) -> ItemPath?

    // MARK: Self-sizing (lists only; a grid's items have the layout's size)
    func needsMeasuring(_ ip: ItemPath) -> Bool
    func setMeasuredHeight(_ h: Double, of ip: ItemPath)

    // MARK: Mutation by validated batch updates
    func removeItem(at ip: ItemPath)
    func removeSection(at s: Int)
}

extension ItemLayout {
    func rowsTop(ofSection s: Int) -> Double { top(ofSection: s) + headerHeight(ofSection: s) }

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
}
