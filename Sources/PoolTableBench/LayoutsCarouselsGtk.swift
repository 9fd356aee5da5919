import CGtk
@_spi(Interop) import PoolTableGtk
import PoolTableDemoKit

// `pooltable-bench layouts` part 3, GTK's side: the same 1,000 carousels of 1,000 swatches as
// nested list views, paged by the same script (LayoutsCarousels.swift).

/// GtkListView's carousels: a vertical `GtkListView` of 1,000 rows, each a horizontal
/// `GtkListView` of its section's 1,000 swatches in a `GtkScrolledWindow`, as a GTK 4.8 app
/// builds a list of carousels. A row's inner model (a `GtkStringList` of the items' global
/// numbers) is made when the row is bound to its section; the inner cells are the grid
/// peer's (a `GtkDrawingArea` swatch drawn as `SwatchCell` fills it, over a caption
/// `GtkLabel`) in the carousel's 150 x 120 slots (4 px margins). GtkListView in GTK 4.8 has
/// no paging or snapping, so the script's steps are made on the row's horizontal adjustment
/// frame by frame: "page" moves it 750 px (five groups) over 18 frames (PoolTable's 0.3 s at
/// 60 Hz), eased out; "swipe" / "swiping" / "swipeend" drag it 30 px a frame and let go, and
/// it settles over 18 frames one group on from where the swipe began (as `.groupPaging`
/// does). GtkListView keeps 200 items alive (`GTK_LIST_VIEW_MAX_LIST_ITEMS`), the outer one
/// 200 rows and each of those 200 cells.
@MainActor
final class CarouselListViewHost: BenchChildHost {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let outer: UnsafeMutablePointer<GtkWidget>
    let sections: Int
    let items: Int
    private(set) var setups = 0
    private(set) var teardowns = 0
    private(set) var binds = 0
    var notes: [String] = []

    /// One outer row: its scrolled window and inner list, and the section bound to it.
    private final class Row {
        let scrolled: UnsafeMutablePointer<GtkWidget>
        let list: UnsafeMutablePointer<GtkWidget>
        var section = -1
        init(scrolled: UnsafeMutablePointer<GtkWidget>, list: UnsafeMutablePointer<GtkWidget>) { self.scrolled = scrolled; self.list = list }
    }
    private final class SwatchColour { var rgb: UInt32 = 0xffffff }
    private var rows: [OpaquePointer: Row] = [:]
    private var cells: [OpaquePointer: (title: UnsafeMutablePointer<GtkWidget>, area: UnsafeMutablePointer<GtkWidget>, colour: SwatchColour)] = [:]
    private let innerFactory: OpaquePointer

    /// The row paged, its offset before the first page, swipes taken, and the motion under way.
    private var paged: Row?
    private var startOffset = 0.0
    private var swipeTaken = 0
    /// Where the swipe under way began.
    private var swipeStart = 0.0
    private var motion: (from: Double, to: Double, frame: Int)?
    static let motionFrames = 18

