/// Swappable layouts (UIKit's `collectionViewLayout`): a grid, a strip or a compositional
/// layout behind the same view. The view's machinery (mounting, prepared items, selection,
/// keyboard, updates) is the same for all three: each is an `ItemLayout`.
extension CollectionView {
    /// A collection view of `frame`'s size laid out by `collectionViewLayout`: a ``GridLayout``,
    /// a ``StripLayout`` (the view then scrolls along x) or a ``CollectionViewCompositionalLayout``.
    /// Another kind of layout is logged as an error and replaced by the default grid.
    public convenience init(frame: Rect, collectionViewLayout: any CollectionViewLayout) {
        if let strip = collectionViewLayout as? StripLayout {
            self.init(frame: frame, stripLayout: strip)
            return
        }
        self.init(frame: frame, layout: collectionViewLayout as? GridLayout ?? GridLayout())
        if let compositional = collectionViewLayout as? CollectionViewCompositionalLayout {
            replaceLayout(makeGeometry(compositional))
        } else if !(collectionViewLayout is GridLayout) {
            Self.logger.error("PoolTable: \(type(of: collectionViewLayout)) is not a layout a CollectionView knows; using a GridLayout")
        }
    }

    /// The layout the view lays its items out with now.
    public var collectionViewLayout: any CollectionViewLayout {
        if let compositional = geometry as? CompositionalGeometry { return compositional.layout }
        if let strip = geometry as? StripGeometry { return strip.parameters }
        return grid.parameters
    }

    /// Lays the items out with `layout` from now on, keeping the first visible item where it
    /// was, the selection and the data (no reload). A grid and a compositional layout swap
    /// freely; a strip scrolls along the other axis, so only a view made with a strip takes a
    /// strip (anything else is logged as an error and ignored). With `animated`, the items on
    /// screen before and after glide from where they were drawn to their new places (their
    /// sizes change at once), as rows glide in a batch update; advance with
    /// `advanceAnimations(to:)`. Swapping a grid's parameters for others is immediate.
    public func setCollectionViewLayout(_ layout: any CollectionViewLayout, animated: Bool) {
        let next: any ItemLayout
        switch layout {
        case let gridLayout as GridLayout:
            if geometry === grid { self.layout = gridLayout; return }
            grid.setParameters(Self.sanitized(gridLayout) { self.warn("gridLayout", $0) })
            next = grid
        case let compositional as CollectionViewCompositionalLayout:
            if let current = geometry as? CompositionalGeometry, current.layout === compositional { return }
            next = makeGeometry(compositional)
        case let stripLayout as StripLayout:
            guard let strip = geometry as? StripGeometry else {
                Self.logger.error("PoolTable: setCollectionViewLayout: a StripLayout scrolls along x and this view scrolls along y; make the view with init(frame:stripLayout:). Keeping the current layout")
                return
            }
            var clean = stripLayout
            func atLeast(_ minimum: Double, _ v: Double) -> Double { v.isFinite && v >= minimum ? v : minimum }
            clean.itemWidth = atLeast(1, clean.itemWidth)
            clean.itemSpacing = atLeast(0, clean.itemSpacing)
            clean.horizontalInset = atLeast(0, clean.horizontalInset)
            clean.verticalInset = atLeast(0, clean.verticalInset)
            strip.setParameters(clean)
            next = strip
        default:
            Self.logger.error("PoolTable: setCollectionViewLayout: \(type(of: layout)) is not a layout a CollectionView knows; keeping the current layout")
            return
        }
        guard next.axis == viewport.axis else {
            Self.logger.error("PoolTable: setCollectionViewLayout: the new layout scrolls along another axis; keeping the current layout")
            return
        }
        let drawn = animated && !pass.needsReload ? drawnPlaces() : [:]   // lays out first: the anchor is read after
        let anchor = pass.needsReload ? nil : captureAnchor()
        if !pass.needsReload {
            next.breadth = viewport.breadth
            next.load(from: dataAdapter)
        }
        replaceLayout(next)
        if let anchor { restoreAnchor(anchor) }
        setOffset(offset, reason: .clamp)
        host?.tableViewDidChangeScrollGeometry(self)
        if !drawn.isEmpty { glide(from: drawn) }
    }

    /// Where each mounted item is drawn now (running glides included), on screen: along
    /// (less the offset) and across.
    private func drawnPlaces() -> [ItemPath: (along: Double, across: Double)] {
        layoutIfNeeded()
        let axis = viewport.axis, frames = presentationFramesOfSlots()
        var out: [ItemPath: (along: Double, across: Double)] = [:]
        for k in items.indices { out[items[k].indexPath] = (axis.start(of: frames[k]) - offset, axis.acrossStart(of: frames[k])) }
        return out
    }

