import Glibc
import PoolTable

/// A row of the Files screen's outline: a file or folder, or the spinner or error row a
/// folder shows while it is listed or when listing failed.
public enum FileRow: Hashable, Sendable {
    /// A file or folder of the tree.
    case node(FileNodeID)
    /// "Loading…" under a folder being listed.
    case loading(FileNodeID)
    /// Why the folder could not be listed.
    case error(FileNodeID)
}

/// The Files screen (issue 25): a `FileTree` in a table with the columns Name (the outline),
/// Size, Kind and Modified, through a diffable data source and one section snapshot.
/// Expanding a folder that is not listed yet asks `loader` for its children (the app lists
/// on a worker thread) and shows a spinner row under it until they come; a folder that
/// cannot be listed shows an error row. Clicking a header sorts (folders first) and keeps
/// the focused row where it is on screen.
@MainActor
public final class FilesController: TableViewDelegate {
    /// The columns' identifiers (also their sort keys: `FileSortKey`'s raw values).
    public enum ColumnID {
        /// Name: the outline column (icon and name).
        public static let name = "name"
        /// Size: bytes as `g_format_size` writes them; a folder's item count.
        public static let size = "size"
        /// Kind: the content type's description, or "Folder".
        public static let kind = "kind"
        /// Modified: the local date and time.
        public static let modified = "modified"
    }
    /// Lists the folder at a path and calls back on the main thread with what it found. A
    /// loader that watches the folder may call back again with each newer listing: the tree
    /// merges it by name (`FileTree.updateListing`) and the rows change animated.
    public typealias Loader = @MainActor (_ path: String, _ done: @escaping @MainActor (Result<FolderListing, FileLoadError>) -> Void) -> Void

    /// The files.
    public let tree: FileTree
    /// The table's data source (one section, `section`).
    public private(set) var dataSource: TableViewDiffableDataSource<Int, FileRow>?
    /// The table the controller is attached to.
    public private(set) weak var tableView: TableView?
    /// The only section's identifier.
    public static let section = 0
    /// Lists a folder. Default: `DirectoryReader.read` right away, on the calling thread.
    public var loader: Loader = { path, done in done(DirectoryReader.read(path)) }
    /// Called after folders were listed or the rows changed (the window's subtitle).
    public var onChange: (@MainActor () -> Void)?
    /// Listings started and finished (tests and the debug overlay).
    public private(set) var loadsStarted = 0, loadsFinished = 0
    /// Newer listings merged into listed folders (files created, deleted or renamed).
    public private(set) var listingUpdates = 0
    /// The seconds the last re-sort took (the tree's sorting and the snapshot applied).
    public private(set) var lastSortSeconds = 0.0
    /// Opens a file with its default application (the app: GIO's
    /// `g_app_info_launch_default_for_uri`). Called with the file's path when its row is
    /// activated (double click, Enter); activating a folder expands or collapses it instead.
    public var openFile: (@MainActor (_ path: String) -> Void)?
    /// When the model was asked for a time (the Modified column's "today").
    public var now: () -> Int64 = { Int64(time(nil)) }

    /// Shows `tree`; its root folder is listed when the table is attached.
    public init(tree: FileTree) {
        self.tree = tree
    }

    /// The four columns, Name first (the outline column).
    public static func makeColumns() -> [TableColumn] {
        let name = TableColumn(identifier: ColumnID.name, title: tr("Name"))
        name.width = 320; name.minWidth = 120
        let size = TableColumn(identifier: ColumnID.size, title: tr("Size"))
        size.width = 100; size.minWidth = 60
        let kind = TableColumn(identifier: ColumnID.kind, title: tr("Kind"))
        kind.width = 170
        let modified = TableColumn(identifier: ColumnID.modified, title: tr("Modified"))
        modified.width = 180
        for column in [name, size, kind, modified] { column.sortKey = column.identifier }
        return [name, size, kind, modified]
    }

    /// Adds the columns, becomes the delegate, makes the data source with its expand
    /// handlers, and lists the root (or shows it, if it is listed).
    public func attach(to table: TableView) {
        tableView = table
        table.register({ FileCell(reuseIdentifier: $0) }, forCellReuseIdentifier: FileCell.reuseIdentifier)
        table.rowHeight = 34
        for column in Self.makeColumns() { table.addTableColumn(column) }
        table.outlineTableColumn = table.tableColumns.first
        table.sortDescriptors = [TableSortDescriptor(key: tree.sortOrder.key.rawValue, ascending: tree.sortOrder.ascending)]
        table.delegate = self
        let source = TableViewDiffableDataSource<Int, FileRow>(tableView: table) { [weak self] table, indexPath, row in
            let cell = table.dequeueReusableCell(withIdentifier: FileCell.reuseIdentifier, for: indexPath) as! FileCell
            if let self { cell.configure(self.content(of: row)) }
            return cell
        }
        var handlers = SectionSnapshotHandlers<FileRow>()
        handlers.shouldExpandItem = { [weak self] row in
            guard let self, case .node(let node) = row else { return false }
            return self.tree.isDirectory(node)
        }
        handlers.willExpandItem = { [weak self] row in
            guard let self, case .node(let node) = row else { return }
            self.willExpand(node)
        }
        source.sectionSnapshotHandlers = handlers
        dataSource = source
        if tree.loadState(of: FileTree.root) == .notLoaded { startLoading(FileTree.root) }
        refresh(animated: false)
    }

