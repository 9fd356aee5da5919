import Testing
@testable import PoolTable

/// List configurations (issue 38, rule 5): `CollectionViewListCell` with a content
/// configuration and accessories, in each appearance, drawn through the recording canvas;
/// the outline disclosure expanding and collapsing through the section snapshot.
@MainActor
@Suite("List cells and accessories")
struct ListCellTests {
    typealias Source = CollectionViewDiffableDataSource<String, String>

    /// A list of `appearance` whose rows show their item with a disclosure indicator and a count label.
    func makeList(_ appearance: CollectionLayoutListConfiguration.Appearance, accessories: [CellAccessory] = [.disclosureIndicator(), .label(text: "7")],
                  sections: [String: [String]] = ["a": ["one", "two", "three"], "b": ["four", "five"]],
                  headerMode: CollectionLayoutListConfiguration.HeaderMode = .none) throws -> (CollectionView, Source) {
        var configuration = CollectionLayoutListConfiguration(appearance: appearance)
        configuration.headerMode = headerMode
        let view = CollectionView(frame: Rect(x: 0, y: 0, width: 360, height: 600), collectionViewLayout: CollectionViewCompositionalLayout.list(using: configuration))
        let registration = CollectionView.CellRegistration<CollectionViewListCell, String> { cell, _, item in
            var content = cell.defaultContentConfiguration()
            content.text = item
            cell.contentConfiguration = content
            cell.accessories = accessories
        }
        let source = Source(collectionView: view) { view, ip, item in
            view.dequeueConfiguredReusableCell(using: registration, for: ip, item: item)
        }
        var snapshot = DiffableSnapshot<String, String>()
        for key in sections.keys.sorted() { snapshot.appendSections([key]); snapshot.appendItems(sections[key]!, toSection: key) }
        try source.applyThrowing(snapshot, animatingDifferences: false)
        view.layoutIfNeeded()
        return (view, source)
    }

    func render(_ view: CollectionView) -> RecordingCanvas {
        let canvas = RecordingCanvas()
        view.render(in: canvas)
        return canvas
    }

    @Test("a list cell draws its configuration's text inside its accessories, the label accessory at its trailing edge")
    func contentAndAccessories() throws {
        let (view, source) = try makeList(.plain)
        let canvas = render(view)
        let texts = Dictionary(canvas.texts.map { ($0.0, $0.1) }, uniquingKeysWith: { a, _ in a })
        for ip in view.indexPathsForVisibleItems {
            let frame = view.rectForItem(at: ip)
            let item = try #require(source.itemIdentifier(for: ip))
            let rect = try #require(texts[item], "\(item) drawn")
            #expect(rect.minX == frame.minX + 16 && abs(rect.midY - frame.midY) < 0.01 && rect.height < frame.height, "the text is centred vertically")
            // Two 32-point accessories (the chevron and the label "7" are measured) keep the text clear of the trailing edge.
            #expect(rect.maxX < frame.maxX - 32 - 8)
        }
        let labels = canvas.texts.filter { $0.0 == "7" }
        #expect(labels.count == view.indexPathsForVisibleItems.count)
        #expect(labels.allSatisfy { $0.1.maxX == 360 - 8 - 32 }, "the first accessory (the chevron) is outermost")
        // Plain lists separate rows (not after a section's last one).
        let separators = canvas.filledRects(color: canvas.theme.separator).filter { $0.height == 1 }
        #expect(separators.count == 3, "\(separators)")
        #expect(view.cellForItem(at: IndexPath(item: 0, section: 0)) is CollectionViewListCell)
    }

    @Test("a row that stops being its section's last gains its separator when an item is appended")
    func placementRefresh() throws {
        let (view, source) = try makeList(.plain)
        let five = try #require(source.indexPath(for: "five"))
        func separatorUnderFive() -> Bool {
            let canvas = render(view)
            let row = view.rectForItem(at: five)
            return canvas.filledRects(color: canvas.theme.separator).contains { $0.height == 1 && $0.maxY == row.maxY }
        }
        #expect(!separatorUnderFive())
        var snapshot = source.snapshot()
        snapshot.appendItems(["six"], toSection: "b")
        source.apply(snapshot, animatingDifferences: false)
        view.layoutIfNeeded()
        #expect(separatorUnderFive())
    }

