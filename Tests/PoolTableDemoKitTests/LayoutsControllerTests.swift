import PoolTable
@testable import PoolTableDemoKit
import Testing

/// The Layouts screen's controller, headless: its compositional layout, registrations and
/// diffable data source on a bare collection view, the list configuration's swipe actions
/// driven by pointer input, and the badges.
@MainActor
@Suite("Layouts: the modern collection-view gallery, headless")
struct LayoutsControllerTests {
    typealias Section = LayoutsController.Section

    @Test("In edit mode, a drag across settings rows tells the screen at each change of the selection, so the header bar's count follows the drag")
    func selectionChangesReachTheScreen() throws {
        let (controller, view) = make()
        var told: [Int] = []
        controller.onChange = { told.append(view.indexPathsForSelectedItems?.count ?? 0) }
        view.setEditing(true, animated: false)
        view.layoutIfNeeded()
        let s = Section.settings.rawValue
        let first = view.rectForItem(at: IndexPath(item: 0, section: s)), third = view.rectForItem(at: IndexPath(item: 2, section: s))
        let start = Point(x: 120, y: first.midY - view.contentOffset.y), end = Point(x: 120, y: third.midY - view.contentOffset.y)
        view.pointerDown(at: start)
        for k in 1...10 { view.pointerDragged(to: Point(x: start.x, y: start.y + (end.y - start.y) * Double(k) / 10)) }
        view.pointerUp(at: end)
        let selected = view.indexPathsForSelectedItems?.count ?? 0
        try #require(selected >= 2, "the drag selected rows (\(selected))")
        #expect(told.last == selected, "the last call saw the final selection: \(told)")
        #expect(Set(told).count >= 2, "and the count as it grew: \(told)")
    }

    private func make(width: Double = 900) -> (LayoutsController, CollectionView) {
        let controller = LayoutsController()
        let view = CollectionView(frame: Rect(x: 0, y: 0, width: width, height: 700), collectionViewLayout: controller.makeLayout())
        controller.attach(to: view)
        view.layoutIfNeeded()
        return (controller, view)
    }

    /// How many swatches share the first swatch's row.
    private func columns(_ view: CollectionView) -> Int {
        let s = Section.swatches.rawValue
        let y = view.rectForItem(at: IndexPath(item: 0, section: s)).minY
        return (0..<view.numberOfItems(inSection: s)).prefix { view.rectForItem(at: IndexPath(item: $0, section: s)).minY == y }.count
    }

