import CGtk
@_spi(Hosting) import PoolTable
import PoolTableDemoKit
@testable import PoolTableApp
@_spi(Interop) @testable import PoolTableGtk
import Testing

/// The Layout Gallery's settings list reordered by its rows' grips (issue 38, rule 5: the
/// list cell's reorder accessory, through interactive movement) in the app's real window:
/// Edit shows the grips, a real xdotool drag on a row's grip lifts it, the rows below glide
/// up, and the release reorders the diffable data source's snapshot.
/// `POOLTABLE_SHOT_DIR=DIR` keeps screenshots (mid-drag and after).
extension TableWidgetTests {
    @Test("Layouts: in edit mode a real drag on a settings row's grip moves the row two places down; the snapshot follows; a drag on the row's text does not move it")
    func layoutsSettingsReorderByGrip() throws {
        let gallery = try LayoutsGallery.open(realInput: true)
        let harness = gallery.harness
        defer { harness.close() }
        let screen = gallery.screen, widget = gallery.widget, view = gallery.view
        let dataSource = try #require(screen.controller.dataSource)
        let title = harness.uniqueTitle()
        let point = harness.windowPoint(in: widget)
        let settings = LayoutsController.Section.settings.rawValue
        let original = dataSource.snapshot().itemIdentifiers(inSection: .settings)
        try #require(original.count >= 4)

        // The settings list on screen, then Edit (the window's action, as its button does).
        let header = try #require(view.layoutAttributesForSupplementaryElement(ofKind: CollectionView.elementKindSectionHeader,
                                                                              at: IndexPath(item: 0, section: settings)))
        let target = min(max(0, view.contentSize.height - view.frame.height), header.frame.minY - 20)
        gtk_adjustment_set_value(widget.verticalAdjustment, target)
        GtkTestEnvironment.waitThenFrame(for: "the scroll to Settings") { abs(view.contentOffset.y - target) < 1 }
        harness.activate("edit")
        GtkTestEnvironment.waitThenFrame(for: "edit mode on, the grips shown") { view.isEditing && !view.hasRunningAnimations }
        try #require(view.isEditing)
        let first = IndexPath(item: 0, section: settings)
        let cell = try #require(view.cellForItem(at: first) as? CollectionViewListCell)
        #expect(cell.isEditing && cell.accessories.contains { $0.kind == .reorder })
        screenshot("layouts-reorder-editing")

        func rowY(_ item: Int) -> Double { view.rectForItem(at: IndexPath(item: item, section: settings)).midY - view.contentOffset.y }
        let row0 = view.rectForItem(at: first)
        let pitch = view.rectForItem(at: IndexPath(item: 1, section: settings)).minY - row0.minY
        // The grip: the trailing accessory, 32 points inside an 8-point margin.
        let gripX = row0.maxX - 8 - 16

        // Press the first row's grip and drag it two rows down, held a little above the third
        // slot (the lifted row shows off its place); the rows it passed glide up.
        var lift = XScript(title: title, windowPoint: point)
        lift.press(at: Point(x: gripX, y: rowY(0)))
        lift.move(to: Point(x: gripX, y: rowY(0) + 12))
        lift.move(to: Point(x: gripX, y: rowY(0) + pitch))
        lift.move(to: Point(x: gripX, y: rowY(0) + 2 * pitch - 14))
        #expect(XDoTool.run(lift.arguments) == 0, "xdotool ran")
        try #require(GtkTestEnvironment.iterate(timeout: 20) { view.isMovingInteractively }, "the grip drag lifted the row")
        GtkTestEnvironment.waitThenFrame(for: "the rows to make room") {
            view.interactiveMovementDestination == IndexPath(item: 2, section: settings) && !view.hasRunningAnimations
        }
        #expect(view.interactiveMovementSource == first)
        #expect(view.interactiveMovementDestination == IndexPath(item: 2, section: settings))
        screenshot("layouts-reorder-mid-drag")

        var release = XScript(title: title, windowPoint: point)
        release.release()
        #expect(XDoTool.run(release.arguments) == 0, "xdotool ran")
        GtkTestEnvironment.waitThenFrame(for: "the drop and its glide") { !view.isMovingInteractively && !view.hasRunningAnimations }
        let after = dataSource.snapshot().itemIdentifiers(inSection: .settings)
        #expect(after == [original[1], original[2], original[0]] + original[3...], "\(after.map(\.title))")
        // The list shows the new order: each settings cell shows its snapshot item's title.
        for (k, item) in after.enumerated() {
            guard let shown = view.cellForItem(at: IndexPath(item: k, section: settings)) as? CollectionViewListCell else { continue }
            #expect(shown.contentConfiguration?.text == item.title, "row \(k)")
        }
        screenshot("layouts-reorder-after")
        // A drag on a row's text is not a move (in edit mode it selects across the rows).
        var text = XScript(title: title, windowPoint: point)
        text.press(at: Point(x: row0.minX + 80, y: rowY(0)))
        text.move(to: Point(x: row0.minX + 80, y: rowY(0) + 20))
        text.move(to: Point(x: row0.minX + 80, y: rowY(0) + 2 * pitch))
        #expect(XDoTool.run(text.arguments) == 0, "xdotool ran")
        GtkTestEnvironment.waitForFrame()
        #expect(!view.isMovingInteractively, "a drag off the grip does not lift the row")
        var letGo = XScript(title: title, windowPoint: point)
        letGo.release()
        #expect(XDoTool.run(letGo.arguments) == 0)
        GtkTestEnvironment.waitThenFrame(for: "the text drag's release") { !view.hasRunningAnimations }
        #expect(dataSource.snapshot().itemIdentifiers(inSection: .settings) == after, "the order stays")

        harness.activate("edit")
        GtkTestEnvironment.waitThenFrame(for: "edit mode off") { !view.isEditing && !view.hasRunningAnimations }
    }

    @Test("Layouts: Alt+Down (real keys) moves the focused settings row a place through the reordering handlers; the focus and what a screen reader hears follow")
    func layoutsSettingsAltDown() throws {
        let gallery = try LayoutsGallery.open(realInput: true)
        let harness = gallery.harness
        defer { harness.close() }
        let screen = gallery.screen, widget = gallery.widget, view = gallery.view
        let dataSource = try #require(screen.controller.dataSource)
        let settings = LayoutsController.Section.settings.rawValue
        let original = dataSource.snapshot().itemIdentifiers(inSection: .settings)
        try #require(original.count >= 3)
        var changes = 0
        screen.controller.onChange = { changes += 1 }
        widget.grabFocus()
        view.setFocusedIndexPath(IndexPath(item: 0, section: settings))
        GtkTestEnvironment.waitForFrame()
        let root = try #require(gtk_widget_get_root(widget.drawingArea))
        let focusedBefore = try #require(gtk_root_get_focus(root))
        let spokenBefore = try #require(widget.accessibleRows.spokenText(of: focusedBefore))
        try #require(spokenBefore.label?.contains(original[0].title) == true)
        // "Item 7 of 60" before: "Item 8 of 60" after.
        let number = try #require(spokenBefore.description?.split(separator: " ").dropFirst().first.flatMap { Int($0) })
        var keys = XScript(title: harness.uniqueTitle(), windowPoint: harness.windowPoint(in: widget))
        keys.focusWindow()
        keys.key("alt+Down")
        #expect(XDoTool.run(keys.arguments) == 0, "xdotool ran")
        let moved = [original[1], original[0]] + original[2...]
        GtkTestEnvironment.waitThenFrame(for: "Alt+Down to move the row") {
            dataSource.snapshot().itemIdentifiers(inSection: .settings) == moved && !view.hasRunningAnimations
        }
        // The screen was told (the reorder; the keys' selection change tells it too).
        #expect(changes >= 1)
        #expect(view.focusedIndexPath == IndexPath(item: 1, section: settings), "the focus followed the row")
        // What a screen reader hears from the focused proxy: the moved row, through a focus
        // change to a fresh proxy (Orca 43 ignores a focused list item's name changes and read
        // only "Item 8 of 60" while the row stayed on the proxy that had the focus).
        GtkTestEnvironment.waitThenFrame(for: "the focus on the moved row's fresh proxy") { gtk_root_get_focus(root) != focusedBefore }
        let focused = try #require(gtk_root_get_focus(root))
        #expect(focused != focusedBefore, "the focus moved to another proxy")
        let spoken = try #require(widget.accessibleRows.spokenText(of: focused))
        #expect(spoken.label?.contains(original[0].title) == true, "\(spoken)")
        #expect(spoken.description?.hasPrefix("Item \(number + 1) of ") == true, "\(spoken)")
    }

    @Test("Layouts: in edit mode a real drag on the sidebar's Mail grip moves Mail, expanded, below Music; its folders follow it and stay indented")
    func layoutsSidebarOutlineReorderByGrip() throws {
        let gallery = try LayoutsGallery.open(realInput: true)
        let harness = gallery.harness
        defer { harness.close() }
        let screen = gallery.screen, widget = gallery.widget, view = gallery.view
        let dataSource = try #require(screen.controller.dataSource)
        let title = harness.uniqueTitle()
        let point = harness.windowPoint(in: widget)
        let sidebar = LayoutsController.Section.sidebar.rawValue
        let outline = dataSource.snapshot(for: .sidebar)
        let roots = outline.children(of: nil)
        try #require(roots.count == 3 && outline.isExpanded(roots[0]))
        let mail = roots[0], folders = outline.children(of: mail)

        gtk_adjustment_set_value(widget.verticalAdjustment, 0)
        harness.activate("edit")
        GtkTestEnvironment.waitThenFrame(for: "edit mode on, the grips shown") { view.isEditing && !view.hasRunningAnimations && view.contentOffset.y < 1 }
        let first = IndexPath(item: 0, section: sidebar)
        let cell = try #require(view.cellForItem(at: first) as? CollectionViewListCell)
        #expect(cell.isEditing && cell.accessories.first?.kind == .reorder, "the grip is the trailing accessory")
        let last = view.numberOfItems(inSection: sidebar) - 1
        #expect(dataSource.itemIdentifier(for: IndexPath(item: last, section: sidebar)) == roots[2], "Music is the last row")

        func rowY(_ item: Int) -> Double { view.rectForItem(at: IndexPath(item: item, section: sidebar)).midY - view.contentOffset.y }
        let row0 = view.rectForItem(at: first)
        let gripX = row0.maxX - 8 - 16
        var lift = XScript(title: title, windowPoint: point)
        lift.press(at: Point(x: gripX, y: rowY(0)))
        lift.move(to: Point(x: gripX, y: rowY(0) + 12))
        lift.move(to: Point(x: gripX, y: (rowY(0) + rowY(last)) / 2))
        lift.move(to: Point(x: gripX, y: rowY(last) - 10))
        #expect(XDoTool.run(lift.arguments) == 0, "xdotool ran")
        try #require(GtkTestEnvironment.iterate(timeout: 20) { view.isMovingInteractively }, "the grip drag lifted Mail")
        GtkTestEnvironment.waitThenFrame(for: "the rows to make room") {
            view.interactiveMovementDestination == IndexPath(item: last, section: sidebar) && !view.hasRunningAnimations
        }
        #expect(view.interactiveMovementDestination == IndexPath(item: last, section: sidebar))
        screenshot("layouts-sidebar-reorder-mid-drag")

        var release = XScript(title: title, windowPoint: point)
        release.release()
        #expect(XDoTool.run(release.arguments) == 0, "xdotool ran")
        GtkTestEnvironment.waitThenFrame(for: "the drop, and the folders following Mail") {
            !view.isMovingInteractively && !view.hasRunningAnimations && dataSource.snapshot(for: .sidebar).children(of: nil).last == mail
        }
        let after = dataSource.snapshot(for: .sidebar)
        #expect(after.children(of: nil) == [roots[1], roots[2], mail])
        #expect(after.children(of: mail) == folders && after.isExpanded(mail), "Mail keeps its folders, expanded")
        let rows = dataSource.snapshot().itemIdentifiers(inSection: .sidebar)
        #expect(rows == after.visibleItems)
        #expect(Array(rows.suffix(folders.count + 1)) == [mail] + folders, "\(rows.map(\.title))")
        // The folders are still drawn indented below Mail.
        let mailRow = try #require(view.cellForItem(at: IndexPath(item: rows.count - folders.count - 1, section: sidebar)) as? CollectionViewListCell)
        let folderRow = try #require(view.cellForItem(at: IndexPath(item: rows.count - 1, section: sidebar)) as? CollectionViewListCell)
        #expect(mailRow.contentConfiguration?.text == mail.title && mailRow.indentationLevel == 0)
        #expect(folderRow.contentConfiguration?.text == folders.last?.title && folderRow.indentationLevel == 1)
        screenshot("layouts-sidebar-reorder-after")

        harness.activate("edit")
        GtkTestEnvironment.waitThenFrame(for: "edit mode off") { !view.isEditing && !view.hasRunningAnimations }
    }
}
