import Glibc
import PoolTable

/// Procedural photos: a small landscape drawn from a photo's id alone, through the
/// engine's `Canvas` (bands of sky, a sun or moon with its glow, clouds or stars, then
/// hills, sea, mountains, a city or dunes in layers that fade into the haze), lit for
/// the time of day. About 20 to 30 canvas calls; the same id always gives the same picture.
@MainActor
public enum PhotoThumbnail {
    public enum Landscape: String, CaseIterable, Sendable { case hills, sea, mountains, city, dunes }
    public enum TimeOfDay: String, CaseIterable, Sendable { case dawn, day, goldenHour, dusk, night }

    /// What the picture of `photoID` shows (e.g. for a longer accessibility description).
    public nonisolated static func scene(for photoID: Int) -> (landscape: Landscape, timeOfDay: TimeOfDay) {
        var dice = Dice(photoID)
        return (dice.landscape(), dice.timeOfDay())
    }

    /// Draws the picture of `photoID` filling `rect`, clipped to it (with rounded corners
    /// when `cornerRadius` > 0).
    public static func draw(photoID: Int, in canvas: Canvas, rect: Rect, cornerRadius: Double = 0) {
        guard !rect.isEmpty, rect.width.isFinite, rect.height.isFinite else { return }
        var dice = Dice(photoID)
        let landscape = dice.landscape(), time = dice.timeOfDay()
        canvas.save()
        if cornerRadius > 0 { canvas.clip(to: .roundedRect(rect, radius: cornerRadius)) } else { canvas.clip(to: rect) }
        let horizon = horizonFraction(landscape, &dice)
        var painter = Painter(canvas: canvas, rect: rect, time: time, dice: dice, horizon: horizon)
        painter.sky()
        painter.sunOrMoon()
        switch landscape {
        case .hills: painter.hills(sand: false)
        case .dunes: painter.hills(sand: true)
        case .sea: painter.sea()
        case .mountains: painter.mountains()
        case .city: painter.city()
        }
        canvas.restore()
    }

    /// Where the horizon is, as a fraction of the height from the top.
    private static func horizonFraction(_ landscape: Landscape, _ dice: inout Dice) -> Double {
        switch landscape {
        case .sea: return dice.range(0.48, 0.6)
        case .mountains: return dice.range(0.6, 0.72)
        case .city: return dice.range(0.66, 0.76)
        case .hills, .dunes: return dice.range(0.55, 0.68)
        }
    }
}

// MARK: - Drawing

@MainActor
private struct Painter {
    let canvas: Canvas
    let rect: Rect
    let time: PhotoThumbnail.TimeOfDay
    var dice: Dice
    /// The horizon's y.
    let horizonY: Double
    /// The sky's colour stops, top to horizon.
    let stops: [Color]
    /// Where the sun or moon is.
    var sun = Point(x: 0, y: 0)

    init(canvas: Canvas, rect: Rect, time: PhotoThumbnail.TimeOfDay, dice: Dice, horizon: Double) {
        self.canvas = canvas
        self.rect = rect
        self.time = time
        self.dice = dice
        horizonY = (rect.minY + rect.height * horizon).rounded()
        let hueShift = self.dice.range(-14, 14)
        stops = Palette.sky(time).map { hsv($0.h + hueShift, $0.s, $0.v) }
    }

    var w: Double { rect.width }
    var h: Double { rect.height }
    /// The shorter side: sizes of round things scale with it.
    var unit: Double { min(rect.width, rect.height) }

    func x(_ f: Double) -> Double { rect.minX + f * w }

    /// The sky's colour at height `y`.
    func skyColor(at y: Double) -> Color {
        let t = min(1, max(0, (y - rect.minY) / max(1, horizonY - rect.minY))) * Double(stops.count - 1)
        let i = min(stops.count - 2, Int(t))
        return stops[i].mixed(with: stops[i + 1], t - Double(i))
    }
    var horizonColor: Color { stops[stops.count - 1] }
    /// What still water shows `t` of the way from the horizon (0) to the bottom edge (1):
    /// the sky mirrored, from the horizon's colour up towards the top's.
    func reflection(_ t: Double) -> Color { skyColor(at: horizonY - (horizonY - rect.minY) * (0.05 + 0.75 * t)) }

