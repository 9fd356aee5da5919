import CGtk
import Foundation
import PoolTableDemoKit
@_spi(Interop) import PoolTableGtk

/// `photos-one --toolkit prefill`: what it did to the thumbnail cache.
struct PhotosPrefillResult: Codable {
    var photos: Int
    var seconds: Double
    /// Pictures read from the cache (already there), sharp decodes, and thumbnails written.
    var fromCache: Int
    var decodes: Int
    var written: Int
    var failed: Int
    var summary: String {
        "\(photos) photos in \(fmt(seconds, 1)) s: \(fromCache) already in the cache, \(decodes) decoded, \(written) thumbnails written, \(failed) failed"
    }
}

extension PhotosChild {
    /// Writes every photo's thumbnail into `--thumbnails` with PoolTable's own loader (the
    /// prefetching path: the same decoder and cache writer as the grid), no window, then exits:
    /// the warm runs find the whole folder's cache.
    func prefill(_ paths: [String]) -> Never {
        guard let root = options.thumbnails else { Options.fail("prefill needs --thumbnails DIR") }
        let loader = PictureLoader(byteBudget: 48 << 20, threads: PhotosKnobs.decodeThreads)
        if let nice = PhotosKnobs.decodeNiceness { loader.decodingNiceness = nice }
        loader.thumbnailCache = ThumbnailCache(root: root, application: "pooltable", version: "bench")
        let side = Int(PhotosController.gridLayout().itemSize.width)
        let start = MonotonicClock.seconds
        for path in paths { loader.prefetch(.init(path: path, pixelWidth: side, pixelHeight: side)) }
        let deadline = start + 900
        while MonotonicClock.seconds < deadline {
            let c = loader.counters
            if c.decoded + c.failed >= paths.count && loader.runningCount == 0 && loader.deferredWriteCount == 0 { break }
            g_main_context_iteration(nil, 1)
        }
        let c = loader.counters
        let result = PhotosPrefillResult(photos: paths.count, seconds: MonotonicClock.seconds - start, fromCache: c.fromThumbnailCache,
                                         decodes: c.scaledDecodes + c.fromExifThumbnail, written: c.thumbnailsWritten, failed: c.failed)
        print("BENCH-RESULT " + jsonLine(result))
        fflush(nil)
        exit(0)
    }
}
