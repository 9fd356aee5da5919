/// The tallest content a table lays out (see `ListBase.maximumContentHeight`).
extension ListBase {
    /// The tallest content a table or collection view lays out, in points: 2^46
    /// (70,368,744,177,664, about 7.0e13).
    ///
    /// Offsets, row positions and the scroll position are `Double`s measured from the top
    /// of the content. Below 2^46 they are exact to 2^-7 (1/128) of a point, so rows,
    /// separators and half-pixel lines at 2x land where they should even at the very end;
    /// GTK's scrollbar adjustment is a `double` too and shares the limit. A table data
    /// source whose rows (with headers and footers) would make the content taller is
    /// clamped: the table lays out the rows that fit, logs a warning once, and reports the
    /// clamped count from `numberOfRows(inSection:)`. For rows of one height `h` that is
    /// `TableView.maximumNumberOfRows(rowHeight: h)` rows (1,466,015,503,701 of 48 points).
    /// A collection view clamps its sections' item counts the same way, counting the items in
    /// one column (its longest flow, so the content fits at every width; a strip counts them
    /// in its one line): see `CollectionView.maximumNumberOfItems(layout:)`. A batch update
    /// whose inserted rows or items would pass the maximum is refused: it throws a
    /// `BatchUpdateError` of kind `.contentTooTall` and changes nothing.
    public nonisolated static let maximumContentHeight: Double = 70_368_744_177_664
}
