import CGtk
import PoolTable
import PoolTableDemoKit
@_spi(Interop) import PoolTableGtk

/// Files (issue 25): a folder tree in columns Name, Size, Kind and Modified, as Nautilus's
/// list view. Folders are listed when first expanded, on a worker thread (`opendir`,
/// `readdir`, `lstat`; kinds from GIO's content types), the result handed back through the
/// main loop; a spinner row shows meanwhile. `--files DIR` picks the folder (default
/// /usr/share); `--files-synthetic` shows a generated tree of 1,000,000 nodes instead.
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
        controller.loader = Self.listOnWorker
    }

    /// Lists `path` on a worker thread; `done` runs on the main thread with the result.
    static func listOnWorker(_ path: String, _ done: @escaping @MainActor (Result<FolderListing, FileLoadError>) -> Void) {
        Background.run({ DirectoryReader.read(path, describe: contentTypeDescription) }, then: done)
    }

    /// GIO's description of the content type guessed from a file's name ("PNG image").
    /// Thread-safe (GIO's content-type functions lock their database).
    nonisolated static func contentTypeDescription(_ name: String) -> String {
        var uncertain: gboolean = 0
        guard let type = g_content_type_guess(name, nil, 0, &uncertain) else { return FileKinds.guess(name: name) }
        defer { g_free(type) }
        guard let description = g_content_type_get_description(type) else { return FileKinds.guess(name: name) }
        defer { g_free(description) }
        return String(cString: description)
    }

    func install(in widget: TableWidget) {
        controller.attach(to: widget.tableView)
        controller.onChange = { [weak self] in self?.selectionDidChange?() }
    }
}
