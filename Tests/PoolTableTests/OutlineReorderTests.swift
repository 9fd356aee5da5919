import Testing
import PoolTableDemoKit
@_spi(Hosting) @_spi(Diagnostics) @testable import PoolTable

/// Reordering inside an outline (issue 38, rules 4 and 5): a section whose content is a
/// section snapshot, reordered by the grip, by `beginInteractiveMovementForItem`, or by
/// Alt+Up/Down. The item moves with its children and lands beside the row it is dropped
/// at; the transactions carry the outlines. Headless, time driven by `advanceAnimations(to:)`.
@MainActor
@Suite("Reordering inside an outline section")
struct OutlineReorderTests {
    typealias Source = CollectionViewDiffableDataSource<String, String>
    typealias Transaction = DiffableDataSourceTransaction<String, String>

    final class Log { var events: [(kind: String, transaction: Transaction)] = [] }

    /// A (expanded: a1, a2), B (collapsed: b1), C; visible rows A a1 a2 B C.
    static func sample() -> SectionSnapshot<String> {
        var o = SectionSnapshot<String>()
        o.append(["A", "B", "C"])
        o.append(["a1", "a2"], to: "A")
        o.append(["b1"], to: "B")
        o.expand(["A"])
        return o
    }

    /// A list whose section "o" is `outline` (and, with `flat`, a plain section "p" after
    /// it); rows show their item, indented by level, with a grip in edit mode.
    func makeOutline(_ outline: SectionSnapshot<String> = sample(), flat: [String]? = nil, refused: Set<String> = [],
                     height: Double = 600) throws -> (CollectionView, Source, Log) {
        let view = CollectionView(frame: Rect(x: 0, y: 0, width: 360, height: height),
                                  collectionViewLayout: CollectionViewCompositionalLayout.list(using: CollectionLayoutListConfiguration(appearance: .sidebar)))
        /// The data source, made after the registration that reads it.
        @MainActor final class SourceBox { var source: Source? }
        let box = SourceBox()
        let registration = CollectionView.CellRegistration<CollectionViewListCell, String> { cell, _, item in
            var content = cell.defaultContentConfiguration()
            content.text = item
            cell.contentConfiguration = content
            guard let outline = box.source?.snapshot(for: "o") else { return }
            cell.indentationLevel = outline.contains(item) ? outline.level(of: item) : 0
            cell.accessories = outline.hasChildren(item) ? [.outlineDisclosure(), .reorder()] : [.reorder()]
        }
        let source = Source(collectionView: view) { view, ip, item in
            view.dequeueConfiguredReusableCell(using: registration, for: ip, item: item)
        }
        box.source = source
        let log = Log()
        source.reorderingHandlers.canReorderItem = { !refused.contains($0) }
        source.reorderingHandlers.willReorder = { log.events.append(("will", $0)) }
        source.reorderingHandlers.didReorder = { log.events.append(("did", $0)) }
        var snapshot = DiffableSnapshot<String, String>()
        snapshot.appendSections(flat == nil ? ["o"] : ["o", "p"])
        if let flat { snapshot.appendItems(flat, toSection: "p") }
        try source.applyThrowing(snapshot, animatingDifferences: false)
        try source.applyThrowing(outline, to: "o", animatingDifferences: false)
        view.setEditing(true, animated: false)
        view.layoutIfNeeded()
        return (view, source, log)
    }

    func rows(_ source: Source, _ section: String = "o") -> [String] { source.snapshot().itemIdentifiers(inSection: section) }

    func settle(_ view: CollectionView, from t: inout Double) {
        for _ in 0..<400 where view.hasRunningAnimations { t += 1.0 / 60; view.advanceAnimations(to: t) }
        #expect(!view.hasRunningAnimations)
    }