    @Test("the mosaic is nested groups: in each 320-point group a large tile two thirds wide beside two stacked, over a row of three equal tiles; the second group below the first")
    func mosaic() throws {
        let (controller, view) = make(width: 900)
        let s = Section.mosaic.rawValue
        func frame(_ n: Int) -> Rect { view.rectForItem(at: IndexPath(item: n, section: s)) }
        let inner = 900.0 - 24   // the section's insets, 12 each side
        let top = frame(0).minY - 4
        // The large tile: 2/3 of the width, 0.6 of 320 high, less its 4-point insets.
        #expect(abs(frame(0).width - (inner * 2 / 3 - 8)) < 0.01 && abs(frame(0).height - (192 - 8)) < 0.01, "\(frame(0))")
        #expect(frame(0).minX == 12 + 4)
        // Two stacked beside it, a third wide, half its height each.
        for n in [1, 2] {
            #expect(abs(frame(n).width - (inner / 3 - 8)) < 0.01 && abs(frame(n).height - (96 - 8)) < 0.01, "tile \(n): \(frame(n))")
            #expect(abs(frame(n).minX - (12 + inner * 2 / 3 + 4)) < 0.01)
        }
        #expect(abs(frame(1).minY - (top + 4)) < 0.01 && abs(frame(2).minY - (top + 96 + 4)) < 0.01)
        // A row of three under them.
        for n in 3...5 {
            #expect(abs(frame(n).minY - (top + 192 + 4)) < 0.01 && abs(frame(n).height - (128 - 8)) < 0.01, "tile \(n): \(frame(n))")
            #expect(abs(frame(n).minX - (12 + Double(n - 3) * inner / 3 + 4)) < 0.01)
        }
        // The next group repeats the shape 320 points below.
        for n in 0..<6 { #expect(abs(frame(n + 6).minY - (frame(n).minY + 320)) < 0.01 && frame(n + 6).size == frame(n).size) }
        let header = try #require(view.layoutAttributesForSupplementaryElement(ofKind: CollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: s)))
        #expect(header.frame.maxY == top, "under its header")
        #expect(LayoutsController.headerTitle(.mosaic) == "Mosaic")
        withExtendedLifetime(controller) {}
    }

    @Test("nine sections: the sidebar shows Mail's folders only, six settings, 36 swatches in columns that follow the width, a mosaic of twelve tiles, five carousels of cards")
    func sections() {
        let (controller, view) = make()
        #expect(view.numberOfSections == 9)
        #expect(view.numberOfItems(inSection: Section.mosaic.rawValue) == 12)
        #expect(Section.carousels.map(\.orthogonalScrollingBehavior) == [.continuous, .continuousGroupLeadingBoundary, .paging, .groupPaging, .groupPagingCentered],
                "one carousel per behaviour that scrolls")
        for section in Section.carousels {
            #expect(view.numberOfItems(inSection: section.rawValue) == (section == .continuousGroupLeadingBoundary ? 16 : 12), "\(section)")
        }
        #expect(view.numberOfItems(inSection: Section.sidebar.rawValue) == 6, "Mail, its three folders, Photos and Music")
        #expect(view.numberOfItems(inSection: Section.settings.rawValue) == 6)
        #expect(view.numberOfItems(inSection: Section.swatches.rawValue) == 36)
        #expect(controller.dataSource?.snapshot(for: .sidebar).items.count == 11, "every folder is in the outline")
        let wide = columns(view)
        let (_, narrow) = make(width: 400)
        #expect(columns(narrow) == 2)
        #expect(wide >= 5 && wide <= 6, "\(wide) columns at 900 points")
        withExtendedLifetime(controller) {}
    }

    @Test("a drag across a settings row opens Delete and Flag; Flag adds a checkmark, Delete removes the row through a snapshot")
    func swipeActions() throws {
        let (controller, view) = make()
        let s = Section.settings.rawValue
        let ip = IndexPath(item: 1, section: s)
        let item = try #require(controller.dataSource?.itemIdentifier(for: ip))
        func swipe() {
            let r = view.rectForItem(at: ip)
            let c = Point(x: r.midX, y: r.midY - view.contentOffset.y)
            view.pointerDown(at: c)
            for dx in stride(from: 10.0, through: 200, by: 10) { view.pointerDragged(to: Point(x: c.x - dx, y: c.y)) }
            view.pointerUp(at: Point(x: c.x - 200, y: c.y))
        }
        func tap(buttonFromTrailingEdge k: Int) {
            let r = view.rectForItem(at: ip)
            let p = Point(x: r.maxX - (Double(k) + 0.5) * ListBase.swipeActionWidth, y: r.midY - view.contentOffset.y)
            view.pointerDown(at: p)
            view.pointerUp(at: p)
        }
        swipe()
        #expect(view.swipedIndexPath == ip)
        #expect(view.revealedSwipeActions.map(\.title) == [tr("Delete"), tr("Flag")])
        let before = (view.cellForItem(at: ip) as? CollectionViewListCell)?.accessories.count
        tap(buttonFromTrailingEdge: 1)
        #expect(controller.flagged == [item])
        view.layoutIfNeeded()
        let after = (view.cellForItem(at: ip) as? CollectionViewListCell)?.accessories.count
        #expect(after == before.map { $0 + 1 }, "the flagged row gains its checkmark")
        swipe()
        #expect(view.revealedSwipeActions.map(\.title) == [tr("Delete"), tr("Unflag")])
        tap(buttonFromTrailingEdge: 0)
        view.layoutIfNeeded()
        #expect(view.numberOfItems(inSection: s) == 5)
        #expect(controller.dataSource?.indexPath(for: item) == nil)
        #expect(controller.flagged.isEmpty)
    }

