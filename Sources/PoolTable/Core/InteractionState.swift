/// The mode and the user's gestures in progress: edit mode, which multiple selection is
/// allowed, press, drag-select, auto-scroll and the focus ring.
@MainActor
final class InteractionState {
    /// Edit mode (checkboxes shown).
    var isEditing = false
    var allowsMultipleSelection = false
    var allowsMultipleSelectionDuringEditing = false
    var showsFocusRing = false
    var press: Press?
    var drag: DragSelection?
    /// Pixels per second, negative upwards; non-zero while a drag-select auto-scrolls.
    var autoScrollVelocity = 0.0
    var lastAutoScrollTime: Double?
    /// Seconds a movement by hand has held auto-scroll going: it speeds up (issue 23).
    var autoScrollHeld = 0.0
    var fallbackCanvas: Canvas?

    struct Press {
        var indexPath: ItemPath
        var start: Point
        var target: String?
        var onCheckbox: Bool
        var modifiers: InputModifiers
        var moved = false
        /// The press landed on the row's edit-mode delete or insert control.
        var editingControl: TableViewCell.EditingStyle?
        /// The press began a swipe of its row (a horizontal drag outside edit mode).
        var swiping = false
        /// On a movable row's grip in edit mode (or a long press on a movable item in edit
        /// mode): dragging moves the item by hand.
        var onGrip = false
    }

    /// A drag across the checkbox column: one provisional range over the selection as it
    /// was when the drag began (`SelectionModel.beginDrag`), committed on release.
    struct DragSelection {
        var anchor: ItemPath
        var current: ItemPath
        var selecting: Bool
        var pointer: Point
    }

    /// True from a drag that began multiple selection outside edit mode (seed 003) until it ends.
    var multipleSelectionInteraction = false

    func cancelDrag() { drag = nil; press = nil; autoScrollVelocity = 0; lastAutoScrollTime = nil }
}
