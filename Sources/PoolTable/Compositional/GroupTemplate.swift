/// Why a section cannot be laid out as described (logged once, and the section keeps its
/// last good layout).
enum CompositionalLayoutProblem: Error, Equatable, CustomStringConvertible {
    case noSection(section: Int)
    case noSubitems
    case itemWiderThanGroup(itemWidth: Double, groupWidth: Double)
    case fractionalHeightInEstimatedGroup
    case fractionalWidthInEstimatedGroup
    case invalidNumber(String)
    case orthogonalGroupWithoutWidth(width: Double)

    /// A short key per kind of problem (each kind is logged once per view).
    var kind: String {
        switch self {
        case .noSection: "nil-section"
        case .noSubitems: "no-subitems"
        case .itemWiderThanGroup: "item-wider-than-group"
        case .fractionalHeightInEstimatedGroup: "fractional-height-in-estimated-group"
        case .fractionalWidthInEstimatedGroup: "fractional-width-in-estimated-group"
        case .invalidNumber: "invalid-number"
        case .orthogonalGroupWithoutWidth: "orthogonal-group-without-width"
        }
    }

    var description: String {
        switch self {
        case let .noSection(s): "the section provider returned nil for section \(s)"
        case .noSubitems: "a group has no subitems (or repeats its subitem 0 times)"
        case let .itemWiderThanGroup(w, g): "an item \(w) points wide is wider than its group (\(g) points)"
        case .fractionalHeightInEstimatedGroup:
            "an item has a fractional height inside a group of estimated height (a fraction of a size that depends on it)"
        case .fractionalWidthInEstimatedGroup:
            "an item has a fractional width inside a sideways group of estimated width (a fraction of a size that depends on it)"
        case let .invalidNumber(what): "\(what) is not a finite, non-negative number"
        case let .orthogonalGroupWithoutWidth(w):
            "a section that scrolls sideways has a group \(w) points wide (it must be at least 1 point wide to lay its groups side by side)"
        }
    }
}

/// One group resolved in its container: its size and the frames of its leaf items relative
/// to its origin (after each item's `contentInsets`), depth first. Every group of a section
/// shares it until cells are measured, so an item's frame is arithmetic: item i sits in
/// group ⌊i / itemsPerGroup⌋ at `frames[i % itemsPerGroup]`.
struct GroupTemplate: Equatable {
    var size: Size
    var frames: [Rect]
    /// Per leaf: its height is estimated (and its cell is measured) in a group whose height
    /// follows its content.
    var estimatedLeaves: [Bool]
    /// The group's height is estimated: its extent follows its items' measured heights.
    var selfSizing: Bool
    /// Per leaf: its width is estimated in a group whose width follows its content (measured
    /// in a section that scrolls sideways only).
    var estimatedWidthLeaves: [Bool] = []
    /// The group's width is estimated: in a section that scrolls sideways, its extent along
    /// the band follows its items' measured widths.
    var widthSelfSizing = false
}

/// Resolves a group description into a `GroupTemplate`, checking it as it goes. `measured`
/// gives the measured size of the leaf at an index (nil: its estimate): its height replaces
/// an estimated height, and its width an estimated width when `measuresWidths` (a section
/// that scrolls sideways).
@MainActor
struct GroupResolver {
    var measured: (Int) -> Size? = { _ in nil }
    var measuresWidths = false
    private var frames: [Rect] = []
    private var estimated: [Bool] = []
    private var estimatedWidths: [Bool] = []

    init(measured: @escaping (Int) -> Size? = { _ in nil }, measuresWidths: Bool = false) {
        self.measured = measured
        self.measuresWidths = measuresWidths
    }

    /// The template of `group` inside `container`.
    static func template(of group: CollectionLayoutGroup, in container: Size, measuresWidths: Bool = false,
                         measured: @escaping (Int) -> Size? = { _ in nil }) throws(CompositionalLayoutProblem) -> GroupTemplate {
        var r = GroupResolver(measured: measured, measuresWidths: measuresWidths)
        let size = try r.resolve(group, in: container, insideEstimated: false, insideEstimatedWidth: false,
                                 forcedSize: nil, origin: Point(x: 0, y: 0))
        return GroupTemplate(size: size, frames: r.frames, estimatedLeaves: r.estimated,
                             selfSizing: group.layoutSize.heightDimension.isEstimated,
                             estimatedWidthLeaves: r.estimatedWidths,
                             widthSelfSizing: measuresWidths && group.layoutSize.widthDimension.isEstimated)
    }

    private static func check(_ v: Double, _ what: String) throws(CompositionalLayoutProblem) {
        guard v.isFinite, v >= 0 else { throw .invalidNumber("\(what) (\(v))") }
    }

    private static func check(_ d: CollectionLayoutDimension, _ what: String) throws(CompositionalLayoutProblem) {
        try check(d.dimension, "a \(what) of \(d)")
    }

