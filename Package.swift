// swift-tools-version:6.2
// 6.2 is the real minimum: the tests use Swift Testing's exit tests (`#expect(processExitsWith:)`,
// Swift 6.2), so an older toolchain is refused here with a clear message instead of failing
// later in the tests. Developed with Swift 6.3.1.
import PackageDescription

let package = Package(
    name: "PoolTable",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "PoolTable", targets: ["PoolTable"]),
        .library(name: "PoolTableGtk", targets: ["PoolTableGtk"]),
        .executable(name: "pooltable", targets: ["PoolTableDemo"]),
        .executable(name: "pooltable-bench", targets: ["PoolTableBench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // DocC: `swift package generate-documentation --target PoolTable` (see docs/USING.md).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The C world: GTK 4, Pango, cairo through pkg-config. No shim is needed.
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "gtk4",
            providers: [.apt(["libgtk-4-dev"])]
        ),
        // The app's GResource bundle (style.css, gtk/help-overlay.ui, icons), compiled to C by
        // scripts/regenerate-resources.sh. CGtk only supplies gtk4's include flags (gio.h).
        .target(name: "PoolTableResources", dependencies: ["CGtk"]),
        // glibc's gettext and locale functions (Swift's Glibc module leaves libintl.h out).
        .systemLibrary(name: "CGettext"),
        // The engine: pure Swift, no GTK.
        // POOLTABLE_INTERNAL_CHECKS (debug builds: `swift test`, CI) checks the core's
        // invariants after every layout pass and batch update (Core/ListBase+Invariants.swift).
        .target(
            name: "PoolTable",
            dependencies: [.product(name: "Logging", package: "swift-log")],
            swiftSettings: [.define("POOLTABLE_INTERNAL_CHECKS", .when(configuration: .debug))]
        ),
        // libexif: the thumbnail a camera embeds in a JPEG (PoolTableGtk's Pictures/ExifThumbnail.swift).
        .systemLibrary(
            name: "CExif",
            pkgConfig: "libexif",
            providers: [.apt(["libexif-dev"])]
        ),
        // The GTK 4 shell: hosts a TableView in a scrollable drawing area.
        .target(name: "PoolTableGtk", dependencies: ["PoolTable", "CGtk", "CExif"]),
        // The app's GTK-free half: demo models, simulations and cells, testable headless.
        // Its Localization/ folder is the app's gettext layer (tr, trn, locale-formatted numbers).
        .target(name: "PoolTableDemoKit", dependencies: ["PoolTable", "CGettext"]),
        // The app: window, header bar, screens (a library, so GUI tests can drive it) …
        // CompileCatalogs compiles po/*.po with msgfmt at build time, so `swift run pooltable`
        // finds the translations in the build tree with no install (see po/README.md).
        .target(name: "PoolTableApp",
                dependencies: ["PoolTableGtk", "PoolTable", "PoolTableDemoKit", "CGtk", "CGettext", "PoolTableResources"],
                plugins: ["CompileCatalogs"]),
        // … and its entry point.
        .executableTarget(name: "PoolTableDemo", dependencies: ["PoolTableApp"]),
        // Benchmarks: engine figures and the side-by-side run against GtkListView.
        .executableTarget(name: "PoolTableBench", dependencies: ["PoolTableGtk", "PoolTable", "CGtk", "CExif", "PoolTableDemoKit"]),
        // Build tool: po/*.po → <plugin work dir>/locale/<lang>/LC_MESSAGES/pooltable.mo, and a
        // Swift file naming that directory.
        .plugin(name: "CompileCatalogs", capability: .buildTool()),
        // Shared test fixtures (issue 34): the one configurable table source and grid source.
        // A regular target that only test targets depend on (test targets cannot import each other).
        .target(name: "PoolTableTestSupport", dependencies: ["PoolTable"], path: "Tests/PoolTableTestSupport"),
        .testTarget(name: "PoolTableTests", dependencies: ["PoolTable", "PoolTableDemoKit", "PoolTableTestSupport"]),
        .testTarget(name: "PoolTableDemoKitTests", dependencies: ["PoolTableDemoKit", "PoolTable"]),
        // UIKit-style source compiled through renames only (issue 22; docs/PORTING.md).
        .testTarget(name: "UIKitPortTests", dependencies: ["PoolTable"]),
        .testTarget(name: "PoolTableGtkTests", dependencies: ["PoolTableGtk", "PoolTable", "CGtk", "CExif", "PoolTableDemoKit", "PoolTableApp", "PoolTableTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
