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
        return (0..<sectionCount).map { s in
            var section = SectionLayout(headerHeight: 0, footerHeight: 0, rows: RowHeights(uniform: rowHeight, count: 0),
                                        headerTitle: headers[s], footerTitle: footers[s])
            section.headerHeight = sanitizedHeight(delegate?.tableView(self, heightForHeaderInSection: s) ?? defaultHeaderHeight(for: s), "header")
            section.footerHeight = sanitizedHeight(delegate?.tableView(self, heightForFooterInSection: s) ?? defaultFooterHeight(for: s), "footer")
            loadRowHeights(into: &section, section: s, count: counts[s])
            return section
        }
    }

    /// Uniform storage when the delegate does not size rows (probed with the first row),
    /// otherwise one height per row; `automaticDimension` rows start at the estimate.
    private func loadRowHeights(into section: inout SectionLayout, section s: Int, count: Int) {
        let uniform = sanitizedHeight(rowHeight, "rowHeight")
        guard let delegate, count > 0 else {
            section.rows = RowHeights(uniform: uniform, count: count)
            return
        }
        defaultRowHeightUsed = false
        let first = delegate.tableView(self, heightForRowAt: IndexPath(row: 0, section: s))
        if defaultRowHeightUsed {
            section.rows = RowHeights(uniform: uniform, count: count)
            return
        }
        var measured: BitSet?
        var selfSizing: BitSet?
        let estimate = sanitizedHeight(estimatedRowHeight, "estimatedRowHeight")
        var heights: [Double] = []
        heights.reserveCapacity(count)
        for r in 0..<count {
            let h = r == 0 ? first : delegate.tableView(self, heightForRowAt: IndexPath(row: r, section: s))
            if h == Self.automaticDimension {
                if measured == nil {
                    measured = BitSet(count: count); selfSizing = BitSet(count: count)
                    for i in 0..<r { measured![i] = true }
                }
                selfSizing![r] = true
                heights.append(estimate)
            } else {
                measured?[r] = true
                heights.append(sanitizedHeight(h, "row height"))
            }
        }
        section.rows = RowHeights(heights)
        section.measured = measured
        section.selfSizing = selfSizing
    }

    /// Re-reads a section's header and footer titles and heights from the data source and
    /// delegate (mounted header views pick the titles up at the next layout pass).
    func loadSectionChrome(_ t: Int, into section: inout SectionLayout) {
        section.headerTitle = dataSource?.tableView(self, titleForHeaderInSection: t)
        section.footerTitle = dataSource?.tableView(self, titleForFooterInSection: t)
        titlesBeingLoaded = (Array(repeating: nil, count: t) + [section.headerTitle], Array(repeating: nil, count: t) + [section.footerTitle])
        section.headerHeight = sanitizedHeight(delegate?.tableView(self, heightForHeaderInSection: t) ?? defaultHeaderHeight(for: t), "header")
        section.footerHeight = sanitizedHeight(delegate?.tableView(self, heightForFooterInSection: t) ?? defaultFooterHeight(for: t), "footer")
        titlesBeingLoaded = nil
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
        titlesBeingLoaded = (Array(repeating: nil, count: t) + [header], Array(repeating: nil, count: t) + [footer])
        section.headerHeight = sanitizedHeight(delegate?.tableView(self, heightForHeaderInSection: t) ?? defaultHeaderHeight(for: t), "header")
        section.footerHeight = sanitizedHeight(delegate?.tableView(self, heightForFooterInSection: t) ?? defaultFooterHeight(for: t), "footer")
        titlesBeingLoaded = nil
        var heights: [Double] = []
        var selfSizing = BitSet(count: count), measured = BitSet(count: count)
        var anySelfSizing = false
        for r in 0..<count {
            let (h, auto) = rowHeightForInsert(ItemPath(row: r, section: t))
            heights.append(h)
            if auto { selfSizing[r] = true; anySelfSizing = true } else { measured[r] = true }
        }
        section.rows = heights.allSatisfy({ $0 == heights.first }) ? RowHeights(uniform: heights.first ?? rowHeight, count: count) : RowHeights(heights)
        if anySelfSizing { section.measured = measured; section.selfSizing = selfSizing }
        return section
    }

}
