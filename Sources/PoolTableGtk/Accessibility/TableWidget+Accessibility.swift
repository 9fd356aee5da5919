import CGtk
@_spi(Hosting) @_spi(Diagnostics) import PoolTable

/// The table as assistive technology sees it: a list (the view) of list items (one proxy
/// widget per mounted row, see `AccessibleRows`), with a roving tab stop on the cursor row.
extension TableWidget {
    /// The name screen readers give the table, e.g. the screen's title ("Inbox").
    public var accessibleLabel: String? {
        get { accessibleRows.label }
        set { accessibleRows.label = newValue }
    }

    /// Describes a row by its position, e.g. "Message 12 of 2,069" (default "Row 12 of
    /// 2,069"); in edit mode the position's `checked` says whether to add "checked".
    public var accessibleRowDescription: @MainActor (AccessibleRowPosition) -> String {
        get { accessibleRows.describe }
        set {
            accessibleRows.describe = newValue
            setAccessibleRowsNeedUpdate()
        }
    }

    /// What an outline row's description adds for its level (1 for a root), default "level 2":
    /// GTK 4.8's AT-SPI bridge drops GTK_ACCESSIBLE_PROPERTY_LEVEL, so screen readers hear
    /// the depth only here ("File 3 of 4, level 2"). The app passes translated text.
    public var accessibleOutlineLevelDescription: @MainActor (_ level: Int) -> String {
        get { accessibleRows.describeLevel }
        set {
            accessibleRows.describeLevel = newValue
            setAccessibleRowsNeedUpdate()
        }
    }

    /// The word for a carousel (an orthogonal section), default "carousel": a carousel is
    /// its own list to assistive technology, described with it, and each of its items adds
    /// it to its description after its position within the carousel ("Item 3 of 12,
    /// carousel"). The app passes translated text.
    public var accessibleCarouselDescription: @MainActor () -> String {
        get { accessibleRows.describeCarousel }
        set {
            accessibleRows.describeCarousel = newValue
            setAccessibleRowsNeedUpdate()
        }
    }

    /// Joins a clause to a row's description, default "Item 3 of 12, carousel" (a comma):
    /// the level of an outline row and the carousel word are added this way. The app passes
    /// its language's punctuation ("，" in Chinese).
    public var accessibleDescriptionClause: @MainActor (_ text: String, _ clause: String) -> String {
        get { accessibleRows.joins.clause }
        set {
            accessibleRows.joins.clause = newValue
            setAccessibleRowsNeedUpdate()
        }
    }

    /// Joins two sentences of a row's description, default "Size, 3 bytes. File 3 of 4" (a
    /// full stop): a focused cell before the row's position, an announcement after it. The
    /// app passes its language's punctuation ("。" in Chinese).
    public var accessibleDescriptionSentence: @MainActor (_ text: String, _ sentence: String) -> String {
        get { accessibleRows.joins.sentence }
        set {
            accessibleRows.joins.sentence = newValue
            setAccessibleRowsNeedUpdate()
        }
    }

    /// What the focused row says first while one of its cells has the focus (Tab in a table
    /// with columns), from the column's title and the cell's
    /// `TableViewCellColumnAccessibility` text; default "Size, 3 bytes". The app passes
    /// translated text.
    public var accessibleCellDescription: @MainActor (_ column: String, _ value: String) -> String {
        get { accessibleRows.describeCell }
        set {
            accessibleRows.describeCell = newValue
            setAccessibleRowsNeedUpdate()
        }
    }

    /// Has a screen reader say `message` (e.g. "Edit mode on", "3 selected") with the row
    /// that holds the keyboard focus after the current input: GTK 4.8 has no announce call
    /// (4.14's `gtk_accessible_announce`), and Orca speaks a change of the focused item's
    /// description, so the message follows that row's description until the focus moves on.
    /// Does nothing while the keyboard focus is outside the table.
    public func announce(_ message: String) {
        accessibleRows.announce(message)
    }

    /// Accessible proxies made so far and label updates sent (diagnostics, tests).
    public var accessibleProxyCount: Int { accessibleRows.proxiesCreated }
    /// How many times a proxy's label was sent to assistive technology (rate-limited per row).
    public var accessibleLabelUpdates: Int { accessibleRows.labelUpdates }
    /// How many times the accessible rows were brought in line with the engine (benchmarks).
    @_spi(Interop) public var accessibleUpdatesRun: Int { accessibleRows.updatesRun }

    /// The label of the proxy mirroring `indexPath`'s cell now (nil if it has none).
    public func accessibleLabel(ofRowAt indexPath: IndexPath) -> String? {
        accessibleRows.proxyLabel(at: indexPath)
    }

    /// "Row 1,234 of 100,000,000" (", checked" or ", not checked" in edit mode).
    static func defaultRowDescription(_ position: AccessibleRowPosition) -> String {
        let text = "Row \(groupedDigits(position.number)) of \(groupedDigits(position.count))"
        guard let checked = position.checked else { return text }
        return text + (checked ? ", checked" : ", not checked")
    }

    func installAccessibility() {
        state.onSizeAllocate = { [weak self] _, _ in self?.accessibleRows.allocate(); self?.columnHeaderAccessibles.allocate() }
        state.onDispose = { [weak self] in self?.accessibleRows.invalidate(); self?.columnHeaderAccessibles.invalidate() }
    }

    /// The engine changed something: reconcile the proxies at the next idle.
    func setAccessibleRowsNeedUpdate() {
        accessibleRows.setNeedsUpdate()
        columnHeaderAccessibles.setNeedsUpdate()
    }

    /// The engine's change list of mounted items (`TableViewHost`): the proxies follow it at
    /// the next idle, or at once after input (`accessibleCursorMayHaveMoved`).
    public func tableViewMountedCellsDidChange(_ view: ListBase) {
        accessibleRows.mountedCellsDidChange(view.mountChanges)
    }

    /// After input that may have moved the cursor: bring the tab stop (and the focus) along
    /// at once, so AT-SPI's focus event follows the key press.
    func accessibleCursorMayHaveMoved() {
        accessibleRows.update()
        columnHeaderAccessibles.update()
        gtk_widget_queue_allocate(drawingArea)
    }
}

/// "2069" → "2,069".
func groupedDigits(_ n: Int) -> String {
    let digits = String(n.magnitude)
    var out = ""
    for (i, c) in digits.enumerated() {
        if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
        out.append(c)
    }
    return n < 0 ? "-" + out : out
}
