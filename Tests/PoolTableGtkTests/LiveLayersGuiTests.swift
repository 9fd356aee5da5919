import CGtk
@_spi(Hosting) @_spi(Diagnostics) import PoolTable
import PoolTableDemoKit
@_spi(Interop) @_spi(Diagnostics) @testable import PoolTableGtk
import Testing

/// Live layers on the Downloads rows in a real window (issue 36).
extension TableWidgetTests {
    @Test("Overlay on Downloads: rows whose progress ticked are outlined on their bar and byte count only; a row whose state changed is not")
    func overlayMarksLiveLayersOnDownloads() throws {
        try #require(GtkTestEnvironment.start())
        let harness = try #require(WindowHarness(rows: 1, width: 900, height: 600))
        defer { harness.close() }
        let widget = harness.table, table = widget.tableView
        let store = DownloadStore(count: 500, seed: 4)
        let controller = DownloadsController(store: store)
        defer { withExtendedLifetime(controller) {} }
        controller.attach(to: table)
        let overlay = DebugOverlay()
        widget.debugOverlay = overlay
        GtkTestEnvironment.waitForFrame()
        let cells = table.indexPathsForVisibleRows.compactMap { table.cellForRow(at: $0) as? DownloadCell }
        try #require(cells.count >= 6)
        let ticking = Array(cells.prefix(5))
        for c in ticking { store.start(c.downloadID!) }
        table.layoutIfNeeded()   // binds the reconfigures now (else the next frame would)
        GtkTestEnvironment.wait(for: "the start's ease to end") { !table.hasRunningAnimations }
        #expect(!ticking.contains { $0.isRedrawingLiveLayersOnly }, "a state change redraws the whole row")
        store.tick(elapsed: 0.5)
        table.layoutIfNeeded()
        GtkTestEnvironment.wait(for: "the tick's ease to end") { !table.hasRunningAnimations }
        #expect(ticking.allSatisfy { $0.isRedrawingLiveLayersOnly })
        #expect(cells.dropFirst(5).allSatisfy { !$0.isRedrawingLiveLayersOnly })
        let image = try harness.nextFrame()
        let t = overlay.transform(for: table)
        /// Pixels of the overlay's live colour (its outline) along the top edge of `rect`
        /// (content coordinates of `cell`) as the overlay strokes it: 1.5 px outside, in view pixels.
        func liveInk(_ cell: DownloadCell, _ rect: Rect) -> Int {
            let v = t.view(Rect(x: cell.frame.minX + rect.minX, y: cell.frame.minY + rect.minY, width: rect.width, height: rect.height))
            let live = overlay.palette.live
            func isLive(_ p: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)) -> Bool {
                abs(Int(p.red) - Int(live.red * 255)) < 40 && abs(Int(p.green) - Int(live.green * 255)) < 40 && abs(Int(p.blue) - Int(live.blue * 255)) < 40
            }
            return (-1...1).map { dy in
                (Int(v.minX + 4)..<Int(v.maxX - 4)).filter { isLive(image.pixel(x: $0, y: Int((v.minY - 1.5).rounded()) + dy)) }.count
            }.max() ?? 0
        }
        for cell in cells.prefix(6) {
            let bounds = Rect(origin: .zero, size: cell.frame.size)
            let bar = cell.frame(of: DownloadCell.progressLayer, in: bounds)
            // The outline runs 1.5 px outside the bar's top edge; the name line (static) is never outlined.
            let barInk = liveInk(cell, bar)
            let nameInk = liveInk(cell, Rect(x: 16, y: 10, width: 200, height: 18))
            if ticking.contains(where: { $0 === cell }) {
                #expect(barInk > 20, "row \(cell.downloadID!)'s bar outlined, \(barInk) px")
            } else {
                #expect(barInk == 0, "row \(cell.downloadID!) did not tick")
            }
            #expect(nameInk == 0, "row \(cell.downloadID!)'s name is static")
        }
    }
}
