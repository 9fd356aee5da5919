import Testing
@_spi(Hosting) @_spi(Diagnostics) @testable import PoolTable

/// A grid delegate whose trailing actions use UIKit's three-argument handler; keeps every
/// source it was given.
@MainActor
final class SourceHandlerGridDelegate: CollectionViewDelegate {
    var sources: [ContextualAction.Source] = []
    func collectionView(_ collectionView: CollectionView, trailingSwipeActionsConfigurationForItemAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        SwipeActionsConfiguration(actions: [
            ContextualAction(style: .normal, title: "Archive") { [weak self] _, sourceView, done in self?.sources.append(sourceView); done(true) },
            ContextualAction(style: .normal, title: "Flag") { [weak self] _, sourceView, done in self?.sources.append(sourceView); done(true) },
        ])
    }
}

@MainActor
@Suite("Row actions: UIKit's three-argument handler (action, sourceView, completion), issue 38")
struct RowActionsSourceHandlerTests {
    let width = 400.0

    func makeTable() -> (TableView, ActionSource) {
        let table = TableView(frame: Rect(x: 0, y: 0, width: width, height: 440))
        let source = ActionSource(count: 60)
        source.attach(to: table)
        return (table, source)
    }

    func point(_ table: TableView, row: Int, x: Double = 200) -> Point {
        let r = table.rectForRow(at: IndexPath(row: row, section: 0))
        return Point(x: x, y: r.midY - table.contentOffset.y)
    }

    /// Trailing actions Delete (destructive, removing its row when it completes `true`) and
    /// Share (normal), both with the three-argument handler; each records its source and
    /// completes with `ok` (nil: keeps the completion in `pending`).
    final class Recorder {
        var sources: [(String, ContextualAction.Source)] = []
        var pending: ((Bool) -> Void)?
    }
    func threeArgumentActions(_ source: ActionSource, ok: Bool?, _ recorder: Recorder) {
        source.trailing = { ip in
            let delete = ContextualAction(style: .destructive, title: "Delete") { action, sourceView, completion in
                recorder.sources.append((action.title ?? "", sourceView))
                if ok == true { source.rows.remove(at: ip.row) }
                if let ok { completion(ok) } else { recorder.pending = completion }
            }
            let share = ContextualAction(style: .normal, title: "Share") { action, sourceView, completion in
                recorder.sources.append((action.title ?? "", sourceView))
                if let ok { completion(ok) } else { recorder.pending = completion }
            }
            return SwipeActionsConfiguration(actions: [delete, share])
        }
    }

    /// The title of row `row` as drawn now (x of its text), or nil.
    func drawnTitleX(_ table: TableView, _ text: String) -> Double? {
        let canvas = RecordingCanvas()
        table.render(in: canvas)
        return canvas.texts.first { $0.0 == text }?.1.minX
    }

    @Test("a click on a button: the source is that button (frame in content coordinates, row, cell, list); completing true closes the row")
    func sourceOfAClickedButton() throws {
        let (table, source) = makeTable()
        let recorder = Recorder()
        threeArgumentActions(source, ok: true, recorder)
        table.contentOffset = Point(x: 0, y: 300)   // content coordinates differ from the viewport's
        table.advanceAnimations(to: 10)              // a clock: the row eases shut
        let row = 12, ip = IndexPath(row: row, section: 0)
        #expect(table.beginSwipe(atViewportPoint: point(table, row: row)))
        table.updateSwipe(translation: -170)
        table.endSwipe()
        #expect(table.hasOpenSwipe && table.swipeOffset == -160)
        table.advanceAnimations(to: 10.5)
        let p = Point(x: width - 120, y: point(table, row: row).y)   // Share, inside Delete
        table.pointerDown(at: p)
        table.pointerUp(at: p)
        let (title, sourceView) = try #require(recorder.sources.first)
        #expect(title == "Share")
        let rowRect = table.rectForRow(at: ip)
        #expect(sourceView.frame == Rect(x: width - 160, y: rowRect.minY, width: 80, height: rowRect.height))
        #expect(sourceView.bounds == Rect(x: 0, y: 0, width: 80, height: rowRect.height))
        #expect(sourceView.indexPath == ip)
        #expect(sourceView.cell === table.cellForRow(at: ip))
        #expect(sourceView.listView === table)
        #expect(sourceView.actionIndex == 1 && !sourceView.isFullSwipe)
        // Completed true, normal style: the row closes (state at once, drawing eased) and stays.
        #expect(!table.hasOpenSwipe && table.swipedIndexPath == nil)
        #expect(table.numberOfRows(inSection: 0) == 60)
        table.advanceAnimations(to: 11)
        #expect(drawnTitleX(table, "Mail 12") == 16)
    }

    @Test("a full swipe: the source is the whole revealed strip; a destructive action completing true deletes the row")
    func fullSwipeSource() throws {
        let (table, source) = makeTable()
        let recorder = Recorder()
        threeArgumentActions(source, ok: true, recorder)
        #expect(table.beginSwipe(atViewportPoint: point(table, row: 3)))
        table.updateSwipe(translation: -380)
        table.endSwipe()
        let (title, sourceView) = try #require(recorder.sources.first)
        #expect(title == "Delete")
        #expect(sourceView.isFullSwipe && sourceView.actionIndex == 0)
        #expect(sourceView.frame == Rect(x: 0, y: table.rectForRow(at: IndexPath(row: 3, section: 0)).minY, width: width, height: 44))
        #expect(table.numberOfRows(inSection: 0) == 59)
        #expect(table.lastRowActionError == nil)
        table.advanceAnimations(to: 100)
        table.advanceAnimations(to: 101)
        #expect(table.cellForRow(at: IndexPath(row: 3, section: 0))?.text == "Mail 4")
    }

