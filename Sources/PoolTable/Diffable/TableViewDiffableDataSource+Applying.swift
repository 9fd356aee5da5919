#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Logging
import Synchronization

/// `apply` off the main thread (issue 36): a large snapshot's difference is computed by the
/// `applyScheduler` on a worker, in a nonisolated closure; only the batch update (and the
/// layout after it) runs on the main thread.
///
/// - A newer apply supersedes a pending one: the table ends in the last snapshot applied, as
///   in UIKit. A superseded apply's snapshot is never shown; its completion still runs, in
///   call order, just before the completion of the apply that superseded it. A snapshot
///   refused for duplicate identifiers supersedes nothing (the one before it is applied);
///   one superseded before its diff ran is not checked, and its completion runs like any
///   superseded apply's.
/// - Small applies (old and new snapshots together under `synchronousApplyLimit` items)
///   with nothing pending are diffed at once on the main thread: they cost less than a
///   frame, and the table has changed when `apply` returns, as it always had.
/// - `applyThrowing` is the explicit synchronous path; `apply(_:to:)` (an outline) first
///   commits a pending apply on the main thread, then applies in order.
extension TableViewDiffableDataSource {
    /// Makes `snapshot` the table's content, in UIKit's call shape (no `try`), animated with
    /// `defaultRowAnimation` unless `animatingDifferences` is false.
    ///
    /// When the old and new snapshots together hold `synchronousApplyLimit` items or more
    /// (or an apply is still pending), the difference is computed off the main thread and
    /// the table changes on a later turn of the main loop, through `applyScheduler`;
    /// otherwise it changes before `apply` returns. A newer apply supersedes a pending one;
    /// every completion runs, in call order (see the extension's notes). `snapshot()`
    /// returns the newest snapshot applied, pending or not.
    ///
    /// A snapshot with duplicate identifiers changes nothing: the error is logged and kept in
    /// `lastApplyError` (UIKit stops instead), and its `completion` is not called.
    /// `applyThrowing(_:animatingDifferences:completion:)` applies at once and throws instead.
    @inlinable
    public func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        callers.note(onMainThread: true)
        applyOnMain(snapshot, animatingDifferences: animatingDifferences, completion: completion)
    }

    /// Makes `snapshot` the table's content at once, diffing on the main thread (the
    /// synchronous path; `apply` diffs large snapshots off it). Throws for duplicate
    /// identifiers (nothing changes then, and a pending apply stays pending). Supersedes a
    /// pending apply: its completion runs just before this one's. Animated unless
    /// `animatingDifferences` is false.
    /// (In an extension, so calls are direct and specialized for the caller's identifier
    /// types: a class-body method is called through the vtable, unspecialized, 2-3× slower.)
    @inlinable
    public func applyThrowing(_ snapshot: Snapshot, animatingDifferences: Bool = true, completion: (() -> Void)? = nil) throws {
        // A table not loaded yet reloads: only the duplicates are looked for.
        let loaded = list?.hasLoadedData ?? false
        let found = loaded ? current.checkedChanges(to: snapshot) : (changes: SnapshotChanges(), duplicate: snapshot.firstDuplicate())
        if let dup = found.duplicate { throw DiffableDataSourceError.duplicateIdentifier(dup) }
        pipeline.supersedeAll()   // their completions stay owed, and run before this one's
        let ticket = completions.enqueue(completion)
        let completions = completions
        guard let list, list.hasLoadedData else {
            setCurrent(snapshot)
            list?.reloadData()
            completions.finish(ticket)
            return
        }
        do {
            try performBatch(found.changes, to: snapshot, on: list,
                             animatingDifferences: animatingDifferences, completion: { completions.finish(ticket) })
        } catch {
            completions.cancel(ticket)
            throw error
        }
    }

    /// `apply(_:animatingDifferences:completion:)` callable from any thread, as UIKit's
    /// `apply` may be called from a background queue. On the main thread it is `apply`.
    /// From another thread the call is handed to the main thread through `applyScheduler`
    /// (in call order), the difference is computed on a worker, and `completion` runs on
    /// the main thread.
    ///
    /// Call it consistently: always from the main thread or always from other threads, as
    /// UIKit requires. Mixing them cannot tear the table (every change is made on the main
    /// thread, and the table ends in whichever snapshot arrived last), but which one that is
    /// is a race: each switch is logged as an error and recorded in `applyQueueMisuses`.
    @inlinable
    public nonisolated func applyFromAnyThread(_ snapshot: Snapshot, animatingDifferences: Bool = true,
                                               completion: (@MainActor () -> Void)? = nil) {
        let onMain = callers.isMainThread
        callers.note(onMainThread: onMain)
        if onMain {
            MainActor.assumeIsolated {
                applyOnMain(snapshot, animatingDifferences: animatingDifferences, completion: completion.map { done in { done() } })
            }
        } else {
            callers.scheduler.runOnMain { [self] in
                applyOnMain(snapshot, animatingDifferences: animatingDifferences, completion: completion.map { done in { done() } })
            }
        }
    }

    /// The switches between `apply` calls on the main thread and from other threads this data
    /// source noticed (each also logged as an error), the newest last; the last 64 are kept.
    public nonisolated var applyQueueMisuses: [DiffableApplyMisuse] { callers.misuses }

    /// Who computes large diffs and hands them back to the main thread. Until one is set,
    /// `DiffableApply.defaultScheduler` at the time of each apply (the GTK shell's GLib
    /// scheduler once a `TableWidget` exists); tests set a `ManualApplyScheduler`.
    public nonisolated var applyScheduler: any DiffableApplyScheduler {
        get { callers.scheduler }
        set { callers.scheduler = newValue }
    }

    /// True while an apply waits for its diff or its turn on the main thread.
    public var hasPendingApply: Bool { !pipeline.entries.isEmpty }

    /// The main-thread half of every apply: synchronous when small and nothing is pending,
    /// otherwise queued with a diff specialized here (in the caller's module: generic
    /// dictionaries cost 3× otherwise).
    @inlinable
    func applyOnMain(_ snapshot: Snapshot, animatingDifferences: Bool, completion: (() -> Void)?) {
        if appliesAtOnce(snapshot) {
            do {
                try applyThrowing(snapshot, animatingDifferences: animatingDifferences, completion: completion)
            } catch {
                noteRefusedSnapshot(error)
            }
            return
        }
        enqueueApply(snapshot, animatingDifferences: animatingDifferences, completion: completion,
                     diff: { old, new in Self.diffOutcome(from: old, to: new) })
    }

    /// The worker's job: refuse duplicate identifiers, else the changes. Nonisolated.
    @inlinable
    nonisolated static func diffOutcome(from old: Snapshot, to new: Snapshot) -> DiffOutcome {
        let found = old.checkedChanges(to: new)
        if let dup = found.duplicate { return .refused(dup) }
        return .changes(found.changes)
    }

    /// Whether an apply of `snapshot` is made at once on the main thread: nothing pending,
    /// and either the table has not loaded (it reloads; no diff) or the snapshots are small.
    @usableFromInline
    func appliesAtOnce(_ snapshot: Snapshot) -> Bool {
        guard pipeline.entries.isEmpty else { return false }
        guard let list, list.hasLoadedData else { return true }
        return current.numberOfItems + snapshot.numberOfItems < synchronousApplyLimit
    }

    @usableFromInline
    func enqueueApply(_ snapshot: Snapshot, animatingDifferences: Bool, completion: (() -> Void)?,
                      diff: @escaping @Sendable (Snapshot, Snapshot) -> DiffOutcome) {
        pipeline.generation &+= 1
        pipeline.entries.append(.init(generation: pipeline.generation, snapshot: snapshot, animating: animatingDifferences,
                                      ticket: completions.enqueue(completion)))
        pipeline.diff = diff
        if !pipeline.diffInFlight { startDiff() }
    }

    /// Sends the newest apply's diff against the current snapshot to a worker (one at a
    /// time: a newer apply waits for the running diff, then diffs against what is current).
    func startDiff() {
        guard let newest = pipeline.entries.last, let diff = pipeline.diff else { return }
        pipeline.diffInFlight = true
        let base = current, target = newest.snapshot, generation = newest.generation, version = pipeline.contentVersion
        let scheduler = applyScheduler
        scheduler.runInBackground {
            let outcome = diff(base, target)
            scheduler.runOnMain { [weak self] in
                self?.finishDiff(outcome, generation: generation, baseVersion: version)
            }
        }
    }

    /// Back on the main thread: commits the diff if it is still the newest apply's and the
    /// snapshot it was computed against is still current; otherwise diffs again.
    func finishDiff(_ outcome: DiffOutcome, generation: Int, baseVersion: Int) {
        pipeline.diffInFlight = false
        guard let newest = pipeline.entries.last else { return }   // applied at once meanwhile
        if newest.generation == generation, baseVersion == pipeline.contentVersion {
            commitNewest(outcome)
        }
        // (A completion run by the commit may have applied again and started its diff.)
        if !pipeline.entries.isEmpty && !pipeline.diffInFlight { startDiff() }
    }

    /// Commits what is pending now, on the main thread (diffing here): an outline apply,
    /// which must see it in place, calls this first.
    func commitPendingApplyNow() {
        while let newest = pipeline.entries.last, let diff = pipeline.diff {
            commitNewest(diff(current, newest.snapshot))
        }
    }

    /// The newest apply, with `outcome` computed against `current`: its batch update, then
    /// (through `completions`) the completions of the applies it superseded and its own. A
    /// refused snapshot (found by the worker) supersedes nothing: it is dropped, its
    /// completion with it, and the apply before it, if any, becomes the newest (to be diffed).
    private func commitNewest(_ outcome: DiffOutcome) {
        guard let newest = pipeline.entries.popLast() else { return }
        switch outcome {
        case let .refused(what):
            completions.cancel(newest.ticket)
            noteRefusedSnapshot(DiffableDataSourceError.duplicateIdentifier(what))
        case let .changes(changes):
            pipeline.entries = []
            let completions = completions
            commit(newest.snapshot, changes, animatingDifferences: newest.animating,
                   completion: { completions.finish(newest.ticket) })
        }
    }

    /// The batch update for precomputed `changes` (the main thread's whole share). A batch
    /// the table refuses (a row being moved by hand) becomes a reload to `snapshot`, so the
    /// table never stays behind its data source.
    func commit(_ snapshot: Snapshot, _ changes: SnapshotChanges, animatingDifferences: Bool, completion: @escaping () -> Void) {
        guard let list, list.hasLoadedData else {
            setCurrent(snapshot)
            list?.reloadData()
            completion()
            return
        }
        do {
            try performBatch(changes, to: snapshot, on: list, animatingDifferences: animatingDifferences, completion: completion)
        } catch {
            ListBase.logger.error("PoolTable: a snapshot's batch update was refused (\(error)); reloading the table to it")
            setCurrent(snapshot)
            list.reloadData()
            completion()
        }
    }

    /// Turns the table from `current` into `snapshot` with `changes` in one batch. Unanimated,
    /// it is made inside `performWithoutAnimation`, so moved rows do not glide either (as
    /// UIKit's apply without animating differences) and the completion runs at once.
    @usableFromInline
    func performBatch(_ changes: SnapshotChanges, to snapshot: Snapshot, on list: ListBase, animatingDifferences: Bool,
                      completion: (() -> Void)?) throws {
        guard animatingDifferences else {
            var failure: (any Error)?
            ListBase.performWithoutAnimation {
                do {
                    try performBatch(changes, to: snapshot, on: list, animatingDifferences: true, animation: .none, completion: completion)
                } catch {
                    failure = error
                }
            }
            if let failure { throw failure }
            return
        }
        try performBatch(changes, to: snapshot, on: list, animatingDifferences: true, animation: defaultRowAnimation, completion: completion)
    }

    private func performBatch(_ changes: SnapshotChanges, to snapshot: Snapshot, on list: ListBase, animatingDifferences: Bool,
                              animation: RowAnimation, completion: (() -> Void)?) throws {
        let (reloads, reloadedInPlace) = reloadedPaths(snapshot, changes)
        defer { reconfigureMarked(snapshot, except: reloadedInPlace) }
        try list.performBatchUpdatesThrowing({
            setCurrent(snapshot)
            list.batchDeleteSections(changes.deletedSections, animation)
            list.batchInsertSections(changes.insertedSections, animation)
            list.batchDelete(changes.deletedRows.itemPaths, animation)
            list.batchInsert(changes.insertedRows.itemPaths, animation)
            for move in changes.moves { list.batchMove(ItemPath(move.from), to: ItemPath(move.to)) }
            if !reloads.isEmpty { list.batchReload(reloads, animation) }
        }, completion: { _ in completion?() })
    }

    /// The old places of `snapshot`'s reloaded items that stay in place as rows (a batch
    /// reload names the old index path); a reloaded item that moves is reconfigured instead.
    private func reloadedPaths(_ snapshot: Snapshot, _ changes: SnapshotChanges) -> ([ItemPath], Set<ItemID>) {
        guard !snapshot.reloadedItemIdentifiers.isEmpty else { return ([], []) }
        let moved = Set(changes.moves.map(\.from)), deleted = Set(changes.deletedRows), gone = Set(changes.deletedSections)
        var paths: [ItemPath] = [], ids = Set<ItemID>()
        for id in snapshot.reloadedItemIdentifiers {
            guard let ip = indexPath(for: id), !moved.contains(ip), !deleted.contains(ip), !gone.contains(ip.section),
                  ids.insert(id).inserted else { continue }
            paths.append(ItemPath(ip))
        }
        return (paths, ids)
    }

    /// Re-binds the mounted cells of `snapshot`'s reconfigured items (and of reloaded items
    /// that moved), at their new places, once the batch is in.
    private func reconfigureMarked(_ snapshot: Snapshot, except reloaded: Set<ItemID>) {
        let ids = (snapshot.reconfiguredItemIdentifiers + snapshot.reloadedItemIdentifiers).filter { !reloaded.contains($0) }
        guard !ids.isEmpty else { return }
        reconfigureItems(ids)
    }
}

