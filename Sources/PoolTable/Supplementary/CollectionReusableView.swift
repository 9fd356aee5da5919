/// A reusable view in a `CollectionView` (UIKit's `UICollectionReusableView`): the base of
/// cells and of supplementary views (headers, footers, badges) and decorations (section
/// backgrounds). Supplementary views are mounted, pooled by reuse identifier and recycled
/// as cells are; override `draw(in:bounds:)` and `prepareForReuse()`. A supplementary view's
/// drawing is kept between frames, as a cell's content is: it is drawn again when the view is
/// bound to another element, resized, or calls `setNeedsDisplay()` (call it when what it draws
/// changes after it was bound).
@MainActor
open class CollectionReusableView: ReusableCell {
    /// A view for the given reuse identifier (what registrations and `register` factories call).
    public required override init(reuseIdentifier: String?) {
        super.init(reuseIdentifier: reuseIdentifier)
    }
}
