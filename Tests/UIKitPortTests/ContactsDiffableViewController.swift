// UIKit-style source: a diffable table whose cell provider returns an optional cell, and a
// data source subclass for section titles. (Ported from UIKit by renaming only.)
import Foundation
import PoolTable

struct Contact: Hashable, Sendable {
    let id: Int
    var name: String
    var phone: String
}

enum ContactSection: Hashable, Sendable {
    case favorites
    case all
}

class ContactsDataSource: UITableViewDiffableDataSource<ContactSection, Contact> {
    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        switch sectionIdentifier(for: section) {
        case .favorites: return "Favorites"
        case .all: return "All Contacts"
        case nil: return nil
        }
    }
}

// PORT: `final class ContactsDiffableViewController: UIViewController {` in UIKit, which makes
// it main-actor isolated; PoolTable has no plain view controller, so the isolation is spelled out.
@MainActor
final class ContactsDiffableViewController {
    let tableView = UITableView(frame: CGRect(x: 0, y: 0, width: 375, height: 600), style: .plain)
    var dataSource: ContactsDataSource!
    var favorites: [Contact] = []
    var contacts: [Contact] = []

    func viewDidLoad() {
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "contact")
        dataSource = ContactsDataSource(tableView: tableView) { tableView, indexPath, contact -> UITableViewCell? in
            let cell = tableView.dequeueReusableCell(withIdentifier: "contact", for: indexPath)
            var content = cell.defaultContentConfiguration()
            content.text = contact.name
            content.secondaryText = contact.phone
            cell.contentConfiguration = content
            return cell
        }
        dataSource.defaultRowAnimation = .fade
    }

    func applySnapshot(animatingDifferences: Bool = true) {
        var snapshot = NSDiffableDataSourceSnapshot<ContactSection, Contact>()
        if !favorites.isEmpty {
            snapshot.appendSections([.favorites])
            snapshot.appendItems(favorites, toSection: .favorites)
        }
        snapshot.appendSections([.all])
        snapshot.appendItems(contacts, toSection: .all)
        dataSource.apply(snapshot, animatingDifferences: animatingDifferences)
    }
}
