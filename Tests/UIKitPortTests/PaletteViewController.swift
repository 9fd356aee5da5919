// UIKit-style source, modern style (iOS 14+): a paint palette. A grid of swatches whose cells
// show a custom content configuration (its own content view, updated for the cell's state),
// then a list of the swatches whose cells draw a UIListContentView beside a colour chip.
// (Our own code, ported from UIKit by renaming only; see UIKitNames.swift.)
import Foundation
import PoolTable

struct SwatchContentConfiguration: UIContentConfiguration, Hashable {
    var name = ""
    var color = UIColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
    var height: CGFloat = 90
    var isChecked = false

    // PORT: UIKit's returns `UIView & UIContentView`; a content view here is any class that draws.
    func makeContentView() -> UIContentView {
        SwatchContentView(configuration: self)
    }

    func updated(for state: UIConfigurationState) -> SwatchContentConfiguration {
        guard let state = state as? UICellConfigurationState else { return self }
        var updated = self
        updated.isChecked = state.isSelected
        return updated
    }
}

// PORT: UIKit's content view subclasses UIView; here it needs no base class.
final class SwatchContentView: UIContentView {
    static var made = 0
    private var appliedConfiguration: SwatchContentConfiguration

    init(configuration: SwatchContentConfiguration) {
        appliedConfiguration = configuration
        Self.made += 1
    }

    var configuration: UIContentConfiguration {
        get { appliedConfiguration }
        set {
            guard let newConfiguration = newValue as? SwatchContentConfiguration else { return }
            appliedConfiguration = newConfiguration
        }
    }

    var accessibilityLabel: String? { appliedConfiguration.name }

    // PORT: UIKit's sizeThatFits(_:) (or Auto Layout) takes no canvas.
    func sizeThatFits(_ size: CGSize, canvas: Canvas) -> CGSize {
        CGSize(width: size.width, height: appliedConfiguration.height)
    }

    // PORT: UIKit adds a colour view and a label as subviews in init; content views draw here.
    func draw(in canvas: Canvas, bounds: CGRect) {
        let chip = CGRect(x: bounds.minX + 6, y: bounds.minY + 6, width: bounds.width - 12, height: bounds.height - 30)
        canvas.fill(chip, color: appliedConfiguration.color)
        let caption = appliedConfiguration.isChecked ? "✓ " + appliedConfiguration.name : appliedConfiguration.name
        canvas.drawText(caption, in: CGRect(x: bounds.minX, y: bounds.maxY - 22, width: bounds.width, height: 20),
                        style: TextStyle(font: .caption, alignment: .center))
    }
}

class PaintCell: UICollectionViewCell {
    static var made = 0
    var swatch: PaletteViewController.Swatch? {
        didSet { setNeedsUpdateConfiguration() }
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        Self.made += 1
    }

    // PORT: registrations make a UICollectionViewCell subclass that overrides init(frame:) through this line (list cells and reusable views need none).
    required convenience init(reuseIdentifier: String?) { self.init(frame: .zero) }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func updateConfiguration(using state: UICellConfigurationState) {
        var content = SwatchContentConfiguration().updated(for: state)
        content.name = swatch?.name ?? ""
        content.color = swatch?.color ?? content.color
        content.height = swatch?.isTall == true ? 120 : 90
        contentConfiguration = content
    }
}

class PaintListCell: UICollectionViewListCell {
    var swatch: PaletteViewController.Swatch? {
        didSet { setNeedsUpdateConfiguration() }
    }
    private lazy var listContentView = UIListContentView(configuration: defaultListContentConfiguration())
    let chipWidth: CGFloat = 28

    private func defaultListContentConfiguration() -> UIListContentConfiguration { .subtitleCell() }

    override func updateConfiguration(using state: UICellConfigurationState) {
        var content = defaultListContentConfiguration().updated(for: state)
        content.text = swatch?.name
        content.secondaryText = swatch.map { "\(Int($0.color.red * 255)), \(Int($0.color.green * 255)), \(Int($0.color.blue * 255))" }
        content.textToSecondaryTextVerticalPadding = 4
        listContentView.configuration = content
        setNeedsDisplay()
    }

