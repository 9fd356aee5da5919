/// The state a cell is configured for (UIKit's `UICellConfigurationState`).
public struct CellConfigurationState: Hashable, Sendable {
    /// The item is selected.
    public var isSelected: Bool
    /// The item is pressed.
    public var isHighlighted: Bool
    /// The view is in edit mode.
    public var isEditing: Bool
    /// A state.
    public init(isSelected: Bool = false, isHighlighted: Bool = false, isEditing: Bool = false) {
        self.isSelected = isSelected; self.isHighlighted = isHighlighted; self.isEditing = isEditing
    }
}

/// How a cell's background is drawn (UIKit's `UIBackgroundConfiguration`): a colour, a
/// corner radius, insets and a stroke. Start from one of the list styles, change it, assign
/// it to a cell's `backgroundConfiguration` (in a `configurationUpdateHandler` to follow the
/// selection).
public struct BackgroundConfiguration: Hashable, Sendable {
    /// The fill; nil: the theme's cell background.
    public var backgroundColor: Color?
    /// Rounds the background's corners.
    public var cornerRadius = 0.0
    /// Moves the background in from the cell's edges.
    public var backgroundInsets = DirectionalEdgeInsets.zero
    /// An outline; nil: none.
    public var strokeColor: Color?
    /// The outline's width.
    public var strokeWidth = 0.0

    /// A background of the theme's cell colour.
    public init() {}
    /// A plain list row's.
    public static func listPlainCell() -> BackgroundConfiguration { BackgroundConfiguration() }
    /// A grouped list row's.
    public static func listGroupedCell() -> BackgroundConfiguration { BackgroundConfiguration() }
    /// A sidebar row's: inset and rounded.
    public static func listSidebarCell() -> BackgroundConfiguration {
        var c = BackgroundConfiguration()
        c.cornerRadius = 6
        c.backgroundInsets = DirectionalEdgeInsets(top: 2, leading: 4, bottom: 2, trailing: 4)
        return c
    }
    /// No background.
    public static func clear() -> BackgroundConfiguration {
        var c = BackgroundConfiguration()
        c.backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: 0)
        return c
    }

    /// Draws it over `bounds`.
    @MainActor
    func draw(in canvas: Canvas, bounds: Rect) {
        let i = backgroundInsets
        let r = Rect(x: bounds.minX + i.leading, y: bounds.minY + i.top,
                     width: max(0, bounds.width - i.leading - i.trailing), height: max(0, bounds.height - i.top - i.bottom))
        let color = backgroundColor ?? canvas.theme.cellBackground
        if color.alpha > 0 {
            if cornerRadius > 0 { canvas.fill(.roundedRect(r, radius: cornerRadius), color: color) } else { canvas.fill(r, color: color) }
        }
        if let strokeColor, strokeWidth > 0 {
            canvas.stroke(.roundedRect(r.insetBy(dx: strokeWidth / 2, dy: strokeWidth / 2), radius: cornerRadius), color: strokeColor, lineWidth: strokeWidth)
        }
    }
}

extension CollectionViewCell {
    /// Runs `configurationUpdateHandler` for the current state now (UIKit defers it to the
    /// next layout; here it runs at once, so the next draw shows it).
    public func setNeedsUpdateConfiguration() {
        updateConfiguration(using: configurationState)
    }
    /// The state the cell shows now.
    public var configurationState: CellConfigurationState {
        CellConfigurationState(isSelected: isSelected, isHighlighted: isHighlighted, isEditing: isEditing)
    }
}
