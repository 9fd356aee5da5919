import PoolTable
@testable import PoolTableDemoKit
import Testing

/// Issue 23 in the Photos grid: the library keeps an order of the user's making.
@MainActor
@Suite("Photos: moving photos by hand in edit mode")
struct PhotoMoveTests {
    func makeGrid(count: Int = 3_000) -> (PhotosController, CollectionView) {
        let controller = PhotosController(library: PhotoLibrary(count: count))
        let grid = CollectionView(frame: Rect(x: 0, y: 0, width: 560, height: 700), layout: PhotosController.gridLayout(thumbnailSide: 100))
        controller.attach(to: grid)
        grid.reloadData()
        grid.layoutIfNeeded()
        return (controller, grid)
    }

    /// The photo ids the grid's mounted cells show, by index path, and what the library has there.
    func expectCellsShowLibrary(_ controller: PhotosController, _ grid: CollectionView, sourceLocation: SourceLocation = #_sourceLocation) {
        for cell in grid.mountedCells {
            guard let ip = grid.indexPath(for: cell), let photo = (cell as? PhotoCell)?.photo else { continue }
            #expect(photo == controller.library.photo(at: ip), "cell at \(ip)", sourceLocation: sourceLocation)
        }
    }

    /// What the grid draws in the item's rect: the date line's text (the picture is the photo's).
    func drawnTexts(_ grid: CollectionView, at ip: IndexPath) -> [String] {
        let canvas = RecordingCanvas()
        grid.render(in: canvas)
        let r = grid.rectForItem(at: ip).offsetBy(dx: -grid.contentOffset.x, dy: -grid.contentOffset.y)
        return canvas.texts.filter { r.contains(Point(x: $0.1.midX, y: $0.1.midY)) }.map(\.0)
    }

