/// What UIKit's three-argument contextual-action handler gets as `sourceView`.
extension ContextualAction {
    /// The button that showed a performed action, described (UIKit's `sourceView`, the view
    /// that displays the action). PoolTable draws swipe actions into the row's place and
    /// makes no view for them, so this is no view: it says where the button was drawn, for
    /// which row, over which cell, in which list. Anchor a popover or menu to `frame`
    /// (content coordinates, as cell frames are: subtract the list's `contentOffset` for
    /// viewport coordinates). After a full swipe the button is the whole revealed strip.
    @MainActor
    public struct Source {
        /// The list that showed the action; nil for a handler called directly.
        public private(set) weak var listView: ListBase?
        /// The swiped row or item; nil for a handler called directly.
        public let indexPath: IndexPath?
        /// The cell showing that row when the action was performed.
        public private(set) weak var cell: ReusableCell?
        /// The button's rectangle as drawn when the action was performed, in the list's
        /// content coordinates; `.zero` for a handler called directly.
        public let frame: Rect
        /// The action's place among the revealed actions (0: nearest the row's edge).
        public let actionIndex: Int
        /// True when the button filled the whole revealed strip, as it is drawn after a
        /// full swipe (and on a grid item too narrow to show its buttons apart).
        public let isFullSwipe: Bool

        /// `frame`'s size at the origin: the button in its own coordinates (UIKit code
        /// anchors a popover to `sourceView.bounds`).
        public var bounds: Rect { Rect(origin: .zero, size: frame.size) }

        /// A source with no list, row or cell (a handler called directly).
        init() {
            indexPath = nil
            frame = .zero
            actionIndex = 0
            isFullSwipe = false
        }

        init(listView: ListBase, indexPath: IndexPath, cell: ReusableCell?, frame: Rect, actionIndex: Int, isFullSwipe: Bool) {
            self.listView = listView
            self.indexPath = indexPath
            self.cell = cell
            self.frame = frame
            self.actionIndex = actionIndex
            self.isFullSwipe = isFullSwipe
        }
    }
}
