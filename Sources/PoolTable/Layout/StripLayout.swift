/// The parameters of a horizontal strip of cards (a row that scrolls left and right, as a
/// "Recent" shelf above a grid): every item is `itemWidth` wide and as tall as the view less
/// the insets, with `itemSpacing` between items; sections follow one another.
public struct StripLayout: Equatable, Sendable {
    /// Each item's width (along the strip).
    public var itemWidth = 120.0
    /// The gap between items (and between sections).
    public var itemSpacing = 8.0
    /// Space at the strip's left and right ends.
    public var horizontalInset = 8.0
    /// Space above and below the items.
    public var verticalInset = 8.0

    /// The default strip: 120 pt cards, 8 pt apart, inset 8 pt.
    public init() {}
}

/// A strip's geometry behind `ItemLayout`: along = x. Per section a count of equal items
/// (no headers), with a Fenwick tree over section lengths so that finding a section by
/// offset is O(log sections) and everything inside one is arithmetic. It reuses the core
/// unchanged: `MountedItems` mounts, recycles and keeps the visible run from the along
/// extents it reports, exactly as for a vertical list.
@MainActor
final class StripGeometry: ItemLayout {
    let axis = Axis.horizontal
    private(set) var parameters = StripLayout()
    private var counts: [Int] = []
    private var titles: [String?] = []
    private var lengths = FenwickTree<Double>([])
    private(set) var version = 0
    var breadth = 0.0 { didSet { if breadth != oldValue { version &+= 1 } } }

    private var stride: Double { parameters.itemWidth + parameters.itemSpacing }

    func setParameters(_ p: StripLayout) {
        parameters = p
        rebuild()
    }

    private func rebuild() {
        lengths = FenwickTree(counts.indices.map(sectionLength))
        version &+= 1
    }

    /// Items and the gaps after them; the first section also carries the leading inset and
    /// the last the trailing one.
    private func sectionLength(_ s: Int) -> Double {
        var length = Double(counts[s]) * stride
        if s == 0 { length += parameters.horizontalInset }
        if s == counts.count - 1 { length += parameters.horizontalInset - (counts[s] > 0 ? parameters.itemSpacing : 0) }
        return max(0, length)
    }

    private func itemsStart(_ s: Int) -> Double { start(ofSection: s) + (s == 0 ? parameters.horizontalInset : 0) }

    // MARK: ItemLayout

    var numberOfSections: Int { counts.count }
    func numberOfItems(in section: Int) -> Int { section >= 0 && section < counts.count ? counts[section] : 0 }
    var contentLength: Double { lengths.prefixSum(counts.count) }
    func contains(_ ip: ItemPath) -> Bool { ip.section >= 0 && ip.section < counts.count && ip.row >= 0 && ip.row < counts[ip.section] }

    func itemExtent(_ ip: ItemPath) -> (start: Double, length: Double) {
        (itemsStart(ip.section) + Double(ip.row) * stride, parameters.itemWidth)
    }
    func itemFrame(_ ip: ItemPath, start: Double, length: Double) -> Rect {
        axis.rect(along: start, length: length, across: parameters.verticalInset, breadth: max(0, breadth - 2 * parameters.verticalInset))
    }

    func forEachItem(meeting span: AlongSpan, _ body: (ItemPath, Double, Double) -> Void) {
        guard span.end > span.start, parameters.itemWidth > 0, var s = section(atOffset: max(0, span.start)) else { return }
        while s < counts.count, start(ofSection: s) < span.end {
            let first = itemsStart(s)
            var r = max(0, Int(((span.start - first) / stride).rounded(.down)))
            while r < counts[s] {
                let a = first + Double(r) * stride
                if a >= span.end { break }
                if a + parameters.itemWidth > span.start { body(ItemPath(row: r, section: s), a, parameters.itemWidth) }
                r += 1
            }
            s += 1
        }
    }

    func indexPath(atOffset x: Double) -> ItemPath? {
        guard x >= 0, x < contentLength, let s = section(atOffset: x), counts[s] > 0 else { return nil }
        let local = x - itemsStart(s)
        guard local >= 0 else { return nil }
        let r = Int((local / stride).rounded(.down))
        guard r < counts[s], local - Double(r) * stride < parameters.itemWidth else { return nil }
        return ItemPath(row: r, section: s)
    }

    func indexPath(at point: Point) -> ItemPath? {
        guard point.y >= parameters.verticalInset, point.y < breadth - parameters.verticalInset else { return nil }
        return indexPath(atOffset: point.x)
    }

