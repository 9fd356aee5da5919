// UIKit nests some of its types in the views (`UITableView.RowAnimation`,
// `UITableView.Style`, `UITableView.ScrollPosition`); PoolTable's are top level. These
// names let ported code that spells the nested form compile after the view's rename.

extension TableView {
    /// UIKit's `UITableView.RowAnimation`: `RowAnimation`.
    public typealias RowAnimation = PoolTable.RowAnimation
    /// UIKit's `UITableView.Style`: `TableViewStyle`.
    public typealias Style = TableViewStyle
    /// UIKit's `UITableView.ScrollPosition`: `ScrollPosition`.
    public typealias ScrollPosition = PoolTable.ScrollPosition
}