    /// A landscape colour under this time of day's light.
    func lit(_ c: Color) -> Color {
        switch time {
        case .day: return c
        case .goldenHour: return c.mixed(with: hsv(28, 0.7, 0.75), 0.22)
        case .dawn: return c.mixed(with: hsv(330, 0.3, 0.7), 0.22)
        case .dusk: return c.mixed(with: hsv(265, 0.45, 0.22), 0.62)
        case .night: return c.mixed(with: hsv(228, 0.6, 0.08), 0.8)
        }
    }
    /// `c` pushed into the distance: `amount` 0 is near, 1 is the horizon's colour.
    func hazed(_ c: Color, _ amount: Double) -> Color { c.mixed(with: horizonColor, amount) }

    // MARK: Sky

    /// Horizontal bands from the top down to the bottom edge (the landscape covers the
    /// lower part). Their edges fall on whole pixels: no seams, and cairo's fast path.
    mutating func sky() {
        let bands = 12
        let skyHeight = horizonY - rect.minY
        var top = rect.minY
        for i in 0..<bands {
            let bottom = i == bands - 1 ? rect.maxY : (rect.minY + skyHeight * Double(i + 1) / Double(bands)).rounded()
            canvas.fill(Rect(x: rect.minX, y: top, width: w, height: bottom - top),
                        color: skyColor(at: rect.minY + skyHeight * (Double(i) + 0.5) / Double(bands)))
            top = bottom
        }
    }

    mutating func sunOrMoon() {
        let fx = dice.range(0.18, 0.82)
        let skyHeight = horizonY - rect.minY
        switch time {
        case .night:
            sun = Point(x: x(fx), y: rect.minY + skyHeight * dice.range(0.2, 0.45))
            stars()
            let r = unit * dice.range(0.05, 0.075)
            glow(color: hsv(220, 0.15, 1), radius: r, strength: 0.6)
            canvas.fill(.circle(center: sun, radius: r), color: hsv(50, 0.08, 0.96))
            if dice.chance(0.6) {   // a crescent: the sky covers part of the disc
                let off = r * dice.range(0.45, 0.7) * (dice.chance(0.5) ? 1 : -1)
                canvas.fill(.circle(center: Point(x: sun.x + off, y: sun.y - r * 0.2), radius: r * 0.92), color: skyColor(at: sun.y))
            }
            return
        case .day:
            sun = Point(x: x(fx), y: rect.minY + skyHeight * dice.range(0.15, 0.4))
        case .goldenHour:
            sun = Point(x: x(fx), y: rect.minY + skyHeight * dice.range(0.55, 0.8))
        case .dawn, .dusk:
            sun = Point(x: x(fx), y: horizonY - skyHeight * dice.range(0.0, 0.14))
        }
        let r = unit * (time == .day ? dice.range(0.055, 0.075) : dice.range(0.07, 0.1))
        let color = Palette.sun(time)
        glow(color: color, radius: r, strength: time == .day ? 0.7 : 1)
        canvas.fill(.circle(center: sun, radius: r), color: color)
        if time != .dusk && dice.chance(0.55) { clouds() }
    }

    func glow(color: Color, radius r: Double, strength: Double) {
        canvas.fill(.circle(center: sun, radius: r * 3.6), color: color.withAlpha(0.07 * strength))
        canvas.fill(.circle(center: sun, radius: r * 2.6), color: color.withAlpha(0.1 * strength))
        canvas.fill(.circle(center: sun, radius: r * 1.7), color: color.withAlpha(0.16 * strength))
    }

    /// One path of small dots in the upper sky.
    mutating func stars() {
        var p = Path()
        for _ in 0..<dice.int(6, 10) {
            addCircle(&p, Point(x: x(dice.range(0.03, 0.97)), y: rect.minY + (horizonY - rect.minY) * dice.range(0.04, 0.7)),
                      max(0.5, unit * dice.range(0.006, 0.012)))
        }
        canvas.fill(p, color: Color(red: 1, green: 1, blue: 0.95, alpha: 0.85))
    }

