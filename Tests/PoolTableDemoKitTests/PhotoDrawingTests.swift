import PoolTable
@testable import PoolTableDemoKit
import Testing

@MainActor
@Suite("Photos: procedural thumbnails and the grid item's drawing, headless")
struct PhotoDrawingTests {
    let bounds = Rect(x: 40, y: 30, width: 120, height: 120 + PhotoItemRenderer.dateLineHeight)
    let photo = Photo(id: 4_242, date: PhotoDate(year: 2026, month: 11, day: 3, hour: 14, minute: 5))

    func thumbnail(_ id: Int, rect: Rect = Rect(x: 10, y: 20, width: 100, height: 100)) -> [RecordingCanvas.Operation] {
        let canvas = RecordingCanvas()
        PhotoThumbnail.draw(photoID: id, in: canvas, rect: rect)
        return canvas.operations
    }

    func item(edit: Double, selection: Double, selected: Bool, theme: Theme = .light,
              format: PhotoFormat = .english) -> RecordingCanvas {
        let canvas = RecordingCanvas(theme: theme)
        PhotoItemRenderer.draw(photo: photo, in: canvas, bounds: bounds, editingProgress: edit, selectionProgress: selection,
                               isSelected: selected, format: format)
        return canvas
    }

    /// Operations drawn around the badge's centre (at most `reach` from it on every side).
    func badgeOperations(_ canvas: RecordingCanvas, reach: Double = PhotoItemRenderer.badgeRadius + 3) -> [RecordingCanvas.Operation] {
        let c = PhotoItemRenderer.badgeCenter(in: bounds)
        return canvas.operations.filter { op in
            let r: Rect
            switch op {
            case let .fillPath(rect, _), let .strokePath(rect, _, _), let .fillRect(rect, _), let .image(_, rect, _, _, _): r = rect
            case .text: return false
            }
            return r.minX >= c.x - reach && r.maxX <= c.x + reach && r.minY >= c.y - reach && r.maxY <= c.y + reach
        }
    }

    func isFill(_ op: RecordingCanvas.Operation, _ color: Color) -> Bool {
        if case let .fillPath(_, c) = op { return c.red == color.red && c.green == color.green && c.blue == color.blue && c.alpha > 0.5 }
        return false
    }

    @Test("A thumbnail is the same picture for the same id, a different one for another, and cheap")
    func thumbnailsPerID() {
        let ids = Array(0..<300) + [99_999, 1_000_000, -5]
        var seen = Set<[RecordingCanvas.Operation]>()
        for id in ids {
            let ops = thumbnail(id)
            #expect(ops == thumbnail(id), "id \(id) draws the same each time")
            #expect(ops.count >= 15 && ops.count <= 35, "id \(id): \(ops.count) canvas calls")
            seen.insert(ops)
        }
        #expect(seen.count == ids.count, "every id draws its own picture")
        // The picture scales with its rect rather than drawing something else.
        let small = thumbnail(7, rect: Rect(x: 0, y: 0, width: 50, height: 50))
        #expect(small.count == thumbnail(7).count && small != thumbnail(7))
    }

    @Test("Thumbnails cover their rect with sky from top to bottom; every landscape and time of day occurs")
    func thumbnailsCoverTheirRect() {
        let rect = Rect(x: 10, y: 20, width: 100, height: 80)
        for id in 0..<50 {
            let canvas = RecordingCanvas()
            PhotoThumbnail.draw(photoID: id, in: canvas, rect: rect)
            // Sky bands run the full width, from the top edge down to the bottom edge.
            let bands = canvas.operations.compactMap { op -> Rect? in
                if case let .fillRect(r, _) = op, r.minX == rect.minX, r.width == rect.width { return r } else { return nil }
            }
            #expect(bands.map(\.minY).min() == rect.minY && bands.map(\.maxY).max() == rect.maxY, "id \(id)")
        }
        // Empty or non-finite rects draw nothing.
        let outside = RecordingCanvas()
        PhotoThumbnail.draw(photoID: 3, in: outside, rect: Rect(x: 0, y: 0, width: 0, height: 40))
        #expect(outside.operations.isEmpty, "an empty rect draws nothing")
        let nan = RecordingCanvas()
        PhotoThumbnail.draw(photoID: 3, in: nan, rect: Rect(x: 0, y: 0, width: .nan, height: 40))
        #expect(nan.operations.isEmpty)

        let scenes = (0..<2_000).map { PhotoThumbnail.scene(for: $0) }
        #expect(Set(scenes.map(\.landscape)) == Set(PhotoThumbnail.Landscape.allCases))
        #expect(Set(scenes.map(\.timeOfDay)) == Set(PhotoThumbnail.TimeOfDay.allCases))
        #expect(PhotoThumbnail.scene(for: 17) == PhotoThumbnail.scene(for: 17))
    }

