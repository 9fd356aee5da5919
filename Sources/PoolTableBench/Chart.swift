import CGtk
import Foundation

/// A line in a chart.
struct ChartSeries {
    var name: String
    var color: (Double, Double, Double)
    var values: [Double]
}

/// The per-frame work chart, drawn with cairo into a PNG: one row per renderer, each with
/// the per-frame time series (left) and the sorted distribution (right), PoolTable and
/// GtkListView in two colours, y in ms, the 8 ms p99 target as a dashed line.
enum FrameChart {
    static let width = 1400
    static let rowHeight = 420
    static let header = 70

    /// Writes the PNG; returns false (with a note) on failure.
    static func write(path: String, title: String, subtitle: String, xLabel: String,
                      rows: [(label: String, series: [ChartSeries])]) -> Bool {
        let height = header + rowHeight * max(1, rows.count)
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else { return false }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return false }
        defer { cairo_destroy(cr) }

        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        cairo_select_font_face(cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
        cairo_set_font_size(cr, 18)
        cairo_set_source_rgb(cr, 0.1, 0.1, 0.1)
        cairo_move_to(cr, 20, 30)
        cairo_show_text(cr, title)
        cairo_select_font_face(cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, 12)
        cairo_set_source_rgb(cr, 0.35, 0.35, 0.35)
        cairo_move_to(cr, 20, 52)
        cairo_show_text(cr, subtitle)

        for (i, row) in rows.enumerated() {
            let top = Double(header + i * rowHeight)
            // One y range for both panels of a row: up to a little over the worst p99 (at
            // least 10 ms so the 8 ms target shows); taller frames are clipped and marked.
            let p99s = row.series.map { Stats.percentile($0.values, 99) }.filter(\.isFinite)
            let yMax = niceCeiling(max(10, (p99s.max() ?? 10) * 1.25))
            let left = (x: 70.0, y: top + 30, w: 760.0, h: Double(rowHeight) - 90)
            let right = (x: 900.0, y: top + 30, w: 470.0, h: Double(rowHeight) - 90)
            panel(cr, frame: left, yMax: yMax, xLabel: xLabel,
                  title: "\(row.label): work per frame", xMax: Double(row.series.map(\.values.count).max() ?? 1))
            panel(cr, frame: right, yMax: yMax, xLabel: "percentile of frames", title: "\(row.label): sorted (distribution)", xMax: 100)
            for s in row.series {
                plot(cr, s, frame: left, yMax: yMax, xMax: Double(row.series.map(\.values.count).max() ?? 1), sorted: false)
                plot(cr, s, frame: right, yMax: yMax, xMax: 100, sorted: true)
            }
            legend(cr, row.series, x: left.x + 12, y: left.y + 16)
        }
        cairo_surface_flush(surface)
        return cairo_surface_write_to_png(surface, path) == CAIRO_STATUS_SUCCESS
    }

    private static func niceCeiling(_ v: Double) -> Double {
        for step in [10.0, 15, 20, 25, 30, 40, 50, 60, 80, 100, 150, 200, 300, 500, 1000] where v <= step { return step }
        return (v / 500).rounded(.up) * 500
    }

    private typealias Frame = (x: Double, y: Double, w: Double, h: Double)

