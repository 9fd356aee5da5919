import Testing
@_spi(Hosting) @_spi(Diagnostics) import PoolTable
@testable import PoolTableDemoKit

@MainActor
@Suite("Inbox: delete selected rows with the collapse animation, undo restores them")
struct InboxTests {
    func makeInbox() -> (TableView, InboxController) {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 500, height: 700))
        let controller = InboxController()
        controller.attach(to: table)
        table.reloadData()
        return (table, controller)
    }

    /// Mounted cells that do not show their own row's mail, and count mismatches.
    func problems(_ table: TableView, _ controller: InboxController) -> [String] {
        var out: [String] = []
        if table.numberOfSections != controller.sections.count { out.append("sections") }
        for s in controller.sections.indices where table.numberOfRows(inSection: s) != controller.sections[s].mails.count {
            out.append("rows in \(s): \(table.numberOfRows(inSection: s)) vs \(controller.sections[s].mails.count)")
        }
        for (ip, cell) in zip(table.indexPathsForMountedRows, table.mountedCells) where (cell as? MailCell)?.mail != controller.mail(at: ip) {
            out.append("cell at \(ip) shows another mail")
        }
        return out
    }

    func select(_ table: TableView, _ rows: [IndexPath]) {
        for ip in rows { table.selectRow(at: ip, animated: false, scrollPosition: .none) }
    }

    @Test("Delete removes the selected rows (across sections) in one animated batch; rows below glide up")
    func deleteSelected() {
        let (table, controller) = makeInbox()
        let original = controller.sections
        #expect(controller.deleteSelectedRows() == 0, "nothing happens outside edit mode")
        table.setEditing(true, animated: false)
        #expect(!controller.canDeleteSelection)
        let chosen = [IndexPath(row: 1, section: 0), IndexPath(row: 3, section: 0), IndexPath(row: 0, section: 1)]
        select(table, chosen)
        #expect(controller.canDeleteSelection)
        let survivor = controller.mail(at: IndexPath(row: 2, section: 0))
        table.advanceAnimations(to: 0)
        #expect(controller.deleteSelectedRows() == 3)
        #expect(controller.mailCount == original.reduce(0) { $0 + $1.mails.count } - 3)
        #expect(controller.sections[0].mails[1] == survivor)
        #expect(table.numberOfSelectedRows == 0)
        #expect(table.hasRunningAnimations, "the deleted rows collapse")
        #expect(problems(table, controller) == [])
        table.advanceAnimations(to: 0.15)
        #expect(table.hasRunningAnimations)
        table.advanceAnimations(to: 1)
        #expect(!table.hasRunningAnimations)
        #expect(controller.canUndo && controller.undoStack.count == 1)
        #expect(problems(table, controller) == [])
    }

    @Test("Ctrl+Z restores each delete where it was, latest first, selected again in edit mode")
    func undoRestores() {
        let (table, controller) = makeInbox()
        let original = controller.sections
        table.setEditing(true, animated: false)
        select(table, [IndexPath(row: 0, section: 0), IndexPath(row: 5, section: 2), IndexPath(row: 6, section: 2)])
        controller.deleteSelectedRows()
        let afterFirst = controller.sections
        select(table, [IndexPath(row: 0, section: 0), IndexPath(row: 10, section: 7)])
        controller.deleteSelectedRows()
        #expect(controller.undoStack.count == 2)

        let restored = controller.undo()
        #expect(restored == [IndexPath(row: 0, section: 0), IndexPath(row: 10, section: 7)])
        #expect(controller.sections == afterFirst)
        #expect(Set(table.indexPathsForSelectedRows ?? []) == Set(restored))
        #expect(problems(table, controller) == [])
        table.deselectAll(animated: false)
        controller.undo()
        #expect(controller.sections == original)
        #expect(!controller.canUndo)
        #expect(controller.undo() == [])
        #expect(problems(table, controller) == [])
    }

    @Test("random selections, deletes and undos match a plain-array model")
    func randomDeletesAndUndos() {
        let (table, controller) = makeInbox()
        table.setEditing(true, animated: false)
        var model = controller.sections
        var history: [[MailSection]] = []
        var rng = SeededRandom(seed: 6_009)
        var clock = 0.0
        for step in 0..<150 {
            clock += 0.07
            table.advanceAnimations(to: clock)
            if Int.random(in: 0..<3, using: &rng) == 0 && !history.isEmpty {
                controller.undo()
                model = history.removeLast()
            } else {
                table.deselectAll(animated: false)
                var picks = Set<IndexPath>()
                for _ in 0..<Int.random(in: 1...6, using: &rng) {
                    let nonEmpty = model.indices.filter { !model[$0].mails.isEmpty }
                    guard let s = nonEmpty.randomElement(using: &rng) else { break }
                    picks.insert(IndexPath(row: Int.random(in: 0..<model[s].mails.count, using: &rng), section: s))
                }
                guard !picks.isEmpty else { continue }
                select(table, Array(picks))
                history.append(model)
                for ip in picks.sorted().reversed() { model[ip.section].mails.remove(at: ip.row) }
                #expect(controller.deleteSelectedRows() == picks.count)
            }
            if Int.random(in: 0..<4, using: &rng) == 0 {
                table.contentOffset = Point(x: 0, y: Double.random(in: 0...table.contentSize.height, using: &rng))
            }
            #expect(controller.sections == model, "step \(step)")
            let p = problems(table, controller)
            #expect(p.isEmpty, "step \(step): \(p.prefix(2))")
            if controller.sections != model || !p.isEmpty { break }
        }
    }

    // MARK: Row actions (issue 22)

    @Test("swipe Delete removes the mail with the delete animation; Archive too; Ctrl+Z brings both back")
    func swipeActions() throws {
        let (table, controller) = makeInbox()
        let original = controller.sections
        let p = Point(x: 400, y: table.rectForRow(at: IndexPath(row: 1, section: 0)).midY)
        #expect(table.beginSwipe(atViewportPoint: p))
        table.updateSwipe(translation: -160)
        table.endSwipe()
        #expect(table.revealedSwipeActions.map(\.title) == [tr("Delete"), tr("Archive")])
        #expect(table.revealedSwipeActions.map(\.style) == [.destructive, .normal])
        table.performSwipeAction(at: 0)
        #expect(table.hasRunningAnimations)
        #expect(table.lastRowActionError == nil)
        #expect(controller.sections[0].mails.count == original[0].mails.count - 1)
        #expect(problems(table, controller) == [])
        // Archive (a normal action that updates the table itself).
        #expect(table.beginSwipe(atViewportPoint: p))
        table.updateSwipe(translation: -160)
        table.endSwipe()
        table.performSwipeAction(at: 1)
        #expect(table.lastRowActionError == nil)
        #expect(controller.archived.count == 1)
        #expect(controller.sections[0].mails.count == original[0].mails.count - 2)
        table.advanceAnimations(to: 50)
        table.advanceAnimations(to: 51)
        #expect(problems(table, controller) == [])
        controller.undo()
        controller.undo()
        #expect(controller.archived.isEmpty)
        #expect(controller.sections.map(\.mails) == original.map(\.mails))
        table.advanceAnimations(to: 60)
        table.advanceAnimations(to: 61)
        #expect(problems(table, controller) == [])
    }

    @Test("the context menu: Mark as Read/Unread toggles, Delete is destructive and removes the row; edit mode keeps its checkboxes")
    func contextMenu() throws {
        let (table, controller) = makeInbox()
        let ip = IndexPath(row: 2, section: 0)
        let p = Point(x: 200, y: table.rectForRow(at: ip).midY)
        let menu = try #require(table.contextMenu(atViewportPoint: p))
        #expect(menu.indexPath == ip)
        let wasUnread = controller.mail(at: ip).isUnread
        #expect(menu.actions.map(\.title) == [wasUnread ? tr("Mark as Read") : tr("Mark as Unread"), tr("Archive"), tr("Delete")])
        #expect(menu.actions.map(\.isDestructive) == [false, false, true])
        table.performMenuAction(menu.actions[0])
        #expect(controller.mail(at: ip).isUnread == !wasUnread)
        let count = controller.mailCount
        let again = try #require(table.contextMenu(atViewportPoint: p))
        table.performMenuAction(again.actions[2])
        #expect(controller.mailCount == count - 1)
        #expect(problems(table, controller) == [])
        // Edit mode: multiple selection, so checkboxes and no delete controls.
        table.setEditing(true, animated: false)
        let cell = try #require(table.cellForRow(at: ip))
        #expect(cell.showsEditingCheckbox && cell.editingStyle == .none)
    }
}
