import CGtk
import PoolTable
import PoolTableDemoKit
@_spi(Interop) import PoolTableGtk

/// The main window: a header bar (Edit/Done, Select All, the screen's controls, a title with a
/// subtitle, the screen switcher, Search, the primary menu with Debug Overlay) over the search
/// bar and a stack holding one table per screen. The header bar fits a 900 px window in
/// English and Chinese on every screen and in edit mode (SearchGuiTests measures it): the
/// debug overlay's switch lives in the primary menu, as GNOME apps keep rarely used
/// toggles there.
///
/// Window actions: `win.edit` (Ctrl+E), `win.leave-edit` (Escape: closes the search, or
/// leaves edit mode), `win.select-all` (Ctrl+A), `win.search` (Ctrl+F; `WindowSearch`),
/// `win.debug` (Ctrl+D); GtkApplicationWindow adds `win.show-help-overlay`.
@MainActor
final class MainWindow {
    let window: UnsafeMutablePointer<GtkWidget>
    /// Whether Debug is on: the engine's overlay on the tables and the debug bar.
    private(set) var debugOverlayEnabled = false

    /// Every screen, in the switcher's order.
    let screens: [Screen]
    private let tables: [TableWidget]
    private let stack: UnsafeMutablePointer<GtkWidget>
    private let subtitle: UnsafeMutablePointer<GtkWidget>
    private let editButton: UnsafeMutablePointer<GtkWidget>
    private let selectAllButton: UnsafeMutablePointer<GtkWidget>
    private var screenChooser: UnsafeMutablePointer<GtkWidget>?
    /// The header bar and its title ("PoolTable"), which must never be ellipsized.
    private(set) var headerBar: UnsafeMutablePointer<GtkWidget>?
    private(set) var titleLabel: UnsafeMutablePointer<GtkWidget>?
    private var editAction: OpaquePointer?
    private var leaveEditAction: OpaquePointer?
    private var selectAllAction: OpaquePointer?
    private var debugAction: OpaquePointer?
    private var deleteAction: OpaquePointer?
    private var undoAction: OpaquePointer?
    private var searchAction: OpaquePointer?
    /// The search bar and what it filters (WindowSearch.swift).
    let search: WindowSearch
    /// The screen whose table the stack shows (for didAppear / didDisappear).
    private var shownScreen: Screen?
    /// The debug overlay on every table and the debug bar (DebugBar.swift).
    private let debugTools: DebugTools
    /// The debug bar's horizontal scroller: in the focus chain only while Debug is on (see
    /// `buildStack`).
    private let barScroller: UnsafeMutablePointer<GtkWidget>
    /// With POOLTABLE_TRACE: reports the rows on screen (see `traceRows`).
    private let rowTracer = GLibTimeout()
    private var lastRowTrace = ""
    /// The selection count screen readers last heard in edit mode (nil outside it).
    private var spokenSelectionCount: Int?

    init(application: UnsafeMutablePointer<GtkApplication>, options: LaunchOptions) {
        window = gtk_application_window_new(application)!
        let huge = HugeListScreen(rowCount: options.rows ?? HugeListScreen.defaultRowCount)
        screens = [InboxScreen(), huge, NewsScreen(), DownloadsScreen(), PhotosScreen(folder: options.photos, usesThumbnailCache: options.usesThumbnailCache), FilesScreen(options: options),
                   LayoutsScreen()]
        tables = screens.map { $0.makeWidget() }
        let tools = DebugTools(tables: tables)
        debugTools = tools
        if let k = screens.firstIndex(where: { $0 is PhotosScreen }), let photos = screens[k] as? PhotosScreen {
            tools.applyNaivePictures = { [weak photos] on in photos?.controller.naivePictureLoading = on }
            tools.setHostPanel(for: tables[k]) { [weak photos] in photos?.overlayPanel }
        }
        stack = gtk_stack_new()!
        barScroller = gtk_scrolled_window_new()!
        subtitle = gtk_label_new(nil)!
        // A plain button on the boolean action: "Done" is a suggested action, which GTK's
        // checked-toggle style would grey out.
        editButton = gtk_button_new_with_label(tr("Edit"))!
        selectAllButton = gtk_button_new_with_label(tr("Select All"))!
        search = WindowSearch(window: window)

        gtk_window_set_title(window.cast(to: GtkWindow.self), Application.name)
        gtk_window_set_default_size(window.cast(to: GtkWindow.self), 900, 700)
        gtk_window_set_icon_name(window.cast(to: GtkWindow.self), Application.id)
        buildHeaderBar()
        buildStack()
        addActions()

        let initial = options.screen ?? (options.rows != nil ? huge.name : options.photos != nil ? "photos" : FilesScreen.isRequested(by: options) ? "files" : screens[0].name)
        gtk_stack_set_visible_child_name(stack.opaque, initial)
        Signal.connectPointer(stack, "notify::visible-child") { [weak self] _ in self?.screenChanged() }
        screenChanged()
        if Trace.isEnabled {
            rowTracer.start(milliseconds: 100) { [weak self] in self?.traceRows(); return self != nil }
        }
        // The window and its widgets can go before this object (a screen's timer may still
        // fire, as the News screen's ads do): from then on nothing is sent to them.
        Signal.connect(window, "destroy") { [weak self] in self?.windowDestroyed() }
    }