    /// One or two flat-bottomed clouds, each one path of overlapping discs on a bar.
    mutating func clouds() {
        let color: Color = switch time {
        case .goldenHour: hsv(28, 0.28, 1, alpha: 0.85)
        case .dawn: hsv(345, 0.18, 1, alpha: 0.8)
        default: Color(red: 1, green: 1, blue: 1, alpha: 0.88)
        }
        var p = Path()
        for _ in 0..<dice.int(1, 2) {
            let cx = x(dice.range(0.1, 0.9)), base = rect.minY + (horizonY - rect.minY) * dice.range(0.25, 0.7)
            let s = unit * dice.range(0.05, 0.085)
            addRect(&p, Rect(x: cx - 2.2 * s, y: base - s * 0.9, width: 4.4 * s, height: s * 0.9))
            addCircle(&p, Point(x: cx - 1.3 * s, y: base - 0.9 * s), 0.9 * s)
            addCircle(&p, Point(x: cx, y: base - 1.3 * s), 1.3 * s)
            addCircle(&p, Point(x: cx + 1.3 * s, y: base - 0.8 * s), 0.8 * s)
        }
        canvas.fill(p, color: color)
    }

    // MARK: Landscapes

    /// Three (hills) or two (dunes) rolling layers, far ones lighter in the haze.
    mutating func hills(sand: Bool) {
        let layers = sand ? 2 : 3
        let autumn = !sand && dice.chance(0.2)
        let hue = sand ? dice.range(26, 38) : (autumn ? dice.range(22, 42) : dice.range(80, 135))
        for layer in 0..<layers {
            let depth = Double(layers - 1 - layer) / Double(max(1, layers - 1))     // 1 = farthest
            let base = horizonY + (h * 0.06) * Double(layer) - h * 0.04
            let amp = h * (sand ? 0.05 : 0.07) * (1 - 0.4 * depth)
            let points = (0...4).map { i in
                Point(x: x(Double(i) / 4), y: base + amp * dice.range(-1, 1))
            }
            let s = sand ? dice.range(0.45, 0.6) : dice.range(0.45, 0.62)
            let v = sand ? dice.range(0.78, 0.9) - 0.1 * Double(layer) : dice.range(0.5, 0.66) - 0.07 * Double(layer)
            let color = hazed(lit(hsv(hue + Double(layer) * 6, s, v)), 0.55 * depth)
            canvas.fill(smoothRidge(points), color: color)
        }
        if !sand && dice.chance(0.5) { trees(hue: hue) }
    }

    /// A few dark pines standing on the near slope.
    mutating func trees(hue: Double) {
        var p = Path()
        let ground = rect.maxY - h * 0.06
        for _ in 0..<dice.int(3, 6) {
            let tx = x(dice.range(0.05, 0.95)), th = h * dice.range(0.1, 0.18), tw = th * 0.42
            let foot = ground - h * dice.range(0, 0.06)
            p.move(to: Point(x: tx, y: foot - th))
            p.line(to: Point(x: tx + tw / 2, y: foot))
            p.line(to: Point(x: tx - tw / 2, y: foot))
            p.close()
        }
        canvas.fill(p, color: lit(hsv(hue + 20, 0.55, 0.3)))
    }

