@_spi(Hosting) @_spi(Diagnostics) import PoolTable
import Testing

/// Data prefetching on real views (the rules of `TableView.prefetchDataSource`), for a table and a
/// grid: every call is logged with the binds between them, and the log is checked against
/// the rules as it grows.
@MainActor
@Suite("Data prefetching")
struct PrefetchingTests {
    enum Event: Equatable { case prefetch([IndexPath]), cancel([IndexPath]), bind(IndexPath) }

    /// A data source of `count` rows (items) that logs binds, and a prefetching data source
    /// that logs its calls and checks rules 1, 2, 3 and 6 on each. (Bespoke: the prefetching
    /// protocols and their rules are what is under test, for tables and grids alike.)
    final class Log: TableViewDataSource, TableViewDataSourcePrefetching, CollectionViewDataSource, CollectionViewDataSourcePrefetching {
        var count: Int
        var events: [Event] = []
        /// Passed to prefetch and neither bound nor cancelled since.
        var outstanding: Set<IndexPath> = []
        var problems: [String] = []
        var insideCellForRow = false
        /// The view's mounted rows when a prefetch call comes.
        var mounted: () -> [IndexPath] = { [] }
        init(count: Int) { self.count = count }

        func prefetched(_ ips: [IndexPath]) {
            if insideCellForRow { problems.append("prefetch from inside cellForRowAt") }
            if ips.isEmpty { problems.append("an empty prefetch call") }
            let m = Set(mounted())
            for ip in ips {
                if m.contains(ip) { problems.append("rule 1: \(ip) is mounted") }
                if !outstanding.insert(ip).inserted { problems.append("rule 2: \(ip) asked for twice") }
            }
            events.append(.prefetch(ips))
        }
        func cancelled(_ ips: [IndexPath]) {
            if insideCellForRow { problems.append("cancel from inside cellForRowAt") }
            for ip in ips where outstanding.remove(ip) == nil { problems.append("rule 3: \(ip) cancelled but not outstanding") }
            events.append(.cancel(ips))
        }
        func bound(_ ip: IndexPath) { outstanding.remove(ip); events.append(.bind(ip)) }

        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            insideCellForRow = true
            defer { insideCellForRow = false }
            bound(indexPath)
            return tableView.dequeueReusableCell(withIdentifier: "c", for: indexPath)
        }
        func tableView(_ tableView: TableView, prefetchRowsAt indexPaths: [IndexPath]) { prefetched(indexPaths) }
        func tableView(_ tableView: TableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) { cancelled(indexPaths) }

        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }
        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
            insideCellForRow = true
            defer { insideCellForRow = false }
            bound(indexPath)
            return collectionView.dequeueReusableCell(withReuseIdentifier: "c", for: indexPath)
        }
        func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath]) { prefetched(indexPaths) }
        func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) { cancelled(indexPaths) }

        var prefetchCalls: [[IndexPath]] { events.compactMap { if case let .prefetch(ips) = $0 { ips } else { nil } } }
        var cancelCalls: [[IndexPath]] { events.compactMap { if case let .cancel(ips) = $0 { ips } else { nil } } }

        /// Rule 4: every row bound after event `start` was passed to prefetch before its bind.
        func unannouncedBinds(after start: Int) -> [IndexPath] {
            var announced = Set<IndexPath>(), missing: [IndexPath] = []
            for (k, e) in events.enumerated() {
                switch e {
                case let .prefetch(ips): announced.formUnion(ips)
                case .cancel: break
                case let .bind(ip): if k >= start && !announced.contains(ip) { missing.append(ip) }
                }
            }
            return missing
        }
    }

    func table(_ log: Log) -> TableView {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 440), style: .plain)
        table.register({ TableViewCell(reuseIdentifier: $0) }, forCellReuseIdentifier: "c")
        table.dataSource = log
        table.prefetchDataSource = log
        log.mounted = { [unowned table] in table.indexPathsForMountedRows }
        return table
    }

    @Test("Table: the first layout asks for the rows just below the prepared ones, nearest first; steady scrolling announces every row it binds")
    func tableScrollsDown() {
        let log = Log(count: 10_000)
        let table = table(log)
        table.layoutIfNeeded()
        // 10 rows visible, 5 prepared below (half a viewport): rows 15…34 fill two viewports (880 px).
        #expect(table.indexPathsForMountedRows.last == IndexPath(row: 14, section: 0))
        #expect(log.prefetchCalls == [(15...34).map { IndexPath(row: $0, section: 0) }])
        let start = log.events.count
        for step in 1...300 { table.contentOffset = Point(x: 0, y: Double(step) * 97) }
        #expect(log.unannouncedBinds(after: start).isEmpty, "rule 4")
        #expect(log.problems.isEmpty, "\(log.problems.prefix(5))")
        #expect(log.cancelCalls.isEmpty, "nothing left the range unbound while scrolling down")
        // Everything outstanding lies below the mounted rows, within two viewports.
        let lastMounted = table.indexPathsForMountedRows.last!.row
        #expect(log.outstanding.allSatisfy { $0.row > lastMounted && $0.row <= lastMounted + 21 })
        #expect(Set(table.indexPathsForOutstandingPrefetches) == log.outstanding)
    }

    @Test("Table: turning back cancels the rows below once and asks for those above; a jump cancels; reload cancels in one call; deleted rows are cancelled")
    func tableTurnsBackJumpsReloadsDeletes() throws {
        let log = Log(count: 10_000)
        let table = table(log)
        table.contentOffset = Point(x: 0, y: 20_000)
        table.contentOffset = Point(x: 0, y: 20_100)
        let below = log.outstanding
        #expect(!below.isEmpty && below.allSatisfy { $0.row > 455 })
        table.contentOffset = Point(x: 0, y: 20_050)                    // the user turns back
        #expect(log.cancelCalls.last.map(Set.init) == below, "each unbound row below cancelled exactly once")
        let firstMounted = table.indexPathsForMountedRows.first!.row
        #expect(log.prefetchCalls.last?.first == IndexPath(row: firstMounted - 1, section: 0), "nearest first, upwards")
        #expect(log.prefetchCalls.last.map { $0.map(\.row) == $0.map(\.row).sorted(by: >) } == true)

        // A jump far away: what was outstanding above is cancelled, and the new place is asked for.
        let above = log.outstanding
        table.contentOffset = Point(x: 0, y: 200_000)
        #expect(Set(log.cancelCalls.last ?? []) == above)

        // A deleted outstanding row gets its cancel with the index path it had.
        let victim = try #require(log.outstanding.max { $0.row < $1.row })
        log.count -= 1
        try table.performBatchUpdatesThrowing({ table.deleteRows(at: [victim], with: .none) }, completion: nil)
        table.layoutIfNeeded()
        #expect(log.cancelCalls.last?.contains(victim) == true)

        // reloadData: one call with everything outstanding, then afresh (downwards).
        let outstanding = log.outstanding
        let calls = log.cancelCalls.count
        table.reloadData()
        #expect(log.cancelCalls.count == calls + 1 && Set(log.cancelCalls[calls]) == outstanding)
        #expect(!log.outstanding.isEmpty && log.outstanding.allSatisfy { $0.row > table.indexPathsForMountedRows.last!.row })
        #expect(log.problems.isEmpty, "\(log.problems.prefix(5))")
    }

    @Test("Table: turned off, nothing is told after the one cancel of what was outstanding; no data source, no calls")
    func tableSwitchedOff() {
        let log = Log(count: 2_000)
        let table = table(log)
        table.layoutIfNeeded()
        let outstanding = log.outstanding
        table.isPrefetchingEnabled = false
        #expect(log.cancelCalls.map(Set.init) == [outstanding])
        let events = log.events.filter { if case .bind = $0 { false } else { true } }.count
        for step in 1...50 { table.contentOffset = Point(x: 0, y: Double(step) * 131) }
        #expect(log.events.filter { if case .bind = $0 { false } else { true } }.count == events)
        table.isPrefetchingEnabled = true
        table.contentOffset = Point(x: 0, y: 7_000)
        #expect(!log.outstanding.isEmpty)
        table.dataPrefetchDistance = .nan
        table.contentOffset = Point(x: 0, y: 7_100)
        #expect(log.outstanding.isEmpty, "a distance that is not a number prefetches nothing (and cancels the rest)")
        #expect(log.problems.isEmpty, "\(log.problems.prefix(5))")
    }

    @Test("Grid: whole lines past the prepared ones, nearest first; scrolling down and up announces every item it binds")
    func gridScrolls() {
        let log = Log(count: 5_000)
        var layout = GridLayout()
        layout.itemSize = Size(width: 100, height: 100)
        let grid = CollectionView(frame: Rect(x: 0, y: 0, width: 440, height: 400), layout: layout)
        grid.register({ CollectionViewCell(reuseIdentifier: $0) }, forCellWithReuseIdentifier: "c")
        grid.dataSource = log
        grid.prefetchDataSource = log
        log.mounted = { [unowned grid] in grid.indexPathsForMountedItems }
        grid.layoutIfNeeded()
        let first = log.prefetchCalls.first ?? []
        #expect(first.first?.item == grid.indexPathsForMountedItems.last!.item + 1)
        #expect(first.count % 4 == 0 && first.map(\.item) == first.map(\.item).sorted(), "whole lines of 4, nearest first")
        let start = log.events.count
        for step in 1...200 { grid.contentOffset = Point(x: 0, y: Double(step) * 83) }
        #expect(log.unannouncedBinds(after: start).isEmpty, "rule 4 downwards")
        let up = log.events.count
        for step in (0..<200).reversed() { grid.contentOffset = Point(x: 0, y: Double(step) * 83) }
        // The first step back binds rows the downward range never covered; after it, rule 4 holds upwards.
        let turned = log.events[up...].firstIndex { if case .prefetch = $0 { true } else { false } } ?? up
        #expect(log.unannouncedBinds(after: turned + 1).isEmpty, "rule 4 upwards")
        #expect(log.problems.isEmpty, "\(log.problems.prefix(5))")
    }
}
