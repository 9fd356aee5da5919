import Testing
@testable import PoolTable

/// A custom content configuration: a colour swatch with a caption, a height of its own, and
/// the state it was last updated for (so a test sees `updated(for:)` at work).
struct SwatchConfiguration: ContentConfiguration, Hashable {
    var caption: String
    var color = Color(hex: 0x3584e4)
    var height = 40.0
    var looksSelected = false
    var looksHighlighted = false
    var looksEditing = false

    func makeContentView() -> any ContentView { SwatchView(configuration: self) }

    func updated(for state: any ConfigurationState) -> SwatchConfiguration {
        guard let state = state as? CellConfigurationState else { return self }
        var updated = self
        updated.looksSelected = state.isSelected
        updated.looksHighlighted = state.isHighlighted
        updated.looksEditing = state.isEditing
        return updated
    }

    /// What the view draws as its caption: the caption and the state it looks in.
    var drawnCaption: String {
        caption + (looksSelected ? " selected" : "") + (looksHighlighted ? " highlighted" : "") + (looksEditing ? " editing" : "")
    }
}

/// Draws a swatch: its colour over the bounds and its caption at the leading edge. A plain
/// class: a content view needs no base class.
@MainActor
final class SwatchView: ContentView {
    var swatch: SwatchConfiguration
    /// How often a configuration was handed to the view after it was made.
    var configurationsReceived = 0

    init(configuration: SwatchConfiguration) {
        swatch = configuration
    }

    var configuration: any ContentConfiguration {
        get { swatch }
        set {
            guard let swatch = newValue as? SwatchConfiguration else { return }
            self.swatch = swatch
            configurationsReceived += 1
        }
    }

    func sizeThatFits(_ size: Size, canvas: Canvas) -> Size { Size(width: size.width, height: swatch.height) }

    func draw(in canvas: Canvas, bounds: Rect) {
        canvas.fill(bounds, color: swatch.color)
        canvas.drawText(swatch.drawnCaption, in: Rect(x: bounds.minX + 8, y: bounds.minY, width: bounds.width - 16, height: 20), style: TextStyle())
    }

    var accessibilityLabel: String? { swatch.caption }
}

@MainActor
@Suite("Content configurations")
struct ContentConfigurationTests {
    typealias Source = CollectionViewDiffableDataSource<Int, Int>

