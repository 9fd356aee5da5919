/// Row actions: UIKit's editing model (editing styles and `commit`), swipe actions and
/// context menus. The table asks its data source and delegate through the methods declared
/// in `TableViewDataSource` / `TableViewDelegate` ("Row actions"); this file holds the
/// value types they speak.

extension TableViewCell {
    /// The control a row shows on its leading edge in edit mode when multiple selection
    /// during editing is off (UIKit's `UITableViewCell.EditingStyle`).
    public enum EditingStyle: Hashable, Sendable {
        /// No control: the row cannot be deleted or inserted from edit mode.
        case none
        /// A red minus: activating it asks the data source to `commit` a deletion.
        case delete
        /// A green plus: activating it asks the data source to `commit` an insertion.
        case insert
    }
}

/// One action revealed by swiping a row (UIKit's `UIContextualAction`). Its handler performs
/// the action and calls the completion with `true` when it did; a destructive action that
/// completes with `true` deletes its row with the delete animation, the data source having
/// already removed it (as in UIKit). Completing with `false` (not performed) closes the row
/// and deletes nothing; until the completion is called the row stays open.
///
/// Two handler shapes: PoolTable's `(action, completion)` and UIKit's
/// `(action, sourceView, completion)` (`init(style:title:handler:)` with a `SourceHandler`),
/// whose `sourceView` is a `ContextualAction.Source`: the button that showed the action
/// described (where it was drawn, the row, its cell), PoolTable having no view for it.
@MainActor
public final class ContextualAction {
    /// How the action looks and what completing it means.
    public enum Style: Hashable, Sendable {
        /// A plain action (grey by default): completing it changes nothing in the table.
        case normal
        /// A red action: completing it with `true` deletes the row.
        case destructive
    }

    /// The action's handler: the action itself and the completion to call with whether the
    /// action was performed.
    public typealias Handler = (ContextualAction, @escaping (Bool) -> Void) -> Void

    /// UIKit's handler shape (`UIContextualAction.Handler`): the action, the source (UIKit's
    /// `sourceView`: here a description of the button that showed the action, see
    /// `ContextualAction.Source`) and the completion to call with whether the action was
    /// performed.
    public typealias SourceHandler = (ContextualAction, Source, @escaping (Bool) -> Void) -> Void

    /// Normal or destructive.
    public let style: Style
    /// The button's label; nil for an action shown by its colour (or image) only.
    public var title: String?
    /// The button's colour; nil: the style's (the theme's destructive red, or grey).
    public var backgroundColor: Color?
    /// What runs when the action is performed (a click on its button, or a full swipe). For
    /// an action made with a `SourceHandler`, calling it yourself runs that handler with a
    /// detached source (no list, row or cell; a zero frame): the list passes the real one.
    public let handler: Handler
    /// The UIKit-shaped handler, when the action was made with one.
    private let sourceHandler: SourceHandler?

    /// An action with a style, a title and a handler.
    public init(style: Style, title: String?, handler: @escaping Handler) {
        self.style = style
        self.title = title
        self.handler = handler
        self.sourceHandler = nil
    }

    /// An action with UIKit's three-argument handler (`UIContextualAction(style:title:handler:)`):
    /// `{ action, sourceView, completion in … }`. The handler gets the `Source` of the button
    /// that was clicked (or swiped all the way); completion works as with the two-argument
    /// handler.
    public init(style: Style, title: String?, handler: @escaping SourceHandler) {
        self.style = style
        self.title = title
        self.sourceHandler = handler
        self.handler = { action, completion in handler(action, Source(), completion) }
    }

    /// Runs the handler the action was made with: the UIKit-shaped one gets `source`.
    func perform(from source: Source, completion: @escaping (Bool) -> Void) {
        if let sourceHandler { sourceHandler(self, source, completion) } else { handler(self, completion) }
    }
}

/// The actions revealed on one edge of a row by a swipe (UIKit's `UISwipeActionsConfiguration`).
@MainActor
public final class SwipeActionsConfiguration {
    /// The actions, from the edge inwards (the first is nearest the row's edge, and is the
    /// one a full swipe performs).
    public let actions: [ContextualAction]
    /// Whether swiping all the way across performs the first action. Default true.
    public var performsFirstActionWithFullSwipe = true

    /// A configuration of `actions`, the first nearest the edge.
    public init(actions: [ContextualAction]) { self.actions = actions }
}

/// One entry of a row's context menu (right click, Shift+F10, the Menu key). The menu is
/// the delegate's `contextMenuConfigurationForRowAt` answer, in order.
@MainActor
public struct MenuAction {
    /// The entry's label.
    public var title: String
    /// Shown as destructive (red), as UIKit's `.destructive` menu attribute.
    public var isDestructive: Bool
    /// A disabled entry is shown but cannot be chosen.
    public var isEnabled: Bool
    /// What runs when the entry is chosen.
    public var handler: () -> Void

    /// An entry with a title, a handler and, optionally, the destructive and disabled marks.
    public init(title: String, isDestructive: Bool = false, isEnabled: Bool = true, handler: @escaping () -> Void) {
        self.title = title
        self.isDestructive = isDestructive
        self.isEnabled = isEnabled
        self.handler = handler
    }
}