    /// Moves row `from` of section 0 by `beginInteractiveMovementForItem`, its centre put on
    /// row `over`'s centre, and drops it (or cancels); returns the destination it proposed.
    @discardableResult
    func move(_ view: CollectionView, from: Int, over: Int, section: Int = 0, overSection: Int = 0, cancel: Bool = false) -> IndexPath? {
        guard view.beginInteractiveMovementForItem(at: IndexPath(item: from, section: section)) else { return nil }
        let target = view.rectForItem(at: IndexPath(item: over, section: overSection))
        view.updateInteractiveMovementTargetPosition(Point(x: target.midX, y: target.midY))
        let destination = view.interactiveMovementDestination
        if cancel { view.cancelInteractiveMovement() } else { view.endInteractiveMovement() }
        return destination
    }

    /// Where each row's text is drawn now (viewport coordinates).
    func drawnTexts(_ view: CollectionView) -> [String: Rect] {
        let canvas = RecordingCanvas()
        view.render(in: canvas)
        return Dictionary(canvas.texts.map { ($0.0, $0.1) }, uniquingKeysWith: { a, _ in a })
    }

    @Test("a child dragged down past its sibling stays in its parent, its level and the expanded states kept")
    func withinParent() throws {
        let (view, source, log) = try makeOutline()
        #expect(move(view, from: 1, over: 2) == IndexPath(item: 2, section: 0))
        #expect(rows(source) == ["A", "a2", "a1", "B", "C"])
        let outline = source.snapshot(for: "o")
        #expect(outline.children(of: "A") == ["a2", "a1"])
        #expect(outline.level(of: "a1") == 1 && outline.isExpanded("A") && !outline.isExpanded("B"))
        #expect(outline.children(of: "B") == ["b1"])
        #expect(log.events.map(\.kind) == ["will", "did"])
        var t = 10.0
        settle(view, from: &t)
        let texts = drawnTexts(view)
        #expect(try #require(texts["a2"]).minY < (try #require(texts["a1"])).minY)
        #expect(abs(try #require(texts["a1"]).minX - (try #require(texts["a2"])).minX) < 0.5, "same indentation")
        #expect(try #require(texts["a1"]).minX > (try #require(texts["A"])).minX, "a1 still indented")
        #expect(view.invariantViolation() == nil)
    }

    @Test("a root dragged up beside a child becomes that child's sibling; dragged down after a collapsed parent, a root")
    func betweenParents() throws {
        let (view, source, log) = try makeOutline()
        // C (row 4) up over a2 (row 2): C lands before a2, in A.
        #expect(move(view, from: 4, over: 2) == IndexPath(item: 2, section: 0))
        #expect(rows(source) == ["A", "a1", "C", "a2", "B"])
        var outline = source.snapshot(for: "o")
        #expect(outline.children(of: "A") == ["a1", "C", "a2"])
        #expect(outline.children(of: nil) == ["A", "B"])
        var t = 10.0
        settle(view, from: &t)
        let texts = drawnTexts(view)
        #expect(abs(try #require(texts["C"]).minX - (try #require(texts["a1"])).minX) < 0.5, "C indented as A's child: it was configured again")
        // a1 (row 1) down over B (row 4, collapsed): after B, at B's level.
        #expect(move(view, from: 1, over: 4) == IndexPath(item: 4, section: 0))
        outline = source.snapshot(for: "o")
        #expect(outline.children(of: nil) == ["A", "B", "a1"])
        #expect(outline.children(of: "B") == ["b1"] && !outline.isExpanded("B"))
        #expect(rows(source) == ["A", "C", "a2", "B", "a1"])
        #expect(log.events.map(\.kind) == ["will", "did", "will", "did"])
        settle(view, from: &t)
        #expect(view.invariantViolation() == nil)
    }