/// What a worker found: the changes, or the duplicate identifier that refuses the snapshot.
@usableFromInline
enum DiffOutcome: Sendable {
    case changes(SnapshotChanges)
    case refused(String)
}

/// The applies of one data source that are not committed yet (main thread only).
@MainActor @usableFromInline
final class ApplyPipeline<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable> {
    typealias Snapshot = DiffableSnapshot<SectionID, ItemID>
    struct Entry {
        let generation: Int
        let snapshot: Snapshot
        let animating: Bool
        /// Its completion's place in `OrderedCompletions`.
        let ticket: Int
    }
    /// Counts applies; a diff's result is used only by the apply it was started for.
    var generation = 0
    /// The applies not committed, in call order: the last is the one to show, the others
    /// are superseded (kept for their completions, and in case the last is refused).
    var entries: [Entry] = []
    /// The diff, specialized for the identifier types in the caller's module.
    var diff: (@Sendable (Snapshot, Snapshot) -> DiffOutcome)?
    /// A worker is diffing.
    var diffInFlight = false
    /// Changes whenever the data source's current snapshot does (a diff against an older one
    /// is computed again).
    var contentVersion = 0
    @usableFromInline init() {}
    /// Drops every pending apply (a synchronous apply replaces them).
    @usableFromInline func supersedeAll() { entries = [] }
}

