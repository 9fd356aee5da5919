import PoolTable

/// Keeps attached fixtures alive: a view holds its data source and delegate weakly (as UIKit's
/// do), so a test that drops its own reference must not lose them.
@MainActor
public enum FixtureKeeper {
    public static var attached: [AnyObject] = []
}

/// `counts[s]` ids in section s: 0, 1, 2, … across sections.
public func consecutiveIDs(_ counts: [Int]) -> [[Int]] {
    var next = 0
    return counts.map { n in defer { next += n }; return Array(next..<(next + n)) }
}

/// What a fixture's `attach` does last, once it is the view's data source.
public enum AttachStep: Sendable {
    case reload, layout, nothing

    @MainActor
    func perform(on view: ListBase) {
        switch self {
        case .reload: view.reloadData()
        case .layout: view.layoutIfNeeded()
        case .nothing: break
        }
    }
}

/// The one configurable table data source and delegate of the tests (issue 34): sections of
/// items, a cell factory, and a closure or option for each answer a test changes (text,
/// heights, titles, editing, moving, row actions, columns). Every answer left unset is the
/// protocol's own default, so a fixture that sets nothing behaves as a source implementing
/// nothing but the counts and the cells. Records the calls tests count.
///
/// The model is `sections`; a subclass may serve counts with no storage behind them
/// (`count(inSection:)`, `sectionCount`, `item(at:)`), e.g. for counts past memory.
@MainActor
open class TableSourceFixture<Item>: TableViewDataSource, TableViewDelegate {
    /// The items, by section.
    public var sections: [[Item]]
    /// The reuse identifier the fixture registers its cell under.
    public let reuseIdentifier: String
    /// Makes a cell for the reuse identifier (registered by `attach`).
    public var makeCell: (String) -> TableViewCell
    /// A cell's text; nil leaves it unset.
    public var text: (IndexPath, Item) -> String?
    /// Anything else done to a dequeued cell, after its text.
    public var configure: ((TableViewCell, IndexPath, Item) -> Void)?
    /// Row heights; nil answers the default (`rowHeight`, noted as used).
    public var heightForRow: ((IndexPath, Item) -> Double)?
    /// Answers `TableView.automaticDimension` for every row (the cells measure themselves).
    public var selfSizing = false
    public var headerTitle: ((Int) -> String?)?
    public var footerTitle: ((Int) -> String?)?

    // Editing and row actions (issue 22). Nil: the protocol's default.
    public var canEdit: ((IndexPath) -> Bool)?
    public var editingStyle: ((IndexPath) -> TableViewCell.EditingStyle)?
    public var indents: ((IndexPath) -> Bool)?
    /// What `commit` does (after it is recorded in `commits`); nil does nothing, the default.
    public var onCommit: ((TableView, TableViewCell.EditingStyle, IndexPath) -> Void)?
    public var trailing: ((IndexPath) -> SwipeActionsConfiguration?)?
    public var leading: ((IndexPath) -> SwipeActionsConfiguration?)?
    public var menu: ((IndexPath, Point) -> [MenuAction]?)?

    // Moving by hand (issue 23). `canMove` nil: no row moves (the default).
    public var canMove: ((IndexPath) -> Bool)?
    /// A move's destination from its source and the proposed one; nil keeps the proposal.
    public var retarget: ((IndexPath, IndexPath) -> IndexPath)?

    // Columns (issue 25).
    /// The width `sizeToFitWidthOfColumn` answers; nil (or a nil answer) is the table's default.
    public var fittingWidth: ((Int) -> Double?)?

    // What the table called.
    public var cellForRowCalls = 0
    public var createdCells = 0
    public var willDisplay: [IndexPath] = []
    public var didEndDisplaying: [IndexPath] = []
    /// `tableViewSelectionDidChange` calls.
    public var selectionChanges = 0
    /// `didActivateRowAt` calls, in order.
    public var activated: [IndexPath] = []
    public var moves: [(from: IndexPath, to: IndexPath)] = []
    public var commits: [(TableViewCell.EditingStyle, IndexPath)] = []
    /// `sortDescriptorsDidChange`'s old descriptors, in order.
    public var sortChanges: [[TableSortDescriptor]] = []

    public init(sections: [[Item]], reuseIdentifier: String = "row",
                cell: @escaping (String) -> TableViewCell = { TableViewCell(reuseIdentifier: $0) },
                text: @escaping (IndexPath, Item) -> String? = { _, item in "\(item)" }) {
        self.sections = sections
        self.reuseIdentifier = reuseIdentifier
        makeCell = cell
        self.text = text
    }

    /// What `attach` does last: reload the table (the default), lay it out, or nothing.
    public var attachStep = AttachStep.reload

    /// Whether `attach` keeps the fixture alive in `FixtureKeeper`; false where the test
    /// holds it and checks that it is freed.
    public var keptAlive = true

    /// Registers the cell, becomes `table`'s data source and delegate (kept alive by
    /// `FixtureKeeper` when `keptAlive`), then does `attachStep`.
    public func attach(to table: TableView) {
        if keptAlive { FixtureKeeper.attached.append(self) }
        table.register({ [weak self] id in
            guard let self else { return TableViewCell(reuseIdentifier: id) }
            createdCells += 1
            return makeCell(id)
        }, forCellReuseIdentifier: reuseIdentifier)
        table.dataSource = self
        table.delegate = self
        attachStep.perform(on: table)
    }

    // The model, overridable for counts with no storage behind them.
    open var sectionCount: Int { sections.count }
    open func count(inSection section: Int) -> Int { sections[section].count }
    open func item(at indexPath: IndexPath) -> Item { sections[indexPath.section][indexPath.row] }

