/// Every piece of text the Photos screen shows or speaks, in one place, so the app can
/// swap in localized versions (e.g. built on a `DateFormatter` with the UTC time zone,
/// see `PhotoDate.utcDate`). `.english` is the built-in default.
public struct PhotoFormat: Sendable {
    /// A section header: "November 2026".
    public var monthTitle: @Sendable (PhotoMonth) -> String
    /// The date line under a thumbnail: "Nov 3".
    public var dateLine: @Sendable (PhotoDate) -> String
    /// What a screen reader says for a photo: "Photo, 3 November 2026".
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
        accessibilityLabel: { "Photo, \($0.date.day) \(monthNames[clampedMonth($0.date.month)]) \($0.date.year)" })

    private static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August",
                                     "September", "October", "November", "December"]
    private static func clampedMonth(_ month: Int) -> Int { min(11, max(0, month - 1)) }
}
