import CGtk
import PoolTable
@testable import PoolTableApp
import Testing

/// `--files DIR` and `--files-synthetic` (issue 25; no display needed).
extension LaunchOptionsTests {
    @Test("--files takes a folder and refuses anything else; --files-synthetic is a flag; both ask for the Files screen")
    func filesOptions() throws {
        func parse(_ build: (UnsafeMutablePointer<GVariantDict>) -> Void) -> Result<LaunchOptions, LaunchError> {
            let dict = g_variant_dict_new(nil)!
            defer { g_variant_dict_unref(dict) }
            build(dict)
            return LaunchOptions.parse(dict)
        }
        let folder = try parse { g_variant_dict_insert_value($0, "files", g_variant_new_bytestring("/usr/share")) }.get()
        #expect(folder.files == "/usr/share" && !folder.filesSynthetic)
        #expect(FilesScreen.isRequested(by: folder))
        guard case let .failure(error) = parse({ g_variant_dict_insert_value($0, "files", g_variant_new_bytestring("/nonexistent/folder")) }) else {
            Issue.record("--files accepted a folder that does not exist")
            return
        }
        #expect(error.message.contains("--files") && error.message.contains("/nonexistent/folder"))
        let synthetic = try parse { g_variant_dict_insert_value($0, "files-synthetic", g_variant_new_boolean(1)) }.get()
        #expect(synthetic.filesSynthetic && synthetic.files == nil)
        #expect(FilesScreen.isRequested(by: synthetic))
        #expect(!FilesScreen.isRequested(by: try parse { _ in }.get()))
        #expect(LaunchOptions.screenNames.contains("files"))
    }
}
