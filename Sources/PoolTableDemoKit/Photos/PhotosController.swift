import PoolTable

/// A grid item showing one photo: the thumbnail, its date line and, in edit mode, the check
/// badge (`PhotoItemRenderer`). Selection is applied by the grid when the cell is displayed
/// (seed 003), never by the data source.
@MainActor
public final class PhotoCell: CollectionViewCell {
    public static let reuseIdentifier = "photo"
    public var photo: Photo? { didSet { if photo != oldValue { setNeedsDisplay() } } }
    public var format = PhotoFormat.english
    private let dateCache = TextCache()

    public override func prepareForReuse() { photo = nil }

    public override func draw(in canvas: Canvas, bounds: Rect) {
        guard let photo else { return }
        PhotoItemRenderer.draw(photo: photo, in: canvas, bounds: bounds, editingProgress: editingProgress,
                               selectionProgress: selectionProgress, isSelected: isSelected, isHighlighted: isHighlighted,
                               format: format, dateCache: dateCache)
    }

    /// What a screen reader says for the item.
    public var accessibilityText: String { photo.map { format.accessibilityLabel($0) } ?? "" }
}

/// The Photos screen's data source and delegate (seed 003): a camera roll in month sections
/// with sticky headers; a drag across photos outside edit mode begins multiple selection
/// and turns editing on; Delete removes the selection with the grid's animation and undo
/// brings it back.
@MainActor
public final class PhotosController: CollectionViewDataSource, CollectionViewDelegate {
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

    public init(library: PhotoLibrary = PhotoLibrary()) {
        self.library = library
    }

    public func attach(to grid: CollectionView) {
        collectionView = grid
        grid.register({ PhotoCell(reuseIdentifier: $0) }, forCellWithReuseIdentifier: PhotoCell.reuseIdentifier)
        grid.allowsMultipleSelectionDuringEditing = true
        grid.dataSource = self
        grid.delegate = self
    }

    // MARK: Delete and undo

    public var canDeleteSelection: Bool { (collectionView?.isEditing ?? false) && (collectionView?.numberOfSelectedItems ?? 0) > 0 }
    public var canUndo: Bool { library.canUndo }

    /// Removes the selected photos (edit mode) in one batch update: their months go too when
    /// emptied; the photos after them re-flow into place. Returns how many were deleted.
    @discardableResult
    public func deleteSelection() -> Int {
        guard canDeleteSelection, let grid = collectionView, let selected = grid.indexPathsForSelectedItems else { return 0 }
        let before = library
        do {
            try grid.performBatchUpdates({
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
        guard let grid = collectionView, library.canUndo else { return [] }
        let before = library
        var restored: [IndexPath] = []
        do {
            try grid.performBatchUpdates({
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
        if grid.isEditing { for ip in restored { grid.selectItem(at: ip, animated: true, scrollPosition: .none) } }
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
            cell.format = format
            cell.photo = library.photo(at: indexPath)
        }
        return cell
    }

    // MARK: CollectionViewDelegate

    /// Seed 003: a drag across photos begins multiple selection (and turns editing on).
    public func collectionView(_ collectionView: CollectionView, shouldBeginMultipleSelectionInteractionAt indexPath: IndexPath) -> Bool { true }
    public func collectionView(_ collectionView: CollectionView, didBeginMultipleSelectionInteractionAt indexPath: IndexPath) {
        selectionDidChange?()
    }
    public func collectionViewSelectionDidChange(_ collectionView: CollectionView) { selectionDidChange?() }
}