    @Test("a row dropped right under an expanded parent becomes its first child")
    func intoExpandedParent() throws {
        var o = Self.sample()
        o.expand(["B"])
        let (view, source, _) = try makeOutline(o)   // A a1 a2 B b1 C
        // C (row 5) up over b1 (row 4): before b1, in B.
        #expect(move(view, from: 5, over: 4) == IndexPath(item: 4, section: 0))
        #expect(source.snapshot(for: "o").children(of: "B") == ["C", "b1"])
        // a2 (row 2) down over B (row 3): right after B, whose first child follows: B's first child.
        #expect(move(view, from: 2, over: 3) == IndexPath(item: 3, section: 0))
        #expect(source.snapshot(for: "o").children(of: "B") == ["a2", "C", "b1"])
        #expect(rows(source) == ["A", "a1", "B", "a2", "C", "b1"])
        var t = 10.0
        settle(view, from: &t)
        #expect(view.invariantViolation() == nil)
    }

    @Test("an expanded parent moves with its children: they follow it after the drop, animated, and stay expanded")
    func expandedParentWithChildren() throws {
        let (view, source, log) = try makeOutline()
        let before = drawnTexts(view)
        let pitch = try #require(before["a1"]).minY - (try #require(before["A"])).minY
        // A (row 0, with a1 a2) down over C (row 4): after C.
        #expect(move(view, from: 0, over: 4) == IndexPath(item: 4, section: 0))
        #expect(rows(source) == ["B", "C", "A", "a1", "a2"], "the snapshot holds the new outline's rows once the move shows")
        let outline = source.snapshot(for: "o")
        #expect(outline.children(of: nil) == ["B", "C", "A"])
        #expect(outline.children(of: "A") == ["a1", "a2"] && outline.isExpanded("A"))
        let did = try #require(log.events.last)
        #expect(did.kind == "did")
        #expect(did.transaction.finalSnapshot == source.snapshot())
        var t = 10.0
        view.advanceAnimations(to: t)
        t += RowAnimationState.duration / 2
        view.advanceAnimations(to: t)
        let midway = drawnTexts(view)
        let a1Mid = try #require(midway["a1"]).minY
        let a1Was = try #require(before["a1"]).minY, aWas = try #require(before["A"]).minY
        #expect(a1Mid > a1Was + 1 && a1Mid < aWas + 4 * pitch - 1, "a1 glides down after A: \(a1Mid)")
        settle(view, from: &t)
        let after = drawnTexts(view)
        for (k, item) in ["B", "C", "A", "a1", "a2"].enumerated() {
            #expect(abs(try #require(after[item]).minY - ((try #require(before["A"])).minY + Double(k) * pitch)) < 0.5, "\(item) at row \(k)")
        }
        #expect(view.invariantViolation() == nil)
    }

    @Test("a collapsed parent moves with its hidden children")
    func collapsedParent() throws {
        let (view, source, _) = try makeOutline()
        // B (row 3) up over A (row 0): before A.
        #expect(move(view, from: 3, over: 0) == IndexPath(item: 0, section: 0))
        let outline = source.snapshot(for: "o")
        #expect(outline.children(of: nil) == ["B", "A", "C"])
        #expect(outline.children(of: "B") == ["b1"] && !outline.isExpanded("B"))
        #expect(rows(source) == ["B", "A", "a1", "a2", "C"])
        var t = 10.0
        settle(view, from: &t)
        #expect(view.invariantViolation() == nil)
    }

    @Test("an item can't be dropped into its own subtree: the gap stays home and nothing is told")
    func refusedIntoOwnSubtree() throws {
        let (view, source, log) = try makeOutline()
        // A over a1 or a2: after one of its own children.
        #expect(move(view, from: 0, over: 1) == IndexPath(item: 0, section: 0))
        #expect(move(view, from: 0, over: 2) == IndexPath(item: 0, section: 0))
        #expect(log.events.isEmpty)
        #expect(rows(source) == ["A", "a1", "a2", "B", "C"])
        #expect(source.snapshot(for: "o") == Self.sample())
        // A delegate retarget can't force it either: the move is undone by the old outline.
        source.collectionView(view, moveItemAt: IndexPath(item: 0, section: 0), to: IndexPath(item: 1, section: 0))
        #expect(log.events.isEmpty)
        #expect(rows(source) == ["A", "a1", "a2", "B", "C"])
        #expect(source.snapshot(for: "o") == Self.sample())
        #expect(source.outlineReorderTarget(from: IndexPath(item: 0, section: 0), proposed: IndexPath(item: 2, section: 0)) == IndexPath(item: 0, section: 0))
        #expect(source.outlineReorderTarget(from: IndexPath(item: 0, section: 0), proposed: IndexPath(item: 3, section: 0)) == IndexPath(item: 3, section: 0))
    }

