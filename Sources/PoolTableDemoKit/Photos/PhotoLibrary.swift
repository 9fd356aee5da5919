import PoolTable

/// The Photos screen's model: a camera roll of generated photos, newest first, in one
/// section per month, with deletes that can be undone batch by batch.
///
/// Deletes and undos report what changed in the shape a batch update wants (see
/// `PhotoLibraryChange`), so a controller does, inside `performBatchUpdates`:
/// ```swift
/// let change = library.deletePhotos(at: selected)
/// collectionView.deleteSections(change.sections)
/// collectionView.deleteItems(at: change.items)
/// ```
/// and the same with `insertSections`/`insertItems` for `undo()`. Index paths use `row`
/// as the item number (`IndexPath(row: item, section: section)`).
public struct PhotoLibrary: Sendable {
    public static let defaultCount = 100_000
    public static let defaultSeed: UInt64 = 0x5eed_0f_9407
    /// When the newest photo of the default library was taken.
    public static let defaultNewest = PhotoDate(year: 2026, month: 11, day: 20, hour: 17, minute: 48, second: 12)
    /// How many deletes `undo()` can take back.
    public static let undoLimit = 100

    /// The months, newest first; a month with no photos is never kept.
    public private(set) var sections: [PhotoSection]
    /// Deletes that `undo()` can restore, the latest last.
    public private(set) var undoStack: [DeletedBatch] = []
    /// How many photos there are now.
    public private(set) var count: Int
    /// The months whose photos were put in an order of their own (`movePhoto`): their
    /// photos are no longer by date, so a lookup by id searches them through.
    public private(set) var reorderedMonths: Set<PhotoMonth> = []

    /// One delete, as `undo()` needs it.
    public struct DeletedBatch: Sendable {
        /// The deleted photos with the index paths they had, ascending.
        public var photos: [(indexPath: IndexPath, photo: Photo)]
        /// The sections the delete emptied and removed: the index each had, ascending.
        public var removedSections: [(index: Int, month: PhotoMonth)]
    }

    /// `count` photos going back in time from `newest`: shooting sessions (a few photos
    /// minutes apart, now and then a trip of dozens) separated by hours or days. The same
    /// arguments always give the same library.
    public init(count: Int = defaultCount, seed: UInt64 = defaultSeed, newest: PhotoDate = defaultNewest) {
        let count = max(0, count)
        var rng = SeededRandom(seed: seed)
        var sections: [PhotoSection] = []
        var time = newest.secondsSince1970
        var leftInSession = 0
        for index in 0..<count {
            if index > 0 {
                if leftInSession > 0 {
                    time -= Int.random(in: 4...240, using: &rng)
                } else {
                    time -= Self.gapBetweenSessions(&rng)
                }
            }
            if leftInSession == 0 { leftInSession = Self.sessionLength(&rng) }
            leftInSession -= 1
            let photo = Photo(id: count - 1 - index, date: PhotoDate(secondsSince1970: time))
            let month = photo.date.photoMonth
            if sections.last?.month == month {
                sections[sections.count - 1].photos.append(photo)
            } else {
                sections.append(PhotoSection(month: month, photos: [photo]))
            }
        }
        self.sections = sections
        self.count = count
    }

    /// The pictures of a folder (`PhotoFolder.scan`): newest first in month sections, ids by
    /// capture date (the oldest is 0; equal dates by path).
    public init(files: [PhotoFolder.File]) {
        let sorted = files.sorted { $0.date != $1.date ? $0.date > $1.date : $0.path > $1.path }
        var sections: [PhotoSection] = []
        for (index, file) in sorted.enumerated() {
            let photo = Photo(id: sorted.count - 1 - index, date: file.date, file: file.path)
            if sections.last?.month == photo.date.photoMonth {
                sections[sections.count - 1].photos.append(photo)
            } else {
                sections.append(PhotoSection(month: photo.date.photoMonth, photos: [photo]))
            }
        }
        self.init(sections: sections)
    }

    /// A library of exactly these sections (empty ones are dropped).
    public init(sections: [PhotoSection]) {
        self.sections = sections.filter { !$0.photos.isEmpty }
        count = self.sections.reduce(0) { $0 + $1.photos.count }
    }

    // MARK: Reading

