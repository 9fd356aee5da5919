import CGtk
import PoolTable
@_spi(Interop) @testable import PoolTableGtk
import Testing

/// A picture drawn at its own size as a cairo node lands on whole pixels, unfiltered: every
/// pixel is one of the picture's, never a blend of two (GSK's cairo renderer replays the node
/// every frame, and interpolating every pixel was most of a scrolling Photos frame).
extension TableWidgetTests {
    @Test("A picture at its own size in a cairo node lands on whole pixels at a fractional position, unblended; a stretched one is still filtered")
    func pictureAtOwnSizeOnWholePixels() throws {
        try #require(GtkTestEnvironment.start())
        // 8x8: quadrants red, green, blue, white.
        let picture = Self.quadrants()
        func drawn(at x: Float, width: Float) throws -> CairoImage {
            let context = pango_font_map_create_context(pango_cairo_font_map_get_default())!
            defer { g_object_unref(context.rawPointer) }
            let out = CairoImage(width: 40, height: 20)
            let white = CairoCanvas(image: out, pangoContext: context, theme: .light)
            white.fill(Rect(x: 0, y: 0, width: 40, height: 20), color: .black)
            let snap = gtk_snapshot_new()!
            #expect(ImageCanvasCache.append(picture, in: graphene_rect_t(origin: .init(x: x, y: 2.5), size: .init(width: width, height: 8)),
                                            to: snap, kind: .cairo, pixelScale: 1))
            let node = try #require(gtk_snapshot_free_to_node(snap))
            gsk_render_node_draw(node, white.cairo)
            gsk_render_node_unref(node)
            white.finish()
            return out
        }
        let own = try drawn(at: 10.5, width: 8)
        let colours: Set<[UInt8]> = [[255, 0, 0], [0, 255, 0], [0, 0, 255], [255, 255, 255], [0, 0, 0]]
        var covered = 0
        for y in 0..<20 {
            for x in 0..<40 {
                let p = own.pixel(x: x, y: y)
                #expect(colours.contains([p.red, p.green, p.blue]), "(\(x), \(y)): \(p)")
                if p.red != 0 || p.green != 0 || p.blue != 0 { covered += 1 }
            }
        }
        #expect(covered == 64)
        // Stretched to 16 wide: filtered as before (blends where the quadrants meet).
        let stretched = try drawn(at: 10, width: 16)
        let blended = (10..<26).contains { x in
            let p = stretched.pixel(x: x, y: 4)
            return !colours.contains([p.red, p.green, p.blue])
        }
        #expect(blended)
    }
}
