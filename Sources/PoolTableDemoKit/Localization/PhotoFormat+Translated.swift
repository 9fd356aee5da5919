extension PhotoFormat {
    /// The Photos screen's words and dates in the user's language (looked up once, when made).
    public static var translated: PhotoFormat {
        let months = [tr("January"), tr("February"), tr("March"), tr("April"), tr("May"), tr("June"), tr("July"),
                      tr("August"), tr("September"), tr("October"), tr("November"), tr("December")]
        // Translators: abbreviated month names, for the date line under a photo ("Nov 3").
        let short = [tr("Jan"), tr("Feb"), tr("Mar"), tr("Apr"), tr("May"), tr("Jun"), tr("Jul"),
                     tr("Aug"), tr("Sep"), tr("Oct"), tr("Nov"), tr("Dec")]
        // Translators: a month section header of the Photos grid, "November 2026".
        let title = tr("{month} {year}")
        // Translators: the date line under a photo, "Nov 3".
        let line = tr("{month} {day}")
        // Translators: what a screen reader says for a photo, "Photo, 3 November 2026".
        let spoken = tr("Photo, {day} {month} {year}")
        @Sendable func index(_ month: Int) -> Int { min(11, max(0, month - 1)) }
        return PhotoFormat(
            monthTitle: { fill(title, ["month": months[index($0.month)], "year": String($0.year)]) },
            dateLine: { fill(line, ["month": short[index($0.month)], "day": String($0.day)]) },
            accessibilityLabel: {
                fill(spoken, ["day": String($0.date.day), "month": months[index($0.date.month)], "year": String($0.date.year)])
            })
    }
}
