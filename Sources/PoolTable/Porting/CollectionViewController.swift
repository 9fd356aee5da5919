/// A controller that owns a grid and is its data source and delegate (UIKit's
/// `UICollectionViewController`), so that a ported subclass's
/// `override func collectionView(…)` compiles and is called.
///
/// Every data-source and delegate method is implemented here as `open`, answering what the
/// protocols' defaults answer, so a subclass overrides exactly the ones it needs. The grid is
/// made the first time `collectionView` (or `view`) is read: `loadView()`, then
/// `viewDidLoad()`, as in UIKit. There is no window and no appearance cycle: the host takes
/// `collectionView` and sets its `frame`. The grid holds its data source and delegate
/// weakly: keep a reference to the controller.
@MainActor
open class CollectionViewController: CollectionViewDataSource, CollectionViewDelegate {
    private let initialLayout: GridLayout
    private var loadedCollectionView: CollectionView?

    /// A controller whose grid will have `layout` (UIKit's `init(collectionViewLayout:)`).
    public init(collectionViewLayout layout: GridLayout = GridLayout()) {
        initialLayout = layout
    }

    /// The grid this controller feeds (UIKit's `collectionView`). Reading it loads it.
    /// Setting it makes the controller the new grid's data source and delegate.
    public var collectionView: CollectionView! {
        get { loadViewIfNeeded(); return loadedCollectionView }
        set {
            loadedCollectionView = newValue
            newValue?.dataSource = self
            newValue?.delegate = self
        }
    }

    /// The controller's view: the grid.
    public var view: CollectionView! { collectionView }

    /// The grid's layout (UIKit's `collectionViewLayout`); setting it re-flows the items.
    public var collectionViewLayout: GridLayout {
        get { collectionView.layout }
        set { collectionView.layout = newValue }
    }

    /// True once `loadView()` and `viewDidLoad()` have run.
    public private(set) var isViewLoaded = false

    /// A title for whatever shows the grid; the grid does not draw it.
    public var title: String?

    /// Kept so ported code compiles; it has no meaning here: PoolTable has no appearance
    /// cycle, so nothing reads it (UIKit deselects items when the view is about to appear).
    public var clearsSelectionOnViewWillAppear = true

    /// Loads the grid now if it is not loaded: `loadView()`, then `viewDidLoad()`.
    public func loadViewIfNeeded() {
        guard !isViewLoaded else { return }
        isViewLoaded = true
        loadView()
        if loadedCollectionView == nil { collectionView = CollectionView(frame: .zero, layout: initialLayout) }
        viewDidLoad()
    }

    /// Makes the grid with the layout given at `init` and a zero frame (the host sizes it).
    /// Override to make your own and assign it to `collectionView`.
    open func loadView() {
        collectionView = CollectionView(frame: .zero, layout: initialLayout)
    }

    /// Called once, right after the grid is made: register cells and set the grid up here.
    open func viewDidLoad() {}

    /// Whether the grid is in edit mode; setting it is `setEditing(_:animated: false)`.
    open var isEditing: Bool {
        get { collectionView.isEditing }
        set { setEditing(newValue, animated: false) }
    }

    /// Enters or leaves edit mode on the grid. Override to do more (call `super`).
    open func setEditing(_ editing: Bool, animated: Bool) {
        collectionView.setEditing(editing, animated: animated)
    }

    // MARK: CollectionViewDataSource

    /// 1 section.
    open func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
    /// No items (as UIKit's `UICollectionViewController`).
    open func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 0 }
    /// Override this when the grid has items. Unoverridden, it logs a warning (once) and
    /// returns an empty cell (UIKit would stop).
    open func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        collectionView.warn("controllerCellForItemAt", "PoolTable: \(type(of: self)) has items but does not override collectionView(_:cellForItemAt:); showing empty cells")
        return CollectionViewCell(reuseIdentifier: nil)
    }
    /// No header title.
    open func collectionView(_ collectionView: CollectionView, titleForHeaderInSection section: Int) -> String? { nil }

    // MARK: CollectionViewDelegate

    /// Nothing.
    open func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath) {}
    /// Nothing.
    open func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell, forItemAt indexPath: IndexPath) {}
    /// Nothing.
    open func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {}
    /// Nothing.
    open func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {}
    /// False: a drag across items does not begin multiple selection.
    open func collectionView(_ collectionView: CollectionView, shouldBeginMultipleSelectionInteractionAt indexPath: IndexPath) -> Bool { false }
    /// Nothing.
    open func collectionView(_ collectionView: CollectionView, didBeginMultipleSelectionInteractionAt indexPath: IndexPath) {}
    /// Nothing.
    open func collectionViewDidEndMultipleSelectionInteraction(_ collectionView: CollectionView) {}
    /// Nothing.
    open func collectionViewSelectionDidChange(_ collectionView: CollectionView) {}
    /// Nothing.
    open func collectionView(_ collectionView: CollectionView, didActivateItemAt indexPath: IndexPath) {}
    /// False: items are not moved by hand.
    open func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { false }
    /// Nothing (a subclass moves the item in its model).
    open func collectionView(_ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}
    /// The proposed index path.
    open func collectionView(_ collectionView: CollectionView, targetIndexPathForMoveFromItemAt sourceIndexPath: IndexPath,
                             toProposedIndexPath proposedIndexPath: IndexPath) -> IndexPath { proposedIndexPath }
}
