import Testing
@_spi(Hosting) @_spi(Diagnostics) @testable import PoolTable

/// A cell whose size follows its item: `width(of:)` wide and `height(of:)` high, drawing its
/// number in its bounds.
final class CarouselSizedCell: CollectionViewCell {
    var item = -1
    private(set) var measuredSizes: [Size] = []
    override func prepareForReuse() { super.prepareForReuse(); item = -1 }
    override func heightThatFits(width: Double, canvas: Canvas) -> Double { Self.height(of: item) }
    override func sizeThatFits(_ size: Size, canvas: Canvas) -> Size {
        measuredSizes.append(size)
        return Size(width: Self.width(of: item), height: Self.height(of: item))
    }
    override func drawContent(in canvas: Canvas, bounds: Rect) {
        canvas.drawText("item \(item)", in: bounds, style: TextStyle(font: .body, color: canvas.theme.foreground))
    }
    /// 80 + 20·(item mod 5) points.
    nonisolated static func width(of item: Int) -> Double { 80 + 20 * Double(item % 5) }
    /// 40 + 10·(item mod 4) points.
    nonisolated static func height(of item: Int) -> Double { 40 + 10 * Double(item % 4) }
}

/// Estimated sizes inside sections that scroll sideways (issue 38, rule 2): they self-size
/// through the cell's measurement as in a vertical section; the band is as high as the
/// tallest measured group, estimated widths lay the band out and page on measured group
/// boundaries, and a huge carousel still measures only what it mounts.
@MainActor
@Suite("Estimated sizes in orthogonal sections")
struct OrthogonalEstimatedTests {
    static let width = 400.0, height = 600.0

