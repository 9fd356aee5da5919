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
///
/// `frame`, `bounds` and `isHidden` are UIKit's and overridable (`override var frame: Rect
/// { didSet { … } }`): the collection view places a supplementary view by setting its
/// `frame` (and `bounds` when the size changes, as UIKit's layout attributes do), and a
/// hidden supplementary view is neither drawn nor read to assistive technologies. A cell's
/// frame and visibility belong to its item: on a view mounted as an item, setting them is
/// logged and ignored.
@MainActor
open class CollectionReusableView: ReusableCell {
    /// The view's rectangle in the collection view's content coordinates (UIKit's `frame`).
    /// The collection view sets it when it places the view; on a supplementary or
    /// decoration view, setting it yourself moves or resizes what is drawn until the layout
    /// places the view again (a header, footer or decoration on the next layout pass, a
    /// badge when its item moves or it is bound again). Override it to observe placement.
    open override var frame: Rect {
        get { super.frame }
        set {
            guard acceptsGeometry("frame") else { return }
            super.frame = newValue
        }
    }

    /// The view's own coordinate system (UIKit's `bounds`): `frame`'s size, at `origin`
    /// (`.zero` unless set). `draw(in:bounds:)` of a supplementary view receives it, so a
    /// non-zero origin shifts what is drawn by minus that origin, as in UIKit. Setting a new
    /// size resizes `frame` about its centre. The collection view sets it (after `frame`)
    /// when it places the view at a new size; override it to observe that.
    open var bounds: Rect {
        get { Rect(origin: boundsOrigin, size: frame.size) }
        set {
            guard acceptsGeometry("bounds") else { return }
            boundsOrigin = newValue.origin
            let old = frame
            if newValue.size != old.size {
                frame = Rect(x: old.midX - newValue.width / 2, y: old.midY - newValue.height / 2,
                             width: newValue.width, height: newValue.height)
            }
        }
    }
    /// `bounds.origin`.
    private var boundsOrigin = Point.zero {
        didSet { if boundsOrigin != oldValue { setNeedsDisplay() } }
    }

    /// Whether the view is hidden (UIKit's `isHidden`). Reading it: hidden by you, or not
    /// on screen (unmounted or pooled, as for every `ReusableCell`). Setting it hides or
    /// shows a supplementary or decoration view: a hidden one is not drawn and not read to
    /// assistive technologies (a carousel is not named after a hidden header). A view
    /// dequeued for another element starts shown (UIKit applies the layout's attributes,
    /// whose `isHidden` is false), so hide it where you configure it. On a view mounted as
    /// an item (a cell) setting it is logged and ignored: delete the item instead. A view
    /// drawn by another (a cell's content view) is drawn whatever its `isHidden` says.
    open override var isHidden: Bool {
        get { super.isHidden }
        set {
            guard newValue != isHiddenByApp else { return }
            guard acceptsGeometry("isHidden") else { return }
            isHiddenByApp = newValue
            noteDisplayChange()
            if !isOffscreen { listView?.setNeedsDisplay() }
        }
    }

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
    /// Whether the app may set `what` now: not on a view showing an item (its frame and
    /// visibility are the item's), unless the view that mounts it is placing it.
    private func acceptsGeometry(_ what: String) -> Bool {
        guard mountedIndexPath != nil, !isBeingPlaced else { return true }
        listView?.warn("cell-\(what)", "PoolTable: \(what) was set on a cell showing an item; a cell's frame and visibility are its item's (set them on supplementary views only), so the set was ignored")
        return false
    }

    /// The collection view places a supplementary or decoration view: its `frame`, then
    /// (when the size changed) its `bounds`, as UIKit's layout attributes set them, so that
    /// overrides observing either see the placement.
    func placeSupplementary(_ newFrame: Rect) {
        let resized = newFrame.size != frame.size
        place(newFrame)
        if resized { bounds = Rect(origin: boundsOrigin, size: newFrame.size) }
    }

    /// A supplementary view dequeued for an element starts shown, at a zero bounds origin
    /// (the layout's attributes in UIKit).
    func resetForDequeue() {
        isHiddenByApp = false
        boundsOrigin = .zero
    }

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
