import Testing
@_spi(Hosting) @_spi(Diagnostics) @testable import PoolTable

/// A header, footer or badge that draws "<kind> <text>" over its bounds.
@MainActor
final class LabelView: CollectionReusableView {
    var text: String?
    var reuses = 0
    override func prepareForReuse() { super.prepareForReuse(); text = nil; reuses += 1 }
    override func draw(in canvas: Canvas, bounds: Rect) {
        canvas.fill(bounds, color: canvas.theme.headerBackground)
        canvas.drawText("label \(text ?? "?")", in: bounds, style: TextStyle())
    }
}

/// A section background: fills its bounds with a colour of its own.
@MainActor
final class BackgroundView: CollectionReusableView {
    static let color = Color(hex: 0x123456)
    override func draw(in canvas: Canvas, bounds: Rect) { canvas.fill(bounds, color: Self.color) }
}

/// A data source written as UIKit code is: the supplementary method returns a view, not an optional.
@MainActor
final class UIKitShapedSource: CollectionViewDataSource {
    let header = CollectionView.SupplementaryRegistration<LabelView>(elementKind: CollectionView.elementKindSectionHeader) { view, _, ip in
        view.text = "header \(ip.section)"
    }
    let cell = CollectionView.CellRegistration<TitleCell, Int> { cell, _, item in cell.text = "\(item)" }
    func numberOfSections(in collectionView: CollectionView) -> Int { 3 }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 6 }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        collectionView.dequeueConfiguredReusableCell(using: cell, for: indexPath, item: indexPath.item)
    }
    func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> CollectionReusableView {
        collectionView.dequeueConfiguredReusableSupplementary(using: header, for: indexPath)
    }
}

/// Supplementary and decoration views (issue 38, rules 2 and 3): headers and footers,
/// pinned headers, badges and section backgrounds as mounted views from the reuse pool,
/// drawn through the canvas and logged.
@MainActor
@Suite("Supplementary views")
struct SupplementaryViewTests {
    static let badgeKind = "badge", backgroundKind = "background"
    /// A section of 20 items: header 30, insets 8 + 8, five groups of 50 with four gaps of 10, footer 20.
    static let sectionLength: Double = 356

