/// An RGBA colour with components in 0...1.
public struct Color: Hashable, Sendable {
    /// The red, green, blue and alpha (opacity) components, each in 0...1.
    public var red, green, blue, alpha: Double
    /// A colour from its components, each in 0...1; opaque by default.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
    /// `0xRRGGBB`.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(red: Double((hex >> 16) & 0xff) / 255, green: Double((hex >> 8) & 0xff) / 255,
                  blue: Double(hex & 0xff) / 255, alpha: alpha)
    }
    /// The same colour with opacity `a`.
    public func withAlpha(_ a: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: a) }
    /// Linear blend towards `other` by `t` (0 = self, 1 = other).
    public func mixed(with other: Color, _ t: Double) -> Color {
        Color(red: red + (other.red - red) * t, green: green + (other.green - green) * t,
              blue: blue + (other.blue - blue) * t, alpha: alpha + (other.alpha - alpha) * t)
    }
    /// Opaque black.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = Color(red: 1, green: 1, blue: 1)
    /// Fully transparent.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
}

/// A font request; the host maps it to a real face (Pango on GTK).
public struct Font: Hashable, Sendable {
    /// Stroke weights, valued as CSS and Pango weights.
    public enum Weight: Int, Sendable {
        /// 400.
        case regular = 400
        /// 500.
        case medium = 500
        /// 600.
        case semibold = 600
        /// 700.
        case bold = 700
    }
    /// The font family (e.g. `"Cantarell"`); nil means the host's default UI font.
    public var family: String?
    /// The size in points.
    public var size: Double
    /// How heavy the strokes are.
    public var weight: Weight
    /// Asks for a monospaced face (the family is then a fallback).
    public var monospaced: Bool
    /// A font request of `size` points.
    public init(size: Double, weight: Weight = .regular, family: String? = nil, monospaced: Bool = false) {
        self.size = size; self.weight = weight; self.family = family; self.monospaced = monospaced
    }
    /// Row titles: 14 pt, regular.
    public static let body = Font(size: 14)
    /// Emphasised titles: 14 pt, semibold.
    public static let headline = Font(size: 14, weight: .semibold)
    /// Secondary text: 12 pt.
    public static let caption = Font(size: 12)
    /// Small print and badges: 11 pt.
    public static let footnote = Font(size: 11)
}

/// How a piece of text is laid out.
public struct TextStyle: Hashable, Sendable {
    /// Horizontal alignment within the text's rectangle.
    public enum Alignment: Sendable {
        /// Left-aligned (in left-to-right text).
        case leading
        /// Centred.
        case center
        /// Right-aligned (in left-to-right text).
        case trailing
    }
    /// The font to lay the text out in.
    public var font: Font
    /// The text colour.
    public var color: Color
    /// The horizontal alignment within the rectangle.
    public var alignment: Alignment
    /// 0 = as many lines as fit the width; otherwise at most this many, ellipsized.
    public var maxLines: Int
    /// A text style; by default one line of body text, leading-aligned and ellipsized.
    public init(font: Font = .body, color: Color = .black, alignment: Alignment = .leading, maxLines: Int = 1) {
        self.font = font; self.color = color; self.alignment = alignment; self.maxLines = maxLines
    }
}

/// A vector path built of lines, cubic curves and arcs.
public struct Path: Hashable, Sendable {
    /// One drawing step of a path.
    public enum Element: Hashable, Sendable {
        /// Starts a new subpath at the point.
        case move(Point)
        /// A straight line to the point.
        case line(Point)
        /// A cubic Bézier curve: the two control points, then the end point.
        case curve(Point, Point, Point)
        /// Centre, radius, start and end angle in radians (clockwise in y-down space).
        case arc(Point, Double, Double, Double)
        /// Closes the subpath with a line back to its start.
        case close
    }
    /// The steps, in order.
    public private(set) var elements: [Element] = []
    /// An empty path.
    public init() {}
    /// Starts a new subpath at `p`.
    public mutating func move(to p: Point) { elements.append(.move(p)) }
    /// Adds a straight line to `p`.
    public mutating func line(to p: Point) { elements.append(.line(p)) }
    /// Adds a cubic Bézier curve to `p` with the control points `control1` and `control2`.
    public mutating func curve(to p: Point, control1: Point, control2: Point) { elements.append(.curve(control1, control2, p)) }
    /// Adds an arc around `center` from `startAngle` to `endAngle` (radians, clockwise in y-down space), joined to the current point by a line.
    public mutating func arc(center: Point, radius: Double, startAngle: Double, endAngle: Double) {
        elements.append(.arc(center, radius, startAngle, endAngle))
    }
    /// Closes the current subpath.
    public mutating func close() { elements.append(.close) }

