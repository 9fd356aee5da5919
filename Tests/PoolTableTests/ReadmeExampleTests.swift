import Testing
import PoolTable

/// The example of README.md and docs/USING.md, verbatim in substance: if the API drifts, this
/// stops compiling.
@MainActor
final class Contacts: TableViewDataSource, TableViewDelegate {
    var names = (0..<1_000_000).map { "Contact \($0)" }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { names.count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "name", for: indexPath)
        cell.text = names[indexPath.row]
        return cell
    }
}

@MainActor
@Test("the README example works")
func readmeExample() throws {
    let table = TableView(frame: Rect(x: 0, y: 0, width: 800, height: 600))
    let contacts = Contacts()
    table.register({ TableViewCell(reuseIdentifier: $0) }, forCellReuseIdentifier: "name")
    table.dataSource = contacts
    table.contentOffset = Point(x: 0, y: 44 * 500_000)
    #expect(table.indexPathsForVisibleRows.count == 14)
    #expect(table.indexPathsForPreparedRows.count > 0)
    #expect(table.visibleCells.first?.text == "Contact 500000")
    try table.performBatchUpdatesThrowing({
        contacts.names.insert("Ad", at: 5)
        table.insertRows(at: [IndexPath(row: 5, section: 0)], with: .automatic)
    }, completion: nil)
    #expect(table.visibleCells.first?.text == "Contact 500000")     // anchored
}
