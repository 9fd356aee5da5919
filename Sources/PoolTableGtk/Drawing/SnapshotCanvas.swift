import CGtk
@_spi(Hosting) import PoolTable

/// The engine's `Canvas` on a `GtkSnapshot`: the frame becomes a tree of plain GSK render
/// nodes, never one cairo surface the size of the widget. It is how `TableWidget` draws.
///
/// - Rectangle fills are colour nodes, rounded-rectangle fills a colour node in a rounded
///   clip, rectangle, rounded-rectangle and circle strokes border nodes, text Pango text
///   nodes (the GL renderer draws them from its glyph cache). Other paths (check marks,
///   chevrons, icons) become small textures, rasterised once and shared through the
///   `RenderNodeCache` (no cairo nodes: GL caches those by node pointer, see
///   docs/bench/RESULTS.md).
/// - With a `RenderNodeCache`, `drawCached` records a unit once into its own node
///   (`gtk_snapshot_new` … `gtk_snapshot_free_to_node`) and re-appends that same node under
///   a translation while its version and size stay the same, as GtkListView keeps its rows'
///   nodes (gtk/gtkwidget.c, `gtk_widget_snapshot_child`). Units nest: a unit drawn while
///   another records becomes a node inside it, kept on its own (so a cell can keep its
///   text when only its progress bar changes). Opacity around a cached unit is an opacity
///   node (brief fades only).
/// - The transform (translate and scale only, as `Canvas` allows) is kept here and applied
///   to coordinates, so no transform nodes are made; translations snap to device pixels
///   like `CairoCanvas`'s. One exception: with a cache, the scrolled content
///   (`translateScrolledContent(x:y:)`) is one transform node for the scroll, its units
///   placed in the content's coordinates, so a scroll re-appends each kept unit's very
///   placed node and makes one new transform node.
/// - Opacity is multiplied into colours (no offscreen opacity nodes).
/// - Clips to rectangles and rounded rectangles (and circles) are clip nodes; a clip to
///   any other path clips to the path's bounds. A rectangle clip is pushed only when
///   something is drawn under it that it could cut: a kept unit lying inside it (a cell's
///   content inside the cell's frame, the usual case) goes in without one. GSK's cairo
///   renderer saves, clips and restores for every clip node it draws.
///
/// Text layouts come from the same `TextCache` payloads and Pango context as
/// `CairoCanvas`, so measuring with one and drawing with the other agree.
@MainActor
public final class SnapshotCanvas: Canvas {
    // The canvas's own state is read and written for every node of every frame on the main
    // actor, never across a call that could reach it again: unchecked, as dynamic
    // exclusivity checks cost more than these accesses (callgrind: about 0.1 M
    // instructions a tick frame).
    @exclusivity(unchecked) public var theme: Theme
    /// The `GtkSnapshot *` drawn into (not owned).
    public let snapshot: OpaquePointer
    /// Device pixels per logical pixel, for snapping translations.
    @exclusivity(unchecked) public var pixelScale: Double

    /// Fills rounded rectangles as border nodes, not as a colour in a rounded clip (see
    /// `init`).
    public let fillsRoundedRectsAsBorders: Bool

    private let pangoContext: OpaquePointer
    /// Where `drawCached` units and path textures are kept; nil draws everything directly.
    private let cache: RenderNodeCache?
    private struct State {
        var sx = 1.0, sy = 1.0, tx = 0.0, ty = 0.0
        var alpha = 1.0
        /// Clip nodes pushed at this level, popped by `restore()`.
        var pushes = 0
        /// Rectangle clips of this level not pushed yet (`pushPendingClips()`).
        var pending: [PendingClip] = []
        /// Where the scrolled content's group is translated to (`translateScrolledContent`):
        /// nodes drawn in it are placed that much less. Zero outside it.
        var groupX = 0.0, groupY = 0.0
        /// This level began the group: `pushes` held this many clips then, pushed outside it.
        var pushesBeforeGroup: Int?
        /// The clip around the group, in the widget's coordinates, leaving out an opaque
        /// header pinned over it (`translateScrolledContent(x:y:under:)`).
        var groupClip: Rect?
    }
    /// A rectangle clip not pushed yet: its rectangle and the transform it was given under.
    private struct PendingClip {
        var rect: Rect
        var sx, sy, tx, ty: Double
    }
    @exclusivity(unchecked) private var state = State()
    @exclusivity(unchecked) private var stack: [State] = []
    /// Rectangle clips not pushed yet, at every level.
    @exclusivity(unchecked) private var pendingCount = 0
    @exclusivity(unchecked) private var scratch: PangoTextLayout?
    /// The `GtkSnapshot *` nodes go to now: `snapshot`, or the scrolled content's own
    /// snapshot while it is drawn (`translateScrolledContent`).
    @exclusivity(unchecked) private var target: OpaquePointer
    /// `snapshot` while the scrolled content is drawn into its own.
    @exclusivity(unchecked) private var outerTarget: OpaquePointer?

