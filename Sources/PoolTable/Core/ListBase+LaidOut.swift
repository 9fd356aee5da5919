/// What the last layout pass mounted, read without laying out: for hosts that mirror the
/// mounted rows and headers after a frame (accessible proxies) and must not move the
/// engine's work (layout, flushing reconfigures) to another moment. UIKit's
/// `headerView(forSection:)` is among them.
extension ListBase {
    /// The mounted rows or items in index-path order, as the last layout pass left them.
    @_spi(Diagnostics) public var laidOutRows: [(indexPath: IndexPath, cell: ReusableCell)] {
        items.entries.map { ($0.indexPath.indexPath, $0.cell) }
    }

    /// The sections whose header views are mounted, as the last layout pass left them.
    @_spi(Diagnostics) public var laidOutHeaderSections: [Int] { items.headers.keys.sorted() }

    /// The header view of `section` while it is mounted; nil otherwise. Its `frame` is
    /// where it is drawn (floating in `.plain` style). Does not lay out.
    @_spi(Diagnostics) public func headerView(forSection section: Int) -> TableViewHeaderFooterView? {
        items.headers[section]
    }

    /// The mounted header views with a title, by section, as `AccessibleHeader`s.
    var titledHeaders: [AccessibleHeader] {
        var headers: [AccessibleHeader] = []
        for section in laidOutHeaderSections {
            guard let header = items.headers[section], let title = header.title, !title.isEmpty else { continue }
            headers.append(AccessibleHeader(section: section, title: title, frame: header.frame))
        }
        return headers
    }

    /// The footer view of `section` while it is mounted; nil otherwise. Does not lay out.
    @_spi(Diagnostics) public func footerView(forSection section: Int) -> TableViewHeaderFooterView? {
        items.footers[section]
    }
}
