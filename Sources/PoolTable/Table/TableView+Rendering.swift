/// Drawing the table through a Canvas, in viewport coordinates (0,0 = top-left of the view).
extension TableView {
    /// Corner radius of `.grouped` sections.
    static let groupCornerRadius = 10.0

    /// Draws the visible part: background, rows, separators, the focus ring, footers and
    /// (floating) headers on top. Prepared rows are mounted but not drawn. The background
    /// and each cell's content are `Canvas.drawCached` units, so a retaining canvas
    /// re-records only cells whose `contentVersion` or size changed.
    public func render(in canvas: Canvas) {
        layoutIfNeeded()
        guard frame.width > 0 && frame.height > 0 else { return }
        let theme = canvas.theme
        let viewport = Rect(x: 0, y: 0, width: frame.width, height: frame.height)
        canvas.save()
        canvas.clip(to: viewport)
        // One unit that changes only with the theme and size: a retaining canvas keeps it.
        canvas.drawCached(key: ObjectIdentifier(self), version: style == .plain ? 0 : 1, size: viewport.size) { canvas in
            canvas.fill(viewport, color: style == .plain ? theme.background : theme.groupedBackground)
        }
        canvas.translate(x: 0, y: -offsetY)
        presentedFramesForRender = rowAnimations.isRunning ? presentedExtents() : nil
        defer { presentedFramesForRender = nil }
        drawRows(in: canvas)
        drawFocusRing(in: canvas)
        for ghost in rowAnimations.sectionGhosts {
            canvas.save()
            canvas.translate(x: ghost.frame.minX, y: ghost.frame.minY + offsetY)
            canvas.multiplyAlpha(ghost.fade.value(at: now))
            ghost.view.draw(in: canvas, bounds: Rect(x: 0, y: 0, width: ghost.frame.width, height: ghost.frame.height), style: style)
            canvas.restore()
        }
        for (_, view) in mountedFooters.sorted(by: { $0.key < $1.key }) { drawHeaderFooter(view, in: canvas) }
        // Headers last (a floating header covers rows scrolling under it); the floating one on top.
        for (_, view) in mountedHeaders.sorted(by: { ($0.value.isFloating ? 1 : 0, $0.key) < ($1.value.isFloating ? 1 : 0, $1.key) }) {
            drawHeaderFooter(view, in: canvas)
        }
        canvas.restore()
    }

    private func drawRows(in canvas: Canvas) {
        let visible = mounted.filter(\.isVisible)
        guard !visible.isEmpty || rowAnimations.hasGhosts else { return }
        if style == .grouped {
            // Each section's rows are a rounded group: its background, then its rows clipped to it.
            let sections = Set(visible.map(\.indexPath.section)).union(rowAnimations.ghostSections).sorted()
            for s in sections where s < layout.numberOfSections {
                let group = groupRect(ofSection: s)
                canvas.fill(.roundedRect(group, radius: Self.groupCornerRadius), color: canvas.theme.cellBackground)
                canvas.save()
                canvas.clip(to: .roundedRect(group, radius: Self.groupCornerRadius))
                drawGhosts(in: canvas, section: s)
                for m in visible where m.indexPath.section == s { drawCell(m, in: canvas) }
                drawSeparators(visible.filter { $0.indexPath.section == s }, in: canvas)
                canvas.restore()
            }
        } else {
            drawGhosts(in: canvas, section: nil)
            for m in visible { drawCell(m, in: canvas) }
            drawSeparators(visible, in: canvas)
        }
    }

    /// The rounded group behind a `.grouped` section's rows.
    func groupRect(ofSection s: Int) -> Rect {
        let top = layout.rowsTop(ofSection: s)
        return Rect(x: groupInset, y: top, width: max(0, frame.width - 2 * groupInset), height: layout.sections[s].rows.total)
    }

    /// The drawn frame of a mounted row during `render` (extents computed once per frame).
    private func drawnFrame(of m: MountedRow) -> Rect {
        guard let extents = presentedFramesForRender, let i = mountedIndex(of: m.indexPath) else { return m.cell.frame }
        var f = m.cell.frame
        f.origin.y = extents[i].top
        f.size.height = extents[i].height
        return f
    }

    private func drawCell(_ m: MountedRow, in canvas: Canvas) {
        let f = drawnFrame(of: m)
        guard f.height > 0 else { return }
        canvas.save()
        canvas.translate(x: f.minX, y: f.minY)
        canvas.clip(to: Rect(x: 0, y: 0, width: f.width, height: f.height))
        let alpha = rowAnimations.alpha(for: m.indexPath, at: now)
        if alpha < 1 { canvas.multiplyAlpha(alpha) }
        m.cell.advanceContentAnimation(to: now)
        m.cell.draw(in: canvas, bounds: Rect(x: 0, y: 0, width: f.width, height: f.height))
        canvas.restore()
    }

    private func drawSeparators(_ rows: [MountedRow], in canvas: Canvas) {
        let color = canvas.theme.separator
        for m in rows where m.indexPath.row + 1 < layout.numberOfRows(in: m.indexPath.section) {
            let f = drawnFrame(of: m)
            let shift = m.cell.editingProgress * TableViewCell.editingControlWidth
            let x = f.minX + separatorInsetLeft + shift
            canvas.fill(Rect(x: x, y: f.maxY - 1, width: max(0, f.maxX - x), height: 1), color: color)
        }
    }

    private func drawFocusRing(in canvas: Canvas) {
        guard showsFocusRing, let ip = interaction.focus, let i = mountedIndex(of: ip), mounted[i].isVisible else { return }
        let f = drawnFrame(of: mounted[i]).insetBy(dx: 2, dy: 2)
        canvas.stroke(.roundedRect(f, radius: 6), color: canvas.theme.focusRing, lineWidth: 2)
    }

    private func drawHeaderFooter(_ view: TableViewHeaderFooterView, in canvas: Canvas) {
        let f = presentationFrame(of: view)
        guard f.height > 0, f.maxY > offsetY, f.minY < offsetY + frame.height else { return }
        canvas.save()
        if let s = view.section, let appear = rowAnimations.sectionAppear[s] { canvas.multiplyAlpha(appear.value(at: now)) }
        canvas.translate(x: f.minX, y: f.minY)
        canvas.clip(to: Rect(x: 0, y: 0, width: f.width, height: f.height))
        view.draw(in: canvas, bounds: Rect(x: 0, y: 0, width: f.width, height: f.height), style: style)
        canvas.restore()
    }

    /// Whether the host has keyboard focus and the focused row should show a ring.
    public var showsFocusRing: Bool {
        get { interaction.showsFocusRing }
        set { if interaction.showsFocusRing != newValue { interaction.showsFocusRing = newValue; setNeedsDisplay() } }
    }
}
