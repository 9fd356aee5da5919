/// What the list layout asks while it loads and follows updates (through the table's
/// `TableViewAdapter`): counts, titles, header, footer and row heights from the data source
/// and delegate (uniform storage when the delegate does not size rows).
extension TableView {
    /// Asks the data source and delegate for every section's counts, titles and heights.
    func loadSections() -> [SectionLayout] {
        guard let dataSource else { return [] }
        var sectionCount = dataSource.numberOfSections(in: self)
        if sectionCount < 0 { warn("sections<0", "numberOfSections returned \(sectionCount); treating it as 0"); sectionCount = 0 }
        var counts: [Int] = [], headers: [String?] = [], footers: [String?] = []
        counts.reserveCapacity(sectionCount)
        for s in 0..<sectionCount {
            var n = dataSource.tableView(self, numberOfRowsInSection: s)
            if n < 0 { warn("rows<0", "numberOfRowsInSection(\(s)) returned \(n); treating it as 0"); n = 0 }
            counts.append(n)
            headers.append(dataSource.tableView(self, titleForHeaderInSection: s))
            footers.append(dataSource.tableView(self, titleForFooterInSection: s))
        }
        titlesBeingLoaded = (headers, footers)
        defer { titlesBeingLoaded = nil }
        // What is left of `maximumContentHeight`: sections past it are clamped.
        var budget = Self.maximumContentHeight
        return (0..<sectionCount).map { s in
            var section = SectionLayout(headerHeight: 0, footerHeight: 0, rows: RowHeights(uniform: rowHeight, count: 0),
                                        headerTitle: headers[s], footerTitle: footers[s])
            section.headerHeight = sanitizedHeight(delegate?.tableView(self, heightForHeaderInSection: s) ?? defaultHeaderHeight(for: s), "header")
            section.footerHeight = sanitizedHeight(delegate?.tableView(self, heightForFooterInSection: s) ?? defaultFooterHeight(for: s), "footer")
            section.headerHeight = min(section.headerHeight, max(0, budget))
            section.footerHeight = min(section.footerHeight, max(0, budget - section.headerHeight))
            loadRowHeights(into: &section, section: s, count: counts[s], budget: budget - section.headerHeight - section.footerHeight)
            budget -= section.total
            return section
        }
    }

    /// Warns (once) that section `s`'s `count` rows were clamped to `kept`.
    private func warnClamped(section s: Int, count: Int, kept: Int) {
        warn("maximumContentHeight", "section \(s) has \(count) rows, but only \(kept) fit under TableView.maximumContentHeight "
             + "(\(Int(Self.maximumContentHeight)) points, where offsets stay exact); laying out \(kept)")
    }

    /// Uniform storage when the delegate does not size rows (probed with the first row),
    /// otherwise one height per row; `automaticDimension` rows start at the estimate.
    /// Rows past `budget` points (what is left of `maximumContentHeight`) are left out.
    private func loadRowHeights(into section: inout SectionLayout, section s: Int, count: Int, budget: Double) {
        let uniform = sanitizedHeight(rowHeight, "rowHeight")
        func loadUniform() {
            let kept = Self.rowCount(fitting: budget, rowHeight: uniform, upTo: count)
            if kept < count { warnClamped(section: s, count: count, kept: kept) }
            section.rows = RowHeights(uniform: uniform, count: kept)
        }
        guard let delegate, count > 0 else { return loadUniform() }
        defaultRowHeightUsed = false
        let first = delegate.tableView(self, heightForRowAt: IndexPath(row: 0, section: s))
        if defaultRowHeightUsed { return loadUniform() }
        let estimate = sanitizedHeight(estimatedRowHeight, "estimatedRowHeight")
        var heights: [Double] = []
        heights.reserveCapacity(min(count, 1 << 20))
        var selfSizingRows: [Int] = []
        var total = 0.0
        for r in 0..<count {
            let h = r == 0 ? first : delegate.tableView(self, heightForRowAt: IndexPath(row: r, section: s))
            let height = h == Self.automaticDimension ? estimate : sanitizedHeight(h, "row height")
            if total + height > budget {
                warnClamped(section: s, count: count, kept: r)
                break
            }
            total += height
            if h == Self.automaticDimension { selfSizingRows.append(r) }
            heights.append(height)
        }
        section.rows = RowHeights(heights)
        guard !selfSizingRows.isEmpty else { return }
        var measured = BitSet(count: heights.count), selfSizing = BitSet(count: heights.count)
        for i in 0..<heights.count { measured[i] = true }
        for r in selfSizingRows { measured[r] = false; selfSizing[r] = true }
        section.measured = measured
        section.selfSizing = selfSizing
    }

