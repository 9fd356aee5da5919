import CGtk
import PoolTable

/// Feeds a `TableView` or a `CollectionView` from any `GListModel` (a `GtkStringList`, a
/// `GListStore`, a `GtkDirectoryList`, a sort or filter model), as `GtkListView` is fed:
///
/// - `items-changed(position, removed, added)` becomes one batch update (deletes, then
///   inserts) as it arrives, applied at once as GtkListView does (animated with
///   `animatesChanges`);
/// - an item that leaves and comes back in the same change (a re-sort, a filter) while its
///   cell is mounted keeps that cell, not bound again: it is matched by item pointer, as
///   gtklistitemmanager.c matches its removed widgets, and the batch moves its row;
/// - only items whose cells are mounted are fetched (`g_list_model_get_item`), never the
///   whole model;
/// - `bind` / `unbind` give a cell its item, which stays referenced while the cell shows it;
/// - `selectionModel` shares the selection with a `GtkSelectionModel` both ways.
///
/// A `GtkTreeListModel` shows as an outline (`ListModelDataSource+Outline.swift`): its
/// `GtkTreeListRow`s give each row's level and disclosure triangle, and `bind` gets the row
/// (`gtk_tree_list_row_get_item` is the item), as a GtkListView's factory does.
///
/// A model that breaks the `GListModel` contract (an `items-changed` that disagrees with
/// `get_n_items`, a NULL item at an index it counts) gets one warning and a reload.
/// GTK 4.8 has no `GtkSectionModel`: one section.
///
/// ```swift
/// let strings = gtk_string_list_new(nil)!            // or any GListModel
/// let source = ListModelDataSource(model: strings)
/// source.bind = { cell, item, _ in (cell as! TableViewCell).text = ... }
/// source.attach(to: table.tableView)                  // keep `source` alive
/// ```
@MainActor
public final class ListModelDataSource: TableViewDataSource, CollectionViewDataSource {
    // `@exclusivity(unchecked)` on the state every `items-changed` reads (`model`,
    // `selectionModel`, `animatesChanges`, `fetchedAhead`): a dynamic exclusivity check
    // (`swift_beginAccess`) each, ~75 instructions, on every signal of an incremental filter.
    // They are touched only on the main actor by straight-line code, never through
    // overlapping inout accesses.

    /// The model shown (`GListModel *`, referenced). A new model: one reload.
    @exclusivity(unchecked) public var model: OpaquePointer {
        willSet {
            disconnectSource()              // while the old model is surely alive
            g_object_ref(newValue.rawPointer)
        }
        didSet {
            g_object_unref(oldValue.rawPointer)
            warnedAboutModel = false
            reloadedAfterNull = false
            connectSource()
            reload()
        }
    }

    /// Shares the selection with GTK both ways: a `GtkSingleSelection`, `GtkMultiSelection`
    /// (or any `GtkSelectionModel`) over the same model (referenced). While it is set, rows
    /// and items follow the selection model's own `items-changed`, which it emits after its
    /// selection has followed the change. A multiple selection allows multiple selection in
    /// the view. The view's selection changes by the user (the delegate's
    /// `selectionDidChange`) reach it; its `selection-changed` reaches the view; neither
    /// echoes back.
    @exclusivity(unchecked) public var selectionModel: OpaquePointer? {
        willSet {
            disconnectSource()
            if let newValue { g_object_ref(newValue.rawPointer) }
        }
        didSet {
            if let oldValue { g_object_unref(oldValue.rawPointer) }
            connectSource()
            reload()
        }
    }

    /// Called for every cell bound to an item (a `GObject *`); the item stays referenced
    /// while its cell is mounted. Connect to the item's `notify` here. Nil: a `TableViewCell`
    /// shows a `GtkStringObject`'s string (a `GtkStringList`), other items nothing.
    public var bind: (@MainActor (ReusableCell, _ item: OpaquePointer, IndexPath) -> Void)?
    /// Called when a cell stops showing its item: the cell was recycled or bound to another
    /// item, or the item left the model (the index path is where the cell last showed it).
    /// Disconnect what `bind` connected here.
    public var unbind: (@MainActor (ReusableCell, _ item: OpaquePointer, IndexPath) -> Void)?

    /// The reuse identifier cells are dequeued with (register a cell under it).
    public let cellIdentifier: String

    /// A `GListModel`'s changes are applied as `GtkListView` applies them, at once, unless
    /// this is true: then each `items-changed` is an animated batch (rows on screen glide,
    /// fade in and out). Set it for models whose changes the user should see move, such as a
    /// folder's live listing; leave it off for filters driven by typing, as the app's own
    /// search does. Default false. Affects the changes that arrive after it is set.
    @exclusivity(unchecked) public var animatesChanges = false

