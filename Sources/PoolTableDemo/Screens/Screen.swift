import PoolTable

/// One of the app's demo screens: a title and an object that feeds a table.
///
/// A screen is the table's data source and delegate; the window keeps it alive (the
/// table holds both weakly) and gives it a table of its own.
@MainActor
protocol Screen: AnyObject {
    /// The name `--screen` accepts ("inbox", "huge").
    var name: String { get }
    /// Shown in the screen chooser.
    var title: String { get }
    /// The window subtitle outside edit mode (default: the title).
    var subtitle: String { get }
    /// Registers cells, sets table options, and becomes data source and delegate.
    func install(in tableView: TableView)
    /// The window's hook for `tableViewSelectionDidChange` (the subtitle shows the count).
    var selectionDidChange: (@MainActor () -> Void)? { get set }
}

extension Screen {
    var subtitle: String { title }
}