    /// Re-reads a section's header and footer titles and heights from the data source and
    /// delegate (mounted header views pick the titles up at the next layout pass).
    func loadSectionChrome(_ t: Int, into section: inout SectionLayout) {
        section.headerTitle = dataSource?.tableView(self, titleForHeaderInSection: t)
        section.footerTitle = dataSource?.tableView(self, titleForFooterInSection: t)
        sectionTitlesBeingLoaded = (t, section.headerTitle, section.footerTitle)
        section.headerHeight = sanitizedHeight(delegate?.tableView(self, heightForHeaderInSection: t) ?? defaultHeaderHeight(for: t), "header")
        section.footerHeight = sanitizedHeight(delegate?.tableView(self, heightForFooterInSection: t) ?? defaultFooterHeight(for: t), "footer")
        sectionTitlesBeingLoaded = nil
    }

    /// Height (and whether it self-sizes) of a row that arrives, from the delegate.
    func rowHeightForInsert(_ ip: ItemPath) -> (Double, Bool) {
        guard let delegate else { return (sanitizedHeight(rowHeight, "rowHeight"), false) }
        defaultRowHeightUsed = false
        let h = delegate.tableView(self, heightForRowAt: ip.indexPath)
        if h == Self.automaticDimension { return (sanitizedHeight(estimatedRowHeight, "estimatedRowHeight"), true) }
        return (sanitizedHeight(h, "row height"), false)
    }

    /// One section's layout, from the data source (for inserted sections).
    func loadSection(_ t: Int) -> SectionLayout {
        let header = dataSource?.tableView(self, titleForHeaderInSection: t)
        let footer = dataSource?.tableView(self, titleForFooterInSection: t)
        let count = max(0, dataSource?.tableView(self, numberOfRowsInSection: t) ?? 0)
        var section = SectionLayout(headerHeight: 0, footerHeight: 0, rows: RowHeights(uniform: rowHeight, count: 0),
                                    headerTitle: header, footerTitle: footer)
        sectionTitlesBeingLoaded = (t, header, footer)
        section.headerHeight = sanitizedHeight(delegate?.tableView(self, heightForHeaderInSection: t) ?? defaultHeaderHeight(for: t), "header")
        section.footerHeight = sanitizedHeight(delegate?.tableView(self, heightForFooterInSection: t) ?? defaultFooterHeight(for: t), "footer")
        sectionTitlesBeingLoaded = nil
        var heights: [Double] = []
        var selfSizingRows: [Int] = []
        var total = 0.0
        let budget = Self.maximumContentHeight - listLayout.storage.totalHeight - section.headerHeight - section.footerHeight
        for r in 0..<count {
            let (h, auto) = rowHeightForInsert(ItemPath(row: r, section: t))
            if total + h > budget { warnClamped(section: t, count: count, kept: r); break }
            total += h
            heights.append(h)
            if auto { selfSizingRows.append(r) }
        }
        let kept = heights.count
        var selfSizing = BitSet(count: kept), measured = BitSet(count: kept)
        for r in 0..<kept { measured[r] = true }
        for r in selfSizingRows { selfSizing[r] = true; measured[r] = false }
        let anySelfSizing = !selfSizingRows.isEmpty
        section.rows = heights.allSatisfy({ $0 == heights.first }) ? RowHeights(uniform: heights.first ?? rowHeight, count: kept) : RowHeights(heights)
        if anySelfSizing { section.measured = measured; section.selfSizing = selfSizing }
        return section
    }

}
