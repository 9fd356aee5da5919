import CGtk
import Dispatch
import PoolTable
@_spi(Interop) import PoolTableGtk
import Testing

/// `apply` off the main thread in the app's setting (issue 36): GLib's loop owns the main
/// thread, and the diff's result comes back through the shell's `MainLoopApplyScheduler`.
extension TableWidgetTests {
    @Test("A large diffable apply is diffed off the main thread and lands through GLib's main loop; so does one from a background queue")
    func diffableApplyThroughGLib() throws {
        let harness = try WindowHarness.open(rows: 10)
        defer { harness.close() }
        let table = harness.table.tableView
        #expect(DiffableApply.defaultScheduler is MainLoopApplyScheduler, "TableWidget installs the GLib scheduler")
        table.register({ TableViewCell(reuseIdentifier: $0) }, forCellReuseIdentifier: "diffable")
        let source = TableViewDiffableDataSource<Int, Int>(tableView: table) { tv, ip, id in
            let cell = tv.dequeueReusableCell(withIdentifier: "diffable", for: ip)
            cell.text = "Item \(id)"
            return cell
        }
        var first = DiffableSnapshot<Int, Int>()
        first.appendSections([0])
        first.appendItems(Array(0..<20_000))
        table.reloadData()
        try source.applyThrowing(first, animatingDifferences: false)
        #expect(table.numberOfRows(inSection: 0) == 20_000)

        var next = first
        next.deleteItems([0, 1, 2, 500])
        next.appendItems([-1, -2, -3])
        var done = false
        source.apply(next, animatingDifferences: false) { done = true }
        #expect(source.hasPendingApply, "20,000 + 20,000 items are diffed on a worker")
        #expect(table.numberOfRows(inSection: 0) == 20_000)
        #expect(GtkTestEnvironment.iterate(timeout: 20) { done })
        #expect(!source.hasPendingApply)
        #expect(table.numberOfRows(inSection: 0) == next.numberOfItems)
        #expect(source.itemIdentifier(for: IndexPath(row: 0, section: 0)) == 3)

        var moved = next
        moved.moveItem(-3, beforeItem: 3)
        let third = moved
        let sent = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var backgroundDone = false
        DispatchQueue.global().async {
            source.applyFromAnyThread(third, animatingDifferences: false) { backgroundDone = true }
            sent.signal()
        }
        sent.wait()
        #expect(GtkTestEnvironment.iterate(timeout: 20) { backgroundDone })
        #expect(source.snapshot() == third && !source.hasPendingApply)
        #expect(source.itemIdentifier(for: IndexPath(row: 0, section: 0)) == -3)
        // Main thread first, then a background queue: the switch is reported, not fatal.
        #expect(source.applyQueueMisuses.count == 1)
    }
}
