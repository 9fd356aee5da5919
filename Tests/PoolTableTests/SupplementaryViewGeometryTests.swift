import Testing
@_spi(Diagnostics) @testable import PoolTable

/// A supplementary view written as UIKit code is: it overrides `frame`, `bounds` and
/// `isHidden` to observe them, and draws "label <text>" at its own origin (0, 0), whatever
/// its bounds' origin (as a subview placed at 0, 0 would be).
@MainActor
final class ObservingView: CollectionReusableView {
    var text: String?
    var framesSeen: [Rect] = []
    var boundsSeen: [Rect] = []
    var hiddenSeen: [Bool] = []
    var drawnBounds: Rect?
    override var frame: Rect { didSet { framesSeen.append(frame) } }
    override var bounds: Rect { didSet { boundsSeen.append(bounds) } }
    override var isHidden: Bool { didSet { hiddenSeen.append(isHidden) } }
    override func draw(in canvas: Canvas, bounds: Rect) {
        drawnBounds = bounds
        canvas.drawText("label \(text ?? "?")", in: Rect(x: 0, y: 0, width: frame.width, height: frame.height), style: TextStyle())
    }
}

/// UIKit's `frame`, `bounds` and `isHidden` on supplementary views (issue 38): overridable,
/// set by the collection view when it places a view, and settable by the app with their
/// UIKit meaning; refused (and logged) on a cell showing an item.
@MainActor
@Suite("Supplementary views: UIKit's frame, bounds and isHidden")
struct SupplementaryViewGeometryTests {
    static let badgeKind = "badge"

