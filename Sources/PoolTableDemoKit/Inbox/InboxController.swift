@_spi(Hosting) @_spi(Diagnostics) import PoolTable

/// The Inbox screen's data source and delegate: date sections of generated mail, multiple
/// selection in edit mode, deleting the selected rows with the collapse animation (one
/// batch update) and undoing deletes, batch by batch, back to where the rows were.
@MainActor
public final class InboxController: TableViewDataSource, TableViewDelegate {
    /// The mailbox; deletes and undos change it together with the table.
    public private(set) var sections: [MailSection]
    public weak var tableView: TableView?
    /// Called when the selection changes (the window shows the count, Delete is enabled).
    public var selectionDidChange: (@MainActor () -> Void)?
    /// Called after a delete or an undo (Undo is enabled while `canUndo`).
    public var onChange: (@MainActor () -> Void)?

    /// One Delete: the rows it removed, with the index paths they had, in ascending order.
    public struct DeletedBatch: Sendable {
        public var rows: [(indexPath: IndexPath, mail: Mail)]
    }
    /// Deletes that Ctrl+Z can restore, the latest last.
    public private(set) var undoStack: [DeletedBatch] = []
    /// The mail rows' text line heights, measured on the table's canvas at each reload
    /// (taller with a larger text scale, so the rows grow to fit).
    public private(set) var lines = MailCell.LineHeights.standard
    /// How many deletes the undo stack keeps.
    public static let undoLimit = 100

    public init(sections: [MailSection] = MailGenerator.inbox()) {
        self.sections = sections
    }

    public func attach(to table: TableView) {
        tableView = table
        table.register({ MailCell(reuseIdentifier: $0) }, forCellReuseIdentifier: MailCell.reuseIdentifier)
        table.allowsMultipleSelectionDuringEditing = true
        table.sectionHeaderHeight = 32
        table.separatorInsetLeft = 28
        table.dataSource = self
        table.delegate = self
    }

    public var mailCount: Int { (unfiltered ?? sections).reduce(0) { $0 + $1.mails.count } }
    public func mail(at indexPath: IndexPath) -> Mail { sections[indexPath.section].mails[indexPath.row] }

    // MARK: Search

    /// The whole mailbox while a search shows part of it in `sections` (nil: no search).
    private var unfiltered: [MailSection]?
    /// Whether a search shows only some messages. Deleting, archiving, marking and undoing
    /// are off meanwhile (the rows shown are not the mailbox's).
    public var isFiltered: Bool { unfiltered != nil }

    /// What search matches a message against: its sender, subject and preview, one text per
    /// message of the whole mailbox, in order (section by section).
    public var searchTexts: [String] {
        (unfiltered ?? sections).flatMap { $0.mails.map { "\($0.sender)\n\($0.subject)\n\($0.preview)" } }
    }

    /// Shows only the messages `rows` (indices into `searchTexts`, ascending) in their date
    /// sections, sections without a match left out; nil shows the whole mailbox again. The
    /// table reloads.
    public func showOnly(_ rows: [Int]?) {
        let all = unfiltered ?? sections
        if let rows {
            var shown: [MailSection] = []
            var start = 0, k = 0
            for section in all {
                let end = start + section.mails.count
                var mails: [Mail] = []
                while k < rows.count && rows[k] < end {
                    if rows[k] >= start { mails.append(section.mails[rows[k] - start]) }
                    k += 1
                }
                if !mails.isEmpty { shown.append(MailSection(title: section.title, mails: mails)) }
                start = end
            }
            unfiltered = all
            sections = shown
        } else {
            unfiltered = nil
            sections = all
        }
        tableView?.reloadData()
    }

    // MARK: Delete and undo

    /// Whether Delete would do something: edit mode with rows selected.
    public var canDeleteSelection: Bool {
        guard let table = tableView, !isFiltered else { return false }
        return table.isEditing && table.numberOfSelectedRows > 0
    }
    public var canUndo: Bool { !undoStack.isEmpty && !isFiltered }

    /// Removes the selected rows (edit mode only) in one batch update, animated: they
    /// collapse and fade while the rows below glide up. Returns how many were deleted.
    @discardableResult
    public func deleteSelectedRows(animation: RowAnimation = .automatic) -> Int {
        guard canDeleteSelection, let table = tableView,
              let selected = table.indexPathsForSelectedRows?.sorted(), !selected.isEmpty else { return 0 }
        let batch = DeletedBatch(rows: selected.map { ($0, mail(at: $0)) })
        let before = sections
        do {
            try table.performBatchUpdatesThrowing({
                for ip in selected.reversed() { sections[ip.section].mails.remove(at: ip.row) }
                table.deleteRows(at: selected, with: animation)
            }, completion: nil)
        } catch {
            // Cannot happen (the counts are ours); never leave model and table apart.
            sections = before
            table.reloadData()
            return 0
        }
        undoStack.append(batch)
        if undoStack.count > Self.undoLimit { undoStack.removeFirst(undoStack.count - Self.undoLimit) }
        onChange?()
        return selected.count
    }