    /// What the header bar's subtitle says now ("3 selected", "100,000 photos").
    var subtitleText: String { gtk_label_get_text(subtitle.opaque).map { String(cString: $0) } ?? "" }

    func present() {
        gtk_window_present(window.cast(to: GtkWindow.self))
        currentTable.grabFocus()
    }

    func close() {
        gtk_window_close(window.cast(to: GtkWindow.self))
    }

    // MARK: Building

    private func buildHeaderBar() {
        let header = gtk_header_bar_new()!

        // Start: Edit/Done and, in edit mode, Select All / Deselect All.
        gtk_actionable_set_action_name(editButton.opaque, "win.edit")
        gtk_widget_set_tooltip_text(editButton, tr("Select rows (Ctrl+E)"))
        // Clicking a header button must leave keyboard focus on the table, or Space and the
        // arrows would go to the button (Space would toggle edit mode off again).
        for button in [editButton, selectAllButton] { gtk_widget_set_focus_on_click(button, 0) }
        gtk_header_bar_pack_start(header.opaque, editButton)
        Signal.connect(selectAllButton, "clicked") { [weak self] in self?.toggleSelectAll() }
        gtk_widget_set_visible(selectAllButton, 0)
        gtk_header_bar_pack_start(header.opaque, selectAllButton)
        // Then each screen's own controls, shown while that screen is (see screenChanged).
        for screen in screens {
            for control in screen.headerControls {
                gtk_widget_set_visible(control, 0)
                gtk_header_bar_pack_start(header.opaque, control)
            }
        }

        // Title: "PoolTable" over a dim subtitle (the screen, or the selection count).
        let titleBox = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_widget_set_valign(titleBox, GTK_ALIGN_CENTER)
        let title = gtk_label_new(Application.name)!
        gtk_widget_add_css_class(title, "title")
        gtk_label_set_ellipsize(title.opaque, PANGO_ELLIPSIZE_END)
        gtk_widget_add_css_class(subtitle, "subtitle")
        gtk_widget_add_css_class(subtitle, "dim-label")
        gtk_label_set_ellipsize(subtitle.opaque, PANGO_ELLIPSIZE_END)
        gtk_box_append(titleBox.cast(to: GtkBox.self), title)
        gtk_box_append(titleBox.cast(to: GtkBox.self), subtitle)
        gtk_header_bar_set_title_widget(header.opaque, titleBox)
        headerBar = header
        titleLabel = title

        // End (right to left): the menu (with Debug Overlay), Search, the screen chooser.
        gtk_header_bar_pack_end(header.opaque, makePrimaryMenuButton())
        gtk_header_bar_pack_end(header.opaque, search.button)
        gtk_header_bar_pack_end(header.opaque, makeScreenChooser())

        gtk_window_set_titlebar(window.cast(to: GtkWindow.self), header)
    }

