/// The others' glides during a movement by hand, kept sorted by index path: a lookup is a
/// binary search (no hashing on every drawn item of every frame), and advancing and dropping
/// finished glides work in place (no allocation per frame).
struct Glides {
    private(set) var entries: [(ip: ItemPath, along: Transition, across: Transition)] = []

    var isEmpty: Bool { entries.isEmpty }
    var count: Int { entries.count }

    private func lowerBound(_ ip: ItemPath) -> Int {
        var lo = 0, hi = entries.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if entries[mid].ip < ip { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The glide of `ip` (along, across), if it has one; setting nil removes it.
    subscript(ip: ItemPath) -> (along: Transition, across: Transition)? {
        get {
            let k = lowerBound(ip)
            return k < entries.count && entries[k].ip == ip ? (entries[k].along, entries[k].across) : nil
        }
        set {
            let k = lowerBound(ip)
            let found = k < entries.count && entries[k].ip == ip
            switch (newValue, found) {
            case let (g?, true): entries[k] = (ip, g.along, g.across)
            case let (g?, false): entries.insert((ip, g.along, g.across), at: k)
            case (nil, true): entries.remove(at: k)
            case (nil, false): break
            }
        }
    }

    /// Starts the glides created since the last tick at `t`, and drops those finished at `t`.
    mutating func advance(to t: Double) {
        for k in entries.indices {
            entries[k].along.pin(at: t)
            entries[k].across.pin(at: t)
        }
        entries.removeAll { $0.along.isFinished(at: t) && $0.across.isFinished(at: t) }
    }
}
