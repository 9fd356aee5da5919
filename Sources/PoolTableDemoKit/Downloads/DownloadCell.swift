import PoolTable

/// A download row: name, size and state, a progress bar that eases to each new value over
/// ~100 ms, and a start / pause / retry button (a real hit target).
///
/// The bar and the status line with the byte count are live layers (`LiveLayer`): a tick
/// that only moves the progress re-records those two and keeps the name and the button.
@MainActor
public final class DownloadCell: TableViewCell {
    public static let reuseIdentifier = "download"
    public static let buttonTarget = "action"
    /// The progress bar (live).
    public static let progressLayer = LiveLayer("progress")
    /// The status line: "45 % of 1.2 GB" (live).
    public static let byteCountLayer = LiveLayer("byte count")

    /// The item the cell shows now (set on every bind).
    public private(set) var downloadID: Int?
    public private(set) var name = ""
    public private(set) var sizeText = ""
    public private(set) var state: Download.State = .queued
    /// The progress the bar is heading for.
    public private(set) var targetProgress = 0.0
    private var fromProgress = 0.0
    private var easeStart: Double?
    static let easeDuration = 0.1
    /// The name and status lines are units of their own (nested `drawCached`), kept while
    /// their text is the same, so a frame of the bar's ease re-records little more than
    /// the bar.
    private var nameVersion = 0, statusVersion = 0
    private var drawnStatus: (String, Bool)?
    private static var lastVersion = 0

    public override func prepareForReuse() {
        super.prepareForReuse()
        downloadID = nil
    }

    /// Shows `download`. Re-binding the same item eases from what the bar shows now; a
    /// different item (the cell was recycled) starts at that item's own progress, so a bar
    /// never jumps back to another row's value.
    public func configure(with download: Download) {
        let sameItem = downloadID == download.id
        // Only the progress moved: the live layers change, the name and the button do not.
        let onlyProgress = sameItem && name == download.name && state == download.state
            && sizeText == formattedByteCount(download.size)
        let shown = displayedProgress
        downloadID = download.id
        if name != download.name {
            Self.lastVersion += 1
            nameVersion = Self.lastVersion
        }
        name = download.name
        sizeText = formattedByteCount(download.size)
        state = download.state
        if sameItem && download.progress > shown && download.state == .downloading {
            fromProgress = shown
            easeStart = tableView?.animationTime
        } else {
            fromProgress = download.progress
            easeStart = nil
        }
        targetProgress = download.progress
        // The bar moves by itself while it eases: every frame of the ease redraws it.
        if onlyProgress {
            for layer in liveLayers {
                if easeStart != nil { animateContent(layer, for: Self.easeDuration) } else { setNeedsDisplay(layer) }
            }
        } else if easeStart != nil {
            animateContent(for: Self.easeDuration)
        } else {
            setNeedsDisplay()
        }
    }

    public override var liveLayers: [LiveLayer] { [Self.progressLayer, Self.byteCountLayer] }

    public override func frame(of layer: LiveLayer, in bounds: Rect) -> Rect {
        let inner = Self.innerRect(bounds)
        switch layer {
        case Self.progressLayer: return Rect(x: inner.minX, y: inner.maxY - 6, width: inner.width, height: 6)
        // As wide as its longest line needs (the name above may be wider): a narrow unit to repaint.
        case Self.byteCountLayer: return Rect(x: inner.minX, y: inner.minY + 20, width: min(inner.width, 240), height: 16)
        default: return .zero
        }
    }

    public override func drawLiveLayer(_ layer: LiveLayer, in canvas: Canvas, bounds: Rect) {
        switch layer {
        case Self.progressLayer: drawBar(in: canvas, bar: bounds)
        case Self.byteCountLayer: drawStatus(in: canvas, bounds: bounds)
        default: break
        }
    }

    /// The text column: name, status line and bar.
    private static func innerRect(_ bounds: Rect) -> Rect {
        Rect(x: bounds.minX + 16, y: bounds.minY + 10, width: max(0, bounds.width - 16 - 60), height: bounds.height - 20)
    }

    /// What the bar draws now.
    public var displayedProgress: Double {
        guard let start = easeStart, let now = tableView?.animationTime else { return targetProgress }
        let t = min(1, max(0, (now - start) / Self.easeDuration))
        return fromProgress + (targetProgress - fromProgress) * Easing.easeOut(t)
    }

    /// The article's first version: a callback writes progress into whatever cell object
    /// started the download, whichever row that cell shows now. Only the Downloads screen's
    /// "cell-bound callbacks" diagnostic calls this.
    public func receiveCallback(progress: Double, state: Download.State) {
        targetProgress = progress
        fromProgress = progress
        easeStart = nil
        self.state = state
        setNeedsDisplay()
    }

    /// The status line under the name: "45 % of 1.2 GB", "Paused at 45 % · 1.2 GB", …
    /// `spoken` separates the parts with commas instead of the drawn dots and dashes.
    static func statusText(state: Download.State, progress: Double, size: String, spoken: Bool) -> String {
        let percent = Int((progress * 100).rounded(.down))
        let dot = spoken ? ", " : " · "
        switch state {
        case .queued: return "Queued\(dot)\(size)"
        case .downloading: return "\(percent) % of \(size)"
        case .paused: return "Paused at \(percent) %\(dot)\(size)"
        case .done: return "Done\(dot)\(size)"
        case .failed: return "Failed at \(percent) %\(spoken ? ", " : " — ")retry"
        }
    }

