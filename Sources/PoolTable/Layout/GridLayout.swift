/// Insets of a grid section's items, in logical pixels.
public struct EdgeInsets: Hashable, Sendable {
    /// The inset from each edge.
    public var top, left, bottom, right: Double
    /// Insets from each edge.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    /// No inset.
    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

/// A vertical flow of equal items, row by row (UIKit's `UICollectionViewFlowLayout`): as
/// many columns as fit the width, the extra width spread between them.
public struct GridLayout: Hashable, Sendable {
    /// Default 100 x 100. A size wider than the view is narrowed to it (one column).
    public var itemSize = Size(width: 100, height: 100)
    /// The least space between items of a line. Default 10; extra width is spread between items.
    public var minimumInteritemSpacing = 10.0
    /// The space between lines. Default 10.
    public var minimumLineSpacing = 10.0
    /// Space around each section's items (below its header). Default zero.
    public var sectionInset = EdgeInsets.zero
    /// Default 0; > 0 gives each section a header that sticks while its items scroll under it.
    public var headerHeight = 0.0
    /// The defaults: 100 x 100 items, 10 px spacing, no inset, no headers.
    public init() {}
}

/// The grid's geometry behind `ItemLayout`: per section a count of items (a header, the
/// section inset, lines of equal items), with a Fenwick tree over section heights so that
/// finding a section by offset is O(log sections) and everything inside a section is
/// arithmetic. Layout cost does not grow with the number of items.
@MainActor
final class GridGeometry: ItemLayout {
    struct Section {
        var count: Int
        var title: String?
    }

    /// The sanitised parameters; setting them re-flows.
    private(set) var parameters = GridLayout()
    private var sections: [Section] = []
    private var heights = FenwickTree<Double>([])
    private(set) var version = 0
    let axis = Axis.vertical
    var breadth = 0.0 { didSet { if breadth != oldValue { reflow() } } }

    /// Derived from the parameters and the width by `reflow`.
    private(set) var columns = 1
    private(set) var itemWidth = 100.0
    private var itemHeight = 100.0
    private var columnStride = 110.0
    private var lineStride = 110.0

    /// Sets the parameters (already sanitised by the view) and re-flows.
    func setParameters(_ p: GridLayout) {
        parameters = p
        reflow()
    }

    /// Told when a section's count was clamped to fit `ListBase.maximumContentHeight`:
    /// (section, count reported, count kept).
    var onClamp: ((Int, Int, Int) -> Void)?

    /// Replaces every section (a reload): counts and header titles from `source`, each count
    /// clamped to what is left of `ListBase.maximumContentHeight` in one column.
    func load(from source: any ItemSource) {
        sections = []
        var budget = ListBase.maximumContentHeight
        for s in 0..<source.sectionCount() {
            sections.append(sectionFrom(source, s, budget: budget))
            budget -= oneColumnLength(sections[s].count)
        }
        rebuildHeights()
    }

    /// Section `s` from `source`, its count clamped so that it fits `budget` points in one column.
    private func sectionFrom(_ source: any ItemSource, _ s: Int, budget: Double) -> Section {
        let count = source.itemCount(inSection: s)
        let kept = Self.itemCount(fitting: budget, count: count, parameters: parameters)
        if kept < count { onClamp?(s, count, kept) }
        return Section(count: kept, title: source.headerTitle(ofSection: s))
    }

    /// How many of `count` items fit in `budget` points in one column (the narrowest flow:
    /// a grid's content is longest there, so what fits there fits at every width).
    nonisolated static func itemCount(fitting budget: Double, count: Int, parameters p: GridLayout) -> Int {
        let items = budget - p.headerHeight - p.sectionInset.top - p.sectionInset.bottom
        let stride = p.itemSize.height + p.minimumLineSpacing
        guard items >= p.itemSize.height, stride > 0 else { return 0 }
        let fit = ((items + p.minimumLineSpacing) / stride).rounded(.down)
        return fit < Double(count) ? Int(fit) : count
    }

    /// The content in one column at the current parameters (what the clamp keeps within
    /// `ListBase.maximumContentHeight`).
    var oneColumnContentLength: Double { sections.indices.reduce(0.0) { $0 + oneColumnLength(sections[$1].count) } }

    /// A section of `count` items in one column.
    private func oneColumnLength(_ count: Int) -> Double {
        let p = parameters
        let items = count > 0 ? Double(count) * p.itemSize.height + Double(count - 1) * p.minimumLineSpacing : 0
        return p.headerHeight + p.sectionInset.top + items + p.sectionInset.bottom
    }

