import CGtk
import class Foundation.FileManager
import class Foundation.ProcessInfo
import Glibc
@_spi(Hosting) @_spi(Diagnostics) import PoolTable
@_spi(Interop) @_spi(Diagnostics) @testable import PoolTableGtk
import Testing

/// GUI acceptance of edit mode (issue 4) and the debug overlay (issue 5) in a real window.
///
/// Part of the one serialized "GTK shell" suite (GTK is initialised once and used from the
/// main thread). Two kinds of tests:
/// - deterministic pixels: the engine's clock is driven by hand and the widget is drawn
///   through GTK's own snapshot (`snapshotToImage`), so frames at exact times are checked;
/// - real input: `xdotool` (XTest) moves the X pointer over the window while the test keeps
///   GLib's main loop running, so events travel X → GDK → gestures → engine, as a user's do.
///   Skipped, with a note, when `xdotool` is not installed.
extension TableWidgetTests {
    // MARK: Edit mode, frame by frame (issue 4)

    @Test("Ctrl+E's animation, frame by frame: checkbox column absent at 0 ms, part-way at 120 ms, fully in at 300 ms; rows mounted mid-way join in phase")
    func editModeFramesOnTheEngineClock() throws {
        let harness = try WindowHarness.open(rows: 10, timeSource: ManualTimeSource())
        defer { harness.close() }
        blockRows(400, in: harness.table.tableView)
        GtkTestEnvironment.waitForFrame()
        let table = harness.table.tableView
        let width = Int(table.frame.width)

        // The clock is the test's (a manual time source: GTK's frame-clock ticks never reach
        // the engine, whatever the machine's uptime). Each frame below is a real GTK frame
        // (draw callback, render node), read back through GTK's own snapshot.
        let t0 = try #require(harness.manualClock).start
        table.advanceAnimations(to: t0)
        table.setEditing(true, animated: true)
        table.advanceAnimations(to: t0)

        let rows = (1...8).map { IndexPath(row: $0, section: 0) }
        func measure(_ image: CairoImage) throws -> [RowPixels] {
            try rows.map { ip in
                let y = Int((table.rectForRow(at: ip).midY - table.contentOffset.y).rounded())
                return try #require(RowPixels(image: image, y: y, width: width), "row \(ip.row) has its content block")
            }
        }
        func expectFrame(_ image: CairoImage, progress p: Double, _ label: String) throws {
            let blockX = BlockCell.contentInset + TableViewCell.editingControlWidth * p
            for (ip, row) in zip(rows, try measure(image)) {
                #expect(abs(Double(row.blockX) - blockX) <= 1.5, "\(label): row \(ip.row)'s content starts at x = \(row.blockX), want \(blockX)")
                if p == 0 {
                    #expect(row.checkboxInk.isEmpty, "\(label): no checkbox yet in row \(ip.row), found ink at \(row.checkboxInk)")
                } else {
                    // The ring's centre slides from -22 to 22 with the column; radius 10.
                    let centre = TableViewCell.editingControlWidth / 2 - TableViewCell.editingControlWidth * (1 - p)
                    let right = try #require(row.checkboxInk.max(), "\(label): row \(ip.row) shows its checkbox")
                    #expect(abs(Double(right) - (centre + 10)) <= 1.5, "\(label): row \(ip.row)'s ring ends at x = \(right), want \(centre + 10)")
                    #expect(abs(Double(row.checkboxInk.min()!) - max(0, centre - 10.75)) <= 1.5)
                }
            }
        }

        // 0 ms: the column is absent, content at its normal place.
        let frame0 = try harness.nextFrame()
        save(frame0, "edit-0ms")
        try expectFrame(frame0, progress: 0, "0 ms")

        // 120 ms: every row part-way, all at the same eased phase.
        table.advanceAnimations(to: t0 + 0.12)
        let p120 = Easing.easeOut(0.12 / TableView.editingAnimationDuration)
        #expect(abs(table.editingProgress - p120) < 1e-9)
        let frame120 = try harness.nextFrame()
        save(frame120, "edit-120ms")
        try expectFrame(frame120, progress: p120, "120 ms")
        #expect(p120 > 0.5 && p120 < 0.95, "ease-out: most of the way, not there yet")

        // Still at 120 ms, scroll far: the rows dequeued now start at the same phase.
        let before = Set(table.indexPathsForMountedRows)
        gtk_adjustment_set_value(harness.adjustment, 3_000)
        #expect(table.contentOffset.y == 3_000)
        let joined = table.indexPathsForVisibleRows.filter { !before.contains($0) }
        #expect(joined.count >= 8, "the scroll mounted new rows")
        let frameScrolled = try harness.nextFrame()
        save(frameScrolled, "edit-120ms-scrolled")
        for ip in joined.dropFirst().dropLast() {
            let y = Int((table.rectForRow(at: ip).midY - table.contentOffset.y).rounded())
            let row = try #require(RowPixels(image: frameScrolled, y: y, width: width))
            let want = BlockCell.contentInset + TableViewCell.editingControlWidth * p120
            #expect(abs(Double(row.blockX) - want) <= 1.5, "row \(ip.row), mounted at 120 ms, is at x = \(row.blockX), want \(want)")
        }
        gtk_adjustment_set_value(harness.adjustment, 0)
        #expect(table.contentOffset.y == 0)

        // 300 ms: fully in, the animation over.
        table.advanceAnimations(to: t0 + 0.30)
        #expect(!table.hasRunningAnimations)
        #expect(table.editingProgress == 1)
        let frame300 = try harness.nextFrame()
        save(frame300, "edit-300ms")
        try expectFrame(frame300, progress: 1, "300 ms")
        // Every mounted cell, prepared ones included, is editing (article 000).
        #expect(table.mountedCells.allSatisfy { $0.isEditing && $0.editingProgress == 1 })
        #expect(table.indexPathsForStaleRows.isEmpty)
    }

