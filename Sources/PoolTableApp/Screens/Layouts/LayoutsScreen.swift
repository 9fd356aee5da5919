import PoolTable
import PoolTableDemoKit
import PoolTableGtk

/// Layouts (issue 38): the modern collection-view gallery of `LayoutsController` on a
/// collection view with a compositional layout: a sidebar outline, an inset-grouped list
/// with swipe actions, and a grid of swatches with badges under a pinned header.
@MainActor
final class LayoutsScreen: Screen {
    let name = "layouts"
    var title: String { tr("Layout Gallery") }
    var rowNoun: String { tr("Item") }
    var selectionDidChange: (@MainActor () -> Void)?

    let controller = LayoutsController()

    func makeWidget() -> TableWidget {
        TableWidget(hosting: CollectionView(frame: .zero, collectionViewLayout: controller.makeLayout()))
    }

    func install(in widget: TableWidget) {
        guard let view = widget.collectionView else { return }
        controller.attach(to: view)
        controller.onChange = { [weak self] in self?.selectionDidChange?() }
    }
}
