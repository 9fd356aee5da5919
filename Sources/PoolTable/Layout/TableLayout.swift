/// A fixed-size set of bits: which rows of a section have been measured.
struct BitSet: Equatable, Sendable {
    private var words: [UInt64]
    private(set) var count: Int
    init(count: Int) { self.count = count; words = Array(repeating: 0, count: (count + 63) / 64) }
    subscript(i: Int) -> Bool {
        get { i >= 0 && i < count && words[i >> 6] & (1 << UInt64(i & 63)) != 0 }
        set {
            guard i >= 0 && i < count else { return }
            if newValue { words[i >> 6] |= 1 << UInt64(i & 63) } else { words[i >> 6] &= ~(1 << UInt64(i & 63)) }
        }
    }
    /// Inserts a bit, shifting the later ones up: O(count / 64).
    mutating func insert(_ value: Bool, at index: Int) {
        let i = min(max(0, index), count)
        count += 1
        if words.count * 64 < count { words.append(0) }
        let w = i >> 6, b = UInt64(i & 63)
        var k = words.count - 1
        while k > w { words[k] = (words[k] << 1) | (words[k - 1] >> 63); k -= 1 }
        let low = words[w] & ((1 << b) &- 1)
        let high = (words[w] >> b) << (b + 1)          // smart shifts: overshifting gives 0
        words[w] = high | low | (value ? 1 << b : 0)
    }

    /// Removes a bit, shifting the later ones down: O(count / 64).
    mutating func remove(at i: Int) {
        guard i >= 0 && i < count else { return }
        let w = i >> 6, b = UInt64(i & 63)
        let low = words[w] & ((1 << b) &- 1)
        let high = (words[w] >> (b + 1)) << b
        words[w] = low | high
        for k in (w + 1)..<max(w + 1, words.count) {
            words[k - 1] |= (words[k] & 1) << 63
            words[k] >>= 1
        }
        count -= 1
        if words.count > (count + 63) / 64 { words.removeLast() }
    }
}

/// The geometry of one section: header, rows, footer, stacked.
struct SectionLayout {
    var headerHeight: Double
    var footerHeight: Double
    var rows: RowHeights
    var headerTitle: String?
    var footerTitle: String?
    /// For rows sized with `automaticDimension`: which have been measured. nil when no row
    /// of the section self-sizes.
    var measured: BitSet?
    /// Rows whose height is `automaticDimension` (only meaningful when `measured != nil`).
    var selfSizing: BitSet?

    var total: Double { headerHeight + rows.total + footerHeight }
}

/// The whole table's geometry: sections stacked top to bottom, with a Fenwick tree over
/// section totals so that finding a section by offset is O(log sections).
struct TableLayout {
    private(set) var sections: [SectionLayout]
    private var totals: FenwickTree<Double>
    /// Bumped by every mutation, so a layout pass can tell whether geometry changed.
    private(set) var version = 0

    init(sections: [SectionLayout] = []) {
        self.sections = sections
        totals = FenwickTree(sections.map(\.total))
    }

    var numberOfSections: Int { sections.count }
    var totalHeight: Double { totals.prefixSum(sections.count) }

    func numberOfRows(in section: Int) -> Int {
        section >= 0 && section < sections.count ? sections[section].rows.count : 0
    }
    func contains(_ ip: ItemPath) -> Bool {
        ip.section >= 0 && ip.section < sections.count && ip.row >= 0 && ip.row < sections[ip.section].rows.count
    }

    func top(ofSection s: Int) -> Double { totals.prefixSum(max(0, s)) }
    func rowsTop(ofSection s: Int) -> Double { top(ofSection: s) + sections[s].headerHeight }

    /// y and height of a row (the index path must be valid).
    func rowExtent(_ ip: ItemPath) -> (y: Double, height: Double) {
        let s = sections[ip.section]
        return (rowsTop(ofSection: ip.section) + s.rows.offset(ofRow: ip.row), s.rows.height(ofRow: ip.row))
    }

    /// The section whose extent contains `y`, skipping empty sections; clamped to the last.
    func section(atOffset y: Double) -> Int? {
        guard !sections.isEmpty else { return nil }
        let (k, _) = totals.countFitting(y)
        return min(k, sections.count - 1)
    }

    /// The row containing `y`, or nil when `y` falls on a header, footer or outside.
    func indexPath(atOffset y: Double) -> ItemPath? {
        guard y >= 0, y < totalHeight, let s = section(atOffset: y) else { return nil }
        let rowsTop = rowsTop(ofSection: s)
        let sec = sections[s]
        guard y >= rowsTop, y < rowsTop + sec.rows.total, let r = sec.rows.row(atOffset: y - rowsTop) else { return nil }
        return ItemPath(row: r, section: s)
    }

    /// Calls `body` for every row of non-zero height that overlaps `minY..<maxY`, in order.
    /// Costs O(log n + rows visited).
    func forEachRow(from minY: Double, to maxY: Double, _ body: (ItemPath, Double, Double) -> Void) {
        guard maxY > minY, var s = section(atOffset: max(0, minY)) else { return }
        while s < sections.count {
            let top = self.top(ofSection: s)
            if top >= maxY { break }
            let sec = sections[s]
            let rowsTop = top + sec.headerHeight
            if sec.rows.count > 0, rowsTop < maxY, rowsTop + sec.rows.total > minY {
                var r = sec.rows.row(atOffset: minY - rowsTop) ?? 0
                var y = rowsTop + sec.rows.offset(ofRow: r)
                while r < sec.rows.count && y < maxY {
                    let h = sec.rows.height(ofRow: r)
                    if h > 0 && y + h > minY { body(ItemPath(row: r, section: s), y, h) }
                    y += h
                    r += 1
                }
            }
            s += 1
        }
    }