    // MARK: Real input (issue 4)

    @Test("xdotool drag down the checkbox column selects every row it passes, auto-scrolls at the bottom edge, commits on release")
    func xdotoolDragSelectsWithAutoScroll() throws {
        let harness = try WindowHarness.open(rows: 300, realInput: true)
        defer { harness.close() }
        let table = harness.table.tableView
        let title = harness.uniqueTitle()
        table.setEditing(true, animated: false)
        GtkTestEnvironment.waitForFrame()
        let startRow = 2
        let height = table.frame.height
        let lastVisible = try #require(table.indexPathsForVisibleRows.last).row

        var events = XScript(title: title, harness: harness)
        events.press(at: Point(x: 20, y: table.rectForRow(at: IndexPath(row: startRow, section: 0)).midY))
        for y in stride(from: 140.0, through: height - 80, by: 40) { events.move(to: Point(x: 20, y: y)) }
        // Into the bottom edge zone and hold still: the list keeps scrolling and extending.
        events.move(to: Point(x: 20, y: height - 6))
        events.pause(0.7)
        let selectedDuringDrag = Ref(0)
        events.release()
        let status = XDoTool.run(events.arguments) {
            // Sampled while xdotool holds the button: the provisional range is live.
            if table.isDragSelecting { selectedDuringDrag.value = max(selectedDuringDrag.value, table.numberOfSelectedRows) }
        }
        #expect(status == 0, "xdotool ran")
        GtkTestEnvironment.waitThenFrame(for: "the release to commit the drag") { !table.isDragSelecting }

        #expect(!table.isDragSelecting, "the release committed the drag")
        #expect(table.contentOffset.y > 200, "auto-scroll moved the list (offset \(table.contentOffset.y))")
        #expect(selectedDuringDrag.value > 1, "rows were selected while dragging, not only on release")
        let selected = try #require(table.indexPathsForSelectedRows)
        let endRow = try #require(selected.last).row
        #expect(selected == (startRow...endRow).map { IndexPath(row: $0, section: 0) }, "one contiguous range from the pressed row")
        #expect(endRow > lastVisible + 5, "the range grew past the rows visible when the drag began (ends at \(endRow))")
        // The range ends under the pointer, where it was released.
        let underPointer = try #require(table.indexPath(atViewportPoint: Point(x: 20, y: height - 6)))
        #expect(abs(underPointer.row - endRow) <= 1)
        #expect(table.numberOfSelectedRows == endRow - startRow + 1)

        // A drag that starts on a selected row deselects the rows it passes.
        let top = try #require(table.indexPathsForVisibleRows.first { table.rectForRow(at: $0).minY >= table.contentOffset.y + 50 })
        var back = XScript(title: title, harness: harness)
        func viewportY(_ r: Int) -> Double { table.rectForRow(at: IndexPath(row: r, section: 0)).midY - table.contentOffset.y }
        back.press(at: Point(x: 20, y: viewportY(top.row)))
        for step in 1...4 { back.move(to: Point(x: 20, y: viewportY(top.row + step))) }
        back.release()
        #expect(XDoTool.run(back.arguments) == 0)
        GtkTestEnvironment.waitThenFrame(for: "the drag back to deselect five rows") { table.numberOfSelectedRows == endRow - startRow + 1 - 5 }
        for r in top.row...(top.row + 4) { #expect(!table.isRowSelected(at: IndexPath(row: r, section: 0)), "row \(r) deselected") }
        #expect(table.numberOfSelectedRows == endRow - startRow + 1 - 5)
    }

    @Test("xdotool: click, Shift+click, Space, Shift+Down and a long press reach the engine")
    func xdotoolClicksAndKeys() throws {
        let harness = try WindowHarness.open(rows: 100, realInput: true)
        defer { harness.close() }
        let table = harness.table.tableView
        let title = harness.uniqueTitle()
        func row(_ r: Int) -> Point { Point(x: 200, y: table.rectForRow(at: IndexPath(row: r, section: 0)).midY - table.contentOffset.y) }
        func selectedRows() -> [Int] { table.indexPathsForSelectedRows?.map(\.row) ?? [] }

        // Outside edit mode, holding the button still enters edit mode with the row selected.
        var hold = XScript(title: title, harness: harness)
        hold.press(at: row(3))
        hold.pause(1.0)
        hold.release()
        #expect(XDoTool.run(hold.arguments) == 0)
        GtkTestEnvironment.waitThenFrame(for: "the long press to enter edit mode") { table.isEditing }
        #expect(table.isEditing, "a long press entered edit mode")
        #expect(selectedRows() == [3])

        // A click toggles a row; Shift+click extends from the anchor.
        var clicks = XScript(title: title, harness: harness)
        clicks.click(at: row(5))
        clicks.click(at: row(8), modifiers: "shift")
        #expect(XDoTool.run(clicks.arguments) == 0)
        GtkTestEnvironment.waitThenFrame(for: "the clicks to select rows 3, 5-8") { selectedRows() == [3, 5, 6, 7, 8] }
        #expect(selectedRows() == [3, 5, 6, 7, 8])

        // Keys: the focus is on row 8; Space toggles it, Shift+Down extends a range.
        var keys = XScript(title: title, harness: harness)
        keys.focusWindow()
        keys.key("space")
        keys.key("Down")
        keys.key("shift+Down")
        keys.key("shift+Down")
        #expect(XDoTool.run(keys.arguments) == 0)
        GtkTestEnvironment.waitThenFrame(for: "Space and Shift+Down to select 9-11") { selectedRows() == [3, 5, 6, 7, 9, 10, 11] }
        #expect(selectedRows() == [3, 5, 6, 7, 9, 10, 11], "Space deselected 8; Shift+Down twice selected 9…11 from the anchor at 9")
    }

    @Test("xdotool: a double click activates the row under the pointer once, scrolled or not (activateRow(atViewportPoint:)); single clicks and edit mode do not")
    func xdotoolDoubleClickActivates() throws {
        let harness = try WindowHarness.open(rows: 100, realInput: true)
        defer { harness.close() }
        let table = harness.table.tableView
        // Scrolled by a row and a bit, so a point that skipped the offset would hit another row.
        gtk_adjustment_set_value(harness.adjustment, 44 * 10 + 17)
        GtkTestEnvironment.waitForFrame()
        #expect(table.contentOffset.y == 44 * 10 + 17)
        let title = harness.uniqueTitle()
        func row(_ r: Int) -> Point { Point(x: 200, y: table.rectForRow(at: IndexPath(row: r, section: 0)).midY - table.contentOffset.y) }
        func ip(_ r: Int) -> IndexPath { IndexPath(row: r, section: 0) }

        var double = XScript(title: title, harness: harness)
        double.doubleClick(at: row(14))
        #expect(XDoTool.run(double.arguments) == 0)
        GtkTestEnvironment.waitThenFrame(for: "the double click to activate row 14") { harness.source.activated == [ip(14)] }
        #expect(harness.source.activated == [ip(14)], "one activation, of the row under the pointer")
        #expect(table.indexPathsForSelectedRows == [ip(14)], "the first click selected it")

        var single = XScript(title: title, harness: harness)
        single.click(at: row(16))
        #expect(XDoTool.run(single.arguments) == 0)
        GtkTestEnvironment.waitThenFrame(for: "the click to select row 16") { table.indexPathsForSelectedRows == [ip(16)] }
        #expect(table.indexPathsForSelectedRows == [ip(16)])
        #expect(harness.source.activated == [ip(14)], "a single click activates nothing")

        table.setEditing(true, animated: false)
        GtkTestEnvironment.waitForFrame()
        var editing = XScript(title: title, harness: harness)
        editing.doubleClick(at: row(18))
        #expect(XDoTool.run(editing.arguments) == 0)
        GtkTestEnvironment.waitForFrame()
        #expect(harness.source.activated == [ip(14)], "in edit mode a double click is two clicks")
        #expect(table.indexPathsForSelectedRows == nil, "two toggles of row 18")
    }

    // MARK: Debug overlay (issue 5)

    @Test("Overlay on: prepared rows tinted above and below the viewport outline; Ctrl+E gives them checkboxes; legacy refresh marks exactly them stale")
    func overlayShowsPreparedRowsAndStaleMarks() throws {
        let harness = try WindowHarness.open(rows: 400, width: 700, height: 600)
        defer { harness.close() }
        let widget = harness.table
        let table = widget.tableView
        let overlay = DebugOverlay()
        widget.debugOverlay = overlay
        gtk_adjustment_set_value(harness.adjustment, 44 * 60)
        GtkTestEnvironment.waitForFrame()
        let t = overlay.transform(for: table)
        #expect(t.scale < 1, "zoomed out")

        let visible = table.indexPathsForVisibleRows
        let prepared = table.indexPathsForPreparedRows
        let viewportTop = t.view(table.visibleRect).minY, viewportBottom = t.view(table.visibleRect).maxY
        let above = prepared.filter { t.view(table.rectForRow(at: $0)).maxY <= viewportTop + 1 }
        let below = prepared.filter { t.view(table.rectForRow(at: $0)).minY >= viewportBottom - 1 }
        #expect(above.count >= 3 && below.count >= 3, "prepared rows on both sides: \(above.count) above, \(below.count) below")
        #expect(above.count + below.count == prepared.count)

        let before = try #require(widget.snapshotToImage())
        save(before, "overlay-before")
        // The viewport outline: the overlay's viewport colour along its top edge.
        let outline = before.pixel(x: Int(t.view(table.visibleRect).midX), y: Int(viewportTop.rounded()))
        #expect(Hue(outline).isBlue, "viewport outlined in blue, got \(outline)")
        for ip in prepared {
            #expect(Hue(before.mean(in: tintPatch(t.view(table.rectForRow(at: ip))))).isOrange, "prepared row \(ip) is tinted orange")
        }
        for ip in visible.dropFirst().dropLast() {
            #expect(Hue(before.mean(in: tintPatch(t.view(table.rectForRow(at: ip))))).isGreen, "visible row \(ip) is tinted green")
        }

        // Edit mode: every prepared row's checkbox appears too (article 000's bug, absent).
        table.setEditing(true, animated: false)
        GtkTestEnvironment.waitForFrame()
        let after = try #require(widget.snapshotToImage())
        save(after, "overlay-edit")
        for ip in prepared + visible {
            let box = checkboxPatch(t.view(table.rectForRow(at: ip)), scale: t.scale)
            #expect(after.differingPixels(from: before, in: box) > 10, "row \(ip)'s checkbox appeared")
        }
        #expect(!after.hasStaleMark(in: prepared.map { t.view(table.rectForRow(at: $0)) }))

        // Legacy refresh (the iOS 15 attempt): only visible cells follow the toggle.
        table.legacyVisibleCellsOnlyRefresh = true
        table.setEditing(false, animated: false)
        GtkTestEnvironment.waitForFrame()
        #expect(Set(table.indexPathsForStaleRows) == Set(prepared))
        let stale = try #require(widget.snapshotToImage())
        save(stale, "overlay-stale")
        for ip in prepared {
            #expect(stale.hasStaleMark(in: [t.view(table.rectForRow(at: ip))]), "prepared row \(ip) marked stale")
        }
        for ip in visible {
            #expect(!stale.hasStaleMark(in: [t.view(table.rectForRow(at: ip))]), "visible row \(ip) not marked")
        }
    }

    @Test("Overlay: fed the shell's frame timings, redrawn a few times a second while shown (no busy loop), off again when removed")
    func overlayStaysLive() throws {
        let harness = try WindowHarness.open(rows: 200)
        defer { harness.close() }
        let widget = harness.table
        let overlay = DebugOverlay()
        widget.debugOverlay = overlay
        #expect(widget.isDebugOverlayRefreshing)
        #expect(widget.customRenderer != nil && widget.pointerTransform != nil)
        // Idle for 1.2 s: nothing in the engine changes, the overlay still redraws (a rate
        // over wall time: measured, not waited for).
        GtkTestEnvironment.observe(for: 1.2)
        let fps = widget.framesPerSecond
        #expect(fps >= 2 && fps <= 10, "a low redraw rate while idle, got \(fps) fps")
        #expect(widget.tickCallbackID == 0, "no frame-clock tick runs while idle")
        #expect(overlay.hostFrameMilliseconds > 0)
        #expect(overlay.hostFramesPerSecond > 0)
        #expect(overlay.counterLines(widget.tableView).last?.contains("fps") == true)

        widget.debugOverlay = nil
        #expect(!widget.isDebugOverlayRefreshing)
        #expect(widget.customRenderer == nil && widget.pointerTransform == nil)
        GtkTestEnvironment.observe(for: 1.2)
        #expect(widget.framesPerSecond == 0, "no redraws once the overlay is gone and nothing changes")
    }

    @Test("Overlay on, real input: a click on a zoomed-out row (visible or prepared) selects that row; the wheel still scrolls")
    func overlayMapsRealPointerInput() throws {
        let harness = try WindowHarness.open(rows: 300, width: 700, height: 600, realInput: true)
        defer { harness.close() }
        let widget = harness.table
        let table = widget.tableView
        let overlay = DebugOverlay()
        widget.debugOverlay = overlay
        gtk_adjustment_set_value(harness.adjustment, 44 * 40)
        table.setEditing(true, animated: false)
        GtkTestEnvironment.waitForFrame()
        let title = harness.uniqueTitle()
        let visibleRow = table.indexPathsForVisibleRows[3]
        let preparedRow = try #require(table.indexPathsForPreparedRows.last)
        let t = overlay.transform(for: table)

        var clicks = XScript(title: title, harness: harness)
        for ip in [visibleRow, preparedRow] {
            let r = t.view(table.rectForRow(at: ip))
            clicks.click(at: Point(x: r.minX + 150 * t.scale, y: r.midY))
        }
        #expect(XDoTool.run(clicks.arguments) == 0)
        GtkTestEnvironment.waitThenFrame(for: "the clicks to select a visible and a prepared row") { table.indexPathsForSelectedRows == [visibleRow, preparedRow].sorted() }
        #expect(table.indexPathsForSelectedRows == [visibleRow, preparedRow].sorted())

        let offset = table.contentOffset.y
        var wheel = XScript(title: title, harness: harness)
        wheel.moveOnly(to: Point(x: 200, y: 300))
        wheel.wheelDown(times: 3)
        #expect(XDoTool.run(wheel.arguments) == 0)
        GtkTestEnvironment.waitThenFrame(for: "the wheel to scroll") { table.contentOffset.y > offset }
        #expect(table.contentOffset.y > offset, "wheel scrolled under the overlay")
    }

    /// Saves a frame for a human to look at, as `NAME.png` in `$POOLTABLE_TEST_ARTIFACTS` (if set).
    private func save(_ image: CairoImage, _ name: String) {
        guard let dir = ProcessInfo.processInfo.environment["POOLTABLE_TEST_ARTIFACTS"], !dir.isEmpty else { return }
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        image.writePNG(to: "\(dir)/\(name).png")
    }

    /// The middle of a zoomed row: tint and hatching, no text (the label sits at the right, the checkbox and title at the left).
    private func tintPatch(_ r: Rect) -> Rect {
        Rect(x: r.minX + r.width * 0.45, y: r.minY + 2, width: r.width * 0.12, height: max(1, r.height - 4))
    }

    /// Where a zoomed row's checkbox is drawn.
    private func checkboxPatch(_ r: Rect, scale: Double) -> Rect {
        let w = TableViewCell.editingControlWidth * scale
        return Rect(x: r.minX, y: r.minY + 1, width: w, height: max(1, r.height - 2))
    }
}

// MARK: - Helpers

/// Rows whose content is a solid red block at `contentInset`: its first pixel shows how far
/// the edit-mode column has pushed the content. `install` turns on multiple selection in edit mode.
@MainActor
func blockRows(_ count: Int, in tableView: TableView) {
    let source = CountedTableSourceFixture(counts: [count], reuseIdentifier: "block", cell: { BlockCell(reuseIdentifier: $0) },
                                     text: { _, _ in nil })
    source.attachStep = .nothing
    tableView.allowsMultipleSelectionDuringEditing = true
    source.attach(to: tableView)
}

final class BlockCell: TableViewCell {
    static let contentInset = 16.0
    override func drawContent(in canvas: Canvas, bounds: Rect) {
        canvas.fill(Rect(x: bounds.minX + Self.contentInset, y: bounds.midY - 6, width: 24, height: 12), color: Color(hex: 0xff0000))
    }
}

/// One line of a rendered row: where the red content block starts and where other ink (the
/// checkbox) is, left of it.
struct RowPixels {
    var blockX: Int
    var checkboxInk: [Int]

