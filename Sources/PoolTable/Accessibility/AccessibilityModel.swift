/// Where a row or item is among all rows of all sections, as a screen reader says it
/// ("Message 12 of 2,069"), and whether it is checked.
public struct AccessibleRowPosition: Sendable, Equatable {
    /// The row's place among all rows of all sections, from 1.
    public var number: Int
    /// All rows of all sections (the set size).
    public var count: Int
    /// The row or item.
    public var indexPath: IndexPath
    /// In edit mode, whether the row is checked (selected); nil outside edit mode.
    public var checked: Bool?

    /// A position outside edit mode unless `checked` is given.
    public init(number: Int, count: Int, indexPath: IndexPath, checked: Bool? = nil) {
        self.number = number
        self.count = count
        self.indexPath = indexPath
        self.checked = checked
    }
}

/// A run of items assistive technology should know as a list of its own inside the view:
/// today a section that scrolls sideways (a carousel). Its items' positions count within it
/// ("3 of 12"), and the host says what it is in the items' description, in its own words
/// and language (the engine gives the data, not the text).
@_spi(Hosting) public struct AccessibleItemGroup: Sendable, Equatable, Hashable {
    /// What kind of group it is.
    @_spi(Hosting) public enum Kind: Sendable, Equatable, Hashable {
        /// A section that scrolls sideways (`orthogonalScrollingBehavior` other than `.none`):
        /// `paging` when it settles on pages or groups rather than anywhere.
        case carousel(paging: Bool)
    }
    /// The section it is.
    @_spi(Hosting) public var section: Int
    @_spi(Hosting) public var kind: Kind
    /// Its items (the set size of their positions).
    @_spi(Hosting) public var itemCount: Int
}

/// One mounted row or item as assistive technology should know it.
@_spi(Hosting) public struct AccessibleItem: Sendable, Equatable {
    /// Its position and checked state.
    @_spi(Hosting) public var position: AccessibleRowPosition
    /// What a screen reader says for it: its cell's `accessibilityLabel`.
    @_spi(Hosting) public var label: String?
    /// Its cell's `displayGeneration`: what it shows changed when this moved.
    @_spi(Hosting) public var generation: Int
    /// Whether it is selected.
    @_spi(Hosting) public var isSelected: Bool
    /// Where it is laid out, in content coordinates (an orthogonal section's item: as
    /// scrolled now, so it may lie outside the view's breadth).
    @_spi(Hosting) public var frame: Rect
    /// The list of its own it is in (a carousel); nil for an item of the view's own list.
    @_spi(Hosting) public var group: AccessibleItemGroup? = nil
    /// False for an item mounted but scrolled out of the viewport (prepared), along or sideways.
    @_spi(Hosting) public var isVisible = true

    /// The row or item.
    @_spi(Hosting) public var indexPath: IndexPath { position.indexPath }
}

/// A mounted section header with a title, as assistive technology should know it.
@_spi(Hosting) public struct AccessibleHeader: Sendable, Equatable {
    /// Its section.
    @_spi(Hosting) public var section: Int
    /// Its title (never empty).
    @_spi(Hosting) public var title: String
    /// Where it is drawn (floating headers at the top of the viewport), in content coordinates.
    @_spi(Hosting) public var frame: Rect
}

/// One thing a screen reader reads, in `AccessibilityModel.readingOrder(including:)`.
@_spi(Hosting) public enum AccessibleElement: Sendable, Hashable {
    /// A section header.
    case header(section: Int)
    /// A row or item.
    case item(IndexPath)
}

/// One thing a screen reader reads, in `AccessibilityModel.readingOrderKeys(including:)`: a
/// section's header (`row` nil) or an item, as two integers a host can hash cheaply.
@_spi(Hosting) public struct AccessibleElementKey: Sendable, Hashable {
    /// The section.
    @_spi(Hosting) public var section: Int
    /// The item's row (a grid's item), or nil for the section's header.
    @_spi(Hosting) public var row: Int?

    /// The header of `section` (`row` nil) or the item at `row` in it.
    @_spi(Hosting) public init(section: Int, row: Int?) {
        self.section = section
        self.row = row
    }
}

