/// Scroll anchoring: keeping the first fully visible item at the same place on screen while
/// content above it changes (field note 002, DocC "The life of a row"), to the pixel; also through a
/// grid's re-flow when the width or the layout changes.
extension ListBase {
    /// An item and where its top edge was on screen.
    struct Anchor {
        var indexPath: ItemPath
        /// Where its start was in the viewport, along.
        var screenOffset: Double
    }

    /// The first item whose top is inside the viewport (else the item at the top edge).
    /// Pure geometry: no cells are consulted. `viewportLength` is the length the user saw
    /// (a resize passes the old one, so the anchor is the item that was on screen).
    func captureAnchor(viewportLength: Double? = nil) -> Anchor? {
        let length = viewportLength ?? viewport.length
        guard maintainsVisibleContentPosition, length > 0, offset > 0,
              let atEdge = geometry.indexPath(atOffset: offset) ?? geometry.firstItem(startingAtOrAfter: offset) else { return nil }
        var ip = atEdge
        var (start, _) = geometry.itemExtent(ip)
        if start < offset, let next = geometry.firstItem(startingAtOrAfter: offset) {
            let (nextStart, _) = geometry.itemExtent(next)
            if nextStart < offset + length { ip = next; start = nextStart }
        }
        return Anchor(indexPath: ip, screenOffset: start - offset)
    }

    /// Moves the offset so the anchor item is back where it was. Returns true if it moved.
    @discardableResult
    func restoreAnchor(_ anchor: Anchor) -> Bool {
        guard geometry.contains(anchor.indexPath) else { return false }
        let target = geometry.itemExtent(anchor.indexPath).start - anchor.screenOffset
        let before = offset
        setOffset(target, reason: .engine)
        return offset != before
    }
}
