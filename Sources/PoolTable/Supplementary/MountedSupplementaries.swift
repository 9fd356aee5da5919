/// A collection view's mounted supplementary views (headers, footers, badges, decorations):
/// each element meeting the mounting band has a view, bound once when it arrives (or after
/// the content changed) and returned to the reuse pool when it leaves, as cells are.
///
/// The views are kept in drawing order as they mount, leave and move, so a frame does not
/// sort them: a scrolled frame only checks that the order still holds (the pinned header
/// moved), one comparison per view.
@MainActor
final class MountedSupplementaries {
    /// A mounted view and the element it shows (shared by `mounted` and the drawing order,
    /// so moving an element updates both).
    final class Mounted {
        let view: CollectionReusableView
        var element: SupplementaryElement
        /// Whether the view draws opaque over its frame, for the content version, size and
        /// theme it was last drawn with (`CollectionView.pinnedBoundaryHeaderApart(on:)`).
        var opaque: (version: Int, size: Size, theme: Theme, covers: Bool)?
        init(view: CollectionReusableView, element: SupplementaryElement) { self.view = view; self.element = element }
    }
    /// The badges of one mounted item: the item frame they were anchored to, the layout pass
    /// that last saw the item mounted, and their keys.
    struct BadgeAnchor {
        var itemFrame: Rect
        var pass: Int
        var keys: [SupplementaryElement.Key]
    }

    /// By kind and index path.
    private(set) var mounted: [SupplementaryElement.Key: Mounted] = [:]
    /// The mounted views back to front (see `precedes`).
    private var order: [Mounted] = []
    /// Whether an element moved since the order was last checked.
    private var orderMayBeStale = false
    /// The mounted items whose badges are mounted, by item.
    var badgeAnchors: [ItemPath: BadgeAnchor] = [:]
    /// The keys of the mounted boundary items and decorations (a section's elements).
    var sectionKeys: [SupplementaryElement.Key] = []
    /// Counts `mountSupplementaries` passes (what `BadgeAnchor.pass` refers to).
    var pass = 0
    /// The content (load generation and geometry version) the views were bound for: views
    /// are bound again when it changes.
    var boundFor: (generation: Int, version: Int)?
    /// The kind the data source is being asked for (a registration of another kind is an error).
    var asking: String?

    /// The mounted views, back to front: decorations, then by z-index, pinned headers last
    /// (`precedes`).
    var drawingOrder: [Mounted] {
        if orderMayBeStale {
            orderMayBeStale = false
            if !isOrdered { order.sort { Self.precedes($0.element, $1.element) } }
        }
        return order
    }

    /// Mounts `view` for `element`, in its place in the drawing order.
    func insert(_ view: CollectionReusableView, for element: SupplementaryElement) {
        let m = Mounted(view: view, element: element)
        if let old = mounted.updateValue(m, forKey: element.key) { removeFromOrder(old) }
        // The first index whose element goes after this one.
        var low = 0, high = order.count
        while low < high {
            let mid = (low + high) / 2
            if Self.precedes(element, order[mid].element) { high = mid } else { low = mid + 1 }
        }
        order.insert(m, at: low)
    }

    /// Moves the mounted view of `element`'s key to `element` (its frame set); false if
    /// none is mounted.
    func update(_ element: SupplementaryElement) -> Bool {
        guard let m = mounted[element.key] else { return false }
        if m.element != element {
            if m.element.frame.origin != element.frame.origin || m.element.category != element.category
                || m.element.zIndex != element.zIndex { orderMayBeStale = true }
            m.element = element
        }
        if m.view.frame != element.frame { m.view.placeSupplementary(element.frame) }
        return true
    }

    /// Unmounts the view of `key` and returns it (nil if none).
    func remove(_ key: SupplementaryElement.Key) -> CollectionReusableView? {
        guard let m = mounted.removeValue(forKey: key) else { return nil }
        removeFromOrder(m)
        return m.view
    }

    /// Takes `m` out of the drawing order. A plain loop: a closure passed to the standard
    /// library from this main-actor class costs a dynamic executor check per element, and
    /// a scroll frame removes a badge or two from an order of about fifty views.
    private func removeFromOrder(_ m: Mounted) {
        var i = order.count - 1
        while i >= 0 {
            if order[i] === m { order.remove(at: i) }
            i -= 1
        }
    }

    /// Unmounts every view and returns them with their keys.
    func removeAll() -> [(SupplementaryElement.Key, CollectionReusableView)] {
        let all = mounted.map { ($0.key, $0.value.view) }
        mounted = [:]
        order = []
        badgeAnchors = [:]
        sectionKeys = []
        orderMayBeStale = false
        return all
    }

    /// Whether `order` holds (checked after elements moved).
    private var isOrdered: Bool {
        var i = 1
        while i < order.count {
            if Self.precedes(order[i].element, order[i - 1].element) { return false }
            i += 1
        }
        return true
    }

    /// The drawing order: by z-index, a pinned boundary item after the others of its
    /// z-index, then top to bottom, by kind, leading to trailing and by index path (so views
    /// that overlap draw in the same order every frame).
    static func precedes(_ a: SupplementaryElement, _ b: SupplementaryElement) -> Bool {
        if a.zIndex != b.zIndex { return a.zIndex < b.zIndex }
        let pinnedA = a.category == .boundary(pinned: true), pinnedB = b.category == .boundary(pinned: true)
        if pinnedA != pinnedB { return pinnedB }
        if a.frame.minY != b.frame.minY { return a.frame.minY < b.frame.minY }
        if a.key.kind != b.key.kind { return a.key.kind < b.key.kind }
        if a.frame.minX != b.frame.minX { return a.frame.minX < b.frame.minX }
        return a.key.indexPath < b.key.indexPath
    }
}
