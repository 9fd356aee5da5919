/// Outlines in the table (AppKit's `NSOutlineView`, GTK's
/// `GtkTreeExpander`): the engine draws a disclosure triangle in each expandable row of an
/// outline, indents the rows by their level, toggles a row when its triangle is clicked,
/// and handles the outline keys. The row states come from a `TableViewOutlineDataSource`
/// (the diffable data source is one, for sections applied from a `SectionSnapshot`).
extension TableView {
    /// The width the disclosure triangle takes at the leading edge of the outline column
    /// (GtkTreeExpander's 16 px icon with 4 px either side).
    public static let disclosureWidth = 24.0

    /// The column that shows the outline: its rect holds the indentation and the disclosure
    /// triangle (AppKit's name). nil: the first of `tableColumns`; a table without columns
    /// puts them at the row's leading edge.
    public var outlineTableColumn: TableColumn? {
        get { outline.column }
        set { outline.column = newValue; setNeedsDisplay() }
    }

    /// The index in `tableColumns` of the column that shows the outline (nil: no columns).
    var outlineColumnIndex: Int? {
        guard !tableColumns.isEmpty else { return nil }
        return outline.column.flatMap { c in tableColumns.firstIndex { $0 === c } } ?? 0
    }

    /// The data source, if it answers for an outline.
    var outlineDataSource: TableViewOutlineDataSource? { dataSource as? TableViewOutlineDataSource }

    /// The row's place in the outline (its level, whether it is expandable and expanded);
    /// nil when the data source is not an outline data source or the row is not part of an
    /// outline. The shell reads it for assistive technologies.
    public func outlineState(forRowAt indexPath: IndexPath) -> OutlineRowState? {
        guard let source = outlineDataSource, ItemPath(indexPath).isValid(in: self) else { return nil }
        return source.tableView(self, outlineStateForRowAt: indexPath)
    }

    /// True if the row is an expanded row of an outline.
    public func isRowExpanded(at indexPath: IndexPath) -> Bool { outlineState(forRowAt: indexPath)?.isExpanded ?? false }

    /// Expands the row (and everything below it when `recursively`), as a click on its
    /// triangle does: its children animate in like inserted rows and the row keeps its place
    /// on screen. Nothing for a row that is not expandable, already expanded (unless
    /// `recursively`), or refused by the data source. Returns true if the data source was
    /// asked to expand it.
    @discardableResult
    public func expandRow(at indexPath: IndexPath, recursively: Bool = false) -> Bool {
        setRowExpanded(true, at: indexPath, recursively: recursively)
    }

    /// Collapses the row: its descendants animate out like deleted rows and the row keeps
    /// its place on screen. Nothing for a row that is not expanded. Returns true if the data
    /// source was asked to collapse it.
    @discardableResult
    public func collapseRow(at indexPath: IndexPath) -> Bool {
        setRowExpanded(false, at: indexPath, recursively: false)
    }

    private func setRowExpanded(_ expand: Bool, at indexPath: IndexPath, recursively: Bool) -> Bool {
        layoutIfNeeded()
        guard let source = outlineDataSource, let state = outlineState(forRowAt: indexPath), state.isExpandable else { return false }
        if expand && state.isExpanded && !recursively { return false }
        if !expand && !state.isExpanded { return false }
        let ip = ItemPath(indexPath)
        // The toggled row is the anchor while it is on screen (the row under the pointer, or
        // the focused row): the rows above it stay, its children grow below it.
        let f = itemRect(ip)
        openBatch.preferredAnchor = f.maxY > offset && f.minY < offset + viewport.length
            ? Anchor(indexPath: ip, screenOffset: f.minY - offset) : nil
        defer { openBatch.preferredAnchor = nil }
        source.tableView(self, setExpanded: expand, forRowAt: indexPath, recursively: recursively)
        let after = outlineState(forRowAt: indexPath)?.isExpanded ?? state.isExpanded
        if after != state.isExpanded { startDisclosureRotation(at: indexPath, expanded: after) }
        refreshOutlineCells()
        return true
    }

