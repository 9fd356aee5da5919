import PoolTable

/// How the Photos grid fits its width: as many columns as fit with thumbnails at least
/// `minimumSide` wide, each item then grown so the columns fill the row exactly (a grid
/// layout spreads the sub-pixel remainder between the items).
public struct PhotoGridMetrics: Hashable, Sendable {
    public var columns: Int
    /// The item size for the grid layout (a square thumbnail plus the date line).
    public var itemSize: Size
    public var spacing: Double
    public var inset: Double

    /// - Parameters:
    ///   - width: the grid's width; non-finite or tiny widths give one column.
    ///   - spacing: between items, across and down.
    ///   - inset: left and right of each section.
    public init(width: Double, minimumSide: Double = 112, spacing: Double = 6, inset: Double = 12) {
        let minimumSide = minimumSide.isFinite ? max(16, minimumSide) : 112
        let spacing = spacing.isFinite ? max(0, spacing) : 0, inset = inset.isFinite ? max(0, inset) : 0
        let usable = width.isFinite ? max(0, width - 2 * inset) : 0
        let columns = max(1, Int(((usable + spacing) / (minimumSide + spacing)).rounded(.down)))
        let side = max(minimumSide, ((usable - Double(columns - 1) * spacing) / Double(columns)).rounded(.down))
        self.columns = columns
        self.itemSize = PhotoItemRenderer.itemSize(thumbnailSide: side)
        self.spacing = spacing
        self.inset = inset
    }
}