    /// A canvas appending render nodes to a snapshot. Call `finish()` when done.
    /// - Parameters:
    ///   - snapshot: the `GtkSnapshot *` to append to.
    ///   - pangoContext: the context text is laid out in.
    ///   - theme: the colours to draw with.
    ///   - pixelScale: device pixels per logical pixel, for snapping.
    ///   - cache: keeps `drawCached` units and path textures between frames; the caller
    ///     brackets each frame with its `beginFrame()` / `endFrame()`.
    public convenience init(snapshot: OpaquePointer, pangoContext: OpaquePointer, theme: Theme, pixelScale: Double = 1,
                            cache: RenderNodeCache? = nil) {
        self.init(snapshot: snapshot, pangoContext: pangoContext, theme: theme, pixelScale: pixelScale, cache: cache,
                  fillsRoundedRectsAsBorders: false)
    }

    /// A canvas appending render nodes to a snapshot, drawing rounded fills in the form
    /// the renderer draws fastest. Call `finish()` when done.
    /// - Parameters:
    ///   - snapshot: the `GtkSnapshot *` to append to.
    ///   - pangoContext: the context text is laid out in.
    ///   - theme: the colours to draw with.
    ///   - pixelScale: device pixels per logical pixel, for snapping.
    ///   - cache: keeps `drawCached` units and path textures between frames; the caller
    ///     brackets each frame with its `beginFrame()` / `endFrame()`.
    ///   - fillsRoundedRectsAsBorders: fill rounded rectangles (and circles) as a border node
    ///     as wide as half the shape: GSK's cairo renderer draws it with one path and one
    ///     fill, the same pixels as a colour node in a rounded clip, which it draws with a
    ///     save, a clip path, the fill and a restore. For the cairo renderer only (false: a
    ///     colour node in a rounded clip, which GL draws with one shader).
    public init(snapshot: OpaquePointer, pangoContext: OpaquePointer, theme: Theme, pixelScale: Double = 1,
                cache: RenderNodeCache? = nil, fillsRoundedRectsAsBorders: Bool) {
        self.fillsRoundedRectsAsBorders = fillsRoundedRectsAsBorders
        self.snapshot = snapshot
        self.target = snapshot
        self.pangoContext = pangoContext
        self.theme = theme
        self.pixelScale = max(1, pixelScale)
        self.cache = cache
    }

    /// Pops every clip still pushed (unbalanced `save()`s included).
    public func finish() {
        while !stack.isEmpty { restore() }
        popClips()
    }

    // MARK: State

    public func save() {
        stack.append(state)
        state.pushes = 0
        state.pending = []
        state.pushesBeforeGroup = nil
        state.groupClip = nil
    }

    public func restore() {
        guard let previous = stack.popLast() else { return }
        popClips()
        pendingCount -= state.pending.count
        state = previous
    }

    public func translate(x: Double, y: Double) {
        let s = pixelScale
        state.tx = ((state.tx + state.sx * x) * s).rounded() / s
        state.ty = ((state.ty + state.sy * y) * s).rounded() / s
    }

    /// `translate(x:y:)` to the scrolled content (`ListBase.render`): with a cache, what is
    /// drawn from here until this level's `restore()` goes into one transform node, and the
    /// units in it are placed in the content's coordinates (less a whole multiple of
    /// `groupQuantum`, to keep them small in single precision), so a scroll re-appends each
    /// kept unit's placed node (`RenderNodeCache.placedNode(at:)`) and makes one new node.
    /// The clips not pushed yet are pushed first, outside it. The same pixels: every
    /// translation still snaps where it did, and the group's is whole device pixels.
    @_spi(Hosting) public func translateScrolledContent(x: Double, y: Double) {
        translate(x: x, y: y)
        guard cache != nil, outerTarget == nil, state.sx == 1, state.sy == 1, let inner = gtk_snapshot_new() else { return }
        pushPendingClips()
        let q = Self.groupQuantum
        state.groupX = state.tx - (state.tx / q).rounded(.down) * q
        state.groupY = state.ty - (state.ty / q).rounded(.down) * q
        state.pushesBeforeGroup = state.pushes
        outerTarget = target
        target = inner
    }

