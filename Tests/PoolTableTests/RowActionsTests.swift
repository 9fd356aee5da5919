import Testing
@_spi(Hosting) @_spi(Diagnostics) @testable import PoolTable

/// The table fixture as a mailbox ("Mail i" rows in one section, reuse identifier "c"):
/// every row deletes by default, and a commit removes the row (or inserts "New") in the model
/// only, unless `onCommit` says otherwise; editing styles, swipe configurations and the
/// context menu are set per test. `attach` lays the table out.
@MainActor
final class ActionSource: TableSourceFixture<String> {
    /// The one section's rows.
    var rows: [String] {
        get { sections[0] }
        set { sections[0] = newValue }
    }
    /// The rows' editing style (`.delete` for every row unless set).
    var style: (IndexPath) -> TableViewCell.EditingStyle {
        get { editingStyle ?? { _ in .delete } }
        set { editingStyle = newValue }
    }

    init(count: Int) {
        super.init(sections: [(0..<count).map { "Mail \($0)" }], reuseIdentifier: "c")
        attachStep = .layout
        editingStyle = { _ in .delete }
        onCommit = { [unowned self] _, style, ip in
            if style == .delete { rows.remove(at: ip.row) } else { rows.insert("New", at: ip.row) }
        }
    }
}

/// A source relying on every default: what UIKit code that implements nothing gets. Bespoke,
/// not the fixture: the defaults test asks the protocols' own default implementations.
@MainActor
final class PlainSource: TableViewDataSource, TableViewDelegate {
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 5 }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        tableView.dequeueReusableCell(withIdentifier: "c", for: indexPath)
    }
}

@MainActor
@Suite("Row actions: editing controls, commit, Delete, swipes, context menus (issue 22)")
struct RowActionsTests {
    let width = 400.0

    func makeTable(rows: Int = 30) -> (TableView, ActionSource) {
        let table = TableView(frame: Rect(x: 0, y: 0, width: width, height: 440))
        let source = ActionSource(count: rows)
        source.attach(to: table)
        return (table, source)
    }

    /// The viewport point in the middle of a row, `x` across.
    func point(_ table: TableView, row: Int, x: Double = 200) -> Point {
        let r = table.rectForRow(at: IndexPath(row: row, section: 0))
        return Point(x: x, y: r.midY - table.contentOffset.y)
    }

    func texts(_ table: TableView) -> [(String, Rect)] {
        let canvas = RecordingCanvas()
        table.render(in: canvas)
        return canvas.texts
    }

    func settle(_ table: TableView) {
        table.advanceAnimations(to: 100)
        table.advanceAnimations(to: 101)
        table.layoutIfNeeded()
    }

    // MARK: Defaults

    @Test("defaults as UIKit: canEdit true, .delete without multiple selection, .none with it, indent true")
    func defaults() {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        table.register({ TableViewCell(reuseIdentifier: $0) }, forCellReuseIdentifier: "c")
        let source = PlainSource()
        table.dataSource = source
        table.delegate = source
        let ip = IndexPath(row: 0, section: 0)
        #expect(source.tableView(table, canEditRowAt: ip))
        #expect(source.tableView(table, editingStyleForRowAt: ip) == .delete)
        #expect(source.tableView(table, shouldIndentWhileEditingRowAt: ip))
        #expect(source.tableView(table, trailingSwipeActionsConfigurationForRowAt: ip) == nil)
        #expect(source.tableView(table, contextMenuConfigurationForRowAt: ip, point: .zero) == nil)
        table.allowsMultipleSelectionDuringEditing = true
        #expect(source.tableView(table, editingStyleForRowAt: ip) == .none)
        #expect(SwipeActionsConfiguration(actions: []).performsFirstActionWithFullSwipe)
    }

    // MARK: Edit mode controls

