import Testing
@_spi(Hosting) @_spi(Diagnostics) @testable import PoolTable

/// The list cell's reorder accessory (issue 38, rule 5: "reorder, through interactive
/// movement"): a drag on the grip moves the row through the collection view's interactive
/// movement, the others making room; the drop runs the diffable data source's
/// `reorderingHandlers` with the transaction, and the snapshot follows. Driven by
/// `advanceAnimations(to:)` and read through the recording canvas.
@MainActor
@Suite("Reordering list cells by their reorder accessory")
struct ListReorderTests {
    typealias Source = CollectionViewDiffableDataSource<String, String>
    typealias Transaction = DiffableDataSourceTransaction<String, String>

    /// What the handlers were told, in order (`will` with the data source's order then).
    final class Log {
        var events: [(kind: String, transaction: Transaction, orderThen: [String])] = []
    }

    /// A plain list of `sections` whose rows show their item and a reorder grip (in edit
    /// mode unless `displayed` says otherwise); every item may move except `refused` ones.
    func makeList(_ sections: [String: [String]] = ["a": ["one", "two", "three"], "b": ["four", "five"]],
                  displayed: CellAccessory.DisplayedState = .whenEditing, refused: Set<String> = [],
                  editing: Bool = true) throws -> (CollectionView, Source, Log) {
        let view = CollectionView(frame: Rect(x: 0, y: 0, width: 360, height: 600),
                                  collectionViewLayout: CollectionViewCompositionalLayout.list(using: CollectionLayoutListConfiguration(appearance: .plain)))
        let registration = CollectionView.CellRegistration<CollectionViewListCell, String> { cell, _, item in
            var content = cell.defaultContentConfiguration()
            content.text = item
            cell.contentConfiguration = content
            cell.accessories = [.reorder(displayed: displayed)]
        }
        let source = Source(collectionView: view) { view, ip, item in
            view.dequeueConfiguredReusableCell(using: registration, for: ip, item: item)
        }
        let log = Log()
        source.reorderingHandlers.canReorderItem = { !refused.contains($0) }
        source.reorderingHandlers.willReorder = { [unowned source] in log.events.append(("will", $0, source.snapshot().itemIdentifiers)) }
        source.reorderingHandlers.didReorder = { [unowned source] in log.events.append(("did", $0, source.snapshot().itemIdentifiers)) }
        var snapshot = DiffableSnapshot<String, String>()
        for key in sections.keys.sorted() { snapshot.appendSections([key]); snapshot.appendItems(sections[key]!, toSection: key) }
        try source.applyThrowing(snapshot, animatingDifferences: false)
        view.setEditing(editing, animated: false)
        view.layoutIfNeeded()
        return (view, source, log)
    }

    /// The centre of row `ip`'s grip (the trailing 32 points inside an 8-point margin), in viewport coordinates.
    func grip(_ view: CollectionView, _ ip: IndexPath) -> Point {
        let f = view.rectForItem(at: ip)
        return Point(x: f.maxX - 8 - 16, y: f.midY - view.contentOffset.y)
    }

    /// Where each row's text is drawn now (viewport coordinates).
    func drawnTexts(_ view: CollectionView) -> [String: Rect] {
        let canvas = RecordingCanvas()
        view.render(in: canvas)
        return Dictionary(canvas.texts.map { ($0.0, $0.1) }, uniquingKeysWith: { a, _ in a })
    }

    /// Runs the animations to their end.
    func settle(_ view: CollectionView, from t: inout Double) {
        for _ in 0..<240 where view.hasRunningAnimations { t += 1.0 / 60; view.advanceAnimations(to: t) }
        #expect(!view.hasRunningAnimations)
    }

