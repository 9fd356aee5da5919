// A data source written as the seeds write UIKit code: this file imports all of Foundation
// and PoolTable, and uses `IndexPath` and `Set<IndexPath>` unqualified (issue 16). Round one
// shipped an `IndexPath` of the engine's own, and this file did not compile.
import Foundation
import PoolTable
import Testing

/// Bespoke, not the fixture: written as seed code is (an NSObject subclass, Foundation's types).
@MainActor
private final class SeedStyleSource: NSObject, TableViewDataSource, TableViewDelegate {
    var titles = (0..<200).map { "Row \($0)" }
    var selected = Set<IndexPath>()
    var displayed: [IndexPath] = []

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { titles.count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
        cell.text = titles[indexPath.row]
        return cell
    }
    func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {
        displayed.append(indexPath)
    }
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) { selected.insert(indexPath) }
}

@MainActor
@Suite("Foundation's IndexPath (issue 16)")
struct FoundationInteropTests {
    @Test("a seed-style data source in a file importing Foundation compiles and runs; IndexPath is Foundation's")
    func foundationIndexPath() throws {
        let source = SeedStyleSource()
        let table = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 440))
        table.register({ TableViewCell(reuseIdentifier: $0) }, forCellReuseIdentifier: "cell")
        table.dataSource = source
        table.delegate = source
        table.layoutIfNeeded()
        #expect(source.displayed.first == IndexPath(row: 0, section: 0))
        // The same value as Foundation builds it, usable in Foundation's own API.
        #expect(IndexPath(row: 3, section: 0) == IndexPath(indexes: [0, 3]))
        #expect(IndexPath(item: 7, section: 2).item == 7 && IndexPath(indexes: [2, 7]).section == 2)
        let sections = IndexSet([0])
        try table.performBatchUpdatesThrowing({
            source.titles.insert("Ad", at: 5)
            table.insertRows(at: [IndexPath(row: 5, section: 0)], with: .none)
        }, completion: nil)
        #expect(table.numberOfRows(inSection: 0) == 201)
        table.deleteSections(IndexSet(), with: .none)        // Foundation's IndexSet is accepted as is
        #expect(sections.contains(0))
        table.selectRow(at: IndexPath(row: 2, section: 0), animated: false, scrollPosition: .none)
        #expect(table.indexPathsForSelectedRows.map(Set.init) == Set([IndexPath(row: 2, section: 0)]))
    }
}
