import Testing
@testable import PoolTable

@MainActor
@Suite("Scale")
struct ScaleTests {
    @Test("1,000,000 rows with delegate heights: load, scroll to top, middle, end; geometry right")
    func millionDelegateHeights() {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 800, height: 600))
        let model = ModelSource(rows: [1_000_000], heights: { $0.row % 7 == 0 ? 88 : 44 })
        model.attach(to: table)
        // 142,858 rows of 88 (rows 0, 7, … 999,999) and the rest 44.
        let tall = (1_000_000 + 6) / 7
        #expect(table.contentSize.height == Double(tall) * 88 + Double(1_000_000 - tall) * 44)
        for y in [0.0, table.contentSize.height / 2, table.contentSize.height] {
            table.contentOffset = Point(x: 0, y: y)
            #expect(mountedStateProblems(table, model: model) == [])
        }
        #expect(table.indexPathsForVisibleRows.last == IndexPath(row: 999_999, section: 0))
        let ip = IndexPath(row: 654_321, section: 0)
        let r = table.rectForRow(at: ip)
        let expectedY = Double((654_321 + 6) / 7) * 88 + Double(654_321 - (654_321 + 6) / 7) * 44
        #expect(r.minY == expectedY)
        #expect(table.indexPathForRow(at: Point(x: 1, y: r.minY + 1)) == ip)
    }

    @Test("100,000,000 uniform rows: O(1) memory per section, scroll to the end")
    func hundredMillionUniform() {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 800, height: 600))
        let model = ModelSource(rows: [100_000_000])
        model.attach(to: table)
        #expect(table.listLayout.storage.sections[0].rows.isUniform)
        #expect(table.contentSize.height == 4_400_000_000)
        table.contentOffset = Point(x: 0, y: 2_200_000_000)
        #expect(table.indexPathsForVisibleRows.first == IndexPath(row: 50_000_000, section: 0))
        table.contentOffset = Point(x: 0, y: .greatestFiniteMagnitude)
        #expect(table.indexPathsForVisibleRows.last == IndexPath(row: 99_999_999, section: 0))
        #expect(mountedStateProblems(table, model: model) == [])
        #expect(table.rectForRow(at: IndexPath(row: 99_999_999, section: 0)).maxY == 4_400_000_000)
        #expect(model.cellForRowCalls < 200)
    }

    @Test("1,000 sections of 1,000 rows")
    func manySections() {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 800, height: 600))
        let model = ModelSource(rows: Array(repeating: 1000, count: 1000), headers: (0..<1000).map { "S\($0)" })
        model.attach(to: table)
        let h = table.contentSize.height
        #expect(h == 1000 * (table.sectionHeaderHeight + 44_000))
        for y in stride(from: 0.0, to: h, by: h / 37) {
            table.contentOffset = Point(x: 0, y: y)
            #expect(mountedStateProblems(table, model: model) == [])
        }
        table.scrollToRow(at: IndexPath(row: 999, section: 999), at: .bottom, animated: false)
        #expect(table.contentOffset.y == h - 600)
    }
}
