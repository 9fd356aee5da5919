import Testing
@testable import PoolTable

/// A controller written as UIKit code is: `self` implicit inside `performBatchUpdates`,
/// which only compiles against the non-escaping overload.
@MainActor
final class ImplicitSelfController: CollectionViewDataSource {
    let collectionView: CollectionView
    var items: [Int]
    var finished: Bool?
    init(count: Int) {
        items = Array(0..<count)
        collectionView = CollectionView(frame: Rect(x: 0, y: 0, width: 300, height: 400), layout: GridLayout())
        collectionView.register({ GridProbeCell(reuseIdentifier: $0) }, forCellWithReuseIdentifier: "probe")
        collectionView.dataSource = self
        collectionView.layoutIfNeeded()
    }
    func removeFirst() {
        collectionView.performBatchUpdates {
            items.removeFirst()
            collectionView.deleteItems(at: [IndexPath(item: 0, section: 0)])
        } completion: { self.finished = $0 }
    }
    func breakIt() {
        collectionView.performBatchUpdates {
            collectionView.deleteItems(at: [IndexPath(item: 0, section: 0)])   // the model keeps its items: refused
        } completion: { self.finished = $0 }
    }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { items.count }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "probe", for: indexPath) as! GridProbeCell
        cell.item = items[indexPath.item]
        return cell
    }
}

/// Porting details measured on Apple's sample (issue 38, rule 8).
@MainActor
@Suite("Porting details")
struct PortingDetailsTests {
    @Test("performBatchUpdates takes a non-escaping closure (implicit self), completing true, or false when refused")
    func nonEscapingBatch() {
        let controller = ImplicitSelfController(count: 10)
        controller.removeFirst()
        #expect(controller.collectionView.numberOfItems(inSection: 0) == 9)
        var t = 0.0
        for _ in 0..<200 where controller.collectionView.hasRunningAnimations { t += 1.0 / 60; controller.collectionView.advanceAnimations(to: t) }
        #expect(controller.finished == true)
        controller.breakIt()
        #expect(controller.finished == false)
        #expect(controller.collectionView.lastBatchUpdateError != nil)
        #expect(controller.collectionView.numberOfItems(inSection: 0) == 9)
    }

    @Test("configurationUpdateHandler runs when the cell is selected and deselected; its background configuration is drawn")
    func configurationUpdates() throws {
        let view = CollectionView(frame: Rect(x: 0, y: 0, width: 360, height: 400),
                                  collectionViewLayout: CollectionViewCompositionalLayout.list(using: CollectionLayoutListConfiguration(appearance: .plain)))
        let selectedColor = Color(hex: 0x2ec27e)
        var states: [CellConfigurationState] = []
        let registration = CollectionView.CellRegistration<CollectionViewListCell, Int> { cell, _, item in
            var content = cell.defaultContentConfiguration()
            content.text = "row \(item)"
            cell.contentConfiguration = content
            cell.configurationUpdateHandler = { cell, state in
                states.append(state)
                var background = BackgroundConfiguration.listPlainCell()
                background.backgroundColor = state.isSelected ? selectedColor : nil
                cell.backgroundConfiguration = background
            }
        }
        let source = CollectionViewDiffableDataSource<Int, Int>(collectionView: view) { view, ip, item in
            view.dequeueConfiguredReusableCell(using: registration, for: ip, item: item)
        }
        var snapshot = DiffableSnapshot<Int, Int>()
        snapshot.appendSections([0]); snapshot.appendItems(Array(0..<20))
        try source.applyThrowing(snapshot, animatingDifferences: false)
        view.layoutIfNeeded()
        #expect(!states.isEmpty && states.allSatisfy { !$0.isSelected })
        let ip = IndexPath(item: 2, section: 0)
        view.selectItem(at: ip, animated: false, scrollPosition: .none)
        #expect(states.last == CellConfigurationState(isSelected: true))
        let canvas = RecordingCanvas()
        view.render(in: canvas)
        #expect(canvas.filledRects(color: selectedColor) == [view.rectForItem(at: ip)])
        view.deselectItem(at: ip, animated: false)
        #expect(states.last == CellConfigurationState(isSelected: false))
        canvas.reset(); view.render(in: canvas)
        #expect(canvas.filledRects(color: selectedColor).isEmpty)
    }
}
