/// A press on an expandable row's triangle toggles the row (the press is used up: the row
/// is not selected). Registered by `TableView`, whose outline it is.
@MainActor
final class DisclosureInteraction: PointerInteraction {
    private unowned let table: TableView
    init(table: TableView) { self.table = table }

    func claim(_ press: PointerPress, in list: ListBase) -> Bool {
        press.item != nil && table.toggleDisclosure(atViewportPoint: press.point)
    }
}