    init?(image: CairoImage, y: Int, width: Int) {
        func isRed(_ p: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)) -> Bool { p.red > 200 && p.green < 90 && p.blue < 90 }
        guard let x = (0..<width).first(where: { isRed(image.pixel(x: $0, y: y)) }) else { return nil }
        blockX = x
        let background = image.pixel(x: width / 2 + 100, y: y)
        checkboxInk = (0..<max(0, x - 2)).filter { i in
            let p = image.pixel(x: i, y: y)
            return max(abs(Int(p.red) - Int(background.red)), abs(Int(p.green) - Int(background.green)), abs(Int(p.blue) - Int(background.blue))) > 24
        }
    }
}

/// A rough hue class of a pixel, for tints over a light or dark background.
struct Hue {
    let r: Int, g: Int, b: Int
    init(_ p: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)) { r = Int(p.red); g = Int(p.green); b = Int(p.blue) }
    init(_ c: (Double, Double, Double)) { r = Int(c.0); g = Int(c.1); b = Int(c.2) }
    var isOrange: Bool { r > b + 25 && r >= g }
    var isGreen: Bool { g > r + 8 && g > b }
    var isBlue: Bool { b > r + 60 && b > g + 20 }
}

extension CairoImage {
    /// The mean colour over a rectangle (logical pixels at scale 1).
    func mean(in rect: Rect) -> (Double, Double, Double) {
        var sum = (0.0, 0.0, 0.0), n = 0.0
        for y in Int(rect.minY)..<max(Int(rect.minY) + 1, Int(rect.maxY)) {
            for x in Int(rect.minX)..<max(Int(rect.minX) + 1, Int(rect.maxX)) {
                let p = pixel(x: x, y: y)
                sum.0 += Double(p.red); sum.1 += Double(p.green); sum.2 += Double(p.blue); n += 1
            }
        }
        return (sum.0 / n, sum.1 / n, sum.2 / n)
    }