    /// "name, 45 % of 1.2 GB": the file name and its status with the model's progress
    /// (not the bar's eased value, which lags it by a few frames).
    public override var accessibilityLabel: String? {
        get {
            if let label = super.accessibilityLabel { return label }
            guard downloadID != nil else { return nil }
            return "\(name), " + Self.statusText(state: state, progress: targetProgress, size: sizeText, spoken: true)
        }
        set { super.accessibilityLabel = newValue }
    }

    public override var hitTargets: [HitTarget] {
        // Left of the grip when edit mode shows it (issue 23): where the button is drawn.
        let grip = showsReorderControl ? Self.reorderControlWidth * editingProgress : 0
        return [HitTarget(name: Self.buttonTarget, rect: buttonRect(in: Rect(x: 0, y: 0, width: max(0, frame.width - grip), height: frame.height)))]
    }

    private func buttonRect(in bounds: Rect) -> Rect {
        // The content shifts right in edit mode but keeps its right edge: so does the button.
        Rect(x: bounds.maxX - 44, y: bounds.midY - 16, width: 32, height: 32)
    }

    /// The static part: the name and the button (the status line and the bar are live layers).
    public override func drawContent(in canvas: Canvas, bounds: Rect) {
        let theme = canvas.theme
        let inner = Self.innerRect(bounds)
        let nameRect = Rect(x: inner.minX, y: inner.minY, width: inner.width, height: 18)
        canvas.save()
        canvas.translate(x: nameRect.minX, y: nameRect.minY)
        canvas.drawCached(key: ObjectIdentifier(titleCache), version: nameVersion, size: nameRect.size) { canvas in
            canvas.drawText(name, in: Rect(origin: .zero, size: nameRect.size),
                            style: TextStyle(font: Font(size: 14, weight: .medium), color: theme.foreground), cache: titleCache)
        }
        canvas.restore()
        drawButton(in: canvas, rect: buttonRect(in: bounds), theme: theme)
    }

    /// The status line (live), its text a unit of its own kept while it reads the same.
    private func drawStatus(in canvas: Canvas, bounds: Rect) {
        let theme = canvas.theme
        let percent = Int((displayedProgress * 100).rounded(.down))
        let status: String
        let values: KeyValuePairs = ["percent": String(percent), "size": sizeText]
        switch state {
        case .queued: status = tr("Queued · {size}", values)
        case .downloading: status = tr("{percent} % of {size}", values)
        case .paused: status = tr("Paused at {percent} % · {size}", values)
        case .done: status = tr("Done · {size}", values)
        case .failed: status = tr("Failed at {percent} % — retry", values)
        }
        if drawnStatus?.0 != status || drawnStatus?.1 != (state == .failed) {
            Self.lastVersion += 1
            statusVersion = Self.lastVersion
            drawnStatus = (status, state == .failed)
        }
        canvas.drawCached(key: ObjectIdentifier(detailCache), version: statusVersion, size: bounds.size) { canvas in
            canvas.drawText(status, in: Rect(origin: .zero, size: bounds.size),
                            style: TextStyle(font: .caption, color: state == .failed ? theme.destructive : theme.secondaryForeground), cache: detailCache)
        }
    }

    /// The bar (live): its track and the eased fill.
    private func drawBar(in canvas: Canvas, bar: Rect) {
        let theme = canvas.theme
        canvas.fillRoundedRect(bar, radius: 3, color: theme.separator.withAlpha(0.6))
        let fill = Rect(x: bar.minX, y: bar.minY, width: bar.width * min(1, max(0, displayedProgress)), height: bar.height)
        let color: Color = state == .failed ? theme.destructive : (state == .done ? Color(hex: 0x2ec27e) : theme.accent)
        if fill.width > 0 { canvas.fillRoundedRect(fill, radius: 3, color: color) }
    }

    private func drawButton(in canvas: Canvas, rect: Rect, theme: Theme) {
        guard state != .done else { return }
        canvas.fill(.circle(center: Point(x: rect.midX, y: rect.midY), radius: 15), color: theme.foreground.withAlpha(0.08))
        let c = Point(x: rect.midX, y: rect.midY)
        var p = Path()
        switch state {
        case .queued, .paused: // play
            p.move(to: Point(x: c.x - 4, y: c.y - 6)); p.line(to: Point(x: c.x + 6, y: c.y)); p.line(to: Point(x: c.x - 4, y: c.y + 6)); p.close()
            canvas.fill(p, color: theme.foreground)
        case .downloading: // pause
            canvas.fill(Rect(x: c.x - 5, y: c.y - 6, width: 3.5, height: 12), color: theme.foreground)
            canvas.fill(Rect(x: c.x + 1.5, y: c.y - 6, width: 3.5, height: 12), color: theme.foreground)
        case .failed: // retry arrow
            p.arc(center: c, radius: 6, startAngle: -Double.pi * 0.1, endAngle: Double.pi * 1.5)
            canvas.stroke(p, color: theme.destructive, lineWidth: 2)
            var head = Path()
            head.move(to: Point(x: c.x + 1, y: c.y - 9)); head.line(to: Point(x: c.x + 5, y: c.y - 6)); head.line(to: Point(x: c.x + 1, y: c.y - 3)); head.close()
            canvas.fill(head, color: theme.destructive)
        case .done: break
        }
    }
}
