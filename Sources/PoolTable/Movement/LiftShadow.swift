/// Identifies the lifted item's shadow as a cached drawing unit (one per view), and draws it.
@MainActor
final class LiftShadowKey {
    /// How far the shadow reaches beyond the item on each side.
    static let spread = 8.0
    /// How far below the item it is dropped.
    static let drop = 3.0

    /// The three layers' insets (from the shadow's edges) and opacities, outermost first.
    static let layers: [(inset: Double, alpha: Double)] = [(0, 0.05), (3, 0.08), (6, 0.11)]
    /// How far from the shadow's edges its rounded corners reach: a layer's corner radius is
    /// this less its inset, so every layer's corners lie in the same four squares.
    static let cornerExtent = spread + 6

    /// The opacity of `count` layers of the shadow's colour over each other (the outermost
    /// `count`: the layers are nested).
    static func alpha(ofLayers count: Int) -> Double {
        1 - layers.prefix(count).reduce(1) { $0 * (1 - $1.alpha) }
    }

    /// A soft shadow in `size` (the item grown by `spread` on each side, the item itself
    /// `drop` above the middle): three nested translucent rounded rectangles, darker towards
    /// the item, drawn only outside the item, as CSS draws an outset box-shadow (the item
    /// covers the rest).
    ///
    /// Drawn so that each pixel is blended once where it can be: away from the corners the
    /// layers' edges cut the ring into bands, each filled once with the opacity of the layers
    /// over it (plain rectangles, which GSK's cairo renderer blends on a fast path). Only in
    /// the four corner squares, where the layers' rounded corners differ, are the layers drawn
    /// over each other, each in its rounded clip.
    static func draw(in canvas: Canvas, size: Size) {
        let color = canvas.theme.foreground
        let item = Rect(x: spread, y: spread - drop, width: max(0, size.width - 2 * spread), height: max(0, size.height - 2 * spread))
        forEachBand(size: size, item: item) { band, count in canvas.fill(band, color: color.withAlpha(alpha(ofLayers: count))) }
        for (inset, opacity) in layers {
            let layer = Rect(x: inset, y: inset, width: max(0, size.width - 2 * inset), height: max(0, size.height - 2 * inset))
            let radius = cornerExtent - inset
            var corners = false
            forEachPiece(around: item, within: layer, cornerSize: radius) { _, inCorner in corners = corners || inCorner }
            guard corners else { continue }
            canvas.withState {
                canvas.clip(to: .roundedRect(layer, radius: radius))
                forEachPiece(around: item, within: layer, cornerSize: radius) { r, inCorner in
                    if inCorner { canvas.fill(r, color: color.withAlpha(opacity)) }
                }
            }
        }
    }

    /// The shadow outside `item` and outside its four corner squares, cut by every layer's and
    /// the item's edges into bands, each with how many layers cover it (at least one); a row
    /// of cells with the same count is one band. Bands do not overlap.
    static func forEachBand(size: Size, item: Rect, _ body: (Rect, Int) -> Void) {
        let w = size.width, h = size.height, c = min(cornerExtent, w / 2, h / 2)
        func edges(_ length: Double, _ itemMin: Double, _ itemMax: Double) -> [Double] {
            var e = [0, length, c, length - c, itemMin, itemMax]
            for (inset, _) in layers { e += [inset, length - inset] }
            return Array(Set(e.map { min(max($0, 0), length) })).sorted()
        }
        let xs = edges(w, item.minX, item.maxX), ys = edges(h, item.minY, item.maxY)
        for (y0, y1) in zip(ys, ys.dropFirst()) {
            let my = (y0 + y1) / 2
            var run: (x0: Double, x1: Double, count: Int)?
            for (x0, x1) in zip(xs, xs.dropFirst()) {
                let mx = (x0 + x1) / 2
                var count = 0
                let inItem = item.contains(Point(x: mx, y: my))
                let inCorner = (mx < c || mx > w - c) && (my < c || my > h - c)
                if !inItem && !inCorner {
                    for (inset, _) in layers where mx > inset && mx < w - inset && my > inset && my < h - inset { count += 1 }
                }
                if let r = run, r.count == count, r.x1 == x0 { run = (r.x0, x1, count); continue }
                if let r = run, r.count > 0 { body(Rect(x: r.x0, y: y0, width: r.x1 - r.x0, height: y1 - y0), r.count) }
                run = (x0, x1, count)
            }
            if let r = run, r.count > 0 { body(Rect(x: r.x0, y: y0, width: r.x1 - r.x0, height: y1 - y0), r.count) }
        }
    }

    /// The parts of `outer` outside `inner` (the full-width bands above and below it, then the
    /// sides between them), each cut at `cornerSize` from `outer`'s edges: `body` gets every
    /// piece, and whether it lies in one of `outer`'s corner squares, where a rounded corner of
    /// that size can cut it. The pieces tile `outer` less `inner`, without overlapping.
    static func forEachPiece(around inner: Rect, within outer: Rect, cornerSize: Double, _ body: (Rect, Bool) -> Void) {
        let c = max(0, min(cornerSize, outer.width / 2, outer.height / 2))
        // [lo, hi) cut at a + c and b - c: the pieces, each flagged when it is an end band.
        func bands(_ lo: Double, _ hi: Double, _ a: Double, _ b: Double, _ piece: (Double, Double, Bool) -> Void) {
            let m1 = min(max(a + c, lo), hi), m2 = max(min(b - c, hi), m1)
            if m1 > lo { piece(lo, m1, true) }
            if m2 > m1 { piece(m1, m2, false) }
            if hi > m2 { piece(m2, hi, true) }
        }
        func strip(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
            guard x1 > x0, y1 > y0 else { return }
            bands(y0, y1, outer.minY, outer.maxY) { top, bottom, endY in
                bands(x0, x1, outer.minX, outer.maxX) { left, right, endX in
                    body(Rect(x: left, y: top, width: right - left, height: bottom - top), endX && endY)
                }
            }
        }
        let top = min(max(inner.minY, outer.minY), outer.maxY), bottom = max(min(inner.maxY, outer.maxY), top)
        let left = min(max(inner.minX, outer.minX), outer.maxX), right = max(min(inner.maxX, outer.maxX), left)
        strip(outer.minX, outer.minY, outer.maxX, top)
        strip(outer.minX, bottom, outer.maxX, outer.maxY)
        strip(outer.minX, top, left, bottom)
        strip(right, top, outer.maxX, bottom)
    }
}
