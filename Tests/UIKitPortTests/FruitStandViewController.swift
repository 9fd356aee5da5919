// UIKit-style source: a table view controller with sections, custom heights and selection.
// (Ported from UIKit by renaming only; see UIKitNames.swift.)
import Foundation
import PoolTable

struct Fruit {
    var name: String
    var origin: String
}

class FruitStandViewController: UITableViewController {
    static let cellIdentifier = "FruitCell"

    var sections: [(title: String, fruits: [Fruit])] = [
        ("Berries", [Fruit(name: "Strawberry", origin: "Spain"), Fruit(name: "Blueberry", origin: "Canada"),
                     Fruit(name: "Raspberry", origin: "Serbia")]),
        ("Citrus", [Fruit(name: "Lemon", origin: "Italy"), Fruit(name: "Orange", origin: "Brazil")]),
        ("Stone fruit", [Fruit(name: "Peach", origin: "China"), Fruit(name: "Cherry", origin: "Turkey"),
                         Fruit(name: "Plum", origin: "Romania"), Fruit(name: "Apricot", origin: "Uzbekistan")]),
    ]
    private(set) var selectedFruit: String?
    private(set) var detailTapped: IndexPath?

    init() {
        super.init(style: .insetGrouped)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Fruit Stand"
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: Self.cellIdentifier)
        tableView.estimatedRowHeight = 60
        clearsSelectionOnViewWillAppear = false
    }

    // MARK: - Table view data source

    override func numberOfSections(in tableView: UITableView) -> Int {
        return sections.count
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        return sections[section].fruits.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: Self.cellIdentifier, for: indexPath)
        let fruit = sections[indexPath.section].fruits[indexPath.row]
        cell.textLabel?.text = fruit.name
        cell.detailTextLabel?.text = fruit.origin
        cell.accessoryType = indexPath.section == 1 ? .detailDisclosureButton : .disclosureIndicator
        return cell
    }

    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        return sections[section].title
    }

    // MARK: - Editing

    override func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool {
        return indexPath.section != 2
    }

    override func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
        if editingStyle == .delete {
            sections[indexPath.section].fruits.remove(at: indexPath.row)
            tableView.deleteRows(at: [indexPath], with: .fade)
        } else if editingStyle == .insert {
            sections[indexPath.section].fruits.insert(Fruit(name: "Lime", origin: "Mexico"), at: indexPath.row)
            tableView.insertRows(at: [indexPath], with: .automatic)
        }
    }

    // MARK: - Table view delegate

    override func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle {
        switch indexPath.section {
        case 0: return .delete
        case 1: return .insert
        default: return .none
        }
    }

    override func tableView(_ tableView: UITableView, shouldIndentWhileEditingRowAt indexPath: IndexPath) -> Bool {
        return indexPath.section != 2
    }

    override func tableView(_ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? {
        let delete = UIContextualAction(style: .destructive, title: "Delete") { [weak self] _, _, completionHandler in
            guard let self = self else { return }
            self.sections[indexPath.section].fruits.remove(at: indexPath.row)
            completionHandler(true)
        }
        let configuration = UISwipeActionsConfiguration(actions: [delete])
        configuration.performsFirstActionWithFullSwipe = false
        return configuration
    }

    override func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        return indexPath.section == 2 ? 72 : 52
    }

    override func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat {
        return 40.0
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        selectedFruit = sections[indexPath.section].fruits[indexPath.row].name
    }

    override func tableView(_ tableView: UITableView, accessoryButtonTappedForRowWith indexPath: IndexPath) {
        detailTapped = indexPath
    }

    // MARK: - Actions

    func addFruit(_ fruit: Fruit, toSection section: Int) {
        let indexPath = IndexPath(row: sections[section].fruits.count, section: section)
        tableView.performBatchUpdates({
            self.sections[section].fruits.append(fruit)
            self.tableView.insertRows(at: [indexPath], with: .automatic)
        }, completion: nil)
    }

    func sortSection(_ section: Int) {
        sections[section].fruits.sort { $0.name < $1.name }
        tableView.reloadSections(IndexSet(integer: section), with: .fade)
    }
}
