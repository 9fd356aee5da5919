/// One section of a compositional layout resolved at a width: its group's template, its
/// boundary items and insets, and, when its group sizes itself, a per-group extent index (a
/// Fenwick tree over each group's length plus the spacing after it) corrected as cells are
/// measured. Everything else is arithmetic: item i sits in group ⌊i / itemsPerGroup⌋.
@MainActor
struct SectionGeometry {
    /// The description it was resolved from (kept to re-resolve a measured group).
    let section: CollectionLayoutSection
    /// What the section's group was resolved in: (effective width, view height).
    let container: Size
    let template: GroupTemplate
    var count: Int
    let insets: DirectionalEdgeInsets
    let spacing: Double
    /// The along extent of `.top` and `.bottom` boundary items that extend the section.
    let headerLength: Double
    let footerLength: Double

    /// Self-sizing only: each group's length + `spacing`, and the measured leaf heights by row.
    private var groupLengths = FenwickTree<Double>([])
    private(set) var measured: [Int: Double] = [:]
    /// Self-sizing only: the frames of groups re-resolved with measured heights.
    private var measuredFrames: [Int: [Rect]] = [:]

    /// How the section scrolls sideways; anything but `.none` lays its groups side by side
    /// in one band (rule 5).
    let behavior: CollectionLayoutSectionOrthogonalScrollingBehavior
    /// The view's width the section was resolved at (the band's visible width).
    let viewWidth: Double
    /// An orthogonal section's sideways scroll position: how far its band is scrolled left,
    /// always within `0...maxOrthogonalOffset`.
    private(set) var orthogonalOffset = 0.0

    var itemsPerGroup: Int { template.frames.count }
    var isOrthogonal: Bool { behavior != .none }
    /// Estimated heights in an orthogonal section keep their estimate: the band is as high
    /// as one group as resolved (its cells are not measured).
    var selfSizing: Bool { template.selfSizing && !isOrthogonal }
    var groups: Int { count / itemsPerGroup + (count % itemsPerGroup == 0 ? 0 : 1) }
    /// The group's length before any measurement, and the stride from one group to the next.
    var estimatedGroupLength: Double { template.size.height }
    var stride: Double { template.size.height + spacing }

    /// Resolves `section` for `count` items in a view `viewSize` (width, height).
    init(_ section: CollectionLayoutSection, count: Int, viewSize: Size) throws(CompositionalLayoutProblem) {
        let insets = section.contentInsets
        guard insets.isFinite, insets.top >= 0, insets.leading >= 0, insets.bottom >= 0, insets.trailing >= 0 else {
            throw .invalidNumber("a section's content insets")
        }
        guard section.interGroupSpacing.isFinite, section.interGroupSpacing >= 0 else {
            throw .invalidNumber("an inter-group spacing (\(section.interGroupSpacing))")
        }
        let effective = Size(width: max(0, viewSize.width - insets.leading - insets.trailing), height: viewSize.height)
        let template = try GroupResolver.template(of: section.group, in: effective)
        if template.size.width > effective.width + 0.5 {
            throw .itemWiderThanGroup(itemWidth: template.size.width, groupWidth: effective.width)
        }
        if section.orthogonalScrollingBehavior != .none && !(template.size.width >= 1) {
            throw .orthogonalGroupWithoutWidth(width: template.size.width)
        }
        var header = 0.0, footer = 0.0
        for b in section.boundarySupplementaryItems where b.extendsBoundary {
            let h = b.layoutSize.heightDimension.resolved(in: effective)
            guard h.isFinite, h >= 0 else { throw .invalidNumber("a boundary item's height (\(h))") }
            switch b.alignment {
            case .top, .topLeading, .topTrailing: header = max(header, h)
            case .bottom, .bottomLeading, .bottomTrailing: footer = max(footer, h)
            case .none, .leading, .trailing: break
            }
        }
        self.section = section
        self.container = effective
        self.template = template
        self.count = count
        self.insets = insets
        self.spacing = section.interGroupSpacing
        self.headerLength = header
        self.footerLength = footer
        self.behavior = section.orthogonalScrollingBehavior
        self.viewWidth = viewSize.width
        rebuildGroupLengths()
    }

