/// What `TableViewCell` and `CollectionViewCell` share: a view the core recycles. Cells are
/// kept only while mounted (visible + prepared) plus a small pool, and handed out again by
/// `dequeueReusableCell` after `prepareForReuse()`.
///
/// Engine state a cell shows (editing, selection, their animation progress) is set by the
/// view on every mounted cell and again on every dequeue; a cell never owns it.
@MainActor
open class ReusableCell {
    /// A named clickable area of the cell, in the cell's own coordinates. Clicks on it reach
    /// the delegate's `didTapTarget` instead of selecting the row.
    public struct HitTarget: Hashable, Sendable {
        public var name: String
        public var rect: Rect
        public init(name: String, rect: Rect) { self.name = name; self.rect = rect }
    }

    public let reuseIdentifier: String?

    // The state the core sets on every bind and scroll step is exempt from dynamic
    // exclusivity checks (they cost more than the assignments): only the core writes it.
    @exclusivity(unchecked) open internal(set) var isEditing = false
    @exclusivity(unchecked) open internal(set) var isSelected = false
    /// Pressed but not yet released.
    public internal(set) var isHighlighted = false

    /// 0 = not editing, 1 = editing; follows the view's shared, eased timeline, so every
    /// mounted cell is at the same phase.
    @exclusivity(unchecked) public internal(set) var editingProgress = 0.0
    /// 0 = unchecked, 1 = checked; animates per item when the selection changes.
    @exclusivity(unchecked) public internal(set) var selectionProgress = 0.0
    /// The frame in content coordinates while mounted.
    @exclusivity(unchecked) public internal(set) var frame = Rect.zero
    /// True unless the cell is mounted and intersects the viewport (pooled and prepared
    /// cells are hidden).
    @exclusivity(unchecked) public internal(set) var isHidden = true
    /// The view that made the cell (mounted or pooled).
    public internal(set) weak var listView: ListBase?
    /// The cell's serial number in its view (`cellID(of:)`), given when it is first mounted.
    public internal(set) var cellID = 0

    /// Set by `MountedItems` when the cell is bound, cleared when it goes back to the pool.
    @exclusivity(unchecked) var mountedIndexPath: ItemPath?
    /// What the overlay's "stale" diagnostic compares against.
    var appliedEditingState = false

    public init(reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
    }

    /// Called when a pooled cell is about to be handed out again. Reset per-row state here.
    open func prepareForReuse() {}

    /// Called by the view when editing is toggled; drawing follows `editingProgress`.
    open func setEditing(_ editing: Bool, animated: Bool) {
        isEditing = editing
        setNeedsDisplay()
    }

    open func setSelected(_ selected: Bool, animated: Bool) {
        isSelected = selected
        setNeedsDisplay()
    }

    /// Clickable areas (buttons) inside the cell, in its own coordinates.
    open var hitTargets: [HitTarget] { [] }

    /// The height the cell wants at `width` when a table's row height is
    /// `TableView.automaticDimension`.
    open func heightThatFits(width: Double, canvas: Canvas) -> Double { 44 }

    /// Asks the host to redraw (if the cell is on screen).
    public func setNeedsDisplay() {
        if !isHidden, let listView { listView.setNeedsDisplay() }
    }

    /// Draws the cell into `bounds` (its own coordinates).
    open func draw(in canvas: Canvas, bounds: Rect) {}
}
