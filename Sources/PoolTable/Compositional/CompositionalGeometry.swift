import Logging

/// A compositional layout's geometry behind `ItemLayout`: sections stack along y, a Fenwick
/// tree over their lengths finds a section by offset in O(log sections), and inside a
/// section everything is arithmetic on its group template (`SectionGeometry`). Each item
/// reports its group's along extent, so extents never decrease in index order and the core's
/// mounting, prepared items, selection and keyboard work unchanged.
///
/// The section provider is asked for every section at a load and again when the width
/// changes. A nil section or one that cannot be laid out is logged once (at error level) and
/// keeps its last good layout.
@MainActor
final class CompositionalGeometry: ItemLayout {
    let layout: CollectionViewCompositionalLayout
    let axis = Axis.vertical
    private(set) var version = 0
    private(set) var sections: [SectionGeometry] = []
    private var titles: [String?] = []
    private var lengths = FenwickTree<Double>([])
    /// The view's height (what fractional heights of a group are fractions of).
    var viewportLength: () -> Double = { 0 }
    /// How far beyond the view's breadth, on both sides, an orthogonal section's items are
    /// prepared (the view's prefetch distance turned sideways).
    var sidewaysPreparedDistance: () -> Double = { 0 }
    /// Bumped when an orthogonal section scrolls: the items' places change, nothing else
    /// does (supplementary views stay bound; see `placementVersion`).
    private(set) var orthogonalVersion = 0
    /// True when some section scrolls sideways (keyboard movement then goes line by line).
    private(set) var hasOrthogonalSections = false
    /// The sideways prepared distance the mounted items were found with.
    private var distanceInUse = 0.0
    /// The kinds of problem logged so far (each is logged once).
    private(set) var reportedProblems: Set<String> = []
    /// The last problem found, for tests and the overlay.
    private(set) var lastProblem: CompositionalLayoutProblem?

    var breadth = 0.0 {
        didSet { if breadth != oldValue { reresolve() } }
    }

    init(layout: CollectionViewCompositionalLayout) { self.layout = layout }

    private var viewSize: Size { Size(width: breadth, height: max(0, viewportLength())) }

    /// Logs `problem` once per kind. Not before the view has a width: a sideways section's
    /// fractional-width group is 0 points wide until then, and every section is asked again
    /// when the width arrives (`breadth`), so a real problem is logged then.
    func report(_ problem: CompositionalLayoutProblem) {
        lastProblem = problem
        guard breadth >= 1, reportedProblems.insert(problem.kind).inserted else { return }
        ListBase.logger.error("PoolTable compositional layout: \(problem); keeping the last good layout")
    }

    /// Section `s` for `count` items: the provider's answer, else `previous` (its last good
    /// layout) at the new size and count, else a plain list row.
    private func resolveSection(_ s: Int, count: Int, previous: SectionGeometry?) -> SectionGeometry {
        let size = viewSize
        let environment = CollectionLayoutEnvironment(container: CollectionLayoutContainer(contentSize: size, effectiveContentSize: size))
        do throws(CompositionalLayoutProblem) {
            guard let section = layout.sectionProvider(s, environment) else { throw .noSection(section: s) }
            var geometry = try SectionGeometry(section, count: count, viewSize: size)
            if let previous { geometry.setOrthogonalOffset(previous.orthogonalOffset) }   // kept, clamped
            return geometry
        } catch {
            report(error)
            if let previous, let again = try? previous.resolved(count: count, viewSize: size) { return again }
            return .fallback(count: count, viewSize: size)
        }
    }

    /// Every section asked again (a width change); measurements are dropped.
    private func reresolve() {
        sections = sections.indices.map { resolveSection($0, count: sections[$0].count, previous: sections[$0]) }
        rebuildLengths()
    }

