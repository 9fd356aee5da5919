/// What a bind is doing: which cell a reconfigure re-binds (dequeue hands it back), and the
/// cell the data source dequeued last (its state was applied at dequeue).
@MainActor
final class BindingContext {
    // Read or written on every scroll step: exempt from dynamic exclusivity checks (a
    // third of a step went to swift_beginAccess before). Touched only on the main actor by
    // straight-line code, never through overlapping inout accesses.
    @exclusivity(unchecked) private var reconfiguringCell: ReusableCell?
    @exclusivity(unchecked) private var reconfiguringIndexPath: ItemPath?
    @exclusivity(unchecked) private(set) var lastDequeued: ReusableCell?

    /// True while a reconfigure binds into its own cell.
    var isReconfiguring: Bool { reconfiguringCell != nil }

    /// The item being bound (what `dequeueReusableCell(withIdentifier:)`, which names none, binds for).
    @exclusivity(unchecked) private(set) var bindingIndexPath: ItemPath?

    /// A bind of `ip` begins: nothing was dequeued for it yet.
    func beginBind(_ ip: ItemPath) { lastDequeued = nil; bindingIndexPath = ip }
    /// The bind ended.
    func endBind() { bindingIndexPath = nil }

    /// The cell being reconfigured for `ip` if it has `identifier` (handed over once).
    func takeReconfiguringCell(for ip: ItemPath, identifier: String) -> ReusableCell? {
        guard let cell = reconfiguringCell, reconfiguringIndexPath == ip, cell.reuseIdentifier == identifier else { return nil }
        reconfiguringCell = nil
        lastDequeued = cell
        return cell
    }

    func noteDequeued(_ cell: ReusableCell) { lastDequeued = cell }

    /// True for a cell the data source made itself (neither dequeued nor reconfigured).
    func isForeign(_ cell: ReusableCell) -> Bool { cell !== lastDequeued && cell !== reconfiguringCell }

    /// Runs `bind` with `cell` offered back to dequeue for `ip`.
    func reconfiguring(_ cell: ReusableCell, at ip: ItemPath, _ bind: () -> ReusableCell) -> ReusableCell {
        reconfiguringCell = cell
        reconfiguringIndexPath = ip
        defer { reconfiguringCell = nil; reconfiguringIndexPath = nil }
        return bind()
    }
}