    /// Pixels that differ from `other` inside a rectangle.
    func differingPixels(from other: CairoImage, in rect: Rect) -> Int {
        var count = 0
        for y in Int(rect.minY)..<Int(rect.maxY.rounded(.up)) {
            for x in Int(rect.minX)..<Int(rect.maxX.rounded(.up)) {
                let a = pixel(x: x, y: y), b = other.pixel(x: x, y: y)
                if a.red != b.red || a.green != b.green || a.blue != b.blue { count += 1 }
            }
        }
        return count
    }

    /// True if the overlay's red "stale" badge (drawn at a row's top-left) shows in any of `rows`.
    func hasStaleMark(in rows: [Rect]) -> Bool {
        rows.contains { r in
            // The badge's solid left end (DebugOverlay draws it at the row's bottom right).
            (0..<4).contains { dx in
                let p = pixel(x: Int(r.maxX) - 51 + dx, y: Int(r.maxY) - 10)
                return p.red > 190 && p.green < 70 && p.blue < 70
            }
        }
    }
}

extension WindowHarness {
    /// Lets GTK draw one more frame of the table, then returns what GTK drew (its render
    /// nodes, through `snapshotToImage`).
    func nextFrame() throws -> CairoImage {
        let drawn = table.framesDrawn
        table.queueDraw()
        let ok = GtkTestEnvironment.iterate(timeout: 20) { table.framesDrawn > drawn }
        try #require(ok, "GTK drew a frame")
        return try #require(table.snapshotToImage())
    }

