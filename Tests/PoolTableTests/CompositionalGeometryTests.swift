import Testing
@testable import PoolTable

/// Counts only: what a compositional geometry asks while it loads.
@MainActor
final class CountsSource: PoolTable.ItemSource {
    var counts: [Int]
    init(_ counts: [Int]) { self.counts = counts }
    func sectionCount() -> Int { counts.count }
    func itemCount(inSection section: Int) -> Int { counts[section] }
}

/// A compositional geometry for `layout` at `width` × `height`, loaded with `counts`.
@MainActor
func compositionalGeometry(_ layout: CollectionViewCompositionalLayout, counts: [Int],
                           width: Double = 400, height: Double = 800) -> CompositionalGeometry {
    let g = CompositionalGeometry(layout: layout)
    g.viewportLength = { height }
    g.breadth = width
    g.load(from: CountsSource(counts))
    return g
}

/// Rects equal to within rounding.
func close(_ a: Rect, _ b: Rect, _ tolerance: Double = 1e-6) -> Bool {
    abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance * max(1, abs(b.minY))
        && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
}

@MainActor
func size(_ w: CollectionLayoutDimension, _ h: CollectionLayoutDimension) -> CollectionLayoutSize {
    CollectionLayoutSize(widthDimension: w, heightDimension: h)
}

