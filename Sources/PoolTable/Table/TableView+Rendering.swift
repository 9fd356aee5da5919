/// What a table draws beyond the shared core: separators between rows and, in `.grouped`
/// style, each section's rows as a rounded group.
extension TableView {
    /// Corner radius of `.grouped` sections.
    static let groupCornerRadius = 10.0

    func drawTableItems(_ visible: [Int], in canvas: Canvas) {
        guard style == .grouped else {
            drawGhosts(in: canvas, section: nil)
            for k in visible { drawCell(slot: k, in: canvas) }
            drawSeparators(visible, in: canvas)
            drawOutlineDisclosures(visible, in: canvas)
            return
        }
        // Each section's rows are a rounded group: its background, then its rows clipped to it.
        let sections = Set(visible.map { items[$0].indexPath.section }).union(rowAnimations.ghostSections).sorted()
        for s in sections where s < geometry.numberOfSections {
            let group = listLayout.groupRect(ofSection: s)
            canvas.fill(.roundedRect(group, radius: Self.groupCornerRadius), color: canvas.theme.cellBackground)
            canvas.save()
            canvas.clip(to: .roundedRect(group, radius: Self.groupCornerRadius))
            drawGhosts(in: canvas, section: s)
            let rows = visible.filter { items[$0].indexPath.section == s }
            for k in rows { drawCell(slot: k, in: canvas) }
            drawSeparators(rows, in: canvas)
            drawOutlineDisclosures(rows, in: canvas)
            canvas.restore()
        }
    }

    private func drawSeparators(_ slots: [Int], in canvas: Canvas) {
        guard separatorStyle == .singleLine else { return }
        let color = canvas.theme.separator
        for k in slots {
            let m = items[k]
            guard m.indexPath.row + 1 < geometry.numberOfItems(in: m.indexPath.section) else { continue }
            let f = drawnFrame(ofSlot: k)
            let shift = m.cell.editingProgress * ((m.cell as? TableViewCell)?.editingIndent ?? TableViewCell.editingControlWidth)
            let x = f.minX + separatorInsetLeft + shift
            canvas.fill(Rect(x: x, y: f.maxY - 1, width: max(0, f.maxX - x), height: 1), color: color)
        }
    }
}