    /// Gives the window a title no other window has, for `xdotool search`.
    func uniqueTitle() -> String {
        GuiTestCounter.next += 1
        let title = "PoolTable GUI test \(getpid())-\(GuiTestCounter.next)"
        gtk_window_set_title(window.cast(to: GtkWindow.self), title)
        GtkTestEnvironment.waitForFrame()
        return title
    }

    /// A point of the drawing area (viewport coordinates) in the X window's coordinates.
    func windowPoint(_ p: Point) -> (x: Int, y: Int) {
        xWindowPoint(p, of: table.drawingArea, in: window)
    }
}

/// A point of `widget` in the X window's coordinates: through the surface's transform (the
/// client-side decoration's shadow), in device pixels (GDK_SCALE=2 doubles them).
@MainActor
func xWindowPoint(_ p: Point, of widget: UnsafeMutablePointer<GtkWidget>, in window: UnsafeMutablePointer<GtkWidget>) -> (x: Int, y: Int) {
    var x = 0.0, y = 0.0
    _ = gtk_widget_translate_coordinates(widget, window, p.x, p.y, &x, &y)
    var sx = 0.0, sy = 0.0
    if let native = gtk_widget_get_native(window) { gtk_native_get_surface_transform(native, &sx, &sy) }
    let scale = Double(gtk_widget_get_scale_factor(window))
    return (Int(((x + sx) * scale).rounded()), Int(((y + sy) * scale).rounded()))
}

