extension CollectionView {
    /// How to make and configure one kind of supplementary view (UIKit's
    /// `UICollectionView.SupplementaryRegistration`): a header, a footer or a badge of
    /// `elementKind`. Create it once and pass it to
    /// ``CollectionView/dequeueConfiguredReusableSupplementary(using:for:)`` from the data
    /// source's `viewForSupplementaryElementOfKind` (or a diffable data source's
    /// `supplementaryViewProvider`).
    @MainActor
    public struct SupplementaryRegistration<Supplementary: CollectionReusableView> {
        /// Configures a dequeued view for its kind and index path.
        public typealias Handler = @MainActor (Supplementary, String, IndexPath) -> Void
        /// The kind of element the registration makes views for.
        public let elementKind: String
        let handler: Handler
        /// The reuse identifier its views are pooled under.
        let reuseIdentifier: String

        /// A registration whose views are made with `Supplementary(reuseIdentifier:)` (which runs
        /// the class's `init(frame:)`, as UIKit's does) and configured by `handler`.
        public init(elementKind: String, handler: @escaping Handler) {
            self.elementKind = elementKind
            self.handler = handler
            reuseIdentifier = RegistrationIdentifiers.make("SupplementaryRegistration.\(Supplementary.self)")
        }
    }

    /// A view of `registration`'s class for the element being asked for at `indexPath` (a
    /// pooled one after `prepareForReuse()`, or a new one), configured by its handler.
    /// Registers the class on first use. Asked for another kind than the registration's, it
    /// logs an error and still hands out the view (configured as the registration's kind).
    public func dequeueConfiguredReusableSupplementary<Supplementary>(
        using registration: SupplementaryRegistration<Supplementary>, for indexPath: IndexPath) -> Supplementary {
        if !items.pool.isRegistered(registration.reuseIdentifier) {
            registerCell(CollectionReusableView.factory(Supplementary.self), for: registration.reuseIdentifier)
        }
        if let asked = supplementaries.asking, asked != registration.elementKind {
            warn("supplementary-kind", "PoolTable: a SupplementaryRegistration of kind \"\(registration.elementKind)\" was dequeued for an element of kind \"\(asked)\" at \(indexPath)")
        }
        let view = dequeueSupplementary(registration.reuseIdentifier) as! Supplementary
        registration.handler(view, registration.elementKind, indexPath)
        return view
    }

    /// Registers a view class for supplementary views of `kind` under `identifier` (UIKit's
    /// `register(_:forSupplementaryViewOfKind:withReuseIdentifier:)`).
    public func register(_ viewClass: CollectionReusableView.Type, forSupplementaryViewOfKind kind: String, withReuseIdentifier identifier: String) {
        registerCell(CollectionReusableView.factory(viewClass), for: Self.supplementaryIdentifier(kind, identifier))
    }

    /// A pooled or new view registered for `kind` under `identifier` (UIKit's
    /// `dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)`). Stops with a
    /// message if nothing is registered so.
    public func dequeueReusableSupplementaryView(ofKind kind: String, withReuseIdentifier identifier: String,
                                                 for indexPath: IndexPath) -> CollectionReusableView {
        let id = Self.supplementaryIdentifier(kind, identifier)
        guard items.pool.isRegistered(id) else {
            preconditionFailure("PoolTable: dequeueReusableSupplementaryView(ofKind: \"\(kind)\", withReuseIdentifier: \"\(identifier)\") — nothing is registered so; call register(_:forSupplementaryViewOfKind:withReuseIdentifier:) first")
        }
        return dequeueSupplementary(id)
    }

    static func supplementaryIdentifier(_ kind: String, _ identifier: String) -> String { "PoolTable.supplementary.\(kind).\(identifier)" }

    /// A view out of the pool (logged as reused) or made by its factory (logged as created).
    func dequeueSupplementary(_ identifier: String) -> CollectionReusableView {
        guard let view = items.dequeue(identifier) as? CollectionReusableView else {
            preconditionFailure("PoolTable: the views registered as \(identifier) are not CollectionReusableViews")
        }
        view.resetForDequeue()
        return view
    }
}
