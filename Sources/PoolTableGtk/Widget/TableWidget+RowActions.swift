import CGtk
@_spi(Hosting) @_spi(Diagnostics) import PoolTable

/// Row actions in the shell: touchpad (and horizontal wheel) scrolls swipe a row open (a
/// pointer drag does through the engine's pointer calls), and context menus open on a right
/// click, Shift+F10 and the Menu key (and a grid item's long press, which the engine
/// recognises) as a `GtkPopoverMenu` pointing at the row or item. The engine
/// decides everything (what is swiped, what the menu holds); this only translates.
extension TableWidget {
    /// How far one click of a horizontal wheel swipes, in pixels.
    static let wheelSwipeStep = 40.0
    /// A scroll swipe (or a wheel's carousel scroll) ends when no scroll event came for this
    /// long (milliseconds).
    static let scrollSwipeIdle: UInt32 = 250

    func installRowActions() {
        installPointerTracking()
        installSidewaysScroll()
        installContextClick()
    }

    // MARK: Swiping with a touchpad

    /// (Horizontal scrolls reach `beginSwipe`/`updateSwipe`/`endSwipe` through the sideways
    /// scroll router, TableWidget+SidewaysScroll.swift, which lets carousels go first.)

    /// Follows the pointer over the drawing area: a scroll event carries no position, and
    /// a scroll swipe starts on the row under the pointer.
    private func installPointerTracking() {
        let motion = gtk_event_controller_motion_new()!
        Signal.connectPoint(motion, "enter") { [weak self] x, y in self?.pointerPosition = Point(x: x, y: y) }
        Signal.connectPoint(motion, "motion") { [weak self] x, y in self?.pointerPosition = Point(x: x, y: y) }
        Signal.connect(motion, "leave") { [weak self] in self?.pointerPosition = nil }
        gtk_widget_add_controller(drawingArea, motion)
    }

    // MARK: Context menus

    /// A right click opens the row's context menu at the pointer.
    private func installContextClick() {
        let click = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(click.opaque, guint(GDK_BUTTON_SECONDARY))
        Signal.connectPressCount(click, "pressed") { [weak self] _, x, y in
            guard let self, let view = self.listView as? any ContextMenuProviding, let point = self.tablePoint(Point(x: x, y: y)) else { return }
            self.grabFocus()
            guard let menu = view.contextMenu(atViewportPoint: point) else { return }
            gtk_gesture_set_state(click.opaque, GTK_EVENT_SEQUENCE_CLAIMED)
            self.showContextMenu(menu, pointingAt: Rect(x: x, y: y, width: 1, height: 1))
        }
        gtk_widget_add_controller(drawingArea, click)
    }

    /// Shift+F10 and the Menu key open the focused row's context menu, pointing at the row.
    func handleContextMenuKey(_ keyval: guint, modifiers: InputModifiers) -> Bool {
        let key = Int32(bitPattern: keyval)
        guard key == GDK_KEY_Menu && modifiers.isEmpty || key == GDK_KEY_F10 && modifiers == [.shift],
              let view = listView as? any ContextMenuProviding, let menu = view.contextMenuForKeyboardFocus() else { return false }
        showContextMenu(menu, pointingAt: menu.rowRect)
        return true
    }