    /// The subitems a group lays out in order: `count` copies of a repeating subitem; else its
    /// subitems, repeated in turn while the next one still fits along the group (as UIKit
    /// fills a group: one item a quarter of the group's width makes four columns). A group
    /// whose length along its direction is estimated lays its subitems out once.
    private static func sequence(of group: CollectionLayoutGroup, in inner: Size, spacing: Double) throws(CompositionalLayoutProblem) -> [CollectionLayoutItem] {
        if let count = group.repeatCount {
            guard count > 0, let item = group.subitems.first else { throw .noSubitems }
            return Array(repeating: item, count: count)
        }
        let subitems = group.subitems
        guard !subitems.isEmpty else { throw .noSubitems }
        let horizontal = group.direction == .horizontal
        guard !(horizontal ? group.layoutSize.widthDimension : group.layoutSize.heightDimension).isEstimated else { return subitems }
        func length(_ item: CollectionLayoutItem) -> Double {
            horizontal ? item.layoutSize.widthDimension.resolved(in: inner) : item.layoutSize.heightDimension.resolved(in: inner)
        }
        let available = horizontal ? inner.width : inner.height
        var used = subitems.reduce(0.0) { $0 + length($1) } + Double(subitems.count - 1) * spacing
        var sequence = subitems
        // Bounded: a group never holds more than 10,000 items.
        while sequence.count < 10_000 {
            let next = length(subitems[sequence.count % subitems.count])
            guard next > 0, used + spacing + next <= available * (1 + 1e-12) + 1e-9 else { break }
            used += spacing + next
            sequence.append(subitems[sequence.count % subitems.count])
        }
        return sequence
    }

    /// Lays out `item` (a leaf or a group) at `origin`, appending its leaf frames; returns its
    /// slot size. `forcedSize` is a repeating group's share, which replaces the item's own size.
    private mutating func resolve(_ item: CollectionLayoutItem, in container: Size, insideEstimated: Bool,
                                  insideEstimatedWidth: Bool, forcedSize: Size?, origin: Point) throws(CompositionalLayoutProblem) -> Size {
        let ls = item.layoutSize
        try Self.check(ls.widthDimension, "width")
        try Self.check(ls.heightDimension, "height")
        guard item.contentInsets.isFinite else { throw .invalidNumber("an item's content insets") }
        if insideEstimated && ls.heightDimension.isFractionalHeight { throw .fractionalHeightInEstimatedGroup }
        if insideEstimatedWidth && ls.widthDimension.isFractionalWidth { throw .fractionalWidthInEstimatedGroup }
        var size = forcedSize ?? ls.resolved(in: container)
        guard let group = item as? CollectionLayoutGroup else {
            let m = measured(frames.count)
            if ls.heightDimension.isEstimated, let h = m?.height { size.height = h + item.contentInsets.top + item.contentInsets.bottom }
            let widthMeasured = measuresWidths && ls.widthDimension.isEstimated && insideEstimatedWidth
            if widthMeasured, let w = m?.width { size.width = w + item.contentInsets.leading + item.contentInsets.trailing }
            estimated.append(ls.heightDimension.isEstimated && insideEstimated)
            estimatedWidths.append(widthMeasured)
            frames.append(item.contentInsets.inset(Rect(origin: origin, size: size)))
            return size
        }

        let spacing = group.interItemSpacing?.points ?? 0
        try Self.check(spacing, "an inter-item spacing")
        let estimatedHeight = ls.heightDimension.isEstimated
        let estimatedWidth = measuresWidths && ls.widthDimension.isEstimated
        let inner = group.contentInsets.inset(Rect(origin: origin, size: size))
        let horizontal = group.direction == .horizontal
        let subitems = try Self.sequence(of: group, in: inner.size, spacing: spacing)
        let n = Double(subitems.count)
        // A repeating group shares its length along its direction out equally.
        var share: Size?
        if group.repeatCount != nil {
            share = horizontal ? Size(width: max(0, (inner.size.width - (n - 1) * spacing) / n), height: 0)
                               : Size(width: 0, height: max(0, (inner.size.height - (n - 1) * spacing) / n))
        }
        // Flexible spacing: the room left over is shared between the gaps.
        var gap = spacing
        if case .flexible = group.interItemSpacing, subitems.count > 1 {
            var used = 0.0
            for sub in subitems {
                used += horizontal ? sub.layoutSize.widthDimension.resolved(in: inner.size) : sub.layoutSize.heightDimension.resolved(in: inner.size)
            }
            let room = (horizontal ? inner.size.width : inner.size.height) - used - (n - 1) * spacing
            if room > 0 && share == nil { gap += room / (n - 1) }
        }
        var cursor = horizontal ? inner.origin.x : inner.origin.y
        var extent = 0.0   // the content's extent across the group's direction or along it
        var widest = 0.0   // a vertical group's widest slot
        for sub in subitems {
            var forced: Size?
            if let share {
                let own = sub.layoutSize.resolved(in: inner.size)
                forced = horizontal ? Size(width: share.width, height: own.height) : Size(width: own.width, height: share.height)
            }
            let at = horizontal ? Point(x: cursor, y: inner.origin.y) : Point(x: inner.origin.x, y: cursor)
            let slot = try resolve(sub, in: inner.size, insideEstimated: estimatedHeight, insideEstimatedWidth: estimatedWidth,
                                   forcedSize: forced, origin: at)
            // A group whose width follows its items is as wide as they are.
            if !estimatedWidth && slot.width > inner.size.width + 0.5 {
                throw .itemWiderThanGroup(itemWidth: slot.width, groupWidth: inner.size.width)
            }
            if horizontal {
                cursor += slot.width + gap
                extent = max(extent, slot.height)
            } else {
                cursor += slot.height + gap
                widest = max(widest, slot.width)
            }
        }
        if !horizontal { extent = cursor - gap - inner.origin.y }
        if estimatedHeight {
            size.height = extent + group.contentInsets.top + group.contentInsets.bottom
        }
        if estimatedWidth {
            let content = horizontal ? cursor - gap - inner.origin.x : widest
            size.width = content + group.contentInsets.leading + group.contentInsets.trailing
        }
        return size
    }
}
