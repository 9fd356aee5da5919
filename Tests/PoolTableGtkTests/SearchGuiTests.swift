import CGtk
import Glibc
@_spi(Hosting) @_spi(Diagnostics) import PoolTable
@testable import PoolTableApp
@testable import PoolTableDemoKit
@_spi(Interop) @testable import PoolTableGtk
import Testing

/// Issue 35's search, in the app's real window with real keys (xdotool): Ctrl+F or typing
/// opens the search bar, the list narrows to the matches (counted independently here), the
/// count is in the subtitle and said to screen readers, "No Results Found" shows for none,
/// and Escape brings back the whole list with its scroll position, focused row and selection.
extension TableWidgetTests {
    /// Types `text` key by key (xdotool key names: letters, "space").
    private static func type(_ text: String, into script: inout XScript) {
        for c in text { script.key(c == " " ? "space" : String(c)) }
    }

    @Test("Inbox search: Ctrl+F and typing open it, the list narrows to the matches with the count said, none shows No Results, Escape restores position, focus and selection")
    func inboxSearchNarrowsAndEscapeRestores() throws {
        try #require(GtkTestEnvironment.start())
        try #require(XDoTool.isAvailable, "xdotool sends the real input (apt install xdotool)")
        let harness = try #require(AppHarness())
        defer { harness.close() }
        let window = harness.window, search = window.search
        let screen = try #require(window.screens.lazy.compactMap { $0 as? InboxScreen }.first)
        let widget = window.currentTable, table = widget.tableView
        try #require(table.dataSource === screen.controller, "the Inbox is shown")
        let total = screen.controller.mailCount
        try #require(total > 1000)
        let texts = screen.controller.searchTexts
        func expected(_ query: String) -> Int { texts.filter { $0.lowercased().contains(query.lowercased()) }.count }
        func rows() -> Int { (0..<table.numberOfSections).reduce(0) { $0 + table.numberOfRows(inSection: $1) } }

        // Scroll down and click a row: the position, focus and selection Escape must bring back.
        table.contentOffset = Point(x: 0, y: 4000)
        GtkTestEnvironment.waitForFrame()
        let title = harness.uniqueTitle()
        let point = harness.windowPoint(in: widget)
        let clicked = try #require(table.indexPathsForVisibleRows.dropFirst(2).first)
        let r = table.rectForRow(at: clicked)
        var click = XScript(title: title, windowPoint: point)
        click.click(at: Point(x: r.midX, y: r.midY - table.contentOffset.y))
        #expect(XDoTool.run(click.arguments) == 0, "xdotool ran")
        try #require(GtkTestEnvironment.iterate(timeout: 20) { table.focusedIndexPath == clicked }, "the click focused \(clicked)")
        let offset = table.contentOffset
        let selected = table.indexPathsForSelectedRows ?? []

        // Ctrl+F, then a word: the list narrows to exactly the messages holding it.
        let query = "meeting"
        let count = expected(query)
        try #require(count > 0 && count < total, "the word is in some messages, not all (\(count))")
        var find = XScript(title: title, windowPoint: point)
        find.key("ctrl+f")
        Self.type(query, into: &find)
        #expect(XDoTool.run(find.arguments) == 0)
        try #require(GtkTestEnvironment.iterate(timeout: 20) { search.resultCount == count && !search.isFiltering && rows() == count },
                     "\(count) results for \(query); shown \(String(describing: search.resultCount)), rows \(rows())")
        #expect(search.text == query)
        #expect(table.contentOffset.y == 0, "the results start at the top")
        let subtitle = trn("{count} result", "{count} results", count: count)
        #expect(window.subtitleText == subtitle)
        try #require(GtkTestEnvironment.iterate(timeout: 5) { search.lastAnnouncement?.text == subtitle })
        #expect(search.lastAnnouncement?.toEntry == true, "said with the search entry, which has the focus")
        #expect(!screen.controller.canDeleteSelection && !screen.controller.canUndo, "no deleting among results")
        GtkTestEnvironment.waitForFrame()
        saveScreenshot(try #require(widget.snapshotToImage()), "search-inbox-results.png")

        // More letters: nothing matches; the status page says so.
        var none = XScript(title: title, windowPoint: point)
        Self.type("zzq", into: &none)
        #expect(XDoTool.run(none.arguments) == 0)
        try #require(GtkTestEnvironment.iterate(timeout: 20) { search.resultCount == 0 && !search.isFiltering },
                     "no results for \(search.text)")
        #expect(rows() == 0)
        #expect(gtk_widget_get_visible(search.noResults) != 0, "No Results Found shows")
        #expect(search.lastAnnouncement?.text == trn("{count} result", "{count} results", count: 0))