    /// Shows `menu` as a `GtkPopoverMenu` on the drawing area pointing at `rect` (widget
    /// coordinates): one `rowmenu.itemN` action per entry (disabled entries disabled), the
    /// destructive entries in their own section at the end, their labels styled `error`.
    public func showContextMenu(_ menu: TableView.RowContextMenu, pointingAt rect: Rect) {
        closeContextMenu()
        guard let view = listView as? any ContextMenuProviding else { return }
        let model = g_menu_new()!, plain = g_menu_new()!, destructive = g_menu_new()!
        let group = g_simple_action_group_new()!
        for (i, entry) in menu.actions.enumerated() {
            let name = "item\(i)"
            let action = g_simple_action_new(name, nil)!
            g_simple_action_set_enabled(action, entry.isEnabled.gboolean)
            Signal.connectPointer(action, "activate") { [weak view] _ in view?.performMenuAction(entry) }
            g_action_map_add_action(group.opaque, action.opaque)
            g_object_unref(action.rawPointer)
            g_menu_append(entry.isDestructive ? destructive : plain, entry.title, "rowmenu.\(name)")
        }
        if g_menu_model_get_n_items(plain.cast(to: GMenuModel.self)) > 0 { g_menu_append_section(model, nil, plain.cast(to: GMenuModel.self)) }
        if g_menu_model_get_n_items(destructive.cast(to: GMenuModel.self)) > 0 {
            g_menu_append_section(model, nil, destructive.cast(to: GMenuModel.self))
        }
        g_object_unref(plain.rawPointer)
        g_object_unref(destructive.rawPointer)
        let popover = gtk_popover_menu_new_from_model(model.cast(to: GMenuModel.self))!
        g_object_unref(model.rawPointer)
        gtk_widget_insert_action_group(popover, "rowmenu", group.opaque)
        g_object_unref(group.rawPointer)
        gtk_widget_add_css_class(popover, "pooltable-row-menu")
        gtk_widget_set_parent(popover, drawingArea)
        var target = GdkRectangle(x: Int32(rect.minX.rounded()), y: Int32(rect.minY.rounded()),
                                  width: Int32(max(1, rect.width.rounded())), height: Int32(max(1, rect.height.rounded())))
        gtk_popover_set_pointing_to(popover.cast(to: GtkPopover.self), &target)
        gtk_popover_set_position(popover.cast(to: GtkPopover.self), GTK_POS_BOTTOM)
        Signal.connect(popover, "closed") { [weak self] in
            // Focus goes back to the table (the row), unless the user moved it elsewhere.
            if let self, let root = gtk_widget_get_root(self.drawingArea) {
                let focus = gtk_root_get_focus(root)
                if focus == nil || focus == popover || gtk_widget_is_ancestor(focus, popover) != 0 { self.grabFocus() }
            }
            // Unparent after the chosen entry's action has run (it is activated after `closed`).
            MainLoop.addTimeout(milliseconds: 0) { [weak self] in
                gtk_widget_unparent(popover)
                if self?.contextMenuPopover == popover { self?.contextMenuPopover = nil }
                return false
            }
        }
        contextMenuPopover = popover
        gtk_popover_popup(popover.cast(to: GtkPopover.self))
        markDestructiveEntries(in: popover, titles: Set(menu.actions.filter(\.isDestructive).map(\.title)))
    }

    /// A gesture the engine recognised (a long press on a grid item) opened a menu: it is
    /// shown pointing at where the press was.
    public func tableView(_ view: ListBase, presentContextMenu menu: TableView.RowContextMenu) {
        showContextMenu(menu, pointingAt: Rect(x: menu.point.x, y: menu.point.y, width: 1, height: 1))
    }

    /// Closes the context menu if one is shown.
    public func closeContextMenu() {
        guard let popover = contextMenuPopover else { return }
        gtk_popover_popdown(popover.cast(to: GtkPopover.self))
    }

    /// Gives the labels of destructive entries the theme's `error` style (red).
    private func markDestructiveEntries(in widget: UnsafeMutablePointer<GtkWidget>, titles: Set<String>) {
        guard !titles.isEmpty else { return }
        var child = gtk_widget_get_first_child(widget)
        while let c = child {
            if c.isA(gtk_label_get_type()), let text = gtk_label_get_label(c.opaque),
               titles.contains(String(cString: text)) {
                gtk_widget_add_css_class(c, "error")
                gtk_widget_add_css_class(c, "destructive")
            }
            markDestructiveEntries(in: c, titles: titles)
            child = gtk_widget_get_next_sibling(c)
        }
    }
}
