/// The overlay in words, for assistive technologies: it is drawn on a canvas, so a host
/// gives its view this summary as an accessible description (the GTK shell does while the
/// overlay is shown).
extension DebugOverlay {
    /// The Engine panel's lines, the pool's waiting cells with the rows they last showed,
    /// and the latest cell events, one item per line.
    @_spi(Diagnostics) public func accessibleSummary(_ table: ListBase, events: Int = 3) -> String {
        let grid = table is CollectionView
        var lines = [strings.enginePanel + ":"] + counterLines(table).map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        lines.append(strings.poolPanel + ":")
        let groups = poolCards(table)
        if groups.isEmpty { lines.append(strings.emptyPool) }
        for g in groups {
            lines.append("\(g.identifier) ×\(g.cards.count): " + g.cards.map { Self.identityLabel(forCellID: $0.cellID) + " (" + cardCaption($0.lastIndexPath, grid: grid) + ")" }.joined(separator: ", "))
        }
        lines.append(logHeading(table) + ":")
        lines += logLines(table, count: events)
        return lines.joined(separator: "\n")
    }
}
