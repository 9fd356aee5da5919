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
