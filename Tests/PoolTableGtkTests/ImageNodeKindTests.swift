import CGtk
import PoolTable
@_spi(Interop) @testable import PoolTableGtk
import Testing

/// Pictures in render nodes: a texture node and a cairo node around the cached surface draw
/// the same pixels; the cairo renderer gets cairo nodes, the others texture nodes.
extension TableWidgetTests {
    @Test("Pictures as texture nodes and as cairo nodes around the cached surface draw the same pixels; the node kind follows the renderer")
    func imageNodeKinds() throws {
        try #require(GtkTestEnvironment.start())
        let picture = Self.quadrants()
        var pixels: [ImageNodeKind: CairoImage] = [:]
        for kind in [ImageNodeKind.texture, .cairo] {
            let context = pango_font_map_create_context(pango_cairo_font_map_get_default())!
            defer { g_object_unref(context.rawPointer) }
            let out = CairoImage(width: 60, height: 40)
            let white = CairoCanvas(image: out, pangoContext: context, theme: .light)
            white.fill(Rect(x: 0, y: 0, width: 60, height: 40), color: .white)
            let snap = gtk_snapshot_new()!
            // Stretched over 40x40 at (10, 0).
            #expect(ImageCanvasCache.append(picture, in: graphene_rect_t(origin: .init(x: 10, y: 0), size: .init(width: 40, height: 40)),
                                            to: snap, kind: kind))
            let node = try #require(gtk_snapshot_free_to_node(snap))
            #expect(gsk_render_node_get_node_type(node) == (kind == .cairo ? GSK_CAIRO_NODE : GSK_TEXTURE_NODE))
            gsk_render_node_draw(node, white.cairo)
            gsk_render_node_unref(node)
            white.finish()
            pixels[kind] = out
        }
        let t = try #require(pixels[.texture]), c = try #require(pixels[.cairo])
        for (x, y, r, g, b) in [(15, 5, 255, 0, 0), (45, 5, 0, 255, 0), (15, 35, 0, 0, 255), (45, 35, 255, 255, 255), (5, 20, 255, 255, 255)] {
            #expect(isColor(t.pixel(x: x, y: y), r, g, b) && isColor(c.pixel(x: x, y: y), r, g, b), "(\(x), \(y))")
        }
        // The renderer decides: GSK_RENDERER first.
        let saved = getenv("GSK_RENDERER").map { String(cString: $0) }
        defer { if let saved { setenv("GSK_RENDERER", saved, 1) } else { unsetenv("GSK_RENDERER") } }
        setenv("GSK_RENDERER", "cairo", 1)
        #expect(ImageNodeKind.rendererIsCairo)
        setenv("GSK_RENDERER", "gl", 1)
        #expect(!ImageNodeKind.rendererIsCairo)
    }
}