    public var numberOfSections: Int { sections.count }
    /// 0 for a section that does not exist.
    public func numberOfItems(in section: Int) -> Int { sections.indices.contains(section) ? sections[section].photos.count : 0 }
    public func month(ofSection section: Int) -> PhotoMonth { sections[section].month }
    /// The header title of `section`, made by `format`.
    public func title(ofSection section: Int, format: PhotoFormat = .english) -> String { format.monthTitle(sections[section].month) }
    /// The photo at `indexPath` (its `row` is the item); it must exist.
    public func photo(at indexPath: IndexPath) -> Photo { sections[indexPath.section].photos[indexPath.row] }
    public func photo(section: Int, item: Int) -> Photo { sections[section].photos[item] }
    /// Whether `indexPath` names a photo.
    public func contains(_ indexPath: IndexPath) -> Bool {
        sections.indices.contains(indexPath.section) && sections[indexPath.section].photos.indices.contains(indexPath.row)
    }

    /// Where the photo with `id` is now, or nil if it is deleted. O(log n): ids fall as
    /// the library goes down, month by month, and within a month until the user reorders
    /// it (`movePhoto`; such a month is searched through).
    public func indexPath(ofPhotoID id: Int) -> IndexPath? {
        var lo = 0, hi = sections.count
        while lo < hi {   // the first section whose oldest photo is not newer than id
            let mid = (lo + hi) / 2
            if oldestID(of: mid) > id { lo = mid + 1 } else { hi = mid }
        }
        guard lo < sections.count else { return nil }
        let photos = sections[lo].photos
        if reorderedMonths.contains(sections[lo].month) {
            return photos.firstIndex { $0.id == id }.map { IndexPath(row: $0, section: lo) }
        }
        var a = 0, b = photos.count
        while a < b {
            let mid = (a + b) / 2
            if photos[mid].id > id { a = mid + 1 } else { b = mid }
        }
        return a < photos.count && photos[a].id == id ? IndexPath(row: a, section: lo) : nil
    }

    /// The smallest id in `section` (its last photo's, unless the month was reordered).
    private func oldestID(of section: Int) -> Int {
        let photos = sections[section].photos
        return reorderedMonths.contains(sections[section].month) ? photos.lazy.map(\.id).min()! : photos[photos.count - 1].id
    }

    // MARK: Moving photos by hand

    /// Where a photo moved by hand from `source` towards `proposed` may go: photos stay in
    /// their month (its header is their date), so a place in an earlier month becomes the
    /// month's first place and one in a later month its last.
    public func destinationForMove(from source: IndexPath, proposed: IndexPath) -> IndexPath {
        let last = numberOfItems(in: source.section) - 1
        if proposed.section < source.section { return IndexPath(row: 0, section: source.section) }
        if proposed.section > source.section { return IndexPath(row: last, section: source.section) }
        return IndexPath(row: min(max(0, proposed.row), last), section: source.section)
    }

    /// Moves the photo at `source` to `destination` in its month (UIKit's `moveItemAt`: the
    /// index after the move), so the library keeps the order the user gave it. Returns false
    /// and changes nothing for a place that does not exist or is in another month.
    @discardableResult
    public mutating func movePhoto(from source: IndexPath, to destination: IndexPath) -> Bool {
        guard contains(source), destination.section == source.section,
              (0..<sections[source.section].photos.count).contains(destination.row) else { return false }
        guard destination.row != source.row else { return true }
        let photo = sections[source.section].photos.remove(at: source.row)
        sections[source.section].photos.insert(photo, at: destination.row)
        reorderedMonths.insert(sections[source.section].month)
        return true
    }

    // MARK: Delete and undo

    public var canUndo: Bool { !undoStack.isEmpty }

    /// Deletes the photos at `indexPaths` (old positions; ones that do not exist and
    /// repeats are ignored) and removes the months left empty. Returns what to tell the
    /// view; an empty change (and no undo step) if nothing was deleted.
    @discardableResult
    public mutating func deletePhotos(at indexPaths: some Sequence<IndexPath>) -> PhotoLibraryChange {
        var bySection: [Int: Set<Int>] = [:]
        for ip in indexPaths where contains(ip) { bySection[ip.section, default: []].insert(ip.row) }
        guard !bySection.isEmpty else { return PhotoLibraryChange() }

        var deleted: [(indexPath: IndexPath, photo: Photo)] = []
        var removedSections: [(index: Int, month: PhotoMonth)] = []
        var change = PhotoLibraryChange()
        for section in bySection.keys.sorted() {
            let rows = bySection[section]!
            let photos = sections[section].photos
            var kept: [Photo] = []
            kept.reserveCapacity(photos.count - rows.count)
            for (item, photo) in photos.enumerated() {
                if rows.contains(item) {
                    deleted.append((IndexPath(row: item, section: section), photo))
                } else {
                    kept.append(photo)
                }
            }
            if kept.isEmpty {
                removedSections.append((section, sections[section].month))
                change.sections.insert(section)
            } else {
                change.items.append(contentsOf: rows.sorted().map { IndexPath(row: $0, section: section) })
            }
            sections[section].photos = kept
        }
        for (index, _) in removedSections.reversed() { sections.remove(at: index) }
        count -= deleted.count
        change.allIndexPaths = deleted.map(\.indexPath)
        undoStack.append(DeletedBatch(photos: deleted, removedSections: removedSections))
        if undoStack.count > Self.undoLimit { undoStack.removeFirst(undoStack.count - Self.undoLimit) }
        return change
    }

