// UIKit-style source, modern style (iOS 14+): a pantry, one grid section of jars per shelf
// under the shelf's title, then a list of the jars running low. The cells and the header are
// subclassed the UIKit way, setting themselves up in `init(frame:)` beside a
// `required init?(coder:)`, and are made by cell and supplementary registrations.
// (Our own code, ported from UIKit by renaming only; see UIKitNames.swift.)
import Foundation
import PoolTable

class JarCell: UICollectionViewCell {
    var name = "" { didSet { setNeedsDisplay() } }
    var level: CGFloat = 0 { didSet { setNeedsDisplay() } }
    let glassColor: UIColor
    let contentsColor: UIColor

    override init(frame: CGRect) {
        glassColor = UIColor(red: 0.86, green: 0.91, blue: 0.95, alpha: 1)
        contentsColor = UIColor(red: 0.80, green: 0.55, blue: 0.25, alpha: 1)
        super.init(frame: frame)
    }

    // PORT: registrations make a UICollectionViewCell subclass that overrides init(frame:) through this line (list cells and reusable views need none).
    required convenience init(reuseIdentifier: String?) { self.init(frame: .zero) }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    // PORT: UIKit adds an image view and a label to `contentView` in init(frame:); cells draw here.
    override func drawContent(in canvas: Canvas, bounds: CGRect) {
        canvas.fill(bounds, color: glassColor)
        let filled = bounds.height * level
        canvas.fill(CGRect(x: bounds.minX, y: bounds.maxY - filled, width: bounds.width, height: filled), color: contentsColor)
        canvas.drawText(name, in: bounds, style: TextStyle(alignment: .center))
    }
}

class ShelfHeaderView: UICollectionReusableView {
    static let elementKind = UICollectionView.elementKindSectionHeader
    var title = "" { didSet { setNeedsDisplay() } }
    let leadingInset: CGFloat

    override init(frame: CGRect) {
        leadingInset = 12
        super.init(frame: frame)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    // PORT: UIKit pins a UILabel to the view's edges with Auto Layout; reusable views draw here.
    override func draw(in canvas: Canvas, bounds: CGRect) {
        let text = CGRect(x: bounds.minX + leadingInset, y: bounds.minY, width: bounds.width - leadingInset, height: bounds.height)
        canvas.drawText(title, in: text, style: TextStyle(font: .headline))
    }
}

extension UIConfigurationStateCustomKey {
    static let pantryJar = UIConfigurationStateCustomKey("org.pooltable.port.pantry.jar")
}

extension UICellConfigurationState {
    var pantryJar: PantryViewController.Jar? {
        get { self[.pantryJar] as? PantryViewController.Jar }
        set { self[.pantryJar] = newValue }
    }
}

class RestockCell: UICollectionViewListCell {
    let restockIndentation: CGFloat
    var jar: PantryViewController.Jar? {
        didSet { setNeedsUpdateConfiguration() }
    }

    override init(frame: CGRect) {
        restockIndentation = 24
        super.init(frame: frame)
        indentationWidth = restockIndentation
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override var configurationState: UICellConfigurationState {
        var state = super.configurationState
        state.pantryJar = jar
        return state
    }

    override func updateConfiguration(using state: UICellConfigurationState) {
        var content = defaultContentConfiguration()
        content.text = state.pantryJar?.name
        content.secondaryText = state.pantryJar.map { "\(Int($0.level * 100))% left" }
        content.image = state.pantryJar?.icon
        contentConfiguration = content
        accessories = state.isSelected ? [.checkmark()] : [.disclosureIndicator()]
    }
}

// PORT: a UIViewController subclass in UIKit (see LibraryViewController).
@MainActor
class PantryViewController {
    enum Section: Hashable, Sendable {
        case shelf(String)
        case runningLow
    }
    enum Item: Hashable, Sendable {
        case jar(Jar)
        case restock(Jar)
    }
    struct Jar: Hashable, Sendable {
        let name: String
        let level: CGFloat
        var icon: UIImage? = nil
        let id = UUID()
    }