    /// Puts the rows of the latest delete back where they were, animated (they grow and
    /// fade in); in edit mode they come back selected. Returns the restored index paths.
    @discardableResult
    public func undo(animation: RowAnimation = .automatic) -> [IndexPath] {
        guard canUndo, let table = tableView, let batch = undoStack.popLast() else { return [] }
        // Every later delete has been undone already, so inserting the rows in ascending
        // order of their old index paths rebuilds the mailbox exactly as it was.
        let indexPaths = batch.rows.map(\.indexPath)
        let before = sections
        do {
            try table.performBatchUpdatesThrowing({
                for (ip, mail) in batch.rows { sections[ip.section].mails.insert(mail, at: ip.row) }
                table.insertRows(at: indexPaths, with: animation)
            }, completion: nil)
        } catch {
            sections = before
            table.reloadData()
            return []
        }
        // Undoing an Archive takes the mail back out of the archive.
        for (_, mail) in batch.rows { if let i = archived.lastIndex(of: mail) { archived.remove(at: i) } }
        if table.isEditing {
            for ip in indexPaths { table.selectRow(at: ip, animated: true, scrollPosition: .none) }
        }
        onChange?()
        return indexPaths
    }

    // MARK: TableViewDataSource

    public func numberOfSections(in tableView: TableView) -> Int {
        // Asked first on every reload: measure the text lines again (the text size may differ).
        lines = MailCell.LineHeights.measured(on: tableView.measuringCanvas)
        return sections.count
    }

    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].mails.count }

    public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { sections[section].title }

    public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: MailCell.reuseIdentifier, for: indexPath)
        if let cell = cell as? MailCell {
            cell.lines = lines
            cell.mail = mail(at: indexPath)
        }
        return cell
    }

    // MARK: TableViewDelegate

    public func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double {
        MailCell.height(for: mail(at: indexPath), lines: lines)
    }

    public func tableViewSelectionDidChange(_ tableView: TableView) { selectionDidChange?() }

    // MARK: Row actions: swipe actions and the context menu

    /// Mail archived by the row actions (it leaves the Inbox; Ctrl+Z brings it back).
    public private(set) var archived: [Mail] = []
    /// The colour of the Archive swipe action.
    public static let archiveColor = Color(hex: 0x3584e4)

    /// Swiping a row towards the leading edge reveals Delete (at the edge: a full swipe
    /// deletes) and Archive.
    public func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        guard !isFiltered else { return nil }
        let delete = ContextualAction(style: .destructive, title: tr("Delete")) { [weak self] _, done in
            // Destructive: remove the mail; completing `true` makes the table delete the row.
            done(self?.removeMail(at: indexPath) != nil)
        }
        let archive = ContextualAction(style: .normal, title: tr("Archive")) { [weak self] _, done in
            done(self?.archiveMail(at: indexPath) ?? false)
        }
        archive.backgroundColor = Self.archiveColor
        return SwipeActionsConfiguration(actions: [delete, archive])
    }

    /// Right click, Shift+F10 or the Menu key: Mark as Read (or Unread), Archive, Delete.
    public func tableView(_ tableView: TableView, contextMenuConfigurationForRowAt indexPath: IndexPath, point: Point) -> [MenuAction]? {
        guard !isFiltered, indexPath.section < sections.count, indexPath.row < sections[indexPath.section].mails.count else { return nil }
        let unread = mail(at: indexPath).isUnread
        return [
            MenuAction(title: unread ? tr("Mark as Read") : tr("Mark as Unread")) { [weak self] in self?.toggleUnread(at: indexPath) },
            MenuAction(title: tr("Archive")) { [weak self] in _ = self?.archiveMail(at: indexPath) },
            MenuAction(title: tr("Delete"), isDestructive: true) { [weak self] in self?.deleteMail(at: indexPath) },
        ]
    }

    /// Removes one mail from the model (not the table), recording it for undo.
    private func removeMail(at indexPath: IndexPath) -> Mail? {
        guard indexPath.section < sections.count, indexPath.row < sections[indexPath.section].mails.count else { return nil }
        let mail = sections[indexPath.section].mails.remove(at: indexPath.row)
        undoStack.append(DeletedBatch(rows: [(indexPath, mail)]))
        if undoStack.count > Self.undoLimit { undoStack.removeFirst(undoStack.count - Self.undoLimit) }
        onChange?()
        return mail
    }

    /// Archive: the mail leaves the Inbox; the action updates the table itself (a normal
    /// action does not delete its row).
    private func archiveMail(at indexPath: IndexPath) -> Bool {
        deleteRowItself(at: indexPath) { archived.append($0) }
    }

    /// The menu's Delete: the model and the table together (menu entries have no completion).
    private func deleteMail(at indexPath: IndexPath) { _ = deleteRowItself(at: indexPath) { _ in } }

    private func deleteRowItself(at indexPath: IndexPath, then: (Mail) -> Void) -> Bool {
        guard let table = tableView else { return false }
        var removed: Mail?
        do {
            try table.performBatchUpdatesThrowing({
                removed = removeMail(at: indexPath)
                if removed != nil { table.deleteRows(at: [indexPath], with: .automatic) }
            }, completion: nil)
        } catch {
            return false
        }
        if let removed { then(removed) }
        return removed != nil
    }

    private func toggleUnread(at indexPath: IndexPath) {
        guard indexPath.section < sections.count, indexPath.row < sections[indexPath.section].mails.count else { return }
        sections[indexPath.section].mails[indexPath.row].isUnread.toggle()
        tableView?.reconfigureRows(at: [indexPath])
    }
}
