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
/// (field note 002, DocC "The life of a row").
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
        let words = Words()
        return (0..<n).map { i in story(i, of: n, words: words, rng: &rng) }
    }

    /// The ads of batch `batch`, `count` of them, with ids from `firstID`.
    public static func ads(batch: Int, count: Int, firstID: Int) -> [Ad] {
        var rng = SeededRandom(seed: 0xad_5eed &+ UInt64(max(0, batch)))
        let words = Words()
        let (advertisers, adLines) = (words.advertisers, words.adLines)
        return (0..<max(0, count)).map { k in
            let a = advertisers[Int.random(in: 0..<advertisers.count, using: &rng)]
            var lines = adLines
            let body = (0..<Int.random(in: 1...3, using: &rng)).map { _ in lines.remove(at: Int.random(in: 0..<lines.count, using: &rng)) }
                .joinedSentences()
            return Ad(id: firstID + k, batch: batch, advertiser: a.name, title: a.title, body: body, action: a.action)
        }
    }

    // MARK: Private

    private static func story(_ i: Int, of count: Int, words: Words, rng: inout SeededRandom) -> Story {
        let (headlines, headlineClauses, places, things, groups, summaryLines) =
            (words.headlines, words.headlineClauses, words.places, words.things, words.groups, words.summaryLines)
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
        }.joinedSentences()
        let minutes = 2 + (i * 7 * 24 * 60) / max(1, count)      // newest first, over a week
        let time = minutes < 60 ? trn("{count} min ago", "{count} min ago", count: minutes)
            : minutes < 24 * 60 ? trn("{count} h ago", "{count} h ago", count: minutes / 60)
            : trn("{count} d ago", "{count} d ago", count: minutes / (24 * 60))
        return Story(id: i, source: pick(sources), time: time, headline: headline, summary: summary,
                     hasThumbnail: Int.random(in: 0..<10, using: &rng) < 4, tint: tints[Int.random(in: 0..<tints.count, using: &rng)])
    }

    private static let sources = [
        "The Daily Scroll", "Pool & Row", "Reuse Times", "Viewport Gazette", "The Layout Pass", "Frame Clock News",
        "Anchor Post", "Cell Courier", "Heap Herald", "Offset Observer", "The Batch Update", "Main Loop Monitor",
    ]

    private static let tints: [UInt32] = [0x3584e4, 0x2ec27e, 0xe5a50a, 0xc061cb, 0xe66100, 0x1c71d8, 0x26a269, 0x986a44]

    /// The generator's words in the user's language, looked up once per feed or ad batch.
    /// Outlet and advertiser names are names, not translated.
    private struct Words {
        let headlines = [
            tr("{group} in {place} vote to keep the top story where it is"),
            tr("New {thing} promises smoother scrolling for {number} million readers"),
            tr("Why the {thing} jumped: investigators retrace the insert at row {number}"),
            tr("{place} opens its first museum of recycled table cells"),
            tr("Markets steady as {group} report record {thing} sales"),
            tr("Study: {number} % of readers lose their place when a list reloads"),
            tr("{group} unveil a {thing} that measures itself before it is seen"),
            tr("Weather: clear skies over {place}, light estimates in the afternoon"),
            tr("Opinion: the {thing} is not the problem, the offset is"),
            tr("{place} council approves {number} new bike lanes"),
            tr("Scientists in {place} map every pixel of a {thing}"),
            tr("Local {group} win the regional {thing} championship"),
            tr("Inside the lab where {group} test {number} scroll wheels a day"),
            tr("Review: a {thing} that finally keeps up"),
            tr("{number} things we learned from the {place} conference"),
        ]

        let headlineClauses = [
            tr(", and the debate is far from over"), tr(" as officials in {place} weigh in"), tr(" — but not everyone is convinced"),
            tr(", a first for the region"), tr(" after a decade of delays"), tr(" while critics ask who pays"),
        ]

        let places = [
            tr("Lisbon"), tr("Osaka"), tr("Nairobi"), tr("Reykjavík"), tr("Montréal"), tr("Valparaíso"), tr("Tbilisi"), tr("Ljubljana"), tr("Hobart"), tr("Kraków"),
            tr("Chiang Mai"), tr("Bergen"),
        ]

        let things = [
            tr("reuse pool"), tr("progress bar"), tr("news feed"), tr("scroll bar"), tr("height index"), tr("table view"), tr("frame clock"),
            tr("layout engine"), tr("checkbox"), tr("banner ad"),
        ]

        let groups = [
            tr("Engineers"), tr("Librarians"), tr("Students"), tr("Designers"), tr("Cyclists"), tr("Farmers"), tr("Archivists"), tr("Volunteers"),
        ]

        let summaryLines = [
            tr("The proposal would change how the {thing} is maintained across the city."),
            tr("Officials said the details would be published next week."),
            tr("{group} gathered outside the hall long before the doors opened."),
            tr("Early measurements suggest the effect is small but consistent."),
            tr("The change had been requested by readers for years."),
            tr("Critics argue that the {thing} should have been replaced instead."),
            tr("A spokesperson declined to comment on the timeline."),
            tr("The full report runs to more than two hundred pages, most of them tables."),
            tr("Nobody noticed the difference at first, which was exactly the point."),
            tr("Previous attempts stalled when the budget ran out."),
            tr("{group} say they will keep a close eye on the results."),
            tr("The first phase is expected to finish before the summer."),
        ]

        let advertisers: [(name: String, title: String, action: String)] = [
            ("Acme Hosting", tr("Servers that never scroll away"), tr("Learn more")),
            ("Pixel Coffee", tr("Two espressos for the price of one estimate"), tr("Order now")),
            ("Fenwick Bank", tr("Savings that grow in O(log n)"), tr("Open an account")),
            ("Cairo Paints", tr("Every colour, antialiased"), tr("See the range")),
            ("Pango Travel", tr("Fly anywhere, wrap at any width"), tr("Book a trip")),
            ("Viewport Glasses", tr("See more of what matters"), tr("Try them on")),
        ]

        let adLines = [
            tr("Limited offer for readers of this feed."),
            tr("Trusted by thousands of developers."),
            tr("No hidden fees, no layout shifts."),
            tr("Free delivery on your first order."),
            tr("Cancel any time."),
        ]
    }
}

extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = firstRange(of: target) else { return self }
        var result = self
        result.replaceSubrange(range, with: replacement)
        return result
    }
}