    private func rebuildLengths() {
        // Each section but the last is followed by the configuration's inter-section spacing.
        let spacing = layout.interSectionSpacing
        lengths = FenwickTree(sections.indices.map { sections[$0].length + ($0 < sections.count - 1 ? spacing : 0) })
        hasOrthogonalSections = sections.contains(where: \.isOrthogonal)
        version &+= 1
    }

    /// Section `s`'s length changed from `before`.
    private func sectionChanged(_ s: Int, from before: Double) {
        let after = sections[s].length
        if after != before { lengths.add(after - before, at: s) }
        version &+= 1
    }

    /// How many of `count` items fit in `budget` points at the section's estimated sizes.
    private func clamped(_ count: Int, _ geometry: SectionGeometry, budget: Double) -> Int {
        if geometry.isOrthogonal { return count }   // one band, however many items
        let chrome = geometry.itemsOffset + geometry.insets.bottom + geometry.footerLength
        guard geometry.stride > 0 else { return count }
        let groups = max(0, ((budget - chrome + geometry.spacing) / geometry.stride).rounded(.down))
        let fit = groups * Double(geometry.itemsPerGroup)
        return fit < Double(count) ? Int(fit) : count
    }

    // MARK: Loading

    func load(from source: any ItemSource) {
        let previous = sections
        sections = []
        titles = []
        var budget = ListBase.maximumContentHeight
        for s in 0..<source.sectionCount() {
            let count = source.itemCount(inSection: s)
            var section = resolveSection(s, count: count, previous: s < previous.count ? previous[s] : nil)
            let kept = clamped(count, section, budget: budget)
            if kept < count { section.shiftRows(at: kept, by: kept - count) }
            budget -= section.length
            sections.append(section)
            titles.append(source.headerTitle(ofSection: s))
        }
        rebuildLengths()
    }

    func insertSection(at s: Int, from source: any ItemSource) {
        let at = min(max(0, s), sections.count)
        sections.insert(resolveSection(s, count: source.itemCount(inSection: s), previous: nil), at: at)
        titles.insert(source.headerTitle(ofSection: s), at: at)
        rebuildLengths()
    }

    func removeSection(at s: Int) {
        guard s >= 0 && s < sections.count else { return }
        sections.remove(at: s)
        titles.remove(at: s)
        rebuildLengths()
    }

    func refreshSection(_ s: Int, from source: any ItemSource) {
        guard s >= 0 && s < sections.count else { return }
        titles[s] = source.headerTitle(ofSection: s)
    }

    func insertItem(at ip: ItemPath, from source: any ItemSource) { insertItems(ip.row..<(ip.row + 1), section: ip.section, from: source) }
    func removeItem(at ip: ItemPath) { removeItems(ip.row..<(ip.row + 1), section: ip.section) }

    func insertItems(_ rows: Range<Int>, section s: Int, from source: any ItemSource) {
        guard s >= 0 && s < sections.count, !rows.isEmpty else { return }
        let before = sections[s].length
        sections[s].shiftRows(at: rows.lowerBound, by: rows.count)
        sectionChanged(s, from: before)
    }

    func removeItems(_ rows: Range<Int>, section s: Int) {
        guard s >= 0 && s < sections.count, !rows.isEmpty else { return }
        let before = sections[s].length
        sections[s].shiftRows(at: rows.lowerBound, by: -rows.count)
        sectionChanged(s, from: before)
    }

    func reloadItem(at ip: ItemPath, from source: any ItemSource) {
        guard contains(ip) else { return }
        let before = sections[ip.section].length
        sections[ip.section].forgetMeasurement(ofRow: ip.row)
        sectionChanged(ip.section, from: before)
    }

    /// Surviving sections at their new counts (estimated sizes); inserted ones are not counted.
    func contentLengthAfter(_ mapping: UpdateMapping, newCounts: [Int], from source: any ItemSource) -> Double {
        mapping.newSectionSource.indices.reduce(0.0) { sum, t in
            guard let old = mapping.newSectionSource[t], old < sections.count else { return sum }
            let g = sections[old], k = g.itemsPerGroup, n = newCounts[t]
            let groups = n / k + (n % k == 0 ? 0 : 1)
            let items = groups == 0 ? 0 : g.isOrthogonal ? g.bandHeight
                : Double(groups) * g.estimatedGroupLength + Double(groups - 1) * g.spacing
            return sum + g.itemsOffset + items + g.insets.bottom + g.footerLength
        }
    }