    @Test("the transactions carry the outlines before and after, and the final one applies back unchanged")
    func hierarchicalTransactions() throws {
        let (view, source, log) = try makeOutline(flat: ["x", "y"])
        move(view, from: 4, over: 2)   // C into A, before a2
        let did = try #require(log.events.last?.transaction)
        let will = try #require(log.events.first?.transaction)
        #expect(will.finalSnapshot == did.finalSnapshot)
        #expect(did.initialSnapshot.itemIdentifiers(inSection: "o") == ["A", "a1", "a2", "B", "C"])
        #expect(did.finalSnapshot.itemIdentifiers(inSection: "o") == ["A", "a1", "C", "a2", "B"])
        #expect(did.sectionTransactions.map(\.sectionIdentifier) == ["o"], "the flat section did not change")
        let section = try #require(did.sectionTransactions.first)
        #expect(section.initialSnapshot == Self.sample())
        #expect(section.finalSnapshot == source.snapshot(for: "o"))
        #expect(section.finalSnapshot.parent(of: "C") == "A" && section.finalSnapshot.isExpanded("A"))
        #expect(section.finalSnapshot.items == ["A", "a1", "C", "a2", "B", "b1"])
        #expect(section.difference.count == 2)
        var t = 10.0
        settle(view, from: &t)
        // Applied back as it is: nothing changes.
        try source.applyThrowing(section.finalSnapshot, to: "o", animatingDifferences: true)
        #expect(rows(source) == ["A", "a1", "C", "a2", "B"])
        #expect(source.snapshot(for: "o") == section.finalSnapshot)
        settle(view, from: &t)
        #expect(view.invariantViolation() == nil)
    }

