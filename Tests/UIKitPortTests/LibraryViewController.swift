// UIKit-style source, modern style (iOS 14+): a sidebar outline of a music library and a
// grid of albums with badges and section headers: cell and supplementary registrations, a
// diffable data source with section snapshots, a compositional layout with a list section.
// (Our own code, ported from UIKit by renaming only; see UIKitNames.swift.)
import Foundation
import PoolTable

class AlbumCell: UICollectionViewCell {
    var title = "" { didSet { setNeedsDisplay() } }
    // PORT: UIKit adds a UILabel to `contentView` with Auto Layout; cells draw here.
    override func drawContent(in canvas: Canvas, bounds: CGRect) {
        canvas.fill(bounds, color: UIColor(red: 0.9, green: 0.9, blue: 0.95, alpha: 1))
        canvas.drawText(title, in: bounds, style: TextStyle(alignment: .center))
    }
}

class CountBadgeView: UICollectionReusableView {
    static let elementKind = "count-badge"
    var count = 0
    // PORT: UIKit draws with a UILabel and a layer's corner radius; reusable views draw here.
    override func draw(in canvas: Canvas, bounds: CGRect) {
        canvas.fill(.circle(center: CGPoint(x: bounds.midX, y: bounds.midY), radius: bounds.width / 2), color: UIColor(red: 0.9, green: 0.1, blue: 0.1, alpha: 1))
        canvas.drawText("\(count)", in: bounds, style: TextStyle(font: .caption, color: .white, alignment: .center))
    }
}

class TitleHeaderView: UICollectionReusableView {
    var text = ""
    // PORT: as CountBadgeView.
    override func draw(in canvas: Canvas, bounds: CGRect) {
        canvas.drawText(text, in: bounds, style: TextStyle(font: .headline))
    }
}

// PORT: a UIViewController subclass in UIKit; PoolTable has no view controller for a
// free-standing collection view, so the class is plain and the harness calls viewDidLoad;
// PORT: `@MainActor` is what UIViewController's subclasses get implicitly.
@MainActor
class LibraryViewController {
    enum Section: Int, CaseIterable { case sidebar, albums }
    struct Entry: Hashable, Sendable {
        let title: String
        let tracks: Int
        let id = UUID()
    }

    var collectionView: UICollectionView! = nil
    var dataSource: UICollectionViewDiffableDataSource<Section, Entry>! = nil
    let genres: [String: [String]] = ["Jazz": ["Bebop", "Modal", "Fusion"], "Classical": ["Baroque", "Romantic"]]
    let albums = (1...24).map { Entry(title: "Album \($0)", tracks: $0 % 5 + 8) }

    func viewDidLoad() {
        collectionView = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: createLayout())
        configureDataSource()
    }

    func createLayout() -> UICollectionViewLayout {
        let layout = UICollectionViewCompositionalLayout { sectionIndex, layoutEnvironment in
            guard let section = Section(rawValue: sectionIndex) else { return nil }
            switch section {
            case .sidebar:
                let configuration = UICollectionLayoutListConfiguration(appearance: .sidebar)
                return NSCollectionLayoutSection.list(using: configuration, layoutEnvironment: layoutEnvironment)
            case .albums:
                let badgeAnchor = NSCollectionLayoutAnchor(edges: [.top, .trailing], fractionalOffset: CGPoint(x: 0.3, y: -0.3))
                let badgeSize = NSCollectionLayoutSize(widthDimension: .absolute(20), heightDimension: .absolute(20))
                let badge = NSCollectionLayoutSupplementaryItem(layoutSize: badgeSize, elementKind: CountBadgeView.elementKind, containerAnchor: badgeAnchor)
                let itemSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .fractionalHeight(1.0))
                let item = NSCollectionLayoutItem(layoutSize: itemSize, supplementaryItems: [badge])
                item.contentInsets = NSDirectionalEdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5)
                let groupSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(120))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: groupSize, subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                let headerSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(40))
                let header = NSCollectionLayoutBoundarySupplementaryItem(layoutSize: headerSize, elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
                header.pinToVisibleBounds = true
                section.boundarySupplementaryItems = [header]
                section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 10, bottom: 10, trailing: 10)
                return section
            }
        }
        return layout
    }

    func configureDataSource() {
        let listCellRegistration = UICollectionView.CellRegistration<UICollectionViewListCell, Entry> { cell, indexPath, entry in
            var content = cell.defaultContentConfiguration()
            content.text = entry.title
            cell.contentConfiguration = content
            cell.accessories = entry.tracks == 0 ? [.outlineDisclosure()] : [.label(text: "\(entry.tracks)")]
        }
        let albumCellRegistration = UICollectionView.CellRegistration<AlbumCell, Entry> { cell, indexPath, entry in
            cell.title = entry.title
        }
        dataSource = UICollectionViewDiffableDataSource<Section, Entry>(collectionView: collectionView) {
            (collectionView: UICollectionView, indexPath: IndexPath, entry: Entry) -> UICollectionViewCell? in
            let section = Section(rawValue: indexPath.section)!
            switch section {
            case .sidebar: return collectionView.dequeueConfiguredReusableCell(using: listCellRegistration, for: indexPath, item: entry)
            case .albums: return collectionView.dequeueConfiguredReusableCell(using: albumCellRegistration, for: indexPath, item: entry)
            }
        }
        let headerRegistration = UICollectionView.SupplementaryRegistration<TitleHeaderView>(elementKind: UICollectionView.elementKindSectionHeader) {
            (supplementaryView, elementKind, indexPath) in
            supplementaryView.text = "Albums"
        }
        let badgeRegistration = UICollectionView.SupplementaryRegistration<CountBadgeView>(elementKind: CountBadgeView.elementKind) {
            [weak self] (badgeView, elementKind, indexPath) in
            badgeView.count = self?.dataSource.itemIdentifier(for: indexPath)?.tracks ?? 0
        }
        dataSource.supplementaryViewProvider = { (collectionView, elementKind, indexPath) in
            if elementKind == UICollectionView.elementKindSectionHeader {
                return collectionView.dequeueConfiguredReusableSupplementary(using: headerRegistration, for: indexPath)
            }
            return collectionView.dequeueConfiguredReusableSupplementary(using: badgeRegistration, for: indexPath)
        }

        var snapshot = NSDiffableDataSourceSnapshot<Section, Entry>()
        snapshot.appendSections([.sidebar, .albums])
        snapshot.appendItems(albums, toSection: .albums)
        dataSource.apply(snapshot, animatingDifferences: false)

        var outline = NSDiffableDataSourceSectionSnapshot<Entry>()
        for genre in genres.keys.sorted() {
            let parent = Entry(title: genre, tracks: 0)
            outline.append([parent])
            outline.append(genres[genre]!.map { Entry(title: $0, tracks: $0.count) }, to: parent)
        }
        dataSource.apply(outline, to: .sidebar, animatingDifferences: false)
    }
}
