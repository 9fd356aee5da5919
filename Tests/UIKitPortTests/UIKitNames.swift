// The renames: the only file of this target that is not UIKit-style source. Every other
// file was written the way a UIKit developer writes it (with `import UIKit` replaced by
// `import PoolTable`), and compiles through these names. See docs/PORTING.md.
import PoolTable

typealias UITableView = TableView
typealias UITableViewCell = TableViewCell
typealias UITableViewController = TableViewController
typealias UITableViewDataSource = TableViewDataSource
typealias UITableViewDelegate = TableViewDelegate
typealias UITableViewDiffableDataSource<S: Hashable & Sendable, I: Hashable & Sendable> = TableViewDiffableDataSource<S, I>
typealias NSDiffableDataSourceSnapshot<S: Hashable & Sendable, I: Hashable & Sendable> = DiffableSnapshot<S, I>
typealias UIListContentConfiguration = ListContentConfiguration
typealias UIContextualAction = ContextualAction
typealias UISwipeActionsConfiguration = SwipeActionsConfiguration
typealias UICollectionView = CollectionView
typealias UICollectionViewCell = CollectionViewCell
typealias UICollectionViewController = CollectionViewController
typealias UICollectionViewFlowLayout = GridLayout
typealias UIView = ListBase
typealias UIImage = Image
typealias UIColor = Color
typealias UIFont = Font
typealias UIEdgeInsets = EdgeInsets
typealias CGFloat = Double
typealias CGRect = Rect
typealias CGSize = Size
typealias CGPoint = Point
// The modern collection-view names (issue 38).
typealias UICollectionViewLayout = CollectionViewLayout
typealias UICollectionViewCompositionalLayout = CollectionViewCompositionalLayout
typealias NSCollectionLayoutSection = CollectionLayoutSection
typealias NSCollectionLayoutGroup = CollectionLayoutGroup
typealias NSCollectionLayoutItem = CollectionLayoutItem
typealias NSCollectionLayoutSize = CollectionLayoutSize
typealias NSCollectionLayoutDimension = CollectionLayoutDimension
typealias NSCollectionLayoutSupplementaryItem = CollectionLayoutSupplementaryItem
typealias NSCollectionLayoutBoundarySupplementaryItem = CollectionLayoutBoundarySupplementaryItem
typealias NSCollectionLayoutDecorationItem = CollectionLayoutDecorationItem
typealias NSCollectionLayoutAnchor = CollectionLayoutAnchor
typealias NSCollectionLayoutEnvironment = CollectionLayoutEnvironment
typealias NSDirectionalEdgeInsets = DirectionalEdgeInsets
typealias NSDirectionalRectEdge = DirectionalRectEdge
typealias NSRectAlignment = RectAlignment
typealias UICollectionLayoutListConfiguration = CollectionLayoutListConfiguration
typealias UICollectionViewDiffableDataSource<S: Hashable & Sendable, I: Hashable & Sendable> = CollectionViewDiffableDataSource<S, I>
typealias NSDiffableDataSourceSectionSnapshot<I: Hashable & Sendable> = SectionSnapshot<I>
typealias NSDiffableDataSourceTransaction<S: Hashable & Sendable, I: Hashable & Sendable> = DiffableDataSourceTransaction<S, I>
typealias NSDiffableDataSourceSectionTransaction<S: Hashable & Sendable, I: Hashable & Sendable> = DiffableDataSourceSectionTransaction<S, I>
typealias UICollectionReusableView = CollectionReusableView
typealias UICollectionViewListCell = CollectionViewListCell
typealias UICellAccessory = CellAccessory
typealias UIBackgroundConfiguration = BackgroundConfiguration
typealias UICellConfigurationState = CellConfigurationState
typealias UIConfigurationStateCustomKey = ConfigurationStateCustomKey
// Custom content configurations.
typealias UIContentConfiguration = ContentConfiguration
typealias UIContentView = ContentView
typealias UIConfigurationState = ConfigurationState
typealias UIListContentView = ListContentView
