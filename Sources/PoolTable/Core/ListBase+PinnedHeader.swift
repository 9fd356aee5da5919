/// A header pinned at the viewport's leading edge, drawn over the scrolled content and apart
/// from it (`ListBase.render`).
///
/// The scrolled content is one group on a retaining canvas (`translateScrolledContent`), whose
/// translation changes in every scrolled frame, so GSK damages all of it, a pinned header
/// inside it too. Drawn after the group at the same translation, a header held in place is
/// the same node in the same place every frame and is not damaged; when it is opaque over its
/// whole frame, the group is also clipped to leave it out, so what scrolls under it is not
/// drawn again. Nothing else changes what is drawn: the header is drawn as it would have been,
/// last, and only where nothing in the content is drawn over it (no moving row, no animation,
/// no ghost, no focus ring or supplementary view over it); a header being pushed off by the
/// next section's, fading in, translucent or rounded stays in the content.
struct PinnedHeader {
    /// The view drawn apart (the content's own passes skip it).
    let view: ObjectIdentifier
    /// Where nothing of the content shows once the header is drawn, in content coordinates:
    /// the header's frame, widened across the viewport over margins the content draws
    /// nothing in.
    let covered: Rect
    /// Draws it under the scroll's translation, as the content would have.
    let draw: (Canvas) -> Void
}

extension ListBase {
    /// Whether nothing drawn in the content after the headers (a moving row, ghosts) may land
    /// on a header, and nothing is displaced from its laid-out place.
    var contentDrawsUnderPinnedHeader: Bool {
        movement.state == nil && !rowAnimations.isRunning && rowAnimations.sectionGhosts.isEmpty && !isPresentationDisplaced
    }

    /// Whether `f` (content coordinates) is held at the viewport's leading edge, shorter than
    /// the viewport.
    func isPinnedAtLeadingEdge(_ f: Rect) -> Bool {
        let axis = viewport.axis
        return axis.start(of: f) == offset && axis.length(of: f) > 0 && axis.length(of: f) < viewport.length
    }

    /// Whether `f` (content coordinates) spans the viewport's breadth.
    func spansViewport(_ f: Rect) -> Bool {
        let axis = viewport.axis
        let across = axis.acrossStart(of: f) - viewport.acrossOffset
        return across <= 0 && across + axis.breadth(of: f) >= viewport.frameBreadth
    }

    /// A table's floating section header when it can be drawn apart: floating at the leading
    /// edge (not being pushed off), as wide as the viewport, not fading in, opaque over its
    /// frame as drawn in the table's header style. The table draws its focus ring, footers
    /// and other headers before the floating one, so only a moving row can be drawn over it.
    func floatingHeaderApart(on canvas: Canvas) -> PinnedHeader? {
        guard contentDrawsUnderPinnedHeader else { return nil }
        var floating: TableViewHeaderFooterView?
        for view in items.headers.values where view.isFloating { floating = view }
        guard let view = floating, isPinnedAtLeadingEdge(view.frame), spansViewport(view.frame) else { return nil }
        if let s = view.section, rowAnimations.sectionAppear[s] != nil { return nil }
        let f = view.frame
        let style = presentation.headerStyle
        let bounds = Rect(x: 0, y: 0, width: f.width, height: f.height)
        guard OpaqueCoverProbe.covers(bounds, on: canvas, { view.draw(in: $0, bounds: bounds, style: style) }) else { return nil }
        return PinnedHeader(view: ObjectIdentifier(view), covered: f) { [unowned self] canvas in self.drawHeaderFooter(view, in: canvas) }
    }
}
