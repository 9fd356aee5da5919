/// A row or item being moved by hand (UIKit's reorder control and interactive movement):
/// where it comes from, where it would go, where it is drawn, and the others' glides as
/// they make room. The geometry keeps the data source's order until the movement ends; the
/// others are only drawn displaced.
@MainActor
struct InteractiveMovement {
    /// Where the item is in the data source (and the layout).
    let source: ItemPath
    /// Where it would go, in the order after the move (retargeted by the delegate).
    var destination: ItemPath
    /// The centre of the moving item, in content coordinates.
    var target: Point
    /// The moving item's own cell: it stays this item's cell throughout (no re-bind).
    let cell: ReusableCell
    /// The item's frame when the movement began.
    let home: Rect
    /// Items sit side by side (a grid with columns): the others take their neighbours' places.
    let isGrid: Bool
    /// The index path whose bind hands back `cell` without asking the data source: the
    /// source while the movement runs, the destination while it is committed.
    var claim: ItemPath
    /// Others' displacements gliding to a new destination (along, across), by index path.
    var glides = Glides()
    /// A pointer drives it: the pointer's offset from the item's centre when it was grabbed.
    var grab: Point?
    /// The last pointer position, in viewport coordinates (for auto-scroll).
    var pointer: Point?
}