/// The geometry of a compositional layout (issue 38, step 2: rules 1-4, 6 and 7), checked
/// against naive computations that walk every item in order, as UIKit's `prepare` does.
@MainActor
@Suite("Compositional layout geometry")
struct CompositionalGeometryTests {
    /// Three items of 0.4, 0.3 and 0.2 of the group, 6 apart, each inset (2, 3, 4, 5), in
    /// 120-point groups 9 apart, inside section insets (10, 16, 12, 8), under a 30-point
    /// header and above a 20-point footer.
    func threeAcross() -> CollectionLayoutSection {
        let items = [0.4, 0.3, 0.2].map { fraction -> CollectionLayoutItem in
            let item = CollectionLayoutItem(layoutSize: size(.fractionalWidth(fraction), .fractionalHeight(1)))
            item.contentInsets = DirectionalEdgeInsets(top: 2, leading: 3, bottom: 4, trailing: 5)
            return item
        }
        let group = CollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(120)), subitems: items)
        group.interItemSpacing = .fixed(6)
        let section = CollectionLayoutSection(group: group)
        section.contentInsets = DirectionalEdgeInsets(top: 10, leading: 16, bottom: 12, trailing: 8)
        section.interGroupSpacing = 9
        section.boundarySupplementaryItems = [
            CollectionLayoutBoundarySupplementaryItem(layoutSize: size(.fractionalWidth(1), .absolute(30)), elementKind: "header", alignment: .top),
            CollectionLayoutBoundarySupplementaryItem(layoutSize: size(.fractionalWidth(1), .absolute(20)), elementKind: "footer", alignment: .bottom),
        ]
        return section
    }

    /// The frames of `threeAcross()`'s items at `rows`, walking every item from the first.
    func naiveThreeAcross(count: Int, width: Double, sectionStart: Double, rows: Set<Int>) -> (frames: [Int: Rect], end: Double) {
        let effective = width - 16 - 8
        let widths = [0.4, 0.3, 0.2].map { $0 * effective }
        var frames: [Int: Rect] = [:]
        var y = sectionStart + 30 + 10, x = 16.0, place = 0
        for i in 0..<count {
            if place == 3 { y += 120 + 9; x = 16; place = 0 }
            if rows.contains(i) { frames[i] = Rect(x: x + 3, y: y + 2, width: widths[place] - 8, height: 120 - 6) }
            x += widths[place] + 6
            place += 1
        }
        return (frames, (count > 0 ? y + 120 : sectionStart + 40) + 12 + 20)
    }

    @Test("a 1,000,000-item section's frames match a naive per-item computation at random indices (rules 1-4, 7)")
    func millionItems() {
        let n = 1_000_000
        let section = threeAcross()
        let g = compositionalGeometry(CollectionViewCompositionalLayout(section: section), counts: [n, 5], width: 430)
        var rng = SeededRandom(seed: 38)
        var rows = Set((0..<300).map { _ in Int.random(in: 0..<n, using: &rng) })
        rows.formUnion([0, 1, 2, 3, n - 2, n - 1])
        let (expected, end) = naiveThreeAcross(count: n, width: 430, sectionStart: 0, rows: rows)
        for row in rows {
            let actual = g.itemFrame(ItemPath(row: row, section: 0))
            #expect(close(actual, expected[row]!), "item \(row): \(actual) != \(expected[row]!)")
        }
        #expect(abs(g.length(ofSection: 0) - end) < 1e-3)
        // Sections follow each other: section 1 starts where section 0 ends.
        #expect(g.start(ofSection: 1) == g.length(ofSection: 0))
        let (second, secondEnd) = naiveThreeAcross(count: 5, width: 430, sectionStart: end, rows: Set(0..<5))
        for row in 0..<5 { #expect(close(g.itemFrame(ItemPath(row: row, section: 1)), second[row]!)) }
        #expect(abs(g.contentLength - secondEnd) < 1e-3)
    }

    @Test("forEachItem(meeting:) returns exactly the items of the groups that meet a span, in order, however deep (rule 7)")
    func meetingSpan() {
        let n = 1_000_000
        let g = compositionalGeometry(CollectionViewCompositionalLayout(section: threeAcross()), counts: [n], width: 430)
        var rng = SeededRandom(seed: 7)
        for _ in 0..<50 {
            let start = Double.random(in: -100...(g.contentLength), using: &rng)
            let span = AlongSpan(start: start, end: start + 700)
            var seen: [(ItemPath, Double, Double)] = []
            g.forEachItem(meeting: span) { seen.append(($0, $1, $2)) }
            // Naive: the groups whose extent [top + g·129, + 120) meets the span.
            let top = 40.0
            let groups = (n + 2) / 3
            let firstGroup = max(0, Int(((span.start - top - 120) / 129).rounded(.down)))
            var expected: [ItemPath] = []
            var k = firstGroup
            while k < groups, top + Double(k) * 129 < span.end {
                if top + Double(k) * 129 + 120 > span.start { expected += (3 * k..<min(n, 3 * k + 3)).map { ItemPath(row: $0, section: 0) } }
                k += 1
            }
            #expect(seen.map(\.0) == expected, "span at \(start)")
            #expect(seen.count <= 3 * 7)
            #expect(zip(seen, seen.dropFirst()).allSatisfy { $0.1 <= $1.1 }, "extents never decrease in index order")
            for (ip, s, l) in seen { #expect(g.itemExtent(ip) == (s, l)) }
        }
    }

    @Test("1,000 sections of 1,000 items, two alternating layouts from a section provider, match a naive walk")
    func thousandSections() {
        let provider: @MainActor (Int, CollectionLayoutEnvironment) -> CollectionLayoutSection? = { index, environment in
            if index % 2 == 0 {
                let item = CollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
                let group = CollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(50)), repeatingSubitem: item, count: 4)
                group.interItemSpacing = .fixed(4)
                let section = CollectionLayoutSection(group: group)
                section.interGroupSpacing = 5
                return section
            }
            let item = CollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .absolute(40)))
            let group = CollectionLayoutGroup.vertical(layoutSize: size(.fractionalWidth(1), .absolute(84)), subitems: [item, item])
            group.interItemSpacing = .fixed(4)
            let section = CollectionLayoutSection(group: group)
            section.contentInsets = DirectionalEdgeInsets(top: 6, leading: 10, bottom: 6, trailing: 10)
            #expect(environment.container.contentSize.width == 404)
            return section
        }
        let counts = [Int](repeating: 1000, count: 1000)
        let g = compositionalGeometry(CollectionViewCompositionalLayout(sectionProvider: provider), counts: counts, width: 404)
        var rng = SeededRandom(seed: 1000)
        let samples = Set((0..<400).map { _ in ItemPath(row: Int.random(in: 0..<1000, using: &rng), section: Int.random(in: 0..<1000, using: &rng)) })
        var y = 0.0
        var checked = 0
        for s in 0..<1000 {
            let even = s % 2 == 0
            if !even { y += 6 }
            for i in 0..<1000 {
                let ip = ItemPath(row: i, section: s)
                if samples.contains(ip) {
                    let expected: Rect
                    if even {
                        let w = (404 - 3 * 4) / 4.0
                        expected = Rect(x: Double(i % 4) * (w + 4), y: y + Double(i / 4) * 55, width: w, height: 50)
                    } else {
                        expected = Rect(x: 10, y: y + Double(i / 2) * 84 + Double(i % 2) * 44, width: 384, height: 40)
                    }
                    #expect(close(g.itemFrame(ip), expected), "\(ip)")
                    checked += 1
                }
            }
            y += even ? 250 * 55 - 5 : 500 * 84 + 6
            #expect(abs(g.start(ofSection: s) + g.length(ofSection: s) - y) < 1e-6)
        }
        #expect(checked == samples.count)
        #expect(abs(g.contentLength - y) < 1e-6)
        var visited = 0
        g.forEachItem(meeting: AlongSpan(start: y / 2, end: y / 2 + 800)) { _, _, _ in visited += 1 }
        #expect(visited > 0 && visited <= 4 * (800 / 55 + 2) + 2 * (800 / 84 + 2))
    }

    @Test("UIKit's pre-iOS 16 subitem:count: groups share their space evenly, like repeatingSubitem:count:")
    func subitemCountIsRepeatingSubitem() {
        // The item asks for the full width; the group still fits three across, as in UIKit.
        let item = CollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
        let column = CollectionLayoutGroup.vertical(layoutSize: size(.fractionalWidth(0.25), .fractionalHeight(1)), subitem: item, count: 2)
        let row = CollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(60)), subitem: item, count: 3)
        row.interItemSpacing = .fixed(10)
        let outer = CollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(60)), subitems: [column])
        let layout = CollectionViewCompositionalLayout(sectionProvider: { index, _ in
            CollectionLayoutSection(group: index == 0 ? row : outer)
        })
        let g = compositionalGeometry(layout, counts: [3, 2], width: 320)
        #expect((0..<3).map { g.itemFrame(ItemPath(row: $0, section: 0)) }
                == [Rect(x: 0, y: 0, width: 100, height: 60), Rect(x: 110, y: 0, width: 100, height: 60), Rect(x: 220, y: 0, width: 100, height: 60)])
        #expect((0..<2).map { g.itemFrame(ItemPath(row: $0, section: 1)) }
                == [Rect(x: 0, y: 60, width: 80, height: 30), Rect(x: 0, y: 90, width: 80, height: 30)])
    }

    @Test("nested groups resolve once into a template: a mosaic of one large item and two stacked ones, repeated")
    func nestedMosaic() {
        let large = CollectionLayoutItem(layoutSize: size(.fractionalWidth(2.0 / 3), .fractionalHeight(1)))
        let small = CollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
        let column = CollectionLayoutGroup.vertical(layoutSize: size(.fractionalWidth(1.0 / 3), .fractionalHeight(1)), repeatingSubitem: small, count: 2)
        let group = CollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(200)), subitems: [large, column])
        let section = CollectionLayoutSection(group: group)
        section.interGroupSpacing = 10
        let g = compositionalGeometry(CollectionViewCompositionalLayout(section: section), counts: [8], width: 300)
        let frames = (0..<8).map { g.itemFrame(ItemPath(row: $0, section: 0)) }
        let expected = [Rect(x: 0, y: 0, width: 200, height: 200), Rect(x: 200, y: 0, width: 100, height: 100), Rect(x: 200, y: 100, width: 100, height: 100)]
        for i in 0..<8 {
            let e = expected[i % 3]
            #expect(close(frames[i], Rect(x: e.minX, y: e.minY + Double(i / 3) * 210, width: e.width, height: e.height)), "item \(i): \(frames[i])")
        }
        #expect(g.sections[0].itemsPerGroup == 3)
        #expect(abs(g.contentLength - (3 * 200 + 2 * 10)) < 1e-9, "the last group is partly filled but keeps its height")
        #expect(g.indexPath(at: Point(x: 250, y: 210 + 150)) == ItemPath(row: 5, section: 0))
        #expect(g.indexPath(at: Point(x: 250, y: 205)) == nil, "over the spacing between groups")
        #expect(g.item(from: ItemPath(row: 1, section: 0), across: 1) == ItemPath(row: 2, section: 0))
        #expect(g.item(from: ItemPath(row: 2, section: 0), across: 1) == nil)
        #expect(g.item(from: ItemPath(row: 1, section: 0), along: 1) == ItemPath(row: 4, section: 0))
        #expect(g.item(from: ItemPath(row: 5, section: 0), along: 1) == ItemPath(row: 7, section: 0), "clamped into the short last group")
    }

    @Test("fractional heights are of the view's height; flexible spacing shares the spare room; repeating subitems share the group")
    func fractionalAbsoluteFlexible() {
        let item = CollectionLayoutItem(layoutSize: size(.absolute(80), .fractionalHeight(1)))
        let group = CollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .fractionalHeight(0.25)), subitems: [item, item, item])
        group.interItemSpacing = .flexible(10)
        let g = compositionalGeometry(CollectionViewCompositionalLayout(section: CollectionLayoutSection(group: group)), counts: [3], width: 300, height: 800)
        #expect((0..<3).map { g.itemFrame(ItemPath(row: $0, section: 0)) }
                == [0.0, 110, 220].map { Rect(x: $0, y: 0, width: 80, height: 200) })
        // One subitem a fifth of the group fills it: five columns (UIKit repeats subitems while they fit).
        let fifth = CollectionLayoutItem(layoutSize: size(.fractionalWidth(0.2), .fractionalHeight(1)))
        let fixed = CollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(30)), subitems: [fifth])
        let f = compositionalGeometry(CollectionViewCompositionalLayout(section: CollectionLayoutSection(group: fixed)), counts: [7], width: 300)
        #expect(f.sections[0].itemsPerGroup == 5)
        #expect((0..<7).map { f.itemFrame(ItemPath(row: $0, section: 0)).origin } == [0.0, 60, 120, 180, 240, 0, 60].enumerated().map { Point(x: $1, y: $0 < 5 ? 0 : 30) })
        let spaced = CollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(30)), subitems: [CollectionLayoutItem(layoutSize: size(.absolute(50), .absolute(30)))])
        spaced.interItemSpacing = .fixed(10)
        #expect(compositionalGeometry(CollectionViewCompositionalLayout(section: CollectionLayoutSection(group: spaced)), counts: [9], width: 300)
            .sections[0].itemsPerGroup == 5, "5 × 50 + 4 × 10 fits 300; a sixth does not")
    }

    @Test("estimated heights: a per-group extent index corrected as cells are measured matches a naive sum (rule 7)")
    func estimatedList() {
        let n = 100_000
        let layout = CollectionViewCompositionalLayout.list(using: CollectionLayoutListConfiguration(appearance: .plain))
        let g = compositionalGeometry(layout, counts: [n], width: 320)
        #expect(g.contentLength == Double(n) * 44)
        #expect(g.needsMeasuring(ItemPath(row: 10, section: 0)))
        var rng = SeededRandom(seed: 44)
        var heights = [Double](repeating: 44, count: n)
        for _ in 0..<2000 {
            let row = Int.random(in: 0..<n, using: &rng)
            let h = Double(Int.random(in: 20...140, using: &rng))
            heights[row] = h
            g.setMeasuredLength(h, of: ItemPath(row: row, section: 0))
            #expect(!g.needsMeasuring(ItemPath(row: row, section: 0)))
        }
        var y = 0.0
        var starts = [Double](repeating: 0, count: n)
        for i in 0..<n { starts[i] = y; y += heights[i] }
        #expect(abs(g.contentLength - y) < 1e-6)
        for _ in 0..<300 {
            let row = Int.random(in: 0..<n, using: &rng)
            let (start, length) = g.itemExtent(ItemPath(row: row, section: 0))
            #expect(abs(start - starts[row]) < 1e-6 && length == heights[row], "row \(row)")
            #expect(g.itemFrame(ItemPath(row: row, section: 0)) == Rect(x: 0, y: start, width: 320, height: heights[row]))
        }
        // The measured widths are the items' frames'.
        #expect(g.measuringWidth(at: ItemPath(row: 3, section: 0)) == 320)
        // A row found by offset, and the span walk, agree with the naive starts.
        let probe = starts[n / 2] + 1
        #expect(g.indexPath(atOffset: probe) == ItemPath(row: n / 2, section: 0))
        var seen: [Int] = []
        g.forEachItem(meeting: AlongSpan(start: starts[n / 3], end: starts[n / 3] + 500)) { ip, _, _ in seen.append(ip.row) }
        #expect(seen.first == n / 3 && seen == Array(seen.first!...seen.last!))
        #expect(starts[seen.last!] < starts[n / 3] + 500 && (seen.last! + 1 == n || starts[seen.last! + 1] >= starts[n / 3] + 500))
    }

    @Test("an estimated horizontal group is as high as its tallest measured item; inserting and removing rows keeps measurements with their rows")
    func estimatedGroupsAndUpdates() {
        let item = CollectionLayoutItem(layoutSize: size(.fractionalWidth(0.5), .estimated(50)))
        let group = CollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .estimated(50)), subitems: [item, item])
        let g = compositionalGeometry(CollectionViewCompositionalLayout(section: CollectionLayoutSection(group: group)), counts: [6], width: 200)
        #expect(g.contentLength == 150)
        #expect(g.measuringWidth(at: ItemPath(row: 1, section: 0)) == 100)
        g.setMeasuredLength(80, of: ItemPath(row: 1, section: 0))
        #expect(g.contentLength == 180)
        #expect(g.itemExtent(ItemPath(row: 0, section: 0)) == (0, 80))
        #expect(g.itemFrame(ItemPath(row: 0, section: 0)).height == 50 && g.itemFrame(ItemPath(row: 1, section: 0)).height == 80)
        #expect(g.itemExtent(ItemPath(row: 2, section: 0)).start == 80)
        // Insert two rows at the front: the measured row moves to row 3 (group 1).
        g.insertItems(0..<2, section: 0, from: CountsSource([8]))
        #expect(g.itemExtent(ItemPath(row: 0, section: 0)) == (0, 50))
        #expect(g.itemExtent(ItemPath(row: 3, section: 0)) == (50, 80))
        #expect(g.contentLength == 230)
        g.removeItems(0..<2, section: 0)
        #expect(g.itemExtent(ItemPath(row: 1, section: 0)) == (0, 80))
        g.reloadItem(at: ItemPath(row: 1, section: 0), from: CountsSource([6]))
        #expect(g.contentLength == 150, "a reloaded item is estimated again")
    }

    @Test("insets, spacing and headers: groups start below the header inside the insets; x starts at the leading inset (rules 2, 4)")
    func insetsAndHeaders() {
        let g = compositionalGeometry(CollectionViewCompositionalLayout(section: threeAcross()), counts: [4, 0, 2], width: 430)
        #expect(g.headerLength(ofSection: 0) == 30 && g.footerLength(ofSection: 0) == 20)
        #expect(g.itemExtent(ItemPath(row: 0, section: 0)).start == 40)
        #expect(g.itemFrame(ItemPath(row: 0, section: 0)).minX == 16 + 3)
        #expect(g.length(ofSection: 1) == 30 + 10 + 12 + 20, "an empty section keeps its header, insets and footer")
        #expect(g.boundaryFrame(ofKind: "header", section: 2) == Rect(x: 16, y: g.start(ofSection: 2), width: 406, height: 30))
        #expect(g.boundaryFrame(ofKind: "footer", section: 0)?.maxY == g.length(ofSection: 0))
        #expect(g.indexPath(atOffset: 10) == nil, "over the header")
        #expect(g.firstItem(startingAtOrAfter: 41) == ItemPath(row: 3, section: 0))
        #expect(g.firstItem(startingAtOrAfter: 40 + 129 + 1) == ItemPath(row: 0, section: 2))
    }
}