    @Test("Outside edit mode there is no badge; in edit mode an empty ring, filled with the accent only when selected")
    func badge() {
        for theme in [Theme.light, .dark] {
            let normal = item(edit: 0, selection: 0, selected: false, theme: theme)
            #expect(!badgeOperations(normal).contains { if case .strokePath = $0 { true } else { false } }, "no ring outside edit mode")

            let unchecked = item(edit: 1, selection: 0, selected: false, theme: theme)
            let ring = badgeOperations(unchecked).filter { if case let .strokePath(_, c, _) = $0 { c.red == 1 && c.alpha > 0.9 } else { false } }
            #expect(ring.count == 1, "a white ring")
            #expect(!badgeOperations(unchecked).contains { isFill($0, theme.accent) }, "not filled")
            #expect(badgeOperations(unchecked).count > badgeOperations(normal).count)

            let checked = item(edit: 1, selection: 1, selected: true, theme: theme)
            #expect(badgeOperations(checked).contains { isFill($0, theme.accent) }, "filled with the accent")
            #expect(badgeOperations(checked).count >= badgeOperations(unchecked).count + 1, "and a check mark")

            // Selected outside edit mode: no badge, but the accent ring around the photo.
            let selectedOutside = item(edit: 0, selection: 0, selected: true, theme: theme)
            #expect(!badgeOperations(selectedOutside).contains { isFill($0, theme.accent) })
            #expect(selectedOutside.operations.contains { if case let .strokePath(r, c, _) = $0 { c == theme.accent && r.width > 100 } else { false } })
            #expect(!normal.operations.contains { if case let .strokePath(_, c, _) = $0 { c.red == theme.accent.red && c.blue == theme.accent.blue } else { false } })
        }
    }

    @Test("The badge fades and grows in with editingProgress; the fill follows selectionProgress")
    func badgeAnimates() {
        func ringRect(_ canvas: RecordingCanvas) -> (Rect, Double)? {
            for op in badgeOperations(canvas) { if case let .strokePath(r, c, _) = op, c.red == 1 { return (r, c.alpha) } }
            return nil
        }
        let quarter = ringRect(item(edit: 0.25, selection: 0, selected: false))
        let half = ringRect(item(edit: 0.5, selection: 0, selected: false))
        let full = ringRect(item(edit: 1, selection: 0, selected: false))
        #expect(quarter != nil && half != nil && full != nil)
        if let quarter, let half, let full {
            #expect(quarter.0.width < half.0.width && half.0.width < full.0.width, "grows in")
            #expect(quarter.1 < half.1 && half.1 < full.1, "fades in")
            #expect(abs(full.0.width - 2 * PhotoItemRenderer.badgeRadius) < 0.01)
        }
        func accentAlpha(_ canvas: RecordingCanvas) -> Double {
            badgeOperations(canvas).compactMap { op -> Double? in
                if case let .fillPath(_, c) = op, c.red == Theme.light.accent.red, c.blue == Theme.light.accent.blue { return c.alpha }
                return nil
            }.max() ?? 0
        }
        #expect(accentAlpha(item(edit: 1, selection: 0, selected: true)) == 0, "the check has not started")
        #expect(accentAlpha(item(edit: 1, selection: 0.3, selected: true)) > 0)
        #expect(accentAlpha(item(edit: 1, selection: 0.3, selected: true)) < accentAlpha(item(edit: 1, selection: 1, selected: true)))
        // Out-of-range progress is clamped, NaN is taken as 0.
        #expect(item(edit: 7, selection: 3, selected: true).operations == item(edit: 1, selection: 1, selected: true).operations)
        #expect(item(edit: .nan, selection: .nan, selected: false).operations == item(edit: 0, selection: 0, selected: false).operations)
    }

