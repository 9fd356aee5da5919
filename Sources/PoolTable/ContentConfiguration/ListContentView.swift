/// The view that draws a `ListContentConfiguration` (UIKit's `UIListContentView`): the image
/// on the leading edge, then the text with its secondary text under it, or on the trailing
/// edge for a value cell, all centred vertically in the bounds it is given (it adds no
/// margins of its own). A list cell draws its list configurations through one; use one in a
/// cell of your own to draw list content beside your own drawing.
@MainActor
open class ListContentView: CollectionReusableView, ContentView {
    /// The configuration drawn.
    public var listConfiguration: ListContentConfiguration { didSet { setNeedsDisplay() } }

    /// A view drawing `configuration`.
    public init(configuration: ListContentConfiguration) {
        listConfiguration = configuration
        super.init(frame: .zero)
    }

    /// A view drawing an empty configuration (UIKit's `init(frame:)`; registrations reach it
    /// through the inherited `init(reuseIdentifier:)`).
    public override init(frame: Rect) {
        listConfiguration = ListContentConfiguration()
        super.init(frame: frame)
    }

    /// The configuration drawn, as a `ContentConfiguration`. Setting one of another type
    /// changes nothing (`supports(_:)` says no to it).
    public var configuration: any ContentConfiguration {
        get { listConfiguration }
        set { if let list = newValue as? ListContentConfiguration { listConfiguration = list } }
    }

    /// True for list content configurations.
    public func supports(_ configuration: any ContentConfiguration) -> Bool {
        configuration is ListContentConfiguration
    }

    /// The configuration's text and secondary text, joined by ", "; a set label wins.
    open override var accessibilityLabel: String? {
        get {
            if let label = super.accessibilityLabel { return label }
            let parts = [listConfiguration.text, listConfiguration.secondaryText].compactMap { $0 }.filter { !$0.isEmpty }
            return parts.isEmpty ? nil : parts.joined(separator: ", ")
        }
        set { super.accessibilityLabel = newValue }
    }

    /// One line of text (or the text beside its secondary text) plus 22 points, or two lines
    /// and their gap plus 22, measured at `width` less the margins and the image; plus the
    /// top and bottom margins.
    open override func heightThatFits(width: Double, canvas: Canvas) -> Double {
        let c = listConfiguration, m = c.directionalLayoutMargins
        let w = max(1, width - m.leading - m.trailing - (c.image == nil ? 0 : Self.imageSide + Self.imageGap))
        let line = canvas.measureText(c.text ?? " ", width: w, style: Self.textStyle(c, canvas.theme)).height
        var h = line + 22
        if let second = c.secondaryText, !c.prefersSideBySideTextAndSecondaryText {
            h += max(0, c.textToSecondaryTextVerticalPadding) + canvas.measureText(second, width: w, style: Self.secondaryTextStyle(c, canvas.theme)).height
        }
        return h + m.top + m.bottom
    }

    /// The side of the square the image is fitted into (less when the bounds are lower).
    public static let imageSide = 28.0
    /// The gap between the image and the text.
    public static let imageGap = 12.0

    static func textStyle(_ c: ListContentConfiguration, _ theme: Theme) -> TextStyle {
        CollectionViewListCell.style(c.textProperties, .body, theme.foreground)
    }
    static func secondaryTextStyle(_ c: ListContentConfiguration, _ theme: Theme) -> TextStyle {
        CollectionViewListCell.style(c.secondaryTextProperties, c.prefersSideBySideTextAndSecondaryText ? .body : .caption, theme.secondaryForeground)
    }

    /// The image, then the text with its secondary text below it (or at the trailing edge).
    open override func draw(in canvas: Canvas, bounds: Rect) {
        let c = listConfiguration, m = c.directionalLayoutMargins
        let rect = Rect(x: bounds.minX + m.leading, y: bounds.minY + m.top,
                        width: max(0, bounds.width - m.leading - m.trailing), height: max(0, bounds.height - m.top - m.bottom))
        var x = rect.minX
        if let image = c.image {
            let side = min(Self.imageSide, rect.height - 8)
            canvas.drawImage(image, in: Rect(x: x, y: rect.midY - side / 2, width: side, height: side), contentMode: .scaleAspectFit, cornerRadius: 0)
            x += side + Self.imageGap
        }
        let main = Self.textStyle(c, canvas.theme)
        var second = Self.secondaryTextStyle(c, canvas.theme)
        let width = max(0, rect.maxX - x)
        if c.prefersSideBySideTextAndSecondaryText || c.secondaryText == nil {
            var trailing = 0.0
            if let text = c.secondaryText {
                trailing = min(width / 2, canvas.measureText(text, width: width, style: second).width)
                second.alignment = .trailing
                canvas.drawText(text, in: CollectionViewListCell.centred(text, in: Rect(x: rect.maxX - trailing, y: rect.minY, width: trailing, height: rect.height),
                                                                         style: second, canvas: canvas), style: second)
            }
            if let text = c.text {
                canvas.drawText(text, in: CollectionViewListCell.centred(text, in: Rect(x: x, y: rect.minY, width: max(0, width - trailing - max(0, c.textToSecondaryTextHorizontalPadding)), height: rect.height),
                                                                         style: main, canvas: canvas), style: main)
            }
        } else {
            let h1 = canvas.measureText(c.text ?? " ", width: max(1, width), style: main).height
            let h2 = canvas.measureText(c.secondaryText ?? " ", width: max(1, width), style: second).height
            let gap = max(0, c.textToSecondaryTextVerticalPadding)
            let top = rect.midY - (h1 + h2 + gap) / 2
            if let text = c.text { canvas.drawText(text, in: Rect(x: x, y: top, width: width, height: h1), style: main) }
            if let text = c.secondaryText { canvas.drawText(text, in: Rect(x: x, y: top + h1 + gap, width: width, height: h2), style: second) }
        }
    }
}