    /// A full circle.
    public static func circle(center: Point, radius: Double) -> Path {
        var p = Path()
        p.elements.reserveCapacity(2)
        p.arc(center: center, radius: radius, startAngle: 0, endAngle: 2 * Double.pi)
        p.close()
        return p
    }
    /// The outline of `r` with corners rounded by `radius` (at most half the shorter side).
    public static func roundedRect(_ r: Rect, radius: Double) -> Path {
        let rad = max(0, min(radius, r.width / 2, r.height / 2))
        var p = Path()
        p.elements.reserveCapacity(5)
        p.arc(center: Point(x: r.maxX - rad, y: r.minY + rad), radius: rad, startAngle: -Double.pi / 2, endAngle: 0)
        p.arc(center: Point(x: r.maxX - rad, y: r.maxY - rad), radius: rad, startAngle: 0, endAngle: Double.pi / 2)
        p.arc(center: Point(x: r.minX + rad, y: r.maxY - rad), radius: rad, startAngle: Double.pi / 2, endAngle: Double.pi)
        p.arc(center: Point(x: r.minX + rad, y: r.minY + rad), radius: rad, startAngle: Double.pi, endAngle: 3 * Double.pi / 2)
        p.close()
        return p
    }
}

/// A slot a cell owns in which a Canvas may keep its laid-out text (a PangoLayout on
/// GTK) between frames, so a recycled cell reuses its layout instead of making a new one.
public final class TextCache {
    /// Whatever the canvas keeps here; opaque to the engine.
    public var payload: AnyObject?
    /// An empty slot.
    public init() {}
}

/// Colours the table and its cells draw with. The GTK shell fills it from the theme
/// (light or dark); tests use `.light`.
public struct Theme: Hashable, Sendable {
    /// The background of a collection view and of the debug overlay (a plain table is
    /// `cellBackground` edge to edge, as its cells are).
    public var background: Color
    /// The background behind a grouped table's sections.
    public var groupedBackground: Color
    /// A cell's background.
    public var cellBackground: Color
    /// Primary text and icons.
    public var foreground: Color
    /// Detail text, captions and dim icons.
    public var secondaryForeground: Color
    /// The lines between rows.
    public var separator: Color
    /// Checked checkboxes, badges, the selection border of grid items.
    public var accent: Color
    /// Marks drawn on the accent colour (check marks).
    public var accentForeground: Color
    /// The tint over selected rows and items.
    public var selectionTint: Color
    /// Section headers (translucent, as they stick over rows).
    public var headerBackground: Color
    /// Section header titles.
    public var headerForeground: Color
    /// The keyboard focus ring.
    public var focusRing: Color
    /// Destructive actions (deletions).
    public var destructive: Color
    /// True for a dark theme.
    public var isDark: Bool

    /// A theme from every colour.
    public init(background: Color, groupedBackground: Color, cellBackground: Color, foreground: Color,
                secondaryForeground: Color, separator: Color, accent: Color, accentForeground: Color,
                selectionTint: Color, headerBackground: Color, headerForeground: Color, focusRing: Color,
                destructive: Color, isDark: Bool) {
        self.background = background; self.groupedBackground = groupedBackground
        self.cellBackground = cellBackground; self.foreground = foreground
        self.secondaryForeground = secondaryForeground; self.separator = separator
        self.accent = accent; self.accentForeground = accentForeground; self.selectionTint = selectionTint
        self.headerBackground = headerBackground; self.headerForeground = headerForeground
        self.focusRing = focusRing; self.destructive = destructive; self.isDark = isDark
    }

    /// The light theme (Adwaita-like); what tests draw with.
    public static let light = Theme(
        background: .white, groupedBackground: Color(hex: 0xf2f2f7), cellBackground: .white,
        foreground: Color(hex: 0x1c1c1e), secondaryForeground: Color(hex: 0x6e6e73),
        separator: Color(hex: 0xc6c6c8), accent: Color(hex: 0x3584e4), accentForeground: .white,
        selectionTint: Color(hex: 0x3584e4, alpha: 0.14), headerBackground: Color(hex: 0xf6f5f4, alpha: 0.96),
        headerForeground: Color(hex: 0x3d3846), focusRing: Color(hex: 0x3584e4, alpha: 0.6),
        destructive: Color(hex: 0xe01b24), isDark: false)

