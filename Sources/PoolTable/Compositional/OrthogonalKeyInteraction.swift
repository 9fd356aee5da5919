/// The arrows where a compositional layout has sections that scroll sideways (issue 38,
/// keyboard): Left and Right move the cursor through an orthogonal section's items and
/// scroll its band so the item shows (animated, aligned as the behaviour aligns groups);
/// Up and Down move between lines, an orthogonal section being one line: entering one lands
/// on its first visible item, leaving one lands on the nearest line's item nearest
/// horizontally. Other keys and layouts without such sections go to the view's own navigation.
@MainActor
final class OrthogonalKeyInteraction: KeyInteraction {
    func handle(_ key: TableKey, modifiers: InputModifiers, in list: ListBase) -> Bool {
        guard let view = list as? CollectionView, let compositional = view.geometry as? CompositionalGeometry,
              compositional.hasOrthogonalSections, [.up, .down, .left, .right].contains(key),
              let current = view.keyboardFocus else { return false }
        let next: ItemPath?
        switch key {
        case .left, .right:
            guard compositional.isOrthogonal(current.section) else { return false }
            next = compositional.item(from: current, across: key == .left ? -1 : 1)
        default:
            next = compositional.item(from: current, along: key == .up ? -1 : 1)
        }
        view.interaction.showFocusRing()
        guard let target = next else { return true }    // at an end: the key is used, nothing moves
        view.moveKeyboardCursor(from: current, to: target, goal: nil, modifiers: modifiers)   // reveals it across too
        return true
    }
}