    /// After a layout change: lays out at once, then every mounted item that was drawn before
    /// glides from there (the batch updates' glides, `RowAnimationState`); one mounted only
    /// now stays at its place.
    private func glide(from drawn: [ItemPath: (along: Double, across: Double)]) {
        layoutIfNeeded()
        rowAnimations.clearGlides()
        let axis = viewport.axis
        for m in items.entries {
            guard let was = drawn[m.indexPath] else { continue }
            rowAnimations.glide(m.indexPath, from: was.along - (axis.start(of: m.cell.frame) - offset))
            rowAnimations.glideAcross(m.indexPath, from: was.across - axis.acrossStart(of: m.cell.frame))
            rowAnimations.unfollow(m.indexPath)
        }
        if rowAnimations.isRunning { host?.tableViewNeedsAnimationTicks(self) }
        setNeedsDisplay()
    }

    /// A compositional geometry reading this view's height.
    private func makeGeometry(_ layout: CollectionViewCompositionalLayout) -> CompositionalGeometry {
        let geometry = CompositionalGeometry(layout: layout)
        geometry.viewportLength = { [unowned self] in self.frame.height }
        // An orthogonal section prepares as far sideways as the view prepares along.
        geometry.sidewaysPreparedDistance = { [unowned self] in self.viewport.isEmpty ? 0 : self.viewport.prefetchDistance }
        return geometry
    }

    /// Where the layout puts the item's cell; nil for an item that does not exist.
    public func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        reloadIfNeeded()
        let ip = ItemPath(indexPath)
        guard geometry.contains(ip) else { return nil }
        return CollectionViewLayoutAttributes(frame: geometry.itemFrame(ip), indexPath: indexPath)
    }

    /// Where the layout puts the supplementary element of `kind` at `indexPath`, as it is drawn
    /// now; nil when there is none (an unknown kind, a section or item out of range):
    /// - a section's header or footer (`indexPath` names the section, item 0). A grid's headers
    ///   are of kind ``elementKindSectionHeader``. A pinned one is held to the viewport's edge
    ///   while its section is on screen;
    /// - a badge (a ``CollectionLayoutSupplementaryItem`` of the item's layout): `indexPath` is
    ///   the item's, the frame anchored to the item's frame as drawn (in a section that scrolls
    ///   sideways, as scrolled now), the z-index the badge's;
    /// - a decoration (``CollectionLayoutDecorationItem/background(elementKind:)``): item 0 of
    ///   the section (a second decoration of the same kind, item 1), the section's background.
    /// The frames come from the computation that places the mounted views.
    public func layoutAttributesForSupplementaryElement(ofKind kind: String, at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        reloadIfNeeded()
        let s = indexPath.section
        if let compositional = geometry as? CompositionalGeometry {
            guard s >= 0, s < compositional.numberOfSections else { return nil }
            if indexPath.item == 0, let laidOut = compositional.boundaryFrame(ofKind: kind, section: s) {
                let item = compositional.sections[s].section.boundarySupplementaryItems.first { $0.elementKind == kind }
                // A pinned header's attributes give where it is drawn now, as UIKit's do.
                let frame = item.map { compositional.pinnedFrame(laidOut, of: $0, section: s, visible: viewport.visibleSpan) } ?? laidOut
                return CollectionViewLayoutAttributes(frame: frame, indexPath: indexPath, representedElementKind: kind, zIndex: item?.zIndex ?? 1)
            }
            let key = SupplementaryElement.Key(kind: kind, indexPath: indexPath)
            let ip = ItemPath(indexPath)
            var element = compositional.decorationElements(ofSection: s, breadth: viewport.breadth).first { $0.key == key }
            if element == nil, compositional.contains(ip) {
                // The item's frame as drawn: its mounted cell's (gliding, scrolled sideways), else the layout's.
                let itemFrame = items.index(of: ip).map { items[$0].cell.frame } ?? compositional.itemFrame(ip)
                let leaves = CompositionalGeometry.leaves(of: compositional.sections[s].section.group)
                element = compositional.badgeElements(of: ip, itemFrame: itemFrame, leaves: leaves).first { $0.key == key }
            }
            guard let element else { return nil }
            return CollectionViewLayoutAttributes(frame: element.frame, indexPath: indexPath, representedElementKind: kind, zIndex: element.zIndex)
        }
        guard kind == Self.elementKindSectionHeader, s >= 0, s < geometry.numberOfSections, geometry.headerLength(ofSection: s) > 0 else { return nil }
        return CollectionViewLayoutAttributes(frame: headerRect(s), indexPath: indexPath, representedElementKind: kind, zIndex: 1)
    }
}
