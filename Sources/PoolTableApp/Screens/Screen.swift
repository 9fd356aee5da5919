import CGtk
import PoolTable
import PoolTableDemoKit
@_spi(Interop) import PoolTableGtk

/// One of the app's demo screens: a title and an object that feeds a table.
///
/// A screen is the table's data source and delegate; the window keeps it alive (the
/// table holds both weakly) and gives it a table of its own.
@MainActor
protocol Screen: AnyObject {
    /// The name `--screen` accepts ("inbox", "huge", "news", "downloads").
    var name: String { get }
    /// Shown in the screen chooser.
    var title: String { get }
    /// The window subtitle outside edit mode (default: the title).
    var subtitle: String { get }
    /// The widget that shows the screen: a table (the default) or a grid.
    func makeWidget() -> TableWidget
    /// Registers cells, sets the view's options, and becomes data source and delegate.
    func install(in widget: TableWidget)
    /// What one row is called when a screen reader gives its position ("Message 12 of
    /// 2,069"); default "Row".
    var rowNoun: String { get }
    /// The window's hook for `tableViewSelectionDidChange` (the subtitle shows the count).
    /// Screens also call it when their own header controls or actions change state.
    var selectionDidChange: (@MainActor () -> Void)? { get set }

    /// Header-bar widgets of this screen, packed after Edit / Select All and shown only while
    /// the screen is visible (default: none). Made once by the screen; the window packs them.
    var headerControls: [UnsafeMutablePointer<GtkWidget>] { get }
    /// Called once, after `install(in:)`, with the widget that shows the screen's table.
    func didLoad(_ table: TableWidget)
    /// Called each time the screen becomes the visible one (the first time while the window
    /// is being built), and when another screen replaces it.
    func didAppear()
    func didDisappear()
    /// Called whenever the window brings its header bar up to date (edit mode, selection).
    func updateHeaderControls(editing: Bool)
    /// `win.delete` (Delete key, a screen's Delete button): whether the screen can delete
    /// the selected rows now, and doing it.
    var canDeleteSelection: Bool { get }
    func deleteSelection()
    /// `win.undo` (Ctrl+Z): whether there is something to undo, and undoing it.
    var canUndo: Bool { get }
    func undo()

    /// Whether the screen can be searched now (Ctrl+F, or typing; `WindowSearch`). Default: no.
    var hasSearch: Bool { get }
    /// Hands `done` the texts rows are matched against, for rows `start...` in the screen's
    /// own numbering (texts are only ever added while a search is open): at once, or later
    /// on the main thread when they take long to make (Photos makes 100,000 on a worker).
    func makeSearchTexts(from start: Int, _ done: @escaping @MainActor ([String]) -> Void)
    /// Shows only the rows `matches` (indices into the search texts, ascending); nil shows
    /// every row again. The view reloads (the window puts its position back).
    func showSearchResults(_ matches: [Int]?)
}

extension Screen {
    func makeWidget() -> TableWidget { TableWidget() }
    var subtitle: String { title }
    var rowNoun: String { tr("Row") }
    var headerControls: [UnsafeMutablePointer<GtkWidget>] { [] }
    func didLoad(_ table: TableWidget) {}
    func didAppear() {}
    func didDisappear() {}
    func updateHeaderControls(editing: Bool) {}
    var canDeleteSelection: Bool { false }
    func deleteSelection() {}
    var canUndo: Bool { false }
    func undo() {}
    var hasSearch: Bool { false }
    func makeSearchTexts(from start: Int, _ done: @escaping @MainActor ([String]) -> Void) { done([]) }
    func showSearchResults(_ matches: [Int]?) {}
}
