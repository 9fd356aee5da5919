/// The most rows a table lays out under the content limit (`ListBase.maximumContentHeight`).
extension TableView {
    /// The most rows of `rowHeight` points a table lays out in one section with no header
    /// or footer: `maximumContentHeight / rowHeight` rounded down (`Int.max` for rows of
    /// no height).
    public nonisolated static func maximumNumberOfRows(rowHeight: Double) -> Int {
        guard rowHeight.isFinite, rowHeight > 0 else { return Int.max }
        return rowCount(fitting: maximumContentHeight, rowHeight: rowHeight, upTo: Int.max)
    }

    /// How many of `count` rows of `rowHeight` fit in `budget` points.
    nonisolated static func rowCount(fitting budget: Double, rowHeight: Double, upTo count: Int) -> Int {
        guard rowHeight > 0 else { return count }
        let fit = (max(0, budget) / rowHeight).rounded(.down)
        // Int(fit) traps past Int.max; Double(count) rounds up to 2^63 at worst.
        return fit < Double(count) ? Int(fit) : count
    }
}
