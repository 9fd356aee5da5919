import CGtk
@_spi(Hosting) @_spi(Diagnostics) import PoolTable
@_spi(Interop) @testable import PoolTableGtk
import Testing

/// `ListModelDataSource.animatesChanges`: a model's changes apply at once, as GtkListView
/// applies them, unless it is set; then the rows on screen glide and fade.
extension ListModelDataSourceTests {
    /// Where `text` is drawn now (the top of its text rectangle), nil when it is not drawn.
    static func drawnY(of text: String, in table: TableView) -> Double? {
        let canvas = RecordingCanvas()
        table.render(in: canvas)
        return canvas.texts.first { $0.0 == text }?.1.minY
    }

    /// The drawn texts, top to bottom.
    static func drawnTexts(in table: TableView) -> [String] {
        let canvas = RecordingCanvas()
        table.render(in: canvas)
        return canvas.texts.sorted { $0.1.minY < $1.1.minY }.map(\.0)
    }

    @Test("By default an items-changed on screen applies at once: no animation runs after it, rows are drawn at their new places, a deleted row is gone")
    func changesApplyAtOnceByDefault() throws {
        try GtkTestEnvironment.require()
        let store = ListStoreFixture(count: 30)
        let harness = TableFixture(model: store.model)
        let table = harness.table
        #expect(!harness.source.animatesChanges)
        #expect(!table.hasRunningAnimations)
        let y6 = try #require(Self.drawnY(of: "Item 6", in: table))

        // Row 3 replaced by two new rows, on screen: a delete and an insert.
        store.splice(3, removed: 1, adding: [store.makeObject("New A"), store.makeObject("New B")])
        #expect(!table.hasRunningAnimations, "an unanimated change leaves no animation running")
        #expect(Self.drawnY(of: "Item 6", in: table) == y6 + 44, "drawn one row lower at once")
        #expect(Self.drawnY(of: "Item 3", in: table) == nil, "no ghost of the deleted row")
        #expect(Self.drawnY(of: "New A", in: table) != nil)
        try harness.check(against: store)

        // Rows 1..<6 re-sorted in one items-changed: the batch moves rows on screen, still at
        // once, and the returning items keep their cells.
        let binds = harness.source.bindCount
        let cells = harness.cellsByItem()
        store.splice(1, removed: 5, adding: store.objects[1..<6].reversed())
        #expect(!table.hasRunningAnimations, "moved rows do not glide either")
        let shown = Self.drawnTexts(in: table)
        #expect(shown.count > 6)
        #expect(shown == Array(store.names.prefix(shown.count)))
        #expect(harness.source.bindCount == binds)
        #expect(harness.cellsByItem() == cells)
        try harness.check(against: store)
        #expect(harness.source.modelErrors == 0)
        #expect(table.lastBatchUpdateError == nil)
    }

    @Test("With animatesChanges an items-changed on screen glides: the rows below start where they were drawn and end one row lower; the deleted row fades out")
    func animatedChangesGlide() throws {
        try GtkTestEnvironment.require()
        let store = ListStoreFixture(count: 30)
        let harness = TableFixture(model: store.model)
        let table = harness.table
        harness.source.animatesChanges = true
        let y6 = try #require(Self.drawnY(of: "Item 6", in: table))

        store.splice(3, removed: 1, adding: [store.makeObject("New A"), store.makeObject("New B")])
        #expect(table.hasRunningAnimations, "an animated change on screen runs an animation")
        let start = (table.animationTime ?? 0) + 1
        table.advanceAnimations(to: start)                   // the animations begin now
        let atStart = try #require(Self.drawnY(of: "Item 6", in: table))
        #expect(abs(atStart - y6) < 1e-6, "starts where it was drawn")
        #expect(Self.drawnY(of: "Item 3", in: table) != nil, "the deleted row is drawn while it fades")
        table.advanceAnimations(to: start + 0.1)
        let midway = try #require(Self.drawnY(of: "Item 6", in: table))
        #expect(midway > y6 && midway < y6 + 44, "on its way: \(midway)")

        harness.finishAnimations()
        #expect(!table.hasRunningAnimations)
        #expect(Self.drawnY(of: "Item 6", in: table) == y6 + 44)
        #expect(Self.drawnY(of: "Item 3", in: table) == nil)
        try harness.check(against: store)
        #expect(harness.source.modelErrors == 0)
    }
}