    @Test("the library: a move within a month keeps the user's order, lookups by id follow; other months are refused")
    func libraryMoves() throws {
        var library = PhotoLibrary(count: 3_000)
        let n = library.numberOfItems(in: 0)
        try #require(n >= 6 && library.numberOfSections >= 2)
        let before = library.sections[0].photos.map(\.id)
        let moved = library.movePhoto(from: IndexPath(row: 1, section: 0), to: IndexPath(row: 4, section: 0))
        #expect(moved)
        var want = before
        want.insert(want.remove(at: 1), at: 4)
        #expect(library.sections[0].photos.map(\.id) == want)
        for (row, id) in want.enumerated() { #expect(library.indexPath(ofPhotoID: id) == IndexPath(row: row, section: 0)) }
        // Lookups in the months around still work (the reordered month's oldest is not its last).
        let other = library.sections[1].photos[2].id
        #expect(library.indexPath(ofPhotoID: other) == IndexPath(row: 2, section: 1))
        let acrossMonths = library.movePhoto(from: IndexPath(row: 0, section: 0), to: IndexPath(row: 0, section: 1))
        let pastTheEnd = library.movePhoto(from: IndexPath(row: 0, section: 0), to: IndexPath(row: n, section: 0))
        #expect(!acrossMonths && !pastTheEnd)
        #expect(library.sections[0].photos.map(\.id) == want)
        // A proposal in another month stays in the photo's own.
        #expect(library.destinationForMove(from: IndexPath(row: 3, section: 1), proposed: IndexPath(row: 5, section: 0)) == IndexPath(row: 0, section: 1))
        #expect(library.destinationForMove(from: IndexPath(row: 3, section: 0), proposed: IndexPath(row: 0, section: 1)) == IndexPath(row: n - 1, section: 0))
        // A delete and its undo keep working on the reordered month.
        let deleted = library.photo(at: IndexPath(row: 2, section: 0))
        library.deletePhotos(at: [IndexPath(row: 2, section: 0)])
        #expect(library.indexPath(ofPhotoID: deleted.id) == nil)
        library.undo()
        #expect(library.sections[0].photos.map(\.id) == want)
    }

    @Test("in edit mode a long press lifts a photo, a drag carries it, release moves it; the grid shows the new order")
    func dragMovesAPhoto() throws {
        let (controller, grid) = makeGrid()
        let a = IndexPath(item: 1, section: 0), b = IndexPath(item: 4, section: 0)
        let ra = grid.rectForItem(at: a), rb = grid.rectForItem(at: b)
        // Outside edit mode a photo does not move.
        #expect(!grid.beginInteractiveMovementForItem(at: a))
        grid.setEditing(true, animated: false)
        let moving = controller.library.photo(at: a)
        let was = controller.library.sections[0].photos.map(\.id)
        let cell = try #require(grid.cellForItem(at: a))
        #expect(grid.longPress(at: Point(x: ra.midX, y: ra.midY)))
        #expect(grid.isMovingInteractively)
        grid.pointerDragged(to: Point(x: (ra.midX + rb.midX) / 2, y: (ra.midY + rb.midY) / 2))
        grid.pointerDragged(to: Point(x: rb.midX, y: rb.midY))
        #expect(grid.interactiveMovementDestination == b)
        grid.pointerUp(at: Point(x: rb.midX, y: rb.midY))
        #expect(!grid.isMovingInteractively)
        var want = was
        want.insert(want.remove(at: 1), at: 4)
        #expect(controller.library.sections[0].photos.map(\.id) == want)
        #expect(controller.library.photo(at: b) == moving)
        grid.advanceAnimations(to: 10)
        grid.advanceAnimations(to: 11)
        #expect(grid.cellForItem(at: b) === cell, "the moved photo keeps its cell")
        expectCellsShowLibrary(controller, grid)
        // What is drawn at the new place is the moved photo (its date line).
        let line = controller.format.dateLine(moving.date)
        #expect(drawnTexts(grid, at: b).contains(line), "drawn at \(b): \(drawnTexts(grid, at: b))")
    }

    @Test("in edit mode Alt+Right and Alt+Left move the focused photo a place, not out of its month")
    func keyboardMovesAPhoto() throws {
        let (controller, grid) = makeGrid()
        grid.handleKey(.right)
        _ = grid.handleKey(.right, modifiers: .alt)
        #expect(controller.library.reorderedMonths.isEmpty, "outside edit mode nothing moves")
        grid.setEditing(true, animated: false)
        let focus = try #require(grid.focusedIndexPath)
        let moving = controller.library.photo(at: focus)
        #expect(grid.handleKey(.right, modifiers: .alt))
        let next = IndexPath(item: focus.item + 1, section: focus.section)
        #expect(controller.library.photo(at: next) == moving)
        #expect(grid.focusedIndexPath == next)
        #expect(grid.handleKey(.left, modifiers: .alt))
        #expect(controller.library.photo(at: focus) == moving)
        // The last photo of the first month stays there: Alt+Right does not cross into the next month.
        let last = IndexPath(item: controller.library.numberOfItems(in: 0) - 1, section: 0)
        let lastPhoto = controller.library.photo(at: last)
        let order = controller.library.sections.map { $0.photos.map(\.id) }
        grid.scrollToItem(at: last, at: .middle, animated: false)
        let r = grid.rectForItem(at: last).offsetBy(dx: -grid.contentOffset.x, dy: -grid.contentOffset.y)
        grid.pointerDown(at: Point(x: r.midX, y: r.midY))      // a click in edit mode puts the cursor there
        grid.pointerUp(at: Point(x: r.midX, y: r.midY))
        #expect(grid.focusedIndexPath == last)
        _ = grid.handleKey(.right, modifiers: .alt)
        #expect(controller.library.photo(at: last) == lastPhoto)
        #expect(controller.library.sections.map { $0.photos.map(\.id) } == order)
        grid.advanceAnimations(to: 10)
        grid.advanceAnimations(to: 11)
        expectCellsShowLibrary(controller, grid)
    }
}
