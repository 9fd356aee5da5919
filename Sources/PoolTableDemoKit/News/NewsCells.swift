import PoolTable

/// A cell that shows one feed item (for tests: which item a cell shows now).
@MainActor
public protocol NewsItemCell: TableViewCell {
    var item: NewsItem? { get }
}

/// A story row: source and time, a wrapped headline, a wrapped summary and, for some
/// stories, a thumbnail on the right. Self-sizing: `heightThatFits` measures the wrapped
/// text through the canvas (Pango on GTK), so rows take exactly the height they need.
@MainActor
public final class NewsCell: TableViewCell, NewsItemCell {
    public static let reuseIdentifier = "story"

    public private(set) var story: Story?
    public var item: NewsItem? { story.map(NewsItem.story) }

    private let metaCache = TextCache()
    private let summaryCache = TextCache()

    public func configure(with story: Story) {
        self.story = story
        setNeedsDisplay()
    }

    public override func prepareForReuse() {
        super.prepareForReuse()
        story = nil
    }

    /// "Headline, source, time".
    public override var accessibilityLabel: String? {
        get { super.accessibilityLabel ?? story.map(Self.accessibilityText) }
        set { super.accessibilityLabel = newValue }
    }

    /// A story as a screen reader says it: the headline first (what the row is about), then
    /// where and when it is from. The summary is left out, as a skimming eye leaves it.
    public static func accessibilityText(for story: Story) -> String {
        "\(story.headline), \(story.source), \(story.time)"
    }

    // MARK: Layout

    enum Layout {
        static let side = 16.0
        static let top = 12.0
        static let bottom = 14.0
        static let gap = 4.0
        static let thumbnail = 64.0
        static let thumbnailGap = 12.0
    }

    static let metaStyle = TextStyle(font: Font(size: 12, weight: .semibold))
    static let headlineStyle = TextStyle(font: Font(size: 16.5, weight: .semibold), maxLines: 0)
    static let summaryStyle = TextStyle(font: Font(size: 13.5), maxLines: 0)

    /// The text column's width in a row of `width`.
    static func textWidth(for story: Story, rowWidth width: Double) -> Double {
        max(40, width - 2 * Layout.side - (story.hasThumbnail ? Layout.thumbnail + Layout.thumbnailGap : 0))
    }

    /// The row height `story` needs at `width`, measured with `canvas`.
    public static func height(for story: Story, width: Double, canvas: Canvas) -> Double {
        let w = textWidth(for: story, rowWidth: width)
        var h = Layout.top
        h += canvas.measureText(story.source, width: .infinity, style: metaStyle).height + Layout.gap
        h += canvas.measureText(story.headline, width: w, style: headlineStyle).height
        if !story.summary.isEmpty { h += Layout.gap + canvas.measureText(story.summary, width: w, style: summaryStyle).height }
        h += Layout.bottom
        if story.hasThumbnail { h = max(h, Layout.top + Layout.thumbnail + Layout.bottom) }
        return h.rounded(.up)
    }

    public override func heightThatFits(width: Double, canvas: Canvas) -> Double {
        guard let story else { return 44 }
        return Self.height(for: story, width: width, canvas: canvas)
    }

    /// The `maxLines` for wrapped `text` in `room` points of height: 0 (all of it) when it
    /// fits, as it does at the width the row was measured at; fewer lines, ellipsized, when
    /// the column is narrower (edit mode); -1 when not even one line fits.
    static func lines(of text: String, width: Double, style: TextStyle, fitting room: Double, canvas: Canvas, cache: TextCache?) -> Int {
        var all = style
        all.maxLines = 0
        if canvas.measureText(text, width: width, style: all, cache: cache).height <= room + 0.5 { return 0 }
        var fewer = style
        for n in stride(from: 12, through: 1, by: -1) {
            fewer.maxLines = n
            if canvas.measureText(text, width: width, style: fewer).height <= room + 0.5 { return n }
        }
        return -1
    }

    // MARK: Drawing

