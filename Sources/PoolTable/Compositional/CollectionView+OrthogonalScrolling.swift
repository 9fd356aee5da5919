/// Sections that scroll sideways (`orthogonalScrollingBehavior` other than `.none`, rule 5):
/// their offsets as public API (UIKit has none), the host's scrolling input as Hosting SPI,
/// and the settling that each behaviour asks for, run on the engine's animation clock.
extension CollectionView {
    /// How long an animated `setOrthogonalContentOffset` or a keyboard scroll into view takes.
    static let orthogonalScrollDuration = 0.3

    /// How far section `section`'s band is scrolled sideways (0: its leading edge shows);
    /// 0 for a section that does not scroll sideways or does not exist.
    public func orthogonalContentOffset(forSection section: Int) -> Double {
        reloadIfNeeded()
        return (geometry as? CompositionalGeometry)?.orthogonalOffset(ofSection: section) ?? 0
    }

    /// Scrolls section `section`'s band sideways to `offset`, clamped to the band (from 0 to
    /// its width less the view's). The offset stays with its section through batch updates
    /// (clamped again when items leave) and width changes. A section that does not scroll
    /// sideways, one out of range or a non-finite offset is logged and ignored.
    public func setOrthogonalContentOffset(_ offset: Double, forSection section: Int) {
        setOrthogonalContentOffset(offset, forSection: section, animated: false)
    }

    /// Scrolls section `section`'s band sideways to `offset` (clamped); `animated` eases there
    /// on the animation clock (`advanceAnimations(to:)`) instead of jumping.
    public func setOrthogonalContentOffset(_ offset: Double, forSection section: Int, animated: Bool) {
        defer { checkInvariantsAfterMutation() }
        reloadIfNeeded()
        guard let compositional = geometry as? CompositionalGeometry, compositional.isOrthogonal(section) else {
            warn("setOrthogonalContentOffset", "setOrthogonalContentOffset: section \(section) does not scroll sideways "
                 + "(out of range, or its orthogonalScrollingBehavior is .none, or the layout is not compositional); ignored")
            return
        }
        guard offset.isFinite else {
            warn("setOrthogonalContentOffset", "setOrthogonalContentOffset: \(offset) is not a finite offset; ignored")
            return
        }
        orthogonalScrolling.stopSettling(section)
        if animated {
            let from = compositional.orthogonalOffset(ofSection: section)
            let to = min(max(0, offset), compositional.sections[section].maxOrthogonalOffset)
            guard from != to else { return }
            orthogonalScrolling.settle(section, Transition(from: from, to: to, duration: Self.orthogonalScrollDuration, easing: .easeInOut))
            host?.tableViewNeedsAnimationTicks(self)
        } else {
            moveOrthogonalOffset(offset, ofSection: section)
        }
    }

    /// Moves a section's band (clamped) and lays the items out again where it moved.
    func moveOrthogonalOffset(_ offset: Double, ofSection section: Int) {
        guard let compositional = geometry as? CompositionalGeometry,
              compositional.setOrthogonalOffset(offset, ofSection: section) else { return }
        setNeedsLayout()
    }

    /// Advances the settles: true when a band moved.
    func advanceOrthogonalScrolling(to t: Double) -> Bool {
        guard orthogonalScrolling.isAnimating else { return false }
        var moved = false
        let compositional = geometry as? CompositionalGeometry
        for (section, offset) in orthogonalScrolling.tick(t, current: { compositional?.orthogonalOffset(ofSection: $0) ?? 0 }) {
            guard let compositional, compositional.isOrthogonal(section) else {
                orthogonalScrolling.stopSettling(section)
                continue
            }
            if compositional.setOrthogonalOffset(offset, ofSection: section) { moved = true }
            orthogonalScrolling.noteShown(compositional.orthogonalOffset(ofSection: section), ofSection: section)
        }
        if moved { setNeedsLayout() }
        return moved
    }

    // MARK: The host's scrolling input (Hosting SPI)

    /// The section scrolling sideways under a viewport point (over its band: its items and
    /// the insets beside them, not its header or footer); nil elsewhere.
    @_spi(Hosting) public func orthogonalSection(atViewportPoint p: Point) -> Int? {
        layoutIfNeeded()
        guard let compositional = geometry as? CompositionalGeometry, !viewport.isEmpty,
              viewport.axis.along(p) >= viewport.leadingInset else { return nil }
        let y = contentPoint(p).y
        guard let s = compositional.section(atOffset: y), compositional.isOrthogonal(s) else { return nil }
        let band = compositional.bandExtent(ofSection: s)
        return y >= band.start && y < band.end ? s : nil
    }

