import PoolTable

/// A grid item showing one photo: the thumbnail, its date line and, in edit mode, the check
/// badge (`PhotoItemRenderer`). Selection is applied by the grid when the cell is displayed
/// (seed 003), never by the data source.
@MainActor
public final class PhotoCell: CollectionViewCell {
    public static let reuseIdentifier = "photo"
    public var photo: Photo? { didSet { if photo != oldValue { setNeedsDisplay() } } }
    /// A folder photo's decoded picture; nil while it loads (a tint stands in).
    public var picture: Image? { didSet { if picture !== oldValue { setNeedsDisplay() } } }
    /// The photo's file could not be shown (unreadable, not a picture, too large): the
    /// placeholder carries an error badge.
    public var pictureFailed = false { didSet { if pictureFailed != oldValue { setNeedsDisplay() } } }
    /// `picture` is a placeholder (the camera's small EXIF thumbnail, upscaled) while the sharp
    /// picture decodes.
    public var pictureIsPlaceholder = false
    /// The photo whose picture this cell asked for and has not received: cancelled when the
    /// cell moves on to another photo. Kept through `prepareForReuse` for that reason.
    public internal(set) var requestedPhoto: Photo?
    public var format = PhotoFormat.english
    private let dateCache = TextCache()

    public override func prepareForReuse() { photo = nil; picture = nil; pictureFailed = false; pictureIsPlaceholder = false }

    /// The photo shrinks into its ring as it is selected: selection is part of the content.
    public override var contentShowsSelection: Bool { true }

    public override func draw(in canvas: Canvas, bounds: Rect) {
        guard let photo else { return }
        canvas.save()
        canvas.translate(x: bounds.minX, y: bounds.minY)
        let size = bounds.size, editing = editingProgress, selection = selectionProgress, selected = isSelected
        let highlighted = isHighlighted, format = format, dateCache = dateCache, picture = picture, failed = pictureFailed
        canvas.drawCached(key: ObjectIdentifier(self), version: contentVersion &+ (highlighted ? 1 << 40 : 0), size: size) { canvas in
            PhotoItemRenderer.draw(photo: photo, in: canvas, bounds: Rect(origin: .zero, size: size), editingProgress: editing,
                                   selectionProgress: selection, isSelected: selected, isHighlighted: highlighted,
                                   format: format, dateCache: dateCache, picture: picture, pictureFailed: failed)
        }
        canvas.restore()
    }

    /// What a screen reader says for the item: "Photo, 3 November 2026" (a set label wins);
    /// a file that could not be shown says so (the error badge is not read out otherwise).
    public override var accessibilityLabel: String? {
        get {
            super.accessibilityLabel ?? photo.map {
                // Translators: appended to a photo's spoken label when its file could not be read or decoded.
                format.accessibilityLabel($0) + (pictureFailed ? tr(", cannot be shown") : "")
            }
        }
        set { super.accessibilityLabel = newValue }
    }
}

/// Where a folder's photos get their pictures: the app backs it with the shell's
/// `PictureLoader` (decoding off the main thread); tests with a fake they complete by hand.
/// Pictures are asked for by photo and delivered by photo, never by cell.
@MainActor
public protocol PhotoPictureSource: AnyObject {
    /// The photo's picture if it is ready now (decoded and cached).
    func picture(for photo: Photo) -> Image?
    /// Starts loading the photo's picture; `deliver` runs once on the main thread with it
    /// (nil if the file could not be read), unless `cancelPicture(for:)` comes first.
    func loadPicture(for photo: Photo, deliver: @escaping @MainActor (Image?) -> Void)
    /// Starts loading ahead of time (data prefetching); nobody is told when it is done.
    func prefetchPicture(for photo: Photo)
    /// The photo's picture is no longer wanted: drop its deliveries (and its decode if not started).
    func cancelPicture(for photo: Photo)
    /// The cell that asked for the photo's picture is on screen now: decode it before the
    /// pictures of cells off screen and of prefetches. By default, nothing.
    func showPicture(for photo: Photo)
    /// Whether the photo's file already failed to load (the cell shows the error badge at
    /// once, without asking again). By default, none has.
    func pictureFailed(for photo: Photo) -> Bool
    /// A placeholder to show until the picture comes (a camera's small EXIF thumbnail,
    /// upscaled), if one is ready now. By default, none.
    func placeholderPicture(for photo: Photo) -> Image?
    /// `loadPicture(for:deliver:)`, and `placeholder` runs on the main thread if a placeholder
    /// comes before the picture. By default, `loadPicture(for:deliver:)` (no placeholders).
    func loadPicture(for photo: Photo, placeholder: @escaping @MainActor (Image) -> Void, deliver: @escaping @MainActor (Image?) -> Void)
    /// The grid may show or prepare about `count` pictures at once now (its viewport, its
    /// prepared band and its data prefetching's range; `PhotosController.picturesInReach`): a
    /// cache of decoded pictures can be sized to that instead of a fixed amount. Told again when
    /// the window or the cells' size changes. By default, nothing.
    func picturesInReachDidChange(_ count: Int)
}

