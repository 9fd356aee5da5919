// The harness (not ported code): runs the UIKit-style sources of this target headless and
// checks that the tables and grids show what their data says.
import Foundation
@_spi(Hosting) @_spi(Diagnostics) import PoolTable
import Testing

@MainActor
private func texts(_ view: ListBase) -> [String] {
    let canvas = RecordingCanvas()
    view.render(in: canvas)
    return canvas.operations.compactMap { if case let .text(s, _, _) = $0 { s } else { nil } }
}

@MainActor
@Suite("UIKit-style sources ported by renames")
struct PortedSourceTests {
    @MainActor
    func loadedFruitStand() -> FruitStandViewController {
        let controller = FruitStandViewController()
        controller.tableView.frame = CGRect(x: 0, y: 0, width: 375, height: 900)
        controller.tableView.layoutIfNeeded()
        return controller
    }

    @Test("the table view controller subclass's overrides feed the table")
    func controllerOverrides() {
        let controller = loadedFruitStand()
        let table = controller.tableView!
        #expect(controller.isViewLoaded)
        #expect(controller.title == "Fruit Stand")
        #expect(table.style == .insetGrouped)
        #expect(table.numberOfSections == 3)
        #expect((0..<3).map { table.numberOfRows(inSection: $0) } == [3, 2, 4])
        let drawn = texts(table)
        for section in controller.sections {
            #expect(drawn.contains(section.title))
            for fruit in section.fruits { #expect(drawn.contains(fruit.name)); #expect(drawn.contains(fruit.origin)) }
        }
        let strawberry = table.cellForRow(at: IndexPath(row: 0, section: 0))
        #expect(strawberry?.textLabel?.text == "Strawberry")
        #expect(strawberry?.detailTextLabel?.text == "Spain")
        #expect(strawberry?.accessoryType == .disclosureIndicator)
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 1))?.accessoryType == .detailDisclosureButton)
    }

    @Test("a ported heightForRowAt and heightForHeaderInSection returning CGFloat are called")
    func cgFloatGeometryIsUsed() {
        let table = loadedFruitStand().tableView!
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)).height == 52)
        #expect(table.rectForRow(at: IndexPath(row: 3, section: 2)).height == 72)
        #expect(table.rectForHeaderInSection(1).height == 40)
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 2)).minY
                - table.rectForRow(at: IndexPath(row: 1, section: 1)).maxY > 40)
    }

    @Test("selection and the detail button reach the overrides")
    func selectionAndDetailButton() {
        let controller = loadedFruitStand()
        let table = controller.tableView!
        let lemon = table.rectForRow(at: IndexPath(row: 0, section: 1))
        table.pointerDown(at: CGPoint(x: lemon.minX + 40, y: lemon.midY))
        table.pointerUp(at: CGPoint(x: lemon.minX + 40, y: lemon.midY))
        #expect(controller.selectedFruit == "Lemon")
        #expect(table.indexPathForSelectedRow == nil, "didSelectRowAt deselected it")
        let button = CGPoint(x: lemon.maxX - 46, y: lemon.midY)
        table.pointerDown(at: button)
        table.pointerUp(at: button)
        #expect(controller.detailTapped == IndexPath(row: 0, section: 1))
    }

    @Test("performBatchUpdates without try and reloadSections(_:with:) change the table")
    func tableUpdates() {
        let controller = loadedFruitStand()
        let table = controller.tableView!
        controller.addFruit(Fruit(name: "Grapefruit", origin: "Florida"), toSection: 1)
        table.advanceAnimations(to: 10)
        #expect(table.numberOfRows(inSection: 1) == 3)
        #expect(table.cellForRow(at: IndexPath(row: 2, section: 1))?.textLabel?.text == "Grapefruit")
        controller.sortSection(2)
        table.advanceAnimations(to: 20)
        #expect((0..<4).map { table.cellForRow(at: IndexPath(row: $0, section: 2))?.textLabel?.text }
                == ["Apricot", "Cherry", "Peach", "Plum"])
        #expect(table.lastBatchUpdateError == nil)
    }

    @Test("the editing overrides answer the table (editing styles, canEdit, commit, swipe actions)")
    func editingOverrides() throws {
        let controller = loadedFruitStand()
        let table = controller.tableView!
        let source: any TableViewDataSource = try #require(table.dataSource)
        let delegate: any TableViewDelegate = try #require(table.delegate)
        let styles = [IndexPath(row: 0, section: 0), IndexPath(row: 0, section: 1), IndexPath(row: 0, section: 2)]
            .map { delegate.tableView(table, editingStyleForRowAt: $0) }
        #expect(styles == [.delete, .insert, .none])
        #expect(!source.tableView(table, canEditRowAt: IndexPath(row: 0, section: 2)))
        #expect(!delegate.tableView(table, shouldIndentWhileEditingRowAt: IndexPath(row: 1, section: 2)))

        // What the table does when the user activates a row's delete or insert control.
        source.tableView(table, commit: .delete, forRowAt: IndexPath(row: 1, section: 0))
        source.tableView(table, commit: .insert, forRowAt: IndexPath(row: 0, section: 1))
        #expect(table.lastBatchUpdateError == nil)
        table.advanceAnimations(to: 0); table.advanceAnimations(to: 5)
        #expect(table.numberOfRows(inSection: 0) == 2 && table.numberOfRows(inSection: 1) == 3)
        let drawn = texts(table)
        #expect(!drawn.contains("Blueberry") && drawn.contains("Lime"))

        let swipe = try #require(delegate.tableView(table, trailingSwipeActionsConfigurationForRowAt: IndexPath(row: 0, section: 0)))
        #expect(swipe.actions.count == 1 && swipe.actions[0].style == .destructive && swipe.actions[0].title == "Delete")
        #expect(!swipe.performsFirstActionWithFullSwipe)
        #expect(delegate.tableView(table, leadingSwipeActionsConfigurationForRowAt: IndexPath(row: 0, section: 0)) == nil)
    }

    @Test("the table drives the ported editing: delete and insert controls commit, a swipe's destructive action deletes the row")
    func editingDrivenByTheTable() throws {
        let controller = loadedFruitStand()
        let table = controller.tableView!
        controller.setEditing(true, animated: false)
        #expect(controller.isEditing && table.isEditing)
        #expect(table.activateEditingControl(forRowAt: IndexPath(row: 0, section: 0)))   // .delete
        #expect(table.activateEditingControl(forRowAt: IndexPath(row: 1, section: 1)))   // .insert
        #expect(!table.activateEditingControl(forRowAt: IndexPath(row: 0, section: 2)), "canEditRowAt says no")
        table.advanceAnimations(to: 0); table.advanceAnimations(to: 5)
        #expect(table.lastRowActionError == nil && table.lastBatchUpdateError == nil)
        #expect(controller.sections[0].fruits.map(\.name) == ["Blueberry", "Raspberry"])
        #expect(controller.sections[1].fruits.map(\.name) == ["Lemon", "Lime", "Orange"])
        #expect((0..<2).map { table.numberOfRows(inSection: $0) } == [2, 3])
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 1))?.textLabel?.text == "Lime")

        controller.setEditing(false, animated: false)
        let row = table.rectForRow(at: IndexPath(row: 0, section: 0))
        #expect(table.beginSwipe(atViewportPoint: CGPoint(x: row.midX, y: row.midY)))
        table.updateSwipe(translation: -120)
        table.endSwipe()
        #expect(table.revealedSwipeActions.map(\.title) == ["Delete"])
        table.performSwipeAction(at: 0)
        table.advanceAnimations(to: 10); table.advanceAnimations(to: 15)
        #expect(table.lastRowActionError == nil)
        #expect(controller.sections[0].fruits.map(\.name) == ["Raspberry"])
        #expect(table.numberOfRows(inSection: 0) == 1)
        #expect(texts(table).contains("Raspberry") && !texts(table).contains("Blueberry"))
    }

    @MainActor
    func loadedSwatches() -> ColorSwatchesViewController {
        let controller = ColorSwatchesViewController()
        controller.collectionView.frame = CGRect(x: 0, y: 0, width: 300, height: 800)
        controller.collectionView.layoutIfNeeded()
        return controller
    }

    @MainActor
    func drawnColors(_ grid: UICollectionView, section: Int) -> [UIColor] {
        (0..<grid.numberOfItems(inSection: section)).map { item in
            (grid.cellForItem(at: IndexPath(item: item, section: section)) as? SwatchCell)?.color ?? .clear
        }
    }

    @Test("the flow-layout collection view controller shows its palettes")
    func gridShowsData() {
        let controller = loadedSwatches()
        let grid = controller.collectionView!
        #expect(grid.numberOfSections == 2)
        #expect(grid.numberOfItems(inSection: 0) == 12 && grid.numberOfItems(inSection: 1) == 7)
        #expect(grid.numberOfColumns == 4)
        #expect(drawnColors(grid, section: 0) == controller.palettes[0])
        #expect(drawnColors(grid, section: 1) == controller.palettes[1])
        let canvas = RecordingCanvas()
        grid.render(in: canvas)
        let filled = Set(canvas.operations.compactMap { if case let .fillRect(_, c) = $0 { c } else { nil } })
        #expect(controller.palettes.joined().allSatisfy(filled.contains))
    }

    @Test("batch updates, reloadSections and performWithoutAnimation on the grid")
    func gridUpdates() {
        let controller = loadedSwatches()
        let grid = controller.collectionView!
        let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        controller.insertSwatches([red, red], at: 1, inSection: 1)
        #expect(grid.hasRunningAnimations)
        grid.advanceAnimations(to: 0); grid.advanceAnimations(to: 5)
        #expect(drawnColors(grid, section: 1) == controller.palettes[1])
        #expect(grid.numberOfItems(inSection: 1) == 9)

        var finished: Bool?
        controller.removeSwatch(at: IndexPath(item: 0, section: 0)) { finished = $0 }
        grid.advanceAnimations(to: 10); grid.advanceAnimations(to: 15)
        #expect(finished == true)
        #expect(drawnColors(grid, section: 0) == controller.palettes[0])

        controller.reversePalette(0)
        #expect(!grid.hasRunningAnimations, "performWithoutAnimation: the reload applies at once")
        #expect(drawnColors(grid, section: 0) == controller.palettes[0])

        controller.shufflePalettesAnimated()
        #expect(grid.hasRunningAnimations)
        grid.advanceAnimations(to: 20); grid.advanceAnimations(to: 25)
        #expect(controller.lastShuffleFinished == true)
        #expect(drawnColors(grid, section: 0) == controller.palettes[0])
        #expect(drawnColors(grid, section: 1) == controller.palettes[1])
    }

    @Test("an inconsistent batch without try changes nothing and reports a clear error")
    func inconsistentBatch() {
        let controller = loadedSwatches()
        let grid = controller.collectionView!
        var reported: [BatchUpdateError] = []
        grid.batchUpdateErrorHandler = { reported.append($0) }
        let before = drawnColors(grid, section: 0)
        controller.forgetToDeleteItem()
        #expect(controller.lastShuffleFinished == false)
        #expect(reported.count == 1)
        #expect(reported.first?.kind == .rowCountMismatch)
        #expect(grid.lastBatchUpdateError == reported.first)
        #expect(reported.first?.description.contains("data source reports 11") == true)
        #expect(grid.numberOfItems(inSection: 0) == 12, "the grid stays as it was")
        #expect(drawnColors(grid, section: 0) == before)
    }

    @Test("a diffable table whose cell provider returns an optional cell, subclassed for titles")
    func diffableTable() {
        let controller = ContactsDiffableViewController()
        controller.viewDidLoad()
        controller.contacts = (0..<6).map { Contact(id: $0, name: "Person \($0)", phone: "555-010\($0)") }
        controller.applySnapshot(animatingDifferences: false)
        let table = controller.tableView
        table.layoutIfNeeded()
        var drawn = texts(table)
        #expect(drawn.contains("All Contacts") && !drawn.contains("Favorites"))
        for contact in controller.contacts { #expect(drawn.contains(contact.name) && drawn.contains(contact.phone)) }

        controller.favorites = [controller.contacts.removeFirst()]
        controller.applySnapshot()
        #expect(table.hasRunningAnimations)
        table.advanceAnimations(to: 0); table.advanceAnimations(to: 5)
        #expect(table.numberOfSections == 2)
        #expect(table.numberOfRows(inSection: 0) == 1 && table.numberOfRows(inSection: 1) == 5)
        drawn = texts(table)
        #expect(drawn.contains("Favorites") && drawn.contains("All Contacts"))
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0))?.contentConfiguration?.text == "Person 0")
        #expect(controller.dataSource.defaultRowAnimation == .fade)
    }
}