@MainActor
enum GuiTestCounter { static var next = 0 }

/// A mutable value a closure can update.
final class Ref<T> {
    var value: T
    init(_ value: T) { self.value = value }
}

/// One `xdotool` command line: finds the window by title, then pointer and key steps on it.
@MainActor
struct XScript {
    private(set) var arguments: [String]
    /// Maps a point of the widget under test to the X window's coordinates.
    private let windowPoint: (Point) -> (x: Int, y: Int)

    init(title: String, harness: WindowHarness) {
        self.init(title: title, windowPoint: harness.windowPoint)
    }

    init(title: String, windowPoint: @escaping (Point) -> (x: Int, y: Int)) {
        self.windowPoint = windowPoint
        arguments = ["xdotool", "search", "--sync", "--onlyvisible", "--name", "^\(title)$"]
    }

    /// Points are in the drawing area's coordinates (the table's viewport coordinates,
    /// unless an overlay zooms the picture).
    mutating func press(at p: Point) {
        moveOnly(to: p)
        arguments += ["sleep", "0.05", "mousedown", "1", "sleep", "0.05"]
    }
    mutating func move(to p: Point) {
        moveOnly(to: p)
        arguments += ["sleep", "0.04"]
    }
    mutating func moveOnly(to p: Point) {
        let w = windowPoint(p)
        arguments += ["mousemove", "--window", "%1", "\(w.x)", "\(w.y)"]
    }
    mutating func release() { arguments += ["mouseup", "1", "sleep", "0.05"] }
    mutating func pause(_ seconds: Double) { arguments += ["sleep", "\(seconds)"] }
    /// A click, optionally with a modifier held (xdotool key names: "shift", "ctrl").
    mutating func click(at p: Point, modifiers: String? = nil) {
        moveOnly(to: p)
        arguments += ["sleep", "0.05"]
        if let modifiers { arguments += ["keydown", modifiers] }
        arguments += ["click", "1", "sleep", "0.3"]   // apart enough not to be a double click
        if let modifiers { arguments += ["keyup", modifiers, "sleep", "0.05"] }
    }
    /// Two clicks 80 ms apart (well inside GTK's double-click time).
    mutating func doubleClick(at p: Point) {
        moveOnly(to: p)
        arguments += ["sleep", "0.05", "click", "--repeat", "2", "--delay", "80", "1", "sleep", "0.4"]
    }
    mutating func focusWindow() { arguments += ["windowfocus", "%1", "sleep", "0.1"] }
    mutating func key(_ name: String) { arguments += ["key", "--clearmodifiers", name, "sleep", "0.08"] }
    mutating func resizeWindow(width: Int, height: Int) { arguments += ["windowsize", "%1", "\(width)", "\(height)", "sleep", "0.4"] }
    mutating func wheelDown(times: Int) { arguments += ["click", "--repeat", "\(times)", "--delay", "60", "5"] }
    /// `times` wheel clicks `delayMs` apart (button 5 down, 4 up): a fling, with a fast enough pace.
    mutating func wheel(up: Bool = false, times: Int, delayMs: Int) {
        arguments += ["click", "--repeat", "\(times)", "--delay", "\(delayMs)", up ? "4" : "5"]
    }
}

/// Runs `xdotool` while GLib's main loop keeps running (so the app under test sees the
/// events as they come).
@MainActor
enum XDoTool {
    static var isAvailable: Bool {
        let found = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
            .contains { access("\($0)/xdotool", X_OK) == 0 }
        if !found { print("PoolTableGtkTests: xdotool not installed; real-input GUI tests skipped (apt install xdotool)") }
        return found
    }

    /// The exit status, or nil if it could not start or ran over `timeout` seconds.
    static func run(_ arguments: [String], timeout: Double = 30, whileRunning: () -> Void = {}) -> Int32? {
        var pid: pid_t = 0
        let argv = arguments.map { strdup($0) } + [nil]
        let env = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for p in argv { free(p) }
            for p in env { free(p) }
        }
        guard posix_spawnp(&pid, arguments[0], nil, nil, argv, env) == 0 else { return nil }
        var status: Int32 = 0
        let finished = GtkTestEnvironment.iterate(timeout: timeout) {
            whileRunning()
            return waitpid(pid, &status, WNOHANG) == pid
        }
        if !finished {
            kill(pid, SIGKILL)
            waitpid(pid, &status, 0)
            return nil
        }
        return (status >> 8) & 0xff
    }
}