    // MARK: ItemLayout

    var numberOfSections: Int { sections.count }
    func numberOfItems(in section: Int) -> Int { section >= 0 && section < sections.count ? sections[section].count : 0 }
    var contentLength: Double { lengths.prefixSum(sections.count) }
    func contains(_ ip: ItemPath) -> Bool {
        ip.section >= 0 && ip.section < sections.count && ip.row >= 0 && ip.row < sections[ip.section].count
    }

    /// Where section `s`'s first group starts.
    private func groupsTop(_ s: Int) -> Double { start(ofSection: s) + sections[s].itemsOffset }

    func itemExtent(_ ip: ItemPath) -> (start: Double, length: Double) {
        let section = sections[ip.section]
        let (start, length) = section.groupExtent(ip.row / section.itemsPerGroup)
        return (groupsTop(ip.section) + start, length)
    }

    func itemFrame(_ ip: ItemPath, start: Double, length: Double) -> Rect {
        sections[ip.section].frame(ofRow: ip.row, groupStart: start)
    }

    func forEachItem(meeting span: AlongSpan, _ body: (ItemPath, Double, Double) -> Void) {
        guard span.end > span.start, var s = section(atOffset: max(0, span.start)) else { return }
        while s < sections.count, start(ofSection: s) < span.end {
            let section = sections[s]
            if section.count > 0 && section.isOrthogonal {
                // One band: the groups meeting the view's breadth at the section's offset,
                // plus the prepared distance sideways (O(1) to find).
                let top = groupsTop(s), length = section.bandHeight
                if length > 0 && top < span.end && top + length > span.start {
                    let d = max(0, sidewaysPreparedDistance())
                    let lo = section.orthogonalOffset - d, hi = section.orthogonalOffset + section.viewWidth + d
                    let groups = section.groups(meetingAcross: lo, hi)
                    if !groups.isEmpty {
                        let rows = section.rows(ofGroup: groups.lowerBound).lowerBound..<section.rows(ofGroup: groups.upperBound - 1).upperBound
                        for row in rows { body(ItemPath(row: row, section: s), top, length) }
                    }
                }
            } else if section.count > 0 {
                let top = groupsTop(s)
                var g = section.firstGroup(endingAfter: span.start - top)
                while g < section.groups {
                    let (local, length) = section.groupExtent(g)
                    let start = top + local
                    if start >= span.end { break }
                    if length > 0 && start + length > span.start {
                        for row in section.rows(ofGroup: g) { body(ItemPath(row: row, section: s), start, length) }
                    }
                    g += 1
                }
            }
            s += 1
        }
    }

    func indexPath(atOffset offset: Double) -> ItemPath? {
        guard offset >= 0, offset < contentLength, let s = section(atOffset: offset),
              let g = sections[s].group(containing: offset - groupsTop(s)) else { return nil }
        if sections[s].isOrthogonal { return firstVisibleItem(inSection: s) }
        return ItemPath(row: sections[s].rows(ofGroup: g).lowerBound, section: s)
    }

    func indexPath(at point: Point) -> ItemPath? {
        guard let first = indexPath(atOffset: point.y) else { return nil }
        let section = sections[first.section]
        let start = itemExtent(first).start
        if section.isOrthogonal {
            guard let g = section.group(atAcross: point.x + section.orthogonalOffset) else { return nil }
            return section.rows(ofGroup: g).first { section.frame(ofRow: $0, groupStart: start).contains(point) }
                .map { ItemPath(row: $0, section: first.section) }
        }
        for row in section.rows(ofGroup: first.row / section.itemsPerGroup)
        where section.frame(ofRow: row, groupStart: start).contains(point) {
            return ItemPath(row: row, section: first.section)
        }
        return nil
    }

