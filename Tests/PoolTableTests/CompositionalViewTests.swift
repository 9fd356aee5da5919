import Testing
@testable import PoolTable

/// A cell whose measured height depends on its item, recording the width it was measured at.
@MainActor
final class SizedCell: CollectionViewCell {
    var item = -1
    var measuredWidths: [Double] = []
    override func prepareForReuse() { super.prepareForReuse(); item = -1 }
    override func heightThatFits(width: Double, canvas: Canvas) -> Double {
        measuredWidths.append(width)
        return Self.height(of: item)
    }
    /// 20 + 15·(item mod 4) points.
    nonisolated static func height(of item: Int) -> Double { 20 + 15 * Double(item % 4) }
}

/// The compositional layout in a collection view (issue 38, step 3): mounting, measuring,
/// selection and keyboard through the shared core, and swapping layouts.
@MainActor
@Suite("Compositional layout in a collection view")
struct CompositionalViewTests {
    /// Four items across in 100-point groups 10 apart, inside 8-point insets, under a 24-point header.
    func fourAcross() -> CollectionViewCompositionalLayout {
        let item = CollectionLayoutItem(layoutSize: size(.fractionalWidth(0.25), .fractionalHeight(1)))
        item.contentInsets = DirectionalEdgeInsets(top: 2, leading: 2, bottom: 2, trailing: 2)
        let group = CollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(100)), subitems: [item])
        let section = CollectionLayoutSection(group: group)
        section.interGroupSpacing = 10
        section.contentInsets = DirectionalEdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8)
        section.boundarySupplementaryItems = [CollectionLayoutBoundarySupplementaryItem(
            layoutSize: size(.fractionalWidth(1), .absolute(24)), elementKind: CollectionView.elementKindSectionHeader, alignment: .top)]
        return CollectionViewCompositionalLayout(section: section)
    }

    @Test("a 1,000,000-item compositional section mounts a few items at any offset, each cell showing its item at its frame")
    func millionItemsMount() {
        let n = 1_000_000
        let source = GridSource(counts: [n])
        let view = CollectionView(frame: Rect(x: 0, y: 0, width: 408, height: 600), collectionViewLayout: fourAcross())
        source.attach(to: view)
        view.prefetchDistance = 200
        #expect(view.collectionViewLayout is CollectionViewCompositionalLayout)
        let groups = Double(n / 4)
        #expect(abs(view.contentSize.height - (24 + 8 + groups * 100 + (groups - 1) * 10 + 8)) < 1e-3)
        var rng = SeededRandom(seed: 1_000_000)
        let maxY = view.contentSize.height - 600
        var offsets = [0.0, maxY, maxY / 2]
        offsets += (0..<60).map { _ in Double.random(in: 0...maxY, using: &rng) }
        for y in offsets {
            view.contentOffset = Point(x: 0, y: y)
            let mounted = view.indexPathsForMountedItems, visible = view.indexPathsForVisibleItems
            #expect(!visible.isEmpty && mounted.count <= 4 * (1000 / 110 + 2), "offset \(y): \(mounted.count) mounted")
            // Visible: exactly the items whose group meets the viewport (naive over groups).
            let top = 24.0 + 8
            let first = max(0, Int(((y - top - 100) / 110).rounded(.down)))
            var expected: [IndexPath] = []
            var g = first
            while top + Double(g) * 110 < y + 600 {
                if top + Double(g) * 110 + 100 > y { expected += (4 * g..<min(n, 4 * g + 4)).map { IndexPath(item: $0, section: 0) } }
                g += 1
            }
            #expect(visible == expected, "offset \(y)")
            for (ip, cell) in zip(mounted, view.mountedCells) {
                #expect((cell as? GridProbeCell)?.item == source.id(at: ip))
                let frame = view.layoutAttributesForItem(at: ip)?.frame
                #expect(frame == cell.frame && frame == view.rectForItem(at: ip))
                let k = Double(ip.item % 4), line = Double(ip.item / 4)
                #expect(frame == Rect(x: 8 + k * 98 + 2, y: top + line * 110 + 2, width: 94, height: 96))
            }
            #expect(view.invariantViolation() == nil)
        }
        #expect(view.layoutAttributesForItem(at: IndexPath(item: n, section: 0)) == nil)
        let header = view.layoutAttributesForSupplementaryElement(ofKind: CollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0))
        #expect(header?.frame == Rect(x: 8, y: 0, width: 392, height: 24) && header?.representedElementKind == CollectionView.elementKindSectionHeader)
        #expect(view.indexPathForItem(at: Point(x: 8 + 98 + 50, y: 32 + 110 * 1000 + 50)) == IndexPath(item: 4001, section: 0))
    }

    @Test("estimated list items are measured at their own width and keep the first visible item in place")
    func estimatedListMeasures() {
        let source = GridSourceFixture(counts: [10_000], reuseIdentifier: "sized")
        source.configure = { cell, ip, _ in (cell as! SizedCell).item = ip.item }
        let layout = CollectionViewCompositionalLayout.list(using: CollectionLayoutListConfiguration(appearance: .insetGrouped))
        let view = CollectionView(frame: Rect(x: 0, y: 0, width: 400, height: 500), collectionViewLayout: layout)
        view.register({ SizedCell(reuseIdentifier: $0) }, forCellWithReuseIdentifier: "sized")
        view.dataSource = source
        view.layoutIfNeeded()
        let inset = CollectionLayoutListConfiguration.Appearance.insetGrouped.sectionInsets
        for (ip, cell) in zip(view.indexPathsForMountedItems, view.mountedCells) {
            let sized = cell as! SizedCell
            #expect(sized.measuredWidths.last == 400 - inset.leading - inset.trailing)
            #expect(cell.frame.height == SizedCell.height(of: ip.item), "\(ip)")
        }
        // Scroll far: the item at the top stays at the top as the items above it were never measured.
        view.contentOffset = Point(x: 0, y: 44 * 5000)
        let anchor = view.indexPathsForVisibleItems[1]
        let before = view.rectForItem(at: anchor).minY - view.contentOffset.y
        view.layoutIfNeeded()
        #expect(view.rectForItem(at: anchor).minY - view.contentOffset.y == before)
        // Frames are contiguous: each mounted item starts where the previous one ends.
        let frames = view.indexPathsForMountedItems.map { view.rectForItem(at: $0) }
        #expect(zip(frames, frames.dropFirst()).allSatisfy { $0.maxY == $1.minY })
        #expect(view.invariantViolation() == nil)
    }

    @Test("selection and keyboard work on groups: down keeps the place in the group, right moves within it")
    func keyboardAndSelection() {
        let source = GridSource(counts: [10, 6])
        let view = CollectionView(frame: Rect(x: 0, y: 0, width: 408, height: 600), collectionViewLayout: fourAcross())
        source.attach(to: view)
        view.layoutIfNeeded()
        #expect(view.handleKey(.right))
        #expect(view.focusedIndexPath == IndexPath(item: 1, section: 0))
        view.handleKey(.down)
        #expect(view.focusedIndexPath == IndexPath(item: 5, section: 0))
        view.handleKey(.down)
        #expect(view.focusedIndexPath == IndexPath(item: 9, section: 0))
        view.handleKey(.down)
        #expect(view.focusedIndexPath == IndexPath(item: 1, section: 1), "crosses into the next section, same place")
        #expect(view.indexPathsForSelectedItems == [IndexPath(item: 1, section: 1)])
        view.handleKey(.right); view.handleKey(.right)
        #expect(view.focusedIndexPath == IndexPath(item: 3, section: 1))
        #expect(!view.handleKey(.right), "the end of a group")
        #expect(view.invariantViolation() == nil)
    }

    @Test("setCollectionViewLayout swaps grid and compositional layouts, keeping the data, the selection and the first visible item")
    func swapLayouts() {
        let source = GridSource(counts: [2000])
        var grid = GridLayout()
        grid.itemSize = Size(width: 90, height: 90)
        let view = CollectionView(frame: Rect(x: 0, y: 0, width: 408, height: 600), collectionViewLayout: grid)
        source.attach(to: view)
        #expect(view.collectionViewLayout is GridLayout && view.numberOfColumns == 4)
        view.selectItem(at: IndexPath(item: 17, section: 0), animated: false, scrollPosition: .none)
        view.contentOffset = Point(x: 0, y: 5000)
        let first = view.indexPathsForVisibleItems.first { view.rectForItem(at: $0).minY >= view.contentOffset.y }!
        let screen = view.rectForItem(at: first).minY - view.contentOffset.y
        let compositional = fourAcross()
        view.setCollectionViewLayout(compositional, animated: false)
        view.layoutIfNeeded()
        #expect((view.collectionViewLayout as? CollectionViewCompositionalLayout) === compositional)
        #expect(view.rectForItem(at: first).minY - view.contentOffset.y == screen + 2, "its group in place (the item is inset by 2)")
        #expect(view.indexPathsForSelectedItems == [IndexPath(item: 17, section: 0)])
        #expect(view.rectForItem(at: IndexPath(item: 1, section: 0)) == Rect(x: 108, y: 34, width: 94, height: 96))
        #expect(view.invariantViolation() == nil)
        for (ip, cell) in zip(view.indexPathsForMountedItems, view.mountedCells) { #expect(cell.frame == view.rectForItem(at: ip)) }

        view.setCollectionViewLayout(grid, animated: true)
        view.layoutIfNeeded()
        #expect(view.collectionViewLayout is GridLayout && view.rectForItem(at: IndexPath(item: 1, section: 0)).height == 90)
        #expect(view.indexPathsForSelectedItems == [IndexPath(item: 17, section: 0)])
        // A strip scrolls along x: a vertical view keeps its layout.
        view.setCollectionViewLayout(StripLayout(), animated: false)
        #expect(view.collectionViewLayout is GridLayout)
        #expect(gridStateProblems(view, source) == [])
    }

    @Test("setCollectionViewLayout(animated: true) glides the items on screen from their old places to their new ones")
    func animatedLayoutSwap() throws {
        let source = GridSource(counts: [2000])
        var grid = GridLayout()
        grid.itemSize = Size(width: 90, height: 90)
        let view = CollectionView(frame: Rect(x: 0, y: 0, width: 408, height: 600), collectionViewLayout: grid)
        source.attach(to: view)
        view.layoutIfNeeded()
        view.advanceAnimations(to: 10)
        let watched = [1, 5, 6, 14].map { IndexPath(item: $0, section: 0) }
        let old = watched.map { view.rectForItem(at: $0) }
        view.setCollectionViewLayout(fourAcross(), animated: true)
        #expect(view.hasRunningAnimations)
        let new = watched.map { view.rectForItem(at: $0) }
        func drawn(_ ip: IndexPath) throws -> Rect {
            view.presentationFrame(ofSlot: try #require(view.items.index(of: ItemPath(ip))))
        }
        func between(_ v: Double, _ a: Double, _ b: Double) -> Bool { min(a, b) < v && v < max(a, b) }
        view.advanceAnimations(to: 10)   // the glides start now
        for (k, ip) in watched.enumerated() {
            #expect(old[k].origin != new[k].origin, "\(ip) moves")
            #expect(try drawn(ip).origin == old[k].origin, "\(ip) starts where it was drawn")
        }
        view.advanceAnimations(to: 10 + RowAnimationState.duration / 2)
        var glidingSideways = 0
        for (k, ip) in watched.enumerated() {
            let mid = try drawn(ip)
            #expect(between(mid.minY, old[k].minY, new[k].minY), "\(ip) mid-way along: \(mid.minY) between \(old[k].minY) and \(new[k].minY)")
            if old[k].minX != new[k].minX {
                glidingSideways += 1
                #expect(between(mid.minX, old[k].minX, new[k].minX), "\(ip) mid-way across: \(mid.minX) between \(old[k].minX) and \(new[k].minX)")
            }
        }
        #expect(glidingSideways > 0)
        view.advanceAnimations(to: 11)
        #expect(!view.hasRunningAnimations)
        for (k, ip) in watched.enumerated() { #expect(try drawn(ip) == new[k], "\(ip) ends at its new place") }
        for k in view.items.indices { #expect(view.presentationFrame(ofSlot: k) == view.items[k].cell.frame) }
        // Not animated: no glide.
        view.setCollectionViewLayout(grid, animated: false)
        #expect(!view.hasRunningAnimations)
        #expect(view.invariantViolation() == nil)
    }

    @Test("batch updates on a compositional layout: random inserts, deletes and section changes keep cells, frames and the engine's invariants right")
    func batchUpdates() throws {
        let source = GridSource(counts: [300, 40, 0, 120])
        let view = CollectionView(frame: Rect(x: 0, y: 0, width: 408, height: 500), collectionViewLayout: fourAcross())
        source.attach(to: view)
        var rng = SeededRandom(seed: 3838)
        var next = 100_000, t = 0.0
        for round in 0..<60 {
            view.contentOffset = Point(x: 0, y: Double.random(in: 0...max(0, view.contentSize.height - 500), using: &rng))
            try view.performBatchUpdatesThrowing({
                let s = Int.random(in: 0..<source.sections.count, using: &rng)
                switch Int.random(in: 0..<4, using: &rng) {
                case 0:
                    let at = Int.random(in: 0...source.sections[s].count, using: &rng), n = Int.random(in: 1...6, using: &rng)
                    source.sections[s].insert(contentsOf: (next..<(next + n)), at: at)
                    next += n
                    view.insertItems(at: (at..<(at + n)).map { IndexPath(item: $0, section: s) })
                case 1 where !source.sections[s].isEmpty:
                    let at = Int.random(in: 0..<source.sections[s].count, using: &rng)
                    let n = min(Int.random(in: 1...6, using: &rng), source.sections[s].count - at)
                    source.sections[s].removeSubrange(at..<(at + n))
                    view.deleteItems(at: (at..<(at + n)).map { IndexPath(item: $0, section: s) })
                case 2:
                    source.sections.insert(Array(next..<(next + 9)), at: s)
                    next += 9
                    view.insertSections([s])
                default:
                    if source.sections.count > 1 {
                        source.sections.remove(at: s)
                        view.deleteSections([s])
                    }
                }
            }, completion: nil)
            for _ in 0..<40 where view.hasRunningAnimations { t += 1.0 / 30; view.advanceAnimations(to: t) }
            view.layoutIfNeeded()
            for (ip, cell) in zip(view.indexPathsForMountedItems, view.mountedCells) {
                #expect((cell as? GridProbeCell)?.item == source.id(at: ip), "round \(round): \(ip)")
                #expect(cell.frame == view.rectForItem(at: ip), "round \(round): \(ip)")
            }
            #expect(view.numberOfSections == source.sections.count)
            #expect((0..<source.sections.count).allSatisfy { view.numberOfItems(inSection: $0) == source.sections[$0].count })
            let sectionLengths = source.sections.map { n -> Double in
                let groups = Double((n.count + 3) / 4)
                return 24 + 8 + (groups > 0 ? groups * 100 + (groups - 1) * 10 : 0) + 8
            }
            #expect(abs(view.contentSize.height - sectionLengths.reduce(0, +)) < 1e-6, "round \(round)")
            #expect(view.invariantViolation() == nil, "round \(round)")
        }
    }

    @Test("init(frame:collectionViewLayout:) takes a grid or a strip as the older initialisers do")
    func initialisers() {
        var strip = StripLayout()
        strip.itemWidth = 50
        let s = CollectionView(frame: Rect(x: 0, y: 0, width: 300, height: 100), collectionViewLayout: strip)
        #expect((s.collectionViewLayout as? StripLayout) == strip)
        let source = GridSource(counts: [30])
        source.attach(to: s)
        #expect(s.contentSize.width > 300 && s.contentSize.height == 100)
        var grid = GridLayout()
        grid.itemSize = Size(width: 70, height: 40)
        let g = CollectionView(frame: Rect(x: 0, y: 0, width: 300, height: 100), collectionViewLayout: grid)
        #expect((g.collectionViewLayout as? GridLayout) == grid)
    }
}