    /// A carousel of one-item groups, inside insets (8, 16, 8, 16), 10 apart: heights estimated
    /// at 200 in groups 150 wide, or (`estimatedWidths`) widths estimated at 100 too.
    static func carousel(_ behavior: CollectionLayoutSectionOrthogonalScrollingBehavior = .continuous,
                         estimatedWidths: Bool = false) -> CollectionLayoutSection {
        let width: CollectionLayoutDimension = estimatedWidths ? .estimated(100) : .absolute(150)
        let item = CollectionLayoutItem(layoutSize: size(estimatedWidths ? .estimated(100) : .fractionalWidth(1), .estimated(200)))
        let group = CollectionLayoutGroup.horizontal(layoutSize: size(width, .estimated(200)), subitems: [item])
        let section = CollectionLayoutSection(group: group)
        section.orthogonalScrollingBehavior = behavior
        section.interGroupSpacing = 10
        section.contentInsets = DirectionalEdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16)
        return section
    }

    /// Rows of 100 points, three across, 5 apart.
    static func rows() -> CollectionLayoutSection {
        let item = CollectionLayoutItem(layoutSize: size(.fractionalWidth(1.0 / 3), .fractionalHeight(1)))
        let section = CollectionLayoutSection(group: .horizontal(layoutSize: size(.fractionalWidth(1), .absolute(100)), subitems: [item]))
        section.interGroupSpacing = 5
        return section
    }

    func makeView(_ layout: CollectionViewCompositionalLayout, counts: [Int], layout now: Bool = true) -> CollectionView {
        let source = GridSourceFixture(counts: counts, reuseIdentifier: "sized")
        source.configure = { cell, ip, _ in (cell as! CarouselSizedCell).item = ip.item }
        let view = CollectionView(frame: Rect(x: 0, y: 0, width: Self.width, height: Self.height), collectionViewLayout: layout)
        view.register({ CarouselSizedCell(reuseIdentifier: $0) }, forCellWithReuseIdentifier: "sized")
        view.dataSource = source
        retained.append(source)
        if now { view.layoutIfNeeded() }
        return view
    }
    /// The data sources (the view holds its data source weakly).
    private final class Sources { var all: [AnyObject] = [] }
    private let sources = Sources()
    private var retained: [AnyObject] {
        get { sources.all }
        nonmutating set { sources.all = newValue }
    }

    func mounted(_ view: CollectionView, section s: Int) -> [IndexPath] { view.indexPathsForMountedItems.filter { $0.section == s } }

    @Test("an estimated height in a carousel becomes the measured height; the band is as high as the tallest measured group; sections below follow")
    func estimatedHeights() {
        let layout = CollectionViewCompositionalLayout { s, _ in s == 0 ? Self.carousel() : Self.rows() }
        let view = makeView(layout, counts: [40, 30])
        let items = mounted(view, section: 0)
        #expect(!items.isEmpty && items.count < 12)
        for ip in items {
            let cell = view.cellForItem(at: ip)
            #expect(cell?.frame.height == CarouselSizedCell.height(of: ip.item), "\(ip)")
            #expect(view.layoutAttributesForItem(at: ip)?.frame == cell?.frame)
            #expect(view.layoutAttributesForItem(at: ip)?.frame.minY == 8)
        }
        let tallest = items.map { CarouselSizedCell.height(of: $0.item) }.max()!
        #expect(tallest == 70, "items 0…3 are mounted")
        // The rows below start under the measured band, not the 200-point estimate.
        #expect(view.rectForItem(at: IndexPath(item: 0, section: 1)).minY == 8 + tallest + 8)
        // Drawn where the layout says: the canvas records each mounted cell's number in its frame.
        let canvas = RecordingCanvas()
        view.render(in: canvas)
        for ip in items where view.rectForItem(at: ip).maxX > 0 && view.rectForItem(at: ip).minX < Self.width {
            let drawn = canvas.texts.filter { $0.0 == "item \(ip.item)" }.map(\.1)
            #expect(drawn.contains { $0.minY >= 8 - 0.5 && $0.maxY <= 8 + CarouselSizedCell.height(of: ip.item) + 0.5 }, "\(ip)")
        }
        // An item not yet mounted keeps its estimate.
        #expect(view.layoutAttributesForItem(at: IndexPath(item: 39, section: 0))?.frame.height == 200)
        #expect(view.invariantViolation() == nil)
    }

    @Test("a band growing or shrinking above the viewport keeps what is on screen in place")
    func anchoredAbove() {
        let layout = CollectionViewCompositionalLayout { s, _ in s == 1 ? Self.carousel() : Self.rows() }
        let view = makeView(layout, counts: [30, 40, 300], layout: false)
        view.contentOffset = Point(x: 0, y: 3000)
        view.layoutIfNeeded()
        // Scroll up so the carousel (estimated 200 high, measured 70) arrives above the first visible row.
        let carouselTop = view.rectForItem(at: IndexPath(item: 0, section: 1)).minY
        view.contentOffset = Point(x: 0, y: carouselTop + 200 + 8 + 20)
        let anchor = IndexPath(item: 0, section: 2)
        let before = view.rectForItem(at: anchor).minY - view.contentOffset.y
        view.layoutIfNeeded()
        #expect(view.rectForItem(at: IndexPath(item: 0, section: 1)).height == CarouselSizedCell.height(of: 0))
        #expect(view.rectForItem(at: anchor).minY == view.rectForItem(at: IndexPath(item: 0, section: 1)).minY - 8 + 8 + 70 + 8)
        #expect(view.rectForItem(at: anchor).minY - view.contentOffset.y == before, "no jump")
        #expect(view.invariantViolation() == nil)
    }

    @Test("estimated widths self-size along the band; content width and group paging follow the measured widths")
    func estimatedWidthsAndPaging() throws {
        let view = makeView(CollectionViewCompositionalLayout(section: Self.carousel(.groupPaging, estimatedWidths: true)), counts: [20])
        var frames = mounted(view, section: 0).map { view.rectForItem(at: $0) }
        for ip in mounted(view, section: 0) {
            #expect(view.rectForItem(at: ip).size == Size(width: CarouselSizedCell.width(of: ip.item), height: CarouselSizedCell.height(of: ip.item)))
            let measured = (view.cellForItem(at: ip) as? CarouselSizedCell)?.measuredSizes.first
            #expect(measured == Size(width: 100, height: 200), "offered its estimated frame")
        }
        #expect(frames.first?.minX == 16)
        #expect(zip(frames, frames.dropFirst()).allSatisfy { $1.minX == $0.maxX + 10 }, "contiguous at the measured widths")
        // A drag of 40 (more than a third of group 0, 80 wide) pages to group 1 at 80 + 10.
        let band = Point(x: 200, y: 30)
        try #require(view.beginOrthogonalScroll(atViewportPoint: band))
        view.updateOrthogonalScroll(by: 40)
        view.endOrthogonalScroll(velocity: 0)
        runOut(view)
        #expect(view.orthogonalContentOffset(forSection: 0) == 90)
        // Again: group 2 starts 100 + 10 further.
        try #require(view.beginOrthogonalScroll(atViewportPoint: band))
        view.updateOrthogonalScroll(by: 50)
        view.endOrthogonalScroll(velocity: 0)
        runOut(view)
        #expect(view.orthogonalContentOffset(forSection: 0) == 200)
        // To the end: the band's width is the measured one, the last item ends at the trailing inset.
        for _ in 0..<4 {
            view.setOrthogonalContentOffset(1e9, forSection: 0)
            view.layoutIfNeeded()
        }
        let last = view.rectForItem(at: IndexPath(item: 19, section: 0))
        #expect(last.width == CarouselSizedCell.width(of: 19))
        #expect(last.maxX + 16 == Self.width, "the band ends at its trailing inset")
        frames = mounted(view, section: 0).map { view.rectForItem(at: $0) }
        #expect(zip(frames, frames.dropFirst()).allSatisfy { $1.minX == $0.maxX + 10 })
        #expect(view.invariantViolation() == nil)
    }

    @Test("a leading-boundary glide and centred group paging rest on measured groups' edges and middles")
    func boundariesFollowMeasuredWidths() throws {
        // Widths 80, 100, 120, 140, 160, …, 10 apart from 16: leading edges at offsets 0, 90, 200, 330, …
        let boundary = makeView(CollectionViewCompositionalLayout(section: Self.carousel(.continuousGroupLeadingBoundary, estimatedWidths: true)), counts: [20])
        try #require(boundary.beginOrthogonalScroll(atViewportPoint: Point(x: 200, y: 30)))
        boundary.updateOrthogonalScroll(by: 130)
        boundary.endOrthogonalScroll(velocity: 0)
        runOut(boundary)
        #expect(boundary.orthogonalContentOffset(forSection: 0) == 90, "the nearest measured leading edge, not 110 (the estimate's)")
        #expect(boundary.rectForItem(at: IndexPath(item: 1, section: 0)).minX == 16)

        let centred = makeView(CollectionViewCompositionalLayout(section: Self.carousel(.groupPagingCentered, estimatedWidths: true)), counts: [20])
        for step in 1...3 {
            try #require(centred.beginOrthogonalScroll(atViewportPoint: Point(x: 200, y: 30)))
            centred.updateOrthogonalScroll(by: 60)
            centred.endOrthogonalScroll(velocity: 0)
            runOut(centred)
            let middles = mounted(centred, section: 0).map { centred.rectForItem(at: $0).midX }
            #expect(middles.contains { abs($0 - Self.width / 2) < 1e-9 }, "step \(step): a measured group is centred: \(middles)")
        }
        #expect(centred.invariantViolation() == nil)
    }

    @Test("Right brings the next card into view at its measured place: group paging puts it at the leading inset, centred paging in the middle")
    func keyboardRevealsMeasuredGroups() {
        for behavior in [CollectionLayoutSectionOrthogonalScrollingBehavior.groupPaging, .groupPagingCentered] {
            let view = makeView(CollectionViewCompositionalLayout(section: Self.carousel(behavior, estimatedWidths: true)), counts: [20])
            view.setFocusedIndexPath(IndexPath(item: 0, section: 0))
            for step in 1...4 {
                #expect(view.handleKey(.right))
                runOut(view)
                let frame = view.rectForItem(at: IndexPath(item: step, section: 0))
                #expect(frame.width == CarouselSizedCell.width(of: step))
                if behavior == .groupPaging {
                    #expect(frame.minX == 16, "card \(step) at the leading inset: \(frame)")
                } else if step == 1 {
                    // Card 1's middle (16 + 80 + 10 + 50 = 156) is left of the view's: the band cannot scroll before 0.
                    #expect(view.orthogonalContentOffset(forSection: 0) == 0 && frame.midX == 156)
                } else {
                    #expect(abs(frame.midX - Self.width / 2) < 1e-9, "card \(step) centred: \(frame)")
                }
            }
        }
    }

    @Test("a settle in progress follows a group left of the view that gets measured: Left from the far end rests each card on the leading inset, and no frame jumps")
    func settleFollowsMeasuredGroupsLeftOfView() {
        let view = makeView(CollectionViewCompositionalLayout(section: Self.carousel(.groupPaging, estimatedWidths: true)), counts: [60])
        view.setOrthogonalContentOffset(1e9, forSection: 0)   // the far end: the groups passed over keep their estimates
        view.layoutIfNeeded()
        view.setFocusedIndexPath(IndexPath(item: 59, section: 0))
        var t = 10.0
        for step in 1...6 {
            let card = IndexPath(item: 59 - step, section: 0)
            #expect(view.handleKey(.left))
            view.layoutIfNeeded()
            // On screen: how far the card heading for the leading inset moves in one frame.
            var last = view.rectForItem(at: card).minX, biggest = 0.0
            view.advanceAnimations(to: t)
            while view.hasRunningAnimations && t < 100 {
                t += 1.0 / 60
                view.advanceAnimations(to: t)
                view.layoutIfNeeded()
                let now = view.rectForItem(at: card).minX
                biggest = max(biggest, abs(now - last))
                last = now
            }
            view.layoutIfNeeded()
            // Card 58 is on screen at the far end, and the band can't scroll past it.
            if step > 1 {
                #expect(view.rectForItem(at: card).minX == 16, "step \(step): card \(card.item) at the leading inset: \(view.rectForItem(at: card))")
            }
            #expect(biggest < 40, "step \(step): the card glides, no jump: \(biggest) in one frame")
        }
        #expect(view.invariantViolation() == nil)
    }

    func runOut(_ view: CollectionView) {
        var t = 10.0
        view.advanceAnimations(to: t)
        while view.hasRunningAnimations && t < 20 {
            t += 1.0 / 60
            view.advanceAnimations(to: t)
        }
        view.layoutIfNeeded()
    }

    @Test("a 100,000-item carousel with estimated sizes mounts and measures a handful at random offsets")
    func hugeCarousel() throws {
        let layout = CollectionViewCompositionalLayout { s, _ in s == 1 ? Self.carousel(.continuous, estimatedWidths: true) : Self.rows() }
        let view = makeView(layout, counts: [3, 100_000, 30])
        let geometry = try #require(view.geometry as? CompositionalGeometry)
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<20 {
            let offset = Double.random(in: 0...10_000_000, using: &rng)
            view.setOrthogonalContentOffset(offset, forSection: 1)
            view.layoutIfNeeded()
            let items = mounted(view, section: 1)
            #expect(!items.isEmpty && items.count <= 16, "\(items.count) mounted at \(offset)")
            for ip in items {
                #expect(view.rectForItem(at: ip).size == Size(width: CarouselSizedCell.width(of: ip.item), height: CarouselSizedCell.height(of: ip.item)))
            }
            #expect(items.contains { view.rectForItem(at: $0).maxX > 0 && view.rectForItem(at: $0).minX < Self.width })
            #expect(view.invariantViolation() == nil)
        }
        #expect(geometry.sections[1].measured.count <= 20 * 16, "only what was mounted was measured")
    }

    @Test("a sideways scroll through estimated sizes costs the same at 1,000 and 100,000 items: the same binds, measurements and mounted items per step")
    func sidewaysCostIndependentOfCount() {
        func run(_ n: Int) -> (binds: Int, measured: Int, mountedMax: Int) {
            let view = makeView(CollectionViewCompositionalLayout(section: Self.carousel(.continuous, estimatedWidths: true)), counts: [n])
            view.setOrthogonalContentOffset(5000, forSection: 0)
            view.layoutIfNeeded()
            let before = view.statistics.binds
            var mountedMax = 0
            #expect(view.beginOrthogonalScroll(atViewportPoint: Point(x: 200, y: 30)))
            for _ in 0..<300 {
                view.updateOrthogonalScroll(by: 7)
                view.layoutIfNeeded()
                mountedMax = max(mountedMax, view.indexPathsForMountedItems.count)
            }
            view.endOrthogonalScroll(velocity: 0)
            let measured = (view.geometry as? CompositionalGeometry)?.sections[0].measured.count ?? -1
            return (view.statistics.binds - before, measured, mountedMax)
        }
        let small = run(1_000), large = run(100_000)
        #expect(small.binds == large.binds && small.measured == large.measured && small.mountedMax == large.mountedMax)
        #expect(large.binds > 0 && large.binds < 300 && large.measured < 60, "\(large)")
    }

    @Test("a fractional height inside an estimated group in a carousel is logged and keeps the last good layout")
    func fractionalHeightInEstimatedCarousel() {
        final class Switch { var bad = false }
        let state = Switch()
        let layout = CollectionViewCompositionalLayout { _, _ in
            guard state.bad else { return Self.carousel() }
            let item = CollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
            let section = CollectionLayoutSection(group: .horizontal(layoutSize: size(.absolute(150), .estimated(200)), subitems: [item]))
            section.orthogonalScrollingBehavior = .continuous
            return section
        }
        let g = compositionalGeometry(layout, counts: [10], width: 400)
        #expect(g.reportedProblems.isEmpty && g.needsMeasuring(ItemPath(row: 0, section: 0)))
        g.setMeasuredLength(60, of: ItemPath(row: 0, section: 0))
        #expect(g.length(ofSection: 0) == 8 + 60 + 8, "the band follows the measured group")
        let good = g.itemFrame(ItemPath(row: 3, section: 0))
        state.bad = true
        g.breadth = 401
        g.breadth = 400
        #expect(g.reportedProblems == ["fractional-height-in-estimated-group"])
        #expect(g.itemFrame(ItemPath(row: 3, section: 0)) == good)
        #expect(g.isOrthogonal(0) && g.needsMeasuring(ItemPath(row: 0, section: 0)), "still a self-sizing carousel")
    }
}
