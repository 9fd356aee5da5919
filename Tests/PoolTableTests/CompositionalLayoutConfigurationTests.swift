import Testing
@testable import PoolTable

/// `CollectionViewCompositionalLayoutConfiguration` (UIKit's
/// `UICollectionViewCompositionalLayoutConfiguration`): the space between sections.
@MainActor
@Suite("Compositional layout configuration")
struct CompositionalLayoutConfigurationTests {
    /// Two items across, 50 points high, in every section.
    func section() -> CollectionLayoutSection {
        let item = CollectionLayoutItem(layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .fractionalHeight(1)))
        let group = CollectionLayoutGroup.horizontal(layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)), subitems: [item])
        return CollectionLayoutSection(group: group)
    }

    func view(_ layout: CollectionViewCompositionalLayout, counts: [Int]) -> CollectionView {
        let source = GridSource(counts: counts)
        let view = CollectionView(frame: Rect(x: 0, y: 0, width: 300, height: 2000), collectionViewLayout: layout)
        source.attach(to: view)
        view.layoutIfNeeded()
        return view
    }

    @Test("sections are interSectionSpacing apart (none before the first or after the last), with a section or a provider; the layout keeps a copy")
    func interSectionSpacing() {
        let counts = [3, 4, 1]   // 2, 2 and 1 rows of 50
        let configuration = CollectionViewCompositionalLayoutConfiguration()
        configuration.interSectionSpacing = 20
        let single = CollectionViewCompositionalLayout(section: section(), configuration: configuration)
        let provided = CollectionViewCompositionalLayout(sectionProvider: { [self] _, _ in section() }, configuration: configuration)
        configuration.interSectionSpacing = 500
        #expect(single.configuration.interSectionSpacing == 20, "the layout copied the configuration")
        for layout in [single, provided] {
            let view = view(layout, counts: counts)
            #expect(view.rectForItem(at: IndexPath(item: 0, section: 0)).minY == 0)
            #expect(view.rectForItem(at: IndexPath(item: 2, section: 0)).minY == 50)
            #expect(view.rectForItem(at: IndexPath(item: 0, section: 1)).minY == 100 + 20)
            #expect(view.rectForItem(at: IndexPath(item: 3, section: 1)).minY == 120 + 50)
            #expect(view.rectForItem(at: IndexPath(item: 0, section: 2)).minY == 220 + 20)
            #expect(view.contentSize.height == 290, "no spacing after the last section")
            #expect(view.invariantViolation() == nil)
        }
        // Without a configuration, and with a negative spacing: sections touch.
        let plain = view(CollectionViewCompositionalLayout(section: section()), counts: counts)
        #expect(plain.rectForItem(at: IndexPath(item: 0, section: 1)).minY == 100 && plain.contentSize.height == 250)
        let negative = CollectionViewCompositionalLayoutConfiguration()
        negative.interSectionSpacing = -30
        let clamped = view(CollectionViewCompositionalLayout(section: section(), configuration: negative), counts: counts)
        #expect(clamped.contentSize.height == 250)
    }
}
