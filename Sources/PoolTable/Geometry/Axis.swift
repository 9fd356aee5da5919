/// The scroll axis of a layout, in GTK's along / across terms (`GtkOrientation` of a list
/// view): *along* is the direction the content scrolls, *across* the other one. Every item,
/// header and footer rect is built through it, so a layout phrased in along / across terms
/// runs vertically or horizontally unchanged.
public enum Axis: Sendable, Equatable {
    /// Along = y: a list or grid that scrolls up and down.
    case vertical
    /// Along = x: a strip that scrolls left and right.
    case horizontal

    /// The rect at `along`..`along + length`, `across`..`across + breadth`.
    @inline(__always)
    func rect(along: Double, length: Double, across: Double, breadth: Double) -> Rect {
        switch self {
        case .vertical: Rect(x: across, y: along, width: breadth, height: length)
        case .horizontal: Rect(x: along, y: across, width: length, height: breadth)
        }
    }

    /// The point at `along`, `across`.
    func point(along: Double, across: Double) -> Point {
        self == .vertical ? Point(x: across, y: along) : Point(x: along, y: across)
    }

    /// A point's along coordinate.
    @inline(__always) func along(_ p: Point) -> Double { self == .vertical ? p.y : p.x }
    /// A point's across coordinate.
    @inline(__always) func across(_ p: Point) -> Double { self == .vertical ? p.x : p.y }
    /// A size's along extent.
    @inline(__always) func length(of s: Size) -> Double { self == .vertical ? s.height : s.width }
    /// A size's across extent.
    @inline(__always) func breadth(of s: Size) -> Double { self == .vertical ? s.width : s.height }
    /// A rect's along start.
    @inline(__always) func start(of r: Rect) -> Double { self == .vertical ? r.minY : r.minX }
    /// A rect's along end.
    @inline(__always) func end(of r: Rect) -> Double { self == .vertical ? r.maxY : r.maxX }
    /// A rect's across start.
    @inline(__always) func acrossStart(of r: Rect) -> Double { self == .vertical ? r.minX : r.minY }
    /// A rect's across extent.
    @inline(__always) func breadth(of r: Rect) -> Double { self == .vertical ? r.width : r.height }
    /// A rect's along extent.
    @inline(__always) func length(of r: Rect) -> Double { self == .vertical ? r.height : r.width }
    /// The size of `length` along by `breadth` across.
    func size(length: Double, breadth: Double) -> Size {
        self == .vertical ? Size(width: breadth, height: length) : Size(width: length, height: breadth)
    }
    /// `r` moved by `delta` along.
    func offset(_ r: Rect, by delta: Double) -> Rect {
        var r = r
        if self == .vertical { r.origin.y += delta } else { r.origin.x += delta }
        return r
    }
    /// `r` with its along start and length replaced.
    func with(_ r: Rect, start: Double, length: Double) -> Rect {
        rect(along: start, length: length, across: acrossStart(of: r), breadth: breadth(of: r))
    }
}
