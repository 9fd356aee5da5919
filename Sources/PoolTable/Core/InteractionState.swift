/// The mode and the user's gestures in progress: edit mode, which multiple selection is
/// allowed, press, drag-select, auto-scroll and the focus ring. Its state changes only
/// through the intent methods below.
@MainActor
final class InteractionState {
    /// Edit mode (checkboxes shown).
    private(set) var isEditing = false
    private(set) var allowsMultipleSelection = false
    private(set) var allowsMultipleSelectionDuringEditing = false
    private(set) var showsFocusRing = false
    /// The button (or touch) held down, from the press to the release.
    private(set) var press: Press?
    /// A drag-select in progress.
    private(set) var drag: DragSelection?
    /// Pixels per second, negative upwards; non-zero while a drag-select auto-scrolls.
    private(set) var autoScrollVelocity = 0.0
    private var lastAutoScrollTime: Double?
    /// Seconds a movement by hand has held auto-scroll going: it speeds up (issue 23).
    private var autoScrollHeld = 0.0
    private var fallbackCanvas: Canvas?

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
    private(set) var multipleSelectionInteraction = false

    // MARK: Mode

    func setEditing(_ editing: Bool) { isEditing = editing }
    func setAllowsMultipleSelection(_ allowed: Bool) { allowsMultipleSelection = allowed }
    func setAllowsMultipleSelectionDuringEditing(_ allowed: Bool) { allowsMultipleSelectionDuringEditing = allowed }
    /// Shows (or hides) the focus ring; true when that changed it.
    @discardableResult
    func showFocusRing(_ shown: Bool = true) -> Bool {
        guard showsFocusRing != shown else { return false }
        showsFocusRing = shown
        return true
    }

    // MARK: Press and drag-select

    /// `press` is held from now on (a new press, or the one held, changed).
    func track(_ press: Press) { self.press = press }
    /// The press ends (released, or taken over).
    func endPress() { press = nil }
    /// The held press lands on the row's edit-mode delete or insert control.
    func pressOnEditingControl(_ style: TableViewCell.EditingStyle?) { press?.editingControl = style }

    func beginDrag(_ drag: DragSelection) { self.drag = drag }
    /// The pointer of the drag-select moved to `p` (viewport coordinates).
    func moveDragPointer(to p: Point) { drag?.pointer = p }
    /// The drag-select now reaches `ip`.
    func dragReached(_ ip: ItemPath) { drag?.current = ip }
    /// The drag-select was released: it ends, and its auto-scroll stops.
    func endDrag() { drag = nil; autoScrollVelocity = 0; lastAutoScrollTime = nil }
    /// Drops the press and the drag-select (and its auto-scroll).
    func cancelDrag() { drag = nil; press = nil; autoScrollVelocity = 0; lastAutoScrollTime = nil }

    func beginMultipleSelectionInteraction() { multipleSelectionInteraction = true }
    /// Ends the multiple-selection interaction; true when one was running.
    func endMultipleSelectionInteraction() -> Bool {
        guard multipleSelectionInteraction else { return false }
        multipleSelectionInteraction = false
        return true
    }

    // MARK: Auto-scroll

    /// Sets the auto-scroll velocity; true when auto-scroll starts. At 0 its clock and hold
    /// start over.
    func setAutoScrollVelocity(_ v: Double) -> Bool {
        let started = v != 0 && autoScrollVelocity == 0
        autoScrollVelocity = v
        if v == 0 { lastAutoScrollTime = nil; autoScrollHeld = 0 }
        return started
    }

    /// The seconds since the last auto-scroll tick (at most 0.1; 0 on the first), the tick
    /// now at `t`.
    func autoScrollTick(at t: Double) -> Double {
        let last = lastAutoScrollTime ?? t
        lastAutoScrollTime = t
        return min(0.1, max(0, t - last))
    }

    /// A movement's auto-scroll held `dt` longer; the seconds it has been held.
    func holdAutoScroll(for dt: Double) -> Double {
        autoScrollHeld += dt
        return autoScrollHeld
    }

    /// Stops auto-scrolling: velocity, clock and hold.
    func stopAutoScroll() { autoScrollVelocity = 0; lastAutoScrollTime = nil; autoScrollHeld = 0 }

    // MARK: Measuring

    /// The canvas cells measure on when the host gave none, made once.
    func fallbackCanvas(_ make: () -> Canvas) -> Canvas {
        if let c = fallbackCanvas { return c }
        let c = make()
        fallbackCanvas = c
        return c
    }
}
