import CGtk
import Glibc
@_spi(Hosting) @_spi(Diagnostics) import PoolTable
@_spi(Interop) @testable import PoolTableGtk
import Testing

/// Rows that move (issue 23): ids in an array; the row with `markedID` paints a pure red
/// background, so a frame's pixels show where it is drawn.
/// (The table fixture over ids in one section; every row moves.)
@MainActor
final class MovableRowsSource: TableSourceFixture<Int> {
    final class MarkedCell: TableViewCell {
        var marked = false { didSet { if marked != oldValue { setNeedsDisplay() } } }
        override func backgroundColor(_ theme: Theme) -> Color { marked ? Color(red: 1, green: 0, blue: 0) : super.backgroundColor(theme) }
    }

    var ids: [Int] { sections[0] }

    init(count: Int, markedID: Int) {
        super.init(sections: [Array(0..<count)], reuseIdentifier: "movable", cell: { MarkedCell(reuseIdentifier: $0) },
                   text: { _, id in "Row \(id)" })
        configure = { cell, _, id in (cell as! MarkedCell).marked = id == markedID }
        canMove = { _ in true }
    }
}

extension TableWidgetTests {
    @Test("xdotool: row 5's grip dragged to row 4,000 through auto-scroll: one moveRowAt(5 → 4000) on release, the new order shown, the moving row drawn in every frame")
    func xdotoolGripDragThroughAutoScroll() throws {
        let harness = try WindowHarness.open(rows: 10, realInput: true)
        defer { harness.close() }
        let source = MovableRowsSource(count: 10_000, markedID: 5)
        let table = harness.table.tableView
        source.attach(to: table)
        table.setEditing(true, animated: false)
        GtkTestEnvironment.waitForFrame()
        let title = harness.uniqueTitle()
        let width = table.frame.width, height = table.frame.height
        func viewportY(_ row: Int) -> Double { table.rectForRow(at: IndexPath(row: row, section: 0)).midY - table.contentOffset.y }
        let gripX = width - TableViewCell.reorderControlWidth / 2
        let row5 = try #require(table.cellForRow(at: IndexPath(row: 5, section: 0)))

        // Every frame GTK draws while the row is lifted: the engine draws the moving row in
        // view (checked on each frame), and every 6th frame's pixels (GTK's own snapshot)
        // show its red background (once: its own slot stays empty).
        var frames = 0, snapshots = 0
        var problems: [String] = []
        var lastFrame = harness.table.framesDrawn
        func watch() {
            guard table.isMovingInteractively, harness.table.framesDrawn != lastFrame else { return }
            lastFrame = harness.table.framesDrawn
            frames += 1
            guard let moving = table.interactiveMovementFrame else { problems.append("frame \(frames): no moving frame"); return }
            let shown = table.visibleRect
            if moving.maxY <= shown.minY || moving.minY >= shown.maxY { problems.append("frame \(frames): the moving row is out of view at \(moving.minY)") }
            guard frames % 6 == 0, let image = harness.table.snapshotToImage() else { return }
            snapshots += 1
            // The only red thing in the list is the moving row (its own slot is left empty):
            // a band of red pixel rows down the middle column, clipped at most to the viewport's edge.
            let x = Int(width * 0.45)
            let redRows = (0..<image.pixelHeight).filter { y in
                let p = image.pixel(x: x, y: y)
                return p.red > 200 && p.green < 60 && p.blue < 60
            }
            if redRows.count < 12 { problems.append("frame \(frames): the moving row is not in the picture (\(redRows.count) red pixel rows)") }
            if let first = redRows.first, let last = redRows.last, last - first > 50 { problems.append("frame \(frames): red from \(first) to \(last): more than one row") }
        }
        func run(_ script: XScript) { #expect(XDoTool.run(script.arguments, timeout: 60, whileRunning: watch) == 0, "xdotool ran") }

        // Press the grip, lift the row, and hold the pointer deep in the bottom edge zone.
        var lift = XScript(title: title, harness: harness)
        lift.press(at: Point(x: gripX, y: viewportY(5)))
        lift.move(to: Point(x: gripX, y: viewportY(5) + 20))
        lift.move(to: Point(x: gripX, y: height - 3))
        run(lift)
        try #require(table.isMovingInteractively, "the grip drag lifted the row")
        // Auto-scroll speeds up while held; stop well before row 4,000 (the pointer to the middle).
        _ = GtkTestEnvironment.iterate(timeout: 90) { watch(); return (table.interactiveMovementDestination?.row ?? 0) >= 2500 }
        var stop = XScript(title: title, harness: harness)
        stop.move(to: Point(x: gripX, y: height / 2))
        run(stop)
        #expect((table.interactiveMovementDestination?.row ?? 0) >= 2400, "auto-scroll carried the row down (now at \(table.interactiveMovementDestination?.row ?? -1))")
        // Then hops into the edge zones, each timed to cover part of the way, until row 4,000 is in view.
        for _ in 0..<40 {
            let y = viewportY(4000)
            if y > 80 && y < height - 80 { break }
            let distance = abs(y - height / 2)
            // At the very edge auto-scroll runs autoScrollMaxSpeed × (1 + t²): cover about 60 %.
            var t = 0.05
            while t < 2 && ListBase.autoScrollMaxSpeed * (t + t * t * t / 3) < distance * 0.6 { t += 0.05 }
            var hop = XScript(title: title, harness: harness)
            hop.move(to: Point(x: gripX, y: y > height / 2 ? height - 3 : 3))
            hop.pause(t)
            hop.move(to: Point(x: gripX, y: height / 2))
            run(hop)
            GtkTestEnvironment.waitForFrame()
        }
        // Drop it on row 4,000 and release.
        var drop = XScript(title: title, harness: harness)
        drop.move(to: Point(x: gripX, y: viewportY(4000)))
        drop.pause(0.1)
        run(drop)
        #expect(table.interactiveMovementDestination == IndexPath(row: 4000, section: 0))
        var release = XScript(title: title, harness: harness)
        release.release()
        run(release)
        GtkTestEnvironment.waitThenFrame(for: "the release to end the movement and its drop") { !table.isMovingInteractively && source.moves.count == 1 && !table.hasRunningAnimations }

        #expect(!table.isMovingInteractively, "the release ended the movement")
        #expect(source.moves.count == 1, "one moveRowAt: \(source.moves)")
        #expect(source.moves.first.map { $0.from == IndexPath(row: 5, section: 0) && $0.to == IndexPath(row: 4000, section: 0) } == true)
        #expect(source.ids[4000] == 5 && source.ids[3999] == 4000 && source.ids[5] == 6)
        #expect(table.cellForRow(at: IndexPath(row: 4000, section: 0)) === row5, "the same cell shows the moved row")
        #expect(row5.text == "Row 5")
        for cell in table.visibleCells {
            let ip = try #require(table.indexPath(for: cell))
            #expect(cell.text == "Row \(source.ids[ip.row])", "the list shows the new order at \(ip)")
        }
        #expect(frames > 30, "frames were drawn during the drag (\(frames))")
        #expect(snapshots > 3)
        #expect(problems.isEmpty, "\(problems.prefix(5))")
        print("PoolTableGtkTests: grip drag 5 → 4000: \(frames) frames during the drag, \(snapshots) read back, 0 without the moving row")
    }

    @Test("xdotool: Alt+Down moves the focused row a place through moveRowAt; the focus and its accessible position follow")
    func xdotoolAltDownMovesFocusedRow() throws {
        let harness = try WindowHarness.open(rows: 10, realInput: true)
        defer { harness.close() }
        let source = MovableRowsSource(count: 200, markedID: -1)
        let widget = harness.table
        let table = widget.tableView
        source.attach(to: table)
        widget.grabFocus()
        GtkTestEnvironment.waitForFrame()
        let title = harness.uniqueTitle()
        var keys = XScript(title: title, harness: harness)
        keys.focusWindow()
        keys.key("Down")
        keys.key("Down")
        keys.key("alt+Down")
        #expect(XDoTool.run(keys.arguments) == 0)
        GtkTestEnvironment.waitThenFrame(for: "Alt+Down to move the row") { source.moves.count == 1 && !table.hasRunningAnimations }
        #expect(source.moves.count == 1, "\(source.moves)")
        #expect(source.moves.first.map { $0.from == IndexPath(row: 2, section: 0) && $0.to == IndexPath(row: 3, section: 0) } == true)
        #expect(table.focusedIndexPath == IndexPath(row: 3, section: 0), "the focus followed the row")
        #expect(source.ids.prefix(5) == [0, 1, 3, 2, 4])
        // What a screen reader hears from the focused proxy: the moved row, at its new position.
        let root = try #require(gtk_widget_get_root(widget.drawingArea))
        let focused = try #require(gtk_root_get_focus(root))
        let spoken = try #require(widget.accessibleRows.spokenText(of: focused))
        #expect(spoken.label == "Row 2")
        #expect(spoken.description == "Row 4 of 200", "\(spoken)")
        #expect(widget.accessibleLabel(ofRowAt: IndexPath(row: 2, section: 0)) == "Row 3")
    }
}
