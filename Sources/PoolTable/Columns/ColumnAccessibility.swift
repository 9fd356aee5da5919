/// A cell that can say what it shows in one column: what a screen reader says with the
/// column's title when that cell has the keyboard focus ("Size, 3 bytes"; the host asks the
/// focused row's cell for `focusedColumn`).
@MainActor
public protocol TableViewCellColumnAccessibility: AnyObject {
    /// The text of column `column` (an index into `tableColumns`) as a screen reader should
    /// say it; nil or empty: nothing beyond the column's title.
    func accessibilityValue(ofColumn column: Int) -> String?
}