    /// A one-column compositional grid of plain cells whose heights are estimated, item N
    /// showing the `SwatchConfiguration` "swatch N", `height(N)` points high.
    func makeGrid(count: Int = 300, height: @escaping (Int) -> Double = { 30 + Double($0 % 5) * 10 }) throws -> (CollectionView, Source) {
        let size = CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(50))
        let section = CollectionLayoutSection(group: .horizontal(layoutSize: size, subitems: [CollectionLayoutItem(layoutSize: size)]))
        let view = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 400), collectionViewLayout: CollectionViewCompositionalLayout(section: section))
        let registration = CollectionView.CellRegistration<CollectionViewCell, Int> { cell, _, item in
            cell.contentConfiguration = SwatchConfiguration(caption: "swatch \(item)", height: height(item))
        }
        let source = Source(collectionView: view) { view, ip, item in
            view.dequeueConfiguredReusableCell(using: registration, for: ip, item: item)
        }
        var snapshot = DiffableSnapshot<Int, Int>()
        snapshot.appendSections([0]); snapshot.appendItems(Array(0..<count))
        try source.applyThrowing(snapshot, animatingDifferences: false)
        view.layoutIfNeeded()
        return (view, source)
    }

    func swatchView(_ cell: ReusableCell) throws -> SwatchView {
        try #require(cell.hostedContent.view as? SwatchView)
    }

    @Test("a cell makes its content view once and hands every later configuration to it, across reuse")
    func madeOnceReusedWithTheCell() throws {
        let (view, source) = try makeGrid()
        var views: [ObjectIdentifier: ObjectIdentifier] = [:]
        for cell in view.mountedCells { views[ObjectIdentifier(cell)] = ObjectIdentifier(try swatchView(cell)) }
        #expect(!views.isEmpty)
        var rebound = 0
        for y in stride(from: 0.0, through: 6000, by: 170) {
            view.contentOffset = Point(x: 0, y: y)
            view.layoutIfNeeded()
            for (ip, cell) in zip(view.indexPathsForMountedItems, view.mountedCells) {
                let swatch = try swatchView(cell)
                let item = try #require(source.itemIdentifier(for: ip))
                #expect(cell.hostedContent.viewsMade == 1, "one view per cell")
                #expect(swatch.swatch.caption == "swatch \(item)", "the reused view shows its new item")
                if let first = views[ObjectIdentifier(cell)] {
                    #expect(first == ObjectIdentifier(swatch), "the cell keeps its view")
                    if swatch.configurationsReceived > 0 { rebound += 1 }
                } else {
                    views[ObjectIdentifier(cell)] = ObjectIdentifier(swatch)
                }
            }
        }
        #expect(rebound > 0, "cells were rebound to other items through the same view")
        // What is drawn is the view's drawing of the current item.
        let canvas = RecordingCanvas()
        view.render(in: canvas)
        let viewport = Rect(origin: view.contentOffset, size: view.frame.size)
        let whole = view.indexPathsForVisibleItems.filter { let r = view.rectForItem(at: $0); return r.minY >= viewport.minY && r.maxY <= viewport.maxY }
        #expect(whole.count >= 5)
        for ip in whole {
            let item = try #require(source.itemIdentifier(for: ip))
            let frame = view.rectForItem(at: ip)
            let text = try #require(canvas.texts.first { $0.0 == "swatch \(item)" }, "swatch \(item) drawn")
            #expect(text.1.minX == frame.minX + 8)
        }
        #expect(canvas.filledRects(color: Color(hex: 0x3584e4)).count >= view.indexPathsForVisibleItems.count)
    }

    @Test("estimated items self-size to their content view's height")
    func selfSizing() throws {
        let height: (Int) -> Double = { 30 + Double($0 % 5) * 10 }
        let (view, source) = try makeGrid(height: height)
        #expect(!view.indexPathsForVisibleItems.isEmpty)
        for ip in view.indexPathsForMountedItems {
            let item = try #require(source.itemIdentifier(for: ip))
            #expect(view.rectForItem(at: ip).height == height(item), "item \(item)")
        }
        let frames = view.indexPathsForMountedItems.map { view.rectForItem(at: $0) }
        #expect(zip(frames, frames.dropFirst()).allSatisfy { $0.maxY == $1.minY })
        let cell = try #require(view.mountedCells.first)
        #expect(cell.sizeThatFits(Size(width: 100, height: 50), canvas: RecordingCanvas()).height == (cell.hostedContent.configuration as? SwatchConfiguration)?.height)
    }

    @Test("selection, highlight and edit mode update the configuration through updated(for:), unless turned off")
    func updatedForState() throws {
        let (view, _) = try makeGrid(count: 20)
        let ip = IndexPath(item: 2, section: 0)
        let cell = try #require(view.cellForItem(at: ip))
        let swatch = try swatchView(cell)
        #expect(!swatch.swatch.looksSelected)
        view.selectItem(at: ip, animated: false, scrollPosition: [])
        #expect(swatch.swatch.looksSelected && !swatch.swatch.looksEditing)
        #expect((cell.contentConfiguration as? SwatchConfiguration)?.looksSelected == true, "the cell's configuration is the updated one")
        cell.isHighlighted = true
        #expect(swatch.swatch.looksHighlighted)
        cell.isHighlighted = false
        view.deselectItem(at: ip, animated: false)
        #expect(!swatch.swatch.looksSelected && !swatch.swatch.looksHighlighted)
        view.setEditing(true, animated: false)
        #expect(swatch.swatch.looksEditing)
        let canvas = RecordingCanvas()
        view.render(in: canvas)
        #expect(canvas.texts.contains { $0.0 == "swatch 2 editing" }, "the drawing follows")
        view.setEditing(false, animated: false)
        #expect(cell.hostedContent.viewsMade == 1)
        // A rebind while selected shows the new configuration in the selected look at once.
        view.selectItem(at: ip, animated: false, scrollPosition: [])
        cell.contentConfiguration = SwatchConfiguration(caption: "fresh")
        #expect(swatch.swatch.caption == "fresh" && swatch.swatch.looksSelected)
        // Turned off: the configuration stays as set.
        cell.automaticallyUpdatesContentConfiguration = false
        view.deselectItem(at: ip, animated: false)
        #expect(swatch.swatch.looksSelected)
        #expect(cell.hostedContent.viewsMade == 1)
    }

    @Test("a configuration the view does not support makes a new view; nil leaves only the cell's drawing")
    func otherTypesAndNil() throws {
        let cell = CollectionViewCell(reuseIdentifier: "c")
        cell.contentConfiguration = SwatchConfiguration(caption: "a")
        let first = try swatchView(cell)
        var list = ListContentConfiguration.cell()
        list.text = "list"
        cell.contentConfiguration = list
        #expect(cell.hostedContent.view is ListContentView && cell.hostedContent.viewsMade == 2)
        #expect(cell.accessibilityLabel == "list", "the list content view's label")
        cell.contentConfiguration = nil
        let canvas = RecordingCanvas()
        cell.drawContent(in: canvas, bounds: Rect(x: 0, y: 0, width: 200, height: 44))
        #expect(canvas.texts.isEmpty)
        #expect(cell.heightThatFits(width: 200, canvas: canvas) == 44)
        cell.contentConfiguration = SwatchConfiguration(caption: "b")
        #expect(cell.hostedContent.view !== first && cell.hostedContent.viewsMade == 3)
    }

    @Test("a table cell draws a custom configuration's view and self-sizes by it; list configurations keep their 0.3.0 path")
    func tableCells() throws {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 360, height: 500))
        let source = TableSourceFixture(sections: [Array(0..<40)], text: { _, _ in nil })
        source.selfSizing = true
        source.configure = { cell, _, item in
            if item % 2 == 0 {
                cell.contentConfiguration = SwatchConfiguration(caption: "swatch \(item)", height: 60)
            } else {
                var content = cell.defaultContentConfiguration()
                content.text = "row \(item)"
                cell.contentConfiguration = content
            }
        }
        source.attach(to: table)
        table.layoutIfNeeded()
        let canvas = RecordingCanvas()
        table.render(in: canvas)
        for ip in table.indexPathsForVisibleRows {
            let cell = try #require(table.cellForRow(at: ip))
            if ip.row % 2 == 0 {
                #expect(table.rectForRow(at: ip).height == 60)
                #expect(cell.text == nil && cell.contentConfiguration == nil, "the list-typed property is nil while a custom one shows")
                #expect(canvas.texts.contains { $0.0 == "swatch \(ip.row)" })
                #expect(cell.accessibilityLabel == "swatch \(ip.row)")
            } else {
                #expect(table.rectForRow(at: ip).height == 44)
                #expect(cell.text == "row \(ip.row)" && cell.contentConfiguration?.text == "row \(ip.row)")
                #expect(canvas.texts.contains { $0.0 == "row \(ip.row)" })
            }
        }
        #expect(table.indexPathsForVisibleRows.count > 4)
        // A list configuration makes no view in a table cell (the cell's text draws it).
        let odd = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
        #expect(!(odd.activeContentView is ListContentView))
    }

    /// The calls code written against 0.3.0 makes on `contentConfiguration` (typed
    /// `ListContentConfiguration?`), on a table cell and a list cell: they compile and behave
    /// as before beside the `any ContentConfiguration` one.
    @Test("0.3.0-style calls on contentConfiguration still compile and read the list configuration")
    func listTypedCallsStillWork() throws {
        let table = TableViewCell(style: .subtitle, reuseIdentifier: "t")
        var content = table.defaultContentConfiguration()
        content.text = "Title"
        content.secondaryText = "Detail"
        table.contentConfiguration = content
        table.contentConfiguration?.text = "Renamed"
        let read: ListContentConfiguration? = table.contentConfiguration
        #expect(read?.text == "Renamed" && table.text == "Renamed" && table.detailText == "Detail")
        if let detail = table.contentConfiguration?.secondaryText { #expect(detail == "Detail") } else { Issue.record("no secondary text") }
        guard var copy = table.contentConfiguration else { Issue.record("no configuration"); return }
        copy.textProperties.color = Color.white
        table.contentConfiguration = copy
        #expect(table.textLabel?.textColor == Color.white)
        table.contentConfiguration = nil
        #expect(table.text == nil && table.contentConfiguration == nil)

        let list = CollectionViewListCell(reuseIdentifier: "l")
        var row = list.defaultContentConfiguration()
        row.text = "Row"
        list.contentConfiguration = row
        list.contentConfiguration?.secondaryText = "More"
        #expect(list.contentConfiguration?.text == "Row" && list.contentConfiguration?.secondaryText == "More")
        #expect((list.hostedContent.view as? ListContentView)?.listConfiguration.secondaryText == "More", "both names, one configuration")
        let general: (any ContentConfiguration)? = list.contentConfiguration
        #expect((general as? ListContentConfiguration) == list.contentConfiguration)
        list.contentConfiguration = nil
        #expect(list.contentConfiguration == nil)
    }

    @Test("a list cell draws its configuration through one ListContentView kept across rebinds and reuse")
    func listContentView() throws {
        let cell = CollectionViewListCell(reuseIdentifier: "l")
        for i in 0..<5 {
            var content = cell.defaultContentConfiguration()
            content.text = "row \(i)"
            cell.contentConfiguration = content
            cell.prepareForReuse()
        }
        #expect(cell.hostedContent.viewsMade == 1)
        var content = ListContentConfiguration.valueCell()
        content.text = "Name"
        content.secondaryText = "Value"
        cell.contentConfiguration = content
        let canvas = RecordingCanvas()
        cell.drawContent(in: canvas, bounds: Rect(x: 0, y: 0, width: 300, height: 44))
        let name = try #require(canvas.texts.first { $0.0 == "Name" })
        let value = try #require(canvas.texts.first { $0.0 == "Value" })
        #expect(name.1.minX == 16 && value.1.maxX == 300 - 16, "inside the cell's insets, the value on the trailing edge")

        // Standalone, with margins and an alignment.
        var standalone = ListContentConfiguration.subtitleCell()
        standalone.text = "Top"
        standalone.secondaryText = "Bottom"
        standalone.directionalLayoutMargins = DirectionalEdgeInsets(top: 5, leading: 20, bottom: 5, trailing: 10)
        standalone.textToSecondaryTextVerticalPadding = 6
        standalone.textProperties.alignment = .center
        let view = ListContentView(configuration: standalone)
        #expect(view.supports(ListContentConfiguration()) && !view.supports(SwatchConfiguration(caption: "x")))
        view.configuration = SwatchConfiguration(caption: "ignored")
        #expect(view.listConfiguration.text == "Top", "another type changes nothing")
        let drawn = RecordingCanvas()
        view.draw(in: drawn, bounds: Rect(x: 0, y: 0, width: 200, height: 80))
        let top = try #require(drawn.operations.compactMap { op -> (String, Rect, TextStyle)? in
            if case let .text(s, r, st) = op { return (s, r, st) } else { return nil } }.first { $0.0 == "Top" })
        let bottom = try #require(drawn.texts.first { $0.0 == "Bottom" })
        #expect(top.1.minX == 20 && top.1.maxX == 190 && top.2.alignment == .center)
        #expect(bottom.1.minY == top.1.maxY + 6)
        let h = view.heightThatFits(width: 200, canvas: drawn)
        #expect(h == top.1.height + 6 + bottom.1.height + 22 + 10)
        #expect(ListContentConfiguration().updated(for: CellConfigurationState(isSelected: true)) == ListContentConfiguration())
    }
}
