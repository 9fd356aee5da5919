// UIKit-style source, modern style (iOS 14+): an inset-grouped list of chores the user
// reorders by the rows' grips: list cells with the reorder accessory, a diffable data source
// whose reordering handlers keep the backing store in the final order.
// (Our own code, ported from UIKit by renaming only; see UIKitNames.swift.)
import Foundation
import PoolTable

// PORT: a UIViewController subclass in UIKit (see LibraryViewController).
@MainActor
class ReorderableListViewController {
    enum Section: Hashable, CaseIterable { case today, later }
    struct Chore: Hashable, Sendable {
        let title: String
        let id = UUID()
    }

    var collectionView: UICollectionView! = nil
    var dataSource: UICollectionViewDiffableDataSource<Section, Chore>! = nil
    var backingStore: [Section: [Chore]] = [
        .today: ["Dishes", "Laundry", "Groceries"].map { Chore(title: $0) },
        .later: ["Windows", "Garage"].map { Chore(title: $0) },
    ]

    func viewDidLoad() {
        let configuration = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
        let layout = UICollectionViewCompositionalLayout.list(using: configuration)
        collectionView = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        configureDataSource()
        // PORT: UIKit's `collectionView.isEditing = true`; PoolTable's isEditing is read-only.
        collectionView.setEditing(true, animated: false)
    }

    func configureDataSource() {
        let cellRegistration = UICollectionView.CellRegistration<UICollectionViewListCell, Chore> { cell, indexPath, chore in
            var content = cell.defaultContentConfiguration()
            content.text = chore.title
            cell.contentConfiguration = content
            cell.accessories = [.reorder()]
        }
        dataSource = UICollectionViewDiffableDataSource<Section, Chore>(collectionView: collectionView) {
            (collectionView: UICollectionView, indexPath: IndexPath, chore: Chore) -> UICollectionViewCell? in
            collectionView.dequeueConfiguredReusableCell(using: cellRegistration, for: indexPath, item: chore)
        }
        dataSource.reorderingHandlers.canReorderItem = { chore in true }
        dataSource.reorderingHandlers.didReorder = { [weak self] transaction in
            guard let self else { return }
            for sectionTransaction in transaction.sectionTransactions {
                self.backingStore[sectionTransaction.sectionIdentifier] = sectionTransaction.finalSnapshot.items
            }
        }

        var snapshot = NSDiffableDataSourceSnapshot<Section, Chore>()
        snapshot.appendSections(Section.allCases)
        for section in Section.allCases { snapshot.appendItems(backingStore[section]!, toSection: section) }
        dataSource.apply(snapshot, animatingDifferences: false)
    }
}
