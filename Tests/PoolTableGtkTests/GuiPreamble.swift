import CGtk
import PoolTable
@testable import PoolTableApp
@_spi(Interop) import PoolTableGtk
import Testing

// The one preamble of the GUI tests (issue 34): GTK started, xdotool present where the test
// sends real input, and the window (a bare table's or the app's) mapped and on screen. Each
// step that cannot be had stops the test through `#require`, at the test's own line; a test
// closes its window with `defer { harness.close() }`.

extension GtkTestEnvironment {
    /// GTK started (criticals fatal) and, with `realInput`, xdotool installed; else the test stops.
    static func require(realInput: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try #require(start(), "GTK starts on the display", sourceLocation: sourceLocation)
        if realInput {
            try #require(XDoTool.isAvailable, "xdotool sends the real input (apt install xdotool)", sourceLocation: sourceLocation)
        }
    }
}

extension WindowHarness {
    /// `GtkTestEnvironment.require(realInput:)`, then a window showing a `TableWidget` over
    /// `rows` "Row i" rows (see `init?`), mapped and on screen; else the test stops.
    static func open(rows: Int, sections: Int = 1, width: Int32 = 420, height: Int32 = 600,
                     timeSource: AnimationTimeSource? = nil, realInput: Bool = false,
                     sourceLocation: SourceLocation = #_sourceLocation) throws -> WindowHarness {
        try GtkTestEnvironment.require(realInput: realInput, sourceLocation: sourceLocation)
        return try #require(WindowHarness(rows: rows, sections: sections, width: width, height: height, timeSource: timeSource),
                            "the test window maps", sourceLocation: sourceLocation)
    }
}

extension TableWidgetTests.AppHarness {
    /// `GtkTestEnvironment.require(realInput:)`, then the app's real window with `options`,
    /// presented; else the test stops.
    static func open(options: LaunchOptions = LaunchOptions(), realInput: Bool = false,
                     sourceLocation: SourceLocation = #_sourceLocation) throws -> TableWidgetTests.AppHarness {
        try GtkTestEnvironment.require(realInput: realInput, sourceLocation: sourceLocation)
        return try #require(TableWidgetTests.AppHarness(options: options), "the app's window opens", sourceLocation: sourceLocation)
    }
}

/// The app opened on its Layout Gallery (the Layouts GUI tests' opening): the harness, the
/// screen, its table widget and the collection view it shows. The test closes `harness`.
@MainActor
struct LayoutsGallery {
    let harness: TableWidgetTests.AppHarness
    let screen: LayoutsScreen
    let widget: TableWidget
    let view: CollectionView

    /// `AppHarness.open` on the `layouts` screen; else the test stops (the window closed).
    static func open(realInput: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) throws -> LayoutsGallery {
        var options = LaunchOptions()
        options.screen = "layouts"
        let harness = try TableWidgetTests.AppHarness.open(options: options, realInput: realInput, sourceLocation: sourceLocation)
        do {
            let screen = try #require(harness.window.screens.lazy.compactMap { $0 as? LayoutsScreen }.first,
                                      "the Layouts screen is shown", sourceLocation: sourceLocation)
            let widget = harness.window.currentTable
            let view = try #require(widget.collectionView, "the Layouts screen shows a collection view", sourceLocation: sourceLocation)
            return LayoutsGallery(harness: harness, screen: screen, widget: widget, view: view)
        } catch {
            harness.close()
            throw error
        }
    }
}
