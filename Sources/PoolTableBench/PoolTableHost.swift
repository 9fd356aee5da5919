import CGtk
import PoolTable
@_spi(Interop) import PoolTableGtk

/// PoolTable showing the same rows as the GtkListView: a `TableWidget` whose cells draw a
/// checkbox and "Row N" (two lines for every 7th row), optionally with downloads ticking.
@MainActor
final class PoolTableHost: TableViewDataSource, TableViewDelegate {
    let table = TableWidget()
    /// The row count (`frames` inserts rows).
    private(set) var rows: Int
    /// Row heights: those GtkListView gave the same content in the same theme (measured by the
    /// GtkListView run and passed in), so both toolkits show the same rows; without them, the
    /// natural height of the row content (without the list row's CSS padding).
    let oneLineHeight: Double
    let twoLineHeight: Double

    /// Downloads: the first `downloads.count` rows show a progress bar that advances on a
    /// 100 ms GLib timer (the Downloads screen's load: 500 files, 10 updates a second each).
    private(set) var downloads: [Double] = []
    private var speeds: [Double] = []
    private(set) var reconfigureCalls = 0
    private(set) var rowsReconfigured = 0

    var widget: UnsafeMutablePointer<GtkWidget> { table.widget }
    var tableView: TableView { table.tableView }

    init(rows: Int, downloads: Int, heights: (Double, Double)?) {
        self.rows = rows
        (oneLineHeight, twoLineHeight) = heights ?? Self.measureGtkRowHeights()
        var rng = SplitMix64(seed: 7)
        self.downloads = (0..<downloads).map { _ in Double.random(in: 0..<0.5, using: &rng) }
        speeds = (0..<downloads).map { _ in Double.random(in: 0.002...0.02, using: &rng) }
        tableView.register({ BenchRowCell(reuseIdentifier: $0) }, forCellReuseIdentifier: "row")
        // The same content as the GtkListView, which GTK's examples show without separators.
        tableView.separatorStyle = .none
        tableView.dataSource = self
        tableView.delegate = self
    }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows }

    /// `gui-move`: every row has a grip in edit mode (`movable`; the `gui` bench's rows
    /// don't move, as before); a movement is never ended, so no row's data moves.
    var movable = false
    func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { movable }
    func tableView(_ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        if let cell = cell as? BenchRowCell {
            let r = indexPath.row
            cell.text = rowText(r)
            cell.checked = r % 5 == 0
            cell.progress = r < downloads.count ? downloads[r] : nil
        }
        return cell
    }

    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double {
        indexPath.row % 7 == 0 ? twoLineHeight : oneLineHeight
    }

    /// Natural heights of the GtkListView's row widget (box, check button, label) for one
    /// and two lines of text.
    static func measureGtkRowHeights() -> (Double, Double) {
        func measure(_ text: String) -> Double {
            let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
            g_object_ref_sink(box)
            defer { g_object_unref(box) }
            gtk_box_append(box.cast(to: GtkBox.self), gtk_check_button_new())
            gtk_box_append(box.cast(to: GtkBox.self), gtk_label_new(text))
            var minimum: Int32 = 0, natural: Int32 = 0
            gtk_widget_measure(box, GTK_ORIENTATION_VERTICAL, -1, &minimum, &natural, nil, nil)
            return Double(max(1, natural))
        }
        return (measure(rowText(1)), measure(rowText(0)))
    }

    var vadjustment: UnsafeMutablePointer<GtkAdjustment> {
        gtk_scrolled_window_get_vadjustment(OpaquePointer(widget))
    }

    /// Starts the 100 ms download timer: every download advances, then the mounted rows
    /// whose item progressed are reconfigured (re-bound into the same cell).
    func startDownloads() {
        guard !downloads.isEmpty else { return }
        MainLoop.addTimeout(milliseconds: 100) { [weak self] in
            guard let self else { return false }
            self.tickDownloads()
            return true
        }
    }

    /// Adds `count` rows at `row` with the table's insert animation (`frames`: a batch
    /// inserted above the viewport, which keeps what it shows in place).
    func insertRows(at row: Int, count: Int) {
        rows += count
        tableView.insertRows(at: (row..<(row + count)).map { IndexPath(row: $0, section: 0) }, with: .automatic)
    }

    /// One download tick: every download advances; the mounted rows that show one are reconfigured.
    func tickDownloads() {
        for i in downloads.indices {
            downloads[i] += speeds[i]
            if downloads[i] >= 1 { downloads[i] = 0 }   // a new file starts: keeps all 500 busy
        }
        let progressed = tableView.indexPathsForMountedRows.filter { $0.row < downloads.count }
        guard !progressed.isEmpty else { return }
        reconfigureCalls += 1
        rowsReconfigured += progressed.count
        tableView.reconfigureRows(at: progressed)
    }
}

