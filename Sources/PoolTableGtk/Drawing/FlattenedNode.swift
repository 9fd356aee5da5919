import CGtk

/// A kept unit's node tree replayed into cairo nodes (`GskCairoNode`, cairo recording
/// surfaces), for GSK's cairo renderer only (`RenderNodeCache.flattensSteadyUnits`).
///
/// GSK 4.8's cairo renderer draws every node of the window on every frame, whatever the
/// damage: a rounded clip or a border builds its path (four `cairo_arc` per rounded
/// rectangle), a text node converts its glyphs and a texture node downloads its pixels
/// before cairo finds the clip empty (docs/bench/RESULTS.md). A cairo node outside the
/// damage costs a `cairo_paint` that returns at once.
///
/// Inside the damage a cairo node's recording is replayed into a scratch image and
/// composited over the window. That gives the very pixels the plain nodes give only when
/// no two shapes in the recording touch the same pixel (shapes blended in the scratch
/// image first round differently: a check mark over its box came out 1 off) and the
/// recording's coordinates are device pixels (at scale 2 its fixed-point coordinates are
/// half as fine). So the unit's shapes (its leaves: everything but containers, transforms
/// and rectangular clips) are split, in drawing order, into runs of shapes whose pixels do
/// not meet, one cairo node a run, and shapes not shown to replay exactly (rounded clips,
/// shadows, ...) stay plain nodes between the runs; only units drawn at one device pixel
/// per logical pixel are flattened. The replay's scratch image and composite grow with the area, hence
/// the size limit.
enum FlattenedNode {
    /// Largest unit flattened, in device pixels.
    static let maximumArea = 16_384.0
    /// Most cairo nodes one unit becomes (runs of shapes that do not overlap).
    static let maximumRuns = 6

    /// Whether flattening `node` (drawn at `scale` device pixels per logical pixel) saves
    /// work and keeps every pixel: one device pixel per logical pixel, small enough, and
    /// holding a border, text or a texture (whose cairo drawing does work outside the damage).
    static func isWorthFlattening(_ node: OpaquePointer, scale: Double) -> Bool {
        guard scale == 1 else { return false }
        var bounds = graphene_rect_t()
        gsk_render_node_get_bounds(node, &bounds)
        let area = Double(bounds.size.width) * Double(bounds.size.height)
        return area > 0 && area <= maximumArea && drawsBeforeClipping(node)
    }

    /// Largest unit whose raster is drawn while it moves, in device pixels; a larger one is
    /// drawn as its plain nodes then (`RenderNodeCache`). Inside the damage, GSK 4.8's cairo
    /// renderer replays a cairo node into a new zeroed scratch image the node's size, copies
    /// the raster in and composites it: for the Layouts grid's 14.6 k px swatch cell about
    /// 57 k instructions more than its plain rounded fill and caption, while a 22 px badge's
    /// raster costs less than scan-converting its disc (docs/bench/LAYOUTS.md).
    static let maximumAreaMovedAsRaster = 4_096.0

    /// Whether a unit is drawn as its plain nodes while it moves (larger than
    /// `maximumAreaMovedAsRaster`), its raster drawn again from its first frame at rest.
    static func drawsPlainWhileMoving(_ node: OpaquePointer) -> Bool {
        var bounds = graphene_rect_t()
        gsk_render_node_get_bounds(node, &bounds)
        return Double(bounds.size.width) * Double(bounds.size.height) > maximumAreaMovedAsRaster
    }

    /// The unit flattened (an owned node: a container of one cairo node per run of shapes
    /// that do not overlap, and the shapes kept as plain nodes); nil if nothing would be
    /// flattened or there would be too many runs.
    static func make(from node: OpaquePointer) -> OpaquePointer? {
        var leaves: [Leaf] = []
        collect(node, steps: [], transform: Affine(), clip: nil, into: &leaves)
        var parts: [Part] = []
        for leaf in leaves {
            guard leaf.replaysExactly else {
                parts.append(.plain(leaf))
                continue
            }
            if case .run(var run)? = parts.last, !run.contains(where: { $0.box.overlaps(leaf.box) }) {
                run.append(leaf)
                parts[parts.count - 1] = .run(run)
            } else {
                parts.append(.run([leaf]))
            }
        }
        let runs = parts.filter { if case .run = $0 { return true } else { return false } }.count
        guard runs > 0, runs <= maximumRuns else { return nil }
        var nodes: [OpaquePointer?] = parts.map { part in
            switch part {
            case .run(let run): return cairoNode(of: run)
            case .plain(let leaf): return plainNode(of: leaf)
            }
        }
        defer { for node in nodes { if let node { gsk_render_node_unref(node) } } }
        guard !nodes.contains(where: { $0 == nil }) else { return nil }
        if nodes.count == 1, let node = nodes[0] { return gsk_render_node_ref(node) }
        return nodes.withUnsafeMutableBufferPointer { gsk_container_node_new($0.baseAddress, UInt32($0.count)) }
    }

