import CGtk
import PoolTable

/// When the proxy widgets are allocated at their rows' rects. Where a row is matters to
/// assistive technology (its extents), but not at 60 frames a second: allocating ~30 proxies
/// every scrolled frame cost it 0.1–0.4 ms (an A/B of 5 runs each, twice). So proxies that
/// only moved (the list scrolled, a row went up) are placed again together, at most
/// `movedDelay` later, while new and resized ones are placed at the next allocation.
@MainActor
final class ProxyPlacement {
    /// How long moved proxies may wait to be placed again.
    static let movedDelay = 0.15

    private let view: UnsafeMutablePointer<GtkWidget>
    /// A proxy appeared or changed size since the last allocation: allocate now.
    private var needsAllocation = false
    /// Proxies only moved: place them all within `movedDelay`.
    private var moved = false
    /// The next allocation places every proxy, not only new or resized ones.
    private var placeAll = true
    private lazy var movedTimer = DeferredCall(priority: G_PRIORITY_DEFAULT) { [weak self] in
        guard let self, self.moved else { return }
        self.placeAll = true
        gtk_widget_queue_allocate(self.view)
    }

    /// Places the children of `view`.
    init(view: UnsafeMutablePointer<GtkWidget>) { self.view = view }

    /// `proxy` belongs at `rect` (content coordinates).
    func place(_ proxy: AccessibleProxy, at rect: Rect) {
        guard proxy.rect != rect || proxy.placedSize == nil else { return }
        proxy.rect = rect
        if proxy.placedSize == rect.size { moved = true } else { needsAllocation = true }
    }

    /// The viewport scrolled: every proxy moved.
    func scrolled() { moved = true }

    /// After an update: an allocation now if a proxy is new or resized, the moved ones later.
    func commit() {
        if needsAllocation { gtk_widget_queue_allocate(view) }
        if moved { movedTimer.schedule(after: Self.movedDelay) }
    }

    /// From the view's size_allocate: new and resized proxies always, the others when their
    /// batched move is due or when nothing is waiting to move. Containers (carousels' list
    /// proxies) come before their children in `proxies`.
    func allocate(_ proxies: [AccessibleProxy], offsetX: Double = 0, offsetY: Double) {
        let all = placeAll || !moved
        (needsAllocation, placeAll) = (false, false)
        if all { moved = false }
        for proxy in proxies where proxy.isShown && (all || proxy.placedSize != proxy.rect.size) {
            // A carousel's item is placed in its carousel's list proxy (allocated before it).
            if let container = proxy.container {
                proxy.allocate(offsetX: container.rect.minX, offsetY: container.rect.minY)
            } else {
                proxy.allocate(offsetX: offsetX, offsetY: offsetY)
            }
        }
    }

    /// Drops the pending timer.
    func cancel() { movedTimer.cancel() }
}
