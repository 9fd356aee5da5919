import CGtk
import Glibc
import PoolTableDemoKit
@_spi(Interop) import PoolTableGtk

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

/// One folder's `GtkDirectoryList`: mirrors its items as `FileEntry`s as they arrive (each
/// `items-changed` converts only the added `GFileInfo`s, so a big folder's cost is spread
/// over GIO's batches), and reports the listing when loading ends, then again (coalesced
/// over 100 ms) after each change.
@MainActor
final class FolderWatcher {
    static let attributes = "standard::name,standard::type,standard::size,standard::is-symlink,standard::fast-content-type,time::modified"

    let path: String
    var done: @MainActor (Result<FolderListing, FileLoadError>) -> Void
    private let list: OpaquePointer
    private let kind: @MainActor (String) -> String
    private var hasReported = false
    /// The list's items as entries, in its order.
    private var entries: [FileEntry] = []
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
        Signal.connectItemsChanged(list) { [weak self] position, removed, added in
            guard let self else { return }
            self.mirror(position: Int(position), removed: Int(removed), added: Int(added))
            guard self.hasReported, gtk_directory_list_is_loading(self.list) == 0 else { return }
            if !self.coalesce.isRunning { self.coalesce.once(after: 100) { [weak self] in self?.report() } }
        }
        if gtk_directory_list_is_loading(list) == 0 { coalesce.once(after: 0) { [weak self] in self?.report() } }
    }

    /// Applies one `items-changed` to `entries` (all of them again if they disagree).
    private func mirror(position: Int, removed: Int, added: Int) {
        let n = Int(g_list_model_get_n_items(list))
        guard position + removed <= entries.count, entries.count - removed + added == n else {
            entries = (0..<n).compactMap(entry(at:))
            return
        }
        entries.replaceSubrange(position..<(position + removed), with: (position..<(position + added)).compactMap(entry(at:)))
    }

    /// The list's item at `index` as an entry.
    private func entry(at index: Int) -> FileEntry? {
        guard let raw = g_list_model_get_item(list, guint(index)) else { return nil }
        let info = OpaquePointer(raw)
        defer { g_object_unref(raw) }
        // The on-disk name as the file system has it; an undecodable one is shown with
        // replacement characters, as GIO's display name would.
        let name = g_file_info_get_name(info).map { String(decoding: UnsafeRawBufferPointer(start: $0, count: strlen($0)), as: UTF8.self) } ?? "?"
        let isDirectory = g_file_info_get_file_type(info) == G_FILE_TYPE_DIRECTORY
        let modified = g_file_info_get_attribute_uint64(info, "time::modified")
        let contentType = g_file_info_get_attribute_string(info, "standard::fast-content-type").map { String(cString: $0) }
        return FileEntry(name: name, size: isDirectory ? 0 : Int64(g_file_info_get_size(info)), modified: Int64(modified),
                         isDirectory: isDirectory, isSymlink: g_file_info_get_is_symlink(info) != 0,
                         kind: isDirectory ? FileKinds.folder : contentType.map(kind) ?? FileKinds.guess(name: name))
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
        done(.success(FolderListing(entries: entries, identity: FileIdentity(device: UInt64(own.st_dev), inode: UInt64(own.st_ino)))))
    }
}