/// A row: a checkbox square, the text, and (for a download) a thin progress bar. The
/// checkbox and text are a unit of their own (a nested `drawCached`); the bar is a live
/// layer (`LiveLayer`), so a progress tick re-records the bar only and keeps the rest.
@MainActor
final class BenchRowCell: TableViewCell {
    static let bar = LiveLayer("bar")
    var checked = false { didSet { if checked != oldValue { setNeedsDisplay() } } }
    /// A change of value marks the bar alone; a bar appearing or going, the whole row.
    var progress: Double? {
        didSet {
            guard progress != oldValue else { return }
            if progress != nil && oldValue != nil { setNeedsDisplay(Self.bar) } else { setNeedsDisplay() }
        }
    }

    /// The label unit's version: changes when the text or the check does.
    private var labelVersion = 0
    private var drawnLabel: (text: String?, checked: Bool)?
    private static var lastLabelVersion = 0

    override var liveLayers: [LiveLayer] { progress == nil ? [] : [Self.bar] }
    override func frame(of layer: LiveLayer, in bounds: Rect) -> Rect {
        Rect(x: bounds.maxX - 220, y: (bounds.midY - 2).rounded(), width: 200, height: 4)
    }
    override func drawLiveLayer(_ layer: LiveLayer, in canvas: Canvas, bounds: Rect) {
        guard let progress else { return }
        let theme = canvas.theme
        canvas.fillRoundedRect(bounds, radius: 2, color: theme.separator)
        canvas.fillRoundedRect(Rect(x: 0, y: 0, width: bounds.width * min(1, max(0, progress)), height: bounds.height),
                               radius: 2, color: theme.accent)
    }

    override func drawContent(in canvas: Canvas, bounds: Rect) {
        if drawnLabel?.text != text || drawnLabel?.checked != checked {
            Self.lastLabelVersion += 1
            labelVersion = Self.lastLabelVersion
            drawnLabel = (text, checked)
        }
        canvas.drawCached(key: ObjectIdentifier(titleCache), version: labelVersion, size: bounds.size) { canvas in
            drawLabel(in: canvas, bounds: Rect(origin: .zero, size: bounds.size))
        }
    }

    private func drawLabel(in canvas: Canvas, bounds: Rect) {
        let theme = canvas.theme
        let box = Rect(x: bounds.minX + 12, y: (bounds.midY - 7).rounded(), width: 14, height: 14)
        if checked {
            canvas.fillRoundedRect(box, radius: 3, color: theme.accent)
            var mark = Path()
            mark.move(to: Point(x: box.minX + 3, y: box.midY))
            mark.line(to: Point(x: box.minX + 6, y: box.maxY - 3))
            mark.line(to: Point(x: box.maxX - 3, y: box.minY + 3))
            canvas.stroke(mark, color: theme.accentForeground, lineWidth: 2)
        } else {
            canvas.stroke(.roundedRect(box.insetBy(dx: 0.5, dy: 0.5), radius: 3), color: theme.secondaryForeground, lineWidth: 1)
        }
        let textBounds = Rect(x: bounds.minX + 24, y: bounds.minY, width: max(0, bounds.width - 24), height: bounds.height)
        super.drawContent(in: canvas, bounds: textBounds)
    }
}