extension PhotoPictureSource {
    /// None has failed.
    public func pictureFailed(for photo: Photo) -> Bool { false }
    /// Nothing: pictures are decoded in the order asked for.
    public func showPicture(for photo: Photo) {}
    /// None.
    public func placeholderPicture(for photo: Photo) -> Image? { nil }
    /// `loadPicture(for:deliver:)`: no placeholders.
    public func loadPicture(for photo: Photo, placeholder: @escaping @MainActor (Image) -> Void, deliver: @escaping @MainActor (Image?) -> Void) {
        loadPicture(for: photo, deliver: deliver)
    }
    /// Nothing: the source keeps what it likes.
    public func picturesInReachDidChange(_ count: Int) {}
}

/// The Photos screen's data source and delegate (seed 003): a camera roll in month sections
/// with sticky headers; a drag across photos outside edit mode begins multiple selection
/// and turns editing on; Delete removes the selection with the grid's animation and undo
/// brings it back.
@MainActor
public final class PhotosController: CollectionViewDataSource, CollectionViewDelegate, CollectionViewDataSourcePrefetching {
    public private(set) var library: PhotoLibrary
    public weak var collectionView: CollectionView?
    public var format = PhotoFormat.english
    /// Called when the selection or edit mode changes (the window shows the count).
    public var selectionDidChange: (@MainActor () -> Void)?
    /// Called after a delete or an undo.
    public var onChange: (@MainActor () -> Void)?

    /// The grid's geometry: square thumbnails with a date line, a month header per section.
    public static func gridLayout(thumbnailSide: Double = 140) -> GridLayout {
        var layout = GridLayout()
        layout.itemSize = PhotoItemRenderer.itemSize(thumbnailSide: thumbnailSide)
        layout.minimumInteritemSpacing = 6
        layout.minimumLineSpacing = 6
        layout.sectionInset = EdgeInsets(top: 6, left: 12, bottom: 14, right: 12)
        layout.headerHeight = 34
        return layout
    }

    /// Pictures for a folder's photos (generated photos need none).
    public weak var pictures: PhotoPictureSource? { didSet { toldReach = nil } }

    /// How many cells a grid with `layout` may show or prepare at once in a viewport of
    /// `viewport`: the rows of the viewport, of the prepared band on both sides
    /// (`preparedDistance` points each) and of the data prefetching's range
    /// (`dataPrefetchScreens` viewport lengths), plus a part row at each end, times the
    /// columns that fit. At least one row.
    public nonisolated static func picturesInReach(viewport: Size, layout: GridLayout, preparedDistance: Double,
                                                   dataPrefetchScreens: Double) -> Int {
        let pitchAcross = layout.itemSize.width + layout.minimumInteritemSpacing
        let across = viewport.width - layout.sectionInset.left - layout.sectionInset.right + layout.minimumInteritemSpacing
        let columns = pitchAcross > 0 && across.isFinite ? max(1, Int(across / pitchAcross)) : 1
        let pitchAlong = layout.itemSize.height + layout.minimumLineSpacing
        let screens = 1 + (dataPrefetchScreens.isFinite ? max(0, dataPrefetchScreens) : 0)
        let length = max(0, viewport.height) * screens + 2 * (preparedDistance.isFinite ? max(0, preparedDistance) : 0)
        let rows = pitchAlong > 0 && length.isFinite ? Int((length / pitchAlong).rounded(.up)) + 2 : 1
        return columns * max(1, rows)
    }

    /// What the picture source was last told (`picturesInReachDidChange`), and for which geometry.
    private var toldReach: (viewport: Size, prepared: Double, data: Double, count: Int)?