    func firstItem(startingAtOrAfter offset: Double) -> ItemPath? {
        guard var s = section(atOffset: max(0, offset)) else { return nil }
        while s < sections.count {
            if sections[s].isOrthogonal {
                // One band: it starts at or after `offset`, or the next section's items do.
                if offset <= groupsTop(s), let first = firstVisibleItem(inSection: s) { return first }
                s += 1
                continue
            }
            let g = sections[s].firstGroup(startingAtOrAfter: offset - groupsTop(s))
            if g < sections[s].groups { return ItemPath(row: sections[s].rows(ofGroup: g).lowerBound, section: s) }
            s += 1
        }
        return nil
    }

    func itemForDrag(at point: Point) -> ItemPath? {
        if let hit = indexPath(at: point) { return hit }
        guard let first = indexPath(atOffset: point.y) ?? firstItem(startingAtOrAfter: point.y) else { return lastIndexPath }
        // The item of that group nearest the point across.
        let section = sections[first.section], start = itemExtent(first).start
        let rows = section.isOrthogonal
            ? section.groups(meetingAcross: point.x + section.orthogonalOffset, point.x + section.orthogonalOffset + 1).first
                .map(section.rows(ofGroup:)) ?? (first.row..<(first.row + 1))
            : section.rows(ofGroup: first.row / section.itemsPerGroup)
        let nearest = rows.min { a, b in
            abs(section.frame(ofRow: a, groupStart: start).midX - point.x) < abs(section.frame(ofRow: b, groupStart: start).midX - point.x)
        }
        return ItemPath(row: nearest ?? first.row, section: first.section)
    }

    func section(atOffset offset: Double) -> Int? {
        guard !sections.isEmpty else { return nil }
        return min(lengths.countFitting(offset).count, sections.count - 1)
    }

    func sections(meeting span: AlongSpan) -> Range<Int> {
        guard span.end > span.start, let first = section(atOffset: max(0, span.start)) else { return 0..<0 }
        var s = first
        while s < sections.count && start(ofSection: s) < span.end { s += 1 }
        return first..<s
    }

    func start(ofSection s: Int) -> Double { lengths.prefixSum(max(0, min(s, sections.count))) }
    func length(ofSection s: Int) -> Double { s >= 0 && s < sections.count ? sections[s].length : 0 }
    func headerLength(ofSection s: Int) -> Double { s >= 0 && s < sections.count ? sections[s].headerLength : 0 }
    func footerLength(ofSection s: Int) -> Double { s >= 0 && s < sections.count ? sections[s].footerLength : 0 }
    func headerTitle(ofSection s: Int) -> String? { s >= 0 && s < titles.count ? titles[s] : nil }
    func footerTitle(ofSection s: Int) -> String? { nil }

    /// `lines` groups up or down, keeping the item's place in its group (clamped to a short
    /// group), crossing sections.
    func item(from ip: ItemPath, along lines: Int) -> ItemPath? {
        item(from: ip, along: lines, goalX: nil)
    }

    /// `lines` lines up or down; with sections that scroll sideways, a line of a plain section
    /// is entered at its item nearest `goalX` (the column the keys set out from, kept through
    /// the carousels between; nil: the item's own centre).
    func item(from ip: ItemPath, along lines: Int, goalX: Double?) -> ItemPath? {
        guard contains(ip) else { return nil }
        if hasOrthogonalSections { return itemCrossingBands(from: ip, along: lines, goalX: goalX) }
        let place = ip.row % sections[ip.section].itemsPerGroup
        var s = ip.section, g = ip.row / sections[s].itemsPerGroup + lines
        while g < 0 {
            s -= 1
            guard s >= 0 else { return nil }
            g += sections[s].groups
        }
        while g >= sections[s].groups {
            g -= sections[s].groups
            s += 1
            guard s < sections.count else { return nil }
        }
        let rows = sections[s].rows(ofGroup: g)
        return ItemPath(row: min(rows.lowerBound + place, rows.upperBound - 1), section: s)
    }

