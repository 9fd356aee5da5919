/// One section of a compositional layout resolved at a width: its group's template, its
/// boundary items and insets, and, when its group sizes itself, a per-group extent index (a
/// Fenwick tree over each group's length plus the spacing after it) corrected as cells are
/// measured. Everything else is arithmetic: item i sits in group ⌊i / itemsPerGroup⌋.
///
/// In a section that scrolls sideways the same index runs along the band when the group's
/// width is estimated, and the band is as high as the tallest measured group when its
/// height is. As in UIKit, only the items whose cells were measured have measured sizes:
/// the others keep their estimate until they are mounted, so nothing is laid out item by item.
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

    /// Self-sizing only: each group's length + `spacing` along the section's flow (down the
    /// section; along the band in a section that scrolls sideways), and the measured leaf
    /// sizes by row.
    private var groupLengths = FenwickTree<Double>([])
    private(set) var measured: [Int: Size] = [:]
    /// Self-sizing only: the frames of groups re-resolved with measured sizes.
    private var measuredFrames: [Int: [Rect]] = [:]
    /// A sideways section with an estimated group height: the measured groups' heights, and
    /// the band's height (the tallest of them; the estimate before any is measured).
    private var measuredGroupHeights: [Int: Double] = [:]
    private(set) var bandHeight = 0.0

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
    /// Groups down the section follow their items' measured heights.
    var selfSizing: Bool { template.selfSizing && !isOrthogonal }
    /// A sideways section's groups follow their items' measured widths along the band.
    var acrossSelfSizing: Bool { isOrthogonal && template.widthSelfSizing }
    /// A sideways section's band follows its measured groups' heights.
    var bandSelfSizing: Bool { isOrthogonal && template.selfSizing }
    /// Some cells of the section are measured.
    var measures: Bool { selfSizing || acrossSelfSizing || bandSelfSizing }
    /// The groups' extents come from `groupLengths`.
    private var usesGroupLengths: Bool { selfSizing || acrossSelfSizing }
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
        let template = try GroupResolver.template(of: section.group, in: effective,
                                                  measuresWidths: section.orthogonalScrollingBehavior != .none)
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

    /// An orthogonal section's estimated group width, and the stride from one group to the
    /// next along x at that width.
    var estimatedGroupWidth: Double { template.size.width }
    var acrossStride: Double { template.size.width + spacing }
    /// Group `g`'s width (measured or estimated).
    func groupWidth(_ g: Int) -> Double {
        guard acrossSelfSizing, g >= 0, g < groups else { return estimatedGroupWidth }
        return groupLengths.prefixSum(g + 1) - groupLengths.prefixSum(g) - spacing
    }
    /// The band's whole width: the leading inset, every group and the spacing between them,
    /// the trailing inset (0 for an empty section).
    var bandWidth: Double {
        let n = groups
        guard isOrthogonal, n > 0 else { return 0 }
        let groupsWidth = acrossSelfSizing ? groupLengths.prefixSum(n) - spacing : Double(n) * estimatedGroupWidth + Double(n - 1) * spacing
        return insets.leading + groupsWidth + insets.trailing
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
    func groupLeading(_ g: Int) -> Double {
        guard acrossSelfSizing else { return insets.leading + Double(g) * acrossStride }
        return insets.leading + groupLengths.prefixSum(max(0, min(g, groups)))
    }

    /// The offset that puts group `g`'s leading edge at the leading inset.
    func offset(ofGroup g: Int) -> Double { groupLeading(g) - insets.leading }

    /// The group whose leading edge is nearest `offset` (a scroll position); unclamped for
    /// uniform groups, as the arithmetic gives it.
    func group(nearestOffset offset: Double) -> Int {
        guard acrossSelfSizing else { return acrossStride > 0 ? Int((offset / acrossStride).rounded()) : 0 }
        let n = groups
        guard n > 0, offset > 0 else { return 0 }
        let (c, sum) = groupLengths.countFitting(offset)
        guard c < n else { return n - 1 }
        return offset - sum <= groupLengths.prefixSum(c + 1) - offset ? c : c + 1
    }

    /// The groups whose extent meets `lo..<hi` in band coordinates: O(1) for uniform groups,
    /// O(log groups) for measured ones.
    func groups(meetingAcross lo: Double, _ hi: Double) -> Range<Int> {
        let n = groups
        guard n > 0, hi > lo else { return 0..<0 }
        guard acrossSelfSizing else {
            guard acrossStride > 0 else { return 0..<0 }
            let first = max(0, Int(((lo - insets.leading - estimatedGroupWidth) / acrossStride).rounded(.down)) + 1)
            let last = min(n - 1, Int(((hi - insets.leading) / acrossStride).rounded(.up)) - 1)
            return first <= last ? first..<(last + 1) : 0..<0
        }
        let l = lo - insets.leading, h = hi - insets.leading
        guard h > 0 else { return 0..<0 }
        var first = l > 0 ? groupLengths.countFitting(l).count : 0
        if first < n && groupLeading(first) + groupWidth(first) <= lo { first += 1 }
        let (k, sum) = groupLengths.countFitting(h)
        let last = min(n - 1, sum == h ? k - 1 : k)
        return first <= last ? first..<(last + 1) : 0..<0
    }

    /// The group under band x `x`, or nil over spacing or the insets.
    func group(atAcross x: Double) -> Int? {
        guard groups > 0, x >= insets.leading else { return nil }
        let g: Int
        if acrossSelfSizing {
            g = groupLengths.countFitting(x - insets.leading).count
        } else {
            guard acrossStride > 0 else { return nil }
            g = Int(((x - insets.leading) / acrossStride).rounded(.down))
        }
        return g < groups && x < groupLeading(g) + groupWidth(g) ? g : nil
    }

    // MARK: Along

    /// From the section's start to its first group.
    var itemsOffset: Double { headerLength + insets.top }

    /// The groups' extent: every group and the spacing between them.
    var groupsLength: Double {
        let n = groups
        guard n > 0 else { return 0 }
        if isOrthogonal { return bandHeight }
        return selfSizing ? groupLengths.prefixSum(n) - spacing : Double(n) * estimatedGroupLength + Double(n - 1) * spacing
    }

    var length: Double { itemsOffset + groupsLength + insets.bottom + footerLength }

    /// Group `g`'s start (from the section's first group) and length.
    func groupExtent(_ g: Int) -> (start: Double, length: Double) {
        if isOrthogonal { return (0, bandHeight) }
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

    /// Whether leaf `leaf` of a group is measured: its height (down the section, or the band's)
    /// or its width (along the band) follows its cell.
    private func measuresLeaf(_ leaf: Int) -> Bool {
        ((selfSizing || bandSelfSizing) && template.estimatedLeaves[leaf]) || measuresWidth(ofLeaf: leaf)
    }

    private func measuresWidth(ofLeaf leaf: Int) -> Bool {
        acrossSelfSizing && leaf < template.estimatedWidthLeaves.count && template.estimatedWidthLeaves[leaf]
    }

    func needsMeasuring(_ row: Int) -> Bool {
        measures && measuresLeaf(row % itemsPerGroup) && measured[row] == nil
    }

    /// Row `row`'s cell gives its width too (an estimated width along a sideways band).
    func measuresWidth(ofRow row: Int) -> Bool { measuresWidth(ofLeaf: row % itemsPerGroup) }

    /// Stores a measured size (the width counts only where `measuresWidth(ofRow:)`) and
    /// re-resolves its group; returns whether anything changed.
    @discardableResult
    mutating func setMeasured(_ size: Size, ofRow row: Int) -> Bool {
        guard measures, measuresLeaf(row % itemsPerGroup), measured[row] != size else { return false }
        measured[row] = size
        let g = row / itemsPerGroup
        let (groupSize, frames) = resolveMeasured(group: g)
        measuredFrames[g] = frames
        if selfSizing {
            groupLengths.add(groupSize.height - groupExtent(g).length, at: g)
        } else if acrossSelfSizing {
            let before = groupWidth(g)
            // A group wholly left of the view changing width keeps what is on screen in place.
            let leftOfView = groupLeading(g) + before <= orthogonalOffset
            groupLengths.add(groupSize.width - before, at: g)
            if leftOfView { orthogonalOffset += groupSize.width - before }
            orthogonalOffset = min(max(0, orthogonalOffset), maxOrthogonalOffset)
        }
        if bandSelfSizing { noteGroupHeight(groupSize.height, ofGroup: g) }
        return true
    }

    /// The band's height after group `g` measured `height`: the tallest measured group.
    private mutating func noteGroupHeight(_ height: Double, ofGroup g: Int) {
        let old = measuredGroupHeights.updateValue(height, forKey: g)
        if measuredGroupHeights.count == 1 || height >= bandHeight {
            bandHeight = measuredGroupHeights.count == 1 ? height : max(bandHeight, height)
        } else if old == bandHeight {
            // The tallest group got shorter: the measured groups only (a handful per pass).
            bandHeight = measuredGroupHeights.values.max() ?? estimatedGroupLength
        }
    }

    /// Group `g` laid out with its measured sizes: its size and its leaves' frames.
    private func resolveMeasured(group g: Int) -> (Size, [Rect]) {
        let first = g * itemsPerGroup
        let measured = self.measured
        // The description resolved once already, so only measured sizes differ: it cannot fail.
        guard let t = try? GroupResolver.template(of: section.group, in: container, measuresWidths: isOrthogonal,
                                                  measured: { measured[first + $0] }) else {
            return (template.size, template.frames)
        }
        return (t.size, t.frames)
    }

    /// The group index from scratch: every group at its estimated length, measured groups re-resolved.
    private mutating func rebuildGroupLengths() {
        measuredFrames = [:]
        measuredGroupHeights = [:]
        bandHeight = estimatedGroupLength
        guard measures else { groupLengths = FenwickTree([]); return }
        var lengths = usesGroupLengths
            ? [Double](repeating: (selfSizing ? estimatedGroupLength : estimatedGroupWidth) + spacing, count: groups) : []
        for g in Set(measured.keys.map { $0 / itemsPerGroup }) where g < groups {
            let (size, frames) = resolveMeasured(group: g)
            measuredFrames[g] = frames
            if selfSizing { lengths[g] = size.height + spacing }
            if acrossSelfSizing { lengths[g] = size.width + spacing }
            if bandSelfSizing { measuredGroupHeights[g] = size.height }
        }
        if let tallest = measuredGroupHeights.values.max() { bandHeight = tallest }
        groupLengths = FenwickTree(lengths)
    }

    /// `delta` rows inserted at `start` (`delta` > 0), or the old rows `start..<start - delta`
    /// removed (`delta` < 0): the count changes and measured sizes follow their rows.
    mutating func shiftRows(at start: Int, by delta: Int) {
        count = max(0, count + delta)
        if measures {
            var moved: [Int: Size] = [:]
            for (row, size) in measured {
                if row < start { moved[row] = size } else if delta < 0 && row < start - delta { continue } else { moved[row + delta] = size }
            }
            measured = moved
        }
        rebuildGroupLengths()
        // Fewer items: the band may now end before the offset.
        orthogonalOffset = min(orthogonalOffset, maxOrthogonalOffset)
    }

    /// A reloaded row is estimated again.
    mutating func forgetMeasurement(ofRow row: Int) {
        guard measured.removeValue(forKey: row) != nil else { return }
        rebuildGroupLengths()
        orthogonalOffset = min(orthogonalOffset, maxOrthogonalOffset)
    }
}
