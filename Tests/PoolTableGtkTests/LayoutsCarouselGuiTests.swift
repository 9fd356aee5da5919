import CGtk
@_spi(Hosting) import PoolTable
import PoolTableDemoKit
@testable import PoolTableApp
@_spi(Interop) @testable import PoolTableGtk
import Testing

/// The Layout Gallery's carousels (issue 38's orthogonal sections) in the app's real window,
/// scrolled sideways by real input through xdotool: a horizontal wheel (buttons 6/7, what a
/// touchpad's horizontal scroll also reaches through GtkEventControllerScroll) and Shift with
/// the vertical wheel (GNOME's sideways scroll). `POOLTABLE_SHOT_DIR=DIR` keeps screenshots.
/// Scrolls the Layout Gallery so section `section`'s header is `margin` points below the top
/// (or the list is at its end), and waits for the frame that shows it.
@MainActor
private func scrollToHeader(ofSection section: Int, margin: Double, view: CollectionView, widget: TableWidget) throws {
    /// Where the header puts the top now: a carousel above with estimated heights may be
    /// measured on the way, moving the header and, anchored, the offset with it.
    func target() throws -> Double {
        let header = try #require(view.layoutAttributesForSupplementaryElement(ofKind: CollectionView.elementKindSectionHeader,
                                                                              at: IndexPath(item: 0, section: section)))
        return min(max(0, view.contentSize.height - view.frame.height), header.frame.minY - margin)
    }
    gtk_adjustment_set_value(widget.verticalAdjustment, try target())
    GtkTestEnvironment.waitThenFrame(for: "the scroll to the carousels") { abs(view.contentOffset.y - ((try? target()) ?? .nan)) < 1 }
}

extension TableWidgetTests {
    typealias LayoutsSection = LayoutsController.Section

    @Test("Layouts carousels: a horizontal wheel pages the Paging carousel and it settles on a page; Shift+wheel moves Group paging by groups and the page does not scroll; a horizontal wheel swipes a list row where no carousel is")
    func layoutsCarouselsScrollSideways() throws {
        let gallery = try LayoutsGallery.open(realInput: true)
        let harness = gallery.harness
        defer { harness.close() }
        let widget = gallery.widget, view = gallery.view
        let title = harness.uniqueTitle()
        let point = harness.windowPoint(in: widget)
        let paging = LayoutsSection.paging.rawValue, groupPaging = LayoutsSection.groupPaging.rawValue

        // The Paging and Group paging carousels on screen.
        try scrollToHeader(ofSection: paging, margin: 20, view: view, widget: widget)
        let pageTop = view.contentOffset.y
        #expect(view.orthogonalContentOffset(forSection: paging) == 0)
        screenshot("layouts-carousels-before")

        /// Waits until the sideways scroll of `section` has ended and settled (no wheel held,
        /// no animation), its offset past 0.
        func settled(_ section: Int, _ what: String) {
            GtkTestEnvironment.waitThenFrame(for: what) {
                widget.sidewaysScroll == nil && !view.hasRunningAnimations && view.orthogonalContentOffset(forSection: section) > 0
            }
        }
        func centre(of ip: IndexPath) throws -> Point {
            let frame = try #require(view.layoutAttributesForItem(at: ip)).frame
            return Point(x: min(frame.midX, view.frame.width - 40), y: frame.midY - view.contentOffset.y)
        }

        // Paging: three clicks of a horizontal wheel to the right; released, it settles on a page.
        var wheel = XScript(title: title, windowPoint: point)
        wheel.move(to: try centre(of: IndexPath(item: 0, section: paging)))
        #expect(XDoTool.run(wheel.arguments + ["click", "--repeat", "3", "--delay", "40", "7"]) == 0, "xdotool ran")
        settled(paging, "the Paging carousel to settle")
        // A page is the view's width; the wheel's turn moved on one page from the first.
        let pageOffset = view.orthogonalContentOffset(forSection: paging)
        #expect(abs(pageOffset - view.frame.width) < 0.5, "settled on the second page's boundary (offset \(pageOffset), page \(view.frame.width))")
        #expect(view.contentOffset.y == pageTop, "the page did not scroll")
        screenshot("layouts-carousels-paged")

        // Group paging: Shift with the vertical wheel scrolls it sideways; it settles on a group.
        var shifted = XScript(title: title, windowPoint: point)
        shifted.move(to: try centre(of: IndexPath(item: 0, section: groupPaging)))
        #expect(XDoTool.run(shifted.arguments + ["keydown", "shift", "click", "--repeat", "2", "--delay", "40", "5", "keyup", "shift"]) == 0,
                "xdotool ran")
        settled(groupPaging, "the Group paging carousel to settle")
        // One card a group: the stride from one group to the next is the distance between two cards.
        let groupOffset = view.orthogonalContentOffset(forSection: groupPaging)
        let first = try #require(view.layoutAttributesForItem(at: IndexPath(item: 0, section: groupPaging))).frame
        let second = try #require(view.layoutAttributesForItem(at: IndexPath(item: 1, section: groupPaging))).frame
        let stride = second.minX - first.minX
        try #require(stride > 0)
        #expect(abs(groupOffset - stride) < 0.5, "settled one group on, its leading edge at the section's inset (offset \(groupOffset), group \(stride))")
        #expect(view.contentOffset.y == pageTop, "Shift+wheel did not scroll the page")
        #expect(view.orthogonalContentOffset(forSection: paging) == pageOffset, "the other carousel stayed")