    // MARK: The outline

    /// What a row shows.
    public func content(of row: FileRow) -> FileCell.Content {
        switch row {
        case .node(let node):
            let folder = tree.isDirectory(node)
            let size = folder ? (tree.childCount(of: node).map(FileFormat.itemCount) ?? "") : FileFormat.size(tree.size(of: node))
            // "Folder" is looked up here, on the main thread, in the language shown now.
            return .file(name: tree.name(of: node), size: size, kind: folder ? FileKinds.folder : tree.kind(of: node),
                         modified: FileFormat.date(tree.modified(of: node), now: now()), isFolder: folder, isLink: tree.isSymlink(node))
        case .loading: return .loading
        case .error(let node):
            if case .failed(let error) = tree.loadState(of: node) { return .error(error.message) }
            return .error("")
        }
    }

    /// The folders expanded in the outline the table shows now.
    public var expandedFolders: Set<FileNodeID> {
        guard let outline = dataSource?.snapshot(for: Self.section) else { return [] }
        var folders = Set<FileNodeID>()
        for row in outline.items { if case .node(let node) = row, outline.isExpanded(row) { folders.insert(node) } }
        return folders
    }

    // MARK: Search

    /// The files a search shows (nil: no search): the tree's nodes that matched. The outline
    /// then holds them and the folders above them, those folders expanded.
    public private(set) var searchMatches: Set<FileNodeID>?
    /// The folders expanded when the search began: expanded again when it ends.
    private var expandedBeforeSearch: Set<FileNodeID> = []

    /// Shows only the nodes `matches` (`FileNodeID`s: indices into the tree's names) inside
    /// their folders, which are expanded for them; nil ends the search: the outline is as it
    /// was before (its folders expanded as they were), with what was listed meanwhile.
    public func showSearchResults(_ matches: Set<FileNodeID>?) {
        if searchMatches == nil, matches != nil { expandedBeforeSearch = expandedFolders }
        searchMatches = matches
        guard let dataSource else { return }
        let snapshot = matches.map(makeSearchSnapshot) ?? makeSnapshot(expanded: expandedBeforeSearch)
        dataSource.apply(snapshot, to: Self.section, animatingDifferences: false)
        onChange?()
    }

    /// The outline of a search: the listed files in `matches` and the folders that lead to
    /// them (expanded), in `tree.sortOrder`; no spinner or error rows.
    public func makeSearchSnapshot(_ matches: Set<FileNodeID>) -> SectionSnapshot<FileRow> {
        var shown = Set<FileNodeID>()
        for node in matches where node != FileTree.root {
            var n: FileNodeID? = node
            while let current = n, current != FileTree.root, shown.insert(current).inserted { n = tree.parent(of: current) }
        }
        var snapshot = SectionSnapshot<FileRow>()
        func addChildren(of folder: FileNodeID, under parent: FileRow?) {
            guard case .loaded = tree.loadState(of: folder) else { return }
            let children = (tree.children(of: folder) ?? []).filter(shown.contains)
            snapshot.append(children.map(FileRow.node), to: parent)
            for child in children where tree.isDirectory(child) {
                let row = FileRow.node(child)
                addChildren(of: child, under: row)
                if snapshot.hasChildren(row) { snapshot.expand([row]) }
            }
        }
        addChildren(of: FileTree.root, under: nil)
        return snapshot
    }

    /// What search matches each node against: its name (the root's too, which is never
    /// shown), for nodes `start...` of the tree (nodes are only ever added).
    public func searchTexts(from start: Int) -> [String] {
        guard start < tree.count else { return [] }
        return (start..<tree.count).map(tree.name)
    }

