import CGtk
import PoolTable
@_spi(Interop) import PoolTableGtk
import Testing

/// Pictures drawn by the shell's two canvases (`Canvas.drawImage`): the same pixels through
/// cairo and through a render-node texture, placed by the content mode, clipped to the rect
/// and its rounded corners, from pixels or from a GdkTexture.
extension TableWidgetTests {
    /// An 8x8 picture of four 4x4 quadrants: red, green / blue, white (premultiplied BGRA).
    static let quadrantBytes: [UInt8] = (0..<64).flatMap { i -> [UInt8] in
        switch (i % 8 < 4, i / 8 < 4) {
        case (true, true): return [0, 0, 255, 255]
        case (false, true): return [0, 255, 0, 255]
        case (true, false): return [255, 0, 0, 255]
        case (false, false): return [255, 255, 255, 255]
        }
    }
    static func quadrants() -> PoolTable.Image { PoolTable.Image(width: 8, height: 8, premultipliedBGRA: quadrantBytes) }

    /// `draw` on a 60x40 white image, through a cairo canvas or a snapshot canvas whose node cairo then draws.
    func drawn(snapshot: Bool, _ draw: (Canvas) -> Void) -> CairoImage {
        let context = pango_font_map_create_context(pango_cairo_font_map_get_default())!
        defer { g_object_unref(context.rawPointer) }
        let out = CairoImage(width: 60, height: 40)
        let white = CairoCanvas(image: out, pangoContext: context, theme: .light)
        white.fill(Rect(x: 0, y: 0, width: 60, height: 40), color: .white)
        if snapshot {
            let snap = gtk_snapshot_new()!
            let canvas = SnapshotCanvas(snapshot: snap, pangoContext: context, theme: .light)
            draw(canvas)
            canvas.finish()
            if let node = gtk_snapshot_free_to_node(snap) {
                gsk_render_node_draw(node, white.cairo)
                gsk_render_node_unref(node)
            }
        } else {
            let canvas = CairoCanvas(cairo: white.cairo, pangoContext: context, theme: .light)
            draw(canvas)
            canvas.finish()
        }
        white.finish()
        return out
    }

    func isColor(_ p: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8), _ r: Int, _ g: Int, _ b: Int) -> Bool {
        abs(Int(p.red) - r) < 40 && abs(Int(p.green) - g) < 40 && abs(Int(p.blue) - b) < 40
    }

    @Test("Pictures: both canvases stretch, fill and clip a picture to the same pixels, from pixels and from a texture")
    func picturesInBothCanvases() throws {
        try GtkTestEnvironment.require()
        let picture = Self.quadrants()
        for snapshot in [false, true] {
            let how = snapshot ? "snapshot" : "cairo"
            // Stretched over 40x40 at (10, 0): four 20x20 quadrants; outside stays white.
            let stretched = drawn(snapshot: snapshot) {
                $0.drawImage(picture, in: Rect(x: 10, y: 0, width: 40, height: 40), contentMode: .scaleToFill, cornerRadius: 0)
            }
            #expect(isColor(stretched.pixel(x: 15, y: 5), 255, 0, 0), "\(how): top left red")
            #expect(isColor(stretched.pixel(x: 45, y: 5), 0, 255, 0), "\(how): top right green")
            #expect(isColor(stretched.pixel(x: 15, y: 35), 0, 0, 255), "\(how): bottom left blue")
            #expect(isColor(stretched.pixel(x: 45, y: 35), 255, 255, 255), "\(how): bottom right white")
            #expect(isColor(stretched.pixel(x: 5, y: 20), 255, 255, 255) && isColor(stretched.pixel(x: 55, y: 20), 255, 255, 255),
                    "\(how): nothing drawn outside the rect")
            // Aspect fill of a square picture into a 40x20 rect: the picture is 40x40, clipped to the rect.
            let filled = drawn(snapshot: snapshot) { canvas in
                canvas.translate(x: 10, y: 10)
                canvas.drawImage(picture, in: Rect(x: 0, y: 0, width: 40, height: 20), contentMode: .scaleAspectFill, cornerRadius: 0)
            }
            #expect(isColor(filled.pixel(x: 12, y: 12), 255, 0, 0), "\(how): the fill's top half shows red")
            #expect(isColor(filled.pixel(x: 12, y: 27), 0, 0, 255), "\(how): the fill's bottom half shows blue")
            #expect(isColor(filled.pixel(x: 12, y: 5), 255, 255, 255) && isColor(filled.pixel(x: 12, y: 35), 255, 255, 255),
                    "\(how): the overflow is clipped")
            // Rounded corners: the corner pixel stays white, the middle of the edge does not.
            let rounded = drawn(snapshot: snapshot) {
                $0.drawImage(picture, in: Rect(x: 10, y: 0, width: 40, height: 40), contentMode: .scaleToFill, cornerRadius: 12)
            }
            #expect(isColor(rounded.pixel(x: 10, y: 0), 255, 255, 255), "\(how): the rounded corner is clipped")
            #expect(isColor(rounded.pixel(x: 13, y: 15), 255, 0, 0), "\(how): the edge's middle is drawn")
        }
        // A host picture: the same quadrants as a GdkTexture, through both canvases.
        let texture = try #require(Self.quadrantTexture())
        let hosted = PoolTable.Image(texture: texture)
        #expect(hosted.width == 8 && hosted.height == 8)
        for snapshot in [false, true] {
            let out = drawn(snapshot: snapshot) {
                $0.drawImage(hosted, in: Rect(x: 10, y: 0, width: 40, height: 40), contentMode: .scaleToFill, cornerRadius: 0)
            }
            #expect(isColor(out.pixel(x: 15, y: 5), 255, 0, 0) && isColor(out.pixel(x: 45, y: 35), 255, 255, 255),
                    "\(snapshot ? "snapshot" : "cairo"): a texture-backed picture")
        }
    }

    static func quadrantTexture() -> Texture? {
        quadrantBytes.withUnsafeBytes { raw -> Texture? in
            guard let data = g_bytes_new(raw.baseAddress, gsize(raw.count)) else { return nil }
            defer { g_bytes_unref(data) }
            return gdk_memory_texture_new(8, 8, GDK_MEMORY_B8G8R8A8_PREMULTIPLIED, data, 32).map(Texture.init(adopting:))
        }
    }
}
