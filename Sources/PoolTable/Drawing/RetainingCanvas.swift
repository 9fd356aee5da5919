/// A canvas that keeps units between frames and wants to know which of them change often
/// (the GTK shell's `SnapshotCanvas`): it may rework a steady unit into something cheaper to
/// draw again (see PoolTableGtk's `FlattenedNode`), which is wasted on a unit recorded
/// again a frame or two later.
@_spi(Hosting) @MainActor
public protocol RetainingCanvas: Canvas {
    /// `drawCached(key:version:size:_:)`, saying whether the unit is expected to be recorded
    /// again soon: a live layer, a content animation, content that narrows every frame of an
    /// edit-mode slide.
    func drawCached(key: ObjectIdentifier, version: Int, size: Size, changesOften: Bool, _ draw: (Canvas) -> Void)

    /// `translate(x:y:)` by the content's scroll (`ListBase.render`): what is drawn from here
    /// until this level's `restore()` scrolls together, so a retaining canvas may keep its
    /// units placed in the content's coordinates under one translation for the scroll.
    func translateScrolledContent(x: Double, y: Double)

    /// `translateScrolledContent(x:y:)` under an opaque header pinned over the content
    /// (`ListBase.render`): `pinned`, a rectangle in the scrolled coordinates, will be drawn
    /// after `endScrolledContent()`, translated to its origin as `translate(x:y:)` places it,
    /// opaque over all of it. A retaining canvas may then clip the scrolled content to the
    /// part of this level's clip that the drawn rectangle leaves uncovered, when that part is
    /// a rectangle, so that what scrolls under the header is not drawn again (the same
    /// pixels: the header covers it). The default: `translateScrolledContent(x:y:)`.
    func translateScrolledContent(x: Double, y: Double, under pinned: Rect)

    /// Ends the scrolled content begun at this level (`translateScrolledContent`): what is
    /// drawn after it until this level's `restore()` keeps the scroll's translation but goes
    /// over the content, outside its group (a pinned header, whose node then stays the same
    /// from one scrolled frame to the next). The default does nothing.
    func endScrolledContent()
}

@_spi(Hosting) extension RetainingCanvas {
    /// A plain `translate(x:y:)`.
    public func translateScrolledContent(x: Double, y: Double) { translate(x: x, y: y) }
    /// `translateScrolledContent(x:y:)`.
    public func translateScrolledContent(x: Double, y: Double, under pinned: Rect) { translateScrolledContent(x: x, y: y) }
    /// Nothing.
    public func endScrolledContent() {}
}

extension Canvas {
    /// Draws a unit (`drawCached(key:version:size:_:)`), telling a `RetainingCanvas` whether
    /// it changes often.
    func drawCached(key: ObjectIdentifier, version: Int, size: Size, changesOften: Bool, _ draw: (Canvas) -> Void) {
        if let retaining = self as? RetainingCanvas {
            retaining.drawCached(key: key, version: version, size: size, changesOften: changesOften, draw)
        } else {
            drawCached(key: key, version: version, size: size, draw)
        }
    }

    /// Translates by the content's scroll, telling a `RetainingCanvas` that this is the scroll.
    func translateScrolledContent(x: Double, y: Double) {
        if let retaining = self as? RetainingCanvas {
            retaining.translateScrolledContent(x: x, y: y)
        } else {
            translate(x: x, y: y)
        }
    }

    /// `translateScrolledContent(x:y:)` under an opaque header pinned over the content (see
    /// `RetainingCanvas.translateScrolledContent(x:y:under:)`).
    func translateScrolledContent(x: Double, y: Double, under pinned: Rect) {
        if let retaining = self as? RetainingCanvas {
            retaining.translateScrolledContent(x: x, y: y, under: pinned)
        } else {
            translate(x: x, y: y)
        }
    }

    /// Ends the scrolled content's group on a `RetainingCanvas`; nothing on another canvas.
    func endScrolledContent() {
        (self as? RetainingCanvas)?.endScrolledContent()
    }
}
