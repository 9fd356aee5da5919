/// The two halves of what a list view asks of its subclass, split as IGListKit splits its
/// adapter: the data (counts, cells, the layout's loading questions, measuring) and the
/// delegate (display, selection, activation, taps, the multiple-selection interaction).
/// `TableView` and `CollectionView` each provide one object that is both, translating to
/// their UIKit-named data source and delegate; `ListBase` holds them and never asks its
/// subclass anything else.

/// The data half: what the core and the layout need to know about the items.
@MainActor
protocol ListDataAdapter: ItemSource {
    /// The data source's cell for an item; nil without a data source.
    func cell(at ip: ItemPath) -> ReusableCell?
    /// A blank cell for an item the data source could not give.
    func placeholderCell() -> ReusableCell
    /// The across extent a self-sizing item's bound cell is measured at.
    func measuringBreadth(of cell: ReusableCell) -> Double
    /// The viewport's breadth changed (self-sized items are measured again).
    func breadthDidChange()
    /// Whether items are measured again when edit mode changes their content breadth.
    var remeasuresOnEditingChange: Bool { get }
    /// Whether a prefetching data source is set (without one, the range is not even looked at).
    var prefetchesData: Bool { get }
    /// Items not mounted that entered the prefetch range, nearest first.
    func prefetch(_ ips: [ItemPath])
    /// Outstanding items that left the range unbound, were deleted, or were cancelled by a reload.
    func cancelPrefetching(_ ips: [ItemPath])

    // Moving items by hand (issue 23)
    /// Whether the data source lets the user move the item.
    func canMove(_ ip: ItemPath) -> Bool
    /// The data source's model moves the item (`moveRowAt` / `moveItemAt`).
    func move(_ from: ItemPath, to: ItemPath)
    /// The delegate's retarget of a proposed destination.
    func target(forMoveFrom from: ItemPath, proposed: ItemPath) -> ItemPath
    /// Alt+arrow's destination when the data source decides it (an outline moves an item
    /// among its siblings; `from` itself: no move); nil for the neighbour's place.
    func keyboardMoveDestination(from: ItemPath, forward: Bool) -> ItemPath?
}

extension ListDataAdapter {
    /// No data source decides Alt+arrow's destination: the item takes its neighbour's place.
    func keyboardMoveDestination(from: ItemPath, forward: Bool) -> ItemPath? { nil }
}

/// The delegate half: what the core tells (and the few things it asks) as items are shown
/// and the user selects, activates and taps them.
@MainActor
protocol ListDelegateAdapter: AnyObject {
    func willDisplay(_ cell: ReusableCell, at ip: ItemPath)
    func didEndDisplaying(_ cell: ReusableCell, at ip: ItemPath)
    func didSelect(_ ip: ItemPath)
    func didDeselect(_ ip: ItemPath)
    func selectionDidChange()
    /// A double click or Enter outside edit mode.
    func didActivate(_ ip: ItemPath)
    /// A tap on a named hit target inside a cell.
    func didTapTarget(_ target: String, at ip: ItemPath)
    /// Whether a press at `localPoint` in a mounted cell (edit mode, multiple selection)
    /// starts a drag that selects: a table's checkbox column, anywhere on a grid item.
    func beginsDragSelection(at ip: ItemPath, localPoint: Point) -> Bool
    /// Seed 003: whether a drag outside edit mode begins multiple selection (and editing).
    func shouldBeginMultipleSelectionInteraction(at ip: ItemPath) -> Bool
    func didBeginMultipleSelectionInteraction(at ip: ItemPath)
    func didEndMultipleSelectionInteraction()

    // Row actions (editing styles and commit are a table's; swipes and menus both views').
    /// `canEditRowAt`.
    func canEditItem(at ip: ItemPath) -> Bool
    /// `editingStyleForRowAt`.
    func editingStyle(at ip: ItemPath) -> TableViewCell.EditingStyle
    /// `shouldIndentWhileEditingRowAt`.
    func indentsWhileEditing(at ip: ItemPath) -> Bool
    /// `commit editingStyle:forRowAt:`.
    func commitEditing(_ style: TableViewCell.EditingStyle, at ip: ItemPath)
    /// The leading or trailing swipe actions.
    func swipeActions(at ip: ItemPath, leading: Bool) -> SwipeActionsConfiguration?
    /// The item's context menu, `point` in content coordinates.
    func contextMenu(at ip: ItemPath, point: Point) -> [MenuAction]?
    /// Whether a swipe moves within the item's own breadth (a grid's) rather than the viewport's (a row's).
    var swipesWithinItem: Bool { get }
}

extension ListDelegateAdapter {
    func beginsDragSelection(at ip: ItemPath, localPoint: Point) -> Bool { false }
    func shouldBeginMultipleSelectionInteraction(at ip: ItemPath) -> Bool { false }
    func didBeginMultipleSelectionInteraction(at ip: ItemPath) {}
    func didEndMultipleSelectionInteraction() {}
    func canEditItem(at ip: ItemPath) -> Bool { false }
    func editingStyle(at ip: ItemPath) -> TableViewCell.EditingStyle { .none }
    func indentsWhileEditing(at ip: ItemPath) -> Bool { true }
    func commitEditing(_ style: TableViewCell.EditingStyle, at ip: ItemPath) {}
    func swipeActions(at ip: ItemPath, leading: Bool) -> SwipeActionsConfiguration? { nil }
    func contextMenu(at ip: ItemPath, point: Point) -> [MenuAction]? { nil }
    var swipesWithinItem: Bool { false }
}

/// How a list view presents its items: plain configuration, fixed at creation.
struct ListPresentation {
    /// Whether section headers float at the start of the viewport while their section
    /// scrolls under them.
    var headersStick = true
    /// How section headers and footers draw.
    var headerStyle = TableViewStyle.plain
    /// The view's background behind the items.
    var background: @Sendable (Theme) -> Color = { $0.background }
    /// The opaque colour painted under the items before they draw (see `ReusableCell.backdrop`).
    var itemBackdrop: @Sendable (Theme) -> Color? = { $0.background }
}

/// Counters of the engine's work (`ListBase.statistics`), written only through these notes.
@MainActor
final class EngineCounters {
    // Written on every scroll step: exempt from dynamic exclusivity checks (main actor,
    // straight-line code, never passed inout).
    @exclusivity(unchecked) private(set) var statistics = ListBase.Statistics()

    func noteBind() { statistics.binds += 1 }
    func noteDequeue() { statistics.dequeues += 1 }
    func noteMeasurement() { statistics.measurements += 1 }
    func noteReload() { statistics.reloads += 1 }
    func noteReconfigure() { statistics.reconfigures += 1 }
    func noteBatchUpdate() { statistics.batchUpdates += 1 }
    func noteLayoutPass(microseconds: Double) {
        statistics.layoutPasses += 1
        statistics.lastLayoutMicroseconds = microseconds
    }
}