    /// Water in bands that darken towards the viewer, the sun's glitter on it, and
    /// sometimes an island on the horizon or a beach in front.
    mutating func sea() {
        let deep = lit(hsv(dice.range(200, 220), 0.75, 0.42))
        let bands = 5
        var top = horizonY
        for i in 0..<bands {
            let t = Double(i) / Double(bands - 1)
            let bottom = i == bands - 1 ? rect.maxY : (horizonY + (rect.maxY - horizonY) * pow(Double(i + 1) / Double(bands), 1.4)).rounded()
            canvas.fill(Rect(x: rect.minX, y: top, width: w, height: bottom - top), color: reflection(t).mixed(with: deep, 0.3 + 0.3 * t))
            top = bottom
        }
        // Glitter: short strokes under the sun, wider nearer the viewer.
        var glitter = Path()
        for i in 0..<5 {
            let t = Double(i) / 4
            let gy = horizonY + (rect.maxY - horizonY) * (0.06 + 0.8 * t)
            let gw = unit * (0.06 + 0.16 * t) * dice.range(0.6, 1.1)
            addRect(&glitter, Rect(x: sun.x - gw / 2 + unit * dice.range(-0.03, 0.03), y: gy, width: gw, height: max(1, h * 0.012)))
        }
        canvas.fill(glitter, color: (time == .night ? hsv(50, 0.08, 0.95) : Palette.sun(time)).withAlpha(0.55))
        if dice.chance(0.5) {   // an island
            let left = dice.chance(0.5)
            let x0 = left ? rect.minX - w * 0.05 : x(dice.range(0.45, 0.7))
            let x1 = left ? x(dice.range(0.3, 0.55)) : rect.maxX + w * 0.05
            var p = Path()
            p.move(to: Point(x: x0, y: horizonY + 0.5))
            p.curve(to: Point(x: x1, y: horizonY + 0.5), control1: Point(x: x0 + (x1 - x0) * 0.3, y: horizonY - h * 0.09),
                    control2: Point(x: x0 + (x1 - x0) * 0.6, y: horizonY - h * 0.05))
            p.close()
            canvas.fill(p, color: hazed(lit(hsv(150, 0.35, 0.4)), 0.45))
        }
        if dice.chance(0.4) {   // a beach
            let y0 = rect.maxY - h * dice.range(0.08, 0.16)
            canvas.fill(smoothRidge([Point(x: rect.minX, y: y0), Point(x: x(0.5), y: y0 + h * 0.04), Point(x: rect.maxX, y: y0 + h * 0.09)]),
                        color: lit(hsv(38, 0.35, 0.92)))
        }
    }

    /// A far, hazy range with snow on its tallest peaks, then a nearer, darker one.
    mutating func mountains() {
        let hue = dice.range(200, 235), forest = dice.range(135, 175)
        for layer in 0..<2 {
            let far = layer == 0
            let peaks = far ? dice.int(3, 5) : dice.int(2, 4)
            let top = far ? h * 0.36 : h * 0.2
            var pts: [Point] = [Point(x: rect.minX - w * 0.05, y: horizonY - top * dice.range(0.2, 0.5))]
            for i in 0..<peaks {
                let span = w * 1.1 / Double(peaks)
                let px = rect.minX - w * 0.05 + span * (Double(i) + dice.range(0.3, 0.7))
                pts.append(Point(x: px, y: horizonY - top * dice.range(0.55, 1)))
                pts.append(Point(x: px + span * dice.range(0.3, 0.5), y: horizonY - top * dice.range(0.1, 0.4) + (far ? 0 : h * 0.06)))
            }
            pts.append(Point(x: rect.maxX + w * 0.05, y: horizonY - top * dice.range(0.2, 0.5)))
            var p = Path()
            p.move(to: Point(x: pts[0].x, y: rect.maxY))
            for q in pts { p.line(to: q) }
            p.line(to: Point(x: pts[pts.count - 1].x, y: rect.maxY))
            p.close()
            let color = far ? hazed(lit(hsv(hue, 0.28, 0.66)), 0.35) : lit(hsv(forest, 0.4, 0.36))
            canvas.fill(p, color: color)
            if far { snow(on: pts, threshold: horizonY - top * 0.7) }
        }
        // A meadow in front.
        let y0 = rect.maxY - h * dice.range(0.1, 0.16)
        canvas.fill(smoothRidge([Point(x: rect.minX, y: y0), Point(x: x(0.4), y: y0 - h * 0.03), Point(x: rect.maxX, y: y0 + h * 0.02)]),
                    color: lit(hsv(dice.range(90, 130), 0.5, 0.45)))
    }

