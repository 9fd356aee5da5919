import PoolTable

/// A Files row: one part per column (Name with an icon, indented by the outline; Size right
/// aligned; Kind; Modified), or a spinner row "Loading…" / an error row under a folder.
@MainActor
public final class FileCell: TableViewCell, TableViewCellColumnFitting, TableViewCellColumnAccessibility {
    /// The reuse identifier the Files table registers the cell under.
    public static let reuseIdentifier = "file"

    /// What the row shows.
    public enum Content: Equatable {
        /// A file or folder.
        case file(name: String, size: String, kind: String, modified: String, isFolder: Bool, isLink: Bool)
        /// A folder being listed.
        case loading
        /// A folder that could not be listed, and why.
        case error(String)
    }

    /// What the row shows now.
    public private(set) var content: Content = .loading
    private var version = 0
    private static var lastVersion = 0
    static let padding = 8.0
    static let iconSide = 16.0
    /// How long a spinner row keeps animating without a new bind (a listing that takes
    /// longer stops spinning but still says "Loading…").
    static let spinSeconds = 30.0

    /// Shows `content`.
    public func configure(_ content: Content) {
        guard content != self.content else { return }
        self.content = content
        Self.lastVersion += 1
        version = Self.lastVersion
        if content == .loading { animateContent(for: Self.spinSeconds) } else { setNeedsDisplay() }
    }

    /// "name, kind, size, modified" (a folder's size is its item count once listed); the
    /// spinner row says "Loading…", an error row its message. The outline's level and
    /// expanded state come from the table.
    public override var accessibilityLabel: String? {
        get {
            if let label = super.accessibilityLabel { return label }
            switch content {
            case let .file(name, size, kind, modified, _, _):
                return [name, kind, size, modified].filter { !$0.isEmpty }.joined(separator: ", ")
            case .loading: return tr("Loading…")
            case .error(let message): return message
            }
        }
        set { super.accessibilityLabel = newValue }
    }

    /// What the cell shows in a column, for a screen reader when that cell has the focus
    /// ("3 bytes" in Size); the Name column says the name (or "Loading…", or the error).
    public func accessibilityValue(ofColumn column: Int) -> String? {
        guard let table = tableView, column < table.tableColumns.count else { return nil }
        guard case let .file(name, size, kind, modified, _, _) = content else { return isOutlineColumn(column) ? accessibilityLabel : nil }
        if isOutlineColumn(column) { return name }
        switch table.tableColumns[column].identifier {
        case FilesController.ColumnID.name: return name
        case FilesController.ColumnID.size: return size
        case FilesController.ColumnID.kind: return kind
        default: return modified
        }
    }

    /// The column's content width (for a double click on its header's edge).
    public func fittingWidth(ofColumn column: Int, in canvas: Canvas) -> Double? {
        guard let table = tableView, column < table.tableColumns.count, case let .file(name, size, kind, modified, _, _) = content else { return nil }
        let key = table.tableColumns[column].identifier
        let text: String
        var extra = 2 * Self.padding
        switch key {
        case FilesController.ColumnID.name: text = name; extra += Self.iconSide + 6 + (isOutlineColumn(column) ? outlineContentInset : 0)
        case FilesController.ColumnID.size: text = size
        case FilesController.ColumnID.kind: text = kind
        default: text = modified
        }
        return canvas.measureText(text, width: .infinity, style: TextStyle(font: .body), cache: nil).width + extra
    }

    private func isOutlineColumn(_ column: Int) -> Bool {
        guard let table = tableView, column < table.tableColumns.count else { return false }
        if let outline = table.outlineTableColumn { return table.tableColumns[column] === outline }
        return column == 0
    }

    public override func drawContent(in canvas: Canvas, bounds: Rect) {
        let theme = canvas.theme
        guard let table = tableView, !table.tableColumns.isEmpty else {
            drawName(in: canvas, rect: Rect(x: bounds.minX + outlineContentInset, y: bounds.minY, width: max(0, bounds.width - outlineContentInset), height: bounds.height), theme: theme)
            return
        }
        for (index, column) in table.tableColumns.enumerated() {
            guard let span = table.columnSpan(index) else { continue }
            var rect = Rect(x: bounds.minX + span.x, y: bounds.minY, width: span.width, height: bounds.height)
            canvas.save()
            canvas.clip(to: rect)
            if isOutlineColumn(index) {
                let inset = outlineContentInset
                rect = Rect(x: rect.minX + inset, y: rect.minY, width: max(0, rect.width - inset), height: rect.height)
                if case .error = content {
                    // The message may run on over the other columns.
                    rect = Rect(x: rect.minX, y: rect.minY, width: max(rect.width, bounds.maxX - rect.minX), height: rect.height)
                    canvas.restore(); canvas.save()
                }
                drawName(in: canvas, rect: rect, theme: theme)
            } else if case let .file(_, size, kind, modified, _, _) = content {
                let text: String, alignment: TextStyle.Alignment
                switch column.identifier {
                case FilesController.ColumnID.size: text = size; alignment = .trailing
                case FilesController.ColumnID.kind: text = kind; alignment = .leading
                default: text = modified; alignment = .leading
                }
                let inner = Rect(x: rect.minX + Self.padding, y: rect.midY - 9, width: max(0, rect.width - 2 * Self.padding), height: 18)
                canvas.drawText(text, in: inner, style: TextStyle(font: .body, color: theme.secondaryForeground, alignment: alignment))
            }
            canvas.restore()
        }
    }

