/// A table's prefetching data source (UIKit's `UITableViewDataSourcePrefetching`): told which
/// rows are coming, nearest first, before they are bound, and which of them it no longer
/// needs, so that slow data (pictures, network) starts early and stops when the user turns
/// back. See `TableView.prefetchDataSource` for the rules.
@MainActor
public protocol TableViewDataSourcePrefetching: AnyObject {
    /// Rows not mounted yet that entered the prefetch range, nearest to the viewport first.
    func tableView(_ tableView: TableView, prefetchRowsAt indexPaths: [IndexPath])
    /// Rows passed to `prefetchRowsAt` that left the range without being bound (the user
    /// turned back or jumped), were deleted (their index paths before the update), or were
    /// outstanding at `reloadData()`. Default: nothing.
    func tableView(_ tableView: TableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath])
}

extension TableViewDataSourcePrefetching {
    /// Does nothing.
    public func tableView(_ tableView: TableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {}
}

/// A collection view's prefetching data source (UIKit's
/// `UICollectionViewDataSourcePrefetching`), with the same rules as a table's.
@MainActor
public protocol CollectionViewDataSourcePrefetching: AnyObject {
    /// Items not mounted yet that entered the prefetch range, nearest to the viewport first.
    func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath])
    /// Items passed to `prefetchItemsAt` that left the range without being bound, were
    /// deleted, or were outstanding at `reloadData()`. Default: nothing.
    func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath])
}

extension CollectionViewDataSourcePrefetching {
    /// Does nothing.
    public func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {}
}
