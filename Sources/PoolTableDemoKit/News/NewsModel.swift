import Foundation

/// A news story: the feed's own content. Rows are of very different heights (one-line to
/// five-line headlines, no summary to a long one, with or without a thumbnail).
public struct Story: Hashable, Sendable {
    public let id: Int
    public var source: String
    public var time: String
    public var headline: String
    public var summary: String
    /// Whether the row shows a thumbnail square on the right (narrower text).
    public var hasThumbnail: Bool
    /// The thumbnail's colour (0xRRGGBB).
    public var tint: UInt32
}

/// A third-party ad, loaded late and inserted between stories
/// (seeds/002_9848c4aae18f326c.txt).
public struct Ad: Hashable, Sendable {
    public let id: Int
    /// Which batch of ads it arrived with (1 = the first).
    public var batch: Int
    public var advertiser: String
    public var title: String
    public var body: String
    public var action: String
}

/// One row of the feed.
public enum NewsItem: Hashable, Sendable, Identifiable {
    case story(Story)
    case ad(Ad)

    public var id: Int {
        switch self {
        case .story(let s): s.id
        case .ad(let a): a.id
        }
    }
    public var isAd: Bool { if case .ad = self { true } else { false } }
    public var story: Story? { if case .story(let s) = self { s } else { nil } }
    public var ad: Ad? { if case .ad(let a) = self { a } else { nil } }
}

/// Deterministic generated news: the same seed always gives the same feed.
public enum NewsGenerator {
    /// Ad ids start here (story ids are 0..<count).
    public static let firstAdID = 1_000_000

    public static func stories(count: Int, seed: UInt64 = 0x6e_e5) -> [Story] {
        var rng = SeededRandom(seed: seed)
        let n = max(0, count)
        return (0..<n).map { i in story(i, of: n, rng: &rng) }
    }

    /// The ads of batch `batch`, `count` of them, with ids from `firstID`.
    public static func ads(batch: Int, count: Int, firstID: Int) -> [Ad] {
        var rng = SeededRandom(seed: 0xad_5eed &+ UInt64(max(0, batch)))
        return (0..<max(0, count)).map { k in
            let a = advertisers[Int.random(in: 0..<advertisers.count, using: &rng)]
            var lines = adLines
            let body = (0..<Int.random(in: 1...3, using: &rng)).map { _ in lines.remove(at: Int.random(in: 0..<lines.count, using: &rng)) }
                .joined(separator: " ")
            return Ad(id: firstID + k, batch: batch, advertiser: a.name, title: a.title, body: body, action: a.action)
        }
    }

    // MARK: Private

    private static func story(_ i: Int, of count: Int, rng: inout SeededRandom) -> Story {
        func pick(_ list: [String]) -> String { list[Int.random(in: 0..<list.count, using: &rng)] }
        // Headlines: a template, sometimes followed by a clause or two, so they wrap to 1–5 lines.
        var headline = pick(headlines)
            .replacingFirst("{place}", with: pick(places))
            .replacingFirst("{thing}", with: pick(things))
            .replacingFirst("{group}", with: pick(groups))
            .replacingFirst("{number}", with: String(Int.random(in: 2...98, using: &rng)))
        let clauses = [0, 0, 0, 1, 1, 2][Int.random(in: 0..<6, using: &rng)]
        var clauseList = headlineClauses
        for _ in 0..<clauses {
            let k = Int.random(in: 0..<clauseList.count, using: &rng)
            headline += clauseList.remove(at: k).replacingFirst("{place}", with: pick(places))
        }
        // Summaries: none, a line, or a paragraph.
        let sentences = [0, 1, 1, 2, 2, 3, 4, 6][Int.random(in: 0..<8, using: &rng)]
        var lines = summaryLines
        let summary = (0..<sentences).map { _ in
            lines.remove(at: Int.random(in: 0..<lines.count, using: &rng))
                .replacingFirst("{thing}", with: pick(things)).replacingFirst("{group}", with: pick(groups))
        }.joined(separator: " ")
        let minutes = 2 + (i * 7 * 24 * 60) / max(1, count)      // newest first, over a week
        let time = minutes < 60 ? "\(minutes) min ago" : minutes < 24 * 60 ? "\(minutes / 60) h ago" : "\(minutes / (24 * 60)) d ago"
        return Story(id: i, source: pick(sources), time: time, headline: headline, summary: summary,
                     hasThumbnail: Int.random(in: 0..<10, using: &rng) < 4, tint: tints[Int.random(in: 0..<tints.count, using: &rng)])
    }