    public override func drawContent(in canvas: Canvas, bounds: Rect) {
        guard let story else { return }
        let theme = canvas.theme
        let left = bounds.minX + Layout.side
        let w = Self.textWidth(for: story, rowWidth: bounds.width)
        var y = bounds.minY + Layout.top

        if story.hasThumbnail {
            let r = Rect(x: bounds.maxX - Layout.side - Layout.thumbnail, y: y + 2, width: Layout.thumbnail, height: Layout.thumbnail - 4)
            canvas.fillRoundedRect(r, radius: 8, color: Color(hex: story.tint, alpha: 0.85))
            canvas.fill(.circle(center: Point(x: r.minX + 18, y: r.minY + 18), radius: 7), color: Color.white.withAlpha(0.55))
            var hill = Path()
            hill.move(to: Point(x: r.minX, y: r.maxY - 6))
            hill.line(to: Point(x: r.minX + 22, y: r.midY + 2))
            hill.line(to: Point(x: r.minX + 38, y: r.maxY - 14))
            hill.line(to: Point(x: r.maxX - 12, y: r.midY - 4))
            hill.line(to: Point(x: r.maxX, y: r.maxY - 10))
            hill.line(to: Point(x: r.maxX, y: r.maxY))
            hill.line(to: Point(x: r.minX, y: r.maxY))
            hill.close()
            canvas.withState {
                canvas.clip(to: .roundedRect(r, radius: 8))
                canvas.fill(hill, color: Color.white.withAlpha(0.35))
            }
        }

        // Source · time
        var meta = Self.metaStyle
        meta.color = theme.accent
        let metaSize = canvas.measureText(story.source, width: .infinity, style: meta, cache: metaCache)
        canvas.drawText(story.source, in: Rect(x: left, y: y, width: min(w, metaSize.width), height: metaSize.height), style: meta, cache: metaCache)
        let timeStyle = TextStyle(font: Font(size: 12), color: theme.secondaryForeground)
        let timeX = left + min(w, metaSize.width) + 6
        canvas.drawText("· " + story.time, in: Rect(x: timeX, y: y, width: max(0, left + w - timeX), height: metaSize.height),
                        style: timeStyle, cache: detailCache)
        y += metaSize.height + Layout.gap

        var headline = Self.headlineStyle
        headline.color = theme.foreground
        let headlineHeight = canvas.measureText(story.headline, width: w, style: headline, cache: titleCache).height
        canvas.drawText(story.headline, in: Rect(x: left, y: y, width: w, height: headlineHeight), style: headline, cache: titleCache)
        y += headlineHeight

        guard !story.summary.isEmpty else { return }
        y += Layout.gap
        // In edit mode the column is narrower than the one the row was measured at: show
        // the lines that fit and end with an ellipsis rather than overflow.
        var summary = Self.summaryStyle
        summary.color = theme.secondaryForeground
        let room = bounds.maxY - Layout.bottom - y
        summary.maxLines = Self.lines(of: story.summary, width: w, style: summary, fitting: room, canvas: canvas, cache: summaryCache)
        guard summary.maxLines >= 0 else { return }
        let h = canvas.measureText(story.summary, width: w, style: summary, cache: summaryCache).height
        canvas.drawText(story.summary, in: Rect(x: left, y: y, width: w, height: h), style: summary, cache: summaryCache)
    }
}

/// An ad row: a tinted background, a "Sponsored" tag, the advertiser, a title, a line or
/// three of copy and an action button. Self-sizing like the stories.
@MainActor
public final class AdCell: TableViewCell, NewsItemCell {
    public static let reuseIdentifier = "ad"

    public private(set) var ad: Ad?
    public var item: NewsItem? { ad.map(NewsItem.ad) }

    private let tagCache = TextCache()
    private let bodyCache = TextCache()
    private let actionCache = TextCache()

    public func configure(with ad: Ad) {
        self.ad = ad
        setNeedsDisplay()
    }

    public override func prepareForReuse() {
        super.prepareForReuse()
        ad = nil
    }

    /// "Sponsored by advertiser, title, action".
    public override var accessibilityLabel: String? {
        get { super.accessibilityLabel ?? ad.map(Self.accessibilityText) }
        set { super.accessibilityLabel = newValue }
    }

    /// An ad as a screen reader says it: that it is sponsored and by whom, its title and
    /// the action its button offers (the copy is left out, like a story's summary).
    public static func accessibilityText(for ad: Ad) -> String {
        "Sponsored by \(ad.advertiser), \(ad.title), \(ad.action)"
    }

