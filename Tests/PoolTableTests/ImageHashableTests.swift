import Testing
@testable import PoolTable

/// `Image: Hashable` by identity (UIKit's `UIImage`, through `NSObject`): model values that
/// hold an image synthesise `Hashable` and serve as diffable identifiers.
@MainActor
@Suite("Images as Hashable values")
struct ImageHashableTests {
    /// An outline entry as ported code writes it: its `Hashable` is synthesised over the image.
    struct Entry: Hashable, Sendable {
        let title: String
        let icon: Image?
    }

    static func dot(_ value: UInt8) -> Image { Image(width: 1, height: 1, premultipliedBGRA: [value, value, value, 255]) }

    @Test("an image equals itself only: the same pixels in another image are another image")
    func identity() {
        let a = Self.dot(10), twin = Self.dot(10)
        #expect(a == a)
        #expect(a != twin, "equal pixels, two objects")
        #expect(Set([a, a, twin]).count == 2)
        var h1 = Hasher(), h2 = Hasher()
        a.hash(into: &h1)
        a.hash(into: &h2)
        #expect(h1.finalize() == h2.finalize())
        #expect(Entry(title: "x", icon: a) == Entry(title: "x", icon: a))
        #expect(Entry(title: "x", icon: a) != Entry(title: "x", icon: twin))
        #expect(Entry(title: "x", icon: nil) != Entry(title: "x", icon: a))
    }

    @Test("values holding images are diffable identifiers: an apply moves and keeps the cells of the same values")
    func diffableIdentifiers() throws {
        let icons = (0..<4).map { Self.dot(UInt8($0 * 40)) }
        let entries = icons.enumerated().map { Entry(title: "entry \($0.offset)", icon: $0.element) }
        let view = CollectionView(frame: Rect(x: 0, y: 0, width: 300, height: 400),
                                  collectionViewLayout: CollectionViewCompositionalLayout.list(using: CollectionLayoutListConfiguration(appearance: .plain)))
        let registration = CollectionView.CellRegistration<CollectionViewListCell, Entry> { cell, _, entry in
            var content = cell.defaultContentConfiguration()
            content.text = entry.title
            content.image = entry.icon
            cell.contentConfiguration = content
        }
        let source = CollectionViewDiffableDataSource<Int, Entry>(collectionView: view) { view, ip, entry in
            view.dequeueConfiguredReusableCell(using: registration, for: ip, item: entry)
        }
        var snapshot = DiffableSnapshot<Int, Entry>()
        snapshot.appendSections([0])
        snapshot.appendItems(entries)
        try source.applyThrowing(snapshot, animatingDifferences: false)
        view.layoutIfNeeded()
        let first = try #require(view.cellForItem(at: IndexPath(item: 0, section: 0)))

        // Reversed, plus an entry with the same title and an equal-pixelled icon: a new item.
        var reversed = DiffableSnapshot<Int, Entry>()
        reversed.appendSections([0])
        reversed.appendItems(entries.reversed() + [Entry(title: "entry 0", icon: Self.dot(0))])
        try source.applyThrowing(reversed, animatingDifferences: false)
        view.layoutIfNeeded()
        #expect(view.numberOfItems(inSection: 0) == 5)
        #expect(source.indexPath(for: entries[0]) == IndexPath(item: 3, section: 0))
        #expect(view.cellForItem(at: IndexPath(item: 3, section: 0)) === first, "the moved item keeps its cell")
        let shown = (0..<5).compactMap { (view.cellForItem(at: IndexPath(item: $0, section: 0)) as? CollectionViewListCell)?.contentConfiguration?.image }
        #expect(shown.count == 5 && shown[3] === icons[0] && shown[4] !== icons[0])

        // The same value twice is a duplicate identifier: refused, as UIKit refuses it.
        var duplicated = DiffableSnapshot<Int, Entry>()
        duplicated.appendSections([0])
        duplicated.appendItems([entries[1], Entry(title: "entry 1", icon: icons[1])])
        #expect(throws: (any Error).self) { try source.applyThrowing(duplicated, animatingDifferences: false) }
    }
}
