/// One supplementary element a compositional layout places: a section's boundary item (a
/// header or footer), a badge anchored to an item, or a decoration behind a section.
struct SupplementaryElement: Equatable {
    enum Category: Equatable {
        /// A boundary item; `pinned` while it is held at the viewport's edge.
        case boundary(pinned: Bool)
        case badge
        case decoration
    }
    /// What identifies a mounted element: its kind and index path (a section's elements use item 0).
    struct Key: Hashable {
        var kind: String
        var indexPath: IndexPath
    }
    var key: Key
    var category: Category
    /// Content coordinates, where it is drawn now (a pinned header: at the viewport's top).
    var frame: Rect
    var zIndex: Int
}

extension CompositionalGeometry {
    /// Where a boundary item laid out at `frame` in section `s` is drawn while `visible` is the
    /// viewport: a `pinToVisibleBounds` header holds to the viewport's top (a footer to its
    /// bottom) while its section is on screen; any other item stays at `frame`.
    func pinnedFrame(_ frame: Rect, of item: CollectionLayoutBoundarySupplementaryItem, section s: Int, visible: AlongSpan) -> Rect {
        guard item.pinToVisibleBounds else { return frame }
        let top = start(ofSection: s), end = top + sections[s].length
        var pinned = frame
        switch item.alignment {
        case .bottom, .bottomLeading, .bottomTrailing:
            pinned.origin.y = max(top, min(frame.minY, visible.end - frame.height))
        default:
            pinned.origin.y = max(frame.minY, min(visible.start, end - frame.height))
        }
        return pinned
    }
}

/// Which supplementary elements meet a band, computed from the sections' descriptions and the
/// mounted items' frames: O(sections meeting the band × their boundary and decoration items
/// + mounted items × their badges), never over all items.
extension CompositionalGeometry {
    /// The boundary items and decorations of the sections meeting `band` (content
    /// coordinates along y), with `visible` the viewport (pinned boundary items hold to its
    /// edges). An item's badges come from `badgeElements(of:itemFrame:leaves:)`.
    func sectionElements(meeting band: AlongSpan, visible: AlongSpan, breadth: Double) -> [SupplementaryElement] {
        var out: [SupplementaryElement] = []
        guard !sections.isEmpty, band.end > band.start else { return out }
        for s in sections(meeting: band) {
            let section = sections[s]
            out += decorationElements(ofSection: s, breadth: breadth)
            for item in section.section.boundarySupplementaryItems {
                guard let laidOut = boundaryFrame(ofKind: item.elementKind, section: s) else { continue }
                let frame = pinnedFrame(laidOut, of: item, section: s, visible: visible)
                let pinned = frame != laidOut
                guard frame.maxY > band.start, frame.minY < band.end else { continue }
                out.append(SupplementaryElement(key: .init(kind: item.elementKind, indexPath: IndexPath(item: 0, section: s)),
                                                category: .boundary(pinned: pinned), frame: frame, zIndex: item.zIndex))
            }
        }
        return out
    }

    /// Section `s`'s decorations (backgrounds), each covering the section between its header
    /// and footer inside the decoration's insets, `breadth` wide less those insets. Two of one
    /// kind in a section: the second is item 1, and so on. The one computation of a
    /// decoration's frame: mounting and `layoutAttributesForSupplementaryElement` both use it.
    func decorationElements(ofSection s: Int, breadth: Double) -> [SupplementaryElement] {
        guard s >= 0 && s < sections.count else { return [] }
        let section = sections[s]
        let top = start(ofSection: s)
        var out: [SupplementaryElement] = []
        for (n, decoration) in section.section.decorationItems.enumerated() {
            let i = decoration.contentInsets
            let frame = Rect(x: i.leading, y: top + section.headerLength + i.top,
                             width: max(0, breadth - i.leading - i.trailing),
                             height: max(0, section.length - section.headerLength - section.footerLength - i.top - i.bottom))
            let nth = section.section.decorationItems[..<n].filter { $0.elementKind == decoration.elementKind }.count
            out.append(SupplementaryElement(key: .init(kind: decoration.elementKind, indexPath: IndexPath(item: nth, section: s)),
                                            category: .decoration, frame: frame, zIndex: decoration.zIndex))
        }
        return out
    }

    /// The badges of item `ip` laid out at `itemFrame` (where it is drawn now: in a section
    /// that scrolls sideways, as scrolled), anchored to that frame; `leaves` is
    /// `leaves(of:)` of its section's group. The one computation of a badge's frame: mounting
    /// and `layoutAttributesForSupplementaryElement` both use it.
    func badgeElements(of ip: ItemPath, itemFrame: Rect, leaves: [CollectionLayoutItem]) -> [SupplementaryElement] {
        guard !leaves.isEmpty, ip.row >= 0 else { return [] }
        return leaves[ip.row % leaves.count].supplementaryItems.map { badge in
            let size = badge.layoutSize.resolved(in: itemFrame.size)
            return SupplementaryElement(key: .init(kind: badge.elementKind, indexPath: ip.indexPath), category: .badge,
                                        frame: badge.containerAnchor.frame(of: size, on: itemFrame), zIndex: badge.zIndex)
        }
    }

    /// A group's leaf items depth first, a repeated subitem once per repetition: leaf k is
    /// the item of the k-th item of each group (the order of `GroupTemplate.frames`).
    static func leaves(of item: CollectionLayoutItem) -> [CollectionLayoutItem] {
        guard let group = item as? CollectionLayoutGroup else { return [item] }
        if let count = group.repeatCount, let only = group.subitems.first {
            let inner = leaves(of: only)
            return (0..<max(0, count)).flatMap { _ in inner }
        }
        return group.subitems.flatMap { leaves(of: $0) }
    }
}
