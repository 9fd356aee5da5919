import CGtk
import PoolTable
import PoolTableDemoKit
@_spi(Interop) import PoolTableGtk

/// 500 files with a simulated downloader (field note 004, DocC "The life of a row"). Progress lives in
/// the model, keyed by file id; each tick goes model → the item's current row, if mounted →
/// `reconfigureRows`, so a bar always shows on its own row however cells are recycled.
/// The downloader ticks on a 100 ms GLib timer that runs only while something downloads.
@MainActor
final class DownloadsScreen: Screen {
    static let fileCount = 500
    static let tickMilliseconds: UInt32 = 100

    let name = "downloads"
    var title: String { tr("Downloads") }
    var subtitle: String { trn("{count} file", "{count} files", count: store.downloads.count) }
    var rowNoun: String { tr("Download") }
    var selectionDidChange: (@MainActor () -> Void)?
    let headerControls: [UnsafeMutablePointer<GtkWidget>]

    let store: DownloadStore
    let controller: DownloadsController
    private let ticker = GLibTimeout()
    private var lastTick = 0.0

    init() {
        let store = DownloadStore(count: Self.fileCount)
        self.store = store
        let controller = DownloadsController(store: store)
        self.controller = controller
        let startAll = HeaderWidgets.button(tr("_Start All"), tooltip: tr("Start every queued and paused download (Alt+S)")) {
            controller.startAll()
        }
        let cellBound = HeaderWidgets.labeledSwitch(
            tr("_Cell-bound callbacks"), active: false,
            tooltip: tr("Diagnostic (off by default): send each download’s progress to the cell object that started it, as the first version in article 004 does. Scroll while downloads run and bars appear on the wrong rows; switch it off and every row shows its own file again (Alt+C)")
        ) { on in controller.cellBoundCallbacks = on }
        headerControls = [startAll, cellBound.box]
    }

    func install(in widget: TableWidget) {
        let tableView = widget.tableView
        controller.attach(to: tableView)
        controller.selectionDidChange = { [weak self] in self?.selectionDidChange?() }
        controller.didChange = { [weak self] _ in self?.startTickingIfNeeded() }
    }

    /// Starts the downloader's timer when something downloads and it is not running.
    private func startTickingIfNeeded() {
        guard !ticker.isRunning, store.activeCount > 0 else { return }
        lastTick = MonotonicClock.seconds
        ticker.start(milliseconds: Self.tickMilliseconds) { [weak self] in self?.tick() ?? false }
    }

    /// One timer tick: advance the downloads by the real time elapsed; stop when idle.
    private func tick() -> Bool {
        let now = MonotonicClock.seconds
        let elapsed = min(0.5, max(0, now - lastTick))   // a stalled loop does not leap ahead
        lastTick = now
        store.tick(elapsed: elapsed)
        return store.activeCount > 0
    }
}
