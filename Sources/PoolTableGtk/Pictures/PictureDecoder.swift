import CGtk
import Glibc

/// Where a loaded picture came from.
public enum PictureOrigin: Sendable, Equatable {
    /// A valid thumbnail in the desktop's thumbnail cache.
    case thumbnailCache
    /// The thumbnail the camera embedded in the JPEG's EXIF block.
    case exifThumbnail
    /// The file itself, decoded at a reduced size (libjpeg's DCT scaling for a JPEG).
    case scaledDecode
}

/// A thumbnail decoded and not yet written to the thumbnail cache: the loader writes it after
/// the decodes cells wait for (a PNG write costs about a quarter of a camera JPEG's scaled
/// decode: docs/bench/PHOTOS.md).
struct DeferredThumbnailWrite: @unchecked Sendable {
    let pixbuf: Pixbuf
    let original: ThumbnailCache.Original
    let flavor: ThumbnailCache.Flavor
    let imageSize: (width: Int, height: Int)
    let cache: ThumbnailCache

    /// Writes it; the problem, if it could not be written.
    func write() -> String? {
        do {
            try cache.write(pixbuf, for: original, flavor: flavor, imageSize: imageSize)
            return nil
        } catch {
            return "\(error)"
        }
    }
}

/// One picture, from file to texture, on a worker thread: the cheapest way that gives enough
/// pixels, never a full-size decode of a large file.
///
/// 1. The thumbnail cache: the smallest size folder that can cover the cell, then the larger
///    ones; a thumbnail is used only if it is valid (`ThumbnailCache.read`) and covers the
///    cell (or is the whole picture). A bad one (corrupt, stale, wrong size) is noted once
///    and replaced.
/// 2. A miss reads the file's header for its size, then takes the EXIF thumbnail if it has the
///    picture's shape and enough pixels, else decodes the file at the size wanted
///    (`gdk_pixbuf_new_from_file_at_scale`, whose JPEG loader has libjpeg scale in the DCT).
/// 3. The result is turned upright (EXIF orientation), written back to the cache at its size
///    folder's size (or handed back for the loader to write later: `defersCacheWrite`), and
///    scaled once to the size that covers the cell for the texture.
///
/// With `stopsAtPlaceholder`, a JPEG whose EXIF thumbnail has the picture's shape but too few
/// pixels stops after step 2 with that thumbnail, upright and scaled (bilinear) to the cover
/// size, as a placeholder (`Outcome.placeholder`); the loader shows it at once and decodes the
/// file later, after the other placeholders (a camera's 160x120 thumbnail costs about 0.5 ms,
/// the file's scaled decode about 40).
///
/// Between the stages (before the EXIF read, the scaled decode and the thumbnail write) it
/// asks whether the picture is still wanted, and stops there if not (`Outcome.dropped`).
struct PictureDecoder: Sendable {
    /// Where a decode nobody wanted any more stopped.
    enum Stage: Sendable, Equatable {
        /// Before reading the EXIF thumbnail (after the thumbnail cache and the header).
        case exifRead
        /// Before decoding the file at a reduced size.
        case scaledDecode
        /// Before writing the thumbnail to the cache (the decoded picture is thrown away too).
        case cacheWrite
    }

    /// The most pixels a file may have (by its header) to be decoded.
    var maxPixels: Int
    /// The cache to read (and write, with `writesThumbnails`); nil: none.
    var thumbnails: ThumbnailCache?
    /// Whether misses and failures are written to the cache.
    var writesThumbnails: Bool
    /// Whether a miss's thumbnail is handed back (`Outcome.deferredWrite`) instead of written.
    var defersCacheWrite = false
    /// Whether to stop at a too-small EXIF thumbnail, as a placeholder (see the type's notes).
    var stopsAtPlaceholder = false

