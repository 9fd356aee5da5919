import PoolTable

/// A mail row: sender (bold when unread) with the time right-aligned, the subject, up to
/// two lines of preview, and an accent dot for unread mail.
///
/// It overrides `drawContent`, not `draw`, so the table's edit-mode checkbox column,
/// selection tint and press highlight keep working.
@MainActor
public final class MailCell: TableViewCell {
    public static let reuseIdentifier = "mail"

    /// The row height for `mail` (its preview lines: 0, 1 or 2) with line heights `lines`.
    public static func height(for mail: Mail, lines: LineHeights = .standard) -> Double {
        Layout.top + lines.sender + lines.subject + Double(mail.previewLines) * lines.preview + Layout.bottom
    }

    /// The heights of the row's text lines: the design's (22, 20, 20 pt) at normal text
    /// size, taller when the text is larger (a text scale, large fonts), so rows grow to fit.
    public struct LineHeights: Equatable, Sendable {
        public var sender: Double
        public var subject: Double
        public var preview: Double

        public static let standard = LineHeights(sender: Layout.senderLine, subject: Layout.subjectLine, preview: Layout.previewLine)

        /// The line heights the fonts need on `canvas` (never less than the standard ones).
        @MainActor
        public static func measured(on canvas: Canvas?) -> LineHeights {
            guard let canvas else { return .standard }
            func line(_ font: Font, atLeast minimum: Double) -> Double {
                let h = canvas.measureText("Ág", width: .infinity, style: TextStyle(font: font), cache: nil).height
                return max(minimum, (h + 4).rounded(.up))
            }
            return LineHeights(sender: line(Font(size: 14.5, weight: .bold), atLeast: Layout.senderLine),
                               subject: line(Font(size: 13.5, weight: .medium), atLeast: Layout.subjectLine),
                               preview: line(Font(size: 13), atLeast: Layout.previewLine))
        }
    }

    /// The line heights the cell draws with (the table's, see `InboxController`).
    public var lines = LineHeights.standard { didSet { if lines != oldValue { setNeedsDisplay() } } }

    public var mail: Mail? { didSet { setNeedsDisplay() } }

    // Sender and subject use the inherited title/detail caches.
    private let timeCache = TextCache()
    private let previewCache = TextCache()

    public override func prepareForReuse() {
        super.prepareForReuse()
        mail = nil
    }

    /// "Unread, sender, subject, time": what the row says at a glance, in reading order.
    public override var accessibilityLabel: String? {
        get { super.accessibilityLabel ?? mail.map(Self.accessibilityText) }
        set { super.accessibilityLabel = newValue }
    }

    /// A mail's row as a screen reader says it: unread first (the dot), then sender,
    /// subject and time. The preview (cut to two lines on screen) is left out: a list is
    /// skimmed row by row, and the message itself is where it is read.
    public static func accessibilityText(for mail: Mail) -> String {
        (mail.isUnread ? "Unread, " : "") + "\(mail.sender), \(mail.subject), \(mail.time)"
    }

    public override func drawContent(in canvas: Canvas, bounds: Rect) {
        guard let mail else { return }
        let theme = canvas.theme
        let left = bounds.minX + Layout.leading
        let width = max(0, bounds.maxX - Layout.trailing - left)
        var y = bounds.minY + Layout.top

        if mail.isUnread {
            canvas.fill(.circle(center: Point(x: bounds.minX + Layout.leading / 2, y: y + lines.sender / 2 - 1), radius: 4.5),
                        color: theme.accent)
        }

        let timeStyle = TextStyle(font: .caption, color: mail.isUnread ? theme.accent : theme.secondaryForeground, alignment: .trailing)
        let timeWidth = canvas.measureText(mail.time, width: .infinity, style: timeStyle, cache: timeCache).width
        canvas.drawText(mail.time, in: Rect(x: left + width - timeWidth, y: y + 2, width: timeWidth, height: lines.sender),
                        style: timeStyle, cache: timeCache)

        let senderStyle = TextStyle(font: Font(size: 14.5, weight: mail.isUnread ? .bold : .semibold), color: theme.foreground)
        canvas.drawText(mail.sender, in: Rect(x: left, y: y, width: max(0, width - timeWidth - 12), height: lines.sender),
                        style: senderStyle, cache: titleCache)
        y += lines.sender

        let subjectStyle = TextStyle(font: Font(size: 13.5, weight: mail.isUnread ? .medium : .regular), color: theme.foreground)
        canvas.drawText(mail.subject, in: Rect(x: left, y: y, width: width, height: lines.subject),
                        style: subjectStyle, cache: detailCache)
        y += lines.subject

        if mail.previewLines > 0 {
            let previewStyle = TextStyle(font: Font(size: 13), color: theme.secondaryForeground, maxLines: mail.previewLines)
            canvas.drawText(mail.preview, in: Rect(x: left, y: y, width: width, height: Double(mail.previewLines) * lines.preview),
                            style: previewStyle, cache: previewCache)
        }
    }

    enum Layout {
        /// Room for the unread dot.
        static let leading = 28.0
        static let trailing = 16.0
        static let top = 11.0
        static let bottom = 11.0
        static let senderLine = 22.0
        static let subjectLine = 20.0
        static let previewLine = 20.0
    }
}