    private static func panel(_ cr: OpaquePointer, frame f: Frame, yMax: Double, xLabel: String, title: String, xMax: Double) {
        cairo_set_source_rgb(cr, 0.97, 0.97, 0.98)
        cairo_rectangle(cr, f.x, f.y, f.w, f.h)
        cairo_fill(cr)
        cairo_set_line_width(cr, 1)
        cairo_set_font_size(cr, 11)
        // Horizontal grid with ms labels.
        let ticks = 5
        for t in 0...ticks {
            let v = yMax * Double(t) / Double(ticks)
            let y = (f.y + f.h - f.h * Double(t) / Double(ticks)).rounded() + 0.5
            cairo_set_source_rgb(cr, 0.85, 0.85, 0.87)
            cairo_move_to(cr, f.x, y)
            cairo_line_to(cr, f.x + f.w, y)
            cairo_stroke(cr)
            cairo_set_source_rgb(cr, 0.3, 0.3, 0.3)
            let label = v == v.rounded() ? "\(Int(v)) ms" : String(format: "%.1f ms", v)
            var ext = cairo_text_extents_t()
            cairo_text_extents(cr, label, &ext)
            cairo_move_to(cr, f.x - 6 - ext.width, y + 4)
            cairo_show_text(cr, label)
        }
        // X ticks.
        for t in 0...4 {
            let v = xMax * Double(t) / 4
            let x = f.x + f.w * Double(t) / 4
            cairo_set_source_rgb(cr, 0.3, 0.3, 0.3)
            let label = "\(Int(v.rounded()))"
            var ext = cairo_text_extents_t()
            cairo_text_extents(cr, label, &ext)
            cairo_move_to(cr, x - ext.width / 2, f.y + f.h + 15)
            cairo_show_text(cr, label)
        }
        // The 8 ms p99 target.
        if yMax >= 8 {
            let y = f.y + f.h - f.h * 8 / yMax
            cairo_set_source_rgb(cr, 0.8, 0.1, 0.1)
            var dash: [Double] = [5, 4]
            cairo_set_dash(cr, &dash, 2, 0)
            cairo_move_to(cr, f.x, y)
            cairo_line_to(cr, f.x + f.w, y)
            cairo_stroke(cr)
            cairo_set_dash(cr, nil, 0, 0)
            cairo_move_to(cr, f.x + f.w - 110, y - 4)
            cairo_show_text(cr, "8 ms (p99 target)")
        }
        cairo_set_source_rgb(cr, 0.1, 0.1, 0.1)
        cairo_set_font_size(cr, 13)
        cairo_move_to(cr, f.x, f.y - 10)
        cairo_show_text(cr, title)
        cairo_set_font_size(cr, 11)
        cairo_set_source_rgb(cr, 0.3, 0.3, 0.3)
        cairo_move_to(cr, f.x, f.y + f.h + 32)
        cairo_show_text(cr, xLabel)
        cairo_set_source_rgb(cr, 0.6, 0.6, 0.6)
        cairo_rectangle(cr, f.x + 0.5, f.y + 0.5, f.w - 1, f.h - 1)
        cairo_stroke(cr)
    }

    private static func plot(_ cr: OpaquePointer, _ s: ChartSeries, frame f: Frame, yMax: Double, xMax: Double, sorted: Bool) {
        let values = sorted ? s.values.sorted() : s.values
        guard !values.isEmpty else { return }
        cairo_save(cr)
        cairo_rectangle(cr, f.x, f.y - 4, f.w, f.h + 4)
        cairo_clip(cr)
        cairo_set_source_rgba(cr, s.color.0, s.color.1, s.color.2, 0.9)
        cairo_set_line_width(cr, sorted ? 2 : 1.2)
        for (i, v) in values.enumerated() {
            let xv = sorted ? (values.count > 1 ? 100 * Double(i) / Double(values.count - 1) : 0) : Double(i)
            let x = f.x + f.w * xv / max(1, xMax)
            let y = f.y + f.h - f.h * min(v, yMax) / yMax
            if i == 0 { cairo_move_to(cr, x, y) } else { cairo_line_to(cr, x, y) }
        }
        cairo_stroke(cr)
        // Clipped frames: a small triangle at the top edge.
        if !sorted {
            for (i, v) in values.enumerated() where v > yMax {
                let x = f.x + f.w * Double(i) / max(1, xMax)
                cairo_move_to(cr, x - 3, f.y + 6)
                cairo_line_to(cr, x + 3, f.y + 6)
                cairo_line_to(cr, x, f.y)
                cairo_close_path(cr)
                cairo_fill(cr)
            }
        }
        cairo_restore(cr)
    }

    private static func legend(_ cr: OpaquePointer, _ series: [ChartSeries], x: Double, y: Double) {
        cairo_set_font_size(cr, 12)
        cairo_set_source_rgba(cr, 1, 1, 1, 0.85)
        cairo_rectangle(cr, x - 6, y - 16, 420, 17 * Double(series.count) + 6)
        cairo_fill(cr)
        var yy = y
        for s in series {
            cairo_set_source_rgb(cr, s.color.0, s.color.1, s.color.2)
            cairo_rectangle(cr, x, yy - 9, 18, 4)
            cairo_fill(cr)
            cairo_set_source_rgb(cr, 0.15, 0.15, 0.15)
            cairo_move_to(cr, x + 24, yy - 4)
            let median = Stats.median(s.values), p99 = Stats.percentile(s.values, 99)
            cairo_show_text(cr, "\(s.name)  (median \(fmt(median)) ms, p99 \(fmt(p99)) ms)")
            yy += 17
        }
    }
}