    /// What one decode gave.
    struct Outcome {
        var result: Result<Texture, PictureLoader.Failure>
        /// Where the picture came from (nil on failure).
        var origin: PictureOrigin?
        /// Log lines about the thumbnail cache (a bad thumbnail that was replaced).
        var notes: [String] = []
        /// Why the cache could not be read, if it could not (its folder, not one thumbnail).
        var readProblem: String?
        /// Why writing to the cache failed, if it did.
        var writeProblem: String?
        /// The size folder a thumbnail was written to.
        var wrote: ThumbnailCache.Flavor?
        /// Whether the failure was recorded under the cache's fail folder.
        var recordedFailure = false
        /// The stage the decode stopped before, nobody wanting it any more (`result` is then a failure).
        var dropped: Stage?
        /// With `stopsAtPlaceholder`: the EXIF thumbnail at the cover size, the file not decoded
        /// yet (`result` is then a failure and means nothing).
        var placeholder: Texture?
        /// With `defersCacheWrite`: the thumbnail to write to the cache.
        var deferredWrite: DeferredThumbnailWrite?
    }

    /// Decodes `key`'s file at the size that covers its pixel size, upright, or says why not;
    /// stops before a stage if `isWanted` says false there.
    func decode(_ key: PictureLoader.Key, isWanted: () -> Bool = { true }) -> Outcome {
        var outcome = Outcome(result: .failure(.init(reason: "could not be decoded")))
        func fail(_ reason: String) -> Outcome {
            outcome.result = .failure(.init(reason: reason))
            return outcome
        }
        func drop(_ stage: Stage) -> Outcome {
            outcome.dropped = stage
            outcome.origin = nil
            return fail("not wanted any more")
        }
        func errnoText() -> String { String(cString: strerror(errno)) }
        var info = stat()
        guard stat(key.path, &info) == 0 else { return fail(errnoText()) }
        if info.st_mode & S_IFMT == S_IFDIR {
            guard let dir = opendir(key.path) else { return fail("folder cannot be opened: " + errnoText()) }
            closedir(dir)
            return fail("is a folder")
        }
        let fd = open(key.path, O_RDONLY)
        guard fd >= 0 else { return fail(errnoText()) }
        close(fd)
        guard info.st_size > 0 else { return fail("empty file") }
        let side = max(key.pixelWidth, key.pixelHeight)
        let cache = thumbnails.flatMap { $0.contains(key.path) ? nil : $0 }
        let original = ThumbnailCache.Original(path: key.path, info: info)

        // 1. The cache.
        var replace: ThumbnailCache.Flavor?
        if let cache {
            if cache.hasFailure(for: original) {
                return fail("could not be read before (recorded in \(cache.failurePath(for: original)))")
            }
            flavors: for flavor in ThumbnailCache.Flavor.allCases where flavor.side >= side {
                switch cache.read(original, flavor: flavor) {
                case .success(let thumbnail):
                    // Enough pixels for the cell, or the whole picture (smaller than the folder's side).
                    guard min(thumbnail.width, thumbnail.height) >= side || max(thumbnail.width, thumbnail.height) < flavor.side else { continue }
                    let cover = thumbnail.coverSize(side: side)
                    guard let texture = thumbnail.scaled(width: cover.width, height: cover.height).flatMap(Self.texture) else { return fail("no texture") }
                    outcome.origin = .thumbnailCache
                    outcome.result = .success(texture)
                    return outcome
                case .failure(.absent):
                    continue
                case .failure(.inaccessible(let why)):
                    outcome.readProblem = why
                    break flavors
                case .failure(let problem):
                    outcome.notes.append("thumbnail cache: \(cache.thumbnailPath(for: original, flavor: flavor)) for \(key.path): \(problem); decoding the file")
                    replace = replace ?? flavor
                }
            }
        }

        // 2. The file's header: its size and kind.
        var width: Int32 = 0, height: Int32 = 0
        guard let format = gdk_pixbuf_get_file_info(key.path, &width, &height), width > 0, height > 0 else {
            recordFailure(original, in: cache, &outcome)
            return fail("not a picture gdk-pixbuf can read")
        }
        guard Int(width) * Int(height) <= maxPixels else { return fail("too large: \(width) x \(height) pixels") }
        let w = Int(width), h = Int(height)
        let isJPEG = gdk_pixbuf_format_get_name(format).map { String(cString: $0) == "jpeg" } ?? false
        // The size folder to write: the smallest whose thumbnail covers the cell (a replaced bad
        // one's folder first), within xx-large.
        var flavor: ThumbnailCache.Flavor?
        if cache != nil && writesThumbnails {
            flavor = ThumbnailCache.Flavor.allCases.first { f in
                guard f.side >= side else { return false }
                let fit = Pixbuf.fitSize(width: w, height: h, side: f.side)
                return min(fit.width, fit.height) >= side || (fit.width == w && fit.height == h)
            }
            if let replace, let chosen = flavor, replace.side > chosen.side { flavor = replace }
        }
        // Decode at the folder's size when writing, else at the cell's; the cover size is the
        // same whichever way the picture turns.
        let target = flavor.map { Pixbuf.fitSize(width: w, height: h, side: $0.side) } ?? Pixbuf.coverSize(width: w, height: h, side: side)

        // 3. The EXIF thumbnail if it has the picture's shape and enough pixels, else a scaled decode.
        var upright: Pixbuf?
        guard isWanted() else { return drop(.exifRead) }
        if isJPEG, let exif = ExifThumbnail.read(key.path), exif.hasShape(width: w, height: h) {
            if exif.pixbuf.width >= target.width, exif.pixbuf.height >= target.height {
                upright = exif.upright(width: target.width, height: target.height)
                if upright != nil { outcome.origin = .exifThumbnail }
            } else if stopsAtPlaceholder {
                let cover = Pixbuf.coverSize(width: w, height: h, side: side)
                if let texture = exif.upright(width: cover.width, height: cover.height).flatMap(Self.texture) {
                    outcome.placeholder = texture
                    return outcome
                }
            }
        }
        if upright == nil {
            guard isWanted() else { return drop(.scaledDecode) }
            var error: UnsafeMutablePointer<GError>?
            guard let made = gdk_pixbuf_new_from_file_at_scale(key.path, Int32(target.width), Int32(target.height), 0, &error) else {
                let message = Pixbuf.message(error, or: "could not be decoded")
                recordFailure(original, in: cache, &outcome)
                return fail(message)
            }
            if let error { g_error_free(error) }
            guard let turned = Pixbuf(adopting: made).upright() else { return fail("could not be turned upright") }
            upright = turned
            outcome.origin = .scaledDecode
        }
        guard let upright else { return fail("could not be decoded") }

        // 4. Back to the cache; the texture at the cover size.
        if cache != nil && flavor != nil && !defersCacheWrite { guard isWanted() else { return drop(.cacheWrite) } }
        if let cache, let flavor, defersCacheWrite {
            outcome.deferredWrite = DeferredThumbnailWrite(pixbuf: upright, original: original, flavor: flavor, imageSize: (w, h), cache: cache)
        } else if let cache, let flavor {
            do {
                try cache.write(upright, for: original, flavor: flavor, imageSize: (w, h))
                outcome.wrote = flavor
            } catch {
                outcome.writeProblem = "\(error)"
            }
        }
        let cover = upright.coverSize(side: side)
        guard let texture = upright.scaled(width: cover.width, height: cover.height).flatMap(Self.texture) else { return fail("no texture") }
        outcome.result = .success(texture)
        return outcome
    }

    /// Records a file gdk-pixbuf cannot read in the cache's fail folder (when writing).
    private func recordFailure(_ original: ThumbnailCache.Original, in cache: ThumbnailCache?, _ outcome: inout Outcome) {
        guard let cache, writesThumbnails else { return }
        do {
            try cache.recordFailure(for: original)
            outcome.recordedFailure = true
        } catch {
            outcome.writeProblem = "\(error)"
        }
    }

    private static func texture(_ pixbuf: Pixbuf) -> Texture? {
        gdk_texture_new_for_pixbuf(pixbuf.pixbuf).map(Texture.init(adopting:))
    }
}
