import CGtk
import PoolTable
import PoolTableDemoKit
@_spi(Interop) import PoolTableGtk

/// A news feed of 2,000 self-sizing stories. A second after the screen is first shown,
/// third-party ads "arrive" and are inserted at rows 5, 12, 19, … in one animated batch
/// update (field note 002, DocC "The life of a row"); "Insert Ads" inserts another batch. "Keep
/// position" is the table's scroll anchoring: switch it off, scroll into the feed, insert
/// ads, and the story you were reading jumps away.
@MainActor
final class NewsScreen: Screen {
    let name = "news"
    var title: String { tr("News") }
    var rowNoun: String { tr("Item") }
    var subtitle: String {
        let stories = trn("{count} story", "{count} stories", count: controller.storyCount)
        let ads = controller.adCount == 0 ? tr("ads loading…") : trn("{count} ad", "{count} ads", count: controller.adCount)
        // Translators: the News subtitle, "2,000 stories · 286 ads".
        return tr("{stories} · {ads}", ["stories": stories, "ads": ads])
    }
    var selectionDidChange: (@MainActor () -> Void)?
    let headerControls: [UnsafeMutablePointer<GtkWidget>]

    let controller: NewsController
    /// How long after the screen is first shown the first ads arrive.
    static let adDelayMilliseconds: UInt32 = 1_000
    private let adTimer = GLibTimeout()
    private var hasAppeared = false

    init() {
        let controller = NewsController()
        self.controller = controller
        let insert = HeaderWidgets.button(tr("_Insert Ads"), tooltip: tr("Insert another batch of ads at rows 5, 12, 19, … (Alt+I)")) {
            Self.insertAds(into: controller)
        }
        let keep = HeaderWidgets.labeledSwitch(
            tr("_Keep position"), active: true,
            tooltip: tr("Scroll anchoring (maintainsVisibleContentPosition): inserts above keep the story you are reading in place. Switch it off to see the jump it prevents (Alt+K)")
        ) { on in controller.keepsPosition = on }
        headerControls = [insert, keep.box]
    }

    func install(in widget: TableWidget) {
        let tableView = widget.tableView
        controller.attach(to: tableView)
        controller.selectionDidChange = { [weak self] in self?.selectionDidChange?() }
        controller.onChange = { [weak self] in self?.selectionDidChange?() }
    }

    func didAppear() {
        guard !hasAppeared else { return }
        hasAppeared = true
        // The ad network answers a second later, while the reader may already be scrolling.
        let controller = controller
        adTimer.once(after: Self.adDelayMilliseconds) { Self.insertAds(into: controller) }
    }

    private static func insertAds(into controller: NewsController) {
        do {
            try controller.insertAdBatch()
        } catch {
            printError(tr("pooltable: inserting ads failed: {error}", ["error": "\(error)"]))
        }
    }
}
