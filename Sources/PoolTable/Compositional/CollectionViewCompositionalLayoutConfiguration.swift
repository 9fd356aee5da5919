/// What a compositional layout applies across its sections (UIKit's
/// `UICollectionViewCompositionalLayoutConfiguration`): the space between sections. Give it to
/// the layout's initialiser; the layout keeps a copy.
@MainActor
open class CollectionViewCompositionalLayoutConfiguration {
    /// The space between one section's end and the next one's start (none before the first or
    /// after the last). Default 0; negative or non-finite values count as 0.
    public var interSectionSpacing = 0.0

    /// A configuration with no space between sections.
    public init() {}

    /// A copy with the same values.
    func copy() -> CollectionViewCompositionalLayoutConfiguration {
        let c = CollectionViewCompositionalLayoutConfiguration()
        c.interSectionSpacing = interSectionSpacing
        return c
    }

    /// `interSectionSpacing` made a finite, non-negative length.
    var sanitizedInterSectionSpacing: Double {
        interSectionSpacing.isFinite ? max(0, interSectionSpacing) : 0
    }
}