    private static let sources = [
        "The Daily Scroll", "Pool & Row", "Reuse Times", "Viewport Gazette", "The Layout Pass", "Frame Clock News",
        "Anchor Post", "Cell Courier", "Heap Herald", "Offset Observer", "The Batch Update", "Main Loop Monitor",
    ]

    private static let headlines = [
        "{group} in {place} vote to keep the top story where it is",
        "New {thing} promises smoother scrolling for {number} million readers",
        "Why the {thing} jumped: investigators retrace the insert at row {number}",
        "{place} opens its first museum of recycled table cells",
        "Markets steady as {group} report record {thing} sales",
        "Study: {number} % of readers lose their place when a list reloads",
        "{group} unveil a {thing} that measures itself before it is seen",
        "Weather: clear skies over {place}, light estimates in the afternoon",
        "Opinion: the {thing} is not the problem, the offset is",
        "{place} council approves {number} new bike lanes",
        "Scientists in {place} map every pixel of a {thing}",
        "Local {group} win the regional {thing} championship",
        "Inside the lab where {group} test {number} scroll wheels a day",
        "Review: a {thing} that finally keeps up",
        "{number} things we learned from the {place} conference",
    ]

    private static let headlineClauses = [
        ", and the debate is far from over", " as officials in {place} weigh in", " — but not everyone is convinced",
        ", a first for the region", " after a decade of delays", " while critics ask who pays",
    ]

    private static let places = [
        "Lisbon", "Osaka", "Nairobi", "Reykjavík", "Montréal", "Valparaíso", "Tbilisi", "Ljubljana", "Hobart", "Kraków",
        "Chiang Mai", "Bergen",
    ]

    private static let things = [
        "reuse pool", "progress bar", "news feed", "scroll bar", "height index", "table view", "frame clock",
        "layout engine", "checkbox", "banner ad",
    ]

    private static let groups = [
        "Engineers", "Librarians", "Students", "Designers", "Cyclists", "Farmers", "Archivists", "Volunteers",
    ]

    private static let summaryLines = [
        "The proposal would change how the {thing} is maintained across the city.",
        "Officials said the details would be published next week.",
        "{group} gathered outside the hall long before the doors opened.",
        "Early measurements suggest the effect is small but consistent.",
        "The change had been requested by readers for years.",
        "Critics argue that the {thing} should have been replaced instead.",
        "A spokesperson declined to comment on the timeline.",
        "The full report runs to more than two hundred pages, most of them tables.",
        "Nobody noticed the difference at first, which was exactly the point.",
        "Previous attempts stalled when the budget ran out.",
        "{group} say they will keep a close eye on the results.",
        "The first phase is expected to finish before the summer.",
    ]

    private static let tints: [UInt32] = [0x3584e4, 0x2ec27e, 0xe5a50a, 0xc061cb, 0xe66100, 0x1c71d8, 0x26a269, 0x986a44]

    private static let advertisers: [(name: String, title: String, action: String)] = [
        ("Acme Hosting", "Servers that never scroll away", "Learn more"),
        ("Pixel Coffee", "Two espressos for the price of one estimate", "Order now"),
        ("Fenwick Bank", "Savings that grow in O(log n)", "Open an account"),
        ("Cairo Paints", "Every colour, antialiased", "See the range"),
        ("Pango Travel", "Fly anywhere, wrap at any width", "Book a trip"),
        ("Viewport Glasses", "See more of what matters", "Try them on"),
    ]

    private static let adLines = [
        "Limited offer for readers of this feed.",
        "Trusted by thousands of developers.",
        "No hidden fees, no layout shifts.",
        "Free delivery on your first order.",
        "Cancel any time.",
    ]
}

extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