    /// The outline for the tree as it is: the root's children in `tree.sortOrder`, the
    /// children of each folder in `expanded` (a spinner row while it is listed, an error row
    /// if that failed), and the folders in `populated` given their children but left
    /// collapsed. Other folders that may have children are marked expandable.
    public func makeSnapshot(expanded: Set<FileNodeID>, populated: Set<FileNodeID> = []) -> SectionSnapshot<FileRow> {
        var snapshot = SectionSnapshot<FileRow>()
        func addChildren(of folder: FileNodeID, under parent: FileRow?) {
            switch tree.loadState(of: folder) {
            case .loading: snapshot.append([.loading(folder)], to: parent)
            case .failed: snapshot.append([.error(folder)], to: parent)
            case .notLoaded: break
            case .loaded:
                let children = tree.children(of: folder) ?? []
                snapshot.append(children.map(FileRow.node), to: parent)
                for child in children where tree.isDirectory(child) {
                    let row = FileRow.node(child)
                    if expanded.contains(child) || populated.contains(child) {
                        addChildren(of: child, under: row)
                        if expanded.contains(child) { snapshot.expand([row]) }
                    }
                    if tree.isExpandable(child) && !snapshot.hasChildren(row) { snapshot.setExpandable(row, true) }
                }
            }
        }
        addChildren(of: FileTree.root, under: nil)
        return snapshot
    }

    /// Applies the outline for the model as it is, keeping the expanded folders; starts
    /// listing expanded folders not listed yet (expanding with `*` reaches those).
    public func refresh(animated: Bool = true) {
        guard let dataSource else { return }
        if let searchMatches {
            dataSource.apply(makeSearchSnapshot(searchMatches), to: Self.section, animatingDifferences: animated)
            onChange?()
            return
        }
        let expanded = expandedFolders
        for folder in expanded where tree.loadState(of: folder) == .notLoaded { startLoading(folder) }
        dataSource.apply(makeSnapshot(expanded: expanded), to: Self.section, animatingDifferences: animated)
        onChange?()
    }

    /// A folder is about to expand: list it if it is not (or failed before), and give it
    /// its children (or the spinner row) so that the table's expansion shows them.
    func willExpand(_ folder: FileNodeID) {
        // A search's outline already holds what its folders show.
        guard searchMatches == nil else { return }
        switch tree.loadState(of: folder) {
        case .notLoaded, .failed: startLoading(folder)
        case .loading, .loaded: break
        }
        dataSource?.apply(makeSnapshot(expanded: expandedFolders, populated: [folder]), to: Self.section, animatingDifferences: false)
    }

    /// Marks `folder` as being listed and asks the loader.
    func startLoading(_ folder: FileNodeID) {
        guard tree.beginLoading(folder) else { return }
        loadsStarted += 1
        loader(tree.path(of: folder)) { [weak self] result in self?.finishLoading(folder, with: result) }
    }

    /// The loader answered: store it and show it (the spinner row gives way to the
    /// children, or to an error row); the folder's own row says how many items it holds.
    func finishLoading(_ folder: FileNodeID, with result: Result<FolderListing, FileLoadError>) {
        if case .loaded = tree.loadState(of: folder), case .success(let listing) = result {
            // A newer listing of a listed folder (a watching loader): merge, animate.
            if tree.updateListing(folder, with: listing) {
                listingUpdates += 1
                refresh()
                if folder != FileTree.root { dataSource?.reconfigureItems([.node(folder)]) }
            }
            return
        }
        tree.finishLoading(folder, with: result)
        loadsFinished += 1
        refresh()
        if folder != FileTree.root { dataSource?.reconfigureItems([.node(folder)]) }
    }

    // MARK: Sorting

    /// A header was clicked (or the descriptors set): re-sort by the first descriptor,
    /// animated. The table keeps the focused row at its place on screen (it does so for
    /// every sort made in this callback), as Nautilus and GtkColumnView do.
    public func tableView(_ tableView: TableView, sortDescriptorsDidChange oldDescriptors: [TableSortDescriptor]) {
        guard let first = tableView.sortDescriptors.first, let key = FileSortKey(rawValue: first.key),
              let dataSource else { return }
        let start = Self.seconds()
        tree.sortOrder = FileSortOrder(key: key, ascending: first.ascending)
        let snapshot = searchMatches.map(makeSearchSnapshot) ?? makeSnapshot(expanded: expandedFolders)
        dataSource.apply(snapshot, to: Self.section, animatingDifferences: true)
        lastSortSeconds = Self.seconds() - start
        onChange?()
    }

    // MARK: Activating

    /// A row was activated (double click, Enter), as in a file manager: a file opens with its
    /// default application (`openFile`), a folder expands or collapses.
    public func tableView(_ tableView: TableView, didActivateRowAt indexPath: IndexPath) {
        guard let node = node(at: indexPath) else { return }
        if tree.isDirectory(node) {
            _ = tableView.isRowExpanded(at: indexPath) ? tableView.collapseRow(at: indexPath) : tableView.expandRow(at: indexPath)
        } else {
            openFile?(tree.path(of: node))
        }
    }

    /// The node a row shows (nil for spinner and error rows).
    public func node(at indexPath: IndexPath) -> FileNodeID? {
        if case .node(let node)? = dataSource?.itemIdentifier(for: indexPath) { return node }
        return nil
    }

    static func seconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// The row showing `node`, if it is visible.
    public func indexPath(of node: FileNodeID) -> IndexPath? { dataSource?.indexPath(for: .node(node)) }
}