    // PORT: UIKit adds the list content view and a colour view to `contentView` with Auto Layout; cells draw here.
    override func drawContent(in canvas: Canvas, bounds: CGRect) {
        super.drawContent(in: canvas, bounds: bounds)
        let text = CGRect(x: bounds.minX + 16, y: bounds.minY, width: bounds.width - 32 - chipWidth - 8, height: bounds.height)
        listContentView.draw(in: canvas, bounds: text)
        canvas.fill(CGRect(x: bounds.maxX - 16 - chipWidth, y: bounds.midY - chipWidth / 2, width: chipWidth, height: chipWidth),
                    color: swatch?.color ?? .black)
    }

    // PORT: UIKit sizes the cell by the list content view's Auto Layout constraints.
    override func heightThatFits(width: CGFloat, canvas: Canvas) -> CGFloat {
        max(44, listContentView.heightThatFits(width: width - 32 - chipWidth - 8, canvas: canvas))
    }
}

// PORT: a UIViewController subclass in UIKit (see LibraryViewController).
@MainActor
class PaletteViewController {
    enum Section: Hashable, Sendable {
        case grid, list
    }
    struct Swatch: Hashable, Sendable {
        let name: String
        let color: UIColor
        var isTall = false
    }

    var collectionView: UICollectionView! = nil
    var dataSource: UICollectionViewDiffableDataSource<Section, Swatch>! = nil
    let swatches: [Swatch] = (0..<60).map { index in
        let names = ["Ochre", "Teal", "Rose", "Slate", "Moss", "Indigo"]
        let t = CGFloat(index) / 60
        return Swatch(name: "\(names[index % names.count]) \(index)", color: UIColor(red: t, green: 1 - t, blue: 0.5, alpha: 1),
                      isTall: index / 3 % 2 == 1)
    }
    var mixes: [Swatch] { swatches.prefix(12).map { Swatch(name: $0.name + " mix", color: $0.color) } }

    func viewDidLoad() {
        collectionView = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 700), collectionViewLayout: createLayout())
        configureDataSource()
    }

    func createLayout() -> UICollectionViewLayout {
        UICollectionViewCompositionalLayout { sectionIndex, layoutEnvironment in
            if sectionIndex == 1 {
                return NSCollectionLayoutSection.list(using: UICollectionLayoutListConfiguration(appearance: .plain), layoutEnvironment: layoutEnvironment)
            }
            let itemSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0 / 3.0), heightDimension: .estimated(100))
            let item = NSCollectionLayoutItem(layoutSize: itemSize)
            let groupSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .estimated(100))
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: groupSize, subitems: [item])
            let section = NSCollectionLayoutSection(group: group)
            section.contentInsets = NSDirectionalEdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8)
            return section
        }
    }

    func configureDataSource() {
        let swatchRegistration = UICollectionView.CellRegistration<PaintCell, Swatch> { cell, indexPath, swatch in
            cell.swatch = swatch
        }
        let listRegistration = UICollectionView.CellRegistration<PaintListCell, Swatch> { cell, indexPath, swatch in
            cell.swatch = swatch
        }
        dataSource = UICollectionViewDiffableDataSource<Section, Swatch>(collectionView: collectionView) {
            (collectionView: UICollectionView, indexPath: IndexPath, swatch: Swatch) -> UICollectionViewCell? in
            if indexPath.section == 0 {
                return collectionView.dequeueConfiguredReusableCell(using: swatchRegistration, for: indexPath, item: swatch)
            }
            return collectionView.dequeueConfiguredReusableCell(using: listRegistration, for: indexPath, item: swatch)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Section, Swatch>()
        snapshot.appendSections([.grid, .list])
        snapshot.appendItems(swatches, toSection: .grid)
        snapshot.appendItems(mixes, toSection: .list)
        dataSource.apply(snapshot, animatingDifferences: false)
    }
}
