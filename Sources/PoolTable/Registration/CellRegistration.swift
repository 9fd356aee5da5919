/// Hands out a distinct reuse identifier to each registration.
@MainActor
enum RegistrationIdentifiers {
    private static var next = 0
    static func make(_ kind: String) -> String {
        next += 1
        return "PoolTable.\(kind).\(next)"
    }
}

extension CollectionView {
    /// How to make and configure one kind of cell for one kind of item (UIKit's
    /// `UICollectionView.CellRegistration`): no string identifier to register or mistype.
    /// Create it once (outside the cell provider) and pass it to
    /// ``CollectionView/dequeueConfiguredReusableCell(using:for:item:)``.
    @MainActor
    public struct CellRegistration<Cell: CollectionViewCell, Item> {
        /// Configures a dequeued cell for the item at an index path.
        public typealias Handler = @MainActor (Cell, IndexPath, Item) -> Void
        let handler: Handler
        /// The reuse identifier the cells of this registration are pooled under.
        let reuseIdentifier: String

        /// A registration whose cells are made with `Cell(reuseIdentifier:)` (which runs the
        /// class's `init(frame:)` when it overrides that instead) and configured by `handler`.
        public init(handler: @escaping Handler) {
            self.handler = handler
            reuseIdentifier = RegistrationIdentifiers.make("CellRegistration.\(Cell.self)")
        }
    }

    /// A cell of `registration`'s class for `indexPath` (a pooled one after
    /// `prepareForReuse()`, or a new one), configured by its handler with `item`; a nil item
    /// leaves the cell unconfigured. Registers the class on first use.
    public func dequeueConfiguredReusableCell<Cell, Item>(using registration: CellRegistration<Cell, Item>,
                                                          for indexPath: IndexPath, item: Item?) -> Cell {
        if !items.pool.isRegistered(registration.reuseIdentifier) {
            registerCell(CollectionReusableView.factory(Cell.self), for: registration.reuseIdentifier)
        }
        let cell = dequeueCell(withIdentifier: registration.reuseIdentifier, for: ItemPath(indexPath),
                               registerHint: "CellRegistration") as! Cell
        if let item { registration.handler(cell, indexPath, item) }
        return cell
    }
}
