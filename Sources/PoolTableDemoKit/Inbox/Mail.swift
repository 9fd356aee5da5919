/// One message in the demo inbox.
public struct Mail: Hashable, Sendable {
    public var sender: String
    public var subject: String
    public var preview: String
    /// How many preview lines the row shows (0, 1 or 2); decides the row height.
    public var previewLines: Int
    public var time: String
    public var isUnread: Bool
}

/// A section of the inbox: a date bucket and its messages, newest first.
public struct MailSection: Hashable, Sendable {
    public var title: String
    public var mails: [Mail]
}

/// Realistic, deterministic mail: the same seed always gives the same inbox.
public enum MailGenerator {
    /// The inbox's date buckets (in the user's language) and how many messages each holds.
    public static var buckets: [(title: String, count: Int)] {
        [
            (tr("Today"), 14), (tr("Yesterday"), 22), (tr("This Week"), 48), (tr("Last Week"), 75),
            (tr("Earlier This Month"), 110), (tr("Last Month"), 180), (tr("Earlier This Year"), 420), (tr("Older"), 1_200),
        ]
    }

    /// The inbox, written in the user's language (the words are looked up once per call).
    public static func inbox(seed: UInt64 = 0x5eed_0f_1ab1e) -> [MailSection] {
        var rng = SplitMix64(seed: seed)
        let words = Words()
        return buckets.enumerated().map { index, bucket in
            MailSection(title: bucket.title, mails: (0..<bucket.count).map { row in
                mail(bucket: index, row: row, count: bucket.count, words: words, rng: &rng)
            })
        }
    }

    // MARK: Private

    private static func mail(bucket: Int, row: Int, count: Int, words: Words, rng: inout SplitMix64) -> Mail {
        let (subjects, topics, previews, weekdays) = (words.subjects, words.topics, words.previews, words.weekdays)
        let sender = senders[rng.below(senders.count)]
        let subject = subjects[rng.below(subjects.count)]
            .replacingFirst("{topic}", with: topics[rng.below(topics.count)])
            .replacingFirst("{day}", with: weekdays[rng.below(weekdays.count)])
        let lines = [0, 1, 2, 2, 1, 2][rng.below(6)]
        var preview = ""
        if lines > 0 {
            let sentences = lines == 1 ? 1 + rng.below(2) : 3 + rng.below(3)
            preview = (0..<sentences).map { _ in previews[rng.below(previews.count)] }.joinedSentences()
                .replacingFirst("{topic}", with: topics[rng.below(topics.count)].lowercased())
        }
        // Newer buckets hold more unread mail.
        let unreadOdds = [0.7, 0.45, 0.3, 0.15, 0.08, 0.04, 0.02, 0.01][bucket]
        return Mail(sender: sender, subject: subject, preview: preview, previewLines: lines,
                    time: time(bucket: bucket, row: row, count: count, words: words, rng: &rng), isUnread: rng.unit() < unreadOdds)
    }

    /// Times go back as rows go down: clock times today, weekdays this week, dates after.
    private static func time(bucket: Int, row: Int, count: Int, words: Words, rng: inout SplitMix64) -> String {
        let weekdays = words.weekdays
        let progress = Double(row) / Double(max(1, count))
        switch bucket {
        case 0:
            let minutes = Int((1 - progress) * 9 * 60) + 8 * 60
            return "\(minutes / 60):" + (minutes % 60 < 10 ? "0" : "") + "\(minutes % 60)"
        case 1: return tr("Yesterday")
        case 2: return weekdays[min(4, Int(progress * 5))]
        case 3: return weekdays[min(6, Int(progress * 7))]
        // Translators: a day of March in the inbox's time column, "24 Mar".
        case 4: return tr("{day} Mar", ["day": String(max(1, 24 - Int(progress * 14)))])
        case 5: return tr("{day} Feb", ["day": String(max(1, 28 - Int(progress * 27)))])
        case 6: return tr("{day} Jan", ["day": String(max(1, 31 - Int(progress * 30)))])
        default:
            let year = 2023 - Int(progress * 6)
            // Translators: a short date in the inbox's time column, day/month/two-digit year.
            return tr("{day}/{month}/{year}", ["day": String(1 + rng.below(28)), "month": String(1 + rng.below(12)),
                                               "year": (year % 100 < 10 ? "0" : "") + String(year % 100)])
        }
    }

    private static let senders = [
        "Ada Lovelace", "Grace Hopper", "Linus Ekström", "Margaret Hamilton", "Tomás Oliveira", "Priya Raman",
        "GNOME Foundation", "Flathub", "Sofia Kovalenko", "Yuki Tanaka", "Olumide Adeyemi", "Mei Lin",
        "Jonas Becker", "Amélie Laurent", "GitLab", "Calendar", "Noor Haddad", "Lars Nilsson", "Chiara Rossi",
        "Build Bot", "Diego Fernández", "Hannah Schmidt", "Team Standup", "Aisha Karimi", "Ravi Shankar",
    ]

    /// The generator's words in the user's language, looked up once per inbox.
    private struct Words {
        let subjects = [
            tr("Re: {topic} review"), tr("Notes from {day}'s meeting"), tr("{topic}: first draft attached"), tr("Quick question about {topic}"),
            tr("Fwd: {topic} numbers"), tr("Your {topic} report is ready"), tr("Lunch {day}?"), tr("[pooltable] {topic} (#482)"),
            tr("Reminder: {topic} sync on {day}"), tr("Thanks for the help with {topic}"), tr("Invitation: {topic} planning"),
            tr("Pipeline #9312 passed"), tr("Re: Re: {topic}"), tr("Travel plans for {day}"), tr("New comment on \"{topic}\""),
        ]

        let topics = [
            tr("Scroll anchoring"), tr("Reuse pool"), tr("Release 0.1"), tr("Row heights"), tr("Edit mode"), tr("Accessibility"),
            tr("Budget Q3"), tr("Dark theme"), tr("Kinetic scrolling"), tr("Onboarding"), tr("Design review"), tr("Batch updates"),
        ]

        let previews = [
            tr("I had a look at the latest changes and they read well."),
            tr("Could you take another pass at the {topic} section before Friday?"),
            tr("The numbers are in the spreadsheet; the second tab has the breakdown by month."),
            tr("Let me know if the new build still shows the jump when rows are inserted above."),
            tr("We moved the meeting to the small room on the third floor."),
            tr("Attached are the screenshots from the test run on the older laptop."),
            tr("No rush on this, but it would be good to settle it this week."),
            tr("Thanks again, this saved us a lot of time."),
            tr("The checkbox animation feels right now; the bounce is subtle enough."),
            tr("I think we should keep the prepared rows visible in the debug overlay."),
            tr("Can we make sure the selection survives a reload?"),
            tr("Here is the summary you asked for, with links to the detailed notes."),
        ]

        let weekdays = [tr("Monday"), tr("Tuesday"), tr("Wednesday"), tr("Thursday"), tr("Friday"), tr("Saturday"), tr("Sunday")]
    }
}

/// A small, fast, seedable generator (Steele, Lea & Flood's SplitMix64).
struct SplitMix64 {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    /// Uniform in 0..<n.
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(1, n))) }
    /// Uniform in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
