import Testing
@_spi(Hosting) @_spi(Diagnostics) @testable import PoolTable

/// Sections that scroll sideways (issue 38, rule 5): one band per section with its own
/// offset, mounting only what meets the breadth, settling per behaviour, keyboard,
/// accessibility, diagnostics, updates and bad input.
@MainActor
@Suite("Orthogonal sections")
struct OrthogonalSectionTests {
    static let width = 400.0, height = 600.0
    /// A carousel's geometry: groups 150 wide, `perGroup` items stacked in each (100 high,
    /// 10 apart), 10 between groups, inside insets (8, 16, 8, 16), under a 30-point header.
    static let groupWidth = 150.0, stride = 160.0, leading = 16.0, header = 30.0, top = 8.0

    static func carousel(_ behavior: CollectionLayoutSectionOrthogonalScrollingBehavior, perGroup: Int = 2) -> CollectionLayoutSection {
        let item = CollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
        let groupHeight = Double(perGroup) * 100 + Double(perGroup - 1) * 10
        let group = CollectionLayoutGroup.vertical(layoutSize: size(.absolute(groupWidth), .absolute(groupHeight)),
                                                   repeatingSubitem: item, count: perGroup)
        group.interItemSpacing = .fixed(10)
        let section = CollectionLayoutSection(group: group)
        section.orthogonalScrollingBehavior = behavior
        section.interGroupSpacing = 10
        section.contentInsets = DirectionalEdgeInsets(top: top, leading: leading, bottom: 8, trailing: 16)
        section.boundarySupplementaryItems = [CollectionLayoutBoundarySupplementaryItem(
            layoutSize: size(.fractionalWidth(1), .absolute(header)), elementKind: CollectionView.elementKindSectionHeader, alignment: .top)]
        return section
    }

