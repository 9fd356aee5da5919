import Foundation
import Testing
@testable import PoolTableDemoKit

/// The gettext layer: placeholders, numbers, plural choice, and the real binary's catalog
/// lookup (build tree, unknown language, partial catalog), run as child processes so the
/// process-wide locale of the other tests is left alone.
@Suite("Localization: tr, trn, numbers, catalog lookup and fallbacks")
struct LocalizationTests {
    @Test("placeholders are filled wherever the translation puts them, repeatedly")
    func placeholders() {
        #expect(fill("{b} then {a}, {a}", ["a": "1", "b": "2"]) == "2 then 1, 1")
        #expect(fill("{missing} stays", ["a": "1"]) == "{missing} stays")
        #expect(tr("Queued · {size}", ["size": "3.4 GB"]) == "Queued · 3.4 GB")
    }

    @Test("numbers: digits grouped, decimals rounded (C locale: English grouping)")
    func numbers() {
        #expect(formatted(0) == "0")
        #expect(formatted(999) == "999")
        #expect(formatted(2_069) == "2,069")
        #expect(formatted(-1_234_567) == "-1,234,567")
        #expect(formatted(0.5, fractionDigits: 2) == "0.50")
        #expect(formatted(1.995, fractionDigits: 1) == "2.0")
        #expect(formattedByteCount(512) == "512 bytes")
        #expect(formattedByteCount(1) == "1 byte")
        #expect(formattedByteCount(730_400_000) == "730.4 MB")
        #expect(formattedByteCount(3_400_000_000) == "3.4 GB")
    }

    @Test("plural forms: English picks by count, with the count formatted")
    func plurals() {
        #expect(trn("{count} message", "{count} messages", count: 1) == "1 message")
        #expect(trn("{count} message", "{count} messages", count: 2_069) == "2,069 messages")
        #expect(trn("{count} message", "{count} messages", count: 0) == "0 messages")
    }

    // MARK: The real binary

    /// Runs the built `pooltable` with `arguments` and extra environment; (status, stdout, stderr).
    func run(_ arguments: [String], environment: [String: String]) throws -> (Int32, String, String) {
        let binary = try #require(Self.binary, "pooltable is not built next to the test bundle")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for key in ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "POOLTABLE_LOCALEDIR"] { env[key] = nil }
        // Under scripts/leak-check.sh the child is an ASan build too: its exit-time leak report
        // (GLib's, the option strings GLib keeps) is not what these tests look at.
        env["ASAN_OPTIONS"] = "detect_leaks=0"
        env.merge(environment) { $1 }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }

    static var binary: String? {
        let bundleDir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var dir = bundleDir.deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("pooltable").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return nil
    }

    @Test("--version prints the last release named in CHANGELOG.md, as GNOME command lines do")
    func version() throws {
        let changelog = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("CHANGELOG.md")
        let text = try String(contentsOf: changelog, encoding: .utf8)
        // The first "## [x.y.z]" heading: the last release ("## [Unreleased]" is not one).
        let heading = text.split(separator: "\n").first { $0.hasPrefix("## [") && $0.dropFirst(4).first?.isNumber == true }
        let release = try #require(heading).dropFirst(4).prefix { $0 != "]" }
        let (status, out, _) = try run(["--version"], environment: [:])
        #expect(status == 0)
        #expect(out == "pooltable \(release)\n")
    }

    @Test("LANGUAGE=zh_CN: the build tree's catalog is found with no install, also with LANG unset")
    func chineseFromBuildTree() throws {
        for lang in ["C.UTF-8", "C", ""] {
            let (status, out, _) = try run(["--help"], environment: ["LANGUAGE": "zh_CN", "LANG": lang])
            #expect(status == 0)
            #expect(out.contains("打印版本号并退出"), "LANG=\(lang): \(out)")
        }
        let (status, _, err) = try run(["--screen", "nowhere"], environment: ["LANGUAGE": "zh_CN"])
        #expect(status == 2)
        #expect(err.hasPrefix("pooltable: 未知页面“nowhere”；可选：inbox, huge, news, downloads"))
    }

    @Test("an unknown language or a missing catalog: English, and not a word on stderr")
    func unknownLanguage() throws {
        for env in [["LANGUAGE": "xx_YY"], ["LANGUAGE": "zh_CN", "POOLTABLE_LOCALEDIR": "/nonexistent"]] {
            let (status, out, err) = try run(["--help"], environment: env)
            #expect(status == 0)
            #expect(out.contains("Print the version and exit"))
            #expect(err.isEmpty, "\(env): \(err)")
        }
    }

    @Test("a partial translation shows English for the messages it lacks")
    func partialCatalog() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pooltable-partial-\(getpid())")
        defer { try? FileManager.default.removeItem(at: dir) }
        let messages = dir.appendingPathComponent("fr/LC_MESSAGES")
        try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
        let po = dir.appendingPathComponent("fr.po")
        try """
            msgid ""
            msgstr "Content-Type: text/plain; charset=UTF-8\\n"

            msgid "Print the version and exit"
            msgstr "Afficher la version et quitter"
            """.write(to: po, atomically: true, encoding: .utf8)
        let msgfmt = Process()
        msgfmt.executableURL = URL(fileURLWithPath: "/usr/bin/msgfmt")
        msgfmt.arguments = ["-o", messages.appendingPathComponent("pooltable.mo").path, po.path]
        try msgfmt.run()
        msgfmt.waitUntilExit()
        #expect(msgfmt.terminationStatus == 0)

        let (status, out, err) = try run(["--help"], environment: ["LANGUAGE": "fr", "POOLTABLE_LOCALEDIR": dir.path])
        #expect(status == 0)
        #expect(out.contains("Afficher la version et quitter"))
        #expect(out.contains("Show a list of N uniform rows"))
        #expect(err.isEmpty)
    }
}