    /// A sideways scroll begins at a viewport point (a horizontal drag, touchpad or
    /// Shift+wheel scroll over a section that scrolls sideways): true when it is over one,
    /// which then follows `updateOrthogonalScroll(by:)` until `endOrthogonalScroll(velocity:)`.
    /// A settle running in that section stops where it is.
    @discardableResult
    @_spi(Hosting) public func beginOrthogonalScroll(atViewportPoint p: Point) -> Bool {
        defer { checkInvariantsAfterMutation() }
        guard let s = orthogonalSection(atViewportPoint: p) else { return false }
        orthogonalScrolling.begin(.init(section: s, startOffset: orthogonalContentOffset(forSection: s)))
        return true
    }

    /// Moves the scrolled section by `delta` points: positive moves the content left (the
    /// offset grows). Clamped to the band.
    @_spi(Hosting) public func updateOrthogonalScroll(by delta: Double) {
        defer { checkInvariantsAfterMutation() }
        guard let g = orthogonalScrolling.gesture, delta.isFinite else { return }
        moveOrthogonalOffset(orthogonalContentOffset(forSection: g.section) + delta, ofSection: g.section)
    }

    /// The sideways scroll ends with `velocity` (points per second, positive as the delta;
    /// 0 for a wheel or a touchpad lift): the section settles as its behaviour says, on the
    /// animation clock. `.continuous` decelerates; `.continuousGroupLeadingBoundary` then
    /// rests on a group's leading edge; `.paging` on a page (the view's width);
    /// `.groupPaging` moves at most one group from where the gesture began (the fling's
    /// direction, else the drag's once it went a third of a group) and `.groupPagingCentered`
    /// the same with the group centred.
    @_spi(Hosting) public func endOrthogonalScroll(velocity: Double) {
        defer { checkInvariantsAfterMutation() }
        guard let g = orthogonalScrolling.gesture else { return }
        orthogonalScrolling.end()
        guard let compositional = geometry as? CompositionalGeometry, compositional.isOrthogonal(g.section) else { return }
        let section = compositional.sections[g.section]
        let from = section.orthogonalOffset
        let to = OrthogonalSettling.target(section, offset: from, startOffset: g.startOffset, velocity: velocity)
        guard to != from else { return }
        // A fling decelerates on a cubic ease-out whose starting speed (3 × distance / duration)
        // is the release's, so the band carries on as fast as it was let go; a drag's release
        // (no velocity) snaps in a short ease. A slow release (a wheel's nominal speed) never
        // takes longer than 0.3 s plus 1 ms a point: at 150 pt/s one group took the 2 s cap.
        let speed = abs(velocity.isFinite ? velocity : 0), distance = abs(to - from)
        let duration = speed < 1 ? 0.25 : max(0.25, min(2.0, 3 * distance / speed, 0.3 + distance / 1000))
        orthogonalScrolling.settle(g.section, Transition(from: from, to: to, duration: duration, easing: .easeOut))
        host?.tableViewNeedsAnimationTicks(self)
    }

    /// True while a sideways scroll gesture is in progress.
    @_spi(Hosting) public var isOrthogonalScrolling: Bool { orthogonalScrolling.gesture != nil }

    /// Scrolls an item's band so its group shows, aligned as the section's behaviour aligns
    /// groups (the keys, `scrollToItem`); nothing for an item of a section that does not
    /// scroll sideways.
    func revealOrthogonally(_ ip: ItemPath, animated: Bool = true) {
        guard let compositional = geometry as? CompositionalGeometry, compositional.isOrthogonal(ip.section),
              compositional.contains(ip) else { return }
        let target = OrthogonalSettling.revealing(compositional.sections[ip.section], row: ip.row)
        if target != compositional.orthogonalOffset(ofSection: ip.section) {
            setOrthogonalContentOffset(target, forSection: ip.section, animated: animated)
        }
    }
}

extension CompositionalGeometry {
    /// Section `s`'s band along y (its groups' extent, inside its insets) in content coordinates.
    func bandExtent(ofSection s: Int) -> AlongSpan {
        let top = start(ofSection: s) + sections[s].itemsOffset
        return AlongSpan(start: top, end: top + sections[s].groupsLength)
    }
}