    /// Three items across in 100-point groups 5 apart, no insets.
    static func threeAcross() -> CollectionLayoutSection {
        let item = CollectionLayoutItem(layoutSize: size(.fractionalWidth(1.0 / 3), .fractionalHeight(1)))
        let group = CollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(100)), subitems: [item])
        let section = CollectionLayoutSection(group: group)
        section.interGroupSpacing = 5
        return section
    }

    /// Even sections three across, odd ones carousels of `behavior`.
    static func mixed(_ behavior: CollectionLayoutSectionOrthogonalScrollingBehavior, perGroup: Int = 2) -> CollectionViewCompositionalLayout {
        CollectionViewCompositionalLayout { s, _ in s % 2 == 0 ? threeAcross() : carousel(behavior, perGroup: perGroup) }
    }

    func makeView(_ layout: CollectionViewCompositionalLayout, counts: [Int], height: Double = height) -> (CollectionView, GridSource) {
        let source = GridSource(counts: counts)
        let view = CollectionView(frame: Rect(x: 0, y: 0, width: Self.width, height: height), collectionViewLayout: layout)
        source.attach(to: view)
        view.layoutIfNeeded()
        return (view, source)
    }

    /// Item `i`'s frame in a carousel whose band starts at `sectionTop`, scrolled to `offset` (naive).
    func naiveCarouselFrame(_ i: Int, perGroup: Int = 2, sectionTop: Double, offset: Double) -> Rect {
        let g = Double(i / perGroup), k = Double(i % perGroup)
        return Rect(x: Self.leading + g * Self.stride - offset, y: sectionTop + Self.header + Self.top + k * 110,
                    width: Self.groupWidth, height: 100)
    }

    /// A point over section `s`'s band, in viewport coordinates.
    func bandPoint(_ view: CollectionView, section s: Int, x: Double = 200) -> Point {
        let y = view.layoutAttributesForItem(at: IndexPath(item: 0, section: s))!.frame.midY - view.contentOffset.y
        return Point(x: x, y: y)
    }

    // MARK: Mounting

    @Test("a 100,000-item orthogonal section mounts a handful of cells at any offset, visible exactly where they meet the breadth")
    func hundredThousandMountAHandful() throws {
        let n = 100_000
        let (view, source) = makeView(CollectionViewCompositionalLayout(section: Self.carousel(.continuous)), counts: [n])
        view.prefetchDistance = 200
        #expect(abs(view.contentSize.height - (30 + 8 + 210 + 8)) < 1e-9, "one band as high as one group")
        let groups = Double(n / 2)
        let bandWidth = 16 + groups * 150 + (groups - 1) * 10 + 16
        var rng = SeededRandom(seed: 100_000)
        var offsets = [0.0, bandWidth - Self.width, bandWidth, -50, 12_345.5]
        offsets += (0..<40).map { _ in Double.random(in: 0...(bandWidth - Self.width), using: &rng) }
        for wanted in offsets {
            view.setOrthogonalContentOffset(wanted, forSection: 0)
            let o = view.orthogonalContentOffset(forSection: 0)
            #expect(o == min(max(0, wanted), bandWidth - Self.width))
            let mounted = view.indexPathsForMountedItems, visible = view.indexPathsForVisibleItems
            // The breadth plus 200 points each side: at most ceil(800 / 160) + 1 groups of two.
            #expect(mounted.count <= 2 * 7 && mounted.count >= 4, "offset \(o): \(mounted.count) mounted")
            var expectedVisible: [IndexPath] = [], expectedMounted: [IndexPath] = []
            let firstGroup = max(0, Int(((o - 200 - 16 - 150) / 160).rounded(.down)))
            for g in firstGroup..<min(n / 2, firstGroup + 12) {
                let x = 16 + Double(g) * 160 - o
                if x + 150 > -200 && x < Self.width + 200 { expectedMounted += [2 * g, 2 * g + 1].map { IndexPath(item: $0, section: 0) } }
                if x + 150 > 0 && x < Self.width { expectedVisible += [2 * g, 2 * g + 1].map { IndexPath(item: $0, section: 0) } }
            }
            #expect(mounted == expectedMounted, "offset \(o)")
            #expect(visible == expectedVisible, "offset \(o)")
            #expect(Set(view.indexPathsForPreparedItems) == Set(expectedMounted).subtracting(expectedVisible))
            for (ip, cell) in zip(mounted, view.mountedCells) {
                #expect((cell as? GridProbeCell)?.item == source.id(at: ip))
                let naive = naiveCarouselFrame(ip.item, sectionTop: 0, offset: o)
                #expect(close(cell.frame, naive) && view.layoutAttributesForItem(at: ip)?.frame == cell.frame)
                #expect(cell.isHidden == !expectedVisible.contains(ip))
            }
            #expect(view.invariantViolation() == nil)
        }
        // Scrolling the view along keeps the band's mounting (a section above would come and go).
        let header = view.layoutAttributesForSupplementaryElement(ofKind: CollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0))
        #expect(header?.frame.minX == 16, "the boundary header stays put while the band scrolls")
    }

    @Test("a sideways scroll costs the same at 1,000 and 1,000,000 items: the same binds, cells and mounted items per step")
    func sidewaysCostIndependentOfCount() {
        func run(_ n: Int) -> (binds: Int, created: Int, mountedMax: Int) {
            let (view, _) = makeView(CollectionViewCompositionalLayout(section: Self.carousel(.continuous)), counts: [n])
            view.setOrthogonalContentOffset(5000, forSection: 0)
            let before = view.statistics.binds
            var mountedMax = 0
            #expect(view.beginOrthogonalScroll(atViewportPoint: bandPoint(view, section: 0)))
            for _ in 0..<500 {
                view.updateOrthogonalScroll(by: 7)
                view.layoutIfNeeded()
                mountedMax = max(mountedMax, view.indexPathsForMountedItems.count)
            }
            view.endOrthogonalScroll(velocity: 0)
            return (view.statistics.binds - before, view.cellsCreated, mountedMax)
        }
        let small = run(1_000), large = run(1_000_000)
        #expect(small.binds == large.binds && small.created == large.created && small.mountedMax == large.mountedMax)
        #expect(large.binds > 0 && large.binds < 500, "a step binds only the items arriving at the edges")
    }

    @Test("1,000,000-item sections: frames match a naive per-item computation at random indices, orthogonal and not")
    func millionFramesMatchNaive() {
        let n = 1_000_000
        let layout = CollectionViewCompositionalLayout { s, _ in s == 0 ? Self.carousel(.groupPaging) : Self.threeAcross() }
        let (view, _) = makeView(layout, counts: [n, n])
        let secondTop = 30.0 + 8 + 210 + 8
        var rng = SeededRandom(seed: 1_000_001)
        for _ in 0..<8 {
            let offset = Double.random(in: 0...79_000_000, using: &rng)
            view.setOrthogonalContentOffset(offset, forSection: 0)
            let o = view.orthogonalContentOffset(forSection: 0)
            #expect(o == offset)
            for _ in 0..<40 {
                let i = Int.random(in: 0..<n, using: &rng)
                let orthogonal = view.layoutAttributesForItem(at: IndexPath(item: i, section: 0))?.frame
                #expect(orthogonal.map { close($0, naiveCarouselFrame(i, sectionTop: 0, offset: o), 1e-6) } == true, "item \(i)")
                let g = Double(i / 3), k = Double(i % 3)
                let plain = view.layoutAttributesForItem(at: IndexPath(item: i, section: 1))?.frame
                let expected = Rect(x: k * Self.width / 3, y: secondTop + g * 105, width: Self.width / 3, height: 100)
                #expect(plain.map { close($0, expected, 1e-6) } == true, "item \(i) of section 1")
            }
        }
        #expect(abs(view.contentSize.height - (secondTop + Double(n / 3 + 1) * 105 - 5)) < 1e-6)
    }

    @Test("scrolling along past a carousel mounts and drops it at the band's edges; its items keep their sideways window")
    func verticalScrollPastCarousels() {
        let (view, _) = makeView(Self.mixed(.continuous), counts: [30, 1000, 30, 1000, 30], height: 300)
        view.setOrthogonalContentOffset(5000, forSection: 1)
        view.setOrthogonalContentOffset(9000, forSection: 3)
        var y = 0.0
        while y < view.contentSize.height {
            view.contentOffset = Point(x: 0, y: y)
            #expect(view.invariantViolation() == nil, "offset \(y)")
            #expect(view.indexPathsForMountedItems.count < 60)
            y += 37
        }
        #expect(view.orthogonalContentOffset(forSection: 1) == 5000 && view.orthogonalContentOffset(forSection: 3) == 9000)
    }

    // MARK: Settling

    /// One carousel of 50 single-item groups, scrolled by the Hosting SPI from `start`:
    /// `delta` points, released at `velocity`, then the clock run out. Returns the offset it
    /// settled at (and checks it moved continuously and stopped).
    func settle(_ behavior: CollectionLayoutSectionOrthogonalScrollingBehavior, from start: Double,
                delta: Double, velocity: Double) throws -> Double {
        let (view, _) = makeView(CollectionViewCompositionalLayout(section: Self.carousel(behavior, perGroup: 1)), counts: [50])
        view.setOrthogonalContentOffset(start, forSection: 0)
        #expect(view.orthogonalSection(atViewportPoint: bandPoint(view, section: 0)) == 0)
        #expect(view.orthogonalSection(atViewportPoint: Point(x: 200, y: 10)) == nil, "over the header")
        try #require(view.beginOrthogonalScroll(atViewportPoint: bandPoint(view, section: 0)))
        // In steps, as a touchpad sends them.
        for _ in 0..<4 { view.updateOrthogonalScroll(by: delta / 4) }
        let maxOffset = 16 + 50 * 150 + 49 * 10 + 16 - Self.width
        #expect(abs(view.orthogonalContentOffset(forSection: 0) - min(max(0, start + delta), maxOffset)) < 1e-9)
        view.endOrthogonalScroll(velocity: velocity)
        var t = 10.0
        view.advanceAnimations(to: t)
        var last = view.orthogonalContentOffset(forSection: 0)
        while view.hasRunningAnimations && t < 20 {
            t += 1.0 / 60
            view.advanceAnimations(to: t)
            let now = view.orthogonalContentOffset(forSection: 0)
            #expect(abs(now - last) < 200, "no jumps while settling")
            last = now
            #expect(view.invariantViolation() == nil)
        }
        #expect(!view.hasRunningAnimations && t < 12, "settles within two seconds")
        return view.orthogonalContentOffset(forSection: 0)
    }

    @Test("each behaviour settles where it should after a drag (velocity 0)")
    func settleAfterDrag() throws {
        // Groups 150 wide, 160 apart, the first at 16; the view 400 wide; the band 50 groups.
        #expect(try settle(.continuous, from: 0, delta: 70, velocity: 0) == 70)
        #expect(try settle(.continuousGroupLeadingBoundary, from: 0, delta: 70, velocity: 0) == 0)
        #expect(try settle(.continuousGroupLeadingBoundary, from: 0, delta: 100, velocity: 0) == 160)
        #expect(try settle(.paging, from: 0, delta: 150, velocity: 0) == 0, "less than half a page: back")
        #expect(try settle(.paging, from: 400, delta: 250, velocity: 0) == 800)
        #expect(try settle(.paging, from: 800, delta: -250, velocity: 0) == 400)
        #expect(try settle(.groupPaging, from: 320, delta: 30, velocity: 0) == 320, "less than a third of a group")
        #expect(try settle(.groupPaging, from: 320, delta: 70, velocity: 0) == 480)
        #expect(try settle(.groupPaging, from: 320, delta: 400, velocity: 0) == 480, "at most one group per gesture")
        #expect(try settle(.groupPaging, from: 320, delta: -70, velocity: 0) == 160)
        // Centred: group g at 16 + 160 g + 75 − 200.
        let centred = { (g: Double) in 16 + 160 * g + 75 - 200 }
        #expect(try settle(.groupPagingCentered, from: centred(5), delta: 70, velocity: 0) == centred(6))
        #expect(try settle(.groupPagingCentered, from: centred(5), delta: -300, velocity: 0) == centred(4))
        #expect(try settle(.groupPagingCentered, from: centred(5), delta: 20, velocity: 0) == centred(5))
    }

    @Test("each behaviour settles where it should after a fling")
    func settleAfterFling() throws {
        let projected = 2000 * OrthogonalSettling.projection   // ≈ 998 points
        #expect(abs(try settle(.continuous, from: 0, delta: 10, velocity: 2000) - (10 + projected)) < 1e-9)
        let end: Double = 16 + 50 * 150 + 49 * 10 + 16 - 400
        #expect(try settle(.continuous, from: 7000, delta: 10, velocity: 5000) == end, "clamped at the end")
        #expect(try settle(.continuousGroupLeadingBoundary, from: 0, delta: 10, velocity: 2000) == 960)
        #expect(try settle(.paging, from: 400, delta: 10, velocity: 2000) == 800, "one page, however hard")
        #expect(try settle(.paging, from: 400, delta: 10, velocity: -2000) == 0, "the fling's direction wins over the drag's")
        #expect(try settle(.groupPaging, from: 320, delta: 10, velocity: 3000) == 480)
        #expect(try settle(.groupPaging, from: 320, delta: -10, velocity: -3000) == 160)
        let centred = { (g: Double) in 16 + 160 * g + 75 - 200 }
        #expect(try settle(.groupPagingCentered, from: centred(5), delta: 10, velocity: 3000) == centred(6))
        #expect(try settle(.groupPagingCentered, from: centred(5), delta: 5, velocity: -3000) == centred(4))
        #expect(try settle(.groupPaging, from: 0, delta: -10, velocity: -3000) == 0, "clamped at the start")
    }

    @Test("a slow release (a wheel's nominal 150 pt/s) settles a group on in under half a second, not the 2 s cap")
    func slowReleaseSettlesQuickly() throws {
        let (view, _) = makeView(CollectionViewCompositionalLayout(section: Self.carousel(.groupPaging, perGroup: 1)), counts: [50])
        view.setOrthogonalContentOffset(320, forSection: 0)
        try #require(view.beginOrthogonalScroll(atViewportPoint: bandPoint(view, section: 0)))
        view.updateOrthogonalScroll(by: 40)
        view.endOrthogonalScroll(velocity: 150)
        var t = 10.0
        view.advanceAnimations(to: t)
        while view.hasRunningAnimations && t < 13 {
            t += 1.0 / 60
            view.advanceAnimations(to: t)
        }
        #expect(view.orthogonalContentOffset(forSection: 0) == 480)
        #expect(t - 10 < 0.5, "settled after \(t - 10) s")
    }

    @Test("the SPI ignores a point off the carousels, and a scroll with no gesture")
    func spiOffCarousels() {
        let (view, _) = makeView(Self.mixed(.paging), counts: [6, 20, 6])
        #expect(!view.beginOrthogonalScroll(atViewportPoint: bandPoint(view, section: 0)))
        view.updateOrthogonalScroll(by: 100)
        view.endOrthogonalScroll(velocity: 500)
        #expect(view.orthogonalContentOffset(forSection: 1) == 0 && !view.hasRunningAnimations)
        #expect(view.orthogonalSection(atViewportPoint: bandPoint(view, section: 1)) == 1)
        view.setOrthogonalContentOffset(300, forSection: 1, animated: true)
        #expect(view.orthogonalContentOffset(forSection: 1) == 0 && view.hasRunningAnimations)
        view.advanceAnimations(to: 1)
        view.advanceAnimations(to: 2)
        #expect(view.orthogonalContentOffset(forSection: 1) == 300 && !view.hasRunningAnimations)
    }

    // MARK: Pointer

    @Test("a drag across a carousel scrolls it and neither selects nor swipes; a drag down does not scroll it")
    func pointerDragScrolls() {
        let (view, _) = makeView(Self.mixed(.continuous), counts: [6, 40, 6])
        let p = bandPoint(view, section: 1, x: 250)
        view.pointerDown(at: p)
        view.pointerDragged(to: Point(x: p.x - 2, y: p.y))     // under the threshold
        #expect(view.orthogonalContentOffset(forSection: 1) == 0)
        view.pointerDragged(to: Point(x: p.x - 60, y: p.y + 3))
        view.pointerDragged(to: Point(x: p.x - 130, y: p.y + 5))
        #expect(view.orthogonalContentOffset(forSection: 1) == 130)
        view.pointerUp(at: Point(x: p.x - 130, y: p.y + 5))
        view.advanceAnimations(to: 1)
        view.advanceAnimations(to: 3)
        #expect(view.orthogonalContentOffset(forSection: 1) == 130)
        #expect((view.indexPathsForSelectedItems ?? []).isEmpty && view.swipedIndexPath == nil)
        #expect(view.mountedCells.allSatisfy { !$0.isHighlighted })
        // A press that does not move still selects the item under it (as scrolled now).
        let item = view.indexPath(atViewportPoint: p)
        #expect(item?.section == 1 && item.map { view.layoutAttributesForItem(at: $0)!.frame.contains(Point(x: p.x, y: p.y + view.contentOffset.y)) } == true)
        view.pointerDown(at: p)
        view.pointerUp(at: p)
        #expect(view.indexPathsForSelectedItems == item.map { [$0] })
        // Mostly down: not the carousel's.
        view.pointerDown(at: p)
        view.pointerDragged(to: Point(x: p.x - 10, y: p.y + 80))
        view.pointerUp(at: Point(x: p.x - 10, y: p.y + 80))
        #expect(view.orthogonalContentOffset(forSection: 1) == 130)
        #expect(view.invariantViolation() == nil)
    }

    // MARK: Updates

    @Test("offsets follow their sections through batch updates and are clamped when items leave")
    func offsetsSurviveUpdates() {
        let (view, source) = makeView(Self.mixed(.continuous, perGroup: 1), counts: [6, 50, 6, 50])
        view.setOrthogonalContentOffset(1000, forSection: 1)
        view.setOrthogonalContentOffset(2000, forSection: 3)
        // Two sections inserted above: the offsets move down with their sections (a carousel
        // and a plain section, so the carousels stay odd).
        source.sections.insert(contentsOf: [[900, 901, 902], [903, 904]], at: 0)
        view.performBatchUpdates { view.insertSections([0, 1]) }
        #expect(view.orthogonalContentOffset(forSection: 3) == 1000)
        #expect(view.orthogonalContentOffset(forSection: 5) == 2000)
        #expect(view.orthogonalContentOffset(forSection: 1) == 0, "the new carousel starts at its leading edge")
        // Items inserted at the front: the offset stays.
        source.sections[3].insert(contentsOf: [800, 801], at: 0)
        view.performBatchUpdates { view.insertItems(at: [IndexPath(item: 0, section: 3), IndexPath(item: 1, section: 3)]) }
        #expect(view.orthogonalContentOffset(forSection: 3) == 1000)
        // All but 5 deleted: the band is 16 + 5 × 150 + 4 × 10 + 16 = 822 wide; clamped to 422.
        let gone = (5..<source.sections[3].count).map { IndexPath(item: $0, section: 3) }
        source.sections[3].removeSubrange(5...)
        view.performBatchUpdates { view.deleteItems(at: gone) }
        #expect(view.orthogonalContentOffset(forSection: 3) == 422)
        #expect(view.orthogonalContentOffset(forSection: 5) == 2000)
        // A section deleted above: still with its section.
        source.sections.remove(at: 0)
        source.sections.remove(at: 0)
        view.performBatchUpdates { view.deleteSections([0, 1]) }
        #expect(view.orthogonalContentOffset(forSection: 1) == 422 && view.orthogonalContentOffset(forSection: 3) == 2000)
        // A width change keeps them (clamped to the new band).
        view.frame = Rect(x: 0, y: 0, width: 500, height: Self.height)
        #expect(view.orthogonalContentOffset(forSection: 1) == 322 && view.orthogonalContentOffset(forSection: 3) == 2000)
        #expect(view.invariantViolation() == nil)
    }

    @Test("a settle in progress follows its section through an insert above")
    func settleFollowsSection() throws {
        let (view, source) = makeView(Self.mixed(.groupPaging, perGroup: 1), counts: [6, 50, 6])
        try #require(view.beginOrthogonalScroll(atViewportPoint: bandPoint(view, section: 1)))
        view.updateOrthogonalScroll(by: 100)
        view.endOrthogonalScroll(velocity: 0)
        view.advanceAnimations(to: 1)
        source.sections.insert(contentsOf: [[900], [901]], at: 0)
        view.performBatchUpdates { view.insertSections([0, 1]) }
        view.advanceAnimations(to: 3)
        #expect(view.orthogonalContentOffset(forSection: 3) == 160)
        #expect(view.orthogonalContentOffset(forSection: 1) == 0)
    }

    // MARK: Keyboard

    @Test("Left and Right move through a carousel and scroll it into view; Up and Down move between sections")
    func keyboard() {
        let (view, _) = makeView(Self.mixed(.groupPaging, perGroup: 1), counts: [6, 30, 6])
        view.setFocusedIndexPath(IndexPath(item: 1, section: 0))
        #expect(view.handleKey(.down))
        #expect(view.focusedIndexPath == IndexPath(item: 4, section: 0), "the grid's own line below, same column")
        #expect(view.handleKey(.down))
        #expect(view.focusedIndexPath == IndexPath(item: 0, section: 1), "into a carousel: its first visible item")
        var t = 0.0
        for step in 1...6 {
            #expect(view.handleKey(.right))
            t += 1
            view.advanceAnimations(to: t)
            view.advanceAnimations(to: t + 0.5)
            #expect(view.focusedIndexPath == IndexPath(item: step, section: 1))
            let f = view.layoutAttributesForItem(at: IndexPath(item: step, section: 1))!.frame
            #expect(f.minX >= 0 && f.maxX <= Self.width, "item \(step) scrolled into view")
            // Group paging aligns a group's leading edge at the inset.
            #expect(view.orthogonalContentOffset(forSection: 1).truncatingRemainder(dividingBy: 160) == 0)
        }
        #expect(view.indexPathsForSelectedItems == [IndexPath(item: 6, section: 1)], "the arrows select, as elsewhere")
        // Down: the next section's first line, the item nearest horizontally.
        let x = view.layoutAttributesForItem(at: IndexPath(item: 6, section: 1))!.frame.midX
        let nearest = (0..<3).min { abs(view.layoutAttributesForItem(at: IndexPath(item: $0, section: 2))!.frame.midX - x)
            < abs(view.layoutAttributesForItem(at: IndexPath(item: $1, section: 2))!.frame.midX - x) }!
        #expect(view.handleKey(.down))
        #expect(view.focusedIndexPath == IndexPath(item: nearest, section: 2))
        // Up again: the carousel's first visible item (where it is scrolled now).
        let o = view.orthogonalContentOffset(forSection: 1)
        let firstVisible = (0..<30).first { 16 + Double($0) * 160 + 150 - o > 0 }!
        #expect(view.handleKey(.up))
        #expect(view.focusedIndexPath == IndexPath(item: firstVisible, section: 1))
        // Left stops at the first item; Up from the carousel goes to the grid's last line.
        view.setFocusedIndexPath(IndexPath(item: 0, section: 1))
        view.setOrthogonalContentOffset(0, forSection: 1)
        #expect(view.handleKey(.left))
        #expect(view.focusedIndexPath == IndexPath(item: 0, section: 1))
        #expect(view.handleKey(.up))
        #expect(view.focusedIndexPath?.section == 0 && (3..<6).contains(view.focusedIndexPath!.item))
        #expect(view.invariantViolation() == nil)
    }

    @Test("Up and Down keep the column they set out in through a carousel, as a text editor's goal column; Left or Right in the carousel starts a new one")
    func keyboardGoalColumn() {
        let (view, _) = makeView(Self.mixed(.groupPaging, perGroup: 1), counts: [6, 30, 6], height: 2000)
        view.setFocusedIndexPath(IndexPath(item: 2, section: 0))   // the grid's right-hand column
        #expect(view.handleKey(.down))
        #expect(view.focusedIndexPath == IndexPath(item: 5, section: 0))
        #expect(view.handleKey(.down))
        #expect(view.focusedIndexPath == IndexPath(item: 0, section: 1), "into the carousel: its first visible item, on the left")
        #expect(view.handleKey(.down))
        #expect(view.focusedIndexPath == IndexPath(item: 2, section: 2), "out of it in the column the keys set out in, not under the card")
        #expect(view.handleKey(.up))
        #expect(view.handleKey(.up))
        #expect(view.focusedIndexPath == IndexPath(item: 5, section: 0), "and back up the same column")
        // A sideways move in the carousel sets a new column: under the card now focused.
        #expect(view.handleKey(.down))
        #expect(view.handleKey(.right))
        view.advanceAnimations(to: 1)
        view.advanceAnimations(to: 2)
        let card = view.layoutAttributesForItem(at: IndexPath(item: 1, section: 1))!.frame.midX
        let nearest = (0..<3).min { abs(view.layoutAttributesForItem(at: IndexPath(item: $0, section: 2))!.frame.midX - card)
            < abs(view.layoutAttributesForItem(at: IndexPath(item: $1, section: 2))!.frame.midX - card) }!
        #expect(view.handleKey(.down))
        #expect(view.focusedIndexPath == IndexPath(item: nearest, section: 2))
        #expect(view.invariantViolation() == nil)
    }

    @Test("Right scrolls per behaviour: continuous reveals just enough, centred paging centres the group")
    func keyboardAlignment() {
        let revealed: Double = 16 + 2 * 160 + 150 + 16 - 400, centred: Double = 16 + 2 * 160 + 75 - 200
        let cases: [(CollectionLayoutSectionOrthogonalScrollingBehavior, Double)] = [(.continuous, revealed), (.groupPagingCentered, centred), (.paging, 400)]
        for (behavior, expected) in cases {
            let (view, _) = makeView(CollectionViewCompositionalLayout(section: Self.carousel(behavior, perGroup: 1)), counts: [30])
            view.setFocusedIndexPath(IndexPath(item: 1, section: 0))
            #expect(view.handleKey(.right))
            view.advanceAnimations(to: 1)
            view.advanceAnimations(to: 2)
            #expect(view.orthogonalContentOffset(forSection: 0) == expected, "\(behavior)")
        }
    }

    @Test("End and Home bring a carousel's card into view across, as the arrows do")
    func endAndHomeRevealAcross() {
        let (view, _) = makeView(Self.mixed(.groupPaging, perGroup: 1), counts: [6, 30], height: 2000)
        view.setFocusedIndexPath(IndexPath(item: 0, section: 0))
        #expect(view.handleKey(.end))
        view.advanceAnimations(to: 1)
        view.advanceAnimations(to: 2)
        #expect(view.focusedIndexPath == IndexPath(item: 29, section: 1))
        let f = view.layoutAttributesForItem(at: IndexPath(item: 29, section: 1))!.frame
        #expect(f.minX >= 0 && f.maxX <= Self.width, "the last card scrolled into view across: \(f)")
        #expect(view.indexPathsForVisibleItems.contains(IndexPath(item: 29, section: 1)))
        #expect(view.handleKey(.home))
        view.advanceAnimations(to: 3)
        view.advanceAnimations(to: 4)
        #expect(view.focusedIndexPath == IndexPath(item: 0, section: 0))
    }

    @Test("scrollToItem scrolls a carousel's item into view across too")
    func scrollToItemAcross() {
        let (view, _) = makeView(Self.mixed(.groupPaging, perGroup: 1), counts: [30, 40, 30], height: 300)
        view.scrollToItem(at: IndexPath(item: 25, section: 1), at: .none, animated: false)
        #expect(view.orthogonalContentOffset(forSection: 1) == 25 * 160)
        let f = view.layoutAttributesForItem(at: IndexPath(item: 25, section: 1))!.frame
        #expect(f.minX == 16 && view.indexPathsForVisibleItems.contains(IndexPath(item: 25, section: 1)))
        view.scrollToItem(at: IndexPath(item: 3, section: 0), at: .none, animated: false)
        #expect(view.orthogonalContentOffset(forSection: 1) == 25 * 160, "other sections' items leave it be")
    }

    // MARK: Accessibility and diagnostics

    @Test("a carousel is its own list to assistive technology: positions within it, described as a carousel")
    func accessibility() {
        let (view, _) = makeView(Self.mixed(.continuousGroupLeadingBoundary, perGroup: 1), counts: [6, 40, 6, 12])
        view.prefetchDistance = 200
        view.layoutIfNeeded()
        let model = AccessibilityModel(view)
        #expect(model.group(ofSection: 1) == AccessibleItemGroup(section: 1, kind: .carousel(paging: true), itemCount: 40))
        #expect(model.group(ofSection: 3)?.itemCount == 12)
        #expect(model.group(ofSection: 0) == nil && model.group(ofSection: 2) == nil)
        #expect(model.itemCount == 12, "the view's own list: the two plain sections")
        #expect(model.position(of: IndexPath(item: 3, section: 1)) == AccessibleRowPosition(number: 4, count: 40, indexPath: IndexPath(item: 3, section: 1)))
        #expect(model.position(of: IndexPath(item: 0, section: 2)) == AccessibleRowPosition(number: 7, count: 12, indexPath: IndexPath(item: 0, section: 2)))
        // Mounted sideways but off screen: a prepared item, like a row scrolled out vertically.
        let aside = model.item(at: IndexPath(item: 3, section: 1))   // x 496..646
        #expect(aside?.isVisible == false && aside?.group?.section == 1)
        #expect(model.item(at: IndexPath(item: 1, section: 1))?.isVisible == true)
        // Reading order: a carousel's items in their order along it, after its header.
        let order = model.readingOrder().compactMap { e -> IndexPath? in if case let .item(ip) = e, ip.section == 1 { ip } else { nil } }
        #expect(order == order.sorted() && !order.isEmpty)
    }

    @Test("the overlay's records include a carousel's prepared cells with their on-screen frames")
    func diagnosticsRecords() {
        let (view, _) = makeView(Self.mixed(.continuous), counts: [6, 40, 6])
        view.prefetchDistance = 300
        view.setOrthogonalContentOffset(900, forSection: 1)
        let records = view.mountedCellRecords.filter(\.isInOrthogonalSection)
        #expect(records.map(\.indexPath) == view.indexPathsForMountedItems.filter { $0.section == 1 })
        let hidden = records.filter(\.isPreparedSideways)
        #expect(hidden.contains { $0.frame.maxX <= 0 } && hidden.contains { $0.frame.minX >= Self.width })
        #expect(hidden.allSatisfy { !$0.isVisible })
        #expect(records.filter(\.isVisible).allSatisfy { $0.frame.maxX > 0 && $0.frame.minX < Self.width })
        #expect(view.mountedCellRecords.count == view.indexPathsForMountedItems.count)
        // The overlay draws them, numbered, beside the zoomed viewport (left and right of it).
        let overlay = DebugOverlay()
        let canvas = RecordingCanvas()
        view.frame = Rect(x: 0, y: 0, width: 1200, height: 800)   // room beside the zoomed table, a zoom of about 0.5
        overlay.render(view, in: canvas)
        let t = overlay.transform(for: view)
        let viewport = t.view(view.visibleRect)
        let aside = view.mountedCellRecords.filter(\.isPreparedSideways)
        #expect(!aside.isEmpty)
        for record in aside {
            let label = DebugOverlay.identityLabel(forCellID: record.cellID)
            let drawn = canvas.texts.filter { $0.0 == label }.map(\.1)
            #expect(drawn.contains { $0.maxX <= viewport.minX + 1 || $0.minX >= viewport.maxX - 1 }, "\(record.indexPath) drawn beside the viewport")
        }
        // Scaled into the width the panels on the right leave free: each shows at least in part,
        // its number within that room, and nothing of the scene is drawn under the panels.
        let free = view.frame.width - DebugOverlay.panelWidth(for: view.frame.width) - 20
        for record in view.mountedCellRecords {
            let r = t.view(record.frame)
            #expect(r.maxX > 0 && r.minX < free, "\(record.indexPath) drawn at \(r.minX)...\(r.maxX), free width \(free)")
            let label = DebugOverlay.identityLabel(forCellID: record.cellID)
            #expect(canvas.texts.filter { $0.0 == label }.allSatisfy { $0.1.minX >= 0 && $0.1.maxX <= free + 10 }, "\(record.indexPath)'s number")
        }
        // The overlay counts them as prepared.
        let mountedLine = overlay.counterLines(view).first { $0.contains("\(view.indexPathsForMountedItems.count) =") }
        #expect(mountedLine?.contains("\(view.indexPathsForPreparedItems.count)") == true)
    }

    // MARK: Bad input

    @Test("a carousel of fractional-width groups in a view without a width yet logs nothing, and is laid out when the width comes")
    func noWidthYet() {
        let layout = CollectionViewCompositionalLayout { _, _ in
            let item = CollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
            let group = CollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(0.8), .absolute(120)), subitems: [item])
            let section = CollectionLayoutSection(group: group)
            section.orthogonalScrollingBehavior = .groupPaging
            return section
        }
        let g = compositionalGeometry(layout, counts: [10], width: 0)
        #expect(g.reportedProblems.isEmpty, "a 0-point group in a 0-point view is no problem to log")
        g.breadth = 400
        #expect(g.reportedProblems.isEmpty)
        let frame = g.itemFrame(ItemPath(row: 1, section: 0))
        #expect(frame.width == 320 && frame.minX == 320, "the groups side by side at 0.8 of the width")
    }

    @Test("a carousel's group without width, or wider than the view, is logged and keeps the last good layout; offsets on other sections are no-ops")
    func badInput() {
        let box = WidthBox()
        let layout = CollectionViewCompositionalLayout { s, _ in
            let section = Self.carousel(.paging, perGroup: 1)
            guard s == 1 else { return Self.threeAcross() }
            let group = CollectionLayoutGroup.horizontal(layoutSize: size(.absolute(box.width), .absolute(100)),
                                                         subitems: [CollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))])
            let bad = CollectionLayoutSection(group: group)
            bad.orthogonalScrollingBehavior = section.orthogonalScrollingBehavior
            return bad
        }
        let (view, _) = makeView(layout, counts: [6, 20, 6])
        view.setOrthogonalContentOffset(300, forSection: 1)
        let good = view.layoutAttributesForItem(at: IndexPath(item: 4, section: 1))?.frame
        box.width = 0
        view.frame = Rect(x: 0, y: 0, width: 390, height: Self.height)   // asked again
        let geometry = view.geometry as! CompositionalGeometry
        #expect(geometry.reportedProblems.contains("orthogonal-group-without-width"))
        #expect(view.orthogonalContentOffset(forSection: 1) == 300, "the last good layout, its offset kept")
        #expect(view.layoutAttributesForItem(at: IndexPath(item: 4, section: 1))?.frame == good)
        box.width = 1000
        view.frame = Rect(x: 0, y: 0, width: 380, height: Self.height)
        #expect(geometry.reportedProblems.contains("item-wider-than-group"))
        #expect(view.invariantViolation() == nil && view.indexPathsForMountedItems.count < 40)
        // Offsets where there is no carousel: logged, nothing moves.
        view.setOrthogonalContentOffset(50, forSection: 0)
        view.setOrthogonalContentOffset(50, forSection: 7)
        view.setOrthogonalContentOffset(.nan, forSection: 1)
        view.setOrthogonalContentOffset(-1, forSection: -1)
        #expect(view.warnedKinds.contains("setOrthogonalContentOffset"))
        #expect(view.orthogonalContentOffset(forSection: 0) == 0 && view.orthogonalContentOffset(forSection: 7) == 0)
        #expect(view.orthogonalContentOffset(forSection: 1) == 300)
    }
}

/// A group width a section provider reads when asked (changed between askings).
@MainActor
final class WidthBox { var width = 150.0 }