        // Off the carousels a horizontal wheel still swipes: a settings row of the list configuration.
        let settings = LayoutsSection.settings.rawValue
        let rowFrame = try #require(view.layoutAttributesForItem(at: IndexPath(item: 1, section: settings))).frame
        gtk_adjustment_set_value(widget.verticalAdjustment, max(0, rowFrame.minY - 100))
        GtkTestEnvironment.waitThenFrame(for: "the scroll to the settings") { abs(view.contentOffset.y - max(0, rowFrame.minY - 100)) < 1 }
        var swipe = XScript(title: title, windowPoint: point)
        swipe.move(to: Point(x: rowFrame.midX, y: rowFrame.midY - view.contentOffset.y))
        #expect(XDoTool.run(swipe.arguments + ["click", "--repeat", "4", "--delay", "40", "7"]) == 0, "xdotool ran")
        GtkTestEnvironment.waitThenFrame(for: "the horizontal wheel to open the row") { view.hasOpenSwipe && !view.hasRunningAnimations }
        #expect(view.swipedIndexPath == IndexPath(item: 1, section: settings), "the row under the pointer opened")
    }
}

extension TableWidgetTests {
    @Test("Layouts carousels to assistive technology: each carousel is a LIST named after its header and described 'carousel', holding its items' LIST_ITEMs, each described by its place in the carousel; the view's own items do not count them")
    func layoutsCarouselsAreListsOfTheirOwn() throws {
        let gallery = try openAtPagingCarousel()
        let harness = gallery.harness
        defer { harness.close() }
        let widget = gallery.widget, view = gallery.view
        let paging = LayoutsSection.paging.rawValue

        func children(of parent: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
            var out: [UnsafeMutablePointer<GtkWidget>] = [], child = gtk_widget_get_first_child(parent)
            while let c = child {
                if gtk_widget_get_child_visible(c) != 0 { out.append(c) }
                child = gtk_widget_get_next_sibling(c)
            }
            return out
        }
        let lists = children(of: widget.drawingArea).filter { gtk_accessible_get_accessible_role($0.opaque) == GTK_ACCESSIBLE_ROLE_LIST }
        let names = lists.compactMap { widget.accessibleRows.spokenText(of: $0)?.label }
        // Every carousel on screen (and those with cards prepared above or below), in order.
        let titles = LayoutsSection.carousels.map { LayoutsController.headerTitle($0) }
        let shown = LayoutsSection.carousels.filter { section in view.indexPathsForVisibleItems.contains { $0.section == section.rawValue } }
        #expect(names == titles.filter(names.contains), "in the carousels' order: \(names)")
        #expect(Set(shown.map { LayoutsController.headerTitle($0) }).isSubset(of: names), "one list per carousel on screen, named after its header: \(names)")
        let pagingList = try #require(lists.first { widget.accessibleRows.spokenText(of: $0)?.label == LayoutsController.headerTitle(.paging) })
        #expect(widget.accessibleRows.spokenText(of: pagingList)?.description == "carousel")
        let items = children(of: pagingList)
        try #require(!items.isEmpty, "the Paging list holds its cards")
        for item in items {
            #expect(gtk_accessible_get_accessible_role(item.opaque) == GTK_ACCESSIBLE_ROLE_LIST_ITEM)
            let spoken = try #require(widget.accessibleRows.spokenText(of: item))
            let number = try #require(spoken.description.flatMap { $0.split(separator: " ").dropFirst().first.flatMap { Int($0) } })
            let item = try #require(view.layoutAttributesForItem(at: IndexPath(item: number - 1, section: paging)))
            #expect(spoken.description == "Item \(number) of 12, carousel", "a card says its place in its carousel")
            #expect(spoken.label == view.cellForItem(at: item.indexPath)?.accessibilityLabel, "and its colour")
        }
        // A language's own comma joins the clause (Chinese "，").
        widget.accessibleDescriptionClause = { "\($0)，\($1)" }
        let card = try #require(items.first)
        GtkTestEnvironment.waitThenFrame(for: "the cards to be described again") {
            widget.accessibleRows.spokenText(of: card)?.description?.hasSuffix(" of 12，carousel") == true
        }
        #expect(widget.accessibleRows.spokenText(of: card)?.description?.contains(", ") == false)
        widget.accessibleDescriptionClause = { "\($0), \($1)" }
        // The view's own list counts its own items only: 6 sidebar rows, 6 settings, 36 swatches, 12 mosaic tiles.
        let own = children(of: widget.drawingArea).filter { gtk_accessible_get_accessible_role($0.opaque) == GTK_ACCESSIBLE_ROLE_LIST_ITEM }
        let descriptions = own.compactMap { widget.accessibleRows.spokenText(of: $0)?.description }
        #expect(!descriptions.isEmpty && descriptions.allSatisfy { $0.hasSuffix(" of 60") }, "\(descriptions.prefix(3))")
    }
}

