/// Scroll anchoring: keeping the first fully visible item at the same place on screen while
/// content above it changes (seeds/002_9848c4aae18f326c.txt), to the pixel; also through a
/// grid's re-flow when the width or the layout changes.
extension ListBase {
    /// An item and where its top edge was on screen.
    struct Anchor {
        var indexPath: ItemPath
        var screenY: Double
    }

    /// The first item whose top is inside the viewport (else the item at the top edge).
    /// Pure geometry: no cells are consulted.
    func captureAnchor() -> Anchor? {
        guard maintainsVisibleContentPosition, frame.height > 0, offsetY > 0,
              let atEdge = geometry.indexPath(atOffset: offsetY) ?? geometry.firstItem(atOrBelow: offsetY) else { return nil }
        var ip = atEdge
        var (y, _) = geometry.itemExtent(ip)
        if y < offsetY, let next = geometry.firstItem(atOrBelow: offsetY) {
            let (ny, _) = geometry.itemExtent(next)
            if ny < offsetY + frame.height { ip = next; y = ny }
        }
        return Anchor(indexPath: ip, screenY: y - offsetY)
    }

    /// Moves the offset so the anchor item is back where it was. Returns true if it moved.
    @discardableResult
    func restoreAnchor(_ anchor: Anchor) -> Bool {
        guard geometry.contains(anchor.indexPath) else { return false }
        let target = geometry.itemExtent(anchor.indexPath).y - anchor.screenY
        let before = offsetY
        setOffsetY(target, reason: .engine)
        return offsetY != before
    }
}
