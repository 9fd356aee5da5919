import CGtk
import PoolTable
import PoolTableDemoKit
@_spi(Interop) import PoolTableGtk

/// Search on a screen's list, as GNOME apps have it: a `GtkSearchBar` under the header bar
/// with a `GtkSearchEntry`, opened by Ctrl+F, by the header bar's search button, or by
/// typing while the window has the focus (`gtk_search_bar_set_key_capture_widget`).
///
/// The screen's texts are filtered by a `ListSearch` (a `GtkFilterListModel`, incremental on
/// large lists) and the screen shows the matches. The subtitle counts them ("12 results");
/// the count is said to screen readers once the filter is done (the search entry's
/// description while it has the focus, else the focused row's: GTK 4.8 has no announce call,
/// and Orca speaks a focused object's changed description). No match: a "No Results Found"
/// status over the list. Escape (or the button, or Ctrl+F again) closes the search and puts
/// the whole list back with its scroll position, selection and focused row as they were.
@MainActor
final class WindowSearch {
    /// The bar (goes under the header bar), its entry, the header bar's toggle, and the
    /// status shown over the list when nothing matches.
    let bar: UnsafeMutablePointer<GtkWidget>
    let entry: UnsafeMutablePointer<GtkWidget>
    let button: UnsafeMutablePointer<GtkWidget>
    let noResults: UnsafeMutablePointer<GtkWidget>

    /// Called when the search opened, closed, or its count changed (the window's chrome).
    var onChange: (@MainActor () -> Void)?
    /// Called when typing opened the bar: the window opens the search on its screen (or
    /// closes the bar again when the screen has none).
    var onOpenedByTyping: (@MainActor () -> Void)?

    /// Where a list was when a search began: put back when it ends.
    struct SavedPosition {
        var offset: Point
        var focused: IndexPath?
        var selected: [IndexPath]
    }

    /// An open search on one screen.
    private final class Session {
        let screen: Screen
        let table: TableWidget
        let search: ListSearch
        let saved: SavedPosition
        /// The matches shown (nil: everything, while the text is empty).
        var shownCount: Int?
        /// The text changed since the matches were last shown: the list starts at the top.
        var scrollToTop = false
        /// The count last said to screen readers.
        var spoken: String?
        /// Whether the screen's texts have come (matches are shown from then on).
        var hasTexts = false
        init(screen: Screen, table: TableWidget, search: ListSearch, saved: SavedPosition) {
            self.screen = screen; self.table = table; self.search = search; self.saved = saved
        }
    }
    private var session: Session?

    /// The screen searched now, if a search is open.
    var searchedScreen: Screen? { session?.screen }
    /// Whether a search is open.
    var isActive: Bool { session != nil }
    /// The text searched for (empty while nothing is typed).
    var text: String { session?.search.text ?? "" }
    /// The number of matches shown; nil while no search filters the list (none open, or the
    /// text is empty).
    var resultCount: Int? { session?.shownCount }
    /// Whether matches are still being looked for (an incremental filter).
    var isFiltering: Bool { (session?.search.pending ?? 0) > 0 }
    /// The count last said to screen readers, and whether it went to the search entry (else
    /// to the focused row); kept after the search closes (tests).
    private(set) var lastAnnouncement: (text: String, toEntry: Bool)?
    /// The subtitle while a search filters the list: "12 results".
    var subtitle: String? { resultCount.map { trn("{count} result", "{count} results", count: $0) } }

    /// Most rows whose selection is put back when a search ends.
    static let selectionLimit = 10_000