    /// `translateScrolledContent(x:y:)` under an opaque header pinned over the content, drawn
    /// after `endScrolledContent()`: `pinned` in the scrolled coordinates, its origin placed
    /// as `translate(x:y:)` places it. The group is clipped to the part of this level's clip
    /// the drawn header leaves uncovered (`uncovered(by:of:scale:)`), so GSK's diff of the
    /// clip node keeps the group's damage out of the header: the same pixels, since the
    /// header paints every device pixel the clip leaves out. Without a group, or when what is
    /// left is not a rectangle on device pixels, nothing is clipped.
    @_spi(Hosting) public func translateScrolledContent(x: Double, y: Double, under pinned: Rect) {
        var clip: Rect?
        for c in state.pending {
            let r = Self.transformed(c.rect, sx: c.sx, sy: c.sy, tx: c.tx, ty: c.ty)
            clip = clip.map { Self.intersection($0, r) } ?? r
        }
        translateScrolledContent(x: x, y: y)
        guard let clip, state.pushesBeforeGroup != nil else { return }
        let s = pixelScale
        let drawn = Rect(x: ((state.tx + pinned.minX) * s).rounded() / s, y: ((state.ty + pinned.minY) * s).rounded() / s,
                         width: pinned.width, height: pinned.height)
        state.groupClip = Self.uncovered(by: drawn, of: clip, scale: s)
    }

    /// Ends the scrolled content's group begun at this level: what follows at this level
    /// keeps the scroll's translation and goes over it, placed in the widget's coordinates.
    @_spi(Hosting) public func endScrolledContent() {
        guard let before = state.pushesBeforeGroup else { return }
        for _ in before..<state.pushes { gtk_snapshot_pop(target) }
        endGroup()
        state.pushes = before
        state.pushesBeforeGroup = nil
        state.groupX = 0
        state.groupY = 0
    }

    /// The part of `clip` that `cover`, an opaque rectangle drawn at `scale`, leaves uncovered,
    /// when `cover` spans `clip` across at one of its edges: `clip` from the last device pixel
    /// `cover` fills wholly on. Nil when that is not a rectangle, when `clip` does not lie on
    /// device pixels (a pixel it cuts would be composed differently), or when nothing or
    /// everything would be left.
    static func uncovered(by cover: Rect, of clip: Rect, scale s: Double) -> Rect? {
        func onPixels(_ v: Double) -> Bool { (v * s).rounded() == v * s }
        guard onPixels(clip.minX), onPixels(clip.minY), onPixels(clip.maxX), onPixels(clip.maxY), clip.width > 0, clip.height > 0 else { return nil }
        let spansX = cover.minX <= clip.minX && cover.maxX >= clip.maxX
        let spansY = cover.minY <= clip.minY && cover.maxY >= clip.maxY
        var r: Rect?
        if spansX, cover.minY <= clip.minY {
            let edge = (cover.maxY * s).rounded(.down) / s
            r = Rect(x: clip.minX, y: edge, width: clip.width, height: clip.maxY - edge)
        } else if spansX, cover.maxY >= clip.maxY {
            let edge = (cover.minY * s).rounded(.up) / s
            r = Rect(x: clip.minX, y: clip.minY, width: clip.width, height: edge - clip.minY)
        } else if spansY, cover.minX <= clip.minX {
            let edge = (cover.maxX * s).rounded(.down) / s
            r = Rect(x: edge, y: clip.minY, width: clip.maxX - edge, height: clip.height)
        } else if spansY, cover.maxX >= clip.maxX {
            let edge = (cover.minX * s).rounded(.up) / s
            r = Rect(x: clip.minX, y: clip.minY, width: edge - clip.minX, height: clip.height)
        }
        guard let r, r.width > 0, r.height > 0, r != clip else { return nil }
        return r
    }

    private static func intersection(_ a: Rect, _ b: Rect) -> Rect {
        let x0 = max(a.minX, b.minX), y0 = max(a.minY, b.minY)
        return Rect(x: x0, y: y0, width: max(0, min(a.maxX, b.maxX) - x0), height: max(0, min(a.maxY, b.maxY) - y0))
    }

    /// The scrolled content's group is placed at its translation less a multiple of this
    /// (points, a multiple of any device pixel): a scroll crossing one re-places every unit.
    static let groupQuantum = 2048.0

