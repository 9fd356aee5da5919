import CGtk
import Glibc
import PoolTable
@testable import PoolTableApp
@_spi(Interop) @testable import PoolTableGtk
import Testing

/// Issue 26's acceptance at the limit: the app's real window on the huge list with exactly
/// `LaunchOptions.maximumRows` rows (`--rows 1466015503701`), driven with real keys
/// (xdotool): End shows the last row with the separator above it, in GTK's pixels; Home
/// comes back to row 0; Page Down and Page Up move by a page. (The first count beyond is
/// refused on the command line: `LaunchOptionsTests`, and scripts/e2e-gui.sh runs the binary.)
extension TableWidgetTests {
    @Test("The app at the maximum row count: End shows the last row and its separator (pixels), Home, Page Down and Page Up")
    func appAtTheMaximumRowCount() throws {
        try GtkTestEnvironment.require(realInput: true)
        let max = LaunchOptions.maximumRows
        let harness = try #require(AppHarness(options: LaunchOptions(rows: max)))
        defer { harness.close() }
        let widget = harness.window.currentTable
        let table = widget.tableView
        #expect(table.numberOfRows(inSection: 0) == max, "every row is laid out, none clamped")
        #expect(table.contentSize.height == Double(max) * HugeListScreen.rowHeight)

        GuiTestCounter.next += 1
        let title = "PoolTable max rows \(getpid())-\(GuiTestCounter.next)"
        gtk_window_set_title(harness.window.window.cast(to: GtkWindow.self), title)
        GtkTestEnvironment.waitForFrame()
        func press(_ key: String, until done: @escaping () -> Bool) -> Bool {
            var script = XScript(title: title, windowPoint: { _ in (0, 0) })
            script.focusWindow()
            script.key(key)
            let status = XDoTool.run(script.arguments)
            return status == 0 && GtkTestEnvironment.iterate(timeout: 20) { done() && !table.hasRunningAnimations }
        }
        let top = try #require(widget.snapshotToImage())
        let height = table.frame.height
        #expect(table.indexPathsForVisibleRows.first == IndexPath(row: 0, section: 0))

        // End: the last row sits on the bottom edge, exactly.
        let last = IndexPath(row: max - 1, section: 0)
        #expect(press("End") { table.indexPathsForVisibleRows.last == last }, "End reached row \(max - 1)")
        GtkTestEnvironment.waitForFrame()
        #expect(table.contentOffset.y == table.contentSize.height - height)
        let lastRect = table.rectForRow(at: last)
        #expect(lastRect.maxY - table.contentOffset.y == height)
        let canvas = RecordingCanvas(theme: widget.theme)
        table.render(in: canvas)
        let label = "Row \(max - 1)"
        let text = try #require(canvas.texts.first { $0.0 == label }, "\(label) is drawn")
        #expect(text.1.minY >= height - HugeListScreen.rowHeight && text.1.maxY <= height)
        // The separator between the last two rows is drawn where the last row starts ...
        let separators = canvas.filledRects(color: canvas.theme.separator)
        let lineTop = height - HugeListScreen.rowHeight
        let line = try #require(separators.first { abs($0.maxY - lineTop) <= 1 || abs($0.minY - lineTop) <= 1 },
                                "a separator at y \(lineTop) (drawn: \(separators.map(\.minY)))")
        // ... and GTK's pixels show it: darker than the row above it, a few pixels up.
        let end = try #require(widget.snapshotToImage())
        let y = Int(line.minY.rounded(.down)), x = Int(line.minX + min(200, line.width / 2))
        func luminance(_ p: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)) -> Int { Int(p.red) + Int(p.green) + Int(p.blue) }
        let linePixel = luminance(end.pixel(x: x, y: y)), rowPixel = luminance(end.pixel(x: x, y: y - 10))
        #expect(abs(linePixel - rowPixel) > 20, "separator pixel \(linePixel) vs row \(rowPixel) at x \(x), y \(y)")
        // Every separator above it too (away from the last row's selection ring): at huge
        // offsets they vanished before the limit.
        let above = separators.filter { $0.minY >= 10 && $0.maxY < lineTop - 2 }
        #expect(above.count >= Int(lineTop / HugeListScreen.rowHeight) - 1, "separators drawn above: \(above.count)")
        for rect in above {
            let ry = Int(rect.minY.rounded(.down))
            let l = luminance(end.pixel(x: x, y: ry)), r = luminance(end.pixel(x: x, y: ry - 10))
            #expect(abs(l - r) > 20, "separator at y \(ry): \(l) vs the row above \(r)")
        }
        // The last row's text is in the pixels too: its band differs from an empty row's.
        #expect(end.differingPixels(from: top) > 2_000)
        saveScreenshot(end, "huge-max-end-test.png")

        // Home: back to row 0, the first picture again.
        #expect(press("Home") { table.indexPathsForVisibleRows.first == IndexPath(row: 0, section: 0) && table.contentOffset.y == 0 })
        GtkTestEnvironment.waitForFrame()
        let home = try #require(widget.snapshotToImage())
        #expect(home.differingPixels(from: end) > 2_000)

        // Page Down moves a page on; Page Up comes back.
        #expect(press("Page_Down") { table.contentOffset.y > height / 2 })
        let paged = table.indexPathsForVisibleRows.first?.row ?? 0
        #expect(paged >= Int(height / HugeListScreen.rowHeight) - 2)
        #expect(press("Page_Up") { table.contentOffset.y == 0 })
        #expect(table.indexPathsForVisibleRows.first == IndexPath(row: 0, section: 0))

        // And from the end: Page Up leaves the last row, Page Down comes back to it.
        #expect(press("End") { table.indexPathsForVisibleRows.last == last })
        #expect(press("Page_Up") { table.indexPathsForVisibleRows.last.map { $0.row < max - 1 } == true })
        #expect(press("Page_Down") { table.indexPathsForVisibleRows.last == last })
        #expect(table.contentOffset.y == table.contentSize.height - height)
    }
}