    /// Tells the picture source how many pictures are in reach when the viewport, the cells'
    /// size or the grid's distances changed since it was last told (checked at each bind).
    private func updatePicturesInReach(_ collectionView: CollectionView) {
        guard let pictures else { return }
        let layout = collectionView.layout
        let viewport = collectionView.frame.size, prepared = collectionView.prefetchDistance, data = collectionView.dataPrefetchDistance
        guard viewport.width > 0, viewport.height > 0 else { return }
        let count = Self.picturesInReach(viewport: viewport, layout: layout, preparedDistance: prepared, dataPrefetchScreens: data)
        if let told = toldReach, told.viewport == viewport, told.prepared == prepared, told.data == data, told.count == count { return }
        toldReach = (viewport, prepared, data, count)
        pictures.picturesInReachDidChange(count)
    }
    /// Bug replica (issue 24, "Naive picture loading"): a picture is handed to the cell that
    /// asked for it, whatever that cell shows by then, and nothing is ever cancelled, so fast
    /// scrolling flashes wrong photos on reused cells. Off: pictures go to whichever cell
    /// shows their photo now, or to none.
    public var naivePictureLoading = false
    /// What became of pictures delivered to the grid.
    public struct PictureDeliveries: Equatable, Sendable {
        /// Shown on a cell showing their photo.
        public var shown = 0
        /// Their photo was no longer on a mounted cell (kept in the loader's cache only).
        public var unrouted = 0
        /// Shown on a cell that had moved on to another photo (the naive replica only).
        public var mismatched = 0
    }
    /// What became of pictures delivered so far.
    public private(set) var deliveries = PictureDeliveries()

    public init(library: PhotoLibrary = PhotoLibrary()) {
        self.library = library
    }

    /// Shows another library (a folder's photos, or the generated ones): the grid reloads,
    /// outstanding pictures are cancelled by the grid's prefetching and by the cells.
    public func replaceLibrary(_ library: PhotoLibrary) {
        unfiltered = nil
        self.library = library
        deliveries = PictureDeliveries()
        collectionView?.reloadData()
        onChange?()
    }

    // MARK: Search

    /// The whole library while a search shows part of it in `library` (nil: no search).
    private var unfiltered: PhotoLibrary?
    /// Whether a search shows only some photos. Deleting, moving, drag-selecting and undoing
    /// are off meanwhile (the items shown are not the library's).
    public var isFiltered: Bool { unfiltered != nil }
    /// The library itself, whether or not a search shows part of it.
    public var wholeLibrary: PhotoLibrary { unfiltered ?? library }

    /// What search matches a photo against: what a screen reader says for it (its subject or
    /// file name, date and time, in `format`), one text per photo of the whole library, in order.
    public var searchTexts: [String] { Self.searchTexts(of: wholeLibrary, format: format) }

    /// `searchTexts` for `library` in `format` (callable off the main thread).
    public nonisolated static func searchTexts(of all: PhotoLibrary, format: PhotoFormat) -> [String] {
        var texts: [String] = []
        texts.reserveCapacity(all.count)
        for section in 0..<all.numberOfSections {
            for item in 0..<all.numberOfItems(in: section) { texts.append(format.accessibilityLabel(all.photo(section: section, item: item))) }
        }
        return texts
    }

    /// Shows only the photos `rows` (indices into `searchTexts`, ascending) in their months,
    /// months without a match left out; nil shows the whole library again. The grid reloads.
    public func showOnly(_ rows: [Int]?) {
        let all = wholeLibrary
        if let rows {
            var sections: [PhotoSection] = []
            var start = 0, k = 0
            for section in 0..<all.numberOfSections {
                let end = start + all.numberOfItems(in: section)
                var photos: [Photo] = []
                while k < rows.count && rows[k] < end {
                    if rows[k] >= start { photos.append(all.photo(section: section, item: rows[k] - start)) }
                    k += 1
                }
                if !photos.isEmpty { sections.append(PhotoSection(month: all.month(ofSection: section), photos: photos)) }
                start = end
            }
            unfiltered = all
            library = PhotoLibrary(sections: sections)
        } else {
            unfiltered = nil
            library = all
        }
        collectionView?.reloadData()
    }

