import CGtk
import PoolTable
import PoolTableDemoKit
@_spi(Interop) import PoolTableGtk

/// The inbox: eight date sections of generated mail with rows of three heights, sticky
/// section headers, and multiple selection in edit mode. In edit mode Delete (the key or
/// the header bar's Delete button) removes the selected rows with the collapse animation;
/// Ctrl+Z puts the latest deleted rows back where they were.
@MainActor
final class InboxScreen: Screen {
    let name = "inbox"
    var title: String { tr("Inbox") }
    var subtitle: String { trn("{count} message", "{count} messages", count: controller.mailCount) }
    var rowNoun: String { tr("Message") }
    var selectionDidChange: (@MainActor () -> Void)?
    let headerControls: [UnsafeMutablePointer<GtkWidget>]

    let controller = InboxController()
    private let deleteButton: UnsafeMutablePointer<GtkWidget>

    init() {
        // On the window's `win.delete` action, which is enabled while rows are selected.
        deleteButton = HeaderWidgets.button(tr("Delete"), tooltip: tr("Delete the selected messages (Delete); undo with Ctrl+Z"),
                                            cssClass: "destructive-action")
        gtk_actionable_set_action_name(deleteButton.opaque, "win.delete")
        gtk_widget_set_visible(deleteButton, 0)
        headerControls = [deleteButton]
    }

    func install(in widget: TableWidget) {
        let tableView = widget.tableView
        controller.attach(to: tableView)
        controller.selectionDidChange = { [weak self] in self?.selectionDidChange?() }
        controller.onChange = { [weak self] in self?.selectionDidChange?() }
    }

    func updateHeaderControls(editing: Bool) {
        gtk_widget_set_visible(deleteButton, editing.gboolean)
    }

    var canDeleteSelection: Bool { controller.canDeleteSelection }
    func deleteSelection() { controller.deleteSelectedRows() }
    var canUndo: Bool { controller.canUndo }
    func undo() { controller.undo() }

    /// Sender, subject and preview of every message (the mailbox does not change while a
    /// search is open: deleting is off).
    var hasSearch: Bool { true }
    func makeSearchTexts(from start: Int, _ done: @escaping @MainActor ([String]) -> Void) {
        done(start == 0 ? controller.searchTexts : [])
    }
    func showSearchResults(_ matches: [Int]?) { controller.showOnly(matches) }
}
