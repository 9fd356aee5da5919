import Testing
import PoolTable
@testable import PoolTableDemoKit

@MainActor
@Suite("News: ads inserted every 7 rows, self-sizing stories, scroll anchoring (article 002)")
struct NewsTests {
    func makeFeed(stories: Int = 2_000, width: Double = 420, height: Double = 720) -> (TableView, NewsController) {
        let table = TableView(frame: Rect(x: 0, y: 0, width: width, height: height))
        let controller = NewsController(storyCount: stories)
        controller.attach(to: table)
        return (table, controller)
    }

    /// Mounted cells that do not show their own row's item.
    func wrongCells(_ table: TableView, _ controller: NewsController) -> [String] {
        zip(table.indexPathsForMountedRows, table.mountedCells).compactMap { ip, cell in
            let shown = (cell as? NewsItemCell)?.item
            return shown == controller.items[ip.row] ? nil : "row \(ip.row) shows \(String(describing: shown?.id)), not \(controller.items[ip.row].id)"
        }
    }

    @Test("ad rows are 5, 12, 19, … inside the grown feed")
    func adRowPattern() {
        #expect(NewsController.adRows(insertingInto: 0) == [])
        #expect(NewsController.adRows(insertingInto: 4) == [])
        #expect(NewsController.adRows(insertingInto: 5) == [5])
        #expect(NewsController.adRows(insertingInto: 20) == [5, 12, 19])
        let rows = NewsController.adRows(insertingInto: 2_000)
        #expect(rows.first == 5 && rows.count == 333)
        #expect(zip(rows, rows.dropFirst()).allSatisfy { $1 - $0 == 7 })
        #expect(rows.last! < 2_000 + rows.count)
    }

    @Test("2,000 deterministic stories of varied length")
    func generatedStories() {
        let a = NewsGenerator.stories(count: 2_000), b = NewsGenerator.stories(count: 2_000)
        #expect(a == b)
        #expect(Set(a.map(\.id)).count == 2_000)
        let headlineLengths = Set(a.map { $0.headline.count / 20 }), summaryLengths = Set(a.map { $0.summary.count / 60 })
        #expect(headlineLengths.count >= 4 && summaryLengths.count >= 5)
        #expect(a.contains { $0.summary.isEmpty } && a.contains { $0.hasThumbnail } && a.contains { !$0.hasThumbnail })
    }