    public func attach(to grid: CollectionView) {
        collectionView = grid
        grid.register({ PhotoCell(reuseIdentifier: $0) }, forCellWithReuseIdentifier: PhotoCell.reuseIdentifier)
        grid.allowsMultipleSelectionDuringEditing = true
        grid.dataSource = self
        grid.delegate = self
        grid.prefetchDataSource = self
    }

    // MARK: Delete and undo

    public var canDeleteSelection: Bool { !isFiltered && (collectionView?.isEditing ?? false) && (collectionView?.numberOfSelectedItems ?? 0) > 0 }
    public var canUndo: Bool { !isFiltered && library.canUndo }

    /// Removes the selected photos (edit mode) in one batch update: their months go too when
    /// emptied; the photos after them re-flow into place. Returns how many were deleted.
    @discardableResult
    public func deleteSelection() -> Int {
        guard canDeleteSelection, let grid = collectionView, let selected = grid.indexPathsForSelectedItems else { return 0 }
        let before = library
        do {
            try grid.performBatchUpdatesThrowing({
                let change = library.deletePhotos(at: selected)
                grid.deleteSections(change.sections)
                grid.deleteItems(at: change.items)
            }, completion: nil)
        } catch {
            library = before
            grid.reloadData()
            return 0
        }
        onChange?()
        return selected.count
    }

    /// Brings back the latest delete where it was; in edit mode the photos come back selected.
    @discardableResult
    public func undo() -> [IndexPath] {
        guard let grid = collectionView, canUndo else { return [] }
        let before = library
        var restored: [IndexPath] = []
        do {
            try grid.performBatchUpdatesThrowing({
                guard let change = library.undo() else { return }
                grid.insertSections(change.sections)
                grid.insertItems(at: change.items)
                restored = change.allIndexPaths
            }, completion: nil)
        } catch {
            library = before
            grid.reloadData()
            return []
        }
        if grid.isEditing { for ip in restored { grid.selectItem(at: ip, animated: true, scrollPosition: []) } }
        onChange?()
        return restored
    }

    // MARK: CollectionViewDataSource

