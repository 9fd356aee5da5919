/// Geometry queries. All O(log n).
extension ListBase {
    /// An item's frame in content coordinates; `.zero` for an invalid index path.
    func itemRect(_ indexPath: ItemPath) -> Rect {
        reloadIfNeeded()
        guard geometry.contains(indexPath) else { return .zero }
        let (y, h) = geometry.itemExtent(indexPath)
        return geometry.itemFrame(indexPath, y: y, height: h)
    }

    /// The item under a point in content coordinates; nil over headers, gaps or nothing.
    func item(at point: Point) -> ItemPath? {
        reloadIfNeeded()
        guard point.y.isFinite, point.x.isFinite else { return nil }
        return geometry.indexPath(at: point)
    }

    /// Every item whose frame overlaps `rect` (content coordinates), in order.
    func items(in rect: Rect) -> [ItemPath] {
        reloadIfNeeded()
        guard rect.minY.isFinite, rect.maxY.isFinite, rect.minX.isFinite, rect.maxX.isFinite else { return [] }
        var out: [ItemPath] = []
        geometry.forEachItem(from: rect.minY, to: rect.maxY) { ip, y, h in
            let f = geometry.itemFrame(ip, y: y, height: h)
            if f.maxX > rect.minX && f.minX < rect.maxX || rect.width == 0 { out.append(ip) }
        }
        return out
    }

    /// Header, items and footer of the section; `.zero` for an invalid section.
    func sectionRect(_ section: Int) -> Rect {
        reloadIfNeeded()
        guard section >= 0 && section < geometry.numberOfSections else { return .zero }
        return Rect(x: 0, y: geometry.top(ofSection: section), width: frame.width, height: geometry.height(ofSection: section))
    }

    /// The header's place in the content (not where a floating header is drawn).
    func headerRect(_ section: Int) -> Rect {
        reloadIfNeeded()
        guard section >= 0 && section < geometry.numberOfSections else { return .zero }
        return Rect(x: 0, y: geometry.top(ofSection: section), width: frame.width, height: geometry.headerHeight(ofSection: section))
    }

    /// Scrolls so the item is at `position` (eased over 300 ms of engine time when animated).
    /// `.none` scrolls the least needed to show it whole.
    func scroll(to indexPath: ItemPath, at position: ScrollPosition, animated: Bool) {
        defer { checkInvariantsAfterMutation() }
        reloadIfNeeded()
        guard geometry.contains(indexPath) else {
            warn("scrollTo", "scrolling to \(indexPath) is out of range; ignored")
            return
        }
        guard let target = targetOffset(for: indexPath, at: position) else { return }
        setContentOffset(Point(x: 0, y: target), animated: animated)
        guard !animated else { return }
        // Rows measured as they mount (self-sizing) can move the target: settle on it.
        for _ in 0..<4 {
            guard let again = targetOffset(for: indexPath, at: position), abs(again.clamped(0, maxOffsetY) - offsetY) > 0.25 else { break }
            setContentOffset(Point(x: 0, y: again), animated: false)
        }
    }

    /// The offset that puts the row at `position`; nil when `.none` and it is already shown.
    private func targetOffset(for indexPath: ItemPath, at position: ScrollPosition) -> Double? {
        let (y, h) = geometry.itemExtent(indexPath)
        let floating = headersStick ? geometry.headerHeight(ofSection: indexPath.section) : 0
        switch position {
        case .top: return y - floating
        case .middle: return y + h / 2 - frame.height / 2
        case .bottom: return y + h - frame.height
        case .none:
            if y - floating < offsetY { return y - floating }
            if y + h > offsetY + frame.height { return y + h - frame.height }
            return nil
        }
    }

    /// Moves the viewport, eased over 300 ms of engine time when animated.
    public func setContentOffset(_ offset: Point, animated: Bool) {
        defer { checkInvariantsAfterMutation() }
        guard offset.y.isFinite else { return }
        let target = offset.y.clamped(0, maxOffsetY)
        if animated && target != offsetY {
            scrollAnimation = Transition(from: offsetY, to: target, duration: 0.3, easing: .easeInOut)
            host?.tableViewNeedsAnimationTicks(self)
        } else {
            scrollAnimation = nil
            setOffsetY(target, reason: .engine)
        }
    }

    /// The offset an animated scroll is heading for, or the current one.
    public var targetContentOffset: Point { Point(x: 0, y: scrollAnimation?.to ?? offsetY) }
}
