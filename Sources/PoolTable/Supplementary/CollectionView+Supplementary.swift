/// Supplementary views in a compositional layout (issue 38, rule 3): boundary items
/// (headers and footers, pinned or not), badges anchored to items and section decorations
/// are real views, mounted from the reuse pool for the elements that meet the mounting band,
/// drawn through the canvas in z order, recycled when they leave, and logged in the cell log.
extension CollectionView {
    /// The mounted supplementary view of `kind` at `indexPath` (a section's header or footer:
    /// item 0 of the section); nil if none is mounted.
    public func supplementaryView(forElementKind kind: String, at indexPath: IndexPath) -> CollectionReusableView? {
        layoutIfNeeded()
        return supplementaries.mounted[.init(kind: kind, indexPath: indexPath)]?.view
    }

    /// The supplementary views of `kind` that meet the viewport.
    public func visibleSupplementaryViews(ofKind kind: String) -> [CollectionReusableView] {
        layoutIfNeeded()
        let visible = viewport.visibleSpan
        return supplementaries.drawingOrder.filter {
            $0.element.key.kind == kind && $0.element.frame.maxY > visible.start && $0.element.frame.minY < visible.end
        }.map(\.view)
    }

    /// The index paths of the mounted supplementary views of `kind`, in order.
    public func indexPathsForMountedSupplementaryElements(ofKind kind: String) -> [IndexPath] {
        layoutIfNeeded()
        return supplementaries.mounted.keys.filter { $0.kind == kind }.map(\.indexPath).sorted()
    }

    /// Mounts the elements meeting the band after the items were laid out: binds the ones
    /// that arrive (or all, when the content changed), moves the ones that stay, recycles
    /// the ones that leave. A section's boundary items and decorations are looked at every
    /// pass (a pinned header moves with the viewport); an item's badges only when the item
    /// arrives, leaves or moves (a scrolled pass looks up each mounted item once).
    func mountSupplementaries() {
        guard let compositional = geometry as? CompositionalGeometry else {
            if !supplementaries.mounted.isEmpty { unmountSupplementaries() }
            return
        }
        let stamp = (generation: pass.loadGeneration, version: compositional.version)
        if let bound = supplementaries.boundFor, bound != stamp {
            unmountSupplementaries()
            refreshListCells()   // a row may have become its section's first or last (list corners, separators)
        }
        supplementaries.boundFor = stamp
        mountSectionElements(compositional)
        mountBadges(compositional)
    }

    /// The boundary items and decorations of the sections meeting the band.
    private func mountSectionElements(_ compositional: CompositionalGeometry) {
        let wanted = compositional.sectionElements(meeting: viewport.mountingSpan, visible: viewport.visibleSpan,
                                                   breadth: viewport.breadth)
        for key in supplementaries.sectionKeys where !wanted.contains(where: { $0.key == key }) {
            if let view = supplementaries.remove(key) { recycleSupplementary(view, key) }
        }
        supplementaries.sectionKeys = wanted.map(\.key)
        for element in wanted { mountSupplementary(element, compositional) }
    }

    /// The badges of the mounted items: those of an item that left are recycled first (the
    /// arriving items' badges reuse them), then those of an item that arrived or moved are
    /// placed (and mounted).
    private func mountBadges(_ compositional: CompositionalGeometry) {
        supplementaries.pass += 1
        let pass = supplementaries.pass
        var placing: [(ItemPath, Rect)] = []
        var seen = 0
        for entry in items.entries {
            let ip = entry.indexPath, itemFrame = entry.cell.layoutFrame
            if let i = supplementaries.badgeAnchors.index(forKey: ip) {
                seen += 1
                supplementaries.badgeAnchors.values[i].pass = pass   // in place
                if supplementaries.badgeAnchors.values[i].itemFrame == itemFrame { continue }
            }
            placing.append((ip, itemFrame))
        }
        if supplementaries.badgeAnchors.count > seen {   // some items left
            // Found first, removed after: removing while iterating copied the whole dictionary
            // (a scroll step leaves an item or two a frame).
            var left: [(ItemPath, [SupplementaryElement.Key])] = []
            for (ip, anchor) in supplementaries.badgeAnchors where anchor.pass != pass { left.append((ip, anchor.keys)) }
            for (ip, keys) in left {
                supplementaries.badgeAnchors[ip] = nil
                for key in keys {
                    if let view = supplementaries.remove(key) { recycleSupplementary(view, key) }
                }
            }
        }
        var leavesBySection: [Int: [CollectionLayoutItem]] = [:]
        for (ip, itemFrame) in placing where ip.section < compositional.sections.count {
            let leaves = leavesBySection[ip.section] ?? CompositionalGeometry.leaves(of: compositional.sections[ip.section].section.group)
            leavesBySection[ip.section] = leaves
            let badges = compositional.badgeElements(of: ip, itemFrame: itemFrame, leaves: leaves)
            for key in supplementaries.badgeAnchors[ip]?.keys ?? [] where !badges.contains(where: { $0.key == key }) {
                if let view = supplementaries.remove(key) { recycleSupplementary(view, key) }
            }
            for element in badges { mountSupplementary(element, compositional) }
            supplementaries.badgeAnchors[ip] = .init(itemFrame: itemFrame, pass: pass, keys: badges.map(\.key))
        }
    }

