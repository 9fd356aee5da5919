/// A reusable view in a `CollectionView` (UIKit's `UICollectionReusableView`): the base of
/// cells and of supplementary views (headers, footers, badges) and decorations (section
/// backgrounds). Supplementary views are mounted, pooled by reuse identifier and recycled
/// as cells are; override `draw(in:bounds:)` and `prepareForReuse()`.
@MainActor
open class CollectionReusableView: ReusableCell {
    /// A view for the given reuse identifier (what registrations and `register` factories call).
    public required override init(reuseIdentifier: String?) {
        super.init(reuseIdentifier: reuseIdentifier)
    }
}
