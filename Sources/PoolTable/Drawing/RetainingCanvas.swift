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
}
