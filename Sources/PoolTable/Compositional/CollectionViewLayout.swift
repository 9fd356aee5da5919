/// What a ``CollectionView`` lays its items out with (UIKit's `UICollectionViewLayout`): a
/// ``GridLayout``, a ``StripLayout`` or a ``CollectionViewCompositionalLayout``. Pass one to
/// ``CollectionView/init(frame:collectionViewLayout:)`` or
/// ``CollectionView/setCollectionViewLayout(_:animated:)``.
public protocol CollectionViewLayout {}

extension GridLayout: CollectionViewLayout {}
extension StripLayout: CollectionViewLayout {}

/// Where the layout puts one element of a collection view (UIKit's
/// `UICollectionViewLayoutAttributes`): a cell (`representedElementKind` nil) or a
/// supplementary view of a kind such as ``CollectionView/elementKindSectionHeader``.
public struct CollectionViewLayoutAttributes: Hashable, Sendable {
    /// The element's frame in the collection view's content coordinates.
    public var frame: Rect
    /// The item (a cell's or a badge's), or the section's index path (`[section, 0]`) for a
    /// boundary supplementary view or a decoration.
    public var indexPath: IndexPath
    /// The supplementary kind; nil for a cell.
    public var representedElementKind: String?
    /// The drawing order among overlapping elements: larger is drawn later (cells 0, headers 1).
    public var zIndex: Int

    /// Attributes for an element at `frame`.
    public init(frame: Rect, indexPath: IndexPath, representedElementKind: String? = nil, zIndex: Int = 0) {
        self.frame = frame
        self.indexPath = indexPath
        self.representedElementKind = representedElementKind
        self.zIndex = zIndex
    }
}
