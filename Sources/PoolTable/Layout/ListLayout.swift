/// The list layout: rows stacked in sections (header, rows, footer) over the height index
/// (`TableLayout`), full width in `.plain` style, inset rounded groups in `.grouped`.
@MainActor
final class ListLayout: ItemLayout {
    let style: TableViewStyle
    /// The height index. Replaced whole on reload; mutated in place by updates.
    @exclusivity(unchecked) var storage = TableLayout()   // hot: read on every scroll step
    var breadth = 0.0

    init(style: TableViewStyle) { self.style = style }

    let axis = Axis.vertical
    var version: Int { storage.version }
    var numberOfSections: Int { storage.numberOfSections }
    func numberOfItems(in section: Int) -> Int { storage.numberOfRows(in: section) }
    var contentLength: Double { storage.totalHeight }
    func contains(_ ip: ItemPath) -> Bool { storage.contains(ip) }

    func itemExtent(_ ip: ItemPath) -> (start: Double, length: Double) {
        let (y, h) = storage.rowExtent(ip)
        return (y, h)
    }
    func itemFrame(_ ip: ItemPath, start: Double, length: Double) -> Rect { rowFrame(y: start, height: length) }
    func forEachItem(meeting span: AlongSpan, _ body: (ItemPath, Double, Double) -> Void) {
        storage.forEachRow(from: span.start, to: span.end, body)
    }
    func indexPath(atOffset y: Double) -> ItemPath? { storage.indexPath(atOffset: y) }
    func indexPath(at point: Point) -> ItemPath? { storage.indexPath(atOffset: point.y) }

    func firstItem(startingAtOrAfter y: Double) -> ItemPath? {
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
        storage.indexPath(atOffset: point.y) ?? firstItem(startingAtOrAfter: point.y) ?? lastIndexPath
    }

    func section(atOffset y: Double) -> Int? { storage.section(atOffset: y) }
    func sections(meeting span: AlongSpan) -> Range<Int> { storage.sections(overlapping: span.start, span.end) }
    func start(ofSection s: Int) -> Double { storage.top(ofSection: s) }
    func length(ofSection s: Int) -> Double { storage.sections[s].total }
    func headerLength(ofSection s: Int) -> Double { storage.sections[s].headerHeight }
    func footerLength(ofSection s: Int) -> Double { storage.sections[s].footerHeight }
    func headerTitle(ofSection s: Int) -> String? { storage.sections[s].headerTitle }
    func footerTitle(ofSection s: Int) -> String? { storage.sections[s].footerTitle }

    func item(from ip: ItemPath, along lines: Int) -> ItemPath? { item(from: ip, stepping: lines) }
    func item(from ip: ItemPath, across steps: Int) -> ItemPath? { steps == 0 ? ip : nil }

    func needsMeasuring(_ ip: ItemPath) -> Bool { storage.needsMeasuring(ip) }
    func setMeasuredLength(_ h: Double, of ip: ItemPath) {
        storage.setHeight(h, of: ip)
        storage.setMeasured(ip)
    }

    // MARK: Loading and updates

    func load(from source: any ItemSource) { storage = TableLayout(sections: source.listSections()) }
    func insertSection(at s: Int, from source: any ItemSource) { storage.insertSection(source.listSection(s), at: s) }
    func insertItem(at ip: ItemPath, from source: any ItemSource) {
        let (h, selfSizing) = source.listRowLength(at: ip)
        storage.insertRow(h, at: ip, selfSizing: selfSizing)
    }
    func reloadItem(at ip: ItemPath, from source: any ItemSource) {
        let (h, selfSizing) = source.listRowLength(at: ip)
        if selfSizing { storage.markUnmeasured(ip) } else { storage.setHeight(h, of: ip) }
    }
    func refreshSection(_ t: Int, from source: any ItemSource) {
        guard t < storage.numberOfSections else { return }
        let current = storage.sections[t]
        var section = current
        source.listSectionChrome(t, into: &section)
        guard section.headerTitle != current.headerTitle || section.footerTitle != current.footerTitle
                || section.headerHeight != current.headerHeight || section.footerHeight != current.footerHeight else { return }
        storage.replaceSection(section, at: t)
    }
    func removeItem(at ip: ItemPath) { storage.removeRow(at: ip) }
    func insertItems(_ rows: Range<Int>, section: Int, from source: any ItemSource) {
        switch source.listRowLengths(rows, section: section) {
        case let .uniform(h, n, selfSizing) where !selfSizing && n == rows.count:
            storage.insertRows(h, count: n, at: ItemPath(row: rows.lowerBound, section: section))
        case .uniform, .each:
            for r in rows { insertItem(at: ItemPath(row: r, section: section), from: source) }
        }
    }
    func removeItems(_ rows: Range<Int>, section: Int) { storage.removeRows(rows, section: section) }
    func removeSection(at s: Int) { storage.removeSection(at: s) }

    // MARK: List geometry

    /// Horizontal inset of the rounded groups in `.grouped` style.
    var groupInset: Double { breadth > 600 ? 32 : 16 }

    func rowFrame(y: Double, height: Double) -> Rect {
        style == .grouped
            ? Rect(x: groupInset, y: y, width: max(0, breadth - 2 * groupInset), height: height)
            : Rect(x: 0, y: y, width: breadth, height: height)
    }

    /// The rounded group behind a `.grouped` section's rows.
    func groupRect(ofSection s: Int) -> Rect {
        Rect(x: groupInset, y: itemsStart(ofSection: s), width: max(0, breadth - 2 * groupInset), height: storage.sections[s].rows.total)
    }
}