    /// Ends the scrolled content's group: its nodes, translated (and clipped by `groupClip`),
    /// go to the outer snapshot.
    private func endGroup() {
        guard let outer = outerTarget else { return }
        let node = gtk_snapshot_free_to_node(target)
        target = outer
        outerTarget = nil
        let groupClip = state.groupClip
        state.groupClip = nil
        guard let node else { return }
        defer { gsk_render_node_unref(node) }
        var point = graphene_point_t(x: Float(state.groupX), y: Float(state.groupY))
        guard let transform = gsk_transform_translate(nil, &point) else { return gtk_snapshot_append_node(outer, node) }
        defer { gsk_transform_unref(transform) }
        guard let placed = gsk_transform_node_new(node, transform) else { return }
        defer { gsk_render_node_unref(placed) }
        if let groupClip {
            var r = graphene_rect_t(origin: graphene_point_t(x: Float(groupClip.minX), y: Float(groupClip.minY)),
                                    size: graphene_size_t(width: Float(groupClip.width), height: Float(groupClip.height)))
            if let clipped = gsk_clip_node_new(placed, &r) {
                gtk_snapshot_append_node(outer, clipped)
                gsk_render_node_unref(clipped)
                return
            }
        }
        gtk_snapshot_append_node(outer, placed)
    }

    public func scale(x: Double, y: Double) {
        state.sx *= x
        state.sy *= y
    }

    public func clip(to rect: Rect) {
        state.pending.append(PendingClip(rect: rect, sx: state.sx, sy: state.sy, tx: state.tx, ty: state.ty))
        pendingCount += 1
    }

    public func clip(to path: Path) {
        if let (rect, radius) = path.roundedRectShape {
            if radius <= 0 { return clip(to: rect) }
            pushPendingClips()
            var rr = rounded(rect, radius: radius)
            gtk_snapshot_push_rounded_clip(target, &rr)
            state.pushes += 1
        } else if let bounds = path.bounds {
            clip(to: bounds)
        }
    }

    public func multiplyAlpha(_ alpha: Double) {
        guard alpha.isFinite else { return }
        state.alpha *= min(1, max(0, alpha))
    }

    // MARK: Shapes

    public func fill(_ rect: Rect, color: Color) {
        guard var rgba = rgba(color) else { return }
        pushPendingClips()
        var r = graphene(rect)
        gtk_snapshot_append_color(target, &rgba, &r)
    }

    public func fill(_ path: Path, color: Color) {
        guard var rgba = rgba(color) else { return }
        pushPendingClips()
        if let (rect, radius) = path.roundedRectShape {
            if radius <= 0 { return fill(rect, color: color) }
            var rr = rounded(rect, radius: radius)
            if fillsRoundedRectsAsBorders {
                // A border as wide as half the shape: its inside is empty, so it fills the outline.
                let w = rr.bounds.size.width / 2, h = rr.bounds.size.height / 2
                appendBorder(&rr, widths: (h, w, h, w), color: rgba)
                return
            }
            var r = rr.bounds
            gtk_snapshot_push_rounded_clip(target, &rr)
            gtk_snapshot_append_color(target, &rgba, &r)
            gtk_snapshot_pop(target)
            return
        }
        appendTexture(of: path, fill: true, color: color, lineWidth: 0)
    }

    public func stroke(_ path: Path, color: Color, lineWidth: Double) {
        guard lineWidth > 0, let rgba = rgba(color) else { return }
        pushPendingClips()
        if let (rect, radius) = path.roundedRectShape, state.sx == state.sy {
            // A border node draws inside its outline: the outline is the path grown by half
            // the line width.
            let half = lineWidth / 2
            var rr = rounded(rect.insetBy(dx: -half, dy: -half), radius: radius > 0 ? radius + half : 0)
            let w = Float(lineWidth * state.sx)
            appendBorder(&rr, widths: (w, w, w, w), color: rgba)
            return
        }
        appendTexture(of: path, fill: false, color: color, lineWidth: lineWidth)
    }

    /// A border node of one colour on `rr`, `widths` top, right, bottom, left.
    private func appendBorder(_ rr: inout GskRoundedRect, widths: (Float, Float, Float, Float), color rgba: GdkRGBA) {
        var widths = widths
        var colors = (rgba, rgba, rgba, rgba)
        withUnsafePointer(to: &widths) { wp in
            withUnsafePointer(to: &colors) { cp in
                gtk_snapshot_append_border(target, &rr, UnsafeRawPointer(wp).assumingMemoryBound(to: Float.self),
                                           UnsafeRawPointer(cp).assumingMemoryBound(to: GdkRGBA.self))
            }
        }
    }

