import CGtk
import Glibc
@_spi(Hosting) @_spi(Diagnostics) import PoolTable
@_spi(Interop) import PoolTableGtk
import Testing

// The "Getting started for GTK developers" article's code
// (Sources/PoolTableGtk/PoolTableGtk.docc/GettingStartedForGtkDevelopers.md), verbatim between
// the markers; `articleShowsThisCode` checks the article still shows exactly this text.

// docs:begin code
/// A window listing `names` the way a GtkListView would: a GtkStringList in a
/// GtkSingleSelection, rows filled by the `bind` signal. Keep the returned widget's window.
@MainActor
func showNames(_ names: [String], in app: UnsafeMutablePointer<GtkApplication>) -> UnsafeMutablePointer<GtkWidget> {
    let strings = gtk_string_list_new(nil)!
    for name in names { gtk_string_list_append(strings, name) }
    let selection = gtk_single_selection_new(strings)!          // takes `strings`

    let list = PoolTableListView.make(model: selection)
    g_object_unref(selection.rawPointer)                        // the list holds it now
    Signal.connectPointer(list, "bind") { listItem in
        guard let listItem, let item = PoolTableListItem.item(of: listItem) else { return }
        let name = String(cString: gtk_string_object_get_string(item))
        PoolTableListItem.setText(name.uppercased(), of: listItem)
    }

    let window = gtk_application_window_new(app)!
    gtk_window_set_default_size(window.cast(), 360, 480)
    gtk_window_set_child(window.cast(), list)
    gtk_window_present(window.cast())
    return list
}
// docs:end code

// docs:begin ui
let namesWindowUI = """
<?xml version="1.0" encoding="UTF-8"?>
<interface>
  <object class="GtkWindow" id="window">
    <property name="default-width">360</property>
    <property name="default-height">480</property>
    <child>
      <object class="PoolTableListView" id="list">
        <property name="model">
          <object class="GtkMultiSelection">
            <property name="model">
              <object class="GtkStringList">
                <items>
                  <item>Apples</item>
                  <item>Bananas</item>
                  <item>Cherries</item>
                </items>
              </object>
            </property>
          </object>
        </property>
      </object>
    </child>
  </object>
</interface>
"""
// docs:end ui

// docs:begin folder-ui
let folderWindowUI = """
<?xml version="1.0" encoding="UTF-8"?>
<interface>
  <object class="GtkWindow" id="window">
    <child>
      <object class="PoolTableListView" id="folder">
        <property name="animates-changes">true</property>
        <property name="model">
          <object class="GtkDirectoryList" id="listing">
            <property name="attributes">standard::display-name</property>
          </object>
        </property>
      </object>
    </child>
  </object>
</interface>
"""
// docs:end folder-ui

/// `PoolTableListView` from code and from a `.ui` file. Needs a display (xvfb-run).
@Suite("PoolTableListView", .serialized, .enabled(if: GtkTestEnvironment.hasDisplay, "needs a display: run under xvfb-run"))
@MainActor
struct ListViewBuilderTests {
    @Test("A window built from a .ui string with a GtkStringList shows its rows, and shares its GtkMultiSelection")
    func builderWindowShowsRows() throws {
        try GtkTestEnvironment.require()
        // docs:begin load
        PoolTableListView.ensureType()                  // before GtkBuilder reads the file
        let builder = gtk_builder_new_from_string(namesWindowUI, -1)!
        let window = gtk_builder_get_object(builder, "window")!
        gtk_window_present(window.cast())
        // docs:end load
        defer {
            gtk_window_destroy(window.cast())
            g_object_unref(builder.rawPointer)
            GtkTestEnvironment.waitForFrame()
        }
        let list = try #require(gtk_builder_get_object(builder, "list"))
        let table = try #require(PoolTableListView.tableWidget(of: list)).tableView
        let shown = GtkTestEnvironment.iterate { table.visibleCells.count == 3 }
        #expect(shown, "the window maps and shows the three rows")
        #expect(table.visibleCells.map(\.text) == ["Apples", "Bananas", "Cherries"])
        // The model property reads back what the file set; its selection is the view's.
        var value = GValue()
        g_value_init(&value, gtk_selection_model_get_type())
        g_object_get_property(list.cast(), "model", &value)
        let model = try #require(g_value_get_object(&value).map(OpaquePointer.init))
        #expect(table.allowsMultipleSelection)
        gtk_selection_model_select_item(model, 2, 0)
        #expect(table.isRowSelected(at: IndexPath(row: 2, section: 0)))
        g_value_unset(&value)
        // And it drew them, in GTK's own pipeline too: emptying the model changes the pixels.
        let widget = try #require(PoolTableListView.tableWidget(of: list))
        let recording = RecordingCanvas(theme: widget.theme)
        table.render(in: recording)
        #expect(recording.texts.contains { $0.0 == "Cherries" })
        let withRows = try #require(widget.snapshotToImage())
        g_object_set_property(list.cast(), "model", Self.nullObject)
        #expect(GtkTestEnvironment.iterate { table.numberOfRows(inSection: 0) == 0 })
        let empty = try #require(widget.snapshotToImage())
        #expect(empty.differingPixels(from: withRows) > 300, "the rows' text was drawn")
    }

