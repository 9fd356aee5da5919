import CGtk
import Glibc
import PoolTable
@_spi(Interop) import PoolTableGtk
import Testing

/// Issue 22's cell content drawn by cairo: UIKit's accessory types, the leading picture and a
/// value cell's trailing detail reach the pixels. Part of the one serialized "GTK shell"
/// suite. With `POOLTABLE_SCREENSHOTS=DIR` it keeps DIR/cell-content.png (light and dark).
extension TableWidgetTests {
    @Test("Cell content in cairo: every accessory type, the image view and a value cell's detail draw pixels")
    func cellContentInCairo() throws {
        try GtkTestEnvironment.require()
        let context = pango_font_map_create_context(pango_cairo_font_map_get_default())!
        defer { g_object_unref(context.rawPointer) }
        let width = 360.0, height = 52.0
        let picture = Image(width: 4, height: 4, premultipliedBGRA: (0..<16).flatMap { _ in [UInt8(40), 60, 200, 255] })

        func configured(_ accessory: TableViewCell.AccessoryType, image: Bool = false, style: TableViewCell.CellStyle = .subtitle) -> TableViewCell {
            let cell = TableViewCell(style: style, reuseIdentifier: nil)
            cell.textLabel?.text = "Title"
            cell.detailTextLabel?.text = style == .value1 ? "Value" : "Detail"
            cell.accessoryType = accessory
            if image { cell.imageView?.image = picture }
            return cell
        }
        func render(_ cell: TableViewCell, theme: Theme = .light) -> CairoImage {
            let image = CairoImage(width: Int(width), height: Int(height))
            let canvas = CairoCanvas(image: image, pangoContext: context, theme: theme)
            cell.draw(in: canvas, bounds: Rect(x: 0, y: 0, width: width, height: height))
            canvas.finish()
            return image
        }
        /// Pixels that differ from the plain cell in the trailing 64 px (the accessory's place).
        func accessoryPixels(_ a: CairoImage, _ b: CairoImage) -> Int {
            var n = 0
            for y in 0..<Int(height) { for x in Int(width) - 64..<Int(width) where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { n += 1 } }
            return n
        }
        let plain = render(configured(.none))
        let kinds: [TableViewCell.AccessoryType] = [.disclosureIndicator, .detailDisclosureButton, .checkmark, .detailButton]
        var drawn: [TableViewCell.AccessoryType: Int] = [:]
        for kind in kinds { drawn[kind] = accessoryPixels(render(configured(kind)), plain) }
        for kind in kinds { #expect(drawn[kind, default: 0] > 20, "\(kind) draws \(drawn[kind, default: 0]) pixels") }
        #expect(drawn[.detailDisclosureButton, default: 0] > drawn[.disclosureIndicator, default: 0], "the info button and the chevron")

        let withImage = render(configured(.none, image: true))
        let p = withImage.pixel(x: 30, y: 26)
        #expect(p.red > 150 && p.blue < 100, "the picture (BGRA 40, 60, 200: red) fills its 28 px box at the leading edge: \(p)")

        let value = render(configured(.none, style: .value1))
        var trailingInk = 0
        for y in 0..<Int(height) { for x in Int(width) - 120..<Int(width) - 16 where value.pixel(x: x, y: y) != plain.pixel(x: x, y: y) { trailingInk += 1 } }
        #expect(trailingInk > 20, "a value cell draws its detail on the trailing edge")

        if let dir = getenv("POOLTABLE_SCREENSHOTS").map({ String(cString: $0) }), !dir.isEmpty {
            let rows: [TableViewCell] = [configured(.none, image: true), configured(.disclosureIndicator), configured(.detailDisclosureButton, image: true),
                                         configured(.checkmark, style: .value1), configured(.detailButton, style: .value1)]
            let sheet = CairoImage(width: Int(width * 2 + 24), height: Int(height) * rows.count + 16)
            for (panel, theme) in [Theme.light, .dark].enumerated() {
                let canvas = CairoCanvas(image: sheet, pangoContext: context, theme: theme)
                let x0 = Double(panel) * (width + 8) + 8
                for (i, cell) in rows.enumerated() {
                    cell.draw(in: canvas, bounds: Rect(x: x0, y: 8 + Double(i) * height, width: width, height: height - 1))
                }
                canvas.finish()
            }
            #expect(sheet.writePNG(to: dir + "/cell-content.png"))
        }
    }
}
