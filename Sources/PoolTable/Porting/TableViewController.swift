/// A controller that owns a table and is its data source and delegate (UIKit's
/// `UITableViewController`), so that a ported subclass's `override func tableView(…)`
/// compiles and is called.
///
/// Every data-source and delegate method is implemented here as `open`, answering what the
/// protocols' defaults answer (no rows, `rowHeight`, the default header and footer heights,
/// nothing on display or selection), so a subclass overrides exactly the ones it needs and
/// may call `super`.
///
/// The table is made the first time `tableView` (or `view`) is read: `loadView()` makes it
/// (override it to make your own), then `viewDidLoad()` runs, as in UIKit. There is no window
/// and no appearance cycle: whatever shows the table (a `TableViewHost`, the GTK shell's
/// widget) takes `tableView` and sets its `frame`. The table holds its data source and
/// delegate weakly, as in UIKit: keep a reference to the controller.
@MainActor
open class TableViewController: TableViewDataSource, TableViewDelegate {
    private let initialStyle: TableViewStyle
    private var loadedTableView: TableView?

    /// A controller whose table will have `style` (plain by default, as UIKit's `init()`).
    public init(style: TableViewStyle = .plain) {
        initialStyle = style
    }

    /// The table this controller feeds (UIKit's `tableView`). Reading it loads it (see
    /// `loadViewIfNeeded()`). Setting it makes the controller the new table's data source
    /// and delegate.
    public var tableView: TableView! {
        get { loadViewIfNeeded(); return loadedTableView }
        set {
            loadedTableView = newValue
            newValue?.dataSource = self
            newValue?.delegate = self
        }
    }

    /// The controller's view: the table (UIKit's `view`, which a table view controller's
    /// table is).
    public var view: TableView! { tableView }

    /// True once `loadView()` and `viewDidLoad()` have run.
    public private(set) var isViewLoaded = false

    /// A title for whatever shows the table (a window or a page); the table does not draw it.
    public var title: String?

    /// Kept so ported code compiles; it has no meaning here. UIKit uses it to deselect the
    /// selected row when the controller's view is about to appear; PoolTable has no
    /// appearance cycle (no `viewWillAppear`), so nothing ever reads it. Deselect with
    /// `tableView.deselectRow(at:animated:)` when your screen is shown again.
    public var clearsSelectionOnViewWillAppear = true

    /// Loads the table now if it is not loaded: `loadView()`, then `viewDidLoad()`.
    public func loadViewIfNeeded() {
        guard !isViewLoaded else { return }
        isViewLoaded = true
        loadView()
        if loadedTableView == nil { tableView = TableView(frame: .zero, style: initialStyle) }
        viewDidLoad()
    }

    /// Makes the table: a `TableView` of the style given at `init`, with a zero frame (the
    /// host sizes it). Override to make your own and assign it to `tableView`; do not call
    /// `super` then.
    open func loadView() {
        tableView = TableView(frame: .zero, style: initialStyle)
    }

    /// Called once, right after the table is made: register cells and set the table up here.
    open func viewDidLoad() {}

    /// Whether the table is in edit mode (UIKit's `isEditing`); setting it is
    /// `setEditing(_:animated: false)`.
    open var isEditing: Bool {
        get { tableView.isEditing }
        set { setEditing(newValue, animated: false) }
    }

    /// Enters or leaves edit mode on the table. Override to do more (call `super`).
    open func setEditing(_ editing: Bool, animated: Bool) {
        tableView.setEditing(editing, animated: animated)
    }

    // MARK: TableViewDataSource (each answers what the protocol's default answers)

    /// 1 section.
    open func numberOfSections(in tableView: TableView) -> Int { 1 }
    /// No rows (UIKit's `UITableViewController` answers 0 too).
    open func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 0 }
    /// Override this when the table has rows. Unoverridden, it logs a warning (once) and
    /// returns an empty cell (UIKit would stop).
    open func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        tableView.warn("controllerCellForRowAt", "PoolTable: \(type(of: self)) has rows but does not override tableView(_:cellForRowAt:); showing empty cells")
        return TableViewCell(reuseIdentifier: nil)
    }
    /// No header title.
    open func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { nil }
    /// No footer title.
    open func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? { nil }
    /// True: every row may be edited.
    open func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
    /// Nothing. Override it to delete or insert: change the model, then tell the table.
    open func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {}

    // MARK: TableViewDelegate (each answers what the protocol's default answers)

    /// `tableView.rowHeight`. The table asks row 0 of each section first; when that answer
    /// comes from here (unoverridden, or `super` for row 0), it takes every row of the
    /// section to be `rowHeight` without asking the others.
    open func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double {
        tableView.noteDefaultRowHeightUsed()
        return tableView.rowHeight
    }
    /// `sectionHeaderHeight` when the section has a header title, else 0 (18 grouped).
    open func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Double {
        tableView.defaultHeaderHeight(for: section)
    }
    /// `sectionFooterHeight` when the section has a footer title, else 0 (10 grouped).
    open func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> Double {
        tableView.defaultFooterHeight(for: section)
    }
    /// Nothing.
    open func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {}
    /// Nothing.
    open func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath) {}
    /// Nothing.
    open func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {}
    /// Nothing.
    open func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {}
    /// Nothing.
    open func tableViewSelectionDidChange(_ tableView: TableView) {}
    /// Nothing.
    open func tableView(_ tableView: TableView, didActivateRowAt indexPath: IndexPath) {}
    /// Nothing.
    open func tableView(_ tableView: TableView, didTapTarget target: String, inRowAt indexPath: IndexPath) {}
    /// Nothing.
    open func tableView(_ tableView: TableView, accessoryButtonTappedForRowWith indexPath: IndexPath) {}
    /// Sort descriptors changed (a header click or code). Default: nothing.
    open func tableView(_ tableView: TableView, sortDescriptorsDidChange oldDescriptors: [TableSortDescriptor]) {}
    /// False: rows are not moved by hand (no grip).
    open func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }
    /// Nothing (a subclass moves the row in its model).
    open func tableView(_ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}
    /// The proposed index path.
    open func tableView(_ tableView: TableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
                        toProposedIndexPath proposedDestinationIndexPath: IndexPath) -> IndexPath { proposedDestinationIndexPath }

    // MARK: Row actions (each answers what the protocol's default answers)

    /// `.none` when `allowsMultipleSelectionDuringEditing` (the checkboxes), else `.delete`.
    open func tableView(_ tableView: TableView, editingStyleForRowAt indexPath: IndexPath) -> TableViewCell.EditingStyle {
        tableView.allowsMultipleSelectionDuringEditing ? .none : .delete
    }
    /// True.
    open func tableView(_ tableView: TableView, shouldIndentWhileEditingRowAt indexPath: IndexPath) -> Bool { true }
    /// Nil: no leading swipe actions.
    open func tableView(_ tableView: TableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? { nil }
    /// Nil: no trailing swipe actions.
    open func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? { nil }
    /// Nil: no context menu.
    open func tableView(_ tableView: TableView, contextMenuConfigurationForRowAt indexPath: IndexPath, point: Point) -> [MenuAction]? { nil }
}
