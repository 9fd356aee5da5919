/// A named part of a cell's content that changes on its own, more often than the rest:
/// a progress bar, a byte count, a counter. A cell lists its live layers
/// (`ReusableCell.liveLayers`), says where each sits (`frame(of:in:)`) and draws each in
/// `drawLiveLayer(_:in:bounds:)`; `drawContent` draws the rest, the static part.
///
/// Each is its own cached unit (`Canvas.drawCached`), drawn over the content's. When only a
/// live layer changes (`setNeedsDisplay(_:)`, `animateContent(_:for:)`), a retaining canvas
/// re-records that layer and re-emits what it kept of the rest, so GTK's node diff repaints
/// the layer's pixels only. Anything that changes the whole content (`setNeedsDisplay()`, a
/// bind, a new size, edit mode) records the layers again too.
///
/// ```swift
/// extension LiveLayer { static let progress = LiveLayer("progress") }
///
/// override var liveLayers: [LiveLayer] { [.progress] }
/// override func frame(of layer: LiveLayer, in bounds: Rect) -> Rect {
///     Rect(x: bounds.minX + 16, y: bounds.maxY - 16, width: bounds.width - 32, height: 6)
/// }
/// override func drawLiveLayer(_ layer: LiveLayer, in canvas: Canvas, bounds: Rect) {
///     canvas.fillRoundedRect(Rect(x: 0, y: 0, width: bounds.width * progress, height: 6), radius: 3, color: canvas.theme.accent)
/// }
/// // When only the progress changed:
/// progress = newValue
/// setNeedsDisplay(.progress)
/// ```
///
/// In a reconfigure (`reconfigureRows`), the data source binds the same cell again, and the
/// engine normally marks the whole content changed. A cell that, while being configured,
/// marks only live layers (`setNeedsDisplay(_:)` or `animateContent(_:for:)`, and not
/// `setNeedsDisplay()`) keeps its static content: the cell says that nothing else changed,
/// so it must mark the whole content itself when something else did.
public struct LiveLayer: Hashable, Sendable, CustomStringConvertible {
    /// The layer's name, unique within its cell (the debug overlay shows it).
    public let name: String
    /// A layer called `name`.
    public init(_ name: String) { self.name = name }
    /// The name.
    public var description: String { name }
}

/// One live layer's state in its cell; the object's identity is the layer's cache key.
@MainActor
final class LiveLayerState {
    /// Changes when the layer alone is marked changed (shared counter with `contentVersion`).
    var version = 0
    /// Engine time until which the layer animates on its own.
    var deadline: Double?
}

/// A cell's live layer books (`ReusableCell.live`).
@MainActor
struct LiveLayerBooks {
    var states: [LiveLayer: LiveLayerState] = [:]
    /// Layers animating now (`animateContent(_:for:)`).
    var animating = 0
    /// Set when a live layer alone was marked changed since the whole content last was;
    /// a reconfigure that ends with it set keeps the static content.
    var liveOnlyMark = false
    /// True from the start of a reconfigure of this cell to its bind.
    var reconfiguring = false

    mutating func state(_ layer: LiveLayer) -> LiveLayerState {
        if let s = states[layer] { return s }
        let s = LiveLayerState()
        states[layer] = s
        return s
    }
}

extension ReusableCell {
    /// Marks only `layer` changed and asks the host to redraw: the next frame records that
    /// layer again and keeps the rest of the content as it was (see `LiveLayer`). Call it
    /// when only what the layer draws from changed.
    public func setNeedsDisplay(_ layer: LiveLayer) {
        live.state(layer).version = Self.nextContentVersion()
        live.liveOnlyMark = true
        redraw()
    }

    /// `animateContent(for:)` for one live layer: frames keep coming for `duration` seconds
    /// of the view's clock, and each records that layer again, the rest kept.
    public func animateContent(_ layer: LiveLayer, for duration: Double) {
        setNeedsDisplay(layer)
        guard let listView, duration.isFinite, duration > 0 else { return }
        let state = live.state(layer)
        let deadline = (listView.animationTime ?? 0) + duration
        if state.deadline == nil { live.animating += 1 }
        state.deadline = max(state.deadline ?? deadline, deadline)
        listView.keepAnimating(for: duration)
    }

    /// The version `layer`'s unit is recorded under: it changes when the layer or the whole
    /// content is marked changed.
    public func contentVersion(of layer: LiveLayer) -> Int {
        max(live.states[layer]?.version ?? 0, contentVersion)
    }

    /// True when the cell has live layers and one of them changed after the rest of the
    /// content last did: its last redraws recorded live layers only (the debug overlay
    /// marks such rows).
    @_spi(Diagnostics) public var isRedrawingLiveLayersOnly: Bool {
        let content = contentVersion
        return live.states.values.contains { $0.version > content }
    }

    /// The live layers that changed after the rest of the content last did.
    @_spi(Diagnostics) public var liveLayersRedrawnAlone: [LiveLayer] {
        let content = contentVersion
        return liveLayers.filter { (live.states[$0]?.version ?? 0) > content }
    }

    /// The live layers that changed after the rest of the content last did, with their
    /// frames in the cell's own coordinates (what the debug overlay outlines).
    @_spi(Diagnostics) public var liveLayerFramesRedrawnAlone: [(layer: LiveLayer, frame: Rect)] {
        let content = liveContentBounds(cellBounds: Rect(origin: .zero, size: frame.size))
        return liveLayersRedrawnAlone.map { ($0, self.frame(of: $0, in: content)) }
    }

    /// The key `layer`'s unit is cached under (`Canvas.drawCached`): for tests and tools
    /// that read a canvas's books.
    @_spi(Diagnostics) public func cacheKey(of layer: LiveLayer) -> ObjectIdentifier { ObjectIdentifier(live.state(layer)) }

    /// Draws every live layer over the content whose bounds are `bounds` (a unit each,
    /// keyed by the layer's state object, clipped to the layer's frame).
    func drawLiveLayers(in canvas: Canvas, contentBounds bounds: Rect) {
        let layers = liveLayers
        guard !layers.isEmpty else { return }
        for layer in layers {
            let f = frame(of: layer, in: bounds)
            guard f.width > 0, f.height > 0 else { continue }
            let state = live.state(layer)
            canvas.save()
            canvas.translate(x: f.minX, y: f.minY)
            let size = f.size
            canvas.drawCached(key: ObjectIdentifier(state), version: max(state.version, contentVersion), size: size, changesOften: true) { canvas in
                canvas.clip(to: Rect(origin: .zero, size: size))
                drawLiveLayer(layer, in: canvas, bounds: Rect(origin: .zero, size: size))
            }
            canvas.restore()
        }
    }

    /// Each drawn frame: an animating layer gets a new version, up to and including the
    /// frame at its deadline.
    func advanceLiveLayerAnimations(to time: Double?) {
        for state in live.states.values {
            guard let deadline = state.deadline else { continue }
            state.version = Self.nextContentVersion()
            if let time, time >= deadline {
                state.deadline = nil
                live.animating -= 1
            }
        }
    }

    /// A reconfigure of this cell begins: what it marks from now until its bind decides
    /// whether the static content is kept.
    func beginReconfigure() {
        live.reconfiguring = true
        live.liveOnlyMark = false
    }

    /// At the bind: true (and the marks cleared) when this bind is a reconfigure in which
    /// the cell marked only live layers changed, so the static content is kept.
    func takeLiveOnlyReconfigure() -> Bool {
        defer { live.reconfiguring = false; live.liveOnlyMark = false }
        return live.reconfiguring && live.liveOnlyMark && !live.states.isEmpty
    }
}