    @Test("a drag on the grip lifts the row, the rows it passes glide up to make room, and the drop reorders through the handlers")
    func dragMovesTheRow() throws {
        let (view, source, log) = try makeList()
        let one = IndexPath(item: 0, section: 0), pitch = view.rectForItem(at: IndexPath(item: 1, section: 0)).minY - view.rectForItem(at: one).minY
        #expect(pitch >= 44)
        let start = grip(view, one)
        let before = drawnTexts(view)
        view.pointerDown(at: start)
        view.pointerDragged(to: Point(x: start.x, y: start.y + 8))
        #expect(view.isMovingInteractively && view.interactiveMovementSource == one)
        // Two rows down: "one" would go after "three"; "two" and "three" make room.
        let drop = Point(x: start.x, y: start.y + 2 * pitch)
        view.pointerDragged(to: drop)
        #expect(view.interactiveMovementDestination == IndexPath(item: 2, section: 0))
        var t = 10.0
        view.advanceAnimations(to: t)
        t += RowAnimationState.duration / 2
        view.advanceAnimations(to: t)
        let midway = drawnTexts(view)
        let twoMid = try #require(midway["two"]), twoBefore = try #require(before["two"])
        #expect(twoMid.minY < twoBefore.minY - 1 && twoMid.minY > twoBefore.minY - pitch + 1, "gliding up: \(twoMid.minY) from \(twoBefore.minY)")
        settle(view, from: &t)
        let made = drawnTexts(view)
        #expect(abs(try #require(made["two"]).minY - (twoBefore.minY - pitch)) < 0.01, "two took one's place")
        #expect(abs(try #require(made["three"]).minY - (try #require(before["three"]).minY - pitch)) < 0.01)
        #expect(abs(try #require(made["one"]).midY - (try #require(before["one"]).midY + 2 * pitch)) < 0.01, "one under the pointer")
        #expect(log.events.isEmpty, "nothing is told before the drop")
        #expect(source.snapshot().itemIdentifiers == ["one", "two", "three", "four", "five"])

        view.pointerUp(at: drop)
        #expect(!view.isMovingInteractively)
        #expect(log.events.map(\.kind) == ["will", "did"])
        let will = try #require(log.events.first), did = try #require(log.events.last)
        #expect(will.orderThen == ["one", "two", "three", "four", "five"], "willReorder comes before the snapshot changes")
        #expect(did.orderThen == ["two", "three", "one", "four", "five"], "didReorder comes after")
        let transaction = did.transaction
        #expect(transaction.initialSnapshot.itemIdentifiers == ["one", "two", "three", "four", "five"])
        #expect(transaction.finalSnapshot == source.snapshot())
        #expect(transaction.sectionTransactions.map(\.sectionIdentifier) == ["a"])
        #expect(transaction.sectionTransactions.first?.initialSnapshot.items == ["one", "two", "three"])
        #expect(transaction.sectionTransactions.first?.finalSnapshot.items == ["two", "three", "one"])
        #expect(transaction.difference.count == 2)
        #expect(transaction.difference.contains { if case let .insert(offset, "one", associatedWith: 0) = $0 { offset == 2 } else { false } })
        settle(view, from: &t)
        let after = drawnTexts(view)
        for (k, item) in ["two", "three", "one"].enumerated() {
            #expect(abs(try #require(after[item]).minY - (try #require(before[["one", "two", "three"][k]]).minY)) < 0.01, "\(item) in place \(k)")
        }
        #expect(view.invariantViolation() == nil)
    }

    @Test("a move into the next section gives a section transaction for each section")
    func acrossSections() throws {
        let (view, source, log) = try makeList()
        let two = IndexPath(item: 1, section: 0)
        let start = grip(view, two)
        view.pointerDown(at: start)
        let target = grip(view, IndexPath(item: 0, section: 1))
        view.pointerDragged(to: Point(x: start.x, y: start.y + 8))
        view.pointerDragged(to: Point(x: start.x, y: target.y + 4))
        #expect(view.interactiveMovementDestination?.section == 1)
        view.pointerUp(at: Point(x: start.x, y: target.y + 4))
        let did = try #require(log.events.last)
        #expect(did.kind == "did")
        #expect(did.transaction.sectionTransactions.map(\.sectionIdentifier) == ["a", "b"])
        #expect(did.transaction.sectionTransactions[0].finalSnapshot.items == ["one", "three"])
        #expect(source.snapshot().itemIdentifiers(inSection: "b").contains("two"))
        #expect(did.transaction.sectionTransactions[1].finalSnapshot.items == source.snapshot().itemIdentifiers(inSection: "b"))
        var t = 10.0
        settle(view, from: &t)
        #expect(view.invariantViolation() == nil)
    }

    @Test("canReorderItem false refuses the drag: the row stays, nothing is told")
    func refusedItem() throws {
        let (view, source, log) = try makeList(refused: ["two"])
        let start = grip(view, IndexPath(item: 1, section: 0))
        view.pointerDown(at: start)
        view.pointerDragged(to: Point(x: start.x, y: start.y + 8))
        view.pointerDragged(to: Point(x: start.x, y: start.y + 100))
        #expect(!view.isMovingInteractively)
        view.pointerUp(at: Point(x: start.x, y: start.y + 100))
        #expect(log.events.isEmpty)
        #expect(source.snapshot().itemIdentifiers == ["one", "two", "three", "four", "five"])
        #expect(!view.beginInteractiveMovementForItem(at: IndexPath(item: 1, section: 0)))
        #expect(view.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)), "the others still may")
        view.cancelInteractiveMovement()
    }