    @Test("From code: the bind signal fills the rows; setup, unbind and teardown come in pairs")
    func codePathBindsThroughSignals() throws {
        try GtkTestEnvironment.require()
        let app = gtk_application_new("org.example.Names", G_APPLICATION_NON_UNIQUE)!
        defer { g_object_unref(app) }
        var list: UnsafeMutablePointer<GtkWidget>?
        let names = (1...500).map { "name \($0)" }
        Signal.connect(app, "activate") { list = showNames(names, in: app) }
        #expect(g_application_register(app.cast(to: GApplication.self), nil, nil) != 0)
        g_application_activate(app.cast(to: GApplication.self))
        let widget = try #require(list)
        var setups = 0, unbinds = 0, teardowns = 0
        Signal.connectPointer(widget, "setup") { _ in setups += 1 }
        Signal.connectPointer(widget, "unbind") { _ in unbinds += 1 }
        Signal.connectPointer(widget, "teardown") { _ in teardowns += 1 }
        let table = try #require(PoolTableListView.tableWidget(of: widget)).tableView
        #expect(GtkTestEnvironment.iterate { !table.visibleCells.isEmpty })
        #expect(table.numberOfRows(inSection: 0) == 500)
        #expect(table.visibleCells.first?.text == "NAME 1")
        #expect(table.selectedRanges(inSection: 0) == [0..<1])       // GtkSingleSelection's autoselect
        table.contentOffset = Point(x: 0, y: 44 * 300)
        #expect(GtkTestEnvironment.iterate { table.visibleCells.first?.text?.hasPrefix("NAME 3") == true })
        #expect(unbinds > 0)
        let window = try #require(gtk_widget_get_root(widget))
        let cells = table.cellsCreated
        gtk_window_destroy(window.cast(to: GtkWindow.self))
        GtkTestEnvironment.wait(for: "a teardown for each of the \(cells) cells") { teardowns == cells }
        #expect(teardowns == cells)
        #expect(setups <= cells)
    }