    /// Sections whose extent overlaps `minY..<maxY`.
    func sections(overlapping minY: Double, _ maxY: Double) -> Range<Int> {
        guard maxY > minY, let first = section(atOffset: max(0, minY)) else { return 0..<0 }
        var s = first
        while s < sections.count && top(ofSection: s) < maxY { s += 1 }
        return first..<s
    }

    // MARK: Mutation

    mutating func setHeight(_ h: Double, of ip: ItemPath) {
        version &+= 1
        guard contains(ip) else { return }
        let before = sections[ip.section].rows.height(ofRow: ip.row)
        sections[ip.section].rows.setHeight(h, ofRow: ip.row)
        let delta = sections[ip.section].rows.height(ofRow: ip.row) - before
        if delta != 0 { totals.add(delta, at: ip.section) }
    }

    mutating func insertRow(_ h: Double, at ip: ItemPath, selfSizing: Bool = false) {
        version &+= 1
        guard ip.section >= 0 && ip.section < sections.count else { return }
        let before = sections[ip.section].total
        sections[ip.section].rows.insert(h, at: ip.row)
        if sections[ip.section].measured != nil || selfSizing {
            if sections[ip.section].measured == nil {
                let n = sections[ip.section].rows.count - 1
                var all = BitSet(count: n); var none = BitSet(count: n)
                for i in 0..<n { all[i] = true; none[i] = false }
                sections[ip.section].measured = all
                sections[ip.section].selfSizing = none
            }
            sections[ip.section].measured?.insert(!selfSizing, at: ip.row)
            sections[ip.section].selfSizing?.insert(selfSizing, at: ip.row)
        }
        totals.add(sections[ip.section].total - before, at: ip.section)
    }

    /// `count` rows of height `h` (not self-sizing) at `ip`: O(1) into uniform heights of
    /// the same height, O(count) otherwise.
    mutating func insertRows(_ h: Double, count: Int, at ip: ItemPath) {
        guard count > 0 else { return }
        version &+= 1
        guard ip.section >= 0 && ip.section < sections.count else { return }
        let before = sections[ip.section].total
        sections[ip.section].rows.insert(h, count: count, at: ip.row)
        if sections[ip.section].measured != nil {
            for r in ip.row..<(ip.row + count) {
                sections[ip.section].measured?.insert(true, at: r)
                sections[ip.section].selfSizing?.insert(false, at: r)
            }
        }
        totals.add(sections[ip.section].total - before, at: ip.section)
    }

    /// Removes a run of rows: O(1) from uniform heights, O(rows) otherwise.
    mutating func removeRows(_ rows: Range<Int>, section: Int) {
        version &+= 1
        guard section >= 0 && section < sections.count, rows.lowerBound >= 0, rows.upperBound <= sections[section].rows.count else { return }
        let before = sections[section].total
        sections[section].rows.remove(rows)
        if sections[section].measured != nil {
            for r in rows.reversed() {
                sections[section].measured?.remove(at: r)
                sections[section].selfSizing?.remove(at: r)
            }
        }
        totals.add(sections[section].total - before, at: section)
    }

    mutating func removeRow(at ip: ItemPath) {
        version &+= 1
        guard contains(ip) else { return }
        let before = sections[ip.section].total
        sections[ip.section].rows.remove(at: ip.row)
        sections[ip.section].measured?.remove(at: ip.row)
        sections[ip.section].selfSizing?.remove(at: ip.row)
        totals.add(sections[ip.section].total - before, at: ip.section)
    }

    mutating func insertSection(_ section: SectionLayout, at index: Int) {
        version &+= 1
        sections.insert(section, at: min(max(0, index), sections.count))
        totals = FenwickTree(sections.map(\.total))
    }

    mutating func replaceSection(_ section: SectionLayout, at index: Int) {
        version &+= 1
        guard index >= 0 && index < sections.count else { return }
        let delta = section.total - sections[index].total
        sections[index] = section
        if delta != 0 { totals.add(delta, at: index) }
    }

    mutating func removeSection(at index: Int) {
        version &+= 1
        guard index >= 0 && index < sections.count else { return }
        sections.remove(at: index)
        totals = FenwickTree(sections.map(\.total))
    }

    mutating func setMeasured(_ ip: ItemPath) {
        version &+= 1
        guard contains(ip) else { return }
        sections[ip.section].measured?[ip.row] = true
    }
    /// A reloaded self-sizing row is measured again when next bound.
    mutating func markUnmeasured(_ ip: ItemPath) {
        version &+= 1
        guard contains(ip) else { return }
        if sections[ip.section].measured == nil {
            let n = sections[ip.section].rows.count
            var all = BitSet(count: n)
            for i in 0..<n { all[i] = true }
            sections[ip.section].measured = all
            sections[ip.section].selfSizing = BitSet(count: n)
        }
        sections[ip.section].measured?[ip.row] = false
        sections[ip.section].selfSizing?[ip.row] = true
    }
    func needsMeasuring(_ ip: ItemPath) -> Bool {
        guard contains(ip), let m = sections[ip.section].measured else { return false }
        return !m[ip.row]
    }
}