/// The modern-style screen (registrations, diffable data source with section snapshots,
/// compositional layout with a list section, accessories, headers and badges).
@MainActor
@Suite("A modern UIKit-style screen ported by renames")
struct ModernPortedSourceTests {
    @Test("the library screen shows its sidebar outline, expands it by its disclosure, and shows albums with badges and a header")
    func library() throws {
        let controller = LibraryViewController()
        controller.viewDidLoad()
        let view = try #require(controller.collectionView)
        view.layoutIfNeeded()
        #expect(view.numberOfSections == 2)
        #expect(view.numberOfItems(inSection: 0) == 2, "the genres, collapsed")
        #expect(view.numberOfItems(inSection: 1) == 24)
        var drawn = texts(view)
        #expect(drawn.contains("Classical") && drawn.contains("Jazz") && !drawn.contains("Bebop"))
        let cell = try #require(view.cellForItem(at: IndexPath(item: 1, section: 0)))   // Jazz
        let target = try #require(cell.hitTargets.first)
        let point = CGPoint(x: cell.frame.minX + target.rect.midX, y: cell.frame.minY + target.rect.midY)
        view.pointerDown(at: point)
        view.pointerUp(at: point)
        var t = 0.0
        for _ in 0..<200 where view.hasRunningAnimations { t += 1.0 / 60; view.advanceAnimations(to: t) }
        #expect(view.numberOfItems(inSection: 0) == 5)
        view.contentOffset = CGPoint(x: 0, y: view.layoutAttributesForSupplementaryElement(ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 1))!.frame.minY)
        drawn = texts(view)
        #expect(drawn.contains("Albums") && drawn.contains("Album 1"))
        #expect(drawn.contains("\(controller.albums[0].tracks)"), "album 1's badge")
        #expect(!view.visibleSupplementaryViews(ofKind: CountBadgeView.elementKind).isEmpty)
    }

    @Test("the reorderable list: a drag on a grip moves a chore; didReorder's section transactions keep the backing store in order")
    func reorderableList() throws {
        let controller = ReorderableListViewController()
        controller.viewDidLoad()
        let view = try #require(controller.collectionView)
        view.layoutIfNeeded()
        let first = view.rectForItem(at: IndexPath(item: 0, section: 0))
        let third = view.rectForItem(at: IndexPath(item: 2, section: 0))
        let grip = CGPoint(x: first.maxX - 24, y: first.midY - view.contentOffset.y)
        view.pointerDown(at: grip)
        view.pointerDragged(to: CGPoint(x: grip.x, y: grip.y + 8))
        view.pointerDragged(to: CGPoint(x: grip.x, y: third.midY - view.contentOffset.y))
        view.pointerUp(at: CGPoint(x: grip.x, y: third.midY - view.contentOffset.y))
        #expect(controller.backingStore[.today]?.map(\.title) == ["Laundry", "Groceries", "Dishes"])
        #expect(controller.backingStore[.later]?.map(\.title) == ["Windows", "Garage"])
        #expect(controller.dataSource.snapshot().itemIdentifiers(inSection: .today) == controller.backingStore[.today])
    }

    @Test("the pantry: cells and a header that set themselves up in init(frame:) are made by their registrations, pooled and drawn")
    func pantryInitFrame() throws {
        let controller = PantryViewController()
        controller.viewDidLoad()
        let view = try #require(controller.collectionView)
        view.layoutIfNeeded()
        #expect(view.numberOfSections == 3)
        #expect((0..<3).map { view.numberOfItems(inSection: $0) } == [3, 4, 3])
        #expect(view.mountedCells.count == 10)
        for (ip, cell) in zip(view.indexPathsForMountedItems, view.mountedCells) {
            if ip.section < 2 {
                let jar = try #require(cell as? JarCell)
                #expect(jar.glassColor == UIColor(red: 0.86, green: 0.91, blue: 0.95, alpha: 1), "set in init(frame:)")
                #expect(jar.name == controller.shelves[ip.section].jars[ip.item].name)
                #expect(jar.reuseIdentifier != nil, "pooled under its registration")
            } else {
                let row = try #require(cell as? RestockCell)
                #expect(row.restockIndentation == 24 && row.indentationWidth == 24, "set in init(frame:)")
                #expect(row.contentConfiguration?.text == controller.runningLow[ip.item].name)
                #expect(row.reuseIdentifier != nil)
            }
        }
        let headers = view.visibleSupplementaryViews(ofKind: ShelfHeaderView.elementKind)
        #expect(headers.count == 3)
        for header in headers { #expect((header as? ShelfHeaderView)?.leadingInset == 12, "set in init(frame:)") }
        let drawn = texts(view)
        for title in ["Top shelf", "Bottom shelf", "Running low", "Rice", "Pasta", "Lentils", "15% left", "5% left"] {
            #expect(drawn.contains(title), "\(title) is drawn")
        }
        // The restock rows build their content from a custom configuration state, and follow selection.
        let low = IndexPath(item: 1, section: 2)
        view.selectItem(at: low, animated: false, scrollPosition: [])
        let selected = try #require(view.cellForItem(at: low) as? RestockCell)
        #expect(selected.configurationState.pantryJar == controller.runningLow[1])
        #expect(selected.accessories == [.checkmark()])
        view.deselectItem(at: low, animated: false)
        #expect(selected.accessories == [.disclosureIndicator()])
        // The jar cells go back to the pool and come out again for the next screen's rows.
        let made = view.cellsCreated
        view.reloadData()
        view.layoutIfNeeded()
        #expect(view.cellsCreated == made)
        #expect(view.mountedCells.compactMap { $0 as? JarCell }.count == 7)
    }

    @Test("the pantry's running-low rows swipe to UIKit's three-argument action: it is performed from its button, applies a snapshot and closes")
    func pantrySwipeAction() throws {
        let controller = PantryViewController()
        controller.viewDidLoad()
        let view = try #require(controller.collectionView)
        view.layoutIfNeeded()
        view.advanceAnimations(to: 10)
        let ip = IndexPath(item: 1, section: 2)
        let restock = controller.runningLow[1]
        let row = view.rectForItem(at: ip)
        let start = CGPoint(x: row.midX, y: row.midY - view.contentOffset.y)
        #expect(view.beginSwipe(atViewportPoint: start))
        view.updateSwipe(translation: -100)
        view.endSwipe()
        #expect(view.hasOpenSwipe && view.revealedSwipeActions.map(\.title) == ["Restocked"])
        view.advanceAnimations(to: 10.5)
        // A click on the button, as the user does.
        let button = CGPoint(x: row.maxX - 40 - view.contentOffset.x, y: start.y)
        view.pointerDown(at: button)
        view.pointerUp(at: button)
        #expect(controller.restockedAnchor == CGRect(x: 0, y: 0, width: 80, height: row.height))
        #expect(!view.hasOpenSwipe)
        #expect(!controller.dataSource.snapshot().itemIdentifiers(inSection: .runningLow).contains(.restock(restock)))
        view.advanceAnimations(to: 12)
        view.advanceAnimations(to: 13)
        #expect(view.numberOfItems(inSection: 2) == 2)
        #expect(view.lastRowActionError == nil && view.lastBatchUpdateError == nil)
        let drawn = texts(view)
        #expect(drawn.filter { $0 == restock.name }.count == 1, "\(restock.name) is drawn on its shelf only: \(drawn)")
        #expect(!drawn.contains("10% left"))
    }

    @Test("the palette: a custom content configuration's view is made once per cell, self-sizes its row, follows selection and is reused; list rows draw a UIListContentView")
    func paletteCustomConfiguration() throws {
        SwatchContentView.made = 0
        PaintCell.made = 0
        let controller = PaletteViewController()
        controller.viewDidLoad()
        let view = try #require(controller.collectionView)
        view.layoutIfNeeded()
        let gridCells = view.mountedCells.filter { $0 is PaintCell }
        #expect(!gridCells.isEmpty && SwatchContentView.made == PaintCell.made, "one content view per cell: \(SwatchContentView.made) views, \(PaintCell.made) cells")
        // Rows self-size to their content views: 90 and 120 points, alternating.
        for ip in view.indexPathsForMountedItems where ip.section == 0 {
            let swatch = controller.swatches[ip.item]
            #expect(view.rectForItem(at: ip).height == (swatch.isTall ? 120 : 90), "\(swatch.name)")
        }
        let drawn = texts(view)
        #expect(drawn.contains("Ochre 0") && drawn.contains("Teal 1"))
        // Selection reaches the content view through updated(for:).
        let ip = IndexPath(item: 1, section: 0)
        view.selectItem(at: ip, animated: false, scrollPosition: [])
        #expect(texts(view).contains("✓ Teal 1"))
        let cell = try #require(view.cellForItem(at: ip) as? PaintCell)
        #expect((cell.contentConfiguration as? SwatchContentConfiguration)?.isChecked == true)
        #expect(cell.accessibilityLabel == "Teal 1")
        view.deselectItem(at: ip, animated: false)
        #expect(texts(view).contains("Teal 1"))
        // Scrolled through: cells are reused with their content views, no view is made for a reused cell.
        for y in stride(from: 0.0, through: view.contentSize.height, by: 150) {
            view.contentOffset = CGPoint(x: 0, y: y)
            view.layoutIfNeeded()
        }
        #expect(SwatchContentView.made == PaintCell.made && PaintCell.made < controller.swatches.count,
                "\(SwatchContentView.made) views, \(PaintCell.made) cells for \(controller.swatches.count) swatches")
        // The list rows draw their UIListContentView's text and secondary text beside the chip.
        let listRows = view.indexPathsForVisibleItems.filter { $0.section == 1 }
        #expect(!listRows.isEmpty)
        let canvas = RecordingCanvas()
        view.render(in: canvas)
        for row in listRows {
            let mix = controller.mixes[row.item]
            let frame = view.rectForItem(at: row)
            if let text = canvas.texts.first(where: { $0.0 == mix.name }) {
                #expect(text.1.minX == frame.minX + 16)
                #expect(view.rectForItem(at: row).height >= 44)
            } else if frame.minY >= view.contentOffset.y && frame.maxY <= view.contentOffset.y + 700 {
                Issue.record("\(mix.name) not drawn")
            }
        }
    }
}