/// The completions of a data source's applies, run in call order. An apply's completion
/// runs when its batch ends (its animation, if any) or, at the latest, just before the
/// completion of a later apply: a superseded apply never has a batch of its own, and the
/// table may end an unanimated batch before an earlier animated one.
@MainActor @usableFromInline
final class OrderedCompletions {
    private var owed: [(ticket: Int, body: (() -> Void)?)] = []
    private var last = 0
    @usableFromInline init() {}

    /// Queues `body`; returns its ticket.
    @usableFromInline func enqueue(_ body: (() -> Void)?) -> Int {
        last += 1
        owed.append((last, body))
        return last
    }
    /// Runs the completions owed up to `ticket`, in order (those a completion queues wait).
    @usableFromInline func finish(_ ticket: Int) {
        while let first = owed.first, first.ticket <= ticket {
            owed.removeFirst()
            first.body?()
        }
    }
    /// Drops `ticket`'s completion unrun (its apply was refused).
    @usableFromInline func cancel(_ ticket: Int) {
        owed.removeAll { $0.ticket == ticket }
    }
}

/// A misuse of `apply` a data source noticed and survived.
public struct DiffableApplyMisuse: Sendable, Equatable, CustomStringConvertible {
    /// What happened, in words.
    public let message: String
    public var description: String { message }
}

