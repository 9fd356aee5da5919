/// Batch updates with UIKit's semantics, validated before anything changes, animated by
/// `advanceAnimations(to:)`, anchored so the first fully visible row stays put.
extension ListBase {
    /// Runs `updates` (which changes the data source and calls insertRows, deleteRows, …) as
    /// one change, in UIKit's call shape: no `try`, `completion` optional. Before anything
    /// changes in the table, the named changes are checked against the data source's new
    /// counts. On a mismatch the table stays exactly as it was, and the `BatchUpdateError`
    /// (naming the section and the counts) is logged, stored in `lastBatchUpdateError` and
    /// passed to `batchUpdateErrorHandler`; `completion` then runs at once with `false`.
    /// (UIKit raises `NSInternalInconsistencyException` instead.) Otherwise `completion`
    /// runs with `true` when the animations end (at once when nothing animates).
    /// `performBatchUpdatesThrowing(_:completion:)` is the same, throwing the error instead.
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        do {
            try performBatchUpdatesThrowing(updates ?? {}, completion: completion)
        } catch {
            let refused = error as? BatchUpdateError ?? BatchUpdateError(kind: .conflict, detail: "\(error)")
            reportRefusedBatch(refused)
            completion?(false)
        }
    }

    /// `performBatchUpdates(_:completion:)` with a non-escaping, non-optional closure, UIKit's
    /// exact shape: inside it, `self` may be implicit (as in code written against UIKit).
    /// A trailing closure picks this overload; pass `nil` for the other.
    public func performBatchUpdates(_ updates: () -> Void, completion: ((Bool) -> Void)? = nil) {
        do {
            try performBatchUpdatesThrowing(updates, completion: completion)
        } catch {
            let refused = error as? BatchUpdateError ?? BatchUpdateError(kind: .conflict, detail: "\(error)")
            reportRefusedBatch(refused)
            completion?(false)
        }
    }

    /// The last batch refused by `performBatchUpdates(_:completion:)` (or by a single insert,
    /// delete, move or reload outside a batch); nil until one is. Never cleared by a later
    /// valid batch: compare it before and after, or use `batchUpdateErrorHandler`.
    public var lastBatchUpdateError: BatchUpdateError? { openBatch.lastError }

    /// Called with every error of a batch the non-throwing `performBatchUpdates(_:completion:)`
    /// refused (the table stays as it was), after it is logged. Default nil. Use it to fail
    /// loudly in debug builds, as UIKit's exception does, or to reload from the model.
    public var batchUpdateErrorHandler: ((BatchUpdateError) -> Void)? {
        get { openBatch.errorHandler }
        set { openBatch.errorHandler = newValue }
    }

    /// Logs a refused batch, keeps it as `lastBatchUpdateError` and tells the handler.
    func reportRefusedBatch(_ error: BatchUpdateError) {
        Self.logger.error("PoolTable: \(error)")
        openBatch.lastError = error
        openBatch.errorHandler?(error)
    }

    /// Runs `updates` as one change (see `performBatchUpdates(_:completion:)`), throwing the
    /// `BatchUpdateError` of an inconsistent batch instead of reporting it; the table stays
    /// exactly as it was then and `completion` is not called. `completion` runs when the
    /// animations end (at once when nothing animates).
    ///
    /// While a row is being moved by hand (`isMovingInteractively`) a batch update is
    /// refused: it throws a `BatchUpdateError` of kind `.interactiveMovementInProgress`
    /// without running `updates`, and nothing changes.
    public func performBatchUpdatesThrowing(_ updates: () -> Void, completion: ((Bool) -> Void)? = nil) throws {
        defer { checkInvariantsAfterMutation() }
        if !openBatch.isOpen { try refuseUpdatesWhileMoving() }
        reloadIfNeeded()
        flushReconfigures()
        openBatch.open()
        updates()
        guard var pending = openBatch.close() else {
            if let completion { rowAnimations.addCompletion(completion) }
            return
        }
        pending = pending.resolvingReloadedSections(oldSectionCount: geometry.numberOfSections)
        if Self.animationsSuppressed > 0 { pending.animated = false }
        let mapping = try validate(pending)
        apply(pending, mapping: mapping)
        if let completion {
            if rowAnimations.isRunning { rowAnimations.addCompletion(completion) } else { completion(true) }
        }
    }

    /// Runs `actions` with batch updates unanimated (UIKit's `UIView.performWithoutAnimation`):
    /// every batch that ends inside it (`performBatchUpdates`, or a single insert, delete,
    /// move, reload or section reload outside a batch) applies at once, whatever animation it
    /// names. Edit mode and scrolling keep their own `animated` arguments.
    public static func performWithoutAnimation(_ actions: () -> Void) {
        animationsSuppressed += 1
        defer { animationsSuppressed -= 1 }
        actions()
    }

    /// How deeply `performWithoutAnimation` calls nest.
    static var animationsSuppressed = 0

    func batchReloadSections(_ sections: some Sequence<Int>, _ animation: RowAnimation) {
        batch("reloadSections") { $0.reloadSections(Array(sections)); $0.note(animation) }
    }

    // The changes a batch collects (the subclasses name them as UIKit does).
    func batchInsert(_ indexPaths: [ItemPath], _ animation: RowAnimation) {
        batch("insert") { $0.insertRows(indexPaths); $0.note(animation) }
    }
    func batchDelete(_ indexPaths: [ItemPath], _ animation: RowAnimation) {
        batch("delete") { $0.deleteRows(indexPaths); $0.note(animation) }
    }
    /// Inserts new rows `rows` of `section` as one run (an outline's expand): the batch
    /// costs O(mounted rows + log), not O(rows), when the rows have the table's fixed height.
    func batchInsertRun(_ rows: Range<Int>, section: Int, _ animation: RowAnimation) {
        batch("insert") { $0.insertRun(RowRun(section: section, rows: rows)); $0.note(animation) }
    }
    /// Deletes old rows `rows` of `section` as one run (an outline's collapse).
    func batchDeleteRun(_ rows: Range<Int>, section: Int, _ animation: RowAnimation) {
        batch("delete") { $0.deleteRun(RowRun(section: section, rows: rows)); $0.note(animation) }
    }
    func batchMove(_ indexPath: ItemPath, to newIndexPath: ItemPath) {
        batch("move") { $0.moveRow(indexPath, newIndexPath) }
    }
    func batchReload(_ indexPaths: [ItemPath], _ animation: RowAnimation) {
        batch("reload") { $0.reloadRows(indexPaths); $0.note(animation) }
    }
    func batchInsertSections(_ sections: some Sequence<Int>, _ animation: RowAnimation) {
        batch("insertSections") { $0.insertSections(Array(sections)); $0.note(animation) }
    }
    func batchDeleteSections(_ sections: some Sequence<Int>, _ animation: RowAnimation) {
        batch("deleteSections") { $0.deleteSections(Array(sections)); $0.note(animation) }
    }

    /// Re-runs the data source's cell provider into the same mounted cell (dequeue hands that
    /// cell back), for visible and prepared items alike; items that are not mounted cost
    /// nothing. Calls within one frame coalesce into one bind per item at the next layout pass.
    func reconfigure(_ indexPaths: [ItemPath]) {
        defer { checkInvariantsAfterMutation() }
        var added = false
        for ip in indexPaths where mountedIndex(of: ip) != nil { tracked.addReconfigure(ip); added = true }
        if added { setNeedsLayout() }
    }

    // MARK: Collecting

    /// Adds to the open batch, or runs a batch of one. Outside a batch an invalid change
    /// cannot throw: it is logged and the table reloads, so nothing is lost.
    private func batch(_ what: String, _ change: (inout PendingUpdates) -> Void) {
        if openBatch.isOpen {
            openBatch.collect(change)
            return
        }
        do {
            try performBatchUpdatesThrowing({ openBatch.collect(change) }, completion: nil)
        } catch let error as BatchUpdateError where error.kind == .interactiveMovementInProgress {
            Self.logger.error("\(what) outside performBatchUpdates: \(error)")
        } catch {
            Self.logger.error("\(what) outside performBatchUpdates: \(error); reloading the table")
            openBatch.lastError = error as? BatchUpdateError
            reloadData()
        }
    }

    // MARK: Validation (changes nothing)

    func validate(_ p: PendingUpdates) throws -> UpdateMapping {
        if let c = p.conflicts.first ?? p.runConflicts { throw BatchUpdateError(kind: .conflict, detail: c) }
        let oldSections = geometry.numberOfSections
        let newSections = max(0, dataAdapter.sectionCount())
        for s in p.deletedSections where s < 0 || s >= oldSections {
            throw BatchUpdateError(kind: .outOfRange, section: s, detail: "deleted section \(s) (of \(oldSections))")
        }
        for s in p.insertedSections where s < 0 || s >= newSections {
            throw BatchUpdateError(kind: .outOfRange, section: s, detail: "inserted section \(s) (of \(newSections))")
        }
        let expectedSections = oldSections - p.deletedSections.count + p.insertedSections.count
        guard expectedSections == newSections else {
            throw BatchUpdateError(kind: .sectionCountMismatch, before: oldSections, inserted: p.insertedSections.count,
                                   deleted: p.deletedSections.count, expected: expectedSections, reported: newSections)
        }
        // Sections: survivors keep their order.
        var sectionMap = [Int?](repeating: nil, count: oldSections)
        var newSource = [Int?](repeating: nil, count: newSections)
        var next = 0
        for s in 0..<oldSections where !p.deletedSections.contains(s) {
            while p.insertedSections.contains(next) { next += 1 }
            sectionMap[s] = next
            newSource[next] = s
            next += 1
        }
        // (A loop, not `map`: its closure checked the main actor's executor at run time.)
        var newCounts: [Int] = []
        newCounts.reserveCapacity(newSections)
        for section in 0..<newSections { newCounts.append(max(0, dataAdapter.itemCount(inSection: section))) }
        func oldValid(_ ip: ItemPath) -> Bool { geometry.contains(ip) }
        func newValid(_ ip: ItemPath) -> Bool { ip.section >= 0 && ip.section < newSections && ip.row >= 0 && ip.row < newCounts[ip.section] }

        // Rows and runs that leave and arrive, per new section (kept as runs: a filter's
        // step may remove a million rows).
        var removed = [[Range<Int>]](repeating: [], count: newSections)
        var arriving = [[Range<Int>]](repeating: [], count: newSections)
        // Per new section: rows deleted, inserted, moved in and out, four to a section in
        // one [Int] (not four arrays; an array of a struct of ours would look up its storage
        // type's metadata, under a lock, at every batch).
        var tally = [Int](repeating: 0, count: 4 * newSections)
        let deletedIn = 0, insertedIn = 1, movedIn = 2, movedOut = 3
        for ip in p.deletedRows {
            guard oldValid(ip) else { throw BatchUpdateError(kind: .outOfRange, section: ip.section, detail: "deleted row \(ip)") }
            guard let t = sectionMap[ip.section] else { continue }   // goes with its section
            removed[t].append(ip.row..<(ip.row + 1)); tally[4 * t + deletedIn] += 1
        }
        for run in p.deletedRuns {
            guard run.section >= 0, run.section < oldSections, run.rows.lowerBound >= 0, run.rows.upperBound <= geometry.numberOfItems(in: run.section) else {
                throw BatchUpdateError(kind: .outOfRange, section: run.section, detail: "deleted rows \(run.rows)")
            }
            guard let t = sectionMap[run.section] else { continue }
            removed[t].append(run.rows); tally[4 * t + deletedIn] += run.rows.count
        }
        for run in p.insertedRuns {
            guard run.section >= 0, run.section < newSections, run.rows.lowerBound >= 0, run.rows.upperBound <= newCounts[run.section] else {
                throw BatchUpdateError(kind: .outOfRange, section: run.section, detail: "inserted rows \(run.rows)")
            }
            guard newSource[run.section] != nil else { continue }
            arriving[run.section].append(run.rows); tally[4 * run.section + insertedIn] += run.rows.count
        }
        for ip in p.reloadedRows {
            guard oldValid(ip) else { throw BatchUpdateError(kind: .outOfRange, section: ip.section, detail: "reloaded row \(ip)") }
            if p.deletedRows.contains(ip) || p.moves[ip] != nil { throw BatchUpdateError(kind: .conflict, detail: "row \(ip) is both reloaded and deleted or moved") }
        }
        for ip in p.insertedRows {
            guard newValid(ip) else { throw BatchUpdateError(kind: .outOfRange, section: ip.section, detail: "inserted row \(ip)") }
            guard newSource[ip.section] != nil else { continue }       // inside an inserted section
            arriving[ip.section].append(ip.row..<(ip.row + 1)); tally[4 * ip.section + insertedIn] += 1
        }
        var targets = Set<ItemPath>()
        for (from, to) in p.moves {
            guard oldValid(from) else { throw BatchUpdateError(kind: .outOfRange, section: from.section, detail: "moved row \(from)") }
            guard newValid(to) else { throw BatchUpdateError(kind: .outOfRange, section: to.section, detail: "move target \(to)") }
            guard !p.deletedRows.contains(from), !p.insertedRows.contains(to), targets.insert(to).inserted,
                  sectionMap[from.section] != nil, newSource[to.section] != nil else {
                throw BatchUpdateError(kind: .conflict, detail: "move \(from) → \(to) collides with another change")
            }
            let t = sectionMap[from.section]!
            removed[t].append(from.row..<(from.row + 1)); tally[4 * t + movedOut] += 1
            arriving[to.section].append(to.row..<(to.row + 1)); tally[4 * to.section + movedIn] += 1
        }
        for t in 0..<newSections {
            guard let s = newSource[t] else { continue }
            let before = geometry.numberOfItems(in: s)
            let expected = before - tally[4 * t + deletedIn] - tally[4 * t + movedOut] + tally[4 * t + insertedIn] + tally[4 * t + movedIn]
            if expected != newCounts[t] {
                throw BatchUpdateError(kind: .rowCountMismatch, section: t, before: before, inserted: tally[4 * t + insertedIn], deleted: tally[4 * t + deletedIn],
                                       movedIn: tally[4 * t + movedIn], movedOut: tally[4 * t + movedOut], expected: expected, reported: newCounts[t])
            }
        }
        let mapping = UpdateMapping(sectionMap: sectionMap, newSectionSource: newSource,
                                    removedOld: removed.map(SortedRows.init(pieces:)), arrivingNew: arriving.map(SortedRows.init(pieces:)),
                                    moves: p.moves, deletedRows: p.deletedRows)
        // Rows that would make the content taller than offsets stay exact: refused, not clamped
        // (the data source already holds them; the table could not show them where they are).
        // (A loop, not `contains(where:)`: its closure checked the executor at run time, every batch.)
        var grows = false
        for t in 0..<newSections where tally[4 * t + insertedIn] > 0 || tally[4 * t + movedIn] > 0 { grows = true; break }
        if grows {
            let length = geometry.contentLengthAfter(mapping, newCounts: newCounts, from: dataAdapter)
            if length > Self.maximumContentHeight {
                throw BatchUpdateError(kind: .contentTooTall, inserted: (0..<newSections).reduce(0) { $0 + tally[4 * $1 + insertedIn] }, deleted: (0..<newSections).reduce(0) { $0 + tally[4 * $1 + deletedIn] },
                                       detail: "\(Int(length.rounded(.up)))")
            }
        }
        return mapping
    }

    // MARK: Applying

    /// Applies a validated update. `keepsAnchor` false leaves the offset where it is (a move
    /// by hand: the others already made room on screen).
    func apply(_ p: PendingUpdates, mapping: UpdateMapping, keepsAnchor: Bool = true) {
        guard !p.isEmpty else { return }
        let axis = viewport.axis
        // A batch moves or removes selected items only if there were any.
        let hadSelection = !selection.isEmpty
        let anchor = openBatch.preferredAnchor.flatMap { geometry.contains($0.indexPath) ? $0 : nil } ?? captureAnchor()
        let oldOffset = offset
        // A change wholly after the mounted items may skip the per-item steps (see
        // `changesOnlyAfterMountedItems`); confirmed after the geometry changes. An animated
        // one too when nothing it changes can land in the band (UIKit's rule: an animated
        // batch animates only what can be seen to change).
        let afterMounted = !Self.forcesFullBatchPath && keepsAnchor && changesOnlyAfterMountedItems(p)
            && (!p.animated || mountedItemsReachBandEnd)
        // Where every mounted row is drawn now (mid-animation positions included), along in
        // the viewport, and across; and, for rows gliding, where they are laid out (a row an
        // update does not move keeps its glide). Only animations read them: an unanimated
        // batch while nothing glides skips this O(mounted) step, and so does a batch after
        // the mounted items until it is known to move them (nothing mounted changes before).
        var oldScreen: [ItemPath: Double] = [:], oldAcross: [ItemPath: Double] = [:]
        var oldHeaderScreen: [Int: Double] = [:], oldFooterScreen: [Int: Double] = [:]
        var oldLaidOut: [ItemPath: Point] = [:]
        let runningGlides = rowAnimations.offsets, runningCrossGlides = rowAnimations.xOffsets
        func captureOldPlaces() {
            if p.animated {
                oldScreen.reserveCapacity(items.count); oldAcross.reserveCapacity(items.count)   // no rehashing as they fill
                let drawn = presentationFramesOfSlots()
                for k in items.indices {
                    let f = drawn[k]
                    oldScreen[items[k].indexPath] = axis.start(of: f) - offset
                    oldAcross[items[k].indexPath] = axis.acrossStart(of: f)
                }
                for (s, view) in items.headers where !view.isFloating { oldHeaderScreen[s] = axis.start(of: presentationFrame(of: view)) - offset }
                for (s, view) in items.footers { oldFooterScreen[s] = axis.start(of: presentationFrame(of: view)) - offset }
            }
            if p.animated || !runningGlides.isEmpty || !runningCrossGlides.isEmpty {
                oldLaidOut.reserveCapacity(items.count)
                for m in items.entries {
                    oldLaidOut[m.indexPath] = Point(x: axis.start(of: m.cell.frame) - offset, y: axis.acrossStart(of: m.cell.frame))
                }
            }
        }
        if !afterMounted { captureOldPlaces() }

        // Headers and footers of deleted sections fade out where they are drawn.
        if p.animated {
            for s in p.deletedSections.sorted() {
                for view in items.takeSectionViews(of: s) {
                    let f = axis.offset(presentationFrame(of: view), by: -offset)   // kept in viewport space
                    view.section = nil
                    rowAnimations.fadeOut(view, frame: f)
                }
            }
        }

        // 1. Geometry: sections, then rows of surviving sections.
        let survivors = mapping.newSectionSource
        for s in p.deletedSections.sorted(by: >) { geometry.removeSection(at: s) }
        for t in p.insertedSections.sorted() { geometry.insertSection(at: t, from: dataAdapter) }
        for t in survivors.indices {
            guard survivors[t] != nil else { continue }
            forEachRun(of: mapping.removedOld[t], reversed: true) { geometry.removeItems($0, section: t) }
            forEachRun(of: mapping.arrivingNew[t]) { geometry.insertItems($0, section: t, from: dataAdapter) }
        }
        // Everything that follows items (selection, cursor, open swipe, …): one loop.
        trackers.remap(mapping)
        // Titles (and so header and footer lengths) may depend on a section's index: ask again.
        for t in survivors.indices where survivors[t] != nil { geometry.refreshSection(t, from: dataAdapter) }
        for old in p.reloadedRows {
            guard let ip = mapping.map(old) else { continue }
            geometry.reloadItem(at: ip, from: dataAdapter)
        }

        // The mounted items keep their index paths and places, and the offset stays: the
        // cells, the anchor and the layout pass have nothing to do for them.
        let keepsMountedItems = afterMounted && mountedItemsStay(anchor: anchor)
        if keepsMountedItems { Self.batchesKeepingMountedItems += 1 }
        // Not kept after all: nothing mounted has changed yet, so their places are read now.
        if afterMounted && !keepsMountedItems { captureOldPlaces() }
        // Kept items do not move: nothing of this batch can be seen, so nothing animates.
        let animated = p.animated && !keepsMountedItems

        // 2. Cells: deleted and reloaded rows leave (as ghosts when animated); the rest follow.
        // Surviving items keep their cells under their new index paths (sorted again below,
        // with the visible run settled by the layout pass).
        var next: [(ItemPath, MountedItems.Entry)] = []
        var nextVisible: [Bool] = []
        for k in items.indices where !keepsMountedItems {
            let m = items[k]
            let oldIP = m.indexPath
            let newIP = mapping.map(oldIP)
            if let newIP, !p.reloadedRows.contains(oldIP) {
                next.append((newIP, m))
                nextVisible.append(items.isVisible(k))
                continue
            }
            let wasVisible = items.isVisible(k)
            if animated, let screen = oldScreen[oldIP], wasVisible {
                let cell = items.detach(k)
                let collapses = newIP == nil
                let section = newIP?.section ?? mapping.sectionMap[safe: oldIP.section].flatMap { $0 } ?? oldIP.section
                rowAnimations.addGhost(RowAnimationState.Ghost(
                    cell: cell, frame: cell.frame, section: section, modelStart: screen + oldOffset, length: axis.length(of: cell.frame),
                    offset: Transition(from: 0, to: 0, duration: RowAnimationState.duration),
                    fade: Transition(from: 1, to: 0, duration: RowAnimationState.duration), collapses: collapses))
            } else {
                items.unmount(k)
            }
        }
        if !keepsMountedItems {
            let order = next.indices.sorted { next[$0].0 < next[$1].0 }
            for (ip, e) in next { items.relabel(e.cell, as: ip) }
            items.replaceAll(with: order.map { next[$0].1 }, visible: 0..<0)
            items.markVisible(order.map { nextVisible[$0] })
        }
        if interaction.drag != nil { cancelInteraction() }

        // 3. Anchor: the first fully visible row stays where it was on screen.
        if let anchor, maintainsVisibleContentPosition, keepsAnchor {
            let target = mapping.map(anchor.indexPath) ?? nearestSurvivor(after: anchor.indexPath, mapping)
            if let target { restoreAnchor(Anchor(indexPath: target, screenOffset: anchor.screenOffset)) }
        }
        setOffset(offset, reason: .clamp)
        rowAnimations.shiftGhosts(by: offset - oldOffset)
        host?.tableViewDidChangeScrollGeometry(self)

        // 4. Lay out at the new geometry, then start the animations from where rows were drawn.
        // A full pass: unmounted reloaded items leave holes that the incremental pass (which
        // only looks at the band's edges) would not fill when the geometry is unchanged.
        // Kept items: the mounted ones are laid out as they are, so the incremental step
        // (items arriving at the band's edges) is the whole pass.
        if keepsMountedItems { items.keepLaidOutGeometry(mountingPass.key) } else { items.invalidateLaidOutGeometry() }
        pass.invalidateLayout()
        pass.keepsMountedItems = keepsMountedItems
        let mountedBefore = keepsMountedItems ? MountedShape(items) : nil
        layoutRows()
        pass.keepsMountedItems = false
        // The glides start anew below (kept items keep theirs as they run: their places did
        // not change). Cleared after the pass, so that items it mounts while rows glide
        // follow the row before them as they would on a kept pass.
        if !keepsMountedItems { rowAnimations.clearGlides() }
        if !keepsMountedItems && (animated || !oldLaidOut.isEmpty) {
            // A row goes on as it was drawn: if this batch does not move it (same place on
            // screen), its running glide (if any) goes on unchanged and a still row stays
            // still, with no animation at all; if it moves and the batch is animated, it glides
            // from where it was drawn.
            var movedTargets = Set(p.moves.values)
            for m in items.entries {
                let ip = m.indexPath
                let newScreen = axis.start(of: m.cell.frame) - offset
                let across = axis.acrossStart(of: m.cell.frame)
                let oldIP = oldIndexPath(forNew: ip, p, mapping)
                let reloaded = oldIP.map { p.reloadedRows.contains($0) } ?? false
                if let oldIP, !reloaded, let laid = oldLaidOut[oldIP] {
                    // Not moved along (across): goes on as it was drawn, gliding, growing or
                    // following; moved, in an animated batch: glides from where it was drawn.
                    let stays = laid.x == newScreen, staysAcross = laid.y == across
                    rowAnimations.carry(ip, along: stays ? runningGlides[oldIP] : nil, across: staysAcross ? runningCrossGlides[oldIP] : nil)
                    if animated, !stays, let was = oldScreen[oldIP] { rowAnimations.glide(ip, from: was - newScreen); rowAnimations.unfollow(ip) }
                    if animated, !staysAcross, let x = oldAcross[oldIP], x != across { rowAnimations.glideAcross(ip, from: x - across) }
                    movedTargets.remove(ip)
                    continue
                }
                guard animated else { continue }
                if let oldIP, let was = oldScreen[oldIP], !reloaded {
                    rowAnimations.glide(ip, from: was - newScreen)
                    if let x = oldAcross[oldIP], x != across {
                        rowAnimations.glideAcross(ip, from: x - across)
                    }
                    rowAnimations.unfollow(ip)      // it has its own place now
                    movedTargets.remove(ip)
                } else if p.isInserted(ip) || movedTargets.contains(ip) || reloaded || p.insertedSections.contains(ip.section) {
                    rowAnimations.appearItem(ip)
                } else {
                    rowAnimations.follow(ip)      // mounted by this batch: no place of its own before
                }
            }
            if animated { startSectionAnimations(mapping, oldHeaderScreen, oldFooterScreen) }
            if rowAnimations.isRunning { host?.tableViewNeedsAnimationTicks(self) }
        }
        counters.noteBatchUpdate()
        if hadSelection { delegateAdapter.selectionDidChange() }
        // Kept items the pass left as they were (nothing arrived at the band's edges): what
        // is drawn did not change, only the rows after it (an incremental filter's steps
        // below the screen). The host mirrors the new count without a redraw.
        if let mountedBefore, !animated, !hasOtherMountedViews, mountedBefore == MountedShape(items) {
            host?.tableViewContentDidChangeOffScreen(self)
        } else {
            setNeedsDisplay()
        }
    }

    /// What a kept pass could change of the mounted items: which cells are first and last,
    /// how many, which are visible, and the mounted headers and footers.
    private struct MountedShape: Equatable {
        let count: Int, first: ObjectIdentifier?, last: ObjectIdentifier?, visible: Range<Int>, headers: Int, footers: Int
        @MainActor init(_ items: MountedItems) {
            count = items.entries.count
            // (Not `Optional.map`: its closure checked the main actor's executor at run time.)
            first = if let entry = items.entries.first { ObjectIdentifier(entry.cell) } else { nil }
            last = if let entry = items.entries.last { ObjectIdentifier(entry.cell) } else { nil }
            visible = items.visibleSpan
            headers = items.headers.count
            footers = items.footers.count
        }
    }

    /// Forces every batch through the full per-item path (tests compare it with the
    /// shortcut for changes after the mounted items).
    static var forcesFullBatchPath = false
    /// Batches that took that shortcut (for the tests).
    static var batchesKeepingMountedItems = 0

    /// True when `p` changes only rows after the last mounted item, no section, no reload,
    /// no mounted footer of a section it changes and no mounted header or footer after it, while no
    /// header or footer glides (rows may: their glides go on) and no drag is under way: the mounted items keep their index
    /// paths. Checked before anything changes. O(changes).
    private func changesOnlyAfterMountedItems(_ p: PendingUpdates) -> Bool {
        guard p.deletedSections.isEmpty, p.insertedSections.isEmpty, p.reloadedSections.isEmpty, p.reloadedRows.isEmpty,
              rowAnimations.headerOffsets.isEmpty, rowAnimations.footerOffsets.isEmpty,
              interaction.drag == nil, movement.state == nil, !viewport.isEmpty,
              let last = items.entries.last?.indexPath else { return false }
        var firstSection = Int.max
        func after(_ ip: ItemPath) -> Bool { firstSection = min(firstSection, ip.section); return ip > last }
        for ip in p.deletedRows where !after(ip) { return false }
        for ip in p.insertedRows where !after(ip) { return false }
        for (from, to) in p.moves where !after(from) || !after(to) { return false }
        for run in p.deletedRuns where !after(ItemPath(row: run.rows.lowerBound, section: run.section)) { return false }
        for run in p.insertedRuns where !after(ItemPath(row: run.rows.lowerBound, section: run.section)) { return false }
        // The first changed section's header is before the change (the passes place it
        // anew); later headers and these footers would move.
        return !items.headers.keys.contains { $0 > firstSection } && !items.footers.keys.contains { $0 >= firstSection }
    }

    /// True when the last mounted item ends at or after the band's end: a row inserted after
    /// it starts outside the band (no one sees it arrive).
    private var mountedItemsReachBandEnd: Bool {
        guard let last = items.entries.last else { return false }
        return viewport.axis.end(of: last.cell.frame) >= viewport.mountingSpan.end
    }

    /// After the geometry changed: true when the first and last mounted items are still laid
    /// out where their cells are (nothing before or between them changed, so neither did the
    /// others) and keeping the anchor would leave the offset exactly where it is.
    private func mountedItemsStay(anchor: Anchor?) -> Bool {
        guard let first = items.entries.first, let last = items.entries.last,
              geometry.itemFrame(first.indexPath) == first.cell.frame, geometry.itemFrame(last.indexPath) == last.cell.frame else { return false }
        // An item now beside the last one (a grid's line) would arrive inside the mounted
        // span, where the incremental step does not look.
        let next = ItemPath(row: last.indexPath.row + 1, section: last.indexPath.section)
        if geometry.contains(next), geometry.itemExtent(next).start < viewport.axis.end(of: last.cell.frame) { return false }
        var target = offset
        if let anchor, maintainsVisibleContentPosition {
            guard anchor.indexPath <= last.indexPath, geometry.contains(anchor.indexPath) else { return false }
            target = geometry.itemExtent(anchor.indexPath).start - anchor.screenOffset
        }
        return target.finiteOr(offset).clamped(0, maxOffset) == offset
    }

    /// Headers and footers glide from where they were drawn; those of new sections fade in.
    private func startSectionAnimations(_ mapping: UpdateMapping, _ oldHeaders: [Int: Double], _ oldFooters: [Int: Double]) {
        let axis = viewport.axis
        for (t, view) in items.headers where !view.isFloating {
            guard let s = mapping.newSectionSource[safe: t] ?? nil else { rowAnimations.appearSection(t); continue }
            let now = axis.start(of: view.frame) - offset
            if let was = oldHeaders[s], was != now {
                rowAnimations.glideSectionView(t, header: true, from: was - now)
            }
        }
        for (t, view) in items.footers {
            guard let s = mapping.newSectionSource[safe: t] ?? nil else { rowAnimations.appearSection(t); continue }
            let now = axis.start(of: view.frame) - offset
            if let was = oldFooters[s], was != now {
                rowAnimations.glideSectionView(t, header: false, from: was - now)
            }
        }
    }

    /// The old index path that became `ip`, if any (inverse of the mapping, for mounted rows).
    private func oldIndexPath(forNew ip: ItemPath, _ p: PendingUpdates, _ mapping: UpdateMapping) -> ItemPath? {
        if let from = p.moves.first(where: { $0.value == ip })?.key { return from }
        guard let s = mapping.newSectionSource[safe: ip.section] ?? nil else { return nil }
        let arriving = mapping.arrivingNew[ip.section]
        if arriving.contains(ip.row) { return nil }
        // Inverse of map(): the k-th non-arrival slot holds the k-th surviving old row.
        let k = ip.row - arriving.countBelow(ip.row)
        return ItemPath(row: k + mapping.removedOld[ip.section].arrivalsBefore(slot: k), section: s)
    }

    private func nearestSurvivor(after old: ItemPath, _ mapping: UpdateMapping) -> ItemPath? {
        var ip = old
        for _ in 0..<64 {
            guard old.section < mapping.sectionMap.count else { return nil }
            ip = ItemPath(row: ip.row + 1, section: ip.section)
            if let m = mapping.map(ip), geometry.contains(m) { return m }
        }
        return nil
    }

    /// The changes the open batch has collected so far.
    var pendingUpdates: PendingUpdates { openBatch.pending }

    /// Reconfigures waiting for the next layout pass.
    @_spi(Diagnostics) public var pendingReconfigureCount: Int { tracked.pendingReconfigures.count }

    /// Binds pending reconfigures into their mounted cells.
    func flushReconfigures() {
        guard !tracked.pendingReconfigures.isEmpty else { return }
        for ip in tracked.takeReconfigures() {
            guard let i = mountedIndex(of: ip) else { continue }
            let old = items[i].cell
            counters.noteReconfigure()
            old.beginReconfigure()
            let cell = binding.reconfiguring(old, at: ip) { bind(ip) }
            old.live.reconfiguring = false   // bound (or replaced by another cell)
            if cell !== old { items.replaceCell(at: i, with: cell) }
        }
        updateAnimatedCellState()
        reportMountChanges()
        setNeedsDisplay()
    }
}
