/// Geometry queries. All O(log n).
extension ListBase {
    /// An item's frame in content coordinates; `.zero` for an invalid index path.
    func itemRect(_ indexPath: ItemPath) -> Rect {
        reloadIfNeeded()
        guard geometry.contains(indexPath) else { return .zero }
        return geometry.itemFrame(indexPath)
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
        let axis = viewport.axis
        let span = AlongSpan(start: axis.start(of: rect), end: axis.end(of: rect))
        let acrossStart = axis.acrossStart(of: rect), acrossEnd = acrossStart + axis.breadth(of: rect)
        var out: [ItemPath] = []
        geometry.forEachItem(meeting: span) { ip, start, length in
            let f = geometry.itemFrame(ip, start: start, length: length)
            let a = axis.acrossStart(of: f), b = a + axis.breadth(of: f)
            if b > acrossStart && a < acrossEnd || axis.breadth(of: rect) == 0 { out.append(ip) }
        }
        return out
    }

    /// Header, items and footer of the section; `.zero` for an invalid section.
    func sectionRect(_ section: Int) -> Rect {
        reloadIfNeeded()
        guard section >= 0 && section < geometry.numberOfSections else { return .zero }
        return viewport.axis.rect(along: geometry.start(ofSection: section), length: geometry.length(ofSection: section),
                                  across: 0, breadth: viewport.breadth)
    }

    /// The header's place in the content (not where a floating header is drawn).
    func headerRect(_ section: Int) -> Rect {
        reloadIfNeeded()
        guard section >= 0 && section < geometry.numberOfSections else { return .zero }
        return viewport.axis.rect(along: geometry.start(ofSection: section), length: geometry.headerLength(ofSection: section),
                                  across: 0, breadth: viewport.breadth)
    }

    /// Scrolls so the item is at `position` (eased over 300 ms of engine time when animated).
    /// `.none` scrolls the least needed to show it whole.
    func scroll(to indexPath: ItemPath, at position: ScrollPosition, animated: Bool) {
        reloadIfNeeded()
        guard geometry.contains(indexPath) else {
            warn("scrollTo", "scrolling to \(indexPath) is out of range; ignored")
            return
        }
        guard let target = targetOffset(for: indexPath, at: position) else { return }
        scroll(toOffset: target, animated: animated)
        guard !animated else { return }
        // Rows measured as they mount (self-sizing) can move the target: settle on it.
        for _ in 0..<4 {
            guard let again = targetOffset(for: indexPath, at: position), abs(again.clamped(0, maxOffset) - offset) > 0.25 else { break }
            scroll(toOffset: again, animated: false)
        }
    }

    /// The offset that puts the row at `position`; nil when `.none` and it is already shown.
    private func targetOffset(for indexPath: ItemPath, at position: ScrollPosition) -> Double? {
        let (start, length) = geometry.itemExtent(indexPath)
        let floating = presentation.headersStick ? geometry.headerLength(ofSection: indexPath.section) : 0
        let visible = viewport.length
        switch position {
        case .top: return start - floating
        case .middle: return start + length / 2 - visible / 2
        case .bottom: return start + length - visible
        case .none:
            if start - floating < offset { return start - floating }
            if start + length > offset + visible { return start + length - visible }
            return nil
        }
    }

    /// Moves the viewport, eased over 300 ms of engine time when animated.
    public func setContentOffset(_ offset: Point, animated: Bool) {
        scroll(toOffset: viewport.axis.along(offset), animated: animated)
    }

    /// Moves the viewport to `value` along, eased over 300 ms of engine time when animated.
    func scroll(toOffset value: Double, animated: Bool) {
        guard value.isFinite else { return }
        let target = value.clamped(0, maxOffset)
        if animated && target != offset {
            clock.startScroll(from: offset, to: target)
            host?.tableViewNeedsAnimationTicks(self)
        } else {
            clock.cancelScroll()
            setOffset(target, reason: .engine)
        }
    }

    /// The offset an animated scroll is heading for, or the current one.
    public var targetContentOffset: Point { viewport.axis.point(along: clock.scrollTarget ?? offset, across: 0) }
}
