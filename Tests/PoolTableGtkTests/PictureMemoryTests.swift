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

    /// The anonymous mappings of this process, by start address.
    func mappings() -> Set<UInt> {
        guard let text = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) else { return [] }
        return Set(text.split(separator: "\n").compactMap { line in
            line.split(separator: "-", maxSplits: 1).first.flatMap { UInt($0, radix: 16) }
        })
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
            #expect(mappings().contains(data), "its own mapping")
            #expect(pixels[0] == 0x7f && pixels[Int(cairo_image_surface_get_stride(surface.surface)) * 139 + 186 * 4 + 3] == 0x7f)
            // A texture sharing the pixels keeps them (and the mapping) after the surface goes.
            let texture = try #require(surface.sharingTexture())
            #expect(texture.pixelSize == (187, 140))
        }
        #expect(!mappings().contains(data), "unmapped when the surface and its texture went")
        let small = try #require(CairoSurface.make(width: 16, height: 16) { _, _ in })
        let smallData = UInt(bitPattern: try #require(cairo_image_surface_get_data(small.surface)))
        #expect(!mappings().contains(smallData), "an icon-sized surface is not worth a mapping")
        #expect(16 * 16 * 4 < PixelMapping.minimumBytes && 187 * 140 * 4 >= PixelMapping.minimumBytes)
    }
}
