import PoolTable

/// A grid tile of the Layouts screen: a colour swatch with its name below.
@MainActor
public final class SwatchCell: CollectionViewCell {
    public var title = "" { didSet { if title != oldValue { setNeedsDisplay() } } }
    public var color = Color.white { didSet { if color != oldValue { setNeedsDisplay() } } }

    public override func prepareForReuse() { title = ""; color = .white }

    public override func drawContent(in canvas: Canvas, bounds: Rect) {
        let swatch = Rect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: max(0, bounds.height - 24))
        canvas.fillRoundedRect(swatch, radius: 8, color: color)
        canvas.drawText(title, in: Rect(x: bounds.minX, y: swatch.maxY + 4, width: bounds.width, height: 20),
                        style: TextStyle(font: .caption, color: canvas.theme.foreground, alignment: .center))
    }
}

/// A section header of the Layouts screen (a boundary supplementary item).
@MainActor
public final class LayoutsHeaderView: CollectionReusableView {
    public var text = "" { didSet { if text != oldValue { setNeedsDisplay() } } }
    /// Whether the header paints the view's background first: a pinned header must, to
    /// cover the items scrolling under it.
    public var isOpaque = false { didSet { if isOpaque != oldValue { setNeedsDisplay() } } }

    public override func prepareForReuse() { text = ""; isOpaque = false }

    public override func draw(in canvas: Canvas, bounds: Rect) {
        if isOpaque { canvas.fill(bounds, color: canvas.theme.background) }
        canvas.drawText(text, in: Rect(x: bounds.minX + 16, y: bounds.minY + 10, width: max(0, bounds.width - 32), height: bounds.height - 14),
                        style: TextStyle(font: .headline, color: canvas.theme.foreground))
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
