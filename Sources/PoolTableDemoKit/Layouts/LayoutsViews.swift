import PoolTable

/// A grid tile of the Layouts screen: a colour swatch with its name below.
@MainActor
public final class SwatchCell: CollectionViewCell {
    public var title = "" { didSet { if title != oldValue { setNeedsDisplay() } } }
    public var color = Color.white { didSet { if color != oldValue { setNeedsDisplay() } } }

    public override func prepareForReuse() { title = ""; color = .white }

    public override var accessibilityLabel: String? {
        get { super.accessibilityLabel ?? (title.isEmpty ? nil : title) }
        set { super.accessibilityLabel = newValue }
    }

    public override func drawContent(in canvas: Canvas, bounds: Rect) {
        let swatch = Rect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: max(0, bounds.height - 24))
        canvas.fillRoundedRect(swatch, radius: 8, color: color)
        canvas.drawText(title, in: Rect(x: bounds.minX, y: swatch.maxY + 4, width: bounds.width, height: 20),
                        style: TextStyle(font: .caption, color: canvas.theme.foreground, alignment: .center))
    }
}

/// A carousel card of the Layouts screen: a rounded card in its colour, its number large in
/// the top leading corner and its colour's name along the bottom, in white or, on a light
/// colour, in dark text.
@MainActor
public final class CarouselCardCell: CollectionViewCell {
    public var title = "" { didSet { if title != oldValue { setNeedsDisplay() } } }
    /// The card's place in its carousel, as text ("3").
    public var number = "" { didSet { if number != oldValue { setNeedsDisplay() } } }
    public var color = Color.white { didSet { if color != oldValue { setNeedsDisplay() } } }
    /// A note under the number, wrapped to the card's width (empty: none). A card with a
    /// note in a section of estimated height is as high as its text (`heightThatFits`).
    public var caption = "" { didSet { if caption != oldValue { setNeedsDisplay() } } }

    public override func prepareForReuse() { title = ""; number = ""; color = .white; caption = "" }

    static let numberHeight = 34.0, titleHeight = 20.0, gap = 6.0, padding = Size(width: 14, height: 10)
    static func captionStyle(_ ink: Color) -> TextStyle { TextStyle(font: .footnote, color: ink, maxLines: 0) }

    /// The number, the note wrapped at `width`, and the title, inside the card's padding.
    public override func heightThatFits(width: Double, canvas: Canvas) -> Double {
        let note = caption.isEmpty ? 0
            : canvas.measureText(caption, width: max(1, width - 2 * Self.padding.width), style: Self.captionStyle(.black)).height.rounded(.up) + Self.gap
        return 2 * Self.padding.height + Self.numberHeight + note + Self.gap + Self.titleHeight
    }

    public override var accessibilityLabel: String? {
        get { super.accessibilityLabel ?? (title.isEmpty ? nil : title) }
        set { super.accessibilityLabel = newValue }
    }

    public override func drawContent(in canvas: Canvas, bounds: Rect) {
        canvas.fillRoundedRect(bounds, radius: 12, color: color)
        // Relative luminance (sRGB weights): dark text on the light colours.
        let light = 0.2126 * color.red + 0.7152 * color.green + 0.0722 * color.blue > 0.62
        let ink = light ? Color(hex: 0x241F31, alpha: 0.85) : .white
        let inset = bounds.insetBy(dx: 14, dy: 10)
        canvas.drawText(number, in: Rect(x: inset.minX, y: inset.minY, width: inset.width, height: Self.numberHeight),
                        style: TextStyle(font: Font(size: 26, weight: .bold), color: ink))
        if !caption.isEmpty {
            let top = inset.minY + Self.numberHeight
            canvas.drawText(caption, in: Rect(x: inset.minX, y: top, width: inset.width, height: max(0, inset.maxY - Self.titleHeight - Self.gap - top)),
                            style: Self.captionStyle(ink))
        }
        canvas.drawText(title, in: Rect(x: inset.minX, y: inset.maxY - 20, width: inset.width, height: 20),
                        style: TextStyle(font: .headline, color: ink))
    }
}

/// A section header of the Layouts screen (a boundary supplementary item).
@MainActor
public final class LayoutsHeaderView: CollectionReusableView {
    public var text = "" { didSet { if text != oldValue { setNeedsDisplay() } } }
    /// Said after the title in the secondary colour (a carousel's behaviour as the code names it).
    public var detail = "" { didSet { if detail != oldValue { setNeedsDisplay() } } }
    /// How far the title stands in from the header's leading edge: a section without side
    /// insets (the Paging carousel) indents its header by the others' inset too.
    public var textInset = 16.0 { didSet { if textInset != oldValue { setNeedsDisplay() } } }
    /// Whether the header paints the view's background first: a pinned header must, to
    /// cover the items scrolling under it.
    public var isOpaque = false { didSet { if isOpaque != oldValue { setNeedsDisplay() } } }

    public override func prepareForReuse() { text = ""; detail = ""; isOpaque = false; textInset = 16 }

    /// The title: what a carousel's list is called to assistive technology.
    public override var accessibilityLabel: String? {
        get { super.accessibilityLabel ?? (text.isEmpty ? nil : text) }
        set { super.accessibilityLabel = newValue }
    }

    public override func draw(in canvas: Canvas, bounds: Rect) {
        if isOpaque { canvas.fill(bounds, color: canvas.theme.background) }
        let rect = Rect(x: bounds.minX + textInset, y: bounds.minY + 10, width: max(0, bounds.width - 2 * textInset), height: bounds.height - 14)
        let style = TextStyle(font: .headline, color: canvas.theme.foreground)
        canvas.drawText(text, in: rect, style: style)
        guard !detail.isEmpty else { return }
        let width = canvas.measureText(text, width: rect.width, style: style).width
        let detailStyle = TextStyle(font: Font(size: 12, monospaced: true), color: canvas.theme.secondaryForeground)
        canvas.drawText(detail, in: Rect(x: rect.minX + width + 10, y: rect.minY + 2, width: max(0, rect.width - width - 10), height: rect.height - 2),
                        style: detailStyle)
    }
}

/// A count badge anchored to a swatch's top trailing corner (a supplementary item); none
/// is drawn for a count of zero.
@MainActor
public final class CountBadgeView: CollectionReusableView {
    /// The kind the layout's badge items and the registration share.
    public static let elementKind = "layouts-badge"
    public var count = 0 { didSet { if count != oldValue { setNeedsDisplay() } } }

    public override func prepareForReuse() { count = 0 }

    public override func draw(in canvas: Canvas, bounds: Rect) {
        guard count > 0 else { return }
        canvas.fill(.circle(center: Point(x: bounds.midX, y: bounds.midY), radius: bounds.width / 2), color: canvas.theme.destructive)
        canvas.drawText("\(count)", in: Rect(x: bounds.minX, y: bounds.midY - 8, width: bounds.width, height: 16),
                        style: TextStyle(font: .caption, color: .white, alignment: .center))
    }
}

/// The settings section's background (a decoration item): the theme's grouped background,
/// on which the inset-grouped rows stand out as a box.
@MainActor
public final class GroupedBackgroundView: CollectionReusableView {
    /// The kind the section's decoration item and the layout's registration share.
    public static let elementKind = "layouts-grouped-background"

    public override func draw(in canvas: Canvas, bounds: Rect) {
        canvas.fill(bounds, color: canvas.theme.groupedBackground)
    }
}
