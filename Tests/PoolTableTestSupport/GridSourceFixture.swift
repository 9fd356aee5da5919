import PoolTable

/// The one configurable grid data source and delegate of the tests (issue 34): sections of
/// item ids, a cell factory, titles, moving, and a log of every delegate call in order
/// (`calls`). Every answer left unset is the protocol's own default.
///
/// The model is `sections`; a subclass may serve counts with no storage behind them
/// (`sectionCount`, `count(inSection:)`, `id(at:)`), e.g. for counts past memory.
@MainActor
open class GridSourceFixture: CollectionViewDataSource, CollectionViewDelegate {
    public enum Call: Equatable {
        case willDisplay(IndexPath), didEndDisplaying(IndexPath)
        case didSelect(IndexPath), didDeselect(IndexPath)
        case shouldBegin(IndexPath), didBegin(IndexPath), didEnd
        case selectionDidChange, activate(IndexPath)
    }

    /// The item ids, by section.
    public var sections: [[Int]]
    public let reuseIdentifier: String
    /// Makes a cell for the reuse identifier (registered by `attach`).
    public var makeCell: (String) -> CollectionViewCell
    /// What is done to a dequeued cell: its item id (nil for an index path the model does not
    /// have: tolerant of a grid that asks about stale counts).
    public var configure: ((CollectionViewCell, IndexPath, Int?) -> Void)?
    /// Section header titles; nil answers none.
    public var headerTitle: ((Int) -> String?)?
    /// What `shouldBeginMultipleSelectionInteractionAt` answers; nil uses the protocol's default.
    public var beginsMultipleSelection: Bool?
    /// Whether items move by hand (issue 23); nil: the default (none).
    public var canMove: ((IndexPath) -> Bool)?

    public var calls: [Call] = []
    public var cellForItemCalls = 0
    public var createdCells = 0
    public var moves: [(from: IndexPath, to: IndexPath)] = []
    /// Index paths displayed with a cell whose `isSelected` disagreed with the grid's selection.
    public var staleOnDisplay: [IndexPath] = []

    public init(sections: [[Int]], reuseIdentifier: String = "item",
                cell: @escaping (String) -> CollectionViewCell = { CollectionViewCell(reuseIdentifier: $0) }) {
        self.sections = sections
        self.reuseIdentifier = reuseIdentifier
        makeCell = cell
    }

    /// `counts[s]` items in section s, ids 0, 1, 2, … across sections.
    public convenience init(counts: [Int], reuseIdentifier: String = "item",
                            cell: @escaping (String) -> CollectionViewCell = { CollectionViewCell(reuseIdentifier: $0) }) {
        self.init(sections: consecutiveIDs(counts),
                  reuseIdentifier: reuseIdentifier, cell: cell)
    }

    /// What `attach` does last: reload the grid (the default), lay it out, or nothing.
    public var attachStep = AttachStep.reload

    /// Registers the cell, becomes `grid`'s data source and (when `asDelegate`) its delegate,
    /// kept alive by `FixtureKeeper`, then does `attachStep`.
    public func attach(to grid: CollectionView, asDelegate: Bool = true) {
        FixtureKeeper.attached.append(self)
        grid.register({ [weak self] id in
            guard let self else { return CollectionViewCell(reuseIdentifier: id) }
            createdCells += 1
            return makeCell(id)
        }, forCellWithReuseIdentifier: reuseIdentifier)
        grid.dataSource = self
        if asDelegate { grid.delegate = self }
        attachStep.perform(on: grid)
    }

    // The model, overridable for counts with no storage behind them.
    open var sectionCount: Int { sections.count }
    open func count(inSection section: Int) -> Int { sections.indices.contains(section) ? sections[section].count : 0 }
    /// The id at `ip`, nil where the model has none.
    open func id(at ip: IndexPath) -> Int? {
        guard sections.indices.contains(ip.section), sections[ip.section].indices.contains(ip.item) else { return nil }
        return sections[ip.section][ip.item]
    }

    /// `calls` without the display calls.
    public var calledDelegate: [Call] {
        calls.filter { if case .willDisplay = $0 { return false }; if case .didEndDisplaying = $0 { return false }; return true }
    }

    public func numberOfSections(in collectionView: CollectionView) -> Int { sectionCount }
    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count(inSection: section) }
    public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        cellForItemCalls += 1
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: reuseIdentifier, for: indexPath)
        configure?(cell, indexPath, id(at: indexPath))
        return cell
    }
    public func collectionView(_ collectionView: CollectionView, titleForHeaderInSection section: Int) -> String? {
        headerTitle?(section) ?? nil
    }

    public func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath) {
        calls.append(.willDisplay(indexPath))
        if cell.isSelected != collectionView.isItemSelected(at: indexPath) { staleOnDisplay.append(indexPath) }
    }
    public func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell, forItemAt indexPath: IndexPath) {
        calls.append(.didEndDisplaying(indexPath))
    }
    public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) { calls.append(.didSelect(indexPath)) }
    public func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) { calls.append(.didDeselect(indexPath)) }
    public func collectionView(_ collectionView: CollectionView, shouldBeginMultipleSelectionInteractionAt indexPath: IndexPath) -> Bool {
        calls.append(.shouldBegin(indexPath))
        return beginsMultipleSelection ?? GridDefaults.shared.collectionView(collectionView, shouldBeginMultipleSelectionInteractionAt: indexPath)
    }
    public func collectionView(_ collectionView: CollectionView, didBeginMultipleSelectionInteractionAt indexPath: IndexPath) {
        calls.append(.didBegin(indexPath))
    }
    public func collectionViewDidEndMultipleSelectionInteraction(_ collectionView: CollectionView) { calls.append(.didEnd) }
    public func collectionViewSelectionDidChange(_ collectionView: CollectionView) { calls.append(.selectionDidChange) }
    public func collectionView(_ collectionView: CollectionView, didActivateItemAt indexPath: IndexPath) { calls.append(.activate(indexPath)) }

    public func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
        canMove?(indexPath) ?? GridDefaults.shared.collectionView(collectionView, canMoveItemAt: indexPath)
    }
    public func collectionView(_ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        moves.append((sourceIndexPath, destinationIndexPath))
        sections[destinationIndexPath.section].insert(sections[sourceIndexPath.section].remove(at: sourceIndexPath.item), at: destinationIndexPath.item)
    }
}

/// A grid source and delegate implementing nothing: the protocols' own defaults.
@MainActor
private final class GridDefaults: CollectionViewDataSource, CollectionViewDelegate {
    static let shared = GridDefaults()
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 0 }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        CollectionViewCell(reuseIdentifier: nil)
    }
}