    func firstItem(startingAtOrAfter x: Double) -> ItemPath? {
        guard var s = section(atOffset: max(0, x)) else { return nil }
        while s < counts.count {
            let local = x - itemsStart(s)
            let r = local <= 0 ? 0 : Int((local / stride).rounded(.up))
            if r < counts[s] { return ItemPath(row: r, section: s) }
            s += 1
        }
        return nil
    }

    func itemForDrag(at point: Point) -> ItemPath? {
        indexPath(atOffset: point.x) ?? firstItem(startingAtOrAfter: point.x) ?? lastIndexPath
    }

    func section(atOffset x: Double) -> Int? {
        guard !counts.isEmpty else { return nil }
        return min(lengths.countFitting(x).count, counts.count - 1)
    }

    func sections(meeting span: AlongSpan) -> Range<Int> {
        guard span.end > span.start, let first = section(atOffset: max(0, span.start)) else { return 0..<0 }
        var s = first
        while s < counts.count && start(ofSection: s) < span.end { s += 1 }
        return first..<s
    }

    func start(ofSection s: Int) -> Double { lengths.prefixSum(max(0, min(s, counts.count))) }
    func length(ofSection s: Int) -> Double { sectionLength(s) }
    func headerLength(ofSection s: Int) -> Double { 0 }
    func footerLength(ofSection s: Int) -> Double { 0 }
    func headerTitle(ofSection s: Int) -> String? { s >= 0 && s < titles.count ? titles[s] : nil }
    func footerTitle(ofSection s: Int) -> String? { nil }

    func item(from ip: ItemPath, along lines: Int) -> ItemPath? { item(from: ip, stepping: lines) }
    func item(from ip: ItemPath, across steps: Int) -> ItemPath? { steps == 0 ? ip : nil }

    func needsMeasuring(_ ip: ItemPath) -> Bool { false }
    func setMeasuredLength(_ length: Double, of ip: ItemPath) {}

    // MARK: Loading and updates

    /// Told when a section's count was clamped to fit `ListBase.maximumContentHeight`:
    /// (section, count reported, count kept).
    var onClamp: ((Int, Int, Int) -> Void)?

    /// Every section from `source`, each count clamped to what is left of
    /// `ListBase.maximumContentHeight` (less both insets).
    func load(from source: any ItemSource) {
        let n = source.sectionCount()
        counts = []
        var budget = ListBase.maximumContentHeight - 2 * parameters.horizontalInset
        for s in 0..<n {
            counts.append(count(of: s, from: source, budget: budget))
            budget -= Double(counts[s]) * stride
        }
        titles = (0..<n).map { source.headerTitle(ofSection: $0) }
        rebuild()
    }
    /// Section `s`'s count from `source`, clamped to the items whose strides fit `budget`.
    private func count(of s: Int, from source: any ItemSource, budget: Double) -> Int {
        let count = source.itemCount(inSection: s)
        let fit = (max(0, budget + parameters.itemSpacing) / stride).rounded(.down)
        let kept = fit < Double(count) ? Int(fit) : count
        if kept < count { onClamp?(s, count, kept) }
        return kept
    }
    /// Items and gaps after an update (surviving sections at their new counts) and both insets.
    func contentLengthAfter(_ mapping: UpdateMapping, newCounts: [Int], from source: any ItemSource) -> Double {
        mapping.newSectionSource.indices.reduce(2 * parameters.horizontalInset) { sum, t in
            mapping.newSectionSource[t] == nil ? sum : sum + Double(newCounts[t]) * stride
        } - parameters.itemSpacing
    }
    func insertSection(at s: Int, from source: any ItemSource) {
        let at = min(max(0, s), counts.count)
        let used = counts.reduce(0.0) { $0 + Double($1) * stride }
        counts.insert(count(of: s, from: source, budget: ListBase.maximumContentHeight - 2 * parameters.horizontalInset - used), at: at)
        titles.insert(source.headerTitle(ofSection: s), at: at)
        rebuild()
    }
    func insertItem(at ip: ItemPath, from source: any ItemSource) {
        guard ip.section >= 0 && ip.section < counts.count else { return }
        counts[ip.section] += 1
        rebuild()
    }
    func reloadItem(at ip: ItemPath, from source: any ItemSource) {}
    func refreshSection(_ s: Int, from source: any ItemSource) {
        guard s >= 0 && s < titles.count else { return }
        titles[s] = source.headerTitle(ofSection: s)
    }
    func removeItem(at ip: ItemPath) {
        guard contains(ip) else { return }
        counts[ip.section] -= 1
        rebuild()
    }
    func removeSection(at s: Int) {
        guard s >= 0 && s < counts.count else { return }
        counts.remove(at: s)
        titles.remove(at: s)
        rebuild()
    }
}
