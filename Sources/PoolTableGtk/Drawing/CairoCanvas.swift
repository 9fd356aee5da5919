import CGtk
import PoolTable

/// The engine's `Canvas` on a cairo context, with text laid out by Pango.
///
/// Everything is drawn in logical pixels; GTK hands the draw function a context already
/// scaled for the monitor, so output is crisp at scale factor 2. Translations are snapped
/// to whole device pixels so 1 px separators stay sharp while scrolling by fractions.
///
/// Opacity from `multiplyAlpha` is multiplied into every colour set while it is in effect
/// (a per-`save()` stack), which is much cheaper than cairo groups.
///
/// Text layouts are kept between frames in the `TextCache` a cell passes in (a
/// `PangoTextLayout` in its payload): a recycled cell reuses its layout and Pango only
/// re-lays out what changed.
@MainActor
public final class CairoCanvas: Canvas {
    /// The colours to draw with.
    public var theme: Theme
    /// The `cairo_t *` drawn on (not owned).
    public let cairo: OpaquePointer
    /// Device pixels per logical pixel, for snapping translations.
    public var pixelScale: Double

    private let pangoContext: OpaquePointer
    private var alpha = 1.0
    private var alphaStack: [Double] = []
    /// Layout for text drawn or measured without a cache.
    private var scratch: PangoTextLayout?
    /// Keeps an image the canvas draws on alive (see `init(image:pangoContext:theme:)`).
    private let image: CairoImage?

    /// - Parameters:
    ///   - cairo: the context to draw on; its state is saved here and restored by `finish()`.
    ///   - pangoContext: the `PangoContext *` layouts are made in (e.g. the widget's, so
    ///     the GTK font options apply); cached layouts from another context are replaced.
    ///   - theme: the colours cells draw with.
    ///   - pixelScale: device pixels per logical pixel, for snapping translations.
    public convenience init(cairo: OpaquePointer, pangoContext: OpaquePointer, theme: Theme, pixelScale: Double = 1) {
        self.init(cairo: cairo, image: nil, pangoContext: pangoContext, theme: theme, pixelScale: pixelScale)
    }

    /// A canvas drawing on (and keeping alive) an image surface.
    public convenience init(image: CairoImage, pangoContext: OpaquePointer, theme: Theme) {
        self.init(cairo: image.cairo, image: image, pangoContext: pangoContext, theme: theme, pixelScale: image.scale)
    }

    /// A canvas for measuring text only: it draws on a 1×1 image nobody sees. Give it the
    /// same Pango context as the drawing canvas so measured and drawn text agree.
    public static func measuring(pangoContext: OpaquePointer, theme: Theme) -> CairoCanvas {
        CairoCanvas(image: CairoImage(width: 1, height: 1), pangoContext: pangoContext, theme: theme)
    }

    private init(cairo: OpaquePointer, image: CairoImage?, pangoContext: OpaquePointer, theme: Theme, pixelScale: Double) {
        self.cairo = cairo
        self.image = image
        self.pangoContext = pangoContext
        self.theme = theme
        self.pixelScale = max(1, pixelScale)
        cairo_save(cairo)
        cairo_set_line_cap(cairo, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cairo, CAIRO_LINE_JOIN_ROUND)
    }

    /// Restores the cairo state saved at init (and any left unbalanced by the drawer).
    public func finish() {
        while !alphaStack.isEmpty { restore() }
        cairo_restore(cairo)
    }

    // MARK: State

    public func save() {
        cairo_save(cairo)
        alphaStack.append(alpha)
    }

    public func restore() {
        guard let previous = alphaStack.popLast() else { return }
        alpha = previous
        cairo_restore(cairo)
    }

    public func translate(x: Double, y: Double) {
        cairo_translate(cairo, x, y)
        snapTranslation()
    }

    public func scale(x: Double, y: Double) {
        cairo_scale(cairo, x, y)
    }