/// Bad input to a compositional layout (issue 38, point 9): one clear logged error, and the
/// last good layout kept.
@MainActor
@Suite("Compositional layout bad input")
struct CompositionalBadInputTests {
    final class Switch { var bad = false }

    func rows(width: Double) -> CollectionLayoutSection {
        let item = CollectionLayoutItem(layoutSize: size(.fractionalWidth(0.5), .absolute(60)))
        return CollectionLayoutSection(group: .horizontal(layoutSize: size(.fractionalWidth(1), .absolute(60)), subitems: [item, item]))
    }

    @Test("a section provider returning nil: the section is a plain list row until it ever had a good layout, then keeps that")
    func nilSection() {
        let state = Switch()
        state.bad = true
        let layout = CollectionViewCompositionalLayout { index, _ in state.bad && index == 1 ? nil : self.rows(width: 0) }
        let g = compositionalGeometry(layout, counts: [4, 4], width: 400)
        #expect(g.reportedProblems == ["nil-section"])
        #expect(g.lastProblem == .noSection(section: 1))
        #expect(g.itemFrame(ItemPath(row: 1, section: 1)) == Rect(x: 0, y: g.start(ofSection: 1) + 44, width: 400, height: 44))
        state.bad = false
        g.breadth = 300
        #expect(g.itemFrame(ItemPath(row: 1, section: 1)) == Rect(x: 150, y: g.start(ofSection: 1), width: 150, height: 60))
        state.bad = true
        g.breadth = 500
        #expect(g.itemFrame(ItemPath(row: 1, section: 1)) == Rect(x: 250, y: g.start(ofSection: 1), width: 250, height: 60),
                "the last good layout, at the new width")
    }

    @Test("an item wider than its group, a group with no subitems, a fractional height in an estimated group, a fractional width in a sideways estimated-width group, a NaN: logged once each, last good layout kept",
          arguments: ["item-wider-than-group", "no-subitems", "fractional-height-in-estimated-group", "fractional-width-in-estimated-group", "invalid-number"])
    func badSections(kind: String) {
        let state = Switch()
        let layout = CollectionViewCompositionalLayout { _, _ in
            guard state.bad else { return self.rows(width: 0) }
            switch kind {
            case "item-wider-than-group":
                let wide = CollectionLayoutItem(layoutSize: size(.absolute(900), .absolute(60)))
                return CollectionLayoutSection(group: .horizontal(layoutSize: size(.fractionalWidth(1), .absolute(60)), subitems: [wide]))
            case "no-subitems":
                return CollectionLayoutSection(group: .vertical(layoutSize: size(.fractionalWidth(1), .absolute(60)), subitems: []))
            case "fractional-height-in-estimated-group":
                let item = CollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
                return CollectionLayoutSection(group: .horizontal(layoutSize: size(.fractionalWidth(1), .estimated(60)), subitems: [item]))
            case "fractional-width-in-estimated-group":
                let item = CollectionLayoutItem(layoutSize: size(.fractionalWidth(0.5), .fractionalHeight(1)))
                let section = CollectionLayoutSection(group: .horizontal(layoutSize: size(.estimated(100), .absolute(60)), subitems: [item]))
                section.orthogonalScrollingBehavior = .continuous
                return section
            default:
                let item = CollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .absolute(.nan)))
                return CollectionLayoutSection(group: .horizontal(layoutSize: size(.fractionalWidth(1), .absolute(60)), subitems: [item]))
            }
        }
        let g = compositionalGeometry(layout, counts: [6], width: 400)
        #expect(g.reportedProblems.isEmpty)
        let good = g.itemFrame(ItemPath(row: 3, section: 0))
        state.bad = true
        g.breadth = 401
        g.breadth = 400
        #expect(g.reportedProblems == [kind], "logged once although asked twice")
        #expect(g.itemFrame(ItemPath(row: 3, section: 0)) == good)
        #expect(g.lastProblem?.kind == kind)
        let zero = CollectionViewCompositionalLayout(section: CollectionLayoutSection(group: .horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(60)), repeatingSubitem: CollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .absolute(60))), count: 0)))
        #expect(compositionalGeometry(zero, counts: [3]).reportedProblems == ["no-subitems"])
    }
}