    @Test("completing false: not performed; a destructive action deletes nothing and the row closes (springs back)")
    func completingFalse() throws {
        let (table, source) = makeTable()
        let recorder = Recorder()
        threeArgumentActions(source, ok: false, recorder)
        table.advanceAnimations(to: 10)
        #expect(table.beginSwipe(atViewportPoint: point(table, row: 2)))
        table.updateSwipe(translation: -380)   // full swipe on Delete
        table.endSwipe()
        #expect(recorder.sources.map(\.0) == ["Delete"])
        #expect(table.numberOfRows(inSection: 0) == 60)
        #expect(table.swipedIndexPath == nil && !table.hasOpenSwipe)
        #expect(table.lastRowActionError == nil)
        table.advanceAnimations(to: 11)
        #expect(drawnTitleX(table, "Mail 2") == 16)
        #expect(table.cellForRow(at: IndexPath(row: 2, section: 0))?.text == "Mail 2")
    }

    @Test("until the completion is called the row stays open; a second call is ignored")
    func pendingCompletion() throws {
        let (table, source) = makeTable()
        let recorder = Recorder()
        threeArgumentActions(source, ok: nil, recorder)
        #expect(table.beginSwipe(atViewportPoint: point(table, row: 5)))
        table.updateSwipe(translation: -170)
        table.endSwipe()
        table.performSwipeAction(at: 1)
        #expect(recorder.sources.map(\.0) == ["Share"])
        #expect(table.hasOpenSwipe)
        table.advanceAnimations(to: 50)
        #expect(table.hasOpenSwipe && table.swipeOffset == -160)
        let completion = try #require(recorder.pending)
        completion(true)
        #expect(!table.hasOpenSwipe)
        // Opened again, a late second call of the first completion changes nothing.
        #expect(table.beginSwipe(atViewportPoint: point(table, row: 5)))
        table.updateSwipe(translation: -170)
        table.endSwipe()
        completion(false)
        #expect(table.hasOpenSwipe)
    }

    @Test("on a grid the source is the button within the swiped item; an item too narrow for its buttons shows (and passes) one filling it")
    func gridSource() throws {
        let source = GridSource(counts: [40])
        let grid = makeGrid(source, layout: gridLayout(item: Size(width: 190, height: 100)))
        let delegate = SourceHandlerGridDelegate()
        grid.delegate = delegate
        grid.layoutIfNeeded()
        let ip = IndexPath(item: 3, section: 0)
        let r = grid.rectForItem(at: ip)
        #expect(grid.beginSwipe(atViewportPoint: viewportCenter(grid, ip)))
        grid.updateSwipe(translation: -150)
        grid.endSwipe()
        #expect(grid.hasOpenSwipe && grid.swipeOffset == -160)
        grid.performSwipeAction(at: 1)
        let sourceView = try #require(delegate.sources.first)
        // Flag is the second button in from the item's trailing edge, within the item.
        #expect(sourceView.frame == Rect(x: r.maxX - 160, y: r.minY, width: 80, height: r.height))
        #expect(sourceView.indexPath == ip && sourceView.cell === grid.cellForItem(at: ip))
        #expect(!sourceView.isFullSwipe && sourceView.actionIndex == 1)
        #expect(!grid.hasOpenSwipe)
        // 100-wide items: the two buttons do not fit apart, the first fills the item (as drawn).
        let narrow = makeGrid(GridSource(counts: [40]))
        narrow.delegate = delegate
        narrow.layoutIfNeeded()
        let n = narrow.rectForItem(at: ip)
        #expect(narrow.beginSwipe(atViewportPoint: viewportCenter(narrow, ip)))
        narrow.updateSwipe(translation: -70)
        narrow.endSwipe()
        narrow.performSwipeAction(at: 0)
        let filled = try #require(delegate.sources.last)
        #expect(delegate.sources.count == 2)
        #expect(filled.frame == n && filled.isFullSwipe)
    }

    @Test("the two handler shapes side by side; calling a three-argument action's handler directly gives a detached source")
    func bothShapes() {
        var seen: [String] = []
        let two = ContextualAction(style: .normal, title: "Two") { _, done in seen.append("two"); done(true) }
        let anonymous = ContextualAction(style: .normal, title: "Anonymous") { $1(true); seen.append("anonymous") }
        var detached: ContextualAction.Source?
        let three = ContextualAction(style: .normal, title: "Three") { _, sourceView, done in detached = sourceView; seen.append("three"); done(true) }
        var results: [Bool] = []
        for action in [two, anonymous, three] { action.handler(action) { results.append($0) } }
        #expect(seen == ["two", "anonymous", "three"])
        #expect(results == [true, true, true])
        #expect(detached?.indexPath == nil && detached?.listView == nil && detached?.cell == nil)
        #expect(detached?.frame == .zero)
    }
}