    enum Layout {
        static let side = 16.0
        static let top = 12.0
        static let bottom = 12.0
        static let tagLine = 18.0
        static let button = 28.0
    }

    static let titleStyle = TextStyle(font: Font(size: 15, weight: .semibold), maxLines: 0)
    static let bodyStyle = TextStyle(font: Font(size: 13), maxLines: 0)

    public static func height(for ad: Ad, width: Double, canvas: Canvas) -> Double {
        let w = max(40, width - 2 * Layout.side)
        var h = Layout.top + Layout.tagLine + 6
        h += canvas.measureText(ad.title, width: w, style: titleStyle).height + 3
        h += canvas.measureText(ad.body, width: w, style: bodyStyle).height + 8
        h += Layout.button + Layout.bottom
        return h.rounded(.up)
    }

    public override func heightThatFits(width: Double, canvas: Canvas) -> Double {
        guard let ad else { return 44 }
        return Self.height(for: ad, width: width, canvas: canvas)
    }

    public override func backgroundColor(_ theme: Theme) -> Color {
        theme.cellBackground.mixed(with: theme.accent, theme.isDark ? 0.10 : 0.06)
    }

    public override func drawContent(in canvas: Canvas, bounds: Rect) {
        guard let ad else { return }
        let theme = canvas.theme
        let left = bounds.minX + Layout.side
        let w = max(40, bounds.width - 2 * Layout.side)
        var y = bounds.minY + Layout.top

        // "Sponsored" tag and the advertiser.
        let tagStyle = TextStyle(font: Font(size: 11, weight: .semibold), color: theme.accent)
        // Translators: the tag on an ad row (upper case in English).
        let tag = tr("SPONSORED")
        let tagSize = canvas.measureText(tag, width: .infinity, style: tagStyle, cache: tagCache)
        let pill = Rect(x: left, y: y, width: tagSize.width + 12, height: Layout.tagLine)
        canvas.fillRoundedRect(pill, radius: Layout.tagLine / 2, color: theme.accent.withAlpha(0.14))
        canvas.drawText(tag, in: Rect(x: left + 6, y: y + (Layout.tagLine - tagSize.height) / 2, width: tagSize.width, height: tagSize.height),
                        style: tagStyle, cache: tagCache)
        let nameStyle = TextStyle(font: Font(size: 12), color: theme.secondaryForeground)
        canvas.drawText(tr("{advertiser} · ad batch {batch}", ["advertiser": ad.advertiser, "batch": String(ad.batch)]), in: Rect(x: pill.maxX + 8, y: y + 1, width: max(0, left + w - pill.maxX - 8), height: Layout.tagLine),
                        style: nameStyle, cache: detailCache)
        y += Layout.tagLine + 6

        var title = Self.titleStyle
        title.color = theme.foreground
        let titleHeight = canvas.measureText(ad.title, width: w, style: title, cache: titleCache).height
        canvas.drawText(ad.title, in: Rect(x: left, y: y, width: w, height: titleHeight), style: title, cache: titleCache)
        y += titleHeight + 3

        var body = Self.bodyStyle
        body.color = theme.secondaryForeground
        let room = bounds.maxY - Layout.bottom - Layout.button - 8 - y
        body.maxLines = NewsCell.lines(of: ad.body, width: w, style: body, fitting: room, canvas: canvas, cache: bodyCache)
        if body.maxLines >= 0 {
            let h = canvas.measureText(ad.body, width: w, style: body, cache: bodyCache).height
            canvas.drawText(ad.body, in: Rect(x: left, y: y, width: w, height: h), style: body, cache: bodyCache)
        }

        // The action button, at the bottom.
        let actionStyle = TextStyle(font: Font(size: 13, weight: .semibold), color: theme.accentForeground)
        let actionSize = canvas.measureText(ad.action, width: .infinity, style: actionStyle, cache: actionCache)
        let button = Rect(x: left, y: bounds.maxY - Layout.bottom - Layout.button, width: actionSize.width + 24, height: Layout.button)
        canvas.fillRoundedRect(button, radius: 6, color: theme.accent)
        canvas.drawText(ad.action, in: Rect(x: button.minX + 12, y: button.midY - actionSize.height / 2, width: actionSize.width, height: actionSize.height),
                        style: actionStyle, cache: actionCache)
    }
}