    // MARK: Pictures

    public func drawImage(_ image: Image, in rect: Rect, contentMode: ContentMode, cornerRadius: Double) {
        let placed = contentMode.imageRect(for: image.size, in: rect)
        guard state.alpha > 0, placed.width > 0, placed.height > 0, image.width > 0 else { return }
        pushPendingClips()
        let snap = target
        if cornerRadius > 0, state.sx == 1, state.sy == 1 {
            // A picture at its own size: one node with the rounded crop made once (cairo renderer).
            if state.alpha < 1 { gtk_snapshot_push_opacity(snap, state.alpha) }
            let done = ImageCanvasCache.appendRounded(image, placed: graphene(placed), clip: graphene(rect), radius: cornerRadius,
                                                      to: snap, pixelScale: pixelScale)
            if state.alpha < 1 { gtk_snapshot_pop(snap) }
            if done { return }
        }
        let overflows = placed.minX < rect.minX || placed.minY < rect.minY || placed.maxX > rect.maxX || placed.maxY > rect.maxY
        var pushes = 0
        if cornerRadius > 0 {
            var rr = rounded(rect, radius: cornerRadius)
            gtk_snapshot_push_rounded_clip(snap, &rr)
            pushes += 1
        } else if overflows {
            var r = graphene(rect)
            gtk_snapshot_push_clip(snap, &r)
            pushes += 1
        }
        if state.alpha < 1 { gtk_snapshot_push_opacity(snap, state.alpha); pushes += 1 }
        _ = ImageCanvasCache.append(image, in: graphene(placed), to: snap, pixelScale: pixelScale)
        for _ in 0..<pushes { gtk_snapshot_pop(snap) }
    }

    // MARK: Cached units

    public func drawCached(key: ObjectIdentifier, version: Int, size: Size, _ draw: (Canvas) -> Void) {
        drawCached(key: key, version: version, size: size, changesOften: false, draw)
    }

    /// `drawCached(key:version:size:_:)`; a unit that `changesOften` is never flattened
    /// (`RenderNodeCache.flattensSteadyUnits`).
    @_spi(Hosting) public func drawCached(key: ObjectIdentifier, version: Int, size: Size, changesOften: Bool, _ draw: (Canvas) -> Void) {
        guard let cache else { return draw(self) }
        let node = cache.node(for: key, version: version, size: size, scale: pixelScale, origin: Point(x: state.tx, y: state.ty),
                              changesOften: changesOften) {
            guard let recording = gtk_snapshot_new() else { return nil }
            let canvas = SnapshotCanvas(snapshot: recording, pangoContext: pangoContext, theme: theme,
                                        pixelScale: pixelScale, cache: cache, fillsRoundedRectsAsBorders: fillsRoundedRectsAsBorders)
            draw(canvas)
            canvas.finish()
            return gtk_snapshot_free_to_node(recording)
        }
        guard let node, state.alpha > 0 else { return }
        if pendingCount > 0 { pushPendingClips(cutting: node) }
        let snap = target
        // Only translated (the usual case): the cache's kept transform node, the node the
        // snapshot calls below make (this canvas leaves no transform on the snapshot).
        if state.sx == 1, state.sy == 1, !(state.alpha < 1),
           let placed = cache.placedNode(at: Point(x: state.tx - state.groupX, y: state.ty - state.groupY)) {
            gtk_snapshot_append_node(snap, placed)
            return
        }
        gtk_snapshot_save(snap)
        var origin = graphene_point_t(x: Float(state.tx - state.groupX), y: Float(state.ty - state.groupY))
        gtk_snapshot_translate(snap, &origin)
        if state.sx != 1 || state.sy != 1 { gtk_snapshot_scale(snap, Float(state.sx), Float(state.sy)) }
        if state.alpha < 1 { gtk_snapshot_push_opacity(snap, state.alpha) }
        gtk_snapshot_append_node(snap, node)
        if state.alpha < 1 { gtk_snapshot_pop(snap) }
        gtk_snapshot_restore(snap)
    }

    // MARK: Text