    @Test("each visible swatch has a badge showing its count; the sidebar and settings have headers")
    func badgesAndHeaders() {
        let (controller, view) = make(width: 900)
        view.contentOffset = Point(x: 0, y: view.rectForItem(at: IndexPath(item: 0, section: Section.swatches.rawValue)).minY - 100)
        view.layoutIfNeeded()
        let badges = view.visibleSupplementaryViews(ofKind: CountBadgeView.elementKind).compactMap { $0 as? CountBadgeView }
        #expect(!badges.isEmpty)
        for ip in view.indexPathsForVisibleItems where ip.section == Section.swatches.rawValue {
            let badge = view.supplementaryView(forElementKind: CountBadgeView.elementKind, at: ip) as? CountBadgeView
            #expect(badge?.count == controller.dataSource?.itemIdentifier(for: ip)?.detail.flatMap { Int($0) }, "\(ip)")
        }
        view.contentOffset = .zero
        view.layoutIfNeeded()
        let headers = view.visibleSupplementaryViews(ofKind: CollectionView.elementKindSectionHeader).compactMap { ($0 as? LayoutsHeaderView)?.text }
        #expect(Set(headers).isSuperset(of: [tr("Library"), tr("Settings")]))
    }

    @Test("each carousel's header names its behaviour in words and as the code does; its cards are numbered from 1 and named by colour")
    func carouselHeadersAndCards() throws {
        let (controller, view) = make(width: 900)
        func show(_ section: Section) {
            let header = view.layoutAttributesForSupplementaryElement(ofKind: CollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: section.rawValue))
            view.contentOffset = Point(x: 0, y: min(max(0, view.contentSize.height - view.frame.height), max(0, (header?.frame.minY ?? 0) - 10)))
            view.layoutIfNeeded()
        }
        for section in Section.carousels {
            show(section)
            let header = view.supplementaryView(forElementKind: CollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: section.rawValue))
                as? LayoutsHeaderView
            #expect(header?.text == LayoutsController.headerTitle(section), "\(section)")
            #expect(header?.detail == ".\(section)", "the behaviour's name in code: \(section)")
        }
        let paging = Section.paging.rawValue
        show(.paging)
        let card = try #require(view.cellForItem(at: IndexPath(item: 0, section: paging)) as? CarouselCardCell)
        #expect(card.number == "1")
        #expect(card.title == controller.dataSource?.itemIdentifier(for: IndexPath(item: 0, section: paging))?.title)
        #expect(card.accessibilityLabel == card.title)
    }

    @Test("the continuous carousel's cards are as high as their notes (estimated heights) and its band as high as the tallest card measured")
    func continuousCarouselSelfSizes() throws {
        let (controller, view) = make(width: 900)
        let s = Section.continuous.rawValue
        let header = try #require(view.layoutAttributesForSupplementaryElement(ofKind: CollectionView.elementKindSectionHeader,
                                                                               at: IndexPath(item: 0, section: s)))
        view.contentOffset = Point(x: 0, y: header.frame.minY)
        view.layoutIfNeeded()
        let cards = view.indexPathsForMountedItems.filter { $0.section == s }
        try #require(cards.count >= 5, "the five notes are on screen")
        let heights = cards.map { view.rectForItem(at: $0).height }
        #expect(Set(heights).count >= 3, "notes of varied length make cards of varied height: \(heights)")
        for ip in cards {
            let cell = try #require(view.cellForItem(at: ip) as? CarouselCardCell)
            #expect(cell.caption == LayoutsController.notes[ip.item % LayoutsController.notes.count])
            #expect(cell.frame.height == cell.heightThatFits(width: cell.frame.width, canvas: RecordingCanvas()), "\(ip)")
        }
        // The band (and the next section's header) follows the tallest card, not the 120-point estimate.
        let next = try #require(view.layoutAttributesForSupplementaryElement(ofKind: CollectionView.elementKindSectionHeader,
                                                                             at: IndexPath(item: 0, section: s + 1)))
        let tallest = try #require(heights.max())
        #expect(next.frame.minY == header.frame.maxY + tallest + 4 + 4 + 18)
        withExtendedLifetime(controller) {}
    }

    @Test("in edit mode a settings row's grip moves it within Settings; a drag past the section's end stays in it; Alt+Down moves a sidebar entry with its folders")
    func reorderSettings() throws {
        let (controller, view) = make()
        let s = Section.settings.rawValue
        let original = try #require(controller.dataSource?.snapshot().itemIdentifiers(inSection: .settings))
        var changes = 0
        controller.onChange = { changes += 1 }
        let first = try #require(view.cellForItem(at: IndexPath(item: 0, section: s)) as? CollectionViewListCell)
        #expect(!first.accessories.filter { $0.kind == .reorder }.isEmpty)
        view.setEditing(true, animated: false)
        func grip(_ item: Int) -> Point {
            let r = view.rectForItem(at: IndexPath(item: item, section: s))
            return Point(x: r.maxX - 8 - 16, y: r.midY - view.contentOffset.y)
        }
        func drag(from item: Int, by dy: Double) {
            let p = grip(item)
            view.pointerDown(at: p)
            view.pointerDragged(to: Point(x: p.x, y: p.y + 8))
            view.pointerDragged(to: Point(x: p.x, y: p.y + dy))
            view.pointerUp(at: Point(x: p.x, y: p.y + dy))
            view.advanceAnimations(to: 100)
            view.advanceAnimations(to: 101)
        }
        let pitch = view.rectForItem(at: IndexPath(item: 1, section: s)).minY - view.rectForItem(at: IndexPath(item: 0, section: s)).minY
        drag(from: 0, by: 2 * pitch)
        let once = try #require(controller.dataSource?.snapshot().itemIdentifiers(inSection: .settings))
        #expect(once == [original[1], original[2], original[0]] + original[3...])
        // (A move also reports the selection as changed, as its index paths may shift.)
        #expect(changes >= 1, "the screen is told of the reorder")
        // Far below the last row, over the swatches: the row goes to the end of Settings.
        drag(from: 1, by: 6 * pitch + 200)
        let twice = try #require(controller.dataSource?.snapshot().itemIdentifiers(inSection: .settings))
        #expect(twice.count == original.count && twice.last == once[1], "\(twice.map(\.title))")
        #expect(controller.dataSource?.snapshot().numberOfItems(inSection: .swatches) == 36)
        // A sidebar entry moves among its siblings with Alt+Down: Mail (expanded) after Photos,
        // its folders with it.
        let outline = try #require(controller.dataSource?.snapshot(for: .sidebar))
        let roots = outline.children(of: nil)
        view.setFocusedIndexPath(IndexPath(item: 0, section: Section.sidebar.rawValue))
        #expect(view.handleKey(.down, modifiers: .alt))
        view.advanceAnimations(to: 200)
        view.advanceAnimations(to: 201)
        let moved = try #require(controller.dataSource?.snapshot(for: .sidebar))
        #expect(moved.children(of: nil) == [roots[1], roots[0], roots[2]])
        #expect(moved.children(of: roots[0]) == outline.children(of: roots[0]) && moved.isExpanded(roots[0]))
        #expect(controller.dataSource?.snapshot().itemIdentifiers(inSection: .sidebar) == moved.visibleItems)
    }
}