    /// Moves the mounted view of `element` there, or mounts a view for it.
    private func mountSupplementary(_ element: SupplementaryElement, _ compositional: CompositionalGeometry) {
        guard !supplementaries.update(element), let view = makeSupplementary(element, compositional) else { return }
        view.placeSupplementary(element.frame)
        view.isOffscreen = false
        view.invalidateContent()   // bound: what it drew before (another element's) is stale
        items.log.record(.bound, view.cellID, ItemPath(element.key.indexPath))
        supplementaries.insert(view, for: element)
    }

    /// Every mounted supplementary view back to the pool.
    func unmountSupplementaries() {
        for (key, view) in supplementaries.removeAll() { recycleSupplementary(view, key) }
    }

    private func recycleSupplementary(_ view: CollectionReusableView, _ key: SupplementaryElement.Key) {
        view.isOffscreen = true
        items.log.record(items.pool.enqueue(view) ? .recycled : .discarded, view.cellID, ItemPath(key.indexPath))
    }

    /// The view for an element: a decoration from the class the layout registered for its
    /// kind; a boundary item or badge from the data source (a header or footer it has none
    /// for but a title: a title view). Nil (with a warning once per kind) when there is none.
    private func makeSupplementary(_ element: SupplementaryElement, _ geometry: CompositionalGeometry) -> CollectionReusableView? {
        let kind = element.key.kind, ip = element.key.indexPath
        if element.category == .decoration {
            guard let viewClass = geometry.layout.decorationClasses[kind] else {
                warn("decoration-\(kind)", "PoolTable: no view class is registered for decoration kind \"\(kind)\"; call register(_:forDecorationViewOfKind:) on the layout")
                return nil
            }
            let id = "PoolTable.decoration.\(kind)"
            if !items.pool.isRegistered(id) { registerCell(CollectionReusableView.factory(viewClass), for: id) }
            return dequeueSupplementary(id)
        }
        supplementaries.asking = kind
        let asked = dataSource?.collectionView(self, viewForSupplementaryElementOfKind: kind, at: ip)
        supplementaries.asking = nil
        if let asked, !(asked is NoSupplementaryView) {
            if asked.cellID == 0 || asked.listView !== self { items.adopt(asked) }
            return asked
        }
        let title: String? = switch kind {
        case Self.elementKindSectionHeader: dataSource?.collectionView(self, titleForHeaderInSection: ip.section)
        default: nil
        }
        guard let title else { return nil }
        if !items.pool.isRegistered(SectionTitleView.reuseIdentifier) {
            registerCell({ SectionTitleView(reuseIdentifier: $0) }, for: SectionTitleView.reuseIdentifier)
        }
        let view = dequeueSupplementary(SectionTitleView.reuseIdentifier) as! SectionTitleView
        view.title = title
        return view
    }

    /// Draws the mounted supplementary views of `order` (`drawingOrder`, sorted once a frame)
    /// of z-index below 0 (`below`) or the others, in content coordinates (the canvas is
    /// scrolled), each at its view's `frame` (the element's, unless the app moved it since)
    /// and clipped to it, in its `bounds`; a hidden view (`isHidden`) is skipped.
    func drawSupplementaries(_ order: [MountedSupplementaries.Mounted], in canvas: Canvas, below: Bool) {
        let visible = viewport.visibleSpan
        let apart = headerDrawnApart
        for m in order where (m.element.zIndex < 0) == below && !m.view.isHiddenByApp && ObjectIdentifier(m.view) != apart {
            let f = m.view.frame
            guard f.maxY > visible.start, f.minY < visible.end, f.width > 0, f.height > 0 else { continue }
            drawSupplementary(m, in: canvas)
        }
    }

    /// Draws one mounted supplementary view at its view's `frame` (the element's, unless the
    /// app moved it since; content coordinates), clipped to it, in its `bounds`.
    private func drawSupplementary(_ m: MountedSupplementaries.Mounted, in canvas: Canvas) {
        let f = m.view.frame
        let b = m.view.bounds
        canvas.save()
        canvas.translate(x: f.minX, y: f.minY)
        canvas.clip(to: Rect(x: 0, y: 0, width: f.width, height: f.height))
        // Recorded once per bind or `setNeedsDisplay()`, as a cell's content is: a badge
        // scrolled or a pinned header held re-emits its kept node. A bounds origin moves
        // the drawing inside the recording (setting it records anew).
        canvas.drawCached(key: ObjectIdentifier(m.view), version: m.view.contentVersion, size: f.size) { canvas in
            if b.origin == .zero { m.view.draw(in: canvas, bounds: b); return }
            canvas.withState {
                canvas.translate(x: -b.minX, y: -b.minY)
                m.view.draw(in: canvas, bounds: b)
            }
        }
        canvas.restore()
    }

