/// The core's invariants, next to the types they guard (as swift-collections'
/// `_checkInvariants()`): checked after every layout pass and reload, and on the way out of
/// every public mutation entry point (batch updates and single changes, selection, edit
/// mode, scrolling, pointer and keyboard input, animation ticks) when the package is built
/// with `POOLTABLE_INTERNAL_CHECKS` (debug builds, so `swift test` and CI), compiled to
/// nothing otherwise. A violation stops with a message naming it.
extension ListBase {
    @inline(__always)
    func checkInvariants() {
        #if POOLTABLE_INTERNAL_CHECKS
        if let problem = invariantViolation() { preconditionFailure("PoolTable invariant: \(problem)") }
        #endif
    }

    /// `checkInvariants()` on the way out of a public mutation entry point (`defer`), unless
    /// it was called from inside a layout pass or an open batch (a delegate or cell calling
    /// back): the pass or the batch checks when it ends.
    @inline(__always)
    func checkInvariantsAfterMutation() {
        #if POOLTABLE_INTERNAL_CHECKS
        guard !pass.isLayingOut, !openBatch.isOpen else { return }
        checkInvariants()
        #endif
    }

    /// The first broken invariant, or nil. Exposed for tests through `@testable`.
    func invariantViolation() -> String? {
        var seen = Set<ObjectIdentifier>()
        var previous: ItemPath?
        for k in items.indices {
            let e = items[k]
            guard let ip = e.cell.mountedIndexPath else { return "slot \(k) has a cell with no index path" }
            if let previous, !(previous < ip) { return "mounted items out of order at \(ip)" }
            previous = ip
            if !geometry.contains(ip) { return "mounted \(ip) is out of range" }
            if !seen.insert(ObjectIdentifier(e.cell)).inserted { return "a cell is mounted twice (\(ip))" }
            if items.pool.contains(e.cell) { return "the cell at \(ip) is mounted and pooled" }
            if e.cell.isOffscreen == items.isVisible(k) { return "\(ip): the cell's isHidden disagrees with the visible run" }
            if e.cell.listView !== self { return "\(ip): the cell belongs to another view" }
            if e.cell.isSelected != selection.contains(ip) { return "\(ip): the cell's isSelected disagrees with the selection" }
        }
        if items.visibleSpan.upperBound > items.count { return "the visible run ends past the mounted items" }
        if let m = movement.state {
            // (While it is committed, claim is the destination and the geometry is the new order.)
            if m.claim == m.source && !geometry.contains(m.source) { return "the moving item \(m.source) is out of range" }
            if m.claim == m.source && !isValidDestination(m.destination, from: m.source) {
                return "the moving item's destination \(m.destination) is out of range"
            }
            if items.retained !== m.cell { return "the moving item's cell is not the retained one" }
            if items.pool.contains(m.cell) { return "the moving item's cell is pooled" }
            if let ip = m.cell.mountedIndexPath, ip != m.claim || items.index(of: m.cell) == nil {
                return "the moving item's cell is mounted at \(ip), not at its own item \(m.claim)"
            }
        } else if items.retained != nil {
            return "a cell is retained with no movement"
        }
        // Geometry agrees with the layout whenever nothing animates and no pass is pending.
        guard !pass.needsLayout, !pass.needsReload, !rowAnimations.isRunning, !pass.isLayingOut else { return nil }
        for k in items.indices {
            let e = items[k]
            let (start, length) = geometry.itemExtent(e.indexPath)
            if e.start != start || e.end != start + length {
                return "\(e.indexPath): stored extent \(e.start)..<\(e.end) is not the layout's \(start)..<\(start + length)"
            }
            if e.cell.frame != geometry.itemFrame(e.indexPath, start: start, length: length) { return "\(e.indexPath): frame differs from the layout's" }
        }
        if !viewport.isEmpty {
            var expected: [ItemPath] = []
            geometry.forEachItem(meeting: viewport.mountingSpan) { ip, _, _ in expected.append(ip) }
            if expected.count != items.count || zip(expected, items.entries).contains(where: { $0 != $1.indexPath }) {
                return "mounted \(items.count) items are not the band's \(expected.count)"
            }
            let shown = viewport.visibleSpan
            for k in items.indices {
                let visible = items[k].end > shown.start && items[k].start < shown.end
                    && !geometry.isOutsideBreadth(items[k].indexPath, frame: items[k].cell.frame)
                if visible != items.isVisible(k) { return "\(items[k].indexPath): visible is \(items.isVisible(k)), the viewport says \(visible)" }
            }
        }
        return nil
    }
}
