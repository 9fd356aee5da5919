import PoolTable

/// The News screen's data source and delegate: a feed of self-sizing stories into which
/// third-party ads are inserted at rows 5, 12, 19, … (every 7th), as in
/// field note 002 (DocC "The life of a row") — with one animated batch update, and the table's scroll
/// anchoring (`maintainsVisibleContentPosition`) keeping the story the reader is looking at
/// where it is. Turn `keepsPosition` off to see the jump the anchoring prevents.
@MainActor
public final class NewsController: TableViewDataSource, TableViewDelegate {
    /// The feed, top to bottom.
    public private(set) var items: [NewsItem]
    public weak var tableView: TableView?
    /// Batches of ads inserted so far.
    public private(set) var adBatches = 0
    /// Called after every change of the feed (for a subtitle).
    public var onChange: (@MainActor () -> Void)?
    /// Called when the table's selection changes (the window shows the count).
    public var selectionDidChange: (@MainActor () -> Void)?
    /// Where ads go: new rows `firstAdRow`, `firstAdRow + adInterval`, …
    public static let firstAdRow = 5
    public static let adInterval = 7
    /// What self-sizing rows stand in for until they are measured.
    public static let estimatedRowHeight = 110.0

    private var nextAdID = NewsGenerator.firstAdID

    public init(storyCount: Int = 2_000, seed: UInt64 = 0x6e_e5) {
        items = NewsGenerator.stories(count: storyCount, seed: seed).map(NewsItem.story)
    }

    public func attach(to table: TableView) {
        tableView = table
        table.register({ NewsCell(reuseIdentifier: $0) }, forCellReuseIdentifier: NewsCell.reuseIdentifier)
        table.register({ AdCell(reuseIdentifier: $0) }, forCellReuseIdentifier: AdCell.reuseIdentifier)
        table.estimatedRowHeight = Self.estimatedRowHeight
        table.separatorInsetLeft = 16
        table.allowsMultipleSelectionDuringEditing = true
        table.dataSource = self
        table.delegate = self
        table.reloadData()
    }

    public var storyCount: Int { items.count - adCount }
    public var adCount: Int { items.lazy.filter(\.isAd).count }

    /// Keeps the first fully visible row in place through inserts (the table's anchoring).
    public var keepsPosition: Bool {
        get { tableView?.maintainsVisibleContentPosition ?? true }
        set { tableView?.maintainsVisibleContentPosition = newValue }
    }

    // MARK: Ads

    /// The new rows a batch of ads takes when inserted into a feed of `count` rows:
    /// 5, 12, 19, … as long as each lands inside the grown feed.
    public static func adRows(insertingInto count: Int) -> [Int] {
        var rows: [Int] = []
        var row = firstAdRow
        while row <= count + rows.count {
            rows.append(row)
            row += adInterval
        }
        return rows
    }

    /// Inserts the next batch of ads at rows 5, 12, 19, … in one batch update (animated
    /// unless `animation` is `.none`). Returns the inserted index paths.
    @discardableResult
    public func insertAdBatch(animation: RowAnimation = .automatic) throws -> [IndexPath] {
        let rows = Self.adRows(insertingInto: items.count)
        let ads = NewsGenerator.ads(batch: adBatches + 1, count: rows.count, firstID: nextAdID)
        // One pass (inserting into the array one ad at a time would be O(rows × ads)).
        var next: [NewsItem] = []
        next.reserveCapacity(items.count + ads.count)
        var source = items.makeIterator()
        var pending = zip(rows, ads).makeIterator()
        var nextAd = pending.next()
        while next.count < items.count + ads.count {
            if let (row, ad) = nextAd, row == next.count {
                next.append(.ad(ad))
                nextAd = pending.next()
            } else if let item = source.next() {
                next.append(item)
            } else {
                break
            }
        }
        let indexPaths = rows.map { IndexPath(row: $0, section: 0) }
        guard let table = tableView else {
            commit(next, adCount: ads.count)
            return indexPaths
        }
        let before = items
        do {
            try table.performBatchUpdatesThrowing({
                items = next
                table.insertRows(at: indexPaths, with: animation)
            }, completion: nil)
        } catch {
            items = before   // the table is unchanged; so is the feed
            throw error
        }
        commit(next, adCount: ads.count)
        return indexPaths
    }

    private func commit(_ next: [NewsItem], adCount: Int) {
        items = next
        adBatches += 1
        nextAdID += adCount
        onChange?()
    }

    // MARK: Queries

    /// The first row whose top edge is at or below the top of the viewport (the story the
    /// reader is looking at), and where that edge is on screen.
    public func topItem() -> (item: NewsItem, indexPath: IndexPath, screenY: Double)? {
        guard let table = tableView else { return nil }
        let top = table.contentOffset.y
        guard let ip = table.indexPathsForVisibleRows.first(where: { table.rectForRow(at: $0).minY >= top - 1e-9 }),
              ip.row < items.count else { return nil }
        return (items[ip.row], ip, table.rectForRow(at: ip).minY - top)
    }

    /// Where `item`'s row is on screen now (its layout position), nil if it is not in the feed.
    public func screenY(ofItem id: Int) -> Double? {
        guard let table = tableView, let row = items.firstIndex(where: { $0.id == id }) else { return nil }
        return table.rectForRow(at: IndexPath(row: row, section: 0)).minY - table.contentOffset.y
    }

    // MARK: TableViewDataSource

    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { items.count }

    public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        guard indexPath.row < items.count else {
            return tableView.dequeueReusableCell(withIdentifier: NewsCell.reuseIdentifier, for: indexPath)
        }
        switch items[indexPath.row] {
        case .story(let story):
            let cell = tableView.dequeueReusableCell(withIdentifier: NewsCell.reuseIdentifier, for: indexPath) as! NewsCell
            cell.configure(with: story)
            return cell
        case .ad(let ad):
            let cell = tableView.dequeueReusableCell(withIdentifier: AdCell.reuseIdentifier, for: indexPath) as! AdCell
            cell.configure(with: ad)
            return cell
        }
    }

    // MARK: TableViewDelegate

    /// Every row sizes itself; `estimatedRowHeight` stands in until it is measured.
    public func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double {
        TableView.automaticDimension
    }

    public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
        // Outside edit mode a click only flashes the row.
        if !tableView.isEditing { tableView.deselectRow(at: indexPath, animated: true) }
    }

    public func tableViewSelectionDidChange(_ tableView: TableView) { selectionDidChange?() }
}