    /// Caps on the peaks (odd indices of `ridge`) higher than `threshold`: down a third of
    /// each slope, with a zigzag lower edge.
    func snow(on ridge: [Point], threshold: Double) {
        var p = Path()
        var any = false
        for i in stride(from: 1, to: ridge.count - 1, by: 2) where ridge[i].y < threshold {
            let peak = ridge[i], l = ridge[i - 1], r = ridge[i + 1]
            let a = Point(x: peak.x + (l.x - peak.x) * 0.34, y: peak.y + (l.y - peak.y) * 0.34)
            let b = Point(x: peak.x + (r.x - peak.x) * 0.3, y: peak.y + (r.y - peak.y) * 0.3)
            let drop = min(b.y, a.y) - peak.y
            p.move(to: peak); p.line(to: b)
            p.line(to: Point(x: a.x + (b.x - a.x) * 0.7, y: b.y - drop * 0.35))
            p.line(to: Point(x: a.x + (b.x - a.x) * 0.45, y: max(a.y, b.y) - drop * 0.05))
            p.line(to: Point(x: a.x + (b.x - a.x) * 0.2, y: a.y - drop * 0.3))
            p.line(to: a); p.close()
            any = true
        }
        if any { canvas.fill(p, color: hazed(lit(Color(red: 0.97, green: 0.98, blue: 1)), 0.15)) }
    }

    /// Two rows of towers on the horizon (lit windows after dark) above water or a park.
    mutating func city() {
        let hue = dice.range(200, 250)
        for row in 0..<2 {
            let far = row == 0
            var p = Path()
            var bx = rect.minX - dice.range(0, w * 0.05)
            var windows = Path()
            var anyWindow = false
            while bx < rect.maxX {
                let bw = w * dice.range(0.07, 0.14)
                let bh = h * (far ? dice.range(0.18, 0.45) : dice.range(0.08, 0.3))
                let b = Rect(x: bx, y: horizonY - bh, width: bw, height: bh + 1)
                addRect(&p, b)
                if !far && (time == .night || time == .dusk) {
                    let size = max(1, unit * 0.022)
                    for _ in 0..<dice.int(1, 3) {
                        let wx = b.minX + bw * dice.range(0.15, 0.75), wy = b.minY + bh * dice.range(0.1, 0.8)
                        addRect(&windows, Rect(x: wx, y: wy, width: size, height: size * 1.3))
                        anyWindow = true
                    }
                }
                bx += bw + w * (far ? dice.range(-0.02, 0.02) : dice.range(0, 0.04))
            }
            let color = far ? hazed(lit(hsv(hue, 0.16, 0.62)), 0.45) : lit(hsv(hue, 0.22, 0.4))
            canvas.fill(p, color: color)
            if anyWindow { canvas.fill(windows, color: hsv(44, 0.55, 1, alpha: 0.9)) }
        }
        if dice.chance(0.5) {   // the river: the sky reflected, darker
            canvas.fill(Rect(x: rect.minX, y: horizonY, width: w, height: rect.maxY - horizonY),
                        color: reflection(0.3).mixed(with: lit(hsv(215, 0.55, 0.25)), 0.6))
            canvas.fill(Rect(x: rect.minX, y: horizonY, width: w, height: max(1, h * 0.012)), color: lit(hsv(hue, 0.2, 0.3)))
        } else {                // a park
            canvas.fill(Rect(x: rect.minX, y: horizonY, width: w, height: rect.maxY - horizonY), color: lit(hsv(dice.range(95, 125), 0.5, 0.5)))
        }
    }

    // MARK: Paths

    /// A filled shape under a smooth curve through `points` (left to right), down to the
    /// bottom edge: Catmull-Rom through the points as cubic Béziers.
    func smoothRidge(_ points: [Point]) -> Path {
        var p = Path()
        p.move(to: Point(x: points[0].x, y: rect.maxY + 1))
        p.line(to: points[0])
        for i in 0..<(points.count - 1) {
            let p0 = points[max(0, i - 1)], p1 = points[i], p2 = points[i + 1], p3 = points[min(points.count - 1, i + 2)]
            p.curve(to: p2, control1: Point(x: p1.x + (p2.x - p0.x) / 6, y: p1.y + (p2.y - p0.y) / 6),
                    control2: Point(x: p2.x - (p3.x - p1.x) / 6, y: p2.y - (p3.y - p1.y) / 6))
        }
        p.line(to: Point(x: points[points.count - 1].x, y: rect.maxY + 1))
        p.close()
        return p
    }

