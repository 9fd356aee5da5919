
/// Cell identities in the overlay (seed 001: *which* cell shows *which* row): every mounted
/// cell labelled with its serial number and tinted with a colour derived from it, and the
/// pool drawn as cards, one per waiting cell, with the row it last showed.
extension DebugOverlay {
    /// A stable colour per cell number: hues a golden angle apart, so neighbouring numbers
    /// differ clearly and a number keeps its colour for the cell's lifetime.
    @_spi(Diagnostics) public static func identityColor(forCellID id: Int) -> Color {
        let hue = (Double(id) * 0.618_033_988_749_895).truncatingRemainder(dividingBy: 1)
        return Color(hue: hue, saturation: 0.62, value: 0.88)
    }

    /// What a mounted cell's label says: "#7".
    @_spi(Diagnostics) public static func identityLabel(forCellID id: Int) -> String { "#\(id)" }

    /// Where a cell's identity colour washes its zoomed rect `r`: the leading part, so the
    /// rest keeps the visible / prepared tint the legend explains.
    static func identityWash(of r: Rect) -> Rect {
        Rect(x: r.minX, y: r.minY, width: min(r.width * 0.3, 140), height: r.height)
    }

    /// The cell's identity over its zoomed rect `r`: a stripe and a wash of its colour at
    /// the leading edge and its number on a pill of that colour at the top right.
    func drawIdentity(cellID id: Int, in r: Rect, canvas: Canvas) {
        guard id > 0 else { return }
        let color = Self.identityColor(forCellID: id)
        canvas.fill(Self.identityWash(of: r), color: color.withAlpha(palette.identityWashAlpha))
        canvas.fill(Rect(x: r.minX, y: r.minY, width: min(5, r.width), height: r.height), color: color)
        let text = Self.identityLabel(forCellID: id)
        let style = TextStyle(font: Font(size: 10, weight: .bold, monospaced: true), color: .black)
        let size = canvas.measureText(text, width: .infinity, style: style)
        // At the trailing edge: the leading one is where the edit-mode checkbox slides in.
        let width = size.width + 8
        let pill = Rect(x: max(r.minX + 7, r.maxX - width - 4), y: r.minY + 2, width: width, height: min(max(12, size.height + 1), max(12, r.height - 4)))
        canvas.fillRoundedRect(pill, radius: 4, color: color)
        canvas.drawText(text, in: Rect(x: pill.minX + 4, y: pill.minY + (pill.height - size.height) / 2, width: size.width + 1, height: size.height), style: style)
    }

    /// One waiting cell as the pool panel draws it.
    @_spi(Diagnostics) public struct PoolCard: Hashable, Sendable {
        /// The waiting cell's serial number.
        @_spi(Diagnostics) public var cellID: Int
        /// The row or item it showed when it went back to the pool.
        @_spi(Diagnostics) public var lastIndexPath: IndexPath?
    }

    /// The waiting cells per reuse identifier (sorted by identifier), oldest first: the
    /// pool panel's cards.
    @_spi(Diagnostics) public func poolCards(_ table: ListBase) -> [(identifier: String, cards: [PoolCard])] {
        table.pooledCells.map { group in
            (group.identifier, group.cells.map { PoolCard(cellID: table.serialNumber(of: $0), lastIndexPath: $0.lastIndexPath) })
        }
    }

    /// A card's second line: "row 3" (a table) or "item 3" (a grid), with the section
    /// when it is not the first ("row 2:3").
    func cardCaption(_ ip: IndexPath?, grid: Bool) -> String {
        guard let ip else { return "–" }
        let number = ip.section == 0 ? "\(ip.row)" : "\(ip.section):\(ip.row)"
        return Strings.fill(grid ? strings.cardItem : strings.cardRow, ["row": number])
    }

    /// Room the number pill takes at a row's top right (other marks stay left of it).
    static let identityPillRoom = 56.0

    static let cardSize = Size(width: 54, height: 30)

    /// The pool panel's height for `width`: a heading, then per identifier its line and
    /// its cards in rows (at most `maxCardRows`, then "+N").
    func poolPanelHeight(_ groups: [(identifier: String, cards: [PoolCard])], width: Double) -> Double {
        guard !groups.isEmpty else { return 22 + 15 }
        let perRow = max(1, Int((width - 20 + 4) / (Self.cardSize.width + 4)))
        return groups.reduce(22) { h, g in
            let rows = min(Self.maxCardRows, (g.cards.count + perRow - 1) / perRow)
            return h + 15 + Double(rows) * (Self.cardSize.height + 4) + 4
        }
    }
    static let maxCardRows = 3