    /// Four items across, 50 high, each with a 16-point badge on its top trailing corner
    /// (half outside), a 30-point header per section.
    func makeView(hideBadge: @escaping (Int) -> Bool = { _ in false }) throws -> (CollectionView, CollectionViewDiffableDataSource<Int, Int>) {
        let badge = CollectionLayoutSupplementaryItem(layoutSize: size(.absolute(16), .absolute(16)), elementKind: Self.badgeKind,
                                                      containerAnchor: CollectionLayoutAnchor(edges: [.top, .trailing], fractionalOffset: Point(x: 0.5, y: -0.5)))
        let item = CollectionLayoutItem(layoutSize: size(.fractionalWidth(0.25), .fractionalHeight(1)), supplementaryItems: [badge])
        let group = CollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(50)), subitems: [item])
        let section = CollectionLayoutSection(group: group)
        section.interGroupSpacing = 10
        section.contentInsets = DirectionalEdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8)
        section.boundarySupplementaryItems = [CollectionLayoutBoundarySupplementaryItem(
            layoutSize: size(.fractionalWidth(1), .absolute(30)), elementKind: CollectionView.elementKindSectionHeader, alignment: .top)]
        let view = CollectionView(frame: Rect(x: 0, y: 0, width: 416, height: 400),
                                  collectionViewLayout: CollectionViewCompositionalLayout(section: section))
        let cell = CollectionView.CellRegistration<TitleCell, Int> { cell, _, item in cell.text = "\(item)" }
        let source = CollectionViewDiffableDataSource<Int, Int>(collectionView: view) { view, ip, item in
            view.dequeueConfiguredReusableCell(using: cell, for: ip, item: item)
        }
        let header = CollectionView.SupplementaryRegistration<ObservingView>(elementKind: CollectionView.elementKindSectionHeader) { view, _, ip in
            view.text = "header \(ip.section)"
        }
        let badges = CollectionView.SupplementaryRegistration<ObservingView>(elementKind: Self.badgeKind) { [unowned source] view, _, ip in
            let item = source.itemIdentifier(for: ip) ?? -1
            view.text = "badge \(item)"
            if hideBadge(item) { view.isHidden = true }   // as Apple's badge sample: hidden when there is nothing to show
        }
        source.supplementaryViewProvider = { view, kind, ip in
            kind == Self.badgeKind ? view.dequeueConfiguredReusableSupplementary(using: badges, for: ip)
                : view.dequeueConfiguredReusableSupplementary(using: header, for: ip)
        }
        var snapshot = DiffableSnapshot<Int, Int>()
        for s in 0..<60 {
            snapshot.appendSections([s])
            snapshot.appendItems(Array((s * 1000)..<(s * 1000 + 20)), toSection: s)
        }
        try source.applyThrowing(snapshot, animatingDifferences: false)
        view.layoutIfNeeded()
        return (view, source)
    }

    func headerView(_ view: CollectionView, _ section: Int) throws -> ObservingView {
        try #require(view.supplementaryView(forElementKind: CollectionView.elementKindSectionHeader,
                                            at: IndexPath(item: 0, section: section)) as? ObservingView)
    }

    @Test("placing a view sets its frame and then its bounds, through the overrides: observers see the layout's frame and a zero-origin bounds")
    func placementIsObserved() throws {
        let (view, source) = try makeView()
        defer { withExtendedLifetime(source) {} }
        let ip = IndexPath(item: 5, section: 0)
        let badge = try #require(view.supplementaryView(forElementKind: Self.badgeKind, at: ip) as? ObservingView)
        let item = view.rectForItem(at: ip)
        let expected = Rect(x: item.maxX - 16 + 8, y: item.minY - 8, width: 16, height: 16)
        #expect(badge.frame == expected)
        #expect(badge.framesSeen.last == expected)
        #expect(badge.bounds == Rect(x: 0, y: 0, width: 16, height: 16))
        #expect(badge.boundsSeen.last == Rect(x: 0, y: 0, width: 16, height: 16))
        #expect(!badge.isHidden)
        _ = drawnLabels(view)
        #expect(badge.drawnBounds == Rect(x: 0, y: 0, width: 16, height: 16))
    }

    @Test("isHidden set by the app: a hidden badge is not drawn; a view dequeued for another element starts shown; showing it again draws it")
    func hiddenBadgesAreNotDrawn() throws {
        let (view, source) = try makeView(hideBadge: { $0 % 2 == 0 })
        defer { withExtendedLifetime(source) {} }
        for y in [0.0, 2_000, 7_777] {
            view.contentOffset = Point(x: 0, y: y)
            let drawn = drawnLabels(view)
            var checked = 0
            for ip in view.indexPathsForVisibleItems {
                let item = source.itemIdentifier(for: ip)!
                let badge = try #require(view.supplementaryView(forElementKind: Self.badgeKind, at: ip) as? ObservingView)
                #expect(badge.isHidden == (item % 2 == 0), "badge \(item)")
                guard badge.frame.minY > y, badge.frame.maxY < y + 400 else { continue }
                if item % 2 == 0 {
                    #expect(drawn["badge \(item)"] == nil, "hidden badge \(item) drawn")
                } else {
                    #expect(drawn["badge \(item)"] == onScreen(badge.frame, view), "badge \(item)")
                }
                checked += 1
            }
            #expect(checked > 8)
        }
        // Reused views were hidden for an even item and shown again for an odd one.
        let ip = view.indexPathsForVisibleItems.first { source.itemIdentifier(for: $0)! % 2 == 0 && view.rectForItem(at: $0).minY > 7_800 }!
        let badge = try #require(view.supplementaryView(forElementKind: Self.badgeKind, at: ip) as? ObservingView)
        #expect(badge.hiddenSeen.last == true)
        badge.isHidden = false
        #expect(badge.hiddenSeen.last == false && !badge.isHidden)
        #expect(drawnLabels(view)["badge \(source.itemIdentifier(for: ip)!)"] == onScreen(badge.frame, view))
        // The headers (also hideable): hidden, the section's title is not drawn.
        view.contentOffset = Point(x: 0, y: 0)
        let header = try headerView(view, 0)
        #expect(drawnLabels(view)[header.text!] != nil)
        header.isHidden = true
        #expect(drawnLabels(view)[header.text!] == nil)
        header.isHidden = false
        #expect(drawnLabels(view)[header.text!] != nil)
    }

    @Test("frame set by the app moves what is drawn until the layout places the view again; bounds resizes about the centre and its origin shifts the drawing")
    func frameAndBoundsSetByTheApp() throws {
        let (view, source) = try makeView()
        defer { withExtendedLifetime(source) {} }
        view.contentOffset = Point(x: 0, y: 100)
        let header = try headerView(view, 1)
        let laidOut = header.frame
        #expect(laidOut.width > 300 && laidOut.height == 30)
        #expect(drawnLabels(view)["header 1"] == onScreen(laidOut, view))
        // Moved by the app: drawn there.
        header.frame = Rect(x: 40, y: laidOut.minY + 12, width: 300, height: 30)
        #expect(header.framesSeen.last == header.frame)
        #expect(drawnLabels(view)["header 1"] == onScreen(Rect(x: 40, y: laidOut.minY + 12, width: 300, height: 30), view))
        // The next layout pass places it at the layout's frame again.
        view.contentOffset = Point(x: 0, y: 101)
        #expect(header.frame == laidOut)
        #expect(drawnLabels(view)["header 1"] == onScreen(laidOut, view))
        // bounds: a new size resizes the frame about its centre.
        header.bounds = Rect(x: 0, y: 0, width: 200, height: 20)
        #expect(header.frame == Rect(x: laidOut.midX - 100, y: laidOut.midY - 10, width: 200, height: 20))
        #expect(header.boundsSeen.last == Rect(x: 0, y: 0, width: 200, height: 20))
        // A bounds origin: what the view draws at (0, 0) appears shifted by minus that origin.
        header.bounds = Rect(x: 10, y: 4, width: 200, height: 20)
        #expect(header.bounds == Rect(x: 10, y: 4, width: 200, height: 20))
        let f = header.frame
        #expect(drawnLabels(view)["header 1"] == onScreen(Rect(x: f.minX - 10, y: f.minY - 4, width: 200, height: 20), view))
        #expect(header.drawnBounds == Rect(x: 10, y: 4, width: 200, height: 20))
    }

    @Test("on a cell showing an item, frame, bounds and isHidden set by the app are refused and logged; the layout keeps its frame")
    func cellsRefuse() throws {
        let (view, source) = try makeView()
        defer { withExtendedLifetime(source) {} }
        let ip = IndexPath(item: 2, section: 0)
        let cell = try #require(view.cellForItem(at: ip))
        let frame = cell.frame
        cell.frame = Rect(x: 1, y: 2, width: 3, height: 4)
        cell.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        cell.isHidden = true
        #expect(cell.frame == frame && cell.bounds.size == frame.size && !cell.isHidden)
        #expect(view.warnedKinds.isSuperset(of: ["cell-frame", "cell-bounds", "cell-isHidden"]))
        view.contentOffset = Point(x: 0, y: 300)
        view.contentOffset = Point(x: 0, y: 0)
        #expect(view.invariantViolation() == nil)
    }
}
