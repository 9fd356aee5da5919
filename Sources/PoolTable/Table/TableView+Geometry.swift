/// Geometry queries. All O(log n).
extension TableView {
    /// The row's frame in content coordinates; `.zero` for an invalid index path.
    public func rectForRow(at indexPath: IndexPath) -> Rect {
        reloadIfNeeded()
        guard layout.contains(indexPath) else { return .zero }
        let (y, h) = layout.rowExtent(indexPath)
        return rowFrame(y: y, height: h)
    }

    /// Header, rows and footer of the section; `.zero` for an invalid section.
    public func rectForSection(_ section: Int) -> Rect {
        reloadIfNeeded()
        guard section >= 0 && section < layout.numberOfSections else { return .zero }
        return Rect(x: 0, y: layout.top(ofSection: section), width: frame.width, height: layout.sections[section].total)
    }

    /// The header's place in the content (not where a floating header is drawn).
    public func rectForHeaderInSection(_ section: Int) -> Rect {
        reloadIfNeeded()
        guard section >= 0 && section < layout.numberOfSections else { return .zero }
        return Rect(x: 0, y: layout.top(ofSection: section), width: frame.width, height: layout.sections[section].headerHeight)
    }

    public func rectForFooterInSection(_ section: Int) -> Rect {
        reloadIfNeeded()
        guard section >= 0 && section < layout.numberOfSections else { return .zero }
        let sec = layout.sections[section]
        return Rect(x: 0, y: layout.top(ofSection: section) + sec.total - sec.footerHeight, width: frame.width, height: sec.footerHeight)
    }

    /// The row under a point in content coordinates; nil over headers, footers or nothing.
    public func indexPathForRow(at point: Point) -> IndexPath? {
        reloadIfNeeded()
        guard point.y.isFinite, point.x.isFinite else { return nil }
        return layout.indexPath(atOffset: point.y)
    }

    /// Every row whose frame overlaps `rect` (content coordinates), in order.
    public func indexPathsForRows(in rect: Rect) -> [IndexPath] {
        reloadIfNeeded()
        guard rect.minY.isFinite, rect.maxY.isFinite else { return [] }
        var out: [IndexPath] = []
        layout.forEachRow(from: rect.minY, to: rect.maxY) { ip, _, _ in out.append(ip) }
        return out
    }

    /// Scrolls so the row is at `position` (eased over 300 ms of engine time when animated).
    /// `.none` scrolls the least needed to show it whole.
    public func scrollToRow(at indexPath: IndexPath, at position: ScrollPosition, animated: Bool) {
        reloadIfNeeded()
        guard layout.contains(indexPath) else {
            warn("scrollToRow", "scrollToRow(at: \(indexPath)) is out of range; ignored")
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
    private func targetOffset(for indexPath: IndexPath, at position: ScrollPosition) -> Double? {
        let (y, h) = layout.rowExtent(indexPath)
        let floating = style == .plain ? layout.sections[indexPath.section].headerHeight : 0
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