    /// A run of shapes drawn into one cairo node, or a shape kept as a plain node.
    private enum Part {
        case run([Leaf])
        case plain(Leaf)
    }

    /// A 2D scale and translation: x' = sx * x + dx.
    private struct Affine {
        var sx = 1.0, sy = 1.0, dx = 0.0, dy = 0.0
        func then(_ inner: Affine) -> Affine {
            Affine(sx: sx * inner.sx, sy: sy * inner.sy, dx: dx + sx * inner.dx, dy: dy + sy * inner.dy)
        }
        func apply(_ r: graphene_rect_t) -> Box {
            let x0 = dx + sx * Double(r.origin.x), x1 = dx + sx * Double(r.origin.x + r.size.width)
            let y0 = dy + sy * Double(r.origin.y), y1 = dy + sy * Double(r.origin.y + r.size.height)
            return Box(x0: min(x0, x1), y0: min(y0, y1), x1: max(x0, x1), y1: max(y0, y1))
        }
    }

    /// A rectangle in the unit's coordinates.
    private struct Box {
        var x0, y0, x1, y1: Double
        var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
        func intersection(_ o: Box) -> Box { Box(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1)) }
        func union(_ o: Box) -> Box { Box(x0: min(x0, o.x0), y0: min(y0, o.y0), x1: max(x1, o.x1), y1: max(y1, o.y1)) }
        func overlaps(_ o: Box) -> Bool { !intersection(o).isEmpty }
        /// Out to whole pixels, and one more around (antialiasing, text ink).
        var pixels: Box { Box(x0: x0.rounded(.down) - 1, y0: y0.rounded(.down) - 1, x1: x1.rounded(.up) + 1, y1: y1.rounded(.up) + 1) }
    }

    /// What GSK's cairo renderer does above a leaf: a transform or a rectangular clip.
    private enum Step {
        /// The node's `GskTransform *` (not owned: the tree outlives the flattening) and its affine form.
        case transform(OpaquePointer, Affine)
        case clip(graphene_rect_t)
    }

    /// A shape of the unit and what is applied above it, outermost first.
    private struct Leaf {
        var node: OpaquePointer
        var steps: [Step]
        /// The pixels it may touch (whole pixels, clipped).
        var box: Box
        /// Whether a replay draws it with the very same pixels: borders, text, textures and
        /// colour fills (checked by RetainedRenderingGtkTests). A rounded clip's fill came
        /// out 1 off at the end of a progress bar, so rounded clips (and the rest) stay plain.
        var replaysExactly: Bool {
            [GSK_BORDER_NODE, GSK_TEXT_NODE, GSK_TEXTURE_NODE, GSK_COLOR_NODE].contains(gsk_render_node_get_node_type(node))
        }
    }

    private static func collect(_ node: OpaquePointer, steps: [Step], transform: Affine, clip: Box?, into leaves: inout [Leaf]) {
        switch gsk_render_node_get_node_type(node) {
        case GSK_CONTAINER_NODE:
            for i in 0..<gsk_container_node_get_n_children(node) {
                collect(gsk_container_node_get_child(node, i), steps: steps, transform: transform, clip: clip, into: &leaves)
            }
            return
        case GSK_TRANSFORM_NODE:
            if let t = gsk_transform_node_get_transform(node),
               gsk_transform_get_category(t).rawValue >= GSK_TRANSFORM_CATEGORY_2D_AFFINE.rawValue {
                var sx: Float = 1, sy: Float = 1, dx: Float = 0, dy: Float = 0
                gsk_transform_to_affine(t, &sx, &sy, &dx, &dy)
                guard sx != 0, sy != 0 else { return }   // draws nothing (as GSK's own draw)
                let inner = Affine(sx: Double(sx), sy: Double(sy), dx: Double(dx), dy: Double(dy))
                collect(gsk_transform_node_get_child(node), steps: steps + [.transform(t, inner)],
                        transform: transform.then(inner), clip: clip, into: &leaves)
                return
            }
        case GSK_CLIP_NODE:
            if let rect = gsk_clip_node_get_clip(node)?.pointee {
                let box = transform.apply(rect)
                collect(gsk_clip_node_get_child(node), steps: steps + [.clip(rect)], transform: transform,
                        clip: clip.map { $0.intersection(box) } ?? box, into: &leaves)
                return
            }
        default:
            break
        }
        var bounds = graphene_rect_t()
        gsk_render_node_get_bounds(node, &bounds)
        var box = transform.apply(bounds)
        if let clip { box = box.intersection(clip) }
        guard !box.isEmpty else { return }
        leaves.append(Leaf(node: node, steps: steps, box: box.pixels))
    }

    /// A cairo node (owned) drawing `run`'s leaves as GSK's cairo renderer would.
    ///
    /// The leaves are rasterised once, here, into an ARGB32 image covering the run's whole
    /// pixels, and the node's recording holds one paint of that image. GSK's cairo renderer
    /// replays a cairo node on every draw inside the damage (a scroll repaints every unit):
    /// replaying the shapes themselves ran cairo's scan converter over every rounded edge
    /// and glyph each frame; replaying the image copies and composites pixels. The pixels
    /// are the ones the recorded shapes give: the replay rasterised them into a fresh
    /// scratch image on whole device pixels and composited that, which is what this image
    /// is (the unit's origin is snapped to device pixels and only units drawn at one device
    /// pixel a logical pixel are flattened). The image is sampled with the nearest filter,
    /// so a unit placed off the pixel grid (a fractional transform above the widget) is
    /// shifted by under half a pixel rather than blurred. A GskTextureNode would not do:
    /// GDK 4.8 downloads a texture on every draw, converting each pixel through floats.
    private static func cairoNode(of run: [Leaf]) -> OpaquePointer? {
        guard var box = run.first?.box else { return nil }
        for leaf in run.dropFirst() { box = box.union(leaf.box) }
        let width = Int32(box.x1 - box.x0), height = Int32(box.y1 - box.y0)
        guard width > 0, height > 0, let image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height) else { return nil }
        defer { cairo_surface_destroy(image) }
        guard cairo_surface_status(image) == CAIRO_STATUS_SUCCESS, let raster = cairo_create(image) else { return nil }
        cairo_translate(raster, -box.x0, -box.y0)
        for leaf in run {
            cairo_save(raster)
            for step in leaf.steps {
                switch step {
                case .transform(_, let t):
                    var m = cairo_matrix_t(xx: t.sx, yx: 0, xy: 0, yy: t.sy, x0: t.dx, y0: t.dy)
                    cairo_transform(raster, &m)
                case .clip(let r):
                    cairo_rectangle(raster, Double(r.origin.x), Double(r.origin.y), Double(r.size.width), Double(r.size.height))
                    cairo_clip(raster)
                }
            }
            gsk_render_node_draw(leaf.node, raster)
            cairo_restore(raster)
        }
        cairo_destroy(raster)
        cairo_surface_flush(image)
        var rect = graphene_rect_t(origin: graphene_point_t(x: Float(box.x0), y: Float(box.y0)),
                                   size: graphene_size_t(width: Float(width), height: Float(height)))
        guard let flat = gsk_cairo_node_new(&rect) else { return nil }
        guard let cairo = gsk_cairo_node_get_draw_context(flat) else {
            gsk_render_node_unref(flat)
            return nil
        }
        cairo_set_source_surface(cairo, image, box.x0, box.y0)
        cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_NEAREST)
        cairo_paint(cairo)
        cairo_destroy(cairo)
        // The recording holds a copy-on-write snapshot of the image: the image must outlive
        // it, or destroying it now would copy every pixel. The recording surface keeps a
        // reference and drops it after its own commands (and the snapshot) are gone.
        if let recording = gsk_cairo_node_get_surface(flat) {
            cairo_surface_reference(image)
            if cairo_surface_set_user_data(recording, imageKey, UnsafeMutableRawPointer(image), { cairo_surface_destroy(OpaquePointer($0)) })
                != CAIRO_STATUS_SUCCESS {
                cairo_surface_destroy(image)
            }
        }
        return flat
    }

    /// The key a cairo node's recording surface keeps its image under.
    private nonisolated(unsafe) static let imageKey = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)

    /// `leaf` as a plain node (owned) under its transforms and clips.
    private static func plainNode(of leaf: Leaf) -> OpaquePointer? {
        var node = gsk_render_node_ref(leaf.node)
        for step in leaf.steps.reversed() {
            guard let inner = node else { return nil }
            switch step {
            case .transform(let transform, _): node = gsk_transform_node_new(inner, transform)
            case .clip(var rect): node = gsk_clip_node_new(inner, &rect)
            }
            gsk_render_node_unref(inner)
        }
        return node
    }

    /// Whether the tree holds a node that the cairo renderer draws with work done before
    /// cairo consults the clip (paths, glyphs, texture downloads) and that a replay draws
    /// exactly: a border, text or a texture.
    private static func drawsBeforeClipping(_ node: OpaquePointer) -> Bool {
        switch gsk_render_node_get_node_type(node) {
        case GSK_CONTAINER_NODE:
            for i in 0..<gsk_container_node_get_n_children(node) where drawsBeforeClipping(gsk_container_node_get_child(node, i)) {
                return true
            }
            return false
        case GSK_TRANSFORM_NODE: return drawsBeforeClipping(gsk_transform_node_get_child(node))
        case GSK_CLIP_NODE: return drawsBeforeClipping(gsk_clip_node_get_child(node))
        case GSK_BORDER_NODE, GSK_TEXT_NODE, GSK_TEXTURE_NODE: return true
        default: return false
        }
    }
}