    public func drawText(_ text: String, in rect: Rect, style: TextStyle, cache: TextCache?) {
        guard !text.isEmpty, rect.width > 0 else { return }
        let layout = self.layout(for: cache)
        layout.configure(text: text, width: rect.width, style: style)
        guard var rgba = rgba(style.color) else { return }
        pushPendingClips()
        let snap = target
        gtk_snapshot_save(snap)
        var origin = graphene_point_t(x: Float(state.tx + state.sx * rect.minX - state.groupX),
                                      y: Float(state.ty + state.sy * rect.minY - state.groupY))
        gtk_snapshot_translate(snap, &origin)
        if state.sx != 1 || state.sy != 1 { gtk_snapshot_scale(snap, Float(state.sx), Float(state.sy)) }
        gtk_snapshot_append_layout(snap, layout.layout, &rgba)
        gtk_snapshot_restore(snap)
    }

    public func measureText(_ text: String, width: Double, style: TextStyle, cache: TextCache?) -> Size {
        let layout = self.layout(for: cache)
        layout.configure(text: text, width: width, style: style)
        return layout.logicalSize
    }

    // MARK: Private

    /// Pops this level's clips (and ends the scrolled content's group if this level began
    /// it: the clips pushed in it first, then the group, then those pushed before it).
    private func popClips() {
        if let before = state.pushesBeforeGroup {
            for _ in before..<state.pushes { gtk_snapshot_pop(target) }
            endGroup()
            state.pushes = before
            state.pushesBeforeGroup = nil
        }
        for _ in 0..<state.pushes { gtk_snapshot_pop(target) }
        state.pushes = 0
    }

    /// Pushes the rectangle clips not pushed yet, outer levels first.
    private func pushPendingClips() {
        guard pendingCount > 0 else { return }
        pushPendingClips(throughLevel: stack.count)
    }

    /// Pushes the clips not pushed yet of levels 0 through `deepest` (the current level is
    /// `stack.count`), outer levels first. A level's clips are pushed only while no deeper
    /// level has pushed any, so `restore()` always pops its own level's clips.
    private func pushPendingClips(throughLevel deepest: Int) {
        for i in 0...deepest {
            let clips = i < stack.count ? stack[i].pending : state.pending
            guard !clips.isEmpty else { continue }
            for clip in clips {
                var r = graphene(Self.transformed(clip.rect, sx: clip.sx, sy: clip.sy, tx: clip.tx, ty: clip.ty), transformed: false)
                gtk_snapshot_push_clip(target, &r)
            }
            if i < stack.count {
                stack[i].pushes += clips.count
                stack[i].pending = []
            } else {
                state.pushes += clips.count
                state.pending = []
            }
            pendingCount -= clips.count
        }
    }

    /// Pushes the clips not pushed yet that would cut something of `node` appended under
    /// the current transform (and those of the levels outside them), leaving the ones it
    /// lies inside: a cell's content inside the cell's frame needs no clip node. A clip
    /// given under the current transform is compared as GSK compares a clip with its child
    /// (`graphene_rect_contains_rect`, single precision, in the node's coordinates); one
    /// given under another transform in the widget's coordinates.
    private func pushPendingClips(cutting node: OpaquePointer) {
        var bounds = graphene_rect_t()
        gsk_render_node_get_bounds(node, &bounds)
        let local = Rect(x: Double(bounds.origin.x), y: Double(bounds.origin.y),
                         width: Double(bounds.size.width), height: Double(bounds.size.height))
        let inWidget = transformed(local)
        func contains(_ clip: PendingClip) -> Bool {
            if clip.sx == state.sx, clip.sy == state.sy, clip.tx == state.tx, clip.ty == state.ty {
                var r = graphene_rect_t(origin: graphene_point_t(x: Float(clip.rect.minX), y: Float(clip.rect.minY)),
                                        size: graphene_size_t(width: Float(clip.rect.width), height: Float(clip.rect.height)))
                return graphene_rect_contains_rect(&r, &bounds)
            }
            let r = Self.transformed(clip.rect, sx: clip.sx, sy: clip.sy, tx: clip.tx, ty: clip.ty)
            return r.minX <= inWidget.minX && r.minY <= inWidget.minY && inWidget.maxX <= r.maxX && inWidget.maxY <= r.maxY
        }
        // Plain loops: a closure passed to `allSatisfy` from this main-actor class costs a
        // dynamic executor check per call (about 220 instructions), for every kept unit.
        func cuts(_ clips: [PendingClip]) -> Bool {
            for clip in clips where !contains(clip) { return true }
            return false
        }
        var deepest = -1
        if cuts(state.pending) {
            deepest = stack.count
        } else {
            var i = stack.count - 1
            while i >= 0 {
                if cuts(stack[i].pending) {
                    deepest = i
                    break
                }
                i -= 1
            }
        }
        if deepest >= 0 { pushPendingClips(throughLevel: deepest) }
    }