    @Test("The date line and the accessibility label come from the injectable format")
    func textAndLabel() {
        let canvas = item(edit: 0, selection: 0, selected: false)
        #expect(canvas.texts.map(\.0) == ["Nov 3"])
        let line = canvas.texts[0].1
        #expect(line.minY >= bounds.maxY - PhotoItemRenderer.dateLineHeight && line.maxY <= bounds.maxY, "under the thumbnail")
        #expect(PhotoItemRenderer.accessibilityLabel(for: photo) == "Hills at golden hour, 3 November 2026, 14:05:00")
        // Names tell photos apart (a screen reader user hears the name first): subject, day
        // and time to the second.
        let library = PhotoLibrary(count: 2_000, seed: 7)
        let labels = (0..<library.numberOfItems(in: 0)).map { PhotoItemRenderer.accessibilityLabel(for: library.photo(section: 0, item: $0)) }
        #expect(Set(labels).count == labels.count, "\(labels.count) photos, \(Set(labels).count) names")
        #expect(PhotoFormat.english.monthTitle(photo.date.photoMonth) == "November 2026")

        var german = PhotoFormat.english
        german.dateLine = { "\($0.day). \($0.month)." }
        german.accessibilityLabel = { "Foto vom \($0.date.day). \($0.date.month). \($0.date.year)" }
        #expect(item(edit: 0, selection: 0, selected: false, format: german).texts.map(\.0) == ["3. 11."])
        #expect(PhotoItemRenderer.accessibilityLabel(for: photo, format: german) == "Foto vom 3. 11. 2026")
    }

    @Test("Layout: square thumbnail above the date line; the badge sits in its top-right corner; bad bounds draw nothing")
    func layout() {
        #expect(PhotoItemRenderer.itemSize(thumbnailSide: 150) == Size(width: 150, height: 150 + PhotoItemRenderer.dateLineHeight))
        let thumb = PhotoItemRenderer.thumbnailRect(in: bounds)
        #expect(thumb == Rect(x: 40, y: 30, width: 120, height: 120))
        let c = PhotoItemRenderer.badgeCenter(in: bounds)
        #expect(c.x > thumb.midX && c.y < thumb.midY)
        #expect(c.x + PhotoItemRenderer.badgeRadius < thumb.maxX && c.y - PhotoItemRenderer.badgeRadius > thumb.minY)
        // A selected photo shrinks inside its ring.
        let selected = item(edit: 1, selection: 1, selected: true)
        let unselected = item(edit: 1, selection: 0, selected: false)
        func skyTop(_ canvas: RecordingCanvas) -> Double? {
            canvas.operations.compactMap { if case let .fillRect(r, _) = $0 { r.minY } else { nil } }.min()
        }
        #expect(skyTop(unselected) == thumb.minY)
        #expect((skyTop(selected) ?? 0) > thumb.minY)
        // Pressed: a shade over the thumbnail, nothing else changes.
        let pressed = RecordingCanvas()
        PhotoItemRenderer.draw(photo: photo, in: pressed, bounds: bounds, editingProgress: 0, selectionProgress: 0, isSelected: false,
                               isHighlighted: true)
        let plain = item(edit: 0, selection: 0, selected: false).operations
        #expect(pressed.operations.count == plain.count + 1)
        #expect(pressed.operations.contains(.fillPath(thumb, Color.black.withAlpha(0.18))))
        for bad in [Rect.zero, Rect(x: 0, y: 0, width: .infinity, height: 100), Rect(x: 0, y: 0, width: -5, height: 100)] {
            let canvas = RecordingCanvas()
            PhotoItemRenderer.draw(photo: photo, in: canvas, bounds: bad, editingProgress: 1, selectionProgress: 1, isSelected: true)
            #expect(canvas.operations.isEmpty, "\(bad)")
        }
    }

    @Test("Grid metrics: as many columns as fit, items grown to fill the width")
    func gridMetrics() {
        for width in stride(from: 200.0, through: 2_000, by: 37) {
            let m = PhotoGridMetrics(width: width, minimumSide: 112, spacing: 6, inset: 12)
            let used = 2 * m.inset + Double(m.columns) * m.itemSize.width + Double(m.columns - 1) * m.spacing
            #expect(m.itemSize.width >= 112, "\(width)")
            #expect(used <= width && width - used < Double(m.columns), "\(width): fills the row")
            #expect(2 * m.inset + Double(m.columns + 1) * 112 + Double(m.columns) * m.spacing > width, "\(width): one more column would not fit")
            #expect(m.itemSize.height == m.itemSize.width + PhotoItemRenderer.dateLineHeight)
        }
        #expect(PhotoGridMetrics(width: 800).columns >= 3, "the default window shows at least three columns")
        for bad in [0.0, -50, .nan, .infinity, 40] {
            let m = PhotoGridMetrics(width: bad)
            #expect(m.columns == 1 && m.itemSize.width >= 112 && m.itemSize.width.isFinite, "\(bad)")
        }
    }
}