    /// The dark theme (Adwaita-like).
    public static let dark = Theme(
        background: Color(hex: 0x1e1e1e), groupedBackground: Color(hex: 0x242424), cellBackground: Color(hex: 0x2a2a2a),
        foreground: Color(hex: 0xf6f5f4), secondaryForeground: Color(hex: 0x9a9996),
        separator: Color(hex: 0x3d3d3d), accent: Color(hex: 0x78aeed), accentForeground: Color(hex: 0x1e1e1e),
        selectionTint: Color(hex: 0x78aeed, alpha: 0.2), headerBackground: Color(hex: 0x303030, alpha: 0.96),
        headerForeground: Color(hex: 0xdeddda), focusRing: Color(hex: 0x78aeed, alpha: 0.6),
        destructive: Color(hex: 0xff7b63), isDark: true)
}

/// The engine's drawing abstraction. The GTK shell implements it with cairo and Pango;
/// tests implement it with `RecordingCanvas`. State (transform, clip, alpha) is a stack:
/// `save()` pushes, `restore()` pops.
@MainActor
public protocol Canvas: AnyObject {
    /// The colours to draw with.
    var theme: Theme { get }
    /// Pushes the transform, clip and alpha.
    func save()
    /// Pops the state the matching `save()` pushed.
    func restore()
    /// Moves the origin by `x`, `y`.
    func translate(x: Double, y: Double)
    /// Scales what is drawn next by `x`, `y`.
    func scale(x: Double, y: Double)
    /// Intersects the clip with `rect`.
    func clip(to rect: Rect)
    /// Intersects the clip with the inside of `path`.
    func clip(to path: Path)
    /// Multiplies the opacity of everything drawn until the matching `restore()`.
    func multiplyAlpha(_ alpha: Double)
    /// Fills a rectangle.
    func fill(_ rect: Rect, color: Color)
    /// Fills the inside of a path.
    func fill(_ path: Path, color: Color)
    /// Strokes a path with a line `lineWidth` wide.
    func stroke(_ path: Path, color: Color, lineWidth: Double)
    /// Draws `text` inside `rect` (top-left aligned vertically), wrapped or ellipsized per `style`.
    func drawText(_ text: String, in rect: Rect, style: TextStyle, cache: TextCache?)
    /// The size `text` takes when laid out at `width` (pass `.infinity` for one line).
    func measureText(_ text: String, width: Double, style: TextStyle, cache: TextCache?) -> Size
    /// Draws `image` in `rect`, placed by `contentMode` and clipped to `rect` with its corners
    /// rounded by `cornerRadius` (0: square). An empty image draws nothing.
    func drawImage(_ image: Image, in rect: Rect, contentMode: ContentMode, cornerRadius: Double)
    /// Draws `draw` as one unit a retaining canvas may keep: given the same `key`, `version`
    /// and `size` as a unit it drew in the last frame, it may show what it recorded then
    /// instead of calling `draw` again. `draw` gets a canvas whose origin is the current one
    /// and should draw inside `size`, from its arguments and what `version` stands for only
    /// (the current opacity and transform are applied around the recording). Canvases drop
    /// what they keep when their theme, fonts or scale change.
    ///
    /// The default implementation calls `draw(self)`.
    func drawCached(key: ObjectIdentifier, version: Int, size: Size, _ draw: (Canvas) -> Void)
}

extension Canvas {
    /// Draws `text` with no layout cache.
    public func drawText(_ text: String, in rect: Rect, style: TextStyle) { drawText(text, in: rect, style: style, cache: nil) }
    /// Measures `text` with no layout cache.
    public func measureText(_ text: String, width: Double, style: TextStyle) -> Size {
        measureText(text, width: width, style: style, cache: nil)
    }
    /// Fills `rect` with its corners rounded by `radius`.
    public func fillRoundedRect(_ rect: Rect, radius: Double, color: Color) { fill(.roundedRect(rect, radius: radius), color: color) }
    /// Strokes the outline of `rect`.
    public func stroke(_ rect: Rect, color: Color, lineWidth: Double) {
        var p = Path()
        p.move(to: Point(x: rect.minX, y: rect.minY)); p.line(to: Point(x: rect.maxX, y: rect.minY))
        p.line(to: Point(x: rect.maxX, y: rect.maxY)); p.line(to: Point(x: rect.minX, y: rect.maxY)); p.close()
        stroke(p, color: color, lineWidth: lineWidth)
    }
    /// Runs `body` between `save()` and `restore()`.
    public func withState(_ body: () -> Void) { save(); body(); restore() }
    /// Draws directly: a canvas that keeps nothing between frames.
    public func drawCached(key: ObjectIdentifier, version: Int, size: Size, _ draw: (Canvas) -> Void) { draw(self) }
}
