import Testing
@testable import PoolTable

/// A delegate whose swipe actions say they came from the delegate, so a test can tell them
/// from a list configuration's.
@MainActor
private final class FallbackSwipeDelegate: CollectionViewDelegate {
    var performed: [String] = []
    func collectionView(_ collectionView: CollectionView, trailingSwipeActionsConfigurationForItemAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        SwipeActionsConfiguration(actions: [
            ContextualAction(style: .normal, title: "Delegate") { [weak self] _, done in self?.performed.append("delegate \(indexPath)"); done(true) },
        ])
    }
}

/// List configurations' swipe-action providers (issue 38, rule 5): a compositional list
/// section's rows swipe with its configuration's actions through the row-action controller;
/// sections that are no lists keep the delegate's.
@MainActor
@Suite("List configuration swipe actions")
struct ListSwipeActionsTests {
    typealias Source = CollectionViewDiffableDataSource<Int, String>

    /// Section 0: an inset-grouped list with a trailing provider (Pin; Delete, destructive)
    /// and a leading one (Read) for every row but the first; section 1: a grid section of
    /// two 180-point columns, no list.
    private func makeView(log: SwipeLog) throws -> (CollectionView, Source, FallbackSwipeDelegate) {
        var list = CollectionLayoutListConfiguration(appearance: .insetGrouped)
        list.trailingSwipeActionsConfigurationProvider = { ip in
            SwipeActionsConfiguration(actions: [
                ContextualAction(style: .normal, title: "Pin") { _, done in log.values.append("pin \(ip.item)"); done(true) },
                ContextualAction(style: .destructive, title: "Delete") { _, done in log.values.append("delete \(ip.item)"); done(true) },
            ])
        }
        list.leadingSwipeActionsConfigurationProvider = { ip in
            ip.item == 0 ? nil : SwipeActionsConfiguration(actions: [
                ContextualAction(style: .normal, title: "Read") { _, done in log.values.append("read \(ip.item)"); done(true) },
            ])
        }
        let layout = CollectionViewCompositionalLayout { index, environment in
            if index == 0 { return CollectionLayoutSection.list(using: list, layoutEnvironment: environment) }
            let item = CollectionLayoutItem(layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .absolute(80)))
            let group = CollectionLayoutGroup.horizontal(layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(80)),
                                                         subitems: [item])
            return CollectionLayoutSection(group: group)
        }
        let view = CollectionView(frame: Rect(x: 0, y: 0, width: 360, height: 600), collectionViewLayout: layout)
        let registration = CollectionView.CellRegistration<CollectionViewListCell, String> { cell, _, item in
            var content = cell.defaultContentConfiguration()
            content.text = item
            cell.contentConfiguration = content
        }
        let source = Source(collectionView: view) { view, ip, item in
            view.dequeueConfiguredReusableCell(using: registration, for: ip, item: item)
        }
        var snapshot = DiffableSnapshot<Int, String>()
        snapshot.appendSections([0, 1])
        snapshot.appendItems(["inbox", "drafts", "sent"], toSection: 0)
        snapshot.appendItems(["a", "b"], toSection: 1)
        try source.applyThrowing(snapshot, animatingDifferences: false)
        let delegate = FallbackSwipeDelegate()
        view.delegate = delegate
        view.layoutIfNeeded()
        return (view, source, delegate)
    }

    /// Drags from the centre of the item at `ip` by `dx` in 10-point steps and lets go.
    private func swipe(_ view: CollectionView, _ ip: IndexPath, by dx: Double) {
        let c = viewportCenter(view, ip)
        view.pointerDown(at: c)
        let step = dx < 0 ? -10.0 : 10.0
        for d in stride(from: step, through: dx, by: step) { view.pointerDragged(to: Point(x: c.x + d, y: c.y)) }
        view.pointerUp(at: Point(x: c.x + dx, y: c.y))
    }

    @Test("a swipe on a list row opens the configuration's trailing actions (not the delegate's); a click on one performs it; the buttons are drawn")
    func trailingProvider() throws {
        let log = SwipeLog()
        let (view, source, delegate) = try makeView(log: log)
        let ip = IndexPath(item: 1, section: 0)
        swipe(view, ip, by: -120)
        #expect(view.swipedIndexPath == ip)
        #expect(view.hasOpenSwipe)
        #expect(view.revealedSwipeActions.map(\.title) == ["Pin", "Delete"])
        let canvas = RecordingCanvas()
        view.render(in: canvas)
        #expect(canvas.texts.contains { $0.0 == "Pin" } && canvas.texts.contains { $0.0 == "Delete" }, "the revealed buttons are drawn")
        let row = view.rectForItem(at: ip)
        let edge = Point(x: row.maxX - 10, y: row.midY - view.contentOffset.y)
        view.pointerDown(at: edge)
        view.pointerUp(at: edge)
        #expect(log.values == ["pin 1"], "the action nearest the trailing edge is the first")
        #expect(delegate.performed.isEmpty)
        #expect(!view.hasOpenSwipe)
        withExtendedLifetime(source) {}
    }

    @Test("the leading provider answers a swipe the other way; a row it gives nil does not open")
    func leadingProvider() throws {
        let log = SwipeLog()
        let (view, source, _) = try makeView(log: log)
        swipe(view, IndexPath(item: 2, section: 0), by: 80)
        #expect(view.swipedIndexPath == IndexPath(item: 2, section: 0))
        #expect(view.revealedSwipeActions.map(\.title) == ["Read"])
        view.closeSwipe()
        #expect(!view.hasOpenSwipe)
        swipe(view, IndexPath(item: 0, section: 0), by: 80)
        #expect(!view.hasOpenSwipe, "no leading actions on the first row")
        withExtendedLifetime(source) {}
    }

    @Test("a section that is no list keeps the delegate's swipe actions")
    func nonListSectionFallsBack() throws {
        let log = SwipeLog()
        let (view, source, delegate) = try makeView(log: log)
        let ip = IndexPath(item: 0, section: 1)
        swipe(view, ip, by: -60)
        #expect(view.swipedIndexPath == ip)
        #expect(view.revealedSwipeActions.map(\.title) == ["Delegate"])
        #expect(delegate.performed.isEmpty && log.values.isEmpty)
        withExtendedLifetime(source) {}
    }

    @Test("without a delegate a list section still swipes with its configuration's actions")
    func withoutDelegate() throws {
        let log = SwipeLog()
        let (view, source, _) = try makeView(log: log)
        view.delegate = nil
        view.layoutIfNeeded()
        #expect(view.numberOfItems(inSection: 0) == 3)
        swipe(view, IndexPath(item: 0, section: 0), by: -120)
        #expect(view.revealedSwipeActions.map(\.title) == ["Pin", "Delete"])
        withExtendedLifetime(source) {}
    }
}

/// A log the providers' escaping closures append to.
@MainActor
final class SwipeLog { var values: [String] = [] }