    public func numberOfSections(in tableView: TableView) -> Int { sectionCount }
    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count(inSection: section) }
    public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        cellForRowCalls += 1
        let cell = tableView.dequeueReusableCell(withIdentifier: reuseIdentifier, for: indexPath)
        let item = item(at: indexPath)
        if let text = text(indexPath, item) { cell.text = text }
        configure?(cell, indexPath, item)
        return cell
    }
    public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { headerTitle?(section) ?? nil }
    public func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? { footerTitle?(section) ?? nil }
    public func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double {
        if selfSizing { return TableView.automaticDimension }
        if let heightForRow { return heightForRow(indexPath, item(at: indexPath)) }
        return TableDefaults.shared.tableView(tableView, heightForRowAt: indexPath)
    }
    public func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) { willDisplay.append(indexPath) }
    public func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath) { didEndDisplaying.append(indexPath) }
    public func tableViewSelectionDidChange(_ tableView: TableView) { selectionChanges += 1 }
    public func tableView(_ tableView: TableView, didActivateRowAt indexPath: IndexPath) { activated.append(indexPath) }

    public func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool {
        canEdit?(indexPath) ?? TableDefaults.shared.tableView(tableView, canEditRowAt: indexPath)
    }
    public func tableView(_ tableView: TableView, editingStyleForRowAt indexPath: IndexPath) -> TableViewCell.EditingStyle {
        editingStyle?(indexPath) ?? TableDefaults.shared.tableView(tableView, editingStyleForRowAt: indexPath)
    }
    public func tableView(_ tableView: TableView, shouldIndentWhileEditingRowAt indexPath: IndexPath) -> Bool {
        indents?(indexPath) ?? TableDefaults.shared.tableView(tableView, shouldIndentWhileEditingRowAt: indexPath)
    }
    public func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
        commits.append((editingStyle, indexPath))
        onCommit?(tableView, editingStyle, indexPath)
    }
    public func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        trailing?(indexPath) ?? nil
    }
    public func tableView(_ tableView: TableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        leading?(indexPath) ?? nil
    }
    public func tableView(_ tableView: TableView, contextMenuConfigurationForRowAt indexPath: IndexPath, point: Point) -> [MenuAction]? {
        menu?(indexPath, point) ?? nil
    }

    public func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool {
        canMove?(indexPath) ?? TableDefaults.shared.tableView(tableView, canMoveRowAt: indexPath)
    }
    public func tableView(_ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        moves.append((sourceIndexPath, destinationIndexPath))
        moveItem(from: sourceIndexPath, to: destinationIndexPath)
    }
    /// Moves the model's item (after `moveRowAt` recorded the move).
    open func moveItem(from source: IndexPath, to destination: IndexPath) {
        sections[destination.section].insert(sections[source.section].remove(at: source.row), at: destination.row)
    }
    public func tableView(_ tableView: TableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
                          toProposedIndexPath proposedDestinationIndexPath: IndexPath) -> IndexPath {
        retarget?(sourceIndexPath, proposedDestinationIndexPath) ?? proposedDestinationIndexPath
    }

    public func tableView(_ tableView: TableView, sortDescriptorsDidChange oldDescriptors: [TableSortDescriptor]) { sortChanges.append(oldDescriptors) }
    public func tableView(_ tableView: TableView, sizeToFitWidthOfColumn column: Int) -> Double {
        fittingWidth?(column) ?? TableDefaults.shared.tableView(tableView, sizeToFitWidthOfColumn: column)
    }
}

extension TableSourceFixture where Item == Int {
    /// `counts[s]` rows in section s, ids 0, 1, 2, … across sections.
    public convenience init(counts: [Int], reuseIdentifier: String = "row",
                            cell: @escaping (String) -> TableViewCell = { TableViewCell(reuseIdentifier: $0) },
                            text: @escaping (IndexPath, Int) -> String? = { _, id in "Item \(id)" }) {
        self.init(sections: consecutiveIDs(counts),
                  reuseIdentifier: reuseIdentifier, cell: cell, text: text)
    }

    /// The item id at `indexPath`.
    public func id(_ indexPath: IndexPath) -> Int { item(at: indexPath) }
}

/// The table fixture over per-section row counts with no storage behind them: counts past
/// memory, and bad ones, reach the table as they are. The item at a row is its row number;
/// cells read "Row r" unless `text` says otherwise.
@MainActor
open class CountedTableSourceFixture: TableSourceFixture<Int> {
    /// The rows in each section.
    public var counts: [Int]

    public init(counts: [Int], reuseIdentifier: String = "row",
                cell: @escaping (String) -> TableViewCell = { TableViewCell(reuseIdentifier: $0) },
                text: @escaping (IndexPath, Int) -> String? = { ip, _ in "Row \(ip.row)" }) {
        self.counts = counts
        super.init(sections: [], reuseIdentifier: reuseIdentifier, cell: cell, text: text)
    }

    override open var sectionCount: Int { counts.count }
    override open func count(inSection section: Int) -> Int { counts[section] }
    override open func item(at indexPath: IndexPath) -> Int { indexPath.row }
    override open func moveItem(from source: IndexPath, to destination: IndexPath) {
        counts[source.section] -= 1
        counts[destination.section] += 1
    }
}

/// A source and delegate implementing nothing: the fixture asks it for the protocols' own
/// defaults, so an unset option answers exactly what a source without the method gets.
@MainActor
private final class TableDefaults: TableViewDataSource, TableViewDelegate {
    static let shared = TableDefaults()
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 0 }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell { TableViewCell(reuseIdentifier: nil) }
}
