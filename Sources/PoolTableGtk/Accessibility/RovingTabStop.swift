import CGtk
import PoolTable

/// Keyboard focus among the proxies, as a roving tab stop: only one proxy is focusable,
/// Tab enters the list there and leaves it on the next Tab; when the stop moves it takes the
/// focus from the old one if that had it, which is the `focus:` event screen readers follow.
/// Also what rides on the focus: `announce(_:)` has a message said with the description of
/// the row that holds the focus after the current input (GTK 4.8 has no announce call, and
/// Orca speaks a focused item's changed description: docs/ACCESSIBILITY.md).
@MainActor
final class RovingTabStop {
    private let view: UnsafeMutablePointer<GtkWidget>
    /// The one focusable proxy (nil: the list has no rows, and the view itself is focusable).
    private(set) var proxy: AccessibleProxy?
    /// A message for the row that will hold the focus after the current input.
    private var announcement: String?

    /// The tab stop among the children of `view`.
    init(view: UnsafeMutablePointer<GtkWidget>) { self.view = view }

    /// True when the keyboard focus is on one of the proxies (or the view).
    var containsFocus: Bool {
        guard let root = gtk_widget_get_root(view), let focus = gtk_root_get_focus(root) else { return false }
        return focus == view || gtk_widget_is_ancestor(focus, view) != 0
    }

    /// Keeps `message` for the focused row; false (ignored) while the focus is outside the list.
    func announce(_ message: String) -> Bool {
        guard containsFocus, !message.isEmpty else { return false }
        announcement = message
        return true
    }

    /// A message for the row that keeps the focus joins that row's changes of this update
    /// (one description change, one utterance): returns its row when it took one. A message
    /// for a row the focus moves to waits for the move.
    func announceOnStop(ifAt focusedRow: IndexPath?) -> IndexPath? {
        guard let message = announcement, let proxy, let ip = proxy.indexPath, ip == focusedRow else { return nil }
        (proxy.announcement, announcement) = (message, nil)
        return ip
    }

    /// Makes `wanted` the tab stop; it takes the focus if the old stop had it (or, with no
    /// old stop, if the view had it and `hasRows`). `describe` sends a proxy's description
    /// again (with or without its announcement). Returns the old stop, now not focusable.
    func move(to wanted: AccessibleProxy?, hasRows: Bool, describe: (AccessibleProxy) -> Void) -> AccessibleProxy? {
        guard wanted !== proxy else { return nil }
        let old = proxy
        let hadFocus = old.map { isFocus($0.widget) } ?? (containsFocus && hasRows)
        proxy = wanted
        if let wanted {
            wanted.setFocusable(true)
            if let message = announcement, hadFocus {
                // Before the focus arrives: read with the row's name, not after it.
                wanted.announcement = message
                describe(wanted)
            }
            if hadFocus { gtk_widget_grab_focus(wanted.widget) }
        }
        if let old {
            old.setFocusable(false)
            if old.announcement != nil {
                // Its own description again, now that the focus left (so it is not spoken).
                old.announcement = nil
                describe(old)
            }
        }
        return old
    }

    /// After an update: a message not said by now has nowhere to be said; with no row to
    /// stop on, the view itself takes the focus (an empty list stays reachable).
    func finishUpdate() {
        announcement = nil
        let viewFocusable = proxy == nil
        if (gtk_widget_get_focusable(view) != 0) != viewFocusable { gtk_widget_set_focusable(view, viewFocusable.gboolean) }
    }

    /// Moves the keyboard focus to the stop; false without one.
    func grabFocus() -> Bool {
        guard let proxy else { return false }
        return gtk_widget_grab_focus(proxy.widget) != 0
    }

    /// Forgets the stop (the view is going away).
    func reset() { proxy = nil; announcement = nil }

    private func isFocus(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        guard let root = gtk_widget_get_root(view) else { return false }
        return gtk_root_get_focus(root) == widget
    }
}
