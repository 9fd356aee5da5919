import CGtk
import PoolTable
import PoolTableDemoKit
@_spi(Interop) import PoolTableGtk

/// Photos (seed 003): 100,000 generated photos in month sections with sticky headers, on a
/// grid whose columns follow the window's width. Edit/Select shows check badges; a drag
/// across photos outside edit mode begins multiple selection; Ctrl+A selects all; Delete
/// removes the selection with the grid's animation and Ctrl+Z brings it back.
///
/// Open Folder… (or `--photos DIR`) shows a real folder's pictures instead, by capture date,
/// decoded off the main thread at the thumbnail's size (issue 24).
@MainActor
final class PhotosScreen: Screen {
    let name = "photos"
    var title: String { tr("Photos") }
    var subtitle: String {
        if scanning != nil { return tr("Looking for pictures…") }
        return trn("{count} photo", "{count} photos", count: controller.wholeLibrary.count)
    }
    var rowNoun: String { tr("Photo") }
    var selectionDidChange: (@MainActor () -> Void)?
    let headerControls: [UnsafeMutablePointer<GtkWidget>]

    let controller = PhotosController()
    /// Decodes a folder's pictures; its counters and cache show in the debug overlay.
    let pictures: LoaderPictureSource
    private let deleteButton: UnsafeMutablePointer<GtkWidget>
    private let openButton: UnsafeMutablePointer<GtkWidget>
    /// The folder being scanned, if any.
    private(set) var scanning: String?
    /// The folder shown; nil for the generated library.
    private(set) var folder: String?
    private weak var widget: TableWidget?

    /// - Parameters:
    ///   - folder: a folder to show instead of the generated photos (`--photos`).
    ///   - usesThumbnailCache: whether pictures come from, and go to, the desktop's thumbnail cache.
    init(folder: String? = nil, usesThumbnailCache: Bool = true) {
        pictures = LoaderPictureSource(pixelSide: Int(PhotosController.gridLayout().itemSize.width))
        if usesThumbnailCache {
            pictures.loader.thumbnailCache = ThumbnailCache(application: "pooltable", version: Application.version)
        }
        deleteButton = HeaderWidgets.button(tr("Delete"), tooltip: tr("Delete the selected photos (Delete); undo with Ctrl+Z"),
                                            cssClass: "destructive-action")
        gtk_actionable_set_action_name(deleteButton.opaque, "win.delete")
        gtk_widget_set_visible(deleteButton, 0)
        // An icon, as GNOME's header bars have it: the window stays narrow enough to tile.
        openButton = gtk_button_new_from_icon_name("folder-open-symbolic")!
        gtk_widget_set_tooltip_text(openButton, tr("Show the pictures of a folder on this computer"))
        Accessible.setLabel(openButton, tr("Open Folder"))
        headerControls = [openButton, deleteButton]
        Signal.connect(openButton, "clicked") { [weak self] in self?.chooseFolder() }
        controller.pictures = pictures
        if let folder { open(folder) }
    }

    /// The debug overlay's Pictures panel while a folder is shown: the loader's decodes,
    /// cancels and cache, and where delivered pictures went.
    var overlayPanel: (title: String, lines: [String])? {
        guard folder != nil else { return nil }
        let loader = pictures.loader, c = loader.counters, d = controller.deliveries
        func mib(_ bytes: Int) -> String { formatted(Double(bytes) / 1_048_576, fractionDigits: 1) }
        return (tr("Pictures"), [
            tr("decoding {running}, waiting {waiting}", ["running": "\(loader.runningCount)",
                                                         "waiting": "\(loader.outstandingCount - loader.runningCount)"]),
            tr("decoded {decoded}, failed {failed}", ["decoded": "\(c.decoded)", "failed": "\(c.failed)"]),
            tr("cancelled {cancelled}, unwanted {unwanted}", ["cancelled": "\(c.cancelledBeforeStart)", "unwanted": "\(c.finishedUnwanted)"]),
            // Translators: where decoded pictures came from: the desktop's thumbnail cache, the camera's EXIF thumbnail, the file itself; and thumbnails written to the cache.
            tr("thumbnail cache {cached}, EXIF {exif}, file {file}, written {written}",
               ["cached": "\(c.fromThumbnailCache)", "exif": "\(c.fromExifThumbnail)", "file": "\(c.scaledDecodes)", "written": "\(c.thumbnailsWritten)"]),
            tr("cache {used} of {budget} MiB ({count})", ["used": mib(loader.cacheBytes), "budget": mib(loader.byteBudget),
                                                          "count": "\(loader.cachedCount)"]),
            tr("shown {shown}, unrouted {unrouted}, wrong cell {wrong}", ["shown": "\(d.shown)", "unrouted": "\(d.unrouted)",
                                                                          "wrong": "\(d.mismatched)"]),
        ])
    }