    /// The content in one column after an update: surviving sections at their new counts,
    /// plus the sections already there that the update keeps.
    func contentLengthAfter(_ mapping: UpdateMapping, newCounts: [Int], from source: any ItemSource) -> Double {
        mapping.newSectionSource.indices.reduce(0.0) { sum, t in
            mapping.newSectionSource[t] == nil ? sum : sum + oneColumnLength(newCounts[t])
        }
    }

    // MARK: Flow

    private func reflow() {
        let p = parameters
        let available = max(1, breadth - p.sectionInset.left - p.sectionInset.right)
        itemWidth = min(p.itemSize.width, available)
        itemHeight = p.itemSize.height
        columns = max(1, Int(((available + p.minimumInteritemSpacing) / (itemWidth + p.minimumInteritemSpacing)).rounded(.down)))
        let spacing = columns > 1 ? (available - Double(columns) * itemWidth) / Double(columns - 1) : 0
        columnStride = itemWidth + spacing
        lineStride = itemHeight + p.minimumLineSpacing
        rebuildHeights()
    }

    private func rebuildHeights() {
        heights = FenwickTree(sections.indices.map(sectionHeight))
        version &+= 1
    }

    /// Lines of `count` items (without the overflow of `count + columns - 1` near `Int.max`).
    private func lines(_ count: Int) -> Int { count / columns + (count % columns == 0 ? 0 : 1) }

    private func sectionHeight(_ s: Int) -> Double {
        let n = lines(sections[s].count)
        let items = n > 0 ? Double(n) * itemHeight + Double(n - 1) * parameters.minimumLineSpacing : 0
        return parameters.headerHeight + parameters.sectionInset.top + items + parameters.sectionInset.bottom
    }

    /// Where a section's first line starts.
    private func itemsTop(_ s: Int) -> Double { start(ofSection: s) + parameters.headerHeight + parameters.sectionInset.top }

    /// The line of section `s` whose extent contains `y` (clamped to the section's lines), or
    /// nil when `y` is above its first line.
    private func line(in s: Int, at y: Double) -> (line: Int, inside: Bool)? {
        let n = lines(sections[s].count)
        guard n > 0 else { return nil }
        let local = y - itemsTop(s)
        guard local >= 0 else { return nil }
        let l = min(n - 1, Int((local / lineStride).rounded(.down)))
        return (l, local - Double(l) * lineStride < itemHeight)
    }

    private func column(at x: Double) -> (column: Int, inside: Bool) {
        let local = x - parameters.sectionInset.left
        let c = min(columns - 1, max(0, Int((local / columnStride).rounded(.down))))
        let within = local - Double(c) * columnStride
        return (c, local >= 0 && within < itemWidth)
    }

    // MARK: ItemLayout

    var numberOfSections: Int { sections.count }
    func numberOfItems(in section: Int) -> Int { section >= 0 && section < sections.count ? sections[section].count : 0 }
    var contentLength: Double { heights.prefixSum(sections.count) }
    func contains(_ ip: ItemPath) -> Bool {
        ip.section >= 0 && ip.section < sections.count && ip.row >= 0 && ip.row < sections[ip.section].count
    }

    func itemExtent(_ ip: ItemPath) -> (start: Double, length: Double) {
        (itemsTop(ip.section) + Double(ip.row / columns) * lineStride, itemHeight)
    }

    func itemFrame(_ ip: ItemPath, start: Double, length: Double) -> Rect {
        axis.rect(along: start, length: length, across: parameters.sectionInset.left + Double(ip.row % columns) * columnStride, breadth: itemWidth)
    }

    func forEachItem(meeting span: AlongSpan, _ body: (ItemPath, Double, Double) -> Void) {
        let minY = span.start, maxY = span.end
        guard maxY > minY, itemHeight > 0, var s = section(atOffset: max(0, minY)) else { return }
        while s < sections.count {
            if start(ofSection: s) >= maxY { break }
            let count = sections[s].count
            if count > 0 {
                let first = line(in: s, at: minY)?.line ?? 0
                var l = first
                let linesStart = itemsTop(s)
                while l < lines(count) {
                    let y = linesStart + Double(l) * lineStride
                    if y >= maxY { break }
                    if y + itemHeight > minY {
                        for item in (l * columns)..<min(count, (l + 1) * columns) { body(ItemPath(row: item, section: s), y, itemHeight) }
                    }
                    l += 1
                }
            }
            s += 1
        }
    }

    func indexPath(atOffset y: Double) -> ItemPath? {
        guard y >= 0, y < contentLength, let s = section(atOffset: y), let (l, inside) = line(in: s, at: y), inside else { return nil }
        return ItemPath(row: l * columns, section: s)
    }