    // MARK: Cells

    /// Sets a cell's outline fields when its row is bound: its indentation level from the
    /// row's outline state, and whether it leaves room for the triangle.
    func prepareOutline(_ cell: ReusableCell, at ip: ItemPath) {
        guard let cell = cell as? TableViewCell, let source = outlineDataSource else { return }
        let state = source.tableView(self, outlineStateForRowAt: ip.indexPath)
        if let state { cell.indentationLevel = max(0, state.level) }
        cell.isInOutline = state != nil
    }

    /// Brings the mounted cells' indentation in line with the outline (after an apply that
    /// may have moved items to other levels).
    func refreshOutlineCells() {
        guard outlineDataSource != nil else { return }
        for m in items.entries { prepareOutline(m.cell, at: m.indexPath) }
        setNeedsDisplay()
    }

    // MARK: Geometry

    /// Where the outline column is across the row (x and width); the whole row without columns.
    func outlineColumnSpan(rowWidth: Double) -> (x: Double, width: Double) {
        guard let index = outlineColumnIndex else { return (0, rowWidth) }
        return columnSpan(index) ?? (0, rowWidth)
    }

    /// The disclosure triangle's box in a row of `size`, in the row's coordinates (after
    /// the edit-mode shift), for a row `level` deep.
    func disclosureRect(level: Int, indentationWidth: Double, rowSize: Size, editShift: Double) -> Rect {
        let span = outlineColumnSpan(rowWidth: rowSize.width)
        let x = span.x + editShift + Double(max(0, level)) * indentationWidth
        return Rect(x: x, y: 0, width: Self.disclosureWidth, height: rowSize.height)
    }

    /// If the viewport point is on an expandable row's triangle: toggles the row and returns
    /// true (the press is used up; the row is not selected).
    func toggleDisclosure(atViewportPoint p: Point) -> Bool {
        guard outlineDataSource != nil, !isEditing, let ip = itemPath(atViewportPoint: p),
              let state = outlineState(forRowAt: ip.indexPath), state.isExpandable else { return false }
        let c = contentPoint(p)
        let row = itemRect(ip)
        let width = (mountedCell(at: ip) as? TableViewCell)?.indentationWidth ?? 16
        let box = disclosureRect(level: state.level, indentationWidth: width, rowSize: row.size, editShift: 0)
        guard box.contains(Point(x: c.x - row.minX, y: c.y - row.minY)) else { return false }
        tracked.focus(on: ip)
        if state.isExpanded { collapseRow(at: ip.indexPath) } else { expandRow(at: ip.indexPath) }
        return true
    }

    // MARK: Keys (GtkTreeExpander's, and GtkTreeView's Left/Right)