    /// `steps` places along the item's group; nil past its ends.
    func item(from ip: ItemPath, across steps: Int) -> ItemPath? {
        guard contains(ip) else { return nil }
        if sections[ip.section].isOrthogonal {
            // The band is one line: across runs through the section's items.
            let row = ip.row + steps
            return row >= 0 && row < sections[ip.section].count ? ItemPath(row: row, section: ip.section) : nil
        }
        let rows = sections[ip.section].rows(ofGroup: ip.row / sections[ip.section].itemsPerGroup)
        return rows.contains(ip.row + steps) ? ItemPath(row: ip.row + steps, section: ip.section) : nil
    }

    func needsMeasuring(_ ip: ItemPath) -> Bool { contains(ip) && sections[ip.section].needsMeasuring(ip.row) }

    var sidewaysReach: Double { hasOrthogonalSections ? max(0, sidewaysPreparedDistance()) : 0 }

    /// An orthogonal section's item scrolled out of the view's breadth sideways is prepared,
    /// not visible, like a row scrolled out vertically.
    func isOutsideBreadth(_ ip: ItemPath, frame: Rect) -> Bool {
        guard ip.section >= 0 && ip.section < sections.count, sections[ip.section].isOrthogonal else { return false }
        return frame.maxX <= 0 || frame.minX >= sections[ip.section].viewWidth
    }

    /// Bumped by a sideways scroll, and when the sideways prepared distance changed since the
    /// last pass asked (then the items meeting the widened or narrowed breadth differ).
    var placementVersion: Int {
        let d = sidewaysPreparedDistance()
        if hasOrthogonalSections && d != distanceInUse {
            distanceInUse = d
            orthogonalVersion &+= 1
        }
        return orthogonalVersion
    }

    func setMeasuredLength(_ length: Double, of ip: ItemPath) {
        guard contains(ip) else { return }
        setMeasuredSize(Size(width: itemFrame(ip).width, height: length), of: ip)
    }

    /// In a section that scrolls sideways an estimated width is measured too.
    func measuresAcross(_ ip: ItemPath) -> Bool { contains(ip) && sections[ip.section].measuresWidth(ofRow: ip.row) }

    /// A measured size: the band's height (and the sections below) or the groups along the
    /// band follow it; a sideways move re-places the mounted items (`orthogonalVersion`).
    func setMeasuredSize(_ size: Size, of ip: ItemPath) {
        guard contains(ip) else { return }
        let before = sections[ip.section].length
        guard sections[ip.section].setMeasured(size, ofRow: ip.row) else { return }
        if sections[ip.section].isOrthogonal { orthogonalVersion &+= 1 }
        sectionChanged(ip.section, from: before)
    }

    // MARK: Beyond ItemLayout

    /// The width a cell at `ip` is measured at: its frame's.
    func measuringWidth(at ip: ItemPath) -> Double? { contains(ip) ? itemFrame(ip).width : nil }

    /// The frame of a section's boundary item of `kind` (a header or footer), in content coordinates.
    func boundaryFrame(ofKind kind: String, section s: Int) -> Rect? {
        guard s >= 0 && s < sections.count else { return nil }
        let section = sections[s]
        guard let item = section.section.boundarySupplementaryItems.first(where: { $0.elementKind == kind }) else { return nil }
        let size = item.layoutSize.resolved(in: section.container)
        let top = start(ofSection: s)
        let x: Double
        switch item.alignment {
        case .leading, .topLeading, .bottomLeading: x = section.insets.leading
        case .trailing, .topTrailing, .bottomTrailing: x = section.insets.leading + section.container.width - size.width
        default: x = section.insets.leading + (section.container.width - size.width) / 2
        }
        switch item.alignment {
        case .bottom, .bottomLeading, .bottomTrailing:
            return Rect(x: x, y: top + section.length - (item.extendsBoundary ? section.footerLength : size.height), width: size.width, height: size.height)
        default:
            return Rect(x: x, y: top, width: size.width, height: size.height)
        }
    }
}