    @Test("inset-grouped rows form a rounded box per section; sidebar rows have no separators")
    func appearances() throws {
        let (grouped, _) = try makeList(.insetGrouped)
        let canvas = render(grouped)
        let boxes = canvas.operations.compactMap { op -> Rect? in
            if case let .fillPath(r, c) = op, c == canvas.theme.cellBackground { return r } else { return nil }
        }
        #expect(boxes.count == 5, "one rounded piece per row")
        let first = grouped.rectForItem(at: IndexPath(item: 0, section: 0))
        #expect(first.minX == 12 && first.width == 360 - 24)
        #expect(boxes.contains { $0.minY == first.minY && $0.height > first.height }, "the first row's box extends below it, rounding only its top")
        let (sidebar, _) = try makeList(.sidebar)
        let sidebarCanvas = render(sidebar)
        #expect(sidebarCanvas.filledRects(color: sidebarCanvas.theme.separator).isEmpty)
        // A selected sidebar row is a rounded highlight.
        sidebar.selectItem(at: IndexPath(item: 1, section: 0), animated: false, scrollPosition: .none)
        let selected = render(sidebar)
        let row = sidebar.rectForItem(at: IndexPath(item: 1, section: 0))
        #expect(selected.operations.contains { if case let .fillPath(r, c) = $0 { c == selected.theme.selectionTint && r == row.insetBy(dx: 4, dy: 2) } else { false } })
    }

    @Test("delete and multiselect show only in edit mode, at the leading edge, moving the content in")
    func editingAccessories() throws {
        let (view, _) = try makeList(.plain, accessories: [.delete(), .reorder(), .checkmark(displayed: .whenNotEditing)])
        let red = Color(hex: 0xe01b24)
        var canvas = render(view)
        #expect(canvas.filledRects(color: red).isEmpty)
        let before = try #require(canvas.texts.first { $0.0 == "one" }?.1)
        view.setEditing(true, animated: false)
        canvas = render(view)
        #expect(canvas.filledRects(color: red).count == view.indexPathsForVisibleItems.count)
        let after = try #require(canvas.texts.first { $0.0 == "one" }?.1)
        #expect(after.minX > before.minX)
        let cell = try #require(view.cellForItem(at: IndexPath(item: 0, section: 0)) as? CollectionViewListCell)
        let shown = cell.accessoryRects(in: Rect(origin: .zero, size: cell.frame.size), canvas: nil).map(\.0.kind)
        #expect(shown == [.delete, .reorder])
    }

    @Test("a click on the outline disclosure expands the row's children through the section snapshot, and collapses them")
    func outlineDisclosure() throws {
        let (view, source) = try makeList(.sidebar, accessories: [.outlineDisclosure()], sections: [:])
        var outline = SectionSnapshot<String>()
        outline.append(["Fruit", "Vegetables"])
        outline.append(["apple", "pear"], to: "Fruit")
        source.apply(outline, to: "food", animatingDifferences: false)
        view.layoutIfNeeded()
        #expect(view.numberOfItems(inSection: 0) == 2)
        let cell = try #require(view.cellForItem(at: IndexPath(item: 0, section: 0)))
        let target = try #require(cell.hitTargets.first { $0.name == CollectionViewListCell.outlineDisclosureTarget })
        let point = Point(x: cell.frame.minX + target.rect.midX, y: cell.frame.minY + target.rect.midY - view.contentOffset.y)
        view.pointerDown(at: point)
        view.pointerUp(at: point)
        var t = 0.0
        for _ in 0..<200 where view.hasRunningAnimations { t += 1.0 / 60; view.advanceAnimations(to: t) }
        #expect(source.snapshot().itemIdentifiers == ["Fruit", "apple", "pear", "Vegetables"])
        #expect(source.snapshot(for: "food").isExpanded("Fruit"))
        // The chevron points down now: its path is wider than high.
        let canvas = render(view)
        let chevrons = canvas.operations.compactMap { op -> Rect? in
            if case let .strokePath(r, c, _) = op, c == canvas.theme.foreground { return r } else { return nil }
        }
        #expect(chevrons.first.map { $0.width > $0.height } == true, "\(chevrons)")
        view.pointerDown(at: point)
        view.pointerUp(at: point)
        for _ in 0..<200 where view.hasRunningAnimations { t += 1.0 / 60; view.advanceAnimations(to: t) }
        #expect(source.snapshot().itemIdentifiers == ["Fruit", "Vegetables"])
        #expect(view.invariantViolation() == nil)
    }