    /// `color` times the current opacity; nil if invisible.
    private func rgba(_ color: Color) -> GdkRGBA? {
        let a = color.alpha * state.alpha
        guard a > 0 else { return nil }
        return GdkRGBA(red: Float(color.red), green: Float(color.green), blue: Float(color.blue), alpha: Float(min(1, a)))
    }

    /// `rect` in the snapshot's (widget) coordinates.
    private func transformed(_ rect: Rect) -> Rect {
        Self.transformed(rect, sx: state.sx, sy: state.sy, tx: state.tx, ty: state.ty)
    }

    /// `rect` under a scale then a translation.
    private static func transformed(_ rect: Rect, sx: Double, sy: Double, tx: Double, ty: Double) -> Rect {
        var x0 = tx + sx * rect.minX, x1 = tx + sx * rect.maxX
        var y0 = ty + sy * rect.minY, y1 = ty + sy * rect.maxY
        if x0 > x1 { swap(&x0, &x1) }
        if y0 > y1 { swap(&y0, &y1) }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// `rect` (local, or in the widget's coordinates) where it goes in the snapshot drawn
    /// into now: in the widget's coordinates, less the scrolled content group's translation.
    private func graphene(_ rect: Rect, transformed isLocal: Bool = true) -> graphene_rect_t {
        let r = isLocal ? transformed(rect) : rect
        return graphene_rect_t(origin: graphene_point_t(x: Float(r.minX - state.groupX), y: Float(r.minY - state.groupY)),
                               size: graphene_size_t(width: Float(max(0, r.width)), height: Float(max(0, r.height))))
    }

    private func rounded(_ rect: Rect, radius: Double) -> GskRoundedRect {
        var rr = GskRoundedRect()
        var r = graphene(rect)
        let rx = Float(max(0, radius * abs(state.sx))), ry = Float(max(0, radius * abs(state.sy)))
        gsk_rounded_rect_init_from_rect(&rr, &r, 0)
        let corner = graphene_size_t(width: min(rx, r.size.width / 2), height: min(ry, r.size.height / 2))
        rr.corner = (corner, corner, corner, corner)
        return rr
    }

    /// Paints `path` into a texture covering its device pixels (shared through the cache
    /// by every draw of the same path at the same sub-pixel position) and appends it.
    private func appendTexture(of path: Path, fill: Bool, color: Color, lineWidth: Double) {
        guard let bounds = path.bounds else { return }
        let a = min(1, color.alpha * state.alpha)
        guard a > 0 else { return }
        let pad = fill ? 1 : lineWidth + 1
        let r = transformed(bounds.insetBy(dx: -pad, dy: -pad))
        let s = pixelScale
        let x0 = (r.minX * s).rounded(.down), y0 = (r.minY * s).rounded(.down)
        let width = Int((r.maxX * s).rounded(.up) - x0), height = Int((r.maxY * s).rounded(.up) - y0)
        guard width > 0, height > 0, width * height <= 4096 * 4096 else { return }
        // The path's origin in the texture, in device pixels.
        let originX = state.tx * s - x0, originY = state.ty * s - y0
        let key = RenderNodeCache.TextureKey(path: path, fill: fill, color: color.withAlpha(a), lineWidth: lineWidth,
                                             scaleX: state.sx * s, scaleY: state.sy * s,
                                             offsetX: (originX * 64).rounded() / 64, offsetY: (originY * 64).rounded() / 64)
        let scale = (state.sx * s, state.sy * s)
        let make = {
            Self.rasterize(path, fill: fill, color: color, alpha: a, lineWidth: lineWidth, width: width, height: height,
                           origin: (originX, originY), scale: scale)
        }
        let texture = cache.map { $0.texture(for: key, make: make) } ?? make()
        guard let texture else { return }
        var rect = graphene_rect_t(origin: graphene_point_t(x: Float(x0 / s - state.groupX), y: Float(y0 / s - state.groupY)),
                                   size: graphene_size_t(width: Float(Double(width) / s), height: Float(Double(height) / s)))
        gtk_snapshot_append_texture(target, texture, &rect)
        if cache == nil { g_object_unref(UnsafeMutableRawPointer(texture)) }
    }

    /// A new `GdkTexture *` (owned) of `width`×`height` device pixels with `path` painted
    /// in it, the path's origin at `origin` and scaled by `scale`.
    private static func rasterize(_ path: Path, fill: Bool, color: Color, alpha: Double, lineWidth: Double,
                                  width: Int, height: Int, origin: (Double, Double), scale: (Double, Double)) -> OpaquePointer? {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard let cairo = cairo_create(surface) else { return nil }
        cairo_translate(cairo, origin.0, origin.1)
        cairo_scale(cairo, scale.0, scale.1)
        cairo_set_line_cap(cairo, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cairo, CAIRO_LINE_JOIN_ROUND)
        cairo_set_source_rgba(cairo, color.red, color.green, color.blue, alpha)
        path.makeCurrent(in: cairo)
        if fill {
            cairo_fill(cairo)
        } else {
            cairo_set_line_width(cairo, lineWidth)
            cairo_stroke(cairo)
        }
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let bytes = g_bytes_new(data, gsize(stride * height)) else { return nil }
        defer { g_bytes_unref(bytes) }
        // cairo's ARGB32 is premultiplied native-endian 32-bit: GDK_MEMORY_DEFAULT.
        return gdk_memory_texture_new(Int32(width), Int32(height), GDK_MEMORY_B8G8R8A8_PREMULTIPLIED, bytes, gsize(stride))
    }

    private func layout(for cache: TextCache?) -> PangoTextLayout {
        PangoTextLayout.layout(for: cache, in: pangoContext, scratch: &scratch)
    }
}

/// It says which units change often (and are never flattened).
@_spi(Hosting) extension SnapshotCanvas: RetainingCanvas {}

private extension OpaquePointer {
    /// As a `GtkSnapshot *` argument.
    var gtk: OpaquePointer { self }
}

extension Path {
    /// The rectangle and corner radius if this path is exactly what `Path.roundedRect(_:radius:)`
    /// (four quarter arcs), `Path.circle` (one full arc) or a closed axis-aligned rectangle
    /// of four lines makes; nil for anything else.
    var roundedRectShape: (Rect, Double)? {
        let e = elements
        let halfPi = Double.pi / 2, eps = 1e-9
        if e.count == 5, case .close = e[4],
           case let .arc(c0, r, a00, a01) = e[0], case let .arc(c1, r1, a10, a11) = e[1],
           case let .arc(c2, r2, a20, a21) = e[2], case let .arc(c3, r3, a30, a31) = e[3],
           r == r1, r == r2, r == r3, r >= 0,
           abs(a00 + halfPi) < eps, abs(a01) < eps, abs(a10) < eps, abs(a11 - halfPi) < eps,
           abs(a20 - halfPi) < eps, abs(a21 - Double.pi) < eps, abs(a30 - Double.pi) < eps, abs(a31 - 3 * halfPi) < eps,
           c0.x == c1.x, c0.y == c3.y, c1.y == c2.y, c2.x == c3.x {
            return (Rect(x: c3.x - r, y: c3.y - r, width: c0.x - c3.x + 2 * r, height: c1.y - c0.y + 2 * r), r)
        }
        if e.count == 2, case .close = e[1], case let .arc(c, r, a0, a1) = e[0], abs(a0) < eps,
           abs(a1 - 2 * Double.pi) < eps, r > 0 {
            return (Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r), r)
        }
        if e.count == 5, case .close = e[4], case let .move(p0) = e[0], case let .line(p1) = e[1],
           case let .line(p2) = e[2], case let .line(p3) = e[3],
           p0.y == p1.y, p1.x == p2.x, p2.y == p3.y, p3.x == p0.x, p0.x < p1.x, p1.y < p2.y {
            return (Rect(x: p0.x, y: p0.y, width: p1.x - p0.x, height: p2.y - p1.y), 0)
        }
        return nil
    }

    /// The bounding box of the points and arcs (control points included); nil if empty.
    var bounds: Rect? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        func add(_ p: Point, _ pad: Double = 0) {
            minX = min(minX, p.x - pad); maxX = max(maxX, p.x + pad)
            minY = min(minY, p.y - pad); maxY = max(maxY, p.y + pad)
        }
        for element in elements {
            switch element {
            case let .move(p), let .line(p): add(p)
            case let .curve(c1, c2, p): add(c1); add(c2); add(p)
            case let .arc(c, r, _, _): add(c, abs(r))
            case .close: break
            }
        }
        guard minX.isFinite, minY.isFinite else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