/// What assistive technology should be told about a view, as its last layout pass left it:
/// each mounted item's position among all items, checked state, label and frame; which
/// item is the tab stop; the mounted headers; the reading order. A host mirrors it onto
/// whatever its toolkit's accessibility tree is made of (the GTK shell's proxy widgets),
/// guided by `MountChanges` as to which items to look at again. A snapshot: make one per
/// update (it costs O(sections)); it does not lay out.
@MainActor
@_spi(Hosting) public struct AccessibilityModel {
    /// All rows or items of all sections: the set size of every position of the view's own
    /// list. A carousel (`itemGroups`) is a list of its own: its items are not counted here.
    @_spi(Hosting) public let itemCount: Int
    /// Whether the view is in edit mode (rows are then checked or not checked).
    @_spi(Hosting) public let isEditing: Bool
    /// Whether more than one row can be selected now (the list is multi-selectable).
    @_spi(Hosting) public let isMultiSelectable: Bool
    /// The row a key acts on: the cursor, or before there is one the first visible row
    /// (`ListBase.keyboardFocusIndexPath`). Nil when nothing is visible.
    @_spi(Hosting) public let focusedIndexPath: IndexPath?

    private let view: ListBase
    /// Items before each section, and all of them last.
    private let sectionStarts: [Int]
    /// The sections that are lists of their own (carousels), by section.
    private let groups: [Int: AccessibleItemGroup]

    /// The model of `view` now.
    @_spi(Hosting) public init(_ view: ListBase) {
        self.view = view
        var starts = [0]
        let sections = view.numberOfSections
        starts.reserveCapacity(sections + 1)
        for s in 0..<sections { starts.append(starts[s] + view.numberOfItems(inSection: s)) }
        var groups: [Int: AccessibleItemGroup] = [:]
        if let compositional = view.geometry as? CompositionalGeometry, compositional.hasOrthogonalSections {
            for s in 0..<min(sections, compositional.sections.count) where compositional.sections[s].isOrthogonal {
                let behavior = compositional.sections[s].behavior
                groups[s] = AccessibleItemGroup(section: s, kind: .carousel(paging: behavior != .continuous),
                                                itemCount: starts[s + 1] - starts[s])
            }
        }
        self.groups = groups
        sectionStarts = starts
        // Items of carousels count in their own lists, not the view's.
        itemCount = (starts.last ?? 0) - groups.values.reduce(0) { $0 + $1.itemCount }
        isEditing = view.isEditing
        isMultiSelectable = view.isMultipleSelectionActive
        focusedIndexPath = view.keyboardFocusIndexPath
    }

    /// Where `indexPath` is among all items (counted across sections, from 1), and in edit
    /// mode whether it is checked.
    /// An item of a carousel counts within it (`group(ofSection:)`), from 1; the view's own
    /// items count without the carousels' items.
    @_spi(Hosting) public func position(of indexPath: IndexPath) -> AccessibleRowPosition {
        let checked = isEditing ? view.isSelected(ItemPath(indexPath)) : nil
        if let group = groups[indexPath.section] {
            return AccessibleRowPosition(number: indexPath.row + 1, count: group.itemCount, indexPath: indexPath, checked: checked)
        }
        var start = indexPath.section < sectionStarts.count ? sectionStarts[indexPath.section] : 0
        for (s, group) in groups where s < indexPath.section { start -= group.itemCount }
        return AccessibleRowPosition(number: start + indexPath.row + 1, count: itemCount, indexPath: indexPath,
                                     checked: checked)
    }

    /// The list of its own section `section` is (a carousel); nil for a section of the view's list.
    @_spi(Hosting) public func group(ofSection section: Int) -> AccessibleItemGroup? { groups[section] }

    /// Every carousel of the view, by section.
    @_spi(Hosting) public var itemGroups: [AccessibleItemGroup] { groups.values.sorted { $0.section < $1.section } }

    /// A mounted item; nil for one that is not mounted.
    @_spi(Hosting) public func item(at indexPath: IndexPath) -> AccessibleItem? {
        guard let k = view.items.index(of: ItemPath(indexPath)) else { return nil }
        let cell = view.items[k].cell
        return AccessibleItem(position: position(of: indexPath), label: cell.accessibilityLabel,
                              generation: cell.displayGeneration, isSelected: view.isSelected(ItemPath(indexPath)),
                              frame: cell.layoutFrame, group: groups[indexPath.section], isVisible: view.items.isVisible(k))
    }

    /// True for a mounted item.
    @_spi(Hosting) public func isMounted(_ indexPath: IndexPath) -> Bool { view.items.index(of: ItemPath(indexPath)) != nil }