    @Test("outline disclosure options: a header-style row toggles from a click anywhere, a cell-style row only from its chevron, automatic is header on a firstItemInSection header row")
    func outlineDisclosureStyles() throws {
        func click(_ view: CollectionView, _ point: Point) {
            view.pointerDown(at: point)
            view.pointerUp(at: point)
            var t = 0.0
            for _ in 0..<200 where view.hasRunningAnimations { t += 1.0 / 60; view.advanceAnimations(to: t) }
        }
        for (accessory, headerMode, toggles) in [(CellAccessory.outlineDisclosure(options: .init(style: .header)), CollectionLayoutListConfiguration.HeaderMode.none, true),
                                                 (.outlineDisclosure(options: .init(style: .cell)), .none, false),
                                                 (.outlineDisclosure(options: .init()), .firstItemInSection, true),
                                                 (.outlineDisclosure(options: .init()), .none, false)] {
            let (view, source) = try makeList(.sidebar, accessories: [accessory], sections: [:], headerMode: headerMode)
            var outline = SectionSnapshot<String>()
            outline.append(["Fruit", "Vegetables"])
            outline.append(["apple", "pear"], to: "Fruit")
            source.apply(outline, to: "food", animatingDifferences: false)
            view.layoutIfNeeded()
            let frame = view.rectForItem(at: IndexPath(item: 0, section: 0))
            // On the text, far from the chevron at the trailing edge.
            click(view, Point(x: frame.minX + 40, y: frame.midY - view.contentOffset.y))
            let expanded = source.snapshot(for: "food").isExpanded("Fruit")
            #expect(expanded == toggles, "\(accessory.outlineOptions.style) in \(headerMode)")
            #expect((view.indexPathsForSelectedItems ?? []).isEmpty == toggles, "a toggling click does not select; otherwise the click selects")
            // The chevron toggles in every style.
            let cell = try #require(view.cellForItem(at: IndexPath(item: 0, section: 0)) as? CollectionViewListCell)
            let chevron = try #require(cell.accessoryRects(in: Rect(origin: .zero, size: cell.frame.size), canvas: nil).first).1
            click(view, Point(x: frame.minX + chevron.midX, y: frame.midY - view.contentOffset.y))
            #expect(source.snapshot(for: "food").isExpanded("Fruit") != expanded)
        }
        #expect(CellAccessory.outlineDisclosure(options: .init(style: .header)) != .outlineDisclosure())
        #expect(CellAccessory.outlineDisclosure(options: .init()) == .outlineDisclosure())
    }

    @Test("a custom view accessory is drawn at its edge at the size it asks for, keeps the text clear of it, and hides")
    func customViewAccessory() throws {
        final class Star: CollectionReusableView {
            override func sizeThatFits(_ size: Size, canvas: Canvas) -> Size { Size(width: 20, height: 18) }
            override func draw(in canvas: Canvas, bounds: Rect) { canvas.fill(bounds, color: Color(hex: 0xf6d32d)) }
        }
        let star = Star(frame: .zero)
        for (placement, hidden) in [(CellAccessory.Placement.trailing(), false), (.leading(displayed: .always), false), (.trailing(), true)] {
            let accessory = CellAccessory.customView(configuration: .init(customView: star, placement: placement, isHidden: hidden))
            let (view, source) = try makeList(.plain, accessories: [accessory])
            let canvas = render(view)
            let stars = canvas.filledRects(color: Color(hex: 0xf6d32d))
            #expect(stars.count == (hidden ? 0 : view.indexPathsForVisibleItems.count), "\(placement) hidden \(hidden)")
            for ip in view.indexPathsForVisibleItems {
                let frame = view.rectForItem(at: ip)
                let item = try #require(source.itemIdentifier(for: ip))
                let text = try #require(canvas.texts.first { $0.0 == item }).1
                guard !hidden else { #expect(text.minX == frame.minX + 16); continue }
                let box = try #require(stars.first { abs($0.midY - frame.midY) < 0.01 })
                #expect(box.width == 20 && box.height == 18)
                if case .leading = placement {
                    #expect(box.minX == frame.minX + 8 + 4 && text.minX >= box.maxX + 4)
                } else {
                    #expect(box.maxX == frame.maxX - 8 - 4 && text.maxX <= box.minX)
                }
            }
        }
        let a = CellAccessory.customView(configuration: .init(customView: star, placement: .trailing()))
        #expect(a == .customView(configuration: .init(customView: star, placement: .trailing())))
        #expect(a != .customView(configuration: .init(customView: Star(frame: .zero), placement: .trailing())), "equal by the view's identity")
    }
}
