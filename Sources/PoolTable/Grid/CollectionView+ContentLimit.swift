/// The most items a collection view lays out under the content limit
/// (`ListBase.maximumContentHeight`).
extension CollectionView {
    /// The most items a grid with `layout` lays out in one section (with no other section):
    /// as many as fit in `maximumContentHeight` in one column, so the content stays exact at
    /// every width (about 6.4e11 items of the default 100 x 100 with 10-point spacing).
    public nonisolated static func maximumNumberOfItems(layout: GridLayout) -> Int {
        GridGeometry.itemCount(fitting: maximumContentHeight, count: Int.max, parameters: layout)
    }
}