    func indexPath(at point: Point) -> ItemPath? {
        guard let first = indexPath(atOffset: point.y) else { return nil }
        let (c, inside) = column(at: point.x)
        let ip = ItemPath(row: first.row + c, section: first.section)
        return inside && contains(ip) ? ip : nil
    }

    func firstItem(startingAtOrAfter y: Double) -> ItemPath? {
        guard var s = section(atOffset: max(0, y)) else { return nil }
        while s < sections.count {
            let count = sections[s].count
            if count > 0 {
                let local = y - itemsTop(s)
                let l = local <= 0 ? 0 : Int((local / lineStride).rounded(.up))
                if l < lines(count) { return ItemPath(row: l * columns, section: s) }
            }
            s += 1
        }
        return nil
    }

    func itemForDrag(at point: Point) -> ItemPath? {
        let start = indexPath(atOffset: point.y) ?? firstItem(startingAtOrAfter: point.y)
        guard let start else { return lastIndexPath }
        let c = column(at: point.x).column
        return ItemPath(row: min(start.row + c, sections[start.section].count - 1), section: start.section)
    }

    func section(atOffset y: Double) -> Int? {
        guard !sections.isEmpty else { return nil }
        return min(heights.countFitting(y).count, sections.count - 1)
    }

    func sections(meeting span: AlongSpan) -> Range<Int> {
        let minY = span.start, maxY = span.end
        guard maxY > minY, let first = section(atOffset: max(0, minY)) else { return 0..<0 }
        var s = first
        while s < sections.count && start(ofSection: s) < maxY { s += 1 }
        return first..<s
    }

    func start(ofSection s: Int) -> Double { heights.prefixSum(max(0, min(s, sections.count))) }
    func length(ofSection s: Int) -> Double { sectionHeight(s) }
    func headerLength(ofSection s: Int) -> Double { parameters.headerHeight }
    func footerLength(ofSection s: Int) -> Double { 0 }
    func headerTitle(ofSection s: Int) -> String? { s >= 0 && s < sections.count ? sections[s].title : nil }
    func footerTitle(ofSection s: Int) -> String? { nil }

    func item(from ip: ItemPath, along lines: Int) -> ItemPath? {
        let c = ip.row % columns
        var s = ip.section, l = ip.row / columns + lines
        // Walk into neighbouring sections, keeping the column (clamped to a short last line).
        while l < 0 {
            s -= 1
            guard s >= 0 else { return nil }
            l += self.lines(sections[s].count)
        }
        while l >= self.lines(sections[s].count) {
            l -= self.lines(sections[s].count)
            s += 1
            guard s < sections.count else { return nil }
        }
        return ItemPath(row: min(l * columns + c, sections[s].count - 1), section: s)
    }

    func item(from ip: ItemPath, across steps: Int) -> ItemPath? {
        let c = ip.row % columns + steps
        guard c >= 0, c < columns, contains(ItemPath(row: ip.row + steps, section: ip.section)) else { return nil }
        return ItemPath(row: ip.row + steps, section: ip.section)
    }

    func needsMeasuring(_ ip: ItemPath) -> Bool { false }
    func setMeasuredLength(_ h: Double, of ip: ItemPath) {}

    // MARK: Mutation

    private func setCount(_ count: Int, of s: Int) {
        let before = sectionHeight(s)
        sections[s].count = count
        heights.add(sectionHeight(s) - before, at: s)
        version &+= 1
    }

    func insertItem(at ip: ItemPath, from source: any ItemSource) {
        guard ip.section >= 0 && ip.section < sections.count else { return }
        setCount(sections[ip.section].count + 1, of: ip.section)
    }

    func removeItem(at ip: ItemPath) {
        guard contains(ip) else { return }
        setCount(sections[ip.section].count - 1, of: ip.section)
    }

    func insertSection(at index: Int, from source: any ItemSource) {
        let budget = ListBase.maximumContentHeight - sections.indices.reduce(0.0) { $0 + oneColumnLength(sections[$1].count) }
        sections.insert(sectionFrom(source, index, budget: budget), at: min(max(0, index), sections.count))
        rebuildHeights()
    }

    /// A reloaded item keeps the layout's size.
    func reloadItem(at ip: ItemPath, from source: any ItemSource) {}

    func refreshSection(_ s: Int, from source: any ItemSource) {
        guard s >= 0 && s < sections.count else { return }
        sections[s].title = source.headerTitle(ofSection: s)
    }

    func removeSection(at index: Int) {
        guard index >= 0 && index < sections.count else { return }
        sections.remove(at: index)
        rebuildHeights()
    }
}
