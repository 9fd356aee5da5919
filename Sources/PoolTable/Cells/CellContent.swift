/// Colour, font and line count that restyle a cell's title or detail line; nil keeps the
/// cell's own (`titleStyle(_:)`, `detailStyle(_:)`). UIKit's
/// `UIListContentConfiguration.TextProperties`, reduced to what a canvas draws.
public struct TextProperties: Hashable, Sendable {
    /// The horizontal alignment (UIKit's `alignment`); nil: the cell's (leading, or trailing
    /// for a value cell's secondary text).
    public var alignment: TextStyle.Alignment?
    /// The text colour; nil: the cell's.
    public var color: Color?
    /// The font; nil: the cell's.
    public var font: Font?
    /// The most lines drawn (0: as many as needed); nil: the cell's.
    public var numberOfLines: Int?
    /// No overrides.
    public init(color: Color? = nil, font: Font? = nil, numberOfLines: Int? = nil) {
        self.color = color; self.font = font; self.numberOfLines = numberOfLines
    }
}

/// The content of a table cell or list cell as a value (UIKit's `UIListContentConfiguration`):
/// a title, a secondary line and a picture, and how they are styled. Get one from
/// `TableViewCell.defaultContentConfiguration()` (or a list cell's), set its properties,
/// assign it to the cell's `contentConfiguration`. It is a `ContentConfiguration` drawn by a
/// `ListContentView`.
public struct ListContentConfiguration: Hashable, Sendable {
    /// The title (UIKit's `text`).
    public var text: String?
    /// The line under (or beside) the title.
    public var secondaryText: String?
    /// The picture on the leading edge, fitted into a 28 px square.
    public var image: Image?
    /// How the title is drawn.
    public var textProperties = TextProperties()
    /// How the secondary line is drawn.
    public var secondaryTextProperties = TextProperties()
    /// True: the secondary text sits on the trailing edge of the title's line (a value cell).
    public var prefersSideBySideTextAndSecondaryText = false
    /// Space a `ListContentView` leaves inside its bounds, around the image and text (in a
    /// list cell, inside the cell's own insets). Default zero.
    public var directionalLayoutMargins = DirectionalEdgeInsets.zero
    /// The gap between the text and the secondary text beside it (a value cell). Default 8.
    public var textToSecondaryTextHorizontalPadding = 8.0
    /// The gap between the text and the secondary text under it. Default 2.
    public var textToSecondaryTextVerticalPadding = 2.0

    /// An empty configuration: title and secondary line stacked.
    public init() {}

    /// A title with an optional secondary line under it (UIKit's `.cell()`).
    public static func cell() -> ListContentConfiguration { ListContentConfiguration() }
    /// A title with a secondary line under it (UIKit's `.subtitleCell()`).
    public static func subtitleCell() -> ListContentConfiguration { ListContentConfiguration() }
    /// A title with the secondary text on the trailing edge (UIKit's `.valueCell()`).
    public static func valueCell() -> ListContentConfiguration {
        var c = ListContentConfiguration()
        c.prefersSideBySideTextAndSecondaryText = true
        return c
    }
}

/// A cell's title or detail line seen as a label (UIKit's `UILabel` in `textLabel` and
/// `detailTextLabel`). It holds no text of its own: `text` is the cell's `text` or
/// `detailText`; its style properties restyle that line.
@MainActor
public final class TableViewCellLabel {
    private unowned let cell: TableViewCell
    private let isDetail: Bool

    init(cell: TableViewCell, isDetail: Bool) {
        self.cell = cell
        self.isDetail = isDetail
    }

    /// The line's text: the cell's `text` (title) or `detailText` (detail line).
    public var text: String? {
        get { isDetail ? cell.detailText : cell.text }
        set { if isDetail { cell.detailText = newValue } else { cell.text = newValue } }
    }

    private var properties: TextProperties {
        get { isDetail ? cell.detailOverrides : cell.titleOverrides }
        set {
            if isDetail { cell.detailOverrides = newValue } else { cell.titleOverrides = newValue }
            cell.setNeedsDisplay()
        }
    }

    /// The text colour; nil: the cell's style.
    public var textColor: Color? {
        get { properties.color }
        set { properties.color = newValue }
    }
    /// The font; nil: the cell's style.
    public var font: Font? {
        get { properties.font }
        set { properties.font = newValue }
    }
    /// The most lines drawn (0: as many as needed, the cell's default).
    public var numberOfLines: Int {
        get { properties.numberOfLines ?? 0 }
        set { properties.numberOfLines = newValue }
    }
}

/// A cell's leading picture seen as an image view (UIKit's `imageView`): `image` is the
/// cell's `image`.
@MainActor
public final class TableViewCellImageView {
    private unowned let cell: TableViewCell

    init(cell: TableViewCell) { self.cell = cell }

    /// The picture drawn on the cell's leading edge; nil for none.
    public var image: Image? {
        get { cell.image }
        set { cell.image = newValue }
    }
}
