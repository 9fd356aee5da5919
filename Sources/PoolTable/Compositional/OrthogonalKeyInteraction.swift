/// The arrows where a compositional layout has sections that scroll sideways (issue 38,
/// keyboard): Left and Right move the cursor through an orthogonal section's items and
/// scroll its band so the item shows (animated, aligned as the behaviour aligns groups);
/// Up and Down move between lines, an orthogonal section being one line: entering one lands
/// on its first visible item, leaving one lands on the nearest line's item nearest the goal
/// column: where the Up/Down run set out, like a text editor's (a grid's column 4, down
/// through a carousel, comes out in column 4). Other keys and layouts without such sections
/// go to the view's own navigation.
@MainActor
final class OrthogonalKeyInteraction: KeyInteraction {
    func handle(_ key: TableKey, modifiers: InputModifiers, in list: ListBase) -> Bool {
        guard let view = list as? CollectionView, let compositional = view.geometry as? CompositionalGeometry,
              compositional.hasOrthogonalSections, [.up, .down, .left, .right].contains(key),
              let current = view.keyboardFocus else { return false }
        let next: ItemPath?
        var goalX: Double?
        switch key {
        case .left, .right:
            guard compositional.isOrthogonal(current.section) else { return false }
            next = compositional.item(from: current, across: key == .left ? -1 : 1)
        default:
            // The column kept while Up/Down run on; a new run starts from the item's centre.
            goalX = view.tracked.goal.flatMap { $0.reached == current ? $0.x : nil } ?? view.itemRect(current).midX
            next = compositional.item(from: current, along: key == .up ? -1 : 1, goalX: goalX)
        }
        view.interaction.showFocusRing()
        guard let target = next else { return true }    // at an end: the key is used, nothing moves
        view.moveKeyboardCursor(from: current, to: target, goal: goalX, modifiers: modifiers)   // reveals it across too
        return true
    }
}
