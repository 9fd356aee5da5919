import CGtk
import Glibc
import PoolTableDemoKit
import PoolTableGtk

/// Lists the Files screen's folders through GIO's `GtkDirectoryList` (enumerated on GIO's
/// threads) and keeps watching them (its `GFileMonitor`): once a folder is listed, every
/// file created, deleted or renamed in it sends the screen a newer listing, which the tree
/// merges by name so the rows come and go animated (`FileTree.updateListing`). A folder
/// deleted while shown sends `.missing`: its error row.
@MainActor
final class FolderWatchers {
    /// One watcher per folder path listed so far (kept while the screen lives).
    private var watchers: [String: FolderWatcher] = [:]
    /// Kind descriptions by content type (GIO's database is asked once per type).
    private var kinds: [String: String] = [:]

    /// The `FilesController.Loader`: lists `path`, then calls `done` again on every change.
    func load(_ path: String, _ done: @escaping @MainActor (Result<FolderListing, FileLoadError>) -> Void) {
        if let watcher = watchers[path] {
            watcher.done = done
            watcher.report()
            return
        }
        watchers[path] = FolderWatcher(path: path, done: done) { [weak self] type in self?.kind(of: type) ?? type }
    }

    private func kind(of contentType: String) -> String {
        if let kind = kinds[contentType] { return kind }
        let kind = g_content_type_get_description(contentType).map { p in defer { g_free(p) }; return String(cString: p) } ?? contentType
        kinds[contentType] = kind
        return kind
    }
}

/// One folder's `GtkDirectoryList`: reports the listing when loading ends, then again
/// (coalesced over 100 ms) after each `items-changed`.
@MainActor
final class FolderWatcher {
    static let attributes = "standard::name,standard::type,standard::size,standard::is-symlink,standard::fast-content-type,time::modified"

    let path: String
    var done: @MainActor (Result<FolderListing, FileLoadError>) -> Void
    private let list: OpaquePointer
    private let kind: @MainActor (String) -> String
    private var hasReported = false
    private let coalesce = GLibTimeout()

    init(path: String, done: @escaping @MainActor (Result<FolderListing, FileLoadError>) -> Void,
         kind: @escaping @MainActor (String) -> String) {
        self.path = path
        self.done = done
        self.kind = kind
        let file = g_file_new_for_path(path)!
        list = gtk_directory_list_new(Self.attributes, file)!
        g_object_unref(file.rawPointer)
        gtk_directory_list_set_monitored(list, 1)
        Signal.connectPointer(list, "notify::loading") { [weak self] _ in
            guard let self, gtk_directory_list_is_loading(self.list) == 0 else { return }
            self.report()
        }
        Signal.connectItemsChanged(list) { [weak self] _, _, _ in
            guard let self, self.hasReported, gtk_directory_list_is_loading(self.list) == 0 else { return }
            if !self.coalesce.isRunning { self.coalesce.once(after: 100) { [weak self] in self?.report() } }
        }
        if gtk_directory_list_is_loading(list) == 0 { coalesce.once(after: 0) { [weak self] in self?.report() } }
    }

    isolated deinit {
        coalesce.stop()
        g_object_unref(list.rawPointer)
    }

    /// Sends what the list holds now (or its error) to `done`.
    func report() {
        hasReported = true
        var own = stat()
        guard stat(path, &own) == 0 else { return done(.failure(errno == ENOENT ? .missing : .unreadable(errno: errno))) }
        if let error = gtk_directory_list_get_error(list) {
            let notFound = error.pointee.domain == g_io_error_quark() && error.pointee.code == G_IO_ERROR_NOT_FOUND.rawValue
            let denied = error.pointee.domain == g_io_error_quark() && error.pointee.code == G_IO_ERROR_PERMISSION_DENIED.rawValue
            return done(.failure(notFound ? .missing : .unreadable(errno: denied ? EACCES : EIO)))
        }
        var entries: [FileEntry] = []
        let n = g_list_model_get_n_items(list)
        entries.reserveCapacity(Int(n))
        for i in 0..<n {
            guard let raw = g_list_model_get_item(list, i) else { continue }
            let info = OpaquePointer(raw)
            defer { g_object_unref(raw) }
            // The on-disk name as the file system has it; an undecodable one is shown with
            // replacement characters, as GIO's display name would.
            let name = g_file_info_get_name(info).map { String(decoding: UnsafeRawBufferPointer(start: $0, count: strlen($0)), as: UTF8.self) } ?? "?"
            let isDirectory = g_file_info_get_file_type(info) == G_FILE_TYPE_DIRECTORY
            let modified = g_file_info_get_attribute_uint64(info, "time::modified")
            let contentType = g_file_info_get_attribute_string(info, "standard::fast-content-type").map { String(cString: $0) }
            entries.append(FileEntry(name: name, size: isDirectory ? 0 : Int64(g_file_info_get_size(info)), modified: Int64(modified),
                                     isDirectory: isDirectory, isSymlink: g_file_info_get_is_symlink(info) != 0,
                                     kind: isDirectory ? FileKinds.folder : contentType.map(kind) ?? FileKinds.guess(name: name)))
        }
        done(.success(FolderListing(entries: entries, identity: FileIdentity(device: UInt64(own.st_dev), inode: UInt64(own.st_ino)))))
    }
}
