import CGtk
import Glibc
import PoolTable
import PoolTableDemoKit
@_spi(Interop) import PoolTableGtk
import Testing

/// The Photos screen's items drawn by cairo (issue 12): procedural thumbnails differ per
/// photo and repeat exactly per id, the rounded corners are clipped, and the edit-mode
/// badge is accent-filled exactly when the photo is selected. Part of the one serialized
/// "GTK shell" suite. With `POOLTABLE_SCREENSHOTS=DIR` it keeps a contact sheet (light and
/// dark; normal, edit mode, selected and mid-animation) as DIR/photos-contact-sheet.png.
extension TableWidgetTests {
    @Test("Photos: thumbnails differ per id, repeat per id, have rounded corners; badges fill only when selected")
    func photoItemsInCairo() throws {
        try GtkTestEnvironment.require()
        let context = pango_font_map_create_context(pango_cairo_font_map_get_default())!
        defer { g_object_unref(context.rawPointer) }
        let library = PhotoLibrary(count: 400)
        let all = library.sections.flatMap(\.photos)
        let photos = (0..<24).map { all[$0 * 13] }
        let side = 120.0, size = PhotoItemRenderer.itemSize(thumbnailSide: side)

        func render(_ photo: Photo, edit: Double = 0, selection: Double = 0, selected: Bool = false, theme: Theme = .light) -> CairoImage {
            let image = CairoImage(width: Int(size.width), height: Int(size.height))
            let canvas = CairoCanvas(image: image, pangoContext: context, theme: theme)
            PhotoItemRenderer.draw(photo: photo, in: canvas, bounds: Rect(origin: Point(x: 0, y: 0), size: size),
                                   editingProgress: edit, selectionProgress: selection, isSelected: selected)
            canvas.finish()
            return image
        }

        let images = photos.map { render($0) }
        #expect(render(photos[3]).pixelChecksum == images[3].pixelChecksum, "the same id draws the same picture")
        for i in images.indices {
            for j in images.indices where j > i {
                let differing = images[i].differingPixels(from: images[j])
                #expect(differing > Int(side * side) / 3, "photos \(photos[i].id) and \(photos[j].id) differ in only \(differing) pixels")
            }
        }
        // Rounded corners: the corner pixel stays empty, the one just inside is painted.
        #expect(images[0].pixel(x: 0, y: 0).alpha == 0)
        #expect(images[0].pixel(x: 4, y: 4).alpha == 255)
        #expect(images[0].pixel(x: Int(side) - 1, y: Int(side) - 1).alpha == 0)

        // The badge's centre: the photo outside edit mode, a light shade unchecked, accent checked.
        let badge = PhotoItemRenderer.badgeCenter(in: Rect(origin: Point(x: 0, y: 0), size: size))
        let bx = Int(badge.x) - 4, by = Int(badge.y) - 5    // inside the disc, above the check mark
        func isAccent(_ p: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8), _ accent: Color) -> Bool {
            abs(Double(p.red) - accent.red * 255) < 3 && abs(Double(p.green) - accent.green * 255) < 3
                && abs(Double(p.blue) - accent.blue * 255) < 3
        }
        for theme in [Theme.light, .dark] {
            for photo in photos.prefix(6) {
                #expect(!isAccent(render(photo, theme: theme).pixel(x: bx, y: by), theme.accent))
                #expect(!isAccent(render(photo, edit: 1, theme: theme).pixel(x: bx, y: by), theme.accent))
                #expect(isAccent(render(photo, edit: 1, selection: 1, selected: true, theme: theme).pixel(x: bx, y: by), theme.accent))
            }
        }
        #expect(render(photos[0], edit: 1).differingPixels(from: images[0]) > 50, "the empty ring shows in edit mode")

        if let dir = getenv("POOLTABLE_SCREENSHOTS").map({ String(cString: $0) }), !dir.isEmpty {
            mkdir(dir, 0o755)
            contactSheet(library: library, pangoContext: context).writePNG(to: dir + "/photos-contact-sheet.png")
        }
    }

    /// Light and dark panels side by side; rows: normal, edit mode, edit mode selected, and
    /// mid-animation (badge growing in, check drawing in).
    private func contactSheet(library: PhotoLibrary, pangoContext: OpaquePointer) -> CairoImage {
        let side = 132.0, gap = 6.0, columns = 6, label = 26.0, margin = 16.0
        let size = PhotoItemRenderer.itemSize(thumbnailSide: side)
        let rows: [(String, Double, Double, Bool)] = [
            ("Normal", 0, 0, false), ("Edit mode", 1, 0, false), ("Edit mode, selected", 1, 1, true),
            ("Entering edit mode (0.4) · checking (0.5)", 0.4, 0.5, true),
            ("More photos", 0, 0, false), ("More photos", 0, 0, false), ("More photos", 0, 0, false),
        ]
        let panelWidth = margin * 2 + Double(columns) * size.width + Double(columns - 1) * gap
        let panelHeight = margin + Double(rows.count) * (label + size.height + gap) + margin
        let all = library.sections.flatMap(\.photos)
        let sheet = CairoImage(width: Int(panelWidth * 2), height: Int(panelHeight))
        for (panel, theme) in [Theme.light, .dark].enumerated() {
            let canvas = CairoCanvas(image: sheet, pangoContext: pangoContext, theme: theme)
            let x0 = Double(panel) * panelWidth
            canvas.fill(Rect(x: x0, y: 0, width: panelWidth, height: panelHeight), color: theme.background)
            var y = margin
            for (r, (title, edit, selection, selected)) in rows.enumerated() {
                canvas.drawText(title,
                                in: Rect(x: x0 + margin, y: y + 3, width: panelWidth - 2 * margin, height: label),
                                style: TextStyle(font: Font(size: 13, weight: .semibold), color: theme.headerForeground))
                y += label
                for c in 0..<columns {
                    let photo = all[(r * columns + c) * 5]
                    // In the selected rows every other photo stays unselected, for contrast.
                    let on = selected && c % 2 == 0
                    PhotoItemRenderer.draw(photo: photo, in: canvas,
                                           bounds: Rect(x: x0 + margin + Double(c) * (size.width + gap), y: y, width: size.width, height: size.height),
                                           editingProgress: edit, selectionProgress: on ? selection : 0, isSelected: on)
                }
                y += size.height + gap
            }
            canvas.finish()
        }
        return sheet
    }
}
