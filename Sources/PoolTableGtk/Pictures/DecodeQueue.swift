/// Which picture decodes start next and which are still wanted: the loader's policy as pure
/// bookkeeping (no GTK, no threads), so it is tested headless. `PictureLoader` keeps one on the
/// main thread; its workers only read a running decode's "wanted" flag, which the loader
/// mirrors from here.
///
/// - Demand, strongest first: `.visible` (a cell intersecting the viewport shows the picture),
///   `.bound` (a mounted cell outside the viewport, in the prepared band, asked for it),
///   `.prefetch` (the prefetching data source asked for it before any cell was bound).
/// - Waiting decodes start strongest demand first. Visible and bound ones newest first (while
///   flinging, where the list is now before where it was); prefetches in the order they were
///   asked for (the engine asks nearest to the viewport first, in the scroll's direction, and
///   cancels them when the scroll turns back).
/// - A key whose placeholder is shown (`refine`) waits again for its sharp decode, after every
///   key on screen or bound still without anything shown: visible and bound first-passes,
///   then visible and bound refinements, then prefetches (first passes, then refinements).
/// - `cancel` removes a waiting decode before it starts; a running one is marked unwanted (the
///   worker drops it at its next stage) and is revived, not started again, if it is asked for
///   before it ends. A key is never handed out by `next()` while it is running.
struct DecodeQueue<Key: Hashable> {
    /// Why a picture is wanted, weakest first.
    enum Demand: Int, Comparable, Sendable {
        case prefetch, bound, visible
        static func < (a: Demand, b: Demand) -> Bool { a.rawValue < b.rawValue }
    }

    /// What `cancel` did.
    enum Cancellation: Equatable, Sendable {
        /// The key was not queued or running (or was already unwanted).
        case none
        /// It was waiting: removed, never started.
        case beforeStart
        /// It is running: marked unwanted, for the worker to drop at its next stage.
        case whileRunning
    }

    private struct Entry {
        var demand: Demand
        /// Larger is newer (visible and bound start newest first, prefetches oldest first).
        var stamp: Int
        var running = false
        var wanted = true
        /// Its placeholder is shown; what waits is the sharp decode.
        var refining = false
    }

    private var entries: [Key: Entry] = [:]
    private var clock = 0
    /// Whether bound cells' pictures rank with those on screen, newest first (the cells bound
    /// last lie ahead of the scroll), instead of after them. Off: on screen first.
    var ranksBoundWithVisible = false

    /// The rank `next()` orders by: `demand`, bound raised to visible when they rank together.
    private func rank(_ demand: Demand) -> Demand { ranksBoundWithVisible && demand == .bound ? .visible : demand }

    /// The order `next()` starts by, larger first: the rank, placeholders' refinements after
    /// every first pass of a cell (visible or bound), prefetches last.
    private func priority(_ entry: Entry) -> Int {
        let r = rank(entry.demand)
        if r == .prefetch { return entry.refining ? 0 : 1 }
        return (entry.refining ? 2 : 4) + (r == .visible ? 1 : 0)
    }

    /// Whether `key` waits or runs for its sharp decode, its placeholder shown.
    func isRefining(_ key: Key) -> Bool { entries[key]?.refining ?? false }

    /// Keys waiting to start.
    var waitingCount: Int { entries.values.count { !$0.running } }
    /// Keys handed out by `next()` and not finished.
    var runningCount: Int { entries.values.count { $0.running } }
    /// Whether `key` is waiting or running.
    func contains(_ key: Key) -> Bool { entries[key] != nil }
    /// Whether `key` is waiting (not started).
    func isWaiting(_ key: Key) -> Bool { entries[key].map { !$0.running } ?? false }
    /// Whether `key` is running and still wanted (false once cancelled while running).
    func isWanted(_ key: Key) -> Bool { entries[key]?.wanted ?? false }
    /// The demand behind `key`, if it is waiting or running.
    func demand(of key: Key) -> Demand? { entries[key]?.demand }

    /// Asks for `key` with `demand` (`refining`: its placeholder is shown already, only the
    /// sharp decode is wanted; for a key new to the queue). A waiting key keeps its strongest demand; asked for as
    /// visible or bound it becomes the newest. A running key is wanted again (revived).
    /// Returns true if the key is new to the queue (a decode to start, some time).
    @discardableResult
    mutating func request(_ key: Key, _ demand: Demand, refining: Bool = false) -> Bool {
        clock += 1
        guard var entry = entries[key] else {
            entries[key] = Entry(demand: demand, stamp: clock, refining: refining)
            return true
        }
        entry.wanted = true
        // A cell's request is the newest; a repeated prefetch keeps its place in line.
        if demand != .prefetch { entry.stamp = clock }
        entry.demand = max(entry.demand, demand)
        entries[key] = entry
        return false
    }

    /// `key`'s cell intersects the viewport now: it starts before bound and prefetched keys.
    /// Nothing if `key` is not queued.
    mutating func show(_ key: Key) {
        guard entries[key] != nil else { return }
        request(key, .visible)
    }

    /// Nobody wants `key` any more.
    @discardableResult
    mutating func cancel(_ key: Key) -> Cancellation {
        guard var entry = entries[key] else { return .none }
        if !entry.running {
            entries[key] = nil
            return .beforeStart
        }
        guard entry.wanted else { return .none }
        entry.wanted = false
        entries[key] = entry
        return .whileRunning
    }

    /// The waiting key to start now (marked running), or nil when none waits: strongest
    /// demand first; visible and bound newest first, prefetches oldest first.
    /// With `refinements` false, keys whose placeholder is shown are passed over (the loader
    /// keeps a worker for first passes); with `refinementsAtLeast`, those of a weaker demand
    /// are (at rest the loader gives every worker to the sharp decodes of cells on screen, not
    /// to those of bound cells and prefetches).
    mutating func next(refinements: Bool = true, refinementsAtLeast least: Demand = .prefetch) -> Key? {
        var best: (key: Key, entry: Entry)?
        for (key, entry) in entries where !entry.running && (!entry.refining || (refinements && rank(entry.demand) >= least)) {
            guard let b = best else { best = (key, entry); continue }
            let p = priority(entry), pb = priority(b.entry)
            if p != pb {
                if p > pb { best = (key, entry) }
            } else if rank(entry.demand) == .prefetch ? entry.stamp < b.entry.stamp : entry.stamp > b.entry.stamp {
                best = (key, entry)
            }
        }
        guard let best else { return nil }
        entries[best.key]?.running = true
        return best.key
    }

    /// `key`'s running first pass gave a placeholder: it waits again, for its sharp decode
    /// (after the first passes of cells). Returns false, and drops it, if nobody wants it any
    /// more (the placeholder is kept by the caller; a later request starts from it).
    @discardableResult
    mutating func refine(_ key: Key) -> Bool {
        guard var entry = entries[key], entry.running else { return false }
        guard entry.wanted else { entries[key] = nil; return false }
        entry.running = false
        entry.refining = true
        entries[key] = entry
        return true
    }

    /// Whether a key a cell asked for (visible or bound, not a prefetch) waits to start.
    var hasWaitingForCells: Bool { entries.values.contains { !$0.running && $0.demand != .prefetch } }

    /// `key`'s decode ended (done, failed or dropped): it leaves the queue. Returns whether it
    /// was still wanted at the end.
    @discardableResult
    mutating func finish(_ key: Key) -> Bool {
        entries.removeValue(forKey: key)?.wanted ?? false
    }
}