    @Test("A destroyed PoolTableListView lets go of its model and of every item it bound")
    func releasesModelAndItems() throws {
        try GtkTestEnvironment.require()
        let store = ListStoreFixture(count: 300)
        let model = store.model.cast(to: GObject.self)
        let item = store.objects[1].cast(to: GObject.self)
        let modelRefs = model.pointee.ref_count, itemRefs = item.pointee.ref_count
        let window = try #require(gtk_window_new())
        gtk_window_set_default_size(window.cast(), 360, 480)
        let list = PoolTableListView.make(model: store.model)
        gtk_window_set_child(window.cast(), list)
        gtk_window_present(window.cast())
        let table = try #require(PoolTableListView.tableWidget(of: list)).tableView
        #expect(GtkTestEnvironment.iterate { !table.visibleCells.isEmpty })
        #expect(model.pointee.ref_count > modelRefs)
        #expect(item.pointee.ref_count == itemRefs + 1, "a bound item is referenced once, by its cell")
        table.contentOffset = Point(x: 0, y: 44 * 200)
        #expect(GtkTestEnvironment.iterate { item.pointee.ref_count == itemRefs }, "unbound when its row left")
        table.contentOffset = .zero
        #expect(GtkTestEnvironment.iterate { item.pointee.ref_count == itemRefs + 1 })
        gtk_window_destroy(window.cast())
        GtkTestEnvironment.wait(for: "the destroyed list to release its model and item") {
            model.pointee.ref_count == modelRefs && item.pointee.ref_count == itemRefs
        }
        #expect(model.pointee.ref_count == modelRefs)
        #expect(item.pointee.ref_count == itemRefs)
    }

    @Test("animates-changes is a GObject property: false by default (as GtkListView), set from a .ui file or g_object_set, and it is the data source's animatesChanges")
    func animatesChangesProperty() throws {
        try GtkTestEnvironment.require()
        let plain = PoolTableListView.make()
        g_object_ref_sink(plain.rawPointer)
        defer { g_object_unref(plain.rawPointer) }
        #expect(!GObjectProperty.bool(plain, "animates-changes"))
        #expect(PoolTableListView.dataSource(of: plain)?.animatesChanges == false)

        PoolTableListView.ensureType()
        let builder = try #require(gtk_builder_new_from_string(folderWindowUI, -1))
        defer { g_object_unref(builder.rawPointer) }
        let window = try #require(gtk_builder_get_object(builder, "window"))
        defer { gtk_window_destroy(window.cast()) }
        let list = try #require(gtk_builder_get_object(builder, "folder"))
        let source = try #require(PoolTableListView.dataSource(of: list))
        #expect(GObjectProperty.bool(list, "animates-changes"))
        #expect(source.animatesChanges)
        #expect(source.model == gtk_builder_get_object(builder, "listing").map(OpaquePointer.init))

        var notifications = 0
        Signal.connectPointer(list, "notify::animates-changes") { _ in notifications += 1 }
        GObjectProperty.set(list, "animates-changes", bool: false)
        #expect(!source.animatesChanges)
        #expect(!GObjectProperty.bool(list, "animates-changes"))
        GObjectProperty.set(list, "animates-changes", bool: false)        // unchanged: no notify
        #expect(notifications == 1)
    }

    @Test("The article shows exactly the code and .ui text these tests run")
    func articleShowsThisCode() throws {
        let source = try read(#filePath)
        var parts: [String] = []
        for name in ["code", "ui", "load", "folder-ui"] {
            let begin = try #require(source.range(of: "// docs:begin \(name)\n"))
            let end = try #require(source.range(of: "// docs:end \(name)"))
            parts.append(String(source[begin.upperBound..<end.lowerBound]))
        }
        var path = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        path.removeLast(3)
        let article = try read(path.joined(separator: "/") + "/Sources/PoolTableGtk/PoolTableGtk.docc/GettingStartedForGtkDevelopers.md")
        for part in parts {
            // The article shows the load lines unindented.
            let text = part.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.hasPrefix("        ") ? String($0.dropFirst(8)) : String($0) }.joined(separator: "\n")
            #expect(article.contains(part) || article.contains(text), "the article must show this verbatim:\n\(part)")
        }
    }

    /// A `GValue` holding a NULL object (unsets an object property).
    static let nullObject: UnsafePointer<GValue> = {
        let value = UnsafeMutablePointer<GValue>.allocate(capacity: 1)
        value.initialize(to: GValue())
        g_value_init(value, g_type_from_name("GObject"))
        return UnsafePointer(value)
    }()

    private func read(_ path: String) throws -> String {
        guard let file = fopen(path, "r") else { throw ReadError() }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = fread(&buffer, 1, buffer.count, file)
            if n == 0 { break }
            bytes += buffer[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
    struct ReadError: Error {}
}
