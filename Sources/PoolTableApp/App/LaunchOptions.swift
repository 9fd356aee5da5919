import CGtk
import PoolTable
import PoolTableDemoKit
@_spi(Interop) import PoolTableGtk

/// What the command line asked for.
///
/// `g_application_run` rejects options it was not told about, so they are declared with
/// `g_application_add_main_option_entries` and read in `handle-local-options`.
struct LaunchOptions {
    /// `--rows N`: start on the huge list with N uniform rows (at most `maximumRows`).
    var rows: Int?
    /// The most rows `--rows` takes: as many of the huge list's rows as fit in
    /// `TableView.maximumContentHeight`, where every offset stays exact.
    static let maximumRows = TableView.maximumNumberOfRows(rowHeight: HugeListScreen.rowHeight)
    /// `--screen NAME`: the screen to start on.
    var screen: String?
    /// `--version`: print the version and exit.
    var showVersion = false
    /// `--photos DIR`: start on Photos, showing the pictures of DIR.
    var photos: String?
    /// `--files DIR`: start on Files, showing DIR (default: /usr/share).
    var files: String?
    /// `--files-synthetic`: start on Files, showing a generated tree of 1,000,000 nodes.
    var filesSynthetic = false
    /// Whether Photos reads and writes the desktop's thumbnail cache (no option: tests turn it off).
    var usesThumbnailCache = true

    static let screenNames = ["inbox", "huge", "news", "downloads", "photos", "files", "layouts"]

    /// Declares `--rows`, `--screen`, `--photos`, `--files`, `--files-synthetic` and `--version` on `application`.
    static func declare(on application: some GPointer) {
        // GLib keeps pointers to these strings: they must outlive the application.
        let entries = [
            GOptionEntry(long_name: permanentCString("rows"), short_name: 0, flags: 0, arg: G_OPTION_ARG_INT64, arg_data: nil,
                         description: permanentCString(tr("Show a list of N uniform rows (up to {max})", ["max": String(maximumRows)])),
                         arg_description: permanentCString(tr("N"))),
            GOptionEntry(long_name: permanentCString("screen"), short_name: 0, flags: 0, arg: G_OPTION_ARG_STRING, arg_data: nil,
                         description: permanentCString(tr("Start on a screen: {names}", ["names": screenNames.joined(separator: ", ")])),
                         arg_description: permanentCString(tr("NAME"))),
            GOptionEntry(long_name: permanentCString("photos"), short_name: 0, flags: 0, arg: G_OPTION_ARG_FILENAME, arg_data: nil,
                         description: permanentCString(tr("Show the pictures of a folder on the Photos screen")),
                         arg_description: permanentCString(tr("DIR"))),
            GOptionEntry(long_name: permanentCString("files"), short_name: 0, flags: 0, arg: G_OPTION_ARG_FILENAME, arg_data: nil,
                         description: permanentCString(tr("Show a folder on the Files screen (default: /usr/share)")),
                         arg_description: permanentCString(tr("DIR"))),
            GOptionEntry(long_name: permanentCString("files-synthetic"), short_name: 0, flags: 0, arg: G_OPTION_ARG_NONE, arg_data: nil,
                         description: permanentCString(tr("Show a generated tree of 1,000,000 files on the Files screen")), arg_description: nil),
            GOptionEntry(long_name: permanentCString("version"), short_name: 0, flags: 0, arg: G_OPTION_ARG_NONE, arg_data: nil,
                         description: permanentCString(tr("Print the version and exit")), arg_description: nil),
            GOptionEntry(),
        ]
        entries.withUnsafeBufferPointer {
            g_application_add_main_option_entries(application.cast(to: GApplication.self), $0.baseAddress)
        }
    }

    /// Reads the options from `handle-local-options`' dictionary, or says what is wrong.
    static func parse(_ dict: UnsafeMutablePointer<GVariantDict>) -> Result<LaunchOptions, LaunchError> {
        var options = LaunchOptions()
        options.showVersion = g_variant_dict_contains(dict, "version") != 0
        if let value = g_variant_dict_lookup_value(dict, "rows", nil) {
            defer { g_variant_unref(value) }
            let rows = g_variant_get_int64(value)
            guard rows >= 0 else { return .failure(LaunchError(message: tr("--rows must be 0 or more (got {rows})", ["rows": String(rows)]))) }
            guard rows <= maximumRows else {
                return .failure(LaunchError(message: tr("--rows must be at most {max} (got {rows}): more rows of {height} pixels would not fit in the {limit} pixels a list lays out exactly",
                                                        ["max": String(maximumRows), "rows": String(rows),
                                                         "height": String(Int(HugeListScreen.rowHeight)),
                                                         "limit": String(Int(TableView.maximumContentHeight))])))
            }
            options.rows = Int(rows)
        }
        if let value = g_variant_dict_lookup_value(dict, "screen", nil) {
            defer { g_variant_unref(value) }
            let name = String(cString: g_variant_get_string(value, nil))
            guard screenNames.contains(name) else {
                return .failure(LaunchError(message: tr("unknown screen “{name}”; choose one of: {names}", ["name": name, "names": screenNames.joined(separator: ", ")])))
            }
            options.screen = name
        }
        // A folder option: its path, or the error (`notAFolder`'s message) when it is not one.
        func folder(_ key: String, notAFolder: (String) -> String) -> Result<String?, LaunchError> {
            guard let value = g_variant_dict_lookup_value(dict, key, nil) else { return .success(nil) }
            defer { g_variant_unref(value) }
            let path = String(cString: g_variant_get_bytestring(value))
            return g_file_test(path, G_FILE_TEST_IS_DIR) != 0 ? .success(path) : .failure(LaunchError(message: notAFolder(path)))
        }
        switch folder("photos", notAFolder: { tr("--photos: “{path}” is not a folder", ["path": $0]) }) {
        case .success(let path): options.photos = path
        case .failure(let error): return .failure(error)
        }
        switch folder("files", notAFolder: { tr("--files: “{path}” is not a folder", ["path": $0]) }) {
        case .success(let path): options.files = path
        case .failure(let error): return .failure(error)
        }
        options.filesSynthetic = g_variant_dict_contains(dict, "files-synthetic") != 0
        return .success(options)
    }
}

struct LaunchError: Error {
    var message: String
}