    var collectionView: UICollectionView! = nil
    var dataSource: UICollectionViewDiffableDataSource<Section, Item>! = nil
    let shelves: [(title: String, jars: [Jar])] = [
        ("Top shelf", [Jar(name: "Rice", level: 0.8), Jar(name: "Lentils", level: 0.15), Jar(name: "Oats", level: 0.5)]),
        ("Bottom shelf", [Jar(name: "Flour", level: 0.1), Jar(name: "Sugar", level: 0.6), Jar(name: "Salt", level: 0.9),
                          Jar(name: "Pasta", level: 0.05)]),
    ]
    var runningLow: [Jar] { shelves.flatMap(\.jars).filter { $0.level < 0.2 } }
    /// Where the last "Restocked" button was, in its own coordinates (a popover's anchor in UIKit).
    var restockedAnchor: CGRect?

    func viewDidLoad() {
        collectionView = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: createLayout())
        configureDataSource()
    }

    func createLayout() -> UICollectionViewLayout {
        UICollectionViewCompositionalLayout { [unowned self] sectionIndex, layoutEnvironment in
            if sectionIndex == self.shelves.count {
                var configuration = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
                configuration.headerMode = .supplementary
                configuration.trailingSwipeActionsConfigurationProvider = { [unowned self] indexPath in
                    guard let item = self.dataSource.itemIdentifier(for: indexPath) else { return nil }
                    let restocked = UIContextualAction(style: .normal, title: "Restocked") { [weak self] _, sourceView, completion in
                        guard let self = self else {
                            completion(false)
                            return
                        }
                        self.restockedAnchor = sourceView.bounds
                        var snapshot = self.dataSource.snapshot()
                        snapshot.deleteItems([item])
                        self.dataSource.apply(snapshot, animatingDifferences: true)
                        completion(true)
                    }
                    restocked.backgroundColor = UIColor(red: 0.2, green: 0.6, blue: 0.3, alpha: 1)
                    return UISwipeActionsConfiguration(actions: [restocked])
                }
                return NSCollectionLayoutSection.list(using: configuration, layoutEnvironment: layoutEnvironment)
            }
            let itemSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0 / 3.0), heightDimension: .fractionalHeight(1.0))
            let item = NSCollectionLayoutItem(layoutSize: itemSize)
            item.contentInsets = NSDirectionalEdgeInsets(top: 4, leading: 4, bottom: 4, trailing: 4)
            let groupSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(110))
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: groupSize, subitems: [item])
            let section = NSCollectionLayoutSection(group: group)
            let headerSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(36))
            section.boundarySupplementaryItems = [
                NSCollectionLayoutBoundarySupplementaryItem(layoutSize: headerSize, elementKind: ShelfHeaderView.elementKind, alignment: .top),
            ]
            section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 8, bottom: 16, trailing: 8)
            return section
        }
    }

    func configureDataSource() {
        let jarRegistration = UICollectionView.CellRegistration<JarCell, Jar> { cell, indexPath, jar in
            cell.name = jar.name
            cell.level = jar.level
        }
        let restockRegistration = UICollectionView.CellRegistration<RestockCell, Jar> { cell, indexPath, jar in
            cell.jar = jar
            cell.indentationLevel = 1
        }
        let headerRegistration = UICollectionView.SupplementaryRegistration<ShelfHeaderView>(elementKind: ShelfHeaderView.elementKind) {
            [unowned self] supplementaryView, elementKind, indexPath in
            supplementaryView.title = indexPath.section < self.shelves.count ? self.shelves[indexPath.section].title : "Running low"
        }

        dataSource = UICollectionViewDiffableDataSource<Section, Item>(collectionView: collectionView) {
            (collectionView: UICollectionView, indexPath: IndexPath, item: Item) -> UICollectionViewCell? in
            switch item {
            case .jar(let jar):
                return collectionView.dequeueConfiguredReusableCell(using: jarRegistration, for: indexPath, item: jar)
            case .restock(let jar):
                return collectionView.dequeueConfiguredReusableCell(using: restockRegistration, for: indexPath, item: jar)
            }
        }
        dataSource.supplementaryViewProvider = { collectionView, elementKind, indexPath in
            collectionView.dequeueConfiguredReusableSupplementary(using: headerRegistration, for: indexPath)
        }

        var snapshot = NSDiffableDataSourceSnapshot<Section, Item>()
        for shelf in shelves {
            snapshot.appendSections([.shelf(shelf.title)])
            snapshot.appendItems(shelf.jars.map { .jar($0) })
        }
        snapshot.appendSections([.runningLow])
        snapshot.appendItems(runningLow.map { .restock($0) })
        dataSource.apply(snapshot, animatingDifferences: false)
    }
}
