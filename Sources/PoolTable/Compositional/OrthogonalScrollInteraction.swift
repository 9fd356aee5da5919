/// A press over a section that scrolls sideways, moved past the drag threshold mostly
/// across: the band follows the pointer (it does not select, swipe or drag-select), and
/// the release settles it as its behaviour says. The pointer calls carry no timing, so the
/// release is a drag's (velocity 0); hosts with a velocity call the Hosting SPI themselves.
@MainActor
final class OrthogonalScrollInteraction: PointerInteraction {
    /// Where the press started across, while this gesture scrolls.
    private var startX: Double?

    func claim(_ press: PointerPress, in list: ListBase) -> Bool { false }

    func takeOver(_ press: InteractionState.Press, movedTo p: Point, in list: ListBase) -> Bool {
        guard let view = list as? CollectionView, list.interaction.drag == nil,
              abs(p.x - press.start.x) > abs(p.y - press.start.y),
              view.beginOrthogonalScroll(atViewportPoint: press.start) else { return false }
        if let cell = list.mountedCell(at: press.indexPath), cell.isHighlighted { cell.isHighlighted = false }
        list.interaction.endPress()
        startX = press.start.x
        view.updateOrthogonalScroll(by: press.start.x - p.x)
        return true
    }

    func drag(to p: Point, in list: ListBase) {
        guard let startX, let view = list as? CollectionView, let g = view.orthogonalScrolling.gesture else { return }
        // The pointer moving left moves the content left: the offset grows.
        let target = g.startOffset + (startX - p.x)
        view.updateOrthogonalScroll(by: target - view.orthogonalContentOffset(forSection: g.section))
    }

    func release(at p: Point, in list: ListBase) {
        guard startX != nil else { return }
        drag(to: p, in: list)
        startX = nil
        (list as? CollectionView)?.endOrthogonalScroll(velocity: 0)
    }

    func cancel(in list: ListBase) {
        guard startX != nil else { return }
        startX = nil
        (list as? CollectionView)?.endOrthogonalScroll(velocity: 0)
    }
}
