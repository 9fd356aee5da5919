import PoolTable
@testable import PoolTableDemoKit
import Testing

/// How many pictures the Photos grid holds at once, which sizes the picture cache (issue 37):
/// the arithmetic, and the controller telling its picture source when it changes.
@MainActor
@Suite("Photos: pictures in reach")
struct PhotoPicturesInReachTests {
    @Test("Pictures in reach: columns that fit times the rows of the viewport, the prepared band and the prefetching's range, plus a part row at each end")
    func arithmetic() {
        let layout = PhotosController.gridLayout()   // 140x162 items, 6 pt spacing, 12 pt side insets
        // 800 pt: (800 - 24 + 6) / 146 = 5 columns; 600 + 2 * 300 + 2 * 600 = 2,400 pt / 168 = 15 rows, + 2.
        #expect(PhotosController.picturesInReach(viewport: Size(width: 800, height: 600), layout: layout,
                                                 preparedDistance: 300, dataPrefetchScreens: 2) == 85)
        // One more column at 930 pt; taller viewports and longer distances hold more rows.
        #expect(PhotosController.picturesInReach(viewport: Size(width: 930, height: 600), layout: layout,
                                                 preparedDistance: 300, dataPrefetchScreens: 2) == 102)
        #expect(PhotosController.picturesInReach(viewport: Size(width: 800, height: 1_200), layout: layout,
                                                 preparedDistance: 600, dataPrefetchScreens: 2) == 5 * (29 + 2))
        #expect(PhotosController.picturesInReach(viewport: Size(width: 800, height: 600), layout: layout,
                                                 preparedDistance: 300, dataPrefetchScreens: 0) == 5 * (8 + 2))
        // Degenerate input still gives a row of what fits (never zero, never a trap).
        #expect(PhotosController.picturesInReach(viewport: Size(width: 0, height: 0), layout: layout,
                                                 preparedDistance: 0, dataPrefetchScreens: 0) == 2)
        #expect(PhotosController.picturesInReach(viewport: Size(width: 800, height: .infinity), layout: layout,
                                                 preparedDistance: .nan, dataPrefetchScreens: .infinity) == 5)
    }

    /// Records what the controller tells it; pictures never come.
    final class ReachPictures: PhotoPictureSource {
        var told: [Int] = []
        func picture(for photo: Photo) -> Image? { nil }
        func loadPicture(for photo: Photo, deliver: @escaping @MainActor (Image?) -> Void) {}
        func prefetchPicture(for photo: Photo) {}
        func cancelPicture(for photo: Photo) {}
        func picturesInReachDidChange(_ count: Int) { told.append(count) }
    }

    @Test("The controller tells its picture source the pictures in reach at the first bind, again when the viewport changes, not while it does not")
    func controllerTellsTheSource() {
        let files = (0..<2_000).map { PhotoFolder.File(path: "/photos/\($0).jpg", date: PhotoDate(secondsSince1970: 1_700_000_000 - $0 * 60)) }
        let controller = PhotosController(library: PhotoLibrary(files: files))
        let pictures = ReachPictures()
        controller.pictures = pictures
        let layout = PhotosController.gridLayout()
        let grid = CollectionView(frame: Rect(x: 0, y: 0, width: 800, height: 600), layout: layout)
        controller.attach(to: grid)
        grid.layoutIfNeeded()
        let first = PhotosController.picturesInReach(viewport: Size(width: 800, height: 600), layout: layout,
                                                     preparedDistance: grid.prefetchDistance, dataPrefetchScreens: grid.dataPrefetchDistance)
        #expect(pictures.told == [first])
        // Scrolling binds more cells: nothing changed, nothing told.
        grid.contentOffset = Point(x: 0, y: 3_000)
        grid.layoutIfNeeded()
        #expect(pictures.told == [first])
        // A taller, wider window: told once more, with more pictures.
        grid.frame = Rect(x: 0, y: 0, width: 1_100, height: 900)
        grid.layoutIfNeeded()
        grid.contentOffset = Point(x: 0, y: 6_000)
        grid.layoutIfNeeded()
        #expect(pictures.told.count == 2)
        #expect((pictures.told.last ?? 0) > first)
        #expect(pictures.told.last == PhotosController.picturesInReach(viewport: Size(width: 1_100, height: 900), layout: layout,
                                                                       preparedDistance: grid.prefetchDistance,
                                                                       dataPrefetchScreens: grid.dataPrefetchDistance))
    }
}
