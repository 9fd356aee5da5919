/// A reusable view in a `CollectionView` (UIKit's `UICollectionReusableView`): the base of
/// cells and of supplementary views (headers, footers, badges) and decorations (section
/// backgrounds). Supplementary views are mounted, pooled by reuse identifier and recycled
/// as cells are; override `draw(in:bounds:)` and `prepareForReuse()`. A supplementary view's
/// drawing is kept between frames, as a cell's content is: it is drawn again when the view is
/// bound to another element, resized, or calls `setNeedsDisplay()` (call it when what it draws
/// changes after it was bound).
///
/// Subclass it as in UIKit: `override init(frame:)` calling `super.init(frame:)` (and, if the
/// ported code has one, `required init?(coder:)`, which PoolTable never calls). Registrations,
/// `register(_:forSupplementaryViewOfKind:withReuseIdentifier:)` and a layout's decoration
/// classes make views through the required `init(reuseIdentifier:)`, which runs `init(frame:)`
/// (the subclass's override) and then records the identifier.
@MainActor
open class CollectionReusableView: ReusableCell {
    /// A view with `frame` and no reuse identifier (UIKit's `init(frame:)`); the view that
    /// mounts it sets its frame and, when a registration made it, its reuse identifier.
    public init(frame: Rect) {
        super.init(reuseIdentifier: nil)
        if frame != .zero { self.frame = frame }
    }

    /// A view for the given reuse identifier (what registrations and `register` factories
    /// call): `init(frame: .zero)`, then the identifier. Inherited by every subclass that
    /// overrides `init(frame:)` (or declares no initialiser).
    public required override convenience init(reuseIdentifier: String?) {
        self.init(frame: .zero)
        self.reuseIdentifier = reuseIdentifier
    }
}

extension CollectionReusableView {
    /// The pool's factory for a registered class: a view made with `init(reuseIdentifier:)`,
    /// which then carries the identifier whatever the subclass's initialiser did with it (a
    /// subclass that overrides `init(frame:)` reaches `init(frame:)`, which has none).
    static func factory(_ viewClass: CollectionReusableView.Type) -> (String) -> ReusableCell {
        { identifier in
            let view = viewClass.init(reuseIdentifier: identifier)
            view.reuseIdentifier = identifier
            return view
        }
    }
}
