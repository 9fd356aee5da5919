import CGtk
import PoolTable

/// GTK events → engine calls, in viewport coordinates. No table logic lives here.
extension TableWidget {
    func installInput() {
        let drag = installPointer()
        let press = installLongPress()
        let click = installDoubleClick()
        // One group: a claimed press is claimed for all, so holding still can still
        // become a long press (outside a group, claiming would cancel the other gesture).
        gtk_gesture_group(press, drag)
        gtk_gesture_group(click, drag)
        installKeyboard()
        installFocus()
    }

    // MARK: Pointer and touch

    /// Primary button (or touch) press, drag and release.
    ///
    /// With a mouse the gesture claims the press at once (nothing else wants it). On a
    /// touchscreen it claims only when the press starts a drag across the edit-mode
    /// checkboxes; otherwise it stays unclaimed, so the scrolled window's kinetic drag can
    /// take the sequence (which cancels this gesture) and a plain tap still ends as a click.
    private func installPointer() -> OpaquePointer {
        let drag = gtk_gesture_drag_new()!
        gtk_gesture_single_set_button(drag.opaque, guint(GDK_BUTTON_PRIMARY))
        Signal.connectPoint(drag, "drag-begin") { [weak self] x, y in
            guard let self else { return }
            self.grabFocus()
            self.dragStart = Point(x: x, y: y)
            // A press that lands on nothing of the table (e.g. the overlay's panels) is ignored.
            guard let start = self.tablePoint(self.dragStart) else {
                self.lastTablePoint = nil
                gtk_gesture_set_state(drag.opaque, GTK_EVENT_SEQUENCE_DENIED)
                return
            }
            self.lastTablePoint = start
            self.listView.pointerDown(at: start, modifiers: Self.modifiers(of: drag))
            if !Self.isTouch(drag) || self.listView.isDragSelecting || self.listView.isPressingReorderControl {
                gtk_gesture_set_state(drag.opaque, GTK_EVENT_SEQUENCE_CLAIMED)
            }
        }
        Signal.connectPoint(drag, "drag-update") { [weak self] dx, dy in
            guard let self, let point = self.dragPoint(dx, dy) else { return }
            self.listView.pointerDragged(to: point)
        }
        Signal.connectPoint(drag, "drag-end") { [weak self] dx, dy in
            guard let self, let point = self.dragPoint(dx, dy) else { return }
            self.listView.pointerUp(at: point)
            self.accessibleCursorMayHaveMoved()
        }
        Signal.connectPointer(drag, "cancel") { [weak self] _ in
            self?.listView.pointerCancelled()
        }
        gtk_widget_add_controller(drawingArea, drag)
        return drag.opaque
    }

    /// A double click outside edit mode activates the row (`didActivateRowAt`).
    private func installDoubleClick() -> OpaquePointer {
        let click = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(click.opaque, guint(GDK_BUTTON_PRIMARY))
        Signal.connectPressCount(click, "pressed") { [weak self] count, x, y in
            guard let self, count == 2, let point = self.tablePoint(Point(x: x, y: y)) else { return }
            self.listView.activateRow(atViewportPoint: point)
        }
        gtk_widget_add_controller(drawingArea, click)
        return click.opaque
    }

    /// A long press (touch, or holding the button) enters edit mode with the row selected.
    private func installLongPress() -> OpaquePointer {
        let press = gtk_gesture_long_press_new()!
        Signal.connectPoint(press, "pressed") { [weak self] x, y in
            guard let self else { return }
            // In edit mode a long press lifts a movable item (a grid's photo; dragging on moves
            // it); on anything else it is just a slow click: leave the press to the drag gesture.
            if self.listView.isEditing {
                if let point = self.tablePoint(Point(x: x, y: y)), self.listView.longPress(at: point) {
                    gtk_gesture_set_state(press.opaque, GTK_EVENT_SEQUENCE_CLAIMED)
                }
                return
            }
            // The press became a long press: end it first so its row does not stay highlighted.
            self.listView.pointerCancelled()
            if let point = self.tablePoint(Point(x: x, y: y)), self.listView.longPress(at: point) {
                gtk_gesture_set_state(press.opaque, GTK_EVENT_SEQUENCE_CLAIMED)
            }
        }
        gtk_widget_add_controller(drawingArea, press)
        return press.opaque
    }

    // MARK: Keyboard and focus

    /// Navigation and selection keys go to `handleKey`; anything it does not take
    /// (and anything with Alt or Super) propagates to the window's shortcuts.
    private func installKeyboard() {
        let keys = gtk_event_controller_key_new()!
        Signal.connectKey(keys, "key-pressed") { [weak self] keyval, _, state in
            guard let self else { return false }
            if let handled = self.handleMovementKey(keyval, state) { return handled }
            if self.handleColumnKey(keyval, state) { return true }
            if let handled = self.handleOutlineKey(keyval, state) { return handled }   // TableWidget+Outline
            let foreign = GDK_ALT_MASK.rawValue | GDK_SUPER_MASK.rawValue | GDK_META_MASK.rawValue
            guard state.rawValue & foreign == 0 else { return false }
            if self.handleContextMenuKey(keyval, modifiers: Self.modifiers(state)) { return true }
            guard let key = Self.tableKey(for: keyval, modifiers: Self.modifiers(state)) else { return false }
            let handled = self.listView.handleKey(key, modifiers: Self.modifiers(state))
            if handled { self.accessibleCursorMayHaveMoved() }
            return handled
        }
        gtk_widget_add_controller(drawingArea, keys)
    }

