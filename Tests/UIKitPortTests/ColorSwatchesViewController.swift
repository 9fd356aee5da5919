// UIKit-style source: a flow-layout collection view controller with batch updates and
// section reloads. (Ported from UIKit by renaming only; see UIKitNames.swift.)
import Foundation
import PoolTable

class SwatchCell: UICollectionViewCell {
    static let reuseIdentifier = "SwatchCell"
    var color: UIColor = .white {
        didSet { setNeedsDisplay() }
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        color = .white
    }

    // PORT: UIKit sets `contentView.backgroundColor = color` in `color`'s didSet; cells draw here.
    override func drawContent(in canvas: Canvas, bounds: CGRect) {
        canvas.fill(bounds, color: color)
    }
}

class ColorSwatchesViewController: UICollectionViewController {
    var palettes: [[UIColor]] = [
        (0..<12).map { UIColor(red: CGFloat($0) / 12, green: 0.2, blue: 0.4, alpha: 1.0) },
        (0..<7).map { UIColor(red: 0.1, green: CGFloat($0) / 7, blue: 0.9, alpha: 1.0) },
    ]

    convenience init() {
        var layout = UICollectionViewFlowLayout()   // PORT: `let` in UIKit (a class there, a struct here)
        layout.itemSize = CGSize(width: 60, height: 60)
        layout.minimumInteritemSpacing = 8
        layout.minimumLineSpacing = 8
        layout.sectionInset = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
        self.init(collectionViewLayout: layout)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView.register(SwatchCell.self, forCellWithReuseIdentifier: SwatchCell.reuseIdentifier)
        collectionView.allowsMultipleSelection = true
    }

    // MARK: UICollectionViewDataSource

    override func numberOfSections(in collectionView: UICollectionView) -> Int {
        return palettes.count
    }

    override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        return palettes[section].count
    }

    override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        guard let cell = collectionView.dequeueReusableCell(withReuseIdentifier: SwatchCell.reuseIdentifier, for: indexPath) as? SwatchCell else {
            fatalError("Unable to dequeue SwatchCell")
        }
        cell.color = palettes[indexPath.section][indexPath.item]
        return cell
    }

    // MARK: Updates

    func insertSwatches(_ colors: [UIColor], at index: Int, inSection section: Int) {
        collectionView.performBatchUpdates({
            self.palettes[section].insert(contentsOf: colors, at: index)
            let indexPaths = (index..<index + colors.count).map { IndexPath(item: $0, section: section) }
            self.collectionView.insertItems(at: indexPaths)
        })
    }

    func removeSwatch(at indexPath: IndexPath, completion: @escaping (Bool) -> Void) {
        collectionView.performBatchUpdates({
            self.palettes[indexPath.section].remove(at: indexPath.item)
            self.collectionView.deleteItems(at: [indexPath])
        }, completion: completion)
    }

    func reversePalette(_ section: Int) {
        palettes[section].reverse()
        UIView.performWithoutAnimation {
            self.collectionView.reloadSections(IndexSet(integer: section))
        }
    }

    func shufflePalettesAnimated() {
        palettes.swapAt(0, 1)
        collectionView.performBatchUpdates({
            self.collectionView.reloadSections(IndexSet(integersIn: 0..<2))
        }) { finished in
            self.lastShuffleFinished = finished
        }
    }

    var lastShuffleFinished: Bool?

    /// A mistake UIKit would crash on: the model changes but the grid is not told.
    func forgetToDeleteItem() {
        collectionView.performBatchUpdates({
            self.palettes[0].removeLast()
        }, completion: { finished in
            self.lastShuffleFinished = finished
        })
    }
}
