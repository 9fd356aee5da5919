/// The header or footer a compositional section shows for a boundary item the data source
/// gives no view for, when it has a title for it (`titleForHeaderInSection`): the title on
/// the header background, as a grid's section header.
@MainActor
final class SectionTitleView: CollectionReusableView {
    static let reuseIdentifier = "PoolTable.sectionTitle"
    var title: String? { didSet { if title != oldValue { invalidateContent() } } }
    override func prepareForReuse() { title = nil }
    override func draw(in canvas: Canvas, bounds: Rect) {
        canvas.fill(bounds, color: canvas.theme.headerBackground)
        guard let title else { return }
        canvas.drawText(title, in: bounds.insetBy(dx: 12, dy: 4),
                        style: TextStyle(font: .headline, color: canvas.theme.headerForeground))
    }
}

/// What the default `viewForSupplementaryElementOfKind` returns: no view (UIKit's signature
/// is not optional, so "none" is a view of this class, never mounted).
final class NoSupplementaryView: CollectionReusableView {}