    public func numberOfSections(in collectionView: CollectionView) -> Int { library.numberOfSections }
    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { library.numberOfItems(in: section) }
    public func collectionView(_ collectionView: CollectionView, titleForHeaderInSection section: Int) -> String? {
        library.title(ofSection: section, format: format)
    }
    public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: PhotoCell.reuseIdentifier, for: indexPath)
        if let cell = cell as? PhotoCell {
            let photo = library.photo(at: indexPath)
            cell.format = format
            cell.photo = photo
            if photo.file != nil { updatePicturesInReach(collectionView) }
            bindPicture(of: photo, to: cell)
        }
        return cell
    }

    /// Gives `cell` its photo's picture, or asks for it. A cell that moves on to another
    /// photo cancels what it asked for before.
    private func bindPicture(of photo: Photo, to cell: PhotoCell) {
        guard let pictures, photo.file != nil else { cell.picture = nil; cell.requestedPhoto = nil; return }
        cell.pictureFailed = false
        if naivePictureLoading {
            // The replica: the delivery is bound to the cell, and nothing is cancelled.
            cell.picture = pictures.picture(for: photo)
            guard cell.picture == nil else { return }
            let id = photo.id
            pictures.loadPicture(for: photo) { [weak self, weak cell] image in
                guard let self, let cell else { return }
                if cell.photo?.id == id { self.deliveries.shown += 1 } else { self.deliveries.mismatched += 1 }
                cell.picture = image
                cell.pictureFailed = image == nil
            }
            return
        }
        if let asked = cell.requestedPhoto, asked != photo { pictures.cancelPicture(for: asked) }
        cell.picture = pictures.picture(for: photo)
        cell.pictureIsPlaceholder = false
        guard cell.picture == nil else { cell.requestedPhoto = nil; return }
        guard !pictures.pictureFailed(for: photo) else { cell.pictureFailed = true; cell.requestedPhoto = nil; return }
        if let placeholder = pictures.placeholderPicture(for: photo) {
            cell.picture = placeholder
            cell.pictureIsPlaceholder = true
        }
        cell.requestedPhoto = photo
        let id = photo.id
        pictures.loadPicture(for: photo, placeholder: { [weak self] image in self?.deliverPlaceholder(image, toPhotoID: id) },
                             deliver: { [weak self] image in self?.deliverPicture(image, toPhotoID: id) })
    }

    /// Shows a placeholder on the cell that shows its photo now and has no sharp picture.
    private func deliverPlaceholder(_ image: Image, toPhotoID id: Int) {
        guard let ip = library.indexPath(ofPhotoID: id),
              let cell = collectionView?.cellForItem(at: ip) as? PhotoCell, cell.photo?.id == id,
              cell.picture == nil || cell.pictureIsPlaceholder else { return }
        cell.picture = image
        cell.pictureIsPlaceholder = true
    }

    /// Routes a picture by its photo to the cell that shows that photo now, if any.
    private func deliverPicture(_ image: Image?, toPhotoID id: Int) {
        guard let ip = library.indexPath(ofPhotoID: id),
              let cell = collectionView?.cellForItem(at: ip) as? PhotoCell, cell.photo?.id == id else {
            deliveries.unrouted += 1
            return
        }
        deliveries.shown += 1
        cell.requestedPhoto = nil
        cell.pictureIsPlaceholder = false
        cell.picture = image
        cell.pictureFailed = image == nil
    }

    // MARK: Pictures on screen first

    /// A cell coming on screen: its picture goes before those of cells off screen and of
    /// prefetches; one given up when the cell left the screen is asked for again.
    public func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath) {
        guard let cell = cell as? PhotoCell, let photo = cell.photo, let pictures, !naivePictureLoading, photo.file != nil else { return }
        if (cell.picture == nil || cell.pictureIsPlaceholder) && cell.requestedPhoto == nil && !cell.pictureFailed { bindPicture(of: photo, to: cell) }
        if cell.requestedPhoto == photo { pictures.showPicture(for: photo) }
    }

    /// A cell that left the screen (it may stay mounted, prepared): its picture is not wanted
    /// now (it is asked for again if the cell comes back; the prefetching asks for it again if
    /// the scroll turns back after the cell is unmounted).
    public func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell, forItemAt indexPath: IndexPath) {
        guard let cell = cell as? PhotoCell, let asked = cell.requestedPhoto, let pictures, !naivePictureLoading else { return }
        pictures.cancelPicture(for: asked)
        cell.requestedPhoto = nil
    }

    // MARK: CollectionViewDataSourcePrefetching

    /// Folder photos coming into view start decoding before their cells are bound.
    public func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
        guard let pictures, !naivePictureLoading else { return }
        for ip in indexPaths where library.contains(ip) {
            let photo = library.photo(at: ip)
            if photo.file != nil { pictures.prefetchPicture(for: photo) }
        }
    }

    /// The user turned back or jumped: the decodes not started yet are dropped.
    public func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {
        guard let pictures, !naivePictureLoading else { return }
        for ip in indexPaths where library.contains(ip) {
            let photo = library.photo(at: ip)
            if photo.file != nil { pictures.cancelPicture(for: photo) }
        }
    }

    // MARK: Moving photos by hand (issue 23)

    /// In edit mode a photo can be moved: a long press lifts it (then drag it), Alt+arrows
    /// move the focused one a place.
    public func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
        collectionView.isEditing && !isFiltered && library.contains(indexPath)
    }

    /// The photo takes its new place in the library's order.
    public func collectionView(_ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        library.movePhoto(from: sourceIndexPath, to: destinationIndexPath)
        onChange?()
    }

    /// Photos stay in their month: see `PhotoLibrary.destinationForMove`.
    public func collectionView(_ collectionView: CollectionView, targetIndexPathForMoveFromItemAt sourceIndexPath: IndexPath,
                               toProposedIndexPath proposedIndexPath: IndexPath) -> IndexPath {
        library.destinationForMove(from: sourceIndexPath, proposed: proposedIndexPath)
    }

    // MARK: CollectionViewDelegate

    /// Seed 003: a drag across photos begins multiple selection (and turns editing on).
    public func collectionView(_ collectionView: CollectionView, shouldBeginMultipleSelectionInteractionAt indexPath: IndexPath) -> Bool { !isFiltered }
    public func collectionView(_ collectionView: CollectionView, didBeginMultipleSelectionInteractionAt indexPath: IndexPath) {
        selectionDidChange?()
    }
    public func collectionViewSelectionDidChange(_ collectionView: CollectionView) { selectionDidChange?() }
}
