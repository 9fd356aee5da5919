import Testing
@_spi(Hosting) @_spi(Diagnostics) @testable import PoolTable

/// A row's actions without a pointer (issue 34): what the shell exports as AT-SPI actions.
@MainActor
@Suite("Row actions for assistive technology: listed and performed without a pointer (issue 34)")
struct RowAccessibilityActionsTests {
    func makeTable() -> (TableView, ActionSource, Box) {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 440))
        let source = ActionSource(count: 30)
        source.attach(to: table)
        let log = Box()
        source.trailing = { ip in
            SwipeActionsConfiguration(actions: [
                ContextualAction(style: .destructive, title: "Delete") { _, done in
                    log.lines.append("delete \(ip.row)")
                    source.rows.remove(at: ip.row)
                    done(true)
                },
                ContextualAction(style: .normal, title: "Archive") { _, done in
                    log.lines.append("archive \(ip.row)")
                    done(true)
                },
            ])
        }
        source.leading = { _ in SwipeActionsConfiguration(actions: [ContextualAction(style: .normal, title: nil) { _, done in done(true) }]) }
        source.menu = { ip, _ in
            [MenuAction(title: "Mark as Read") { log.lines.append("read \(ip.row)") },
             MenuAction(title: "Archive") { log.lines.append("menu archive \(ip.row)") },
             MenuAction(title: "Flag", isEnabled: false) { log.lines.append("flag") }]
        }
        return (table, source, log)
    }

    final class Box { var lines: [String] = [] }

    @Test("swipe actions first (untitled ones left out), then enabled menu entries the swipes do not already have")
    func listed() {
        let (table, _, _) = makeTable()
        let actions = table.accessibilityActions(forRowAt: IndexPath(row: 3, section: 0))
        #expect(actions.map(\.title) == ["Delete", "Archive", "Mark as Read"])
        #expect(actions.map(\.isDestructive) == [true, false, false])
    }

    @Test("performing a swipe action runs its handler for that row, as its button does, and closes the row")
    func performsSwipe() throws {
        let (table, _, log) = makeTable()
        let archive = try #require(table.accessibilityActions(forRowAt: IndexPath(row: 2, section: 0)).first { $0.title == "Archive" })
        #expect(table.performAccessibilityAction(archive, forRowAt: IndexPath(row: 2, section: 0)))
        #expect(log.lines == ["archive 2"])
        #expect(table.hasOpenSwipe == false)
        #expect(table.numberOfRows(inSection: 0) == 30)
    }

    @Test("a destructive swipe action that completes true deletes the row")
    func performsDestructive() throws {
        let (table, source, log) = makeTable()
        let delete = try #require(table.accessibilityActions(forRowAt: IndexPath(row: 4, section: 0)).first)
        #expect(table.performAccessibilityAction(delete, forRowAt: IndexPath(row: 4, section: 0)))
        #expect(log.lines == ["delete 4"])
        #expect(table.numberOfRows(inSection: 0) == 29)
        #expect(source.rows.count == 29)
    }

    @Test("a menu entry runs its handler; none in edit mode")
    func menuAndEditMode() throws {
        let (table, _, log) = makeTable()
        let read = try #require(table.accessibilityActions(forRowAt: IndexPath(row: 1, section: 0)).last)
        #expect(table.performAccessibilityAction(read, forRowAt: IndexPath(row: 1, section: 0)))
        #expect(log.lines == ["read 1"])
        table.setEditing(true, animated: false)
        #expect(table.accessibilityActions(forRowAt: IndexPath(row: 1, section: 0)).isEmpty)
        #expect(!table.performAccessibilityAction(read, forRowAt: IndexPath(row: 1, section: 0)))
    }
}