        // Escape: the whole inbox, where it was, the same row focused and selected.
        var escape = XScript(title: title, windowPoint: point)
        escape.key("Escape")
        #expect(XDoTool.run(escape.arguments) == 0)
        try #require(GtkTestEnvironment.iterate(timeout: 20) { !search.isActive }, "Escape closed the search")
        GtkTestEnvironment.waitForFrame()
        #expect(rows() == total)
        #expect(gtk_widget_get_visible(search.noResults) == 0)
        #expect(table.contentOffset == offset, "scrolled back to \(offset), at \(table.contentOffset)")
        #expect(table.focusedIndexPath == clicked)
        #expect((table.indexPathsForSelectedRows ?? []) == selected)
        #expect(window.subtitleText == screen.subtitle)
        let focus = gtk_widget_get_root(widget.widget).flatMap { gtk_root_get_focus($0) }
        #expect(focus.map { $0 == widget.widget || gtk_widget_is_ancestor($0, widget.widget) != 0 } == true, "the list has the keyboard focus again")

        // Typing into the list opens the search with what was typed.
        let word = "week"
        let weekCount = expected(word)
        try #require(weekCount > 0)
        var typing = XScript(title: title, windowPoint: point)
        Self.type(word, into: &typing)
        #expect(XDoTool.run(typing.arguments) == 0)
        try #require(GtkTestEnvironment.iterate(timeout: 20) { search.isActive && search.resultCount == weekCount && !search.isFiltering },
                     "typing opened the search: \(search.text), \(String(describing: search.resultCount)) of \(weekCount)")
        #expect(search.text == word)
        var escape2 = XScript(title: title, windowPoint: point)
        escape2.key("Escape")
        #expect(XDoTool.run(escape2.arguments) == 0)
        try #require(GtkTestEnvironment.iterate(timeout: 20) { !search.isActive })
        GtkTestEnvironment.waitForFrame()
        #expect(rows() == total && table.contentOffset == offset && table.focusedIndexPath == clicked)
    }

    @Test("Files search: the matches show inside their expanded folders; Escape brings back the outline with its folders as they were")
    func filesSearchNarrowsAndEscapeRestores() throws {
        try #require(GtkTestEnvironment.start())
        try #require(XDoTool.isAvailable, "xdotool sends the real input (apt install xdotool)")
        let filesApp = try FilesApp()
        defer { filesApp.close() }
        let harness = filesApp.harness, screen = filesApp.screen
        let window = harness.window, search = window.search
        let controller = screen.controller
        let widget = window.currentTable, table = widget.tableView
        try #require(table.dataSource === controller.dataSource, "the Files screen is shown")
        try #require(GtkTestEnvironment.iterate(timeout: 10) { controller.tree.loadState(of: FileTree.root) == .loaded && table.numberOfRows(inSection: 0) == 43 })
        let names = { (0..<table.numberOfRows(inSection: 0)).map { ip -> String in
            controller.node(at: IndexPath(row: ip, section: 0)).map { controller.tree.name(of: $0) } ?? "·"
        } }
        // beta expanded (its one file listed), alpha listed but collapsed.
        let alpha = try #require(controller.tree.children(of: FileTree.root)?.first)
        let beta = try #require(controller.tree.children(of: FileTree.root)?.dropFirst().first)
        _ = table.expandRow(at: try #require(controller.indexPath(of: alpha)))
        try #require(GtkTestEnvironment.iterate(timeout: 10) { table.numberOfRows(inSection: 0) == 43 + 30 })
        GtkTestEnvironment.waitForFrame()
        #expect(table.collapseRow(at: try #require(controller.indexPath(of: alpha))))
        try #require(GtkTestEnvironment.iterate(timeout: 10) { table.numberOfRows(inSection: 0) == 43 })
        #expect(table.expandRow(at: try #require(controller.indexPath(of: beta))))
        try #require(GtkTestEnvironment.iterate(timeout: 10) {
            controller.tree.loadState(of: beta) == .loaded && table.numberOfRows(inSection: 0) == 43 + 1
        }, "beta expanded: \(names())")
        let before = names()
        let title = harness.uniqueTitle()
        let point = harness.windowPoint(in: widget)

        // "inner 2": inner 2.txt and inner 20 to 29 in alpha, shown under alpha, expanded.
        var find = XScript(title: title, windowPoint: point)
        find.focusWindow()
        find.key("ctrl+f")
        Self.type("inner 2", into: &find)
        #expect(XDoTool.run(find.arguments) == 0)
        try #require(GtkTestEnvironment.iterate(timeout: 20) { search.resultCount == 11 && !search.isFiltering && table.numberOfRows(inSection: 0) == 12 },
                     "11 results; rows \(names())")
        #expect(names().first == "alpha")
        #expect(Set(names().dropFirst()) == Set(["inner 2.txt"] + (20...29).map { "inner \($0).txt" }))
        #expect(table.isRowExpanded(at: IndexPath(row: 0, section: 0)))
        GtkTestEnvironment.waitForFrame()
        saveScreenshot(try #require(widget.snapshotToImage()), "search-files-results.png")

        var escape = XScript(title: title, windowPoint: point)
        escape.key("Escape")
        #expect(XDoTool.run(escape.arguments) == 0)
        try #require(GtkTestEnvironment.iterate(timeout: 20) { !search.isActive })
        GtkTestEnvironment.waitForFrame()
        #expect(names() == before, "alpha collapsed and beta expanded again")
    }

    @Test("Photos search: the texts are made on a worker, the grid narrows to the matching photos in their months, Escape brings back all 100,000 where they were")
    func photosSearchNarrowsAndEscapeRestores() throws {
        try #require(GtkTestEnvironment.start())
        try #require(XDoTool.isAvailable, "xdotool sends the real input (apt install xdotool)")
        let harness = try #require(AppHarness())
        defer { harness.close() }
        let window = harness.window, search = window.search
        window.show(screen: "photos")
        let screen = try #require(window.screens.lazy.compactMap { $0 as? PhotosScreen }.first)
        let widget = window.currentTable, grid = try #require(widget.collectionView)
        GtkTestEnvironment.waitForFrame()
        let total = screen.controller.library.count
        let word = "dusk"
        let expected = screen.controller.searchTexts.filter { $0.lowercased().contains(word) }.count
        try #require(expected > 0 && expected < total, "\(expected) of \(total) photos say \(word)")
        grid.contentOffset = Point(x: 0, y: 30_000)
        GtkTestEnvironment.waitForFrame()
        let offset = grid.contentOffset
        func items() -> Int { (0..<grid.numberOfSections).reduce(0) { $0 + grid.numberOfItems(inSection: $1) } }

        let title = harness.uniqueTitle()
        var find = XScript(title: title, windowPoint: harness.windowPoint(in: widget))
        find.key("ctrl+f")
        Self.type(word, into: &find)
        #expect(XDoTool.run(find.arguments) == 0)
        try #require(GtkTestEnvironment.iterate(timeout: 30) { search.resultCount == expected && !search.isFiltering && items() == expected },
                     "\(expected) photos; shown \(String(describing: search.resultCount)), items \(items())")
        #expect(screen.controller.isFiltered && !screen.controller.canDeleteSelection)
        GtkTestEnvironment.waitForFrame()
        saveScreenshot(try #require(widget.snapshotToImage()), "search-photos-results.png")

        var escape = XScript(title: title, windowPoint: harness.windowPoint(in: widget))
        escape.key("Escape")
        #expect(XDoTool.run(escape.arguments) == 0)
        try #require(GtkTestEnvironment.iterate(timeout: 20) { !search.isActive })
        GtkTestEnvironment.waitForFrame()
        #expect(items() == total && !screen.controller.isFiltered)
        #expect(grid.contentOffset == offset)
    }
}
