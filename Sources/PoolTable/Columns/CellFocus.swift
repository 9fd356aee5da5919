/// Keyboard focus on one cell of the focused row (GtkColumnView's cell focus): Tab and
/// Shift+Tab move between the row's cells, Left and Right too while a cell is focused; the
/// focus ring goes around the cell.

/// The keys that move the cell focus (`TableView.handleCellFocusKey(_:)`).
public enum CellFocusKey: Sendable {
    /// Tab: the next cell of the row; from the row itself, its first cell; past the last
    /// cell the key is not taken (focus leaves the table, as GtkColumnView's does).
    case next
    /// Shift+Tab: the previous cell; from the first cell, the whole row; from the whole row
    /// the key is not taken (focus leaves the table).
    case previous
    /// Left: the previous cell (from the first, the whole row); not taken without a focused cell.
    case left
    /// Right: the next cell (the last stays); from the whole row, the first cell.
    case right
}

extension TableView {
    /// The focused cell's column in the focused row; nil: the whole row is focused (the
    /// plain table's focus). Out-of-range values are ignored; removing columns clamps it.
    public var focusedColumn: Int? {
        get { columnSet.focusedColumn }
        set {
            if let c = newValue, c < 0 || c >= columnSet.columns.count { return }
            guard newValue != columnSet.focusedColumn else { return }
            columnSet.focusedColumn = newValue
            setNeedsDisplay()
        }
    }

    /// Moves the cell focus for `key`; returns false when the key is not the table's (the
    /// host lets focus move on, or another handler try it). Without columns nothing is taken.
    /// The focused row is kept in view; before any row is focused, the first visible row is.
    @discardableResult
    public func handleCellFocusKey(_ key: CellFocusKey) -> Bool {
        let n = columnSet.columns.count
        guard n > 0 else { return false }
        layoutIfNeeded()
        guard let row = keyboardFocus else { return false }
        let current = columnSet.focusedColumn
        let next: Int?
        switch key {
        case .next:
            guard let c = current else { next = 0; break }
            guard c + 1 < n else { return false }
            next = c + 1
        case .previous:
            guard let c = current else { return false }
            next = c > 0 ? c - 1 : nil
        case .left:
            guard let c = current else { return false }
            next = c > 0 ? c - 1 : nil
        case .right:
            next = current.map { min($0 + 1, n - 1) } ?? 0
        }
        tracked.focusIfNone(row)
        interaction.showFocusRing()
        focusedColumn = next
        scroll(to: row, at: .none, animated: false)
        setNeedsDisplay()
        return true
    }

    /// The engine's arrows with a focused cell: Left and Right (no modifiers) move between
    /// cells. Called from `handleKey`; false: the key goes on as a row key.
    func handleCellFocusArrow(_ key: TableKey, modifiers: InputModifiers) -> Bool {
        guard columnSet.focusedColumn != nil, modifiers.isEmpty else { return false }
        switch key {
        case .left: return handleCellFocusKey(.left)
        case .right: return handleCellFocusKey(.right)
        default: return false
        }
    }

    /// The focus ring's frame for a row drawn at `row`: the focused cell's part of it.
    func focusedCellFrame(row: Rect) -> Rect {
        guard let c = columnSet.focusedColumn, let span = columnSpan(c) else { return row }
        return Rect(x: row.minX + span.x, y: row.minY, width: min(span.width, max(0, row.maxX - span.x)), height: row.height)
    }
}
