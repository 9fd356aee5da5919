/// The column header row's gestures (resizing, reordering, sorting, a double click that
/// fits a column): a table's first pointer gesture, as GtkColumnView owns its header's.
@MainActor
final class ColumnHeaderInteraction: PointerInteraction {
    private unowned let table: TableView
    init(table: TableView) { self.table = table }

    func claim(_ press: PointerPress, in list: ListBase) -> Bool {
        table.columnHeaderPointerDown(at: press.point, clickCount: press.clickCount)
    }
    func drag(to p: Point, in list: ListBase) { _ = table.columnHeaderPointerDragged(to: p) }
    func release(at p: Point, in list: ListBase) { _ = table.columnHeaderPointerUp(at: p) }
    func cancel(in list: ListBase) { table.columnHeaderPointerCancelled() }
    func activate(at p: Point, in list: ListBase) -> Bool { table.columnHeaderDoubleClick(at: p) }
}

/// Left and Right between a row's cells when a cell has the focus (CellFocus).
@MainActor
final class CellFocusKeyInteraction: KeyInteraction {
    private unowned let table: TableView
    init(table: TableView) { self.table = table }

    func handle(_ key: TableKey, modifiers: InputModifiers, in list: ListBase) -> Bool {
        table.handleCellFocusArrow(key, modifiers: modifiers)
    }
}