    /// A drop-down of the screens' titles, kept in step with the stack.
    private func makeScreenChooser() -> UnsafeMutablePointer<GtkWidget> {
        let chooser = withCStringArray(screens.map(\.title)) { gtk_drop_down_new_from_strings($0) }!
        gtk_widget_set_tooltip_text(chooser, tr("Screen"))
        AccessibleName.set(chooser, tr("Screen"))
        Signal.connectPointer(chooser, "notify::selected") { [weak self] _ in
            guard let self else { return }
            let index = Int(gtk_drop_down_get_selected(chooser.opaque))
            guard index < self.screens.count else { return }
            gtk_stack_set_visible_child_name(self.stack.opaque, self.screens[index].name)
        }
        screenChooser = chooser
        return chooser
    }

    private func makePrimaryMenuButton() -> UnsafeMutablePointer<GtkWidget> {
        let menu = g_menu_new()!
        // A check item on the boolean action; the menu shows its shortcut (Ctrl+D).
        let tools = g_menu_new()!
        g_menu_append(tools, tr("_Debug Overlay"), "win.debug")
        g_menu_append_section(menu, nil, tools.cast(to: GMenuModel.self))
        g_object_unref(tools.rawPointer)
        let help = g_menu_new()!
        g_menu_append(help, tr("_Keyboard Shortcuts"), "win.show-help-overlay")
        g_menu_append(help, tr("_About PoolTable"), "app.about")
        let quit = g_menu_new()!
        g_menu_append(quit, tr("_Quit"), "app.quit")
        g_menu_append_section(menu, nil, help.cast(to: GMenuModel.self))
        g_menu_append_section(menu, nil, quit.cast(to: GMenuModel.self))
        g_object_unref(help.rawPointer)
        g_object_unref(quit.rawPointer)

        let button = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(button.opaque, "open-menu-symbolic")
        gtk_menu_button_set_menu_model(button.opaque, menu.cast(to: GMenuModel.self))
        gtk_menu_button_set_primary(button.opaque, 1)
        gtk_widget_set_tooltip_text(button, tr("Main Menu"))
        AccessibleName.set(button, tr("Main Menu"))
        // The tooltip becomes the button's description in GTK 4.8, and its inner toggle button
        // (described by the menu button) would be heard as "Main Menu, toggle button, Main
        // Menu": the name is enough.
        gtk_accessible_reset_property(button.opaque, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION)
        g_object_unref(menu.rawPointer)
        return button
    }

