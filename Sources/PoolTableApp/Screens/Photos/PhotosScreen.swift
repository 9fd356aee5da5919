import CGtk
import PoolTable
import PoolTableDemoKit
import PoolTableGtk

/// Photos (seed 003): 100,000 generated photos in month sections with sticky headers, on a
/// grid whose columns follow the window's width. Edit/Select shows check badges; a drag
/// across photos outside edit mode begins multiple selection; Ctrl+A selects all; Delete
/// removes the selection with the grid's animation and Ctrl+Z brings it back.
@MainActor
final class PhotosScreen: Screen {
    let name = "photos"
    var title: String { tr("Photos") }
    var subtitle: String { trn("{count} photo", "{count} photos", count: controller.library.count) }
    var selectionDidChange: (@MainActor () -> Void)?
    let headerControls: [UnsafeMutablePointer<GtkWidget>]

    let controller = PhotosController()
    private let deleteButton: UnsafeMutablePointer<GtkWidget>

    init() {
        deleteButton = HeaderWidgets.button(tr("Delete"), tooltip: tr("Delete the selected photos (Delete); undo with Ctrl+Z"),
                                            cssClass: "destructive-action")
        gtk_actionable_set_action_name(deleteButton.opaque, "win.delete")
        gtk_widget_set_visible(deleteButton, 0)
        headerControls = [deleteButton]
    }

    func makeWidget() -> TableWidget { TableWidget(gridLayout: PhotosController.gridLayout()) }

    func install(in widget: TableWidget) {
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
}
