import FoundationEssentials

/// One photo of the library: a stable id, the moment it was taken and, for a photo from a
/// folder, its file. A generated photo (no file) is drawn from its id (`PhotoThumbnail`).
public struct Photo: Hashable, Sendable, CustomStringConvertible {
    /// Stable across deletes and undos; ids grow with the capture date (the oldest photo is 0).
    public let id: Int
    public let date: PhotoDate
    /// The picture file's path; nil for a generated photo.
    public let file: String?

    public init(id: Int, date: PhotoDate, file: String? = nil) { self.id = id; self.date = date; self.file = file }
    public var description: String { "Photo #\(id) (\(date))" }
}

/// A wall-clock moment (no time zone: the time shown is the time where the photo was
/// taken), with the calendar fields computed from it in the proleptic Gregorian calendar.
public struct PhotoDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Seconds since 1970-01-01 00:00:00 on that wall clock.
    public var secondsSince1970: Int

    public init(secondsSince1970: Int) { self.secondsSince1970 = secondsSince1970 }

    /// Month 1...12; days, hours, minutes and seconds beyond their range roll over.
    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        let days = Self.days(year: year, month: month, day: day)
        secondsSince1970 = ((days * 24 + hour) * 60 + minute) * 60 + second
    }

    public static func < (a: PhotoDate, b: PhotoDate) -> Bool { a.secondsSince1970 < b.secondsSince1970 }

    public var year: Int { civil.year }
    /// 1 = January ... 12 = December.
    public var month: Int { civil.month }
    /// 1...31.
    public var day: Int { civil.day }
    public var hour: Int { secondsOfDay / 3600 }
    public var minute: Int { secondsOfDay / 60 % 60 }
    public var second: Int { secondsOfDay % 60 }
    /// 1 = Sunday ... 7 = Saturday (as Foundation's Calendar numbers them).
    public var weekday: Int { ((daysSince1970 + 4) % 7 + 7) % 7 + 1 }
    /// The month the photo belongs to (its section).
    public var photoMonth: PhotoMonth { let c = civil; return PhotoMonth(year: c.year, month: c.month) }

    /// The same wall-clock time as a `Date` in UTC: format it with a formatter whose time
    /// zone is UTC (`TimeZone(identifier: "UTC")`) to show the time where it was taken.
    public var utcDate: Date { Date(timeIntervalSince1970: Double(secondsSince1970)) }

    public var description: String {
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let c = civil
        return "\(c.year)-\(two(c.month))-\(two(c.day)) \(two(hour)):\(two(minute)):\(two(second))"
    }

    // MARK: Calendar arithmetic (Howard Hinnant's days-from-civil and civil-from-days)

    private var daysSince1970: Int { Self.floorDiv(secondsSince1970, 86_400) }
    private var secondsOfDay: Int { secondsSince1970 - daysSince1970 * 86_400 }

    private var civil: (year: Int, month: Int, day: Int) {
        let z = daysSince1970 + 719_468
        let era = Self.floorDiv(z, 146_097)
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = floorDiv(y, 400)
        let yoe = y - era * 400
        let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    private static func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
}

/// A calendar month: what the library's sections are made of.
public struct PhotoMonth: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var year: Int
    /// 1 = January ... 12 = December.
    public var month: Int
    public init(year: Int, month: Int) { self.year = year; self.month = month }
    public static func < (a: PhotoMonth, b: PhotoMonth) -> Bool { (a.year, a.month) < (b.year, b.month) }
    public var description: String { "\(year)-\(month < 10 ? "0" : "")\(month)" }
}

/// One section of the library: a month's photos, newest first.
public struct PhotoSection: Hashable, Sendable {
    public var month: PhotoMonth
    public var photos: [Photo]
    public init(month: PhotoMonth, photos: [Photo]) { self.month = month; self.photos = photos }
}
