import CGtk
import PoolTable
import PoolTableDemoKit
@testable import PoolTableApp
@_spi(Interop) @testable import PoolTableGtk
import Testing

/// The Layouts screen (issue 38) in the app's real window, driven by xdotool: the screen
/// opens on its compositional layout, a click on a sidebar row's outline disclosure expands
/// it through the section snapshot, and a drag across a settings row opens the list
/// configuration's swipe actions. `POOLTABLE_SHOT_DIR=DIR` keeps screenshots.
extension TableWidgetTests {
    @Test("Layouts: the screen opens on a compositional layout; a real click on a sidebar disclosure expands the row; a real drag across a list row opens its swipe actions")
    func layoutsScreenDisclosureAndSwipe() throws {
        let gallery = try LayoutsGallery.open(realInput: true)
        let harness = gallery.harness
        defer { harness.close() }
        let screen = gallery.screen, widget = gallery.widget, view = gallery.view
        #expect(view.collectionViewLayout is CollectionViewCompositionalLayout)
        #expect(harness.window.subtitleText == tr("Layout Gallery"))
        let controller = screen.controller
        let dataSource = try #require(controller.dataSource)
        #expect(view.numberOfSections == LayoutsController.Section.allCases.count)
        #expect(view.visibleSupplementaryViews(ofKind: CollectionView.elementKindSectionHeader).count >= 2, "the sidebar's and the settings' headers show")
        let title = harness.uniqueTitle()
        let point = harness.windowPoint(in: widget)
        screenshot("layouts-open")

        // The sidebar: "Photos" starts collapsed; a click on its chevron expands it.
        let outline = dataSource.snapshot(for: .sidebar)
        let photos = try #require(outline.items.first { $0.title == tr("Photos") })
        #expect(!outline.isExpanded(photos))
        let sidebarBefore = view.numberOfItems(inSection: 0)
        let photosPath = try #require(dataSource.indexPath(for: photos))
        let cell = try #require(view.cellForItem(at: photosPath))
        let chevron = try #require(cell.hitTargets.first { $0.name == CollectionViewListCell.outlineDisclosureTarget })
        let frame = view.rectForItem(at: photosPath)
        var click = XScript(title: title, windowPoint: point)
        click.click(at: Point(x: frame.minX + chevron.rect.midX, y: frame.minY + chevron.rect.midY - view.contentOffset.y))
        #expect(XDoTool.run(click.arguments) == 0, "xdotool ran")
        try #require(GtkTestEnvironment.iterate(timeout: 20) { dataSource.snapshot(for: .sidebar).isExpanded(photos) },
                     "Photos expanded by the click")
        GtkTestEnvironment.waitThenFrame(for: "the children shown") { view.numberOfItems(inSection: 0) == sidebarBefore + 3 }
        #expect(view.numberOfItems(inSection: 0) == sidebarBefore + 3, "Recent, Favourites and Albums appear under Photos")

        // The settings list: a drag from right to left across "Bluetooth" opens Delete and Flag.
        let bluetooth = try #require(dataSource.snapshot().itemIdentifiers(inSection: .settings).first { $0.title == tr("Bluetooth") })
        let bluetoothPath = try #require(dataSource.indexPath(for: bluetooth))
        // Scroll it on screen if the expanded sidebar pushed it down.
        let row = view.rectForItem(at: bluetoothPath)
        if row.maxY > view.contentOffset.y + view.frame.height - 20 {
            gtk_adjustment_set_value(widget.verticalAdjustment, row.minY - 100)
            GtkTestEnvironment.waitThenFrame(for: "the scroll to Bluetooth") { view.contentOffset.y > 0 }
        }
        func rowPoint(x: Double) -> Point { Point(x: x, y: row.midY - view.contentOffset.y) }
        var drag = XScript(title: title, windowPoint: point)
        drag.press(at: rowPoint(x: row.maxX - 60))
        for x in stride(from: row.maxX - 80, through: row.maxX - 260, by: -20) { drag.move(to: rowPoint(x: x)) }
        drag.release()
        #expect(XDoTool.run(drag.arguments) == 0, "xdotool ran")
        GtkTestEnvironment.waitThenFrame(for: "the drag to open the swipe") { view.hasOpenSwipe && view.swipeOffset == -2 * ListBase.swipeActionWidth }
        #expect(view.swipedIndexPath == bluetoothPath)
        #expect(view.revealedSwipeActions.map(\.title) == [tr("Delete"), tr("Flag")], "the list configuration's trailing actions")
        screenshot("layouts-swiped")

        // A click on Flag (the second button from the trailing edge) flags the row.
        var flag = XScript(title: title, windowPoint: point)
        flag.click(at: rowPoint(x: row.maxX - ListBase.swipeActionWidth * 1.5))
        #expect(XDoTool.run(flag.arguments) == 0, "xdotool ran")
        try #require(GtkTestEnvironment.iterate(timeout: 20) { controller.flagged.contains(bluetooth) }, "Flag performed by the click")
        GtkTestEnvironment.waitThenFrame(for: "the swipe closed") { !view.hasOpenSwipe }
        #expect(!view.hasOpenSwipe)

        // The swatch grid: its pinned header stays at the top while the grid scrolls under it.
        let swatches = LayoutsController.Section.swatches.rawValue
        let firstSwatch = try #require(view.layoutAttributesForItem(at: IndexPath(item: 0, section: swatches)))
        let target = min(max(0, view.contentSize.height - view.frame.height), firstSwatch.frame.minY + 150)
        gtk_adjustment_set_value(widget.verticalAdjustment, target)
        GtkTestEnvironment.waitThenFrame(for: "the scroll into the grid") { abs(view.contentOffset.y - target) < 1 }
        try #require(firstSwatch.frame.minY < view.contentOffset.y, "the first row of swatches has scrolled under the top edge")
        let header = try #require(view.supplementaryView(forElementKind: CollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: swatches)))
        #expect(abs(header.frame.minY - view.contentOffset.y) < 1, "the header is pinned to the top while its grid scrolls under it")
        let attributes = view.layoutAttributesForSupplementaryElement(ofKind: CollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: swatches))
        #expect(attributes?.frame == header.frame, "the layout attributes give the pinned frame")
        #expect(view.visibleSupplementaryViews(ofKind: CountBadgeView.elementKind).count > 0, "badges show on the swatches")
        screenshot("layouts-grid")

        // At the grid's end the next section's header pushes it up (drawn in the scrolled
        // content then, not apart: the same place as the layout says).
        let next = try #require(view.layoutAttributesForSupplementaryElement(ofKind: CollectionView.elementKindSectionHeader,
                                                                             at: IndexPath(item: 0, section: swatches + 1)))
        let pushed = next.frame.minY - header.frame.height / 2
        gtk_adjustment_set_value(widget.verticalAdjustment, pushed)
        GtkTestEnvironment.waitThenFrame(for: "the scroll to the grid's end") { abs(view.contentOffset.y - pushed) < 1 }
        let held = try #require(view.supplementaryView(forElementKind: CollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: swatches)))
        #expect(abs(held.frame.maxY - next.frame.minY) < 1, "the header is pushed up by the next section's: \(held.frame) \(next.frame) \(view.contentOffset.y)")
        screenshot("layouts-grid-pushed")
    }
}