    /// Makes the bar (its key capture on `window`), the toggle on `win.search`, and the
    /// status.
    init(window: UnsafeMutablePointer<GtkWidget>) {
        bar = gtk_search_bar_new()!
        entry = gtk_search_entry_new()!
        gtk_widget_set_size_request(entry, 280, -1)
        // Translators: the placeholder of the search entry (Ctrl+F).
        GObjectProperty.set(entry, "placeholder-text", string: tr("Search"))   // a property only before 4.10
        Accessible.setLabel(entry, tr("Search"))
        gtk_search_bar_set_child(bar.opaque, entry)
        gtk_search_bar_connect_entry(bar.opaque, entry.opaque)
        gtk_search_bar_set_show_close_button(bar.opaque, 0)
        gtk_search_bar_set_key_capture_widget(bar.opaque, window)

        button = gtk_toggle_button_new()!
        gtk_button_set_icon_name(button.cast(to: GtkButton.self), "system-search-symbolic")
        gtk_actionable_set_action_name(button.opaque, "win.search")
        gtk_widget_set_tooltip_text(button, tr("Search (Ctrl+F)"))
        Accessible.setLabel(button, tr("Search"))
        gtk_accessible_reset_property(button.opaque, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION)
        gtk_widget_set_focus_on_click(button, 0)

        noResults = Self.makeStatus(icon: "edit-find-symbolic", title: tr("No Results Found"),
                                    description: tr("Try a different search"))
        gtk_widget_set_visible(noResults, 0)

        Signal.connect(entry, "search-changed") { [weak self] in self?.textChanged() }
        Signal.connectPointer(bar, "notify::search-mode-enabled") { [weak self] _ in self?.barModeChanged() }
    }

    /// A GNOME status page (as `AdwStatusPage` draws it, from GTK parts): a large dim icon, a
    /// title and a line under it; it takes no input.
    private static func makeStatus(icon: String, title: String, description: String) -> UnsafeMutablePointer<GtkWidget> {
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        gtk_widget_set_valign(box, GTK_ALIGN_CENTER)
        gtk_widget_set_halign(box, GTK_ALIGN_CENTER)
        gtk_widget_set_can_target(box, 0)
        gtk_widget_add_css_class(box, "status-page")
        let image = gtk_image_new_from_icon_name(icon)!
        gtk_image_set_pixel_size(image.opaque, 128)
        gtk_widget_add_css_class(image, "dim-label")
        let heading = gtk_label_new(title)!
        gtk_widget_add_css_class(heading, "title-1")
        gtk_label_set_wrap(heading.opaque, 1)
        gtk_label_set_justify(heading.opaque, GTK_JUSTIFY_CENTER)
        let body = gtk_label_new(description)!
        gtk_label_set_wrap(body.opaque, 1)
        gtk_label_set_justify(body.opaque, GTK_JUSTIFY_CENTER)
        for child in [image, heading, body] { gtk_box_append(box.cast(to: GtkBox.self), child) }
        return box
    }

    // MARK: Opening and closing

    /// Opens the search on `screen` (shown in `table`); false if the screen has no search.
    /// The bar opens at once; the list is filtered once the screen's texts have come.
    @discardableResult
    func open(on screen: Screen, table: TableWidget) -> Bool {
        if let session, session.screen === screen {
            gtk_widget_grab_focus(entry)
            return true
        }
        close()
        guard screen.hasSearch else { return false }
        let list = table.listView
        var selected: [IndexPath] = []
        if list.numberOfSelectedItems <= Self.selectionLimit {
            selected = (list as? TableView)?.indexPathsForSelectedRows ?? (list as? CollectionView)?.indexPathsForSelectedItems ?? []
        }
        let saved = SavedPosition(offset: list.contentOffset, focused: list.focusedIndexPath, selected: selected)
        let search = ListSearch(keys: [])
        let session = Session(screen: screen, table: table, search: search, saved: saved)
        self.session = session
        search.onChange = { [weak self, weak session] done in
            guard let self, let session, self.session === session else { return }
            self.showMatches(done: done)
        }
        if gtk_search_bar_get_search_mode(bar.opaque) == 0 { gtk_search_bar_set_search_mode(bar.opaque, 1) }
        gtk_widget_grab_focus(entry)
        onChange?()
        // What typing into the window put in the entry (it opened the bar) is searched now.
        textChanged()
        screen.makeSearchTexts(from: 0) { [weak self, weak session] texts in
            guard let self, let session, self.session === session else { return }
            session.hasTexts = true
            session.search.append(texts)
            self.showMatches(done: session.search.pending == 0)
        }
        return true
    }

