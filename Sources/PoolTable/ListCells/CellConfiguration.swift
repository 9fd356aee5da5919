/// The state a cell is configured for (UIKit's `UICellConfigurationState`): selection,
/// highlight, edit mode, and custom states a cell subclass adds under its own keys (override
/// `CollectionViewCell.configurationState`, read them in `updateConfiguration(using:)`).
/// Not `Sendable`: a custom state may be any `Hashable` value, as in UIKit.
public struct CellConfigurationState: Hashable {
    /// The item is selected.
    public var isSelected: Bool
    /// The item is pressed.
    public var isHighlighted: Bool
    /// The view is in edit mode.
    public var isEditing: Bool
    /// The custom states by key; part of the state's equality and hash.
    private var customStates: [ConfigurationStateCustomKey: AnyHashable] = [:]

    /// A state.
    public init(isSelected: Bool = false, isHighlighted: Bool = false, isEditing: Bool = false) {
        self.isSelected = isSelected; self.isHighlighted = isHighlighted; self.isEditing = isEditing
    }

    /// The custom state under `key` (UIKit's subscript); nil: none. Setting nil removes it.
    public subscript(key: ConfigurationStateCustomKey) -> AnyHashable? {
        get { customStates[key] }
        set { customStates[key] = newValue }
    }
}

/// The key of a custom state in a `CellConfigurationState` (UIKit's
/// `UIConfigurationStateCustomKey`): declare one as a static constant in an extension, with a
/// string no other key uses (a reverse-DNS name).
public struct ConfigurationStateCustomKey: Hashable, Sendable, RawRepresentable {
    /// The key's string.
    public let rawValue: String
    /// The key named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The key named `rawValue` (UIKit's unlabelled initialiser).
    public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// How a cell's background is drawn (UIKit's `UIBackgroundConfiguration`): a colour, a
/// corner radius, insets and a stroke. Start from one of the list styles, change it, assign
/// it to a cell's `backgroundConfiguration` (in a `configurationUpdateHandler` to follow the
/// selection).
public struct BackgroundConfiguration: Hashable, Sendable {
    /// The fill; nil: the theme's cell background.
    public var backgroundColor: Color?
    /// Applied to the fill's colour (`backgroundColor` or the theme's) before it is drawn
    /// (UIKit's name); nil: none.
    public var backgroundColorTransformer: ConfigurationColorTransformer?
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
        let base = backgroundColor ?? canvas.theme.cellBackground
        let color = backgroundColorTransformer.map { $0(base) } ?? base
        if color.alpha > 0 {
            if cornerRadius > 0 { canvas.fill(.roundedRect(r, radius: cornerRadius), color: color) } else { canvas.fill(r, color: color) }
        }
        if let strokeColor, strokeWidth > 0 {
            canvas.stroke(.roundedRect(r.insetBy(dx: strokeWidth / 2, dy: strokeWidth / 2), radius: cornerRadius), color: strokeColor, lineWidth: strokeWidth)
        }
    }
}

extension CollectionViewCell {
    /// Runs `updateConfiguration(using:)` (and so `configurationUpdateHandler`) for the current
    /// `configurationState` now (UIKit defers it to the next layout; here it runs at once, so
    /// the next draw shows it). Call it when a custom state the cell adds changes.
    public func setNeedsUpdateConfiguration() {
        updateConfiguration(using: configurationState)
    }
}
