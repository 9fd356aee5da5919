import Glibc
import PoolTableDemoKit

/// Where the app's translations (`<dir>/<lang>/LC_MESSAGES/pooltable.mo`) are looked up,
/// first match wins:
///
/// 1. `POOLTABLE_LOCALEDIR` from the environment;
/// 2. `<executable's dir>/../share/locale`, when it holds a `pooltable.mo` — an installed
///    app, under any prefix (`meson install` puts the catalogs there);
/// 3. the build tree's catalogs, compiled by the CompileCatalogs plugin at build time
///    (`swift run pooltable`, `swift test`), when that directory exists.
///
/// With none of them, the installed location is bound anyway: gettext then finds nothing
/// and every string stays English, silently.
enum CatalogLocation {
    static func localeDirectory() -> String {
        if let dir = getenv("POOLTABLE_LOCALEDIR").map({ String(cString: $0) }), !dir.isEmpty { return dir }
        let installed = executableDirectory().map { $0 + "/../share/locale" }
        if let installed, holdsCatalogs(installed) { return installed }
        if holdsCatalogs(BuildTreeCatalogs.localeDirectory) { return BuildTreeCatalogs.localeDirectory }
        return installed ?? BuildTreeCatalogs.localeDirectory
    }

    /// The directory of the running executable (from /proc/self/exe).
    static func executableDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        let path = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return String(path[..<slash])
    }

    /// Whether `directory` has a `<lang>/LC_MESSAGES/pooltable.mo` for some language.
    static func holdsCatalogs(_ directory: String) -> Bool {
        guard let dir = opendir(directory) else { return false }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix(".") { continue }
            if access(directory + "/" + name + "/LC_MESSAGES/" + Localization.domain + ".mo", R_OK) == 0 { return true }
        }
        return false
    }
}
