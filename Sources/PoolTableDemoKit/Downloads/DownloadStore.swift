/// One file being downloaded. Progress lives here, in the model, keyed by `id` — never in a
/// cell (field note 004, DocC "The life of a row").
public struct Download: Identifiable, Hashable, Sendable {
    public enum State: String, Sendable { case queued, downloading, paused, done, failed }
    public let id: Int
    public var name: String
    public var size: Int64
    public var state: State
    /// 0...1
    public var progress: Double
    /// Bytes per second while downloading.
    public var speed: Double
}

/// The downloads and a simulated downloader. `tick(elapsed:)` advances every running
/// download (varied speeds, about 3 % failing at a random point) and reports which ids
/// changed; the app calls it from a GLib timer, tests by hand.
@MainActor
public final class DownloadStore {
    public private(set) var downloads: [Download]
    private var rowOfID: [Int: Int] = [:]
    private var failAt: [Int: Double] = [:]
    private var rng: SeededRandom
    /// Called with the ids whose progress or state changed.
    public var onChange: (([Int]) -> Void)?

    public init(count: Int, seed: UInt64 = 4) {
        var rng = SeededRandom(seed: seed)
        let stems = ["ubuntu-24.04-desktop-amd64", "debian-12.8.0-amd64-netinst", "gtk-4.8.3", "swift-6.3-RELEASE-debian12",
                     "cairo-1.18.2", "pango-1.54.0", "fedora-workstation-41", "blender-4.2-linux-x64", "godot-4.3-stable",
                     "inkscape-1.4", "gimp-2.10.38", "libreoffice-24.8", "firefox-133.0", "vlc-3.0.21", "krita-5.2.6"]
        let extensions = ["iso", "tar.xz", "tar.gz", "zip", "AppImage", "deb"]
        downloads = (0..<max(0, count)).map { i in
            let stem = stems[i % stems.count]
            let ext = extensions[(i / stems.count) % extensions.count]
            let size = Int64.random(in: 4_000_000...4_000_000_000, using: &rng)
            return Download(id: i, name: "\(stem)-\(i).\(ext)", size: size, state: .queued, progress: 0,
                            speed: Double.random(in: 0.02...0.35, using: &rng) * Double(size) / 4)
        }
        self.rng = rng
        for (row, d) in downloads.enumerated() { rowOfID[d.id] = row }
    }

    public func row(of id: Int) -> Int? { rowOfID[id] }

    /// Moves a download to another place in the queue (the user reordered it, issue 23):
    /// the one at `from` is at `to` afterwards.
    public func move(from: Int, to: Int) {
        guard downloads.indices.contains(from), downloads.indices.contains(to), from != to else { return }
        downloads.insert(downloads.remove(at: from), at: to)
        for row in min(from, to)...max(from, to) { rowOfID[downloads[row].id] = row }
    }
    public func download(_ id: Int) -> Download? { rowOfID[id].map { downloads[$0] } }

    public func start(_ id: Int) {
        guard let r = rowOfID[id], [.queued, .paused, .failed].contains(downloads[r].state) else { return }
        if downloads[r].state == .failed { downloads[r].progress = 0 }
        downloads[r].state = .downloading
        if failAt[id] == nil && Double.random(in: 0..<1, using: &rng) < 0.03 {
            failAt[id] = Double.random(in: 0.1...0.9, using: &rng)
        }
        onChange?([id])
    }

    public func pause(_ id: Int) {
        guard let r = rowOfID[id], downloads[r].state == .downloading else { return }
        downloads[r].state = .paused
        onChange?([id])
    }

    /// Retry a failed download from the start (it will not fail again).
    public func retry(_ id: Int) {
        guard let r = rowOfID[id], downloads[r].state == .failed else { return }
        failAt[id] = nil
        downloads[r].progress = 0
        downloads[r].state = .downloading
        onChange?([id])
    }

    /// The action a row's button performs, by state.
    public func toggle(_ id: Int) {
        switch download(id)?.state {
        case .queued, .paused: start(id)
        case .downloading: pause(id)
        case .failed: retry(id)
        case .done, nil: break
        }
    }

    public func startAll() {
        var changed: [Int] = []
        let saved = onChange
        onChange = nil
        for d in downloads where d.state == .queued || d.state == .paused { start(d.id); changed.append(d.id) }
        onChange = saved
        if !changed.isEmpty { onChange?(changed) }
    }

    public var activeCount: Int { downloads.lazy.filter { $0.state == .downloading }.count }

    /// Advances every running download by `elapsed` seconds.
    public func tick(elapsed: Double) {
        guard elapsed > 0 else { return }
        var changed: [Int] = []
        for r in downloads.indices where downloads[r].state == .downloading {
            let d = downloads[r]
            var p = d.progress + d.speed * elapsed / Double(d.size)
            if let f = failAt[d.id], p >= f {
                p = f
                downloads[r].state = .failed
                failAt[d.id] = nil
            } else if p >= 1 {
                p = 1
                downloads[r].state = .done
            }
            downloads[r].progress = p
            changed.append(d.id)
        }
        if !changed.isEmpty { onChange?(changed) }
    }
}
