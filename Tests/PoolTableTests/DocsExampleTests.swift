import Foundation
import PoolTable
import Testing

// The "Grids" article's code (Sources/PoolTable/PoolTable.docc/Grids.md), verbatim between
// the markers, and what "The life of a row" says about the pool and the cell log, checked.

// docs:begin
/// A photo grid: items select by dragging across them, as in the Photos app.
final class PhotoGrid: CollectionViewDataSource, CollectionViewDelegate {
    var photos = (0..<5_000).map { "IMG_\($0)" }
    private(set) var isSelecting = false

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        photos.count
    }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "photo", for: indexPath) as! PhotoCell
        cell.name = photos[indexPath.item]      // content only: the grid applies the selection
        return cell
    }

    // Seed 003: a drag across items begins multiple selection and turns editing on.
    func collectionView(_ collectionView: CollectionView, shouldBeginMultipleSelectionInteractionAt indexPath: IndexPath) -> Bool {
        true
    }

    func collectionView(_ collectionView: CollectionView, didBeginMultipleSelectionInteractionAt indexPath: IndexPath) {
        isSelecting = true                      // e.g. show a "Select all" button
    }

    func collectionViewDidEndMultipleSelectionInteraction(_ collectionView: CollectionView) {
        isSelecting = false
    }
}

/// A square with the photo's name; the grid draws the selection border and check badge.
final class PhotoCell: CollectionViewCell {
    var name = ""

    override func drawContent(in canvas: Canvas, bounds: Rect) {
        canvas.fillRoundedRect(bounds, radius: 6, color: canvas.theme.cellBackground)
        canvas.drawText(name, in: bounds.insetBy(dx: 8, dy: 8),
                        style: TextStyle(font: .caption, color: canvas.theme.secondaryForeground))
    }
}

@MainActor
func makePhotoGrid(_ photos: PhotoGrid) -> CollectionView {
    var layout = GridLayout()
    layout.itemSize = Size(width: 120, height: 120)
    layout.sectionInset = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    let grid = CollectionView(frame: Rect(x: 0, y: 0, width: 800, height: 600), layout: layout)
    grid.register({ PhotoCell(reuseIdentifier: $0) }, forCellWithReuseIdentifier: "photo")
    grid.dataSource = photos
    grid.delegate = photos
    return grid
}
// docs:end

@Suite("Documentation examples")
@MainActor
struct DocsExampleTests {
    @Test("Grids: the article's photo grid lays out, and a drag across items selects them in edit mode")
    func gridExample() {
        let photos = PhotoGrid()
        let grid = makePhotoGrid(photos)
        #expect(grid.numberOfColumns == 6)
        #expect(grid.indexPathsForVisibleItems.first == IndexPath(item: 0, section: 0))
        #expect((grid.cellForItem(at: IndexPath(item: 7, section: 0)) as? PhotoCell)?.name == "IMG_7")

        let first = grid.rectForItem(at: IndexPath(item: 0, section: 0))
        let third = grid.rectForItem(at: IndexPath(item: 2, section: 0))
        grid.pointerDown(at: Point(x: first.midX, y: first.midY))
        grid.pointerDragged(to: Point(x: first.midX + 20, y: first.midY))
        #expect(grid.isEditing, "the drag began multiple selection and turned editing on")
        #expect(photos.isSelecting)
        grid.pointerDragged(to: Point(x: third.midX, y: third.midY))
        grid.pointerUp(at: Point(x: third.midX, y: third.midY))
        #expect(!photos.isSelecting)
        #expect(grid.indexPathsForSelectedItems == (0...2).map { IndexPath(item: $0, section: 0) })
        #expect(grid.mountedCells.filter(\.isSelected).count == 3)
    }

    @Test("The life of a row: a cell leaves the band, is recycled, reused and bound to a new row; the log says so")
    func lifeOfARow() throws {
        let source = CountedTableSourceFixture(counts: [10_000])
        let table = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 440))
        table.register({ TableViewCell(reuseIdentifier: $0) }, forCellReuseIdentifier: "row")
        table.dataSource = source
        table.layoutIfNeeded()
        let top = IndexPath(row: 0, section: 0)
        let cell = try #require(table.cellForRow(at: top))
        let id = table.cellID(of: cell)
        // 10 rows visible, half a viewport (5 rows) prepared below.
        #expect(table.indexPathsForVisibleRows.count == 10)
        #expect(table.indexPathsForPreparedRows == (10..<15).map { IndexPath(row: $0, section: 0) })

        // Row 0 leaves the viewport: still mounted, now prepared.
        table.contentOffset = Point(x: 0, y: 44)
        #expect(table.indexPathsForPreparedRows.contains(top))
        #expect(table.cellForRow(at: top) === cell)

        // Further down, it leaves the band: the cell goes back to the pool and comes out for a new row.
        table.contentOffset = Point(x: 0, y: 44 * 7)
        #expect(table.cellForRow(at: top) == nil)
        let events = table.recentCellEvents.filter { $0.cellID == id }.map(\.kind)
        #expect(Array(events.prefix(3)) == [.created, .bound, .willDisplay])
        let recycled = try #require(events.firstIndex(of: .recycled))
        #expect(events[..<recycled].contains(.didEndDisplaying))
        #expect(Array(events[recycled...].prefix(3)) == [.recycled, .reused, .bound])
        let now = try #require(table.indexPath(for: cell))
        #expect(now.row > 14)
        #expect(cell.text == "Row \(now.row)")
        #expect(table.cellID(of: cell) == id)
        // Exactly the story "The life of a row" prints for this cell.
        #expect(table.recentCellEvents.filter { $0.cellID == id }.map(\.description) == [
            "#1 created", "#1 bound [0, 0]", "#1 willDisplay [0, 0]", "#1 didEndDisplaying [0, 0]",
            "#1 recycled [0, 0]", "#1 reused", "#1 bound [0, 17]",
        ])
    }

    @Test("Grids: the article shows exactly the code this test compiles")
    func gridArticleMatches() throws {
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let begin = try #require(source.range(of: "// docs:begin\n"))
        let end = try #require(source.range(of: "// docs:end"))
        let example = String(source[begin.upperBound..<end.lowerBound])
        let root = #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/")
        let article = try String(contentsOfFile: root + "/Sources/PoolTable/PoolTable.docc/Grids.md", encoding: .utf8)
        #expect(example.count > 500)
        #expect(article.contains(example), "Grids.md must contain the example between the docs markers verbatim")
    }
}
