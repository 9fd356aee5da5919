import CGtk
import Glibc
import PoolTable
@_spi(Interop) @testable import PoolTableGtk
import Testing

/// What decoded pictures cost in memory (issue 37): the cache's budget for the pictures a grid
/// holds, and picture surfaces in mappings of their own (out of the decoding threads' arenas).
@MainActor
@Suite("Pictures: memory")
struct PictureMemoryTests {
    @Test("The budget for N pictures covering a square: N covers of a 3:2 picture at 4 bytes a pixel; at least one picture")
    func budgetArithmetic() {
        #expect(PictureLoader.byteBudget(pictures: 85, coveringSide: 140) == 85 * 140 * 210 * 4)
        #expect(PictureLoader.byteBudget(pictures: 1, coveringSide: 281) == 281 * 421 * 4)
        #expect(PictureLoader.byteBudget(pictures: 0, coveringSide: 140) == 140 * 210 * 4)
        #expect(PictureLoader.byteBudget(pictures: 10, coveringSide: 0) == 10 * 1 * 1 * 4)
        // A 4:3 camera picture's cover fits a picture's share of the budget.
        let cover = Pixbuf.coverSize(width: 4_000, height: 3_000, side: 140)
        #expect(cover.width * cover.height * 4 <= PictureLoader.byteBudget(pictures: 1, coveringSide: 140))
    }

    /// Whether the page holding `address` is mapped in this process (`mincore` fails with
    /// ENOMEM on an unmapped page). Asked of the page, not of /proc/self/maps: the kernel
    /// merges a new anonymous mapping with a neighbour of the same kind, so a mapping of our
    /// own need not start a line there.
    func isMapped(_ address: UInt) -> Bool {
        let page = UInt(sysconf(Int32(_SC_PAGESIZE)))
        var resident: UInt8 = 0
        return mincore(UnsafeMutableRawPointer(bitPattern: address & ~(page - 1)), Int(page), &resident) == 0
    }

    @Test("A picture-sized surface has its pixels in a mapping of its own, gone with the surface; a small one stays in the heap")
    func pictureSurfacesAreMapped() throws {
        var data: UInt = 0
        do {
            let surface = try #require(CairoSurface.make(width: 187, height: 140) { pixels, stride in
                for y in 0..<140 { (pixels + y * stride).initialize(repeating: 0x7f, count: 187 * 4) }
            })
            let pixels = try #require(cairo_image_surface_get_data(surface.surface))
            data = UInt(bitPattern: pixels)
            #expect(data % UInt(sysconf(Int32(_SC_PAGESIZE))) == 0, "a mapping starts on a page")
            #expect(isMapped(data))
            #expect(pixels[0] == 0x7f && pixels[Int(cairo_image_surface_get_stride(surface.surface)) * 139 + 186 * 4 + 3] == 0x7f)
            // A texture sharing the pixels keeps them (and the mapping) after the surface goes.
            let texture = try #require(surface.sharingTexture())
            #expect(texture.pixelSize == (187, 140))
        }
        #expect(!isMapped(data), "its own mapping, unmapped when the surface and its texture went (heap memory stays mapped)")
        var smallData: UInt = 0
        do {
            let small = try #require(CairoSurface.make(width: 16, height: 16) { _, _ in })
            smallData = UInt(bitPattern: cairo_image_surface_get_data(small.surface))
        }
        #expect(isMapped(smallData), "an icon-sized surface is not worth a mapping: its pixels were in the heap, still mapped")
        #expect(16 * 16 * 4 < PixelMapping.minimumBytes && 187 * 140 * 4 >= PixelMapping.minimumBytes)
    }
}

/// The rounded picture drawn through the shared corner mask (no cropped copy per picture).
extension TableWidgetTests {
    @Test("A rounded picture at its own size: the corner-mask cairo node draws GSK's rounded clip's pixels (within 2 levels), with no copy kept per picture")
    func roundedPictureThroughCornerMask() throws {
        try #require(GtkTestEnvironment.start())
        // 40x30, every pixel different; placed overflowing a 30x30 clip by 5 on each side.
        var bgra: [UInt8] = []
        for y in 0..<30 { for x in 0..<40 { bgra += [UInt8(x * 6), UInt8(y * 8), UInt8((x + y) * 3), 255] } }
        let picture = Image(width: 40, height: 30, premultipliedBGRA: bgra)
        let placed = graphene_rect_t(origin: .init(x: 5, y: 5), size: .init(width: 40, height: 30))
        let clip = graphene_rect_t(origin: .init(x: 10, y: 5), size: .init(width: 30, height: 30))
        func drawn(_ append: (OpaquePointer) -> Void) throws -> CairoImage {
            let context = pango_font_map_create_context(pango_cairo_font_map_get_default())!
            defer { g_object_unref(context.rawPointer) }
            let out = CairoImage(width: 50, height: 40)
            let canvas = CairoCanvas(image: out, pangoContext: context, theme: .light)
            canvas.fill(Rect(x: 0, y: 0, width: 50, height: 40), color: .white)
            let snap = gtk_snapshot_new()!
            append(snap)
            let node = try #require(gtk_snapshot_free_to_node(snap))
            gsk_render_node_draw(node, canvas.cairo)
            gsk_render_node_unref(node)
            canvas.finish()
            return out
        }
        let masked = try drawn { snap in
            #expect(ImageCanvasCache.appendRounded(picture, placed: placed, clip: clip, radius: 8, to: snap, pixelScale: 1, kind: .cairo))
        }
        let clipped = try drawn { snap in
            var rr = GskRoundedRect()
            var bounds = clip
            gsk_rounded_rect_init_from_rect(&rr, &bounds, 8)
            gtk_snapshot_push_rounded_clip(snap, &rr)
            _ = ImageCanvasCache.append(picture, in: placed, to: snap, kind: .cairo, pixelScale: 1)
            gtk_snapshot_pop(snap)
        }
        var worst = 0, differing = 0
        for y in 0..<40 {
            for x in 0..<50 {
                let a = masked.pixel(x: x, y: y), b = clipped.pixel(x: x, y: y)
                let dr: Int = abs(Int(a.red) - Int(b.red)), dg: Int = abs(Int(a.green) - Int(b.green))
                let db: Int = abs(Int(a.blue) - Int(b.blue))
                let d = max(dr, dg, db)
                worst = max(worst, d)
                if d > 0 { differing += 1 }
            }
        }
        #expect(worst <= 2, "\(differing) pixels differ, by up to \(worst)")
        // Inside, away from the corners, the picture's own pixels; the corners' far tips are white.
        let inside = masked.pixel(x: 25, y: 20)   // the picture's (20, 15): blue x * 6, green y * 8, red (x + y) * 3
        #expect(inside.blue == 120 && inside.green == 120 && inside.red == 105)
        func white(_ x: Int, _ y: Int) -> Bool { let p = masked.pixel(x: x, y: y); return p.red == 255 && p.green == 255 && p.blue == 255 }
        #expect(white(10, 5) && white(39, 34))
        #expect(white(9, 20), "nothing outside the clip")
    }
}