    private func buildStack() {
        gtk_stack_set_transition_type(stack.opaque, GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        for (screen, table) in zip(screens, tables) {
            screen.install(in: table)
            screen.selectionDidChange = { [weak self] in self?.updateChrome() }
            screen.didLoad(table)
            // Screen readers hear the list as "Inbox, list" and a row's position as
            // "Message 12 of 2,069".
            table.accessibleLabel = screen.title
            let noun = screen.rowNoun
            table.accessibleRowDescription = {
                let position = tr("{noun} {number} of {count}", ["noun": noun, "number": formatted($0.number), "count": formatted($0.count)])
                guard let checked = $0.checked else { return position }
                return checked ? tr("{position}, checked", ["position": position]) : tr("{position}, not checked", ["position": position])
            }
            // "File 3 of 4, level 2" (GTK 4.8 does not export the level), and with a focused
            // cell "Size, 3 bytes. File 3 of 4".
            table.accessibleOutlineLevelDescription = { tr("level {level}", ["level": formatted($0)]) }
            table.accessibleCellDescription = { tr("{column}, {value}", ["column": $0, "value": $1]) }
            // A carousel (the Layout Gallery's sideways sections) is its own list: "Item 3 of
            // 12, carousel".
            // Translators: a row of items that scrolls sideways, said after an item's position.
            table.accessibleCarouselDescription = { tr("carousel") }
            // The parts of a description are joined in the language's own punctuation ("，", "。").
            // Translators: a clause added to what a screen reader says of a row, as in
            // "Item 3 of 12, carousel"; use your language's comma.
            table.accessibleDescriptionClause = { tr("{text}, {clause}", ["text": $0, "clause": $1]) }
            // Translators: two sentences a screen reader says of a row, as in
            // "Size, 3 bytes. File 3 of 4"; use your language's full stop.
            table.accessibleDescriptionSentence = { tr("{text}. {sentence}", ["text": $0, "sentence": $1]) }
            let page = gtk_stack_add_titled(stack.opaque, table.widget, screen.name, screen.title)
            // The page would be heard as "Inbox panel" before the list's own "Inbox": one name.
            // (Empty, not reset: GTK 4.8 names an unlabelled page by its type, "GtkStackPage".)
            if let page { Accessible.setLabel(page, "") }
        }
        // The debug bar slides in under the tables while Debug is on.
        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        // The search bar slides in above the list; "No Results Found" shows over it.
        gtk_box_append(content.cast(to: GtkBox.self), search.bar)
        let overlay = gtk_overlay_new()!
        gtk_widget_set_vexpand(overlay, 1)
        gtk_overlay_set_child(overlay.opaque, stack)
        gtk_overlay_add_overlay(overlay.opaque, search.noResults)
        gtk_box_append(content.cast(to: GtkBox.self), overlay)
        // In a horizontal scroller: the bar's controls must not set the window's minimum width
        // (a revealer that slides vertically keeps its child's width even while hidden).
        gtk_scrolled_window_set_policy(barScroller.opaque, GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER)
        gtk_scrolled_window_set_propagate_natural_height(barScroller.opaque, 1)
        gtk_scrolled_window_set_child(barScroller.opaque, debugTools.bar.widget)
        // A scrolled window whose child takes no focus takes it itself: with the bar hidden,
        // Tab from the table would stop on this empty, nameless, zero-high pane.
        gtk_widget_set_can_focus(barScroller, debugOverlayEnabled.gboolean)
        gtk_box_append(content.cast(to: GtkBox.self), barScroller)
        gtk_window_set_child(window.cast(to: GtkWindow.self), content)
    }

    // MARK: Actions

    private func addActions() {
        editAction = addToggleAction("edit") { [weak self] on in self?.setEditing(on) }
        leaveEditAction = addAction("leave-edit") { [weak self] in
            guard let self else { return }
            if self.search.isActive { self.search.close() } else { self.setEditing(false) }
        }
        searchAction = addToggleAction("search") { [weak self] on in
            guard let self else { return }
            if on { self.openSearch() } else { self.search.close() }
        }
        search.onChange = { [weak self] in self?.updateChrome() }
        search.onOpenedByTyping = { [weak self] in self?.openSearch() }
        selectAllAction = addAction("select-all") { [weak self] in self?.currentTable.listView.selectAll() }
        // Delete and Ctrl+Z go to the current screen (the Inbox deletes and restores rows).
        deleteAction = addAction("delete") { [weak self] in
            guard let self, self.currentScreen.canDeleteSelection else { return }
            self.currentScreen.deleteSelection()
            self.updateChrome()
        }
        undoAction = addAction("undo") { [weak self] in
            guard let self, self.currentScreen.canUndo else { return }
            self.currentScreen.undo()
            self.updateChrome()
        }
        if let application = gtk_window_get_application(window.cast(to: GtkWindow.self)) {
            withCStringArray(["Delete", "KP_Delete"]) { gtk_application_set_accels_for_action(application, "win.delete", $0) }
            withCStringArray(["<Control>z"]) { gtk_application_set_accels_for_action(application, "win.undo", $0) }
        }
        debugAction = addToggleAction("debug") { [weak self] on in
            guard let self else { return }
            self.debugOverlayEnabled = on
            self.debugTools.setEnabled(on)
            gtk_widget_set_can_focus(self.barScroller, on.gboolean)
        }
    }

    /// Opens the search on the current screen (edit mode ends first).
    private func openSearch() {
        setEditing(false)
        if !search.open(on: currentScreen, table: currentTable) { updateChrome() }
    }

    private func setEditing(_ editing: Bool) {
        let table = currentTable.listView
        if table.isEditing != editing {
            table.setEditing(editing, animated: true)
            // Heard with the focused row (the subtitle's change is not spoken).
            currentTable.announce(editing ? tr("Edit mode on") : tr("Edit mode off"))
        }
        spokenSelectionCount = editing ? table.numberOfSelectedItems : nil
        updateChrome()
    }

    private func toggleSelectAll() {
        let table = currentTable.listView
        if allRowsSelected(table) { table.deselectAll() } else { table.selectAll() }
    }

    private func screenChanged() {
        if let screenChooser, Int(gtk_drop_down_get_selected(screenChooser.opaque)) != currentIndex {
            gtk_drop_down_set_selected(screenChooser.opaque, guint(currentIndex))
        }
        debugTools.showing(currentTable)
        // Only the visible screen's header controls show; screens learn when they appear.
        let current = currentScreen
        if shownScreen !== current {
            shownScreen?.didDisappear()
            for screen in screens { for control in screen.headerControls { gtk_widget_set_visible(control, (screen === current).gboolean) } }
            shownScreen = current
            current.didAppear()
        }
        // A search belongs to the screen it filters.
        if let searched = search.searchedScreen, searched !== current { search.close() }
        // Edit mode belongs to the screen that was showing.
        for table in tables where table !== currentTable && table.listView.isEditing {
            table.listView.setEditing(false, animated: false)
        }
        updateChrome()
    }

    /// The window is gone: screens stop reporting to its header bar, tracing stops.
    private func windowDestroyed() {
        for screen in screens { screen.selectionDidChange = nil }
        rowTracer.stop()
    }

    /// Brings the header bar in line with the current table: Edit/Done, Select All,
    /// enabled actions, and the subtitle.
    private func updateChrome() {
        let table = currentTable.listView
        let editing = table.isEditing
        if let editAction { g_simple_action_set_state(editAction, g_variant_new_boolean(editing.gboolean)) }
        let searching = search.isActive
        if searching { search.screenChanged() }
        if let leaveEditAction { g_simple_action_set_enabled(leaveEditAction, (editing || searching).gboolean) }
        if let editAction { g_simple_action_set_enabled(editAction, (!searching).gboolean) }
        if let searchAction {
            g_simple_action_set_state(searchAction, g_variant_new_boolean(searching.gboolean))
            g_simple_action_set_enabled(searchAction, currentScreen.hasSearch.gboolean)
        }
        gtk_widget_set_visible(search.button, currentScreen.hasSearch.gboolean)
        if let selectAllAction { g_simple_action_set_enabled(selectAllAction, editing.gboolean) }
        gtk_button_set_label(editButton.cast(to: GtkButton.self), editing ? tr("Done") : tr("Edit"))
        if editing { gtk_widget_add_css_class(editButton, "suggested-action") } else { gtk_widget_remove_css_class(editButton, "suggested-action") }
        gtk_widget_set_visible(selectAllButton, editing.gboolean)
        if let deleteAction { g_simple_action_set_enabled(deleteAction, currentScreen.canDeleteSelection.gboolean) }
        if let undoAction { g_simple_action_set_enabled(undoAction, currentScreen.canUndo.gboolean) }
        currentScreen.updateHeaderControls(editing: editing)
        gtk_button_set_label(selectAllButton.cast(to: GtkButton.self), allRowsSelected(table) ? tr("Deselect All") : tr("Select All"))
        let text = editing ? trn("{count} selected", "{count} selected", count: table.numberOfSelectedItems)
            : search.subtitle ?? currentScreen.subtitle
        gtk_label_set_text(subtitle.opaque, text)
        if !editing {
            spokenSelectionCount = nil
        } else if spokenSelectionCount != table.numberOfSelectedItems {
            spokenSelectionCount = table.numberOfSelectedItems
            currentTable.announce(text)
        }
        Trace.log("editing", "\(editing)")
        Trace.log("subtitle", text)
    }

    /// For the accessibility check (scripts/a11y-check.py): what the current table or grid
    /// shows, as one JSON line whenever it changes: the screen, each visible row's or item's
    /// number (from 1, across sections) and text as the engine's cell gives it (in item
    /// order: a grid's lines top to bottom, each left to right), the cursor's number and
    /// whether it is selected, and for a grid its number of columns.
    private func traceRows() {
        let list = currentTable.listView
        guard list.hasLoadedData else { return }
        let visible: [(IndexPath, ReusableCell)]
        var columns: Int?
        if let table = list as? TableView {
            visible = zip(table.indexPathsForVisibleRows, table.visibleCells).map { ($0, $1) }
        } else if let grid = list as? CollectionView {
            visible = zip(grid.indexPathsForVisibleItems, grid.visibleCells).map { ($0, $1) }
            columns = grid.numberOfColumns
        } else {
            return
        }
        var starts = [0]
        for s in 0..<list.numberOfSections { starts.append(starts[s] + list.numberOfItems(inSection: s)) }
        let number = { (ip: IndexPath) -> Int in starts[ip.section] + ip.row + 1 }
        let rows = visible.map { ip, cell in "[\(number(ip)),\(Self.jsonString(cell.accessibilityLabel ?? ""))]" }
        // Keys sorted, as the AT-SPI check compares lines.
        var fields = [
            "\"count\":\(starts.last ?? 0)",
            "\"cursor\":\(list.focusedIndexPath.map { number($0) } ?? 0)",
            // The cursor's section and item, and its section's size: a carousel's item says its
            // place in its section ("Item 3 of 12, carousel").
            "\"cursorPath\":" + (list.focusedIndexPath.map { "[\($0.section),\($0.row),\(list.numberOfItems(inSection: $0.section))]" } ?? "null"),
            "\"cursorSelected\":\(list.focusedIndexPath.map { list.isItemSelected(at: $0) } ?? false)",
            "\"editing\":\(list.isEditing)",
            "\"labelUpdates\":\(currentTable.accessibleLabelUpdates)",
            "\"proxies\":\(currentTable.accessibleProxyCount)",
            "\"rows\":[" + rows.joined(separator: ",") + "]",
            "\"screen\":" + Self.jsonString(currentScreen.name),
        ]
        if let columns { fields.insert("\"columns\":\(columns)", at: 0) }
        let line = "{" + fields.joined(separator: ",") + "}"
        guard line != lastRowTrace else { return }
        lastRowTrace = line
        Trace.log("rows", line)
    }

    /// `text` as a JSON string literal.
    private static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case _ where scalar.value < 0x20: out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    // MARK: Helpers

    private var currentIndex: Int {
        let name = gtk_stack_get_visible_child_name(stack.opaque).map { String(cString: $0) }
        return screens.firstIndex { $0.name == name } ?? 0
    }
    private var currentScreen: Screen { screens[currentIndex] }
    /// Shows the screen named `name` (as `--screen` and the screen chooser do).
    func show(screen name: String) {
        guard screens.contains(where: { $0.name == name }) else { return }
        gtk_stack_set_visible_child_name(stack.opaque, name)
    }

    /// The table of the screen on show (also what GUI tests look at).
    var currentTable: TableWidget { tables[currentIndex] }

    private func allRowsSelected(_ table: ListBase) -> Bool {
        let total = table.totalItemCount
        return total > 0 && table.numberOfSelectedItems == total
    }

    @discardableResult
    private func addAction(_ name: String, _ body: @escaping @MainActor () -> Void) -> OpaquePointer {
        let action = g_simple_action_new(name, nil)!
        Signal.connectPointer(action, "activate") { _ in body() }
        g_action_map_add_action(window.opaque, action.opaque)
        g_object_unref(action.rawPointer)
        return action.opaque
    }

    /// A boolean stateful action: activating it toggles; `body` gets the new state.
    private func addToggleAction(_ name: String, _ body: @escaping @MainActor (Bool) -> Void) -> OpaquePointer {
        let action = g_simple_action_new_stateful(name, nil, g_variant_new_boolean(0))!
        Signal.connectPointer(action, "change-state") { value in
            guard let value else { return }
            let variant = OpaquePointer(value)
            g_simple_action_set_state(action, variant)
            body(g_variant_get_boolean(variant) != 0)
        }
        g_action_map_add_action(window.opaque, action.opaque)
        g_object_unref(action.rawPointer)
        return action.opaque
    }
}

extension Bool {
    var gboolean: gboolean { self ? 1 : 0 }
}