    /// The icon and name (or the spinner and "Loading…", or the error) at `rect`'s left.
    private func drawName(in canvas: Canvas, rect: Rect, theme: Theme) {
        let icon = Rect(x: rect.minX + 2, y: rect.midY - Self.iconSide / 2, width: Self.iconSide, height: Self.iconSide)
        let textRect = Rect(x: icon.maxX + 6, y: rect.midY - 9, width: max(0, rect.maxX - icon.maxX - 6 - Self.padding), height: 18)
        switch content {
        case let .file(name, _, _, _, isFolder, isLink):
            if isFolder { Self.drawFolderIcon(in: canvas, rect: icon, theme: theme) } else { Self.drawFileIcon(in: canvas, rect: icon, theme: theme) }
            if isLink { Self.drawLinkBadge(in: canvas, rect: icon, theme: theme) }
            canvas.drawText(name, in: textRect, style: TextStyle(font: .body, color: theme.foreground))
        case .loading:
            drawSpinner(in: canvas, rect: icon, theme: theme)
            canvas.drawText(tr("Loading…"), in: textRect, style: TextStyle(font: .body, color: theme.secondaryForeground))
        case .error(let message):
            Self.drawWarningIcon(in: canvas, rect: icon, theme: theme)
            canvas.drawText(message, in: textRect, style: TextStyle(font: .body, color: theme.destructive))
        }
    }

    private func drawSpinner(in canvas: Canvas, rect: Rect, theme: Theme) {
        let c = Point(x: rect.midX, y: rect.midY), r = rect.width / 2 - 1.5
        var ring = Path()
        ring.arc(center: c, radius: r, startAngle: 0, endAngle: 2 * Double.pi)
        canvas.stroke(ring, color: theme.secondaryForeground.withAlpha(0.25), lineWidth: 2)
        let turn = (tableView?.animationTime ?? 0).truncatingRemainder(dividingBy: 1) * 2 * Double.pi
        var arc = Path()
        arc.arc(center: c, radius: r, startAngle: turn, endAngle: turn + Double.pi * 0.6)
        canvas.stroke(arc, color: theme.accent, lineWidth: 2)
    }

    static func drawFolderIcon(in canvas: Canvas, rect: Rect, theme: Theme) {
        let tab = Rect(x: rect.minX + 1, y: rect.minY + 2, width: rect.width * 0.45, height: 4)
        canvas.fillRoundedRect(tab, radius: 1.5, color: Color(hex: 0x438de6))
        let body = Rect(x: rect.minX + 1, y: rect.minY + 4, width: rect.width - 2, height: rect.height - 6)
        canvas.fillRoundedRect(body, radius: 2, color: Color(hex: 0x62a0ea))
    }

    static func drawFileIcon(in canvas: Canvas, rect: Rect, theme: Theme) {
        let page = Rect(x: rect.minX + 3, y: rect.minY + 1, width: rect.width - 6, height: rect.height - 2)
        canvas.fillRoundedRect(page, radius: 1.5, color: theme.isDark ? Color(hex: 0xdeddda) : Color(hex: 0xf6f5f4))
        canvas.stroke(page, color: theme.secondaryForeground.withAlpha(0.7), lineWidth: 1)
        for k in 0..<3 {
            let y = page.minY + 4 + Double(k) * 3
            canvas.fill(Rect(x: page.minX + 2, y: y, width: page.width - 4, height: 1), color: theme.secondaryForeground.withAlpha(0.5))
        }
    }

    static func drawLinkBadge(in canvas: Canvas, rect: Rect, theme: Theme) {
        let badge = Rect(x: rect.maxX - 7, y: rect.maxY - 7, width: 7, height: 7)
        canvas.fillRoundedRect(badge, radius: 1, color: theme.cellBackground)
        var arrow = Path()
        arrow.move(to: Point(x: badge.minX + 1.5, y: badge.maxY - 1.5)); arrow.line(to: Point(x: badge.maxX - 1.5, y: badge.minY + 1.5))
        arrow.move(to: Point(x: badge.maxX - 4.5, y: badge.minY + 1.5)); arrow.line(to: Point(x: badge.maxX - 1.5, y: badge.minY + 1.5))
        arrow.line(to: Point(x: badge.maxX - 1.5, y: badge.minY + 4.5))
        canvas.stroke(arrow, color: theme.foreground, lineWidth: 1)
    }

    static func drawWarningIcon(in canvas: Canvas, rect: Rect, theme: Theme) {
        var triangle = Path()
        triangle.move(to: Point(x: rect.midX, y: rect.minY + 1))
        triangle.line(to: Point(x: rect.maxX - 1, y: rect.maxY - 1))
        triangle.line(to: Point(x: rect.minX + 1, y: rect.maxY - 1))
        triangle.close()
        canvas.fill(triangle, color: theme.destructive)
        canvas.fill(Rect(x: rect.midX - 1, y: rect.minY + 5, width: 2, height: 5), color: .white)
        canvas.fill(Rect(x: rect.midX - 1, y: rect.maxY - 4, width: 2, height: 2), color: .white)
    }
}
