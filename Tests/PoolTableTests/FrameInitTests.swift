import Foundation
import Testing
@testable import PoolTable

// Views subclassed the UIKit way (issue 38, item 8): `override init(frame:)` calling
// `super.init(frame:)`, and `required init?(coder:)`, which PoolTable never calls. Each sets
// a stored property without a default in `init(frame:)`, so a view that exists went through it.

/// A header that overrides only `init(frame:)` (and `init?(coder:)`).
@MainActor
final class FrameHeaderView: CollectionReusableView {
    let madeBy: String
    var text = ""
    override init(frame: Rect) {
        madeBy = "init(frame:)"
        super.init(frame: frame)
    }
    required init?(coder: NSCoder) { fatalError("not used") }
    override func draw(in canvas: Canvas, bounds: Rect) { canvas.drawText("frame \(text)", in: bounds, style: TextStyle()) }
}

/// A list row that overrides only `init(frame:)` (and `init?(coder:)`).
@MainActor
final class FrameListCell: CollectionViewListCell {
    let madeBy: String
    override init(frame: Rect) {
        madeBy = "init(frame:)"
        super.init(frame: frame)
        accessories = [.disclosureIndicator()]
    }
    required init?(coder: NSCoder) { fatalError("not used") }
}

/// A plain cell that overrides `init(frame:)`, with the one line a `CollectionViewCell`
/// subclass adds so that registrations make it through `init(frame:)`.
@MainActor
final class FramePlainCell: CollectionViewCell {
    let madeBy: String
    override init(frame: Rect) {
        madeBy = "init(frame:)"
        super.init(frame: frame)
    }
    required convenience init(reuseIdentifier: String?) { self.init(frame: .zero) }
    required init?(coder: NSCoder) { fatalError("not used") }
}

/// A cell written against 0.3.0: it overrides the required `init(reuseIdentifier:)`.
@MainActor
final class IdentifierCell: CollectionViewCell {
    let madeWith: String?
    required init(reuseIdentifier: String?) {
        madeWith = reuseIdentifier
        super.init(reuseIdentifier: reuseIdentifier)
    }
}

@MainActor
@Suite("Views made with init(frame:)")
struct FrameInitTests {
    /// Sections of 10 rows 40 high under a 30-point header, 300 x 400; with a background of
    /// `FrameHeaderView`s behind each section if `background`.
    func makeView(background: Bool = false) -> CollectionView {
        let item = CollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
        let group = CollectionLayoutGroup.vertical(layoutSize: size(.fractionalWidth(1), .absolute(40)), subitems: [item])
        let section = CollectionLayoutSection(group: group)
        section.boundarySupplementaryItems = [CollectionLayoutBoundarySupplementaryItem(
            layoutSize: size(.fractionalWidth(1), .absolute(30)), elementKind: CollectionView.elementKindSectionHeader, alignment: .top)]
        let layout = CollectionViewCompositionalLayout(section: section)
        if background {
            section.decorationItems = [CollectionLayoutDecorationItem.background(elementKind: "frame-background")]
            layout.register(FrameHeaderView.self, forDecorationViewOfKind: "frame-background")
        }
        return CollectionView(frame: Rect(x: 0, y: 0, width: 300, height: 400), collectionViewLayout: layout)
    }

    /// Scrolls the whole of `view` (430 points a section) in uneven steps; the distinct
    /// header views it mounted on the way.
    @discardableResult
    func scrollThrough(_ view: CollectionView, sections: Int) -> Set<ObjectIdentifier> {
        var headers = Set<ObjectIdentifier>()
        for y in stride(from: 0.0, to: 430 * Double(sections - 1), by: 377) {
            view.contentOffset = Point(x: 0, y: y)
            for header in view.visibleSupplementaryViews(ofKind: CollectionView.elementKindSectionHeader) { headers.insert(ObjectIdentifier(header)) }
        }
        return headers
    }

    @Test("registrations make init(frame:) subclasses through init(frame:), pool them under the registration's identifier and reuse them")
    func registrationsUseInitFrame() throws {
        let view = makeView()
        let cells = CollectionView.CellRegistration<FrameListCell, Int> { cell, _, item in
            var content = cell.defaultContentConfiguration()
            content.text = "row \(item)"
            cell.contentConfiguration = content
        }
        let headers = CollectionView.SupplementaryRegistration<FrameHeaderView>(elementKind: CollectionView.elementKindSectionHeader) { header, _, ip in
            header.text = "\(ip.section)"
        }
        let source = CollectionViewDiffableDataSource<Int, Int>(collectionView: view) { view, ip, item in
            view.dequeueConfiguredReusableCell(using: cells, for: ip, item: item)
        }
        source.supplementaryViewProvider = { view, _, ip in view.dequeueConfiguredReusableSupplementary(using: headers, for: ip) }
        var snapshot = DiffableSnapshot<Int, Int>()
        for s in 0..<100 {
            snapshot.appendSections([s])
            snapshot.appendItems(Array(s * 100..<s * 100 + 10), toSection: s)
        }
        try source.applyThrowing(snapshot, animatingDifferences: false)
        view.layoutIfNeeded()
        let headerViews = scrollThrough(view, sections: 100)

        let rows = view.mountedCells.compactMap { $0 as? FrameListCell }
        #expect(!rows.isEmpty && rows.count == view.mountedCells.count)
        for (ip, cell) in zip(view.indexPathsForMountedItems, view.mountedCells) {
            let row = try #require(cell as? FrameListCell)
            #expect(row.madeBy == "init(frame:)")
            #expect(row.reuseIdentifier == cells.reuseIdentifier)
            #expect(row.contentConfiguration?.text == "row \(ip.section * 100 + ip.item)")
        }
        let shown = view.indexPathsForMountedSupplementaryElements(ofKind: CollectionView.elementKindSectionHeader)
        #expect(!shown.isEmpty)
        for ip in shown {
            let header = try #require(view.supplementaryView(forElementKind: CollectionView.elementKindSectionHeader, at: ip) as? FrameHeaderView)
            #expect(header.madeBy == "init(frame:)")
            #expect(header.reuseIdentifier == headers.reuseIdentifier)
            #expect(header.text == "\(ip.section)")
        }
        // 1,000 rows and 100 headers went by; a screenful of each was made, the rest reused.
        #expect(view.cellsCreated < 40, "\(view.cellsCreated) views made for 1,100 elements")
        #expect(!headerViews.isEmpty && headerViews.count < 6, "\(headerViews.count) header views for 100 sections")
        #expect(view.poolHits > 900)
    }

