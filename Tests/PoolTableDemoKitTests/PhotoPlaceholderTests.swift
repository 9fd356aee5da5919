import PoolTable
@testable import PoolTableDemoKit
import Testing

/// Placeholders in the Photos grid: shown on the cell that shows their photo now, replaced by
/// the sharp picture, never shown on a cell that moved on; a cell showing a placeholder that
/// leaves the screen asks again when it comes back.
@MainActor
@Suite("Photo placeholders")
struct PhotoPlaceholderTests {
    /// Pictures completed by hand, with a placeholder step.
    final class PlaceholderPictures: PhotoPictureSource {
        var ready: [Int: Image] = [:], placeholders: [Int: Image] = [:]
        var waiting: [(photo: Photo, placeholder: @MainActor (Image) -> Void, deliver: @MainActor (Image?) -> Void)] = []
        var cancelled: [Int] = []
        func picture(for photo: Photo) -> Image? { ready[photo.id] }
        func placeholderPicture(for photo: Photo) -> Image? { placeholders[photo.id] }
        func loadPicture(for photo: Photo, deliver: @escaping @MainActor (Image?) -> Void) {
            loadPicture(for: photo, placeholder: { _ in }, deliver: deliver)
        }
        func loadPicture(for photo: Photo, placeholder: @escaping @MainActor (Image) -> Void, deliver: @escaping @MainActor (Image?) -> Void) {
            waiting.append((photo, placeholder, deliver))
        }
        func prefetchPicture(for photo: Photo) {}
        func cancelPicture(for photo: Photo) {
            cancelled.append(photo.id)
            waiting.removeAll { $0.photo == photo }
        }
        func image(_ id: Int, _ tag: UInt8) -> Image { Image(width: 1, height: 1, premultipliedBGRA: [UInt8(id & 0xff), tag, 0, 255]) }
        /// Gives every request for `id` its placeholder (they keep waiting for the picture).
        func showPlaceholder(_ id: Int) {
            let image = image(id, 1)
            placeholders[id] = image
            for w in waiting where w.photo.id == id { w.placeholder(image) }
        }
        /// Completes every request for `id` with the sharp picture.
        func complete(_ id: Int) {
            let image = image(id, 2)
            ready[id] = image
            placeholders[id] = nil
            let due = waiting.filter { $0.photo.id == id }
            waiting.removeAll { $0.photo.id == id }
            for w in due { w.deliver(image) }
        }
    }

    func grid() -> (PhotosController, CollectionView, PlaceholderPictures) {
        let files = (0..<400).map { PhotoFolder.File(path: "/photos/\($0).jpg", date: PhotoDate(secondsSince1970: 1_700_000_000 - $0 * 60)) }
        let controller = PhotosController(library: PhotoLibrary(files: files))
        let pictures = PlaceholderPictures()
        controller.pictures = pictures
        let grid = CollectionView(frame: Rect(x: 0, y: 0, width: 500, height: 400), layout: PhotosController.gridLayout(thumbnailSide: 100))
        controller.attach(to: grid)
        grid.layoutIfNeeded()
        return (controller, grid, pictures)
    }

    @Test("A placeholder shows on its photo's cell, marked as one, then the sharp picture replaces it; a late placeholder for a cell that moved on shows nowhere")
    func placeholderThenSharp() throws {
        let (controller, grid, pictures) = grid()
        let first = try #require(grid.indexPathsForVisibleItems.first)
        let cell = try #require(grid.cellForItem(at: first) as? PhotoCell)
        let id = try #require(cell.photo?.id)
        #expect(cell.picture == nil && !cell.pictureIsPlaceholder)
        pictures.showPlaceholder(id)
        #expect(cell.picture === pictures.placeholders[id] && cell.pictureIsPlaceholder, "the placeholder, marked")
        #expect(cell.requestedPhoto?.id == id, "still waiting for the sharp picture")
        pictures.complete(id)
        #expect(cell.picture === pictures.ready[id] && !cell.pictureIsPlaceholder, "sharp")
        // A cell reused for another photo before its photo's placeholder came.
        let second = try #require(grid.indexPathsForVisibleItems.dropFirst().first)
        let other = try #require(grid.cellForItem(at: second) as? PhotoCell)
        let otherID = try #require(other.photo?.id)
        let late = pictures.waiting.first { $0.photo.id == otherID }
        grid.contentOffset = Point(x: 0, y: 8_000)
        #expect(other.photo?.id != otherID && pictures.cancelled.contains(otherID))
        let lateImage = pictures.image(otherID, 1)
        try #require(late != nil)
        late?.placeholder(lateImage)                   // arrives anyway (it was on its way)
        let mounted = grid.indexPathsForMountedItems.compactMap { grid.cellForItem(at: $0) as? PhotoCell }
        #expect(!mounted.contains { $0.picture === lateImage }, "no cell shows the old photo's placeholder")
        #expect(controller.deliveries.mismatched == 0)
    }

    @Test("A cell bound to a photo whose placeholder is ready shows it at once and asks for the sharp picture")
    func placeholderReadyAtBind() throws {
        let (controller, grid, pictures) = grid()
        // Photos further down get placeholders before their cells are bound.
        for id in 0..<400 { pictures.placeholders[id] = pictures.image(id, 1) }
        grid.contentOffset = Point(x: 0, y: 6_000)
        grid.layoutIfNeeded()
        let cell = try #require(grid.indexPathsForVisibleItems.lazy.compactMap { grid.cellForItem(at: $0) as? PhotoCell }.first)
        let id = try #require(cell.photo?.id)
        #expect(cell.picture === pictures.placeholders[id] && cell.pictureIsPlaceholder)
        #expect(pictures.waiting.contains { $0.photo.id == id }, "the sharp picture is asked for")
        pictures.complete(id)
        #expect(cell.picture === pictures.ready[id] && !cell.pictureIsPlaceholder)
        #expect(controller.deliveries.shown == 1)
    }
}