    @Test("edit mode without multiple selection: red delete and green insert controls, indented as the delegate says")
    func controlsDrawn() {
        let (table, source) = makeTable()
        source.style = { $0.row == 1 ? .insert : $0.row == 2 ? .none : .delete }
        source.indents = { $0.row != 3 }
        source.canEdit = { $0.row != 4 }
        table.setEditing(true, animated: false)
        let canvas = RecordingCanvas()
        table.render(in: canvas)
        let red = canvas.filledRects(color: canvas.theme.destructive)
        let green = canvas.filledRects(color: TableViewCell.insertControlColor)
        let rowOf: (Rect) -> Int = { Int(($0.midY + table.contentOffset.y) / 44) }
        #expect(green.map(rowOf) == [1])
        // Rows 0, 3 and 5+ are deletable; 1 inserts, 2 shows nothing, 4 cannot be edited.
        #expect(Set(red.map(rowOf)).isSuperset(of: [0, 3, 5]))
        #expect(!red.map(rowOf).contains(1) && !red.map(rowOf).contains(2) && !red.map(rowOf).contains(4))
        // No checkbox strokes: the control is the style's, not the multiple-selection one.
        let cells = (0..<6).map { table.cellForRow(at: IndexPath(row: $0, section: 0))! }
        #expect(cells.map(\.editingStyle) == [.delete, .insert, .none, .delete, .none, .delete])
        #expect(cells.map(\.showsEditingCheckbox) == [false, false, false, false, false, false])
        // The content moves aside by the control's width, except where the delegate says not to.
        let titles = Dictionary(canvas.texts.map { ($0.0, $0.1.minX) }, uniquingKeysWith: { a, _ in a })
        #expect(titles["Mail 0"] == 16 + TableViewCell.editingControlWidth)
        #expect(titles["Mail 3"] == 16)
        #expect(titles["Mail 4"] == 16)   // not editable: no indent
        // With multiple selection during editing: the checkboxes, no delete controls.
        table.setEditing(false, animated: false)
        table.allowsMultipleSelectionDuringEditing = true
        source.style = { _ in .none }
        table.setEditing(true, animated: false)
        canvas.reset()
        table.render(in: canvas)
        #expect(canvas.filledRects(color: canvas.theme.destructive).isEmpty)
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0))!.showsEditingCheckbox)
    }

    @Test("clicking the delete control commits; a model-only removal deletes the row with the delete animation")
    func deleteControlCommits() {
        let (table, source) = makeTable()
        table.setEditing(true, animated: false)
        let before = table.numberOfRows(inSection: 0)
        let p = point(table, row: 2, x: 20)
        table.pointerDown(at: p)
        table.pointerUp(at: p)
        #expect(source.commits.count == 1)
        #expect(source.commits.first?.0 == .delete && source.commits.first?.1 == IndexPath(row: 2, section: 0))
        #expect(table.numberOfRows(inSection: 0) == before - 1)
        #expect(table.hasRunningAnimations)   // the delete animation
        #expect(table.indexPathsForSelectedRows == nil)   // the control does not select
        settle(table)
        #expect(table.lastRowActionError == nil)
        #expect(table.visibleCells.map { $0.text } == Array(source.rows.prefix(table.visibleCells.count)))
        // A click on the row beside the control selects as before (single selection in edit mode).
        let q = point(table, row: 5, x: 200)
        table.pointerDown(at: q)
        table.pointerUp(at: q)
        #expect(source.commits.count == 1)
        #expect(table.indexPathsForSelectedRows == [IndexPath(row: 5, section: 0)])
    }

    @Test("insert control commits .insert; a data source that updates the table itself is left to it")
    func insertControlAndOwnBatch() throws {
        let (table, source) = makeTable()
        source.style = { _ in .insert }
        source.onCommit = { [unowned source] tv, style, ip in
            try? tv.performBatchUpdatesThrowing({
                source.rows.insert("Inserted", at: ip.row + 1)
                tv.insertRows(at: [IndexPath(row: ip.row + 1, section: 0)], with: .automatic)
            }, completion: nil)
        }
        table.setEditing(true, animated: false)
        #expect(table.activateEditingControl(forRowAt: IndexPath(row: 0, section: 0)))
        #expect(table.numberOfRows(inSection: 0) == 31)   // once, not twice
        settle(table)
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 0))?.text == "Inserted")
        #expect(table.lastRowActionError == nil)
    }

    @Test("Delete on the focused row commits .delete; rows with another style or not editable ignore it")
    func deleteKey() {
        let (table, source) = makeTable()
        source.style = { $0.row == 1 ? .insert : .delete }
        table.handleKey(.home)          // focus row 0
        #expect(table.handleKey(.delete))
        #expect(source.commits.map(\.1) == [IndexPath(row: 0, section: 0)])
        #expect(table.numberOfRows(inSection: 0) == 29)
        settle(table)
        table.handleKey(.home)
        table.handleKey(.down)          // row 1: .insert
        #expect(table.focusedIndexPath == IndexPath(row: 1, section: 0))
        #expect(!table.handleKey(.delete))
        source.canEdit = { _ in false }
        table.handleKey(.down)
        #expect(!table.handleKey(.delete))
        #expect(source.commits.count == 1)
    }

    // MARK: Swipes

    func archiveDelete(_ source: ActionSource, log: @escaping (String) -> Void, removes: Bool = true) {
        source.trailing = { ip in
            let delete = ContextualAction(style: .destructive, title: "Delete") { _, done in
                log("delete \(ip.row)")
                if removes { source.rows.remove(at: ip.row) }
                done(true)
            }
            let archive = ContextualAction(style: .normal, title: "Archive") { _, done in
                log("archive \(ip.row)")
                done(true)
            }
            archive.backgroundColor = Color(hex: 0x3584e4)
            return SwipeActionsConfiguration(actions: [delete, archive])
        }
    }

    @Test("a drag across a row opens it on its trailing actions; the actions are drawn; a vertical scroll closes it")
    func swipeOpensAndCloses() {
        let (table, source) = makeTable()
        var log: [String] = []
        archiveDelete(source, log: { log.append($0) })
        let start = point(table, row: 3, x: 300)
        table.pointerDown(at: start)
        table.pointerDragged(to: Point(x: 290, y: start.y + 1))
        table.pointerDragged(to: Point(x: 200, y: start.y + 2))
        #expect(table.swipedIndexPath == IndexPath(row: 3, section: 0))
        #expect(table.swipeOffset == -100)
        #expect(table.revealedSwipeActions.map(\.title) == ["Delete", "Archive"])
        table.pointerUp(at: Point(x: 200, y: start.y + 2))
        #expect(table.hasOpenSwipe)
        #expect(table.swipeOffset == -2 * ListBase.swipeActionWidth)
        #expect(table.indexPathsForSelectedRows == nil)   // a swipe does not select
        // Drawn: Delete at the edge (red), Archive inside it (its colour), the row moved left.
        let canvas = RecordingCanvas()
        table.render(in: canvas)
        let red = canvas.filledRects(color: canvas.theme.destructive)
        let blue = canvas.filledRects(color: Color(hex: 0x3584e4))
        #expect(red.contains { $0.minX == width - 80 && $0.width == 80 })
        #expect(blue.contains { $0.minX == width - 160 && $0.width == 80 })
        let titles = Dictionary(canvas.texts.map { ($0.0, $0.1.minX) }, uniquingKeysWith: { a, _ in a })
        #expect(abs((titles["Mail 3"] ?? 0) - (16 - 160)) < 0.001)
        #expect(titles["Mail 4"] == 16)
        #expect(titles["Delete"] != nil && titles["Archive"] != nil)
        #expect(table.swipeActionIndex(atViewportPoint: Point(x: width - 10, y: start.y)) == 0)
        #expect(table.swipeActionIndex(atViewportPoint: Point(x: width - 100, y: start.y)) == 1)
        #expect(table.swipeActionIndex(atViewportPoint: Point(x: 100, y: start.y)) == nil)
        // A vertical scroll closes it, and nothing was performed.
        table.contentOffset = Point(x: 0, y: 30)
        #expect(table.swipedIndexPath == nil && table.swipeOffset == 0)
        #expect(log.isEmpty)
    }

    @Test("a short swipe springs back; a click elsewhere closes an open row without selecting")
    func shortSwipeAndClickClose() {
        let (table, source) = makeTable()
        archiveDelete(source, log: { _ in })
        #expect(table.beginSwipe(atViewportPoint: point(table, row: 0)))
        table.updateSwipe(translation: -50)
        table.endSwipe()
        #expect(table.swipedIndexPath == nil)
        #expect(table.beginSwipe(atViewportPoint: point(table, row: 0)))
        table.updateSwipe(translation: -120)
        table.endSwipe()
        #expect(table.hasOpenSwipe)
        let p = point(table, row: 5)
        table.pointerDown(at: p)
        table.pointerUp(at: p)
        #expect(!table.hasOpenSwipe)
        #expect(table.indexPathsForSelectedRows == nil)
        // No leading actions: a swipe the other way does not move the row.
        #expect(table.beginSwipe(atViewportPoint: point(table, row: 0)))
        table.updateSwipe(translation: 150)
        #expect(table.swipeOffset == 0)
        table.endSwipe()
        // Not editable: no swipe at all; edit mode: no swipe.
        source.canEdit = { $0.row != 2 }
        #expect(!table.beginSwipe(atViewportPoint: point(table, row: 2)))
        table.setEditing(true, animated: false)
        #expect(!table.beginSwipe(atViewportPoint: point(table, row: 0)))
    }

    @Test("clicking Archive performs it and closes the row; the table is unchanged (a normal action)")
    func clickNormalAction() {
        let (table, source) = makeTable()
        var log: [String] = []
        archiveDelete(source, log: { log.append($0) })
        table.beginSwipe(atViewportPoint: point(table, row: 1))
        table.updateSwipe(translation: -170)
        table.endSwipe()
        let p = Point(x: width - 120, y: point(table, row: 1).y)
        table.pointerDown(at: p)
        table.pointerUp(at: p)
        #expect(log == ["archive 1"])
        #expect(!table.hasOpenSwipe)
        #expect(table.numberOfRows(inSection: 0) == 30)
        #expect(table.lastRowActionError == nil)
    }

    @Test("clicking Delete (destructive, completes true, row removed) deletes the row with the delete animation")
    func clickDestructiveAction() {
        let (table, source) = makeTable()
        var log: [String] = []
        archiveDelete(source, log: { log.append($0) })
        table.beginSwipe(atViewportPoint: point(table, row: 4))
        table.updateSwipe(translation: -160)
        table.endSwipe()
        let p = Point(x: width - 30, y: point(table, row: 4).y)
        table.pointerDown(at: p)
        table.pointerUp(at: p)
        #expect(log == ["delete 4"])
        #expect(table.numberOfRows(inSection: 0) == 29)
        #expect(table.hasRunningAnimations)
        #expect(table.swipedIndexPath == nil)
        settle(table)
        #expect(table.cellForRow(at: IndexPath(row: 4, section: 0))?.text == "Mail 5")
        #expect(table.lastRowActionError == nil)
    }

    @Test("a full swipe performs the first action; without performsFirstActionWithFullSwipe it only opens")
    func fullSwipe() {
        let (table, source) = makeTable()
        var log: [String] = []
        archiveDelete(source, log: { log.append($0) })
        #expect(table.beginSwipe(atViewportPoint: point(table, row: 6)))
        table.updateSwipe(translation: -360)
        let canvas = RecordingCanvas()
        table.render(in: canvas)
        #expect(canvas.texts.contains { $0.0 == "Delete" } && !canvas.texts.contains { $0.0 == "Archive" })
        table.endSwipe()
        #expect(log == ["delete 6"])
        #expect(table.numberOfRows(inSection: 0) == 29)
        settle(table)
        // Again with full swipes off: the row resists past its actions and stays open.
        let trailing = source.trailing!
        source.trailing = { ip in
            let c = trailing(ip)
            c?.performsFirstActionWithFullSwipe = false
            return c
        }
        #expect(table.beginSwipe(atViewportPoint: point(table, row: 6)))
        table.updateSwipe(translation: -360)
        #expect(table.swipeOffset > -360 && table.swipeOffset < -160)
        table.endSwipe()
        #expect(log == ["delete 6"])
        #expect(table.hasOpenSwipe && table.swipeOffset == -160)
    }

    @Test("leading actions: a swipe towards the trailing edge reveals them")
    func leadingActions() {
        let (table, source) = makeTable()
        var performed = 0
        source.leading = { _ in SwipeActionsConfiguration(actions: [ContextualAction(style: .normal, title: "Read") { _, done in performed += 1; done(true) }]) }
        #expect(table.beginSwipe(atViewportPoint: point(table, row: 0)))
        table.updateSwipe(translation: 70)
        table.endSwipe()
        #expect(table.swipeOffset == 80)
        #expect(table.swipeActionIndex(atViewportPoint: Point(x: 10, y: point(table, row: 0).y)) == 0)
        table.performSwipeAction(at: 0)
        #expect(performed == 1 && !table.hasOpenSwipe)
    }

    // MARK: Bad input

    @Test("BAD INPUT: a destructive action that completes true without removing the row gets the batch error; the table stays")
    func destructiveWithoutRemoval() throws {
        let (table, source) = makeTable()
        archiveDelete(source, log: { _ in }, removes: false)
        let rowsBefore = table.numberOfRows(inSection: 0)
        let mountedBefore = table.indexPathsForMountedRows
        let textsBefore = table.mountedCells.map(\.text)
        table.beginSwipe(atViewportPoint: point(table, row: 2))
        table.updateSwipe(translation: -160)
        table.endSwipe()
        table.performSwipeAction(at: 0)
        let error = try #require(table.lastRowActionError)
        #expect(error.kind == .rowCountMismatch)
        #expect(error.section == 0 && error.before == 30 && error.deleted == 1 && error.expected == 29 && error.reported == 30)
        // The same error, word for word, as the equivalent bad batch update throws.
        var thrown: BatchUpdateError?
        do { try table.performBatchUpdatesThrowing({ table.deleteRows(at: [IndexPath(row: 2, section: 0)], with: .automatic) }, completion: nil) }
        catch let e as BatchUpdateError { thrown = e }
        #expect(thrown == error)
        #expect(error.description.contains("section 0") && error.description.contains("left unchanged"))
        // The table is exactly as it was.
        #expect(table.numberOfRows(inSection: 0) == rowsBefore)
        #expect(table.indexPathsForMountedRows == mountedBefore)
        #expect(table.mountedCells.map(\.text) == textsBefore)
        #expect(!table.hasRunningAnimations)
        // A later good action clears the error.
        archiveDelete(source, log: { _ in })
        table.beginSwipe(atViewportPoint: point(table, row: 2))
        table.updateSwipe(translation: -160)
        table.endSwipe()
        table.performSwipeAction(at: 0)
        #expect(table.lastRowActionError == nil)
        #expect(table.numberOfRows(inSection: 0) == 29)
    }

    @Test("BAD INPUT: a commit that removes two rows from the model gets the batch error; the table stays")
    func commitWrongCount() throws {
        let (table, source) = makeTable()
        source.onCommit = { [unowned source] _, _, ip in source.rows.removeSubrange(ip.row..<(ip.row + 2)) }
        table.setEditing(true, animated: false)
        #expect(table.activateEditingControl(forRowAt: IndexPath(row: 0, section: 0)))
        let error = try #require(table.lastRowActionError)
        #expect(error.kind == .rowCountMismatch && error.reported == 28 && error.expected == 29)
        #expect(table.numberOfRows(inSection: 0) == 30)
    }

    @Test("an action handler that completes later: the row goes when it completes, not before")
    func asynchronousCompletion() {
        let (table, source) = makeTable()
        var pending: ((Bool) -> Void)?
        source.trailing = { ip in
            SwipeActionsConfiguration(actions: [ContextualAction(style: .destructive, title: "Delete") { _, done in
                pending = { ok in source.rows.remove(at: ip.row); done(ok) }
            }])
        }
        table.beginSwipe(atViewportPoint: point(table, row: 0))
        table.updateSwipe(translation: -80)
        table.endSwipe()
        table.performSwipeAction(at: 0)
        #expect(table.numberOfRows(inSection: 0) == 30)
        pending?(true)
        #expect(table.numberOfRows(inSection: 0) == 29)
        settle(table)
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0))?.text == "Mail 1")
    }

    // MARK: Context menus

    @Test("context menus: at a point (right click) and on the keyboard cursor's row (Shift+F10, Menu)")
    func contextMenus() throws {
        let (table, source) = makeTable()
        var chosen: [String] = []
        var asked: [(IndexPath, Point)] = []
        source.menu = { ip, p in
            asked.append((ip, p))
            return [MenuAction(title: "Mark as Read") { chosen.append("read \(ip.row)") },
                    MenuAction(title: "Move", isEnabled: false) { chosen.append("move") },
                    MenuAction(title: "Delete", isDestructive: true) { chosen.append("delete \(ip.row)") }]
        }
        table.contentOffset = Point(x: 0, y: 100)
        let p = point(table, row: 7, x: 120)
        let menu = try #require(table.contextMenu(atViewportPoint: p))
        #expect(menu.indexPath == IndexPath(row: 7, section: 0))
        #expect(menu.actions.map(\.title) == ["Mark as Read", "Move", "Delete"])
        #expect(menu.actions.map(\.isDestructive) == [false, false, true])
        #expect(menu.rowRect == Rect(x: 0, y: 7 * 44 - 100, width: width, height: 44))
        #expect(asked.last?.1 == Point(x: 120, y: p.y + 100))   // content coordinates
        #expect(table.focusedIndexPath == IndexPath(row: 7, section: 0))
        table.performMenuAction(menu.actions[1])
        table.performMenuAction(menu.actions[2])
        #expect(chosen == ["delete 7"])
        table.handleKey(.down)
        let keyboard = try #require(table.contextMenuForKeyboardFocus())
        #expect(keyboard.indexPath == IndexPath(row: 8, section: 0))
        #expect(keyboard.point == Point(x: width / 2, y: 8 * 44 + 22 - 100))
        #expect(table.contextMenu(atViewportPoint: Point(x: 10, y: 10_000)) == nil)
        source.menu = { _, _ in [] }
        #expect(table.contextMenu(atViewportPoint: p) == nil)
    }

    @Test("a reload, an update or edit mode closes an open row; swipes survive scrolling-free redraws")
    func swipeClosesOnChanges() throws {
        let (table, source) = makeTable()
        archiveDelete(source, log: { _ in })
        func open() {
            table.beginSwipe(atViewportPoint: point(table, row: 1))
            table.updateSwipe(translation: -160)
            table.endSwipe()
            #expect(table.hasOpenSwipe)
        }
        open()
        table.render(in: RecordingCanvas())
        #expect(table.hasOpenSwipe)
        table.reloadData()
        #expect(!table.hasOpenSwipe)
        open()
        try table.performBatchUpdatesThrowing({ source.rows.append("x"); table.insertRows(at: [IndexPath(row: 30, section: 0)], with: .none) }, completion: nil)
        #expect(!table.hasOpenSwipe)
        open()
        table.setEditing(true, animated: false)
        #expect(!table.hasOpenSwipe)
    }

    @Test("with a clock, a released row eases open over swipeSettleDuration and eases shut when closed")
    func settleAnimation() {
        let (table, source) = makeTable()
        archiveDelete(source, log: { _ in })
        table.advanceAnimations(to: 10)
        #expect(table.beginSwipe(atViewportPoint: point(table, row: 1)))
        table.updateSwipe(translation: -100)
        table.endSwipe()
        #expect(table.swipeOffset == -160)          // the state: open
        #expect(table.hasRunningAnimations)
        func drawnTitleX() -> Double? {
            let canvas = RecordingCanvas()
            table.render(in: canvas)
            return canvas.texts.first { $0.0 == "Mail 1" }?.1.minX
        }
        #expect(abs((drawnTitleX() ?? 0) - (16 - 100)) < 0.001)   // drawn where it was released
        table.advanceAnimations(to: 10.1)
        let mid = drawnTitleX() ?? 0
        #expect(mid < 16 - 100 && mid > 16 - 160, "\(mid)")
        table.advanceAnimations(to: 10.3)
        #expect(abs((drawnTitleX() ?? 0) - (16 - 160)) < 0.001)
        // Closing eases shut too; the state is closed at once.
        table.closeSwipe()
        #expect(table.swipedIndexPath == nil)
        #expect(abs((drawnTitleX() ?? 0) - (16 - 160)) < 0.001)
        table.advanceAnimations(to: 10.4)
        let closing = drawnTitleX() ?? 0
        #expect(closing > 16 - 160 && closing < 16, "\(closing)")
        table.advanceAnimations(to: 10.6)
        #expect(drawnTitleX() == 16)
        #expect(!table.hasRunningAnimations)
    }
}
