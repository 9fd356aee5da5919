/// Every piece of text the Photos screen shows or speaks, in one place, so the app can
/// swap in localized versions (e.g. built on a `DateFormatter` with the UTC time zone,
/// see `PhotoDate.utcDate`). `.english` is the built-in default.
public struct PhotoFormat: Sendable {
    /// A section header: "November 2026".
    public var monthTitle: @Sendable (PhotoMonth) -> String
    /// The date line under a thumbnail: "Nov 3".
    public var dateLine: @Sendable (PhotoDate) -> String
    /// What a screen reader says for a photo, telling it from its neighbours: its subject (a
    /// folder's photo: its file name), date and time ("Hills at dusk, 3 November 2026, 18:42:07").
    public var accessibilityLabel: @Sendable (Photo) -> String

    public init(monthTitle: @escaping @Sendable (PhotoMonth) -> String,
                dateLine: @escaping @Sendable (PhotoDate) -> String,
                accessibilityLabel: @escaping @Sendable (Photo) -> String) {
        self.monthTitle = monthTitle
        self.dateLine = dateLine
        self.accessibilityLabel = accessibilityLabel
    }

    public static let english = PhotoFormat(
        monthTitle: { "\(monthNames[clampedMonth($0.month)]) \($0.year)" },
        dateLine: { "\(monthNames[clampedMonth($0.month)].prefix(3)) \($0.day)" },
        accessibilityLabel: { p in
            let scene = PhotoThumbnail.scene(for: p.id)
            let subject = p.file.map(fileTitle) ?? "\(landscapeNames[scene.landscape]!) \(timeOfDayPhrases[scene.timeOfDay]!)"
            return "\(subject), \(p.date.day) \(monthNames[clampedMonth(p.date.month)]) \(p.date.year), \(clockTime(p.date))"
        })

    /// The same texts through the app's catalog (`tr`): month names and the order of day,
    /// month and year are the translation's ("2026年11月" in Chinese, through `{monthNumber}`).
    public static let localized = PhotoFormat(
        monthTitle: { m in
            tr("{month} {year}", ["month": localizedMonth(m.month), "monthNumber": "\(m.month)", "year": "\(m.year)"])
        },
        dateLine: { d in
            tr("{shortMonth} {day}", ["shortMonth": localizedShortMonth(d.month), "monthNumber": "\(d.month)", "day": "\(d.day)"])
        },
        accessibilityLabel: { p in
            let scene = PhotoThumbnail.scene(for: p.id)
            // Translators: a photo's subject, e.g. "Hills at dusk": {landscape} is "Hills",
            // "Sea"…, {timeOfDay} is "at dawn", "by day"…
            let subject = p.file.map(fileTitle) ?? tr("{landscape} {timeOfDay}", ["landscape": localizedLandscape(scene.landscape),
                                                                               "timeOfDay": localizedTimeOfDay(scene.timeOfDay)])
            // Translators: what a screen reader says for a photo: "Hills at dusk, 3 November 2026, 18:42:07".
            return tr("{subject}, {day} {month} {year}, {time}", ["subject": subject, "day": "\(p.date.day)",
                                                                  "month": localizedMonth(p.date.month), "monthNumber": "\(p.date.month)",
                                                                  "year": "\(p.date.year)", "time": clockTime(p.date)])
        })

    /// A picture file's name without its folder and extension: what a photo from a folder is called.
    public static func fileTitle(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    private static func localizedMonth(_ month: Int) -> String {
        switch clampedMonth(month) {
        case 0: tr("January"); case 1: tr("February"); case 2: tr("March"); case 3: tr("April")
        case 4: tr("May"); case 5: tr("June"); case 6: tr("July"); case 7: tr("August")
        case 8: tr("September"); case 9: tr("October"); case 10: tr("November"); default: tr("December")
        }
    }

    private static func localizedShortMonth(_ month: Int) -> String {
        switch clampedMonth(month) {
        case 0: tr("Jan"); case 1: tr("Feb"); case 2: tr("Mar"); case 3: tr("Apr")
        case 4: tr("May"); case 5: tr("Jun"); case 6: tr("Jul"); case 7: tr("Aug")
        case 8: tr("Sep"); case 9: tr("Oct"); case 10: tr("Nov"); default: tr("Dec")
        }
    }

    private static func localizedLandscape(_ landscape: PhotoThumbnail.Landscape) -> String {
        switch landscape {
        case .hills: tr("Hills"); case .sea: tr("Sea"); case .mountains: tr("Mountains"); case .city: tr("City"); case .dunes: tr("Dunes")
        }
    }

    private static func localizedTimeOfDay(_ time: PhotoThumbnail.TimeOfDay) -> String {
        switch time {
        case .dawn: tr("at dawn"); case .day: tr("by day"); case .goldenHour: tr("at golden hour"); case .dusk: tr("at dusk"); case .night: tr("at night")
        }
    }

    /// "18:42:07" (the 24-hour clock where the photo was taken; to the second, since photos of
    /// one session can share a minute and a subject).
    private static func clockTime(_ date: PhotoDate) -> String {
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(date.hour):\(two(date.minute)):\(two(date.second))"
    }

    private static let landscapeNames: [PhotoThumbnail.Landscape: String] = [
        .hills: "Hills", .sea: "Sea", .mountains: "Mountains", .city: "City", .dunes: "Dunes"]
    private static let timeOfDayPhrases: [PhotoThumbnail.TimeOfDay: String] = [
        .dawn: "at dawn", .day: "by day", .goldenHour: "at golden hour", .dusk: "at dusk", .night: "at night"]

    private static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August",
                                     "September", "October", "November", "December"]
    private static func clampedMonth(_ month: Int) -> Int { min(11, max(0, month - 1)) }
}
