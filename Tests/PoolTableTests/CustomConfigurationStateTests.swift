import Testing
@testable import PoolTable

extension ConfigurationStateCustomKey {
    /// The recipe a `RecipeCell` shows (a custom state, as UIKit cells add one).
    static let recipe = ConfigurationStateCustomKey("org.pooltable.tests.recipe")
}

extension CellConfigurationState {
    /// The recipe under its custom key.
    var recipe: String? {
        get { self[.recipe] as? String }
        set { self[.recipe] = newValue }
    }
}

/// A list cell that keeps its item, adds it to its configuration state and builds its content
/// from that state alone, with no `configurationUpdateHandler` (UIKit's custom-state pattern).
@MainActor
final class RecipeCell: CollectionViewListCell {
    var recipe: String? { didSet { if recipe != oldValue { setNeedsUpdateConfiguration() } } }
    var updates: [CellConfigurationState] = []

    override var configurationState: CellConfigurationState {
        var state = super.configurationState
        state.recipe = recipe
        return state
    }

    override func updateConfiguration(using state: CellConfigurationState) {
        super.updateConfiguration(using: state)
        updates.append(state)
        var content = defaultContentConfiguration()
        content.text = state.recipe
        content.secondaryText = state.isSelected ? "chosen" : nil
        contentConfiguration = content
    }
}

@MainActor
@Suite("Custom configuration states")
struct CustomConfigurationStateTests {
    @Test("a custom key stores any Hashable value, nil removes it, and custom values take part in equality")
    func customKeys() {
        var state = CellConfigurationState(isSelected: true)
        #expect(state[.recipe] == nil)
        state.recipe = "soup"
        #expect(state[.recipe] == AnyHashable("soup") && state.recipe == "soup")
        #expect(state != CellConfigurationState(isSelected: true))
        var other = CellConfigurationState(isSelected: true)
        other[.recipe] = "soup"
        #expect(state == other && state.hashValue == other.hashValue)
        other[ConfigurationStateCustomKey(rawValue: "org.pooltable.tests.recipe")] = 42
        #expect(state != other && other.recipe == nil, "an Int under the key is not a String")
        state.recipe = nil
        #expect(state == CellConfigurationState(isSelected: true))
        #expect(ConfigurationStateCustomKey("k") == ConfigurationStateCustomKey(rawValue: "k"))
    }

    @Test("a subclass overriding configurationState and updateConfiguration(using:) restyles on its own state and on selection, without a handler")
    func overriddenState() throws {
        let view = CollectionView(frame: Rect(x: 0, y: 0, width: 360, height: 400),
                                  collectionViewLayout: CollectionViewCompositionalLayout.list(using: CollectionLayoutListConfiguration(appearance: .plain)))
        let registration = CollectionView.CellRegistration<RecipeCell, String> { cell, _, recipe in cell.recipe = recipe }
        let source = CollectionViewDiffableDataSource<Int, String>(collectionView: view) { view, ip, recipe in
            view.dequeueConfiguredReusableCell(using: registration, for: ip, item: recipe)
        }
        let recipes = (0..<200).map { "recipe \($0)" }
        var snapshot = DiffableSnapshot<Int, String>()
        snapshot.appendSections([0]); snapshot.appendItems(recipes)
        try source.applyThrowing(snapshot, animatingDifferences: false)
        view.layoutIfNeeded()
        for y in stride(from: 0.0, to: 44 * 150, by: 257) { view.contentOffset = Point(x: 0, y: y) }
        for (ip, cell) in zip(view.indexPathsForMountedItems, view.mountedCells) {
            let row = try #require(cell as? RecipeCell)
            #expect(row.contentConfiguration?.text == recipes[ip.item], "reused cells show their new item's state")
        }
        let ip = try #require(view.indexPathsForVisibleItems.first)
        let cell = try #require(view.cellForItem(at: ip) as? RecipeCell)
        cell.updates.removeAll()
        view.selectItem(at: ip, animated: false, scrollPosition: .none)
        #expect(cell.updates.last?.isSelected == true && cell.updates.last?.recipe == recipes[ip.item])
        #expect(cell.contentConfiguration?.secondaryText == "chosen")
        view.deselectItem(at: ip, animated: false)
        #expect(cell.updates.last?.isSelected == false && cell.contentConfiguration?.secondaryText == nil)
    }
}