/// The thread-safe side of a data source's applies: the scheduler, and which kind of thread
/// (the main one or another) `apply` was last called from.
@usableFromInline
final class ApplyCallers: Sendable {
    private struct State {
        var scheduler: (any DiffableApplyScheduler)?
        var lastCallerOnMain: Bool?
        var misuses: [DiffableApplyMisuse] = []
    }
    private let state: Mutex<State>
    #if canImport(Glibc)
    private let mainThread: pthread_t
    #endif
    private static let logger = Logger(label: "PoolTable")

    /// Made on the main thread (the data source's init).
    @MainActor
    init() {
        state = Mutex(State())
        #if canImport(Glibc)
        mainThread = pthread_self()
        #endif
    }

    @usableFromInline var isMainThread: Bool {
        #if canImport(Glibc)
        pthread_equal(mainThread, pthread_self()) != 0
        #else
        pthread_main_np() != 0
        #endif
    }

    @usableFromInline var scheduler: any DiffableApplyScheduler {
        get { state.withLock { $0.scheduler } ?? DiffableApply.defaultScheduler }
        set { state.withLock { $0.scheduler = newValue } }
    }

    var misuses: [DiffableApplyMisuse] { state.withLock { $0.misuses } }

    /// Records where an apply comes from; a switch between the main thread and others is a
    /// misuse (the order of the two calls is a race): logged and kept.
    @usableFromInline func note(onMainThread: Bool) {
        let misuse: DiffableApplyMisuse? = state.withLock { state in
            defer { state.lastCallerOnMain = onMainThread }
            guard let last = state.lastCallerOnMain, last != onMainThread else { return nil }
            let misuse = DiffableApplyMisuse(message: onMainThread
                ? "apply was called on the main thread after calls from another thread"
                : "apply was called from another thread after calls on the main thread")
            if state.misuses.count == 64 { state.misuses.removeFirst() }
            state.misuses.append(misuse)
            return misuse
        }
        if let misuse {
            Self.logger.error("PoolTable: \(misuse.message); call a diffable data source's apply always from the main thread or always from other threads, or the last snapshot shown is a race")
        }
    }
}
