/// What the debug overlay and inspection tools read about each mounted cell, sideways
/// scrolling included (issue 38): the seed-000 question, "which cells are alive but
/// hidden?", answered for an orthogonal section's cells prepared beside the viewport as
/// for rows prepared above and below it.
@_spi(Diagnostics) public struct MountedCellRecord: Sendable, Equatable {
    /// The item the cell shows.
    @_spi(Diagnostics) public var indexPath: IndexPath
    /// The cell's serial number in its view.
    @_spi(Diagnostics) public var cellID: Int
    /// Where the cell is, in content coordinates, as scrolled now (an orthogonal section's
    /// cell prepared sideways lies left of 0 or right of the view's width).
    @_spi(Diagnostics) public var frame: Rect
    /// Shown in the viewport; false for a prepared cell (alive but hidden).
    @_spi(Diagnostics) public var isVisible: Bool
    /// In a section that scrolls sideways.
    @_spi(Diagnostics) public var isInOrthogonalSection: Bool
    /// Prepared because it is scrolled out sideways (it may still be within the rows shown).
    @_spi(Diagnostics) public var isPreparedSideways: Bool
}

extension ListBase {
    /// Every mounted cell, visible and prepared, in index order (lays out first).
    @_spi(Diagnostics) public var mountedCellRecords: [MountedCellRecord] {
        layoutIfNeeded()
        let compositional = geometry as? CompositionalGeometry
        return items.indices.map { k in
            let e = items[k]
            return MountedCellRecord(indexPath: e.indexPath.indexPath, cellID: e.cell.cellID, frame: e.cell.frame,
                                     isVisible: items.isVisible(k),
                                     isInOrthogonalSection: compositional?.isOrthogonal(e.indexPath.section) ?? false,
                                     isPreparedSideways: e.aside)
        }
    }
}
