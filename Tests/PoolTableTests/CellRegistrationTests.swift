import Testing
@testable import PoolTable

/// A cell a registration configures: the item it was given.
@MainActor
final class RegisteredCell: CollectionViewCell {
    var text: String?
    override func prepareForReuse() { super.prepareForReuse(); text = nil }
}

/// Items as strings, their cells from a registration (the iOS 14 way). (Bespoke: the
/// registration is what is under test.)
@MainActor
final class RegistrationSource: CollectionViewDataSource {
    var items: [String]
    var configured = 0
    lazy var registration = CollectionView.CellRegistration<RegisteredCell, String> { [unowned self] cell, indexPath, item in
        configured += 1
        cell.text = "\(indexPath.item): \(item)"
    }
    init(items: [String]) { self.items = items }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { items.count }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: items[indexPath.item])
    }
}

@MainActor
@Suite("Cell registrations")
struct CellRegistrationTests {
    @Test("dequeueConfiguredReusableCell makes cells of the registration's class, configures them with the item and reuses them")
    func registrationConfiguresAndReuses() {
        let source = RegistrationSource(items: (0..<5000).map { "item \($0)" })
        let layout = CollectionViewCompositionalLayout.list(using: CollectionLayoutListConfiguration(appearance: .plain))
        let view = CollectionView(frame: Rect(x: 0, y: 0, width: 300, height: 400), collectionViewLayout: layout)
        view.dataSource = source
        view.layoutIfNeeded()
        for (ip, cell) in zip(view.indexPathsForMountedItems, view.mountedCells) {
            #expect((cell as? RegisteredCell)?.text == "\(ip.item): item \(ip.item)")
        }
        let created = view.mountedCells.count
        for y in stride(from: 0.0, through: 44 * 4000, by: 997) { view.contentOffset = Point(x: 0, y: y) }
        for (ip, cell) in zip(view.indexPathsForMountedItems, view.mountedCells) {
            #expect((cell as? RegisteredCell)?.text == "\(ip.item): item \(ip.item)")
        }
        #expect(Set(view.mountedCells.map(ObjectIdentifier.init)).count == view.mountedCells.count)
        #expect(source.configured > created)
        // Two registrations of the same class pool their cells apart.
        let other = CollectionView.CellRegistration<RegisteredCell, Int> { _, _, _ in }
        #expect(other.reuseIdentifier != source.registration.reuseIdentifier)
    }
}
