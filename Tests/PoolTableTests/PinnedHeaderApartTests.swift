import Testing
@_spi(Hosting) @_spi(Diagnostics) @testable import PoolTable
import PoolTableTestSupport

/// A header that paints the view's background over its bounds (opaque), then its title.
@MainActor
final class OpaqueHeaderView: CollectionReusableView {
    var text = ""
    override func prepareForReuse() { super.prepareForReuse(); text = "" }
    override func draw(in canvas: Canvas, bounds: Rect) {
        canvas.fill(bounds, color: canvas.theme.background)
        canvas.drawText("pinned \(text)", in: bounds, style: TextStyle())
    }
}

/// A retaining canvas that records what a `RecordingCanvas` records (in viewport coordinates)
/// and where the scrolled content begins, with the rectangle it is told a pinned header
/// covers, and where it ends early.
@MainActor
final class GroupRecordingCanvas: RetainingCanvas, ForwardingCanvas {
    enum Event: Equatable {
        case begin(under: Rect?)
        case end
        case text(String, Rect)
    }
    let inner: RecordingCanvas
    private(set) var events: [Event] = []
    init(theme: Theme = .light) { inner = RecordingCanvas(theme: theme) }
    var base: Canvas { inner }

    func drawText(_ text: String, in rect: Rect, style: TextStyle, cache: TextCache?) {
        inner.drawText(text, in: rect, style: style, cache: cache)
        if case let .text(_, placed, _)? = inner.operations.last { events.append(.text(text, placed)) }
    }
    func drawCached(key: ObjectIdentifier, version: Int, size: Size, _ draw: (Canvas) -> Void) { draw(self) }
    func drawCached(key: ObjectIdentifier, version: Int, size: Size, changesOften: Bool, _ draw: (Canvas) -> Void) { draw(self) }
    func translateScrolledContent(x: Double, y: Double) {
        events.append(.begin(under: nil))
        inner.translate(x: x, y: y)
    }
    func translateScrolledContent(x: Double, y: Double, under pinned: Rect) {
        events.append(.begin(under: pinned))
        inner.translate(x: x, y: y)
    }
    func endScrolledContent() { events.append(.end) }

    /// The texts drawn inside the scrolled content (after it begins, before it ends) and after it.
    var textsInside: [String] { texts(afterEnd: false) }
    var textsAfter: [String] { texts(afterEnd: true) }
    private func texts(afterEnd: Bool) -> [String] {
        var ended = false
        var out: [String] = []
        for e in events {
            if e == .end { ended = true }
            if case let .text(s, _) = e, ended == afterEnd { out.append(s) }
        }
        return out
    }
    /// Where `text` was drawn last (viewport coordinates).
    func place(of text: String) -> Rect? {
        for e in events.reversed() { if case let .text(s, r) = e, s == text { return r } }
        return nil
    }
}

/// An opaque pinned header drawn over the scrolled content, apart from its group (issue 38's
/// grid frame: GSK then damages neither the header nor what scrolls under it).
@MainActor
@Suite("Pinned header apart")
struct PinnedHeaderApartTests {
    /// A section of 20 items: header 30, insets 8, five groups of 50 with four gaps of 10.
    static let sectionLength: Double = 30 + 8 + 5 * 50 + 4 * 10 + 8

