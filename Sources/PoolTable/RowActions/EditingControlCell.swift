/// A cell that shows an edit-mode control on its leading edge (a table's row): delete,
/// insert, or the multiple-selection checkbox. `ListBase` sets it through this, never
/// knowing the cell's class.
@MainActor
protocol EditingControlCell: ReusableCell {
    var editingStyle: TableViewCell.EditingStyle { get set }
    var shouldIndentWhileEditing: Bool { get set }
    var showsEditingCheckbox: Bool { get set }
}

extension TableViewCell: EditingControlCell {}