    public func clip(to rect: Rect) {
        cairo_rectangle(cairo, rect.minX, rect.minY, rect.width, rect.height)
        cairo_clip(cairo)
    }

    public func clip(to path: Path) {
        path.makeCurrent(in: cairo)
        cairo_clip(cairo)
    }

    public func multiplyAlpha(_ alpha: Double) {
        guard alpha.isFinite else { return }
        self.alpha *= min(1, max(0, alpha))
    }

    // MARK: Shapes

    public func fill(_ rect: Rect, color: Color) {
        guard setSource(color) else { return }
        cairo_rectangle(cairo, rect.minX, rect.minY, rect.width, rect.height)
        cairo_fill(cairo)
    }

    public func fill(_ path: Path, color: Color) {
        guard setSource(color) else { return }
        path.makeCurrent(in: cairo)
        cairo_fill(cairo)
    }

    public func stroke(_ path: Path, color: Color, lineWidth: Double) {
        guard lineWidth > 0, setSource(color) else { return }
        path.makeCurrent(in: cairo)
        cairo_set_line_width(cairo, lineWidth)
        cairo_stroke(cairo)
    }

    // MARK: Pictures

    public func drawImage(_ image: Image, in rect: Rect, contentMode: ContentMode, cornerRadius: Double) {
        let placed = contentMode.imageRect(for: image.size, in: rect)
        guard alpha > 0, placed.width > 0, placed.height > 0, let surface = ImageCanvasCache.surface(for: image) else { return }
        cairo_save(cairo)
        if cornerRadius > 0 { Path.roundedRect(rect, radius: cornerRadius).makeCurrent(in: cairo) } else {
            cairo_rectangle(cairo, rect.minX, rect.minY, rect.width, rect.height)
        }
        cairo_clip(cairo)
        cairo_translate(cairo, placed.minX, placed.minY)
        cairo_scale(cairo, placed.width / Double(image.width), placed.height / Double(image.height))
        cairo_set_source_surface(cairo, surface, 0, 0)
        // Pictures are scaled down to thumbnails: a box filter, not bilinear's aliasing.
        cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_GOOD)
        if alpha < 1 { cairo_paint_with_alpha(cairo, alpha) } else { cairo_paint(cairo) }
        cairo_restore(cairo)
    }

    // MARK: Text

    public func drawText(_ text: String, in rect: Rect, style: TextStyle, cache: TextCache?) {
        guard !text.isEmpty, rect.width > 0 else { return }
        let layout = self.layout(for: cache)
        layout.configure(text: text, width: rect.width, style: style)
        guard setSource(style.color) else { return }
        cairo_move_to(cairo, rect.minX, rect.minY)
        // No `pango_cairo_update_layout`: it would copy this cairo_t's matrix and surface
        // options into the context and, when they differ (every other call, between the
        // measuring and the drawing surface), invalidate every layout made in it, so all
        // text would be shaped again each frame. The context's options are set once (see
        // `TextContext`); cairo still rasterises the glyphs at the device scale.
        pango_cairo_show_layout(cairo, layout.layout)
    }

    public func measureText(_ text: String, width: Double, style: TextStyle, cache: TextCache?) -> Size {
        let layout = self.layout(for: cache)
        layout.configure(text: text, width: width, style: style)
        return layout.logicalSize
    }

    // MARK: Private

    /// Sets the cairo source to `color` times the current opacity; false if invisible.
    private func setSource(_ color: Color) -> Bool {
        let a = color.alpha * alpha
        guard a > 0 else { return false }
        cairo_set_source_rgba(cairo, color.red, color.green, color.blue, min(1, a))
        return true
    }

    /// Rounds the translation to whole device pixels when the transform is axis-aligned.
    private func snapTranslation() {
        var m = cairo_matrix_t()
        cairo_get_matrix(cairo, &m)
        guard m.xy == 0, m.yx == 0 else { return }
        let s = pixelScale
        let x0 = (m.x0 * s).rounded() / s, y0 = (m.y0 * s).rounded() / s
        guard x0 != m.x0 || y0 != m.y0 else { return }
        m.x0 = x0
        m.y0 = y0
        cairo_set_matrix(cairo, &m)
    }

    private func layout(for cache: TextCache?) -> PangoTextLayout {
        PangoTextLayout.layout(for: cache, in: pangoContext, scratch: &scratch)
    }
}