    @Test("a leaf moves between an outline and a flat section; a parent stays in its outline")
    func acrossSections() throws {
        let (view, source, log) = try makeOutline(flat: ["x", "y"])
        // a1 down into the flat section, over x.
        let d = move(view, from: 1, over: 0, overSection: 1)
        #expect(d?.section == 1)
        #expect(!source.snapshot(for: "o").contains("a1"))
        #expect(rows(source, "p").contains("a1"))
        #expect(log.events.last?.transaction.sectionTransactions.map(\.sectionIdentifier) == ["o", "p"])
        // y up into the outline, over B (row 2 now): before B, a root.
        #expect(rows(source, "p") == ["x", "a1", "y"])
        #expect(move(view, from: 2, over: 2, section: 1, overSection: 0)?.section == 0)
        let outline = source.snapshot(for: "o")
        let y = rows(source, "o").firstIndex(of: "y")
        #expect(outline.contains("y") && outline.parent(of: "y") == nil && y.map { rows(source, "o")[$0 + 1] } == "B",
                "\(rows(source, "o")) \(rows(source, "p")) \(outline.items)")
        // A (a parent) can't leave.
        let count = log.events.count
        #expect(move(view, from: 0, over: 0, overSection: 1) == IndexPath(item: 0, section: 0))
        #expect(log.events.count == count)
        var t = 10.0
        settle(view, from: &t)
        #expect(view.invariantViolation() == nil)
    }

    @Test("canReorderItem false: no movement begins, the outline stays")
    func refusedItem() throws {
        let (view, source, log) = try makeOutline(refused: ["a1"])
        #expect(!view.beginInteractiveMovementForItem(at: IndexPath(item: 1, section: 0)))
        view.setFocusedIndexPath(IndexPath(item: 1, section: 0))
        _ = view.handleKey(.down, modifiers: .alt)
        #expect(log.events.isEmpty)
        #expect(source.snapshot(for: "o") == Self.sample())
        #expect(rows(source) == ["A", "a1", "a2", "B", "C"])
    }

    @Test("cancel glides every row back and leaves the outline as it was")
    func cancelRestores() throws {
        let (view, source, log) = try makeOutline()
        let before = drawnTexts(view)
        #expect(move(view, from: 0, over: 4, cancel: true) == IndexPath(item: 4, section: 0))
        var t = 10.0
        settle(view, from: &t)
        #expect(log.events.isEmpty)
        #expect(source.snapshot(for: "o") == Self.sample())
        let after = drawnTexts(view)
        for item in ["A", "a1", "a2", "B", "C"] { #expect(after[item] == before[item], "\(item) back") }
        #expect(view.invariantViolation() == nil)
    }

    @Test("Alt+Up/Down move an item among its siblings, with its children; at the first or last sibling nothing moves")
    func keyboardSteps() throws {
        let (view, source, log) = try makeOutline()
        view.setFocusedIndexPath(IndexPath(item: 0, section: 0))
        #expect(view.handleKey(.down, modifiers: .alt))   // A after B
        var t = 10.0
        settle(view, from: &t)
        #expect(source.snapshot(for: "o").children(of: nil) == ["B", "A", "C"])
        #expect(rows(source) == ["B", "A", "a1", "a2", "C"])
        #expect(view.focusedIndexPath == IndexPath(item: 1, section: 0), "focus follows A")
        #expect(log.events.map(\.kind) == ["will", "did"])
        // a2 is A's last child: Alt+Down does not take it out of A.
        view.setFocusedIndexPath(IndexPath(item: 3, section: 0))
        #expect(view.handleKey(.down, modifiers: .alt))
        #expect(log.events.count == 2)
        #expect(view.handleKey(.up, modifiers: .alt))   // a2 before a1
        settle(view, from: &t)
        #expect(source.snapshot(for: "o").children(of: "A") == ["a2", "a1"])
        #expect(rows(source) == ["B", "A", "a2", "a1", "C"])
        #expect(view.focusedIndexPath == IndexPath(item: 2, section: 0))
        // C up: before A (with A's children).
        view.setFocusedIndexPath(IndexPath(item: 4, section: 0))
        #expect(view.handleKey(.up, modifiers: .alt))
        settle(view, from: &t)
        #expect(rows(source) == ["B", "C", "A", "a2", "a1"])
        #expect(view.focusedIndexPath == IndexPath(item: 1, section: 0))
        #expect(view.invariantViolation() == nil)
    }

    // MARK: Fuzzer

    /// A naive tree: nodes with children arrays and an expanded flag, and the drop rule
    /// written over its visible rows.
    struct Model {
        var children: [String: [String]] = ["": []]   // "" is the root
        var parent: [String: String] = [:]
        var expanded: Set<String> = []

        func visible(_ at: String = "") -> [String] {
            (children[at] ?? []).flatMap { [$0] + (expanded.contains($0) ? visible($0) : []) }
        }
        func isBelow(_ x: String, _ a: String) -> Bool {
            var at: String? = x
            while let n = at, n != "" { if n == a { return true }; at = parent[n] }
            return false
        }
        /// The move of `item` to visible row `d` (the rows without it); false when refused.
        mutating func drop(_ item: String, at d: Int, down: Bool) -> Bool {
            let rows = visible().filter { $0 != item }
            let above = d > 0 ? rows[d - 1] : nil, below = d < rows.count ? rows[d] : nil
            if let above, isBelow(above, item) { return false }
            if let below, isBelow(below, item) { return false }
            let old = parent[item]!
            children[old]!.removeAll { $0 == item }
            if let below, !down || above == nil || parent[below] == above {
                let p = parent[below]!
                children[p, default: []].insert(item, at: children[p]!.firstIndex(of: below)!)
                parent[item] = p
            } else if let above {
                let p = parent[above]!
                children[p, default: []].insert(item, at: children[p]!.firstIndex(of: above)! + 1)
                parent[item] = p
            }
            return true
        }
        mutating func step(_ item: String, down: Bool) {
            let p = parent[item]!
            var sibs = children[p]!
            let i = sibs.firstIndex(of: item)!
            let j = down ? i + 1 : i - 1
            guard j >= 0, j < sibs.count else { return }
            sibs.swapAt(i, j)
            children[p] = sibs
        }
    }

    /// A random tree of `n` items, some expanded, as both a model and a section snapshot.
    static func randomTree(_ n: Int, _ rng: inout SeededRandom) -> (Model, SectionSnapshot<String>) {
        var model = Model()
        var snapshot = SectionSnapshot<String>()
        var all: [String] = []
        for k in 0..<n {
            let item = "i\(k)"
            let parent = all.isEmpty || Int.random(in: 0..<3, using: &rng) == 0 ? "" : all.randomElement(using: &rng)!
            model.children[parent, default: []].append(item)
            model.parent[item] = parent
            snapshot.append([item], to: parent == "" ? nil : parent)
            all.append(item)
        }
        for item in all where model.children[item] != nil && Bool.random(using: &rng) {
            model.expanded.insert(item)
            snapshot.expand([item])
        }
        return (model, snapshot)
    }

    func matches(_ model: Model, _ source: Source) -> Bool {
        let outline = source.snapshot(for: "o")
        for (p, kids) in model.children where outline.children(of: p == "" ? nil : p) != kids { return false }
        return rows(source) == model.visible()
    }

    @Test("fuzz: random drags and Alt+arrows on random trees agree with a naive tree model", arguments: Array(1...12) as [UInt64])
    func fuzz(seed: UInt64) throws {
        var rng = SeededRandom(seed: seed)
        var (model, outline) = Self.randomTree(Int.random(in: 4...14, using: &rng), &rng)
        let (view, source, log) = try makeOutline(outline, height: 1000)
        #expect(matches(model, source))
        var t = 10.0
        for round in 0..<25 {
            let visible = model.visible()
            let from = Int.random(in: 0..<visible.count, using: &rng)
            let item = visible[from]
            let told = log.events.count
            if Bool.random(using: &rng) {
                let over = Int.random(in: 0..<visible.count, using: &rng)
                let d = try #require(move(view, from: from, over: over), "round \(round)")
                if d.item != from {
                    let taken = model.drop(item, at: d.item, down: d.item > from)
                    #expect(taken, "round \(round): the view proposed \(d) for \(item) from \(from), which the model refuses")
                    #expect(log.events.count == told + 2)
                } else {
                    var copy = model
                    if over != from {
                        let taken = copy.drop(item, at: over, down: over > from)
                        #expect(!taken, "round \(round): the view refused a drop the model takes")
                    }
                    #expect(log.events.count == told)
                }
            } else {
                let down = Bool.random(using: &rng)
                view.setFocusedIndexPath(IndexPath(item: from, section: 0))
                #expect(view.handleKey(down ? .down : .up, modifiers: .alt))
                model.step(item, down: down)
            }
            settle(view, from: &t)
            if log.events.count > told, let did = log.events.last?.transaction {
                #expect(did.sectionTransactions.first?.finalSnapshot == source.snapshot(for: "o"), "round \(round): the transaction's final outline is the outline")
                #expect(did.finalSnapshot == source.snapshot(), "round \(round)")
            }
            #expect(matches(model, source), "round \(round): \(rows(source)) vs \(model.visible())")
            #expect(source.snapshot(for: "o").isExpanded(item) == model.expanded.contains(item))
            #expect(view.invariantViolation() == nil)
            outline = source.snapshot(for: "o")
            if !matches(model, source) { break }
        }
        for item in model.expanded { #expect(outline.isExpanded(item)) }
    }
}