    /// Handles an outline key on the focused row; false when the key is not the outline's
    /// (no outline data source, no focused row in an outline, or nothing to do), so the
    /// host passes it on. Right expands (on an expanded row: moves to its first child); Left
    /// collapses (on a collapsed row or a leaf: moves to its parent); `expand`, `collapse`
    /// and `toggle` only change the row; `expandAll` expands everything below it.
    @discardableResult
    public func handleOutlineKey(_ key: OutlineKey) -> Bool {
        defer { checkInvariantsAfterMutation() }
        layoutIfNeeded()
        guard let source = outlineDataSource, let ip = keyboardFocus,
              let state = outlineState(forRowAt: ip.indexPath) else { return false }
        // Plain Left/Right belong to the cell focus while a cell other than the outline
        // column's is focused (COLUMNS contract; GtkColumnView moves between cells there).
        if key == .left || key == .right, let focused = focusedColumn, focused != outlineColumnIndex { return false }
        interaction.showFocusRing()
        switch key {
        case .right:
            if state.isExpandable && !state.isExpanded { return expandRow(at: ip.indexPath) }
            guard state.isExpanded, geometry.numberOfItems(in: ip.section) > ip.row + 1,
                  let child = outlineState(forRowAt: IndexPath(row: ip.row + 1, section: ip.section)),
                  child.level > state.level else { return false }
            moveOutlineFocus(to: ItemPath(row: ip.row + 1, section: ip.section))
            return true
        case .left:
            if state.isExpanded { return collapseRow(at: ip.indexPath) }
            guard let parent = source.tableView(self, parentOfRowAt: ip.indexPath), ItemPath(parent).isValid(in: self) else { return false }
            moveOutlineFocus(to: ItemPath(parent))
            return true
        case .expand:
            return state.isExpandable && !state.isExpanded && expandRow(at: ip.indexPath)
        case .collapse:
            return state.isExpanded && collapseRow(at: ip.indexPath)
        case .toggle:
            return state.isExpanded ? collapseRow(at: ip.indexPath) : expandRow(at: ip.indexPath)
        case .expandAll:
            return state.isExpandable && expandRow(at: ip.indexPath, recursively: true)
        }
    }

    /// Moves the cursor (and, outside edit mode, the selection) to `target`, as an arrow key does.
    private func moveOutlineFocus(to target: ItemPath) {
        tracked.moveCursor(to: target)
        if !isEditing { selectByUser(target) }
        scroll(to: target, at: .none, animated: false)
        setNeedsDisplay()
    }

    // MARK: Drawing

    /// Starts the triangle's quarter turn (right → down when it expands) on the row
    /// animation clock.
    private func startDisclosureRotation(at indexPath: IndexPath, expanded: Bool) {
        let current = outline.rotations[indexPath].map { $0.value(at: now) } ?? (expanded ? 0 : 1)
        outline.rotations[indexPath] = Transition(from: current, to: expanded ? 1 : 0, duration: RowAnimationState.duration)
        keepAnimating(for: RowAnimationState.duration)
    }

    /// The triangle's turn: 0 pointing right (collapsed), 1 pointing down (expanded).
    private func disclosureTurn(at ip: IndexPath, expanded: Bool) -> Double {
        guard var t = outline.rotations[ip] else { return expanded ? 1 : 0 }
        if let now { t.pin(at: now) }
        if t.isFinished(at: now) { outline.rotations[ip] = nil; return expanded ? 1 : 0 }
        outline.rotations[ip] = t
        return t.value(at: now)
    }

    /// Draws the disclosure triangles of the visible expandable rows over their cells
    /// (GtkTreeExpander's look: a small chevron pointing right, turning down as the row
    /// expands), faded with appearing rows.
    func drawOutlineDisclosures(_ slots: [Int], in canvas: Canvas) {
        guard let source = outlineDataSource else { return }
        let color = canvas.theme.foreground.withAlpha(0.8)
        for k in slots {
            let m = items[k]
            guard let cell = m.cell as? TableViewCell,
                  let state = source.tableView(self, outlineStateForRowAt: m.indexPath.indexPath), state.isExpandable else { continue }
            let f = drawnFrame(ofSlot: k)
            guard f.height > 0 else { continue }
            let shift = cell.editingProgress * cell.editingIndent
            let box = disclosureRect(level: state.level, indentationWidth: cell.indentationWidth, rowSize: f.size, editShift: shift)
            let turn = disclosureTurn(at: m.indexPath.indexPath, expanded: state.isExpanded)
            let alpha = rowAnimations.alpha(for: m.indexPath, at: now)
            canvas.withState {
                canvas.translate(x: f.minX, y: f.minY)
                canvas.clip(to: Rect(x: 0, y: 0, width: f.width, height: f.height))
                if alpha < 1 { canvas.multiplyAlpha(alpha) }
                canvas.stroke(Self.chevron(center: Point(x: box.midX, y: box.midY), turn: turn), color: color, lineWidth: 1.5)
            }
        }
    }

