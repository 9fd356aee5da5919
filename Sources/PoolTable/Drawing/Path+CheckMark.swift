extension Path {
    /// A check mark's two strokes around `center` (sized for a 10 pt radius circle at `scale`
    /// 1), trimmed to the first `drawn` fraction of their length (0...1), so it can be drawn
    /// in as a selection animates: the table's checkboxes, the grid's badges and the demo's
    /// photos all draw this one.
    public static func checkMark(center c: Point, scale: Double, drawn: Double) -> Path {
        let a = Point(x: c.x - 4.5 * scale, y: c.y + 0.5 * scale)
        let b = Point(x: c.x - 1.5 * scale, y: c.y + 3.5 * scale)
        let e = Point(x: c.x + 4.5 * scale, y: c.y - 3.5 * scale)
        let first = Math.hypot(b.x - a.x, b.y - a.y), second = Math.hypot(e.x - b.x, e.y - b.y)
        let length = (first + second) * (drawn.isFinite ? min(1, max(0, drawn)) : 0)
        var p = Path()
        p.move(to: a)
        if length <= first {
            let t = length / first
            p.line(to: Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))
        } else {
            p.line(to: b)
            let t = (length - first) / second
            p.line(to: Point(x: b.x + (e.x - b.x) * t, y: b.y + (e.y - b.y) * t))
        }
        return p
    }
}
