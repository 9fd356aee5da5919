import CGtk
import PoolTable
@testable import PoolTableApp
import Testing

/// `--rows`: every count up to the table's maximum is taken, the first beyond it refused
/// with a message that names the maximum (no display needed).
@MainActor
@Suite("Launch options")
struct LaunchOptionsTests {
    /// What `parse` makes of `--rows value`.
    func parseRows(_ value: Int64) -> Result<LaunchOptions, LaunchError> {
        let dict = g_variant_dict_new(nil)!
        defer { g_variant_dict_unref(dict) }
        g_variant_dict_insert_value(dict, "rows", g_variant_new_int64(gint64(value)))
        return LaunchOptions.parse(dict)
    }

    @Test("--rows takes up to the most 48-pixel rows that fit in TableView.maximumContentHeight, and refuses one more")
    func rowsLimit() throws {
        let max = LaunchOptions.maximumRows
        #expect(max == TableView.maximumNumberOfRows(rowHeight: HugeListScreen.rowHeight))
        #expect(max == 1_466_015_503_701)
        #expect(try parseRows(Int64(max)).get().rows == max)
        #expect(try parseRows(1_000_000_000_000).get().rows == 1_000_000_000_000)
        #expect(try parseRows(0).get().rows == 0)
        for refused in [Int64(max) + 1, 1_000_000_000_000_000, Int64.max] {
            guard case let .failure(error) = parseRows(refused) else {
                Issue.record("--rows \(refused) was accepted")
                continue
            }
            #expect(error.message.contains("--rows"))
            #expect(error.message.contains(String(max)))
            #expect(error.message.contains(String(refused)))
        }
        guard case .failure = parseRows(-1) else { Issue.record("--rows -1 was accepted"); return }
    }
}