extension TableWidgetTests {
    @Test("Layouts carousels: a header the app hides (UIKit's isHidden) is not drawn and no longer names its carousel to assistive technology; shown again, it does")
    func layoutsHiddenHeaderNamesNoCarousel() throws {
        let gallery = try openAtPagingCarousel()
        let harness = gallery.harness
        defer { harness.close() }
        let widget = gallery.widget, view = gallery.view
        let paging = LayoutsSection.paging.rawValue
        let title = LayoutsController.headerTitle(.paging)
        var lists: [UnsafeMutablePointer<GtkWidget>] = []
        var child = gtk_widget_get_first_child(widget.drawingArea)
        while let c = child {
            if gtk_widget_get_child_visible(c) != 0, gtk_accessible_get_accessible_role(c.opaque) == GTK_ACCESSIBLE_ROLE_LIST { lists.append(c) }
            child = gtk_widget_get_next_sibling(c)
        }
        let pagingList = try #require(lists.first { widget.accessibleRows.spokenText(of: $0)?.label == title })
        /// The Paging carousel's accessible name ("" for none).
        func pagingName() -> String { widget.accessibleRows.spokenText(of: pagingList)?.label ?? "" }
        let header = try #require(view.supplementaryView(forElementKind: CollectionView.elementKindSectionHeader,
                                                         at: IndexPath(item: 0, section: paging)))
        header.isHidden = true
        GtkTestEnvironment.waitThenFrame(for: "the carousel to lose its hidden header's name") { pagingName().isEmpty }
        #expect(pagingName().isEmpty)
        let canvas = RecordingCanvas()
        view.render(in: canvas)
        #expect(!canvas.texts.contains { $0.0 == title }, "the hidden header is not drawn")
        header.isHidden = false
        GtkTestEnvironment.waitThenFrame(for: "the carousel to be named after its header again") { pagingName() == title }
        #expect(pagingName() == title)
        canvas.reset()
        view.render(in: canvas)
        #expect(canvas.texts.contains { $0.0 == title }, "shown again, the header is drawn")
    }
}