    /// Four across, 50 high, under a 30-point header pinned to the top, inside 8-point
    /// insets (so the header is 16 points narrower than the view); `badges` puts a 16-point
    /// badge on each item's top trailing corner, half outside.
    func makeView(opaque: Bool, badges: Bool = false, decoration: Bool = false) throws
        -> (CollectionView, CollectionViewDiffableDataSource<Int, Int>) {
        let badge = CollectionLayoutSupplementaryItem(layoutSize: size(.absolute(16), .absolute(16)), elementKind: "badge",
                                                      containerAnchor: CollectionLayoutAnchor(edges: [.top, .trailing], fractionalOffset: Point(x: 0.5, y: -0.5)))
        let item = CollectionLayoutItem(layoutSize: size(.fractionalWidth(0.25), .fractionalHeight(1)), supplementaryItems: badges ? [badge] : [])
        let group = CollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(50)), subitems: [item])
        let section = CollectionLayoutSection(group: group)
        section.interGroupSpacing = 10
        section.contentInsets = DirectionalEdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8)
        let header = CollectionLayoutBoundarySupplementaryItem(layoutSize: size(.fractionalWidth(1), .absolute(30)),
                                                               elementKind: CollectionView.elementKindSectionHeader, alignment: .top)
        header.pinToVisibleBounds = true
        section.boundarySupplementaryItems = [header]
        if decoration { section.decorationItems = [CollectionLayoutDecorationItem.background(elementKind: "background")] }
        let layout = CollectionViewCompositionalLayout(section: section)
        layout.register(BackgroundView.self, forDecorationViewOfKind: "background")
        let view = CollectionView(frame: Rect(x: 0, y: 0, width: 416, height: 400), collectionViewLayout: layout)
        let cell = CollectionView.CellRegistration<TitleCell, Int> { cell, _, item in cell.text = "\(item)" }
        let source = CollectionViewDiffableDataSource<Int, Int>(collectionView: view) { view, ip, item in
            view.dequeueConfiguredReusableCell(using: cell, for: ip, item: item)
        }
        let opaqueHeader = CollectionView.SupplementaryRegistration<OpaqueHeaderView>(elementKind: CollectionView.elementKindSectionHeader) { view, _, ip in
            view.text = "\(ip.section)"
        }
        let translucentHeader = CollectionView.SupplementaryRegistration<LabelView>(elementKind: CollectionView.elementKindSectionHeader) { view, _, ip in
            view.text = "header \(ip.section)"
        }
        let badgeRegistration = CollectionView.SupplementaryRegistration<LabelView>(elementKind: "badge") { view, _, ip in
            view.text = "badge \(ip.item)"
        }
        source.supplementaryViewProvider = { view, kind, ip in
            if kind == "badge" { return view.dequeueConfiguredReusableSupplementary(using: badgeRegistration, for: ip) }
            return opaque ? view.dequeueConfiguredReusableSupplementary(using: opaqueHeader, for: ip)
                : view.dequeueConfiguredReusableSupplementary(using: translucentHeader, for: ip)
        }
        var snapshot = DiffableSnapshot<Int, Int>()
        for s in 0..<10 {
            snapshot.appendSections([s])
            snapshot.appendItems(Array((s * 1000)..<(s * 1000 + 20)), toSection: s)
        }
        try source.applyThrowing(snapshot, animatingDifferences: false)
        view.layoutIfNeeded()
        return (view, source)
    }

    func size(_ w: CollectionLayoutDimension, _ h: CollectionLayoutDimension) -> CollectionLayoutSize {
        CollectionLayoutSize(widthDimension: w, heightDimension: h)
    }

    func render(_ view: ListBase, theme: Theme = .light) -> GroupRecordingCanvas {
        let canvas = GroupRecordingCanvas(theme: theme)
        view.render(in: canvas)
        return canvas
    }

    @Test("an opaque pinned header is drawn after the scrolled content ends, at the viewport's top, and the content is told the band it covers; the next section's header stays in the content")
    func opaquePinnedHeaderApart() throws {
        let (view, source) = try makeView(opaque: true)
        defer { withExtendedLifetime(source) {} }
        for offset in [Self.sectionLength * 2 + 100, Self.sectionLength * 2 + 137, Self.sectionLength * 2 + 174.5] {
            view.contentOffset = Point(x: 0, y: offset)
            let canvas = render(view)
            #expect(canvas.events.first == .begin(under: Rect(x: 0, y: offset, width: 416, height: 30)), "offset \(offset)")
            #expect(canvas.events.filter { $0 == .end }.count == 1)
            #expect(canvas.textsAfter == ["pinned 2"], "offset \(offset)")
            #expect(!canvas.textsInside.contains("pinned 2"))
            #expect(canvas.textsInside.contains("pinned 3"), "the next section's header scrolls with the content")
            #expect(canvas.textsInside.contains { $0.hasPrefix("title ") })
            #expect(canvas.place(of: "pinned 2")?.minY == 0)
            #expect(canvas.place(of: "pinned 2")?.minX == 8)
        }
        // A canvas that keeps no group draws it in the content, as before.
        let plain = RecordingCanvas()
        view.render(in: plain)
        let texts = plain.operations.compactMap { op -> String? in if case let .text(s, _, _) = op { return s } else { return nil } }
        #expect(texts.last == "pinned 2")
    }

    @Test("a translucent pinned header, one being pushed off by the next section's, one with a view beside it in its band, and one over a section background stay in the scrolled content")
    func otherHeadersStayInTheContent() throws {
        let (translucent, source) = try makeView(opaque: false)
        defer { withExtendedLifetime(source) {} }
        translucent.contentOffset = Point(x: 0, y: Self.sectionLength * 2 + 100)
        var canvas = render(translucent)
        #expect(canvas.events.first == .begin(under: nil))
        #expect(!canvas.events.contains(.end))
        #expect(canvas.textsInside.contains("label header 2"))

        let (opaque, source2) = try makeView(opaque: true)
        defer { withExtendedLifetime(source2) {} }
        // 10 points before section 3 starts: the header is pushed up by its section's end.
        opaque.contentOffset = Point(x: 0, y: Self.sectionLength * 3 - 10)
        canvas = render(opaque)
        #expect(canvas.events.first == .begin(under: nil))
        #expect(canvas.textsInside.contains("pinned 2"))
        #expect(canvas.place(of: "pinned 2")?.minY == -20)
        // Held at the top again: apart.
        opaque.contentOffset = Point(x: 0, y: Self.sectionLength * 3 - 40)
        #expect(render(opaque).textsAfter == ["pinned 2"])

        // Badges centred on their items' top trailing corners: the last column's reaches past
        // the header's side (inside the section's insets) into the band.
        let (badged, source3) = try makeView(opaque: true, badges: true)
        defer { withExtendedLifetime(source3) {} }
        // Where the first row's badges (8 points above and below the row's top) lie in the band.
        badged.contentOffset = Point(x: 0, y: Self.sectionLength * 2 + 30 + 8 - 20)
        canvas = render(badged)
        #expect(canvas.events.first == .begin(under: nil), "the last column's badge reaches past the header's side")

        // A section background spanning the section's breadth beside the header: not apart.
        let (decorated, source4) = try makeView(opaque: true, decoration: true)
        defer { withExtendedLifetime(source4) {} }
        decorated.contentOffset = Point(x: 0, y: Self.sectionLength * 2 + 100)
        canvas = render(decorated)
        #expect(canvas.events.first == .begin(under: nil))
    }

    @Test("a plain table's floating header is drawn apart when its header style paints it opaque, not with the default translucent header background, nor while pushed off")
    func tableFloatingHeader() {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 600))
        let model = CountedTableSourceFixture(counts: [40, 40, 40])
        model.headerTitle = { "Section \($0)" }
        model.attach(to: table)
        table.contentOffset = Point(x: 0, y: 500)
        let header = table.rectForHeaderInSection(0)
        var theme = Theme.light
        #expect(theme.headerBackground.alpha < 1)
        var canvas = render(table, theme: theme)
        #expect(canvas.events.first == .begin(under: nil))
        theme.headerBackground = theme.headerBackground.withAlpha(1)
        canvas = render(table, theme: theme)
        #expect(canvas.events.first == .begin(under: Rect(x: 0, y: 500, width: 400, height: header.height)))
        #expect(canvas.textsAfter == ["Section 0"])
        #expect(canvas.place(of: "Section 0").map { $0.minY >= 0 && $0.maxY <= header.height } == true)
        // Pushed off by section 1's header.
        table.contentOffset = Point(x: 0, y: table.rectForHeaderInSection(1).minY - header.height / 2)
        canvas = render(table, theme: theme)
        #expect(canvas.events.first == .begin(under: nil))
        #expect(canvas.textsInside.contains("Section 0"))
        withExtendedLifetime(model) {}
    }

    @Test("the opacity probe finds an opaque fill over the whole bounds, and nothing else")
    func probe() {
        let bounds = Rect(x: 0, y: 0, width: 100, height: 30)
        let on = RecordingCanvas()
        func covers(_ draw: (Canvas) -> Void) -> Bool { OpaqueCoverProbe.covers(bounds, on: on, draw) }
        #expect(covers { $0.fill(bounds, color: .white) })
        #expect(covers { $0.drawText("x", in: bounds, style: TextStyle()); $0.fill(bounds.insetBy(dx: -2, dy: -2), color: .black) })
        #expect(!covers { _ in })
        #expect(!covers { $0.fill(bounds, color: Color.white.withAlpha(0.96)) })
        #expect(!covers { $0.fill(bounds.insetBy(dx: 1, dy: 0), color: .white) })
        #expect(!covers { $0.fillRoundedRect(bounds, radius: 6, color: .white) })
        #expect(!covers { $0.multiplyAlpha(0.5); $0.fill(bounds, color: .white) })
        #expect(!covers { $0.clip(to: bounds.insetBy(dx: 0, dy: 2)); $0.fill(bounds, color: .white) })
        #expect(!covers { $0.clip(to: .roundedRect(bounds, radius: 4)); $0.fill(bounds, color: .white) })
        #expect(!covers { $0.translate(x: 1, y: 0); $0.fill(bounds, color: .white) })
        #expect(covers { $0.save(); $0.multiplyAlpha(0.5); $0.restore(); $0.fill(bounds, color: .white) })
    }
}
