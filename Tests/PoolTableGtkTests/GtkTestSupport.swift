import CGtk
import Glibc
import PoolTable
@_spi(Interop) import PoolTableGtk
@_exported import PoolTableTestSupport
import Testing

/// GTK is initialised once per process, on the main thread; every GTK test lives in one
/// `.serialized`, `@MainActor` suite and starts with the preamble in GuiPreamble.swift
/// (`GtkTestEnvironment.require()`, `WindowHarness.open`, `AppHarness.open`).
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

    /// Runs the main loop until `condition` holds. If `timeout` seconds of wall time pass
    /// first (a generous bound: the machine may be loaded, the wait normally takes a few
    /// frames), the test fails with "timed out after N s waiting for `what`".
    @discardableResult
    static func wait(for what: @autoclosure () -> String, timeout: Double = 20,
                     sourceLocation: SourceLocation = #_sourceLocation, until condition: () -> Bool) -> Bool {
        if iterate(timeout: timeout, until: condition) { return true }
        Issue.record("timed out after \(timeout) s waiting for \(what())", sourceLocation: sourceLocation)
        return false
    }

    /// Runs the main loop for `seconds` of wall time: for what is measured over time (a redraw
    /// rate; that nothing happens while idle), never to wait for something to happen.
    static func observe(for seconds: Double) {
        _ = iterate(timeout: seconds) { false }
    }

    /// `wait(for:until:)`, then `waitForFrame()`: the state reached, and drawn.
    @discardableResult
    static func waitThenFrame(for what: @autoclosure () -> String, timeout: Double = 20,
                              sourceLocation: SourceLocation = #_sourceLocation, until condition: () -> Bool) -> Bool {
        wait(for: what(), timeout: timeout, sourceLocation: sourceLocation, until: condition)
            && waitForFrame("a frame after \(what())", timeout: timeout, sourceLocation: sourceLocation)
    }

    /// Waits until `window` is on screen as the display server sees it (its surface mapped:
    /// X's MapNotify has arrived), then for a frame: real input sent after this lands on it.
    /// GTK maps a widget before the server maps its window; a frame alone can come first.
    @discardableResult
    static func waitUntilOnScreen(_ window: UnsafeMutablePointer<GtkWidget>, timeout: Double = 20,
                                  sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        wait(for: "the window to be mapped by the display server", timeout: timeout, sourceLocation: sourceLocation) {
            gtk_widget_get_mapped(window) != 0
                && gtk_native_get_surface(OpaquePointer(window)).map { gdk_surface_get_mapped($0) != 0 } == true
        } && waitForFrame("the first frame on screen", timeout: timeout, sourceLocation: sourceLocation)
    }

    /// Lets pending events, layout and frames run: redraws every mapped window and runs the
    /// main loop until each has painted a new frame (its frame clock's after-paint; a window
    /// unmapped meanwhile counts as done), `frames` times over, then runs what is ready. A
    /// frame drawn, not a stretch of wall time: what a frame shows is there when this
    /// returns, however loaded the machine. Fails the test, naming `what`, if a frame does
    /// not come within `timeout` seconds.
    @discardableResult
    static func waitForFrame(_ what: String = "a frame", frames: Int = 1, timeout: Double = 20,
                             sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        // A round trip to the display server first: input another client (xdotool) sent
        // before this call is then in GDK's queue, and GDK dispatches events before it paints.
        if let display = gdk_display_get_default() { gdk_display_sync(display) }
        for n in 0..<frames {
            var windows: [(window: UnsafeMutablePointer<GtkWidget>, clock: OpaquePointer)] = []
            if let list = gtk_window_get_toplevels() {
                for i in 0..<g_list_model_get_n_items(list) {
                    guard let item = g_list_model_get_item(list, i) else { continue }
                    let window = item.assumingMemoryBound(to: GtkWidget.self)
                    if gtk_widget_get_mapped(window) != 0, let clock = gtk_widget_get_frame_clock(window) {
                        g_object_ref(clock.rawPointer)
                        windows.append((window, clock))   // keeps the item's reference
                        gtk_widget_queue_draw(window)
                    } else {
                        g_object_unref(item)
                    }
                }
            }
            var painted = Array(repeating: false, count: windows.count)
            let handlers = windows.enumerated().map { i, w in
                Signal.connect(w.clock, "after-paint", after: true) { painted[i] = true }
            }
            defer {
                for (w, handler) in zip(windows, handlers) {
                    Signal.disconnect(w.clock, handler)
                    g_object_unref(w.clock.rawPointer)
                    g_object_unref(w.window)
                }
            }
            let ok = wait(for: "\(what) (frame \(n + 1) of \(frames), on \(windows.count) window(s))",
                          timeout: timeout, sourceLocation: sourceLocation) {
                windows.indices.allSatisfy { painted[$0] || gtk_widget_get_mapped(windows[$0].window) == 0 }
            }
            if !ok { return false }
        }
        // What the frame left ready to run (an idle it queued: accessible rows, …), run now.
        // Bounded: a window that animates always has something due.
        for _ in 0..<100 where g_main_context_pending(nil) != 0 { g_main_context_iteration(nil, 0) }
        return true
    }
}

/// The counted table fixture: `count` uniform rows titled "Row i" in each section (headed
/// "Section s" when there are several); `install` turns on multiple selection in edit mode.
/// `activated` records `didActivateRowAt`.
@MainActor
final class RowsSource: CountedTableSourceFixture {
    init(count: Int, sections: Int = 1) {
        super.init(counts: Array(repeating: count, count: sections))
        if sections > 1 { headerTitle = { "Section \($0)" } }
        attachStep = .nothing
        keptAlive = false   // the harness holds it; LeakGtkTests checks that it is freed
    }

    func install(in tableView: TableView) {
        tableView.allowsMultipleSelectionDuringEditing = true
        attach(to: tableView)
    }
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
        if mapped { GtkTestEnvironment.waitUntilOnScreen(window) }
        if !mapped {
            gtk_window_destroy(window.cast(to: GtkWindow.self))
            return nil
        }
    }

    func close() {
        gtk_window_destroy(window.cast(to: GtkWindow.self))
        GtkTestEnvironment.waitForFrame()
    }

    var adjustment: UnsafeMutablePointer<GtkAdjustment> { table.verticalAdjustment! }

    /// The manual clock the test owns (nil on the frame clock): take t0 from its `start`.
    var manualClock: ManualTimeSource? { table.timeSource as? ManualTimeSource }
}
