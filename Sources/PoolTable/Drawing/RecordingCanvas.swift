/// A Canvas that records what is drawn, in viewport coordinates (the current transform
/// already applied), for tests and headless checks. Text is measured with a simple
/// fixed-advance model: each character is `0.55 × font size` wide, a line `1.3 × size` tall.
///
/// `drawCached` always draws (so `operations` hold every frame's full picture) and keeps the
/// books a retaining canvas would: which units it would have re-recorded (`cachedDraws`),
/// with entries kept from one frame (`reset()`) to the next only if drawn in it.
@MainActor
public final class RecordingCanvas: Canvas {
    /// One `drawCached` call: its key, version and size, and whether a retaining canvas
    /// would have recorded it again (no entry for the key from the last frame with the
    /// same version and size).
    public struct CachedDraw: Hashable {
        /// The unit's key.
        public var key: ObjectIdentifier
        /// The unit's content version.
        public var version: Int
        /// The unit's size.
        public var size: Size
        /// Whether a retaining canvas would have recorded it again.
        public var rebuilt: Bool
    }
    /// One recorded drawing call, in viewport coordinates.
    public enum Operation: Hashable {
        /// A filled rectangle and its colour (after alpha).
        case fillRect(Rect, Color)
        /// A filled path: its bounding box and colour.
        case fillPath(Rect, Color)          // the path's bounding box
        /// A stroked path: its bounding box, colour and line width.
        case strokePath(Rect, Color, Double)
        /// A text, the rectangle it was drawn in, and its style.
        case text(String, Rect, TextStyle)
        /// A picture: which image (its identity), the rectangle it was drawn in (clipped to
        /// that rectangle), where its pixels landed (`ContentMode.imageRect`), the corner
        /// radius and the opacity it was drawn with.
        case image(ObjectIdentifier, Rect, imageRect: Rect, cornerRadius: Double, alpha: Double)
    }

    /// Setting a different theme drops the cache books, as the GTK shell does.
    public var theme: Theme { didSet { if theme != oldValue { dropCache() } } }
    /// Everything drawn since the last `reset()`, in order.
    public private(set) var operations: [Operation] = []
    /// The `drawCached` calls since the last `reset()`, in order.
    public private(set) var cachedDraws: [CachedDraw] = []
    /// How many `drawCached` units since the last `reset()` a retaining canvas would have rebuilt.
    public var rebuildCount: Int { cachedDraws.lazy.filter(\.rebuilt).count }
    /// The number of `drawText` calls that found their TextCache already filled.
    public private(set) var textCacheHits = 0

    private struct State { var tx = 0.0, ty = 0.0, sx = 1.0, sy = 1.0, alpha = 1.0; var clip: Rect? }
    private var state = State()
    private var stack: [State] = []
    private struct CacheEntry: Equatable { var version: Int; var size: Size }
    private var kept: [ObjectIdentifier: CacheEntry] = [:]
    private var drawnThisFrame: Set<ObjectIdentifier> = []

    /// A canvas that records what is drawn with `theme`.
    public init(theme: Theme = .light) { self.theme = theme }

    /// Starts a new frame: clears the operations; cache entries not drawn in the frame
    /// that ends are forgotten.
    public func reset() {
        operations.removeAll(keepingCapacity: true); state = State(); stack.removeAll()
        kept = kept.filter { drawnThisFrame.contains($0.key) }
        drawnThisFrame.removeAll(keepingCapacity: true)
        cachedDraws.removeAll(keepingCapacity: true)
    }

    /// Forgets every cache entry (what a theme, font or scale change does).
    public func dropCache() { kept.removeAll() }

    /// The entries a retaining canvas would hold now.
    public var cacheEntryCount: Int { kept.count }

    // MARK: Canvas
    public func save() { stack.append(state) }
    public func restore() { if let s = stack.popLast() { state = s } }
    public func translate(x: Double, y: Double) { state.tx += x * state.sx; state.ty += y * state.sy }
    public func scale(x: Double, y: Double) { state.sx *= x; state.sy *= y }
    public func clip(to rect: Rect) {
        let r = map(rect)
        if let c = state.clip {
            let x0 = max(c.minX, r.minX), y0 = max(c.minY, r.minY)
            state.clip = Rect(x: x0, y: y0, width: max(0, min(c.maxX, r.maxX) - x0), height: max(0, min(c.maxY, r.maxY) - y0))
        } else {
            state.clip = r
        }
    }
    public func clip(to path: Path) { clip(to: Self.bounds(of: path)) }
    public func multiplyAlpha(_ alpha: Double) { state.alpha *= alpha.finiteOr(1).clamped(0, 1) }

