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
    /// the ones that leave.
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
        let mounted = items.entries.map { ($0.indexPath, $0.cell.frame) }
        let elements = compositional.supplementaryElements(meeting: viewport.mountingSpan, visible: viewport.visibleSpan,
                                                           breadth: viewport.breadth, mounted: mounted)
        var wanted: [SupplementaryElement.Key: SupplementaryElement] = [:]
        for e in elements { wanted[e.key] = e }
        for (key, m) in supplementaries.mounted where wanted[key] == nil {
            supplementaries.mounted[key] = nil
            recycleSupplementary(m.view, key)
        }
        for (key, element) in wanted {
            if var m = supplementaries.mounted[key] {
                m.element = element
                m.view.frame = element.frame
                supplementaries.mounted[key] = m
            } else if let view = makeSupplementary(element, compositional) {
                view.frame = element.frame
                view.isHidden = false
                view.invalidateContent()   // bound: what it drew before (another element's) is stale
                items.log.record(.bound, view.cellID, ItemPath(key.indexPath))
                supplementaries.mounted[key] = .init(view: view, element: element)
            }
        }
    }

    /// Every mounted supplementary view back to the pool.
    func unmountSupplementaries() {
        for (key, m) in supplementaries.mounted { recycleSupplementary(m.view, key) }
        supplementaries.mounted = [:]
    }

    private func recycleSupplementary(_ view: CollectionReusableView, _ key: SupplementaryElement.Key) {
        view.isHidden = true
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
            if !items.pool.isRegistered(id) { registerCell({ viewClass.init(reuseIdentifier: $0) }, for: id) }
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
    /// scrolled), each clipped to its frame.
    func drawSupplementaries(_ order: [MountedSupplementaries.Mounted], in canvas: Canvas, below: Bool) {
        let visible = viewport.visibleSpan
        for m in order where (m.element.zIndex < 0) == below {
            let f = m.element.frame
            guard f.maxY > visible.start, f.minY < visible.end, f.width > 0, f.height > 0 else { continue }
            canvas.save()
            canvas.translate(x: f.minX, y: f.minY)
            canvas.clip(to: Rect(x: 0, y: 0, width: f.width, height: f.height))
            // Recorded once per bind or `setNeedsDisplay()`, as a cell's content is: a badge
            // scrolled or a pinned header held re-emits its kept node.
            canvas.drawCached(key: ObjectIdentifier(m.view), version: m.view.contentVersion, size: f.size) { canvas in
                m.view.draw(in: canvas, bounds: Rect(x: 0, y: 0, width: f.width, height: f.height))
            }
            canvas.restore()
        }
    }
}