extension TableWidgetTests {
    @Test("Layouts carousels, touchpad: smooth horizontal deltas scroll the carousel under the pointer (as GtkScrolledWindow scales them), a vertical gesture is left to the scrolled window, and the fingers' release speed makes a continuous carousel glide on and a group-boundary one rest on a group's edge, on the frame clock")
    func layoutsCarouselsTouchpadKinetic() throws {
        let gallery = try LayoutsGallery.open()
        let harness = gallery.harness
        defer { harness.close() }
        let widget = gallery.widget, view = gallery.view
        let continuous = LayoutsSection.continuous.rawValue, boundary = LayoutsSection.continuousGroupLeadingBoundary.rawValue
        try scrollToHeader(ofSection: continuous, margin: 10, view: view, widget: widget)
        let top = view.contentOffset.y

        /// A touchpad gesture over `ip`'s card: smooth events of `dx` (and `dy`) points, then
        /// the fingers lift at `velocity` (what GTK's `decelerate` reports, already scaled).
        func gesture(over ip: IndexPath, dx: Double, dy: Double = 0, events: Int, velocity: Double) throws -> Bool {
            let frame = try #require(view.layoutAttributesForItem(at: ip)).frame
            widget.pointerPosition = Point(x: min(frame.midX, view.frame.width - 40), y: frame.midY - view.contentOffset.y)
            var used = false
            for _ in 0..<events { used = widget.sidewaysScroll(x: dx, y: dy, discrete: false, shifted: false) || used }
            widget.endSidewaysScroll(velocity: velocity)
            return used
        }
        // Mostly vertical: not ours; the scrolled window scrolls.
        #expect(try !gesture(over: IndexPath(item: 0, section: continuous), dx: 1, dy: 6, events: 4, velocity: 0))
        #expect(view.orthogonalContentOffset(forSection: continuous) == 0)

        // 10 × 8 touchpad pixels move the carousel 10 × 8 × 2.5, then it glides on.
        #expect(try gesture(over: IndexPath(item: 0, section: continuous), dx: 8, events: 10, velocity: 600))
        let moved = 10 * 8 * TableWidget.touchpadScrollFactor
        GtkTestEnvironment.waitThenFrame(for: "the continuous carousel to glide and stop") {
            !view.hasRunningAnimations && view.orthogonalContentOffset(forSection: continuous) > moved + 1
        }
        let glided = view.orthogonalContentOffset(forSection: continuous)
        #expect(glided > moved + 100, "it glided on past where the fingers left it (\(moved) → \(glided))")

        // The same on the group-boundary carousel rests on a group's leading edge.
        #expect(try gesture(over: IndexPath(item: 0, section: boundary), dx: 8, events: 10, velocity: 600))
        GtkTestEnvironment.waitThenFrame(for: "the group-boundary carousel to rest") {
            !view.hasRunningAnimations && view.orthogonalContentOffset(forSection: boundary) > 0
        }
        let first = try #require(view.layoutAttributesForItem(at: IndexPath(item: 0, section: boundary))).frame
        let third = try #require(view.layoutAttributesForItem(at: IndexPath(item: 2, section: boundary))).frame   // the next group's top card
        let stride = third.minX - first.minX
        let rest = view.orthogonalContentOffset(forSection: boundary)
        try #require(stride > 0)
        #expect(abs(rest / stride - (rest / stride).rounded()) < 0.001, "rests on a group's edge (offset \(rest), group \(stride))")
        #expect(view.contentOffset.y == top, "the page did not scroll")
    }
}

extension TableWidgetTests {
    /// The gallery open with the Paging carousel's header 20 points below the top, the
    /// accessible rows told the view moved (the window is closed again if that fails).
    func openAtPagingCarousel() throws -> LayoutsGallery {
        let gallery = try LayoutsGallery.open()
        do {
            try scrollToHeader(ofSection: LayoutsSection.paging.rawValue, margin: 20, view: gallery.view, widget: gallery.widget)
        } catch {
            gallery.harness.close()
            throw error
        }
        gallery.widget.accessibleCursorMayHaveMoved()
        return gallery
    }
}