    @Test("a batch inserts ads at rows 5, 12, 19, …; stories keep their order; cells show their own rows")
    func adsAtTheRightRows() throws {
        let (table, controller) = makeFeed()
        let stories = controller.items
        let inserted = try controller.insertAdBatch(animation: .automatic)
        let adRows = controller.items.indices.filter { controller.items[$0].isAd }
        #expect(adRows == NewsController.adRows(insertingInto: 2_000))
        #expect(inserted.map(\.row) == adRows)
        #expect(controller.items.filter { !$0.isAd } == stories)
        #expect(table.numberOfRows(inSection: 0) == controller.items.count)
        #expect(controller.adBatches == 1 && controller.adCount == 333 && controller.storyCount == 2_000)
        #expect(wrongCells(table, controller) == [])
        // The first screen now shows the ad at row 5 in an ad cell.
        #expect(table.cellForRow(at: IndexPath(row: 5, section: 0)) is AdCell)
        table.advanceAnimations(to: 0); table.advanceAnimations(to: 1)
        #expect(!table.hasRunningAnimations)

        // Another batch: its ads take rows 5, 12, 19, … of the grown feed.
        try controller.insertAdBatch(animation: .none)
        #expect(controller.adBatches == 2)
        for row in NewsController.adRows(insertingInto: 2_333) { #expect(controller.items[row].ad?.batch == 2) }
        #expect(Set(controller.items.map(\.id)).count == controller.items.count)
        #expect(wrongCells(table, controller) == [])
    }

    @Test("rows size themselves from their wrapped text, measured before they are seen")
    func selfSizing() {
        let (table, controller) = makeFeed()
        let canvas = RecordingCanvas()
        var heights = Set<Double>()
        for ip in table.indexPathsForMountedRows {
            guard let story = controller.items[ip.row].story else { continue }
            let h = NewsCell.height(for: story, width: table.frame.width, canvas: canvas)
            #expect(table.rectForRow(at: ip).height == h)
            heights.insert(h)
        }
        #expect(heights.count >= 4, "varied heights: \(heights.sorted())")
        // Unmeasured rows stand in with the estimate.
        #expect(table.rectForRow(at: IndexPath(row: 1_500, section: 0)).height == NewsController.estimatedRowHeight)
        // A narrower table wraps more: the same rows get taller.
        let first = table.rectForRow(at: IndexPath(row: 0, section: 0)).height
        table.frame = Rect(x: 0, y: 0, width: 260, height: 720)
        table.layoutIfNeeded()
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)).height > first)
    }

    @Test("with Keep position on, ads inserted above and below leave the top story within 0.5 px", arguments: [RowAnimation.automatic, .none])
    func anchoringKeepsTheStory(animation: RowAnimation) throws {
        let (table, controller) = makeFeed()
        table.advanceAnimations(to: 0)
        table.contentOffset = Point(x: 0, y: 40_000.5)
        let before = try #require(controller.topItem())
        try controller.insertAdBatch(animation: animation)
        let now = try #require(controller.screenY(ofItem: before.item.id))
        #expect(abs(now - before.screenY) <= 0.5, "moved \(now - before.screenY) px")
        #expect(wrongCells(table, controller) == [])
        // Through the animation and after it, too.
        for t in stride(from: 0.05, through: 0.6, by: 0.05) {
            table.advanceAnimations(to: t)
            let y = try #require(controller.screenY(ofItem: before.item.id))
            #expect(abs(y - before.screenY) <= 0.5, "at \(t) s moved \(y - before.screenY) px")
        }
        #expect(wrongCells(table, controller) == [])
    }

    @Test("scrolling up through estimated rows: corrections never move what is on screen")
    func estimatesCorrectedWhileScrollingUp() throws {
        let (table, controller) = makeFeed()
        try controller.insertAdBatch(animation: .none)
        table.contentOffset = Point(x: 0, y: table.contentSize.height)   // the end: everything above estimated
        var worst = 0.0
        for _ in 0..<300 {
            let anchor = try #require(controller.topItem())
            table.contentOffset = Point(x: 0, y: table.contentOffset.y - 40)
            if table.contentOffset.y == 0 { break }
            let moved = try #require(controller.screenY(ofItem: anchor.item.id)) - anchor.screenY
            worst = max(worst, abs(moved - 40))
        }
        #expect(worst <= 0.5, "content moved by up to \(worst) px beyond the scroll")
        #expect(wrongCells(table, controller) == [])
    }

    @Test("with Keep position off, the same insert makes the top story jump (the check can fail)")
    func jumpWithoutAnchoring() throws {
        let (table, controller) = makeFeed()
        controller.keepsPosition = false
        #expect(!table.maintainsVisibleContentPosition)
        table.contentOffset = Point(x: 0, y: 40_000.5)
        let before = try #require(controller.topItem())
        let adsAbove = NewsController.adRows(insertingInto: 2_000).filter { $0 <= before.indexPath.row + 1 }.count
        try controller.insertAdBatch(animation: .automatic)
        let now = try #require(controller.screenY(ofItem: before.item.id))
        // Pushed down by every ad inserted above it (at their estimated height).
        #expect(now - before.screenY > 100, "moved only \(now - before.screenY) px")
        #expect(abs(now - before.screenY - Double(adsAbove) * NewsController.estimatedRowHeight) < Double(adsAbove) * 60)
        controller.keepsPosition = true
        #expect(table.maintainsVisibleContentPosition)
    }

    @Test("random scrolling and ad batches: every mounted cell shows its own item")
    func randomScrollAndInsert() throws {
        let (table, controller) = makeFeed(stories: 600)
        var rng = SeededRandom(seed: 2_002)
        var clock = 0.0
        for step in 0..<200 {
            clock += 0.05
            switch Int.random(in: 0..<10, using: &rng) {
            case 0 where controller.items.count < 1_500:   // a few batches (each adds a seventh)
                try controller.insertAdBatch(animation: Bool.random(using: &rng) ? .automatic : .none)
            case 1: table.contentOffset = Point(x: 0, y: Double.random(in: 0...table.contentSize.height, using: &rng))
            default: table.contentOffset = Point(x: 0, y: table.contentOffset.y + Double.random(in: -500...500, using: &rng))
            }
            table.advanceAnimations(to: clock)
            let wrong = wrongCells(table, controller)
            #expect(wrong.isEmpty, "step \(step): \(wrong.prefix(2))")
            if !wrong.isEmpty { break }
        }
        #expect(controller.adBatches >= 4)
    }
}