    @Test("a drag outside the grip, or on a grip not shown (out of edit mode), does not move the row")
    func outsideTheGrip() throws {
        let (view, source, log) = try makeList()
        let f = view.rectForItem(at: IndexPath(item: 0, section: 0))
        let text = Point(x: f.minX + 60, y: f.midY - view.contentOffset.y)
        view.pointerDown(at: text)
        view.pointerDragged(to: Point(x: text.x, y: text.y + 8))
        view.pointerDragged(to: Point(x: text.x, y: text.y + 100))
        #expect(!view.isMovingInteractively)
        view.pointerUp(at: Point(x: text.x, y: text.y + 100))

        view.setEditing(false, animated: false)
        let start = grip(view, IndexPath(item: 0, section: 0))
        view.pointerDown(at: start)
        view.pointerDragged(to: Point(x: start.x, y: start.y + 8))
        view.pointerDragged(to: Point(x: start.x, y: start.y + 100))
        #expect(!view.isMovingInteractively, "the grip shows in edit mode only (.whenEditing)")
        view.pointerUp(at: Point(x: start.x, y: start.y + 100))
        #expect(log.events.isEmpty)
        #expect(source.snapshot().itemIdentifiers == ["one", "two", "three", "four", "five"])
    }

    @Test("in edit mode a list cell draws its grip and no grid check badge over it")
    func noBadgeOverTheGrip() throws {
        let (view, _, _) = try makeList()
        let canvas = RecordingCanvas()
        view.render(in: canvas)
        let circles = canvas.operations.compactMap { op -> Rect? in
            if case let .fillPath(r, _) = op, abs(r.width - CollectionViewCell.badgeSize) < 0.5 { return r } else { return nil }
        }
        #expect(circles.isEmpty, "\(circles)")
        // The grip's three bars, on every row, inside the trailing accessory.
        let bars = canvas.filledRects(color: canvas.theme.secondaryForeground).filter { $0.width == 16 && $0.height == 2 }
        #expect(bars.count == 3 * view.indexPathsForVisibleItems.count)
        #expect(bars.allSatisfy { $0.minX == 360 - 8 - 16 - 8 })
    }

    @Test("a list cell's accessibility label is its text, secondary text and label accessory; a set label wins")
    func accessibilityLabel() throws {
        let cell = CollectionViewListCell(reuseIdentifier: nil)
        #expect(cell.accessibilityLabel == nil)
        var content = cell.defaultContentConfiguration()
        content.text = "Wi-Fi"
        content.secondaryText = "Connected"
        cell.contentConfiguration = content
        cell.accessories = [.reorder(), .label(text: "Home"), .label(text: "hidden", displayed: .whenEditing)]
        #expect(cell.accessibilityLabel == "Wi-Fi, Connected, Home")
        cell.accessibilityLabel = "Network"
        #expect(cell.accessibilityLabel == "Network")
    }

    @Test("a grip displayed .always moves the row out of edit mode too")
    func alwaysDisplayed() throws {
        let (view, source, _) = try makeList(displayed: .always, editing: false)
        let start = grip(view, IndexPath(item: 0, section: 0))
        view.pointerDown(at: start)
        view.pointerDragged(to: Point(x: start.x, y: start.y + 8))
        #expect(view.isMovingInteractively)
        view.pointerDragged(to: Point(x: start.x, y: start.y + 44))
        view.pointerUp(at: Point(x: start.x, y: start.y + 44))
        #expect(source.snapshot().itemIdentifiers(inSection: "a") == ["two", "one", "three"])
    }

    @Test("cancel glides every row back to its place and tells nothing")
    func cancelRestores() throws {
        let (view, source, log) = try makeList()
        let before = drawnTexts(view)
        let start = grip(view, IndexPath(item: 0, section: 0))
        view.pointerDown(at: start)
        view.pointerDragged(to: Point(x: start.x, y: start.y + 8))
        view.pointerDragged(to: Point(x: start.x, y: start.y + 100))
        var t = 10.0
        settle(view, from: &t)
        #expect(view.isMovingInteractively)
        #expect(drawnTexts(view)["two"]?.minY != before["two"]?.minY, "two made room")
        view.pointerCancelled()
        #expect(!view.isMovingInteractively)
        settle(view, from: &t)
        let after = drawnTexts(view)
        for item in ["one", "two", "three", "four", "five"] {
            #expect(after[item] == before[item], "\(item) back in place")
        }
        #expect(log.events.isEmpty)
        #expect(source.snapshot().itemIdentifiers == ["one", "two", "three", "four", "five"])
        #expect(view.invariantViolation() == nil)
    }