    /// Items fetched from the model so far (`g_list_model_get_item` calls): it grows with the
    /// cells mounted, not with the model.
    public private(set) var itemsFetched = 0
    /// `bind` calls so far (including the built-in string binding).
    public private(set) var bindCount = 0
    /// Reloads after the model broke its contract.
    public private(set) var modelErrors = 0

    /// A cell's item while the cell shows it (+1 reference).
    struct Binding {
        let cell: ReusableCell
        let item: OpaquePointer
        var indexPath: IndexPath
    }

    /// Mounted cells and their items, by cell.
    var bindings: [ObjectIdentifier: Binding] = [:]
    /// Items fetched while matching a change (+1 each), by new row, for the cells the batch
    /// mounts next; what is left after the batch is released.
    @exclusivity(unchecked) var fetchedAhead: [Int: OpaquePointer] = [:]
    /// The row count the view was last told.
    var count = 0
    weak var tableView: TableView?
    weak var collectionView: CollectionView?
    var selectionObserver: Int?
    /// Handlers on the source of `items-changed` and on the selection model.
    var itemsChangedHandler: (source: OpaquePointer, id: gulong)?
    var selectionChangedHandler: (model: OpaquePointer, id: gulong)?
    /// Set while the adapter writes one side of the selection from the other.
    var isSyncingSelection = false
    /// One warning per model.
    var warnedAboutModel = false
    /// Whether a NULL item already caused a reload (once per model).
    var reloadedAfterNull = false
    let sweep = GLibTimeout()
    let deferredReload = GLibTimeout()

    /// A data source for `model` (a `GListModel *`, referenced while shown).
    public init(model: OpaquePointer, cellIdentifier: String = "cell") {
        g_object_ref(model.rawPointer)
        self.model = model
        self.cellIdentifier = cellIdentifier
        connectSource()
        count = Int(g_list_model_get_n_items(source))
    }

    isolated deinit {
        sweep.stop()
        deferredReload.stop()
        disconnectSource()
        for binding in bindings.values { g_object_unref(binding.item.rawPointer) }
        for item in fetchedAhead.values { g_object_unref(item.rawPointer) }
        if let selectionModel { g_object_unref(selectionModel.rawPointer) }
        g_object_unref(model.rawPointer)
    }

    /// The list rows come from: the selection model when there is one (it emits its
    /// `items-changed` after its selection followed), else the model.
    var source: OpaquePointer { selectionModel ?? model }

    /// The view shown.
    var listView: ListBase? { tableView ?? collectionView }

    // MARK: Attaching

    /// Becomes `tableView`'s data source (the table keeps it weakly: keep the adapter alive)
    /// and loads it.
    public func attach(to tableView: TableView) {
        detachView()
        self.tableView = tableView
        tableView.dataSource = self
        observeSelection(of: tableView)
        reload()
    }

    /// Becomes `collectionView`'s data source (held weakly: keep the adapter alive) and loads it.
    public func attach(to collectionView: CollectionView) {
        detachView()
        self.collectionView = collectionView
        collectionView.dataSource = self
        observeSelection(of: collectionView)
        reload()
    }

    private func detachView() {
        if let view = listView, let selectionObserver { view.removeSelectionObserver(selectionObserver) }
        selectionObserver = nil
        unbindAll()
        tableView = nil
        collectionView = nil
    }

    private func observeSelection(of view: ListBase) {
        selectionObserver = view.addSelectionObserver { [weak self] in self?.viewSelectionDidChange() }
    }