    /// A chevron 8 px tall pointing right, turned clockwise by `turn` quarter turns.
    static func chevron(center c: Point, turn: Double) -> Path {
        let angle = turn * Double.pi / 2
        let cosA = Math.sin(angle + Double.pi / 2), sinA = Math.sin(angle)
        func at(_ x: Double, _ y: Double) -> Point { Point(x: c.x + x * cosA - y * sinA, y: c.y + x * sinA + y * cosA) }
        var p = Path()
        p.move(to: at(-2, -4)); p.line(to: at(2, 0)); p.line(to: at(-2, 4))
        return p
    }
}

/// The outline keys a host passes to `TableView.handleOutlineKey(_:)` (GTK 4's
/// GtkTreeExpander binds +, −, *, / and Shift+Left/Right; GtkTreeView's Left/Right also
/// move between parents and children).
public enum OutlineKey: Sendable, Hashable {
    /// Right: expands a collapsed row; on an expanded one, moves to its first child.
    case right
    /// Left: collapses an expanded row; on a collapsed row or a leaf, moves to its parent.
    case left
    /// +, keypad +, Shift+Right: expands the row (no movement).
    case expand
    /// −, keypad −, /, keypad /, Shift+Left: collapses the row (no movement).
    case collapse
    /// Ctrl+Space: expands a collapsed row, collapses an expanded one.
    case toggle
    /// *, keypad *: expands the row and everything below it.
    case expandAll
}

/// The table's outline settings and the triangles' running turns (one stored property of
/// `TableView`).
@MainActor
final class OutlineInteraction {
    var column: TableColumn?
    /// Triangles turning after a toggle, by row.
    var rotations: [IndexPath: Transition] = [:]
}

extension OutlineInteraction: PositionTracking {
    /// A turning triangle follows its row; a deleted row's turn ends.
    func remap(_ mapping: UpdateMapping) {
        guard !rotations.isEmpty else { return }
        var moved: [IndexPath: Transition] = [:]
        for (ip, t) in rotations { if let n = mapping.map(ItemPath(ip)) { moved[n.indexPath] = t } }
        rotations = moved
    }
    /// Nothing: a data source that reloads as it expands a row has its triangle start
    /// turning before the reload runs, and the turn must not be cut short (a finished turn
    /// is dropped when it is next drawn).
    func reset(sectionCount: Int) {}
}

extension ItemPath {
    @MainActor func isValid(in table: TableView) -> Bool {
        section >= 0 && row >= 0 && section < table.numberOfSections && row < table.numberOfRows(inSection: section)
    }
}

extension TableViewAdapter {
    /// The lengths of a run of arriving rows: with no delegate, or a delegate that leaves
    /// heights to `rowHeight` (probed with the run's first row, as a load does), one
    /// length for all without asking again; otherwise each row's.
    func listRowLengths(_ rows: Range<Int>, section: Int) -> RowLengths {
        guard let table else { return .uniform(length: 44, count: rows.count, selfSizing: false) }
        return table.rowLengthsForInsert(rows, section: section)
    }
}

extension TableView {
    /// See `TableViewAdapter.listRowLengths(_:section:)`.
    func rowLengthsForInsert(_ rows: Range<Int>, section: Int) -> RowLengths {
        let fixed = sanitizedHeight(rowHeight, "rowHeight")
        guard let delegate, let first = rows.first else { return .uniform(length: fixed, count: rows.count, selfSizing: false) }
        defaultRowHeightUsed = false
        _ = delegate.tableView(self, heightForRowAt: IndexPath(row: first, section: section))
        if defaultRowHeightUsed { return .uniform(length: fixed, count: rows.count, selfSizing: false) }
        return .each(rows.map { rowHeightForInsert(ItemPath(row: $0, section: section)) })
    }
}