    /// Four across, 50 high, 10 apart, inside 8-point insets, under a 30-point header and over a
    /// 20-point footer; each item with a 16-point badge on its top trailing corner, half outside;
    /// a background behind each section.
    func layout(pinned: Bool = false, badges: Bool = true, background: Bool = true,
                orthogonal: CollectionLayoutSectionOrthogonalScrollingBehavior = .none) -> CollectionViewCompositionalLayout {
        let badge = CollectionLayoutSupplementaryItem(layoutSize: size(.absolute(16), .absolute(16)), elementKind: Self.badgeKind,
                                                      containerAnchor: CollectionLayoutAnchor(edges: [.top, .trailing], fractionalOffset: Point(x: 0.5, y: -0.5)))
        let item = CollectionLayoutItem(layoutSize: size(.fractionalWidth(0.25), .fractionalHeight(1)), supplementaryItems: badges ? [badge] : [])
        let group = CollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(50)), subitems: [item])
        let section = CollectionLayoutSection(group: group)
        section.interGroupSpacing = 10
        section.orthogonalScrollingBehavior = orthogonal
        section.contentInsets = DirectionalEdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8)
        let header = CollectionLayoutBoundarySupplementaryItem(layoutSize: size(.fractionalWidth(1), .absolute(30)),
                                                               elementKind: CollectionView.elementKindSectionHeader, alignment: .top)
        header.pinToVisibleBounds = pinned
        let footer = CollectionLayoutBoundarySupplementaryItem(layoutSize: size(.fractionalWidth(1), .absolute(20)),
                                                               elementKind: CollectionView.elementKindSectionFooter, alignment: .bottom)
        section.boundarySupplementaryItems = [header, footer]
        if background {
            let decoration = CollectionLayoutDecorationItem.background(elementKind: Self.backgroundKind)
            decoration.contentInsets = DirectionalEdgeInsets(top: 2, leading: 4, bottom: 2, trailing: 4)
            section.decorationItems = [decoration]
        }
        let layout = CollectionViewCompositionalLayout(section: section)
        layout.register(BackgroundView.self, forDecorationViewOfKind: Self.backgroundKind)
        return layout
    }

    /// `sections` sections of `items` items through a diffable data source whose headers,
    /// footers and badges come from registrations.
    func makeView(_ layout: CollectionViewCompositionalLayout, sections: Int = 200, items: Int = 20,
                  height: Double = 400) throws -> (CollectionView, CollectionViewDiffableDataSource<Int, Int>) {
        let view = CollectionView(frame: Rect(x: 0, y: 0, width: 416, height: height), collectionViewLayout: layout)
        let cell = CollectionView.CellRegistration<TitleCell, Int> { cell, _, item in cell.text = "\(item)" }
        let source = CollectionViewDiffableDataSource<Int, Int>(collectionView: view) { view, ip, item in
            view.dequeueConfiguredReusableCell(using: cell, for: ip, item: item)
        }
        let header = CollectionView.SupplementaryRegistration<LabelView>(elementKind: CollectionView.elementKindSectionHeader) { view, _, ip in
            view.text = "header \(ip.section)"
        }
        let footer = CollectionView.SupplementaryRegistration<LabelView>(elementKind: CollectionView.elementKindSectionFooter) { view, _, ip in
            view.text = "footer \(ip.section)"
        }
        let badge = CollectionView.SupplementaryRegistration<LabelView>(elementKind: Self.badgeKind) { [unowned source] view, _, ip in
            view.text = "badge \(source.itemIdentifier(for: ip) ?? -1)"
        }
        source.supplementaryViewProvider = { view, kind, ip in
            switch kind {
            case CollectionView.elementKindSectionHeader: view.dequeueConfiguredReusableSupplementary(using: header, for: ip)
            case CollectionView.elementKindSectionFooter: view.dequeueConfiguredReusableSupplementary(using: footer, for: ip)
            default: view.dequeueConfiguredReusableSupplementary(using: badge, for: ip)
            }
        }
        var snapshot = DiffableSnapshot<Int, Int>()
        for s in 0..<sections {
            snapshot.appendSections([s])
            snapshot.appendItems(Array((s * 1000)..<(s * 1000 + items)), toSection: s)
        }
        try source.applyThrowing(snapshot, animatingDifferences: false)
        view.layoutIfNeeded()
        return (view, source)
    }

    @Test("Supplementary section headers are headers to assistive technology: each mounted one that says something (accessibilityLabel) and is shown, read before its section's items; not footers, not a hidden one, not a carousel's (it names the carousel)")
    func supplementaryHeadersAreAccessibleHeaders() throws {
        let (view, _) = try makeView(layout(pinned: true, badges: false, background: false), sections: 4, items: 8)
        var mountedHeaders: [Int: CollectionReusableView] = [:]
        for s in 0..<4 {
            if let header = view.supplementaryView(forElementKind: CollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: s)) {
                header.accessibilityLabel = "Section \(s)"
                mountedHeaders[s] = header
            }
        }
        try #require(mountedHeaders.count >= 2, "the first sections' headers are mounted")
        var model = AccessibilityModel(view)
        #expect(model.headers.map(\.section) == mountedHeaders.keys.sorted())
        #expect(model.headers.map(\.title) == mountedHeaders.keys.sorted().map { "Section \($0)" })
        #expect(model.headers.first?.frame == mountedHeaders[0]?.frame, "where it is drawn (pinned at the top)")
        // Each header before its section's items, and after the items of the section above.
        let order = model.readingOrder()
        for s in mountedHeaders.keys {
            let at = try #require(order.firstIndex(of: .header(section: s)))
            let items = order.indices.filter { if case let .item(ip) = order[$0] { ip.section == s } else { false } }
            #expect(items.allSatisfy { $0 > at }, "section \(s)'s items after its header")
            let above = order.indices.filter { if case let .item(ip) = order[$0] { ip.section < s } else { false } }
            #expect(above.allSatisfy { $0 < at }, "the items above before section \(s)'s header")
        }
        // A hidden header, and one with nothing to say, are not read.
        mountedHeaders[0]?.isHidden = true
        mountedHeaders[1]?.accessibilityLabel = nil
        model = AccessibilityModel(view)
        #expect(!model.headers.contains { $0.section == 0 || $0.section == 1 })
        #expect(!model.readingOrder().contains(.header(section: 0)))

        // A carousel's header names the carousel's list instead.
        let (carousels, _) = try makeView(layout(badges: false, background: false, orthogonal: .continuous), sections: 3, items: 8)
        for s in 0..<3 {
            carousels.supplementaryView(forElementKind: CollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: s))?.accessibilityLabel = "Carousel \(s)"
        }
        #expect(AccessibilityModel(carousels).headers.isEmpty)
        #expect(!AccessibilityModel(carousels).itemGroups.isEmpty)
    }

    @Test("Items added far below the screen still redraw a grid whose section background (a decoration spanning the section) is mounted")
    func batchBelowWithMountedDecorationRedraws() throws {
        let (view, source) = try makeView(layout(badges: false), sections: 1, items: 2_000)
        let host = OffBandBatchTests.DisplayRecorder()
        view.host = host
        var snapshot = source.snapshot()
        snapshot.appendItems(Array(5_000..<5_010), toSection: 0)
        let kept = ListBase.batchesKeepingMountedItems
        try source.applyThrowing(snapshot, animatingDifferences: false)
        view.layoutIfNeeded()
        #expect(ListBase.batchesKeepingMountedItems == kept + 1, "the batch kept the mounted items")
        #expect(host.offScreen == 0)
        #expect(host.redraws >= 1)
    }

    @Test("headers and footers are mounted only near the viewport, at the layout's frames, drawn, and recycled through the pool")
    func headersAndFooters() throws {
        let (view, source) = try makeView(layout(badges: false, background: false))
        defer { withExtendedLifetime(source) {} }
        let header = CollectionView.elementKindSectionHeader, footer = CollectionView.elementKindSectionFooter
        var seen = Set<ObjectIdentifier>()
        let sectionLength = Self.sectionLength
        for y in stride(from: 0.0, to: sectionLength * 150, by: 173) {
            view.contentOffset = Point(x: 0, y: y)
            let headers = view.indexPathsForMountedSupplementaryElements(ofKind: header)
            let footers = view.indexPathsForMountedSupplementaryElements(ofKind: footer)
            #expect(!headers.isEmpty || !footers.isEmpty)
            #expect(headers.count <= 4 && footers.count <= 4, "offset \(y): \(headers.count) headers mounted")
            let drawn = drawnLabels(view)
            for ip in headers {
                let v = try #require(view.supplementaryView(forElementKind: header, at: ip) as? LabelView)
                seen.insert(ObjectIdentifier(v))
                #expect(v.text == "header \(ip.section)")
                let frame = try #require(view.layoutAttributesForSupplementaryElement(ofKind: header, at: ip)?.frame)
                #expect(v.frame == frame)
                #expect(frame == Rect(x: 8, y: Double(ip.section) * sectionLength, width: 400, height: 30))
                if frame.maxY > y && frame.minY < y + 400 { #expect(drawn["header \(ip.section)"] == onScreen(frame, view)) }
            }
            for ip in footers {
                let v = try #require(view.supplementaryView(forElementKind: footer, at: ip) as? LabelView)
                #expect(v.text == "footer \(ip.section)" && v.frame == view.layoutAttributesForSupplementaryElement(ofKind: footer, at: ip)?.frame)
            }
            #expect(view.visibleSupplementaryViews(ofKind: header).allSatisfy { $0.frame.maxY > y && $0.frame.minY < y + 400 })
        }
        // 150 sections scrolled through with a handful of header views: they were reused.
        #expect(seen.count <= 8, "\(seen.count) header views")
        let events = view.recentCellEvents
        let headerIDs = Set(seen.compactMap { id in view.visibleSupplementaryViews(ofKind: header).first { ObjectIdentifier($0) == id }.map { view.serialNumber(of: $0) } })
        #expect(events.contains { $0.kind == .recycled && $0.indexPath?.item == 0 })
        #expect(events.contains { $0.kind == .reused })
        #expect(events.contains { $0.kind == .bound && headerIDs.contains($0.cellID) })
    }

    @Test("a pinned header sticks to the top while its section is on screen, and is pushed up by the section's end")
    func pinnedHeader() throws {
        let (view, source) = try makeView(layout(pinned: true, badges: false, background: false), sections: 10)
        defer { withExtendedLifetime(source) {} }
        let header = CollectionView.elementKindSectionHeader
        let sectionLength = Self.sectionLength
        view.contentOffset = Point(x: 0, y: sectionLength * 2 + 100)
        var v = try #require(view.supplementaryView(forElementKind: header, at: IndexPath(item: 0, section: 2)))
        #expect(v.frame.minY == view.contentOffset.y)
        #expect(drawnLabels(view)["header 2"]?.minY == 0)
        // 10 points before section 3 starts: the header ends where its section does.
        view.contentOffset = Point(x: 0, y: sectionLength * 3 - 10)
        v = try #require(view.supplementaryView(forElementKind: header, at: IndexPath(item: 0, section: 2)))
        #expect(v.frame.minY == sectionLength * 3 - 30)
        #expect(drawnLabels(view)["header 2"]?.minY == -20)
        // The layout attributes give the pinned frame, as UIKit's do; an unpinned header's stay where laid out.
        #expect(view.layoutAttributesForSupplementaryElement(ofKind: header, at: IndexPath(item: 0, section: 2))?.frame == v.frame)
        #expect(view.layoutAttributesForSupplementaryElement(ofKind: header, at: IndexPath(item: 0, section: 5))?.frame.minY == sectionLength * 5)
        // Pinned headers draw over the cells scrolling under them.
        let canvas = RecordingCanvas()
        view.contentOffset = Point(x: 0, y: sectionLength * 4 + 60)
        view.render(in: canvas)
        let order = canvas.operations.compactMap { op -> String? in if case let .text(s, _, _) = op { return s } else { return nil } }
        let headerAt = try #require(order.firstIndex(of: "label header 4"))
        #expect(order[..<headerAt].contains { $0.hasPrefix("title ") })
    }

    @Test("badges are mounted with their items, anchored to them, and drawn over them")
    func badges() throws {
        let (view, source) = try makeView(layout(background: false), sections: 50)
        for y in [0.0, 777, 5000] {
            view.contentOffset = Point(x: 0, y: y)
            let mounted = view.indexPathsForMountedItems
            let badges = view.indexPathsForMountedSupplementaryElements(ofKind: Self.badgeKind)
            #expect(badges == mounted)
            let drawn = drawnLabels(view)
            for ip in mounted {
                let item = view.rectForItem(at: ip)
                let badge = try #require(view.supplementaryView(forElementKind: Self.badgeKind, at: ip) as? LabelView)
                #expect(badge.text == "badge \(source.itemIdentifier(for: ip)!)")
                #expect(badge.frame == Rect(x: item.maxX - 16 + 8, y: item.minY - 8, width: 16, height: 16))
                if view.indexPathsForVisibleItems.contains(ip) && badge.frame.minY > y && badge.frame.maxY < y + 400 {
                    #expect(drawn["badge \(source.itemIdentifier(for: ip)!)"] == onScreen(badge.frame, view))
                }
            }
        }
    }

    @Test("mountedCellCount and cellsAlive count the mounted cells and every pooled view (badges too) as the arrays do, through a scroll and a jump")
    func cellsAlive() throws {
        let (view, source) = try makeView(layout(pinned: true), sections: 50)
        var pooledSeen = 0
        for y in Array(stride(from: 0.0, through: 3000, by: 37)) + [40_000, 20, 9_000] {
            view.contentOffset = Point(x: 0, y: y)
            let pooled = view.pooledCellCounts.reduce(0) { $0 + $1.count }
            #expect(view.cellsAlive == view.mountedCells.count + pooled, "offset \(y)")
            #expect(view.mountedCellCount == view.mountedCells.count, "offset \(y)")
            pooledSeen = max(pooledSeen, pooled)
        }
        #expect(pooledSeen > 0)   // the pool's side of the count was exercised
        withExtendedLifetime(source) {}
    }

    @Test("in a section that scrolls sideways badges move with their items; the header, footer and background stay put")
    func sidewaysSupplementaries() throws {
        let (view, source) = try makeView(layout(orthogonal: .continuous), sections: 3, height: 600)
        let kinds = [CollectionView.elementKindSectionHeader, CollectionView.elementKindSectionFooter, Self.backgroundKind]
        func chrome() -> [Rect?] { kinds.map { view.supplementaryView(forElementKind: $0, at: IndexPath(item: 0, section: 0))?.frame } }
        let before = chrome()
        #expect(before.allSatisfy { $0 != nil })
        let header = view.supplementaryView(forElementKind: CollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0))
        for offset in [0.0, 500, 1200, 30] {
            view.setOrthogonalContentOffset(offset, forSection: 0)
            #expect(view.orthogonalContentOffset(forSection: 0) == offset)
            #expect(chrome() == before, "offset \(offset)")
            let mounted = view.indexPathsForMountedItems.filter { $0.section == 0 }
            #expect(view.indexPathsForMountedSupplementaryElements(ofKind: Self.badgeKind).filter { $0.section == 0 } == mounted)
            for ip in mounted {
                let item = try #require(view.layoutAttributesForItem(at: ip)).frame
                let badge = try #require(view.supplementaryView(forElementKind: Self.badgeKind, at: ip) as? LabelView)
                #expect(badge.frame == Rect(x: item.maxX - 16 + 8, y: item.minY - 8, width: 16, height: 16))
                #expect(badge.text == "badge \(source.itemIdentifier(for: ip)!)")
            }
        }
        #expect(view.invariantViolation() == nil)
        #expect(header != nil && view.supplementaryView(forElementKind: CollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0)) === header,
                "the header stays mounted (not re-bound) while the band scrolls")
    }

    @Test("a section background is a decoration view of the layout's registered class, drawn beneath the section's cells")
    func sectionBackground() throws {
        let (view, source) = try makeView(layout(badges: false), sections: 20)
        defer { withExtendedLifetime(source) {} }
        let sectionLength = Self.sectionLength
        view.contentOffset = Point(x: 0, y: sectionLength + 50)
        let background = try #require(view.supplementaryView(forElementKind: Self.backgroundKind, at: IndexPath(item: 0, section: 1)))
        #expect(background is BackgroundView)
        #expect(background.frame == Rect(x: 4, y: sectionLength + 30 + 2, width: 408, height: sectionLength - 50 - 4))
        let canvas = RecordingCanvas()
        view.render(in: canvas)
        let fills = canvas.filledRects(color: BackgroundView.color)
        #expect(fills.contains(onScreen(background.frame, view)))
        let firstFill = try #require(canvas.operations.firstIndex { if case .fillRect(_, BackgroundView.color) = $0 { true } else { false } })
        let firstCell = try #require(canvas.operations.firstIndex { if case let .text(s, _, _) = $0 { s.hasPrefix("title ") } else { false } })
        #expect(firstFill < firstCell)
        // An unregistered decoration kind is a warning, not a crash.
        let bare = layout(badges: false)
        bare.register(nil, forDecorationViewOfKind: Self.backgroundKind)
        let (other, otherSource) = try makeView(bare, sections: 3)
        defer { withExtendedLifetime(otherSource) {} }
        #expect(other.indexPathsForMountedSupplementaryElements(ofKind: Self.backgroundKind).isEmpty)
        #expect(other.warnedKinds.contains("decoration-\(Self.backgroundKind)"))
    }

    @Test("a UIKit-shaped data source (a non-optional view) is asked; a registration dequeued for another kind is reported")
    func uikitShapeAndWrongKind() throws {
        let source = UIKitShapedSource()
        let view = CollectionView(frame: Rect(x: 0, y: 0, width: 416, height: 800), collectionViewLayout: layout(badges: false, background: false))
        view.dataSource = source
        view.layoutIfNeeded()
        let header = try #require(view.supplementaryView(forElementKind: CollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0)) as? LabelView)
        #expect(header.text == "header 0")
        // The footer kind is answered with the header's registration: reported, still shown.
        #expect(view.warnedKinds.contains("supplementary-kind"))
        #expect(view.supplementaryView(forElementKind: CollectionView.elementKindSectionFooter, at: IndexPath(item: 0, section: 0)) != nil)
        #expect(view.invariantViolation() == nil)
        withExtendedLifetime(source) {}
    }

    @Test("a header a data source gives no view for shows its section title")
    func titleFallback() {
        let source = GridSource(counts: [8, 8], titles: true)
        let view = CollectionView(frame: Rect(x: 0, y: 0, width: 416, height: 800), collectionViewLayout: layout(badges: false, background: false))
        source.attach(to: view)
        view.layoutIfNeeded()
        let canvas = RecordingCanvas()
        view.render(in: canvas)
        #expect(canvas.texts.contains { $0.0 == "Section 0" && $0.1.minY == 4 })
        #expect(view.mountedHeaderSections.isEmpty, "no table-style header views in a compositional layout")
    }

    @Test("a supplementary view bound to another element has a new content version, so a canvas that keeps what it drew draws it anew")
    func reboundViewsChangeVersion() throws {
        let (view, source) = try makeView(layout(background: false), sections: 50)
        defer { withExtendedLifetime(source) {} }
        var last: [ObjectIdentifier: (text: String?, version: Int)] = [:]
        var rebound = 0
        for y in stride(from: 0.0, to: Self.sectionLength * 40, by: 37) {
            view.contentOffset = Point(x: 0, y: y)
            for ip in view.indexPathsForMountedSupplementaryElements(ofKind: Self.badgeKind) {
                let badge = try #require(view.supplementaryView(forElementKind: Self.badgeKind, at: ip) as? LabelView)
                let id = ObjectIdentifier(badge)
                if let before = last[id], before.text != badge.text {
                    rebound += 1
                    #expect(before.version != badge.contentVersion, "\(badge.text ?? "?") kept the version of \(before.text ?? "?")")
                }
                last[id] = (badge.text, badge.contentVersion)
            }
        }
        #expect(rebound > 0, "no badge view was recycled to another item")
    }

    /// The attributes of every mounted badge and background equal the mounted view's frame,
    /// which is where it is drawn; the attributes' index path and kind are the element's.
    func expectAttributesMatchMounted(_ view: CollectionView, section s: Int, _ context: String) throws {
        let background = try #require(view.supplementaryView(forElementKind: Self.backgroundKind, at: IndexPath(item: 0, section: s)), "\(context)")
        let backgroundAttributes = try #require(view.layoutAttributesForSupplementaryElement(ofKind: Self.backgroundKind, at: IndexPath(item: 0, section: s)), "\(context)")
        #expect(backgroundAttributes.frame == background.frame, "\(context)")
        #expect(backgroundAttributes.indexPath == IndexPath(item: 0, section: s) && backgroundAttributes.representedElementKind == Self.backgroundKind)
        #expect(backgroundAttributes.zIndex < 0, "a background is beneath its section's cells")
        let badges = view.indexPathsForMountedSupplementaryElements(ofKind: Self.badgeKind).filter { $0.section == s }
        #expect(!badges.isEmpty, "\(context)")
        for ip in badges {
            let badge = try #require(view.supplementaryView(forElementKind: Self.badgeKind, at: ip))
            let attributes = try #require(view.layoutAttributesForSupplementaryElement(ofKind: Self.badgeKind, at: ip), "\(context) \(ip)")
            #expect(attributes.frame == badge.frame, "\(context) \(ip)")
            #expect(attributes.indexPath == ip && attributes.representedElementKind == Self.badgeKind && attributes.zIndex == 1)
            let item = try #require(view.layoutAttributesForItem(at: ip)).frame
            #expect(attributes.frame == Rect(x: item.maxX - 16 + 8, y: item.minY - 8, width: 16, height: 16), "\(context) \(ip)")
        }
    }

    @Test("layout attributes of badges and section backgrounds are where the mounted views are drawn, also scrolled sideways; nil for unknown kinds and out of range")
    func badgeAndBackgroundAttributes() throws {
        // A plain section.
        let (view, source) = try makeView(layout(), sections: 20)
        defer { withExtendedLifetime(source) {} }
        view.contentOffset = Point(x: 0, y: Self.sectionLength + 50)
        try expectAttributesMatchMounted(view, section: 1, "plain")
        // Drawn where the attributes say: the background's fill and a visible badge's label.
        let canvas = RecordingCanvas()
        view.render(in: canvas)
        let background = try #require(view.layoutAttributesForSupplementaryElement(ofKind: Self.backgroundKind, at: IndexPath(item: 0, section: 1)))
        #expect(canvas.filledRects(color: BackgroundView.color).contains(onScreen(background.frame, view)))
        let ip = IndexPath(item: 4, section: 1)
        let badge = try #require(view.layoutAttributesForSupplementaryElement(ofKind: Self.badgeKind, at: ip))
        #expect(drawnLabels(view)["badge \(source.itemIdentifier(for: ip)!)"] == onScreen(badge.frame, view))
        // An item far from the viewport has its badge where the layout would put it.
        let far = try #require(view.layoutAttributesForItem(at: IndexPath(item: 3, section: 15))).frame
        #expect(view.layoutAttributesForSupplementaryElement(ofKind: Self.badgeKind, at: IndexPath(item: 3, section: 15))?.frame
                == Rect(x: far.maxX - 8, y: far.minY - 8, width: 16, height: 16))
        // Unknown kinds, sections and items out of range, a second background that is not there.
        #expect(view.layoutAttributesForSupplementaryElement(ofKind: "nothing", at: IndexPath(item: 0, section: 1)) == nil)
        #expect(view.layoutAttributesForSupplementaryElement(ofKind: Self.badgeKind, at: IndexPath(item: 20, section: 1)) == nil)
        #expect(view.layoutAttributesForSupplementaryElement(ofKind: Self.badgeKind, at: IndexPath(item: 0, section: 20)) == nil)
        #expect(view.layoutAttributesForSupplementaryElement(ofKind: Self.badgeKind, at: IndexPath(item: -1, section: 1)) == nil)
        #expect(view.layoutAttributesForSupplementaryElement(ofKind: Self.backgroundKind, at: IndexPath(item: 1, section: 1)) == nil)
        #expect(view.layoutAttributesForSupplementaryElement(ofKind: Self.backgroundKind, at: IndexPath(item: 0, section: 20)) == nil)
        #expect(view.layoutAttributesForSupplementaryElement(ofKind: Self.backgroundKind, at: IndexPath(item: 0, section: -1)) == nil)
        // No badges in the layout: none answered.
        let (bare, bareSource) = try makeView(layout(badges: false, background: false), sections: 3)
        defer { withExtendedLifetime(bareSource) {} }
        #expect(bare.layoutAttributesForSupplementaryElement(ofKind: Self.badgeKind, at: IndexPath(item: 0, section: 0)) == nil)
        #expect(bare.layoutAttributesForSupplementaryElement(ofKind: Self.backgroundKind, at: IndexPath(item: 0, section: 0)) == nil)

        // A section that scrolls sideways: badges move with their items, the background stays.
        let (sideways, sidewaysSource) = try makeView(layout(orthogonal: .continuous), sections: 3, height: 600)
        defer { withExtendedLifetime(sidewaysSource) {} }
        let still = try #require(sideways.layoutAttributesForSupplementaryElement(ofKind: Self.backgroundKind, at: IndexPath(item: 0, section: 0))).frame
        let first = IndexPath(item: 0, section: 0)
        let before = try #require(sideways.layoutAttributesForSupplementaryElement(ofKind: Self.badgeKind, at: first)).frame
        for offset in [500.0, 1200, 30] {
            sideways.setOrthogonalContentOffset(offset, forSection: 0)
            try expectAttributesMatchMounted(sideways, section: 0, "sideways \(offset)")
            #expect(sideways.layoutAttributesForSupplementaryElement(ofKind: Self.backgroundKind, at: IndexPath(item: 0, section: 0))?.frame == still)
            let moved = try #require(sideways.layoutAttributesForSupplementaryElement(ofKind: Self.badgeKind, at: first)).frame
            #expect(moved.minX == before.minX - offset && moved.minY == before.minY, "offset \(offset)")
            let drawn = drawnLabels(sideways)
            for ip in sideways.indexPathsForVisibleItems where ip.section == 0 {
                let frame = try #require(sideways.layoutAttributesForSupplementaryElement(ofKind: Self.badgeKind, at: ip)).frame
                if frame.minX >= 0 && frame.maxX <= 416 && frame.minY >= 0 {
                    #expect(drawn["badge \(sidewaysSource.itemIdentifier(for: ip)!)"] == onScreen(frame, sideways), "offset \(offset) \(ip)")
                }
            }
        }
    }

    /// The mounted supplementary elements as (kind, index path, frame), sorted.
    func mountedElements(_ view: CollectionView) -> [String] {
        view.supplementaries.mounted.values.map { "\($0.element.key.kind) \($0.element.key.indexPath) \($0.element.frame) \($0.view.frame)" }.sorted()
    }

    @Test("scrolled step by step, the mounted headers, badges and backgrounds are what a fresh mount at that offset gives, in drawing order, and a badge whose item stays is neither moved nor bound again")
    func incrementalMountMatchesFreshMount() throws {
        let (view, source) = try makeView(layout(pinned: true), sections: 12)
        defer { withExtendedLifetime(source) {} }
        var previous: [IndexPath: CollectionReusableView] = [:]
        var kept = 0
        for y in stride(from: 0.0, through: Self.sectionLength * 6, by: 37) {
            let versions = previous.mapValues(\.contentVersion)
            view.contentOffset = Point(x: 0, y: y)
            let (fresh, freshSource) = try makeView(layout(pinned: true), sections: 12)
            fresh.contentOffset = Point(x: 0, y: y)
            #expect(mountedElements(view) == mountedElements(fresh), "offset \(y)")
            withExtendedLifetime(freshSource) {}
            let order = view.supplementaries.drawingOrder.map(\.element)
            #expect(order.count == view.supplementaries.mounted.count)
            for i in order.indices.dropFirst() {
                #expect(!MountedSupplementaries.precedes(order[i], order[i - 1]), "offset \(y): \(order[i].key) drawn before \(order[i - 1].key)")
            }
            #expect(order.last?.category == .boundary(pinned: true) || y == 0, "offset \(y): the pinned header is drawn last")
            var now: [IndexPath: CollectionReusableView] = [:]
            for ip in view.indexPathsForMountedSupplementaryElements(ofKind: Self.badgeKind) {
                let badge = try #require(view.supplementaryView(forElementKind: Self.badgeKind, at: ip))
                now[ip] = badge
                if let before = previous[ip] {
                    #expect(before === badge && versions[ip] == badge.contentVersion, "offset \(y): the badge of \(ip) was bound again")
                    kept += 1
                }
            }
            previous = now
        }
        #expect(kept > 100)
        #expect(view.invariantViolation() == nil)
    }
}

/// The `LabelView`s drawn, by text (less "label "), at their viewport rects.
@MainActor
func drawnLabels(_ view: CollectionView) -> [String: Rect] {
    let canvas = RecordingCanvas()
    view.render(in: canvas)
    var out: [String: Rect] = [:]
    for (text, rect) in canvas.texts where text.hasPrefix("label ") { out[String(text.dropFirst(6))] = rect }
    return out
}

/// The viewport rect of a content rect.
@MainActor
func onScreen(_ r: Rect, _ view: CollectionView) -> Rect { Rect(x: r.minX, y: r.minY - view.contentOffset.y, width: r.width, height: r.height) }