    /// Closes the search: the screen shows every row again, scrolled, selected and focused as
    /// before the search; the list takes the keyboard focus if the entry had it.
    func close() {
        guard let session else { return }
        self.session = nil
        let hadFocus = gtk_widget_has_focus(entry) != 0 || gtk_widget_is_ancestor(focusWidget ?? entry, entry) != 0
        session.search.onChange = nil
        if session.shownCount != nil { session.screen.showSearchResults(nil) }
        restore(session.saved, in: session.table.listView)
        gtk_widget_set_visible(noResults, 0)
        Accessible.setDescription(entry, nil)
        if gtk_search_bar_get_search_mode(bar.opaque) != 0 { gtk_search_bar_set_search_mode(bar.opaque, 0) }
        gtk_editable_set_text(entry.opaque, "")   // no session: not searched
        if hadFocus { session.table.grabFocus() }
        onChange?()
    }

    /// The screen's rows grew while the search is open (Files listed a folder): their texts
    /// join the search.
    func screenChanged() {
        guard let session, session.hasTexts else { return }
        session.screen.makeSearchTexts(from: session.search.count) { [weak session] more in
            session?.search.append(more)
        }
    }

    private var focusWidget: UnsafeMutablePointer<GtkWidget>? {
        guard let root = gtk_widget_get_root(entry) else { return nil }
        return gtk_root_get_focus(root)
    }

    // MARK: Filtering

    private func barModeChanged() {
        let shown = gtk_search_bar_get_search_mode(bar.opaque) != 0
        if !shown, session != nil {
            // Escape in the entry (GtkSearchEntry's stop-search) or the bar closed otherwise.
            close()
        } else if shown, session == nil {
            // Typing into the window opened the bar (its key capture).
            onOpenedByTyping?()
            if session == nil {
                gtk_search_bar_set_search_mode(bar.opaque, 0)
                gtk_editable_set_text(entry.opaque, "")
            }
        }
    }

    private func textChanged() {
        guard let session else { return }
        let text = gtk_editable_get_text(entry.opaque).map { String(cString: $0) } ?? ""
        guard text != session.search.text else { return }
        session.scrollToTop = true
        session.search.text = text
    }

    /// Shows the matches found so far; says the count when the filter is done.
    private func showMatches(done: Bool) {
        guard let session, session.hasTexts else { return }
        let list = session.table.listView
        if session.search.text.isEmpty {
            // Nothing typed: the whole list, where it was.
            if session.shownCount != nil {
                session.shownCount = nil
                session.screen.showSearchResults(nil)
                restore(session.saved, in: list)
            }
            session.spoken = nil
            Accessible.setDescription(entry, nil)
        } else {
            let matches = session.search.matches
            session.shownCount = matches.count
            session.screen.showSearchResults(matches)
            if session.scrollToTop {
                session.scrollToTop = false
                list.contentOffset = Point(x: 0, y: 0)
            }
        }
        let count = session.shownCount
        gtk_widget_set_visible(noResults, (count == 0 && done).gboolean)
        if done, let subtitle, subtitle != session.spoken {
            session.spoken = subtitle
            let toEntry = gtk_widget_has_focus(entry) != 0 || focusWidget.map({ gtk_widget_is_ancestor($0, entry) != 0 }) == true
            if toEntry {
                Accessible.setDescription(entry, subtitle)
            } else {
                session.table.announce(subtitle)
            }
            lastAnnouncement = (subtitle, toEntry)
        }
        onChange?()
    }

    /// Puts `saved` back on `list` (just reloaded with every row).
    private func restore(_ saved: SavedPosition, in list: ListBase) {
        list.layoutIfNeeded()
        list.deselectAll(animated: false)
        for ip in saved.selected where Self.contains(list, ip) {
            if let table = list as? TableView { table.selectRow(at: ip, animated: false, scrollPosition: .none) }
            if let grid = list as? CollectionView { grid.selectItem(at: ip, animated: false, scrollPosition: []) }
        }
        list.setFocusedIndexPath(saved.focused.flatMap { Self.contains(list, $0) ? $0 : nil })
        list.contentOffset = saved.offset
    }

    private static func contains(_ list: ListBase, _ ip: IndexPath) -> Bool {
        ip.section >= 0 && ip.section < list.numberOfSections && ip.row >= 0 && ip.row < list.numberOfItems(inSection: ip.section)
    }
}
