/// The open batch: how deeply `performBatchUpdates` calls nest and the changes collected so far.
@MainActor
final class BatchCollector {
    private var depth = 0
    private(set) var pending = PendingUpdates()
    /// The last refused batch (`ListBase.lastBatchUpdateError`).
    var lastError: BatchUpdateError?
    /// `ListBase.batchUpdateErrorHandler`.
    var errorHandler: ((BatchUpdateError) -> Void)?
    /// The row an update keeps in place instead of the first fully visible one (a row
    /// being expanded or collapsed); set around the data source's change.
    var preferredAnchor: ListBase.Anchor?

    /// True inside `performBatchUpdates`.
    var isOpen: Bool { depth > 0 }

    /// A `performBatchUpdates` begins (the outermost one starts empty).
    func open() {
        if depth == 0 { pending = PendingUpdates() }
        depth += 1
    }

    /// A `performBatchUpdates` ends: the outermost hands over what was collected.
    func close() -> PendingUpdates? {
        depth -= 1
        guard depth == 0 else { return nil }
        defer { pending = PendingUpdates() }
        return pending
    }

    /// Adds a change to the open batch.
    func collect(_ change: (inout PendingUpdates) -> Void) { change(&pending) }
}