    /// Puts the photos of the latest delete back where they were (and the months it
    /// removed). Returns the new index paths and sections to insert; nil with nothing to undo.
    @discardableResult
    public mutating func undo() -> PhotoLibraryChange? {
        guard let batch = undoStack.popLast() else { return nil }
        // Every later delete is undone already, so the library is exactly as the delete
        // left it: re-creating the removed months in ascending order of their old index,
        // then merging each section's photos back at their old items, rebuilds it as it was.
        var change = PhotoLibraryChange()
        for (index, month) in batch.removedSections {
            sections.insert(PhotoSection(month: month, photos: []), at: index)
            change.sections.insert(index)
        }
        var start = 0
        while start < batch.photos.count {
            let section = batch.photos[start].indexPath.section
            var end = start
            while end < batch.photos.count && batch.photos[end].indexPath.section == section { end += 1 }
            let existing = sections[section].photos
            var merged: [Photo] = []
            merged.reserveCapacity(existing.count + end - start)
            var next = start, old = 0
            while merged.count < existing.count + end - start {
                if next < end && batch.photos[next].indexPath.row == merged.count {
                    merged.append(batch.photos[next].photo)
                    next += 1
                } else {
                    merged.append(existing[old])
                    old += 1
                }
            }
            sections[section].photos = merged
            if !change.sections.contains(section) { change.items.append(contentsOf: batch.photos[start..<end].map(\.indexPath)) }
            start = end
        }
        count += batch.photos.count
        change.allIndexPaths = batch.photos.map(\.indexPath)
        return change
    }

    // MARK: Generation

    /// Photos in one session: mostly a handful, sometimes a trip's worth.
    private static func sessionLength(_ rng: inout SeededRandom) -> Int {
        switch Int.random(in: 0..<100, using: &rng) {
        case 0..<35: return 1 + Int.random(in: 0...2, using: &rng)
        case 35..<88: return 3 + Int.random(in: 0...12, using: &rng)
        default: return 15 + Int.random(in: 0...60, using: &rng)
        }
    }

    /// Seconds between the first photo of a session and the last of the one before.
    private static func gapBetweenSessions(_ rng: inout SeededRandom) -> Int {
        switch Int.random(in: 0..<100, using: &rng) {
        case 0..<50: return Int.random(in: 10 * 60...2 * 3600, using: &rng)
        case 50..<88: return Int.random(in: 2 * 3600...14 * 3600, using: &rng)
        case 88..<98: return Int.random(in: 14 * 3600...2 * 86_400, using: &rng)
        default: return Int.random(in: 2 * 86_400...8 * 86_400, using: &rng)
        }
    }
}

/// What a delete removed or an undo put back, in the form a batch update takes (UIKit's
/// rules: deletes name old positions, inserts new ones; an item in a section that is
/// itself deleted or inserted is not named again).
public struct PhotoLibraryChange: Hashable, Sendable {
    /// Items outside `sections`, ascending: for `deleteItems` / `insertItems`.
    public var items: [IndexPath] = []
    /// Whole sections: for `deleteSections` / `insertSections` (a plain set: Foundation's
    /// IndexSet would link all of Foundation and ICU into the app, 50 MB).
    public var sections = Set<Int>()
    /// Every photo deleted or restored, ascending (e.g. to select the restored photos again).
    public var allIndexPaths: [IndexPath] = []

    public init(items: [IndexPath] = [], sections: Set<Int> = [], allIndexPaths: [IndexPath] = []) {
        self.items = items; self.sections = sections; self.allIndexPaths = allIndexPaths
    }
    public var isEmpty: Bool { allIndexPaths.isEmpty }
}
