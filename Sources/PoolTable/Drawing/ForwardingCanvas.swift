/// A canvas that passes every call to another one (`base`) unless it implements the call
/// itself: a wrapper that watches or changes one part of drawing (a cache of units, a
/// record of groups) declares what it does differently and nothing else.
@MainActor
@_spi(Hosting) public protocol ForwardingCanvas: Canvas {
    /// The canvas the calls go to.
    var base: Canvas { get }
}

@_spi(Hosting) extension ForwardingCanvas {
    public var theme: Theme { base.theme }
    public func save() { base.save() }
    public func restore() { base.restore() }
    public func translate(x: Double, y: Double) { base.translate(x: x, y: y) }
    public func scale(x: Double, y: Double) { base.scale(x: x, y: y) }
    public func clip(to rect: Rect) { base.clip(to: rect) }
    public func clip(to path: Path) { base.clip(to: path) }
    public func multiplyAlpha(_ alpha: Double) { base.multiplyAlpha(alpha) }
    public func fill(_ rect: Rect, color: Color) { base.fill(rect, color: color) }
    public func fill(_ path: Path, color: Color) { base.fill(path, color: color) }
    public func stroke(_ path: Path, color: Color, lineWidth: Double) { base.stroke(path, color: color, lineWidth: lineWidth) }
    public func drawText(_ text: String, in rect: Rect, style: TextStyle, cache: TextCache?) {
        base.drawText(text, in: rect, style: style, cache: cache)
    }
    public func measureText(_ text: String, width: Double, style: TextStyle, cache: TextCache?) -> Size {
        base.measureText(text, width: width, style: style, cache: cache)
    }
    public func drawImage(_ image: Image, in rect: Rect, contentMode: ContentMode, cornerRadius: Double) {
        base.drawImage(image, in: rect, contentMode: contentMode, cornerRadius: cornerRadius)
    }
    public func drawCached(key: ObjectIdentifier, version: Int, size: Size, _ draw: (Canvas) -> Void) {
        base.drawCached(key: key, version: version, size: size, draw)
    }
}