    @Test("register(_:forCellWithReuseIdentifier:), register(_:forSupplementaryViewOfKind:) and decoration classes make init(frame:) subclasses")
    func registeredClassesUseInitFrame() throws {
        final class Source: CollectionViewDataSource {
            func numberOfSections(in collectionView: CollectionView) -> Int { 50 }
            func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 10 }
            func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
                let id = indexPath.item.isMultiple(of: 2) ? "list" : "plain"
                return collectionView.dequeueReusableCell(withReuseIdentifier: id, for: indexPath)
            }
            func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> CollectionReusableView {
                collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "header", for: indexPath)
            }
        }
        let view = makeView(background: true)
        view.register(FrameListCell.self, forCellWithReuseIdentifier: "list")
        view.register(FramePlainCell.self, forCellWithReuseIdentifier: "plain")
        view.register(FrameHeaderView.self, forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader, withReuseIdentifier: "header")
        let source = Source()
        view.dataSource = source
        view.layoutIfNeeded()
        scrollThrough(view, sections: 50)

        for (ip, cell) in zip(view.indexPathsForMountedItems, view.mountedCells) {
            if ip.item.isMultiple(of: 2) {
                let row = try #require(cell as? FrameListCell)
                #expect(row.madeBy == "init(frame:)" && row.reuseIdentifier == "list")
            } else {
                let plain = try #require(cell as? FramePlainCell)
                #expect(plain.madeBy == "init(frame:)" && plain.reuseIdentifier == "plain")
            }
        }
        let headers = view.visibleSupplementaryViews(ofKind: CollectionView.elementKindSectionHeader)
        let backgrounds = view.visibleSupplementaryViews(ofKind: "frame-background")
        #expect(!headers.isEmpty && !backgrounds.isEmpty)
        for v in headers + backgrounds { #expect((v as? FrameHeaderView)?.madeBy == "init(frame:)") }
        #expect(view.cellsCreated < 50, "\(view.cellsCreated) views made for 550 elements and 50 backgrounds")
        #expect(view.poolHits > 400)
    }

    @Test("a cell written against 0.3.0 that overrides init(reuseIdentifier:) is made and pooled as before")
    func identifierSubclassesUnchanged() {
        let direct = IdentifierCell(reuseIdentifier: "direct")
        #expect(direct.madeWith == "direct" && direct.reuseIdentifier == "direct")
        let view = makeView()
        let registration = CollectionView.CellRegistration<IdentifierCell, Int> { _, _, _ in }
        let source = CollectionViewDiffableDataSource<Int, Int>(collectionView: view) { view, ip, item in
            view.dequeueConfiguredReusableCell(using: registration, for: ip, item: item)
        }
        var snapshot = DiffableSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(0..<1000))
        source.apply(snapshot, animatingDifferences: false)
        view.layoutIfNeeded()
        for y in stride(from: 0.0, to: 39_000, by: 311) { view.contentOffset = Point(x: 0, y: y) }
        let cells = view.mountedCells.compactMap { $0 as? IdentifierCell }
        #expect(!cells.isEmpty && cells.count == view.mountedCells.count)
        for cell in cells { #expect(cell.madeWith == registration.reuseIdentifier && cell.reuseIdentifier == registration.reuseIdentifier) }
        #expect(view.cellsCreated < 30)
    }

    @Test("init(frame:) keeps its frame and no identifier; init(reuseIdentifier:) runs init(frame: .zero) and keeps the identifier")
    func initialisers() {
        let frame = Rect(x: 10, y: 20, width: 120, height: 44)
        let header = FrameHeaderView(frame: frame)
        #expect(header.frame == frame && header.reuseIdentifier == nil && header.madeBy == "init(frame:)")
        let made = FrameHeaderView(reuseIdentifier: "h")
        #expect(made.frame == .zero && made.reuseIdentifier == "h" && made.madeBy == "init(frame:)")
        #expect(FrameListCell(reuseIdentifier: "l").madeBy == "init(frame:)")
        #expect(CollectionViewListCell(reuseIdentifier: "l").reuseIdentifier == "l")
        #expect(CollectionViewCell(frame: frame).frame == frame)
        #expect(CollectionViewCell(reuseIdentifier: "c").reuseIdentifier == "c")
        #expect(CollectionReusableView(reuseIdentifier: "r").reuseIdentifier == "r")
    }
}
