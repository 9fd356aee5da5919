/// Keys the view handles itself (GtkListView 4.8's map: arrows move the cursor and select,
/// Ctrl+arrows move the cursor only, Shift extends from the anchor; `selectAll` is Ctrl+A,
/// `deselectAll` Ctrl+Shift+A or Ctrl+\\; Space toggles, Enter activates).
public enum TableKey: Sendable {
    /// The previous row; in a grid, the item above.
    case up
    /// The next row; in a grid, the item below.
    case down
    /// In a grid, the previous item of the line.
    case left
    /// In a grid, the next item of the line.
    case right
    /// A viewport up.
    case pageUp
    /// A viewport down.
    case pageDown
    /// The first row or item.
    case home
    /// The last row or item.
    case end
    /// Toggles the focused row's selection.
    case space
    /// Activates the focused row (outside edit mode) or toggles it.
    case enter
    /// Selects everything (multiple selection only).
    case selectAll
    /// Deselects everything.
    case deselectAll
    /// Delete: commits `.delete` on the focused row when it can be edited and its editing
    /// style is `.delete` (`commit editingStyle:forRowAt:`).
    case delete
}
