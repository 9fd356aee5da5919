import Glibc
import PoolTable
@testable import PoolTableDemoKit
import Testing

/// A folder of pictures as a photo library (issue 24): EXIF capture dates, the recursive
/// scan, month sections; and pictures delivered by photo, never to a cell that moved on.
@MainActor
@Suite("Photos from a folder")
struct PhotoFolderTests {
    /// The leading bytes of a JPEG whose EXIF block has `original` (DateTimeOriginal, in the
    /// Exif IFD) and/or `modified` (DateTime, in IFD0), big- or little-endian.
    static func jpeg(original: String? = nil, modified: String? = nil, bigEndian: Bool = false) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { bigEndian ? [UInt8(v >> 8), UInt8(v & 0xff)] : [UInt8(v & 0xff), UInt8(v >> 8)] }
        func u32(_ v: Int) -> [UInt8] { bigEndian ? u16(v >> 16) + u16(v & 0xffff) : u16(v & 0xffff) + u16(v >> 16) }
        // TIFF: header (8), IFD0 at 8 with up to two entries, the Exif IFD after it, then the strings.
        let ifd0Count = (modified != nil ? 1 : 0) + (original != nil ? 1 : 0)
        let ifd0Size = 2 + 12 * ifd0Count + 4
        let exifIFD = 8 + ifd0Size, exifSize = original != nil ? 2 + 12 + 4 : 0
        var strings = 8 + ifd0Size + exifSize
        var tiff = (bigEndian ? [0x4d, 0x4d] : [0x49, 0x49]) + u16(42) + u32(8) + u16(ifd0Count)
        var tail: [UInt8] = []
        if let modified {
            tiff += u16(0x0132) + u16(2) + u32(20) + u32(strings)
            tail += Array(modified.utf8) + [0]
            strings += 20
        }
        if original != nil { tiff += u16(0x8769) + u16(4) + u32(1) + u32(exifIFD) }
        tiff += u32(0)
        if let original {
            tiff += u16(1) + u16(0x9003) + u16(2) + u32(20) + u32(strings) + u32(0)
            tail += Array(original.utf8) + [0]
        }
        let app1 = Array("Exif".utf8) + [0, 0] + tiff + tail
        let length = app1.count + 2
        return [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00,       // SOI, a short APP0 to walk past
                0xff, 0xe1, UInt8(length >> 8), UInt8(length & 0xff)] + app1 + [0xff, 0xda, 0x00, 0x02]
    }

    @Test("EXIF: DateTimeOriginal wins over DateTime, either byte order; blanks, non-JPEGs and truncations give nil")
    func exifDates() {
        let d = PhotoDate(year: 2024, month: 7, day: 14, hour: 9, minute: 30, second: 5)
        #expect(ExifDate.parse(Self.jpeg(original: "2024:07:14 09:30:05")[...]) == d)
        #expect(ExifDate.parse(Self.jpeg(original: "2024:07:14 09:30:05", bigEndian: true)[...]) == d)
        #expect(ExifDate.parse(Self.jpeg(original: "2024:07:14 09:30:05", modified: "2020:01:01 00:00:00")[...]) == d)
        #expect(ExifDate.parse(Self.jpeg(modified: "2020:01:02 03:04:05")[...])
                == PhotoDate(year: 2020, month: 1, day: 2, hour: 3, minute: 4, second: 5))
        #expect(ExifDate.parse(Self.jpeg(original: "    :  :     :  :  ")[...]) == nil)
        #expect(ExifDate.parse(Self.jpeg(original: "0000:00:00 00:00:00")[...]) == nil)
        #expect(ExifDate.parse(Self.jpeg()[...]) == nil)
        #expect(ExifDate.parse(Array("GIF89a and more".utf8)[...]) == nil)
        let full = Self.jpeg(original: "2024:07:14 09:30:05")
        for cut in stride(from: 0, to: full.count, by: 3) { _ = ExifDate.parse(full[..<cut]) }   // never traps
    }

    /// A fresh folder under /tmp, removed with its files afterwards.
    final class Folder {
        let path: String
        private var files: [String] = [], folders: [String] = []
        init() {
            var template = Array("/tmp/pooltable-folder-XXXXXX".utf8CString)
            path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
        }
        func write(_ relative: String, _ bytes: [UInt8], mtime: Int) {
            let file = path + "/" + relative
            let dir = String(file[..<file.lastIndex(of: "/")!])
            if mkdir(dir, 0o755) == 0 { folders.append(dir) }
            let f = fopen(file, "wb")!
            _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, f) }
            fclose(f)
            var times = [timespec(tv_sec: mtime, tv_nsec: 0), timespec(tv_sec: mtime, tv_nsec: 0)]
            utimensat(AT_FDCWD, file, &times, 0)
            files.append(file)
        }
        deinit {
            for f in files { unlink(f) }
            for d in folders.reversed() { rmdir(d) }
            rmdir(path)
        }
    }

    @Test("A folder: pictures found recursively (hidden and other files skipped), dated by EXIF else by modification time, newest first by month")
    func folderLibrary() throws {
        let folder = Folder()
        let march = PhotoDate(year: 2025, month: 3, day: 2, hour: 10)
        folder.write("a.jpg", Self.jpeg(original: "2025:03:02 10:00:00"), mtime: 0)
        folder.write("trip/b.JPEG", Self.jpeg(), mtime: PhotoDate(year: 2025, month: 5, day: 1).secondsSince1970)
        folder.write("trip/c.png", [0x89, 0x50], mtime: PhotoDate(year: 2025, month: 3, day: 9).secondsSince1970)
        folder.write("notes.txt", [0x41], mtime: 0)
        folder.write(".hidden.jpg", Self.jpeg(), mtime: 0)
        let files = PhotoFolder.scan(folder.path)
        #expect(Set(files.map { String($0.path.dropFirst(folder.path.count + 1)) }) == ["a.jpg", "trip/b.JPEG", "trip/c.png"])
        #expect(files.first { $0.path.hasSuffix("a.jpg") }?.date == march, "the EXIF date, not the file's time")
        let library = PhotoLibrary(files: files)
        #expect(library.count == 3 && library.numberOfSections == 2)
        #expect(library.sections.map(\.month) == [PhotoMonth(year: 2025, month: 5), PhotoMonth(year: 2025, month: 3)])
        #expect(library.sections[1].photos.map { PhotoFormat.fileTitle($0.file!) } == ["c", "a"])
        #expect(library.sections.flatMap(\.photos).map(\.id) == [2, 1, 0])
        #expect(library.indexPath(ofPhotoID: 0) == IndexPath(row: 1, section: 1))
        #expect(PhotoFormat.english.accessibilityLabel(library.photo(at: IndexPath(row: 1, section: 1))).hasPrefix("a, 2 March 2025"))
        #expect(PhotoFolder.scan(folder.path + "/missing").isEmpty)
        #expect(PhotoFolder.scan(folder.path, limit: 2).count == 2)
    }

    /// Pictures completed by hand: each request waits until the test delivers it.
    final class ManualPictures: PhotoPictureSource {
        var ready: [Int: Image] = [:]
        var waiting: [(photo: Photo, deliver: @MainActor (Image?) -> Void)] = []
        var cancelled: [Int] = []
        func picture(for photo: Photo) -> Image? { ready[photo.id] }
        func loadPicture(for photo: Photo, deliver: @escaping @MainActor (Image?) -> Void) { waiting.append((photo, deliver)) }
        var prefetched: [Int] = []
        func prefetchPicture(for photo: Photo) { prefetched.append(photo.id) }
        var shown: [Int] = []
        func showPicture(for photo: Photo) { shown.append(photo.id) }
        func cancelPicture(for photo: Photo) {
            cancelled.append(photo.id)
            waiting.removeAll { $0.photo == photo }
        }
        /// Completes every request for `id`.
        func complete(_ id: Int) {
            let image = Image(width: 1, height: 1, premultipliedBGRA: [UInt8(id & 0xff), 0, 0, 255])
            ready[id] = image
            let due = waiting.filter { $0.photo.id == id }
            waiting.removeAll { $0.photo.id == id }
            for w in due { w.deliver(image) }
        }
    }

    func folderGrid(naive: Bool) -> (PhotosController, CollectionView, ManualPictures) {
        let files = (0..<400).map { PhotoFolder.File(path: "/photos/\($0).jpg", date: PhotoDate(secondsSince1970: 1_700_000_000 - $0 * 60)) }
        let controller = PhotosController(library: PhotoLibrary(files: files))
        let pictures = ManualPictures()
        controller.pictures = pictures
        controller.naivePictureLoading = naive
        let grid = CollectionView(frame: Rect(x: 0, y: 0, width: 500, height: 400), layout: PhotosController.gridLayout(thumbnailSide: 100))
        controller.attach(to: grid)
        grid.layoutIfNeeded()
        return (controller, grid, pictures)
    }

    func shownPicture(_ grid: CollectionView, _ ip: IndexPath) -> (photo: Int?, picture: Image?) {
        let cell = grid.cellForItem(at: ip) as? PhotoCell
        return (cell?.photo?.id, cell?.picture)
    }

    @Test("A late picture goes to the cell showing its photo now, never to the cell that asked and moved on; moving on cancels")
    func latePicturesFollowThePhoto() throws {
        let (controller, grid, pictures) = folderGrid(naive: false)
        let first = try #require(grid.indexPathsForVisibleItems.first)
        let firstCell = try #require(grid.cellForItem(at: first) as? PhotoCell)
        let firstID = try #require(firstCell.photo?.id)
        #expect(firstCell.picture == nil, "a tint while it loads")
        // Fling far: the first cell is reused for another photo before its picture arrives.
        grid.contentOffset = Point(x: 0, y: 4_000)
        grid.contentOffset = Point(x: 0, y: 8_000)
        #expect(grid.indexPath(for: firstCell) != first)
        #expect(pictures.cancelled.contains(firstID), "the reused cell cancelled what it asked for")
        let reusedID = try #require(firstCell.photo?.id)
        pictures.complete(firstID)                 // cancelled: nothing is delivered
        pictures.complete(reusedID)
        #expect(firstCell.picture === pictures.ready[reusedID], "the reused cell shows its own photo's picture")
        // A picture for a photo that is not mounted anywhere lands nowhere.
        let visible = Set(grid.indexPathsForMountedItems.compactMap { (grid.cellForItem(at: $0) as? PhotoCell)?.photo?.id })
        let waitingElsewhere = pictures.waiting.first { !visible.contains($0.photo.id) }
        #expect(waitingElsewhere == nil, "every wait belongs to a mounted photo")
        // Back at the top: the first photo's picture is cached now and shown at bind.
        grid.contentOffset = Point(x: 0, y: 0)
        #expect(shownPicture(grid, first).photo == firstID && shownPicture(grid, first).picture === pictures.ready[firstID])
        #expect(controller.deliveries.mismatched == 0 && controller.deliveries.shown >= 1)
    }

    @Test("Photos coming into view are asked for before their cells exist; turning back cancels them")
    func prefetchingStartsPicturesEarly() throws {
        let (controller, grid, pictures) = folderGrid(naive: false)
        let mounted = Set(grid.indexPathsForMountedItems.compactMap { (grid.cellForItem(at: $0) as? PhotoCell)?.photo?.id })
        #expect(!pictures.prefetched.isEmpty && mounted.isDisjoint(with: pictures.prefetched), "photos below the prepared ones")
        // Scrolling steadily down: every photo bound on the way was asked for before its cell was bound.
        var unannounced: [Int] = []
        for step in 1...30 {
            let ahead = Set(pictures.prefetched)
            grid.contentOffset = Point(x: 0, y: Double(step) * 100)
            let bound = grid.indexPathsForMountedItems.compactMap { (grid.cellForItem(at: $0) as? PhotoCell)?.photo?.id }
            unannounced += bound.filter { !ahead.contains($0) && !mounted.contains($0) }
        }
        #expect(unannounced.isEmpty)
        grid.contentOffset = Point(x: 0, y: 2_900)        // turn back: what lay below is cancelled
        #expect(!pictures.cancelled.isEmpty)
        withExtendedLifetime(controller) {}             // the grid holds its data source weakly
    }

    @Test("Pictures of cells on screen are marked to go first; a cell leaving the screen gives up its picture and asks again when it comes back")
    func onScreenPicturesFirst() throws {
        let (controller, grid, pictures) = folderGrid(naive: false)
        func ids(_ ips: [IndexPath]) -> Set<Int> { Set(ips.compactMap { (grid.cellForItem(at: $0) as? PhotoCell)?.photo?.id }) }
        let visible = ids(grid.indexPathsForVisibleItems), mounted = ids(grid.indexPathsForMountedItems)
        #expect(!visible.isEmpty && mounted.count > visible.count, "some cells are prepared, off screen")
        #expect(Set(pictures.shown) == visible, "only the cells on screen: \(pictures.shown) vs \(visible)")
        // Scroll down one screen: the photos that left the screen are given up, even those still mounted.
        pictures.shown.removeAll()
        grid.contentOffset = Point(x: 0, y: 400)
        let nowVisible = ids(grid.indexPathsForVisibleItems), stillMounted = ids(grid.indexPathsForMountedItems)
        let left = visible.subtracting(nowVisible)
        #expect(!left.isEmpty && left.isSubset(of: Set(pictures.cancelled)))
        #expect(!left.isDisjoint(with: stillMounted), "some that left are still mounted, prepared")
        #expect(pictures.waiting.allSatisfy { !left.contains($0.photo.id) }, "no wait left for a photo off screen")
        #expect(nowVisible.subtracting(visible).isSubset(of: Set(pictures.shown)))
        // Back up: the cells that come back ask again (they had given up).
        grid.contentOffset = Point(x: 0, y: 0)
        let back = left.intersection(ids(grid.indexPathsForVisibleItems))
        #expect(!back.isEmpty && back.isSubset(of: Set(pictures.waiting.map(\.photo.id))))
        pictures.complete(back.first!)
        #expect(controller.deliveries.shown == 1 && controller.deliveries.mismatched == 0)
    }

    @Test("The naive replica hands a late picture to the cell that asked, which shows another photo by then (a mismatch)")
    func naiveReplicaShowsWrongPictures() throws {
        let (controller, grid, pictures) = folderGrid(naive: true)
        let first = try #require(grid.indexPathsForVisibleItems.first)
        let firstCell = try #require(grid.cellForItem(at: first) as? PhotoCell)
        let firstID = try #require(firstCell.photo?.id)
        grid.contentOffset = Point(x: 0, y: 4_000)
        grid.contentOffset = Point(x: 0, y: 8_000)
        let nowID = try #require(firstCell.photo?.id)
        #expect(nowID != firstID && pictures.cancelled.isEmpty)
        pictures.complete(firstID)
        #expect(firstCell.picture === pictures.ready[firstID], "the wrong photo's picture on a reused cell")
        #expect(controller.deliveries.mismatched >= 1)
    }
}
