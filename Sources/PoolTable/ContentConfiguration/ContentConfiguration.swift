/// What a cell's content shows, as a value (UIKit's `UIContentConfiguration`): it makes the
/// view that draws it and says how it looks in a state. Assign one to a cell's
/// `contentConfiguration`; the cell makes its content view once (`makeContentView()`), hands
/// later configurations to that view while the view `supports(_:)` them, and, with
/// `automaticallyUpdatesContentConfiguration`, replaces the configuration by
/// `updated(for:)` of the cell's state whenever selection, highlight or edit mode changes.
/// `ListContentConfiguration` is one; write your own for content that is not a title and
/// secondary text.
public protocol ContentConfiguration {
    /// A new view drawing this configuration (UIKit's returns `UIView & UIContentView`).
    @MainActor func makeContentView() -> any ContentView
    /// This configuration as it looks in `state` (a selected row's colours, say); return
    /// `self` for no change. Usually called with a `CellConfigurationState`.
    func updated(for state: any ConfigurationState) -> Self
}

/// The view a `ContentConfiguration` makes (UIKit's `UIContentView`): any class that draws
/// through the `Canvas` into the rectangle the cell gives it and says what size it wants (a
/// `CollectionReusableView` subclass adopting it has both methods to override, and its
/// `accessibilityLabel`). It is drawn as part of its cell's content: the cell records it
/// again whenever it sets `configuration`.
@MainActor
public protocol ContentView: AnyObject {
    /// The configuration drawn; the cell sets it on every new configuration the view supports.
    var configuration: any ContentConfiguration { get set }
    /// Whether the view can draw `configuration` (otherwise the cell makes a new view).
    /// Default: when it is of the same type as the current one.
    func supports(_ configuration: any ContentConfiguration) -> Bool
    /// Draws the configuration into `bounds` (the cell's content rectangle, in the canvas's
    /// coordinates).
    func draw(in canvas: Canvas, bounds: Rect)
    /// The size the view wants when offered `size`: what the cell self-sizes by (the height
    /// for an estimated height, both for an estimated width).
    func sizeThatFits(_ size: Size, canvas: Canvas) -> Size
    /// What a screen reader says for the content (the cell's label when it sets none).
    /// Default nil.
    var accessibilityLabel: String? { get }
}

extension ContentView {
    /// None.
    public var accessibilityLabel: String? { nil }

    /// True when `configuration` is of the same type as the current one.
    public func supports(_ configuration: any ContentConfiguration) -> Bool {
        type(of: configuration) == type(of: self.configuration)
    }
}

/// A state a configuration is updated for (UIKit's `UIConfigurationState`); a cell's is a
/// `CellConfigurationState`. Custom states are kept under keys.
public protocol ConfigurationState {
    /// The custom state under `key`; nil: none.
    subscript(key: ConfigurationStateCustomKey) -> AnyHashable? { get set }
}

extension CellConfigurationState: ConfigurationState {}
