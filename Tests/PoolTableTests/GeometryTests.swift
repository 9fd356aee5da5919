import Testing
@testable import PoolTable

@MainActor
@Suite("Geometry")
struct GeometryTests {
    @Test("rects add up exactly for varied heights, headers and footers, in both styles",
          arguments: [TableViewStyle.plain, .grouped])
    func geometryAddsUp(style: TableViewStyle) {
        let rows = [7, 0, 12, 1, 30]
        let table = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 480), style: style)
        let model = ModelSource(rows: rows, heights: variedHeight, headers: ["a", nil, "c", "d", nil], footers: [nil, "f", "g", nil, nil])
        model.attach(to: table)
        var y = 0.0
        for s in 0..<rows.count {
            let header = table.rectForHeaderInSection(s)
            #expect(header.minY == y)
            let expectedHeader = model.headerTitles[s] != nil ? table.sectionHeaderHeight : (style == .grouped ? 18 : 0)
            #expect(header.height == expectedHeader)
            y += header.height
            for r in 0..<rows[s] {
                let ip = IndexPath(row: r, section: s)
                let rect = table.rectForRow(at: ip)
                #expect(rect.minY == y)
                #expect(rect.height == variedHeight(ip))
                #expect(table.indexPathForRow(at: Point(x: 10, y: y + 1)) == ip)
                #expect(table.indexPathForRow(at: Point(x: 10, y: rect.maxY - 0.01)) == ip)
                y += rect.height
            }
            let footer = table.rectForFooterInSection(s)
            #expect(footer.minY == y)
            y += footer.height
            let section = table.rectForSection(s)
            #expect(section.minY == header.minY && section.maxY == y)
        }
        #expect(table.contentSize.height == y)
        #expect(table.contentSize.width == 320)
        // Rows in a rect: everything overlapping it, in order.
        let band = Rect(x: 0, y: 100, width: 320, height: 300)
        let inBand = table.indexPathsForRows(in: band)
        #expect(inBand == inBand.sorted())
        #expect(inBand.allSatisfy { table.rectForRow(at: $0).intersects(band) })
        #expect(!inBand.isEmpty)
    }

    @Test("A batch re-reads every section's titles: the default header and footer heights follow them")
    func batchRereadsSectionTitles() {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        let model = ModelSource(rows: [3, 3, 3], headers: [nil, "b", "c"], footers: ["x", nil, nil])
        model.attach(to: table)
        #expect(table.rectForHeaderInSection(0).height == 0)
        #expect(table.rectForFooterInSection(0).height == table.sectionFooterHeight)
        // Titles change with the rows of section 1 (a batch that touches no other section).
        model.headerTitles = ["a", "b", nil]
        model.footerTitles = [nil, nil, "z"]
        model.rows = [3, 4, 3]
        table.insertRows(at: [IndexPath(row: 3, section: 1)], with: .none)
        #expect(table.rectForHeaderInSection(0).height == table.sectionHeaderHeight)
        #expect(table.rectForHeaderInSection(1).height == table.sectionHeaderHeight)
        #expect(table.rectForHeaderInSection(2).height == 0)
        #expect(table.rectForFooterInSection(0).height == 0)
        #expect(table.rectForFooterInSection(2).height == table.sectionFooterHeight)
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)).minY == table.sectionHeaderHeight)
    }

    @Test("headers are not rows; points outside the content find nothing")
    func hitTesting() {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        let model = ModelSource(rows: [3, 3], headers: ["a", "b"])
        model.attach(to: table)
        #expect(table.indexPathForRow(at: Point(x: 5, y: 5)) == nil)
        #expect(table.indexPathForRow(at: Point(x: 5, y: 30)) == IndexPath(row: 0, section: 0))
        #expect(table.indexPathForRow(at: Point(x: 5, y: -1)) == nil)
        #expect(table.indexPathForRow(at: Point(x: 5, y: 1e9)) == nil)
        #expect(table.indexPathForRow(at: Point(x: 5, y: .nan)) == nil)
    }

    @Test("scrollToRow positions top, middle, bottom and minimal; clamped; animated over ~300 ms")
    func scrollToRow() {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 400))
        let model = ModelSource(rows: [100])
        model.attach(to: table)
        let ip = IndexPath(row: 50, section: 0)
        table.scrollToRow(at: ip, at: .top, animated: false)
        #expect(table.contentOffset.y == 50 * 44)
        table.scrollToRow(at: ip, at: .bottom, animated: false)
        #expect(table.contentOffset.y == 51 * 44 - 400)
        table.scrollToRow(at: ip, at: .middle, animated: false)
        #expect(table.contentOffset.y == 50 * 44 + 22 - 200)
        table.scrollToRow(at: IndexPath(row: 99, section: 0), at: .top, animated: false)
        #expect(table.contentOffset.y == 4400 - 400)   // clamped to the end
        table.scrollToRow(at: IndexPath(row: 0, section: 0), at: .none, animated: true)
        #expect(table.hasRunningAnimations)
        table.advanceAnimations(to: 1.0)
        table.advanceAnimations(to: 1.15)
        let mid = table.contentOffset.y
        #expect(mid > 0 && mid < 3600)
        table.advanceAnimations(to: 1.31)
        #expect(table.contentOffset.y == 0)
        #expect(!table.hasRunningAnimations)
    }
}
