import PoolTable
@_spi(Interop) import PoolTableGtk
import PoolTableDemoKit

/// One section of N uniform rows "Row 0" … "Row N-1". Nothing is stored per row: the
/// table keeps uniform heights in O(1) memory, so a hundred million rows are fine.
@MainActor
final class HugeListScreen: Screen, TableViewDataSource, TableViewDelegate {
    static let defaultRowCount = 1_000_000
    /// Every row's height, in pixels.
    nonisolated static let rowHeight = 48.0

    let name = "huge"
    var title: String { tr("Huge List") }
    let subtitle: String
    var selectionDidChange: (@MainActor () -> Void)?

    private let rowCount: Int

    init(rowCount: Int = HugeListScreen.defaultRowCount) {
        self.rowCount = max(0, rowCount)
        subtitle = trn("{count} row", "{count} rows", count: self.rowCount)
    }

    func install(in widget: TableWidget) {
        let tableView = widget.tableView
        tableView.register({ TableViewCell(reuseIdentifier: $0) }, forCellReuseIdentifier: "row")
        tableView.rowHeight = Self.rowHeight
        tableView.allowsMultipleSelectionDuringEditing = true
        tableView.dataSource = self
        tableView.delegate = self
    }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rowCount }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.text = tr("Row {number}", ["number": String(indexPath.row)])
        return cell
    }

    // No heightForRowAt: the table uses `rowHeight` for every row (uniform storage).

    func tableViewSelectionDidChange(_ tableView: TableView) { selectionDidChange?() }
}
