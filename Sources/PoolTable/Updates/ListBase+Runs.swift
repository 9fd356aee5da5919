/// Inserting and deleting a run of items in one call, for sources that speak in runs (a
/// `GListModel`'s `items-changed(position, removed, added)`, a filter hiding a block).
extension ListBase {
    /// Inserts new items `rows` of `section` (new indexes) as one run, in
    /// `performBatchUpdates` or alone: with fixed-size items the batch costs O(mounted items +
    /// log), not O(rows). Mixes with single inserts, deletes and moves of the same batch.
    public func insertItems(in rows: Range<Int>, section: Int, with animation: RowAnimation = .automatic) {
        guard !rows.isEmpty else { return }
        batchInsertRun(rows, section: section, animation)
    }

    /// Deletes old items `rows` of `section` (old indexes) as one run, in
    /// `performBatchUpdates` or alone.
    public func deleteItems(in rows: Range<Int>, section: Int, with animation: RowAnimation = .automatic) {
        guard !rows.isEmpty else { return }
        batchDeleteRun(rows, section: section, animation)
    }
}
