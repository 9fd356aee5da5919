import PoolTable
import Testing

/// Pictures through the canvas (`Canvas.drawImage`, `Image`): where a content mode puts them, what the
/// recording canvas records, and what bad sizes become.
@MainActor
@Suite("Pictures")
struct ImageTests {
    static func solid(_ w: Int, _ h: Int, _ bgra: [UInt8] = [0, 0, 255, 255]) -> Image {
        Image(width: w, height: h, premultipliedBGRA: Array([[UInt8]](repeating: bgra, count: w * h).joined()))
    }

    @Test("Content modes: fill covers and centres, fit fits and centres, stretch is the rect, centre is 1:1")
    func contentModes() {
        let rect = Rect(x: 10, y: 20, width: 100, height: 50)
        let wide = Size(width: 400, height: 100), tall = Size(width: 100, height: 400)
        // Fill: the short side matches, the long side overflows equally on both ends.
        #expect(ContentMode.scaleAspectFill.imageRect(for: wide, in: rect) == Rect(x: -40, y: 20, width: 200, height: 50))
        #expect(ContentMode.scaleAspectFill.imageRect(for: tall, in: rect) == Rect(x: 10, y: -155, width: 100, height: 400))
        // Fit: the long side matches, the short side is centred inside.
        #expect(ContentMode.scaleAspectFit.imageRect(for: wide, in: rect) == Rect(x: 10, y: 32.5, width: 100, height: 25))
        #expect(ContentMode.scaleAspectFit.imageRect(for: tall, in: rect) == Rect(x: 53.75, y: 20, width: 12.5, height: 50))
        #expect(ContentMode.scaleToFill.imageRect(for: wide, in: rect) == rect)
        #expect(ContentMode.center.imageRect(for: Size(width: 20, height: 10), in: rect) == Rect(x: 50, y: 40, width: 20, height: 10))
        for mode in [ContentMode.scaleAspectFill, .scaleAspectFit, .scaleToFill, .center] {
            #expect(mode.imageRect(for: .zero, in: rect).width == 0)
            #expect(mode.imageRect(for: wide, in: Rect(x: 0, y: 0, width: .nan, height: 5)).width == 0)
            #expect(mode.imageRect(for: Size(width: .infinity, height: 1), in: rect).width == 0)
        }
    }

    @Test("Bad sizes degrade: negative or huge sides give an empty image; a short or long buffer is padded or cut")
    func badSizes() {
        #expect(Image(width: -3, height: 4, premultipliedBGRA: []).width == 0)
        #expect(Image(width: 40_000, height: 1, premultipliedBGRA: []).height == 0)
        let short = Image(width: 2, height: 2, premultipliedBGRA: [1, 2, 3, 4])
        #expect(short.pixels == [1, 2, 3, 4] + Array(repeating: 0, count: 12))
        let long = Image(width: 1, height: 1, premultipliedBGRA: Array(repeating: 9, count: 10))
        #expect(long.pixels == [9, 9, 9, 9])
        #expect(long.byteCount == 4)
        final class Host {}
        let hosted = Image(width: 30, height: 20, backing: Host())
        #expect(hosted.pixels == nil && hosted.byteCount == 2_400)
    }

    @Test("The recording canvas names the image and the rect, under the transform and clip; empty images draw nothing")
    func recording() {
        let canvas = RecordingCanvas()
        let a = Self.solid(4, 2), b = Self.solid(2, 2)
        canvas.translate(x: 5, y: 100)
        canvas.drawImage(a, in: Rect(x: 0, y: 0, width: 40, height: 40), contentMode: .scaleAspectFill, cornerRadius: 6)
        canvas.multiplyAlpha(0.5)
        canvas.drawImage(b, in: Rect(x: 50, y: 0, width: 10, height: 10), contentMode: .scaleToFill, cornerRadius: 0)
        canvas.drawImage(Image(width: 0, height: 0, premultipliedBGRA: []), in: Rect(x: 0, y: 0, width: 9, height: 9),
                         contentMode: .scaleToFill, cornerRadius: 0)
        canvas.clip(to: Rect(x: 0, y: 0, width: 10, height: 10))
        canvas.drawImage(b, in: Rect(x: 200, y: 0, width: 10, height: 10), contentMode: .scaleToFill, cornerRadius: 0)
        #expect(canvas.operations == [
            .image(ObjectIdentifier(a), Rect(x: 5, y: 100, width: 40, height: 40),
                   imageRect: Rect(x: -15, y: 100, width: 80, height: 40), cornerRadius: 6, alpha: 1),
            .image(ObjectIdentifier(b), Rect(x: 55, y: 100, width: 10, height: 10),
                   imageRect: Rect(x: 55, y: 100, width: 10, height: 10), cornerRadius: 0, alpha: 0.5),
        ])
        #expect(canvas.drawnImages.map(\.image) == [ObjectIdentifier(a), ObjectIdentifier(b)])
    }

    /// A cell showing one picture per row, as a photo list would.
    final class PictureCell: TableViewCell {
        var picture: Image?
        override func draw(in canvas: Canvas, bounds: Rect) {
            if let picture { canvas.drawImage(picture, in: bounds.insetBy(dx: 4, dy: 4), contentMode: .scaleAspectFill, cornerRadius: 4) }
        }
    }

    /// 50 rows, each showing its own picture (the table fixture over the pictures).
    final class Pictures: TableSourceFixture<Image> {
        var images: [Image] { sections[0] }
        init() {
            super.init(sections: [(0..<50).map { ImageTests.solid(3, 2, [UInt8($0), 0, 0, 255]) }], reuseIdentifier: "p",
                       text: { _, _ in nil })
            configure = { cell, _, image in (cell as! PictureCell).picture = image }
        }
    }

    @Test("A table of pictures draws each visible row's own picture in its row, after scrolling and reuse too")
    func tableDrawsItsRowsPictures() {
        let source = Pictures()
        let table = TableView(frame: Rect(x: 0, y: 0, width: 200, height: 220), style: .plain)
        table.register({ PictureCell(reuseIdentifier: $0) }, forCellReuseIdentifier: "p")
        table.dataSource = source
        for offset in [0.0, 700, 1_234, 300] {
            table.contentOffset = Point(x: 0, y: offset)
            let canvas = RecordingCanvas()
            table.render(in: canvas)
            let drawn = canvas.drawnImages
            // Visible rows whose inset picture reaches into the viewport (a row showing only
            // its 4 px margin draws nothing).
            let rows = table.indexPathsForVisibleRows.filter {
                let r = table.rectForRow(at: $0)
                return r.minY + 4 < offset + 220 && r.maxY - 4 > offset
            }.map(\.row)
            #expect(rows.count >= 5)
            #expect(drawn.map(\.image) == rows.map { ObjectIdentifier(source.images[$0]) }, "offset \(offset)")
            for (picture, row) in zip(drawn, rows) {
                let r = table.rectForRow(at: IndexPath(row: row, section: 0))
                #expect(picture.rect.minY == r.minY - offset + 4)
            }
        }
    }
}