    /// Scans `path` on a worker thread, then shows its pictures.
    func open(_ path: String) {
        scanning = path
        gtk_widget_set_sensitive(openButton, 0)
        selectionDidChange?()
        Background.run({ PhotoFolder.scan(path) }) { [weak self] files in
            guard let self else { return }
            self.scanning = nil
            self.folder = path
            gtk_widget_set_sensitive(self.openButton, 1)
            self.controller.replaceLibrary(PhotoLibrary(files: files))
        }
    }

    private func chooseFolder() {
        var parent: UnsafeMutablePointer<GtkWindow>?
        if let widget, let root: OpaquePointer = gtk_widget_get_root(widget.widget) { parent = UnsafeMutablePointer<GtkWindow>(root) }
        guard let made = gtk_file_chooser_native_new(tr("Open Folder"), parent, GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
                                                     tr("_Open"), tr("_Cancel")) else { return }
        let chooser: OpaquePointer = made
        let dialog: UnsafeMutablePointer<GtkNativeDialog> = chooser.cast()
        gtk_native_dialog_set_modal(dialog, 1)
        // "response" passes a gint where this thunk reads a pointer: its low 32 bits are the id.
        Signal.connectPointerReturningInt(chooser, "response") { [weak self] response in
            defer { g_object_unref(chooser.rawPointer) }
            let id = Int32(truncatingIfNeeded: Int(bitPattern: response))
            guard id == GTK_RESPONSE_ACCEPT.rawValue, let file = gtk_file_chooser_get_file(chooser) else { return 0 }
            defer { g_object_unref(file.rawPointer) }
            if let path = g_file_get_path(file) {
                self?.open(String(cString: path))
                g_free(path)
            }
            return 0
        }
        gtk_native_dialog_show(dialog)
    }

    func makeWidget() -> TableWidget { TableWidget(gridLayout: PhotosController.gridLayout()) }

    func install(in widget: TableWidget) {
        self.widget = widget
        pictures.pixelSide = Int(PhotosController.gridLayout().itemSize.width) * Int(max(1, gtk_widget_get_scale_factor(widget.widget)))
        guard let grid = widget.collectionView else { return }
        controller.format = .localized
        controller.attach(to: grid)
        controller.selectionDidChange = { [weak self] in self?.selectionDidChange?() }
        controller.onChange = { [weak self] in self?.selectionDidChange?() }
    }

    func updateHeaderControls(editing: Bool) {
        gtk_widget_set_visible(deleteButton, editing.gboolean)
    }

    var canDeleteSelection: Bool { controller.canDeleteSelection }
    func deleteSelection() { controller.deleteSelection() }
    var canUndo: Bool { controller.canUndo }
    func undo() { controller.undo() }

    /// Not while a folder is scanned.
    var hasSearch: Bool { scanning == nil }
    /// What a screen reader says for each photo (its subject or file name, date and time),
    /// made on a worker: 100,000 of them take a while.
    func makeSearchTexts(from start: Int, _ done: @escaping @MainActor ([String]) -> Void) {
        guard start == 0 else { return done([]) }
        let library = controller.wholeLibrary, format = controller.format
        Background.run({ PhotosController.searchTexts(of: library, format: format) }, then: done)
    }
    func showSearchResults(_ matches: [Int]?) { controller.showOnly(matches) }
}
