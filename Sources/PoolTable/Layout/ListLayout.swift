/// The list layout: rows stacked in sections (header, rows, footer) over the height index
/// (`TableLayout`), full width in `.plain` style, inset rounded groups in `.grouped`.
@MainActor
final class ListLayout: ItemLayout {
    let style: TableViewStyle
    /// The height index. Replaced whole on reload; mutated in place by updates.
    @exclusivity(unchecked) var storage = TableLayout()   // hot: read on every scroll step
    var width = 0.0

    init(style: TableViewStyle) { self.style = style }

    var version: Int { storage.version }
    var numberOfSections: Int { storage.numberOfSections }
    func numberOfItems(in section: Int) -> Int { storage.numberOfRows(in: section) }
    var totalHeight: Double { storage.totalHeight }
    func contains(_ ip: ItemPath) -> Bool { storage.contains(ip) }

    func itemExtent(_ ip: ItemPath) -> (y: Double, height: Double) { storage.rowExtent(ip) }
    func itemFrame(_ ip: ItemPath, y: Double, height: Double) -> Rect { rowFrame(y: y, height: height) }
    func forEachItem(from minY: Double, to maxY: Double, _ body: (ItemPath, Double, Double) -> Void) {
        storage.forEachRow(from: minY, to: maxY, body)
    }
    func indexPath(atOffset y: Double) -> ItemPath? { storage.indexPath(atOffset: y) }
    func indexPath(at point: Point) -> ItemPath? { storage.indexPath(atOffset: point.y) }

    func firstItem(atOrBelow y: Double) -> ItemPath? {
        guard var s = storage.section(atOffset: y) else { return nil }
        while s < storage.numberOfSections {
            if storage.numberOfRows(in: s) > 0 {
                let ip = ItemPath(row: 0, section: s)
                if storage.rowExtent(ip).y >= y { return ip }
                if let found = storage.indexPath(atOffset: y) { return item(after: found) }
            }
            s += 1
        }
        return nil
    }

    func itemForDrag(at point: Point) -> ItemPath? {
        storage.indexPath(atOffset: point.y) ?? firstItem(atOrBelow: point.y) ?? lastIndexPath
    }

    func section(atOffset y: Double) -> Int? { storage.section(atOffset: y) }
    func sections(overlapping minY: Double, _ maxY: Double) -> Range<Int> { storage.sections(overlapping: minY, maxY) }
    func top(ofSection s: Int) -> Double { storage.top(ofSection: s) }
    func height(ofSection s: Int) -> Double { storage.sections[s].total }
    func headerHeight(ofSection s: Int) -> Double { storage.sections[s].headerHeight }
    func footerHeight(ofSection s: Int) -> Double { storage.sections[s].footerHeight }
    func headerTitle(ofSection s: Int) -> String? { storage.sections[s].headerTitle }
    func footerTitle(ofSection s: Int) -> String? { storage.sections[s].footerTitle }

    func item(from ip: ItemPath, along lines: Int) -> ItemPath? {
        var current = ip
        for _ in 0..<abs(lines) {
            guard let next = lines < 0 ? item(before: current) : item(after: current) else { return nil }
            current = next
        }
        return current
    }
    func item(from ip: ItemPath, across steps: Int) -> ItemPath? { steps == 0 ? ip : nil }

    func needsMeasuring(_ ip: ItemPath) -> Bool { storage.needsMeasuring(ip) }
    func setMeasuredHeight(_ h: Double, of ip: ItemPath) {
        storage.setHeight(h, of: ip)
        storage.setMeasured(ip)
    }

    func removeItem(at ip: ItemPath) { storage.removeRow(at: ip) }
    func removeSection(at s: Int) { storage.removeSection(at: s) }

    // MARK: List geometry

    /// Horizontal inset of the rounded groups in `.grouped` style.
    var groupInset: Double { width > 600 ? 32 : 16 }

    func rowFrame(y: Double, height: Double) -> Rect {
        style == .grouped
            ? Rect(x: groupInset, y: y, width: max(0, width - 2 * groupInset), height: height)
            : Rect(x: 0, y: y, width: width, height: height)
    }

    /// The rounded group behind a `.grouped` section's rows.
    func groupRect(ofSection s: Int) -> Rect {
        Rect(x: groupInset, y: rowsTop(ofSection: s), width: max(0, width - 2 * groupInset), height: storage.sections[s].rows.total)
    }
}
