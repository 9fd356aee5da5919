import CGtk
import Glibc
import PoolTable
import PoolTableDemoKit
@_spi(Interop) @testable import PoolTableGtk
import Testing

/// GUI acceptance of the app's demo screens (issues 6 and 7) in a real GTK window, with the
/// screens' own controllers from PoolTableDemoKit:
/// - News: frames captured during the animated ad insert; "Keep position" on and off
///   (article 002: the story under the top edge stays put, or jumps);
/// - Inbox: frames captured while deleted rows collapse and while Ctrl+Z brings them back;
/// - Downloads: during "Start All" while scrolling, every visible bar is on its own row
///   (article 004), checked in pixels; with the cell-bound diagnostic the same check fails.
///
/// Part of the one serialized "GTK shell" suite. The engine's clock is driven by hand (a
/// `ManualTimeSource`: GTK's frame-clock ticks never reach the engine), and frames are drawn
/// through GTK's own snapshot, so every frame is taken at an exact animation time.
/// Set `POOLTABLE_SCREENSHOTS=DIR` to keep the frames as PNGs (docs/screenshots uses them).
extension TableWidgetTests {
    // MARK: News (issue 6)

    @Test("News: frames during the animated ad insert show the ad growing in and the stories below gliding down")
    func newsInsertAnimationFrames() throws {
        let harness = try WindowHarness.open(rows: 1, width: 480, height: 640, timeSource: ManualTimeSource())
        defer { harness.close() }
        let news = NewsController(storyCount: 2_000)
        news.attach(to: harness.table.tableView)
        let table = harness.table.tableView
        GtkTestEnvironment.waitForFrame()
        // Row 2 at the top: row 5, where the first ad goes, is on screen below it.
        gtk_adjustment_set_value(harness.adjustment, table.rectForRow(at: IndexPath(row: 2, section: 0)).minY)
        GtkTestEnvironment.waitForFrame()
        let follower = try #require(news.items[5].story)          // the story the ad pushes down
        let t0 = try #require(harness.manualClock).start
        table.advanceAnimations(to: t0)
        // The rows' part of a picture: all but the right-hand strip where the scrolled window's
        // indicator fades in after the scroll and changes length when the ads lengthen the list.
        func rowsDiffer(_ a: CairoImage, _ b: CairoImage) -> Int {
            a.differingPixels(from: b, in: Rect(x: 0, y: 0, width: Double(a.pixelWidth - 24), height: Double(a.pixelHeight)))
        }
        // The picture before the insert, once its rows stop changing (the scroll synced, the
        // self-sizing stories measured): two frames in a row alike within the 200 pixels the
        // 0 ms frame is allowed below.
        var before = try drawnFrame(harness), settled = false
        for _ in 0..<60 {
            let next = try drawnFrame(harness)
            defer { before = next }
            if rowsDiffer(next, before) < 200 { settled = true; break }
        }
        try #require(settled, "the picture before the insert settles (two frames alike within 60)")
        let y0 = try #require(screenDrawnY(of: follower.headline, table, harness.table.theme))

        try news.insertAdBatch(animation: .automatic)
        #expect(table.hasRunningAnimations)
        var frames: [(String, CairoImage)] = [("before", before)]
        var ys: [Double] = []
        for ms in [0, 75, 150, 225] {
            table.advanceAnimations(to: t0 + Double(ms) / 1000)
            frames.append(("\(ms) ms", try drawnFrame(harness)))
            ys.append(try #require(screenDrawnY(of: follower.headline, table, harness.table.theme)))
        }
        table.advanceAnimations(to: t0 + 1)
        #expect(!table.hasRunningAnimations)
        let after = try drawnFrame(harness)
        frames.append(("after", after))
        let yEnd = try #require(screenDrawnY(of: follower.headline, table, harness.table.theme))
        let adHeight = table.rectForRow(at: IndexPath(row: 5, section: 0)).height

        // The story below glides down by the ad's height, through intermediate positions.
        #expect(abs(ys[0] - y0) < 0.5, "at 0 ms nothing has moved yet")
        #expect(abs(yEnd - y0 - adHeight) < 1, "it ends one ad lower (\(yEnd - y0) vs \(adHeight))")
        for (a, b) in zip(ys, ys.dropFirst()) { #expect(b > a + 1, "glides on: \(ys)") }
        #expect(ys.last! < yEnd - 1, "still moving at 225 ms")
        // In pixels: the first frame is the old picture, the middle ones are neither old nor new.
        #expect(rowsDiffer(frames[1].1, before) < 200, "at 0 ms the rows are the old picture")
        for (label, image) in frames[2...3] {
            #expect(image.differingPixels(from: before) > 2_000, "\(label) differs from before")
            #expect(image.differingPixels(from: after) > 2_000, "\(label) differs from after")
        }
        saveScreenshot(filmStrip(frames.filter { $0.0 != "0 ms" }, harness), "news-insert-animation.png")
    }

    @Test("News: with Keep position on the story under the top edge is unmoved by the ads; off, it jumps", arguments: [true, false])
    func newsKeepPosition(keep: Bool) throws {
        let harness = try WindowHarness.open(rows: 1, width: 480, height: 640, timeSource: ManualTimeSource())
        defer { harness.close() }
        let news = NewsController(storyCount: 2_000)
        news.attach(to: harness.table.tableView)
        news.keepsPosition = keep
        let table = harness.table.tableView
        GtkTestEnvironment.waitForFrame()
        gtk_adjustment_set_value(harness.adjustment, 30_000)
        GtkTestEnvironment.waitForFrame()
        let t0 = try #require(harness.manualClock).start
        table.advanceAnimations(to: t0)
        let top = try #require(news.topItem())
        let story = try #require(top.item.story)
        let rowHeight = table.rectForRow(at: top.indexPath).height
        let before = try drawnFrame(harness)
        let drawnBefore = try #require(screenDrawnY(of: story.headline, table, harness.table.theme))

        try news.insertAdBatch(animation: .automatic)
        table.advanceAnimations(to: t0)
        table.advanceAnimations(to: t0 + 1)
        let after = try drawnFrame(harness)
        let moved = try #require(news.screenY(ofItem: story.id)) - top.screenY
        // The row's band of pixels (left of the overlay scrollbar), before and after.
        let band = bandDifference(before, after, y: top.screenY, height: rowHeight, width: 460)
        if keep {
            #expect(abs(moved) <= 0.5, "the top story moved \(moved) px")
            let drawnAfter = try #require(screenDrawnY(of: story.headline, table, harness.table.theme))
            #expect(abs(drawnAfter - drawnBefore) <= 0.5)
            #expect(band == 0, "\(band) pixels of the top story's row changed")
        } else {
            #expect(moved > 100, "without anchoring the story is pushed down (moved \(moved) px)")
            #expect(band > 1_000, "the screenshot shows the jump (\(band) pixels changed in the row's band)")
        }
        let name = keep ? "news-keep-position-on.png" : "news-keep-position-off.png"
        saveScreenshot(filmStrip([("before ads", before), (keep ? "after: unmoved" : "after: jumped \(Int(moved)) px", after)], harness), name)
    }

    // MARK: Inbox delete and undo (issue 6)

    @Test("Inbox: frames during Delete show the rows collapsing and the rows below gliding up; Ctrl+Z grows them back")
    func inboxDeleteAnimationFrames() throws {
        let harness = try WindowHarness.open(rows: 1, width: 480, height: 640, timeSource: ManualTimeSource())
        defer { harness.close() }
        let inbox = InboxController()
        inbox.attach(to: harness.table.tableView)
        let table = harness.table.tableView
        table.reloadData()
        GtkTestEnvironment.waitForFrame()
        table.setEditing(true, animated: false)
        let chosen = [IndexPath(row: 1, section: 0), IndexPath(row: 2, section: 0)]
        for ip in chosen { table.selectRow(at: ip, animated: false, scrollPosition: .none) }
        let survivor = inbox.mail(at: IndexPath(row: 3, section: 0))   // the first row below them
        let t0 = try #require(harness.manualClock).start
        table.advanceAnimations(to: t0)
        let before = try drawnFrame(harness)
        let theme = harness.table.theme
        let y0 = try #require(screenDrawnY(of: survivor.preview.isEmpty ? survivor.subject : survivor.preview, table, theme))
        let label = survivor.preview.isEmpty ? survivor.subject : survivor.preview

        #expect(inbox.deleteSelectedRows() == 2)
        var frames: [(String, CairoImage)] = [("selected", before)]
        var ys: [Double] = []
        for ms in [0, 60, 120, 180] {
            table.advanceAnimations(to: t0 + Double(ms) / 1000)
            frames.append(("\(ms) ms", try drawnFrame(harness)))
            ys.append(try #require(screenDrawnY(of: label, table, theme)))
        }
        table.advanceAnimations(to: t0 + 1)
        let after = try drawnFrame(harness)
        frames.append(("deleted", after))
        let yEnd = try #require(screenDrawnY(of: label, table, theme))
        #expect(abs(ys[0] - y0) < 0.5)
        #expect(yEnd < y0 - 100, "two rows' height up (\(y0 - yEnd))")
        for (a, b) in zip(ys, ys.dropFirst()) { #expect(b < a - 1, "glides up: \(ys)") }
        #expect(ys.last! > yEnd + 1)
        for (label, image) in frames[2...3] {
            #expect(image.differingPixels(from: before) > 2_000, "\(label) differs from before")
            #expect(image.differingPixels(from: after) > 2_000, "\(label) differs from after")
        }
        saveScreenshot(filmStrip(frames.filter { $0.0 != "0 ms" }, harness, height: 440), "delete-animation.png")

        // Ctrl+Z: the rows grow back in, the survivor glides down to where it was.
        let t1 = t0 + 10
        table.advanceAnimations(to: t1)
        #expect(inbox.undo() == chosen)
        var back: [Double] = []
        var undoFrames: [(String, CairoImage)] = [("deleted", after)]
        for ms in [0, 90, 180] {
            table.advanceAnimations(to: t1 + Double(ms) / 1000)
            undoFrames.append(("undo \(ms) ms", try drawnFrame(harness)))
            back.append(try #require(screenDrawnY(of: label, table, theme)))
        }
        table.advanceAnimations(to: t1 + 1)
        undoFrames.append(("restored", try drawnFrame(harness)))
        let yBack = try #require(screenDrawnY(of: label, table, theme))
        #expect(abs(yBack - y0) < 0.5, "back where it was")
        for (a, b) in zip(back, back.dropFirst()) { #expect(b > a + 1, "glides down: \(back)") }
        #expect(Set(table.indexPathsForSelectedRows ?? []) == Set(chosen), "restored rows come back selected")
        saveScreenshot(filmStrip(undoFrames.filter { $0.0 != "undo 0 ms" }, harness, height: 440), "undo-animation.png")
    }

    // MARK: Downloads (issue 7)

    @Test("Downloads: during Start All while scrolling, every visible bar shows its own file's progress (pixels)")
    func downloadsBarsOnTheRightRows() throws {
        let result = try runDownloads(cellBound: false, saveAs: "downloads-scrolling.png")
        #expect(result.checkedRows > 200, "rows checked: \(result.checkedRows)")
        #expect(result.mismatches.isEmpty, "\(result.mismatches.prefix(4))")
        #expect(result.sawProgress, "bars were filling")
    }

    @Test("Downloads: with cell-bound callbacks (article 004's first version) the same pixel check finds bars on wrong rows")
    func downloadsCellBoundShowsTheBug() throws {
        let result = try runDownloads(cellBound: true, saveAs: "downloads-cell-bound-bug.png")
        #expect(!result.mismatches.isEmpty, "the check must be able to fail")
    }

    /// Starts every download, then ticks the downloader while scrolling to random places;
    /// after every step compares each fully visible row's bar, in pixels, with its file.
    private func runDownloads(cellBound: Bool, saveAs name: String) throws -> (checkedRows: Int, mismatches: [String], sawProgress: Bool) {
        let harness = try WindowHarness.open(rows: 1, width: 520, height: 640, timeSource: ManualTimeSource())
        defer { harness.close() }
        let store = DownloadStore(count: 500, seed: 7)
        let downloads = DownloadsController(store: store)
        downloads.cellBoundCallbacks = cellBound
        downloads.attach(to: harness.table.tableView)
        let table = harness.table.tableView
        GtkTestEnvironment.waitForFrame()
        var clock = try #require(harness.manualClock).start
        table.advanceAnimations(to: clock)
        downloads.startAll()
        var rng = SeededRandom(seed: 404)
        var mismatches: [String] = []
        var checked = 0
        var sawProgress = false
        var kept: [(String, CairoImage)] = []
        for step in 0..<30 {
            store.tick(elapsed: 0.6)
            let maxOffset = max(0, table.contentSize.height - table.frame.height)
            let offset = step % 3 == 0 ? Double.random(in: 0...maxOffset, using: &rng)
                : min(maxOffset, max(0, table.contentOffset.y + Double.random(in: -400...400, using: &rng)))
            gtk_adjustment_set_value(harness.adjustment, offset)
            clock += 1                                   // the bars' easing is over
            table.advanceAnimations(to: clock)
            let image = try drawnFrame(harness)
            for ip in table.indexPathsForVisibleRows {
                let rect = table.rectForRow(at: ip)
                let top = rect.minY - table.contentOffset.y
                guard top >= 0, top + rect.height <= table.frame.height else { continue }
                let d = store.downloads[ip.row]
                let bar = downloadBarFill(image, rowTop: top, rowWidth: rect.width)
                let expected = bar.width * d.progress
                checked += 1
                if d.progress > 0.05 { sawProgress = true }
                if abs(Double(bar.filled) - expected) > 2.5 {
                    mismatches.append("step \(step) row \(ip.row): bar shows \(bar.filled) px, \(d.name) is at \(Int(d.progress * 100)) % (\(Int(expected)) px)")
                }
            }
            if step == 8 || step == 19 || step == 29 { kept.append(("\(cellBound ? "cell-bound callbacks · " : "")step \(step + 1) · offset \(Int(table.contentOffset.y))", image)) }
        }
        saveScreenshot(filmStrip(kept, harness), name)
        return (checked, mismatches, sawProgress)
    }
}

// MARK: Helpers

/// Lets GTK paint one more frame of the table (its draw function, at the engine's current
/// animation time), then returns what GTK drew, through `snapshotToImage`.
@MainActor
private func drawnFrame(_ harness: WindowHarness) throws -> CairoImage {
    try #require(harness.table.snapshotToImage(), "GTK painted a frame")
}

/// Where `text` is drawn now, in viewport y (the top of its text box), if it is drawn once.
@MainActor
private func screenDrawnY(of text: String, _ table: TableView, _ theme: Theme) -> Double? {
    let canvas = RecordingCanvas(theme: theme)
    table.render(in: canvas)
    let hits = canvas.texts.filter { $0.0 == text }
    return hits.count == 1 ? hits[0].1.minY : nil
}

/// Differing device pixels of two equal-sized images within a horizontal band.
@MainActor
private func bandDifference(_ a: CairoImage, _ b: CairoImage, y: Double, height: Double, width: Int) -> Int {
    let y0 = max(0, Int(y.rounded(.up))), y1 = min(a.pixelHeight, b.pixelHeight, Int((y + height).rounded(.down)))
    var count = 0
    for py in y0..<max(y0, y1) {
        for px in 0..<min(width, a.pixelWidth) where a.pixel(x: px, y: py) != b.pixel(x: px, y: py) { count += 1 }
    }
    return count
}

/// A download row's progress bar in a frame: its width and how many pixels along its middle
/// line are coloured (accent, green or red fill rather than the grey track or white).
@MainActor
private func downloadBarFill(_ image: CairoImage, rowTop: Double, rowWidth: Double) -> (width: Double, filled: Int) {
    // DownloadCell: inner = (16, top + 10, width - 76, height - 20); the bar is its last 6 px.
    let x0 = 16.0, width = rowWidth - 76
    let y = Int((rowTop + 68 - 10 - 3).rounded(.down))
    var filled = 0
    for px in Int(x0)..<Int(x0 + width) {
        let p = image.pixel(x: px, y: y)
        let hi = max(p.red, p.green, p.blue), lo = min(p.red, p.green, p.blue)
        if Int(hi) - Int(lo) > 60 { filled += 1 }
    }
    return (width, filled)
}

/// Frames side by side, each with a caption above it (and cut to `height` if given).
@MainActor
private func filmStrip(_ frames: [(String, CairoImage)], _ harness: WindowHarness, height: Int? = nil) -> CairoImage {
    let caption = 28, gap = 8
    let w = frames.map(\.1.width).max() ?? 1, h = min(height ?? .max, frames.map(\.1.height).max() ?? 1)
    let strip = CairoImage(width: frames.count * (w + gap) - gap, height: h + caption)
    cairo_set_source_rgb(strip.cairo, 0.22, 0.22, 0.24)
    cairo_paint(strip.cairo)
    for (i, (_, image)) in frames.enumerated() {
        cairo_surface_flush(image.surface)
        cairo_set_source_surface(strip.cairo, image.surface, Double(i * (w + gap)), Double(caption))
        cairo_paint(strip.cairo)
    }
    let canvas = CairoCanvas(image: strip, pangoContext: gtk_widget_get_pango_context(harness.table.drawingArea), theme: .dark)
    for (i, (label, _)) in frames.enumerated() {
        canvas.drawText(label, in: Rect(x: Double(i * (w + gap) + 10), y: 6, width: Double(w - 20), height: 18),
                        style: TextStyle(font: Font(size: 13, weight: .semibold), color: .white))
    }
    canvas.finish()
    return strip
}

/// Writes `image` to `$POOLTABLE_SCREENSHOTS/name` when that variable names a directory.
@MainActor
func saveScreenshot(_ image: CairoImage, _ name: String) {
    guard let dir = getenv("POOLTABLE_SCREENSHOTS").map({ String(cString: $0) }), !dir.isEmpty else { return }
    mkdir(dir, 0o755)
    image.writePNG(to: dir + "/" + name)
}