    /// Moving by hand (issue 23): Escape cancels a movement; Alt+arrows (Alt alone, no other
    /// modifier) move the focused row or item a place. Nil: not a movement key.
    private func handleMovementKey(_ keyval: guint, _ state: GdkModifierType) -> Bool? {
        let key = Int32(bitPattern: keyval)
        if key == GDK_KEY_Escape, listView.isMovingInteractively {
            listView.cancelInteractiveMovement()
            return true
        }
        let others = GDK_SHIFT_MASK.rawValue | GDK_CONTROL_MASK.rawValue | GDK_SUPER_MASK.rawValue | GDK_META_MASK.rawValue
        guard state.rawValue & GDK_ALT_MASK.rawValue != 0, state.rawValue & others == 0,
              [GDK_KEY_Up, GDK_KEY_KP_Up, GDK_KEY_Down, GDK_KEY_KP_Down, GDK_KEY_Left, GDK_KEY_KP_Left, GDK_KEY_Right, GDK_KEY_KP_Right].contains(key),
              let arrow = Self.tableKey(for: keyval) else { return nil }
        let handled = listView.handleKey(arrow, modifiers: .alt)
        if handled {
            if let moved = listView.focusedIndexPath { accessibleRows.focusedRowMoved(to: moved) }
            accessibleCursorMayHaveMoved()
        }
        return handled
    }

    private func installFocus() {
        let focus = gtk_event_controller_focus_new()!
        Signal.connect(focus, "enter") { [weak self] in
            guard let self else { return }
            // Show the ring when focus arrived by keyboard (GTK's focus-visible), not by a click.
            let root = gtk_widget_get_root(self.drawingArea)
            let visible = root.map { $0.isA(gtk_window_get_type()) && gtk_window_get_focus_visible($0.cast(to: GtkWindow.self)) != 0 } ?? false
            self.listView.showsFocusRing = visible
        }
        Signal.connect(focus, "leave") { [weak self] in
            self?.listView.showsFocusRing = false
        }
        gtk_widget_add_controller(drawingArea, focus)
    }

    // MARK: Translation

    /// A widget point in the table's viewport coordinates.
    /// A widget point in the table's viewport coordinates; nil where no row can be hit.
    func tablePoint(_ p: Point) -> Point? { pointerTransform.map { $0(p) } ?? p }

    /// Where a drag that began on the table is now; off the table it stays at its last point.
    private func dragPoint(_ dx: Double, _ dy: Double) -> Point? {
        guard lastTablePoint != nil else { return nil }
        if let p = tablePoint(Point(x: dragStart.x + dx, y: dragStart.y + dy)) { lastTablePoint = p }
        return lastTablePoint
    }

    /// The engine key for a GDK keyval, or nil if the view does not handle it (GtkListView
    /// 4.8's map: Ctrl+/ selects all, Ctrl+Shift+A and Ctrl+\\ deselect all; Ctrl+A is the
    /// window's select-all action).
    static func tableKey(for keyval: guint, modifiers: InputModifiers = []) -> TableKey? {
        switch Int32(bitPattern: keyval) {
        case GDK_KEY_a, GDK_KEY_A: modifiers == [.control, .shift] ? .deselectAll : nil
        case GDK_KEY_backslash: modifiers == [.control] ? .deselectAll : nil
        case GDK_KEY_slash, GDK_KEY_KP_Divide: modifiers == [.control] ? .selectAll : nil
        case GDK_KEY_Up, GDK_KEY_KP_Up: .up
        case GDK_KEY_Down, GDK_KEY_KP_Down: .down
        case GDK_KEY_Left, GDK_KEY_KP_Left: .left
        case GDK_KEY_Right, GDK_KEY_KP_Right: .right
        case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up: .pageUp
        case GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down: .pageDown
        case GDK_KEY_Home, GDK_KEY_KP_Home: .home
        case GDK_KEY_End, GDK_KEY_KP_End: .end
        case GDK_KEY_space, GDK_KEY_KP_Space: .space
        case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter: .enter
        case GDK_KEY_Delete, GDK_KEY_KP_Delete: modifiers.isEmpty ? .delete : nil
        default: nil
        }
    }

    static func modifiers(_ state: GdkModifierType) -> InputModifiers {
        var m: InputModifiers = []
        if state.rawValue & GDK_SHIFT_MASK.rawValue != 0 { m.insert(.shift) }
        if state.rawValue & GDK_CONTROL_MASK.rawValue != 0 { m.insert(.control) }
        return m
    }

    private static func modifiers(of controller: some GPointer) -> InputModifiers {
        modifiers(gtk_event_controller_get_current_event_state(controller.opaque))
    }

    private static func isTouch(_ controller: some GPointer) -> Bool {
        guard let device = gtk_event_controller_get_current_event_device(controller.opaque) else { return false }
        return gdk_device_get_source(device) == GDK_SOURCE_TOUCHSCREEN
    }
}