    init(sections: Int, items: Int) {
        self.sections = sections
        self.items = items
        let provider = gtk_css_provider_new()!   // the grid peer's caption size
        gtk_css_provider_load_from_data(provider, SwatchGridViewHost.css, -1)
        gtk_style_context_add_provider_for_display(gdk_display_get_default(), OpaquePointer(provider).map { $0 },
                                                   guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        innerFactory = gtk_signal_list_item_factory_new()!
        let names = gtk_string_list_new(nil)!
        for s in 0..<sections { gtk_string_list_append(names, "\(s)") }
        let outerFactory = gtk_signal_list_item_factory_new()!
        outer = gtk_list_view_new(gtk_no_selection_new(names.opaque)!.opaque, outerFactory)   // takes both
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(OpaquePointer(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(OpaquePointer(scrolled), outer)
        gtk_widget_set_vexpand(scrolled, 1)
        widget = scrolled

        Signal.connectPointer(outerFactory, "setup") { [unowned self] item in
            guard let item else { return }
            let list = gtk_list_view_new(nil, self.innerFactory.retainedForListView)!
            gtk_orientable_set_orientation(OpaquePointer(list), GTK_ORIENTATION_HORIZONTAL)
            let row = gtk_scrolled_window_new()!
            gtk_scrolled_window_set_policy(OpaquePointer(row), GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER)
            gtk_scrolled_window_set_child(OpaquePointer(row), list)
            // The section's 4 px top and bottom, 8 px leading and trailing insets around 120 px groups.
            gtk_widget_set_size_request(row, -1, 120)
            gtk_widget_set_margin_top(row, 4)
            gtk_widget_set_margin_bottom(row, 4)
            gtk_widget_set_margin_start(row, 8)
            gtk_widget_set_margin_end(row, 8)
            gtk_list_item_set_child(OpaquePointer(item), row)
            self.rows[OpaquePointer(item)] = Row(scrolled: row, list: list)
        }
        Signal.connectPointer(outerFactory, "bind") { [unowned self] item in
            guard let item, let row = self.rows[OpaquePointer(item)] else { return }
            let s = Int(gtk_list_item_get_position(OpaquePointer(item)))
            guard row.section != s else { return }
            row.section = s
            let model = gtk_string_list_new(nil)!
            for i in 0..<self.items { gtk_string_list_append(model, "\(s * self.items + i)") }
            gtk_list_view_set_model(OpaquePointer(row.list), gtk_no_selection_new(model.opaque))   // takes the list
        }
        Signal.connectPointer(outerFactory, "teardown") { [unowned self] item in
            if let item { self.rows[OpaquePointer(item)] = nil }
        }

        Signal.connectPointer(innerFactory, "setup") { [unowned self] item in
            guard let item else { return }
            self.setups += 1
            let colour = SwatchColour()
            let area = gtk_drawing_area_new()!
            gtk_widget_set_vexpand(area, 1)
            MainLoop.setDrawFunction(area) { [colour] cr, width, height in
                SwatchGridViewHost.drawSwatch(cr, width: Double(width), height: Double(height), rgb: colour.rgb)
            }
            let title = gtk_label_new(nil)!
            gtk_widget_add_css_class(title, "swatch-title")
            gtk_widget_set_size_request(title, -1, 20)
            gtk_label_set_ellipsize(title.opaque, PANGO_ELLIPSIZE_END)
            let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!
            gtk_widget_set_size_request(box, 142, 112)
            for margin in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start, gtk_widget_set_margin_end] {
                margin(box, 4)
            }
            gtk_box_append(box.cast(to: GtkBox.self), area)
            gtk_box_append(box.cast(to: GtkBox.self), title)
            gtk_list_item_set_child(OpaquePointer(item), box)
            self.cells[OpaquePointer(item)] = (title, area, colour)
        }
        Signal.connectPointer(innerFactory, "bind") { [unowned self] item in
            guard let item, let parts = self.cells[OpaquePointer(item)], let object = gtk_list_item_get_item(OpaquePointer(item)),
                  let text = gtk_string_object_get_string(OpaquePointer(object)), let n = Int(String(cString: text)) else { return }
            self.binds += 1
            let swatch = LayoutsController.swatch(n)
            gtk_label_set_text(parts.title.opaque, swatch.title)
            if parts.colour.rgb != swatch.rgb {
                parts.colour.rgb = swatch.rgb
                gtk_widget_queue_draw(parts.area)
            }
        }
        Signal.connectPointer(innerFactory, "teardown") { [unowned self] item in
            self.teardowns += 1
            if let item { self.cells[OpaquePointer(item)] = nil }
        }
    }

    var vadjustment: UnsafeMutablePointer<GtkAdjustment> { gtk_scrolled_window_get_vadjustment(OpaquePointer(widget)) }
    var tableWidget: TableWidget? { nil }
    var alive: Int { setups - teardowns }
    var created: Int { setups }
    var visibleRows: Int { visibleRowsInOrder.count }
    var rowHeights: [Double] { [] }
    var columnWidths: [Double]? { nil }
    var figures: [String: Double] {
        let moved = paged.map { gtk_adjustment_get_value(hadjustment($0)) - startOffset } ?? 0
        return ["offsetMoved": moved, "sections": Double(sections), "items": Double(items),
                "mounted": Double(alive), "swipesTaken": Double(swipeTaken)]
    }

    func perform(_ kind: String) -> Bool {
        switch kind {
        case "jump50":
            // GtkListView 4.8 shows no rows after its adjustment jumps past the 200 items it keeps
            // (none mapped five frames later): go to the middle row as GTK's own
            // "list.scroll-to-item" action does.
            gtk_widget_activate_action_variant(outer, "list.scroll-to-item", g_variant_new_uint32(guint32(sections / 2)))
        case "page":
            guard let row = row() else { return true }
            let value = gtk_adjustment_get_value(hadjustment(row))
            motion = (value, value + 750, 0)
            advance()
        case "swipe":
            guard let row = row() else { return true }
            motion = nil
            swipeStart = gtk_adjustment_get_value(hadjustment(row))
            swipeTaken += 1
        case "swiping":
            if let row = paged { move(row, to: gtk_adjustment_get_value(hadjustment(row)) + 30) }
        case "swipeend":
            // Let go moving on: settle one group (150 px) on from where the swipe began, as
            // PoolTable's `.groupPaging` does.
            guard let row = paged else { return true }
            motion = (gtk_adjustment_get_value(hadjustment(row)), ((swipeStart + 1) / 150).rounded(.up) * 150, 0)
            advance()
        case "paging": advance()
        default: return false
        }
        return true
    }

    private func hadjustment(_ row: Row) -> UnsafeMutablePointer<GtkAdjustment> {
        gtk_scrolled_window_get_hadjustment(OpaquePointer(row.scrolled))
    }

    private func move(_ row: Row, to value: Double) { gtk_adjustment_set_value(hadjustment(row), value) }

    /// One frame of the motion under way, eased out (cubic) over `motionFrames` frames.
    private func advance() {
        guard let row = paged, let m = motion else { return }
        let t = Double(min(m.frame + 1, Self.motionFrames)) / Double(Self.motionFrames)
        let eased = 1 - (1 - t) * (1 - t) * (1 - t)
        move(row, to: m.from + (m.to - m.from) * eased)
        motion = m.frame + 1 >= Self.motionFrames ? nil : (m.from, m.to, m.frame + 1)
    }

    /// The outer rows on screen, top to bottom.
    private var visibleRowsInOrder: [Row] {
        let height = Float(gtk_widget_get_height(outer))
        var visible: [(Float, Row)] = []
        for row in rows.values where row.section >= 0 {
            var b = graphene_rect_t()
            if gtk_widget_get_mapped(row.scrolled) != 0, gtk_widget_compute_bounds(row.scrolled, outer, &b) != 0,
               b.origin.y + b.size.height > 0, b.origin.y < height { visible.append((b.origin.y, row)) }
        }
        return visible.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// The carousel paged: the second one on screen when the first page begins (as PoolTable's).
    private func row() -> Row? {
        if let paged { return paged }
        let visible = visibleRowsInOrder
        guard let row = visible.count > 1 ? visible[1] : visible.first else {
            let mapped = rows.values.filter { gtk_widget_get_mapped($0.scrolled) != 0 }.count
            notes.append("no carousel on screen to page (\(rows.count) rows, \(mapped) mapped, list \(gtk_widget_get_width(outer))x\(gtk_widget_get_height(outer)), mapped \(gtk_widget_get_mapped(outer)), value \(gtk_adjustment_get_value(vadjustment)) of \(gtk_adjustment_get_upper(vadjustment)))")
            return nil
        }
        paged = row
        startOffset = gtk_adjustment_get_value(hadjustment(row))
        return row
    }
}

private extension OpaquePointer {
    /// The factory for another list view (each list view takes a reference).
    var retainedForListView: OpaquePointer {
        g_object_ref(UnsafeMutableRawPointer(self))
        return self
    }
}
