/// Where a collection view puts an item it scrolls to, as UIKit's `UICollectionView.ScrollPosition`
/// has it: an option set of at most one vertical and one horizontal place. The table keeps its
/// enum (`ScrollPosition`), as `UITableView` does.
extension CollectionView {
    /// Where `scrollToItem(at:at:animated:)` and `selectItem(at:animated:scrollPosition:)` put
    /// the item (UIKit's `UICollectionView.ScrollPosition`, with its raw values): `[]` scrolls
    /// the least needed to show it whole (and `selectItem` not at all); `.top`,
    /// `.centeredVertically` or `.bottom` place it along a view that scrolls up and down,
    /// `.left`, `.centeredHorizontally` or `.right` along one that scrolls sideways (where a
    /// vertical option alone stands for the same place along it: `.top` is the leading edge).
    /// More than one option for the same direction is logged and the first of them used.
    public struct ScrollPosition: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// The item's top edge at the top of the viewport.
        public static let top = ScrollPosition(rawValue: 1 << 0)
        /// The item in the middle of the viewport, vertically.
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        /// The item's bottom edge at the bottom of the viewport.
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
        /// The item's left edge at the left of the viewport.
        public static let left = ScrollPosition(rawValue: 1 << 3)
        /// The item in the middle of the viewport, horizontally.
        public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
        /// The item's right edge at the right of the viewport.
        public static let right = ScrollPosition(rawValue: 1 << 5)
    }

    /// `position` as the engine's place along the scrolling axis.
    func alongPosition(_ position: ScrollPosition) -> PoolTable.ScrollPosition {
        let vertical: [(ScrollPosition, PoolTable.ScrollPosition)] = [(.top, .top), (.centeredVertically, .middle), (.bottom, .bottom)]
        let horizontal: [(ScrollPosition, PoolTable.ScrollPosition)] = [(.left, .top), (.centeredHorizontally, .middle), (.right, .bottom)]
        func pick(_ options: [(ScrollPosition, PoolTable.ScrollPosition)]) -> PoolTable.ScrollPosition? {
            let given = options.filter { position.contains($0.0) }
            if given.count > 1 {
                warn("scrollPosition", "a scroll position holds \(given.count) options for one direction (rawValue \(position.rawValue)); the first is used")
            }
            return given.first?.1
        }
        let v = pick(vertical), h = pick(horizontal)
        switch viewport.axis {
        case .vertical: return v ?? .none
        case .horizontal: return h ?? v ?? .none
        }
    }

    /// Scrolls as `scrollToItem(at:at:animated:)` with the table's enum (`.none`, `.top`,
    /// `.middle`, `.bottom`), which this method took before 0.4: `.middle` is
    /// `.centeredVertically`, `.none` is `[]`. (The option-set method comes here.)
    @_disfavoredOverload
    public func scrollToItem(at indexPath: IndexPath, at position: PoolTable.ScrollPosition, animated: Bool) {
        scroll(to: ItemPath(indexPath), at: position, animated: animated)
        revealOrthogonally(ItemPath(indexPath), animated: animated)
    }

    /// Selects as `selectItem(at:animated:scrollPosition:)` with the table's enum, which this
    /// method took before 0.4.
    @_disfavoredOverload
    public func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: PoolTable.ScrollPosition) {
        select(indexPath.map(ItemPath.init), animated: animated, scrollPosition: scrollPosition)
    }
}