    /// Draws the pool panel at `r` (as tall as `poolPanelHeight`).
    func drawPoolPanel(_ table: ListBase, groups: [(identifier: String, cards: [PoolCard])], in r: Rect, canvas: Canvas) {
        let mono = TextStyle(font: Font(size: 11, monospaced: true), color: palette.panelText)
        let title = TextStyle(font: Font(size: 11, weight: .bold), color: palette.panelText)
        drawPanelFrame(r, canvas: canvas)
        canvas.drawText(strings.poolPanel, in: Rect(x: r.minX + 10, y: r.minY + 5, width: r.width - 20, height: 14), style: title)
        guard !groups.isEmpty else {
            canvas.drawText(strings.emptyPool, in: Rect(x: r.minX + 10, y: r.minY + 21, width: r.width - 20, height: 14), style: mono)
            return
        }
        let grid = table is CollectionView
        let perRow = max(1, Int((r.width - 20 + 4) / (Self.cardSize.width + 4)))
        let numberStyle = TextStyle(font: Font(size: 11, weight: .bold, monospaced: true), color: .black, alignment: .center)
        let captionStyle = TextStyle(font: Font(size: 9), color: .black, alignment: .center)
        var y = r.minY + 21
        for g in groups {
            canvas.drawText("\(g.identifier)  ×\(g.cards.count)", in: Rect(x: r.minX + 10, y: y, width: r.width - 20, height: 14), style: mono)
            y += 15
            let shown = min(g.cards.count, perRow * Self.maxCardRows)
            // With more cards than fit, the last place says how many more wait.
            let drawn = shown < g.cards.count ? shown - 1 : shown
            for i in 0..<shown {
                let card = Rect(x: r.minX + 10 + Double(i % perRow) * (Self.cardSize.width + 4), y: y + Double(i / perRow) * (Self.cardSize.height + 4),
                                width: Self.cardSize.width, height: Self.cardSize.height)
                if i == drawn {
                    canvas.fillRoundedRect(card, radius: 5, color: palette.panelBorder)
                    canvas.drawText("+\(g.cards.count - drawn)", in: Rect(x: card.minX, y: card.minY + 8, width: card.width, height: 14),
                                    style: TextStyle(font: numberStyle.font, color: palette.panelText, alignment: .center))
                    continue
                }
                let c = g.cards[i]
                canvas.fillRoundedRect(card, radius: 5, color: Self.identityColor(forCellID: c.cellID))
                canvas.drawText(Self.identityLabel(forCellID: c.cellID), in: Rect(x: card.minX, y: card.minY + 2, width: card.width, height: 14), style: numberStyle)
                canvas.drawText(cardCaption(c.lastIndexPath, grid: grid), in: Rect(x: card.minX + 1, y: card.minY + 16, width: card.width - 2, height: 12), style: captionStyle)
            }
            let rows = (shown + perRow - 1) / perRow
            y += Double(rows) * (Self.cardSize.height + 4) + 4
        }
    }

    /// A panel's rounded background and border.
    func drawPanelFrame(_ r: Rect, canvas: Canvas) {
        canvas.fillRoundedRect(r, radius: 8, color: palette.panel)
        canvas.stroke(.roundedRect(r.insetBy(dx: 0.5, dy: 0.5), radius: 8), color: palette.panelBorder, lineWidth: 1)
    }
}

extension Color {
    /// A colour from hue (0..<1, red → yellow → green → blue → magenta), saturation and value.
    init(hue: Double, saturation s: Double, value v: Double, alpha: Double = 1) {
        let h = (hue - hue.rounded(.down)) * 6
        let i = Int(h) % 6, f = h - h.rounded(.down)
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b): (Double, Double, Double)
        switch i {
        case 0: (r, g, b) = (v, t, p)
        case 1: (r, g, b) = (q, v, p)
        case 2: (r, g, b) = (p, v, t)
        case 3: (r, g, b) = (p, q, v)
        case 4: (r, g, b) = (t, p, v)
        default: (r, g, b) = (v, p, q)
        }
        self.init(red: r, green: g, blue: b, alpha: alpha)
    }
}
