import CGtk
import PoolTable
import PoolTableDemoKit
@_spi(Interop) import PoolTableGtk

/// Files (issue 25): a folder tree in columns Name, Size, Kind and Modified, as Nautilus's
/// list view. Folders are listed when first expanded, through GIO's `GtkDirectoryList`
/// (issue 35; `FolderWatcher`), which keeps watching them: files created, deleted or
/// renamed in a listed folder come and go animated. A spinner row shows while a folder is
/// listed. `--files DIR` picks the folder (default /usr/share); `--files-synthetic` shows
/// a generated tree of 1,000,000 nodes instead.
@MainActor
final class FilesScreen: Screen {
    /// The folder shown without `--files`.
    static let defaultFolder = "/usr/share"

    let name = "files"
    var title: String { tr("Files") }
    var subtitle: String {
        if synthetic { return trn("{count} generated file", "{count} generated files", count: controller.tree.count - 1) }
        return controller.tree.rootPath
    }
    var rowNoun: String { tr("File") }
    var selectionDidChange: (@MainActor () -> Void)?

    let controller: FilesController
    /// Whether the tree is the generated one.
    let synthetic: Bool
    /// How long generating the synthetic tree took (seconds), if it was made.
    private(set) var syntheticSeconds: Double?

    /// Whether the command line asked for the Files screen (`--files`, `--files-synthetic`).
    static func isRequested(by options: LaunchOptions) -> Bool { options.files != nil || options.filesSynthetic }

    init(options: LaunchOptions) {
        synthetic = options.filesSynthetic
        if options.filesSynthetic {
            let start = MonotonicClock.seconds
            let tree = FileTree.synthetic()
            syntheticSeconds = MonotonicClock.seconds - start
            controller = FilesController(tree: tree)
            Trace.log("files-synthetic-ms", String(Int((syntheticSeconds ?? 0) * 1000)))
        } else {
            controller = FilesController(tree: FileTree(rootPath: options.files ?? Self.defaultFolder))
        }
        controller.loader = { [watchers] path, done in watchers.load(path, done) }
    }

    /// Drags rows out as `text/uri-list`.
    private(set) var dragSource: FileDragSource?
    /// The listed folders' `GtkDirectoryList`s.
    private let watchers = FolderWatchers()

    func install(in widget: TableWidget) {
        controller.openFile = { [weak widget] path in Self.openWithDefaultApplication(path, from: widget?.widget) }
        controller.attach(to: widget.tableView)
        dragSource = FileDragSource(widget: widget, controller: controller)
        controller.onChange = { [weak self] in self?.selectionDidChange?() }
    }

    /// Opens `path` with the application the desktop associates with its type, as a file
    /// manager does: `g_app_info_launch_default_for_uri`, which goes through the OpenURI
    /// portal when the app runs sandboxed (GtkFileLauncher is GTK 4.10), with the display's
    /// launch context (startup notification, the right screen). A failure (no application
    /// for the type) is logged.
    static func openWithDefaultApplication(_ path: String, from widget: UnsafeMutablePointer<GtkWidget>?) {
        guard let uri = g_filename_to_uri(path, nil, nil) else { return }
        defer { g_free(uri) }
        let display = widget.flatMap { gtk_widget_get_display($0) } ?? gdk_display_get_default()
        let context = display.flatMap { gdk_display_get_app_launch_context($0) }
        defer { if let context { g_object_unref(context.rawPointer) } }
        var error: UnsafeMutablePointer<GError>?
        if g_app_info_launch_default_for_uri(uri, context.map { UnsafeMutablePointer<GAppLaunchContext>($0) }, &error) == 0 {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            GLog.warning("Files: could not open \(path): \(message)")
            g_clear_error(&error)
        }
        Trace.log("open-file", path)
    }

    /// File names, one per node of the tree (the root's included, never shown): folders
    /// listed while a search is open add theirs.
    var hasSearch: Bool { true }
    func makeSearchTexts(from start: Int, _ done: @escaping @MainActor ([String]) -> Void) {
        done(controller.searchTexts(from: start))
    }
    func showSearchResults(_ matches: [Int]?) { controller.showSearchResults(matches.map(Set.init)) }
}
