import CGtk

/// A row's actions (its swipe actions and context-menu entries) as AT-SPI actions on its
/// proxy. GTK 4.8's accessible API has no custom actions; its AT-SPI bridge gives a widget
/// that is not a button, entry, expander, switch or colour swatch the Action interface of
/// the widget's own action muxer: every enabled, parameterless action of the groups
/// inserted on the widget, named "prefix.action" (gtk/a11y/gtkatspiaction.c,
/// `widget_action_vtable`; DoAction is `gtk_widget_activate_action_variant`). So each row
/// tab stop's proxy (the focused row) gets a group `row` with one action per title:
/// "row.archive", "row.delete".
/// GTK 4.8 gives the same string as the name, the localized name and the description, and
/// GAction names are ASCII, so a title with no ASCII letter or digit (a translation) is
/// named by its place ("row.action-2").
extension AccessibleProxy {
    /// Exports `titles` as the proxy's actions (only when they changed); `perform` runs with
    /// the title of the action an assistive technology invoked.
    func setActions(_ titles: [String], perform: @escaping @MainActor (String) -> Void) {
        if titles.isEmpty { actionRow = nil }
        guard titles != actionTitles else { return }
        let group: UnsafeMutablePointer<GSimpleActionGroup>
        if let existing = actionGroup {
            group = existing
            for name in Self.actionNames(actionTitles) { g_action_map_remove_action(group.opaque, name) }
        } else {
            guard !titles.isEmpty else { return }
            group = g_simple_action_group_new()!
            gtk_widget_insert_action_group(widget, "row", group.opaque)
            g_object_unref(group.rawPointer)   // the widget keeps it
            actionGroup = group
        }
        actionTitles = titles
        for (name, title) in zip(Self.actionNames(titles), titles) {
            let action = g_simple_action_new(name, nil)!
            Signal.connectPointer(action, "activate") { _ in perform(title) }
            g_action_map_add_action(group.opaque, action.opaque)
            g_object_unref(action.rawPointer)
        }
    }

    /// GAction names for titles: "Mark as Read" → "mark-as-read"; unique, ASCII.
    static func actionNames(_ titles: [String]) -> [String] {
        var used = Set<String>()
        return titles.enumerated().map { i, title in
            var name = ""
            for scalar in title.lowercased().unicodeScalars {
                if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                    name.unicodeScalars.append(scalar)
                } else if !name.isEmpty && !name.hasSuffix("-") {
                    name += "-"
                }
            }
            while name.hasSuffix("-") { name.removeLast() }
            if name.isEmpty || used.contains(name) { name = "action-\(i + 1)" }
            used.insert(name)
            return name
        }
    }
}
