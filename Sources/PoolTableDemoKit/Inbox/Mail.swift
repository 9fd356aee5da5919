import Foundation

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
    /// The inbox's date buckets and how many messages each holds.
    public static let buckets: [(title: String, count: Int)] = [
        ("Today", 14), ("Yesterday", 22), ("This Week", 48), ("Last Week", 75),
        ("Earlier This Month", 110), ("Last Month", 180), ("Earlier This Year", 420), ("Older", 1_200),
    ]

    public static func inbox(seed: UInt64 = 0x5eed_0f_1ab1e) -> [MailSection] {
        var rng = SplitMix64(seed: seed)
        return buckets.enumerated().map { index, bucket in
            MailSection(title: bucket.title, mails: (0..<bucket.count).map { row in
                mail(bucket: index, row: row, count: bucket.count, rng: &rng)
            })
        }
    }

    // MARK: Private

    private static func mail(bucket: Int, row: Int, count: Int, rng: inout SplitMix64) -> Mail {
        let sender = senders[rng.below(senders.count)]
        let subject = subjects[rng.below(subjects.count)]
            .replacingFirst("{topic}", with: topics[rng.below(topics.count)])
            .replacingFirst("{day}", with: weekdays[rng.below(weekdays.count)])
        let lines = [0, 1, 2, 2, 1, 2][rng.below(6)]
        var preview = ""
        if lines > 0 {
            let sentences = lines == 1 ? 1 + rng.below(2) : 3 + rng.below(3)
            preview = (0..<sentences).map { _ in previews[rng.below(previews.count)] }.joined(separator: " ")
                .replacingFirst("{topic}", with: topics[rng.below(topics.count)].lowercased())
        }
        // Newer buckets hold more unread mail.
        let unreadOdds = [0.7, 0.45, 0.3, 0.15, 0.08, 0.04, 0.02, 0.01][bucket]
        return Mail(sender: sender, subject: subject, preview: preview, previewLines: lines,
                    time: time(bucket: bucket, row: row, count: count, rng: &rng), isUnread: rng.unit() < unreadOdds)
    }

    /// Times go back as rows go down: clock times today, weekdays this week, dates after.
    private static func time(bucket: Int, row: Int, count: Int, rng: inout SplitMix64) -> String {
        let progress = Double(row) / Double(max(1, count))
        switch bucket {
        case 0:
            let minutes = Int((1 - progress) * 9 * 60) + 8 * 60
            return "\(minutes / 60):" + (minutes % 60 < 10 ? "0" : "") + "\(minutes % 60)"
        case 1: return "Yesterday"
        case 2: return weekdays[min(4, Int(progress * 5))]
        case 3: return weekdays[min(6, Int(progress * 7))]
        case 4: return "\(max(1, 24 - Int(progress * 14))) Mar"
        case 5: return "\(max(1, 28 - Int(progress * 27))) Feb"
        case 6: return "\(max(1, 31 - Int(progress * 30))) Jan"
        default:
            let year = 2023 - Int(progress * 6)
            return "\(1 + rng.below(28))/\(1 + rng.below(12))/\(year % 100 < 10 ? "0" : "")\(year % 100)"
        }
    }

    private static let senders = [
        "Ada Lovelace", "Grace Hopper", "Linus Ekström", "Margaret Hamilton", "Tomás Oliveira", "Priya Raman",
        "GNOME Foundation", "Flathub", "Sofia Kovalenko", "Yuki Tanaka", "Olumide Adeyemi", "Mei Lin",
        "Jonas Becker", "Amélie Laurent", "GitLab", "Calendar", "Noor Haddad", "Lars Nilsson", "Chiara Rossi",
        "Build Bot", "Diego Fernández", "Hannah Schmidt", "Team Standup", "Aisha Karimi", "Ravi Shankar",
    ]

    private static let subjects = [
        "Re: {topic} review", "Notes from {day}'s meeting", "{topic}: first draft attached", "Quick question about {topic}",
        "Fwd: {topic} numbers", "Your {topic} report is ready", "Lunch {day}?", "[pooltable] {topic} (#482)",
        "Reminder: {topic} sync on {day}", "Thanks for the help with {topic}", "Invitation: {topic} planning",
        "Pipeline #9312 passed", "Re: Re: {topic}", "Travel plans for {day}", "New comment on \"{topic}\"",
    ]

    private static let topics = [
        "Scroll anchoring", "Reuse pool", "Release 0.1", "Row heights", "Edit mode", "Accessibility",
        "Budget Q3", "Dark theme", "Kinetic scrolling", "Onboarding", "Design review", "Batch updates",
    ]

    private static let previews = [
        "I had a look at the latest changes and they read well.",
        "Could you take another pass at the {topic} section before Friday?",
        "The numbers are in the spreadsheet; the second tab has the breakdown by month.",
        "Let me know if the new build still shows the jump when rows are inserted above.",
        "We moved the meeting to the small room on the third floor.",
        "Attached are the screenshots from the test run on the older laptop.",
        "No rush on this, but it would be good to settle it this week.",
        "Thanks again, this saved us a lot of time.",
        "The checkbox animation feels right now; the bounce is subtle enough.",
        "I think we should keep the prepared rows visible in the debug overlay.",
        "Can we make sure the selection survives a reload?",
        "Here is the summary you asked for, with links to the detailed notes.",
    ]

    private static let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
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