    /// The pinned boundary header this frame can draw over the content, apart from it: pinned
    /// at the viewport's top (not being pushed off by the next section), drawn above the items
    /// (z-index 0 or more) with no supplementary view after it in the drawing order and no
    /// focus ring over it, and opaque over its frame (what its `draw(in:bounds:)` paints,
    /// probed once per content version, size and theme). Narrower than the viewport (a header
    /// inside its section's insets), the content must draw nothing beside it in its band
    /// (every cell and view there lies within the header's breadth, each drawn clipped to its
    /// frame) and its sides must lie on whole points, so the band is covered as a whole.
    func pinnedBoundaryHeaderApart(on canvas: Canvas) -> PinnedHeader? {
        guard contentDrawsUnderPinnedHeader, viewport.axis == .vertical, viewport.acrossOffset == 0 else { return nil }
        let order = supplementaries.drawingOrder
        var i = order.count - 1
        var candidate: MountedSupplementaries.Mounted?
        while i >= 0 {
            let m = order[i]
            if m.element.category == .boundary(pinned: true) {
                candidate = m
                break
            }
            i -= 1
        }
        // A header the app hid, moved (`frame`) or shifted inside (`bounds`) keeps the plain path.
        guard let m = candidate, !m.view.isHiddenByApp, m.view.frame == m.element.frame, m.view.bounds.origin == .zero,
              m.element.zIndex >= 0, m.element.frame.width > 0, isPinnedAtLeadingEdge(m.element.frame) else { return nil }
        let f = m.element.frame
        let breadth = viewport.frameBreadth
        let band = Rect(x: min(0, f.minX), y: f.minY, width: max(breadth, f.maxX) - min(0, f.minX), height: f.height)
        if band != f {
            guard f.minX <= 0 || f.minX == f.minX.rounded(), f.maxX >= breadth || f.maxX == f.maxX.rounded() else { return nil }
            // Everything the content draws in the band lies within the header's breadth.
            func beside(_ r: Rect) -> Bool { r.intersects(band) && (r.minX < f.minX || r.maxX > f.maxX) }
            for k in items.indices where items.isVisible(k) && beside(items[k].cell.frame) { return nil }
            for other in order where other !== m && beside(other.element.frame) { return nil }
        }
        var j = i + 1
        while j < order.count {   // drawn over it
            if order[j].element.frame.intersects(f) { return nil }
            j += 1
        }
        if showsFocusRing, let ip = keyboardFocus, let k = mountedIndex(of: ip), items.isVisible(k),
           focusRingFrame(row: items[k].cell.frame).intersects(band) { return nil }
        let theme = canvas.theme, version = m.view.contentVersion
        let covers: Bool
        if let known = m.opaque, known.version == version, known.size == f.size, known.theme == theme {
            covers = known.covers
        } else {
            let bounds = Rect(x: 0, y: 0, width: f.width, height: f.height)
            covers = OpaqueCoverProbe.covers(bounds, on: canvas) { m.view.draw(in: $0, bounds: bounds) }
            m.opaque = (version, f.size, theme, covers)
        }
        guard covers else { return nil }
        return PinnedHeader(view: ObjectIdentifier(m.view), covered: band) { [unowned self] canvas in self.drawSupplementary(m, in: canvas) }
    }
}

extension CollectionView {
    /// `titled` (the section title views' headers) with the mounted supplementary section
    /// headers (`elementKindSectionHeader` boundary items) of the other sections that say
    /// something (`accessibilityLabel`) and are shown (`isHidden` unset), by section. A
    /// carousel's header is left out: it names the carousel's own list.
    func mountedSupplementaryHeaders(adding titled: [AccessibleHeader]) -> [AccessibleHeader] {
        guard !supplementaries.sectionKeys.isEmpty else { return titled }
        let compositional = geometry as? CompositionalGeometry
        var headers = titled
        var sections = Set<Int>()
        for h in titled { sections.insert(h.section) }
        for key in supplementaries.sectionKeys where key.kind == CollectionView.elementKindSectionHeader {
            let section = key.indexPath.section
            guard !sections.contains(section), let m = supplementaries.mounted[key], !m.view.isHiddenByApp,
                  let label = m.view.accessibilityLabel, !label.isEmpty else { continue }
            if let compositional, section < compositional.sections.count, compositional.sections[section].isOrthogonal { continue }
            sections.insert(section)
            headers.append(AccessibleHeader(section: section, title: label, frame: m.view.frame))
        }
        if headers.count > titled.count { headers.sort { $0.section < $1.section } }
        return headers
    }
}
