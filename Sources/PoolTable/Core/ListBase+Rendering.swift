/// Drawing through a Canvas, in viewport coordinates (0,0 = top-left of the view).
extension ListBase {
    /// Draws the visible part: background, rows, separators, the focus ring, footers and
    /// (floating) headers on top; on a retaining canvas, an opaque header pinned at the
    /// leading edge apart from the scrolled content (Core/ListBase+PinnedHeader). Prepared
    /// rows are mounted but not drawn.
    public func render(in canvas: Canvas) {
        layoutIfNeeded()
        guard !viewport.isEmpty else { return }
        let theme = canvas.theme
        let bounds = Rect(x: 0, y: 0, width: frame.width, height: frame.height)
        // One unit that changes only with the theme and size: a retaining canvas keeps it.
        let background = presentation.background(theme)
        canvas.drawCached(key: ObjectIdentifier(self), version: 0, size: bounds.size) { canvas in
            canvas.fill(bounds, color: background)
        }
        // The rows and headers apart from the background (a retaining canvas makes them one
        // group): when GTK's diff gives up on a scrolled frame (over 30 damaged rects), it
        // damages that group's bounds, which are only as wide as what the rows draw.
        canvas.save()
        // Content shows below a leading inset (a table's column header row, drawn after it).
        let inset = viewport.leadingInset
        canvas.clip(to: inset > 0 ? viewport.axis.rect(along: inset, length: viewport.length, across: 0, breadth: viewport.frameBreadth) : bounds)
        let scroll = viewport.axis.point(along: inset - offset, across: -viewport.acrossOffset)
        // An opaque header pinned at the leading edge goes over the content, apart from its
        // group, which leaves it out (Core/ListBase+PinnedHeader): only a retaining canvas
        // keeps the group.
        let apart = canvas is RetainingCanvas ? pinnedHeaderApart(on: canvas) : nil
        headerDrawnApart = apart?.view
        defer { headerDrawnApart = nil }
        if let apart {
            canvas.translateScrolledContent(x: scroll.x, y: scroll.y, under: apart.covered)
        } else {
            canvas.translateScrolledContent(x: scroll.x, y: scroll.y)
        }
        let displaced = isPresentationDisplaced
        if displaced { fillPresentedFrames(&clock.framesBuffer, visibleOnly: !rowAnimations.isRunning) }
        clock.rendering(displaced: displaced) {
            drawRows(in: canvas)
            drawFocusRing(in: canvas)
            for ghost in rowAnimations.sectionGhosts {
                canvas.save()
                // Section ghosts are kept in viewport space.
                let f = viewport.axis.offset(ghost.frame, by: offset)
                canvas.translate(x: f.minX, y: f.minY)
                canvas.multiplyAlpha(ghost.fade.value(at: now))
                ghost.view.draw(in: canvas, bounds: Rect(x: 0, y: 0, width: f.width, height: f.height), style: presentation.headerStyle)
                canvas.restore()
            }
            for (_, view) in items.footers.sorted(by: { $0.key < $1.key }) { drawHeaderFooter(view, in: canvas) }
            // Headers last (a floating header covers rows scrolling under it); the floating one on top.
            for (_, view) in items.headers.sorted(by: { ($0.value.isFloating ? 1 : 0, $0.key) < ($1.value.isFloating ? 1 : 0, $1.key) })
            where ObjectIdentifier(view) != headerDrawnApart {
                drawHeaderFooter(view, in: canvas)
            }
            drawMovingItem(in: canvas)
            if let apart {
                canvas.endScrolledContent()
                apart.draw(canvas)
            }
        }
        canvas.restore()
        drawOverContent(in: canvas)
    }


    /// The visible items (with the ghosts of deleted ones beneath) as `drawItems` draws them.
    func drawRows(in canvas: Canvas) {
        let visible = items.visibleSlots
        guard !visible.isEmpty || rowAnimations.hasGhosts else { return }
        drawItems(visible, in: canvas)
    }

    /// The drawn frame of the mounted item in slot `k` during `render` (computed once per
    /// frame, for the visible slots).
    func drawnFrame(ofSlot k: Int) -> Rect {
        guard let frames = clock.presentedFrames else { return items[k].cell.layoutFrame }
        return frames[k]
    }

    /// Whether a drawn frame shows in the viewport (a row a movement displaced out of it
    /// is not drawn).
    func isOnScreen(_ f: Rect) -> Bool {
        let axis = viewport.axis
        return axis.length(of: f) > 0 && axis.end(of: f) > offset && axis.start(of: f) < offset + viewport.length
    }

    /// Draws one mounted item's cell at its drawn frame, faded while it appears.
    func drawCell(slot k: Int, in canvas: Canvas) {
        let f = drawnFrame(ofSlot: k)
        guard isOnScreen(f) else { return }
        let m = items[k]
        if let moving = movement.state, m.cell === moving.cell { return }   // drawn on top, lifted
        canvas.save()
        canvas.translate(x: f.minX, y: f.minY)
        canvas.clip(to: Rect(x: 0, y: 0, width: f.width, height: f.height))
        let alpha = rowAnimations.alpha(for: m.indexPath, at: now)
        if alpha < 1 { canvas.multiplyAlpha(alpha) }
        m.cell.advanceContentAnimation(to: now)
        // A swiped row: its actions beneath, the cell moved across over them.
        let swipe = drawnSwipe(ofSlot: k)
        if let swipe {
            drawSwipeActions(swipe, size: f.size, in: canvas)
            let shift = viewport.axis.point(along: 0, across: swipe.offset)
            canvas.translate(x: shift.x, y: shift.y)
        }
        // While rows animate they may overlap: each cell paints its own background then.
        m.cell.backdrop = rowAnimations.isRunning || swipe != nil ? nil : presentation.itemBackdrop(canvas.theme)
        m.cell.draw(in: canvas, bounds: Rect(x: 0, y: 0, width: f.width, height: f.height))
        m.cell.backdrop = nil   // only for this draw: others (the overlay's) paint their own
        canvas.restore()
    }

    private func drawFocusRing(in canvas: Canvas) {
        guard showsFocusRing, let ip = keyboardFocus, let i = mountedIndex(of: ip), items.isVisible(i) else { return }
        let f = focusRingFrame(row: drawnFrame(ofSlot: i)).insetBy(dx: 2, dy: 2)
        canvas.stroke(.roundedRect(f, radius: 6), color: canvas.theme.focusRing, lineWidth: 2)
    }

    func drawHeaderFooter(_ view: TableViewHeaderFooterView, in canvas: Canvas) {
        let f = presentationFrame(of: view)
        let axis = viewport.axis
        guard axis.length(of: f) > 0, axis.end(of: f) > offset, axis.start(of: f) < offset + viewport.length else { return }
        canvas.save()
        if let s = view.section, let appear = rowAnimations.sectionAppear[s] { canvas.multiplyAlpha(appear.value(at: now)) }
        canvas.translate(x: f.minX, y: f.minY)
        canvas.clip(to: Rect(x: 0, y: 0, width: f.width, height: f.height))
        view.draw(in: canvas, bounds: Rect(x: 0, y: 0, width: f.width, height: f.height), style: presentation.headerStyle)
        canvas.restore()
    }

    /// Whether the host has keyboard focus and the focused row should show a ring.
    public var showsFocusRing: Bool {
        get { interaction.showsFocusRing }
        set { if interaction.showFocusRing(newValue) { setNeedsDisplay() } }
    }
}
