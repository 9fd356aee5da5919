import PoolTable
import PoolTableDemoKit
@_spi(Interop) import PoolTableGtk

/// The Photos screen's pictures: folder photos decoded by the shell's `PictureLoader` at the
/// thumbnail's size in device pixels (through the desktop's thumbnail cache when the screen
/// gives the loader one).
@MainActor
final class LoaderPictureSource: PhotoPictureSource {
    let loader: PictureLoader
    /// The thumbnail's side in device pixels (the grid's item width times the scale factor).
    var pixelSide: Int { didSet { if pixelSide != oldValue, let reach { picturesInReachDidChange(reach) } } }
    /// The pictures the grid may show or prepare at once, as last told (nil: not yet).
    private var reach: Int?

    init(loader: PictureLoader = PictureLoader(), pixelSide: Int) {
        self.loader = loader
        self.pixelSide = pixelSide
    }

    private func key(_ photo: Photo) -> PictureLoader.Key? {
        photo.file.map { PictureLoader.Key(path: $0, pixelWidth: pixelSide, pixelHeight: pixelSide) }
    }

    func picture(for photo: Photo) -> Image? { key(photo).flatMap(loader.cachedImage(for:)) }

    func loadPicture(for photo: Photo, deliver: @escaping @MainActor (Image?) -> Void) {
        guard let key = key(photo) else { return deliver(nil) }
        loader.load(key) { _, image in deliver(image) }
    }

    func placeholderPicture(for photo: Photo) -> Image? { key(photo).flatMap(loader.placeholderImage(for:)) }

    func loadPicture(for photo: Photo, placeholder: @escaping @MainActor (Image) -> Void, deliver: @escaping @MainActor (Image?) -> Void) {
        guard let key = key(photo) else { return deliver(nil) }
        loader.load(key, placeholder: { _, image in placeholder(image) }, deliver: { _, image in deliver(image) })
    }

    func prefetchPicture(for photo: Photo) { key(photo).map(loader.prefetch) }

    func cancelPicture(for photo: Photo) { key(photo).map(loader.cancel) }

    func showPicture(for photo: Photo) { key(photo).map(loader.show) }

    func pictureFailed(for photo: Photo) -> Bool { photo.file.map { loader.failure(for: $0) != nil } ?? false }

    /// The loader's cache keeps as many pictures as the grid holds at once (issue 37).
    func picturesInReachDidChange(_ count: Int) {
        reach = count
        loader.byteBudget = PictureLoader.byteBudget(pictures: count, coveringSide: pixelSide)
    }
}