/// Orthogonal sections (rule 5): each keeps its own sideways offset in its `SectionGeometry`,
/// so offsets follow their sections through inserts and deletes of sections, are clamped
/// when items leave, and survive a width change.
extension CompositionalGeometry {
    func isOrthogonal(_ s: Int) -> Bool { s >= 0 && s < sections.count && sections[s].isOrthogonal }

    func orthogonalOffset(ofSection s: Int) -> Double { isOrthogonal(s) ? sections[s].orthogonalOffset : 0 }

    /// Scrolls section `s`'s band (clamped); true when it moved. Only the items' places
    /// change (`orthogonalVersion`).
    @discardableResult
    func setOrthogonalOffset(_ offset: Double, ofSection s: Int) -> Bool {
        guard isOrthogonal(s), sections[s].setOrthogonalOffset(offset) else { return false }
        orthogonalVersion &+= 1
        return true
    }

    /// The first item of section `s` that meets the view's breadth at its offset (the first
    /// item of a section that does not scroll sideways); nil for an empty section.
    func firstVisibleItem(inSection s: Int) -> ItemPath? {
        guard s >= 0 && s < sections.count, sections[s].count > 0 else { return nil }
        let section = sections[s]
        guard section.isOrthogonal else { return ItemPath(row: 0, section: s) }
        let o = section.orthogonalOffset
        let g = section.groups(meetingAcross: o, o + section.viewWidth).first ?? 0
        return ItemPath(row: section.rows(ofGroup: g).lowerBound, section: s)
    }

    /// `lines` lines up or down, one at a time, where some section scrolls sideways: an
    /// orthogonal section is one line; entering one lands on its first visible item;
    /// leaving one for a section that does not scroll sideways lands on the item of the
    /// nearest line nearest horizontally.
    fileprivate func itemCrossingBands(from ip: ItemPath, along lines: Int, goalX: Double?) -> ItemPath? {
        var current = ip
        for _ in 0..<abs(lines) {
            guard let next = oneLine(from: current, down: lines > 0, x: goalX ?? itemFrame(ip).midX) else { return current == ip ? nil : current }
            current = next
        }
        return current
    }

    /// The next line's item nearest `x` (a carousel's first visible item).
    private func oneLine(from ip: ItemPath, down: Bool, x: Double) -> ItemPath? {
        let here = sections[ip.section]
        if !here.isOrthogonal {
            let g = ip.row / here.itemsPerGroup + (down ? 1 : -1)
            if g >= 0 && g < here.groups {
                let rows = here.rows(ofGroup: g)
                let start = itemExtent(ItemPath(row: rows.lowerBound, section: ip.section)).start
                let nearest = rows.min { abs(here.frame(ofRow: $0, groupStart: start).midX - x) < abs(here.frame(ofRow: $1, groupStart: start).midX - x) }
                return ItemPath(row: nearest ?? rows.lowerBound, section: ip.section)
            }
        }
        var s = ip.section + (down ? 1 : -1)
        while s >= 0 && s < sections.count && sections[s].count == 0 { s += down ? 1 : -1 }
        guard s >= 0 && s < sections.count else { return nil }
        let there = sections[s]
        if there.isOrthogonal { return firstVisibleItem(inSection: s) }
        let rows = there.rows(ofGroup: down ? 0 : there.groups - 1)
        let start = itemExtent(ItemPath(row: rows.lowerBound, section: s)).start
        let nearest = rows.min { abs(there.frame(ofRow: $0, groupStart: start).midX - x) < abs(there.frame(ofRow: $1, groupStart: start).midX - x) }
        return ItemPath(row: nearest ?? rows.lowerBound, section: s)
    }
}
