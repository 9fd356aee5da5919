import Foundation

// `pooltable-bench layouts` part 3: 1,000 carousels (orthogonal sections) of 1,000 items,
// a frame while one carousel pages, and memory.

/// The carousels' figures.
struct CarouselFigures: Codable {
    var sections: Int
    var itemsPerSection: Int
    var pagingFrames: Int
    var pagingMedianMs: Double
    var pagingP99Ms: Double
    /// How far the paged carousel's orthogonal offset moved (proves it paged).
    var offsetMoved: Double
    var peakRSSKiB: Int
    var finalRSSKiB: Int
}

extension LayoutsBench {
    func measureCarousels() -> CarouselFigures? {
        notes.append("carousels: not measured: orthogonal sections are not in the engine yet (branch orth-engine)")
        return nil
    }

    func renderCarousels(_ c: CarouselFigures?) -> String {
        guard let c else { return "Carousels: not measured (see the notes)\n\n" }
        return "\(c.sections) carousels of \(c.itemsPerSection) items: paging frame median \(fmt(c.pagingMedianMs, 3)) ms, "
            + "p99 \(fmt(c.pagingP99Ms, 2)) ms over \(c.pagingFrames) frames (offset moved \(fmt(c.offsetMoved, 0)) px); "
            + "peak RSS \(fmt(Double(c.peakRSSKiB) / 1024, 1)) MiB, at the end \(fmt(Double(c.finalRSSKiB) / 1024, 1)) MiB\n\n"
    }
}