extension Path {
    /// Replaces `cairo`'s current path with this one: the one path routine of both canvases.
    func makeCurrent(in cairo: OpaquePointer) {
        cairo_new_path(cairo)
        for element in elements {
            switch element {
            case let .move(p): cairo_move_to(cairo, p.x, p.y)
            case let .line(p): cairo_line_to(cairo, p.x, p.y)
            case let .curve(c1, c2, p): cairo_curve_to(cairo, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
            case let .arc(c, r, a0, a1):
                if a1 >= a0 { cairo_arc(cairo, c.x, c.y, r, a0, a1) } else { cairo_arc_negative(cairo, c.x, c.y, r, a0, a1) }
            case .close: cairo_close_path(cairo)
            }
        }
    }
}

/// A `PangoLayout` and what it was last configured with, so unchanged text, font and width
/// cost nothing on the next frame. Lives in a cell's `TextCache.payload`.
final class PangoTextLayout {
    /// The layout kept in `cache` (made on first use, or again when it belongs to another
    /// context), or — for uncached text — the caller's `scratch` layout.
    static func layout(for cache: TextCache?, in context: OpaquePointer, scratch: inout PangoTextLayout?) -> PangoTextLayout {
        if let cache {
            if let cached = cache.payload as? PangoTextLayout, cached.context == context { return cached }
            let layout = PangoTextLayout(context: context)
            cache.payload = layout
            return layout
        }
        if let scratch { return scratch }
        let layout = PangoTextLayout(context: context)
        scratch = layout
        return layout
    }

    /// The `PangoLayout *` (owned).
    let layout: OpaquePointer
    /// The `PangoContext *` it was made in (the layout holds a reference).
    let context: OpaquePointer

    private var text: String?
    private var font: Font?
    private var fontGeneration = -1
    private var widthUnits: Int32 = -2
    private var maxLines = -1
    private var alignment: TextStyle.Alignment?

    init(context: OpaquePointer) {
        self.context = context
        self.layout = pango_layout_new(context)
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(layout)) }

    /// Applies what differs from the last call.
    @MainActor
    func configure(text: String, width: Double, style: TextStyle) {
        let catalog = FontCatalog.shared
        if style.font != font || fontGeneration != catalog.generation {
            font = style.font
            fontGeneration = catalog.generation
            pango_layout_set_font_description(layout, catalog.description(for: style.font))
        }
        let units = width.isFinite && width > 0 ? Int32(min(width * GLibConstant.pangoScale, Double(Int32.max))) : -1
        if units != widthUnits {
            widthUnits = units
            pango_layout_set_width(layout, units)
        }
        if style.maxLines != maxLines {
            maxLines = style.maxLines
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            if maxLines > 0 {
                pango_layout_set_height(layout, Int32(-min(maxLines, 10_000)))
                pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
            } else {
                pango_layout_set_height(layout, -1)
                pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_NONE)
            }
        }
        if style.alignment != alignment {
            alignment = style.alignment
            switch style.alignment {
            case .leading: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
            case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
            case .trailing: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
            }
        }
        if text != self.text {
            self.text = text
            pango_layout_set_text(layout, text, -1)
        }
    }

    /// The logical extents in pixels, rounded up.
    var logicalSize: Size {
        var w: Int32 = 0, h: Int32 = 0
        pango_layout_get_size(layout, &w, &h)
        return Size(width: (Double(w) / GLibConstant.pangoScale).rounded(.up),
                    height: (Double(h) / GLibConstant.pangoScale).rounded(.up))
    }
}