    public func fill(_ rect: Rect, color: Color) {
        let r = map(rect)
        guard isUnclipped(r) else { return }
        operations.append(.fillRect(r, applied(color)))
    }
    public func fill(_ path: Path, color: Color) {
        let r = map(Self.bounds(of: path))
        guard isUnclipped(r) else { return }
        operations.append(.fillPath(r, applied(color)))
    }
    public func stroke(_ path: Path, color: Color, lineWidth: Double) {
        let r = map(Self.bounds(of: path))
        guard isUnclipped(r) else { return }
        operations.append(.strokePath(r, applied(color), lineWidth))
    }
    public func drawText(_ text: String, in rect: Rect, style: TextStyle, cache: TextCache?) {
        if let cache {
            if let key = cache.payload as? RecordedText, key.text == text { textCacheHits += 1 }
            cache.payload = RecordedText(text: text)
        }
        let r = map(rect)
        guard isUnclipped(r) else { return }
        var s = style
        s.color = applied(style.color)
        operations.append(.text(text, r, s))
    }
    public func drawImage(_ image: Image, in rect: Rect, contentMode: ContentMode, cornerRadius: Double) {
        let target = map(rect)
        let placed = contentMode.imageRect(for: image.size, in: rect)
        guard image.width > 0, placed.width > 0, placed.height > 0, isUnclipped(target) else { return }
        operations.append(.image(ObjectIdentifier(image), target, imageRect: map(placed),
                                 cornerRadius: max(0, cornerRadius.finiteOr(0)), alpha: state.alpha))
    }

    public func measureText(_ text: String, width: Double, style: TextStyle, cache: TextCache?) -> Size {
        Self.measure(text, width: width, style: style)
    }
    public func drawCached(key: ObjectIdentifier, version: Int, size: Size, _ draw: (Canvas) -> Void) {
        let entry = CacheEntry(version: version, size: size)
        let rebuilt = kept[key] != entry
        kept[key] = entry
        drawnThisFrame.insert(key)
        cachedDraws.append(CachedDraw(key: key, version: version, size: size, rebuilt: rebuilt))
        draw(self)
    }

    // MARK: Queries for tests
    /// Every text drawn, in order.
    public var texts: [(String, Rect)] {
        operations.compactMap { if case let .text(s, r, _) = $0 { return (s, r) } else { return nil } }
    }
    /// The pictures drawn since the last `reset()`: which image and the rectangle it was drawn in.
    public var drawnImages: [(image: ObjectIdentifier, rect: Rect)] {
        operations.compactMap { if case let .image(id, r, _, _, _) = $0 { return (id, r) } else { return nil } }
    }
    /// The rects filled with exactly `color` (after alpha).
    public func filledRects(color: Color) -> [Rect] {
        operations.compactMap {
            switch $0 {
            case let .fillRect(r, c) where c == color: return r
            case let .fillPath(r, c) where c == color: return r
            default: return nil
            }
        }
    }

    /// The fixed-advance text model used by `measureText`.
    public nonisolated static func measure(_ text: String, width: Double, style: TextStyle) -> Size {
        let advance = style.font.size * 0.55, lineHeight = (style.font.size * 1.3).rounded(.up)
        var lines = 0
        var widest = 0.0
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let w = Double(paragraph.count) * advance
            if width.isFinite && width > advance {
                let perLine = max(1, Int(width / advance))
                lines += max(1, (paragraph.count + perLine - 1) / perLine)
                widest = max(widest, min(w, Double(perLine) * advance))
            } else {
                lines += 1
                widest = max(widest, w)
            }
        }
        if style.maxLines > 0 { lines = min(lines, style.maxLines) }
        return Size(width: widest, height: Double(max(1, lines)) * lineHeight)
    }

    // MARK: Private
    private final class RecordedText { let text: String; init(text: String) { self.text = text } }

    private func map(_ r: Rect) -> Rect {
        Rect(x: r.minX * state.sx + state.tx, y: r.minY * state.sy + state.ty,
             width: r.width * state.sx, height: r.height * state.sy)
    }
    private func applied(_ c: Color) -> Color { state.alpha == 1 ? c : c.withAlpha(c.alpha * state.alpha) }
    private func isUnclipped(_ r: Rect) -> Bool {
        guard let c = state.clip else { return true }
        return r.maxX > c.minX && r.minX < c.maxX && r.maxY > c.minY && r.minY < c.maxY || (r.width == 0 || r.height == 0) && c.contains(r.origin)
    }
    private static func bounds(of path: Path) -> Rect {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        func add(_ p: Point) { minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y) }
        for e in path.elements {
            switch e {
            case let .move(p), let .line(p): add(p)
            case let .curve(a, b, c): add(a); add(b); add(c)
            case let .arc(c, r, _, _): add(Point(x: c.x - r, y: c.y - r)); add(Point(x: c.x + r, y: c.y + r))
            case .close: break
            }
        }
        return minX.isFinite ? Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY) : .zero
    }
}
