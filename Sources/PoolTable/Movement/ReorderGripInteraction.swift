/// Moving an item by hand with the pointer (issue 23): a press on a row's reorder grip
/// where the cell shows one (a table's row in edit mode, a list cell's reorder accessory)
/// claims the press; a long press on a movable item in edit mode hands it the
/// press (`liftByLongPress`). Dragging moves the item; the release drops it; a cancel puts
/// it back.
@MainActor
final class ReorderGripInteraction: PointerInteraction {
    func claim(_ press: PointerPress, in list: ListBase) -> Bool {
        guard let ip = press.item, let cell = list.mountedCell(at: ip) as? any ReorderGripCell else { return false }
        let content = list.contentPoint(press.point)
        let local = Point(x: content.x - cell.frame.minX, y: content.y - cell.frame.minY)
        guard cell.reorderGripContains(local) else { return false }
        list.interaction.track(InteractionState.Press(indexPath: ip, start: press.point, target: nil, onCheckbox: false,
                                                      modifiers: press.modifiers, onGrip: true))
        return true
    }
    func drag(to p: Point, in list: ListBase) {
        guard let press = list.interaction.press, press.onGrip else { return }
        list.dragMovement(press, to: p)
    }
    func release(at p: Point, in list: ListBase) {
        guard list.interaction.press?.onGrip == true, list.movement.state?.grab != nil else { return }
        list.endInteractiveMovement()
    }
    func cancel(in list: ListBase) {
        guard list.interaction.press?.onGrip == true, list.movement.state?.grab != nil else { return }
        list.cancelInteractiveMovement()
    }
}

/// A cell that may draw a reorder grip: a table's row in edit mode, a list cell with a
/// reorder accessory shown (`CellAccessory.reorder`, in edit mode by default). Each cell
/// says where its grip is; the gesture asks no more of it.
@MainActor
protocol ReorderGripCell: ReusableCell {
    /// Whether `local` (cell coordinates) is on the grip, the cell showing one now.
    func reorderGripContains(_ local: Point) -> Bool
}

extension TableViewCell: ReorderGripCell {
    func reorderGripContains(_ local: Point) -> Bool {
        isEditing && showsReorderControl && reorderControlRect(in: Rect(origin: .zero, size: frame.size), progress: 1).contains(local)
    }
}

extension CollectionViewListCell: ReorderGripCell {
    /// On the reorder accessory where it shows (`CellAccessory.reorder`, in edit mode by
    /// default), laid out as it is drawn (a label accessory measured by the view's canvas).
    func reorderGripContains(_ local: Point) -> Bool {
        let canvas = collectionView.map { $0.measuringCanvas ?? $0.fallbackMeasuringCanvas }
        return accessoryRects(in: Rect(origin: .zero, size: frame.size), canvas: canvas)
            .contains { $0.0.kind == .reorder && $0.1.contains(local) }
    }
}
