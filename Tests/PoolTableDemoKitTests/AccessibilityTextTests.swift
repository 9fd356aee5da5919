import Foundation
import Testing
import PoolTable
@testable import PoolTableDemoKit

/// What a screen reader says for each demo cell (`accessibilityLabel`), headless.
@MainActor
@Suite("Accessibility text of the demo cells")
struct AccessibilityTextTests {
    let unread = Mail(sender: "Ada Lovelace", subject: "Notes from Friday's meeting", preview: "I had a look.",
                      previewLines: 1, time: "9:41", isUnread: true)
    let read = Mail(sender: "Grace Hopper", subject: "Lunch Monday?", preview: "", previewLines: 0,
                    time: "Yesterday", isUnread: false)

    @Test("A mail row says unread (its dot), sender, subject and time; a read one no 'Unread'")
    func mailCell() {
        let cell = MailCell(reuseIdentifier: MailCell.reuseIdentifier)
        #expect(cell.accessibilityLabel == nil, "an unbound cell says nothing")
        cell.mail = unread
        #expect(cell.accessibilityLabel == "Unread, Ada Lovelace, Notes from Friday's meeting, 9:41")
        cell.mail = read
        #expect(cell.accessibilityLabel == "Grace Hopper, Lunch Monday?, Yesterday")
        cell.prepareForReuse()
        #expect(cell.accessibilityLabel == nil, "a recycled cell forgets its mail")
    }

    @Test("A label set by the app wins over the cell's own text, until set to nil")
    func explicitLabelWins() {
        let cell = MailCell(reuseIdentifier: MailCell.reuseIdentifier)
        cell.mail = unread
        let before = cell.displayGeneration
        cell.accessibilityLabel = "Pinned: Ada"
        #expect(cell.accessibilityLabel == "Pinned: Ada")
        #expect(cell.displayGeneration > before, "setting the label tells hosts the cell changed")
        cell.accessibilityLabel = nil
        #expect(cell.accessibilityLabel == MailCell.accessibilityText(for: unread))
    }

    @Test("A story says its headline, source and time; an ad that it is sponsored, by whom, and its action")
    func newsCells() {
        let story = Story(id: 7, source: "The Register", time: "2 h", headline: "GTK 4.8 ships", summary: "Long summary.",
                          hasThumbnail: true, tint: 0x336699)
        let storyCell = NewsCell(reuseIdentifier: NewsCell.reuseIdentifier)
        storyCell.configure(with: story)
        #expect(storyCell.accessibilityLabel == "GTK 4.8 ships, The Register, 2 h")
        let ad = Ad(id: 90_001, batch: 2, advertiser: "Flathub", title: "Get apps", body: "Copy.", action: "Browse")
        let adCell = AdCell(reuseIdentifier: AdCell.reuseIdentifier)
        adCell.configure(with: ad)
        #expect(adCell.accessibilityLabel == "Sponsored by Flathub, Get apps, Browse")
        adCell.prepareForReuse()
        #expect(adCell.accessibilityLabel == nil)
    }

    @Test("A download says its file name and its status with the model's progress, for every state")
    func downloadCell() {
        let cell = DownloadCell(reuseIdentifier: DownloadCell.reuseIdentifier)
        var d = Download(id: 3, name: "gtk-4.8.3.tar.xz", size: 2_000_000_000, state: .queued, progress: 0, speed: 1)
        let size = formattedByteCount(d.size)
        cell.configure(with: d)
        #expect(cell.accessibilityLabel == "gtk-4.8.3.tar.xz, Queued, \(size)")
        d.state = .downloading
        d.progress = 0.456
        cell.configure(with: d)
        #expect(cell.accessibilityLabel == "gtk-4.8.3.tar.xz, 45 % of \(size)")
        d.progress = 0.5
        cell.configure(with: d)
        #expect(cell.accessibilityLabel == "gtk-4.8.3.tar.xz, 50 % of \(size)", "a live update changes the label")
        d.state = .paused
        cell.configure(with: d)
        #expect(cell.accessibilityLabel == "gtk-4.8.3.tar.xz, Paused at 50 %, \(size)")
        d.state = .failed
        cell.configure(with: d)
        #expect(cell.accessibilityLabel == "gtk-4.8.3.tar.xz, Failed at 50 %, retry")
        d.state = .done
        d.progress = 1
        cell.configure(with: d)
        #expect(cell.accessibilityLabel == "gtk-4.8.3.tar.xz, Done, \(size)")
        cell.prepareForReuse()
        #expect(cell.accessibilityLabel == nil)
    }

    @Test("A plain cell (the Huge List's) says its text, then its detail text")
    func plainCell() {
        let cell = TableViewCell(reuseIdentifier: "row")
        #expect(cell.accessibilityLabel == nil)
        cell.text = "Row 41"
        #expect(cell.accessibilityLabel == "Row 41")
        cell.detailText = "48 pt"
        #expect(cell.accessibilityLabel == "Row 41, 48 pt")
        cell.text = ""
        #expect(cell.accessibilityLabel == "48 pt")
    }

    @Test("Every mounted row of each screen's table says what its own model item says, also after scrolling")
    func mountedCellsMatchTheirItems() {
        let inboxTable = TableView(frame: Rect(x: 0, y: 0, width: 500, height: 700))
        let inbox = InboxController()
        inbox.attach(to: inboxTable)
        let newsTable = TableView(frame: Rect(x: 0, y: 0, width: 500, height: 700))
        let news = NewsController(storyCount: 300)
        news.attach(to: newsTable)
        let downloadsTable = TableView(frame: Rect(x: 0, y: 0, width: 600, height: 700))
        let store = DownloadStore(count: 200)
        let downloads = DownloadsController(store: store)
        downloads.attach(to: downloadsTable)

        for offset in [0.0, 5_000, 20_000] {
            inboxTable.contentOffset = Point(x: 0, y: offset)
            newsTable.contentOffset = Point(x: 0, y: offset)
            downloadsTable.contentOffset = Point(x: 0, y: offset / 4)
            for (ip, cell) in zip(inboxTable.indexPathsForMountedRows, inboxTable.mountedCells) {
                #expect(cell.accessibilityLabel == MailCell.accessibilityText(for: inbox.mail(at: ip)))
            }
            for (ip, cell) in zip(newsTable.indexPathsForMountedRows, newsTable.mountedCells) {
                let expected = switch news.items[ip.row] {
                case .story(let s): NewsCell.accessibilityText(for: s)
                case .ad(let a): AdCell.accessibilityText(for: a)
                }
                #expect(cell.accessibilityLabel == expected)
            }
            for (ip, cell) in zip(downloadsTable.indexPathsForMountedRows, downloadsTable.mountedCells) {
                #expect(cell.accessibilityLabel?.hasPrefix(store.downloads[ip.row].name + ", ") == true)
            }
            #expect(!inboxTable.mountedCells.isEmpty && !newsTable.mountedCells.isEmpty && !downloadsTable.mountedCells.isEmpty)
        }
    }
}
