import PoolTable

/// The inbox: eight date sections of generated mail with rows of three heights, sticky
/// section headers, and multiple selection in edit mode.
@MainActor
final class InboxScreen: Screen, TableViewDataSource, TableViewDelegate {
    let name = "inbox"
    let title = "Inbox"
    var selectionDidChange: (@MainActor () -> Void)?

    private let sections = MailGenerator.inbox()

    func install(in tableView: TableView) {
        tableView.register({ MailCell(reuseIdentifier: $0) }, forCellReuseIdentifier: MailCell.reuseIdentifier)
        tableView.allowsMultipleSelectionDuringEditing = true
        tableView.sectionHeaderHeight = 32
        tableView.separatorInsetLeft = 28
        tableView.dataSource = self
        tableView.delegate = self
    }

    // MARK: TableViewDataSource

    func numberOfSections(in tableView: TableView) -> Int { sections.count }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].mails.count }

    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { sections[section].title }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: MailCell.reuseIdentifier, for: indexPath)
        (cell as? MailCell)?.mail = mail(at: indexPath)
        return cell
    }

    // MARK: TableViewDelegate

    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double {
        MailCell.height(for: mail(at: indexPath))
    }

    func tableViewSelectionDidChange(_ tableView: TableView) { selectionDidChange?() }

    private func mail(at indexPath: IndexPath) -> Mail { sections[indexPath.section].mails[indexPath.row] }
}
