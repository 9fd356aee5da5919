/// The scroll state of a list view: the viewport's size, where it sits along the content
/// (the scroll axis), and how far beyond it items are prepared. Written only through its
/// operations; `ListBase` clamps and lays out around them.
@MainActor
final class Viewport {
    /// The scroll axis: the content runs along it.
    let axis: Axis
    // Read on every scroll step: exempt from dynamic exclusivity checks (plain loads and
    // stores by straight-line code on the main actor, never passed inout).
    /// The viewport: its size is what is shown; its origin is always zero.
    @exclusivity(unchecked) private(set) var frame: Rect = .zero
    /// Where the viewport starts along the content.
    @exclusivity(unchecked) private(set) var offset = 0.0
    @exclusivity(unchecked) private var explicitPrefetchDistance: Double?
    /// The part of the frame at the start along the axis that content never shows in (a
    /// table's column header row): the content's viewport is the frame less this.
    @exclusivity(unchecked) private(set) var leadingInset = 0.0
    /// The content's least breadth (a table's columns' total width): wider than the frame,
    /// the content scrolls across by `acrossOffset`.
    @exclusivity(unchecked) private(set) var minimumBreadth = 0.0
    /// Where the viewport starts across the content (0 unless the content is wider).
    @exclusivity(unchecked) private(set) var acrossOffset = 0.0

    init(axis: Axis) { self.axis = axis }

    /// The viewport's extent along the scroll axis (less the leading inset).
    var length: Double { max(0, axis.length(of: frame.size) - leadingInset) }
    /// The content's extent across the scroll axis: the frame's, or `minimumBreadth` when wider.
    var breadth: Double { max(axis.breadth(of: frame.size), minimumBreadth) }
    /// The frame's extent across the scroll axis.
    var frameBreadth: Double { axis.breadth(of: frame.size) }
    /// The furthest `acrossOffset` goes.
    var maxAcrossOffset: Double { max(0, minimumBreadth - axis.breadth(of: frame.size)) }
    /// True when nothing can be shown (either side is zero).
    var isEmpty: Bool { frame.width <= 0 || frame.height <= 0 || length <= 0 }

    func resize(to frame: Rect) { self.frame = frame }
    func move(to offset: Double) { self.offset = offset }
    /// Sets the content's least breadth; true if it changed.
    func setMinimumBreadth(_ breadth: Double) -> Bool {
        let clean = breadth.isFinite ? max(0, breadth) : 0
        guard clean != minimumBreadth else { return false }
        minimumBreadth = clean
        return true
    }
    /// Moves across (clamped to the content); true if it moved.
    func moveAcross(to value: Double) -> Bool {
        let clean = value.isFinite ? min(max(0, value), maxAcrossOffset) : 0
        guard clean != acrossOffset else { return false }
        acrossOffset = clean
        return true
    }
    /// Sets the leading inset; true if it changed.
    func setLeadingInset(_ inset: Double) -> Bool {
        let clean = inset.isFinite ? max(0, inset) : 0
        guard clean != leadingInset else { return false }
        leadingInset = clean
        return true
    }

    /// How far beyond the viewport, on both sides along the axis, items are prepared:
    /// half a viewport unless set.
    var prefetchDistance: Double { explicitPrefetchDistance ?? length / 2 }
    var hasExplicitPrefetchDistance: Bool { explicitPrefetchDistance != nil }
    func setPrefetchDistance(_ distance: Double?) { explicitPrefetchDistance = distance }

    /// The viewport's span along the content.
    var visibleSpan: AlongSpan { AlongSpan(start: offset, end: offset + length) }

    /// The span of content that is mounted: the viewport grown by `prefetchDistance`.
    var mountingSpan: AlongSpan {
        guard !isEmpty else { return AlongSpan(start: offset, end: offset) }
        let p = prefetchDistance
        return AlongSpan(start: offset - p, end: offset + length + p)
    }

    /// A content point for an along offset (UIKit's `contentOffset`).
    var contentOffset: Point { axis.point(along: offset, across: acrossOffset) }
}

/// A stretch of content along the scroll axis: `start..<end`.
struct AlongSpan: Equatable, Sendable {
    var start: Double
    var end: Double
    var length: Double { end - start }
}
