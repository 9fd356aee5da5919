/// Whether a view's drawing is opaque over its whole bounds (UIKit's `isOpaque`, known from
/// the drawing itself rather than declared): a canvas that draws nothing and notes whether
/// some rectangle fill covers `bounds` with an opaque colour, at full opacity, untransformed,
/// and with no clip cutting into it. Painting only ever composes over what is there, so once
/// such a fill is made the whole rectangle stays opaque, whatever is drawn before or after
/// it. Anything else (a rounded fill, a translucent colour, a fill under a rounded clip or a
/// transform) is not counted: a view it does not find opaque is drawn as any other.
///
/// Text is measured by the canvas the view is drawn on, so a drawing that lays out from its
/// text's size takes the same branches as when it is drawn.
@MainActor
final class OpaqueCoverProbe: Canvas {
    let theme: Theme
    /// The rectangle to cover, in the drawing's coordinates.
    private let bounds: Rect
    /// Measures text.
    private let measuring: Canvas
    /// Whether a fill covered `bounds`.
    private(set) var covers = false

    private struct State {
        var untransformed = true
        var alpha = 1.0
        /// Whether a clip narrower than `bounds` (or not a rectangle) applies.
        var cut = false
    }
    private var state = State()
    private var stack: [State] = []

    /// A probe of a drawing into `bounds` that would be made on `canvas`.
    init(bounds: Rect, on canvas: Canvas) {
        self.bounds = bounds
        self.measuring = canvas
        self.theme = canvas.theme
    }

    /// Whether `draw` covers `bounds` opaquely when drawn on `canvas`.
    static func covers(_ bounds: Rect, on canvas: Canvas, _ draw: (Canvas) -> Void) -> Bool {
        let probe = OpaqueCoverProbe(bounds: bounds, on: canvas)
        draw(probe)
        return probe.covers
    }

    func save() { stack.append(state) }
    func restore() { if let s = stack.popLast() { state = s } }
    func translate(x: Double, y: Double) { if x != 0 || y != 0 { state.untransformed = false } }
    func scale(x: Double, y: Double) { if x != 1 || y != 1 { state.untransformed = false } }
    func clip(to rect: Rect) {
        if !state.untransformed || !Self.contains(rect, bounds) { state.cut = true }
    }
    func clip(to path: Path) { state.cut = true }
    func multiplyAlpha(_ alpha: Double) { state.alpha *= alpha }

    func fill(_ rect: Rect, color: Color) {
        guard !covers, state.untransformed, !state.cut, state.alpha >= 1, color.alpha >= 1, Self.contains(rect, bounds) else { return }
        covers = true
    }
    func fill(_ path: Path, color: Color) {}
    func stroke(_ path: Path, color: Color, lineWidth: Double) {}
    func drawText(_ text: String, in rect: Rect, style: TextStyle, cache: TextCache?) {}
    func measureText(_ text: String, width: Double, style: TextStyle, cache: TextCache?) -> Size {
        measuring.measureText(text, width: width, style: style, cache: cache)
    }
    func drawImage(_ image: Image, in rect: Rect, contentMode: ContentMode, cornerRadius: Double) {}
    func drawCached(key: ObjectIdentifier, version: Int, size: Size, _ draw: (Canvas) -> Void) { draw(self) }

    private static func contains(_ outer: Rect, _ inner: Rect) -> Bool {
        outer.minX <= inner.minX && outer.minY <= inner.minY && outer.maxX >= inner.maxX && outer.maxY >= inner.maxY
    }
}
