/// Why a batch update was refused. The table is left exactly as it was.
public struct BatchUpdateError: Error, Equatable, CustomStringConvertible, Sendable {
    /// What was wrong with the update.
    public enum Kind: Sendable, Equatable {
        /// Rows before + inserted − deleted (± moves) ≠ rows the data source now reports.
        case rowCountMismatch
        /// Sections before + inserted − deleted ≠ sections the data source now reports.
        case sectionCountMismatch
        /// An index path or section named by the update does not exist (in the old data for
        /// deletes, reloads and move sources; in the new data for inserts and move targets).
        case outOfRange
        /// The same row or section is named twice (e.g. deleted twice, or moved and deleted).
        case conflict
        /// A row or item is being moved by hand (`isMovingInteractively`): updates wait until
        /// the movement ends or is cancelled.
        case interactiveMovementInProgress
        /// The rows inserted would make the content taller than `ListBase.maximumContentHeight`
        /// (where offsets stay exact). `detail` holds the height the update would make, in points.
        case contentTooTall
    }

    /// What was wrong.
    public var kind: Kind
    /// The section concerned (new index for row counts; as named for the others).
    public var section: Int?
    /// Rows (or sections) the table had before the update.
    public var before = 0
    /// Rows (or sections) the update inserted.
    public var inserted = 0
    /// Rows (or sections) the update deleted.
    public var deleted = 0
    /// Rows moved into the section.
    public var movedIn = 0
    /// Rows moved out of the section.
    public var movedOut = 0
    /// The count the update implies: before + inserted − deleted + moved in − moved out.
    public var expected = 0
    /// The count the data source reports now.
    public var reported = 0
    /// What the update named, for `.outOfRange` and `.conflict`.
    public var detail = ""

    public var description: String {
        switch kind {
        case .rowCountMismatch:
            return "Invalid batch update in section \(section ?? -1): it had \(before) rows before the update; "
                + "\(inserted) inserted and \(deleted) deleted (\(movedIn) moved in, \(movedOut) moved out) make \(expected), "
                + "but the data source reports \(reported). The table was left unchanged."
        case .sectionCountMismatch:
            return "Invalid batch update: there were \(before) sections before the update; \(inserted) inserted and "
                + "\(deleted) deleted make \(expected), but the data source reports \(reported). The table was left unchanged."
        case .outOfRange:
            return "Invalid batch update: \(detail) is out of range. The table was left unchanged."
        case .conflict:
            return "Invalid batch update: \(detail). The table was left unchanged."
        case .interactiveMovementInProgress:
            return "Batch update refused: \(detail); end or cancel the interactive movement first. The table was left unchanged."
        case .contentTooTall:
            return "Invalid batch update: \(inserted) inserted and \(deleted) deleted rows would make the content \(detail) points "
                + "tall, more than the maximum of \(Int(ListBase.maximumContentHeight)) (ListBase.maximumContentHeight, where "
                + "offsets stay exact). The table was left unchanged."
        }
    }
}