    // MARK: Data source

    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }

    public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: cellIdentifier, for: indexPath)
        configure(cell, at: indexPath)
        return cell
    }

    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }

    public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: cellIdentifier, for: indexPath)
        configure(cell, at: indexPath)
        return cell
    }

    /// Binds `cell` to the item at `indexPath`, unbinding what it showed before.
    private func configure(_ cell: ReusableCell, at indexPath: IndexPath) {
        if let old = bindings.removeValue(forKey: ObjectIdentifier(cell)) { finishBinding(old) }
        guard let item = fetchedAhead.removeValue(forKey: indexPath.row) ?? fetchItem(at: indexPath.row) else {
            // A NULL at an index the model counts: the cell stays blank, and the view reloads
            // once (per model) after its pass; a model that keeps lying gets blank rows.
            (cell as? TableViewCell)?.text = bind == nil ? "" : (cell as? TableViewCell)?.text
            if !reloadedAfterNull {
                reloadedAfterNull = true
                let what = "it returned NULL for item \(indexPath.row) of the \(count) it counts"
                deferredReload.once(after: 0) { [weak self] in self?.modelBrokeContract(what) }
            }
            return
        }
        bindings[ObjectIdentifier(cell)] = Binding(cell: cell, item: item, indexPath: indexPath)
        bindCount += 1
        if let bind {
            bind(cell, item, indexPath)
        } else if let tableCell = cell as? TableViewCell {
            tableCell.text = Self.string(of: item) ?? ""
        }
        scheduleSweep()
    }

    /// `g_list_model_get_item` (+1), counted; nil for NULL or an index out of range.
    func fetchItem(at row: Int) -> OpaquePointer? {
        guard row >= 0, row < count, row <= Int(UInt32.max) else { return nil }
        itemsFetched += 1
        return g_list_model_get_item(source, guint(row)).map(OpaquePointer.init)
    }

    /// A `GtkStringObject`'s string (also inside a `GtkTreeListRow`), or nil for other items.
    static func string(of item: OpaquePointer) -> String? {
        if isTreeListRow(item) {
            guard let inner = gtk_tree_list_row_get_item(item) else { return nil }
            defer { g_object_unref(inner) }
            return string(of: OpaquePointer(inner))
        }
        guard g_type_check_instance_is_a(item.rawPointer.assumingMemoryBound(to: GTypeInstance.self),
                                         gtk_string_object_get_type()) != 0 else { return nil }
        return gtk_string_object_get_string(item).map { String(cString: $0) }
    }

    // MARK: Unbinding

    /// Calls `unbind` and drops the item's reference.
    func finishBinding(_ binding: Binding) {
        unbind?(binding.cell, binding.item, binding.indexPath)
        g_object_unref(binding.item.rawPointer)
    }

    /// Unbinds cells that left the view (recycled, ghosts of deleted rows) soon, outside the
    /// view's layout pass.
    func scheduleSweep() {
        if !sweep.isRunning { sweep.once(after: 0) { [weak self] in self?.sweepUnmounted() } }
    }

    /// Unbinds every bound cell that is no longer mounted; notes where the others are.
    /// Call it outside the view's layout passes (it asks the view).
    func sweepUnmounted() {
        guard !bindings.isEmpty else { return }
        for (key, binding) in bindings {
            if let indexPath = mountedIndexPath(of: binding.cell) {
                bindings[key]?.indexPath = indexPath
            } else {
                bindings[key] = nil
                finishBinding(binding)
            }
        }
    }

    /// Unbinds every cell (a reload, a detach).
    func unbindAll() {
        let all = bindings.values
        bindings = [:]
        for binding in all { finishBinding(binding) }
        releaseFetchedAhead()
    }

    func releaseFetchedAhead() {
        guard !fetchedAhead.isEmpty else { return }
        for item in fetchedAhead.values { g_object_unref(item.rawPointer) }
        fetchedAhead.removeAll(keepingCapacity: true)       // the next change near the mounted rows fills as many
    }

    /// The item a mounted cell shows (nil for cells this adapter did not bind).
    public func item(for cell: ReusableCell) -> OpaquePointer? { bindings[ObjectIdentifier(cell)]?.item }

    // MARK: The view, whichever it is

    func mountedIndexPath(of cell: ReusableCell) -> IndexPath? {
        if let tableView, let cell = cell as? TableViewCell { return tableView.indexPath(for: cell) }
        if let collectionView, let cell = cell as? CollectionViewCell { return collectionView.indexPath(for: cell) }
        return nil
    }

    func moveItem(_ from: Int, to: Int) {
        let a = IndexPath(row: from, section: 0), b = IndexPath(row: to, section: 0)
        if let tableView { tableView.moveRow(at: a, to: b) } else { collectionView?.moveItem(at: a, to: b) }
    }

    // MARK: Loading

    /// Unbinds everything and loads the model again.
    func reload() {
        unbindAll()
        count = Int(g_list_model_get_n_items(source))
        guard let view = listView else { return }
        if let selectionModel {
            view.allowsMultipleSelection = g_type_check_instance_is_a(
                selectionModel.rawPointer.assumingMemoryBound(to: GTypeInstance.self), gtk_multi_selection_get_type()) != 0
        }
        view.reloadData()
        copySelectionFromModel()
    }

    /// One warning per model, then a reload: the model broke the `GListModel` contract.
    func modelBrokeContract(_ what: String) {
        modelErrors += 1
        if !warnedAboutModel {
            warnedAboutModel = true
            let name = String(cString: g_type_name_from_instance(source.rawPointer.assumingMemoryBound(to: GTypeInstance.self)))
            GLog.warning("ListModelDataSource: the \(name) broke the GListModel contract: \(what); reloading from get_n_items")
        }
        reload()
    }
}