    /// Adds a disc as its own sub-path, clockwise (so overlapping discs and rects unite).
    func addCircle(_ p: inout Path, _ c: Point, _ r: Double) {
        p.move(to: Point(x: c.x + r, y: c.y))
        p.arc(center: c, radius: r, startAngle: 0, endAngle: 2 * Double.pi)
        p.close()
    }

    /// Adds a rectangle as its own sub-path, clockwise.
    func addRect(_ p: inout Path, _ r: Rect) {
        p.move(to: Point(x: r.minX, y: r.minY)); p.line(to: Point(x: r.maxX, y: r.minY))
        p.line(to: Point(x: r.maxX, y: r.maxY)); p.line(to: Point(x: r.minX, y: r.maxY)); p.close()
    }
}

// MARK: - Colours and dice

private enum Palette {
    /// Sky colour stops (hue in degrees, saturation, value), top to horizon.
    static func sky(_ time: PhotoThumbnail.TimeOfDay) -> [(h: Double, s: Double, v: Double)] {
        switch time {
        case .dawn: return [(218, 0.45, 0.55), (255, 0.22, 0.76), (345, 0.28, 0.95), (28, 0.38, 1)]
        case .day: return [(212, 0.62, 0.8), (206, 0.45, 0.9), (196, 0.22, 0.98)]
        case .goldenHour: return [(215, 0.42, 0.72), (30, 0.22, 0.95), (33, 0.6, 1)]
        case .dusk: return [(245, 0.55, 0.3), (290, 0.4, 0.5), (340, 0.5, 0.8), (22, 0.75, 0.98)]
        case .night: return [(228, 0.72, 0.1), (226, 0.62, 0.2), (216, 0.48, 0.34)]
        }
    }

    static func sun(_ time: PhotoThumbnail.TimeOfDay) -> Color {
        switch time {
        case .day: return hsv(52, 0.12, 1)
        case .goldenHour: return hsv(42, 0.5, 1)
        case .dawn: return hsv(35, 0.32, 1)
        case .dusk: return hsv(22, 0.6, 1)
        case .night: return hsv(50, 0.08, 0.96)
        }
    }
}

/// `hue` in degrees (any value; it wraps), saturation and value in 0...1.
private func hsv(_ hue: Double, _ s: Double, _ v: Double, alpha: Double = 1) -> Color {
    let hh = (hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) / 60
    let c = v * s, x = c * (1 - abs(hh.truncatingRemainder(dividingBy: 2) - 1)), m = v - c
    let (r, g, b): (Double, Double, Double) = switch Int(hh) {
    case 0: (c, x, 0)
    case 1: (x, c, 0)
    case 2: (0, c, x)
    case 3: (0, x, c)
    case 4: (x, 0, c)
    default: (c, 0, x)
    }
    return Color(red: r + m, green: g + m, blue: b + m, alpha: alpha)
}

/// The picture's random choices, all from the photo id.
private struct Dice {
    private var rng: SeededRandom

    init(_ photoID: Int) { rng = SeededRandom(seed: UInt64(bitPattern: Int64(photoID)) ^ 0x7468_756d_626e_6169) }

    mutating func unit() -> Double { Double(rng.next() >> 11) / Double(1 << 53) }
    mutating func range(_ a: Double, _ b: Double) -> Double { a + (b - a) * unit() }
    /// Uniform in a...b.
    mutating func int(_ a: Int, _ b: Int) -> Int { a + Int(rng.next() % UInt64(b - a + 1)) }
    mutating func chance(_ p: Double) -> Bool { unit() < p }

    mutating func landscape() -> PhotoThumbnail.Landscape {
        switch unit() {
        case ..<0.3: return .hills
        case ..<0.55: return .sea
        case ..<0.75: return .mountains
        case ..<0.9: return .city
        default: return .dunes
        }
    }
    mutating func timeOfDay() -> PhotoThumbnail.TimeOfDay {
        switch unit() {
        case ..<0.14: return .dawn
        case ..<0.5: return .day
        case ..<0.7: return .goldenHour
        case ..<0.86: return .dusk
        default: return .night
        }
    }
}