    /// Where an item is laid out (mounted or not), in content coordinates; nil for an index
    /// path outside the content.
    @_spi(Hosting) public func frame(of indexPath: IndexPath) -> Rect? {
        guard indexPath.section >= 0, indexPath.section < sectionStarts.count - 1, indexPath.row >= 0,
              indexPath.row < sectionStarts[indexPath.section + 1] - sectionStarts[indexPath.section] else { return nil }
        if let k = view.items.index(of: ItemPath(indexPath)) { return view.items[k].cell.layoutFrame }
        return view.rectForItem(at: indexPath)
    }

    /// The one item that takes the keyboard focus when the view is tabbed into (a roving
    /// tab stop): the focused item (`focusedIndexPath`) if it is mounted, or if it is `held`
    /// (the item the host's tab stop already is: it keeps its place while scrolled out of
    /// the mounted band); otherwise the first visible item, or the first mounted one.
    @_spi(Hosting) public func tabStop(keeping held: IndexPath?) -> IndexPath? {
        if let focus = focusedIndexPath, focus == held || isMounted(focus) { return focus }
        return (view.items.firstVisible ?? view.items.first)?.indexPath.indexPath
    }

    /// The mounted section headers a screen reader reads, by section: header views with a
    /// title, and a collection view's supplementary section headers with an
    /// `accessibilityLabel` (a carousel's header names its list instead: `itemGroups`).
    @_spi(Hosting) public var headers: [AccessibleHeader] { view.accessibleHeaders }

    /// The mounted headers and items (and `extra`, an item that need not be mounted: a tab
    /// stop kept outside the band) in the order a screen reader reads them: section by
    /// section, each header before its items, the items by lines top to bottom and each
    /// line left to right (a grid's items in a line share their top).
    @_spi(Hosting) public func readingOrder(including extra: IndexPath? = nil) -> [AccessibleElement] {
        readingOrderKeys(including: extra).map { key in
            key.row.map { .item(IndexPath(row: $0, section: key.section)) } ?? .header(section: key.section)
        }
    }

    /// `readingOrder(including:)` as sections and rows, without Foundation's `IndexPath` (a
    /// host mapping each element back to its own object every update: making and hashing
    /// index paths was most of that work).
    ///
    /// The mounted items are kept in index order, which is the reading order of a list and
    /// of a grid's lines, so the keys are only checked in one pass; they are sorted when that
    /// finds one out of place (a carousel's item, a layout whose frames do not follow the
    /// index order); `extra` is put in at its place.
    @_spi(Hosting) public func readingOrderKeys(including extra: IndexPath? = nil) -> [AccessibleElementKey] {
        // (section, header first, top, left, row); a carousel's items read in their order along it.
        typealias Key = (section: Int, kind: Int, top: Double, left: Double, row: Int)
        let accessibleHeaders = view.accessibleHeaders
        var headerSections: [Int] = []
        headerSections.reserveCapacity(accessibleHeaders.count)
        for header in accessibleHeaders { headerSections.append(header.section) }
        var keys: [Key] = []
        keys.reserveCapacity(headerSections.count + view.items.count + 1)
        let grouped = !groups.isEmpty
        // Each header goes in before the first item of a later section.
        var h = 0
        for e in view.items.entries {
            let ip = e.indexPath
            while h < headerSections.count, headerSections[h] <= ip.section { keys.append((headerSections[h], 0, 0, 0, 0)); h += 1 }
            if grouped, groups[ip.section] != nil {
                keys.append((ip.section, 1, 0, 0, ip.row))
            } else {
                let f = e.cell.layoutFrame
                keys.append((ip.section, 1, f.minY, f.minX, ip.row))
            }
        }
        for section in headerSections[h...] { keys.append((section, 0, 0, 0, 0)) }
        var ordered = true
        for i in keys.indices.dropFirst() where keys[i] < keys[i - 1] { ordered = false; break }
        if !ordered { keys.sort { $0 < $1 } }
        // The kept tab stop goes in at its place (appended, it made every update sort).
        if let extra, !isMounted(extra), let f = frame(of: extra) {
            let ip = ItemPath(extra)
            let key: Key = groups[ip.section] != nil ? (ip.section, 1, 0, 0, ip.row) : (ip.section, 1, f.minY, f.minX, ip.row)
            var at = keys.count   // after the last key that goes before it (a loop, as below)
            while at > 0, !(keys[at - 1] < key) { at -= 1 }
            keys.insert(key, at: at)
        }
        // A plain loop: a closure passed to `map` here costs a dynamic executor check per key.
        var elements: [AccessibleElementKey] = []
        elements.reserveCapacity(keys.count)
        for k in keys { elements.append(AccessibleElementKey(section: k.section, row: k.kind == 0 ? nil : k.row)) }
        return elements
    }
}
