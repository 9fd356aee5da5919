import Testing
@testable import PoolTable

/// The compositional layout's value types and description classes (issue 38, step 1): what
/// each one resolves to and what `list(using:)` builds (rule 6).
@MainActor
@Suite("Compositional layout types")
struct CompositionalTypesTests {
    let container = Size(width: 400, height: 300)

    @Test("dimensions resolve against their container: fractions of width or height, absolute and estimated points")
    func dimensions() {
        #expect(CollectionLayoutDimension.fractionalWidth(0.25).resolved(in: container) == 100)
        #expect(CollectionLayoutDimension.fractionalHeight(0.5).resolved(in: container) == 150)
        #expect(CollectionLayoutDimension.absolute(44).resolved(in: container) == 44)
        #expect(CollectionLayoutDimension.estimated(60).resolved(in: container) == 60)
        let d = CollectionLayoutDimension.estimated(60)
        #expect(d.isEstimated && !d.isAbsolute && !d.isFractionalWidth && !d.isFractionalHeight && d.dimension == 60)
        #expect(CollectionLayoutDimension.fractionalWidth(1) != .fractionalHeight(1))
        let size = CollectionLayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .fractionalWidth(0.5))
        #expect(size.resolved(in: container) == Size(width: 200, height: 200))
    }

    @Test("directional insets shrink a rect from each edge, never below zero; spacing keeps its points")
    func insetsAndSpacing() {
        let insets = DirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)
        #expect(insets.inset(Rect(x: 10, y: 20, width: 100, height: 50)) == Rect(x: 12, y: 21, width: 94, height: 46))
        #expect(DirectionalEdgeInsets(top: 40, leading: 0, bottom: 40, trailing: 0).inset(Rect(x: 0, y: 0, width: 10, height: 50)).height == 0)
        #expect(DirectionalEdgeInsets.zero == DirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0))
        #expect(CollectionLayoutSpacing.fixed(8).points == 8 && CollectionLayoutSpacing.flexible(3).points == 3)
    }

    @Test("an anchor pins a badge to edges of its item and moves it by fractions of its own size")
    func anchors() {
        let item = Rect(x: 100, y: 200, width: 80, height: 60)
        let badge = Size(width: 20, height: 10)
        #expect(CollectionLayoutAnchor(edges: [.top, .trailing]).frame(of: badge, on: item) == Rect(x: 160, y: 200, width: 20, height: 10))
        #expect(CollectionLayoutAnchor(edges: [.bottom, .leading]).frame(of: badge, on: item) == Rect(x: 100, y: 250, width: 20, height: 10))
        #expect(CollectionLayoutAnchor(edges: [.top, .trailing], fractionalOffset: Point(x: 0.5, y: -0.5)).frame(of: badge, on: item)
                == Rect(x: 170, y: 195, width: 20, height: 10))
        #expect(CollectionLayoutAnchor(edges: []).frame(of: badge, on: item) == Rect(x: 130, y: 225, width: 20, height: 10))
        #expect(DirectionalRectEdge.all == [.top, .leading, .bottom, .trailing])
    }

    @Test("groups keep their subitems, repeat count and spacing; boundary and decoration items their kinds")
    func descriptions() {
        let size = CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50))
        let item = CollectionLayoutItem(layoutSize: size)
        let h = CollectionLayoutGroup.horizontal(layoutSize: size, repeatingSubitem: item, count: 3)
        h.interItemSpacing = .fixed(5)
        #expect(h.direction == .horizontal && h.repeatCount == 3 && h.subitems.count == 1 && h.interItemSpacing == .fixed(5))
        let v = CollectionLayoutGroup.vertical(layoutSize: size, subitems: [item, h])
        #expect(v.direction == .vertical && v.repeatCount == nil && v.subitems.count == 2)
        let header = CollectionLayoutBoundarySupplementaryItem(layoutSize: size, elementKind: "h", alignment: .top)
        #expect(!header.pinToVisibleBounds && header.alignment == .top && header.elementKind == "h")
        let background = CollectionLayoutDecorationItem.background(elementKind: "bg")
        #expect(background.elementKind == "bg" && background.zIndex < 0)
        let badge = CollectionLayoutSupplementaryItem(layoutSize: size, elementKind: "badge", containerAnchor: CollectionLayoutAnchor(edges: .top))
        #expect(CollectionLayoutItem(layoutSize: size, supplementaryItems: [badge]).supplementaryItems.first === badge)
        let section = CollectionLayoutSection(group: v)
        #expect(section.orthogonalScrollingBehavior == .none && section.interGroupSpacing == 0 && section.contentInsets == .zero)
        let behaviours: Set<CollectionLayoutSectionOrthogonalScrollingBehavior> =
            [.none, .continuous, .continuousGroupLeadingBoundary, .paging, .groupPaging, .groupPagingCentered]
        #expect(behaviours.count == 6)
    }

    @Test("list(using:) gives every item the full effective width and an estimated 44, with headers and footers on request (rule 6)")
    func listSection() throws {
        var configuration = CollectionLayoutListConfiguration(appearance: .insetGrouped)
        #expect(configuration.headerMode == .none && configuration.footerMode == .none && configuration.showsSeparators)
        configuration.headerMode = .supplementary
        configuration.footerMode = .supplementary
        let environment = CollectionLayoutEnvironment(container: CollectionLayoutContainer(contentSize: container, effectiveContentSize: container))
        let section = CollectionLayoutSection.list(using: configuration, layoutEnvironment: environment)
        #expect(section.group.layoutSize.widthDimension == .fractionalWidth(1))
        #expect(section.group.layoutSize.heightDimension == .estimated(44))
        #expect(section.group.subitems.map(\.layoutSize.heightDimension) == [.estimated(44)])
        #expect(section.boundarySupplementaryItems.map(\.elementKind) == [CollectionView.elementKindSectionHeader, CollectionView.elementKindSectionFooter])
        #expect(section.contentInsets.leading > 0, "inset-grouped sections are inset from the edges")
        let geometry = try SectionGeometry(section, count: 3, viewSize: container)
        #expect(geometry.template.frames == [Rect(x: 0, y: 0, width: 400 - 2 * section.contentInsets.leading, height: 44)])
        #expect(geometry.selfSizing)

        let plain = CollectionLayoutSection.list(using: { var c = CollectionLayoutListConfiguration(appearance: .plain); c.headerMode = .supplementary; return c }(),
                                                 layoutEnvironment: environment)
        #expect(plain.contentInsets == .zero && plain.boundarySupplementaryItems.first?.pinToVisibleBounds == true)
        let layout = CollectionViewCompositionalLayout.list(using: configuration)
        #expect(layout.listConfiguration?.appearance == .insetGrouped)
        #expect(layout.sectionProvider(0, environment)?.listConfiguration?.headerMode == .supplementary)
    }

    @Test("grid, strip and compositional layouts are all CollectionViewLayouts; attributes compare by value")
    func layoutsAndAttributes() {
        let layouts: [any CollectionViewLayout] = [GridLayout(), StripLayout(), CollectionViewCompositionalLayout.list(using: .init(appearance: .plain))]
        #expect(layouts.count == 3)
        let a = CollectionViewLayoutAttributes(frame: Rect(x: 0, y: 0, width: 1, height: 2), indexPath: IndexPath(item: 1, section: 0))
        var b = a
        #expect(a == b && a.representedElementKind == nil && a.zIndex == 0)
        b.zIndex = 3
        #expect(a != b)
    }
}
