/// Scroll anchoring: keeping the first fully visible row at the same place on screen while
/// content above it changes (seeds/002_9848c4aae18f326c.txt), to the pixel.
extension TableView {
    /// A row and where its top edge was on screen.
    struct Anchor {
        var indexPath: IndexPath
        var screenY: Double
    }

    /// The first row whose top is inside the viewport (else the row at the top edge).
    /// Pure geometry: no cells are consulted.
    func captureAnchor() -> Anchor? {
        guard maintainsVisibleContentPosition, frame.height > 0, offsetY > 0,
              var ip = layout.indexPath(atOffset: offsetY) ?? firstRow(atOrBelow: offsetY) else { return nil }
        var (y, _) = layout.rowExtent(ip)
        if y < offsetY, let next = self.row(after: ip) {
            let (ny, _) = layout.rowExtent(next)
            if ny < offsetY + frame.height { ip = next; y = ny }
        }
        return Anchor(indexPath: ip, screenY: y - offsetY)
    }

    /// Moves the offset so the anchor row is back where it was. Returns true if it moved.
    @discardableResult
    func restoreAnchor(_ anchor: Anchor) -> Bool {
        guard layout.contains(anchor.indexPath) else { return false }
        let target = layout.rowExtent(anchor.indexPath).y - anchor.screenY
        let before = offsetY
        setOffsetY(target, reason: .engine)
        return offsetY != before
    }

    func row(after ip: IndexPath) -> IndexPath? {
        if ip.row + 1 < layout.numberOfRows(in: ip.section) { return IndexPath(row: ip.row + 1, section: ip.section) }
        var s = ip.section + 1
        while s < layout.numberOfSections {
            if layout.numberOfRows(in: s) > 0 { return IndexPath(row: 0, section: s) }
            s += 1
        }
        return nil
    }

    func row(before ip: IndexPath) -> IndexPath? {
        if ip.row > 0 { return IndexPath(row: ip.row - 1, section: ip.section) }
        var s = ip.section - 1
        while s >= 0 {
            let n = layout.numberOfRows(in: s)
            if n > 0 { return IndexPath(row: n - 1, section: s) }
            s -= 1
        }
        return nil
    }

    /// The first row that starts at or below `y` (when `y` is on a header or footer).
    func firstRow(atOrBelow y: Double) -> IndexPath? {
        guard var s = layout.section(atOffset: y) else { return nil }
        while s < layout.numberOfSections {
            if layout.numberOfRows(in: s) > 0 {
                let ip = IndexPath(row: 0, section: s)
                if layout.rowExtent(ip).y >= y { return ip }
                if let found = layout.indexPath(atOffset: y) { return row(after: found) }
            }
            s += 1
        }
        return nil
    }

    var firstIndexPath: IndexPath? {
        (0..<layout.numberOfSections).first { layout.numberOfRows(in: $0) > 0 }.map { IndexPath(row: 0, section: $0) }
    }
    var lastIndexPath: IndexPath? {
        (0..<layout.numberOfSections).reversed().first { layout.numberOfRows(in: $0) > 0 }
            .map { IndexPath(row: layout.numberOfRows(in: $0) - 1, section: $0) }
    }
}