    @Test("Alt+Down moves the focused row a place through the same handlers; a refused row stays")
    func keyboard() throws {
        let (view, source, log) = try makeList(refused: ["three"])
        view.setFocusedIndexPath(IndexPath(item: 0, section: 0))
        #expect(view.handleKey(.down, modifiers: .alt))
        #expect(source.snapshot().itemIdentifiers(inSection: "a") == ["two", "one", "three"])
        #expect(view.focusedIndexPath == IndexPath(item: 1, section: 0))
        #expect(log.events.map(\.kind) == ["will", "did"])
        #expect(log.events.last?.transaction.sectionTransactions.first?.finalSnapshot.items == ["two", "one", "three"])
        view.setFocusedIndexPath(IndexPath(item: 2, section: 0))
        #expect(!view.handleKey(.up, modifiers: .alt))
        #expect(log.events.count == 2)
        var t = 10.0
        settle(view, from: &t)
        #expect(view.invariantViolation() == nil)
    }

    @Test("didReorder comes once the view shows the move: a snapshot it applies (one row less) is not refused as an update during the movement")
    func applyInsideDidReorder() throws {
        let (view, source, _) = try makeList()
        source.reorderingHandlers.didReorder = { [unowned source] _ in
            var next = source.snapshot()
            next.deleteItems(["five"])
            source.apply(next, animatingDifferences: true)
        }
        #expect(view.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
        view.updateInteractiveMovementTargetPosition(Point(x: 180, y: view.rectForItem(at: IndexPath(item: 2, section: 0)).midY))
        view.endInteractiveMovement()
        #expect(source.lastApplyError == nil)
        var t = 10.0
        settle(view, from: &t)
        #expect(source.snapshot().itemIdentifiers(inSection: "a") == ["two", "three", "one"])
        #expect(view.numberOfItems(inSection: 1) == 1, "the apply in didReorder was shown")
        let texts = drawnTexts(view)
        #expect(texts["five"] == nil && texts["one"].map { $0.minY > texts["three"]!.minY } == true)
        #expect(view.invariantViolation() == nil)
    }

    /// A data source that is not diffable: the grip's drop calls its `moveItemAt`.
    final class PlainSource: CollectionViewDataSource {
        var items = ["one", "two", "three"]
        var moves: [(IndexPath, IndexPath)] = []
        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { items.count }
        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "row", for: indexPath) as! CollectionViewListCell
            var content = cell.defaultContentConfiguration()
            content.text = items[indexPath.item]
            cell.contentConfiguration = content
            cell.accessories = [.reorder()]
            return cell
        }
        func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { true }
        func collectionView(_ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
            moves.append((sourceIndexPath, destinationIndexPath))
            items.insert(items.remove(at: sourceIndexPath.item), at: destinationIndexPath.item)
        }
    }

    @Test("without a diffable data source the drop calls the data source's moveItemAt once")
    func plainDataSource() throws {
        let view = CollectionView(frame: Rect(x: 0, y: 0, width: 360, height: 600),
                                  collectionViewLayout: CollectionViewCompositionalLayout.list(using: CollectionLayoutListConfiguration(appearance: .insetGrouped)))
        view.register(CollectionViewListCell.self, forCellWithReuseIdentifier: "row")
        let source = PlainSource()
        view.dataSource = source
        view.setEditing(true, animated: false)
        view.layoutIfNeeded()
        let start = grip(view, IndexPath(item: 2, section: 0))
        view.pointerDown(at: start)
        view.pointerDragged(to: Point(x: start.x, y: start.y - 8))
        let to = grip(view, IndexPath(item: 0, section: 0))
        view.pointerDragged(to: to)
        view.pointerUp(at: to)
        #expect(source.moves.count == 1)
        #expect(source.moves.first?.0 == IndexPath(item: 2, section: 0) && source.moves.first?.1 == IndexPath(item: 0, section: 0))
        #expect(source.items == ["three", "one", "two"])
        var t = 10.0
        settle(view, from: &t)
        let texts = drawnTexts(view)
        #expect((texts["three"]?.minY ?? 0) < (texts["one"]?.minY ?? 0))
        #expect(view.invariantViolation() == nil)
    }
}
