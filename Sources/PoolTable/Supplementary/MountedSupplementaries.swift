/// A collection view's mounted supplementary views (headers, footers, badges, decorations):
/// each element meeting the mounting band has a view, bound once when it arrives (or after
/// the content changed) and returned to the reuse pool when it leaves, as cells are.
@MainActor
final class MountedSupplementaries {
    struct Mounted {
        var view: CollectionReusableView
        var element: SupplementaryElement
    }
    /// By kind and index path.
    var mounted: [SupplementaryElement.Key: Mounted] = [:]
    /// The content (load generation and geometry version) the views were bound for: views
    /// are bound again when it changes.
    var boundFor: (generation: Int, version: Int)?
    /// The kind the data source is being asked for (a registration of another kind is an error).
    var asking: String?

    /// The mounted views, back to front (decorations, then by z-index, pinned headers last).
    var drawingOrder: [Mounted] {
        mounted.values.sorted { a, b in
            let ka = (a.element.zIndex, a.element.category == .boundary(pinned: true) ? 1 : 0, a.element.frame.minY, a.element.key.kind)
            let kb = (b.element.zIndex, b.element.category == .boundary(pinned: true) ? 1 : 0, b.element.frame.minY, b.element.key.kind)
            return ka < kb
        }
    }
}