    /// A plain list row per item, full width and 44 points high: a section's layout before it
    /// ever had a good one.
    static func fallback(count: Int, viewSize: Size) -> SectionGeometry {
        let row = CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44))
        let section = CollectionLayoutSection(group: .horizontal(layoutSize: row, subitems: [CollectionLayoutItem(layoutSize: row)]))
        // A plain full-width row cannot be invalid.
        return try! SectionGeometry(section, count: count, viewSize: viewSize)
    }

    /// The same description resolved at another size or count (measurements dropped; the
    /// orthogonal offset kept, clamped).
    func resolved(count: Int, viewSize: Size) throws(CompositionalLayoutProblem) -> SectionGeometry {
        var again = try SectionGeometry(section, count: count, viewSize: viewSize)
        again.setOrthogonalOffset(orthogonalOffset)
        return again
    }

    // MARK: Across (an orthogonal section's band)

    /// An orthogonal section's group width, and the stride from one group to the next along x.
    var groupWidth: Double { template.size.width }
    var acrossStride: Double { template.size.width + spacing }
    /// The band's whole width: the leading inset, every group and the spacing between them,
    /// the trailing inset (0 for an empty section).
    var bandWidth: Double {
        let n = groups
        guard isOrthogonal, n > 0 else { return 0 }
        return insets.leading + Double(n) * groupWidth + Double(n - 1) * spacing + insets.trailing
    }
    /// The furthest the band scrolls: its width less the view's.
    var maxOrthogonalOffset: Double { max(0, bandWidth - viewWidth) }

    /// Scrolls the band to `offset` (clamped; a non-finite value is ignored); returns whether it moved.
    @discardableResult
    mutating func setOrthogonalOffset(_ offset: Double) -> Bool {
        guard isOrthogonal, offset.isFinite else { return false }
        let clamped = min(max(0, offset), maxOrthogonalOffset)
        guard clamped != orthogonalOffset else { return false }
        orthogonalOffset = clamped
        return true
    }

    /// Group `g`'s leading edge in band coordinates (from the band's left edge, unscrolled).
    func groupLeading(_ g: Int) -> Double { insets.leading + Double(g) * acrossStride }

    /// The groups whose extent meets `lo..<hi` in band coordinates: O(1).
    func groups(meetingAcross lo: Double, _ hi: Double) -> Range<Int> {
        let n = groups
        guard n > 0, hi > lo, acrossStride > 0 else { return 0..<0 }
        let first = max(0, Int(((lo - insets.leading - groupWidth) / acrossStride).rounded(.down)) + 1)
        let last = min(n - 1, Int(((hi - insets.leading) / acrossStride).rounded(.up)) - 1)
        return first <= last ? first..<(last + 1) : 0..<0
    }

    /// The group under band x `x`, or nil over spacing or the insets.
    func group(atAcross x: Double) -> Int? {
        guard groups > 0, acrossStride > 0, x >= insets.leading else { return nil }
        let g = Int(((x - insets.leading) / acrossStride).rounded(.down))
        return g < groups && x < groupLeading(g) + groupWidth ? g : nil
    }

    // MARK: Along

    /// From the section's start to its first group.
    var itemsOffset: Double { headerLength + insets.top }

    /// The groups' extent: every group and the spacing between them.
    var groupsLength: Double {
        let n = groups
        guard n > 0 else { return 0 }
        if isOrthogonal { return estimatedGroupLength }
        return selfSizing ? groupLengths.prefixSum(n) - spacing : Double(n) * estimatedGroupLength + Double(n - 1) * spacing
    }

    var length: Double { itemsOffset + groupsLength + insets.bottom + footerLength }

    /// Group `g`'s start (from the section's first group) and length.
    func groupExtent(_ g: Int) -> (start: Double, length: Double) {
        if isOrthogonal { return (0, estimatedGroupLength) }
        guard selfSizing else { return (Double(g) * stride, estimatedGroupLength) }
        let start = groupLengths.prefixSum(g)
        return (start, groupLengths.prefixSum(g + 1) - start - spacing)
    }

    /// The first group that ends after `local` (from the first group's start): clamped to the groups.
    func firstGroup(endingAfter local: Double) -> Int {
        guard local > 0 else { return 0 }
        let g = selfSizing ? groupLengths.countFitting(local).count : Int((local / stride).rounded(.down))
        return min(g, max(0, groups - 1))
    }

    /// The first group that starts at or after `local`; `groups` when none does.
    func firstGroup(startingAtOrAfter local: Double) -> Int {
        guard local > 0 else { return 0 }
        if !selfSizing { return min(groups, Int((local / stride).rounded(.up))) }
        let (c, sum) = groupLengths.countFitting(local)
        return min(groups, sum == local ? c : c + 1)
    }

    /// The group whose extent contains `local`, or nil over spacing or outside.
    func group(containing local: Double) -> Int? {
        guard local >= 0, groups > 0 else { return nil }
        let g = firstGroup(endingAfter: local)
        let (start, length) = groupExtent(g)
        return local >= start && local < start + length ? g : nil
    }

    /// The rows of group `g`.
    func rows(ofGroup g: Int) -> Range<Int> { (g * itemsPerGroup)..<min(count, (g + 1) * itemsPerGroup) }

    /// The frames of group `g`'s items relative to its origin (the template, or the group as measured).
    func frames(ofGroup g: Int) -> [Rect] { measuredFrames[g] ?? template.frames }

    /// Item `row`'s frame relative to the section's first group at x = the leading inset,
    /// with its group starting at `groupStart`.
    /// In an orthogonal section the groups run along x from the leading inset, and the frame
    /// is as scrolled now (`orthogonalOffset`).
    func frame(ofRow row: Int, groupStart: Double) -> Rect {
        let g = row / itemsPerGroup
        let f = frames(ofGroup: g)[row % itemsPerGroup]
        if isOrthogonal {
            return Rect(x: groupLeading(g) + f.origin.x - orthogonalOffset, y: groupStart + f.origin.y,
                        width: f.size.width, height: f.size.height)
        }
        return Rect(x: insets.leading + f.origin.x, y: groupStart + f.origin.y, width: f.size.width, height: f.size.height)
    }

    // MARK: Self-sizing

    func needsMeasuring(_ row: Int) -> Bool {
        selfSizing && template.estimatedLeaves[row % itemsPerGroup] && measured[row] == nil
    }

    /// Stores a measured height and re-resolves its group; returns whether anything changed.
    @discardableResult
    mutating func setMeasured(_ height: Double, ofRow row: Int) -> Bool {
        guard selfSizing, template.estimatedLeaves[row % itemsPerGroup], measured[row] != height else { return false }
        measured[row] = height
        let g = row / itemsPerGroup
        let before = groupExtent(g).length
        let (length, frames) = resolveMeasured(group: g)
        measuredFrames[g] = frames
        groupLengths.add(length - before, at: g)
        return true
    }

    /// Group `g` laid out with its measured heights.
    private func resolveMeasured(group g: Int) -> (Double, [Rect]) {
        let first = g * itemsPerGroup
        let measured = self.measured
        // The description resolved once already, so only measured heights differ: it cannot fail.
        guard let t = try? GroupResolver.template(of: section.group, in: container, measured: { measured[first + $0] }) else {
            return (estimatedGroupLength, template.frames)
        }
        return (t.size.height, t.frames)
    }

    /// The group index from scratch: every group at its estimated length, measured groups re-resolved.
    private mutating func rebuildGroupLengths() {
        guard selfSizing else { groupLengths = FenwickTree([]); return }
        var lengths = [Double](repeating: estimatedGroupLength + spacing, count: groups)
        measuredFrames = [:]
        for g in Set(measured.keys.map { $0 / itemsPerGroup }) where g < groups {
            let (length, frames) = resolveMeasured(group: g)
            measuredFrames[g] = frames
            lengths[g] = length + spacing
        }
        groupLengths = FenwickTree(lengths)
    }

    /// `delta` rows inserted at `start` (`delta` > 0), or the old rows `start..<start - delta`
    /// removed (`delta` < 0): the count changes and measured heights follow their rows.
    mutating func shiftRows(at start: Int, by delta: Int) {
        count = max(0, count + delta)
        // Fewer items: the band may now end before the offset.
        orthogonalOffset = min(orthogonalOffset, maxOrthogonalOffset)
        if selfSizing {
            var moved: [Int: Double] = [:]
            for (row, h) in measured {
                if row < start { moved[row] = h } else if delta < 0 && row < start - delta { continue } else { moved[row + delta] = h }
            }
            measured = moved
        }
        rebuildGroupLengths()
    }

    /// A reloaded row is estimated again.
    mutating func forgetMeasurement(ofRow row: Int) {
        guard measured.removeValue(forKey: row) != nil else { return }
        rebuildGroupLengths()
    }
}
