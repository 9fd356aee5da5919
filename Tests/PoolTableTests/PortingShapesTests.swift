@testable import PoolTable
import Testing

/// Issue 22, porting by renames: the engine side of UIKit's call shapes and cell content
/// (the UIKit-style sources themselves are in Tests/UIKitPortTests).
@MainActor
@Suite("Porting shapes")
struct PortingShapesTests {
    func makeTable(rows: [Int], style: TableViewStyle = .plain) -> (TableView, ModelSource) {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 600), style: style)
        let model = ModelSource(rows: rows)
        model.attach(to: table)
        table.layoutIfNeeded()
        return (table, model)
    }

    @Test("an inconsistent performBatchUpdates without try: nothing changes, the error is logged, kept and handed over, completion gets false")
    func nonThrowingBatchRefused() {
        let (table, model) = makeTable(rows: [10, 5])
        var handled: [BatchUpdateError] = []
        table.batchUpdateErrorHandler = { handled.append($0) }
        let before = table.indexPathsForVisibleRows
        var finished: Bool?
        table.performBatchUpdates({
            model.rows[0] += 2
            table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
        }, completion: { finished = $0 })
        #expect(finished == false)
        #expect(handled.count == 1)
        let error = handled.first
        #expect(error?.kind == .rowCountMismatch && error?.section == 0 && error?.expected == 11 && error?.reported == 12)
        #expect(table.lastBatchUpdateError == error)
        #expect(table.numberOfRows(inSection: 0) == 10, "the table stays as it was")
        #expect(table.indexPathsForVisibleRows == before)
        #expect(!table.hasRunningAnimations)

        // A valid batch afterwards works (after the model is consistent again).
        model.rows[0] = 10
        var ok: Bool?
        table.performBatchUpdates({
            model.rows[0] += 1
            table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .none)
        }) { ok = $0 }
        #expect(ok == true)
        #expect(table.numberOfRows(inSection: 0) == 11)
        #expect(handled.count == 1)
    }

    @Test("performBatchUpdatesThrowing throws the same error and does not call completion")
    func throwingForm() {
        let (table, model) = makeTable(rows: [3])
        var called = false
        #expect(throws: BatchUpdateError.self) {
            try table.performBatchUpdatesThrowing({ model.rows[0] = 1 }, completion: { _ in called = true })
        }
        #expect(!called)
        #expect(table.numberOfRows(inSection: 0) == 3)
    }

    @Test("reloadSections names old indexes and combines with section inserts and deletes")
    func reloadSectionsInBatch() {
        let (table, model) = makeTable(rows: [2, 3, 4])
        table.performBatchUpdates({
            model.rows = [3, 7, 6]   // old 0 deleted, old 1 → 0, a new section at 1, old 2 reloaded with 6 rows
            table.deleteSections([0], with: .automatic)
            table.insertSections([1], with: .automatic)
            table.reloadSections([2], with: .fade)
        })
        #expect(table.lastBatchUpdateError == nil)
        table.advanceAnimations(to: 0); table.advanceAnimations(to: 5)
        #expect((0..<3).map { table.numberOfRows(inSection: $0) } == [3, 7, 6])

        table.reloadSections([0], with: .none)   // alone, outside a batch: a batch of one
        #expect(table.lastBatchUpdateError == nil)
        model.rows[1] = 2
        table.reloadSections([1, 1], with: .none)   // named twice: refused, the table reloads
        #expect(table.lastBatchUpdateError?.kind == .conflict)
        #expect(table.numberOfRows(inSection: 1) == 2)
    }

    @Test("reloadSections of a section that is also deleted is a conflict")
    func reloadDeletedSection() {
        let (table, model) = makeTable(rows: [2, 3])
        table.performBatchUpdates({
            model.rows = [3]
            table.deleteSections([0], with: .automatic)
            table.reloadSections([0], with: .automatic)
        })
        #expect(table.lastBatchUpdateError?.kind == .conflict)
        #expect(table.numberOfSections == 2)
    }

    @Test("performWithoutAnimation applies batches at once, whatever animation they name")
    func withoutAnimation() {
        let (table, model) = makeTable(rows: [5])
        ListBase.performWithoutAnimation {
            table.performBatchUpdates({
                model.rows[0] = 4
                table.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
                table.moveRow(at: IndexPath(row: 1, section: 0), to: IndexPath(row: 3, section: 0))
            })
        }
        #expect(!table.hasRunningAnimations)
        #expect(table.numberOfRows(inSection: 0) == 4)
        table.performBatchUpdates({
            model.rows[0] = 5
            table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
        })
        #expect(table.hasRunningAnimations, "outside it, batches animate again")
    }

    @Test(".insetGrouped is the grouped style; the nested UIKit names resolve")
    func styleAndNames() {
        #expect(TableViewStyle.insetGrouped == .grouped)
        let style: TableView.Style = .insetGrouped
        let animation: TableView.RowAnimation = .fade
        let position: CollectionView.ScrollPosition = .top
        #expect(style == .grouped && animation == .fade && position == .top)
    }

    final class StyledCell: TableViewCell {}

    @Test("register(_:forCellReuseIdentifier:) with a class makes cells of that class in .default style")
    func registerClass() {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let source = ClosureSource(count: 3) { table, ip in
            let cell = table.dequeueReusableCell(withIdentifier: "styled", for: ip)
            cell.textLabel?.text = "Row \(ip.row)"
            return cell
        }
        table.register(StyledCell.self, forCellReuseIdentifier: "styled")
        table.dataSource = source
        table.layoutIfNeeded()
        #expect(table.visibleCells.count == 3)
        #expect(table.visibleCells.allSatisfy { $0 is StyledCell && $0.cellStyle == .default })
        #expect(table.visibleCells.map(\.text) == ["Row 0", "Row 1", "Row 2"])
    }

    @Test("dequeueReusableCell(withIdentifier:) without an index path: nil when unregistered, else the bound row's cell, reused")
    func optionalDequeue() {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 300, height: 440))
        var made = 0
        let source = ClosureSource(count: 1000) { table, ip in
            let cell = table.dequeueReusableCell(withIdentifier: "old") ?? {
                made += 1
                return TableViewCell(style: .subtitle, reuseIdentifier: "old")
            }()
            cell.textLabel?.text = "Row \(ip.row)"
            return cell
        }
        table.dataSource = source
        table.layoutIfNeeded()
        #expect(table.dequeueReusableCell(withIdentifier: "old") == nil)
        #expect(made >= 10, "unregistered: the data source made its own cells")
        #expect(table.visibleCells.map(\.text) == (0..<10).map { "Row \($0)" })

        let registered = TableView(frame: Rect(x: 0, y: 0, width: 300, height: 440))
        registered.register(TableViewCell.self, forCellReuseIdentifier: "old")
        made = 0
        registered.dataSource = source
        registered.setEditing(true, animated: false)
        registered.layoutIfNeeded()
        for y in stride(from: 0.0, through: 20_000, by: 300) { registered.contentOffset = Point(x: 0, y: y) }
        #expect(made == 0)
        #expect(registered.visibleCells.allSatisfy { $0.isEditing }, "the row's state is applied")
        let first = registered.indexPathsForVisibleRows[0].row
        #expect(registered.visibleCells.first?.text == "Row \(first)")
        #expect(registered.mountedCells.count < 40, "cells are reused, not made per row")
    }

    func draw(_ cell: TableViewCell, width: Double = 320, height: Double = 60) -> [RecordingCanvas.Operation] {
        let canvas = RecordingCanvas()
        cell.draw(in: canvas, bounds: Rect(x: 0, y: 0, width: width, height: height))
        return canvas.operations
    }

    func textOps(_ ops: [RecordingCanvas.Operation]) -> [(String, Rect, TextStyle)] {
        ops.compactMap { if case let .text(s, r, st) = $0 { (s, r, st) } else { nil } }
    }

    @Test("textLabel, detailTextLabel and imageView draw through the canvas")
    func labelsAndImage() throws {
        let cell = TableViewCell(style: .subtitle, reuseIdentifier: nil)
        cell.textLabel?.text = "Title"
        cell.detailTextLabel?.text = "Detail"
        #expect(cell.text == "Title" && cell.detailText == "Detail")
        let red = Color(red: 1, green: 0, blue: 0)
        cell.textLabel?.textColor = red
        cell.detailTextLabel?.font = Font(size: 20)
        var texts = textOps(draw(cell))
        let title = try #require(texts.first { $0.0 == "Title" })
        let detail = try #require(texts.first { $0.0 == "Detail" })
        #expect(title.2.color == red)
        #expect(detail.2.font.size == 20)
        #expect(detail.1.minY > title.1.minY, "subtitle: the detail line under the title")
        #expect(title.1.minX == 16)

        let image = Image(width: 2, height: 2, premultipliedBGRA: [UInt8](repeating: 255, count: 16))
        cell.imageView?.image = image
        let ops = draw(cell)
        let drawnImage = ops.compactMap { if case let .image(id, r, _, _, _) = $0 { (id, r) } else { nil } }
        #expect(drawnImage.count == 1 && drawnImage.first?.0 == ObjectIdentifier(image))
        #expect(drawnImage.first?.1 == Rect(x: 16, y: 16, width: 28, height: 28))
        texts = textOps(ops)
        let moved = try #require(texts.first { $0.0 == "Title" })
        #expect(abs(moved.1.minX - (16 + 28 + 16)) < 0.001, "the text moves past the picture")
    }

    @Test("a content configuration sets text, secondary text and image; value cells put the secondary text on the trailing edge")
    func contentConfiguration() throws {
        let cell = TableViewCell(style: .value1, reuseIdentifier: nil)
        var content = cell.defaultContentConfiguration()
        #expect(content.prefersSideBySideTextAndSecondaryText)
        content.text = "Wi-Fi"
        content.secondaryText = "Home"
        content.secondaryTextProperties.color = Color(red: 0, green: 0, blue: 1)
        cell.contentConfiguration = content
        #expect(cell.text == "Wi-Fi" && cell.detailText == "Home" && cell.textLabel?.text == "Wi-Fi")
        let texts = textOps(draw(cell))
        let title = try #require(texts.first { $0.0 == "Wi-Fi" })
        let value = try #require(texts.first { $0.0 == "Home" })
        #expect(value.2.alignment == .trailing && value.2.color == Color(red: 0, green: 0, blue: 1))
        #expect(value.1.minX >= 160 && abs(value.1.midY - title.1.midY) < 1, "same line, trailing half")
        #expect(cell.accessibilityLabel == "Wi-Fi, Home")

        cell.contentConfiguration = nil
        #expect(cell.text == nil && cell.detailText == nil)
        #expect(textOps(draw(cell)).isEmpty)
    }

    @Test("every UIKit accessory type draws, and the detail buttons are hit targets")
    func accessories() {
        let cell = TableViewCell(reuseIdentifier: nil)
        cell.text = "Row"
        var strokes: [TableViewCell.AccessoryType: Int] = [:]
        for type in [TableViewCell.AccessoryType.none, .disclosureIndicator, .detailDisclosureButton, .checkmark, .detailButton] {
            cell.accessoryType = type
            strokes[type] = draw(cell).filter { if case .strokePath = $0 { true } else { false } }.count
        }
        #expect(strokes[.none] == 0)
        #expect(strokes[.disclosureIndicator] == 1 && strokes[.checkmark] == 1)
        #expect(strokes[.detailButton] == 2, "circle and stem")
        #expect(strokes[.detailDisclosureButton] == 3, "circle, stem and chevron")
        cell.accessoryType = .checkmark
        #expect(cell.hitTargets.isEmpty)
        cell.accessoryType = .detailButton
        #expect(cell.hitTargets.map(\.name) == [TableViewCell.accessoryButtonTarget])
    }

    @Test("an accessory view replaces the accessory type: drawn at its own size on the trailing edge, the title narrowed, no detail-button target")
    func accessoryView() throws {
        final class Toggle: CollectionReusableView {
            override func sizeThatFits(_ size: Size, canvas: Canvas) -> Size { Size(width: 51, height: 31) }
            override func draw(in canvas: Canvas, bounds: Rect) { canvas.fill(bounds, color: Color(red: 1, green: 0, blue: 0)) }
        }
        let cell = TableViewCell(reuseIdentifier: nil)
        cell.text = String(repeating: "A long title ", count: 10)
        cell.accessoryType = .detailButton
        let before = try #require(textOps(draw(cell)).first).1
        cell.accessoryView = Toggle(reuseIdentifier: nil)
        let ops = draw(cell)
        let red = ops.compactMap { op -> Rect? in if case let .fillRect(r, c) = op, c == Color(red: 1, green: 0, blue: 0) { r } else { nil } }
        #expect(red == [Rect(x: 320 - 16 - 51, y: 30 - 15.5, width: 51, height: 31)])
        #expect(!ops.contains { if case .strokePath = $0 { true } else { false } }, "the detail button is not drawn")
        let title = try #require(textOps(ops).first).1
        #expect(title.maxX <= 320 - 16 - 51 - 8 + 1e-9 && title.width < before.width, "narrowed by the view (59 points), not by the button (32)")
        #expect(cell.hitTargets.isEmpty)
        cell.accessoryView = nil
        #expect(cell.hitTargets.map(\.name) == [TableViewCell.accessoryButtonTarget])
    }

    @Test("an unoverridden controller warns instead of failing silently; isEditing reaches the table")
    func controllerDefaults() {
        final class Bare: TableViewController {
            override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 2 }
        }
        final class Counting: TableViewController {
            var loads = 0
            override func viewDidLoad() { super.viewDidLoad(); loads += 1 }
        }
        let counting = Counting()
        #expect(!counting.isViewLoaded)
        _ = counting.tableView; _ = counting.view
        #expect(counting.loads == 1 && counting.isViewLoaded)
        let controller = Bare(style: .plain)
        controller.tableView.frame = Rect(x: 0, y: 0, width: 300, height: 300)
        controller.tableView.layoutIfNeeded()
        #expect(controller.tableView.visibleCells.count == 2)
        #expect(controller.tableView.warnedKinds.contains("controllerCellForRowAt"))
        #expect(controller.tableView.dataSource === controller && controller.tableView.delegate === controller)
        controller.isEditing = true
        #expect(controller.tableView.isEditing)
    }

    @Test("a diffable cell provider returning nil: a warning and an empty cell; duplicates refused without try")
    func diffableEdges() {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        table.register({ TableViewCell(reuseIdentifier: $0) }, forCellReuseIdentifier: "c")
        let source = TableViewDiffableDataSource<Int, String>(tableView: table) { table, ip, item in
            guard item != "nil" else { return nil }
            let cell = table.dequeueReusableCell(withIdentifier: "c", for: ip)
            cell.text = item
            return cell
        }
        var snapshot = DiffableSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(["a", "nil", "b"])
        source.apply(snapshot, animatingDifferences: false)
        table.layoutIfNeeded()
        #expect(table.visibleCells.map(\.text) == ["a", nil, "b"])
        #expect(table.warnedKinds.contains("diffableNilCell"))

        var bad = snapshot
        bad.appendItems(["a"])
        source.apply(bad)
        #expect(source.lastApplyError == .duplicateIdentifier("item a"))
        #expect(source.snapshot() == snapshot)
    }
}

/// A one-section data source over a closure. (Bespoke: the tests make their cells the ways
/// UIKit code does, registered by class or dequeued without registration.)
@MainActor
final class ClosureSource: TableViewDataSource {
    let count: Int
    let make: (TableView, IndexPath) -> TableViewCell
    init(count: Int, make: @escaping (TableView, IndexPath) -> TableViewCell) { self.count = count; self.make = make }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell { make(tableView, indexPath) }
}
