import CGtk
import Glibc
import PoolTable
@_spi(Interop) import PoolTableGtk

/// GTK is initialised once per process, on the main thread; every GTK test lives in one
/// `.serialized`, `@MainActor` suite and starts with `GtkTestEnvironment.start()`.
@MainActor
enum GtkTestEnvironment {
    /// True when some display is configured (Xvfb, X11, Wayland or Broadway).
    nonisolated static var hasDisplay: Bool {
        func variable(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
        return [variable("DISPLAY"), variable("WAYLAND_DISPLAY")].contains { !($0 ?? "").isEmpty }
            || variable("GDK_BACKEND") == "broadway"
    }

    private static var initialised: Bool?

    /// The XDG cache folder the tests use instead of the user's (made once per process,
    /// before GTK starts, and removed at exit): the app's thumbnail cache writes under it,
    /// never under ~/.cache.
    nonisolated static let cacheHome: String = {
        var template = Array("/tmp/pooltable-tests-cache-XXXXXX".utf8CString)
        let path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
        setenv("XDG_CACHE_HOME", path, 1)
        atexit { TableWidgetTests.TemporaryTree.remove(GtkTestEnvironment.cacheHome) }
        return path
    }()

    /// Initialises GTK (once) and makes criticals fatal, like `G_DEBUG=fatal-criticals`.
    /// False, with a message, when GTK cannot open the display. Points XDG_CACHE_HOME at
    /// `cacheHome` first.
    static func start() -> Bool {
        if let initialised { return initialised }
        _ = cacheHome
        let ok = gtk_init_check() != 0
        if ok {
            let fatal = g_log_set_always_fatal(G_LOG_LEVEL_CRITICAL)
            _ = g_log_set_always_fatal(GLogLevelFlags(rawValue: fatal.rawValue | G_LOG_LEVEL_CRITICAL.rawValue))
        } else {
            print("PoolTableGtkTests: gtk_init_check failed (no usable display); GTK tests skipped. Run them under xvfb-run.")
        }
        initialised = ok
        return ok
    }

    /// Runs the GLib main context until `condition` holds or `timeout` seconds pass.
    @discardableResult
    static func iterate(timeout: Double = 5, until condition: () -> Bool) -> Bool {
        let deadline = MonotonicClock.seconds + timeout
        while !condition() {
            if MonotonicClock.seconds > deadline { return false }
            if g_main_context_iteration(nil, 0) == 0 { usleep(2_000) }
        }
        return true
    }

    /// Lets pending events, layout and frames run for a moment.
    static func settle(_ seconds: Double = 0.15) {
        let end = MonotonicClock.seconds + seconds
        _ = iterate(timeout: seconds + 1) { MonotonicClock.seconds >= end }
    }
}

/// N uniform rows titled "Row i" (in one section), with multiple selection in edit mode.
@MainActor
final class RowsSource: TableViewDataSource, TableViewDelegate {
    let count: Int
    let sections: Int
    /// `didActivateRowAt` calls, in order.
    var activated: [IndexPath] = []

    init(count: Int, sections: Int = 1) {
        self.count = count
        self.sections = sections
    }

    func install(in tableView: TableView) {
        tableView.register({ TableViewCell(reuseIdentifier: $0) }, forCellReuseIdentifier: "row")
        tableView.allowsMultipleSelectionDuringEditing = true
        tableView.dataSource = self
        tableView.delegate = self
    }

    func numberOfSections(in tableView: TableView) -> Int { sections }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        sections > 1 ? "Section \(section)" : nil
    }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.text = "Row \(indexPath.row)"
        return cell
    }
    func tableView(_ tableView: TableView, didActivateRowAt indexPath: IndexPath) { activated.append(indexPath) }
}

/// A real GtkWindow showing a `TableWidget`, presented and mapped.
@MainActor
final class WindowHarness {
    let window: UnsafeMutablePointer<GtkWidget>
    let table: TableWidget
    let source: RowsSource

    /// Nil (the test should stop) if the window never maps.
    ///
    /// `timeSource` is installed before the window exists, so no frame-clock tick ever
    /// reaches the engine through another source. A `ManualTimeSource` (see `manualClock`)
    /// hands the engine's clock to the test, and the engine starts at its `start`; nil keeps
    /// GTK's frame clock (real-time animations, e.g. for real input).
    init?(rows: Int, sections: Int = 1, width: Int32 = 420, height: Int32 = 600, timeSource: AnimationTimeSource? = nil) {
        table = TableWidget()
        if let timeSource { table.timeSource = timeSource }
        if let manual = timeSource as? ManualTimeSource { table.tableView.advanceAnimations(to: manual.start) }
        source = RowsSource(count: rows, sections: sections)
        source.install(in: table.tableView)
        window = gtk_window_new()
        gtk_window_set_title(window.cast(to: GtkWindow.self), "PoolTable test")
        gtk_window_set_default_size(window.cast(to: GtkWindow.self), width, height)
        gtk_window_set_child(window.cast(to: GtkWindow.self), table.widget)
        gtk_window_present(window.cast(to: GtkWindow.self))
        let table = table
        let mapped = GtkTestEnvironment.iterate {
            gtk_widget_get_mapped(table.drawingArea) != 0 && table.tableView.frame.height > 0 && table.framesPerSecond >= 0
                && table.verticalAdjustment.map { gtk_adjustment_get_page_size($0) > 0 } == true
        }
        GtkTestEnvironment.settle()
        if !mapped {
            gtk_window_destroy(window.cast(to: GtkWindow.self))
            return nil
        }
    }

    func close() {
        gtk_window_destroy(window.cast(to: GtkWindow.self))
        GtkTestEnvironment.settle(0.05)
    }

    var adjustment: UnsafeMutablePointer<GtkAdjustment> { table.verticalAdjustment! }

    /// The manual clock the test owns (nil on the frame clock): take t0 from its `start`.
    var manualClock: ManualTimeSource? { table.timeSource as? ManualTimeSource }
}
